package io.gpurelay.executor.backend;

/**
 * Host memory a session shares with its client as pinned memory, as its backend registered it
 * ({@link BackendSession#registerHostMemory}): page-locked on a GPU, and mapped into the device's address space when
 * the client asked for mapped memory.
 */
public interface BackendHostMemory
{
    /**
     * @return the device address of the memory's first byte, or 0 when it is not mapped into the device's space.
     */
    long devicePointer();
}
