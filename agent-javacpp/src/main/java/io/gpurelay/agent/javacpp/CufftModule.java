package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.util.List;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.fft.CufftRefusals;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.cuda.fft.CufftCalls;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cufft}: plans live on the executor, in the calling thread's current
 * context as cuFFT's do, on the same calls JCuda's {@code JCufft} makes ({@link CufftCalls}, whose plan numbers both
 * bindings share). A {@code cufftHandle} is an {@code int} in C, so the program holds a number of this process's that
 * names the executor's plan; an unknown number is {@code CUFFT_INVALID_PLAN}. The {@code Many} functions' sizes and
 * embeds ({@code int*} or {@code long long*}) are read as C reads them, {@code rank} elements from where the argument
 * points; a null embed is the basic layout. Transforms work on device memory only.
 */
public final class CufftModule extends JavaCppModule
{
    public CufftModule()
    {
        super("cufft", CufftStatus.NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED", CufftStatus.INVALID_VALUE,
            "CUFFT_INVALID_VALUE", List.of("org.bytedeco.cuda.global.cufft", "org.bytedeco.cuda.presets.cufft",
                "org.bytedeco.cuda.cufft."));
        function("cufftGetVersion", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final int[] version = new int[1];
            final int status = CufftCalls.getVersion(version);
            if (status == CufftStatus.SUCCESS)
            {
                a.setInt(0, version[0]);
            }
            return status;
        });
        function("cufftGetProperty", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final int[] value = new int[1];
            final int status = CufftCalls.getProperty(a.intValue(0), value);
            if (status == CufftStatus.SUCCESS)
            {
                a.setInt(1, value[0]);
            }
            return status;
        });
        function("cufftCreate", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final int[] number = new int[1];
            final int status = CufftCalls.create(number);
            if (status == CufftStatus.SUCCESS)
            {
                a.setInt(0, number[0]);
            }
            return status;
        });
        function("cufftDestroy", a -> CufftCalls.destroy(a.method().qualifiedName(), a.intValue(0)));
        function("cufftPlan1d", a -> plan(a, CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1))));
        function("cufftPlan2d", a -> plan(a, CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2))));
        function("cufftPlan3d", a -> plan(a, CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2),
            a.intValue(3))));
        function("cufftPlanMany", a -> plan(a, many(a, 1, Integer.BYTES)));
        function("cufftMakePlan1d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1)), 4));
        function("cufftMakePlan2d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2)), 4));
        function("cufftMakePlan3d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2), a.intValue(3)), 5));
        function("cufftMakePlanMany", a -> sized(a, Function.CUFFT_MAKE_PLAN, many(a, 1, Integer.BYTES), 11));
        function("cufftMakePlanMany64", a -> sized(a, Function.CUFFT_MAKE_PLAN, many(a, 1, Long.BYTES), 11));
        function("cufftGetSize1d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1)), 4));
        function("cufftGetSize2d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2)), 4));
        function("cufftGetSize3d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2), a.intValue(3)), 5));
        function("cufftGetSizeMany", a -> sized(a, Function.CUFFT_GET_SIZE_MANY, many(a, 1, Integer.BYTES), 11));
        function("cufftGetSizeMany64", a -> sized(a, Function.CUFFT_GET_SIZE_MANY, many(a, 1, Long.BYTES), 11));
        function("cufftEstimate1d", a -> estimate(a, CufftGeometry.basic(a.intValue(1), a.intValue(2),
            a.intValue(0)), 3));
        function("cufftEstimate2d", a -> estimate(a, CufftGeometry.basic(a.intValue(2), 1, a.intValue(0),
            a.intValue(1)), 3));
        function("cufftEstimate3d", a -> estimate(a, CufftGeometry.basic(a.intValue(3), 1, a.intValue(0),
            a.intValue(1), a.intValue(2)), 4));
        function("cufftEstimateMany", a -> estimate(a, many(a, 0, Integer.BYTES), 10));
        function("cufftGetSize", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final long[] workSize = new long[1];
            final int status = CufftCalls.getSize(a.method().qualifiedName(), a.intValue(0), workSize);
            if (status == CufftStatus.SUCCESS)
            {
                a.setLong(1, workSize[0]);
            }
            return status;
        });
        function("cufftSetStream", a -> planCall(a, Function.CUFFT_SET_STREAM, a.stream(1)));
        function("cufftSetAutoAllocation", a -> planCall(a, Function.CUFFT_SET_AUTO_ALLOCATION, a.intValue(1)));
        function("cufftSetWorkArea", a -> planCall(a, Function.CUFFT_SET_WORK_AREA, a.devicePointer(1)));
        function("cufftExecC2C", a -> exec(a, CufftGeometry.C2C, a.intValue(3)));
        function("cufftExecZ2Z", a -> exec(a, CufftGeometry.Z2Z, a.intValue(3)));
        function("cufftExecR2C", a -> exec(a, CufftGeometry.R2C, 0));
        function("cufftExecC2R", a -> exec(a, CufftGeometry.C2R, 0));
        function("cufftExecD2Z", a -> exec(a, CufftGeometry.D2Z, 0));
        function("cufftExecZ2D", a -> exec(a, CufftGeometry.Z2D, 0));
    }

    /**
     * {@code cufftPlan*}: a new plan made at once; one that cannot be made is destroyed again and the output keeps
     * what it held. A null geometry (a shape cuFFT does not have, logged) is {@code CUFFT_INVALID_VALUE}.
     */
    private static int plan(final JavaCppArgs a, final CufftGeometry geometry)
    {
        JavaCppRuntime.requireOutput(a, 0);
        if (geometry == null)
        {
            return CufftStatus.INVALID_VALUE;
        }
        final int[] number = new int[1];
        final int status = CufftCalls.createAndMake(a.method().qualifiedName(), geometry, number);
        if (status == CufftStatus.SUCCESS)
        {
            a.setInt(0, number[0]);
        }
        return status;
    }

    /**
     * A call on an existing plan with a geometry that answers a work size into argument {@code workSize}, where the
     * caller gives one.
     */
    private static int sized(final JavaCppArgs a, final Function function, final CufftGeometry geometry,
        final int workSize)
    {
        if (geometry == null)
        {
            return CufftStatus.INVALID_VALUE;
        }
        final long[] size = new long[1];
        final int status = CufftCalls.sized(function, a.method().qualifiedName(), a.intValue(0), geometry, size);
        if (status == CufftStatus.SUCCESS && !a.isNull(workSize))
        {
            a.setLong(workSize, size[0]);
        }
        return status;
    }

    private static int estimate(final JavaCppArgs a, final CufftGeometry geometry, final int workSize)
    {
        JavaCppRuntime.requireOutput(a, workSize);
        if (geometry == null)
        {
            return CufftStatus.INVALID_VALUE;
        }
        final long[] size = new long[1];
        final int status = CufftCalls.estimate(geometry, size);
        if (status == CufftStatus.SUCCESS)
        {
            a.setLong(workSize, size[0]);
        }
        return status;
    }

    private static int planCall(final JavaCppArgs a, final Function function, final long value)
    {
        return CufftCalls.planCall(function, a.method().qualifiedName(), a.intValue(0), value);
    }

    /**
     * The data must be device memory: a Java array or buffer is host memory, which cuFFT cannot transform.
     */
    private static int exec(final JavaCppArgs a, final int type, final int direction)
    {
        for (final int index : new int[]{ 1, 2 })
        {
            if (!(a.get(index) instanceof Pointer))
            {
                AgentLog.warn(a.method().qualifiedName() + ": " + a.describe(index) + " is host memory; gpurelay's " +
                    "cuFFT transforms device memory only; returning CUFFT_EXEC_FAILED");
                return CufftStatus.EXEC_FAILED;
            }
        }
        return CufftCalls.exec(type, a.intValue(0), a.devicePointer(1), a.devicePointer(2), direction);
    }

    /**
     * The geometry of a {@code Many} function whose {@code rank} is argument {@code first}, followed by
     * {@code n, inembed, istride, idist, onembed, ostride, odist, type, batch} as cuFFT declares them; null (logged)
     * for a shape cuFFT does not have.
     */
    private static CufftGeometry many(final JavaCppArgs a, final int first, final int elementBytes)
    {
        final int rank = a.intValue(first);
        return CufftCalls.many(a.method().qualifiedName(), rank, sizes(a, first + 1, rank, elementBytes),
            sizes(a, first + 2, rank, elementBytes), a.longValue(first + 3), a.longValue(first + 4),
            sizes(a, first + 5, rank, elementBytes), a.longValue(first + 6), a.longValue(first + 7),
            a.intValue(first + 8), a.longValue(first + 9));
    }

    /**
     * {@code rank} sizes of {@code elementBytes} each where the argument points, as cuFFT reads them; null for a null
     * argument, none for a rank cuFFT does not have (nothing is read then). A pointer JavaCPP knows to be shorter is
     * refused with {@code CUFFT_INVALID_VALUE}.
     */
    private static long[] sizes(final JavaCppArgs a, final int index, final int rank, final int elementBytes)
    {
        if (a.isNull(index) ||
            a.get(index) instanceof Pointer pointer && JavaCppPointers.effectiveAddress(pointer) == 0)
        {
            return null;
        }
        if (rank < 1 || rank > CufftGeometry.MAX_RANK)
        {
            return new long[0];
        }
        final UnsafeBuffer bytes = new UnsafeBuffer(a.bytes(index, (long)rank * elementBytes));
        final long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++)
        {
            sizes[i] = elementBytes == Integer.BYTES ? bytes.getInt(i * Integer.BYTES, ByteOrder.nativeOrder()) :
                bytes.getLong(i * Long.BYTES, ByteOrder.nativeOrder());
        }
        return sizes;
    }

    /**
     * The plan properties ({@code cufftSetPlanPropertyInt64}, {@code cufftGetPlanPropertyInt64},
     * {@code cufftResetPlanProperty}) have no wire function: JCufft has no such functions, so nothing carries them.
     */
    public String refusalReason(final String functionName)
    {
        return switch (functionName)
        {
            case "cufftSetPlanPropertyInt64", "cufftGetPlanPropertyInt64", "cufftResetPlanProperty" ->
                "no call carries cuFFT's plan properties to the executor yet (JCufft has none to share it with)";
            default -> CufftRefusals.INSTANCE.refusalReason(functionName);
        };
    }

    protected LibraryRefusals refusals()
    {
        return CufftRefusals.INSTANCE;
    }
}
