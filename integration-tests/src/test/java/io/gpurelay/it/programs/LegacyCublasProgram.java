package io.gpurelay.it.programs;

import static jcuda.jcublas.JCublas.*;

import java.util.Arrays;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.cuComplex;
import jcuda.jcublas.JCublas;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary program of the legacy JCublas API (cuBLAS v1): cublasInit, cublasAlloc, vector and matrix transfers
 * with strides (synchronous and on a stream set with cublasSetKernelStream), level 1, 2 and 3 routines in single and
 * double precision against a CPU reference written here, rotg on host scalars, cublasGetError after a bad call and
 * after a success, complex routines (caxpy, cdotc, csscal, cgemm), JCublas's exceptions mode, cublasShutdown, and a
 * routine after it.
 * <p>
 * With the argument {@code gpu} cgeru must compute too; without it, as on the device emulator, which lacks it, cgeru
 * must leave CUBLAS_STATUS_NOT_SUPPORTED for cublasGetError. Tolerances: |result - reference| <= tol (1 +
 * |reference|), tol = 1e-4 in single and 1e-10 in double precision.
 */
public final class LegacyCublasProgram
{
    private final Checks checks = new Checks();
    private final Random random = new Random(7);
    private final boolean onGpu;

    private LegacyCublasProgram(final boolean onGpu)
    {
        this.onGpu = onGpu;
    }

    public static void main(final String[] args)
    {
        new LegacyCublasProgram(Arrays.asList(args).contains("gpu")).run();
    }

    private void run()
    {
        checks.equal("cublasInit", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasInit());
        checks.equal("cublasGetError after init", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasGetError());
        transfers();
        level1();
        level2();
        level3();
        errors();
        complexRoutines();
        exceptions();
        checks.equal("cublasShutdown", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasShutdown());
        final Pointer x = new Pointer();
        cublasSscal(1, 2f, x, 1);
        checks.equal("a routine after cublasShutdown is CUBLAS_STATUS_NOT_INITIALIZED",
            cublasStatus.CUBLAS_STATUS_NOT_INITIALIZED, cublasGetError());
        checks.finish();
    }

