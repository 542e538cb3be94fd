package io.gpurelay.executor.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.stat.ExecutorSnapshot.FamilyStats;
import io.gpurelay.executor.stat.ExecutorSnapshot.SessionStats;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot.UnknownDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import org.agrona.concurrent.status.CountersReader;

/**
 * The executor's metrics for Prometheus, read from the gpurelay counters of the media driver's CnC file at each scrape:
 * the same numbers {@code gpurelay stat} shows, so counters that worker processes allocate count too. Counters of the
 * executor this class does not know by type (added by a newer part of the executor) are exported untyped, named after
 * their label.
 */
final class ExecutorMetrics implements MultiCollector
{
    private final CountersReader counters;

    ExecutorMetrics(final CountersReader counters)
    {
        this.counters = counters;
    }

    public MetricSnapshots collect()
    {
        final ExecutorSnapshot snapshot = ExecutorSnapshot.read(counters);
        final List<MetricSnapshot> metrics = new ArrayList<>();
        metrics.add(gauge("gpurelay_sessions", "Sessions open now.", null)
            .dataPoint(gaugePoint(snapshot.sessionsOpen(), Labels.EMPTY)).build());
        metrics.add(counter("gpurelay_sessions_opened", "Sessions opened since the executor started.", null,
            snapshot.total(ExecutorCounters.SESSIONS_OPENED_TYPE_ID)));
        metrics.add(counter("gpurelay_sessions_closed", "Sessions closed since the executor started.", null,
            snapshot.total(ExecutorCounters.SESSIONS_CLOSED_TYPE_ID)));
        metrics.add(counter("gpurelay_connects_rejected",
            "Connect requests refused (protocol version, token, session limit).", null,
            snapshot.total(ExecutorCounters.CONNECTS_REJECTED_TYPE_ID)));
        metrics.add(byFamily(snapshot, "gpurelay_calls", "Calls by function family.", null, FamilyStats::calls));
        metrics.add(byFamily(snapshot, "gpurelay_calls_failed", "Calls answered with an error, by function family.",
            null, FamilyStats::failedCalls));
        metrics.add(byFamily(snapshot, "gpurelay_received_bytes", "Payload bytes received, by function family.",
            Unit.BYTES, FamilyStats::bytesIn));
        metrics.add(byFamily(snapshot, "gpurelay_sent_bytes", "Payload bytes sent, by function family.", Unit.BYTES,
            FamilyStats::bytesOut));
        metrics.add(errors(snapshot));
        metrics.add(deviceMemory(snapshot));
        metrics.add(deviceFigure(snapshot, "gpurelay_device_memory_total_bytes",
            "Each device's total memory (NVML's on the gpu backend); absent where the executor cannot tell.", true));
        metrics.add(deviceFigure(snapshot, "gpurelay_device_memory_free_bytes",
            "Each device's free memory, other processes' use included on the gpu backend (NVML); absent where the " +
            "executor cannot tell.", false));
        metrics.add(sessionDeviceMemory(snapshot));
        metrics.add(callDuration(snapshot));
        snapshot.otherCounters().forEach((label, value) -> metrics.add(UnknownSnapshot.builder()
            .name(metricName(label)).help("The executor's counter '" + label + "'.")
            .dataPoint(UnknownDataPointSnapshot.builder().value(value).build()).build()));
        return new MetricSnapshots(metrics);
    }

    /**
     * A counter label as a metric name: gpurelay_ and its words in lower case, joined by underscores.
     */
    static String metricName(final String label)
    {
        final StringBuilder name = new StringBuilder("gpurelay");
        boolean separate = true;
        for (final char c : label.toLowerCase(Locale.ROOT).toCharArray())
        {
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9')
            {
                if (separate)
                {
                    name.append('_');
                    separate = false;
                }
                name.append(c);
            }
            else
            {
                separate = true;
            }
        }
        return name.toString();
    }

    private static MetricSnapshot errors(final ExecutorSnapshot snapshot)
    {
        long failedCalls = 0;
        for (final FamilyStats family : snapshot.families().values())
        {
            failedCalls += family.failedCalls();
        }
        return CounterSnapshot.builder().name("gpurelay_errors")
            .help("Errors by kind: calls answered with an error, malformed messages, messages for another session, " +
                "failures inside the executor.")
            .dataPoint(counterPoint(failedCalls, Labels.of("kind", "failed_call")))
            .dataPoint(counterPoint(snapshot.total(ExecutorCounters.MALFORMED_MESSAGES_TYPE_ID),
                Labels.of("kind", "malformed_message")))
            .dataPoint(counterPoint(snapshot.total(ExecutorCounters.FOREIGN_MESSAGES_TYPE_ID),
                Labels.of("kind", "foreign_message")))
            .dataPoint(counterPoint(snapshot.total(ExecutorCounters.ERRORS_TYPE_ID), Labels.of("kind", "internal")))
            .build();
    }

