package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.BlasSession.Precision;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The gpu backend's cuBLAS (JavaCPP's presets on the host's libcublas) against CPU references: tolerances 1e-4
 * relative in single precision and 1e-12 in double, as the GPU sums in its own order with fused multiply-adds.
 */
@Tag("gpu")
class GpuBlasTest
{
    private static final int OP_N = 0;
    private static final int OP_T = 1;
    private static final int POINTER_MODE_DEVICE = 1;

    private GpuTestSession gpu;
    private BackendContext context;
    private BlasSession blas;
    private BackendBlasHandle handle;

    @BeforeEach
    void openSession()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        context = gpu.context();
        blas = gpu.session.blas();
        handle = blas.create(context, call());
        ok();
    }

    @AfterEach
    void closeSession()
    {
        if (gpu != null)
        {
            gpu.close();
        }
    }

    @Test
    void versionAndModes()
    {
        blas.version(handle, call());
        assertTrue(ok().values()[0] >= 130000, "cuBLAS 13 or later: " + gpu.result.values()[0]);
        blas.setPointerMode(handle, POINTER_MODE_DEVICE, call());
        ok();
        blas.pointerMode(handle, call());
        assertEquals(POINTER_MODE_DEVICE, ok().values()[0]);
        blas.setMathMode(handle, 0, call());
        ok();
        blas.mathMode(handle, call());
        assertEquals(0, ok().values()[0]);
    }

    @Test
    void sgemmTransposedAndDgemmMatchTheCpu()
    {
        final int m = 33;
        final int n = 17;
        final int k = 9;
        final int lda = 12;
        final float[] a = values(lda * m, 1);
        final float[] b = values(k * n, 2);
        final long da = upload(a);
        final long db = upload(b);
        final long dc = gpu.malloc(context, (long)m * n * Float.BYTES);
        blas.gemm(handle, Precision.SINGLE, OP_T, OP_N, m, n, k, bits(2f), da, lda, db, k, bits(0f), dc, m, call());
        ok();
        final float[] c = downloadFloats(dc, m * n);
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += (double)a[p + i * lda] * b[p + j * k];
                }
                assertClose(2 * sum, c[i + j * m], 1e-4);
            }
        }

        final double[] x = { 1.5, -2, 0.25, 4, 3 };
        final long dx = upload(x);
        final long dy = gpu.malloc(context, Double.BYTES);
        blas.gemm(handle, Precision.DOUBLE, OP_T, OP_N, 1, 1, 5, Double.doubleToRawLongBits(1), dx, 5, dx, 5,
            Double.doubleToRawLongBits(0), dy, 1, call());
        ok();
        assertClose(1.5 * 1.5 + 4 + 0.0625 + 16 + 9, downloadDoubles(dy, 1)[0], 1e-12);
    }

    @Test
    void reductionsInBothPointerModes()
    {
        final float[] x = { 1, -7, 3, 7 };
        final long dx = upload(x);
        blas.dot(handle, Precision.SINGLE, 4, dx, 1, dx, 1, 0, call());
        assertEquals(108f, Float.intBitsToFloat((int)ok().values()[0]));
        blas.iamax(handle, Precision.SINGLE, false, 4, dx, 1, 0, call());
        assertEquals(2, ok().values()[0]);
        blas.iamax(handle, Precision.SINGLE, true, 4, dx, 1, 0, call());
        assertEquals(1, ok().values()[0]);

        blas.setPointerMode(handle, POINTER_MODE_DEVICE, call());
        ok();
        final long result = gpu.malloc(context, Float.BYTES);
        blas.nrm2(handle, Precision.SINGLE, 4, dx, 1, result, call());
        assertEquals(0, ok().valueCount());
        assertClose(Math.sqrt(108), downloadFloats(result, 1)[0], 1e-6);
        final long alpha = upload(new float[]{ 2 });
        blas.axpy(handle, Precision.SINGLE, 4, alpha, dx, 1, dx, 1, call());
        ok();
        final float[] scaled = downloadFloats(dx, 4);
        assertEquals(3f, scaled[0]);
        assertEquals(-21f, scaled[1]);
    }

    @Test
    void batchedInversionWithPointerArraysInDeviceMemory()
    {
        final int n = 4;
        final double[] matrix = { 4, 1, 0, 2, 1, 5, 1, 0, 0, 1, 6, 1, 2, 0, 1, 7 };
        final long da = upload(matrix);
        final long dc = gpu.malloc(context, (long)n * n * Double.BYTES);
        final long aArray = uploadLongs(da);
        final long cArray = uploadLongs(dc);
        final long pivots = gpu.malloc(context, n * Integer.BYTES);
        final long info = gpu.malloc(context, Integer.BYTES);
        blas.getrfBatched(handle, Precision.DOUBLE, n, aArray, n, pivots, info, 1, call());
        ok();
        blas.getriBatched(handle, Precision.DOUBLE, n, aArray, n, pivots, cArray, n, info, 1, call());
        ok();
        final double[] inverse = downloadDoubles(dc, n * n);
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                double sum = 0;
                for (int p = 0; p < n; p++)
                {
                    sum += matrix[i + p * n] * inverse[p + j * n];
                }
                assertClose(i == j ? 1 : 0, sum, 1e-12);
            }
        }

        final long original = upload(matrix);
        final long dd = gpu.malloc(context, (long)n * n * Double.BYTES);
        blas.gemmBatched(handle, Precision.DOUBLE, OP_N, OP_N, n, n, n, Double.doubleToRawLongBits(1), cArray, n,
            uploadLongs(original), n, Double.doubleToRawLongBits(0), uploadLongs(dd), n, 1, call());
        ok();
        final double[] identity = downloadDoubles(dd, n * n);
        for (int i = 0; i < n * n; i++)
        {
            assertClose(i % (n + 1) == 0 ? 1 : 0, identity[i], 1e-12);
        }
    }

    @Test
    void operandsOutsideTheSessionsMemoryNeverReachTheGpu()
    {
        final long small = gpu.malloc(context, 16);
        blas.gemm(handle, Precision.SINGLE, OP_N, OP_N, 4, 4, 4, bits(1f), small, 4, small, 4, bits(0f), small, 4,
            call());
        assertTrue(gpu.result.failed());
        assertEquals(CublasStatus.EXECUTION_FAILED, gpu.result.status());
        assertTrue(gpu.result.message().contains("not inside a live allocation"), gpu.result.message());

        final long pointerArray = uploadLongs(small + (1L << 30));
        blas.gemmBatched(handle, Precision.SINGLE, OP_N, OP_N, 1, 1, 1, bits(1f), pointerArray, 1, pointerArray, 1,
            bits(0f), pointerArray, 1, 1, call());
        assertEquals(CublasStatus.EXECUTION_FAILED, gpu.result.status(), gpu.result.message());

        blas.dot(handle, Precision.SINGLE, 4, small, 1, small, 1, 0, call());
        assertFalse(gpu.result.failed(), "the handle and context still work: " + gpu.result.message());
        blas.destroy(handle);
    }

    private CallResult call()
    {
        gpu.result.reset(Api.CUBLAS);
        return gpu.result;
    }

    private CallResult ok()
    {
        assertFalse(gpu.result.failed(), gpu.result::message);
        return gpu.result;
    }

    private long upload(final float[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return upload(bytes.array(), Float.BYTES);
    }

    private long upload(final double[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asDoubleBuffer().put(values);
        return upload(bytes.array(), Double.BYTES);
    }

    private long uploadLongs(final long... values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(values.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asLongBuffer().put(values);
        return upload(bytes.array(), Long.BYTES);
    }

    private long upload(final byte[] bytes, final int elementSize)
    {
        final long device = gpu.malloc(context, bytes.length);
        blas.setMatrix(context, null, 1, bytes.length / elementSize, elementSize, new UnsafeBuffer(bytes), device, 1,
            call());
        ok();
        return device;
    }

    private float[] downloadFloats(final long device, final int count)
    {
        blas.getMatrix(context, null, count, 1, Float.BYTES, device, count, call());
        final float[] values = new float[count];
        ByteBuffer.wrap(((ByteArrayPayload)ok().payload()).bytes()).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer()
            .get(values);
        return values;
    }

    private double[] downloadDoubles(final long device, final int count)
    {
        blas.getMatrix(context, null, count, 1, Double.BYTES, device, count, call());
        final double[] values = new double[count];
        ByteBuffer.wrap(((ByteArrayPayload)ok().payload()).bytes()).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer()
            .get(values);
        return values;
    }

    private static float[] values(final int count, final int seed)
    {
        final java.util.Random random = new java.util.Random(seed);
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextInt(2001) / 1000f - 1;
        }
        return values;
    }

    private static long bits(final float value)
    {
        return Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
    }

    private static void assertClose(final double expected, final double actual, final double tolerance)
    {
        assertTrue(Math.abs(actual - expected) <= tolerance * (1 + Math.abs(expected)),
            actual + " instead of " + expected);
    }
}
