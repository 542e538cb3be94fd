package io.gpurelay.it.programs;

import static jcuda.jcublas.JCublas2.*;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasPointerMode;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.JCuda;

/**
 * A JCublas2 program on complex data (and one typed real routine), against a CPU reference written here: caxpy,
 * zdotc, cscal and zgemm in host and device pointer mode everywhere; with the argument {@code gpu} also cgemm,
 * chemv, zher, ctrsm, zrot and cgeru, which only a GPU executor runs; with {@code emulated} cgeru instead answers
 * CUBLAS_STATUS_NOT_SUPPORTED, as the emulator refuses it by name.
 * <p>
 * Complex values are held interleaved (real, imaginary) in double arrays; the single-precision (C) routines see them
 * rounded to float, and the reference computes with the rounded values. Tolerance: |result - reference| <=
 * tol (1 + |reference|) per part, tol = 1e-4 for C and 1e-10 for Z.
 */
public final class Cublas2ComplexProgram
{
    private static final int N = 0;
    private static final int UPPER = 1;
    private static final int LEFT = 0;
    private static final int NON_UNIT = 0;

    private final Checks checks = new Checks();
    private final Random random = new Random(7);
    private final cublasHandle handle = new cublasHandle();
    private final List<Pointer> allocations = new ArrayList<>();
    private final boolean gpu;
    /** Z (double complex) in this pass, else C. */
    private boolean z;
    private boolean deviceMode;

    private Cublas2ComplexProgram(final boolean gpu)
    {
        this.gpu = gpu;
    }

    public static void main(final String[] args)
    {
        if (args.length != 1 || !("gpu".equals(args[0]) || "emulated".equals(args[0])))
        {
            throw new IllegalArgumentException("usage: Cublas2ComplexProgram gpu|emulated");
        }
        JCuda.setExceptionsEnabled(true);
        new Cublas2ComplexProgram("gpu".equals(args[0])).run();
    }

    private void run()
    {
        JCublas2.setExceptionsEnabled(true);
        cublasCreate(handle);
        for (final boolean device : new boolean[]{ false, true })
        {
            deviceMode = device;
            cublasSetPointerMode(handle, device ? cublasPointerMode.CUBLAS_POINTER_MODE_DEVICE :
                cublasPointerMode.CUBLAS_POINTER_MODE_HOST);
            z = false;
            caxpy();
            cscal();
            gemm("cublasCgemm");
            z = true;
            zdotc();
            gemm("cublasZgemm");
            if (gpu)
            {
                z = false;
                chemv();
                ctrsm();
                cgeru();
                z = true;
                zher();
                zrot();
            }
        }
        if (!gpu)
        {
            refusedByName();
        }
        for (final Pointer allocation : allocations)
        {
            cudaFree(allocation);
        }
        cublasDestroy(handle);
        checks.finish();
    }

    private void caxpy()
    {
        final int n = 5;
        final double[] alpha = values(1);
        final double[] x = values(n);
        final double[] y = values(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        cublasCaxpy(handle, n, scalar(alpha), dx, 1, dy, 1);
        final double[] expected = y.clone();
        for (int i = 0; i < n; i++)
        {
            add(expected, i, mul(alpha, 0, x, i));
        }
        compare(name("cublasCaxpy"), expected, download(dy, n));
    }

    private void cscal()
    {
        final int n = 4;
        final double[] alpha = values(1);
        final double[] x = values(2 * n);
        final Pointer dx = upload(x);
        cublasCscal(handle, n, scalar(alpha), dx, 2);
        final double[] expected = x.clone();
        for (int i = 0; i < n; i++)
        {
            set(expected, 2 * i, mul(alpha, 0, x, 2 * i));
        }
        compare(name("cublasCscal incx 2"), expected, download(dx, 2 * n));
    }

    private void zdotc()
    {
        final int n = 6;
        final double[] x = values(n);
        final double[] y = values(n);
        final double[] expected = new double[2];
        for (int i = 0; i < n; i++)
        {
            add(expected, 0, mul(conj(x, i), 0, y, i));
        }
        final double[] result = new double[2];
        if (deviceMode)
        {
            final Pointer target = upload(new double[2]);
            cublasZdotc(handle, n, upload(x), 1, upload(y), 1, target);
            System.arraycopy(download(target, 1), 0, result, 0, 2);
        }
        else
        {
            cublasZdotc(handle, n, upload(x), 1, upload(y), 1, Pointer.to(result));
        }
        compare(name("cublasZdotc"), expected, result);
    }

    /** C = alpha A B + beta C, A m x k (lda m + 1), B k x n, C m x n. */
    private void gemm(final String routine)
    {
        final int m = 3;
        final int n = 4;
        final int k = 2;
        final int lda = m + 1;
        final double[] alpha = values(1);
        final double[] beta = values(1);
        final double[] a = values(lda * k);
        final double[] b = values(k * n);
        final double[] c = values(m * n);
        final Pointer dc = upload(c);
        if (z)
        {
            cublasZgemm(handle, N, N, m, n, k, scalar(alpha), upload(a), lda, upload(b), k, scalar(beta), dc, m);
        }
        else
        {
            cublasCgemm(handle, N, N, m, n, k, scalar(alpha), upload(a), lda, upload(b), k, scalar(beta), dc, m);
        }
        final double[] expected = new double[2 * m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                final double[] sum = new double[2];
                for (int l = 0; l < k; l++)
                {
                    add(sum, 0, mul(a, i + l * lda, b, l + j * k));
                }
                set(expected, i + j * m, mul(alpha, 0, sum, 0));
                add(expected, i + j * m, mul(beta, 0, c, i + j * m));
            }
        }
        compare(name(routine), expected, download(dc, m * n));
    }

