package io.gpurelay.executor.worker;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.config.IdleStrategyKind;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.log.ExecutorLog;

/**
 * What a worker process is told on its command line by the supervisor that starts it: who it is, where the
 * supervisor's media driver and streams are, the backend to create and the session settings of the executor (its
 * kernel timeout and receive budget apply to each worker's own sessions).
 */
public record WorkerSettings(
    long workerId,
    long supervisorPid,
    String aeronDirectoryName,
    String channel,
    WorkerBackend backend,
    IdleStrategyKind idleStrategyKind,
    long keepAliveTimeoutNs,
    long responseConnectTimeoutNs,
    long sessionMemoryBytes,
    long kernelTimeoutNs,
    long receiveBufferBytes,
    long transferRegionBytes,
    int transferChunkBytes,
    long pinnedMemoryBytes,
    ExecutorLog.Level logLevel,
    String executorVersion)
{
    public List<String> toArguments()
    {
        return List.of(
            "--worker-id", Long.toString(workerId),
            "--supervisor-pid", Long.toString(supervisorPid),
            "--aeron-dir", aeronDirectoryName,
            "--channel", channel,
            "--backend", backend.name(),
            "--devices", backend.devicesArgument(),
            "--device-memory", Long.toString(backend.deviceMemory()),
            "--unstoppable-kernels", Boolean.toString(backend.unstoppableKernels()),
            "--idle-strategy", idleStrategyKind.cliName(),
            "--keepalive-timeout-ns", Long.toString(keepAliveTimeoutNs),
            "--response-connect-timeout-ns", Long.toString(responseConnectTimeoutNs),
            "--session-memory", Long.toString(sessionMemoryBytes),
            "--kernel-timeout-ns", Long.toString(kernelTimeoutNs),
            "--receive-buffer-bytes", Long.toString(receiveBufferBytes),
            "--transfer-region-bytes", Long.toString(transferRegionBytes),
            "--transfer-chunk-bytes", Integer.toString(transferChunkBytes),
            "--pinned-memory-bytes", Long.toString(pinnedMemoryBytes),
            "--log-level", logLevel.name(),
            "--executor-version", executorVersion);
    }

    /**
     * @throws IllegalArgumentException naming what is missing or wrong: a worker is only started by its supervisor,
     *                                  so this is a bug, reported on the worker's stderr.
     */
    public static WorkerSettings parse(final String[] args)
    {
        final Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2)
        {
            if (!args[i].startsWith("--") || i + 1 >= args.length)
            {
                throw new IllegalArgumentException("expected --name value pairs, found '" + args[i] + "'");
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
        return new WorkerSettings(
            Long.parseLong(required(values, "worker-id")),
            Long.parseLong(required(values, "supervisor-pid")),
            required(values, "aeron-dir"),
            required(values, "channel"),
            new WorkerBackend(required(values, "backend"),
                WorkerBackend.parseDevicesArgument(required(values, "devices")),
                Long.parseLong(required(values, "device-memory")),
                Boolean.parseBoolean(required(values, "unstoppable-kernels"))),
            IdleStrategyKind.fromCliName(required(values, "idle-strategy")),
            Long.parseLong(required(values, "keepalive-timeout-ns")),
            Long.parseLong(required(values, "response-connect-timeout-ns")),
            Long.parseLong(required(values, "session-memory")),
            Long.parseLong(required(values, "kernel-timeout-ns")),
            Long.parseLong(required(values, "receive-buffer-bytes")),
            Long.parseLong(required(values, "transfer-region-bytes")),
            Integer.parseInt(required(values, "transfer-chunk-bytes")),
            Long.parseLong(required(values, "pinned-memory-bytes")),
            ExecutorLog.Level.fromName(required(values, "log-level")),
            required(values, "executor-version"));
    }

    private static String required(final Map<String, String> values, final String name)
    {
        final String value = values.get(name);
        if (value == null)
        {
            throw new IllegalArgumentException("missing --" + name);
        }
        return value;
    }
}
