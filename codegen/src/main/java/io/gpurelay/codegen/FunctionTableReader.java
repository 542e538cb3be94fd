package io.gpurelay.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and checks the function table ({@code wire-protocol/src/main/table/gpurelay-functions.txt}; the format is
 * documented on {@code io.gpurelay.protocol.table.FunctionTable}) for {@link FunctionTableGenerator}, so that a
 * malformed row stops the build, naming the file and line, and the run time only constructs rows.
 * <p>
 * The words of the table are wire-protocol's {@code ArgumentRole}, {@code Binding}, {@code ContextMode} and
 * {@code StreamOrder}, repeated here because this module comes first in the reactor; their constants have the same
 * names, which the generated source refers to, and wire-protocol's tests hold the two lists equal.
 */
public final class FunctionTableReader
{
    /** The first id of a row; ids below are {@code io.gpurelay.protocol.Function}'s. */
    public static final int FIRST_ID = 1000;
    /** The largest id the wire carries. */
    public static final int MAX_ID = 0xFFFF;
    /** The most values a call's {@code args} carry ({@code io.gpurelay.protocol.CallView.MAX_ARGS}). */
    public static final int MAX_ARGS = 64;
    /** The backend function of a row the executor answers from its own tables. */
    public static final String EXECUTOR = "executor";
    /** What an extent may read of an {@link Role#IN_ARRAY_DESCRIPTOR} argument, as {@code name.Member}. */
    public static final Set<String> ARRAY_DESCRIPTOR_MEMBERS = Set.of("Width", "Height", "ElementBytes");

    private FunctionTableReader()
    {
    }

    /** How a role travels: {@code ArgumentRole.Kind}. */
    public enum Kind
    {
        SCALAR_IN,
        SCALAR_OUT,
        DEVICE,
        DEVICE_POINTER,
        HANDLE,
        HANDLE_OUT,
        PAYLOAD_OUT,
        PAYLOAD_IN,
        HANDLE_NEW,
        SCRATCH
    }

    /** An argument's role: {@code ArgumentRole}, constant for constant. */
    public enum Role
    {
        IN_INT("in:int", Kind.SCALAR_IN),
        IN_UINT("in:uint", Kind.SCALAR_IN),
        IN_SIZE("in:size", Kind.SCALAR_IN),
        IN_INT64("in:int64", Kind.SCALAR_IN),
        IN_UCHAR("in:uchar", Kind.SCALAR_IN),
        IN_USHORT("in:ushort", Kind.SCALAR_IN),
        DEVPTR("devptr", Kind.DEVICE_POINTER),
        OUT_INT("out:int", Kind.SCALAR_OUT),
        OUT_UINT("out:uint", Kind.SCALAR_OUT),
        OUT_SIZE("out:size", Kind.SCALAR_OUT),
        OUT_INT64("out:int64", Kind.SCALAR_OUT),
        OUT_DEVPTR("out:devptr", Kind.SCALAR_OUT),
        OUT_STRING("out:string", Kind.PAYLOAD_OUT),
        DEVICE("device", Kind.DEVICE),
        CONTEXT("context", Kind.HANDLE),
        MODULE("module", Kind.HANDLE),
        FUNCTION("function", Kind.HANDLE),
        STREAM("stream", Kind.HANDLE),
        EVENT("event", Kind.HANDLE),
        OUT_CONTEXT("out:context", Kind.HANDLE_OUT),
        OUT_MODULE("out:module", Kind.HANDLE_OUT),
        IN_FLOAT("in:float", Kind.SCALAR_IN),
        OUT_FLOAT("out:float", Kind.SCALAR_OUT),
        IN_FLOAT4("in:float4", Kind.SCALAR_IN, 4),
        OUT_FLOAT4("out:float4", Kind.SCALAR_OUT, 4),
        IN_ARRAY_DESCRIPTOR("in:arraydesc", Kind.SCALAR_IN, 4),
        IN_STRING("in:string", Kind.PAYLOAD_IN),
        TEXREF("texref", Kind.HANDLE),
        SURFREF("surfref", Kind.HANDLE),
        ARRAY("array", Kind.HANDLE),
        MIPMAPPED_ARRAY("mipmappedarray", Kind.HANDLE),
        FREE_TEXREF("free:texref", Kind.HANDLE),
        NEW_TEXREF("new:texref", Kind.HANDLE_NEW),
        NEW_SURFREF("new:surfref", Kind.HANDLE_NEW),
        OUT_ARRAY("out:array", Kind.HANDLE_OUT),
        OUT_MIPMAPPED_ARRAY("out:mipmappedarray", Kind.HANDLE_OUT),
        OBJECT("object", Kind.HANDLE),
        NEW_OBJECT("new:object", Kind.HANDLE_NEW),
        FREE_OBJECT("free:object", Kind.HANDLE),
        OUT_STREAM("out:stream", Kind.HANDLE_OUT),
        HOST_SCRATCH("hostbuf", Kind.SCRATCH),
        PIVOTS("pivots", Kind.DEVICE_POINTER),
        PIVOTS64("pivots64", Kind.DEVICE_POINTER),
        IN_DOUBLE("in:double", Kind.SCALAR_IN),
        OUT_DOUBLE("out:double", Kind.SCALAR_OUT);

