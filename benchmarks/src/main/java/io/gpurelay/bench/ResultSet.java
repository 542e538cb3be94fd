package io.gpurelay.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every transport's results of one run: written as CSV, and printed as a table side by side with the ratio of each
 * remote figure to the local one (or to IPC's where there is no local run).
 */
final class ResultSet
{
    static final String CSV_HEADER = "transport,benchmark,parameter,metric,value,unit,note";

    private final List<BenchResult> results = new ArrayList<>();

    void add(final BenchResult result)
    {
        results.add(result);
    }

    List<BenchResult> results()
    {
        return List.copyOf(results);
    }

    boolean has(final Transport transport)
    {
        return results.stream().anyMatch(result -> result.transport() == transport && result.available());
    }

    Optional<BenchResult> find(
        final Transport transport, final String benchmark, final String parameter, final String metric)
    {
        return results.stream()
            .filter(result -> result.transport() == transport && result.benchmark().equals(benchmark) &&
                result.parameter().equals(parameter) && result.metric().equals(metric))
            .findFirst();
    }

    /**
     * The transport the others are compared with: local where it ran, else IPC.
     */
    Transport baseline()
    {
        return has(Transport.LOCAL) ? Transport.LOCAL : Transport.IPC;
    }

    void writeCsv(final Path file) throws IOException
    {
        final List<String> lines = new ArrayList<>();
        lines.add(CSV_HEADER);
        for (final BenchResult result : results)
        {
            lines.add(String.join(",", result.transport().label(), result.benchmark(), result.parameter(),
                result.metric(), result.available() ? String.format(Locale.ROOT, "%.6g", result.value()) : "",
                result.unit(), quoted(result.note())));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /**
     * Read back a CSV that {@link #writeCsv} wrote.
     */
    static ResultSet readCsv(final Path file) throws IOException
    {
        final ResultSet resultSet = new ResultSet();
        final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(CSV_HEADER))
        {
            throw new IOException(file + " is not a results file of ./gpurelay bench: its header is not " + CSV_HEADER);
        }
        for (final String line : lines.subList(1, lines.size()))
        {
            final String[] fields = line.split(",", 7);
            if (fields.length != 7)
            {
                throw new IOException(file + ": malformed line '" + line + "'");
            }
            final String note = fields[6].startsWith("\"") && fields[6].endsWith("\"") ?
                fields[6].substring(1, fields[6].length() - 1).replace("\"\"", "\"") : fields[6];
            resultSet.add(new BenchResult(Transport.fromLabel(fields[0]), fields[1], fields[2], fields[3],
                fields[4].isEmpty() ? Double.NaN : Double.parseDouble(fields[4]), fields[5], note));
        }
        return resultSet;
    }

    private static String quoted(final String text)
    {
        return text.isEmpty() ? "" : "\"" + text.replace("\"", "\"\"") + "\"";
    }

    /**
     * The side-by-side table, then what could not run and why.
     */
    String table(final List<Transport> transports)
    {
        final Transport base = baseline();
        final List<Transport> compared = transports.stream()
            .filter(transport -> transport != base && transport != Transport.LOCAL).toList();
        final Map<String, Map<Transport, BenchResult>> rows = new LinkedHashMap<>();
        for (final BenchResult result : results)
        {
            final String key = result.available() ?
                result.benchmark() + "\t" + result.parameter() + "\t" + result.metric() + "\t" + result.unit() :
                result.benchmark() + "\t" + result.parameter();
            rows.computeIfAbsent(key, ignored -> new EnumMap<>(Transport.class)).put(result.transport(), result);
        }

        final StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%-21s %-20s %-10s %-11s", "benchmark", "parameter", "metric", "unit"));
        for (final Transport transport : transports)
        {
            text.append(String.format(Locale.ROOT, " %11s", transport.label()));
        }
        for (final Transport transport : compared)
        {
            text.append(String.format(Locale.ROOT, " %11s", transport.label() + "/" + base.label()));
        }
        text.append('\n');
        for (final Map.Entry<String, Map<Transport, BenchResult>> row : rows.entrySet())
        {
            final String[] key = row.getKey().split("\t", -1);
            if (key.length == 2 && rows.keySet().stream().anyMatch(other ->
                other.startsWith(row.getKey() + "\t")))
            {
                continue;
            }
            text.append(String.format(Locale.ROOT, "%-21s %-20s %-10s %-11s", key[0], key[1],
                key.length > 2 ? key[2] : "-", key.length > 3 ? key[3] : ""));
            for (final Transport transport : transports)
            {
                text.append(String.format(Locale.ROOT, " %11s", cell(row.getValue().get(transport), key, transport)));
            }
            for (final Transport transport : compared)
            {
                final BenchResult remote = row.getValue().get(transport);
                final BenchResult local = row.getValue().get(base);
                text.append(String.format(Locale.ROOT, " %11s",
                    remote != null && local != null && remote.available() && local.available() && local.value() > 0 ?
                    String.format(Locale.ROOT, "%.2fx", remote.value() / local.value()) : "-"));
            }
            text.append('\n');
        }
        final List<BenchResult> missing = results.stream().filter(result -> !result.available()).toList();
        if (!missing.isEmpty())
        {
            text.append('\n');
            for (final BenchResult result : missing)
            {
                text.append(String.format(Locale.ROOT, "%s %s over %s: %s%n", result.benchmark(), result.parameter(),
                    result.transport().label(), result.note()));
            }
        }
        return text.toString();
    }

    private String cell(final BenchResult result, final String[] key, final Transport transport)
    {
        if (result != null)
        {
            return result.available() ? format(result.value()) : "n/a";
        }
        if (key.length > 2)
        {
            return results.stream().anyMatch(other -> !other.available() && other.transport() == transport &&
                other.benchmark().equals(key[0]) &&
                other.parameter().equals(key[1])) ? "n/a" : "-";
        }
        return "-";
    }

    private static String format(final double value)
    {
        if (value >= 1e6)
        {
            return String.format(Locale.ROOT, "%.4g", value);
        }
        if (value >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }
}
