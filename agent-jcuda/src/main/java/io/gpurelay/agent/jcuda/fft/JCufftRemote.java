package io.gpurelay.agent.jcuda.fft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.fft.CufftCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.jcufft.cufftHandle;
import jcuda.jcufft.cufftResult;
import jcuda.runtime.cudaStream_t;

/**
 * The cuFFT functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.jcufft.JCufft} with the same name and descriptor (see {@link JCufftInstrumentation}); JCufft's public
 * wrappers run unchanged, including those that take Java arrays, which copy through {@code cudaMalloc} and
 * {@code cudaMemcpy} (remoted too) before they call the natives here.
 * <p>
 * Plans live on the executor, in the calling thread's current context, and transform device memory there: data and
 * work areas are device pointers ({@code cudaMalloc}, {@code cuMemAlloc}), never host memory. A
 * {@code cufftHandle} holds an {@code int}, as cuFFT's does, and the executor's plan handles are 64 bits: the handle
 * gets a number of this JVM's that names the executor's plan, and a number that names no live plan is
 * {@code CUFFT_INVALID_PLAN}, as cuFFT answers. {@code cufftPlan*} are {@code cufftCreate} and {@code cufftMakePlan*}
 * in one, and every shape travels as {@code cufftMakePlanMany64}'s ({@link CufftGeometry}); the calls travel through
 * {@link CufftCalls}, which JavaCPP's {@code cufft} shares, plan numbers included. Each call waits for its
 * reply, so failures come back from the call itself; a transform runs on the plan's stream, as on a local GPU. Without
 * an executor every call returns {@code CUFFT_SETUP_FAILED}. Like JCuda's native code, a null argument throws
 * {@link NullPointerException}.
 */
public final class JCufftRemote
{
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;
    private static final VarHandle PLAN;

    static
    {
        CallFailures.nameStatuses(Api.CUFFT, cufftResult::stringFor);
        try
        {
            PLAN = MethodHandles.privateLookupIn(cufftHandle.class, MethodHandles.lookup())
                .findVarHandle(cufftHandle.class, "plan", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private JCufftRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    public static int cufftGetVersionNative(final int[] version)
    {
        return CufftCalls.getVersion(version);
    }

    /**
     * Answered from the executor's version, {@code major * 1000 + minor * 100 + patch} as cuFFT encodes it.
     */
    public static int cufftGetPropertyNative(final int type, final int[] value)
    {
        return CufftCalls.getProperty(type, value);
    }

    public static int cufftCreateNative(final cufftHandle plan)
    {
        final int[] number = new int[1];
        final int status = CufftCalls.create(number);
        if (status == CufftStatus.SUCCESS)
        {
            PLAN.set(plan, number[0]);
        }
        return status;
    }

    public static int cufftDestroyNative(final cufftHandle plan)
    {
        return CufftCalls.destroy("cufftDestroy", number(plan));
    }

    public static int cufftPlan1dNative(final cufftHandle plan, final int nx, final int type, final int batch)
    {
        return createAndMake(plan, "cufftPlan1d", CufftGeometry.basic(type, batch, nx));
    }

    public static int cufftPlan2dNative(final cufftHandle plan, final int nx, final int ny, final int type)
    {
        return createAndMake(plan, "cufftPlan2d", CufftGeometry.basic(type, 1, nx, ny));
    }

    public static int cufftPlan3dNative(
        final cufftHandle plan, final int nx, final int ny, final int nz, final int type)
    {
        return createAndMake(plan, "cufftPlan3d", CufftGeometry.basic(type, 1, nx, ny, nz));
    }

    public static int cufftPlanManyNative(
        final cufftHandle plan, final int rank, final int[] n, final int[] inembed, final int istride,
        final int idist, final int[] onembed, final int ostride, final int odist, final int type, final int batch)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftPlanMany", rank, longs(n), longs(inembed), istride,
            idist, longs(onembed), ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE : createAndMake(plan, "cufftPlanMany", geometry);
    }

    public static int cufftMakePlan1dNative(
        final cufftHandle plan, final int nx, final int type, final int batch, final long[] workSize)
    {
        return sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlan1d", plan, CufftGeometry.basic(type, batch, nx),
            workSize);
    }

    public static int cufftMakePlan2dNative(
        final cufftHandle plan, final int nx, final int ny, final int type, final long[] workSize)
    {
        return sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlan2d", plan, CufftGeometry.basic(type, 1, nx, ny),
            workSize);
    }