        private final String token;
        private final Kind kind;
        private final int slots;

        Role(final String token, final Kind kind)
        {
            this(token, kind, 1);
        }

        Role(final String token, final Kind kind, final int slots)
        {
            this.token = token;
            this.kind = kind;
            this.slots = slots;
        }

        public String token()
        {
            return token;
        }

        public Kind kind()
        {
            return kind;
        }

        public int slots()
        {
            return slots;
        }

        public boolean isOutput()
        {
            return kind == Kind.SCALAR_OUT || kind == Kind.HANDLE_OUT || kind == Kind.PAYLOAD_OUT ||
                kind == Kind.HANDLE_NEW;
        }

        public boolean isHandle()
        {
            return kind == Kind.HANDLE;
        }

        public boolean isObject()
        {
            return this == OBJECT || this == NEW_OBJECT || this == FREE_OBJECT;
        }

        static Role of(final String token)
        {
            for (final Role role : values())
            {
                if (role.token.equals(token))
                {
                    return role;
                }
            }
            return null;
        }
    }

    /** A JCuda binding class: {@code Binding}. */
    public enum Binding
    {
        JCUDA_DRIVER("JCudaDriver", false),
        JCUDA("JCuda", false),
        CUSOLVER("cusolver", true);

        private final String token;
        private final boolean library;

        Binding(final String token, final boolean library)
        {
            this.token = token;
            this.library = library;
        }

        public String token()
        {
            return token;
        }

        /** @return whether the rows are a CUDA library's: {@code Binding.library()}. */
        public boolean library()
        {
            return library;
        }

        static Binding of(final String token)
        {
            for (final Binding binding : values())
            {
                if (binding.token.equals(token))
                {
                    return binding;
                }
            }
            return null;
        }
    }

    /** A kind of library object: {@code ObjectKind}, with the binding it belongs to and the row that destroys one. */
    public enum ObjectKind
    {
        CUSOLVER_DN("cusolverDn", Binding.CUSOLVER, "cusolverDnDestroy"),
        CUSOLVER_DN_PARAMS("cusolverDnParams", Binding.CUSOLVER, "cusolverDnDestroyParams");

        private final String token;
        private final Binding binding;
        private final String destroyedBy;

        ObjectKind(final String token, final Binding binding, final String destroyedBy)
        {
            this.token = token;
            this.binding = binding;
            this.destroyedBy = destroyedBy;
        }

        public String token()
        {
            return token;
        }

        public Binding binding()
        {
            return binding;
        }

        public String destroyedBy()
        {
            return destroyedBy;
        }

        static ObjectKind of(final String token)
        {
            for (final ObjectKind kind : values())
            {
                if (kind.token.equals(token))
                {
                    return kind;
                }
            }
            return null;
        }
    }

    /** The context a row runs in: {@code ContextMode}, spelt in lower case. */
    public enum Context
    {
        NONE,
        CURRENT,
        OBJECT;

        public String token()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How a row orders against its stream: {@code StreamOrder}, spelt in lower case. */
    public enum Order
    {
        SYNC,
        STREAM;

