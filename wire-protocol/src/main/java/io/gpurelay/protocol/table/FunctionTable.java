package io.gpurelay.protocol.table;

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
import java.util.List;
import java.util.Map;

import io.gpurelay.protocol.CallView;

/**
 * The function table: one row per plain CUDA function that gpurelay remotes without hand-written code. The agent
 * binds each row's JCuda native to one interceptor that encodes the arguments by their roles; the executor decodes
 * them by the same roles, resolves handles in the session's tables, and has the backend run the function (the gpu
 * backend through JavaCPP's {@code cudart}, found once by name); the coverage report reads it too. Adding a plain
 * function is one line in {@value #RESOURCE}.
 * <p>
 * Each line is a row: id, binding, function, context, order, emulator, backend function, arguments.
 * <pre>
 * 1000  JCudaDriver  cuCtxGetLimit  current  sync  yes  -  out:size pvalue, in:int limit
 * </pre>
 * <ul>
 * <li>id: from {@value #FIRST_ID} up, never reused (ids below are {@link io.gpurelay.protocol.Function}'s, and
 * {@value #RESERVED_FIRST}-{@value #RESERVED_LAST} are reserved).</li>
 * <li>binding: {@code JCudaDriver} or {@code JCuda}.</li>
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
 * {@code out:string(length)}, the extent and length a {@link SizeExpression} of the row's scalar inputs.</li>
 * </ul>
 * Text after {@code #} is a comment.
 */
public final class FunctionTable
{
    /** Where the table lives, next to the SBE schema. */
    public static final String RESOURCE = "sbe/gpurelay-functions.txt";
    public static final int FIRST_ID = 1000;
    /** The backend function of a row the executor answers from its own tables. */
    public static final String EXECUTOR = "executor";
    public static final int RESERVED_FIRST = 400;
    public static final int RESERVED_LAST = 459;
    private static final int MAX_ID = 0xFFFF;

    private static volatile FunctionTable standard;

    private final List<FunctionRow> rows;
    private final Map<Integer, FunctionRow> byId = new HashMap<>();
    private final Map<String, FunctionRow> byQualifiedName = new HashMap<>();

    private FunctionTable(final List<FunctionRow> rows)
    {
        this.rows = Collections.unmodifiableList(rows);
        for (final FunctionRow row : rows)
        {
            byId.put(row.id(), row);
            byQualifiedName.put(row.qualifiedName(), row);
        }
    }

    /**
     * The table both sides ship, read once from the class path.
     */
    public static FunctionTable standard()
    {
        FunctionTable table = standard;
        if (table == null)
        {
            synchronized (FunctionTable.class)
            {
                table = standard;
                if (table == null)
                {
                    table = load();
                    standard = table;
                }
            }
        }
        return table;
    }