    public static int cufftMakePlan3dNative(
        final cufftHandle plan, final int nx, final int ny, final int nz, final int type, final long[] workSize)
    {
        return sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlan3d", plan, CufftGeometry.basic(type, 1, nx, ny, nz),
            workSize);
    }

    public static int cufftMakePlanManyNative(
        final cufftHandle plan, final int rank, final int[] n, final int[] inembed, final int istride,
        final int idist, final int[] onembed, final int ostride, final int odist, final int type, final int batch,
        final long[] workSize)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftMakePlanMany", rank, longs(n), longs(inembed), istride,
            idist, longs(onembed), ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE :
            sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlanMany", plan, geometry, workSize);
    }

    public static int cufftMakePlanManyNative64(
        final cufftHandle plan, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch, final long[] workSize)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftMakePlanMany64", rank, n, inembed, istride, idist,
            onembed, ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE :
            sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlanMany64", plan, geometry, workSize);
    }

    public static int cufftGetSizeMany64Native(
        final cufftHandle plan, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch, final long[] workSize)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftGetSizeMany64", rank, n, inembed, istride, idist,
            onembed, ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE :
            sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSizeMany64", plan, geometry, workSize);
    }

    public static int cufftEstimate1dNative(final int nx, final int type, final int batch, final long[] workSize)
    {
        return estimate("cufftEstimate1d", CufftGeometry.basic(type, batch, nx), workSize);
    }

    public static int cufftEstimate2dNative(final int nx, final int ny, final int type, final long[] workSize)
    {
        return estimate("cufftEstimate2d", CufftGeometry.basic(type, 1, nx, ny), workSize);
    }

    public static int cufftEstimate3dNative(
        final int nx, final int ny, final int nz, final int type, final long[] workSize)
    {
        return estimate("cufftEstimate3d", CufftGeometry.basic(type, 1, nx, ny, nz), workSize);
    }

    public static int cufftEstimateManyNative(
        final int rank, final int[] n, final int[] inembed, final int istride, final int idist, final int[] onembed,
        final int ostride, final int odist, final int type, final int batch, final long[] workSize)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftEstimateMany", rank, longs(n), longs(inembed), istride,
            idist, longs(onembed), ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE : estimate("cufftEstimateMany", geometry, workSize);
    }

    public static int cufftGetSize1dNative(
        final cufftHandle plan, final int nx, final int type, final int batch, final long[] workSize)
    {
        return sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSize1d", plan, CufftGeometry.basic(type, batch, nx),
            workSize);
    }

    public static int cufftGetSize2dNative(
        final cufftHandle plan, final int nx, final int ny, final int type, final long[] workSize)
    {
        return sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSize2d", plan, CufftGeometry.basic(type, 1, nx, ny),
            workSize);
    }

    public static int cufftGetSize3dNative(
        final cufftHandle plan, final int nx, final int ny, final int nz, final int type, final long[] workSize)
    {
        return sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSize3d", plan,
            CufftGeometry.basic(type, 1, nx, ny, nz), workSize);
    }

    public static int cufftGetSizeManyNative(
        final cufftHandle plan, final int rank, final int[] n, final int[] inembed, final int istride,
        final int idist, final int[] onembed, final int ostride, final int odist, final int type, final int batch,
        final long[] workSize)
    {
        final CufftGeometry geometry = CufftCalls.many("cufftGetSizeMany", rank, longs(n), longs(inembed), istride,
            idist, longs(onembed), ostride, odist, type, batch);
        return geometry == null ? CufftStatus.INVALID_VALUE :
            sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSizeMany", plan, geometry, workSize);
    }

    public static int cufftGetSizeNative(final cufftHandle plan, final long[] workSize)
    {
        return CufftCalls.getSize("cufftGetSize", number(plan), workSize.length > 0 ? workSize : new long[1]);
    }

    /**
     * The work area is a device pointer of the session; a null pointer sets none.
     */
    public static int cufftSetWorkAreaNative(final cufftHandle plan, final Pointer workArea)
    {
        if (workArea != null && isHostMemory(workArea))
        {
            AgentLog.warn("cufftSetWorkArea: the work area is host memory; gpurelay's cuFFT works in device memory " +
                "only (cudaMalloc, cuMemAlloc); returning CUFFT_INVALID_VALUE");
            return CufftStatus.INVALID_VALUE;
        }
        return CufftCalls.planCall(Function.CUFFT_SET_WORK_AREA, "cufftSetWorkArea", number(plan),
            workArea == null ? 0 : JCudaPointers.address(workArea));
    }

    public static int cufftSetAutoAllocationNative(final cufftHandle plan, final int autoAllocate)
    {
        return CufftCalls.planCall(Function.CUFFT_SET_AUTO_ALLOCATION, "cufftSetAutoAllocation", number(plan),
            autoAllocate);
    }

    /**
     * Null, {@code cudaStreamLegacy} and {@code cudaStreamPerThread} name the default stream of the plan's context.
     */
    public static int cufftSetStreamNative(final cufftHandle plan, final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        final long executorStream = handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
        return CufftCalls.planCall(Function.CUFFT_SET_STREAM, "cufftSetStream", number(plan), executorStream);
    }

    public static int cufftExecC2CNative(
        final cufftHandle plan, final Pointer idata, final Pointer odata, final int direction)
    {
        return exec(CufftGeometry.C2C, plan, idata, odata, direction);
    }

    public static int cufftExecR2CNative(final cufftHandle plan, final Pointer idata, final Pointer odata)
    {
        return exec(CufftGeometry.R2C, plan, idata, odata, 0);
    }

    public static int cufftExecC2RNative(final cufftHandle plan, final Pointer idata, final Pointer odata)
    {
        return exec(CufftGeometry.C2R, plan, idata, odata, 0);
    }

    public static int cufftExecZ2ZNative(
        final cufftHandle plan, final Pointer idata, final Pointer odata, final int direction)
    {
        return exec(CufftGeometry.Z2Z, plan, idata, odata, direction);
    }

    public static int cufftExecD2ZNative(final cufftHandle plan, final Pointer idata, final Pointer odata)
    {
        return exec(CufftGeometry.D2Z, plan, idata, odata, 0);
    }

    public static int cufftExecZ2DNative(final cufftHandle plan, final Pointer idata, final Pointer odata)
    {
        return exec(CufftGeometry.Z2D, plan, idata, odata, 0);
    }

    private static int exec(
        final int type, final cufftHandle plan, final Pointer input, final Pointer output, final int direction)
    {
        final String name = CufftGeometry.execName(type);
        requireNonNull(plan, "plan", name);
        requireNonNull(input, "idata", name);
        requireNonNull(output, "odata", name);
        if (isHostMemory(input) || isHostMemory(output))
        {
            AgentLog.warn(name + ": the data is host memory; gpurelay's cuFFT transforms device memory only " +
                "(cudaMalloc, cuMemAlloc, or JCufft's functions that take Java arrays); returning CUFFT_EXEC_FAILED");
            return CufftStatus.EXEC_FAILED;
        }
        return CufftCalls.exec(type, number(plan), JCudaPointers.address(input), JCudaPointers.address(output),
            direction);
    }

    /**
     * {@code cufftPlan*}: a new plan made at once; if it cannot be made the handle keeps what it held.
     */
    private static int createAndMake(final cufftHandle plan, final String name, final CufftGeometry geometry)
    {
        final int[] number = new int[1];
        final int status = CufftCalls.createAndMake(name, geometry, number);
        if (status == CufftStatus.SUCCESS)
        {
            PLAN.set(plan, number[0]);
        }
        return status;
    }

    /**
     * A call on a plan with a geometry that answers a work size.
     */
    private static int sized(
        final Function function, final String name, final cufftHandle plan, final CufftGeometry geometry,
        final long[] workSize)
    {
        requireNonNull(plan, "plan", name);
        return CufftCalls.sized(function, name, number(plan), geometry,
            workSize != null && workSize.length > 0 ? workSize : new long[1]);
    }

    private static int estimate(final String name, final CufftGeometry geometry, final long[] workSize)
    {
        requireNonNull(workSize, "workSize", name);
        return CufftCalls.estimate(geometry, workSize.length > 0 ? workSize : new long[1]);
    }

    private static int number(final cufftHandle plan)
    {
        return (int)PLAN.get(plan);
    }

    /**
     * The values as 64 bits, or null for a null array.
     */
    private static long[] longs(final int[] values)
    {
        if (values == null)
        {
            return null;
        }
        final long[] longs = new long[values.length];
        for (int i = 0; i < values.length; i++)
        {
            longs[i] = values[i];
        }
        return longs;
    }

    private static boolean isHostMemory(final Pointer pointer)
    {
        return JCudaPointers.buffer(pointer) != null && !ManagedMemory.isHostView(JCudaPointers.buffer(pointer)) ||
            JCudaPointers.pointers(pointer) != null;
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
