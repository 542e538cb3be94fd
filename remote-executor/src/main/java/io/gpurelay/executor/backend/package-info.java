/**
 * The backend interfaces a session runs calls on, and the device-level facts beneath them (device selection, NVML,
 * device memory figures). The bottom layer: it imports nothing of the executor above it.
 */
package io.gpurelay.executor.backend;
