package io.gpurelay.emulator.blas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The complex routines against loops written here: interleaved real and imaginary parts, increments and leading
 * dimensions in complex elements, host and device scalars.
 */
class ComplexTest
{
    private final DeviceFixture device = new DeviceFixture();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void zaxpyWithANegativeIncrementAndZdotuAndZdotc()
    {
        final double[] x = { 1, 2, 3, -4, -5, 0.5 };
        final double[] y = { 2, 1, 9, 9, -1, 1, 9, 9, 0, 2 };
        final long dx = device.store(ElementType.DOUBLE, x);
        final long dy = device.store(ElementType.DOUBLE, y);
        // y(i) += (0.5 - 2i) x(i), x walked from its highest element (incx -1), y with increment 2.
        assertEquals(CublasStatus.SUCCESS, Cublas.complexAxpy(device.handle, true, "cublasZaxpy", 3,
            Scalar.host(0.5), Scalar.host(-2), dx, -1, dy, 2));
        final double[] after = device.load(ElementType.DOUBLE, dy, 10);
        final double[] expected = y.clone();
        for (int i = 0; i < 3; i++)
        {
            final int xi = 2 * (2 - i);
            final int yi = 4 * i;
            expected[yi] += 0.5 * x[xi] + 2 * x[xi + 1];
            expected[yi + 1] += 0.5 * x[xi + 1] - 2 * x[xi];
        }
        for (int i = 0; i < expected.length; i++)
        {
            assertEquals(expected[i], after[i], 1e-12, "element " + i + " (the 9s between y's elements stay)");
        }

        final ScalarResult re = ScalarResult.toHost();
        final ScalarResult im = ScalarResult.toHost();
        assertEquals(CublasStatus.SUCCESS, Cublas.complexDot(device.handle, true, "cublasZdotc", true, 3, dx, 1, dx,
            1, re, im));
        assertEquals(1 + 4 + 9 + 16 + 25 + 0.25, re.value(), 1e-12, "conj(x) x is |x|^2");
        assertEquals(0, im.value(), 1e-12);
        assertEquals(CublasStatus.SUCCESS, Cublas.complexDot(device.handle, true, "cublasZdotu", false, 1, dx, 1, dx,
            1, re, im));
        assertEquals(1 - 4, re.value(), 1e-12, "(1 + 2i)^2");
        assertEquals(4, im.value(), 1e-12);
    }

    @Test
    void cscalWithScalarsInDeviceMemoryAndCsscal()
    {
        final long dx = device.store(ElementType.SINGLE, new double[]{ 1, 2, -3, 0.5 });
        final long alpha = device.store(ElementType.SINGLE, new double[]{ 0, 1 });
        assertEquals(CublasStatus.SUCCESS, device.handle.setPointerMode(CublasPointerMode.DEVICE));
        assertEquals(CublasStatus.SUCCESS, Cublas.complexScal(device.handle, false, "cublasCscal", 2,
            Scalar.device(alpha), Scalar.device(alpha + Float.BYTES), dx, 1));
        final double[] times = device.load(ElementType.SINGLE, dx, 4);
        assertEquals(-2, times[0], "i (1 + 2i) = -2 + i");
        assertEquals(1, times[1]);
        assertEquals(-0.5, times[2]);
        assertEquals(-3, times[3]);

        assertEquals(CublasStatus.SUCCESS, device.handle.setPointerMode(CublasPointerMode.HOST));
        assertEquals(CublasStatus.SUCCESS, Cublas.complexScal(device.handle, false, "cublasCsscal", 2,
            Scalar.host(2), null, dx, 1));
        final double[] doubled = device.load(ElementType.SINGLE, dx, 4);
        assertEquals(-4, doubled[0]);
        assertEquals(-6, doubled[3]);
    }

    @Test
    void zgemmTransposedAndConjugatedWithBeta()
    {
        // C (2 x 1) = (1 + i) A^T B^H + i C, A 1 x 2, B 1 x 1 (ld 1).
        final double[] a = { 1, 1, 2, -1 };
        final double[] b = { 3, 2 };
        final double[] c = { 1, 0, 0, 1 };
        final long da = device.store(ElementType.DOUBLE, a);
        final long db = device.store(ElementType.DOUBLE, b);
        final long dc = device.store(ElementType.DOUBLE, c);
        assertEquals(CublasStatus.SUCCESS, Cublas.complexGemm(device.handle, true, "cublasZgemm", CublasOperation.T,
            CublasOperation.C, 2, 1, 1, Scalar.host(1), Scalar.host(1), da, 1, db, 1, Scalar.host(0), Scalar.host(1),
            dc, 2));
        final double[] result = device.load(ElementType.DOUBLE, dc, 4);
        for (int i = 0; i < 2; i++)
        {
            // a(i) conj(b) = (ar + ai i)(3 - 2i)
            final double pr = a[2 * i] * 3 + a[2 * i + 1] * 2;
            final double pi = a[2 * i + 1] * 3 - a[2 * i] * 2;
            // (1 + i)(pr + pi i) + i (cr + ci i)
            final double re = pr - pi - c[2 * i + 1];
            final double im = pr + pi + c[2 * i];
            assertEquals(re, result[2 * i], 1e-12);
            assertEquals(im, result[2 * i + 1], 1e-12);
        }

        assertEquals(CublasStatus.INVALID_VALUE, Cublas.complexGemm(device.handle, true, "cublasZgemm",
            CublasOperation.N, CublasOperation.N, 2, 1, 1, Scalar.host(1), Scalar.host(0), da, 1, db, 1,
            Scalar.host(0), Scalar.host(0), dc, 2), "lda 1 < m 2");
        assertEquals(CublasStatus.EXECUTION_FAILED, Cublas.complexGemm(device.handle, true, "cublasZgemm",
            CublasOperation.N, CublasOperation.N, 2, 1, 1, Scalar.host(1), Scalar.host(0), da, 2, db, 1,
            Scalar.host(0), Scalar.host(0), dc + 1024, 2), "C outside the allocation");
        assertTrue(device.handle.lastErrorMessage().contains("cublasZgemm: C"), device.handle.lastErrorMessage());
    }
}
