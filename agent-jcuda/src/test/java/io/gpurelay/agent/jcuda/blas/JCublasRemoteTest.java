package io.gpurelay.agent.jcuda.blas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.cuComplex;
import jcuda.cuDoubleComplex;
import jcuda.runtime.cudaStream_t;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The legacy JCublas API's rewritten natives against an in-memory executor: the implicit handle's life, which v2
 * call each routine becomes, and cublasGetError's semantics (core functions record, helpers return).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCublasRemoteTest extends InMemoryExecutorTest
{
    private static final long DEVICE_A = 0x7000_0000_1000L;
    private static final long DEVICE_B = 0x7000_0000_2000L;
    private static final long DEVICE_C = 0x7000_0000_3000L;

    @AfterEach
    void shutDown()
    {
        executor.stopFailing();
        if (LegacyBlasState.handle() != 0)
        {
            assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasShutdownNative());
        }
        LegacyBlasState.takeError();
    }

    @Test
    void routinesBeforeInitRecordNotInitializedAndSendNothing()
    {
        final int sent = executor.calls(Function.CUBLAS_SAXPY).size();
        JCublasLegacyRoutineCalls.run(routine("cublasSaxpyNative"), new Object[]{ 4, 2f, device(DEVICE_A), 1,
            device(DEVICE_B), 1 });
        assertEquals(0f, JCublasLegacyRoutineCalls.realValue(routine("cublasSdotNative"), new Object[]{ 4,
            device(DEVICE_A), 1, device(DEVICE_B), 1 }));
        assertEquals(sent, executor.calls(Function.CUBLAS_SAXPY).size());
        assertEquals(CublasStatus.NOT_INITIALIZED, JCublasRemote.cublasGetErrorNative());
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative(), "reading the error resets it");
        assertEquals(CublasStatus.NOT_INITIALIZED, JCublasRemote.cublasShutdownNative());
        assertEquals(CublasStatus.NOT_INITIALIZED, JCublasRemote.cublasSetKernelStreamNative(null));
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative(), "helpers record nothing");
    }

    @Test
    void initMakesOneImplicitHandleThatShutdownDestroys()
    {
        final int created = executor.calls(Function.CUBLAS_CREATE).size();
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        assertEquals(created + 1, executor.calls(Function.CUBLAS_CREATE).size(), "a second init keeps the handle");
        final long handle = LegacyBlasState.handle();
        assertNotEquals(0, handle);

        final cudaStream_t stream = new cudaStream_t();
        JCudaPointers.setNativePointer(stream, 0x5100);
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasSetKernelStreamNative(stream));
        assertArrayEquals(new long[]{ handle, 0x5100 }, last(Function.CUBLAS_SET_STREAM).args());

        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasShutdownNative());
        assertArrayEquals(new long[]{ handle }, last(Function.CUBLAS_DESTROY).args());
        assertEquals(0, LegacyBlasState.handle());
        assertEquals(CublasStatus.NOT_INITIALIZED, JCublasRemote.cublasShutdownNative());
    }

    @Test
    void routinesBecomeTheV2CallOnTheImplicitHandle()
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        final long h = LegacyBlasState.handle();

        JCublasLegacyRoutineCalls.run(routine("cublasSgemmNative"), new Object[]{ 'n', 'T', 2, 3, 4, 1.5f,
            device(DEVICE_A), 2, device(DEVICE_B), 3, -2f,
            device(DEVICE_C), 2 });
        assertArrayEquals(new long[]{ h, 0, 1, 2, 3, 4, Float.floatToRawIntBits(1.5f), DEVICE_A, 2, DEVICE_B, 3,
            Float.floatToRawIntBits(-2f) & 0xFFFF_FFFFL, DEVICE_C, 2 }, last(Function.CUBLAS_SGEMM).args());

        JCublasLegacyRoutineCalls.run(routine("cublasDgemvNative"), new Object[]{ 'C', 3, 2, 0.25, device(DEVICE_A),
            3, device(DEVICE_B), 1, 1.0,
            device(DEVICE_C), 2 });
        assertArrayEquals(new long[]{ h, 2, 3, 2, Double.doubleToRawLongBits(0.25), DEVICE_A, 3, DEVICE_B, 1,
            Double.doubleToRawLongBits(1.0), DEVICE_C, 2 }, last(Function.CUBLAS_DGEMV).args());

        JCublasLegacyRoutineCalls.run(routine("cublasStrmmNative"), new Object[]{ 'R', 'u', 'N', 'U', 4, 5, 2f,
            device(DEVICE_A), 5, device(DEVICE_B), 6 });
        assertArrayEquals(new long[]{ h, 1, 1, 0, 1, 4, 5, Float.floatToRawIntBits(2f), DEVICE_A, 5, DEVICE_B, 6,
            DEVICE_B, 6 }, last(Function.CUBLAS_STRMM).args(), "legacy trmm is v2's with C = B");

        JCublasLegacyRoutineCalls.run(routine("cublasDtrsvNative"), new Object[]{ 'L', 't', 'n', 7, device(DEVICE_A),
            7, device(DEVICE_B), -1 });
        assertArrayEquals(new long[]{ h, 0, 1, 0, 7, DEVICE_A, 7, DEVICE_B, -1 }, last(Function.CUBLAS_DTRSV).args());

        assertEquals(2.5f, JCublasLegacyRoutineCalls.realValue(routine("cublasSdotNative"), new Object[]{ 4,
            device(DEVICE_A), 1, device(DEVICE_B), 1 }));
        assertEquals(0, last(Function.CUBLAS_SDOT).args()[6], "the result comes back with the reply");
        assertEquals(2.5, JCublasLegacyRoutineCalls.doubleValue(routine("cublasDdotNative"), new Object[]{ 4,
            device(DEVICE_A), 1, device(DEVICE_B), 1 }));
        assertEquals(3, JCublasLegacyRoutineCalls.index(routine("cublasIsamaxNative"), new Object[]{ 4,
            device(DEVICE_A), 1 }));
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative());
    }

    @Test
    void failuresAreRecordedForCublasGetErrorOfTheCallingThread() throws Exception
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        executor.fail(Function.CUBLAS_SDOT, CublasStatus.INVALID_VALUE);
        assertEquals(0f, JCublasLegacyRoutineCalls.realValue(routine("cublasSdotNative"), new Object[]{ -1,
            device(DEVICE_A), 1, device(DEVICE_B), 1 }));
        executor.stopFailing();
        JCublasLegacyRoutineCalls.run(routine("cublasSscalNative"), new Object[]{ 4, 2f, device(DEVICE_A), 1 });

        final AtomicInteger otherThread = new AtomicInteger(-1);
        final Thread thread = new Thread(() -> otherThread.set(JCublasRemote.cublasGetErrorNative()));
        thread.start();
        thread.join(10_000);
        assertEquals(CublasStatus.SUCCESS, otherThread.get(), "another thread's error is its own");

        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative(),
            "a later success leaves the recorded failure alone");
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative());
    }

    @Test
    void badCharactersAndHostMemoryAreInvalidValuesNeverSent()
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        final int sent = executor.calls(Function.CUBLAS_SGEMM).size();
        JCublasLegacyRoutineCalls.run(routine("cublasSgemmNative"), new Object[]{ 'X', 'N', 1, 1, 1, 1f,
            device(DEVICE_A), 1, device(DEVICE_B), 1, 0f,
            device(DEVICE_C), 1 });
        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative());
        JCublasLegacyRoutineCalls.run(routine("cublasSgemmNative"), new Object[]{ 'N', 'N', 1, 1, 1, 1f,
            Pointer.to(new float[]{ 1 }), 1, device(DEVICE_B), 1,
            0f, device(DEVICE_C), 1 });
        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative());
        JCublasLegacyRoutineCalls.run(routine("cublasSsymvNative"), new Object[]{ 'x', 1, 1f, device(DEVICE_A), 1,
            device(DEVICE_B), 1, 0f, device(DEVICE_C),
            1 });
        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative());
        assertEquals(sent, executor.calls(Function.CUBLAS_SGEMM).size());
    }

    @Test
    void allocIsCudaMallocOfTheElementsAndFreeIsCudaFree()
    {
        final Pointer pointer = new Pointer();
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasAllocNative(10, Float.BYTES, pointer));
        assertArrayEquals(new long[]{ 40 }, last(Function.CUDA_MALLOC).args());
        assertTrue(JCudaPointers.address(pointer) != 0);
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasFreeNative(pointer));
        assertEquals(CublasStatus.ALLOC_FAILED, JCublasRemote.cublasAllocNative(-1, Float.BYTES, new Pointer()));
        final Pointer unknown = device(DEVICE_C);
        assertEquals(CublasStatus.INTERNAL_ERROR, JCublasRemote.cublasFreeNative(unknown));
    }

    @Test
    void rotgAndRotmgRunInTheClientOnHostScalars()
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        final float[] a = { 3 };
        final float[] b = { 4 };
        final float[] c = { 0 };
        final float[] s = { 0 };
        JCublasRemote.cublasSrotgNative(Pointer.to(a), Pointer.to(b), Pointer.to(c), Pointer.to(s));
        assertEquals(5f, a[0], 1e-6f);
        assertEquals(0.6f, c[0], 1e-6f);
        assertEquals(0.8f, s[0], 1e-6f);
        assertEquals(1f / 0.6f, b[0], 1e-5f, "z is 1/c where |b| >= |a|");

        final double[] d1 = { 2 };
        final double[] d2 = { 3 };
        final double[] x1 = { 1.5 };
        final double y1 = -0.5;
        final double[] param = new double[5];
        JCublasRemote.cublasDrotmgNative(d1, d2, x1, y1, param);
        final double[] h = matrix(param);
        final double x = h[0] * 1.5 + h[1] * y1;
        final double y = h[2] * 1.5 + h[3] * y1;
        assertEquals(0, y, 1e-12, "the rotation zeroes the second component");
        assertEquals(x1[0], x, 1e-12);
        assertEquals(2 * 1.5 * 1.5 + 3 * y1 * y1, d1[0] * x1[0] * x1[0], 1e-12, "the weighted norm is kept");
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative());

        JCublasRemote.cublasSrotmgNative(new float[1], new float[1], new float[1], 1f, new float[4]);
        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative(), "param needs 5 elements");
    }

    @Test
    void routinesWithoutAnSdFunctionTravelAsTheTypedOnesNamingTheirElementType()
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        final long h = LegacyBlasState.handle();
        final int complexFloat = 4;
        final int complexDouble = 5;

        JCublasLegacyRoutineCalls.run(routine("cublasCgemmNative"), new Object[]{ 'C', 'n', 2, 3, 4,
            cuComplex.cuCmplx(1.5f, -2f), device(DEVICE_A), 4,
            device(DEVICE_B), 4, cuComplex.cuCmplx(0, 1), device(DEVICE_C), 2 });
        assertArrayEquals(new long[]{ h, complexFloat, 2, 0, 2, 3, 4, bits(1.5f), bits(-2f), DEVICE_A, 4, DEVICE_B, 4,
            bits(0f), bits(1f), DEVICE_C, 2 }, last(Function.CUBLAS_GEMM_X).args());

        JCublasLegacyRoutineCalls.run(routine("cublasZherkNative"), new Object[]{ 'L', 'C', 3, 2, 0.5,
            device(DEVICE_A), 3, -1.0, device(DEVICE_C), 3 });
        assertArrayEquals(new long[]{ h, complexDouble, 1, 0, 2, 3, 2, Double.doubleToRawLongBits(0.5), 0, DEVICE_A, 3,
            Double.doubleToRawLongBits(-1.0), 0, DEVICE_C, 3 }, last(Function.CUBLAS_SYRK_X).args(),
            "herk is syrk's family with the hermitian flag and real scalars");

        JCublasLegacyRoutineCalls.run(routine("cublasStpsvNative"), new Object[]{ 'U', 'T', 'U', 5, device(DEVICE_A),
            device(DEVICE_B), 2 });
        assertArrayEquals(new long[]{ h, 0, 1, 1, 1, 1, 5, DEVICE_A, DEVICE_B, 2 }, last(Function.CUBLAS_TPMV).args());

        final cuDoubleComplex dot = JCublasLegacyRoutineCalls.doubleComplex(routine("cublasZdotcNative"), new Object[]{ 3,
            device(DEVICE_A), 1, device(DEVICE_B), 1 });
        assertEquals(1.5, dot.x);
        assertEquals(-2.5, dot.y);
        assertEquals(1, last(Function.CUBLAS_DOT_X).args()[2], "dotc conjugates");

        JCublasLegacyRoutineCalls.run(routine("cublasSrotmNative"), new Object[]{ 4, device(DEVICE_A), 1,
            device(DEVICE_B), 1, new float[]{ -1, 1, 2, 3, 4 } });
        assertArrayEquals(new long[]{ h, 0, 4, DEVICE_A, 1, DEVICE_B, 1, bits(-1f), bits(1f), bits(2f), bits(3f),
            bits(4f) }, last(Function.CUBLAS_ROTM).args());
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative());

        final int sent = executor.calls(Function.CUBLAS_ROTM).size();
        JCublasLegacyRoutineCalls.run(routine("cublasSrotmNative"), new Object[]{ 4, device(DEVICE_A), 1,
            device(DEVICE_B), 1, new float[4] });
        assertEquals(CublasStatus.INVALID_VALUE, JCublasRemote.cublasGetErrorNative(), "rotm reads 5 parameters");
        assertEquals(sent, executor.calls(Function.CUBLAS_ROTM).size());

        executor.fail(Function.CUBLAS_GEMM_X, CublasStatus.NOT_SUPPORTED, "cublasCgemm is not supported");
        JCublasLegacyRoutineCalls.run(routine("cublasCgemmNative"), new Object[]{ 'N', 'N', 1, 1, 1,
            cuComplex.cuCmplx(1, 0), device(DEVICE_A), 1,
            device(DEVICE_B), 1, cuComplex.cuCmplx(0, 0), device(DEVICE_C), 1 });
        assertEquals(CublasStatus.NOT_SUPPORTED, JCublasRemote.cublasGetErrorNative(),
            "a backend without the routine leaves CUBLAS_STATUS_NOT_SUPPORTED");
    }

    @Test
    void complexRotgRunsInTheClient()
    {
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasInitNative());
        final float[] ca = { 3, 4 };
        final float[] sc = { 0 };
        final float[] cs = { 0, 0 };
        JCublasRemote.cublasCrotgNative(Pointer.to(ca), cuComplex.cuCmplx(0, 5), Pointer.to(sc), Pointer.to(cs));
        // |a| = 5, |b| = 5: norm = 5 sqrt 2, c = 1 / sqrt 2, s = (a / |a|) conj(b) / norm, r = (a / |a|) norm.
        final double norm = 5 * Math.sqrt(2);
        assertEquals(1 / Math.sqrt(2), sc[0], 1e-6);
        assertEquals(0.6 * norm, ca[0], 1e-5);
        assertEquals(0.8 * norm, ca[1], 1e-5);
        // (0.6 + 0.8i)(-5i) / norm = (4 - 3i) / norm
        assertEquals(4 / norm, cs[0], 1e-6);
        assertEquals(-3 / norm, cs[1], 1e-6);
        assertEquals(CublasStatus.SUCCESS, JCublasRemote.cublasGetErrorNative());
    }

    private static long bits(final float value)
    {
        return Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
    }

    /**
     * H as rows (h11, h12, h21, h22) from rotmg's flag and parameters.
     */
    private static double[] matrix(final double[] param)
    {
        final double flag = param[0];
        if (flag == -1)
        {
            return new double[]{ param[1], param[3], param[2], param[4] };
        }
        if (flag == 0)
        {
            return new double[]{ 1, param[3], param[2], 1 };
        }
        if (flag == 1)
        {
            return new double[]{ param[1], 1, -1, param[4] };
        }
        return new double[]{ 1, 0, 0, 1 };
    }

    private static Pointer device(final long address)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    /** A described routine's legacy native, as the agent binds it. */
    private static int routine(final String nativeName)
    {
        return JCublasLegacyRoutineCalls.routineOf(nativeName);
    }
}
