/**
 * JCuda's cuBLAS bindings, {@code JCublas2} and the legacy {@code JCublas}: their modules and remote implementations.
 */
package io.gpurelay.agent.jcuda.blas;
