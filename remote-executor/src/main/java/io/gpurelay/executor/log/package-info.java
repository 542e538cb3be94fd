/**
 * The executor's log: levels on stderr, text quoted for it, and warnings limited in rate.
 */
package io.gpurelay.executor.log;
