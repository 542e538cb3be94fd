package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.BackendEvent;

/**
 * An event of the emulator. Work before a record has already run when the record is processed, so the record's
 * timestamp is when that work finished and the elapsed time between two records is real emulator time.
 */
final class EmulatedEvent implements BackendEvent
{
    /** {@code CU_EVENT_DISABLE_TIMING} / {@code cudaEventDisableTiming}. */
    static final int DISABLE_TIMING = 0x2;

    private final boolean timing;
    private boolean recorded;
    private long recordedAtNs;

    EmulatedEvent(final int flags)
    {
        this.timing = (flags & DISABLE_TIMING) == 0;
    }

    void record(final long nowNs)
    {
        recorded = true;
        recordedAtNs = nowNs;
    }

    boolean recorded()
    {
        return recorded;
    }

    boolean timing()
    {
        return timing;
    }

    long recordedAtNs()
    {
        return recordedAtNs;
    }
}
