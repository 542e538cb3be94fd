package io.gpurelay.agent.jcuda.blas;

import java.lang.reflect.Method;
import java.util.List;

import io.gpurelay.agent.cuda.blas.CublasRefusals;
import io.gpurelay.protocol.describe.CublasRoutines;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CublasStatus;

/**
 * JCuda's legacy cuBLAS binding, {@code jcuda.jcublas.JCublas}: remoted by {@link JCublasRemote}. An unremoted
 * routine (they return no status in the legacy API) records {@code CUBLAS_STATUS_NOT_SUPPORTED} for
 * {@code cublasGetError}, so a program that checks, and JCublas's exceptions mode, see the failure.
 */
public final class JCublasInstrumentation extends InstrumentationModule
{
    /** gbmv, sbmv/hbmv, spmv/hpmv, spr(2)/hpr(2), syr(2)/her(2), tbmv/tbsv, tpmv/tpsv, syr2k/her2k, rotm. */
    /**
     * A routine on complex data: C or Z (Csrot, Zdscal, ...), and Icamax, Scasum, Scnrm2 and their Z twins; not
     * JCublas2's cublasCreate, which only looks like one.
     */
    /** The complex routines the emulator runs, and the rotation generators, which the client computes. */

    public JCublasInstrumentation()
    {
        super("jcuda.jcublas.JCublas", "JCublas", JCublasRemote.class, CublasStatus.NOT_SUPPORTED,
            "CUBLAS_STATUS_NOT_SUPPORTED", "JCublas-");
    }

    /**
     * The device emulator's cuBLAS has the real (S, D) routines of the untyped families and, of the complex ones,
     * axpy, scal, dotu/dotc and gemm ({@code EmulatedBlasSession}); it answers the banded, packed, rank-update and
     * modified-rotation routines of every type, and the other complex routines, with
     * {@code CUBLAS_STATUS_NOT_SUPPORTED}. The rotation generators ({@code rotg}, {@code rotmg}) are computed in the
     * client and run everywhere.
     */
    public String emulatorRefusal(final String functionName)
    {
        return CublasRefusals.legacyEmulatorRefusal(functionName);
    }

    /**
     * The one rule for both cuBLAS bindings ({@link JCublas2Instrumentation} uses it too): the routines are the same
     * typed families on the wire, so the emulator refuses the same names.
     */
    public String refusalReason(final String functionName)
    {
        return "printVector".equals(functionName) || "printMatrix".equals(functionName) ?
            "a debugging aid that prints device memory in JCublas's native code's own format" : null;
    }

    /**
     * A legacy native of a described routine ({@link CublasRoutines}) is run by {@link JCublasLegacyRoutineCalls}.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return describedRoutine(nativeMethod) >= 0 ? HAND_WRITTEN : null;
    }

    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        final int routine = describedRoutine(nativeMethod);
        return routine < 0 ? null : MethodCall.invoke(JCublasLegacyRoutineCalls.body(returnType(nativeMethod)))
            .with(routine).withArgumentArray();
    }

    /**
     * The 32-bit routine of {@link CublasRoutines} whose legacy native this is, by name, with one parameter per letter
     * but the result (an {@code int} for an integer, a {@code char} for an enum, a {@code Pointer} for device memory,
     * a {@code float}, {@code double}, {@code cuComplex} or {@code cuDoubleComplex} for a scalar, a {@code float[]} or
     * {@code double[]} for rotm's param), returning the result or nothing; -1 where there is none. A native of a
     * described name whose parameters differ is an error of the description.
     */
    static int describedRoutine(final MethodDescription.InDefinedShape nativeMethod)
    {
        final int index = JCublasLegacyRoutineCalls.routineOf(nativeMethod.getName());
        if (index < 0 || !nativeMethod.isStatic())
        {
            return -1;
        }
        final String letters = JCublasLegacyRoutineCalls.routine(index).letters();
        final boolean reduction = letters.endsWith("t");
        final String inputs = reduction ? letters.substring(0, letters.length() - 1) : letters;
        final List<? extends ParameterDescription> parameters = nativeMethod.getParameters();
        final Class<?> returnType = returnType(nativeMethod);
        boolean matches = parameters.size() == inputs.length() && returnType != null &&
            (returnType == void.class) != reduction;
        for (int i = 0; matches && i < inputs.length(); i++)
        {
            final String type = parameters.get(i).getType().asErasure().getName();
            matches = switch (inputs.charAt(i))
            {
                case 'i' -> type.equals("int");
                case 'T', 'U', 'G', 'L' -> type.equals("char");
                case 'd' -> type.equals("jcuda.Pointer");
                case 's', 'r' -> List.of("float", "double", "jcuda.cuComplex", "jcuda.cuDoubleComplex").contains(type);
                case 'p' -> type.equals("[F") || type.equals("[D");
                default -> false;
            };
        }
        if (!matches)
        {
            throw new IllegalStateException("JCublas." + nativeMethod.getName() + nativeMethod.getDescriptor() +
                " does not match its description " + letters);
        }
        return index;
    }

    /** The native's return type among those the legacy bodies return, or null. */
    private static Class<?> returnType(final MethodDescription.InDefinedShape nativeMethod)
    {
        final String name = nativeMethod.getReturnType().asErasure().getName();
        return switch (name)
        {
            case "void" -> void.class;
            case "float" -> float.class;
            case "double" -> double.class;
            case "int" -> int.class;
            case "jcuda.cuComplex" -> jcuda.cuComplex.class;
            case "jcuda.cuDoubleComplex" -> jcuda.cuDoubleComplex.class;
            default -> null;
        };
    }

    public Method notSupportedReportHandler()
    {
        try
        {
            return LegacyBlasState.class.getMethod("notSupported", String.class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
