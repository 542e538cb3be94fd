package io.gpurelay.agent.jcuda.blas;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

import io.gpurelay.agent.cuda.blas.CublasRefusals;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CublasStatus;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;

/**
 * JCuda's cuBLAS v2 binding, {@code jcuda.jcublas.JCublas2}: remoted by {@link JCublas2Remote}.
 * <p>
 * cuBLAS has most routines twice: the 32-bit form ({@code cublasSgemm}) and the {@code _64} form
 * ({@code cublasSgemm_64}, JCublas2's {@code cublasSgemm_v2_64Native}) whose sizes, increments, leading dimensions
 * and batch counts are 64-bit. {@link JCublas2Remote} implements the {@code _64} form only, and this module binds the
 * 32-bit native to it ({@link #wideImplementation}): its {@code int} arguments widen to {@code long} where the
 * {@code _64} form has a {@code long}, so one implementation serves both natives and the values travel as the 64-bit
 * words they are on the wire anyway.
 */
public final class JCublas2Instrumentation extends InstrumentationModule
{
    private static final String NATIVE = "Native";
    /** How JCublas2 names the {@code _64} form of {@code cublasXNative}: after the {@code _v2} or not. */
    private static final List<String> WIDE_SUFFIXES = List.of("_v2_64Native", "_64Native");
    private static final String NEW = "_newNative";

    public JCublas2Instrumentation()
    {
        super("jcuda.jcublas.JCublas2", "JCublas2", JCublas2Remote.class, CublasStatus.NOT_SUPPORTED,
            "CUBLAS_STATUS_NOT_SUPPORTED", "JCublas2-");
    }

    /**
     * The legacy binding's rule ({@link JCublasInstrumentation#emulatorRefusalOf}): of the routines of any element
     * type the emulator runs complex axpy, scal, dotu/dotc and gemm, and refuses the banded, packed, rank-update and
     * rotm routines of every type and the other complex ones by name; of the real routines only the v2 API has it runs
     * geam, dgmm, tpttr/trttp and the batched gemm, getrf and getri, and refuses syrkx and the batched gemv, trsm,
     * getrs, matinv, geqrf and gels.
     */
    public String emulatorRefusal(final String functionName)
    {
        return CublasRefusals.V2.emulatorRefusal(wideFunctionName32(functionName));
    }

    public String refusalReason(final String functionName)
    {
        return CublasRefusals.V2.refusalReason(functionName);
    }

    /**
     * A 32-bit native whose {@code _64} form {@link JCublas2Remote} implements is remoted by hand-written code.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return nativeMethod.isStatic() && (describedRoutine(nativeMethod) >= 0 || wideImplementation(nativeMethod) !=
            null) ? HAND_WRITTEN : null;
    }

    /**
     * The 32-bit native's body: a call of its {@code _64} form's implementation, each {@code int} widened.
     */
    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        final int routine = describedRoutine(nativeMethod);
        if (routine >= 0)
        {
            return MethodCall.invoke(JCublasRoutineCalls.callMethod()).with(routine).withArgumentArray();
        }
        final Method implementation = wideImplementation(nativeMethod);
        return implementation == null ? null : MethodCall.invoke(implementation).withAllArguments();
    }

    /**
     * The routine of {@link CublasRoutines} whose JCublas2 native this is, by name, with
     * the handle, one parameter per letter (an {@code int} or {@code long} for an integer, a {@code Pointer} or, for a
     * {@code _64} index result, a {@code long[]} otherwise) and an {@code int} result; -1 where there is none. A
     * native of a described name whose parameters differ is an error of the description.
     */
    static int describedRoutine(final MethodDescription.InDefinedShape nativeMethod)
    {
        final int index = JCublasRoutineCalls.routineOf(nativeMethod.getName());
        if (index < 0 || !nativeMethod.isStatic())
        {
            return -1;
        }
        final String letters = JCublasRoutineCalls.routine(index).letters();
        final List<? extends ParameterDescription> parameters = nativeMethod.getParameters();
        boolean matches = parameters.size() == letters.length() + 1 &&
            nativeMethod.getReturnType().asErasure().represents(int.class) &&
            parameters.get(0).getType().asErasure().getName().equals("jcuda.jcublas.cublasHandle");
        for (int i = 0; matches && i < letters.length(); i++)
        {
            final String type = parameters.get(i + 1).getType().asErasure().getName();
            matches = CublasRoutines.isInteger(letters.charAt(i)) ? type.equals("int") || type.equals("long") :
                type.equals("jcuda.Pointer") || letters.charAt(i) == 't' && type.equals("[J");
        }
        if (!matches)
        {
            throw new IllegalStateException("JCublas2." + nativeMethod.getName() + nativeMethod.getDescriptor() +
                " does not match its description " + letters);
        }
        return index;
    }

    /**
     * The public static method of {@link JCublas2Remote} that implements the {@code _64} form of a 32-bit native:
     * named as JCublas2 names that form ({@code cublasXNative} → {@code cublasX_v2_64Native} or
     * {@code cublasX_64Native}, {@code cublasX_newNative} → {@code cublasX_64_newNative}), with the native's
     * parameters where each is the same type or an {@code int} that the implementation takes as a {@code long}. Null
     * where there is none.
     */
    public static Method wideImplementation(final MethodDescription.InDefinedShape nativeMethod)
    {
        final String name = nativeMethod.getName();
        if (!name.endsWith(NATIVE) || name.contains("_64"))
        {
            return null;
        }
        final List<String> candidates = name.endsWith(NEW) ?
            List.of(name.substring(0, name.length() - NEW.length()) + "_64" + NEW) :
            WIDE_SUFFIXES.stream().map(suffix -> name.substring(0, name.length() - NATIVE.length()) + suffix).toList();
        for (final Method method : JCublas2Remote.class.getDeclaredMethods())
        {
            if (candidates.contains(method.getName()) && Modifier.isPublic(method.getModifiers()) &&
                Modifier.isStatic(method.getModifiers()) && widens(nativeMethod, method))
            {
                return method;
            }
        }
        return null;
    }

    private static boolean widens(final MethodDescription.InDefinedShape nativeMethod, final Method implementation)
    {
        final Class<?>[] wide = implementation.getParameterTypes();
        if (wide.length != nativeMethod.getParameters().size() ||
            !nativeMethod.getReturnType().asErasure().represents(implementation.getReturnType()))
        {
            return false;
        }
        for (final ParameterDescription.InDefinedShape parameter : nativeMethod.getParameters())
        {
            final Class<?> type = wide[parameter.getIndex()];
            final boolean same = parameter.getType().asErasure().getName().equals(type.getName());
            if (!same && !(parameter.getType().asErasure().represents(int.class) && type == long.class))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * The 32-bit function a {@code _64} function name stands for ({@code cublasSgemm_v2_64} → {@code cublasSgemm}),
     * or the name itself.
     */
    static String wideFunctionName32(final String functionName)
    {
        if (functionName.endsWith("_v2_64"))
        {
            return functionName.substring(0, functionName.length() - "_v2_64".length());
        }
        if (functionName.endsWith("_64"))
        {
            return functionName.substring(0, functionName.length() - "_64".length());
        }
        return functionName.replace("_64_new", "_new");
    }
}
