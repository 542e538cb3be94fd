package io.gpurelay.agent.jcuda.fft;

import static io.gpurelay.agent.jcuda.fft.JCufftRemote.cufftGetPropertyNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMallocNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaSetDeviceNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.jcufft.cufftHandle;
import jcuda.runtime.cudaStream_t;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cuFFT functions as JCufft's rewritten native methods call them, against an executor over IPC: a
 * {@code cufftHandle}'s number names the executor's plan, and every shape travels as {@link CufftGeometry}'s slots.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCufftRemoteTest extends InMemoryExecutorTest
{
    @AfterEach
    void resetThreadState()
    {
        executor.stopFailing();
        cudaSetDeviceNative(0);
    }

    @Test
    void aPlanTravelsAsTheExecutorsHandleAndItsShapeAsAGeometry()
    {
        cudaSetDeviceNative(1);
        final cufftHandle plan = new cufftHandle();
        assertEquals(0, cufftPlan1dNative(plan, 256, CufftGeometry.C2C, 4));
        final CallRecord create = last(Function.CUFFT_CREATE);
        assertEquals(1, create.context(), "made in the current device's context");
        final long handle = last(Function.CUFFT_MAKE_PLAN).args()[0];
        assertEquals(CufftGeometry.basic(CufftGeometry.C2C, 4, 256),
            CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1));
        assertNotEquals(0, planNumber(plan));

        final Pointer data = new Pointer();
        assertEquals(0, cudaMallocNative(data, 8 * 256 * 4));
        final long address = JCudaPointers.address(data);
        assertEquals(0, cufftExecC2CNative(plan, data, data.withByteOffset(8), CufftStatus.INVERSE));
        assertArrayEquals(new long[]{ handle, CufftGeometry.C2C, address, address + 8, CufftStatus.INVERSE },
            last(Function.CUFFT_EXEC).args());

        final cudaStream_t perThread = new cudaStream_t();
        JCudaPointers.setNativePointer(perThread, 2);
        assertEquals(0, cufftSetStreamNative(plan, perThread));
        assertArrayEquals(new long[]{ handle, 0 }, last(Function.CUFFT_SET_STREAM).args(),
            "the per-thread stream is the context's default stream");
        assertEquals(0, cufftSetAutoAllocationNative(plan, 0));
        assertArrayEquals(new long[]{ handle, 0 }, last(Function.CUFFT_SET_AUTO_ALLOCATION).args());
        assertEquals(0, cufftSetWorkAreaNative(plan, data));
        assertArrayEquals(new long[]{ handle, address }, last(Function.CUFFT_SET_WORK_AREA).args());
        final long[] workSize = new long[1];
        assertEquals(0, cufftGetSizeNative(plan, workSize));
        assertEquals(4096, workSize[0]);

        assertEquals(0, cufftDestroyNative(plan));
        assertArrayEquals(new long[]{ handle }, last(Function.CUFFT_DESTROY).args());
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CufftStatus.INVALID_PLAN, cufftExecC2CNative(plan, data, data, CufftStatus.FORWARD));
            assertEquals(1, log.count("is no live plan"), log.lines().toString());
        }
    }

    @Test
    void manyShapesKeepTheirLayoutsAndMakePlanAnswersTheWorkSize()
    {
        final cufftHandle plan = new cufftHandle();
        assertEquals(0, cufftPlanManyNative(plan, 2, new int[]{ 6, 10 }, new int[]{ 6, 12 }, 2, 150,
            new int[]{ 6, 6 }, 1, 36, CufftGeometry.R2C, 3));
        assertEquals(new CufftGeometry(CufftGeometry.R2C, 3, new long[]{ 6, 10 }, new long[]{ 6, 12 }, 2, 150,
            new long[]{ 6, 6 }, 1, 36), CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1));
        assertEquals(0, cufftPlanManyNative(plan, 1, new int[]{ 9 }, null, 1, 0, null, 1, 0, CufftGeometry.Z2Z, 2));
        assertEquals(CufftGeometry.basic(CufftGeometry.Z2Z, 2, 9),
            CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1), "no embeds: the basic layout");

        final cufftHandle created = new cufftHandle();
        assertEquals(0, cufftCreateNative(created));
        final long[] workSize = new long[1];
        assertEquals(0, cufftMakePlanManyNative64(created, 3, new long[]{ 2, 3, 4 }, null, 1, 0, null, 1, 0,
            CufftGeometry.D2Z, 5L, workSize));
        assertEquals(4096, workSize[0]);
        assertEquals(CufftGeometry.basic(CufftGeometry.D2Z, 5, 2, 3, 4),
            CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1));

        assertEquals(0, cufftEstimateManyNative(1, new int[]{ 100 }, null, 1, 0, null, 1, 0, CufftGeometry.C2R, 7,
            workSize));
        assertEquals(2048, workSize[0]);
        assertEquals(CufftGeometry.basic(CufftGeometry.C2R, 7, 100),
            CufftGeometry.decode(last(Function.CUFFT_ESTIMATE).args(), 0));

        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CufftStatus.INVALID_VALUE, cufftPlanManyNative(plan, 4, new int[]{ 2, 2, 2, 2 }, null, 1,
                0, null, 1, 0, CufftGeometry.C2C, 1));
            assertEquals(1, log.count("cufftPlanMany: rank 4"), log.lines().toString());
        }
    }

    @Test
    void aFailedPlanLeavesTheHandleAsItWasAndDestroysWhatWasCreated()
    {
        final cufftHandle plan = new cufftHandle();
        executor.fail(Function.CUFFT_MAKE_PLAN, CufftStatus.INVALID_SIZE, "size 0");
        assertEquals(CufftStatus.INVALID_SIZE, cufftPlan3dNative(plan, 0, 2, 2, CufftGeometry.C2C));
        assertEquals(0, planNumber(plan));
        assertArrayEquals(new long[]{ last(Function.CUFFT_MAKE_PLAN).args()[0] }, last(Function.CUFFT_DESTROY).args(),
            "the plan created for it is destroyed again");
    }

    @Test
    void versionAndPropertiesComeFromTheExecutor()
    {
        // How a version splits into properties is LibraryVersionTest's; here, cuFFT's version and its status.
        final int[] value = new int[1];
        assertEquals(0, cufftGetVersionNative(value));
        assertEquals(12000, value[0]);
        assertEquals(0, cufftGetPropertyNative(0, value));
        assertEquals(12, value[0]);
        assertEquals(CufftStatus.INVALID_TYPE, cufftGetPropertyNative(9, value));
    }

    @Test
    void hostMemoryAndNullsAreRefusedAsJCudaDoes()
    {
        final cufftHandle plan = new cufftHandle();
        assertEquals(0, cufftPlan1dNative(plan, 8, CufftGeometry.D2Z, 1));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CufftStatus.EXEC_FAILED,
                cufftExecD2ZNative(plan, Pointer.to(new double[8]), Pointer.to(new double[10])));
            assertEquals(1, log.count("cufftExecD2Z: the data is host memory"), log.lines().toString());
        }
        assertThrows(NullPointerException.class, () -> cufftExecC2CNative(null, new Pointer(), new Pointer(), -1));
        assertThrows(NullPointerException.class, () -> cufftPlan1dNative(null, 8, CufftGeometry.C2C, 1));
    }

    /**
     * The {@code int} JCufft's native code would have written into the handle.
     */
    private static int planNumber(final cufftHandle plan)
    {
        try
        {
            final Field field = cufftHandle.class.getDeclaredField("plan");
            field.setAccessible(true);
            return field.getInt(plan);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static int cufftCreateNative(final cufftHandle plan)
    {
        return described("cufftCreateNative", plan);
    }

    private static int cufftDestroyNative(final cufftHandle plan)
    {
        return described("cufftDestroyNative", plan);
    }

    private static int cufftEstimateManyNative(
        final int rank, final int[] n, final int[] inembed, final int istride, final int idist, final int[] onembed,
        final int ostride, final int odist, final int type, final int batch, final long[] workSize)
    {
        return described("cufftEstimateManyNative", rank, n, inembed, istride, idist, onembed, ostride, odist, type,
            batch, workSize);
    }

    private static int cufftExecC2CNative(
        final cufftHandle plan, final Pointer idata, final Pointer odata, final int direction)
    {
        return described("cufftExecC2CNative", plan, idata, odata, direction);
    }

    private static int cufftExecD2ZNative(final cufftHandle plan, final Pointer idata, final Pointer odata)
    {
        return described("cufftExecD2ZNative", plan, idata, odata);
    }

    private static int cufftGetSizeNative(final cufftHandle plan, final long[] workSize)
    {
        return described("cufftGetSizeNative", plan, workSize);
    }

    private static int cufftGetVersionNative(final int[] version)
    {
        return described("cufftGetVersionNative", version);
    }

    private static int cufftMakePlanManyNative64(
        final cufftHandle plan, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch, final long[] workSize)
    {
        return described("cufftMakePlanManyNative64", plan, rank, n, inembed, istride, idist, onembed, ostride, odist,
            type, batch, workSize);
    }

    private static int cufftPlan1dNative(final cufftHandle plan, final int nx, final int type, final int batch)
    {
        return described("cufftPlan1dNative", plan, nx, type, batch);
    }

    private static int cufftPlan3dNative(
        final cufftHandle plan, final int nx, final int ny, final int nz, final int type)
    {
        return described("cufftPlan3dNative", plan, nx, ny, nz, type);
    }

    private static int cufftPlanManyNative(
        final cufftHandle plan, final int rank, final int[] n, final int[] inembed, final int istride,
        final int idist, final int[] onembed, final int ostride, final int odist, final int type, final int batch)
    {
        return described("cufftPlanManyNative", plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
            batch);
    }

    private static int cufftSetAutoAllocationNative(final cufftHandle plan, final int autoAllocate)
    {
        return described("cufftSetAutoAllocationNative", plan, autoAllocate);
    }

    private static int cufftSetStreamNative(final cufftHandle plan, final cudaStream_t stream)
    {
        return described("cufftSetStreamNative", plan, stream);
    }

    private static int cufftSetWorkAreaNative(final cufftHandle plan, final Pointer workArea)
    {
        return described("cufftSetWorkAreaNative", plan, workArea);
    }

    /** A described function's native as the agent binds it ({@link JCudaLibraryCalls}). */
    private static int described(final String nativeName, final Object... arguments)
    {
        return JCudaLibraryCalls.call(JCudaLibraryCalls.indexOf(nativeName), arguments);
    }
}
