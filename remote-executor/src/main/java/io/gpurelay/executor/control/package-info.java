/**
 * The executor as a whole: {@code RemoteExecutor} starts the media driver, counters, metrics and, with process
 * isolation, the worker supervisor; its conductor accepts clients on the control stream (handshake, replay guard),
 * hands each session to the sessions it hosts or to a worker, and answers stat requests; {@code RegistryReporter}
 * announces the executor to a registry.
 */
package io.gpurelay.executor.control;
