package io.gpurelay.protocol.table;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The function table: one row per plain CUDA function that gpurelay remotes without hand-written code. The agent
 * binds each row's JCuda native to one interceptor that encodes the arguments by their roles; the executor decodes
 * them by the same roles, resolves handles in the session's tables, and has the backend run the function (the gpu
 * backend through JavaCPP's {@code cudart}, found once by name); the coverage report reads it too. Adding a plain
 * function is one line in {@code wire-protocol/src/main/table/gpurelay-functions.txt}. The build reads that file:
 * {@code io.gpurelay.codegen.FunctionTableGenerator} checks every row as below (a malformed one stops the build,
 * naming its line) and writes a class that constructs the rows, so nothing parses the table at run time.
 * <p>
 * Each line is a row: id, binding, function, context, order, emulator, backend function, arguments.
 * <pre>
 * 1000  JCudaDriver  cuCtxGetLimit  current  sync  yes  -  out:size pvalue, in:int limit
 * </pre>
 * <ul>
 * <li>id: from {@value #FIRST_ID} up, never reused (ids below are {@link io.gpurelay.protocol.Function}'s, and
 * {@value #RESERVED_FIRST}-{@value #RESERVED_LAST} are reserved).</li>
 * <li>binding: {@code JCudaDriver}, {@code JCuda} (whose rows JavaCPP's {@code cudart} remotes too) or a library's
 * JavaCPP class ({@code cusolver}, {@link Binding#library()}).</li>
 * <li>function: CUDA's name; the JCuda native is that name plus {@code Native}.</li>
 * <li>context: {@code none}, {@code current} or {@code object} ({@link ContextMode}).</li>
 * <li>order: {@code sync} or {@code stream} ({@link StreamOrder}); a stream-ordered row has a stream argument and
 * no outputs.</li>
 * <li>emulator: {@code yes} when the emulator runs the function, {@code no} when it answers that it is not
 * supported on the emulator.</li>
 * <li>backend function: the CUDA function the gpu backend calls, {@code -} for the same one; {@code executor} for a
 * row the executor answers from its tables (its outputs are handles it holds, {@code out:context},
 * {@code out:module}).</li>
 * <li>arguments: the native's arguments in order, {@code role name} each, separated by commas; {@code -} for none.
 * Roles are {@link ArgumentRole}'s tokens; a device address is {@code devptr(extent)} and a string output
 * {@code out:string(length)}, the extent and length a {@link SizeExpression} of the row's scalar inputs;
 * {@code devptr?(extent)} a device address that may be null. A library object is {@code object(kind)},
 * {@code new:object(kind)} or {@code free:object(kind)} ({@link ObjectKind}); a library row of context
 * {@code object} runs in the context its first object was made in.</li>
 * </ul>
 * Text after {@code #} is a comment.
 */
public final class FunctionTable
{
    public static final int FIRST_ID = 1000;
    /** The backend function of a row the executor answers from its own tables. */
    public static final String EXECUTOR = "executor";
    public static final int RESERVED_FIRST = 400;
    public static final int RESERVED_LAST = 459;
    /** What an extent may read of an {@link ArgumentRole#IN_ARRAY_DESCRIPTOR} argument, as {@code name.Member}. */
    public static final Set<String> ARRAY_DESCRIPTOR_MEMBERS = Set.of("Width", "Height", "ElementBytes");

    private final List<FunctionRow> rows;
    private final Map<Integer, FunctionRow> byId = new HashMap<>();
    private final Map<String, FunctionRow> byQualifiedName = new HashMap<>();

    FunctionTable(final List<FunctionRow> rows)
    {
        this.rows = Collections.unmodifiableList(rows);
        for (final FunctionRow row : rows)
        {
            byId.put(row.id(), row);
            byQualifiedName.put(row.qualifiedName(), row);
        }
    }

    /**
     * The table both sides ship: the rows of {@code gpurelay-functions.txt}, which the build checked and generated
     * into the constructor calls of {@code StandardFunctionTable}.
     */
    public static FunctionTable standard()
    {
        return Standard.TABLE;
    }

    /** Holds the standard table, made once, when first asked for. */
    private static final class Standard
    {
        static final FunctionTable TABLE = new FunctionTable(StandardFunctionTable.rows());
    }

    /**
     * @return every row, in the table's order.
     */
    public List<FunctionRow> rows()
    {
        return rows;
    }

    /**
     * @return the row with this id, or null.
     */
    public FunctionRow byId(final int id)
    {
        return byId.get(id);
    }

    /**
     * @return the row of this binding and CUDA function, or null.
     */
    public FunctionRow find(final Binding binding, final String name)
    {
        return byQualifiedName.get(binding.token() + "." + name);
    }
}
