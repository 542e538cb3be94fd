package io.gpurelay.agent.jcuda.blas;

import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasCreateNative;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasDestroyNative;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasGetMatrix_64Native;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasGetVector_64Native;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasMigrateComputeType_newNative;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasSetMatrix_64Native;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasSetPointerModeNative;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasSetStreamNative;
import static io.gpurelay.agent.jcuda.blas.JCublas2Remote.cublasSetVector_64Native;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.jcublas.cublasHandle;
import jcuda.runtime.cudaStream_t;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * JCublas2's rewritten native methods against an in-memory executor: what goes on the wire for each pointer mode,
 * what comes back into the application's memory, and the refusals made before anything is sent.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCublas2RemoteTest extends InMemoryExecutorTest
{
    private static final int HOST_MODE = 0;
    private static final int DEVICE_MODE = 1;
    private static final long DEVICE_A = 0x7000_0000_1000L;
    private static final long DEVICE_B = 0x7000_0000_2000L;

    @AfterEach
    void stopFailing()
    {
        executor.stopFailing();
    }

    @Test
    void hostModeScalarsTravelAsTheirBitsAndDeviceModeOnesAsAddresses()
    {
        final cublasHandle handle = created();
        final Pointer a = device(DEVICE_A);
        final Pointer b = device(DEVICE_B);
        assertEquals(0, routine("cublasSgemm_v2_64Native", handle, 0, 1, 2, 3, 4, Pointer.to(new float[]{ 1.5f }), a,
            2, b, 4,
            Pointer.to(new float[]{ -2f }), b, 2));
        final long[] args = last(Function.CUBLAS_SGEMM).args();
        assertArrayEquals(new long[]{ JCudaPointers.nativePointer(handle), 0, 1, 2, 3, 4,
            Float.floatToRawIntBits(1.5f), DEVICE_A, 2, DEVICE_B, 4, Float.floatToRawIntBits(-2f) & 0xFFFF_FFFFL,
            DEVICE_B, 2 }, args);

        assertEquals(0, routine("cublasDgemm_v2_64Native", handle, 0, 0, 1, 1, 1, Pointer.to(new double[]{ 0.25 }),
            a, 1, b, 1,
            Pointer.to(new double[]{ 3 }), b, 1));
        assertEquals(Double.doubleToRawLongBits(0.25), last(Function.CUBLAS_DGEMM).args()[6]);
        assertEquals(Double.doubleToRawLongBits(3), last(Function.CUBLAS_DGEMM).args()[11]);

        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        final Pointer alpha = device(DEVICE_A + 64);
        assertEquals(0, routine("cublasSgemm_v2_64Native", handle, 0, 0, 1, 1, 1, alpha, a, 1, b, 1, alpha, b, 1));
        assertEquals(DEVICE_A + 64, last(Function.CUBLAS_SGEMM).args()[6]);

        final int sent = executor.calls(Function.CUBLAS_SGEMM).size();
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasSgemm_v2_64Native", handle, 0, 0, 1, 1, 1,
            Pointer.to(new float[]{ 1 }), a, 1, b, 1, alpha, b, 1), "a host scalar in device mode");
        assertEquals(sent, executor.calls(Function.CUBLAS_SGEMM).size(), "a refused call is not sent");
        assertEquals(0, cublasSetPointerModeNative(handle, HOST_MODE));
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasSgemm_v2_64Native", handle, 0, 0, 1, 1, 1, alpha, a,
            1, b, 1,
            alpha, b, 1), "a device scalar in host mode");
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasDgemm_v2_64Native", handle, 0, 0, 1, 1, 1,
            Pointer.to(new float[]{ 1 }), a, 1, b, 1, Pointer.to(new double[]{ 0 }), b, 1), "a float for a double");
        assertEquals(0, cublasDestroyNative(handle));
    }

    @Test
    void reductionsWriteIntoHostMemoryInHostModeOnly()
    {
        final cublasHandle handle = created();
        final float[] dot = { -1 };
        assertEquals(0, routine("cublasSdot_v2_64Native", handle, 4, device(DEVICE_A), 1, device(DEVICE_B), 1,
            Pointer.to(dot)));
        assertEquals(2.5f, dot[0]);
        final ByteBuffer index = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
        assertEquals(0, routine("cublasIsamaxNative", handle, 4, device(DEVICE_A), 1, Pointer.to(index)));
        assertEquals(3, index.getInt(0));
        assertEquals(0, index.getInt(4), "an int result writes 4 bytes");

        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        assertEquals(0, routine("cublasSdot_v2_64Native", handle, 4, device(DEVICE_A), 1, device(DEVICE_B), 1,
            device(DEVICE_B + 128)));
        assertEquals(DEVICE_B + 128, last(Function.CUBLAS_SDOT).args()[6]);
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasSdot_v2_64Native", handle, 4, device(DEVICE_A), 1,
            device(DEVICE_B), 1, Pointer.to(dot)));
        assertThrows(NullPointerException.class,
            () -> routine("cublasSdot_v2_64Native", null, 4, device(DEVICE_A), 1, device(DEVICE_B), 1,
                Pointer.to(dot)));
    }

    @Test
    void sixtyFourBitFormsSendTheirLongValuesAndTheirIndexLandsInALongArray()
    {
        final cublasHandle handle = created();
        final long wide = 1L << 33;
        assertEquals(0, routine("cublasSaxpy_v2_64Native", handle, wide, Pointer.to(new float[]{ 2f }),
            device(DEVICE_A), 1,
            device(DEVICE_B), wide + 1));
        assertArrayEquals(new long[]{ JCudaPointers.nativePointer(handle), wide, Float.floatToRawIntBits(2f),
            DEVICE_A, 1, DEVICE_B, wide + 1 }, last(Function.CUBLAS_SAXPY).args());

        final long[] index = { -1 };
        assertEquals(0, routine("cublasIsamax_v2_64Native", handle, 4, device(DEVICE_A), 1, index));
        assertEquals(3, index[0]);
        assertEquals(0, routine("cublasIcamin_v2_64Native", handle, 4, device(DEVICE_A), 1, index));
        assertEquals(4L, last(Function.CUBLAS_IAMAX_X).args()[1], "C's cudaDataType");
        assertEquals(1L, last(Function.CUBLAS_IAMAX_X).args()[2], "the minimum flag");
        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        final int sent = executor.calls(Function.CUBLAS_ISAMAX).size();
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasIsamax_v2_64Native", handle, 4, device(DEVICE_A), 1,
            index),
            "a long[] is host memory");
        assertEquals(sent, executor.calls(Function.CUBLAS_ISAMAX).size());
        assertEquals(0, cublasDestroyNative(handle));
    }

    @Test
    void newTypedFamiliesSendTheirElementTypeFlagAndScalars()
    {
        final cublasHandle handle = created();
        final long h = JCudaPointers.nativePointer(handle);
        assertEquals(0, routine("cublasCgeam_64Native", handle, 0, 1, 2, 3, Pointer.to(new float[]{ 1, -1 }),
            device(DEVICE_A), 2, Pointer.to(new float[]{ 0.5f, 0 }), device(DEVICE_B), 3, device(DEVICE_B), 2));
        assertArrayEquals(new long[]{ h, 4, 0, 1, 2, 3, Float.floatToRawIntBits(1),
            Float.floatToRawIntBits(-1) & 0xFFFF_FFFFL, DEVICE_A, 2, Float.floatToRawIntBits(0.5f), 0, DEVICE_B, 3,
            DEVICE_B, 2 }, last(Function.CUBLAS_GEAM_X).args());

        assertEquals(0, routine("cublasZherkx_64Native", handle, 1, 0, 2, 3, Pointer.to(new double[]{ 1, 2 }),
            device(DEVICE_A), 2, device(DEVICE_B), 2, Pointer.to(new double[]{ 4 }), device(DEVICE_B), 2));
        final long[] herkx = last(Function.CUBLAS_SYRKX).args();
        assertEquals(5, herkx[1], "Z");
        assertEquals(1, herkx[2], "herkx");
        assertEquals(Double.doubleToRawLongBits(4), herkx[13], "a real beta");
        assertEquals(0, herkx[14], "a real beta has no imaginary part");

        final int[] info = { -1 };
        assertEquals(0, routine("cublasDgetrsBatchedNative", handle, 0, 2, 1, device(DEVICE_A), 2,
            device(DEVICE_B), device(DEVICE_B + 64), 2, Pointer.to(info), 3));
        assertEquals(5, info[0], "the host info is the reply's value");
        assertArrayEquals(new long[]{ h, 1, 0, 2, 1, DEVICE_A, 2, DEVICE_B, DEVICE_B + 64, 2, 3 },
            last(Function.CUBLAS_GETRS_BATCHED).args());

        final int[] target = { -1 };
        assertEquals(0, JCublas2Remote.cublasGetSmCountTargetNative(handle, Pointer.to(target)));
        assertEquals(5, target[0]);
        assertEquals("CUBLAS_STATUS_NOT_SUPPORTED", JCublas2Remote.cublasGetStatusNameNative(15));
        assertTrue(JCublas2Remote.cublasGetStatusStringNative(7).contains("parameter"));
        assertEquals(0, cublasDestroyNative(handle));
    }

    @Test
    void rotationsAreComputedInTheClientInHostModeOnly()
    {
        final cublasHandle handle = created();
        final double[] a = { 3 };
        final double[] b = { 4 };
        final double[] c = { 0 };
        final double[] s = { 0 };
        final int sent = executor.calls().size();
        assertEquals(0, JCublas2Remote.cublasDrotgNative(handle, Pointer.to(a), Pointer.to(b), Pointer.to(c),
            Pointer.to(s)));
        assertArrayEquals(new double[]{ 5, 1 / 0.6, 0.6, 0.8 }, new double[]{ a[0], b[0], c[0], s[0] }, 1e-12);
        assertEquals(sent, executor.calls().size(), "nothing is sent");

        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        assertEquals(CublasStatus.NOT_SUPPORTED, JCublas2Remote.cublasSrotgNative(handle, device(DEVICE_A),
            device(DEVICE_A + 4), device(DEVICE_A + 8), device(DEVICE_A + 12)));
        assertEquals(0, cublasSetPointerModeNative(handle, HOST_MODE));
        assertEquals(CublasStatus.INVALID_VALUE, JCublas2Remote.cublasSrotgNative(handle, device(DEVICE_A),
            device(DEVICE_A + 4), device(DEVICE_A + 8), device(DEVICE_A + 12)), "device memory in host mode");
        assertEquals(0, cublasDestroyNative(handle));
    }

    @Test
    void transfersPackTheHostSidesStrides()
    {
        assertEquals(0, cublasSetVector_64Native(3, Float.BYTES, Pointer.to(new float[]{ 1, 9, 2, 9, 3 }), 2,
            device(DEVICE_A), 4));
        final CallRecord vector = last(Function.CUBLAS_SET_MATRIX);
        assertArrayEquals(new long[]{ 1, 3, Float.BYTES, DEVICE_A, 4, 0 }, vector.args());
        assertArrayEquals(floatBytes(1, 2, 3), vector.payload());

        final ByteBuffer matrix = ByteBuffer.allocateDirect(6 * Double.BYTES).order(ByteOrder.nativeOrder());
        matrix.asDoubleBuffer().put(new double[]{ 1, 2, -1, 3, 4, -1 });
        assertEquals(0, cublasSetMatrix_64Native(2, 2, Double.BYTES, Pointer.to(matrix), 3, device(DEVICE_B), 2));
        final ByteBuffer packed = ByteBuffer.wrap(last(Function.CUBLAS_SET_MATRIX).payload())
            .order(ByteOrder.nativeOrder());
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), List.of(packed.getDouble(0), packed.getDouble(8),
            packed.getDouble(16), packed.getDouble(24)));

        final byte[] spread = new byte[9];
        assertEquals(0, cublasGetVector_64Native(3, 1, device(DEVICE_A), 1, Pointer.to(spread), 3));
        assertArrayEquals(new byte[]{ 0, 0, 0, 1, 0, 0, 2, 0, 0 }, spread, "the gaps stay untouched");
        final byte[] columns = new byte[8];
        assertEquals(0, cublasGetMatrix_64Native(2, 2, 1, device(DEVICE_A), 2, Pointer.to(columns), 4));
        assertArrayEquals(new byte[]{ 0, 1, 0, 0, 2, 3, 0, 0 }, columns);

        final int sent = executor.calls(Function.CUBLAS_SET_MATRIX).size();
        assertEquals(CublasStatus.INVALID_VALUE, cublasSetVector_64Native(3, 4, Pointer.to(new float[3]), 0,
            device(DEVICE_A), 1));
        assertEquals(CublasStatus.INVALID_VALUE, cublasSetMatrix_64Native(3, 1, 4, Pointer.to(new float[3]), 2,
            device(DEVICE_A), 3));
        assertEquals(CublasStatus.INVALID_VALUE, cublasSetVector_64Native(4, 4, Pointer.to(new float[3]), 1,
            device(DEVICE_A), 1), "more elements than the array holds");
        assertEquals(CublasStatus.INVALID_VALUE, cublasSetVector_64Native(1, 4, Pointer.to(new float[1]), 1,
            Pointer.to(new float[1]), 1), "host memory where the device side goes");
        assertEquals(sent, executor.calls(Function.CUBLAS_SET_MATRIX).size());
    }

    @Test
    void streamsAndComputeTypesAsCublasHasThem()
    {
        final cublasHandle handle = created();
        final cudaStream_t stream = new cudaStream_t();
        JCudaPointers.setNativePointer(stream, 0x0400_0000_0000_0007L);
        assertEquals(0, cublasSetStreamNative(handle, stream));
        assertEquals(0x0400_0000_0000_0007L, last(Function.CUBLAS_SET_STREAM).args()[1]);
        JCudaPointers.setNativePointer(stream, 2);
        assertEquals(0, cublasSetStreamNative(handle, stream));
        assertEquals(0, last(Function.CUBLAS_SET_STREAM).args()[1], "cudaStreamPerThread is the default stream");

        final int[] computeType = new int[1];
        assertEquals(0, cublasMigrateComputeType_newNative(handle, 0, computeType));
        assertEquals(68, computeType[0]);
        assertEquals(0, cublasMigrateComputeType_newNative(handle, 1, computeType));
        assertEquals(70, computeType[0]);
        assertEquals(CublasStatus.NOT_SUPPORTED, cublasMigrateComputeType_newNative(handle, 68, computeType));
    }

    @Test
    void typedRoutinesNameTheirElementTypeAndSendEachScalarInTwoSlots()
    {
        final cublasHandle handle = created();
        final long h = JCudaPointers.nativePointer(handle);
        final Pointer a = device(DEVICE_A);
        final Pointer b = device(DEVICE_B);
        assertEquals(0, routine("cublasCaxpy_v2_64Native", handle, 3, Pointer.to(new float[]{ 1.5f, -2f }), a, 1, b,
            2));
        assertArrayEquals(new long[]{ h, 4, 3, Float.floatToRawIntBits(1.5f), Float.floatToRawIntBits(-2f) &
            0xFFFF_FFFFL, DEVICE_A, 1, DEVICE_B, 2 }, last(Function.CUBLAS_AXPY_X).args());

        assertEquals(0, routine("cublasZgemm_v2_64Native", handle, 0, 2, 2, 3, 4, Pointer.to(new double[]{ 0.5,
            0.25 }), a, 2,
            b, 4, Pointer.to(new double[]{ -1, 0 }), b, 2));
        assertArrayEquals(new long[]{ h, 5, 0, 2, 2, 3, 4, Double.doubleToRawLongBits(0.5),
            Double.doubleToRawLongBits(0.25), DEVICE_A, 2, DEVICE_B, 4, Double.doubleToRawLongBits(-1),
            Double.doubleToRawLongBits(0), DEVICE_B, 2 }, last(Function.CUBLAS_GEMM_X).args());

        assertEquals(0, routine("cublasCsscal_v2_64Native", handle, 5, Pointer.to(new float[]{ 3f }), a, 1));
        assertArrayEquals(new long[]{ h, 4, 1, 5, Float.floatToRawIntBits(3f), 0, DEVICE_A, 1 },
            last(Function.CUBLAS_SCAL_X).args(), "csscal: a real alpha, one float read");
        assertEquals(0, routine("cublasCher_v2_64Native", handle, 1, 4, Pointer.to(new float[]{ 2f }), a, 1, b, 4));
        assertArrayEquals(new long[]{ h, 4, 1, 4, Float.floatToRawIntBits(2f), 0, DEVICE_A, 1, DEVICE_B, 4 },
            last(Function.CUBLAS_SYR).args(), "her: a real alpha");
        assertEquals(0, routine("cublasCherk_v2_64Native", handle, 0, 2, 3, 4, Pointer.to(new float[]{ 1f }), a, 4,
            Pointer.to(new float[]{ 0f }), b, 3));
        assertArrayEquals(new long[]{ h, 4, 1, 0, 2, 3, 4, Float.floatToRawIntBits(1f), 0, DEVICE_A, 4, 0, 0,
            DEVICE_B, 3 }, last(Function.CUBLAS_SYRK_X).args(), "herk: real alpha and beta");
        assertEquals(0, routine("cublasSgbmv_v2_64Native", handle, 1, 4, 5, 1, 2, Pointer.to(new float[]{ 1f }), a,
            4, b, 1,
            Pointer.to(new float[]{ 0f }), b, 1));
        assertArrayEquals(new long[]{ h, 0, 1, 4, 5, 1, 2, Float.floatToRawIntBits(1f), 0, DEVICE_A, 4, DEVICE_B,
            1, 0, 0, DEVICE_B, 1 }, last(Function.CUBLAS_GBMV).args(), "a real routine of a typed family");
        assertEquals(0, routine("cublasSrotm_v2_64Native", handle, 2, a, 1, b, 1, Pointer.to(new float[]{ -1f, 1, 2,
            3, 4 })));
        assertArrayEquals(new long[]{ h, 0, 2, DEVICE_A, 1, DEVICE_B, 1, Float.floatToRawIntBits(-1f) & 0xFFFF_FFFFL,
            Float.floatToRawIntBits(1f), Float.floatToRawIntBits(2f), Float.floatToRawIntBits(3f),
            Float.floatToRawIntBits(4f) }, last(Function.CUBLAS_ROTM).args());

        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        final Pointer alpha = device(DEVICE_A + 64);
        final Pointer beta = device(DEVICE_A + 96);
        assertEquals(0, routine("cublasChemv_v2_64Native", handle, 1, 3, alpha, a, 3, b, 1, beta, b, 1));
        assertArrayEquals(new long[]{ h, 4, 1, 1, 3, DEVICE_A + 64, 0, DEVICE_A, 3, DEVICE_B, 1, DEVICE_A + 96, 0,
            DEVICE_B, 1 }, last(Function.CUBLAS_SYMV_X).args(), "device mode: the addresses");
        assertEquals(0, routine("cublasSrotm_v2_64Native", handle, 2, a, 1, b, 1, alpha));
        assertArrayEquals(new long[]{ h, 0, 2, DEVICE_A, 1, DEVICE_B, 1, DEVICE_A + 64, 0, 0, 0, 0 },
            last(Function.CUBLAS_ROTM).args());

        final int sent = executor.calls(Function.CUBLAS_AXPY_X).size();
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasZaxpy_v2_64Native", handle, 1,
            Pointer.to(new double[]{ 1, 0 }),
            a, 1, b, 1), "a host scalar in device mode");
        assertEquals(0, cublasSetPointerModeNative(handle, HOST_MODE));
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasZaxpy_v2_64Native", handle, 1,
            Pointer.to(new double[]{ 1 }), a, 1,
            b, 1), "one double where a double complex is read");
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasZaxpy_v2_64Native", handle, 1, alpha, a, 1, b, 1),
            "a device scalar in host mode");
        assertEquals(sent, executor.calls(Function.CUBLAS_AXPY_X).size(), "a refused call is not sent");
        assertEquals(0, cublasDestroyNative(handle));
    }

    @Test
    void complexReductionsWriteBothPartsIntoHostMemoryInHostModeOnly()
    {
        final cublasHandle handle = created();
        final double[] dot = { 0, 0, 7 };
        assertEquals(0, routine("cublasZdotc_v2_64Native", handle, 4, device(DEVICE_A), 1, device(DEVICE_B), 2,
            Pointer.to(dot)));
        assertArrayEquals(new double[]{ 1.5, -2.5, 7 }, dot, "the real and imaginary parts, nothing after them");
        assertArrayEquals(new long[]{ JCudaPointers.nativePointer(handle), 5, 1, 4, DEVICE_A, 1, DEVICE_B, 2, 0 },
            last(Function.CUBLAS_DOT_X).args());
        final int[] index = { -1, 9 };
        assertEquals(0, routine("cublasIcamaxNative", handle, 4, device(DEVICE_A), 1, Pointer.to(index)));
        assertEquals(9, index[1], "an int result writes 4 bytes");
        assertEquals(4, last(Function.CUBLAS_IAMAX_X).args()[1]);

        assertEquals(0, cublasSetPointerModeNative(handle, DEVICE_MODE));
        assertEquals(0, routine("cublasZdotc_v2_64Native", handle, 4, device(DEVICE_A), 1, device(DEVICE_B), 1,
            device(DEVICE_B + 256)));
        assertEquals(DEVICE_B + 256, last(Function.CUBLAS_DOT_X).args()[8]);
        assertEquals(CublasStatus.INVALID_VALUE, routine("cublasZdotc_v2_64Native", handle, 4, device(DEVICE_A), 1,
            device(DEVICE_B), 1, Pointer.to(dot)), "a host result in device mode");
        assertThrows(NullPointerException.class,
            () -> routine("cublasZdotc_v2_64Native", handle, 4, device(DEVICE_A), 1, device(DEVICE_B), 1, null));
    }

    @Test
    void theEmulatorColumnFollowsTheLegacyBindingsRule()
    {
        final JCublas2Instrumentation module = new JCublas2Instrumentation();
        for (final String runs : List.of("cublasCreate", "cublasSgemm", "cublasSdot", "cublasCaxpy", "cublasZdotc",
            "cublasCsscal", "cublasZgemm"))
        {
            assertNull(module.emulatorRefusal(runs), runs);
        }
        for (final String refused : List.of("cublasCgeru", "cublasZhemv", "cublasSgbmv", "cublasDrotm", "cublasCtrsm",
            "cublasIcamax", "cublasDznrm2", "cublasSsyr2k"))
        {
            assertNotNull(module.emulatorRefusal(refused), refused);
            assertEquals(new JCublasInstrumentation().emulatorRefusal(refused), module.emulatorRefusal(refused));
        }
    }

    @Test
    void noExecutorIsNotInitialized()
    {
        executor.fail(Function.CUBLAS_CREATE, RuntimeStatus.DEVICES_UNAVAILABLE);
        final cublasHandle handle = new cublasHandle();
        assertEquals(CublasStatus.NOT_INITIALIZED, cublasCreateNative(handle));
        assertEquals(0, JCudaPointers.nativePointer(handle));
    }

    private static cublasHandle created()
    {
        final cublasHandle handle = new cublasHandle();
        assertEquals(0, cublasCreateNative(handle));
        assertTrue(JCudaPointers.nativePointer(handle) != 0);
        return handle;
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

    private static byte[] floatBytes(final float... values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.nativeOrder());
        buffer.asFloatBuffer().put(values);
        return buffer.array();
    }

    /** A described routine's JCublas2 native, as the agent binds it. */
    private static int routine(final String nativeName, final Object... arguments)
    {
        return JCublasRoutineCalls.call(JCublasRoutineCalls.routineOf(nativeName), arguments);
    }
}
