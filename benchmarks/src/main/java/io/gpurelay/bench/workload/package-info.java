/**
 * The programs the benchmark harness runs in child JVMs: a plain JCuda workload with nothing of gpurelay in it (round
 * trips, launches, copies, SAXPY and matrix products, cuBLAS through JCublas2 or JavaCPP's presets), a probe of the
 * time to the first CUDA call, and the line format in which they report figures to the harness.
 */
package io.gpurelay.bench.workload;
