package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendContext;

/**
 * A context on an emulated device. Memory belongs to the session on the device, not to the context (see
 * {@link EmulatedBackendSession}), so the context only needs to know its device; the session remembers which
 * allocations were made through it.
 */
final class EmulatedContext implements BackendContext
{
    /** Context ids are unique in the process, as {@code cuCtxGetId}'s are. */
    private static final java.util.concurrent.atomic.AtomicLong NEXT_ID = new java.util.concurrent.atomic.AtomicLong(1);

    private final int device;
    private final long id = NEXT_ID.getAndIncrement();
    /** What cudaSetDeviceFlags set (family "managed and mapped memory"). */
    private int flags;

    EmulatedContext(final int device)
    {
        this.device = device;
    }

    long id()
    {
        return id;
    }

    int device()
    {
        return device;
    }

    int flags()
    {
        return flags;
    }

    void flags(final int flags)
    {
        this.flags = flags;
    }

    // Stream attributes: the default stream's synchronization policy.

    /** {@code CU_SYNC_POLICY_AUTO}, a stream's policy until one is set. */
    static final int SYNC_POLICY_AUTO = 1;

    private int syncPolicy = SYNC_POLICY_AUTO;

    int syncPolicy()
    {
        return syncPolicy;
    }

    void syncPolicy(final int policy)
    {
        this.syncPolicy = policy;
    }
}
