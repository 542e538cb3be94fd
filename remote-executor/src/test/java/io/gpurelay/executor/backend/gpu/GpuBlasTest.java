package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.BlasCall;
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
        run("cublasSgemm_v2", OP_T, OP_N, m, n, k, bits(2f), da, lda, db, k, bits(0f), dc, m);
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
        run("cublasDgemm_v2", OP_T, OP_N, 1, 1, 5, Double.doubleToRawLongBits(1), dx, 5, dx, 5,
            Double.doubleToRawLongBits(0), dy, 1);
        ok();
        assertClose(1.5 * 1.5 + 4 + 0.0625 + 16 + 9, downloadDoubles(dy, 1)[0], 1e-12);
    }

    @Test
    void reductionsInBothPointerModes()
    {
        final float[] x = { 1, -7, 3, 7 };
        final long dx = upload(x);
        run("cublasSdot_v2", 4, dx, 1, dx, 1, 0);
        assertEquals(108f, Float.intBitsToFloat((int)ok().values()[0]));
        run("cublasIsamax_v2", 4, dx, 1, 0);
        assertEquals(2, ok().values()[0]);
        run("cublasIsamin_v2", 4, dx, 1, 0);
        assertEquals(1, ok().values()[0]);

        blas.setPointerMode(handle, POINTER_MODE_DEVICE, call());
        ok();
        final long result = gpu.malloc(context, Float.BYTES);
        run("cublasSnrm2_v2", 4, dx, 1, result);
        assertEquals(0, ok().valueCount());
        assertClose(Math.sqrt(108), downloadFloats(result, 1)[0], 1e-6);
        final long alpha = upload(new float[]{ 2 });
        run("cublasSaxpy_v2", 4, alpha, dx, 1, dx, 1);
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
        run("cublasDgetrfBatched", n, aArray, n, pivots, info, 1);
        ok();
        run("cublasDgetriBatched", n, aArray, n, pivots, cArray, n, info, 1);
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
        run("cublasDgemmBatched", OP_N, OP_N, n, n, n, Double.doubleToRawLongBits(1), cArray, n,
            uploadLongs(original), n, Double.doubleToRawLongBits(0), uploadLongs(dd), n, 1);
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
        run("cublasSgemm_v2", OP_N, OP_N, 4, 4, 4, bits(1f), small, 4, small, 4, bits(0f), small, 4);
        assertTrue(gpu.result.failed());
        assertEquals(CublasStatus.EXECUTION_FAILED, gpu.result.status());
        assertTrue(gpu.result.message().contains("not inside a live allocation"), gpu.result.message());

        final long pointerArray = uploadLongs(small + (1L << 30));
        run("cublasSgemmBatched", OP_N, OP_N, 1, 1, 1, bits(1f), pointerArray, 1, pointerArray, 1, bits(0f),
            pointerArray, 1, 1);
        assertEquals(CublasStatus.EXECUTION_FAILED, gpu.result.status(), gpu.result.message());

        run("cublasSdot_v2", 4, small, 1, small, 1, 0);
        assertFalse(gpu.result.failed(), "the handle and context still work: " + gpu.result.message());
        blas.destroy(handle);
    }

    @Test
    void complexRoutinesMatchTheCpu()
    {
        // C (2 x 2) = (1 + i) A (2 x 3) B (3 x 2), interleaved real and imaginary parts.
        final float[] a = { 1, 2, -1, 0, 3, 1, 0.5f, -2, 2, 2, -1, 1 };
        final float[] b = { 2, -1, 1, 1, 0, 3, -2, 0.5f, 1, -1, 4, 2 };
        final long da = upload(a);
        final long db = upload(b);
        final long dc = upload(new float[8]);
        run("cublasCgemm_v2", OP_N, OP_N, 2, 2, 3, floatBits(1), floatBits(1), da, 2, db, 3, floatBits(0), floatBits(0),
            dc, 2);
        ok();
        final float[] c = downloadFloats(dc, 8);
        for (int j = 0; j < 2; j++)
        {
            for (int i = 0; i < 2; i++)
            {
                double re = 0;
                double im = 0;
                for (int p = 0; p < 3; p++)
                {
                    final int ai = 2 * (i + p * 2);
                    final int bi = 2 * (p + j * 3);
                    re += a[ai] * b[bi] - a[ai + 1] * b[bi + 1];
                    im += a[ai] * b[bi + 1] + a[ai + 1] * b[bi];
                }
                // times (1 + i)
                assertClose(re - im, c[2 * (i + j * 2)], 1e-5);
                assertClose(re + im, c[2 * (i + j * 2) + 1], 1e-5);
            }
        }

        final double[] x = { 1, 2, 3, -4, -5, 0.5 };
        final double[] y = { 2, 1, -1, 1, 0, 2 };
        final long dx = upload(x);
        final long dy = upload(y);
        run("cublasZdotc_v2", 3, dx, 1, dy, 1, 0);
        final long[] dot = ok().values();
        double re = 0;
        double im = 0;
        for (int i = 0; i < 3; i++)
        {
            re += x[2 * i] * y[2 * i] + x[2 * i + 1] * y[2 * i + 1];
            im += x[2 * i] * y[2 * i + 1] - x[2 * i + 1] * y[2 * i];
        }
        assertClose(re, Double.longBitsToDouble(dot[0]), 1e-12);
        assertClose(im, Double.longBitsToDouble(dot[1]), 1e-12);

        run("cublasIzamax_v2", 3, dx, 1, 0);
        assertEquals(2, ok().values()[0], "|3| + |-4| is the largest");
        run("cublasDznrm2_v2", 3, dx, 1, 0);
        assertClose(Math.sqrt(1 + 4 + 9 + 16 + 25 + 0.25), Double.longBitsToDouble(ok().values()[0]), 1e-12);
        run("cublasZaxpy_v2", 3, Double.doubleToRawLongBits(0), Double.doubleToRawLongBits(1), dx, 1, dy, 1);
        ok();
        final double[] axpy = downloadDoubles(dy, 6);
        for (int i = 0; i < 3; i++)
        {
            // y += i x
            assertClose(y[2 * i] - x[2 * i + 1], axpy[2 * i], 1e-12);
            assertClose(y[2 * i + 1] + x[2 * i], axpy[2 * i + 1], 1e-12);
        }
    }

    @Test
    void bandedPackedAndRankUpdateRoutinesMatchTheCpu()
    {
        // A 4 x 4 tridiagonal matrix in band storage (kl = ku = 1, lda 3): row 0 the superdiagonal, 1 the diagonal,
        // 2 the subdiagonal.
        final int n = 4;
        final double[] full = new double[n * n];
        final double[] band = new double[3 * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = Math.max(0, j - 1); i <= Math.min(n - 1, j + 1); i++)
            {
                final double value = 1 + i + 10 * j;
                full[i + j * n] = value;
                band[1 + i - j + j * 3] = value;
            }
        }
        final double[] x = { 1, -2, 0.5, 3 };
        final long dband = upload(band);
        final long dx = upload(x);
        final long dy = upload(new double[n]);
        run("cublasDgbmv_v2", OP_N, n, n, 1, 1, Double.doubleToRawLongBits(1), 0, dband, 3, dx, 1,
            Double.doubleToRawLongBits(0), 0, dy, 1);
        ok();
        final double[] gbmv = downloadDoubles(dy, n);
        for (int i = 0; i < n; i++)
        {
            double sum = 0;
            for (int j = 0; j < n; j++)
            {
                sum += full[i + j * n] * x[j];
            }
            assertClose(sum, gbmv[i], 1e-12);
        }

        // Upper triangle packed by columns: x := U x.
        final double[] packed = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
        final long dpacked = upload(packed);
        run("cublasDtpmv_v2", 1, OP_N, 0, n, dpacked, dx, 1);
        ok();
        final double[] tpmv = downloadDoubles(dx, n);
        int start = 0;
        final double[] expected = new double[n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i <= j; i++)
            {
                expected[i] += packed[start + i] * x[j];
            }
            start += j + 1;
        }
        for (int i = 0; i < n; i++)
        {
            assertClose(expected[i], tpmv[i], 1e-12);
        }

        // A := 2 x x^T + A on the upper triangle.
        final long dsym = upload(new double[n * n]);
        final long dv = upload(x);
        run("cublasDsyr_v2", 1, n, Double.doubleToRawLongBits(2), 0, dv, 1, dsym, n);
        ok();
        final double[] syr = downloadDoubles(dsym, n * n);
        assertClose(2 * x[1] * x[3], syr[1 + 3 * n], 1e-12);
        assertClose(0, syr[3 + 1 * n], 1e-12);

        // rotm with flag -1 and H = [[1, 2], [3, 4]] (h11, h21, h12, h22 = 1, 3, 2, 4).
        final long dr = upload(new double[]{ 1, 1 });
        final long ds = upload(new double[]{ 2, -1 });
        run("cublasDrotm_v2", 2, dr, 1, ds, 1, Double.doubleToRawLongBits(-1), Double.doubleToRawLongBits(1),
            Double.doubleToRawLongBits(3), Double.doubleToRawLongBits(2), Double.doubleToRawLongBits(4));
        ok();
        final double[] rx = downloadDoubles(dr, 2);
        final double[] ry = downloadDoubles(ds, 2);
        assertClose(1 + 2 * 2, rx[0], 1e-12);
        assertClose(3 + 4 * 2, ry[0], 1e-12);
        assertClose(1 - 2, rx[1], 1e-12);
        assertClose(3 - 4, ry[1], 1e-12);
    }

    @Test
    void typedOperandsOutsideTheSessionsMemoryNeverReachTheGpu()
    {
        final long small = gpu.malloc(context, 16);
        run("cublasZtpsv_v2", 0, OP_N, 0, 8, small, small, 1);
        assertEquals(CublasStatus.EXECUTION_FAILED, gpu.result.status(), gpu.result.message());
        assertTrue(gpu.result.message().contains("cublasZtpsv: AP"), gpu.result.message());
        run("cublasSgbmv_v2", OP_N, 4, 4, -1, 1, 0, 0, small, 3, small, 1, 0, 0, small, 1);
        assertEquals(CublasStatus.INVALID_VALUE, gpu.result.status(), gpu.result.message());
        blas.version(handle, call());
        assertFalse(gpu.result.failed(), "the handle still works: " + gpu.result.message());
    }

    /**
     * Runs a described routine with its C arguments' slots after the handle (a typed routine's scalars two each).
     */
    private void run(final String routine, final long... slots)
    {
        blas.run(handle, BlasCall.of(routine, slots), call());
    }

    private static long floatBits(final float value)
    {
        return Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
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
