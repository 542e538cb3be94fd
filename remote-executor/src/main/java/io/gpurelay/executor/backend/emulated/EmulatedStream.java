package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendStream;

/**
 * A stream of the emulator. Work on every stream runs to completion on the session's thread in the order it arrives,
 * which keeps each stream's order trivially, so a stream has no state of its own: it exists to be a distinct object
 * the session's handle table can check, with the one attribute it keeps.
 */
final class EmulatedStream implements BackendStream
{
    private final int flags;

    EmulatedStream(final int flags)
    {
        this.flags = flags;
    }

    /**
     * @return the flags it was created with ({@code CU_STREAM_NON_BLOCKING} or none).
     */
    int flags()
    {
        return flags;
    }

    // Stream attributes: the synchronization policy, kept and read back (the emulator's streams never wait).

    private int syncPolicy = EmulatedContext.SYNC_POLICY_AUTO;

    int syncPolicy()
    {
        return syncPolicy;
    }

    void syncPolicy(final int policy)
    {
        this.syncPolicy = policy;
    }
}
