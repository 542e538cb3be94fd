/**
 * Plain JCuda programs, and one written with JavaCPP's CUDA presets, that know nothing of gpurelay and run unchanged
 * through the agent, against a GPU or the device emulator: a device query with copies, SAXPY and matrix multiplication
 * with PTX kernels and with cuBLAS. Each checks its result against the CPU and ends with one line, {@code PASSED} or
 * {@code FAILED}, and its exit status, which is what {@code ./gpurelay demo} reads.
 */
package io.gpurelay.samples;
