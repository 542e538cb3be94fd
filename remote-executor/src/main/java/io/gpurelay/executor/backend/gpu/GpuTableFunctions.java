package io.gpurelay.executor.backend.gpu;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;
import org.bytedeco.cuda.cudart.CUDA_ARRAY_DESCRIPTOR_v2;
import org.bytedeco.cuda.cudart.CUarray_st;
import org.bytedeco.cuda.cudart.CUctx_st;
import org.bytedeco.cuda.cudart.CUevent_st;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUmipmappedArray_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.CUsurfref_st;
import org.bytedeco.cuda.cudart.CUtexref_st;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * Finds, once per process and row, the JavaCPP function of {@code org.bytedeco.cuda.global.cudart} (which holds the
 * runtime and the driver API) that runs a function-table row on the GPU: the row's backend function with the
 * parameter types its roles map to. Looking a function up does not initialise the presets' class, so it works (and
 * is tested) without CUDA; a function the presets lack is reported, by name, as not supported.
 */
final class GpuTableFunctions
{
    static final String CUDART_CLASS = "org.bytedeco.cuda.global.cudart";

    private static final Map<Integer, Resolved> RESOLVED = new ConcurrentHashMap<>();

    private GpuTableFunctions()
    {
    }

    /**
     * The method handle of a row's backend function, or why there is none.
     *
     * @param handle  the function, {@code int (...)}; null when it was not found.
     * @param missing what was looked for and not found; null when found.
     */
    record Resolved(MethodHandle handle, String missing, MethodHandle[] pointers, Class<?>[] types)
    {
        Resolved(final MethodHandle handle, final String missing)
        {
            this(handle, missing, null, null);
        }

        /**
         * @return a fresh object for a library function's output of this argument: a size as its parameter's type
         *         takes it, a new library object of its kind's class.
         */
        Object output(final int argument) throws ReflectiveOperationException
        {
            final Class<?> type = types[argument];
            if (type == IntPointer.class)
            {
                return new IntPointer(1L);
            }
            if (type == LongPointer.class)
            {
                return new LongPointer(1L);
            }
            if (type == FloatPointer.class)
            {
                return new FloatPointer(1L);
            }
            if (type == DoublePointer.class)
            {
                return new DoublePointer(1L);
            }
            if (type == SizeTPointer.class)
            {
                return new SizeTPointer(1);
            }
            return type.getConstructor().newInstance();
        }

        /**
         * @return a library function's device address of this argument as the presets' typed pointer
         *         ({@code FloatPointer}, {@code float2}, ...); the runtime's and driver's take it as they always did.
         */
        Object devicePointer(final int argument, final long address) throws Throwable
        {
            return pointers[argument].invoke(new AddressPointer(address));
        }
    }

    static Resolved resolve(final FunctionRow row)
    {
        return RESOLVED.computeIfAbsent(row.id(), ignored -> find(row));
    }

    /**
     * The JavaCPP type a role passes as: the presets' {@code int[]} and {@code long[]} overloads for {@code int*},
     * {@code unsigned long long*} and {@code CUdeviceptr*}, {@link SizeTPointer} for {@code size_t*}, the opaque
     * structs for handles, the device's {@code CUdevice} ordinal as an {@code int}; a device address is the driver's
     * {@code CUdeviceptr} ({@code long}) or the runtime's {@code void*} ({@link Pointer}).
     */
    static Class<?> parameterType(final ArgumentRole role, final boolean runtimeFunction)
    {
        return switch (role)
        {
            case IN_INT, IN_UINT, DEVICE -> int.class;
            case IN_UCHAR -> byte.class;
            case IN_USHORT -> short.class;
            case DEVPTR -> runtimeFunction ? Pointer.class : long.class;
            case IN_SIZE, IN_INT64 -> long.class;
            case OUT_INT, OUT_UINT -> int[].class;
            case OUT_SIZE -> SizeTPointer.class;
            case OUT_INT64, OUT_DEVPTR -> long[].class;
            case OUT_STRING -> byte[].class;
            case CONTEXT -> CUctx_st.class;
            case MODULE -> CUmod_st.class;
            case FUNCTION -> CUfunc_st.class;
            case STREAM -> CUstream_st.class;
            case EVENT -> CUevent_st.class;
            // Texture and surface references.
            case IN_FLOAT -> float.class;
            case OUT_FLOAT, IN_FLOAT4, OUT_FLOAT4 -> float[].class;
            case IN_ARRAY_DESCRIPTOR -> CUDA_ARRAY_DESCRIPTOR_v2.class;
            case IN_STRING -> String.class;
            case TEXREF, FREE_TEXREF, NEW_TEXREF -> CUtexref_st.class;
            case SURFREF, NEW_SURFREF -> CUsurfref_st.class;
            case ARRAY -> CUarray_st.class;
            case MIPMAPPED_ARRAY -> CUmipmappedArray_st.class;
            case OUT_CONTEXT, OUT_MODULE, OUT_ARRAY, OUT_MIPMAPPED_ARRAY, OUT_STREAM ->
                throw new IllegalArgumentException(role + " is answered by the executor");
            case OBJECT, NEW_OBJECT, FREE_OBJECT, HOST_SCRATCH, PIVOTS, PIVOTS64, IN_DOUBLE, OUT_DOUBLE ->
                throw new IllegalArgumentException(role + " is a library row's, found by findInLibrary");
        };
    }

