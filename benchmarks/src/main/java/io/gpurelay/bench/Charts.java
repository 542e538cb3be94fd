package io.gpurelay.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.bench.workload.Workload;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts of a run: call latency, launch rate, copy bandwidth against size, and SAXPY and matmul time against
 * size, one series per transport.
 */
final class Charts
{
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;

    private final ResultSet results;
    private final List<Transport> transports;

    Charts(final ResultSet results, final List<Transport> transports)
    {
        this.results = results;
        this.transports = transports;
    }

    /**
     * @return the files written.
     */
    List<Path> write(final Path directory) throws IOException
    {
        final List<Path> written = new ArrayList<>();
        for (final String percentile : List.of("p50", "p99"))
        {
            final CategoryChart latency = category("Synchronous call round trip, " + percentile, "call", "µs");
            if (addCategories(latency, Workload.CALL_LATENCY_NAME, percentile, ""))
            {
                written.add(save(latency, directory.resolve("latency-" + percentile)));
            }
        }

        final CategoryChart launches = category("Tiny kernel launches in a loop", "kernel", "launches/s");
        if (addCategories(launches, Workload.KERNEL_LAUNCH_NAME, "rate", ""))
        {
            written.add(save(launches, directory.resolve("launch-rate")));
        }

        final XYChart bandwidth = xy("Copy bandwidth from Java arrays", "bytes", "GB/s");
        boolean any = addSeries(bandwidth, Workload.COPY_HOST_TO_DEVICE_NAME, "bandwidth", " host→device");
        any |= addSeries(bandwidth, Workload.COPY_DEVICE_TO_HOST_NAME, "bandwidth", " device→host");
        if (any)
        {
            written.add(save(bandwidth, directory.resolve("bandwidth")));
        }

        final XYChart pinned = xy("Copy bandwidth from pinned memory (cuMemAllocHost)", "bytes", "GB/s");
        any = addSeries(pinned, Workload.PINNED_HOST_TO_DEVICE_NAME, "bandwidth", " host→device");
        any |= addSeries(pinned, Workload.PINNED_DEVICE_TO_HOST_NAME, "bandwidth", " device→host");
        any |= addSeries(pinned, Workload.PINNED_HOST_TO_DEVICE_ASYNC_NAME, "bandwidth", " host→device async");
        any |= addSeries(pinned, Workload.PINNED_DEVICE_TO_HOST_ASYNC_NAME, "bandwidth", " device→host async");
        if (any)
        {
            written.add(save(pinned, directory.resolve("bandwidth-pinned")));
        }

        final XYChart saxpy = xy("SAXPY end to end (x, y in; kernel; y out)", "n", "ms");
        if (addSeries(saxpy, Workload.SAXPY_PTX_NAME, "time", ""))
        {
            written.add(save(saxpy, directory.resolve("saxpy")));
        }

        final XYChart matmul = xy("n × n matmul end to end (A, B in; kernel; C out)", "n", "ms");
        any = addSeries(matmul, Workload.MATMUL_PTX_NAME, "time", " PTX tiled");
        any |= addSeries(matmul, Workload.SGEMM_CUBLAS_NAME, "time", " cuBLAS sgemm");
        if (any)
        {
            written.add(save(matmul, directory.resolve("matmul")));
        }
        return written;
    }

    private static CategoryChart category(final String title, final String xTitle, final String yTitle)
    {
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendVisible(true);
        return chart;
    }

    private static XYChart xy(final String title, final String xTitle, final String yTitle)
    {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        return chart;
    }

    private boolean addCategories(
        final CategoryChart chart, final String benchmark, final String metric, final String suffix)
    {
        final Set<String> parameters = parameters(benchmark, metric);
        boolean any = false;
        for (final Transport transport : transports)
        {
            final List<String> x = new ArrayList<>();
            final List<Number> y = new ArrayList<>();
            for (final String parameter : parameters)
            {
                results.find(transport, benchmark, parameter, metric).filter(BenchResult::available)
                    .filter(result -> result.value() > 0)
                    .ifPresent(result ->
                    {
                        x.add(parameter);
                        y.add(result.value());
                    });
            }
            if (x.size() == parameters.size() && !x.isEmpty())
            {
                chart.addSeries(transport.label() + suffix, x, y);
                any = true;
            }
        }
        return any;
    }

    private boolean addSeries(final XYChart chart, final String benchmark, final String metric, final String suffix)
    {
        boolean any = false;
        for (final Transport transport : transports)
        {
            final List<Number> x = new ArrayList<>();
            final List<Number> y = new ArrayList<>();
            for (final String parameter : parameters(benchmark, metric))
            {
                results.find(transport, benchmark, parameter, metric).filter(BenchResult::available)
                    .filter(result -> result.value() > 0)
                    .ifPresent(result ->
                    {
                        x.add(Double.parseDouble(parameter));
                        y.add(result.value());
                    });
            }
            if (!x.isEmpty())
            {
                chart.addSeries(transport.label() + suffix, x, y).setMarker(SeriesMarkers.CIRCLE);
                any = true;
            }
        }
        return any;
    }

    private Set<String> parameters(final String benchmark, final String metric)
    {
        final Set<String> parameters = new LinkedHashSet<>();
        for (final BenchResult result : results.results())
        {
            if (result.benchmark().equals(benchmark) && result.metric().equals(metric) && result.available())
            {
                parameters.add(result.parameter());
            }
        }
        return parameters;
    }

    private static Path save(final Chart<?, ?> chart, final Path fileWithoutExtension) throws IOException
    {
        BitmapEncoder.saveBitmap(chart, fileWithoutExtension.toString(), BitmapEncoder.BitmapFormat.PNG);
        return Path.of(fileWithoutExtension + ".png");
    }
}
