package io.gpurelay.agent.javacpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * JavaCPP's cuBLAS functions against an in-memory executor: how the transfers gather and scatter the host side's
 * strides, how a routine's letters become its call (typed real routines, reordered and zero slots, rotm's param, a
 * host info), the rotations computed in the client, and the refusals made before anything is sent.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CublasModuleTest extends InMemoryExecutorTest
{
    private static final CublasModule MODULE = new CublasModule();
    private static final long DEVICE_A = 0x7000_0000_1000L;
    private static final long DEVICE_B = 0x7000_0000_2000L;
    private static final int DEVICE_MODE = 1;
    private static final int HOST_MODE = 0;

    @AfterEach
    void forgetAllocations()
    {
        JavaCppRuntime.freed(DEVICE_A, RuntimeCalls.session());
    }

    @Test
    void setVectorGathersTheHostStrideAndSendsTheDeviceIncrement()
    {
        final FloatPointer host = new FloatPointer(1, -1, 2, -1, 3, -1, 4);
        assertEquals(0, invoke("cublasSetVector", 4, Float.BYTES, host, 2, device(DEVICE_A), 3));
        final CallRecord call = last(Function.CUBLAS_SET_MATRIX);
        assertArrayEquals(new long[]{ 1, 4, Float.BYTES, DEVICE_A, 3, 0 }, call.args());
        assertArrayEquals(floats(1, 2, 3, 4), call.payload());

        final FloatPointer contiguous = new FloatPointer(5, 6, 7);
        contiguous.position(1);
        assertEquals(0, invoke("cublasSetVector_64", 2L, (long)Float.BYTES, contiguous, 1L, device(DEVICE_A), 1L));
        assertArrayEquals(floats(6, 7), last(Function.CUBLAS_SET_MATRIX).payload(), "from the pointer's position");
    }

    @Test
    void setMatrixAsyncSendsItsColumnsPackedAndItsStream()
    {
        final DoublePointer host = new DoublePointer(1, 2, 0, 3, 4, 0);
        assertEquals(0, invoke("cublasSetMatrixAsync", 2, 2, Double.BYTES, host, 3, device(DEVICE_B), 5,
            JavaCppPointers.pointerAt(Pointer.class, 0x5000)));
        final CallRecord call = last(Function.CUBLAS_SET_MATRIX);
        assertArrayEquals(new long[]{ 2, 2, Double.BYTES, DEVICE_B, 5, 0x5000 }, call.args());
        final ByteBuffer expected = ByteBuffer.allocate(4 * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        expected.putDouble(1).putDouble(2).putDouble(3).putDouble(4);
        assertArrayEquals(expected.array(), call.payload());

        assertEquals(0, invoke("cublasSetMatrixAsync_64", 1L, 1L, (long)Double.BYTES, host, 1L, device(DEVICE_B), 1L,
            JavaCppPointers.pointerAt(Pointer.class, 1)));
        assertEquals(0, last(Function.CUBLAS_SET_MATRIX).args()[5], "cudaStreamLegacy is the default stream");
    }

    @Test
    void getVectorAndGetMatrixScatterWithTheHostStride()
    {
        // The in-memory executor answers a get with the bytes 0, 1, 2, ... packed.
        final byte[] strided = new byte[7];
        java.util.Arrays.fill(strided, (byte)-1);
        final BytePointer host = new BytePointer(strided);
        assertEquals(0, invoke("cublasGetVector", 4, 1, device(DEVICE_A), 1, host, 2));
        assertArrayEquals(new long[]{ 1, 4, 1, DEVICE_A, 1, 0 }, last(Function.CUBLAS_GET_MATRIX).args());
        final byte[] landed = new byte[7];
        host.get(landed);
        assertArrayEquals(new byte[]{ 0, -1, 1, -1, 2, -1, 3 }, landed, "every second byte, the gaps untouched");

        final byte[] matrix = new byte[6];
        assertEquals(0, invoke("cublasGetMatrix", 2, 3, 1, device(DEVICE_A), 4, matrix, 2));
        assertArrayEquals(new byte[]{ 0, 1, 2, 3, 4, 5 }, matrix, "a contiguous host side gets the payload whole");
        assertArrayEquals(new long[]{ 2, 3, 1, DEVICE_A, 4, 0 }, last(Function.CUBLAS_GET_MATRIX).args());
    }

    @Test
    void badTransfersAreRefusedBeforeAnythingIsSent()
    {
        final int sent = executor.calls(Function.CUBLAS_SET_MATRIX).size();
        final FloatPointer host = new FloatPointer(4);
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetVector", 4, Float.BYTES, host, 0,
            device(DEVICE_A), 1), "an increment of 0");
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetMatrix", 3, 2, Float.BYTES, host, 2,
            device(DEVICE_A), 3), "lda below rows");
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetVector", 4, Float.BYTES, host, 2,
            device(DEVICE_A), 1), "7 strided floats do not fit a FloatPointer of 4");
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetVector", 1, 0, host, 1, device(DEVICE_A), 1),
            "an element size of 0");
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetVector", 4, Float.BYTES, new float[4], 1,
            new float[4], 1), "a Java array as the device side");
        JavaCppRuntime.allocated(DEVICE_A, 4096, RuntimeCalls.session());
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasSetVector", 4, Float.BYTES, device(DEVICE_A), 1,
            device(DEVICE_B), 1), "device memory as the host side");
        assertEquals(sent, executor.calls(Function.CUBLAS_SET_MATRIX).size(), "a refused transfer is not sent");
        assertEquals(0, invoke("cublasSetVector", 0, Float.BYTES, null, 1, device(DEVICE_B), 1),
            "nothing to copy: the host side is not read");
    }

    @Test
    void typedRealRoutinesCarryTheirTypeAndTwoSlotsPerScalar()
    {
        final Pointer handle = created();
        assertEquals(0, invoke("cublasSgbmv_v2", handle, 0, 4, 5, 1, 2, new float[]{ 2f }, device(DEVICE_A), 4,
            device(DEVICE_B), 1, new float[]{ 0.5f }, device(DEVICE_B + 64), 1));
        assertArrayEquals(new long[]{ handle.address(), 0, 0, 4, 5, 1, 2, Float.floatToRawIntBits(2f), 0, DEVICE_A, 4,
            DEVICE_B, 1, Float.floatToRawIntBits(0.5f), 0, DEVICE_B + 64, 1 }, last(Function.CUBLAS_GBMV).args());

        assertEquals(0, invoke("cublasZher2k_v2_64", handle, 0, 0, 3L, 2L, new double[]{ 1, -1 }, device(DEVICE_A),
            3L, device(DEVICE_B), 3L, new double[]{ 4 }, device(DEVICE_B + 64), 3L));
        assertArrayEquals(new long[]{ handle.address(), 5, 1, 0, 0, 3, 2, Double.doubleToRawLongBits(1),
            Double.doubleToRawLongBits(-1), DEVICE_A, 3, DEVICE_B, 3, Double.doubleToRawLongBits(4), 0,
            DEVICE_B + 64, 3 }, last(Function.CUBLAS_SYR2K).args(), "her2k: flag 1, beta real");

        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, DEVICE_MODE));
        assertEquals(0, invoke("cublasDspr_v2", handle, 1, 3, device(DEVICE_A + 8), device(DEVICE_A), 1,
            device(DEVICE_B)));
        assertArrayEquals(new long[]{ handle.address(), 1, 1, 3, DEVICE_A + 8, 0, DEVICE_A, 1, DEVICE_B },
            last(Function.CUBLAS_SPR).args(), "device mode: the scalar's address and 0");
        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, HOST_MODE));
    }

    @Test
    void reorderedAndZeroSlotsFollowTheWireOrder()
    {
        final Pointer handle = created();
        assertEquals(0, invoke("cublasStrttp", handle, 1, 3, device(DEVICE_A), 3, device(DEVICE_B)));
        assertArrayEquals(new long[]{ handle.address(), 0, 1, 1, 3, DEVICE_B, DEVICE_A, 3 },
            last(Function.CUBLAS_TPTTR).args(), "trttp: AP before A and lda, to packed");
        assertEquals(0, invoke("cublasCsyr_v2", handle, 0, 2, new float[]{ 1, 2 }, device(DEVICE_A), 1,
            device(DEVICE_B), 2));
        assertArrayEquals(new long[]{ handle.address(), 4, 0, 0, 2, Float.floatToRawIntBits(1),
            Float.floatToRawIntBits(2), DEVICE_A, 1, 0, 0, DEVICE_B, 2 }, last(Function.CUBLAS_SYR_COMPLEX).args(),
            "complex syr: no second vector");
    }

    @Test
    void rotmSendsItsParamAndGetrsWritesItsHostInfo()
    {
        final Pointer handle = created();
        final float[] param = { -1, 2, 3, 4, 5 };
        assertEquals(0, invoke("cublasSrotm_v2", handle, 3, device(DEVICE_A), 1, device(DEVICE_B), 1, param));
        final long[] args = last(Function.CUBLAS_ROTM).args();
        assertEquals(12, args.length);
        for (int i = 0; i < param.length; i++)
        {
            assertEquals(Integer.toUnsignedLong(Float.floatToRawIntBits(param[i])), args[7 + i]);
        }

        final IntPointer info = new IntPointer(1);
        info.put(0, -99);
        assertEquals(0, invoke("cublasDgetrsBatched", handle, 0, 4, 1, device(DEVICE_A), 4, device(DEVICE_B),
            device(DEVICE_B + 64), 4, info, 2));
        assertArrayEquals(new long[]{ handle.address(), 1, 0, 4, 1, DEVICE_A, 4, DEVICE_B, DEVICE_B + 64, 4, 2 },
            last(Function.CUBLAS_GETRS_BATCHED).args(), "info does not travel");
        assertEquals(5, info.get(0), "the reply's info lands in the host int");
        assertEquals(CublasStatus.INVALID_VALUE, invoke("cublasDgetrsBatched", handle, 0, 4, 1, device(DEVICE_A), 4,
            device(DEVICE_B), device(DEVICE_B + 64), 4, null, 2), "a null info");
        final int[] gelsInfo = { -1 };
        assertEquals(0, invoke("cublasZgelsBatched", handle, 0, 5, 4, 1, device(DEVICE_A), 5, device(DEVICE_B), 5,
            gelsInfo, device(DEVICE_B + 64), 3));
        assertArrayEquals(new long[]{ handle.address(), 5, 0, 5, 4, 1, DEVICE_A, 5, DEVICE_B, 5, DEVICE_B + 64, 3 },
            last(Function.CUBLAS_GELS_BATCHED).args(), "gels: the host info skipped, the device info travels");

        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, DEVICE_MODE));
        assertEquals(0, invoke("cublasDrotm_v2_64", handle, 3L, device(DEVICE_A), 1L, device(DEVICE_B), 1L,
            device(DEVICE_B + 64)));
        assertArrayEquals(new long[]{ handle.address(), 1, 3, DEVICE_A, 1, DEVICE_B, 1, DEVICE_B + 64, 0, 0, 0, 0 },
            last(Function.CUBLAS_ROTM).args(), "device mode: param's address and four 0s");
        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, HOST_MODE));
    }

    @Test
    void gemmExReadsItsScalarsAsTheComputeTypeSays()
    {
        final Pointer handle = created();
        assertEquals(0, invoke("cublasGemmEx", handle, 0, 1, 2, 3, 4, new short[]{ 0x3C00 }, device(DEVICE_A), 2, 2,
            device(DEVICE_B), 2, 4, new short[]{ (short)0xBC00 }, device(DEVICE_B + 64), 2, 2, 64, -1));
        assertArrayEquals(new long[]{ handle.address(), 0, 1, 2, 3, 4, 0x3C00, DEVICE_A, 2, 2, DEVICE_B, 2, 4, 0xBC00,
            DEVICE_B + 64, 2, 2, 64, -1 }, last(Function.CUBLAS_GEMM_EX).args(), "16F: halves");
        assertEquals(0, invoke("cublasGemmEx_64", handle, 0, 0, 2L, 2L, 2L, new double[]{ 0.5 }, device(DEVICE_A), 1,
            2L, device(DEVICE_B), 1, 2L, new double[]{ 0 }, device(DEVICE_B + 64), 1, 2L, 70, 0));
        assertEquals(Double.doubleToRawLongBits(0.5), last(Function.CUBLAS_GEMM_EX).args()[6], "64F: doubles");
    }

    @Test
    void rotationsAreComputedInTheClientInHostModeOnly()
    {
        final Pointer handle = created();
        final int before = executor.calls().size();
        final float[] a = { 3 };
        final float[] b = { 4 };
        final float[] c = { 0 };
        final float[] s = { 0 };
        assertEquals(0, invoke("cublasSrotg_v2", handle, a, b, c, s));
        assertEquals(5f, a[0], 1e-6f);
        assertEquals(0.6f, c[0], 1e-6f);
        assertEquals(0.8f, s[0], 1e-6f);
        final DoublePointer za = new DoublePointer(1.0, 0.0);
        final DoublePointer zc = new DoublePointer(1);
        final DoublePointer zs = new DoublePointer(2);
        assertEquals(0, invoke("cublasZrotg_v2", handle, za, new DoublePointer(0.0, 1.0), zc, zs));
        assertEquals(Math.sqrt(0.5), zc.get(0), 1e-12);
        assertEquals(Math.sqrt(2), Math.hypot(za.get(0), za.get(1)), 1e-12, "|r| = sqrt(|a|^2 + |b|^2)");
        final double[] param = new double[5];
        assertEquals(0, invoke("cublasDrotmg_v2", handle, new double[]{ 1 }, new double[]{ 1 }, new double[]{ 1 },
            new double[]{ 0 }, param));
        assertEquals(-2, param[0], "y1 = 0: the identity, flag -2");
        assertEquals(before, executor.calls().size(), "nothing was sent");

        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, DEVICE_MODE));
        assertEquals(CublasStatus.NOT_SUPPORTED, invoke("cublasSrotg_v2", handle, a, b, c, s));
        assertEquals(0, invoke("cublasSetPointerMode_v2", handle, HOST_MODE));
    }

    @Test
    void statusNamesAndStringsAreAnsweredHere()
    {
        final Object name = invokeReturning("org.bytedeco.javacpp.BytePointer", "cublasGetStatusName",
            CublasStatus.INVALID_VALUE);
        assertEquals("CUBLAS_STATUS_INVALID_VALUE", ((BytePointer)name).getString());
        final Object text = invokeReturning("org.bytedeco.javacpp.BytePointer", "cublasGetStatusString",
            CublasStatus.NOT_SUPPORTED);
        assertTrue(((BytePointer)text).getString().contains("not supported"));
        final int[] computeType = { -1 };
        assertEquals(0, invoke("cublasMigrateComputeType", created(), 1, computeType));
        assertEquals(70, computeType[0], "CUDA_R_64F in the default math mode: CUBLAS_COMPUTE_64F");
        final int[] version = { -1 };
        assertEquals(0, invoke("cublasGetProperty", 0, version));
        assertEquals(Function.CUBLAS_GET_PROPERTY, executor.calls().get(executor.calls().size() - 1).function());
    }

    private static Pointer created()
    {
        final long[] handle = new long[1];
        assertEquals(0, invoke("cublasCreate_v2", (Object)handle));
        assertTrue(handle[0] != 0);
        return (Pointer)JavaCppPointers.pointerAt(Pointer.class, handle[0]);
    }

    private static Pointer device(final long address)
    {
        return (Pointer)JavaCppPointers.pointerAt(Pointer.class, address);
    }

    private static int invoke(final String function, final Object... args)
    {
        return (Integer)invokeReturning("int", function, args);
    }

    /**
     * Run the module's code for the function as a rewritten native would: JavaCppCalls turns a refused argument into
     * the invalid-value status.
     */
    private static Object invokeReturning(final String returnType, final String function, final Object... args)
    {
        final JavaCppFunction code = MODULE.functionCode(function);
        assertTrue(code != null, function + " is remoted");
        final String[] types = new String[args.length];
        for (int i = 0; i < args.length; i++)
        {
            types[i] = args[i] == null ? Object.class.getName() : args[i].getClass().getName();
        }
        final int index = JavaCppCalls.register(new JavaCppMethod("cublas", function, 0, returnType, types,
            CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE", code));
        return JavaCppCalls.call(index, args);
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static byte[] floats(final float... values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (final float value : values)
        {
            buffer.putFloat(value);
        }
        return buffer.array();
    }
}