    private void transfers()
    {
        final Pointer device = new Pointer();
        checks.equal("cublasAlloc", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasAlloc(8, Sizeof.FLOAT, device));
        final float[] host = { 1, 2, 3, 4, 5, 6, 7, 8 };
        checks.equal("cublasSetVector incx 2", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasSetVector(4, Sizeof.FLOAT, Pointer.to(host), 2, device, 1));
        final float[] back = new float[8];
        cublasGetVector(4, Sizeof.FLOAT, device, 1, Pointer.to(back), 2);
        checks.check("cublasGetVector incy 2", Arrays.equals(back, new float[]{ 1, 0, 3, 0, 5, 0, 7, 0 }),
            Arrays.toString(back));

        // JCublas 12.6's cublasSetMatrix(int, int, int, Pointer, ...) hands its native the element size and the
        // column count swapped; with 4 columns of floats the two are equal. A 3 x 4 matrix with lda 5 on the host
        // and 3 on the device, read back with ld 4.
        final Pointer matrix = new Pointer();
        cublasAlloc(12, Sizeof.DOUBLE, matrix);
        final float[] source = new float[20];
        for (int i = 0; i < source.length; i++)
        {
            source[i] = i % 5 < 3 ? i : -1;
        }
        checks.equal("cublasSetMatrix", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasSetMatrix(3, 4, Sizeof.FLOAT, Pointer.to(source), 5, matrix, 3));
        final float[] wide = new float[16];
        checks.equal("cublasGetMatrix", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasGetMatrix(3, 4, Sizeof.FLOAT, matrix, 3, Pointer.to(wide), 4));
        checks.check("cublasSetMatrix lda 5 / cublasGetMatrix ldb 4", Arrays.equals(wide,
            new float[]{ 0, 1, 2, 0, 5, 6, 7, 0, 10, 11, 12, 0, 15, 16, 17, 0 }), Arrays.toString(wide));

        // The cuComplex[] forms: a 2 x 2 complex matrix.
        final cuComplex[] complexMatrix = { cuComplex.cuCmplx(1, 2), cuComplex.cuCmplx(3, 4),
            cuComplex.cuCmplx(5, 6), cuComplex.cuCmplx(7, 8) };
        cublasSetMatrix(2, 2, complexMatrix, 0, 2, matrix, 2);
        final cuComplex[] complexBack = new cuComplex[4];
        for (int i = 0; i < complexBack.length; i++)
        {
            complexBack[i] = cuComplex.cuCmplx(0, 0);
        }
        cublasGetMatrix(2, 2, matrix, 2, complexBack, 0, 2);
        checks.check("cublasSetMatrix/GetMatrix of cuComplex[]", complexBack[3].x == 7 && complexBack[3].y == 8 &&
            complexBack[1].x == 3 && complexBack[1].y == 4, Arrays.toString(complexBack));

        final cudaStream_t stream = new cudaStream_t();
        JCuda.cudaStreamCreate(stream);
        checks.equal("cublasSetKernelStream", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasSetKernelStream(stream));
        cublasSetMatrixAsync(3, 2, Sizeof.DOUBLE, Pointer.to(new double[]{ 6, 5, 4, 3, 2, 1 }), 3, matrix, 3,
            stream);
        cublasDscal(6, 2.0, matrix, 1);
        final double[] asyncBack = new double[6];
        cublasGetMatrixAsync(3, 2, Sizeof.DOUBLE, matrix, 3, Pointer.to(asyncBack), 3, stream);
        JCuda.cudaStreamSynchronize(stream);
        checks.check("set, scal on the kernel stream, get", Arrays.equals(asyncBack,
            new double[]{ 12, 10, 8, 6, 4, 2 }), Arrays.toString(asyncBack));
        final float[] vectorBack = new float[2];
        cublasSetVectorAsync(2, Sizeof.FLOAT, Pointer.to(new float[]{ 7, 8 }), 1, device, 1, stream);
        cublasGetVectorAsync(2, Sizeof.FLOAT, device, 1, Pointer.to(vectorBack), 1, stream);
        JCuda.cudaStreamSynchronize(stream);
        checks.check("cublasSetVectorAsync/GetVectorAsync", vectorBack[0] == 7 && vectorBack[1] == 8,
            Arrays.toString(vectorBack));
        cublasSetKernelStream(null);
        JCuda.cudaStreamDestroy(stream);
        checks.equal("cublasSetVector with incx 0 returns CUBLAS_STATUS_INVALID_VALUE",
            cublasStatus.CUBLAS_STATUS_INVALID_VALUE, cublasSetVector(4, Sizeof.FLOAT, Pointer.to(host), 0, device, 1));
        checks.equal("helpers record nothing for cublasGetError", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasGetError());
        checks.equal("cublasFree", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasFree(device));
        cublasFree(matrix);
    }

    private void level1()
    {
        final int n = 37;
        final float[] x = floats(2 * n);
        final float[] y = floats(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);

        final float alpha = 0.75f;
        final double[] axpy = new double[n];
        for (int i = 0; i < n; i++)
        {
            axpy[i] = y[i] + (double)alpha * x[2 * i];
        }
        cublasSaxpy(n, alpha, dx, 2, dy, 1);
        close("saxpy incx 2", axpy, downloadFloats(dy, n), 1e-4);

        final double[] yNow = downloadFloats(dy, n);
        double dot = 0;
        double squares = 0;
        double abs = 0;
        int largest = 0;
        for (int i = 0; i < n; i++)
        {
            dot += (double)x[i] * yNow[i];
            squares += (double)x[i] * x[i];
            abs += Math.abs(x[i]);
            largest = Math.abs(x[i]) > Math.abs(x[largest]) ? i : largest;
        }
        close("sdot", new double[]{ dot }, new double[]{ cublasSdot(n, dx, 1, dy, 1) }, 1e-4);
        close("snrm2", new double[]{ Math.sqrt(squares) }, new double[]{ cublasSnrm2(n, dx, 1) }, 1e-4);
        close("sasum", new double[]{ abs }, new double[]{ cublasSasum(n, dx, 1) }, 1e-4);
        checks.equal("isamax is 1-based", largest + 1, cublasIsamax(n, dx, 1));

        final double[] dxValues = doubles(n);
        final Pointer ddx = upload(dxValues);
        final Pointer ddy = upload(new double[n]);
        cublasDcopy(n, ddx, 1, ddy, 1);
        cublasDrot(n, ddx, 1, ddy, 1, 0.6, 0.8);
        final double[] rx = new double[n];
        final double[] ry = new double[n];
        for (int i = 0; i < n; i++)
        {
            rx[i] = 0.6 * dxValues[i] + 0.8 * dxValues[i];
            ry[i] = 0.6 * dxValues[i] - 0.8 * dxValues[i];
        }
        close("dcopy then drot (x)", rx, downloadDoubles(ddx, n), 1e-10);
        close("dcopy then drot (y)", ry, downloadDoubles(ddy, n), 1e-10);
        cublasDswap(n, ddx, 1, ddy, 1);
        close("dswap", ry, downloadDoubles(ddx, n), 1e-10);

        final float[] a = { 3 };
        final float[] b = { 4 };
        final float[] c = { 0 };
        final float[] s = { 0 };
        cublasSrotg(Pointer.to(a), Pointer.to(b), Pointer.to(c), Pointer.to(s));
        close("srotg r, c, s", new double[]{ 5, 0.6, 0.8 }, new double[]{ a[0], c[0], s[0] }, 1e-6);
        for (final Pointer pointer : new Pointer[]{ dx, dy, ddx, ddy })
        {
            cublasFree(pointer);
        }
        checks.equal("cublasGetError after level 1", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasGetError());
    }

