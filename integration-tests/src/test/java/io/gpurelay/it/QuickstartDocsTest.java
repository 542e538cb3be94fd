package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The README's quickstart says what the launcher does: as many commands as it says, the demo's transcript with every
 * sample that {@code scripts/demo.sh} runs on both transports, and every sample in the samples' README.
 */
class QuickstartDocsTest
{
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void theQuickstartListsAsManyCommandsAsItSays() throws IOException
    {
        final String quickstart = section(read("README.md"), "## Quickstart");
        final Matcher said = Pattern.compile("(\\w+) commands do everything").matcher(quickstart);
        assertTrue(said.find(), quickstart);
        final List<String> words = List.of("one", "two", "three", "four");
        final long rows = quickstart.lines().filter(line -> line.startsWith("| `")).count();
        assertEquals(words.indexOf(said.group(1).toLowerCase()) + 1, rows, quickstart);
    }

    @Test
    void theDemoTranscriptShowsEverySampleTheDemoRunsOverBothTransports() throws IOException
    {
        final List<String> samples = demoSamples();
        assertTrue(samples.size() >= 6, samples.toString());
        final String quickstart = section(read("README.md"), "## Quickstart");
        final String samplesReadme = read("samples/README.md");
        for (final String sample : samples)
        {
            for (final String transport : List.of("aeron:ipc", "udp loopback"))
            {
                assertTrue(quickstart.contains("running " + sample + " over " + transport + " ... PASSED"),
                    sample + " over " + transport + " is missing from the README's demo transcript");
            }
            assertTrue(samplesReadme.contains("| `" + sample + "` |"), sample + " is missing from samples/README.md");
        }
        assertFalse(quickstart.lines().anyMatch(line -> line.matches(" *running (\\w+) over .*") &&
            !samples.contains(line.trim().split(" ")[1])), "the transcript shows a sample the demo does not run");
    }

    /** The names in demo.sh's {@code SAMPLES=(...)}. */
    private static List<String> demoSamples() throws IOException
    {
        final Matcher matcher = Pattern.compile("(?m)^SAMPLES=\\(([^)]*)\\)").matcher(read("scripts/demo.sh"));
        assertTrue(matcher.find(), "scripts/demo.sh has no SAMPLES=(...)");
        return Arrays.stream(matcher.group(1).trim().split("\\s+")).toList();
    }

    private static String section(final String markdown, final String heading)
    {
        final int start = markdown.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, "no " + heading);
        final int end = markdown.indexOf("\n## ", start + heading.length() + 2);
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }

    private static String read(final String path) throws IOException
    {
        return Files.readString(ROOT.resolve(path), StandardCharsets.UTF_8);
    }
}
