package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendContext;

/**
 * A context on an emulated device. Memory belongs to the session on the device, not to the context (see
 * {@link EmulatedBackendSession}), so the context only needs to know its device; the session remembers which
 * allocations were made through it.
 */
final class EmulatedContext implements BackendContext
{
    private final int device;

    EmulatedContext(final int device)
    {
        this.device = device;
    }

    int device()
    {
        return device;
    }
}
