/**
 * The gpu backend: the calls run on the host's GPUs through JavaCPP's CUDA presets, on the driver API, with cuBLAS,
 * cuFFT, cuRAND, NVRTC and the PTX compiler.
 */
package io.gpurelay.executor.backend.gpu;
