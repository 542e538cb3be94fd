package io.gpurelay.executor.resources;

import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.log.RateLimitedWarning;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The device memory one session may hold ({@code --session-memory}), whatever the backend: every allocation the
 * client asks for ({@code cudaMalloc}, {@code cuMemAlloc}) is admitted here first, and one that would take the
 * session past its quota fails with {@link CudaError#OUT_OF_MEMORY} (cudaErrorMemoryAllocation /
 * CUDA_ERROR_OUT_OF_MEMORY) before the backend is asked. Freeing gives the bytes back, and so does destroying or
 * resetting the context an allocation was made in (which frees it). The requested sizes are counted, without the
 * rounding a device applies. Used by the session's thread only.
 */
public final class SessionMemoryQuota
{
    /** The quota of an executor without {@code --session-memory}. */
    static final long UNLIMITED = Long.MAX_VALUE;

    private static final long WARNING_INTERVAL_NS = 1_000_000_000L;

    private record Charge(long size, SessionResources.ContextEntry context)
    {
    }

    private final long limit;
    private final long sessionId;
    private final RateLimitedWarning warning;
    private final Long2ObjectHashMap<Charge> charges = new Long2ObjectHashMap<>();
    private long used;

    public SessionMemoryQuota(final long limit, final long sessionId, final ExecutorLog log)
    {
        if (limit <= 0)
        {
            throw new IllegalArgumentException("session memory quota must be positive: " + limit);
        }
        this.limit = limit;
        this.sessionId = sessionId;
        this.warning = new RateLimitedWarning(log, WARNING_INTERVAL_NS);
    }

    public static SessionMemoryQuota unlimited(final long sessionId, final ExecutorLog log)
    {
        return new SessionMemoryQuota(UNLIMITED, sessionId, log);
    }

    long limit()
    {
        return limit;
    }

    long used()
    {
        return used;
    }

    boolean limited()
    {
        return limit != UNLIMITED;
    }

    /**
     * @return whether {@code size} more bytes fit the quota; if not, the call fails with out-of-memory, logged.
     */
    public boolean admit(final long size, final CallResult result, final String function)
    {
        if (Long.compareUnsigned(size, limit - used) <= 0)
        {
            return true;
        }
        final String message = function + " of " + Long.toUnsignedString(size) + " bytes refused: the session " +
            "holds " + used + " bytes and its quota (--session-memory) is " + limit + " bytes";
        result.fail(CudaError.OUT_OF_MEMORY, message);
        warning.warn("session " + sessionId + ": " + message, System.nanoTime());
        return false;
    }

    /**
     * Count an allocation the backend made at {@code address} through {@code context}.
     */
    public void charge(final long address, final long size, final SessionResources.ContextEntry context)
    {
        if (address != 0 && size > 0)
        {
            final Charge previous = charges.put(address, new Charge(size, context));
            used += size - (previous == null ? 0 : previous.size());
        }
    }

    /**
     * Give back the allocation at {@code address}, freed.
     */
    public void release(final long address)
    {
        final Charge charge = charges.remove(address);
        if (charge != null)
        {
            used -= charge.size();
        }
    }

    /**
     * Give back every allocation made through a context that is destroyed or reset, and so freed.
     */
    void releaseContext(final SessionResources.ContextEntry context)
    {
        final Long2ObjectHashMap<Charge>.ValueIterator iterator = charges.values().iterator();
        while (iterator.hasNext())
        {
            final Charge charge = iterator.next();
            if (charge.context() == context)
            {
                used -= charge.size();
                iterator.remove();
            }
        }
    }

    /**
     * Report free and total memory as the session sees them: no more than its quota leaves.
     *
     * @param values free and total bytes of the device, replaced in place.
     */
    public void limitMemoryInfo(final long[] values)
    {
        if (limited())
        {
            values[0] = Math.min(values[0], limit - used);
            values[1] = Math.min(values[1], limit);
        }
    }
}
