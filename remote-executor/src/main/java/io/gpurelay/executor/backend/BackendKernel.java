package io.gpurelay.executor.backend;

/**
 * A kernel of a loaded module, with its parameters as the launch's parameter buffer lays them out: what the executor
 * checks the client's parameters against before it launches.
 */
public interface BackendKernel
{
    String name();

    int parameterCount();

    /**
     * @return the byte offset of a parameter in the parameter buffer.
     */
    int parameterOffset(int index);

    /**
     * @return bytes the parameter takes.
     */
    int parameterSize(int index);

    /**
     * @return how the kernel declares the parameter, for messages, e.g. {@code .param .u64 (8 bytes)}.
     */
    String parameterDeclaration(int index);

    /**
     * @return bytes of the parameter buffer: each parameter at its offset, up to the end of the last one.
     */
    int parameterBufferSize();
}
