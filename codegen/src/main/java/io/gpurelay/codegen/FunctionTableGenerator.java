package io.gpurelay.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.gpurelay.codegen.FunctionTableReader.Arg;
import io.gpurelay.codegen.FunctionTableReader.Constant;
import io.gpurelay.codegen.FunctionTableReader.Extent;
import io.gpurelay.codegen.FunctionTableReader.Name;
import io.gpurelay.codegen.FunctionTableReader.Operation;
import io.gpurelay.codegen.FunctionTableReader.Row;

/**
 * Writes the function table as a Java class that constructs its rows: one method per row, calling the constructors
 * of {@code FunctionRow} and {@code Argument} and building each extent from {@code SizeExpression}'s nodes, so that
 * the run time reads no text. The table is read and checked by {@link FunctionTableReader}; a malformed row stops the
 * build naming the file and line.
 * <p>
 * Arguments: the table, the directory the source goes to, and the class's qualified name (in the package of
 * {@code FunctionTable}, whose package-private constructors it calls).
 */
public final class FunctionTableGenerator
{
    private FunctionTableGenerator()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        if (args.length != 3)
        {
            throw new IllegalArgumentException("usage: FunctionTableGenerator <table> <output dir> <class>");
        }
        final Path table = Path.of(args[0]);
        final String file = table.getFileName().toString();
        final List<Row> rows = FunctionTableReader.parse(file, Files.readString(table, StandardCharsets.UTF_8));
        final String className = args[2];
        final Path out = Path.of(args[1]).resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(out.getParent());
        Files.writeString(out, generate(rows, file, className), StandardCharsets.UTF_8);
    }

    /**
     * @param file      the table's name, for the class comment.
     * @param className the qualified name of the class to write.
     * @return its source.
     */
    static String generate(final List<Row> rows, final String file, final String className)
    {
        final int dot = className.lastIndexOf('.');
        final String packageName = className.substring(0, dot);
        final String simpleName = className.substring(dot + 1);
        final StringBuilder out = new StringBuilder();
        out.append("package ").append(packageName).append(";\n\n");
        out.append("import java.util.List;\n\n");
        out.append("/**\n * The rows of {@code ").append(file).append("}, in its order: generated from it by\n")
            .append(" * {@code io.gpurelay.codegen.FunctionTableGenerator} at {@code generate-sources}, which checked ")
            .append("every row.\n * Do not edit; change the table.\n */\n");
        out.append("final class ").append(simpleName).append("\n{\n");
        out.append("    private ").append(simpleName).append("()\n    {\n    }\n\n");
        out.append("    /**\n     * @return every row, in the table's order.\n     */\n");
        out.append("    static List<FunctionRow> rows()\n    {\n");
        out.append("        return List.of(");
        for (int i = 0; i < rows.size(); i++)
        {
            out.append(i == 0 ? "\n" : ",\n").append("            row").append(rows.get(i).id()).append("()");
        }
        out.append(");\n    }\n");
        for (final Row row : rows)
        {
            out.append("\n    /** {@code ").append(row.qualifiedName()).append("}, line ").append(row.line())
                .append(". */\n");
            out.append("    private static FunctionRow row").append(row.id()).append("()\n    {\n");
            out.append("        return new FunctionRow(").append(row.id()).append(", Binding.")
                .append(row.binding().name()).append(", ").append(literal(row.name())).append(", ContextMode.")
                .append(row.context().name()).append(", StreamOrder.").append(row.order().name()).append(", ")
                .append(row.emulated()).append(", ").append(literal(row.backendName())).append(",\n");
            out.append("            List.of(");
            final List<Arg> arguments = row.arguments();
            for (int i = 0; i < arguments.size(); i++)
            {
                final Arg argument = arguments.get(i);
                out.append(i == 0 ? "\n" : ",\n").append("                new Argument(ArgumentRole.")
                    .append(argument.role().name()).append(", ").append(literal(argument.name())).append(", ")
                    .append(argument.wireIndex()).append(", ").append(argument.resultIndex()).append(", ")
                    .append(argument.extent() == null ? "null" : extent(argument.extent()));
                if (argument.kind() != null || argument.nullable())
                {
                    out.append(", ").append(argument.kind() == null ? "null" : "ObjectKind." +
                        argument.kind().name()).append(", ").append(argument.nullable());
                }
                out.append(")");
            }
            out.append("));\n    }\n");
        }
        out.append("}\n");
        return out.toString();
    }

    /**
     * @return the Java expression that constructs the extent from {@code SizeExpression}'s package-private nodes.
     */
    static String extent(final Extent extent)
    {
        if (extent instanceof Constant constant)
        {
            return "SizeExpression.constant(" + constant.value() + "L)";
        }
        if (extent instanceof Name name)
        {
            return "SizeExpression.name(" + literal(name.name()) + ")";
        }
        if (extent instanceof FunctionTableReader.TypeSize typeSize)
        {
            return "SizeExpression.typeSize(" + extent(typeSize.type()) + ")";
        }
        if (extent instanceof FunctionTableReader.Select select)
        {
            return "SizeExpression.select(" + extent(select.condition()) + ", " + extent(select.zero()) + ", " +
                extent(select.other()) + ")";
        }
        if (extent instanceof FunctionTableReader.Bound bound)
        {
            return "SizeExpression." + (bound.minimum() ? "min" : "max") + "(" + extent(bound.left()) + ", " +
                extent(bound.right()) + ")";
        }
        final Operation operation = (Operation)extent;
        final String method = switch (operation.operator())
        {
            case '+' -> "plus";
            case '-' -> "minus";
            case '*' -> "times";
            default -> throw new IllegalArgumentException("operator " + operation.operator());
        };
        return "SizeExpression." + method + "(" + extent(operation.left()) + ", " + extent(operation.right()) + ")";
    }

    /**
     * @return {@code text} as a Java string literal.
     */
    static String literal(final String text)
    {
        final StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            if (c == '"' || c == '\\')
            {
                out.append('\\').append(c);
            }
            else if (c < 0x20)
            {
                // An octal escape: a unicode escape of a line break would end the literal.
                out.append(String.format("\\%03o", (int)c));
            }
            else if (c > 0x7E)
            {
                out.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
