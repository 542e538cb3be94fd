package io.gpurelay.registry;

import java.util.List;

/**
 * The pool as the registry's leader saw it when it answered.
 *
 * @param leaderMemberId the cluster member that answered.
 */
public record PoolView(int leaderMemberId, List<Executor> executors)
{
    /**
     * @param refreshAgeMs how long ago it last reported.
     * @param placements   clients placed on it since it registered.
     */
    public record Executor(
        String channel, String backend, int sessions, int maxSessions, long refreshAgeMs, long placements,
        List<DeviceReport> devices)
    {
    }
}