    private static FunctionTable load()
    {
        final InputStream in = FunctionTable.class.getClassLoader() == null ?
            ClassLoader.getSystemResourceAsStream(RESOURCE) :
            FunctionTable.class.getClassLoader().getResourceAsStream(RESOURCE);
        if (in == null)
        {
            throw new IllegalStateException("the function table " + RESOURCE + " is not on the class path");
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8))
        {
            return parse(reader);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("reading the function table " + RESOURCE, ex);
        }
    }

    /**
     * Read a table; a malformed row fails the whole table with its line number.
     *
     * @throws IllegalArgumentException naming the line and what is wrong with it.
     */
    public static FunctionTable parse(final Reader text) throws IOException
    {
        final BufferedReader reader = new BufferedReader(text);
        final List<FunctionRow> rows = new ArrayList<>();
        final Map<Integer, Integer> idLines = new HashMap<>();
        final Map<String, Integer> nameLines = new HashMap<>();
        int lineNumber = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine())
        {
            lineNumber++;
            final int comment = line.indexOf('#');
            final String content = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (content.isEmpty())
            {
                continue;
            }
            final FunctionRow row;
            try
            {
                row = parseRow(content);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("function table line " + lineNumber + ": " + ex.getMessage(), ex);
            }
            final Integer idLine = idLines.putIfAbsent(row.id(), lineNumber);
            if (idLine != null)
            {
                throw new IllegalArgumentException("function table line " + lineNumber + ": id " + row.id() +
                    " is taken by line " + idLine);
            }
            final Integer nameLine = nameLines.putIfAbsent(row.qualifiedName(), lineNumber);
            if (nameLine != null)
            {
                throw new IllegalArgumentException("function table line " + lineNumber + ": " + row.qualifiedName() +
                    " is already on line " + nameLine);
            }
            rows.add(row);
        }
        return new FunctionTable(rows);
    }

    private static FunctionRow parseRow(final String content)
    {
        final String[] fields = content.split("\\s+", 8);
        if (fields.length < 8)
        {
            throw new IllegalArgumentException("a row has 8 fields (id, binding, function, context, order, " +
                "emulator, backend function, arguments), this one " + fields.length);
        }
        final int id;
        try
        {
            id = Integer.parseInt(fields[0]);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("id '" + fields[0] + "' is not a number");
        }
        if (id < FIRST_ID || id > MAX_ID)
        {
            throw new IllegalArgumentException("id " + id + " is outside " + FIRST_ID + ".." + MAX_ID);
        }
        final Binding binding = Binding.of(fields[1]);
        if (binding == null)
        {
            throw new IllegalArgumentException("binding '" + fields[1] + "' is not JCudaDriver or JCuda");
        }
        final String name = fields[2];
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*"))
        {
            throw new IllegalArgumentException("'" + name + "' is not a function name");
        }
        final ContextMode context = ContextMode.of(fields[3]);
        if (context == null)
        {
            throw new IllegalArgumentException("context '" + fields[3] + "' is not none, current or object");
        }
        final StreamOrder order = StreamOrder.of(fields[4]);
        if (order == null)
        {
            throw new IllegalArgumentException("order '" + fields[4] + "' is not sync or stream");
        }
        if (!fields[5].equals("yes") && !fields[5].equals("no"))
        {
            throw new IllegalArgumentException("emulator '" + fields[5] + "' is not yes or no");
        }
        final String backendName = fields[6].equals("-") ? name : fields[6];
        final List<Argument> arguments = parseArguments(fields[7].strip());
        final FunctionRow row = new FunctionRow(id, binding, name, context, order, fields[5].equals("yes"),
            backendName, arguments);
        check(row);
        return row;
    }

    private static List<Argument> parseArguments(final String text)
    {
        final List<Argument> arguments = new ArrayList<>();
        if (text.equals("-"))
        {
            return arguments;
        }
        int wireIndex = 0;
        int resultIndex = 0;
        for (final String field : text.split(","))
        {
            final String[] parts = field.strip().split("\\s+");
            if (parts.length != 2)
            {
                throw new IllegalArgumentException("argument '" + field.strip() + "' is not 'role name'");
            }
            final boolean devicePointer = parts[0].startsWith("devptr(") && parts[0].endsWith(")");
            final boolean string = parts[0].startsWith("out:string(") && parts[0].endsWith(")");
            final ArgumentRole role = devicePointer ? ArgumentRole.DEVPTR : string ? ArgumentRole.OUT_STRING :
                ArgumentRole.of(parts[0]);
            if (role == null || role == ArgumentRole.DEVPTR && !devicePointer ||
                role == ArgumentRole.OUT_STRING && !string)
            {
                throw new IllegalArgumentException("argument '" + parts[1] + "' has an unknown role '" + parts[0] +
                    "'" + (role == ArgumentRole.DEVPTR ? " (a device address is devptr(extent))" :
                    role == ArgumentRole.OUT_STRING ? " (a string output is out:string(length))" : ""));
            }
            final String bounds = devicePointer || string ? parts[0].substring(parts[0].indexOf('(') + 1,
                parts[0].length() - 1) : null;
            final SizeExpression extent = bounds == null ? null : SizeExpression.parse(bounds);
            if (role == ArgumentRole.OUT_STRING || role == ArgumentRole.IN_STRING)
            {
                arguments.add(new Argument(role, parts[1], -1, -1, extent));
            }
            else if (role.isOutput())
            {
                arguments.add(new Argument(role, parts[1], -1, resultIndex, null));
                resultIndex += role.slots();
            }
            else
            {
                arguments.add(new Argument(role, parts[1], wireIndex, -1, extent));
                wireIndex += role.slots();
            }
        }
        for (final Argument argument : arguments)
        {
            if (argument.extent() == null)
            {
                continue;
            }
            for (final String name : argument.extent().names())
            {
                final int dot = name.indexOf('.');
                final boolean scalar = dot < 0 ? arguments.stream().anyMatch(other -> other.name().equals(name) &&
                    other.role().kind() == ArgumentRole.Kind.SCALAR_IN && other.role().slots() == 1) :
                    ARRAY_DESCRIPTOR_MEMBERS.contains(name.substring(dot + 1)) &&
                    arguments.stream().anyMatch(other -> other.name().equals(name.substring(0, dot)) &&
                    other.role() == ArgumentRole.IN_ARRAY_DESCRIPTOR);
                if (!scalar)
                {
                    throw new IllegalArgumentException("the extent of '" + argument.name() + "' reads '" + name +
                        "', which is no scalar input of the row");
                }
            }
        }
        if (wireIndex > CallView.MAX_ARGS)
        {
            throw new IllegalArgumentException(wireIndex + " arguments travel; a call carries at most " +
                CallView.MAX_ARGS);
        }
        return arguments;
    }

    private static void check(final FunctionRow row)
    {
        checkTextureReferenceRoles(row);
        if (row.order() == StreamOrder.STREAM &&
            (row.resultCount() > 0 || row.first(ArgumentRole.STREAM) == null))
        {
            throw new IllegalArgumentException(row.name() + " is stream-ordered, so it needs a stream argument and " +
                "can have no outputs");
        }
        final long strings = row.arguments().stream().filter(a -> a.role() == ArgumentRole.OUT_STRING).count();
        if (strings > 1 || strings == 1 && row.order() == StreamOrder.STREAM)
        {
            throw new IllegalArgumentException(row.name() + ": a row has at most one string output, which comes back " +
                "as the reply's payload, and a stream-ordered row has none");
        }
        if (row.context() == ContextMode.OBJECT && row.firstHandle() == null)
        {
            throw new IllegalArgumentException(row.name() + " runs in the context of an object but has no handle " +
                "argument");
        }
        boolean handleOutputs = false;
        for (final Argument argument : row.arguments())
        {
            handleOutputs |= argument.role().kind() == ArgumentRole.Kind.HANDLE_OUT;
            if (row.answeredByExecutor() && argument.role().kind() == ArgumentRole.Kind.SCALAR_OUT)
            {
                throw new IllegalArgumentException(row.name() + ": the executor answers only handle outputs");
            }
        }
        if (handleOutputs != row.answeredByExecutor())
        {
            throw new IllegalArgumentException(row.name() + ": handle outputs are answered by the executor, and a " +
                "row the executor answers has only those (backend function '" + EXECUTOR + "')");
        }
        if (row.binding() == Binding.JCUDA)
        {
            for (final Argument argument : row.arguments())
            {
                if (argument.role().isHandle() && argument.role() != ArgumentRole.STREAM &&
                    argument.role() != ArgumentRole.EVENT)
                {
                    throw new IllegalArgumentException(row.name() + ": the runtime API has no " +
                        argument.role().token() + " handles");
                }
            }
        }
    }

    /**
     * The roles of the texture and surface references: at most one string input (the call's payload) and never in a
     * stream-ordered row; a row that makes a handle has it as its only output and is not answered by the executor;
     * {@code out:array} and {@code out:mipmappedarray} answer what the row's texture or surface reference is bound to.
     */
    private static void checkTextureReferenceRoles(final FunctionRow row)
    {
        final long strings = row.arguments().stream().filter(a -> a.role() == ArgumentRole.IN_STRING).count();
        if (strings > 1 || strings == 1 && row.order() == StreamOrder.STREAM)
        {
            throw new IllegalArgumentException(row.name() + ": a row has at most one string input, which travels as " +
                "the call's payload, and a stream-ordered row has none");
        }
        final long made = row.arguments().stream().filter(a -> a.role().kind() == ArgumentRole.Kind.HANDLE_NEW)
            .count();
        if (made > 0 && (made != 1 || row.resultCount() != 1 || row.answeredByExecutor() ||
            row.context() == ContextMode.NONE))
        {
            throw new IllegalArgumentException(row.name() + ": a handle the backend makes is the row's only output, " +
                "in a context, and the backend makes it (not '" + EXECUTOR + "')");
        }
        final boolean bound = row.first(ArgumentRole.OUT_ARRAY) != null ||
            row.first(ArgumentRole.OUT_MIPMAPPED_ARRAY) != null;
        if (bound && row.first(ArgumentRole.TEXREF) == null && row.first(ArgumentRole.SURFREF) == null)
        {
            throw new IllegalArgumentException(row.name() + ": out:array and out:mipmappedarray answer what a " +
                "texref or surfref argument is bound to, and the row has none");
        }
    }

    /** What an extent may read of an {@link ArgumentRole#IN_ARRAY_DESCRIPTOR} argument, as {@code name.Member}. */
    public static final java.util.Set<String> ARRAY_DESCRIPTOR_MEMBERS = java.util.Set.of("Width", "Height",
        "ElementBytes");

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
