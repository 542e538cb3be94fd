package io.gpurelay.agent.jcuda;

import java.nio.charset.StandardCharsets;

import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import jcuda.NativePointerObject;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.Pointer;

/**
 * How a function-table row's arguments look in JCuda and travel on the wire, by role: the one place that turns a
 * JCuda native's arguments into a call's {@code args} and a reply's {@code values} back into the arrays the native
 * writes. Where each value goes is the row's ({@link Argument#wireIndex()}, {@link Argument#resultIndex()}), which
 * the executor reads too.
 */
public final class TableEncoding
{
    /** {@code CU_STREAM_LEGACY} / {@code cudaStreamLegacy} and the per-thread default stream: the executor's 0. */
    private static final long STREAM_LEGACY = 1;
    private static final long STREAM_PER_THREAD = 2;

    private TableEncoding()
    {
    }

    /**
     * @return the Java type (as a descriptor) a binding's native declares for an argument of this role.
     */
    public static String descriptorType(final Binding binding, final ArgumentRole role)
    {
        final boolean driver = binding == Binding.JCUDA_DRIVER;
        return switch (role)
        {
            case IN_INT, IN_UINT -> "I";
            case IN_UCHAR -> "B";
            case IN_USHORT -> "S";
            case IN_SIZE, IN_INT64 -> "J";
            case DEVPTR, OUT_DEVPTR -> driver ? "Ljcuda/driver/CUdeviceptr;" : "Ljcuda/Pointer;";
            case OUT_STRING -> "[Ljava/lang/String;";
            case OUT_CONTEXT -> "Ljcuda/driver/CUcontext;";
            case OUT_MODULE -> "Ljcuda/driver/CUmodule;";
            case OUT_INT, OUT_UINT -> "[I";
            case OUT_SIZE, OUT_INT64 -> "[J";
            case DEVICE -> driver ? "Ljcuda/driver/CUdevice;" : "I";
            case CONTEXT -> "Ljcuda/driver/CUcontext;";
            case MODULE -> "Ljcuda/driver/CUmodule;";
            case FUNCTION -> "Ljcuda/driver/CUfunction;";
            case STREAM -> driver ? "Ljcuda/driver/CUstream;" : "Ljcuda/runtime/cudaStream_t;";
            case EVENT -> driver ? "Ljcuda/driver/CUevent;" : "Ljcuda/runtime/cudaEvent_t;";
            // Texture and surface references.
            case IN_FLOAT -> "F";
            case OUT_FLOAT, IN_FLOAT4, OUT_FLOAT4 -> "[F";
            case IN_ARRAY_DESCRIPTOR -> "Ljcuda/driver/CUDA_ARRAY_DESCRIPTOR;";
            case IN_STRING -> "Ljava/lang/String;";
            case TEXREF, FREE_TEXREF, NEW_TEXREF -> "Ljcuda/driver/CUtexref;";
            case SURFREF, NEW_SURFREF -> "Ljcuda/driver/CUsurfref;";
            case ARRAY, OUT_ARRAY -> "Ljcuda/driver/CUarray;";
            case MIPMAPPED_ARRAY, OUT_MIPMAPPED_ARRAY -> "Ljcuda/driver/CUmipmappedArray;";
            // Library objects are the rows of libraries JCuda's binding here does not remote.
            case OBJECT, NEW_OBJECT, FREE_OBJECT, OUT_STREAM, HOST_SCRATCH, PIVOTS, PIVOTS64, IN_DOUBLE, OUT_DOUBLE -> throw new IllegalArgumentException(role + ": JCuda remotes no " +
                "library rows");
        };
    }

    /**
     * @return the descriptor of the JCuda native a row remotes: its roles' types, returning the status.
     */
    public static String descriptor(final FunctionRow row)
    {
        final StringBuilder descriptor = new StringBuilder("(");
        for (final Argument argument : row.arguments())
        {
            descriptor.append(descriptorType(row.binding(), argument.role()));
        }
        return descriptor.append(")I").toString();
    }

    /**
     * The call's {@code args}: each input, device and handle of the native's arguments by its role. As JCuda's
     * native code does, a null argument CUDA does not allow throws {@link NullPointerException}; a null stream is the
     * default stream, a null context the current one.
     */
    public static long[] encode(final FunctionRow row, final Object[] arguments)
    {
        if (arguments.length != row.arguments().size())
        {
            throw new IllegalArgumentException(row.qualifiedName() + " takes " + row.arguments().size() +
                " arguments, got " + arguments.length);
        }
        final long[] wire = new long[row.wireArgumentCount()];
        for (int i = 0; i < arguments.length; i++)
        {
            final Argument argument = row.arguments().get(i);
            final Object value = arguments[i];
            if (argument.role() == ArgumentRole.IN_STRING)
            {
                requireNonNull(row, argument, value);
                continue;
            }
            if (argument.wireIndex() < 0)
            {
                requireOutput(row, argument, value);
                continue;
            }
            if (argument.role().slots() > 1)
            {
                encodeSeveral(row, argument, value, wire);
                continue;
            }
            wire[argument.wireIndex()] = switch (argument.role())
            {
                case IN_INT -> (Integer)value;
                case IN_UINT -> Integer.toUnsignedLong((Integer)value);
                case IN_UCHAR -> (Byte)value & 0xFFL;
                case IN_USHORT -> (Short)value & 0xFFFFL;
                case IN_SIZE, IN_INT64 -> (Long)value;
                case DEVPTR -> JCudaPointers.address(requireNonNull(row, argument, (Pointer)value));
                case DEVICE -> value instanceof Integer ordinal ? ordinal :
                    JCudaPointers.nativePointer(requireNonNull(row, argument, (NativePointerObject)value));
                case STREAM -> stream((NativePointerObject)value);
                case CONTEXT -> value == null ? 0 : JCudaPointers.nativePointer((NativePointerObject)value);
                case MODULE, FUNCTION, EVENT ->
                    JCudaPointers.nativePointer(requireNonNull(row, argument, (NativePointerObject)value));
                // Texture and surface references: a float travels as its bits, a handle as the executor's.
                case IN_FLOAT -> Integer.toUnsignedLong(Float.floatToRawIntBits((Float)value));
                case TEXREF, FREE_TEXREF, SURFREF, ARRAY, MIPMAPPED_ARRAY ->
                    JCudaPointers.nativePointer(requireNonNull(row, argument, (NativePointerObject)value));
                default -> throw new IllegalStateException(argument.role() + " does not travel");
            };
        }
        return wire;
    }

