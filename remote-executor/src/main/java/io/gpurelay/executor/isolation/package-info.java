/**
 * Process isolation, the supervisor's side: {@code WorkerSupervisor} keeps warm worker processes, assigns each
 * session to one and tells clients why a worker ended; {@code ProcessWorkerLauncher} starts them (and probes the GPU in
 * a process of its own); {@code WorkerLink} carries sessions and events between the supervisor and its workers over
 * Aeron.
 */
package io.gpurelay.executor.isolation;
