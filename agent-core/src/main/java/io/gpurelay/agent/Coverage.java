package io.gpurelay.agent;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.instrumentation.NativeMethodTable;
import io.gpurelay.agent.instrumentation.NullChecks;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * {@code java -cp gpurelay-agent.jar:jcuda.jar io.gpurelay.agent.Coverage [--markdown]}: for each binding class the
 * agent rewrites, how many native methods it has, how many gpurelay remotes (by hand-written code and by the function
 * table), how many of those the emulator runs, on how many it makes JCuda's null checks ({@link NullChecks}), and which
 * it does not remote. It builds the same tables the instrumentation builds, from the binding classes on the class
 * path, without loading them; the function table's
 * emulator column says which rows the emulator runs, and each module which of its hand-written functions it does not
 * ({@link io.gpurelay.agent.instrumentation.InstrumentationModule#emulatorRefusal}).
 */
public final class Coverage
{
    private Coverage()
    {
    }

    public static void main(final String[] args)
    {
        final boolean markdown = List.of(args).contains("--markdown");
        final ClassLoader classLoader = Coverage.class.getClassLoader();
        final TypePool typePool = TypePool.Default.of(ClassFileLocator.ForClassLoader.of(classLoader));
        final List<NativeMethodTable> tables = new ArrayList<>();
        final List<String> absent = new ArrayList<>();
        for (final InstrumentationModule module : InstrumentationModule.loadAll())
        {
            final TypePool.Resolution resolution = typePool.describe(module.targetClassName());
            if (resolution.isResolved())
            {
                tables.add(NativeMethodTable.of(module, resolution.resolve()));
            }
            else
            {
                absent.add(module.targetClassName());
            }
        }
        if (markdown)
        {
            printMarkdown(tables, absent, System.out);
        }
        else
        {
            printText(tables, absent, System.out);
        }
    }

    static void printText(final List<NativeMethodTable> tables, final List<String> absent, final PrintStream out)
    {
        out.printf("%-36s %14s %8s %8s %9s %14s%n", "class", "native methods", "remoted", "by table", "emulator",
            "not supported");
        for (final NativeMethodTable table : tables)
        {
            out.printf("%-36s %14d %8d %8d %9d %14d%n", table.target().getName(), table.nativeMethodCount(),
                table.remotedCount(), table.tableRemoted().size(), emulated(table), table.notSupported().size());
        }
        for (final String className : absent)
        {
            out.printf("%-36s not on the class path%n", className);
        }
        out.println();
        for (final NativeMethodTable table : tables)
        {
            final List<NullChecks.Row> rows = NullChecks.standard().rows(table.target().getName());
            if (!rows.isEmpty())
            {
                final List<String> unmatched = unmatchedNullChecks(table, rows);
                out.println(table.target().getName() + ": JCuda's null checks on " +
                    (rows.size() - unmatched.size()) + " natives" +
                    (unmatched.isEmpty() ? "" : "; rows matching no native: " + String.join(", ", unmatched)));
            }
        }
        for (final NativeMethodTable table : tables)
        {
            out.println();
            out.println(table.target().getName() + ": not remoted (" + table.notSupported().size() + ")");
            for (final String name : functionNames(table, table.notSupported()))
            {
                final String reason = table.module().refusalReason(name);
                out.println("  " + name + (reason == null ? "" : " (" + reason + ")"));
            }
            final List<String> notOnEmulator = notOnEmulator(table);
            if (!notOnEmulator.isEmpty())
            {
                out.println(table.target().getName() + ": remoted, not supported on the emulator (" +
                    notOnEmulator.size() + ")");
                for (final String name : notOnEmulator)
                {
                    final String reason = table.module().emulatorRefusal(name);
                    out.println("  " + name + (reason == null ? "" : " (" + reason + ")"));
                }
            }
            if (!table.unmatchedRows().isEmpty())
            {
                out.println(table.target().getName() + ": function table rows matching no native method (" +
                    table.unmatchedRows().size() + ")");
                for (final FunctionRow row : table.unmatchedRows())
                {
                    out.println("  " + row.name() + " " + table.module().tableDescriptor(row));
                }
            }
            if (!table.unmatched().isEmpty())
            {
                out.println(table.target().getName() + ": remote implementations matching no native method (" +
                    table.unmatched().size() + ")");
                for (final MethodDescription method : table.unmatched())
                {
                    out.println("  " + method.getName() + method.getDescriptor());
                }
            }
        }
    }

    static void printMarkdown(final List<NativeMethodTable> tables, final List<String> absent, final PrintStream out)
    {
        out.println("| class | native methods | remoted | by the function table | on the emulator | not supported |");
        out.println("|---|---:|---:|---:|---:|---:|");
        for (final NativeMethodTable table : tables)
        {
            out.println("| `" + table.target().getName() + "` | " + table.nativeMethodCount() + " | " +
                table.remotedCount() + " | " + table.tableRemoted().size() + " | " + emulated(table) + " | " +
                table.notSupported().size() + " |");
        }
        for (final String className : absent)
        {
            out.println("| `" + className + "` | not on the class path | | | | |");
        }
        for (final NativeMethodTable table : tables)
        {
            out.println();
            out.println("Remoted by gpurelay in `" + table.target().getName() + "`: " +
                codeList(functionNames(table, handWritten(table))) + ".");
            if (!table.tableRemoted().isEmpty())
            {
                out.println();
                out.println("Remoted by the function table in `" + table.target().getName() + "`: " +
                    codeList(functionNames(table, new ArrayList<>(table.tableRemoted().keySet()))) + ".");
            }
            final List<String> notOnEmulator = notOnEmulator(table);
            if (!notOnEmulator.isEmpty())
            {
                out.println();
                out.println("Remoted, but not supported on the emulator (the gpu backend runs them; the emulator " +
                    "answers that it does not support them) in `" + table.target().getName() + "`: " +
                    codeList(notOnEmulator) + ".");
                final String reasons = emulatorReasons(table);
                if (!reasons.isEmpty())
                {
                    out.println();
                    out.println("Why not on the emulator, in `" + table.target().getName() + "`: " + reasons + ".");
                }
            }
            out.println();
            if (table.notSupported().isEmpty())
            {
                out.println("Every native of `" + table.target().getName() + "` is remoted.");
                continue;
            }
            out.println("Not remoted in `" + table.target().getName() + "`; each logs its name once and returns " +
                table.module().notSupportedStatusName() + " (null, 0 or false where it returns no status): " +
                codeList(functionNames(table, table.notSupported())) + ".");
            final StringBuilder reasons = new StringBuilder();
            for (final String name : functionNames(table, table.notSupported()))
            {
                final String reason = table.module().refusalReason(name);
                if (reason != null)
                {
                    reasons.append(reasons.length() == 0 ? "" : "; ").append('`').append(name).append("`: ")
                        .append(reason);
                }
            }
            if (reasons.length() > 0)
            {
                out.println();
                out.println("Why, in `" + table.target().getName() + "`: " + reasons + ".");
            }
        }
    }

    /**
     * @return how many remoted natives the emulator runs: every hand-written one, and the rows it says it runs.
     */
    static int emulated(final NativeMethodTable table)
    {
        return table.remotedCount() - notOnEmulator(table).size();
    }

    /**
     * The remoted functions the emulator does not run: hand-written ones its module names
     * ({@link io.gpurelay.agent.instrumentation.InstrumentationModule#emulatorRefusal}), then table rows whose
     * emulator column says no.
     */
    /**
     * Rows of {@link NullChecks} naming no native of the table's class with that name and parameter count.
     */
    static List<String> unmatchedNullChecks(final NativeMethodTable table, final List<NullChecks.Row> rows)
    {
        final List<String> unmatched = new ArrayList<>();
        for (final NullChecks.Row row : rows)
        {
            final boolean found = table.target().getDeclaredMethods().stream().anyMatch(method -> method.isNative() &&
                method.getName().equals(row.nativeName()) && method.getParameters().size() == row.arity());
            if (!found)
            {
                unmatched.add(row.nativeName() + "/" + row.arity());
            }
        }
        return unmatched;
    }

    private static List<String> notOnEmulator(final NativeMethodTable table)
    {
        final Set<String> names = new LinkedHashSet<>();
        for (final MethodDescription method : handWritten(table))
        {
            final String name = table.module().functionName(method.getName());
            if (table.module().emulatorRefusal(name) != null)
            {
                names.add(name);
            }
        }
        for (final FunctionRow row : table.tableRemoted().values())
        {
            if (!row.emulated())
            {
                names.add(row.name());
            }
        }
        return new ArrayList<>(names);
    }

    /**
     * "`name`: reason; ..." for the hand-written functions the emulator does not run; empty when there are none.
     */
    private static String emulatorReasons(final NativeMethodTable table)
    {
        final StringBuilder reasons = new StringBuilder();
        for (final String name : notOnEmulator(table))
        {
            final String reason = table.module().emulatorRefusal(name);
            if (reason != null)
            {
                reasons.append(reasons.length() == 0 ? "" : "; ").append('`').append(name).append("`: ")
                    .append(reason);
            }
        }
        return reasons.toString();
    }

    /**
     * Each function once, however many overloads of it the class has (JavaCPP declares one native per Java type).
     */
    static List<String> functionNames(
        final NativeMethodTable table, final List<? extends MethodDescription> methods)
    {
        final Set<String> names = new LinkedHashSet<>();
        for (final MethodDescription method : methods)
        {
            names.add(table.module().functionName(method.getName()));
        }
        return new ArrayList<>(names);
    }

    /**
     * The natives remoted by hand-written code: replaced by descriptor, or given a generic body by name.
     */
    /**
     * The natives remoted by code (an implementation of the same descriptor, or one body per function), in the
     * target's declaration order, however each is remoted.
     */
    private static List<MethodDescription> handWritten(final NativeMethodTable table)
    {
        final List<MethodDescription> methods = new ArrayList<>();
        for (final MethodDescription.InDefinedShape method : table.target().getDeclaredMethods())
        {
            if (table.remoted().containsKey(method) ||
                table.remotedByName().containsKey(method) && table.remotedByName().get(method) == null)
            {
                methods.add(method);
            }
        }
        return methods;
    }

    private static String codeList(final List<String> names)
    {
        final StringBuilder text = new StringBuilder();
        for (final String name : names)
        {
            text.append(text.length() == 0 ? "" : ", ").append('`').append(name).append('`');
        }
        return text.toString();
    }
}