    /** y = alpha A x + beta y with A Hermitian, its upper triangle stored (the lower one is garbage). */
    private void chemv()
    {
        final int n = 4;
        final double[] alpha = values(1);
        final double[] beta = values(1);
        final double[] a = values(n * n);
        final double[] x = values(n);
        final double[] y = values(n);
        final Pointer dy = upload(y);
        cublasChemv(handle, UPPER, n, scalar(alpha), upload(a), n, upload(x), 1, scalar(beta), dy, 1);
        final double[] expected = new double[2 * n];
        for (int i = 0; i < n; i++)
        {
            final double[] sum = new double[2];
            for (int j = 0; j < n; j++)
            {
                final double[] aij = i < j ? part(a, i + j * n) : i > j ? conj(a, j + i * n) :
                    new double[]{ a[2 * (i + i * n)], 0 };
                add(sum, 0, mul(aij, 0, x, j));
            }
            set(expected, i, mul(alpha, 0, sum, 0));
            add(expected, i, mul(beta, 0, y, i));
        }
        compare(name("cublasChemv"), expected, download(dy, n));
    }

    /** Solves A X = alpha B for X, A upper triangular (well conditioned), B m x n. */
    private void ctrsm()
    {
        final int m = 3;
        final int n = 2;
        final double[] alpha = values(1);
        final double[] a = values(m * m);
        for (int i = 0; i < m; i++)
        {
            a[2 * (i + i * m)] += 4;
        }
        round(a);
        final double[] b = values(m * n);
        final Pointer db = upload(b);
        cublasCtrsm(handle, LEFT, UPPER, N, NON_UNIT, m, n, scalar(alpha), upload(a), m, db, m);
        final double[] expected = new double[2 * m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = m - 1; i >= 0; i--)
            {
                final double[] rhs = mul(alpha, 0, b, i + j * m);
                for (int l = i + 1; l < m; l++)
                {
                    final double[] t = mul(a, i + l * m, expected, l + j * m);
                    rhs[0] -= t[0];
                    rhs[1] -= t[1];
                }
                set(expected, i + j * m, div(rhs, part(a, i + i * m)));
            }
        }
        compare(name("cublasCtrsm"), expected, download(db, m * n));
    }

    /** A = alpha x y^T + A. */
    private void cgeru()
    {
        final int m = 3;
        final int n = 2;
        final double[] alpha = values(1);
        final double[] x = values(m);
        final double[] y = values(n);
        final double[] a = values(m * n);
        final Pointer da = upload(a);
        cublasCgeru(handle, m, n, scalar(alpha), upload(x), 1, upload(y), 1, da, m);
        final double[] expected = a.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                add(expected, i + j * m, mul(mul(alpha, 0, x, i), 0, y, j));
            }
        }
        compare(name("cublasCgeru"), expected, download(da, m * n));
    }

    /** A = alpha x x^H + A with a real alpha, upper triangle: the strict lower one stays, the diagonal is real. */
    private void zher()
    {
        final int n = 3;
        final double alpha = round(random.nextDouble() + 0.5);
        final double[] x = values(n);
        final double[] a = values(n * n);
        final Pointer da = upload(a);
        cublasZher(handle, UPPER, n, realScalar(alpha), upload(x), 1, da, n);
        final double[] expected = a.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i <= j; i++)
            {
                final double[] t = mul(x, i, conj(x, j), 0);
                add(expected, i + j * n, new double[]{ alpha * t[0], alpha * t[1] });
            }
            expected[2 * (j + j * n) + 1] = 0;
        }
        compare(name("cublasZher"), expected, download(da, n * n));
    }

    /** x' = c x + s y, y' = c y - conj(s) x, c real and s complex. */
    private void zrot()
    {
        final int n = 4;
        final double c = round(random.nextDouble());
        final double[] s = values(1);
        final double[] x = values(n);
        final double[] y = values(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        cublasZrot(handle, n, dx, 1, dy, 1, realScalar(c), scalar(s));
        final double[] ex = new double[2 * n];
        final double[] ey = new double[2 * n];
        for (int i = 0; i < n; i++)
        {
            set(ex, i, new double[]{ c * x[2 * i], c * x[2 * i + 1] });
            add(ex, i, mul(s, 0, y, i));
            set(ey, i, new double[]{ c * y[2 * i], c * y[2 * i + 1] });
            final double[] t = mul(conj(s, 0), 0, x, i);
            ey[2 * i] -= t[0];
            ey[2 * i + 1] -= t[1];
        }
        compare(name("cublasZrot x"), ex, download(dx, n));
        compare(name("cublasZrot y"), ey, download(dy, n));
    }

    private void refusedByName()
    {
        JCublas2.setExceptionsEnabled(false);
        cublasSetPointerMode(handle, cublasPointerMode.CUBLAS_POINTER_MODE_HOST);
        z = false;
        final Pointer x = upload(values(2));
        final int status = cublasCgeru(handle, 2, 2, Pointer.to(new float[]{ 1, 0 }), x, 1, x, 1, upload(values(4)),
            2);
        checks.equal("cublasCgeru on the emulator is CUBLAS_STATUS_NOT_SUPPORTED",
            cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED, status);
        JCublas2.setExceptionsEnabled(true);
    }

    // Helpers.

    private String name(final String routine)
    {
        return routine + (deviceMode ? " (device pointer mode)" : " (host pointer mode)");
    }

    /** {@code count} complex values, rounded to float for C. */
    private double[] values(final int count)
    {
        final double[] values = new double[2 * count];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = random.nextDouble() * 2 - 1;
        }
        round(values);
        return values;
    }

    private void round(final double[] values)
    {
        for (int i = 0; i < values.length; i++)
        {
            values[i] = round(values[i]);
        }
    }

    private double round(final double value)
    {
        return z ? value : (float)value;
    }

    /** A complex scalar where the pointer mode wants it: host memory, or device memory. */
    private Pointer scalar(final double[] value)
    {
        if (deviceMode)
        {
            return upload(value);
        }
        return z ? Pointer.to(value.clone()) : Pointer.to(new float[]{ (float)value[0], (float)value[1] });
    }

    private Pointer realScalar(final double value)
    {
        if (deviceMode)
        {
            final Pointer device = malloc(z ? Double.BYTES : Float.BYTES);
            cudaMemcpy(device, z ? Pointer.to(new double[]{ value }) : Pointer.to(new float[]{ (float)value }),
                z ? Double.BYTES : Float.BYTES, cudaMemcpyHostToDevice);
            return device;
        }
        return z ? Pointer.to(new double[]{ value }) : Pointer.to(new float[]{ (float)value });
    }

    private Pointer upload(final double[] values)
    {
        final long bytes = (long)values.length * (z ? Double.BYTES : Float.BYTES);
        final Pointer device = malloc(bytes);
        if (z)
        {
            cudaMemcpy(device, Pointer.to(values), bytes, cudaMemcpyHostToDevice);
        }
        else
        {
            final float[] floats = new float[values.length];
            for (int i = 0; i < values.length; i++)
            {
                floats[i] = (float)values[i];
            }
            cudaMemcpy(device, Pointer.to(floats), bytes, cudaMemcpyHostToDevice);
        }
        return device;
    }

    /** {@code count} complex values. */
    private double[] download(final Pointer device, final int count)
    {
        final double[] values = new double[2 * count];
        if (z)
        {
            cudaMemcpy(Pointer.to(values), device, (long)values.length * Double.BYTES, cudaMemcpyDeviceToHost);
        }
        else
        {
            final float[] floats = new float[values.length];
            cudaMemcpy(Pointer.to(floats), device, (long)floats.length * Float.BYTES, cudaMemcpyDeviceToHost);
            for (int i = 0; i < floats.length; i++)
            {
                values[i] = floats[i];
            }
        }
        return values;
    }

    private Pointer malloc(final long bytes)
    {
        final Pointer pointer = new Pointer();
        cudaMalloc(pointer, bytes);
        allocations.add(pointer);
        return pointer;
    }

    private void compare(final String name, final double[] expected, final double[] actual)
    {
        final double tolerance = z ? 1e-10 : 1e-4;
        boolean ok = expected.length == actual.length;
        for (int i = 0; ok && i < expected.length; i++)
        {
            ok = Math.abs(actual[i] - expected[i]) <= tolerance * (1 + Math.abs(expected[i]));
        }
        checks.check(name, ok, "expected " + Arrays.toString(expected) + ", got " + Arrays.toString(actual));
    }

    private static double[] part(final double[] values, final int index)
    {
        return new double[]{ values[2 * index], values[2 * index + 1] };
    }

    private static double[] conj(final double[] values, final int index)
    {
        return new double[]{ values[2 * index], -values[2 * index + 1] };
    }

    private static double[] mul(final double[] a, final int i, final double[] b, final int j)
    {
        final double ar = a[2 * i];
        final double ai = a[2 * i + 1];
        final double br = b[2 * j];
        final double bi = b[2 * j + 1];
        return new double[]{ ar * br - ai * bi, ar * bi + ai * br };
    }

    private static double[] div(final double[] a, final double[] b)
    {
        final double d = b[0] * b[0] + b[1] * b[1];
        return new double[]{ (a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d };
    }

    private static void add(final double[] target, final int index, final double[] value)
    {
        target[2 * index] += value[0];
        target[2 * index + 1] += value[1];
    }

    private static void set(final double[] target, final int index, final double[] value)
    {
        target[2 * index] = value[0];
        target[2 * index + 1] = value[1];
    }
}
