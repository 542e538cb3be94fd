package io.gpurelay.agent.javacpp;


import io.gpurelay.agent.cuda.TableRowCalls;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;

/**
 * A function-table row ({@code gpurelay-functions.txt}) as a JavaCPP function: the same row that remotes JCuda's
 * native remotes every overload JavaCPP declares for the C function; only how each role's value is read from, or
 * written to, a Java argument differs ({@link JavaCppArgs}). In JavaCPP a device ordinal is an {@code int}, a
 * driver-API device pointer a {@code long}, a runtime one a {@code Pointer}, a handle its opaque class, an output one
 * of the pointer, array or buffer types.
 */
public final class JavaCppTableFunctions
{
    /**
     * Roles this binding does not encode: the texture and surface references' handles, floats, descriptors and
     * string inputs, which JCuda's binding takes; JavaCPP's functions with them stay not supported.
     */
    private static final java.util.Set<ArgumentRole> NOT_ENCODED = java.util.EnumSet.of(ArgumentRole.IN_FLOAT,
        ArgumentRole.OUT_FLOAT, ArgumentRole.IN_FLOAT4, ArgumentRole.OUT_FLOAT4, ArgumentRole.IN_ARRAY_DESCRIPTOR,
        ArgumentRole.IN_STRING, ArgumentRole.TEXREF, ArgumentRole.SURFREF, ArgumentRole.ARRAY,
        ArgumentRole.MIPMAPPED_ARRAY, ArgumentRole.FREE_TEXREF, ArgumentRole.NEW_TEXREF, ArgumentRole.NEW_SURFREF,
        ArgumentRole.OUT_ARRAY, ArgumentRole.OUT_MIPMAPPED_ARRAY);

    /** Scalars a library's rows take, which this binding encodes for them. */
    private static final java.util.Set<ArgumentRole> LIBRARY_SCALARS = java.util.EnumSet.of(ArgumentRole.IN_FLOAT,
        ArgumentRole.OUT_FLOAT);

    private JavaCppTableFunctions()
    {
    }

    /**
     * Whether a JavaCPP overload takes the row's arguments: as many, scalars as primitives and the rest as objects.
     */
    static boolean fits(final FunctionRow row, final MethodDescription.InDefinedShape nativeMethod)
    {
        if (nativeMethod.getParameters().size() != row.arguments().size() ||
            !nativeMethod.getReturnType().asErasure().represents(int.class))
        {
            return false;
        }
        for (int i = 0; i < row.arguments().size(); i++)
        {
            final ArgumentRole role = row.arguments().get(i).role();
            if (NOT_ENCODED.contains(role) && !(row.binding().library() && LIBRARY_SCALARS.contains(role)))
            {
                return false;
            }
            final TypeDescription type = nativeMethod.getParameters().get(i).getType().asErasure();
            final boolean primitive = type.isPrimitive();
            // A library function's device memory is remoted in every overload, so that a Java array or buffer there is
            // refused by name (JavaCppArgs.devicePointer) rather than left to a native that is not there.
            final boolean fits = switch (role.kind())
            {
                case SCALAR_IN, DEVICE -> primitive;
                case DEVICE_POINTER -> primitive ? type.represents(long.class) :
                    row.binding().library() || !type.isArray();
                default -> !primitive;
            };
            if (!fits)
            {
                return false;
            }
        }
        return true;
    }

    static JavaCppFunction of(final FunctionRow row)
    {
        return arguments -> call(row, arguments);
    }

    private static int call(final FunctionRow row, final JavaCppArgs arguments)
    {
        final long[] wire = new long[row.wireArgumentCount()];
        for (int i = 0; i < row.arguments().size(); i++)
        {
            final Argument argument = row.arguments().get(i);
            if (argument.role() == ArgumentRole.HOST_SCRATCH)
            {
                // Scratch memory of the executor's host stands in for it; nothing of the caller's travels.
                continue;
            }
            if (argument.wireIndex() < 0)
            {
                if (arguments.isNull(i))
                {
                    throw new JavaCppArgumentException(arguments.describe(i) + " (" + argument.name() + ") is null");
                }
                continue;
            }
            wire[argument.wireIndex()] = switch (argument.role())
            {
                case IN_INT, DEVICE -> arguments.intValue(i);
                case IN_UINT -> Integer.toUnsignedLong(arguments.intValue(i));
                case IN_UCHAR -> arguments.longValue(i) & 0xFFL;
                case IN_USHORT -> arguments.longValue(i) & 0xFFFFL;
                case IN_SIZE, IN_INT64 -> arguments.longValue(i);
                case IN_FLOAT -> Integer.toUnsignedLong(Float.floatToRawIntBits(arguments.floatValue(i)));
                case IN_DOUBLE -> Double.doubleToRawLongBits(arguments.doubleValue(i));
                case DEVPTR, PIVOTS, PIVOTS64 -> arguments.devicePointer(i);
                case STREAM -> arguments.stream(i);
                case CONTEXT, MODULE, FUNCTION, EVENT, OBJECT, FREE_OBJECT -> arguments.handle(i);
                default -> throw new IllegalStateException(argument.role() + " does not travel");
            };
        }
        final long[] results = row.resultCount() == 0 ? null : new long[row.resultCount()];
        final ByteArrayPayload text = row.hasStringOutput() ? new ByteArrayPayload() : null;
        final int status = TableRowCalls.send(row, wire, results, text);
        if (status != 0)
        {
            return status;
        }
        for (int i = 0; i < row.arguments().size(); i++)
        {
            final Argument argument = row.arguments().get(i);
            if (argument.role() == ArgumentRole.OUT_STRING)
            {
                final byte[] bytes = text.bytes();
                final byte[] terminated = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, terminated, 0, bytes.length);
                arguments.writeBytes(i, terminated, terminated.length);
                continue;
            }
            if (argument.resultIndex() < 0)
            {
                continue;
            }
            final long value = results[argument.resultIndex()];
            switch (argument.role())
            {
                case OUT_INT, OUT_UINT -> arguments.setInt(i, (int)value);
                case OUT_SIZE, OUT_INT64, OUT_CONTEXT, OUT_MODULE, OUT_DEVPTR -> arguments.setLong(i, value);
                case NEW_OBJECT, OUT_STREAM -> arguments.setHandle(i, value);
                case OUT_FLOAT -> arguments.setFloat(i, Float.intBitsToFloat((int)value));
                case OUT_DOUBLE -> arguments.setDouble(i, Double.longBitsToDouble(value));
                default -> throw new IllegalStateException(argument.role() + " is no output");
            }
        }
        return status;
    }
}
