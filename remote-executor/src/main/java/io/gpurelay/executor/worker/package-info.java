/**
 * The worker process of process isolation: its main class and settings, serving one session for the supervisor.
 */
package io.gpurelay.executor.worker;
