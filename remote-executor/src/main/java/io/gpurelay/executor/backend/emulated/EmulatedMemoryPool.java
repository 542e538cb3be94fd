package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendMemoryPool;

/**
 * A memory pool of the emulator: a distinct object for the session's handle table, naming its device. It holds no
 * memory of its own (see {@code EmulatedBackendSession#createMemoryPool}).
 */
final class EmulatedMemoryPool implements BackendMemoryPool
{
    private final int device;

    EmulatedMemoryPool(final int device)
    {
        this.device = device;
    }

    public int device()
    {
        return device;
    }
}
