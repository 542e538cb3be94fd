package io.gpurelay.executor.stat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.stat.ExecutorSnapshot.SessionStats;

/**
 * How {@code gpurelay stat} shows two snapshots of an executor's counters taken some time apart: rates are the
 * difference over that time. As a table for people, or as JSON for scripts.
 */
final class StatView
{
    private static final DateTimeFormatter TIME =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final String aeronDirectoryName;
    private final ExecutorSnapshot previous;
    private final ExecutorSnapshot current;
    private final double seconds;
    private final Map<String, SessionStats> previousSessions = new HashMap<>();

    StatView(final String aeronDirectoryName, final ExecutorSnapshot previous, final ExecutorSnapshot current)
    {
        this.aeronDirectoryName = aeronDirectoryName;
        this.previous = previous;
        this.current = current;
        this.seconds = Math.max(1, current.timestampMs() - previous.timestampMs()) / 1000.0;
        for (final SessionStats session : previous.sessions())
        {
            previousSessions.put(id(session), session);
        }
    }

    String table()
    {
        final StringBuilder out = new StringBuilder();
        out.append("gpurelay stat  ").append(aeronDirectoryName).append("  ")
            .append(TIME.format(Instant.ofEpochMilli(current.timestampMs()))).append('\n');
        out.append(String.format(Locale.ROOT,
            "executor: %d sessions open (%d opened, %d closed), %d connects rejected%n",
            current.sessionsOpen(), current.total(ExecutorCounters.SESSIONS_OPENED_TYPE_ID),
            current.total(ExecutorCounters.SESSIONS_CLOSED_TYPE_ID),
            current.total(ExecutorCounters.CONNECTS_REJECTED_TYPE_ID)));
        out.append(String.format(Locale.ROOT,
            "calls: %d (%s/s), in %s/s, out %s/s; errors: %d failed calls, %d malformed messages, %d internal%n",
            current.calls(), rate(current.calls(), previous.calls()),
            bytes(rate(current.total(ExecutorCounters.BYTES_IN_TYPE_ID),
                previous.total(ExecutorCounters.BYTES_IN_TYPE_ID))),
            bytes(rate(current.total(ExecutorCounters.BYTES_OUT_TYPE_ID),
                previous.total(ExecutorCounters.BYTES_OUT_TYPE_ID))),
            failedCalls(current), current.total(ExecutorCounters.MALFORMED_MESSAGES_TYPE_ID),
            current.total(ExecutorCounters.ERRORS_TYPE_ID)));
        current.otherCounters().forEach((label, value) -> out.append(label).append(": ").append(value).append('\n'));
        out.append('\n');
        out.append(String.format(Locale.ROOT, "%-6s  %12s  %12s  %12s%n", "device", "memory held", "free", "total"));
        final Map<Integer, Long> heldByDevice = current.deviceMemory();
        for (final int device : devices(current))
        {
            final DeviceMemoryFigures figures = current.deviceFigures().getOrDefault(
                device, DeviceMemoryFigures.UNKNOWN_FIGURES);
            out.append(String.format(Locale.ROOT, "%-6d  %12s  %12s  %12s%n", device,
                bytes(heldByDevice.getOrDefault(device, 0L)), figure(figures.freeBytes()), figure(figures.totalBytes())));
        }
        out.append('\n');
        out.append(String.format(Locale.ROOT, "%19s  %-24s %-16s %8s %8s %11s %9s %11s %11s %6s %8s%n",
            "session", "client", "host", "pid", "worker", "memory", "calls/s", "in/s", "out/s", "errors", "age"));
        if (current.sessions().isEmpty())
        {
            out.append("no sessions open\n");
        }
        for (final SessionStats session : current.sessions())
        {
            final SessionStats before = previousSessions.getOrDefault(id(session), session);
            out.append(String.format(Locale.ROOT, "%19d  %-24s %-16s %8d %8d %11s %9s %11s %11s %6d %8s%n",
                session.sessionId(), cut(session.client(), 24), cut(session.host(), 16), session.clientPid(),
                session.workerPid(), bytes(session.deviceMemoryTotal()), rate(session.calls(), before.calls()),
                bytes(rate(session.bytesIn(), before.bytesIn())), bytes(rate(session.bytesOut(), before.bytesOut())),
                session.errors(), age(current.timestampMs() - session.startedMs())));
        }
        return out.toString();
    }

