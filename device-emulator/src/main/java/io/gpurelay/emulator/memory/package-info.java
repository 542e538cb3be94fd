/**
 * The global memory of an emulated device: allocations of off-heap host memory at device addresses that are never
 * reused, each with an owner (a session's context) that alone may touch it, so that every access is checked against
 * the owner's live allocations and a stale or foreign pointer is refused with the error CUDA would report.
 */
package io.gpurelay.emulator.memory;
