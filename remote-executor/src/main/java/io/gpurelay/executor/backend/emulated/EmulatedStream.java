package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendStream;

/**
 * A stream of the emulator. Work on every stream runs to completion on the session's thread in the order it arrives,
 * which keeps each stream's order trivially, so a stream has no state of its own: it exists to be a distinct object
 * the session's handle table can check.
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
}
