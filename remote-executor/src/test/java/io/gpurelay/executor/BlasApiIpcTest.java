package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.floats;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUBLAS_CREATE;
import static io.gpurelay.protocol.Function.CUBLAS_DESTROY;
import static io.gpurelay.protocol.Function.CUBLAS_DGEMM;
import static io.gpurelay.protocol.Function.CUBLAS_GEMM_EX;
import static io.gpurelay.protocol.Function.CUBLAS_GEMM_X;
import static io.gpurelay.protocol.Function.CUBLAS_GER_X;
import static io.gpurelay.protocol.Function.CUBLAS_GET_MATH_MODE;
import static io.gpurelay.protocol.Function.CUBLAS_GET_MATRIX;
import static io.gpurelay.protocol.Function.CUBLAS_GET_POINTER_MODE;
import static io.gpurelay.protocol.Function.CUBLAS_GET_STREAM;
import static io.gpurelay.protocol.Function.CUBLAS_GET_VERSION;
import static io.gpurelay.protocol.Function.CUBLAS_ISAMAX;
import static io.gpurelay.protocol.Function.CUBLAS_SAXPY;
import static io.gpurelay.protocol.Function.CUBLAS_SDOT;
import static io.gpurelay.protocol.Function.CUBLAS_SET_MATH_MODE;
import static io.gpurelay.protocol.Function.CUBLAS_SET_MATRIX;
import static io.gpurelay.protocol.Function.CUBLAS_SET_POINTER_MODE;
import static io.gpurelay.protocol.Function.CUBLAS_SET_STREAM;
import static io.gpurelay.protocol.Function.CUBLAS_SGEMM;
import static io.gpurelay.protocol.Function.CUBLAS_SYR2K;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_RESET;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_STREAM_CREATE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.dispatch.BlasDispatcher;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * cuBLAS through the executor's {@link BlasDispatcher} on the emulated backend, end to end over {@code aeron:ipc}:
 * handles as session resources, pointer modes, strided transfers, routines against a CPU reference, and cuBLAS's own
 * statuses for what is wrong.
 */
class BlasApiIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;
    private static final int OP_N = 0;
    private static final int OP_T = 1;
    private static final int OP_C = 2;
    private static final int POINTER_MODE_DEVICE = 1;
    private static final int CUDA_R_32F = 0;
    private static final int COMPUTE_32F = 68;
    private static final int GEMM_DEFAULT = -1;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("blas", 1, DEVICE_MEMORY, context -> context);

    @Test
    void handlesKeepTheirModesAndStreamAndDieWithTheirContext()
    {
        final TestClient client = EXECUTOR.connected("handles");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        assertEquals(130100, ok(client.call(CUBLAS_GET_VERSION, DEVICE_0, handle)).value(0));
        assertEquals(0, ok(client.call(CUBLAS_GET_POINTER_MODE, DEVICE_0, handle)).value(0));
        ok(client.call(CUBLAS_SET_POINTER_MODE, DEVICE_0, handle, POINTER_MODE_DEVICE));
        assertEquals(POINTER_MODE_DEVICE, ok(client.call(CUBLAS_GET_POINTER_MODE, DEVICE_0, handle)).value(0));
        assertEquals(CublasStatus.INVALID_VALUE, client.call(CUBLAS_SET_POINTER_MODE, DEVICE_0, handle, 7).status());
        ok(client.call(CUBLAS_SET_MATH_MODE, DEVICE_0, handle, 16));
        assertEquals(16, ok(client.call(CUBLAS_GET_MATH_MODE, DEVICE_0, handle)).value(0));

        final long stream = ok(client.call(CUDA_STREAM_CREATE, DEVICE_0, 0)).value(0);
        ok(client.call(CUBLAS_SET_STREAM, DEVICE_0, handle, stream));
        assertEquals(stream, ok(client.call(CUBLAS_GET_STREAM, DEVICE_0, handle)).value(0));
        final Reply foreignStream = client.call(CUBLAS_SET_STREAM, DEVICE_0, handle, stream + 1000);
        assertEquals(CublasStatus.NOT_INITIALIZED, foreignStream.status());
        assertTrue(foreignStream.message().contains("not a live stream"), foreignStream.message());

        ok(client.call(CUBLAS_DESTROY, DEVICE_0, handle));
        final Reply destroyed = client.call(CUBLAS_GET_VERSION, DEVICE_0, handle);
        assertEquals(CublasStatus.NOT_INITIALIZED, destroyed.status());
        assertTrue(destroyed.message().contains("cublasHandle_t handle that is no longer live"), destroyed.message());

        final long second = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        ok(client.call(CUDA_DEVICE_RESET, DEVICE_0));
        assertEquals(CublasStatus.NOT_INITIALIZED, client.call(CUBLAS_GET_VERSION, DEVICE_0, second).status());
        assertEquals(CublasStatus.NOT_INITIALIZED, client.call(CUBLAS_CREATE, 5).status());
    }

    @Test
    void sgemmAndDgemmMatchTheCpuWithStridedTransfers()
    {
        final TestClient client = EXECUTOR.connected("gemm");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        final int m = 3;
        final int n = 2;
        final int k = 4;
        final int ld = 5;
        final float[] a = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
        final float[] b = { 1, -1, 2, 0.5f, 3, 1, -2, 4 };
        final long da = malloc(client, (long)ld * k * Float.BYTES);
        final long db = malloc(client, (long)k * n * Float.BYTES);
        final long dc = malloc(client, (long)ld * n * Float.BYTES);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(a), m, k, Float.BYTES, da, ld, DEFAULT_STREAM));
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(b), k, n, Float.BYTES, db, k, DEFAULT_STREAM));
        ok(client.call(CUBLAS_SGEMM, DEVICE_0, handle, OP_N, OP_N, m, n, k, bits(2f), da, ld, db, k, bits(0f), dc,
            ld));
        final float[] expected = new float[m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                float sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += a[i + p * m] * b[p + j * k];
                }
                expected[i + j * m] = 2 * sum;
            }
        }
        final byte[] c = ok(client.call(CUBLAS_GET_MATRIX, DEVICE_0, m, n, Float.BYTES, dc, ld, DEFAULT_STREAM))
            .payload();
        assertArrayEquals(expected, toFloats(c));

        final double[] x = { 1.5, -2, 0.25, 4 };
        final long dx = malloc(client, x.length * Double.BYTES);
        final long dy = malloc(client, Double.BYTES);
        final ByteBuffer packed = ByteBuffer.allocate(x.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        packed.asDoubleBuffer().put(x);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, packed.array(), 1, 4, Double.BYTES, dx, 1,
            DEFAULT_STREAM));
        ok(client.call(CUBLAS_DGEMM, DEVICE_0, handle, OP_T, OP_N, 1, 1, 4, Double.doubleToRawLongBits(1), dx, 4, dx,
            4, Double.doubleToRawLongBits(0), dy, 1));
        final byte[] dot = ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, dy, Double.BYTES)).payload();
        assertEquals(1.5 * 1.5 + 4 + 0.0625 + 16, ByteBuffer.wrap(dot).order(ByteOrder.LITTLE_ENDIAN).getDouble());
    }

    @Test
    void reductionsAnswerInTheHandlesPointerMode()
    {
        final TestClient client = EXECUTOR.connected("reductions");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        final float[] x = { 1, -7, 3, 7 };
        final long dx = malloc(client, x.length * Float.BYTES);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(x), 1, 4, Float.BYTES, dx, 1, DEFAULT_STREAM));

        final Reply hostDot = ok(client.call(CUBLAS_SDOT, DEVICE_0, handle, 4, dx, 1, dx, 1, 0));
        assertEquals(1 + 49 + 9 + 49, Float.intBitsToFloat((int)hostDot.value(0)));
        assertEquals(2, ok(client.call(CUBLAS_ISAMAX, DEVICE_0, handle, 4, dx, 1, 0)).value(0));

        ok(client.call(CUBLAS_SET_POINTER_MODE, DEVICE_0, handle, POINTER_MODE_DEVICE));
        final long result = malloc(client, Float.BYTES);
        final long alpha = malloc(client, Float.BYTES);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(new float[]{ 2 }), 1, 1, Float.BYTES, alpha, 1,
            DEFAULT_STREAM));
        final Reply deviceDot = ok(client.call(CUBLAS_SDOT, DEVICE_0, handle, 4, dx, 1, dx, 1, result));
        assertEquals(0, deviceDot.values().length);
        assertArrayEquals(new float[]{ 108 },
            toFloats(ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, result, Float.BYTES)).payload()));
        ok(client.call(CUBLAS_SAXPY, DEVICE_0, handle, 4, alpha, dx, 1, dx, 1));
        assertArrayEquals(new float[]{ 3, -21, 9, 21 }, toFloats(ok(client.call(CUBLAS_GET_MATRIX, DEVICE_0, 1, 4,
            Float.BYTES, dx, 1, DEFAULT_STREAM)).payload()));
    }

    @Test
    void gemmExRunsSinglePrecision()
    {
        final TestClient client = EXECUTOR.connected("gemmEx");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        final int n = 8;
        final float[] a = new float[n * n];
        final float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++)
        {
            a[i] = i % 7 - 3;
            b[i] = i % 5 - 2;
        }
        final long da = malloc(client, (long)n * n * Float.BYTES);
        final long db = malloc(client, (long)n * n * Float.BYTES);
        final long dc = malloc(client, (long)n * n * Float.BYTES);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(a), n, n, Float.BYTES, da, n, DEFAULT_STREAM));
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(b), n, n, Float.BYTES, db, n, DEFAULT_STREAM));
        ok(client.call(CUBLAS_GEMM_EX, DEVICE_0, handle, OP_N, OP_N, n, n, n, bits(1f), da, CUDA_R_32F, n, db,
            CUDA_R_32F, n, bits(0f), dc, CUDA_R_32F, n, COMPUTE_32F, GEMM_DEFAULT));
        final float[] expected = new float[n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                float sum = 0;
                for (int p = 0; p < n; p++)
                {
                    sum += a[i + p * n] * b[p + j * n];
                }
                expected[i + j * n] = sum;
            }
        }
        assertArrayEquals(expected, toFloats(ok(client.call(CUBLAS_GET_MATRIX, DEVICE_0, n, n, Float.BYTES, dc, n,
            DEFAULT_STREAM)).payload()));
    }

    @Test
    void badInputGetsCublasStatusesAndAMessage()
    {
        final TestClient client = EXECUTOR.connected("refusals");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        final long small = malloc(client, 16);

        final Reply outside = client.call(CUBLAS_SGEMM, DEVICE_0, handle, OP_N, OP_N, 4, 4, 4, bits(1f), small, 4,
            small, 4, bits(0f), small, 4);
        assertEquals(CublasStatus.EXECUTION_FAILED, outside.status());
        assertTrue(outside.message().contains("is not inside a live allocation"), outside.message());

        final Reply negative = client.call(CUBLAS_SGEMM, DEVICE_0, handle, OP_N, OP_N, -1, 4, 4, bits(1f), small, 4,
            small, 4, bits(0f), small, 4);
        assertEquals(CublasStatus.INVALID_VALUE, negative.status());

        final Reply tooLarge = client.call(CUBLAS_SGEMM, DEVICE_0, handle, OP_N, OP_N, 1L << 40, 4, 4, bits(1f),
            small, 4, small, 4, bits(0f), small, 4);
        assertEquals(CublasStatus.NOT_SUPPORTED, tooLarge.status(), "a _64 routine's size beyond 32 bits");
        assertTrue(tooLarge.message().contains("does not fit a C int"), tooLarge.message());

        assertEquals(CublasStatus.MAPPING_ERROR, client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, new byte[64], 4,
            4, Float.BYTES, small, 4, DEFAULT_STREAM).status());
        assertEquals(CublasStatus.INVALID_VALUE, client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, new byte[8], 4,
            1, Float.BYTES, small, 4, DEFAULT_STREAM).status());
        assertEquals(CublasStatus.INVALID_VALUE, client.call(CUBLAS_GET_MATRIX, DEVICE_0, 4, 1, Float.BYTES, small,
            2, DEFAULT_STREAM).status());
        assertEquals(CublasStatus.NOT_INITIALIZED, client.call(CUBLAS_SGEMM, DEVICE_0, 12345L, OP_N, OP_N, 1, 1, 1,
            bits(1f), small, 1, small, 1, bits(0f), small, 1).status());
    }

    @Test
    void handleSettingsAndPropertiesOnTheEmulatorAndTheNewFamiliesRefusedByName()
    {
        final TestClient client = EXECUTOR.connected("settings");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        ok(client.call(Function.CUBLAS_SET_ATOMICS_MODE, DEVICE_0, handle, 1));
        assertEquals(1, ok(client.call(Function.CUBLAS_GET_ATOMICS_MODE, DEVICE_0, handle)).value(0));
        assertEquals(CublasStatus.INVALID_VALUE, client.call(Function.CUBLAS_SET_ATOMICS_MODE, DEVICE_0, handle, 2)
            .status());
        ok(client.call(Function.CUBLAS_SET_SM_COUNT_TARGET, DEVICE_0, handle, 4));
        assertEquals(4, ok(client.call(Function.CUBLAS_GET_SM_COUNT_TARGET, DEVICE_0, handle)).value(0));
        assertEquals(13, ok(client.call(Function.CUBLAS_GET_PROPERTY, DEVICE_0, 0)).value(0));
        assertEquals(CublasStatus.INVALID_VALUE, client.call(Function.CUBLAS_GET_PROPERTY, DEVICE_0, 3).status());
        assertTrue(ok(client.call(Function.CUBLAS_GET_CUDART_VERSION, DEVICE_0)).value(0) >= 13_000);

        final long workspace = malloc(client, 4096);
        ok(client.call(Function.CUBLAS_SET_WORKSPACE, DEVICE_0, handle, workspace, 4096));
        ok(client.call(Function.CUBLAS_SET_WORKSPACE, DEVICE_0, handle, 0, 0));
        final Reply outside = client.call(Function.CUBLAS_SET_WORKSPACE, DEVICE_0, handle, workspace, 8192);
        assertEquals(CublasStatus.MAPPING_ERROR, outside.status());
        assertTrue(outside.message().contains("not inside a live allocation"), outside.message());

        final Reply dgmm = client.call(Function.CUBLAS_DGMM, DEVICE_0, handle, 4, 0, 2, 2, workspace, 2, workspace,
            1, workspace, 2);
        assertEquals(CublasStatus.NOT_SUPPORTED, dgmm.status());
        assertTrue(dgmm.message().contains("cublasCdgmm is not supported by the device emulator"), dgmm.message());
        final Reply threeMForZ = client.call(Function.CUBLAS_GEMM_BATCHED_X, DEVICE_0, handle, 5, 1, OP_N, OP_N, 1, 1,
            1, 0, 0, workspace, 1, workspace, 1, 0, 0, workspace, 1, 1);
        assertEquals(CublasStatus.INVALID_VALUE, threeMForZ.status(), "gemm3mBatched is C only");
        assertTrue(threeMForZ.message().contains("does not have"), threeMForZ.message());
    }

    @Test
    void typedRoutinesTheEmulatorLacksAreRefusedByNameAndBadTypesAreInvalid()
    {
        final TestClient client = EXECUTOR.connected("typed");
        final long handle = ok(client.call(CUBLAS_CREATE, DEVICE_0)).value(0);
        final long matrix = malloc(client, 1024);
        final int complexFloat = 4;

        // C (1 x 2) = (2 - i) A (1 x 2) B (2 x 2)^H, complex, through the emulator's complex gemm.
        final float[] a = { 1, 2, 3, -1 };
        final float[] b = { 0.5f, 1, -2, 0, 1, 1, 3, -0.5f };
        final long da = malloc(client, a.length * Float.BYTES);
        final long db = malloc(client, b.length * Float.BYTES);
        final long dc = malloc(client, 4 * Float.BYTES);
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(a), 2, 2, Float.BYTES, da, 2, DEFAULT_STREAM));
        ok(client.callWithPayload(CUBLAS_SET_MATRIX, DEVICE_0, floats(b), 4, 2, Float.BYTES, db, 4, DEFAULT_STREAM));
        ok(client.call(CUBLAS_GEMM_X, DEVICE_0, handle, complexFloat, OP_N, OP_C, 1, 2, 2, bits(2f), bits(-1f), da, 1,
            db, 2, bits(0f), bits(0f), dc, 1));
        final float[] c = toFloats(ok(client.call(CUBLAS_GET_MATRIX, DEVICE_0, 4, 1, Float.BYTES, dc, 4,
            DEFAULT_STREAM)).payload());
        for (int j = 0; j < 2; j++)
        {
            double re = 0;
            double im = 0;
            for (int p = 0; p < 2; p++)
            {
                // A(0, p) conj(B(j, p)); B is 2 x 2 with ld 2.
                final double ar = a[2 * p];
                final double ai = a[2 * p + 1];
                final double br = b[2 * (j + 2 * p)];
                final double bi = -b[2 * (j + 2 * p) + 1];
                re += ar * br - ai * bi;
                im += ar * bi + ai * br;
            }
            assertEquals(2 * re + im, c[2 * j], 1e-5, "real part of C(0, " + j + ")");
            assertEquals(2 * im - re, c[2 * j + 1], 1e-5, "imaginary part of C(0, " + j + ")");
        }

        final Reply cgeru = client.call(CUBLAS_GER_X, DEVICE_0, handle, complexFloat, 0, 2, 2, bits(1f), 0, matrix,
            1, matrix, 1, matrix, 2);
        assertEquals(CublasStatus.NOT_SUPPORTED, cgeru.status());
        assertTrue(cgeru.message().contains("cublasCgeru is not supported by the device emulator"), cgeru.message());

        final Reply zher2k = client.call(CUBLAS_SYR2K, DEVICE_0, handle, 5, 1, 0, OP_N, 2, 2, 0, 0, matrix, 2,
            matrix, 2, 0, 0, matrix, 2);
        assertEquals(CublasStatus.NOT_SUPPORTED, zher2k.status());
        assertTrue(zher2k.message().contains("cublasZher2k"), zher2k.message());

        final Reply realType = client.call(CUBLAS_GEMM_X, DEVICE_0, handle, CUDA_R_32F, OP_N, OP_N, 2, 2, 2,
            bits(1f), 0, matrix, 2, matrix, 2, bits(0f), 0, matrix, 2);
        assertEquals(CublasStatus.INVALID_VALUE, realType.status(), "gemm of type S travels as CUBLAS_SGEMM");
        assertTrue(realType.message().contains("element type 0"), realType.message());

        final Reply hermitianReal = client.call(CUBLAS_SYR2K, DEVICE_0, handle, CUDA_R_32F, 1, 0, OP_N, 2, 2, 0, 0,
            matrix, 2, matrix, 2, 0, 0, matrix, 2);
        assertEquals(CublasStatus.INVALID_VALUE, hermitianReal.status(), "there is no real her2k");

        final Reply badFlag = client.call(CUBLAS_SYR2K, DEVICE_0, handle, 4, 7, 0, OP_N, 2, 2, 0, 0, matrix, 2,
            matrix, 2, 0, 0, matrix, 2);
        assertEquals(CublasStatus.INVALID_VALUE, badFlag.status());
        assertEquals(CublasStatus.NOT_INITIALIZED, client.call(CUBLAS_GEMM_X, DEVICE_0, 999L, complexFloat, OP_N,
            OP_N, 2, 2, 2, 0, 0, matrix, 2, matrix, 2, 0, 0, matrix, 2).status());
    }

    private static long malloc(final TestClient client, final long bytes)
    {
        return ok(client.call(CUDA_MALLOC, DEVICE_0, bytes)).value(0);
    }

    private static long bits(final float value)
    {
        return Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
    }

    private static float[] toFloats(final byte[] bytes)
    {
        final float[] values = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        return values;
    }
}
