/**
 * JCuda's driver API, {@code jcuda.driver.JCudaDriver}: its module and the remote implementation of its natives, with
 * contexts, modules, kernel parameters, graphs, stream capture, virtual memory and the JIT linker.
 */
package io.gpurelay.agent.jcuda.driver;
