package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README, of {@code docs/} and of the samples' README reaches a file of the repository, and
 * every {@code #anchor} one of that file's headings (as GitHub makes anchors of them), so that moving a section from
 * one page to another cannot leave a link behind.
 */
class DocumentationLinksTest
{
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");

    @Test
    void everyRelativeLinkReachesAFileAndAHeading() throws IOException
    {
        final List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("samples/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs")))
        {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        final List<String> broken = new ArrayList<>();
        int links = 0;
        for (final Path page : pages)
        {
            final Matcher matcher = LINK.matcher(FENCE.matcher(read(page)).replaceAll(""));
            while (matcher.find())
            {
                final String link = matcher.group(1);
                if (link.matches("[a-zA-Z][a-zA-Z+.-]*:.*"))
                {
                    continue;
                }
                links++;
                final int hash = link.indexOf('#');
                final String file = hash < 0 ? link : link.substring(0, hash);
                final Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!target.startsWith(ROOT) || !Files.exists(target))
                {
                    broken.add(ROOT.relativize(page) + ": " + link + " (no such file)");
                }
                else if (hash >= 0 && target.toString().endsWith(".md") &&
                    !anchors(target).contains(link.substring(hash + 1)))
                {
                    broken.add(ROOT.relativize(page) + ": " + link + " (no such heading)");
                }
            }
        }
        assertTrue(links > 50, "only " + links + " relative links found");
        assertEquals(List.of(), broken);
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static Set<String> anchors(final Path page) throws IOException
    {
        final Set<String> anchors = new HashSet<>();
        for (final String line : FENCE.matcher(read(page)).replaceAll("").split("\n"))
        {
            if (line.matches("#+ .*"))
            {
                anchors.add(line.replaceFirst("#+ ", "").trim().toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static String read(final Path path) throws IOException
    {
        return Files.readString(path, StandardCharsets.UTF_8);
    }
}