    String json()
    {
        final StringBuilder out = new StringBuilder(512);
        out.append("{\"aeronDir\":").append(string(aeronDirectoryName))
            .append(",\"timestampMs\":").append(current.timestampMs())
            .append(",\"intervalMs\":").append(current.timestampMs() - previous.timestampMs())
            .append(",\"executor\":{\"sessionsOpen\":").append(current.sessionsOpen())
            .append(",\"sessionsOpened\":").append(current.total(ExecutorCounters.SESSIONS_OPENED_TYPE_ID))
            .append(",\"sessionsClosed\":").append(current.total(ExecutorCounters.SESSIONS_CLOSED_TYPE_ID))
            .append(",\"connectsRejected\":").append(current.total(ExecutorCounters.CONNECTS_REJECTED_TYPE_ID))
            .append(",\"calls\":").append(current.calls())
            .append(",\"callsPerSecond\":").append(rate(current.calls(), previous.calls()))
            .append(",\"bytesIn\":").append(current.total(ExecutorCounters.BYTES_IN_TYPE_ID))
            .append(",\"bytesOut\":").append(current.total(ExecutorCounters.BYTES_OUT_TYPE_ID))
            .append(",\"failedCalls\":").append(failedCalls(current))
            .append(",\"malformedMessages\":").append(current.total(ExecutorCounters.MALFORMED_MESSAGES_TYPE_ID))
            .append(",\"foreignMessages\":").append(current.total(ExecutorCounters.FOREIGN_MESSAGES_TYPE_ID))
            .append(",\"internalErrors\":").append(current.total(ExecutorCounters.ERRORS_TYPE_ID))
            .append("},\"devices\":[");
        final String[] separator = { "" };
        final Map<Integer, Long> heldByDevice = current.deviceMemory();
        for (final int device : devices(current))
        {
            final DeviceMemoryFigures figures = current.deviceFigures().getOrDefault(
                device, DeviceMemoryFigures.UNKNOWN_FIGURES);
            out.append(separator[0]).append("{\"device\":").append(device).append(",\"memoryHeldBytes\":")
                .append(heldByDevice.getOrDefault(device, 0L)).append(",\"totalBytes\":").append(figures.totalBytes())
                .append(",\"freeBytes\":").append(figures.freeBytes()).append('}');
            separator[0] = ",";
        }
        out.append("],\"sessions\":[");
        separator[0] = "";
        for (final SessionStats session : current.sessions())
        {
            final SessionStats before = previousSessions.getOrDefault(id(session), session);
            out.append(separator[0]).append("{\"sessionId\":").append(session.sessionId())
                .append(",\"client\":").append(string(session.client()))
                .append(",\"host\":").append(string(session.host()))
                .append(",\"clientPid\":").append(session.clientPid())
                .append(",\"workerPid\":").append(session.workerPid())
                .append(",\"deviceMemoryBytes\":").append(session.deviceMemoryTotal())
                .append(",\"deviceMemoryByDevice\":{");
            final String[] deviceSeparator = { "" };
            session.deviceMemory().forEach((device, held) ->
            {
                out.append(deviceSeparator[0]).append('"').append(device).append("\":").append(held);
                deviceSeparator[0] = ",";
            });
            out.append("},\"calls\":").append(session.calls())
                .append(",\"callsPerSecond\":").append(rate(session.calls(), before.calls()))
                .append(",\"bytesIn\":").append(session.bytesIn())
                .append(",\"bytesInPerSecond\":").append(rate(session.bytesIn(), before.bytesIn()))
                .append(",\"bytesOut\":").append(session.bytesOut())
                .append(",\"bytesOutPerSecond\":").append(rate(session.bytesOut(), before.bytesOut()))
                .append(",\"errors\":").append(session.errors())
                .append(",\"startedMs\":").append(session.startedMs())
                .append(",\"ageSeconds\":").append((current.timestampMs() - session.startedMs()) / 1000)
                .append('}');
            separator[0] = ",";
        }
        return out.append("]}").toString();
    }

    private static long failedCalls(final ExecutorSnapshot snapshot)
    {
        long failed = 0;
        for (final ExecutorSnapshot.FamilyStats family : snapshot.families().values())
        {
            failed += family.failedCalls();
        }
        return failed;
    }

    /**
     * Per second, rounded to a tenth; a counter that went down (a session id reused by a new process) counts from 0.
     */
    private double rate(final long now, final long before)
    {
        final long delta = now >= before ? now - before : now;
        return Math.round(delta * 10 / seconds) / 10.0;
    }

    private static String id(final SessionStats session)
    {
        return session.sessionId() + "/" + session.workerPid();
    }

    /**
     * The devices to list: those sessions hold memory on and those whose total and free the executor publishes.
     */
    private static TreeSet<Integer> devices(final ExecutorSnapshot snapshot)
    {
        final TreeSet<Integer> devices = new TreeSet<>(snapshot.deviceMemory().keySet());
        devices.addAll(snapshot.deviceFigures().keySet());
        return devices;
    }

    /**
     * A device's free or total memory; "unknown" where the executor cannot tell (NVML unavailable on a GPU host).
     */
    private static String figure(final long bytes)
    {
        return bytes < 0 ? "unknown" : bytes(bytes);
    }

    static String bytes(final double bytes)
    {
        final String[] units = { "B", "KiB", "MiB", "GiB", "TiB" };
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1)
        {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value) :
            String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static String age(final long millis)
    {
        final long seconds = Math.max(0, millis / 1000);
        if (seconds < 60)
        {
            return seconds + "s";
        }
        if (seconds < 3600)
        {
            return seconds / 60 + "m" + seconds % 60 + "s";
        }
        return seconds / 3600 + "h" + seconds / 60 % 60 + "m";
    }

    private static String cut(final String value, final int width)
    {
        return value.length() <= width ? value : value.substring(0, width - 1) + "~";
    }

    /**
     * A JSON string; label values are printable ASCII, and the Aeron directory is escaped the same way.
     */
    private static String string(final String value)
    {
        final StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            if (c == '"' || c == '\\')
            {
                out.append('\\').append(c);
            }
            else if (c < ' ')
            {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
            }
            else
            {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
