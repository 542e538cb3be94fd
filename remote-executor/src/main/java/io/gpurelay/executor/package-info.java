/**
 * The executor: its command line, the conductor that accepts sessions and answers stat requests, the supervisor and
 * launcher of worker processes, sessions and their resources, the dispatchers of each call family, and its counters.
 */
package io.gpurelay.executor;
