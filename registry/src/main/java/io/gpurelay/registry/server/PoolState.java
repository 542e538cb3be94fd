package io.gpurelay.registry.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.PlacedDevice;

/**
 * The pool as the registry's replicated state machine holds it: every executor that reported within the timeout,
 * with its devices, free memory and load, and how clients are placed on them. Only the cluster's log changes it, and
 * every replica applies the same messages at the same cluster times, so nothing here reads a clock or iterates in an
 * order that could differ between replicas (executors are kept sorted by channel).
 */
final class PoolState
{
    /** Executors a pool holds at most; reports of further ones are refused, so memory stays bounded. */
    static final int MAX_EXECUTORS = 100_000;
    /** Devices one executor reports at most. */
    static final int MAX_DEVICES_PER_EXECUTOR = 256;
    /** Devices one client asks for at most. */
    static final int MAX_DEVICES_PER_PLACEMENT = 64;
    /** Bytes of an executor's channel or backend name at most. */
    static final int MAX_NAME_BYTES = 1024;

    private final TreeMap<String, ExecutorEntry> executors = new TreeMap<>();

    /**
     * One executor of the pool.
     */
    static final class ExecutorEntry
    {
        final String channel;
        String backend;
        int sessions;
        int maxSessions;
        long lastRefreshMs;
        long placements;
        int placementsSinceReport;
        List<DeviceReport> devices;

        ExecutorEntry(final String channel)
        {
            this.channel = channel;
        }

        /**
         * Sessions it serves, counting those placed on it since it last said how many it has.
         */
        int load()
        {
            return sessions + placementsSinceReport;
        }
    }

    /**
     * An executor registers or refreshes: what it reports replaces what it reported before; its placements since then
     * are in its session count now.
     *
     * @return false when the pool is full and the executor is not in it.
     */
    boolean report(
        final String channel, final String backend, final int sessions, final int maxSessions,
        final List<DeviceReport> devices, final long nowMs)
    {
        ExecutorEntry entry = executors.get(channel);
        if (entry == null)
        {
            if (executors.size() >= MAX_EXECUTORS)
            {
                return false;
            }
            entry = new ExecutorEntry(channel);
            executors.put(channel, entry);
        }
        entry.backend = backend;
        entry.sessions = Math.max(0, sessions);
        entry.maxSessions = Math.max(0, maxSessions);
        entry.devices = List.copyOf(devices);
        entry.lastRefreshMs = nowMs;
        entry.placementsSinceReport = 0;
        return true;
    }

    /**
     * Put an executor back as a snapshot recorded it.
     */
    void restore(final ExecutorEntry entry)
    {
        executors.put(entry.channel, entry);
    }

    boolean contains(final String channel)
    {
        return executors.containsKey(channel);
    }

    boolean leave(final String channel)
    {
        return executors.remove(channel) != null;
    }

    /**
     * @return the channels of the executors that did not report for longer than the timeout, now out of the pool.
     */
    List<String> expire(final long nowMs, final long timeoutMs)
    {
        final List<String> expired = new ArrayList<>();
        executors.values().removeIf(entry ->
        {
            if (nowMs - entry.lastRefreshMs > timeoutMs)
            {
                expired.add(entry.channel);
                return true;
            }
            return false;
        });
        return expired;
    }

    Collection<ExecutorEntry> executors()
    {
        return executors.values();
    }

    int size()
    {
        return executors.size();
    }

    /**
     * Choose devices for a client, least-loaded executor first, one device at a time: each device taken counts as load
     * on its executor for the next choice, so a request for several devices spreads over executors of equal load.
     * Among devices of equally loaded executors the one with most free memory goes first. An executor that serves as
     * many sessions as it allows is not chosen. A device whose free memory is unknown (-1) counts as having enough.
     *
     * @return the devices, in the order the client numbers them; empty when the pool cannot satisfy the request.
     */
    List<PlacedDevice> place(final int deviceCount, final long minFreeBytes)
    {
        final Map<String, Integer> extraLoad = new HashMap<>();
        final List<Candidate> candidates = new ArrayList<>();
        for (final ExecutorEntry entry : executors.values())
        {
            if (entry.maxSessions > 0 && entry.load() >= entry.maxSessions)
            {
                continue;
            }
            for (final DeviceReport device : entry.devices)
            {
                if (device.freeBytes() < 0 || device.freeBytes() >= minFreeBytes)
                {
                    candidates.add(new Candidate(entry, device));
                }
            }
        }
        if (candidates.size() < deviceCount)
        {
            return List.of();
        }
        final List<PlacedDevice> chosen = new ArrayList<>();
        final Comparator<Candidate> leastLoaded = Comparator
            .comparingInt((Candidate candidate) ->
                candidate.entry.load() + extraLoad.getOrDefault(candidate.entry.channel, 0))
            .thenComparing(Comparator.comparingLong((Candidate candidate) -> candidate.device.freeBytes()).reversed())
            .thenComparing(candidate -> candidate.entry.channel)
            .thenComparingInt(candidate -> candidate.device.ordinal());
        for (int i = 0; i < deviceCount; i++)
        {
            Candidate best = null;
            for (final Candidate candidate : candidates)
            {
                if (best == null || leastLoaded.compare(candidate, best) < 0)
                {
                    best = candidate;
                }
            }
            candidates.remove(best);
            extraLoad.merge(best.entry.channel, 1, Integer::sum);
            chosen.add(new PlacedDevice(best.entry.channel, best.device.ordinal()));
        }
        for (final String channel : extraLoad.keySet())
        {
            final ExecutorEntry entry = executors.get(channel);
            entry.placements++;
            entry.placementsSinceReport++;
        }
        return chosen;
    }

    private record Candidate(ExecutorEntry entry, DeviceReport device)
    {
    }
}
