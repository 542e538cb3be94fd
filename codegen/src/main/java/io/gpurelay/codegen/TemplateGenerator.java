package io.gpurelay.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the Java classes of each template ({@code *.java.in}) in a directory: one class per {@code variant} line of
 * the template, the template's text with each {@code ${key}} replaced by that variant's value. It is for classes
 * that are the same code for several element types (the emulated cuBLAS's {@code float} and {@code double}
 * kernels), so that the code is written once.
 * <p>
 * A template is a Java source whose lines starting {@code //# variant Name key=value...} declare the classes; those
 * lines are left out of the output. Every variant gives the same keys (a value may be empty), {@code ${Class}} is the
 * variant's class name, and the class goes to the template's {@code package}. A placeholder no variant defines, a key
 * the template never uses or a malformed line stops the build naming the template's file and line.
 * <p>
 * Arguments: the template directory and the directory the sources go to.
 */
public final class TemplateGenerator
{
    private static final String DIRECTIVE = "//#";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern PACKAGE = Pattern.compile("package\\s+([a-z][a-z0-9]*(\\.[a-z][a-z0-9]*)*)\\s*;");
    private static final String CLASS_KEY = "Class";

    private TemplateGenerator()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        if (args.length != 2)
        {
            throw new IllegalArgumentException("usage: TemplateGenerator <template dir> <output dir>");
        }
        final List<Path> templates;
        try (Stream<Path> files = Files.walk(Path.of(args[0])))
        {
            templates = files.filter(file -> file.getFileName().toString().endsWith(".java.in")).sorted().toList();
        }
        if (templates.isEmpty())
        {
            throw new IllegalArgumentException(args[0] + " holds no *.java.in template");
        }
        for (final Path template : templates)
        {
            final String text = Files.readString(template, StandardCharsets.UTF_8);
            for (final Map.Entry<String, String> source : generate(template.toString(), text).entrySet())
            {
                final Path file = Path.of(args[1]).resolve(source.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * A template that does not follow the format; the message names the file and line.
     */
    public static final class TemplateException extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        TemplateException(final String file, final int line, final String problem)
        {
            super(file + ":" + line + ": " + problem);
        }
    }

    private record Variant(String className, Map<String, String> values, int line)
    {
    }

    /**
     * The sources of a template's variants, by their path under the source root.
     */
    static Map<String, String> generate(final String file, final String text)
    {
        final String[] lines = text.split("\n", -1);
        final List<Variant> variants = new ArrayList<>();
        String packageName = null;
        for (int i = 0; i < lines.length; i++)
        {
            final String stripped = lines[i].strip();
            if (stripped.startsWith(DIRECTIVE))
            {
                variants.add(variant(file, i + 1, stripped.substring(DIRECTIVE.length()).strip(), variants));
            }
            else if (packageName == null)
            {
                final Matcher matcher = PACKAGE.matcher(stripped);
                if (matcher.matches())
                {
                    packageName = matcher.group(1);
                }
            }
        }
        if (variants.isEmpty())
        {
            throw new TemplateException(file, 1, "no '//# variant' line");
        }
        if (packageName == null)
        {
            throw new TemplateException(file, 1, "no package line");
        }
        final Set<String> used = new HashSet<>();
        final Map<String, String> sources = new LinkedHashMap<>();
        final String templateName = Path.of(file).getFileName().toString();
        for (final Variant variant : variants)
        {
            final StringBuilder out = new StringBuilder();
            for (int i = 0; i < lines.length; i++)
            {
                if (lines[i].strip().startsWith(DIRECTIVE))
                {
                    continue;
                }
                out.append(substitute(file, i + 1, lines[i], variant, used));
                if (i < lines.length - 1)
                {
                    out.append('\n');
                }
                if (PACKAGE.matcher(lines[i].strip()).matches())
                {
                    out.append("\n// Generated from ").append(templateName).append(" by ")
                        .append(TemplateGenerator.class.getName()).append(": edit the template, not this file.\n");
                }
            }
            sources.put(packageName.replace('.', '/') + "/" + variant.className() + ".java", out.toString());
        }
        for (final String key : variants.get(0).values().keySet())
        {
            if (!used.contains(key))
            {
                throw new TemplateException(file, variants.get(0).line(), "key '" + key + "' is never used");
            }
        }
        return sources;
    }

    private static Variant variant(final String file, final int line, final String directive,
        final List<Variant> earlier)
    {
        final String[] words = directive.split("\\s+");
        if (!words[0].equals("variant"))
        {
            throw new TemplateException(file, line, "unknown directive '" + words[0] + "' (variant)");
        }
        if (words.length < 2 || !CLASS_NAME.matcher(words[1]).matches())
        {
            throw new TemplateException(file, line, "expected '//# variant <ClassName> key=value...'");
        }
        final Map<String, String> values = new LinkedHashMap<>();
        for (int w = 2; w < words.length; w++)
        {
            final int equals = words[w].indexOf('=');
            final String key = equals < 0 ? words[w] : words[w].substring(0, equals);
            if (equals < 0 || !KEY.matcher(key).matches() || key.equals(CLASS_KEY))
            {
                throw new TemplateException(file, line, "expected key=value, not '" + words[w] + "'");
            }
            if (values.put(key, words[w].substring(equals + 1)) != null)
            {
                throw new TemplateException(file, line, "key '" + key + "' given twice");
            }
        }
        for (final Variant other : earlier)
        {
            if (other.className().equals(words[1]))
            {
                throw new TemplateException(file, line, "class " + words[1] + " given twice");
            }
            if (!other.values().keySet().equals(values.keySet()))
            {
                throw new TemplateException(file, line,
                    "keys " + values.keySet() + " differ from line " + other.line() + "'s " + other.values().keySet());
            }
        }
        return new Variant(words[1], values, line);
    }

    private static String substitute(final String file, final int line, final String text, final Variant variant,
        final Set<String> used)
    {
        final Matcher matcher = PLACEHOLDER.matcher(text);
        final StringBuilder out = new StringBuilder();
        int end = 0;
        while (matcher.find())
        {
            final String key = matcher.group(1);
            final String value = key.equals(CLASS_KEY) ? variant.className() : variant.values().get(key);
            if (value == null)
            {
                throw new TemplateException(file, line, "placeholder ${" + key + "} is no key of the variants");
            }
            used.add(key);
            out.append(text, end, matcher.start()).append(value);
            end = matcher.end();
        }
        out.append(text, end, text.length());
        if (out.indexOf("${") >= 0)
        {
            throw new TemplateException(file, line, "unterminated placeholder");
        }
        return out.toString();
    }
}