        public String token()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A row as the table writes it, checked.
     *
     * @param line the line of the table it is on, from 1.
     */
    public record Row(int line, int id, Binding binding, String name, Context context, Order order, boolean emulated,
        String backendName, List<Arg> arguments)
    {
        public Row
        {
            arguments = List.copyOf(arguments);
        }

        public int resultCount()
        {
            int count = 0;
            for (final Arg argument : arguments)
            {
                count += argument.resultIndex() >= 0 ? argument.role().slots() : 0;
            }
            return count;
        }

        public Arg first(final Role role)
        {
            for (final Arg argument : arguments)
            {
                if (argument.role() == role)
                {
                    return argument;
                }
            }
            return null;
        }

        public Arg firstHandle()
        {
            for (final Arg argument : arguments)
            {
                if (argument.role().isHandle())
                {
                    return argument;
                }
            }
            return null;
        }

        public boolean answeredByExecutor()
        {
            return EXECUTOR.equals(backendName);
        }

        public String qualifiedName()
        {
            return binding.token() + "." + name;
        }
    }

    /**
     * One argument: {@code Argument}.
     *
     * @param extent   the bytes of a device address or a string output, else null.
     * @param kind     a library object's kind, else null.
     * @param nullable a device address that may be null ({@code devptr?}).
     */
    public record Arg(Role role, String name, int wireIndex, int resultIndex, Extent extent, ObjectKind kind,
        boolean nullable)
    {
        public Arg(final Role role, final String name, final int wireIndex, final int resultIndex,
            final Extent extent)
        {
            this(role, name, wireIndex, resultIndex, extent, null, false);
        }
    }

    /**
     * An extent: integers, argument names, {@code +}, {@code -}, {@code *} and parentheses ({@code SizeExpression}).
     */
    public sealed interface Extent
    {
        /** @param names where the names it reads go, left to right. */
        void names(List<String> names);

        /**
         * @return its text, with the parentheses that reading it back needs and no others.
         */
        default String text()
        {
            return text(0, false);
        }

        String text(int parentPrecedence, boolean right);

        default List<String> names()
        {
            final List<String> names = new ArrayList<>();
            names(names);
            return names;
        }
    }

    /** An integer. */
    public record Constant(long value) implements Extent
    {
        public void names(final List<String> names)
        {
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            return Long.toString(value);
        }
    }

    /** The value of an argument, or of a member of one ({@code desc.Width}). */
    public record Name(String name) implements Extent
    {
        public void names(final List<String> names)
        {
            names.add(name);
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            return name;
        }
    }

    /** {@code left op right}, op one of {@code + - *}. */
    public record Operation(char operator, Extent left, Extent right) implements Extent
    {
        public void names(final List<String> names)
        {
            left.names(names);
            right.names(names);
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            final int precedence = operator == '*' ? 2 : 1;
            final String text = left.text(precedence, false) + operator + this.right.text(precedence, true);
            return precedence < parentPrecedence || right && precedence == parentPrecedence ? "(" + text + ")" : text;
        }
    }

    /** {@code typesize(t)}: the bytes of one element of the {@code cudaDataType} {@code t}. */
    public record TypeSize(Extent type) implements Extent
    {
        public void names(final List<String> names)
        {
            type.names(names);
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            return "typesize(" + type.text() + ")";
        }
    }

    /** {@code select(x,a,b)}: {@code a} where {@code x} is 0, else {@code b}. */
    public record Select(Extent condition, Extent zero, Extent other) implements Extent
    {
        public void names(final List<String> names)
        {
            condition.names(names);
            zero.names(names);
            other.names(names);
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            return "select(" + condition.text() + "," + zero.text() + "," + other.text() + ")";
        }
    }

    /** {@code min(left,right)} or {@code max(left,right)}. */
    public record Bound(boolean minimum, Extent left, Extent right) implements Extent
    {
        public void names(final List<String> names)
        {
            left.names(names);
            right.names(names);
        }

        public String text(final int parentPrecedence, final boolean right)
        {
            return (minimum ? "min(" : "max(") + left.text() + "," + this.right.text() + ")";
        }
    }

    /**
     * A table that does not follow the format; the message names the file and line.
     */
    public static final class TableException extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        TableException(final String file, final int line, final String problem)
        {
            super(file + ":" + line + ": " + problem);
        }
    }

