/**
 * cuRAND logic both bindings share: generators and their settings as they travel, and the library's version.
 */
package io.gpurelay.agent.cuda.rand;
