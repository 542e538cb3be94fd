package io.gpurelay.executor.stat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.counters.CallCounters;
import io.gpurelay.executor.counters.DeviceMemoryCounters;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.SessionCounters;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.status.CountersReader;

/**
 * What the gpurelay counters of one CnC file say at one moment: the executor's totals, its calls by function family,
 * the latency histogram, and every open session.
 * <p>
 * With process isolation the executor (the supervisor) and every worker process have executor counters of their own,
 * told apart by their labels ({@code gpurelay executor ...}, {@code gpurelay worker PID ...}). A worker counts the
 * sessions it serves as the supervisor does, so the totals come from the executor's own counters only; calls and
 * bytes reach the executor's counters when a worker's session closes, so the open sessions of live workers add
 * theirs from their session counters. A worker's own counters are kept by label in {@link #otherCounters()}, as are
 * counters of the executor that this reader does not know, such as those of a newer executor. Family counters and
 * the latency histogram count each call once, in the process that ran it, and are summed over the processes.
 *
 * @param timestampMs when the counters were read.
 * @param executorFound whether an executor's counters are in the file at all.
 * @param totals executor-wide counters by type id ({@link ExecutorCounters}), as above.
 * @param families function families by name, in the executor's order.
 * @param latencyBuckets call counts by upper bound in nanoseconds, not cumulative, ascending.
 * @param latencySumNs the sum of the latencies the buckets count.
 * @param otherCounters other counters, value by label: the executor's without the "gpurelay executor " part, a
 *                      worker's without the "gpurelay " part ({@code worker PID calls}).
 * @param sessions open sessions, by session id.
 * @param deviceFigures each device's total and free memory as the executor last read them
 *                      ({@link DeviceMemoryCounters}), by device; empty for an executor that publishes none.
 */
