/**
 * A benchmark of the executor's dispatch that needs its package's access.
 */
package io.gpurelay.executor;
