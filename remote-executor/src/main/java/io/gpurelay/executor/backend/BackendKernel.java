package io.gpurelay.executor.backend;

/**
 * A kernel of a loaded module, with its parameters as the launch's parameter buffer lays them out: what the executor
 * checks the client's parameters against before it launches.
 */
public interface BackendKernel
{
    KernelParameterLayout parameterLayout();
}