    /**
     * Read and check a table: every row, then that ids and names are not repeated.
     *
     * @param file the table's name, for messages.
     * @throws TableException naming the file, the line and what is wrong with it.
     */
    public static List<Row> parse(final String file, final String text)
    {
        final List<Row> rows = new ArrayList<>();
        final Map<Integer, Integer> idLines = new HashMap<>();
        final Map<String, Integer> nameLines = new HashMap<>();
        final String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++)
        {
            final int lineNumber = i + 1;
            final String line = lines[i];
            final int comment = line.indexOf('#');
            final String content = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (content.isEmpty())
            {
                continue;
            }
            final Row row;
            try
            {
                row = parseRow(lineNumber, content);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TableException(file, lineNumber, ex.getMessage());
            }
            final Integer idLine = idLines.putIfAbsent(row.id(), lineNumber);
            if (idLine != null)
            {
                throw new TableException(file, lineNumber, "id " + row.id() + " is taken by line " + idLine);
            }
            final Integer nameLine = nameLines.putIfAbsent(row.qualifiedName(), lineNumber);
            if (nameLine != null)
            {
                throw new TableException(file, lineNumber, row.qualifiedName() + " is already on line " + nameLine);
            }
            rows.add(row);
        }
        checkQueries(file, rows);
        return rows;
    }