    /**
     * @return whether the row's backend function is the runtime API's ({@code cuda...}), which returns a
     *         {@code cudaError_t} and takes device addresses as {@code void*}; else it is the driver API's.
     */
    static boolean isRuntimeFunction(final FunctionRow row)
    {
        return row.backendName().startsWith("cuda");
    }

    /**
     * A device address as the runtime's {@code void*}.
     */
    static Pointer devicePointer(final long address)
    {
        return new AddressPointer(address);
    }

    /**
     * A library row's function: the overload of the row's name in the library's JavaCPP class whose parameters take
     * the roles as the gpu backend passes them, a device address as a typed pointer (never a Java array or buffer),
     * a library object as its kind's class, a size output as {@code int[]}, {@code long[]} or a
     * {@link SizeTPointer}.
     */
    private static Resolved findInLibrary(final FunctionRow row)
    {
        final String className = row.binding().javaCppClass();
        final Class<?> library;
        try
        {
            library = Class.forName(className, false, GpuTableFunctions.class.getClassLoader());
        }
        catch (final ClassNotFoundException ex)
        {
            return new Resolved(null, className + " is not on the class path");
        }
        for (final java.lang.reflect.Method method : library.getMethods())
        {
            if (!method.getName().equals(row.backendName()) || method.getReturnType() != int.class ||
                !java.lang.reflect.Modifier.isStatic(method.getModifiers()) ||
                method.getParameterCount() != row.arguments().size())
            {
                continue;
            }
            final Class<?>[] types = method.getParameterTypes();
            final MethodHandle[] pointers = new MethodHandle[types.length];
            boolean fits = true;
            for (int i = 0; i < types.length && fits; i++)
            {
                final Argument argument = row.arguments().get(i);
                fits = libraryParameterFits(argument, types[i]);
                if (fits && argument.role().kind() == ArgumentRole.Kind.DEVICE_POINTER)
                {
                    try
                    {
                        pointers[i] = MethodHandles.publicLookup().findConstructor(types[i],
                            MethodType.methodType(void.class, Pointer.class));
                    }
                    catch (final NoSuchMethodException | IllegalAccessException ex)
                    {
                        fits = false;
                    }
                }
            }
            if (fits)
            {
                try
                {
                    return new Resolved(MethodHandles.publicLookup().unreflect(method), null, pointers, types);
                }
                catch (final IllegalAccessException ex)
                {
                    return new Resolved(null, className + "." + method.getName() + " cannot be called: " + ex);
                }
            }
        }
        return new Resolved(null, className + " has no " + row.backendName() + " taking " + row.arguments().size() +
            " arguments of the row's roles");
    }

    static boolean libraryParameterFits(final Argument argument, final Class<?> type)
    {
        return switch (argument.role())
        {
            case IN_INT, IN_UINT -> type == int.class;
            case IN_SIZE, IN_INT64 -> type == long.class;
            case IN_UCHAR -> type == byte.class;
            case IN_FLOAT -> type == float.class;
            case IN_DOUBLE -> type == double.class;
            case OUT_FLOAT -> type == FloatPointer.class;
            case OUT_DOUBLE -> type == DoublePointer.class;
            case DEVPTR, PIVOTS, PIVOTS64 -> Pointer.class.isAssignableFrom(type);
            // The presets' overloads take all of a function's pointers as arrays, as buffers or as pointers.
            case OUT_INT, OUT_UINT -> type == IntPointer.class;
            case OUT_SIZE, OUT_INT64 -> type == LongPointer.class || type == SizeTPointer.class;
            case STREAM -> type == CUstream_st.class;
            case OBJECT, NEW_OBJECT, FREE_OBJECT -> type.getName().equals(argument.kind().javaCppClass());
            case HOST_SCRATCH -> Pointer.class.isAssignableFrom(type);
            default -> false;
        };
    }

    private static final class AddressPointer extends Pointer
    {
        AddressPointer(final long address)
        {
            this.address = address;
        }
    }

    private static Resolved find(final FunctionRow row)
    {
        if (row.binding().library())
        {
            return findInLibrary(row);
        }
        final Class<?>[] types = new Class<?>[row.arguments().size()];
        for (int i = 0; i < types.length; i++)
        {
            final Argument argument = row.arguments().get(i);
            types[i] = parameterType(argument.role(), isRuntimeFunction(row));
        }
        final MethodType type = MethodType.methodType(int.class, types);
        try
        {
            final Class<?> cudart = Class.forName(CUDART_CLASS, false, GpuTableFunctions.class.getClassLoader());
            return new Resolved(MethodHandles.publicLookup().findStatic(cudart, row.backendName(), type), null);
        }
        catch (final ClassNotFoundException ex)
        {
            return new Resolved(null, CUDART_CLASS + " is not on the class path");
        }
        catch (final NoSuchMethodException | IllegalAccessException ex)
        {
            return new Resolved(null, CUDART_CLASS + " has no " + row.backendName() + type);
        }
    }
}
