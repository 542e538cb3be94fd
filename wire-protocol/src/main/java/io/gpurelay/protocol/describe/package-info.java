/**
 * The descriptions of library functions that the agent's bindings and the executor both read, each function once:
 * cuBLAS's routines with their arguments named and typed and a device pointer's extent written as sizes of the other
 * arguments ({@link io.gpurelay.protocol.describe.CublasRoutines}, {@link io.gpurelay.protocol.describe.Extent}),
 * and cuRAND's, cuFFT's and NVRTC's functions as rows of argument letters
 * ({@link io.gpurelay.protocol.describe.LibraryFunctions}). The agent encodes a call by them; the executor decodes,
 * checks and runs it by the same rows.
 */
package io.gpurelay.protocol.describe;
