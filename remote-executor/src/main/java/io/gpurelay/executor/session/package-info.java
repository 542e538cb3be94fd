/**
 * A client's session: {@code ExecutorSession} receives its calls (reassembling large payloads within the shared
 * receive budget), runs them on a thread of its own through the dispatcher and sends the replies;
 * {@code HostedSessions} holds the sessions one process serves (the executor's with thread isolation, a worker's with
 * process isolation), reaps them and watches for runaway calls ({@code WorkerExit}).
 */
package io.gpurelay.executor.session;
