/**
 * The executor's Aeron counters, which {@code gpurelay stat} and the metrics endpoint read: the executor's and each
 * worker's totals, each session's and each call family's, and each device's memory with the sources it is read from
 * (NVML, or the configured size on the emulator).
 */
package io.gpurelay.executor.counters;
