package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A program's {@code FN function/case status=... values} lines held to literal expectations (where no run with
 * JCuda's own natives gives them, as on the emulator): a table of the calls expected, each with the rest of its line,
 * and the check that every call of the table printed exactly that; or whole lines the output must hold. Calls the
 * table does not name are not checked.
 */
final class ExpectedCalls
{
    private static final String CALL = "FN ";

    private ExpectedCalls()
    {
    }

    /**
     * The calls of a table: one call a line, its {@code function/case} key, then spaces, then the rest of its
     * {@code FN} line (status and values); blank lines are skipped.
     *
     * @return the calls by key, in the table's order.
     */
    static Map<String, String> table(final String rows)
    {
        final Map<String, String> calls = new LinkedHashMap<>();
        for (final String row : rows.split("\n"))
        {
            final String trimmed = row.strip();
            if (!trimmed.isEmpty())
            {
                final int space = trimmed.indexOf(' ');
                if (space < 0 || calls.put(trimmed.substring(0, space), trimmed.substring(space).strip()) != null)
                {
                    throw new IllegalArgumentException("not a call with its answer, or a call listed twice: " + row);
                }
            }
        }
        return calls;
    }

    /**
     * The {@code FN} lines of a run, by their {@code function/case} key, each to the rest of its line (a key printed
     * twice: the last).
     */
    static Map<String, String> calls(final String output)
    {
        final Map<String, String> calls = new LinkedHashMap<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith(CALL))
            {
                final int space = line.indexOf(' ', CALL.length());
                calls.put(line.substring(CALL.length(), space), line.substring(space + 1));
            }
        }
        return calls;
    }

    /**
     * Every call expected printed its expected answer; the failure lists each one that did not, then the output.
     *
     * @return the run's calls ({@link #calls}), for the caller's own checks.
     */
    static Map<String, String> assertAnswered(final Map<String, String> expected, final String output)
    {
        final Map<String, String> actual = calls(output);
        final List<String> differences = new ArrayList<>();
        for (final Map.Entry<String, String> call : expected.entrySet())
        {
            if (!call.getValue().equals(actual.get(call.getKey())))
            {
                differences.add(call.getKey() + ": expected " + call.getValue() + ", got " + actual.get(call.getKey()));
            }
        }
        assertTrue(differences.isEmpty(), String.join("\n", differences) + "\n\n" + output);
        return actual;
    }

    /**
     * Each line of {@code lines} (blank ones skipped, each stripped of its indentation) stands in the output, ended by
     * a line break: what a program printed, not the whole of it.
     */
    static void assertPrinted(final String output, final String lines)
    {
        for (final String row : lines.split("\n"))
        {
            final String line = row.strip();
            if (!line.isEmpty())
            {
                assertTrue(output.contains(line + "\n"), line + "\n" + output);
            }
        }
    }
}
