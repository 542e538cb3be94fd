package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code FN function/case status=... values} lines a differential program prints, run once with JCuda's own
 * natives and once through gpurelay: the same calls must have run, each with the same status and values, but for
 * differences known and listed as {@code "locally | through gpurelay"}. {@code ROW function status=... values} lines,
 * one for each row of the function table, are compared the same way ({@link #assertSameRows}).
 */
final class CallLines
{
    private static final String CALL = "FN ";
    private static final String ROW = "ROW ";

    private CallLines()
    {
    }

    /**
     * Compare the two runs' lines; print how many calls of how many functions were compared.
     *
     * @param keepRepeats whether a case printed more than once is compared at each occurrence (else the last).
     */
    static void assertSameCalls(
        final String what, final String localOutput, final String remoteOutput, final Map<String, String> known,
        final boolean keepRepeats)
    {
        assertSameLines(CALL, "calls", what, localOutput, remoteOutput, known, keepRepeats);
    }

    /**
     * As {@link #assertSameCalls} for the {@code ROW} lines of a run over the function table, each printed once.
     */
    static void assertSameRows(
        final String what, final String localOutput, final String remoteOutput, final Map<String, String> known)
    {
        assertSameLines(ROW, "rows", what, localOutput, remoteOutput, known, false);
    }

    /**
     * The names of the functions whose {@code ROW} lines a run printed.
     */
    static Set<String> rowNames(final String output)
    {
        return lines(ROW, output, false).keySet();
    }

    /**
     * Both runs went to their end (a line after the first starts with {@code end}, such as {@code DONE} or
     * {@code PASSED}), then {@link #assertSameCalls} on them: how most differential GPU tests end.
     */
    static void assertBothEndedWithSameCalls(
        final String what, final String end, final String localOutput, final String remoteOutput,
        final Map<String, String> known, final boolean keepRepeats)
    {
        assertTrue(localOutput.contains("\n" + end), localOutput);
        assertTrue(remoteOutput.contains("\n" + end), remoteOutput);
        assertSameCalls(what, localOutput, remoteOutput, known, keepRepeats);
    }

    /**
     * Every {@code FN} line of a program's run reports success ({@code status=0}), but for the cases expected to fail.
     *
     * @param expectedToFail the markers (e.g. {@code "/again "}) of the lines whose status is checked elsewhere.
     */
    static void assertAllSucceeded(final String output, final String... expectedToFail)
    {
        for (final String line : output.split("\n"))
        {
            if (line.startsWith(CALL) && Arrays.stream(expectedToFail).noneMatch(line::contains))
            {
                assertTrue(line.contains(" status=0"), line + "\n" + output);
            }
        }
    }

    private static void assertSameLines(
        final String prefix, final String noun, final String what, final String localOutput,
        final String remoteOutput, final Map<String, String> known, final boolean keepRepeats)
    {
        final Map<String, String> expected = lines(prefix, localOutput, keepRepeats);
        final Map<String, String> actual = lines(prefix, remoteOutput, keepRepeats);
        assertEquals(expected.keySet(), actual.keySet(), "the same " + noun + " ran");
        final List<String> differences = new ArrayList<>();
        final Set<String> functions = new TreeSet<>();
        for (final Map.Entry<String, String> call : expected.entrySet())
        {
            functions.add(call.getKey().split("/")[0]);
            final String observed = call.getValue() + " | " + actual.get(call.getKey());
            if (!call.getValue().equals(actual.get(call.getKey())) &&
                !known.getOrDefault(call.getKey(), "").equals(observed))
            {
                differences.add(call.getKey() + ": locally " + call.getValue() + ", through gpurelay " +
                    actual.get(call.getKey()));
            }
        }
        System.out.println(expected.size() + " " + noun + " of " + functions.size() + " " + what + " compared:\n" +
            localOutput);
        assertTrue(differences.isEmpty(), differences.size() + " of " + expected.size() + " " + noun + " differ:\n" +
            String.join("\n", differences) + "\n\nthrough gpurelay:\n" + remoteOutput);
    }

    /**
     * The lines starting with {@code prefix}, by the name that follows it ({@code function/case} or
     * {@code function}), each to the rest of its line.
     */
    private static Map<String, String> lines(final String prefix, final String output, final boolean keepRepeats)
    {
        final Map<String, String> calls = new LinkedHashMap<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith(prefix))
            {
                final int space = line.indexOf(' ', prefix.length());
                final String name = line.substring(prefix.length(), space);
                String key = name;
                for (int i = 2; keepRepeats && calls.containsKey(key); i++)
                {
                    key = name + "#" + i;
                }
                calls.put(key, line.substring(space + 1));
            }
        }
        return calls;
    }
}
