package io.gpurelay.agent.javacpp;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.bytedeco.cuda.cudart.cudaExtent;
import org.bytedeco.cuda.cudart.cudaPitchedPtr;
import org.bytedeco.cuda.cudart.cudaPos;
import org.bytedeco.javacpp.Pointer;

/**
 * The struct makers of CUDA's headers that JavaCPP's {@code cudart} declares as natives: {@code make_cudaExtent},
 * {@code make_cudaPos}, {@code make_cudaPitchedPtr}, the vector makers ({@code make_float2}, {@code make_int4},
 * {@code make_double4_16a}, ...) and the complex ones ({@code make_cuFloatComplex}, {@code make_cuDoubleComplex},
 * {@code make_cuComplex}). They are inline host code in CUDA that touches no device, so the agent answers them here,
 * as the header's code does: a new struct with its members set in order ({@code x}, {@code y}, {@code z}, {@code w}
 * for a vector, real then imaginary part for a complex number). A program builds the extent of
 * {@code cudaMalloc3D} or the pitched pointer of {@code cudaMemcpy3D} with them.
 */
final class JavaCppStructMakers
{
    private static final String[] VECTOR_BASES = { "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
        "longlong", "ulonglong", "float", "double" };
    private static final String[] MEMBERS = { "x", "y", "z", "w" };

    private JavaCppStructMakers()
    {
    }

    static void register(final JavaCppModule module)
    {
        module.function("make_cudaExtent", a ->
            new cudaExtent().width(a.longValue(0)).height(a.longValue(1)).depth(a.longValue(2)));
        module.function("make_cudaPos", a -> new cudaPos().x(a.longValue(0)).y(a.longValue(1)).z(a.longValue(2)));
        module.function("make_cudaPitchedPtr", a -> new cudaPitchedPtr().ptr((Pointer)a.get(0)).pitch(a.longValue(1))
            .xsize(a.longValue(2)).ysize(a.longValue(3)));
        for (final String name : vectorMakers())
        {
            module.function(name, JavaCppStructMakers::vector);
        }
    }

    /**
     * The names of the vector and complex makers.
     */
    static List<String> vectorMakers()
    {
        final List<String> names = new ArrayList<>();
        for (final String base : VECTOR_BASES)
        {
            for (int count = 1; count <= MEMBERS.length; count++)
            {
                names.add("make_" + base + count);
            }
        }
        for (final String base : new String[]{ "long4", "ulong4", "double4" })
        {
            names.add("make_" + base + "_16a");
            names.add("make_" + base + "_32a");
        }
        names.addAll(List.of("make_cuFloatComplex", "make_cuDoubleComplex", "make_cuComplex"));
        return names;
    }

    /**
     * A new struct of the type the maker returns, its members {@code x}, {@code y}, ... set to the arguments in order.
     */
    private static Object vector(final JavaCppArgs a)
    {
        try
        {
            final ClassLoader loader = Thread.currentThread().getContextClassLoader();
            final Class<?> type = Class.forName(a.method().returnType(), true,
                loader != null ? loader : ClassLoader.getSystemClassLoader());
            final Object vector = type.getConstructor().newInstance();
            for (int i = 0; i < a.count(); i++)
            {
                final Object value = a.get(i);
                final Method setter = type.getMethod(MEMBERS[i], primitive(value));
                setter.invoke(vector, value);
            }
            return vector;
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            final Throwable cause = ex instanceof InvocationTargetException target ? target.getCause() : ex;
            throw new JavaCppArgumentException("the struct cannot be made: " + cause);
        }
    }

    private static Class<?> primitive(final Object value)
    {
        if (value instanceof Byte)
        {
            return byte.class;
        }
        if (value instanceof Short)
        {
            return short.class;
        }
        if (value instanceof Integer)
        {
            return int.class;
        }
        if (value instanceof Long)
        {
            return long.class;
        }
        if (value instanceof Float)
        {
            return float.class;
        }
        if (value instanceof Double)
        {
            return double.class;
        }
        throw new IllegalArgumentException("a member of type " + (value == null ? "null" : value.getClass().getName()));
    }
}
