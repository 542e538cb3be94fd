package io.gpurelay.agent.javacpp.struct;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The layouts of the CUDA presets' struct classes, read from the resource that scripts/javacpp-struct-layouts.sh
 * writes from the CUDA headers (its format is documented at its top). Keyed by Java class name.
 */
public final class StructLayouts
{
    /** The resource the agent reads. */
    public static final String RESOURCE = "/io/gpurelay/agent/javacpp/cuda-struct-layouts.txt";

    private final Map<String, StructLayout> structs;
    private final Map<String, String> skipped;

    private StructLayouts(final Map<String, StructLayout> structs, final Map<String, String> skipped)
    {
        this.structs = Collections.unmodifiableMap(structs);
        this.skipped = Collections.unmodifiableMap(skipped);
    }

    /**
     * The agent's layouts: parsed once, from its resource.
     */
    public static StructLayouts get()
    {
        return Holder.LAYOUTS;
    }

    public static StructLayouts read(final InputStream in) throws IOException
    {
        final Map<String, StructLayout> structs = new LinkedHashMap<>();
        final Map<String, String> skipped = new LinkedHashMap<>();
        final Map<String, Map<String, StructLayout.Member>> members = new LinkedHashMap<>();
        final BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        int lineNumber = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine())
        {
            lineNumber++;
            if (line.isBlank() || line.startsWith("#"))
            {
                continue;
            }
            final String[] words = line.trim().split("\\s+");
            try
            {
                switch (words[0])
                {
                    case "struct" ->
                    {
                        check(words.length == 5 || words.length == 6 && words[5].equals("nooffset"), line);
                        final Map<String, StructLayout.Member> byName = new LinkedHashMap<>();
                        members.put(words[1], byName);
                        structs.put(words[1], new StructLayout(words[1], words[2], Integer.parseInt(words[3]),
                            Integer.parseInt(words[4]), words.length == 6, byName));
                    }
                    case "member" ->
                    {
                        check(words.length == 5, line);
                        final Map<String, StructLayout.Member> byName = members.get(words[1]);
                        check(byName != null, "member before its struct: " + line);
                        byName.put(words[2], StructLayout.Member.parse(words[2], Integer.parseInt(words[3]), words[4]));
                    }
                    case "skip" ->
                    {
                        check(words.length >= 3, line);
                        skipped.put(words[1], line.trim().substring(line.trim().indexOf(words[2])));
                    }
                    default -> throw new IllegalArgumentException("unknown line: " + line);
                }
            }
            catch (final RuntimeException ex)
            {
                throw new IOException("struct layouts, line " + lineNumber + ": " + ex.getMessage(), ex);
            }
        }
        return new StructLayouts(structs, skipped);
    }

    private static void check(final boolean condition, final String line)
    {
        if (!condition)
        {
            throw new IllegalArgumentException("malformed line: " + line);
        }
    }

    /**
     * @return the layout of this Java class, or null when it is no struct class the layouts know.
     */
    public StructLayout layout(final String javaClassName)
    {
        return structs.get(javaClassName);
    }

    /**
     * @return the layout of this class or of its nearest superclass the layouts know (a program may subclass a
     * struct class), or null.
     */
    public StructLayout layoutOf(final Class<?> type)
    {
        for (Class<?> c = type; c != null; c = c.getSuperclass())
        {
            final StructLayout layout = structs.get(c.getName());
            if (layout != null)
            {
                return layout;
            }
        }
        return null;
    }

    public Map<String, StructLayout> structs()
    {
        return structs;
    }

    /**
     * @return the classes the layouts leave out, with the reason.
     */
    public Map<String, String> skipped()
    {
        return skipped;
    }

    private static final class Holder
    {
        static final StructLayouts LAYOUTS = load();

        private static StructLayouts load()
        {
            try (InputStream in = StructLayouts.class.getResourceAsStream(RESOURCE))
            {
                if (in == null)
                {
                    throw new IllegalStateException("the agent's resource " + RESOURCE + " is missing");
                }
                return read(in);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
    }
}