    private void level2()
    {
        final int m = 13;
        final int n = 9;
        final int lda = 15;
        final float[] a = floats(lda * n);
        final float[] x = floats(m);
        final float[] y = floats(n);
        final Pointer da = upload(a);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        // y = 1.5 A^T x - 0.5 y.
        final double[] gemv = new double[n];
        for (int j = 0; j < n; j++)
        {
            double sum = 0;
            for (int i = 0; i < m; i++)
            {
                sum += (double)a[i + j * lda] * x[i];
            }
            gemv[j] = 1.5 * sum - 0.5 * y[j];
        }
        cublasSgemv('T', m, n, 1.5f, da, lda, dx, 1, -0.5f, dy, 1);
        close("sgemv T", gemv, downloadFloats(dy, n), 1e-4);

        // A = 2 x y^T + A.
        final double[] yNow = downloadFloats(dy, n);
        final double[] ger = new double[lda * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < lda; i++)
            {
                ger[i + j * lda] = a[i + j * lda] + (i < m ? 2.0 * x[i] * yNow[j] : 0);
            }
        }
        cublasSger(m, n, 2f, dx, 1, dy, 1, da, lda);
        close("sger", ger, downloadFloats(da, lda * n), 1e-4);
        for (final Pointer pointer : new Pointer[]{ da, dx, dy })
        {
            cublasFree(pointer);
        }
    }

    private void level3()
    {
        final int m = 11;
        final int n = 7;
        final int k = 5;
        final float[] a = floats(m * k);
        final float[] b = floats(n * k);
        final float[] c = floats(m * n);
        final Pointer da = upload(a);
        final Pointer db = upload(b);
        final Pointer dc = upload(c);
        // C = 0.5 A B^T + 2 C, A m x k, B n x k.
        final double[] sgemm = new double[m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += (double)a[i + p * m] * b[j + p * n];
                }
                sgemm[i + j * m] = 0.5 * sum + 2.0 * c[i + j * m];
            }
        }
        cublasSgemm('N', 't', m, n, k, 0.5f, da, m, db, n, 2f, dc, m);
        close("sgemm NT", sgemm, downloadFloats(dc, m * n), 1e-4);

        final double[] ad = doubles(k * m);
        final double[] bd = doubles(k * n);
        final Pointer dad = upload(ad);
        final Pointer dbd = upload(bd);
        final Pointer dcd = upload(new double[m * n]);
        // C = A^T B, A k x m, B k x n.
        final double[] dgemm = new double[m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += ad[p + i * k] * bd[p + j * k];
                }
                dgemm[i + j * m] = sum;
            }
        }
        cublasDgemm('T', 'N', m, n, k, 1.0, dad, k, dbd, k, 0.0, dcd, m);
        close("dgemm TN", dgemm, downloadDoubles(dcd, m * n), 1e-10);

        // B = 3 tril(A) B in place, A m x m lower with a unit diagonal.
        final double[] tri = doubles(m * m);
        final double[] right = doubles(m * n);
        final Pointer dtri = upload(tri);
        final Pointer dright = upload(right);
        final double[] trmm = new double[m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = right[i + j * m];
                for (int p = 0; p < i; p++)
                {
                    sum += tri[i + p * m] * right[p + j * m];
                }
                trmm[i + j * m] = 3 * sum;
            }
        }
        cublasDtrmm('L', 'L', 'N', 'U', m, n, 3.0, dtri, m, dright, m);
        close("dtrmm in place", trmm, downloadDoubles(dright, m * n), 1e-10);
        cublasDtrsm('L', 'L', 'N', 'U', m, n, 1.0 / 3.0, dtri, m, dright, m);
        close("dtrsm undoes dtrmm", right, downloadDoubles(dright, m * n), 1e-9);
        for (final Pointer pointer : new Pointer[]{ da, db, dc, dad, dbd, dcd, dtri, dright })
        {
            cublasFree(pointer);
        }
        checks.equal("cublasGetError after level 3", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasGetError());
    }

    private void errors()
    {
        final Pointer d = new Pointer();
        cublasAlloc(4, Sizeof.FLOAT, d);
        cublasSgemm('N', 'N', -1, 1, 1, 1f, d, 1, d, 1, 0f, d, 1);
        checks.equal("sgemm with m = -1 leaves CUBLAS_STATUS_INVALID_VALUE", cublasStatus.CUBLAS_STATUS_INVALID_VALUE,
            cublasGetError());
        checks.equal("cublasGetError resets to success", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasGetError());
        cublasSgemm('X', 'N', 1, 1, 1, 1f, d, 1, d, 1, 0f, d, 1);
        checks.equal("sgemm with transa 'X' leaves CUBLAS_STATUS_INVALID_VALUE",
            cublasStatus.CUBLAS_STATUS_INVALID_VALUE, cublasGetError());
        checks.equal("cublasAlloc of -1 elements is CUBLAS_STATUS_ALLOC_FAILED", cublasStatus.CUBLAS_STATUS_ALLOC_FAILED,
            cublasAlloc(-1, Sizeof.FLOAT, new Pointer()));
        cublasFree(d);
    }

    private void complexRoutines()
    {
        final int n = 6;
        final float[] x = floats(2 * n);
        final float[] y = floats(2 * n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        final cuComplex alpha = cuComplex.cuCmplx(0.5f, -1.5f);
        cublasCaxpy(n, alpha, dx, 1, dy, 1);
        checks.equal("caxpy", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasGetError());
        final double[] expected = new double[2 * n];
        for (int i = 0; i < n; i++)
        {
            expected[2 * i] = y[2 * i] + (0.5 * x[2 * i] + 1.5 * x[2 * i + 1]);
            expected[2 * i + 1] = y[2 * i + 1] + (0.5 * x[2 * i + 1] - 1.5 * x[2 * i]);
        }
        close("caxpy", expected, downloadFloats(dy, 2 * n), 1e-4);
        final double[] yNow = downloadFloats(dy, 2 * n);
        double re = 0;
        double im = 0;
        for (int i = 0; i < n; i++)
        {
            // conj(x) y
            re += x[2 * i] * yNow[2 * i] + x[2 * i + 1] * yNow[2 * i + 1];
            im += x[2 * i] * yNow[2 * i + 1] - x[2 * i + 1] * yNow[2 * i];
        }
        final cuComplex dotc = cublasCdotc(n, dx, 1, dy, 1);
        close("cdotc", new double[]{ re, im }, new double[]{ dotc.x, dotc.y }, 1e-4);
        cublasCsscal(n, 2f, dx, 1);
        final double[] doubled = new double[2 * n];
        for (int i = 0; i < 2 * n; i++)
        {
            doubled[i] = 2.0 * x[i];
        }
        close("csscal", doubled, downloadFloats(dx, 2 * n), 1e-6);

        // C (2 x 2) = A (2 x 3) B (3 x 2), complex.
        final float[] a = floats(12);
        final float[] b = floats(12);
        final Pointer da = upload(a);
        final Pointer db = upload(b);
        final Pointer dc = upload(new float[8]);
        cublasCgemm('N', 'N', 2, 2, 3, cuComplex.cuCmplx(1, 0), da, 2, db, 3, cuComplex.cuCmplx(0, 0), dc, 2);
        final double[] product = new double[8];
        for (int j = 0; j < 2; j++)
        {
            for (int i = 0; i < 2; i++)
            {
                for (int p = 0; p < 3; p++)
                {
                    final double ar = a[2 * (i + p * 2)];
                    final double ai = a[2 * (i + p * 2) + 1];
                    final double br = b[2 * (p + j * 3)];
                    final double bi = b[2 * (p + j * 3) + 1];
                    product[2 * (i + j * 2)] += ar * br - ai * bi;
                    product[2 * (i + j * 2) + 1] += ar * bi + ai * br;
                }
            }
        }
        close("cgemm", product, downloadFloats(dc, 8), 1e-4);
        checks.equal("cublasGetError after the complex routines", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasGetError());

        // A (2 x 2) += x y^T, complex: a routine the emulator lacks.
        final Pointer dg = upload(new float[8]);
        cublasCgeru(2, 2, cuComplex.cuCmplx(1, 0), dx, 1, dy, 1, dg, 2);
        final int status = cublasGetError();
        if (!onGpu)
        {
            checks.equal("cgeru where the backend lacks it leaves CUBLAS_STATUS_NOT_SUPPORTED",
                cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED, status);
        }
        else
        {
            checks.equal("cgeru", cublasStatus.CUBLAS_STATUS_SUCCESS, status);
            final double[] xs = downloadFloats(dx, 4);
            final double[] ys = downloadFloats(dy, 4);
            final double[] ger = new double[8];
            for (int j = 0; j < 2; j++)
            {
                for (int i = 0; i < 2; i++)
                {
                    ger[2 * (i + 2 * j)] = xs[2 * i] * ys[2 * j] - xs[2 * i + 1] * ys[2 * j + 1];
                    ger[2 * (i + 2 * j) + 1] = xs[2 * i] * ys[2 * j + 1] + xs[2 * i + 1] * ys[2 * j];
                }
            }
            close("cgeru", ger, downloadFloats(dg, 8), 1e-4);
        }
        for (final Pointer pointer : new Pointer[]{ da, db, dc, dg })
        {
            cublasFree(pointer);
        }
        cublasFree(dx);
        cublasFree(dy);
    }

    private void exceptions()
    {
        JCublas.setExceptionsEnabled(true);
        final Pointer d = new Pointer();
        cublasAlloc(1, Sizeof.FLOAT, d);
        boolean thrown = false;
        try
        {
            cublasSgemm('N', 'N', 1, 1, -1, 1f, d, 1, d, 1, 0f, d, 1);
        }
        catch (final CudaException ex)
        {
            thrown = ex.getMessage().contains("CUBLAS_STATUS_INVALID_VALUE");
        }
        checks.check("exceptions mode throws CUBLAS_STATUS_INVALID_VALUE for a bad sgemm", thrown);
        JCublas.setExceptionsEnabled(false);
        cublasFree(d);
    }

    private void close(final String name, final double[] expected, final double[] actual, final double tolerance)
    {
        double worst = 0;
        for (int i = 0; i < expected.length; i++)
        {
            worst = Math.max(worst, Math.abs(expected[i] - actual[i]) / (1 + Math.abs(expected[i])));
        }
        checks.check(name, expected.length == actual.length && worst <= tolerance,
            "largest relative error " + worst + "; expected " + Arrays.toString(expected) + " but was " +
                Arrays.toString(actual));
    }

    private float[] floats(final int count)
    {
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextInt(17) / 4f - 2f;
        }
        return values;
    }

    private double[] doubles(final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextInt(17) / 4.0 - 2.0;
        }
        return values;
    }

    private static Pointer upload(final float[] values)
    {
        final Pointer device = new Pointer();
        cublasAlloc(values.length, Sizeof.FLOAT, device);
        cublasSetVector(values.length, Sizeof.FLOAT, Pointer.to(values), 1, device, 1);
        return device;
    }

    private static Pointer upload(final double[] values)
    {
        final Pointer device = new Pointer();
        cublasAlloc(values.length, Sizeof.DOUBLE, device);
        cublasSetVector(values.length, Sizeof.DOUBLE, Pointer.to(values), 1, device, 1);
        return device;
    }

    private static double[] downloadFloats(final Pointer device, final int count)
    {
        final float[] values = new float[count];
        cublasGetVector(count, Sizeof.FLOAT, device, 1, Pointer.to(values), 1);
        final double[] widened = new double[count];
        for (int i = 0; i < count; i++)
        {
            widened[i] = values[i];
        }
        return widened;
    }

    private static double[] downloadDoubles(final Pointer device, final int count)
    {
        final double[] values = new double[count];
        cublasGetVector(count, Sizeof.DOUBLE, device, 1, Pointer.to(values), 1);
        return values;
    }
}
