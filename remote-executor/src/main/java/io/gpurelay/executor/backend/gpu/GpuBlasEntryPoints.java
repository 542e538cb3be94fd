package io.gpurelay.executor.backend.gpu;

import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.global.cublas;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.annotation.ByPtrPtr;
import org.bytedeco.javacpp.annotation.ByPtrRef;
import org.bytedeco.javacpp.annotation.ByRef;
import org.bytedeco.javacpp.annotation.ByVal;

/**
 * The JavaCPP entry points of the described cuBLAS routines: for each routine, the native of its C name in
 * {@code global.cublas} that takes the handle, then for each argument an {@code int} or {@code long} where the
 * description has an integer and a JavaCPP pointer type where it has a pointer ({@code FloatPointer},
 * {@code float2}, {@code PointerPointer}, ...), found once by name and called through a {@link MethodHandle}. A
 * pointer argument is any address cast to the parameter's type by its {@code (Pointer)} constructor, as the C
 * function takes a plain address whatever its element type.
 */
final class GpuBlasEntryPoints
{
    private final Map<String, EntryPoint> found = new HashMap<>();

    /**
     * @return the routine's entry point, or null where the presets have none of that shape.
     */
    EntryPoint find(final Routine routine)
    {
        return found.computeIfAbsent(routine.name(), name -> lookUp(routine));
    }

    private static EntryPoint lookUp(final Routine routine)
    {
        final String letters = routine.letters();
        final Method method = Arrays.stream(cublas.class.getMethods())
            .filter(m -> m.getName().equals(routine.name()) && Modifier.isStatic(m.getModifiers()) &&
                m.getReturnType() == int.class && fits(m.getParameterTypes(), letters) && plain(m))
            .min(Comparator.comparing(Method::toGenericString))
            .orElse(null);
        if (method == null)
        {
            return null;
        }
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            final Class<?>[] parameters = method.getParameterTypes();
            final MethodHandle[] casts = new MethodHandle[parameters.length];
            for (int i = 1; i < parameters.length; i++)
            {
                if (!parameters[i].isPrimitive())
                {
                    casts[i] = lookup.findConstructor(parameters[i], MethodType.methodType(void.class,
                        Pointer.class));
                }
            }
            return new EntryPoint(lookup.unreflect(method).asSpreader(Object[].class, parameters.length),
                parameters, casts);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(routine.name() + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Whether a native's parameters are the handle, then an {@code int} or {@code long} for each integer letter and a
     * JavaCPP pointer for every other.
     */
    private static boolean fits(final Class<?>[] parameters, final String letters)
    {
        if (parameters.length != letters.length() + 1 || parameters[0] != cublasContext.class)
        {
            return false;
        }
        for (int i = 0; i < letters.length(); i++)
        {
            final Class<?> type = parameters[i + 1];
            final boolean fits = CublasRoutines.isInteger(letters.charAt(i)) ? type == int.class || type == long.class :
                Pointer.class.isAssignableFrom(type);
            if (!fits)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every argument goes to C as the address it holds: not by value, and not as the address of a pointer
     * ({@code @ByPtrPtr}, which the presets put on the overloads that take one matrix where cuBLAS takes an array of
     * them).
     */
    private static boolean plain(final Method method)
    {
        for (final Annotation[] annotations : method.getParameterAnnotations())
        {
            for (final Annotation annotation : annotations)
            {
                final Class<?> type = annotation.annotationType();
                if (type == ByPtrPtr.class || type == ByPtrRef.class || type == ByRef.class || type == ByVal.class)
                {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * One native and how to make its pointer arguments.
     */
    static final class EntryPoint
    {
        private final MethodHandle handle;
        private final Class<?>[] parameters;
        private final MethodHandle[] casts;

        EntryPoint(final MethodHandle handle, final Class<?>[] parameters, final MethodHandle[] casts)
        {
            this.handle = handle;
            this.parameters = parameters;
            this.casts = casts;
        }

        /** @return the Java type of the C argument of this number (1 the first after the handle). */
        Class<?> parameter(final int number)
        {
            return parameters[number];
        }

        /** @return the address as the pointer type the native takes for this argument. */
        Object pointer(final int number, final Pointer address)
        {
            try
            {
                return casts[number].invoke(address);
            }
            catch (final Throwable ex)
            {
                throw new IllegalStateException("casting to " + parameters[number].getName(), ex);
            }
        }

        /** @return the cuBLAS status. */
        int invoke(final Object[] arguments)
        {
            try
            {
                return (int)handle.invoke(arguments);
            }
            catch (final RuntimeException | Error ex)
            {
                throw ex;
            }
            catch (final Throwable ex)
            {
                throw new IllegalStateException(ex);
            }
        }
    }
}
