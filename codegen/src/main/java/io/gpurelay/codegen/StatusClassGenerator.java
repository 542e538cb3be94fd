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
import java.util.regex.Pattern;

/**
 * Writes the Java class of each status (or other value) type in a description file (the format is documented at the
 * top of {@code wire-protocol/src/main/statuses/library-statuses.txt}): the values as {@code int} constants and a
 * {@code name(int)} that gives each one's C name. A module generates only the classes in its own packages.
 * <p>
 * Arguments: the description file, the directory the sources go to, and the package prefix of the classes to write.
 */
public final class StatusClassGenerator
{
    private static final Pattern JAVA_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern C_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern HEADER = Pattern.compile("[A-Za-z0-9_]+\\.h");
    private static final Pattern CLASS_NAME = Pattern.compile("([a-z][a-z0-9]*\\.)+[A-Z][A-Za-z0-9]*");

    private StatusClassGenerator()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        if (args.length != 3)
        {
            throw new IllegalArgumentException("usage: StatusClassGenerator <description> <output dir> <package>");
        }
        final Path description = Path.of(args[0]);
        final List<Library> libraries = parse(
            description.getFileName().toString(), Files.readString(description, StandardCharsets.UTF_8));
        final Map<String, String> sources = generate(libraries, args[2]);
        if (sources.isEmpty())
        {
            throw new IllegalArgumentException(description + " describes no class in package " + args[2]);
        }
        for (final Map.Entry<String, String> source : sources.entrySet())
        {
            final Path file = Path.of(args[1]).resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
        }
    }

    /**
     * One C status or value type: its {@code typedef} name, the header that declares it, the class comment, the
     * classes it is generated into and its values in the description's order.
     */
    record Library(String cType, String header, List<String> doc, List<Target> targets, List<Status> statuses)
    {
    }

    /**
     * A class the library is generated into. An open class is for a hand-written class to extend with what only it
     * has; a parenthesised one names an unknown number {@code cType(n)} instead of {@code cType n}.
     */
    record Target(String className, boolean open, boolean parenthesised)
    {
        String packageName()
        {
            return className.substring(0, className.lastIndexOf('.'));
        }

        String simpleName()
        {
            return className.substring(className.lastIndexOf('.') + 1);
        }
    }

    record Status(String javaName, int code, String cName, String comment)
    {
    }

    /**
     * A description that does not follow the format; the message names the file and line.
     */
    public static final class DescriptionException extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        DescriptionException(final String file, final int line, final String problem, final String text)
        {
            super(file + ":" + line + ": " + problem + ": " + text.strip());
        }
    }

    static List<Library> parse(final String file, final String text)
    {
        final List<Library> libraries = new ArrayList<>();
        final String[] lines = text.split("\r?\n", -1);
        Library library = null;
        int libraryLine = 0;
        Set<String> names = null;
        Set<Integer> codes = null;
        final Set<String> classNames = new HashSet<>();
        for (int i = 0; i < lines.length; i++)
        {
            final int lineNumber = i + 1;
            final String line = lines[i];
            final String stripped = line.strip();
            if (stripped.isEmpty() || stripped.startsWith("#"))
            {
                continue;
            }
            final String[] words = stripped.split("\\s+");
            switch (words[0])
            {
                case "library" ->
                {
                    check(library, file, libraryLine);
                    if (words.length != 3 || !C_NAME.matcher(words[1]).matches() ||
                        !HEADER.matcher(words[2]).matches())
                    {
                        throw new DescriptionException(
                            file, lineNumber, "expected 'library <C type> <header.h>'", line);
                    }
                    library = new Library(words[1], words[2], new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                    libraries.add(library);
                    libraryLine = lineNumber;
                    names = new HashSet<>();
                    codes = new HashSet<>();
                }
                case "doc" ->
                {
                    requireLibrary(library, file, lineNumber, line);
                    if (words.length < 2)
                    {
                        throw new DescriptionException(file, lineNumber, "expected 'doc <text>'", line);
                    }
                    library.doc().add(stripped.substring("doc".length()).strip());
                }
                case "class" ->
                {
                    requireLibrary(library, file, lineNumber, line);
                    boolean open = false;
                    boolean parenthesised = false;
                    for (int w = 2; w < words.length; w++)
                    {
                        switch (words[w])
                        {
                            case "open" -> open = true;
                            case "parenthesised" -> parenthesised = true;
                            default -> throw new DescriptionException(
                                file, lineNumber, "unknown class option '" + words[w] + "'", line);
                        }
                    }
                    if (words.length < 2 || !CLASS_NAME.matcher(words[1]).matches())
                    {
                        throw new DescriptionException(
                            file, lineNumber, "expected 'class <package.Name> [open] [parenthesised]'", line);
                    }
                    if (!classNames.add(words[1]))
                    {
                        throw new DescriptionException(file, lineNumber, "class " + words[1] + " given twice", line);
                    }
                    library.targets().add(new Target(words[1], open, parenthesised));
                }
                case "status", "value" ->
                {
                    requireLibrary(library, file, lineNumber, line);
                    if (words.length < 4 || !JAVA_NAME.matcher(words[1]).matches() ||
                        !C_NAME.matcher(words[3]).matches())
                    {
                        throw new DescriptionException(file, lineNumber,
                            "expected '" + words[0] + " <JAVA_NAME> <code> <C_NAME> [comment]'", line);
                    }
                    final int code;
                    try
                    {
                        code = Integer.parseInt(words[2]);
                    }
                    catch (final NumberFormatException e)
                    {
                        throw new DescriptionException(file, lineNumber, "code '" + words[2] + "' is no int", line);
                    }
                    if (!names.add(words[1]))
                    {
                        throw new DescriptionException(file, lineNumber, words[1] + " given twice", line);
                    }
                    if (!codes.add(code))
                    {
                        throw new DescriptionException(file, lineNumber, "code " + code + " given twice", line);
                    }
                    final String comment = words.length == 4 ? null : stripped.split("\\s+", 5)[4];
                    library.statuses().add(new Status(words[1], code, words[3], comment));
                }
                default -> throw new DescriptionException(file, lineNumber,
                    "unknown keyword '" + words[0] + "' (library, doc, class, status or value)", line);
            }
        }
        check(library, file, libraryLine);
        return libraries;
    }

    private static void requireLibrary(final Library library, final String file, final int line, final String text)
    {
        if (library == null)
        {
            throw new DescriptionException(file, line, "no 'library' line before", text);
        }
    }

    private static void check(final Library library, final String file, final int line)
    {
        if (library == null)
        {
            return;
        }
        if (library.targets().isEmpty())
        {
            throw new DescriptionException(file, line, "library has no 'class' line", "library " + library.cType());
        }
        if (library.statuses().isEmpty())
        {
            throw new DescriptionException(
                file, line, "library has no 'status' or 'value' line", "library " + library.cType());
        }
    }

    /**
     * The sources of the classes in {@code packagePrefix} or its subpackages, by their path under the source root.
     */
    static Map<String, String> generate(final List<Library> libraries, final String packagePrefix)
    {
        final Map<String, String> sources = new LinkedHashMap<>();
        for (final Library library : libraries)
        {
            for (final Target target : library.targets())
            {
                final String pkg = target.packageName();
                if (pkg.equals(packagePrefix) || pkg.startsWith(packagePrefix + "."))
                {
                    sources.put(target.className().replace('.', '/') + ".java", source(library, target));
                }
            }
        }
        return sources;
    }

    static String source(final Library library, final Target target)
    {
        final StringBuilder out = new StringBuilder();
        final String name = target.simpleName();
        out.append("package ").append(target.packageName()).append(";\n\n");
        out.append("// Generated from library-statuses.txt by ").append(StatusClassGenerator.class.getName())
            .append(": edit the description, not this file.\n\n");
        out.append("/**\n");
        out.append(" * The {@code ").append(library.cType()).append("} values of {@code ").append(library.header())
            .append("}.\n");
        if (!library.doc().isEmpty())
        {
            out.append(" * <p>\n");
        }
        for (final String doc : library.doc())
        {
            out.append(" * ").append(doc).append('\n');
        }
        out.append(" */\n");
        out.append("public ").append(target.open() ? "" : "final ").append("class ").append(name).append('\n');
        out.append("{\n");
        for (final Status status : library.statuses())
        {
            out.append("    /** {@code ").append(status.cName())
                .append(status.comment() == null ? "}. */\n" : "}: " + status.comment() + " */\n");
            out.append("    public static final int ").append(status.javaName()).append(" = ").append(status.code())
                .append(";\n");
        }
        out.append('\n');
        out.append("    ").append(target.open() ? "protected " : "private ").append(name).append("()\n");
        out.append("    {\n    }\n\n");
        out.append("    /**\n");
        out.append("     * @return the status's name in {@code ").append(library.header())
            .append("}, or for a number that is none, a text that says so.\n");
        out.append("     */\n");
        out.append("    public static String name(final int status)\n");
        out.append("    {\n");
        out.append("        return switch (status)\n");
        out.append("        {\n");
        for (final Status status : library.statuses())
        {
            out.append("            case ").append(status.javaName()).append(" -> \"").append(status.cName())
                .append("\";\n");
        }
        out.append("            default -> \"").append(library.cType())
            .append(target.parenthesised() ? "(\" + status + \")\";\n" : " \" + status;\n");
        out.append("        };\n");
        out.append("    }\n");
        out.append("}\n");
        return out.toString();
    }
}
