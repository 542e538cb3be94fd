package io.gpurelay.registry;

import java.util.List;

/**
 * What an executor tells the registry each time it refreshes its entry.
 *
 * @param channel     where clients reach it; names it in the pool.
 * @param sessions    sessions it serves now.
 * @param maxSessions sessions it serves at most.
 */
public record ExecutorReport(String channel, String backend, int sessions, int maxSessions, List<DeviceReport> devices)
{
}