    // Texture and surface references: arguments of several values, a string input.

    private static void encodeSeveral(final FunctionRow row, final Argument argument, final Object value,
        final long[] wire)
    {
        requireNonNull(row, argument, value);
        final int at = argument.wireIndex();
        switch (argument.role())
        {
            case IN_FLOAT4 ->
            {
                final float[] floats = (float[])value;
                requireLength(row, argument, floats.length, 4);
                for (int k = 0; k < 4; k++)
                {
                    wire[at + k] = Integer.toUnsignedLong(Float.floatToRawIntBits(floats[k]));
                }
            }
            case IN_ARRAY_DESCRIPTOR ->
            {
                final CUDA_ARRAY_DESCRIPTOR descriptor = (CUDA_ARRAY_DESCRIPTOR)value;
                wire[at] = descriptor.Width;
                wire[at + 1] = descriptor.Height;
                wire[at + 2] = descriptor.Format;
                wire[at + 3] = Integer.toUnsignedLong(descriptor.NumChannels);
            }
            default -> throw new IllegalStateException(argument.role() + " does not travel as several values");
        }
    }

    /**
     * @return the call's payload: a row's string input, as UTF-8 without its NUL; null for a row without one.
     */
    public static byte[] stringInput(final FunctionRow row, final Object[] arguments)
    {
        for (int i = 0; i < arguments.length; i++)
        {
            if (row.arguments().get(i).role() == ArgumentRole.IN_STRING)
            {
                return ((String)arguments[i]).getBytes(StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void requireLength(final FunctionRow row, final Argument argument, final int length,
        final int needed)
    {
        if (length < needed)
        {
            throw new IllegalArgumentException("Parameter '" + argument.name() + "' of " + row.name() + " has " +
                length + " elements; the function reads or writes " + needed);
        }
    }

    /**
     * Write the reply's values into the native's output arrays.
     */
    public static void decode(final FunctionRow row, final long[] values, final Object[] arguments)
    {
        for (int i = 0; i < arguments.length; i++)
        {
            final Argument argument = row.arguments().get(i);
            if (argument.resultIndex() < 0)
            {
                continue;
            }
            final long value = values[argument.resultIndex()];
            switch (argument.role())
            {
                case OUT_INT, OUT_UINT -> ((int[])arguments[i])[0] = (int)value;
                case OUT_SIZE, OUT_INT64 -> ((long[])arguments[i])[0] = value;
                case OUT_CONTEXT, OUT_MODULE, OUT_DEVPTR ->
                    JCudaPointers.setNativePointer((NativePointerObject)arguments[i], value);
                // Texture and surface references.
                case NEW_TEXREF, NEW_SURFREF, OUT_ARRAY, OUT_MIPMAPPED_ARRAY ->
                    JCudaPointers.setNativePointer((NativePointerObject)arguments[i], value);
                case OUT_FLOAT -> ((float[])arguments[i])[0] = Float.intBitsToFloat((int)value);
                case OUT_FLOAT4 ->
                {
                    for (int k = 0; k < 4; k++)
                    {
                        ((float[])arguments[i])[k] = Float.intBitsToFloat((int)values[argument.resultIndex() + k]);
                    }
                }
                default -> throw new IllegalStateException(argument.role() + " is no output");
            }
        }
    }

    /**
     * Write the reply's payload, a string output without its NUL, into element 0 of the native's array.
     */
    public static void decodeString(final FunctionRow row, final byte[] text, final Object[] arguments)
    {
        for (int i = 0; i < arguments.length; i++)
        {
            if (row.arguments().get(i).role() == ArgumentRole.OUT_STRING)
            {
                ((String[])arguments[i])[0] = new String(text, StandardCharsets.UTF_8);
            }
        }
    }

    private static long stream(final NativePointerObject stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == STREAM_LEGACY || handle == STREAM_PER_THREAD ? 0 : handle;
    }

    private static void requireOutput(final FunctionRow row, final Argument argument, final Object array)
    {
        requireNonNull(row, argument, array);
        if (argument.role().kind() == ArgumentRole.Kind.HANDLE_OUT || argument.role() == ArgumentRole.OUT_DEVPTR ||
            argument.role().kind() == ArgumentRole.Kind.HANDLE_NEW)
        {
            return;
        }
        if (array instanceof float[] floats)
        {
            requireLength(row, argument, floats.length, argument.role().slots());
            return;
        }
        final int length = array instanceof int[] ints ? ints.length : array instanceof String[] strings ?
            strings.length : ((long[])array).length;
        if (length == 0)
        {
            throw new IllegalArgumentException("Parameter '" + argument.name() + "' of " + row.name() +
                " is an empty array; the function writes one value to it");
        }
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static <T> T requireNonNull(final FunctionRow row, final Argument argument, final T value)
    {
        if (value == null)
        {
            throw new NullPointerException("Parameter '" + argument.name() + "' is null for " + row.name());
        }
        return value;
    }
}
