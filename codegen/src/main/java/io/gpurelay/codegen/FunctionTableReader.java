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
        HANDLE_NEW
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
        OUT_MIPMAPPED_ARRAY("out:mipmappedarray", Kind.HANDLE_OUT);

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
        JCUDA_DRIVER("JCudaDriver"),
        JCUDA("JCuda");

        private final String token;

        Binding(final String token)
        {
            this.token = token;
        }

        public String token()
        {
            return token;
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
     * @param extent the bytes of a device address or a string output, else null.
     */
    public record Arg(Role role, String name, int wireIndex, int resultIndex, Extent extent)
    {
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
            throw new IllegalArgumentException("binding '" + fields[1] + "' is not JCudaDriver or JCuda");
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
        for (final String field : text.split(","))
        {
            final String[] parts = field.strip().split("\\s+");
            if (parts.length != 2)
            {
                throw new IllegalArgumentException("argument '" + field.strip() + "' is not 'role name'");
            }
            final boolean devicePointer = parts[0].startsWith("devptr(") && parts[0].endsWith(")");
            final boolean string = parts[0].startsWith("out:string(") && parts[0].endsWith(")");
            final Role role = devicePointer ? Role.DEVPTR : string ? Role.OUT_STRING : Role.of(parts[0]);
            if (role == null || role == Role.DEVPTR && !devicePointer || role == Role.OUT_STRING && !string)
            {
                throw new IllegalArgumentException("argument '" + parts[1] + "' has an unknown role '" + parts[0] +
                    "'" + (role == Role.DEVPTR ? " (a device address is devptr(extent))" :
                    role == Role.OUT_STRING ? " (a string output is out:string(length))" : ""));
            }
            final String bounds = devicePointer || string ? parts[0].substring(parts[0].indexOf('(') + 1,
                parts[0].length() - 1) : null;
            final Extent extent = bounds == null ? null : parseExtent(bounds);
            if (role == Role.OUT_STRING || role == Role.IN_STRING)
            {
                arguments.add(new Arg(role, parts[1], -1, -1, extent));
            }
            else if (role.isOutput())
            {
                arguments.add(new Arg(role, parts[1], -1, resultIndex, null));
                resultIndex += role.slots();
            }
            else
            {
                arguments.add(new Arg(role, parts[1], wireIndex, -1, extent));
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
                final boolean scalar = dot < 0 ? arguments.stream().anyMatch(other -> other.name().equals(name) &&
                    other.role().kind() == Kind.SCALAR_IN && other.role().slots() == 1) :
                    ARRAY_DESCRIPTOR_MEMBERS.contains(name.substring(dot + 1)) &&
                    arguments.stream().anyMatch(other -> other.name().equals(name.substring(0, dot)) &&
                    other.role() == Role.IN_ARRAY_DESCRIPTOR);
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

    private static void check(final Row row)
    {
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
                return new Name(text.substring(start, position));
            }
            throw new IllegalArgumentException("extent '" + text + "': unexpected '" + c + "' at " + position);
        }
    }
}