    private static MetricSnapshot deviceMemory(final ExecutorSnapshot snapshot)
    {
        final GaugeSnapshot.Builder gauge = gauge("gpurelay_device_memory_held_bytes",
            "Device memory the open sessions' allocations hold, by device (as clients number them).", Unit.BYTES);
        snapshot.deviceMemory().forEach((device, bytes) ->
            gauge.dataPoint(gaugePoint(bytes, Labels.of("device", Integer.toString(device)))));
        return gauge.build();
    }

    private static MetricSnapshot deviceFigure(
        final ExecutorSnapshot snapshot, final String name, final String help, final boolean total)
    {
        final GaugeSnapshot.Builder gauge = gauge(name, help, Unit.BYTES);
        snapshot.deviceFigures().forEach((device, figures) ->
        {
            final long bytes = total ? figures.totalBytes() : figures.freeBytes();
            if (bytes >= 0)
            {
                gauge.dataPoint(gaugePoint(bytes, Labels.of("device", Integer.toString(device))));
            }
        });
        return gauge.build();
    }

    private static MetricSnapshot sessionDeviceMemory(final ExecutorSnapshot snapshot)
    {
        final GaugeSnapshot.Builder gauge = gauge("gpurelay_session_device_memory_held_bytes",
            "Device memory each open session's allocations hold, on all its devices.", Unit.BYTES);
        for (final SessionStats session : snapshot.sessions())
        {
            gauge.dataPoint(gaugePoint(session.deviceMemoryTotal(), Labels.of(
                "session", Long.toString(session.sessionId()), "client", session.client(), "host", session.host(),
                "worker_pid", Long.toString(session.workerPid()))));
        }
        return gauge.build();
    }

    private static MetricSnapshot callDuration(final ExecutorSnapshot snapshot)
    {
        final Map<Long, Long> buckets = snapshot.latencyBuckets();
        final double[] bounds = new double[buckets.size()];
        final long[] counts = new long[buckets.size()];
        int i = 0;
        long count = 0;
        for (final Map.Entry<Long, Long> bucket : buckets.entrySet())
        {
            bounds[i] = bucket.getKey() == Long.MAX_VALUE ? Double.POSITIVE_INFINITY :
                Unit.nanosToSeconds(bucket.getKey());
            counts[i] = bucket.getValue();
            count += bucket.getValue();
            i++;
        }
        final HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name("gpurelay_call_duration_seconds")
            .help("Time from a call's input having arrived to its reply, on the executor.").unit(Unit.SECONDS);
        if (count > 0 && bounds[bounds.length - 1] == Double.POSITIVE_INFINITY)
        {
            histogram.dataPoint(HistogramDataPointSnapshot.builder()
                .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts))
                .sum(Unit.nanosToSeconds(snapshot.latencySumNs()))
                .build());
        }
        return histogram.build();
    }

    private static MetricSnapshot byFamily(
        final ExecutorSnapshot snapshot,
        final String name,
        final String help,
        final Unit unit,
        final ToLongFunction<FamilyStats> value)
    {
        final CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        if (unit != null)
        {
            counter.unit(unit);
        }
        for (final FamilyStats family : snapshot.families().values())
        {
            counter.dataPoint(counterPoint(value.applyAsLong(family), Labels.of("family", family.family())));
        }
        return counter.build();
    }

    private static MetricSnapshot counter(final String name, final String help, final Unit unit, final long value)
    {
        final CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        if (unit != null)
        {
            counter.unit(unit);
        }
        return counter.dataPoint(counterPoint(value, Labels.EMPTY)).build();
    }

    private static GaugeSnapshot.Builder gauge(final String name, final String help, final Unit unit)
    {
        final GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
        return unit == null ? gauge : gauge.unit(unit);
    }

    private static CounterDataPointSnapshot counterPoint(final long value, final Labels labels)
    {
        return CounterDataPointSnapshot.builder().value(value).labels(labels).build();
    }

    private static GaugeDataPointSnapshot gaugePoint(final long value, final Labels labels)
    {
        return GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
    }
}
