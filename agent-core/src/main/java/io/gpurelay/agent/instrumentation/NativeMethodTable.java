package io.gpurelay.agent.instrumentation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;

import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;

/**
 * How one binding class's native methods are handled: which ones a remote-implementation method replaces, which
 * ones a row of the function table remotes, which ones are not supported, and which remote-implementation methods
 * or table rows found no native method to replace (a binding version that renamed or dropped a function). The instrumentation and the coverage report both read this table,
 * so what the report says is what the agent does.
 */
public final class NativeMethodTable
{
    private final InstrumentationModule module;
    private final TypeDescription target;
    private final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted;
    private final Map<MethodDescription.InDefinedShape, FunctionRow> tableRemoted;
    private final Map<MethodDescription.InDefinedShape, FunctionRow> remotedByName;
    private final List<MethodDescription.InDefinedShape> notSupported;
    private final List<MethodDescription.InDefinedShape> unmatched;
    private final List<FunctionRow> unmatchedRows;

    private NativeMethodTable(
        final InstrumentationModule module,
        final TypeDescription target,
        final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted,
        final Map<MethodDescription.InDefinedShape, FunctionRow> tableRemoted,
        final Map<MethodDescription.InDefinedShape, FunctionRow> remotedByName,
        final List<MethodDescription.InDefinedShape> notSupported,
        final List<MethodDescription.InDefinedShape> unmatched,
        final List<FunctionRow> unmatchedRows)
    {
        this.module = module;
        this.target = target;
        this.remoted = Collections.unmodifiableMap(remoted);
        this.tableRemoted = Collections.unmodifiableMap(tableRemoted);
        this.remotedByName = Collections.unmodifiableMap(remotedByName);
        this.notSupported = Collections.unmodifiableList(notSupported);
        this.unmatched = Collections.unmodifiableList(unmatched);
        this.unmatchedRows = Collections.unmodifiableList(unmatchedRows);
    }

    /**
     * Match the module's remote-implementation methods, then the function table's rows of its binding, against the
     * target's native methods by name and descriptor. A hand-written implementation wins over a row of the same
     * native (the row is then listed as unmatched, which a test forbids).
     */
    public static NativeMethodTable of(final InstrumentationModule module, final TypeDescription target)
    {
        return of(module, target, FunctionTable.standard());
    }

    static NativeMethodTable of(
        final InstrumentationModule module, final TypeDescription target, final FunctionTable functionTable)
    {
        final MethodList<MethodDescription.InDefinedShape> natives = target.getDeclaredMethods().filter(isNative());
        final MethodList<MethodDescription.InDefinedShape> implementations =
            TypeDescription.ForLoadedType.of(module.remoteImplementation()).getDeclaredMethods()
                .filter(isPublic().and(isStatic()));

        final Binding binding = module.tableBinding();
        final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted = new LinkedHashMap<>();
        final Map<MethodDescription.InDefinedShape, FunctionRow> tableRemoted = new LinkedHashMap<>();
        final List<MethodDescription.InDefinedShape> notSupported = new ArrayList<>();
        final List<MethodDescription.InDefinedShape> unmatched = new ArrayList<>(implementations);
        final List<FunctionRow> unmatchedRows = new ArrayList<>();
        final Map<MethodDescription.InDefinedShape, FunctionRow> remotedByName = new LinkedHashMap<>();
        if (binding != null)
        {
            for (final FunctionRow row : functionTable.rows())
            {
                if (row.binding() == binding)
                {
                    unmatchedRows.add(row);
                }
            }
        }
        for (final MethodDescription.InDefinedShape nativeMethod : natives)
        {
            final MethodDescription.InDefinedShape implementation = find(implementations, nativeMethod);
            final FunctionRow row = binding == null || !nativeMethod.isStatic() ? null :
                functionTable.find(binding, module.functionName(nativeMethod.getName()));
            final Object byName = implementation == null && row == null ? module.remotesByName(nativeMethod) : null;
            if (implementation != null && nativeMethod.isStatic())
            {
                remoted.put(nativeMethod, implementation);
                unmatched.remove(implementation);
            }
            else if (byName instanceof FunctionRow byNameRow)
            {
                remotedByName.put(nativeMethod, byNameRow);
                tableRemoted.put(nativeMethod, byNameRow);
            }
            else if (byName != null)
            {
                remotedByName.put(nativeMethod, null);
            }
            else if (row != null && nativeMethod.getName().equals(row.name() + "Native") &&
                nativeMethod.getDescriptor().equals(module.tableDescriptor(row)))
            {
                tableRemoted.put(nativeMethod, row);
                unmatchedRows.remove(row);
            }
            else
            {
                notSupported.add(nativeMethod);
            }
        }
        return new NativeMethodTable(module, target, remoted, tableRemoted, remotedByName, notSupported, unmatched,
            unmatchedRows);
    }

