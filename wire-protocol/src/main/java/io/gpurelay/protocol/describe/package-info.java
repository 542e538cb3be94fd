/**
 * Binding-free descriptions of the CUDA libraries' functions that the agent remotes and the executor runs (cuRAND,
 * cuFFT, NVRTC): one row per C function, which the agent's one encoder per call reads with each binding's argument
 * reader, and the executor reads to find its arguments on the wire. Nothing here names a binding's type.
 */
package io.gpurelay.protocol.describe;
