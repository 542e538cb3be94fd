/**
 * The calls of a session: {@code CallDispatcher} checks each call against the session's resources and runs it on the
 * backend, with a dispatcher per library family (arrays, cuBLAS, cuFFT, graphs, the PTX compiler, cuRAND, NVRTC, the
 * function table) and texture objects and references, virtual memory and host callbacks beside them. They call each
 * other, so they share one package.
 */
package io.gpurelay.executor.dispatch;
