/**
 * The executor's settings: {@code ExecutorContext} (every setting, checked once when the executor launches), their
 * defaults ({@code ExecutorConfiguration}), the kinds of isolation, idle strategy and worker backend, and the token
 * file. Read by every layer from the session up; it sees only the backend, the log and the receive budget.
 */
package io.gpurelay.executor.config;
