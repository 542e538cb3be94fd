package io.gpurelay.agent.jcuda.fft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.LibraryVersion;
import io.gpurelay.agent.jcuda.ManagedMemory;
import io.gpurelay.agent.jcuda.driver.LibraryCallContext;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
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
 * in one, and every shape travels as {@code cufftMakePlanMany64}'s ({@link CufftGeometry}). Each call waits for its
 * reply, so failures come back from the call itself; a transform runs on the plan's stream, as on a local GPU. Without
 * an executor every call returns {@code CUFFT_SETUP_FAILED}. Like JCuda's native code, a null argument throws
 * {@link NullPointerException}.
 */
public final class JCufftRemote
{
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;
    private static final VarHandle PLAN;
    /** This JVM's plan numbers, as {@code cufftHandle} holds them, to the executor's plan handles. */
    private static final Map<Integer, Long> PLANS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_PLAN = new AtomicInteger(1);

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
        requireNonNull(version, "version", "cufftGetVersion");
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_GET_VERSION, new long[0], results);
        if (status == CufftStatus.SUCCESS)
        {
            version[0] = (int)results[0];
        }
        return status;
    }

    /**
     * Answered from the executor's version, {@code major * 1000 + minor * 100 + patch} as cuFFT encodes it.
     */
    public static int cufftGetPropertyNative(final int type, final int[] value)
    {
        requireNonNull(value, "value", "cufftGetProperty");
        final int[] version = new int[1];
        final int status = cufftGetVersionNative(version);
        if (status != CufftStatus.SUCCESS)
        {
            return status;
        }
        final int part = LibraryVersion.part(version[0], type);
        if (part < 0)
        {
            AgentLog.warn("cufftGetProperty: property type " + type + " does not exist; returning " +
                "CUFFT_INVALID_TYPE");
            return CufftStatus.INVALID_TYPE;
        }
        value[0] = part;
        return status;
    }

    public static int cufftCreateNative(final cufftHandle plan)
    {
        requireNonNull(plan, "plan", "cufftCreate");
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_CREATE, new long[0], results);
        if (status == CufftStatus.SUCCESS)
        {
            final int number = NEXT_PLAN.getAndIncrement();
            PLANS.put(number, results[0]);
            PLAN.set(plan, number);
        }
        return status;
    }

    public static int cufftDestroyNative(final cufftHandle plan)
    {
        requireNonNull(plan, "plan", "cufftDestroy");
        final int number = (int)PLAN.get(plan);
        final Long handle = PLANS.get(number);
        if (handle == null)
        {
            return invalidPlan("cufftDestroy", number);
        }
        final int status = call(Function.CUFFT_DESTROY, new long[]{ handle }, null);
        if (status == CufftStatus.SUCCESS || status == CufftStatus.INVALID_PLAN)
        {
            PLANS.remove(number);
        }
        return status;
    }

    public static int cufftPlan1dNative(final cufftHandle plan, final int nx, final int type, final int batch)
    {
        requireNonNull(plan, "plan", "cufftPlan1d");
        return createAndMake(plan, "cufftPlan1d", CufftGeometry.basic(type, batch, nx));
    }

    public static int cufftPlan2dNative(final cufftHandle plan, final int nx, final int ny, final int type)
    {
        requireNonNull(plan, "plan", "cufftPlan2d");
        return createAndMake(plan, "cufftPlan2d", CufftGeometry.basic(type, 1, nx, ny));
    }

    public static int cufftPlan3dNative(
        final cufftHandle plan, final int nx, final int ny, final int nz, final int type)
    {
        requireNonNull(plan, "plan", "cufftPlan3d");
        return createAndMake(plan, "cufftPlan3d", CufftGeometry.basic(type, 1, nx, ny, nz));
    }

    public static int cufftPlanManyNative(
        final cufftHandle plan, final int rank, final int[] n, final int[] inembed, final int istride,
        final int idist, final int[] onembed, final int ostride, final int odist, final int type, final int batch)
    {
        requireNonNull(plan, "plan", "cufftPlanMany");
        final CufftGeometry geometry = many(rank, longs(n, rank), longs(inembed, rank), istride, idist,
            longs(onembed, rank), ostride, odist, type, batch);
        if (geometry == null)
        {
            return badRank("cufftPlanMany", rank, n);
        }
        return createAndMake(plan, "cufftPlanMany", geometry);
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
        final CufftGeometry geometry = many(rank, longs(n, rank), longs(inembed, rank), istride, idist,
            longs(onembed, rank), ostride, odist, type, batch);
        return geometry == null ? badRank("cufftMakePlanMany", rank, n) :
            sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlanMany", plan, geometry, workSize);
    }

    public static int cufftMakePlanManyNative64(
        final cufftHandle plan, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch, final long[] workSize)
    {
        final CufftGeometry geometry = many(rank, copy(n, rank), copy(inembed, rank), istride, idist,
            copy(onembed, rank), ostride, odist, type, batch);
        return geometry == null ? badRank("cufftMakePlanMany64", rank, n) :
            sized(Function.CUFFT_MAKE_PLAN, "cufftMakePlanMany64", plan, geometry, workSize);
    }

    public static int cufftGetSizeMany64Native(
        final cufftHandle plan, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch, final long[] workSize)
    {
        final CufftGeometry geometry = many(rank, copy(n, rank), copy(inembed, rank), istride, idist,
            copy(onembed, rank), ostride, odist, type, batch);
        return geometry == null ? badRank("cufftGetSizeMany64", rank, n) :
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
        final CufftGeometry geometry = many(rank, longs(n, rank), longs(inembed, rank), istride, idist,
            longs(onembed, rank), ostride, odist, type, batch);
        return geometry == null ? badRank("cufftEstimateMany", rank, n) :
            estimate("cufftEstimateMany", geometry, workSize);
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
        final CufftGeometry geometry = many(rank, longs(n, rank), longs(inembed, rank), istride, idist,
            longs(onembed, rank), ostride, odist, type, batch);
        return geometry == null ? badRank("cufftGetSizeMany", rank, n) :
            sized(Function.CUFFT_GET_SIZE_MANY, "cufftGetSizeMany", plan, geometry, workSize);
    }

    public static int cufftGetSizeNative(final cufftHandle plan, final long[] workSize)
    {
        requireNonNull(plan, "plan", "cufftGetSize");
        requireNonNull(workSize, "workSize", "cufftGetSize");
        final Long handle = PLANS.get((int)PLAN.get(plan));
        if (handle == null)
        {
            return invalidPlan("cufftGetSize", (int)PLAN.get(plan));
        }
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_GET_SIZE, new long[]{ handle }, results);
        if (status == CufftStatus.SUCCESS)
        {
            workSize[0] = results[0];
        }
        return status;
    }

    /**
     * The work area is a device pointer of the session; a null pointer sets none.
     */
    public static int cufftSetWorkAreaNative(final cufftHandle plan, final Pointer workArea)
    {
        requireNonNull(plan, "plan", "cufftSetWorkArea");
        if (workArea != null && isHostMemory(workArea))
        {
            AgentLog.warn("cufftSetWorkArea: the work area is host memory; gpurelay's cuFFT works in device memory " +
                "only (cudaMalloc, cuMemAlloc); returning CUFFT_INVALID_VALUE");
            return CufftStatus.INVALID_VALUE;
        }
        return planCall(Function.CUFFT_SET_WORK_AREA, "cufftSetWorkArea", plan,
            workArea == null ? 0 : JCudaPointers.address(workArea));
    }

    public static int cufftSetAutoAllocationNative(final cufftHandle plan, final int autoAllocate)
    {
        requireNonNull(plan, "plan", "cufftSetAutoAllocation");
        return planCall(Function.CUFFT_SET_AUTO_ALLOCATION, "cufftSetAutoAllocation", plan, autoAllocate);
    }

    /**
     * Null, {@code cudaStreamLegacy} and {@code cudaStreamPerThread} name the default stream of the plan's context.
     */
    public static int cufftSetStreamNative(final cufftHandle plan, final cudaStream_t stream)
    {
        requireNonNull(plan, "plan", "cufftSetStream");
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        final long executorStream = handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
        return planCall(Function.CUFFT_SET_STREAM, "cufftSetStream", plan, executorStream);
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
        final int number = (int)PLAN.get(plan);
        final Long handle = PLANS.get(number);
        if (handle == null)
        {
            return invalidPlan(name, number);
        }
        return call(Function.CUFFT_EXEC, new long[]{ handle, type, JCudaPointers.address(input),
            JCudaPointers.address(output), direction }, null);
    }

    /**
     * {@code cufftPlan*}: a new plan made at once; if it cannot be made it is destroyed again and the handle keeps
     * what it held.
     */
    private static int createAndMake(final cufftHandle plan, final String name, final CufftGeometry geometry)
    {
        final cufftHandle created = new cufftHandle();
        final int createStatus = cufftCreateNative(created);
        if (createStatus != CufftStatus.SUCCESS)
        {
            return createStatus;
        }
        final int number = (int)PLAN.get(created);
        final int status = sized(Function.CUFFT_MAKE_PLAN, name, created, geometry, null);
        if (status != CufftStatus.SUCCESS)
        {
            cufftDestroyNative(created);
            return status;
        }
        PLAN.set(plan, number);
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
        final int number = (int)PLAN.get(plan);
        final Long handle = PLANS.get(number);
        if (handle == null)
        {
            return invalidPlan(name, number);
        }
        final long[] args = new long[1 + CufftGeometry.SLOTS];
        args[0] = handle;
        geometry.encode(args, 1);
        final long[] results = new long[1];
        final int status = call(function, args, results);
        if (status == CufftStatus.SUCCESS && workSize != null && workSize.length > 0)
        {
            workSize[0] = results[0];
        }
        return status;
    }

    private static int estimate(final String name, final CufftGeometry geometry, final long[] workSize)
    {
        requireNonNull(workSize, "workSize", name);
        final long[] args = new long[CufftGeometry.SLOTS];
        geometry.encode(args, 0);
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_ESTIMATE, args, results);
        if (status == CufftStatus.SUCCESS && workSize.length > 0)
        {
            workSize[0] = results[0];
        }
        return status;
    }

    private static int planCall(final Function function, final String name, final cufftHandle plan, final long arg)
    {
        final int number = (int)PLAN.get(plan);
        final Long handle = PLANS.get(number);
        if (handle == null)
        {
            return invalidPlan(name, number);
        }
        return call(function, new long[]{ handle, arg }, null);
    }

    /**
     * The geometry of the {@code Many} functions, or null for a rank cuFFT does not have (or sizes missing for it).
     */
    private static CufftGeometry many(
        final int rank, final long[] n, final long[] inembed, final long istride, final long idist,
        final long[] onembed, final long ostride, final long odist, final int type, final long batch)
    {
        if (rank < 1 || rank > CufftGeometry.MAX_RANK || n == null)
        {
            return null;
        }
        return new CufftGeometry(type, batch, n, inembed, istride, idist, onembed, ostride, odist);
    }

    /**
     * The first {@code rank} values, or null for a null array; an array shorter than the rank is null too (and so
     * refused for {@code n}, the basic layout for an embed).
     */
    private static long[] longs(final int[] values, final int rank)
    {
        if (values == null || rank < 0 || values.length < rank)
        {
            return null;
        }
        final long[] longs = new long[rank];
        for (int i = 0; i < rank; i++)
        {
            longs[i] = values[i];
        }
        return longs;
    }

    private static long[] copy(final long[] values, final int rank)
    {
        return values == null || rank < 0 || values.length < rank ? null : java.util.Arrays.copyOf(values, rank);
    }

    private static int badRank(final String name, final int rank, final Object n)
    {
        AgentLog.warn(name + ": rank " + rank + (n == null ? " without sizes" : " with too few sizes or out of " +
            "cuFFT's 1 to 3") + "; returning CUFFT_INVALID_VALUE");
        return CufftStatus.INVALID_VALUE;
    }

    private static int invalidPlan(final String name, final int number)
    {
        AgentLog.warn(name + ": plan " + number + " is no live plan of this program (never created, or destroyed); " +
            "returning CUFFT_INVALID_PLAN");
        return CufftStatus.INVALID_PLAN;
    }

    private static boolean isHostMemory(final Pointer pointer)
    {
        return JCudaPointers.buffer(pointer) != null && !ManagedMemory.isManaged(pointer) ||
            JCudaPointers.pointers(pointer) != null;
    }

    /**
     * A call in the calling thread's current context; without an executor, the status cuFFT gives when it cannot
     * set up.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, LibraryCallContext.current(), args, null, null,
            results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CufftStatus.SETUP_FAILED : status;
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
