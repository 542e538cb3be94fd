package io.gpurelay.executor.counters;

import java.util.Locale;

import io.aeron.Aeron;
import io.aeron.Counter;
import io.gpurelay.protocol.Api;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Executor-wide statistics of calls as Aeron counters: calls, failed calls and payload bytes by function family (the
 * CUDA API a function belongs to), and a histogram of how long calls take to run, from the moment their input has
 * all arrived to their reply. Updated by every session thread: increments are atomic.
 * <p>
 * A family counter's key is the family's name (an int length, then ASCII); a latency bucket's key is its upper bound
 * in nanoseconds, {@link Long#MAX_VALUE} for the last. Bucket counters are not cumulative: a call counts in the first
 * bucket whose bound it does not exceed.
 */
public final class CallCounters implements AutoCloseable
{
    public static final int CALLS_BY_FAMILY_TYPE_ID = 7110;
    public static final int FAILED_CALLS_BY_FAMILY_TYPE_ID = 7111;
    public static final int BYTES_IN_BY_FAMILY_TYPE_ID = 7112;
    public static final int BYTES_OUT_BY_FAMILY_TYPE_ID = 7113;
    public static final int LATENCY_BUCKET_TYPE_ID = 7114;
    /** Value: the sum of the latencies the buckets count, in nanoseconds. */
    public static final int LATENCY_SUM_TYPE_ID = 7115;

    /** Calls whose function id the executor does not know belong to this family. */
    public static final String UNKNOWN_FAMILY = "unknown";

    /**
     * Upper bounds of the latency buckets: 10 µs to 10 s, about three per decade, then everything.
     */
    static final long[] LATENCY_BUCKET_BOUNDS_NS = {
        10_000L, 25_000L, 50_000L, 100_000L, 250_000L, 500_000L,
        1_000_000L, 2_500_000L, 5_000_000L, 10_000_000L, 25_000_000L, 50_000_000L,
        100_000_000L, 250_000_000L, 500_000_000L, 1_000_000_000L, 10_000_000_000L, Long.MAX_VALUE };

    private static final int FAMILY_COUNT = Api.values().length + 1;

    private final Counter[] calls = new Counter[FAMILY_COUNT];
    private final Counter[] failedCalls = new Counter[FAMILY_COUNT];
    private final Counter[] bytesIn = new Counter[FAMILY_COUNT];
    private final Counter[] bytesOut = new Counter[FAMILY_COUNT];
    private final Counter[] latencyBuckets = new Counter[LATENCY_BUCKET_BOUNDS_NS.length];
    private final Counter latencySumNs;

    /**
     * @param owner whose counters these are, named in their labels as in {@link ExecutorCounters}.
     */
    CallCounters(final Aeron aeron, final String owner)
    {
        final String prefix = "gpurelay " + owner + " ";
        final UnsafeBuffer key = new UnsafeBuffer(new byte[64]);
        for (int family = 0; family < FAMILY_COUNT; family++)
        {
            final String name = familyName(family);
            final int keyLength = key.putStringAscii(0, name);
            calls[family] = add(aeron, CALLS_BY_FAMILY_TYPE_ID, key, keyLength, prefix + "calls: " + name);
            failedCalls[family] = add(aeron, FAILED_CALLS_BY_FAMILY_TYPE_ID, key, keyLength,
                prefix + "failed calls: " + name);
            bytesIn[family] = add(aeron, BYTES_IN_BY_FAMILY_TYPE_ID, key, keyLength,
                prefix + "payload bytes in: " + name);
            bytesOut[family] = add(aeron, BYTES_OUT_BY_FAMILY_TYPE_ID, key, keyLength,
                prefix + "payload bytes out: " + name);
        }
        for (int i = 0; i < LATENCY_BUCKET_BOUNDS_NS.length; i++)
        {
            final long bound = LATENCY_BUCKET_BOUNDS_NS[i];
            key.putLong(0, bound);
            latencyBuckets[i] = add(aeron, LATENCY_BUCKET_TYPE_ID, key, Long.BYTES,
                prefix + "calls taking at most " + (bound == Long.MAX_VALUE ? "any" : bound + " ns"));
        }
        latencySumNs = aeron.addCounter(LATENCY_SUM_TYPE_ID, prefix + "call latency sum ns");
    }

    /**
     * The name a family has in counters and metrics: the API's name in lower case.
     */
    public static String familyName(final Api api)
    {
        return api.name().toLowerCase(Locale.ROOT);
    }

    public void onCall(final Api api)
    {
        calls[index(api)].increment();
    }

    public void onFailed(final Api api)
    {
        failedCalls[index(api)].increment();
    }

    public void addBytesIn(final Api api, final long bytes)
    {
        bytesIn[index(api)].getAndAdd(bytes);
    }

    public void addBytesOut(final Api api, final long bytes)
    {
        bytesOut[index(api)].getAndAdd(bytes);
    }

    public void recordLatency(final long latencyNs)
    {
        int bucket = 0;
        while (latencyNs > LATENCY_BUCKET_BOUNDS_NS[bucket])
        {
            bucket++;
        }
        latencyBuckets[bucket].increment();
        latencySumNs.getAndAdd(latencyNs);
    }

    public void close()
    {
        CloseHelper.closeAll(calls);
        CloseHelper.closeAll(failedCalls);
        CloseHelper.closeAll(bytesIn);
        CloseHelper.closeAll(bytesOut);
        CloseHelper.closeAll(latencyBuckets);
        CloseHelper.close(latencySumNs);
    }

    private static int index(final Api api)
    {
        return api == null ? FAMILY_COUNT - 1 : api.ordinal();
    }

    private static String familyName(final int index)
    {
        return index == FAMILY_COUNT - 1 ? UNKNOWN_FAMILY : familyName(Api.values()[index]);
    }

    private static Counter add(
        final Aeron aeron, final int typeId, final UnsafeBuffer key, final int keyLength, final String label)
    {
        return aeron.addCounter(typeId, key, 0, keyLength, label(label), 0, label.length());
    }

    private static UnsafeBuffer label(final String label)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[label.length()]);
        buffer.putStringWithoutLengthAscii(0, label);
        return buffer;
    }
}