public record ExecutorSnapshot(
    long timestampMs,
    boolean executorFound,
    Map<Integer, Long> totals,
    Map<String, FamilyStats> families,
    TreeMap<Long, Long> latencyBuckets,
    long latencySumNs,
    Map<String, Long> otherCounters,
    List<SessionStats> sessions,
    TreeMap<Integer, DeviceMemoryFigures> deviceFigures)
{
    /** Labels of the executor's own counters start with this. */
    public static final String EXECUTOR_LABEL_PREFIX = "gpurelay executor ";
    /** Labels of a worker process's own counters start with this and the worker's pid. */
    public static final String WORKER_LABEL_PREFIX = "gpurelay worker ";
    /** Type ids the executor's counters use; counters of other types are never gpurelay's. */
    static final int FIRST_EXECUTOR_TYPE_ID = 7000;
    static final int LAST_EXECUTOR_TYPE_ID = 7199;

    /**
     * @param calls calls of the family.
     * @param failedCalls of them, those answered with an error.
     */
    public record FamilyStats(String family, long calls, long failedCalls, long bytesIn, long bytesOut)
    {
    }

    /**
     * One open session.
     *
     * @param deviceMemory bytes its allocations hold, by device.
     */
    public record SessionStats(
        long sessionId,
        String client,
        String host,
        long clientPid,
        long workerPid,
        long startedMs,
        long calls,
        long bytesIn,
        long bytesOut,
        long errors,
        TreeMap<Integer, Long> deviceMemory)
    {
        public long deviceMemoryTotal()
        {
            long total = 0;
            for (final long bytes : deviceMemory.values())
            {
                total += bytes;
            }
            return total;
        }
    }

    public long total(final int typeId)
    {
        return totals.getOrDefault(typeId, 0L);
    }

    public long sessionsOpen()
    {
        return total(ExecutorCounters.SESSIONS_OPENED_TYPE_ID) - total(ExecutorCounters.SESSIONS_CLOSED_TYPE_ID);
    }

    /**
     * Bytes the sessions' allocations hold, by device; devices the executor serves appear once a session is open.
     */
    public TreeMap<Integer, Long> deviceMemory()
    {
        final TreeMap<Integer, Long> devices = new TreeMap<>();
        for (final SessionStats session : sessions)
        {
            session.deviceMemory().forEach((device, bytes) -> devices.merge(device, bytes, Long::sum));
        }
        return devices;
    }

    public long calls()
    {
        return total(ExecutorCounters.CALLS_TYPE_ID);
    }

    /**
     * Whether a counter type is one of gpurelay's executor, worker, call or session counters.
     */
    public static boolean isExecutorCounter(final int typeId)
    {
        return typeId >= FIRST_EXECUTOR_TYPE_ID && typeId <= LAST_EXECUTOR_TYPE_ID;
    }

    /**
     * Read every gpurelay counter of the file.
     */
    public static ExecutorSnapshot read(final CountersReader counters)
    {
        final Reader reader = new Reader(counters);
        // The executor's totals first: a session counted closed has marked its own counters closed before, so what
        // the second pass reads of the sessions is never older than the open count.
        counters.forEach(reader::onTotal);
        counters.forEach(reader::onCounter);
        return reader.snapshot(System.currentTimeMillis());
    }

    private static final class Reader
    {
        private final CountersReader counters;
        private final Map<Integer, Long> totals = new HashMap<>();
        private final Map<String, long[]> families = new LinkedHashMap<>();
        private final TreeMap<Long, Long> latencyBuckets = new TreeMap<>();
        private final Map<String, Long> otherCounters = new TreeMap<>();
        private final Map<SessionKey, SessionBuilder> sessions = new HashMap<>();
        /** Pids of the worker processes whose own counters are in the file. */
        private final Set<Long> workerPids = new HashSet<>();
        private long latencySumNs;
        private boolean executorFound;
        private final TreeMap<Integer, long[]> deviceFigures = new TreeMap<>();

        Reader(final CountersReader counters)
        {
            this.counters = counters;
        }

        void onTotal(final int counterId, final int typeId, final DirectBuffer key, final String label)
        {
            if ((typeId == ExecutorCounters.SESSIONS_OPENED_TYPE_ID ||
                typeId == ExecutorCounters.SESSIONS_CLOSED_TYPE_ID) && label.startsWith(EXECUTOR_LABEL_PREFIX))
            {
                executorFound |= typeId == ExecutorCounters.SESSIONS_OPENED_TYPE_ID;
                totals.merge(typeId, counters.getCounterValue(counterId), Long::sum);
            }
        }

        void onCounter(final int counterId, final int typeId, final DirectBuffer key, final String label)
        {
            if (typeId < FIRST_EXECUTOR_TYPE_ID || typeId > LAST_EXECUTOR_TYPE_ID)
            {
                return;
            }
            final long value = counters.getCounterValue(counterId);
            switch (typeId)
            {
                case ExecutorCounters.SESSIONS_OPENED_TYPE_ID, ExecutorCounters.SESSIONS_CLOSED_TYPE_ID,
                    ExecutorCounters.CONNECTS_REJECTED_TYPE_ID, ExecutorCounters.CALLS_TYPE_ID,
                    ExecutorCounters.BYTES_IN_TYPE_ID, ExecutorCounters.BYTES_OUT_TYPE_ID,
                    ExecutorCounters.MALFORMED_MESSAGES_TYPE_ID, ExecutorCounters.FOREIGN_MESSAGES_TYPE_ID,
                    ExecutorCounters.ERRORS_TYPE_ID ->
                {
                    if (label.startsWith(EXECUTOR_LABEL_PREFIX))
                    {
                        if (typeId != ExecutorCounters.SESSIONS_OPENED_TYPE_ID &&
                            typeId != ExecutorCounters.SESSIONS_CLOSED_TYPE_ID)
                        {
                            totals.merge(typeId, value, Long::sum);
                        }
                    }
                    else if (label.startsWith(WORKER_LABEL_PREFIX))
                    {
                        workerPids.add(workerPid(label));
                        otherCounters.merge(label.substring("gpurelay ".length()), value, Long::sum);
                    }
                }
                case DeviceMemoryCounters.DEVICE_TOTAL_MEMORY_TYPE_ID ->
                    deviceFigure(key)[0] = value;
                case DeviceMemoryCounters.DEVICE_FREE_MEMORY_TYPE_ID ->
                    deviceFigure(key)[1] = value;
                case CallCounters.CALLS_BY_FAMILY_TYPE_ID -> family(key)[0] += value;
                case CallCounters.FAILED_CALLS_BY_FAMILY_TYPE_ID -> family(key)[1] += value;
                case CallCounters.BYTES_IN_BY_FAMILY_TYPE_ID -> family(key)[2] += value;
                case CallCounters.BYTES_OUT_BY_FAMILY_TYPE_ID -> family(key)[3] += value;
                case CallCounters.LATENCY_BUCKET_TYPE_ID -> latencyBuckets.merge(key.getLong(0), value, Long::sum);
                case CallCounters.LATENCY_SUM_TYPE_ID -> latencySumNs += value;
                case SessionCounters.STARTED_TYPE_ID, SessionCounters.CALLS_TYPE_ID, SessionCounters.BYTES_IN_TYPE_ID,
                    SessionCounters.BYTES_OUT_TYPE_ID, SessionCounters.ERRORS_TYPE_ID,
                    SessionCounters.DEVICE_MEMORY_TYPE_ID -> session(key, label).add(typeId, key, value);
                default ->
                {
                    if (label.startsWith(EXECUTOR_LABEL_PREFIX))
                    {
                        otherCounters.merge(label.substring(EXECUTOR_LABEL_PREFIX.length()), value, Long::sum);
                    }
                }
            }
        }

        private long[] deviceFigure(final DirectBuffer key)
        {
            return deviceFigures.computeIfAbsent(key.getInt(DeviceMemoryCounters.DEVICE_KEY_OFFSET),
                device -> new long[] { DeviceMemoryFigures.UNKNOWN, DeviceMemoryFigures.UNKNOWN });
        }

        ExecutorSnapshot snapshot(final long timestampMs)
        {
            final Map<String, FamilyStats> familyStats = new LinkedHashMap<>();
            families.forEach((name, values) ->
                familyStats.put(name, new FamilyStats(name, values[0], values[1], values[2], values[3])));
            final List<SessionStats> sessionStats = new ArrayList<>();
            for (final SessionBuilder builder : sessions.values())
            {
                if (builder.closed())
                {
                    continue;
                }
                final SessionStats session = builder.build();
                sessionStats.add(session);
                if (workerPids.contains(session.workerPid()))
                {
                    totals.merge(ExecutorCounters.CALLS_TYPE_ID, session.calls(), Long::sum);
                    totals.merge(ExecutorCounters.BYTES_IN_TYPE_ID, session.bytesIn(), Long::sum);
                    totals.merge(ExecutorCounters.BYTES_OUT_TYPE_ID, session.bytesOut(), Long::sum);
                }
            }
            sessionStats.sort(Comparator.comparingLong(SessionStats::sessionId)
                .thenComparingLong(SessionStats::workerPid));
            final TreeMap<Integer, DeviceMemoryFigures> figures = new TreeMap<>();
            deviceFigures.forEach((device, values) ->
                figures.put(device, new DeviceMemoryFigures(values[0], values[1])));
            return new ExecutorSnapshot(timestampMs, executorFound, totals, familyStats, latencyBuckets,
                latencySumNs, otherCounters, sessionStats, figures);
        }

        /**
         * The pid of a worker's own counter, from its label {@code gpurelay worker PID ...}; -1 where it names none.
         */
        private static long workerPid(final String label)
        {
            final int start = WORKER_LABEL_PREFIX.length();
            final int end = label.indexOf(' ', start);
            try
            {
                return Long.parseLong(label.substring(start, end < 0 ? label.length() : end));
            }
            catch (final NumberFormatException ex)
            {
                return -1;
            }
        }

        private long[] family(final DirectBuffer key)
        {
            return families.computeIfAbsent(key.getStringAscii(0), name -> new long[4]);
        }

        private SessionBuilder session(final DirectBuffer key, final String label)
        {
            final SessionKey sessionKey = new SessionKey(
                key.getLong(SessionCounters.SESSION_ID_KEY_OFFSET), key.getLong(SessionCounters.WORKER_PID_KEY_OFFSET));
            return sessions.computeIfAbsent(sessionKey, ignored -> new SessionBuilder(sessionKey, key, label));
        }
    }

    private record SessionKey(long sessionId, long workerPid)
    {
    }

    private static final class SessionBuilder
    {
        private final SessionKey key;
        private final long clientPid;
        private final String client;
        private final String host;
        private final TreeMap<Integer, Long> deviceMemory = new TreeMap<>();
        private long startedMs;
        private long calls;
        private long bytesIn;
        private long bytesOut;
        private long errors;

        SessionBuilder(final SessionKey key, final DirectBuffer keyBuffer, final String label)
        {
            this.key = key;
            this.clientPid = keyBuffer.getLong(SessionCounters.CLIENT_PID_KEY_OFFSET);
            this.client = labelWord(label, "client=");
            this.host = labelWord(label, "host=");
        }

        void add(final int typeId, final DirectBuffer keyBuffer, final long value)
        {
            switch (typeId)
            {
                case SessionCounters.STARTED_TYPE_ID -> startedMs = value;
                case SessionCounters.CALLS_TYPE_ID -> calls = value;
                case SessionCounters.BYTES_IN_TYPE_ID -> bytesIn = value;
                case SessionCounters.BYTES_OUT_TYPE_ID -> bytesOut = value;
                case SessionCounters.ERRORS_TYPE_ID -> errors = value;
                default -> deviceMemory.put(keyBuffer.getInt(SessionCounters.DEVICE_KEY_OFFSET), value);
            }
        }

        boolean closed()
        {
            return startedMs == SessionCounters.CLOSED;
        }

        SessionStats build()
        {
            return new SessionStats(key.sessionId(), client, host, clientPid, key.workerPid(), startedMs, calls,
                bytesIn, bytesOut, errors, deviceMemory);
        }

        /**
         * The value of a {@code name=value} word of a session counter's label; values hold no spaces.
         */
        private static String labelWord(final String label, final String name)
        {
            final int start = label.indexOf(" " + name);
            if (start < 0)
            {
                return "?";
            }
            final int valueStart = start + 1 + name.length();
            final int end = label.indexOf(' ', valueStart);
            return label.substring(valueStart, end < 0 ? label.length() : end);
        }
    }
}
