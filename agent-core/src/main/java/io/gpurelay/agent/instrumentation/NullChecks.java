package io.gpurelay.agent.instrumentation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JCuda's checks of null arguments, per native method, read from {@code jcuda-null-checks.txt} beside this class
 * (its header describes the format). JCuda's JNI code makes them before it calls CUDA; the agent replaces that code,
 * so {@link NativeMethodTransformer} puts the same checks, in the same order, first in the body of every listed native.
 */
public final class NullChecks
{
    static final String RESOURCE = "jcuda-null-checks.txt";

    private static final Pattern CLASS_LINE = Pattern.compile("\\[([A-Za-z_$][\\w$.]*)]");
    private static final Pattern NATIVE = Pattern.compile("[A-Za-z_$][\\w$]*");
    private static final Pattern CHECK = Pattern.compile(
        "(\\d+):([A-Za-z_]\\w*)(?:@([A-Za-z_]\\w*)|=([A-Za-z_]\\w*)/(-?\\d+))?");

    private static volatile NullChecks standard;

    /** Native method of one class → its checks; the key is the name and the parameter count. */
    private final Map<String, Map<String, Row>> rowsByClass;

    private NullChecks(final Map<String, Map<String, Row>> rowsByClass)
    {
        this.rowsByClass = rowsByClass;
    }

    /**
     * One null check of one argument.
     *
     * @param position   the argument's position, from 0.
     * @param parameter  the name JCuda's message gives it.
     * @param function   the function JCuda's message names.
     * @param statusName null where a null argument throws, else the status JCuda returns.
     * @param status     that status's value.
     */
    public record Check(int position, String parameter, String function, String statusName, int status)
    {
        public boolean returnsStatus()
        {
            return statusName != null;
        }

        /** The message of the NullPointerException JCuda throws. */
        public String message()
        {
            return "Parameter '" + parameter + "' is null for " + function;
        }
    }

    /**
     * The checks of one native method, in JCuda's order.
     */
    public record Row(String className, String nativeName, int arity, List<Check> checks, int line)
    {
    }

    /**
     * The description that comes with the agent.
     */
    public static NullChecks standard()
    {
        NullChecks checks = standard;
        if (checks == null)
        {
            try (InputStream in = NullChecks.class.getResourceAsStream(RESOURCE))
            {
                if (in == null)
                {
                    throw new IllegalStateException(RESOURCE + " is missing from the agent");
                }
                checks = parse(RESOURCE, new InputStreamReader(in, StandardCharsets.UTF_8));
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
            standard = checks;
        }
        return checks;
    }

    /**
     * Read a description.
     *
     * @param source how errors name it.
     * @throws IllegalArgumentException naming the source and line of the first malformed row.
     */
    public static NullChecks parse(final String source, final Reader text) throws IOException
    {
        final Map<String, Map<String, Row>> rowsByClass = new LinkedHashMap<>();
        final BufferedReader reader = new BufferedReader(text);
        Map<String, Row> rows = null;
        String className = null;
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null)
        {
            number++;
            final String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#"))
            {
                continue;
            }
            final Matcher classLine = CLASS_LINE.matcher(trimmed);
            if (classLine.matches())
            {
                className = classLine.group(1);
                if (rowsByClass.containsKey(className))
                {
                    throw malformed(source, number, "class " + className + " appears twice");
                }
                rows = new LinkedHashMap<>();
                rowsByClass.put(className, rows);
                continue;
            }
            if (rows == null)
            {
                throw malformed(source, number, "a row before the first [class] line");
            }
            final Row row = row(source, number, className, trimmed.split("\\s+"));
            if (rows.put(key(row.nativeName(), row.arity()), row) != null)
            {
                throw malformed(source, number,
                    row.nativeName() + " with " + row.arity() + " parameters appears twice");
            }
        }
        final Map<String, Map<String, Row>> frozen = new HashMap<>();
        rowsByClass.forEach((name, classRows) -> frozen.put(name, Collections.unmodifiableMap(classRows)));
        return new NullChecks(frozen);
    }

    private static Row row(final String source, final int number, final String className, final String[] tokens)
    {
        if (tokens.length < 3)
        {
            throw malformed(source, number, "expected: native arity check...");
        }
        final String nativeName = tokens[0];
        if (!NATIVE.matcher(nativeName).matches())
        {
            throw malformed(source, number, "'" + nativeName + "' is not a method name");
        }
        final int arity;
        try
        {
            arity = Integer.parseInt(tokens[1]);
        }
        catch (final NumberFormatException ex)
        {
            throw malformed(source, number, "arity '" + tokens[1] + "' is not a number");
        }
        final String defaultFunction = nativeName.endsWith("Native") && nativeName.length() > "Native".length() ?
            nativeName.substring(0, nativeName.length() - "Native".length()) : nativeName;
        final List<Check> checks = new ArrayList<>();
        for (int i = 2; i < tokens.length; i++)
        {
            final Matcher check = CHECK.matcher(tokens[i]);
            if (!check.matches())
            {
                throw malformed(source, number, "check '" + tokens[i] +
                    "' is not position:parameter, position:parameter@function or position:parameter=STATUS/value");
            }
            final int position = Integer.parseInt(check.group(1));
            if (position >= arity)
            {
                throw malformed(source, number, "check '" + tokens[i] + "' names position " + position + " of a " +
                    arity + "-parameter native");
            }
            for (final Check earlier : checks)
            {
                if (earlier.position() == position)
                {
                    throw malformed(source, number, "position " + position + " is checked twice");
                }
            }
            final String function = check.group(3) == null ? defaultFunction : check.group(3);
            checks.add(check.group(4) == null ?
                new Check(position, check.group(2), function, null, 0) :
                new Check(position, check.group(2), function, check.group(4), Integer.parseInt(check.group(5))));
        }
        return new Row(className, nativeName, arity, List.copyOf(checks), number);
    }

    private static IllegalArgumentException malformed(final String source, final int line, final String why)
    {
        return new IllegalArgumentException(source + " line " + line + ": " + why);
    }

    private static String key(final String nativeName, final int arity)
    {
        return nativeName + "/" + arity;
    }

    /**
     * The checks of a native method, in JCuda's order; empty where JCuda checks none of its arguments.
     */
    public List<Check> of(final String className, final String nativeName, final int arity)
    {
        final Map<String, Row> rows = rowsByClass.get(className);
        final Row row = rows == null ? null : rows.get(key(nativeName, arity));
        return row == null ? List.of() : row.checks();
    }

    /**
     * Every row of one class, in the description's order.
     */
    public List<Row> rows(final String className)
    {
        final Map<String, Row> rows = rowsByClass.get(className);
        return rows == null ? List.of() : List.copyOf(rows.values());
    }
}