    private static MethodDescription.InDefinedShape find(
        final MethodList<MethodDescription.InDefinedShape> implementations,
        final MethodDescription.InDefinedShape nativeMethod)
    {
        for (final MethodDescription.InDefinedShape implementation : implementations)
        {
            if (implementation.getName().equals(nativeMethod.getName()) &&
                implementation.getDescriptor().equals(nativeMethod.getDescriptor()))
            {
                return implementation;
            }
        }
        return null;
    }

    public InstrumentationModule module()
    {
        return module;
    }

    public TypeDescription target()
    {
        return target;
    }

    public int nativeMethodCount()
    {
        return remotedCount() + notSupported.size();
    }

    /**
     * @return how many native methods run remotely, by hand-written code or by the function table.
     */
    public int remotedCount()
    {
        return remoted.size() + tableRemoted.size() + remotedByName.size() - byNameRows();
    }

    private int byNameRows()
    {
        int rows = 0;
        for (final FunctionRow row : remotedByName.values())
        {
            rows += row == null ? 0 : 1;
        }
        return rows;
    }

    /**
     * Natives given one generic body per function ({@link InstrumentationModule#bodyByName}) → the function-table row
     * they go through, or null for hand-written code; those through a row are in {@link #tableRemoted()} too.
     */
    public Map<MethodDescription.InDefinedShape, FunctionRow> remotedByName()
    {
        return remotedByName;
    }

    /**
     * Native method → the function-table row that remotes it, in the target's declaration order.
     */
    public Map<MethodDescription.InDefinedShape, FunctionRow> tableRemoted()
    {
        return tableRemoted;
    }

    /**
     * Rows of the module's binding that remote no native method: none of that name and descriptor, or one that a
     * hand-written implementation remotes already.
     */
    public List<FunctionRow> unmatchedRows()
    {
        return unmatchedRows;
    }

    /**
     * Native method → the static method that replaces it, in the target's declaration order.
     */
    public Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted()
    {
        return remoted;
    }

    public List<MethodDescription.InDefinedShape> notSupported()
    {
        return notSupported;
    }

    /**
     * Remote-implementation methods with no native method of that name and descriptor in the target.
     */
    public List<MethodDescription.InDefinedShape> unmatched()
    {
        return unmatched;
    }

    /**
     * The message an unremoted native method logs, once, when first called.
     */
    public String notSupportedMessage(final MethodDescription nativeMethod)
    {
        final TypeDescription returnType = nativeMethod.getReturnType().asErasure();
        final String outcome;
        if (returnType.represents(void.class))
        {
            outcome = "ignoring the call";
        }
        else if (returnType.represents(int.class))
        {
            outcome = "returning " + module.notSupportedStatusName();
        }
        else if (returnType.represents(boolean.class))
        {
            outcome = "returning false";
        }
        else if (returnType.isPrimitive())
        {
            outcome = "returning 0";
        }
        else
        {
            outcome = "returning null";
        }
        return module.bindingName() + "." + module.functionName(nativeMethod.getName()) +
            " is not supported by gpurelay; " + outcome;
    }

    public String summary()
    {
        return target.getName() + ": " + nativeMethodCount() + " native methods, " + remotedCount() + " remoted (" +
            tableRemoted.size() + " by the function table), " + notSupported.size() + " not supported";
    }
}