    private static Row parseRow(final int line, final String content)
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
            throw new IllegalArgumentException("binding '" + fields[1] + "' is not JCudaDriver, JCuda or cusolver");
        }
        final String name = fields[2];
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*"))
        {
            throw new IllegalArgumentException("'" + name + "' is not a function name");
        }
        final Context context = token(Context.values(), fields[3]);
        if (context == null)
        {
            throw new IllegalArgumentException("context '" + fields[3] + "' is not none, current or object");
        }
        final Order order = token(Order.values(), fields[4]);
        if (order == null)
        {
            throw new IllegalArgumentException("order '" + fields[4] + "' is not sync or stream");
        }
        if (!fields[5].equals("yes") && !fields[5].equals("no"))
        {
            throw new IllegalArgumentException("emulator '" + fields[5] + "' is not yes or no");
        }
        final String backendName = fields[6].equals("-") ? name : fields[6];
        final List<Arg> arguments = parseArguments(fields[7].strip());
        final Row row = new Row(line, id, binding, name, context, order, fields[5].equals("yes"), backendName,
            arguments);
        check(row);
        return row;
    }

    private static <T extends Enum<T>> T token(final T[] values, final String token)
    {
        for (final T value : values)
        {
            if (value.name().toLowerCase(Locale.ROOT).equals(token))
            {
                return value;
            }
        }
        return null;
    }

    private static List<Arg> parseArguments(final String text)
    {
        final List<Arg> arguments = new ArrayList<>();
        if (text.equals("-"))
        {
            return arguments;
        }
        int wireIndex = 0;
        int resultIndex = 0;
        for (final String field : splitArguments(text))
        {
            final String[] parts = field.strip().split("\\s+");
            if (parts.length != 2)
            {
                throw new IllegalArgumentException("argument '" + field.strip() + "' is not 'role name'");
            }
            final int open = parts[0].indexOf('(');
            final String word = open < 0 ? parts[0] : parts[0].substring(0, open);
            final String parameter = open < 0 || !parts[0].endsWith(")") ? null :
                parts[0].substring(open + 1, parts[0].length() - 1);
            final boolean nullable = word.equals("devptr?");
            final Role role = nullable ? Role.DEVPTR : Role.of(word);
            final boolean parameterised = role == Role.DEVPTR || role == Role.OUT_STRING ||
                role == Role.HOST_SCRATCH || role == Role.PIVOTS || role == Role.PIVOTS64 ||
                role != null && role.isObject();
            if (role == null || parameterised != (parameter != null) || open >= 0 && parameter == null)
            {
                throw new IllegalArgumentException("argument '" + parts[1] + "' has an unknown role '" + parts[0] +
                    "'" + (role == Role.DEVPTR ? " (a device address is devptr(extent) or devptr?(extent))" :
                    role == Role.OUT_STRING ? " (a string output is out:string(length))" :
                    role != null && role.isObject() ? " (a library object is " + role.token() + "(kind))" : ""));
            }
            ObjectKind kind = null;
            if (role.isObject())
            {
                kind = ObjectKind.of(parameter);
                if (kind == null)
                {
                    throw new IllegalArgumentException("argument '" + parts[1] + "': '" + parameter +
                        "' is no kind of library object (" + java.util.Arrays.stream(ObjectKind.values())
                        .map(ObjectKind::token).collect(java.util.stream.Collectors.joining(", ")) + ")");
                }
            }
            final Extent extent = role == Role.DEVPTR || role == Role.OUT_STRING || role == Role.HOST_SCRATCH ||
                role == Role.PIVOTS || role == Role.PIVOTS64 ? parseExtent(parameter) : null;
            if (role == Role.OUT_STRING || role == Role.IN_STRING || role == Role.HOST_SCRATCH)
            {
                arguments.add(new Arg(role, parts[1], -1, -1, extent));
            }
            else if (role.isOutput())
            {
                arguments.add(new Arg(role, parts[1], -1, resultIndex, null, kind, false));
                resultIndex += role.slots();
            }
            else
            {
                arguments.add(new Arg(role, parts[1], wireIndex, -1, extent, kind, nullable));
                wireIndex += role.slots();
            }
        }
        for (final Arg argument : arguments)
        {
            if (argument.extent() == null)
            {
                continue;
            }
            for (final String name : argument.extent().names())
            {
                final int dot = name.indexOf('.');
                final boolean descriptor = dot > 0 && arguments.stream().anyMatch(other ->
                    other.name().equals(name.substring(0, dot)) && other.role() == Role.IN_ARRAY_DESCRIPTOR);
                final boolean scalar = dot < 0 ? arguments.stream().anyMatch(other -> other.name().equals(name) &&
                    other.role().kind() == Kind.SCALAR_IN && other.role().slots() == 1) :
                    descriptor ? ARRAY_DESCRIPTOR_MEMBERS.contains(name.substring(dot + 1)) :
                    // Another row's output, a size query: checked once the whole table is read.
                    dot > 0 && dot < name.length() - 1;
                if (!scalar)
                {
                    throw new IllegalArgumentException("the extent of '" + argument.name() + "' reads '" + name +
                        "', which is no scalar input of the row");
                }
            }
        }
        if (wireIndex > MAX_ARGS)
        {
            throw new IllegalArgumentException(wireIndex + " arguments travel; a call carries at most " + MAX_ARGS);
        }
        return arguments;
    }

    /**
     * The arguments' fields: commas inside parentheses (an extent's {@code min(a,b)}) separate nothing.
     */
    private static List<String> splitArguments(final String text)
    {
        final List<String> fields = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            depth = c == '(' ? depth + 1 : c == ')' ? Math.max(0, depth - 1) : depth;
            if (c == ',' && depth == 0)
            {
                fields.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (depth > 0)
        {
            throw new IllegalArgumentException("arguments '" + text + "': a '(' is not closed");
        }
        fields.add(text.substring(start));
        return fields;
    }

    /**
     * A size query of an extent, {@code row.output}: a row of the same binding, run with this row's arguments of the
     * same names and roles (each of its inputs must be one of them), whose named output is a size; a query row reads
     * no query itself and waits for its reply.
     */
    private static void checkQueries(final String file, final List<Row> rows)
    {
        final Map<String, Row> byName = new HashMap<>();
        for (final Row row : rows)
        {
            byName.put(row.qualifiedName(), row);
        }
        for (final Row row : rows)
        {
            for (final Arg argument : row.arguments())
            {
                if (argument.extent() == null)
                {
                    continue;
                }
                for (final String name : argument.extent().names())
                {
                    final int dot = name.indexOf('.');
                    if (dot < 0 || row.arguments().stream().anyMatch(other ->
                        other.name().equals(name.substring(0, dot)) && other.role() == Role.IN_ARRAY_DESCRIPTOR))
                    {
                        continue;
                    }
                    final Row query = byName.get(row.binding().token() + "." + name.substring(0, dot));
                    final String problem = queryProblem(row, query, name.substring(dot + 1));
                    if (problem != null)
                    {
                        throw new TableException(file, row.line(), "the extent of '" + argument.name() + "' reads '" +
                            name + "': " + problem);
                    }
                }
            }
        }
    }

    private static String queryProblem(final Row row, final Row query, final String output)
    {
        if (query == null)
        {
            return "no row of " + row.binding().token() + " has that name";
        }
        if (query.order() != Order.SYNC)
        {
            return query.name() + " is stream-ordered";
        }
        final Arg answer = query.arguments().stream().filter(a -> a.name().equals(output)).findFirst().orElse(null);
        if (answer == null || answer.role() != Role.OUT_INT && answer.role() != Role.OUT_SIZE &&
            answer.role() != Role.OUT_INT64)
        {
            return query.name() + " has no size output '" + output + "'";
        }
        for (final Arg input : query.arguments())
        {
            if (input.extent() != null && input.extent().names().stream().anyMatch(n -> n.indexOf('.') > 0))
            {
                return query.name() + " reads a query itself";
            }
            if (input.wireIndex() >= 0 && row.arguments().stream().noneMatch(a -> a.name().equals(input.name()) &&
                a.role() == input.role() && a.kind() == input.kind()))
            {
                return query.name() + "'s " + input.role().token() + " " + input.name() + " is no argument of " +
                    row.name();
            }
        }
        return null;
    }

    private static void check(final Row row)
    {
        for (final Arg argument : row.arguments())
        {
            if (argument.kind() != null && argument.kind().binding() != row.binding())
            {
                throw new IllegalArgumentException(row.name() + ": a " + argument.kind().token() + " object is " +
                    argument.kind().binding().token() + "'s, not " + row.binding().token() + "'s");
            }
        }
        if (row.binding().library() && row.context() == Context.OBJECT && (row.firstHandle() == null ||
            !row.firstHandle().role().isObject()))
        {
            throw new IllegalArgumentException(row.name() + ": a library row runs in the context of its first " +
                "library object, and this one has none first");
        }
        checkTextureReferenceRoles(row);
        if (row.order() == Order.STREAM && (row.resultCount() > 0 || row.first(Role.STREAM) == null))
        {
            throw new IllegalArgumentException(row.name() + " is stream-ordered, so it needs a stream argument and " +
                "can have no outputs");
        }
        final long strings = row.arguments().stream().filter(a -> a.role() == Role.OUT_STRING).count();
        if (strings > 1 || strings == 1 && row.order() == Order.STREAM)
        {
            throw new IllegalArgumentException(row.name() + ": a row has at most one string output, which comes back " +
                "as the reply's payload, and a stream-ordered row has none");
        }
        if (row.context() == Context.OBJECT && row.firstHandle() == null)
        {
            throw new IllegalArgumentException(row.name() + " runs in the context of an object but has no handle " +
                "argument");
        }
        boolean handleOutputs = false;
        for (final Arg argument : row.arguments())
        {
            handleOutputs |= argument.role().kind() == Kind.HANDLE_OUT;
            if (row.answeredByExecutor() && argument.role().kind() == Kind.SCALAR_OUT)
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
            for (final Arg argument : row.arguments())
            {
                if (argument.role().isHandle() && argument.role() != Role.STREAM && argument.role() != Role.EVENT)
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
    private static void checkTextureReferenceRoles(final Row row)
    {
        final long strings = row.arguments().stream().filter(a -> a.role() == Role.IN_STRING).count();
        if (strings > 1 || strings == 1 && row.order() == Order.STREAM)
        {
            throw new IllegalArgumentException(row.name() + ": a row has at most one string input, which travels as " +
                "the call's payload, and a stream-ordered row has none");
        }
        final long made = row.arguments().stream().filter(a -> a.role().kind() == Kind.HANDLE_NEW).count();
        if (made > 0 && (made != 1 || row.resultCount() != 1 || row.answeredByExecutor() ||
            row.context() == Context.NONE))
        {
            throw new IllegalArgumentException(row.name() + ": a handle the backend makes is the row's only output, " +
                "in a context, and the backend makes it (not '" + EXECUTOR + "')");
        }
        final boolean bound = row.first(Role.OUT_ARRAY) != null || row.first(Role.OUT_MIPMAPPED_ARRAY) != null;
        if (bound && row.first(Role.TEXREF) == null && row.first(Role.SURFREF) == null)
        {
            throw new IllegalArgumentException(row.name() + ": out:array and out:mipmappedarray answer what a " +
                "texref or surfref argument is bound to, and the row has none");
        }
    }

    /**
     * Read an extent.
     *
     * @throws IllegalArgumentException naming what cannot be read.
     */
    public static Extent parseExtent(final String text)
    {
        final ExtentParser parser = new ExtentParser(text);
        final Extent root = parser.sum();
        if (parser.position != text.length())
        {
            throw new IllegalArgumentException("extent '" + text + "': unexpected '" + text.charAt(parser.position) +
                "' at " + parser.position);
        }
        return root;
    }

    private static final class ExtentParser
    {
        private final String text;
        private int position;

        ExtentParser(final String text)
        {
            this.text = text;
        }

        Extent sum()
        {
            Extent left = product();
            while (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-'))
            {
                final char operator = text.charAt(position++);
                left = new Operation(operator, left, product());
            }
            return left;
        }

        Extent product()
        {
            Extent left = factor();
            while (position < text.length() && text.charAt(position) == '*')
            {
                position++;
                left = new Operation('*', left, factor());
            }
            return left;
        }

        Extent factor()
        {
            if (position >= text.length())
            {
                throw new IllegalArgumentException("extent '" + text + "' ends early");
            }
            final char c = text.charAt(position);
            if (c == '(')
            {
                position++;
                final Extent inner = sum();
                if (position >= text.length() || text.charAt(position) != ')')
                {
                    throw new IllegalArgumentException("extent '" + text + "': a '(' is not closed");
                }
                position++;
                return inner;
            }
            final int start = position;
            if (Character.isDigit(c))
            {
                while (position < text.length() && Character.isDigit(text.charAt(position)))
                {
                    position++;
                }
                try
                {
                    return new Constant(Long.parseLong(text.substring(start, position)));
                }
                catch (final NumberFormatException ex)
                {
                    throw new IllegalArgumentException("extent '" + text + "': " + text.substring(start, position) +
                        " does not fit 64 bits");
                }
            }
            if (Character.isJavaIdentifierStart(c))
            {
                while (position < text.length() && (Character.isJavaIdentifierPart(text.charAt(position)) ||
                    text.charAt(position) == '.'))
                {
                    position++;
                }
                final String name = text.substring(start, position);
                if (position < text.length() && text.charAt(position) == '(')
                {
                    return function(name);
                }
                return new Name(name);
            }
            throw new IllegalArgumentException("extent '" + text + "': unexpected '" + c + "' at " + position);
        }

        /**
         * {@code min(a,b)}, {@code max(a,b)}, {@code select(x,a,b)} ({@code a} where {@code x} is 0, else {@code b}:
         * a side, transpose or job argument choosing a dimension), or {@code matrix(rows,cols,ld)}: the elements of a column-major matrix,
         * {@code ld*(cols-1)+rows}, none without rows or columns, written out as
         * {@code min(rows,1)*min(cols,1)*(ld*(cols-1)+rows)}.
         */
        private Extent function(final String name)
        {
            position++;
            final List<Extent> operands = new ArrayList<>();
            while (true)
            {
                operands.add(sum());
                if (position >= text.length())
                {
                    throw new IllegalArgumentException("extent '" + text + "': " + name + "( is not closed");
                }
                final char next = text.charAt(position++);
                if (next == ')')
                {
                    break;
                }
                if (next != ',')
                {
                    throw new IllegalArgumentException("extent '" + text + "': unexpected '" + next + "' at " +
                        (position - 1));
                }
            }
            final int expected = name.equals("matrix") || name.equals("select") ? 3 :
                name.equals("min") || name.equals("max") ? 2 : name.equals("typesize") ? 1 : -1;
            if (expected < 0)
            {
                throw new IllegalArgumentException("extent '" + text + "': " + name + " is not min, max, matrix, " +
                    "select or typesize");
            }
            if (operands.size() != expected)
            {
                throw new IllegalArgumentException("extent '" + text + "': " + name + " takes " + expected +
                    " operands, not " + operands.size());
            }
            if (expected == 1)
            {
                return new TypeSize(operands.get(0));
            }
            if (expected == 2)
            {
                return new Bound(name.equals("min"), operands.get(0), operands.get(1));
            }
            if (name.equals("select"))
            {
                return new Select(operands.get(0), operands.get(1), operands.get(2));
            }
            final Extent rows = operands.get(0);
            final Extent cols = operands.get(1);
            final Extent one = new Constant(1);
            return new Operation('*', new Operation('*', new Bound(true, rows, one), new Bound(true, cols, one)),
                new Operation('+', new Operation('*', operands.get(2), new Operation('-', cols, one)), rows));
        }
    }
}
