package io.gpurelay.it.programs;

import static jcuda.jcublas.JCublas2.*;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.cudaDataType;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasComputeType;
import jcuda.jcublas.cublasGemmAlgo;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary JCublas2 program: every routine gpurelay relays, in single and double precision, against a CPU
 * reference written here; host and device pointer modes; SGEMM/DGEMM; batched GEMM with pointer arrays in device
 * memory; matrix inversion with getrf/getri batched; strided vector and matrix transfers from arrays and buffers,
 * synchronous and on a stream; and a function gpurelay does not relay, which answers CUBLAS_STATUS_NOT_SUPPORTED.
 * <p>
 * Tolerances: |result - reference| <= tol (1 + |reference|), tol = 1e-4 in single and 1e-10 in double precision
 * (a GPU sums in other orders and fuses multiply-adds); inversion: A A^-1 = I within 1e-3 / 1e-9.
 */
public final class CublasProgram
{
    private static final int N = 0;
    private static final int T = 1;
    private static final int UPPER = 1;
    private static final int LOWER = 0;
    private static final int LEFT = 0;
    private static final int NON_UNIT = 0;

    private final Checks checks = new Checks();
    private final Random random = new Random(42);
    private final cublasHandle handle = new cublasHandle();
    private final List<Pointer> allocations = new ArrayList<>();
    private boolean dbl;

    private CublasProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCuda.setExceptionsEnabled(true);
        new CublasProgram().run();
    }

    private void run()
    {
        JCublas2.setExceptionsEnabled(true);
        cublasCreate(handle);
        final int[] version = new int[1];
        cublasGetVersion(handle, version);
        checks.check("cublasGetVersion", version[0] >= 10000, "version " + version[0]);
        final int[] mode = new int[1];
        cublasSetMathMode(handle, 0);
        cublasGetMathMode(handle, mode);
        checks.equal("math mode", 0, mode[0]);
        cublasGetPointerMode(handle, mode);
        checks.equal("pointer mode starts as host", 0, mode[0]);

        transfers();
        for (final boolean precision : new boolean[]{ false, true })
        {
            dbl = precision;
            level1();
            level2();
            level3();
            batched();
            inversion();
            deviceScalars();
        }
        gemmEx();
        notRelayed();
        for (final Pointer allocation : allocations)
        {
            cudaFree(allocation);
        }
        cublasDestroy(handle);
        checks.finish();
    }

    private void transfers()
    {
        final float[] host = { 1, 2, 3, 4, 5, 6, 7, 8 };
        final Pointer device = malloc(8 * Sizeof.FLOAT);
        JCuda.cudaMemset(device, 0, 8 * Sizeof.FLOAT);
        cublasSetVector(4, Sizeof.FLOAT, Pointer.to(host), 2, device, 1);
        final float[] back = new float[4];
        cublasGetVector(4, Sizeof.FLOAT, device, 1, Pointer.to(back), 1);
        checks.check("cublasSetVector incx 2 from an array", java.util.Arrays.equals(back, new float[]{ 1, 3, 5, 7 }),
            java.util.Arrays.toString(back));

        final ByteBuffer buffer = ByteBuffer.allocateDirect(8 * Sizeof.FLOAT).order(ByteOrder.nativeOrder());
        cublasGetVector(4, Sizeof.FLOAT, device, 1, Pointer.to(buffer), 2);
        checks.check("cublasGetVector incy 2 into a direct buffer", buffer.getFloat(0) == 1 && buffer.getFloat(8) == 3 &&
            buffer.getFloat(16) == 5 && buffer.getFloat(24) == 7 && buffer.getFloat(4) == 0, "");
        final ByteBuffer heap = ByteBuffer.allocate(4 * Sizeof.FLOAT).order(ByteOrder.nativeOrder());
        heap.asFloatBuffer().put(new float[]{ 9, 10, 11, 12 });
        cublasSetVector(4, Sizeof.FLOAT, Pointer.to(heap), 1, device, 2);
        final float[] all = new float[8];
        cudaMemcpy(Pointer.to(all), device, 8 * Sizeof.FLOAT, cudaMemcpyDeviceToHost);
        checks.check("cublasSetVector incy 2 from a heap buffer",
            java.util.Arrays.equals(all, new float[]{ 9, 3, 10, 7, 11, 0, 12, 0 }), java.util.Arrays.toString(all));

        // A 3 x 2 matrix held with lda 4 on the host, ldb 5 on the device.
        final double[] matrix = { 1, 2, 3, -1, 4, 5, 6, -1 };
        final Pointer deviceMatrix = malloc(10 * Sizeof.DOUBLE);
        cudaMemcpy(deviceMatrix, Pointer.to(new double[10]), 10 * Sizeof.DOUBLE, cudaMemcpyHostToDevice);
        cublasSetMatrix(3, 2, Sizeof.DOUBLE, Pointer.to(matrix), 4, deviceMatrix, 5);
        final double[] raw = new double[10];
        cudaMemcpy(Pointer.to(raw), deviceMatrix, 10 * Sizeof.DOUBLE, cudaMemcpyDeviceToHost);
        checks.check("cublasSetMatrix lda 4 ldb 5",
            java.util.Arrays.equals(raw, new double[]{ 1, 2, 3, 0, 0, 4, 5, 6, 0, 0 }), java.util.Arrays.toString(raw));
        final double[] packed = new double[6];
        cublasGetMatrix(3, 2, Sizeof.DOUBLE, deviceMatrix, 5, Pointer.to(packed), 3);
        checks.check("cublasGetMatrix ldb 5 to lda 3",
            java.util.Arrays.equals(packed, new double[]{ 1, 2, 3, 4, 5, 6 }), java.util.Arrays.toString(packed));

        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        cublasSetStream(handle, stream);
        final cudaStream_t current = new cudaStream_t();
        cublasGetStream(handle, current);
        checks.check("cublasGetStream gives the stream set", current.equals(stream), current + " vs " + stream);
        final double[] asyncBack = new double[6];
        cublasSetMatrixAsync(3, 2, Sizeof.DOUBLE, Pointer.to(new double[]{ 6, 5, 4, 3, 2, 1 }), 3, deviceMatrix, 5,
            stream);
        cublasGetMatrixAsync(3, 2, Sizeof.DOUBLE, deviceMatrix, 5, Pointer.to(asyncBack), 3, stream);
        cudaStreamSynchronize(stream);
        checks.check("cublasSetMatrixAsync/GetMatrixAsync on a stream",
            java.util.Arrays.equals(asyncBack, new double[]{ 6, 5, 4, 3, 2, 1 }), java.util.Arrays.toString(asyncBack));
        final float[] vectorBack = new float[2];
        cublasSetVectorAsync(2, Sizeof.FLOAT, Pointer.to(new float[]{ 7, 8 }), 1, device, 1, stream);
        cublasGetVectorAsync(2, Sizeof.FLOAT, device, 1, Pointer.to(vectorBack), 1, stream);
        cudaStreamSynchronize(stream);
        checks.check("cublasSetVectorAsync/GetVectorAsync", vectorBack[0] == 7 && vectorBack[1] == 8, "");
        cublasSetStream(handle, null);
        cudaStreamDestroy(stream);

        JCublas2.setExceptionsEnabled(false);
        checks.equal("cublasSetVector with incx 0 is CUBLAS_STATUS_INVALID_VALUE", cublasStatus.CUBLAS_STATUS_INVALID_VALUE,
            cublasSetVector(4, Sizeof.FLOAT, Pointer.to(host), 0, device, 1));
        checks.equal("cublasSetMatrix past the allocation is CUBLAS_STATUS_MAPPING_ERROR",
            cublasStatus.CUBLAS_STATUS_MAPPING_ERROR, cublasSetMatrix(4, 4, Sizeof.FLOAT, Pointer.to(new float[16]), 4,
            device, 4));
        JCublas2.setExceptionsEnabled(true);
    }

    private void level1()
    {
        final int n = 37;
        final double[] x = values(2 * n);
        final double[] y = values(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);

        // axpy with incx 2.
        final double alpha = 0.75;
        final double[] expected = y.clone();
        for (int i = 0; i < n; i++)
        {
            expected[i] = expected[i] + alpha * x[2 * i];
        }
        if (dbl)
        {
            cublasDaxpy(handle, n, scalar(alpha), dx, 2, dy, 1);
        }
        else
        {
            cublasSaxpy(handle, n, scalar(alpha), dx, 2, dy, 1);
        }
        close("axpy", expected, download(dy, n));

        // dot, nrm2, asum.
        final double[] yNow = download(dy, n);
        double dot = 0;
        double squares = 0;
        double abs = 0;
        for (int i = 0; i < n; i++)
        {
            dot += x[i] * yNow[i];
            squares += x[i] * x[i];
            abs += Math.abs(x[i]);
        }
        close("dot", dot, reduce((h, r) -> dbl ? cublasDdot(h, n, dx, 1, dy, 1, r) : cublasSdot(h, n, dx, 1, dy, 1, r)));
        close("nrm2", Math.sqrt(squares), reduce((h, r) -> dbl ? cublasDnrm2(h, n, dx, 1, r) : cublasSnrm2(h, n, dx, 1, r)));
        close("asum", abs, reduce((h, r) -> dbl ? cublasDasum(h, n, dx, 1, r) : cublasSasum(h, n, dx, 1, r)));

        // iamax, iamin: 1-based, the first on ties.
        int max = 0;
        int min = 0;
        for (int i = 1; i < n; i++)
        {
            max = Math.abs(x[i]) > Math.abs(x[max]) ? i : max;
            min = Math.abs(x[i]) < Math.abs(x[min]) ? i : min;
        }
        final int[] index = new int[1];
        if (dbl)
        {
            cublasIdamax(handle, n, dx, 1, Pointer.to(index));
        }
        else
        {
            cublasIsamax(handle, n, dx, 1, Pointer.to(index));
        }
        checks.equal(name("iamax"), max + 1, index[0]);
        if (dbl)
        {
            cublasIdamin(handle, n, dx, 1, Pointer.to(index));
        }
        else
        {
            cublasIsamin(handle, n, dx, 1, Pointer.to(index));
        }
        checks.equal(name("iamin"), min + 1, index[0]);

        // scal, copy, swap, rot.
        final double[] scaled = round(x.clone());
        for (int i = 0; i < n; i++)
        {
            scaled[i] = scaled[i] * -1.5;
        }
        final Pointer dz = upload(x);
        if (dbl)
        {
            cublasDscal(handle, n, scalar(-1.5), dz, 1);
        }
        else
        {
            cublasSscal(handle, n, scalar(-1.5), dz, 1);
        }
        close("scal", java.util.Arrays.copyOf(scaled, n), download(dz, n));

        final Pointer dc = upload(new double[n]);
        if (dbl)
        {
            cublasDcopy(handle, n, dx, 2, dc, 1);
        }
        else
        {
            cublasScopy(handle, n, dx, 2, dc, 1);
        }
        final double[] strided = new double[n];
        for (int i = 0; i < n; i++)
        {
            strided[i] = x[2 * i];
        }
        close("copy", strided, download(dc, n));

        final double[] before = download(dy, n);
        if (dbl)
        {
            cublasDswap(handle, n, dc, 1, dy, 1);
        }
        else
        {
            cublasSswap(handle, n, dc, 1, dy, 1);
        }
        close("swap (x)", before, download(dc, n));
        close("swap (y)", strided, download(dy, n));

        final double c = 0.6;
        final double s = 0.8;
        final double[] rx = download(dc, n);
        final double[] ry = download(dy, n);
        final double[] ex = new double[n];
        final double[] ey = new double[n];
        for (int i = 0; i < n; i++)
        {
            ex[i] = c * rx[i] + s * ry[i];
            ey[i] = c * ry[i] - s * rx[i];
        }
        if (dbl)
        {
            cublasDrot(handle, n, dc, 1, dy, 1, scalar(c), scalar(s));
        }
        else
        {
            cublasSrot(handle, n, dc, 1, dy, 1, scalar(c), scalar(s));
        }
        close("rot (x)", ex, download(dc, n));
        close("rot (y)", ey, download(dy, n));
    }

    private void level2()
    {
        final int m = 7;
        final int n = 5;
        final int lda = 9;
        final double[] a = values(lda * n);
        final double[] x = values(Math.max(m, n));
        final double[] y = values(Math.max(m, n));
        final Pointer da = upload(a);
        final Pointer dx = upload(x);

        for (final int trans : new int[]{ N, T })
        {
            final int rows = trans == N ? m : n;
            final int cols = trans == N ? n : m;
            final double[] expected = new double[rows];
            for (int i = 0; i < rows; i++)
            {
                double sum = 0;
                for (int j = 0; j < cols; j++)
                {
                    sum += (trans == N ? a[i + j * lda] : a[j + i * lda]) * x[j];
                }
                expected[i] = 1.25 * sum + 0.5 * y[i];
            }
            final Pointer dy = upload(y);
            if (dbl)
            {
                cublasDgemv(handle, trans, m, n, scalar(1.25), da, lda, dx, 1, scalar(0.5), dy, 1);
            }
            else
            {
                cublasSgemv(handle, trans, m, n, scalar(1.25), da, lda, dx, 1, scalar(0.5), dy, 1);
            }
            close("gemv " + (trans == N ? "N" : "T"), expected, download(dy, rows));
        }

        final Pointer dg = upload(a);
        final double[] ger = a.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                ger[i + j * lda] += -0.5 * x[i] * y[j];
            }
        }
        final Pointer dyv = upload(y);
        if (dbl)
        {
            cublasDger(handle, m, n, scalar(-0.5), dx, 1, dyv, 1, dg, lda);
        }
        else
        {
            cublasSger(handle, m, n, scalar(-0.5), dx, 1, dyv, 1, dg, lda);
        }
        close("ger", ger, download(dg, lda * n));

        // symv with the upper triangle; the lower one holds garbage that must not be read.
        final double[] sym = values(lda * n);
        final double[] symExpected = new double[n];
        for (int i = 0; i < n; i++)
        {
            double sum = 0;
            for (int j = 0; j < n; j++)
            {
                sum += (i <= j ? sym[i + j * lda] : sym[j + i * lda]) * x[j];
            }
            symExpected[i] = 2 * sum + -1 * y[i];
        }
        final Pointer dsym = upload(sym);
        final Pointer dys = upload(y);
        if (dbl)
        {
            cublasDsymv(handle, UPPER, n, scalar(2), dsym, lda, dx, 1, scalar(-1), dys, 1);
        }
        else
        {
            cublasSsymv(handle, UPPER, n, scalar(2), dsym, lda, dx, 1, scalar(-1), dys, 1);
        }
        close("symv", symExpected, download(dys, n));

        // trmv lower N, trsv upper T on a diagonally dominant matrix.
        final double[] tri = triangularFriendly(n, lda);
        final Pointer dtri = upload(tri);
        final double[] trmv = new double[n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j <= i; j++)
            {
                trmv[i] += tri[i + j * lda] * x[j];
            }
        }
        final Pointer dtx = upload(x);
        if (dbl)
        {
            cublasDtrmv(handle, LOWER, N, NON_UNIT, n, dtri, lda, dtx, 1);
        }
        else
        {
            cublasStrmv(handle, LOWER, N, NON_UNIT, n, dtri, lda, dtx, 1);
        }
        close("trmv", trmv, download(dtx, n));

        // trsv: solve U^T z = x, checked by multiplying back.
        final Pointer dsx = upload(x);
        if (dbl)
        {
            cublasDtrsv(handle, UPPER, T, NON_UNIT, n, dtri, lda, dsx, 1);
        }
        else
        {
            cublasStrsv(handle, UPPER, T, NON_UNIT, n, dtri, lda, dsx, 1);
        }
        final double[] z = download(dsx, n);
        final double[] back = new double[n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j <= i; j++)
            {
                back[i] += tri[j + i * lda] * z[j];
            }
        }
        close("trsv", java.util.Arrays.copyOf(round(x.clone()), n), back);
    }

    private void level3()
    {
        final int m = 6;
        final int n = 5;
        final int k = 4;
        final int ld = 8;
        final double[] a = values(ld * Math.max(m, k));
        final double[] b = values(ld * Math.max(n, k));
        final double[] c = values(ld * n);
        final Pointer da = upload(a);
        final Pointer db = upload(b);

        for (final int transa : new int[]{ N, T })
        {
            final double[] expected = c.clone();
            for (int j = 0; j < n; j++)
            {
                for (int i = 0; i < m; i++)
                {
                    double sum = 0;
                    for (int p = 0; p < k; p++)
                    {
                        sum += (transa == N ? a[i + p * ld] : a[p + i * ld]) * b[p + j * ld];
                    }
                    expected[i + j * ld] = 0.5 * sum + 2 * c[i + j * ld];
                }
            }
            final Pointer dc = upload(c);
            if (dbl)
            {
                cublasDgemm(handle, transa, N, m, n, k, scalar(0.5), da, ld, db, ld, scalar(2), dc, ld);
            }
            else
            {
                cublasSgemm(handle, transa, N, m, n, k, scalar(0.5), da, ld, db, ld, scalar(2), dc, ld);
            }
            close("gemm " + (transa == N ? "NN" : "TN"), expected, download(dc, ld * n));
        }

        // symm left upper: C = alpha A B + beta C, A m x m symmetric.
        final double[] symmExpected = c.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p < m; p++)
                {
                    sum += (i <= p ? a[i + p * ld] : a[p + i * ld]) * b[p + j * ld];
                }
                symmExpected[i + j * ld] = sum - c[i + j * ld];
            }
        }
        final Pointer dsc = upload(c);
        if (dbl)
        {
            cublasDsymm(handle, LEFT, UPPER, m, n, scalar(1), da, ld, db, ld, scalar(-1), dsc, ld);
        }
        else
        {
            cublasSsymm(handle, LEFT, UPPER, m, n, scalar(1), da, ld, db, ld, scalar(-1), dsc, ld);
        }
        close("symm", symmExpected, download(dsc, ld * n));

        // syrk upper N: C = alpha A A^T + beta C on the upper triangle (n x n, A n x k); the lower stays.
        final double[] syrkExpected = c.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i <= j; i++)
            {
                double sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += a[i + p * ld] * a[j + p * ld];
                }
                syrkExpected[i + j * ld] = 1.5 * sum + 0.25 * c[i + j * ld];
            }
        }
        final Pointer dkc = upload(c);
        if (dbl)
        {
            cublasDsyrk(handle, UPPER, N, n, k, scalar(1.5), da, ld, scalar(0.25), dkc, ld);
        }
        else
        {
            cublasSsyrk(handle, UPPER, N, n, k, scalar(1.5), da, ld, scalar(0.25), dkc, ld);
        }
        close("syrk", syrkExpected, download(dkc, ld * n));

        // trmm left lower N non-unit (out of place): C = alpha L B.
        final double[] tri = triangularFriendly(m, ld);
        final Pointer dtri = upload(tri);
        final double[] trmmExpected = new double[ld * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p <= i; p++)
                {
                    sum += tri[i + p * ld] * b[p + j * ld];
                }
                trmmExpected[i + j * ld] = 2 * sum;
            }
        }
        final Pointer dmc = upload(new double[ld * n]);
        if (dbl)
        {
            cublasDtrmm(handle, LEFT, LOWER, N, NON_UNIT, m, n, scalar(2), dtri, ld, db, ld, dmc, ld);
        }
        else
        {
            cublasStrmm(handle, LEFT, LOWER, N, NON_UNIT, m, n, scalar(2), dtri, ld, db, ld, dmc, ld);
        }
        final double[] trmm = download(dmc, ld * n);
        close("trmm", rows(trmmExpected, m, n, ld), rows(trmm, m, n, ld));

        // trsm left upper N: solve U X = alpha B, checked by multiplying back.
        final Pointer dsb = upload(b);
        if (dbl)
        {
            cublasDtrsm(handle, LEFT, UPPER, N, NON_UNIT, m, n, scalar(3), dtri, ld, dsb, ld);
        }
        else
        {
            cublasStrsm(handle, LEFT, UPPER, N, NON_UNIT, m, n, scalar(3), dtri, ld, dsb, ld);
        }
        final double[] x = download(dsb, ld * n);
        final double[] back = new double[ld * n];
        final double[] scaledB = new double[ld * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                for (int p = i; p < m; p++)
                {
                    back[i + j * ld] += tri[i + p * ld] * x[p + j * ld];
                }
                scaledB[i + j * ld] = 3 * round(b[i + j * ld]);
            }
        }
        close("trsm", rows(scaledB, m, n, ld), rows(back, m, n, ld));

        // geam: C = alpha A^T + beta B, C m x n, A n x m.
        final double[] geamExpected = new double[ld * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                geamExpected[i + j * ld] = 2 * a[j + i * ld] - b[i + j * ld];
            }
        }
        final Pointer dgc = upload(new double[ld * n]);
        if (dbl)
        {
            cublasDgeam(handle, T, N, m, n, scalar(2), da, ld, scalar(-1), db, ld, dgc, ld);
        }
        else
        {
            cublasSgeam(handle, T, N, m, n, scalar(2), da, ld, scalar(-1), db, ld, dgc, ld);
        }
        close("geam", rows(geamExpected, m, n, ld), rows(download(dgc, ld * n), m, n, ld));
    }

    private void batched()
    {
        final int n = 4;
        final int batch = 3;
        final double[][] as = new double[batch][];
        final double[][] bs = new double[batch][];
        final Pointer[] da = new Pointer[batch];
        final Pointer[] db = new Pointer[batch];
        final Pointer[] dc = new Pointer[batch];
        for (int i = 0; i < batch; i++)
        {
            as[i] = values(n * n);
            bs[i] = values(n * n);
            da[i] = upload(as[i]);
            db[i] = upload(bs[i]);
            dc[i] = upload(new double[n * n]);
        }
        final Pointer aArray = pointerArray(da);
        final Pointer bArray = pointerArray(db);
        final Pointer cArray = pointerArray(dc);
        if (dbl)
        {
            cublasDgemmBatched(handle, N, N, n, n, n, scalar(1), aArray, n, bArray, n, scalar(0), cArray, n, batch);
        }
        else
        {
            cublasSgemmBatched(handle, N, N, n, n, n, scalar(1), aArray, n, bArray, n, scalar(0), cArray, n, batch);
        }
        for (int i = 0; i < batch; i++)
        {
            close("gemmBatched " + i, product(as[i], bs[i], n), download(dc[i], n * n));
        }

        final double[] a = new double[n * n * batch];
        final double[] b = new double[n * n * batch];
        for (int i = 0; i < batch; i++)
        {
            System.arraycopy(as[i], 0, a, i * n * n, n * n);
            System.arraycopy(bs[i], 0, b, i * n * n, n * n);
        }
        final Pointer sa = upload(a);
        final Pointer sb = upload(b);
        final Pointer sc = upload(new double[n * n * batch]);
        final long stride = (long)n * n;
        if (dbl)
        {
            cublasDgemmStridedBatched(handle, N, N, n, n, n, scalar(1), sa, n, stride, sb, n, stride, scalar(0), sc, n,
                stride, batch);
        }
        else
        {
            cublasSgemmStridedBatched(handle, N, N, n, n, n, scalar(1), sa, n, stride, sb, n, stride, scalar(0), sc, n,
                stride, batch);
        }
        final double[] strided = download(sc, n * n * batch);
        for (int i = 0; i < batch; i++)
        {
            close("gemmStridedBatched " + i, product(as[i], bs[i], n),
                java.util.Arrays.copyOfRange(strided, i * n * n, (i + 1) * n * n));
        }
    }

    private void inversion()
    {
        final int n = 5;
        final int batch = 2;
        final double[][] matrices = new double[batch][];
        final Pointer[] da = new Pointer[batch];
        final Pointer[] dc = new Pointer[batch];
        for (int i = 0; i < batch; i++)
        {
            matrices[i] = values(n * n);
            for (int d = 0; d < n; d++)
            {
                matrices[i][d + d * n] += n;
            }
            da[i] = upload(matrices[i]);
            dc[i] = upload(new double[n * n]);
        }
        final Pointer aArray = pointerArray(da);
        final Pointer cArray = pointerArray(dc);
        final Pointer pivots = malloc((long)n * batch * Sizeof.INT);
        final Pointer info = malloc((long)batch * Sizeof.INT);
        if (dbl)
        {
            cublasDgetrfBatched(handle, n, aArray, n, pivots, info, batch);
            cublasDgetriBatched(handle, n, aArray, n, pivots, cArray, n, info, batch);
        }
        else
        {
            cublasSgetrfBatched(handle, n, aArray, n, pivots, info, batch);
            cublasSgetriBatched(handle, n, aArray, n, pivots, cArray, n, info, batch);
        }
        final int[] infos = new int[batch];
        cudaMemcpy(Pointer.to(infos), info, (long)batch * Sizeof.INT, cudaMemcpyDeviceToHost);
        checks.check(name("getrf/getri info"), infos[0] == 0 && infos[1] == 0, java.util.Arrays.toString(infos));
        final double tolerance = dbl ? 1e-9 : 1e-3;
        for (int i = 0; i < batch; i++)
        {
            final double[] identity = product(round(matrices[i]), download(dc[i], n * n), n);
            double worst = 0;
            for (int r = 0; r < n; r++)
            {
                for (int col = 0; col < n; col++)
                {
                    worst = Math.max(worst, Math.abs(identity[r + col * n] - (r == col ? 1 : 0)));
                }
            }
            checks.check(name("A A^-1 = I, matrix " + i), worst <= tolerance, "largest error " + worst);
        }
    }

    /**
     * Device pointer mode: alpha and beta read from device memory, dot's result written to device memory.
     */
    private void deviceScalars()
    {
        final int n = 16;
        final double[] x = values(n);
        final double[] y = values(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        final Pointer result = upload(new double[1]);
        final Pointer alpha = upload(new double[]{ 3 });
        cublasSetPointerMode(handle, 1);
        final int[] mode = new int[1];
        cublasGetPointerMode(handle, mode);
        checks.equal("pointer mode is device", 1, mode[0]);
        if (dbl)
        {
            cublasDdot(handle, n, dx, 1, dy, 1, result);
            cublasDaxpy(handle, n, alpha, dx, 1, dy, 1);
        }
        else
        {
            cublasSdot(handle, n, dx, 1, dy, 1, result);
            cublasSaxpy(handle, n, alpha, dx, 1, dy, 1);
        }
        double dot = 0;
        final double[] axpy = new double[n];
        for (int i = 0; i < n; i++)
        {
            dot += x[i] * y[i];
            axpy[i] = y[i] + 3 * x[i];
        }
        close("dot into device memory", new double[]{ dot }, download(result, 1));
        close("axpy with alpha in device memory", axpy, download(dy, n));

        JCublas2.setExceptionsEnabled(false);
        checks.equal(name("a host scalar in device mode is CUBLAS_STATUS_INVALID_VALUE"),
            cublasStatus.CUBLAS_STATUS_INVALID_VALUE, dbl ? cublasDscal(handle, n, Pointer.to(new double[]{ 2 }), dx, 1) :
            cublasSscal(handle, n, Pointer.to(new float[]{ 2 }), dx, 1));
        JCublas2.setExceptionsEnabled(true);
        cublasSetPointerMode(handle, 0);
    }

    private void gemmEx()
    {
        final int n = 8;
        final double[] a = values(n * n);
        final double[] b = values(n * n);
        dbl = false;
        final Pointer da = upload(a);
        final Pointer db = upload(b);
        final Pointer dc = upload(new double[n * n]);
        checks.equal("cublasGemmEx 32F (legacy compute type) status", 0, cublasGemmEx(handle, N, N, n, n, n,
            Pointer.to(new float[]{ 1 }), da, cudaDataType.CUDA_R_32F, n, db, cudaDataType.CUDA_R_32F, n,
            Pointer.to(new float[]{ 0 }), dc, cudaDataType.CUDA_R_32F, n, cudaDataType.CUDA_R_32F,
            cublasGemmAlgo.CUBLAS_GEMM_DEFAULT));
        close("gemmEx 32F (legacy compute type)", product(round(a), round(b), n), download(dc, n * n));
        final Pointer dd = upload(new double[n * n]);
        cublasGemmEx_new(handle, T, N, n, n, n, Pointer.to(new float[]{ 1 }), da, cudaDataType.CUDA_R_32F, n, db,
            cudaDataType.CUDA_R_32F, n, Pointer.to(new float[]{ 0 }), dd, cudaDataType.CUDA_R_32F, n,
            cublasComputeType.CUBLAS_COMPUTE_32F, cublasGemmAlgo.CUBLAS_GEMM_DEFAULT);
        close("gemmEx_new A^T B, CUBLAS_COMPUTE_32F", product(transpose(a, n), b, n), download(dd, n * n));
        dbl = true;
        final Pointer ea = upload(a);
        final Pointer eb = upload(b);
        final Pointer ec = upload(new double[n * n]);
        checks.equal("cublasGemmEx 64F (legacy compute type) status", 0, cublasGemmEx(handle, N, N, n, n, n,
            Pointer.to(new double[]{ 1 }), ea, cudaDataType.CUDA_R_64F, n, eb, cudaDataType.CUDA_R_64F, n,
            Pointer.to(new double[]{ 0 }), ec, cudaDataType.CUDA_R_64F, n, cudaDataType.CUDA_R_64F,
            cublasGemmAlgo.CUBLAS_GEMM_DEFAULT));
        close("gemmEx 64F (legacy compute type)", product(a, b, n), download(ec, n * n));
    }

    private void notRelayed()
    {
        JCublas2.setExceptionsEnabled(false);
        final float[] norm = { 0 };
        final int status = cublasNrm2Ex(handle, 0, Pointer.to(new float[1]), cudaDataType.CUDA_R_32F, 1,
            Pointer.to(norm), cudaDataType.CUDA_R_32F, cudaDataType.CUDA_R_32F);
        checks.equal("an unrelayed function is CUBLAS_STATUS_NOT_SUPPORTED", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            status);
        JCublas2.setExceptionsEnabled(true);
    }

    // Helpers: values in the precision of the pass, rounded to float in single precision so the reference sees
    // exactly what the device does.

    private double[] values(final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextInt(2001) / 1000.0 - 1;
        }
        return round(values);
    }

    private double[] round(final double[] values)
    {
        if (!dbl)
        {
            for (int i = 0; i < values.length; i++)
            {
                values[i] = (float)values[i];
            }
        }
        return values;
    }

    private double round(final double value)
    {
        return dbl ? value : (float)value;
    }

    private static double[] triangularFriendly(final int n, final int ld)
    {
        final double[] matrix = new double[ld * n];
        final Random random = new Random(7);
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                matrix[i + j * ld] = i == j ? 4 + random.nextInt(4) : (random.nextInt(9) - 4) / 8.0;
            }
        }
        return matrix;
    }

    private static double[] transpose(final double[] a, final int n)
    {
        final double[] t = new double[n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                t[j + i * n] = a[i + j * n];
            }
        }
        return t;
    }

    private static double[] product(final double[] a, final double[] b, final int n)
    {
        final double[] c = new double[n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                double sum = 0;
                for (int p = 0; p < n; p++)
                {
                    sum += a[i + p * n] * b[p + j * n];
                }
                c[i + j * n] = sum;
            }
        }
        return c;
    }

    /**
     * The m x n part of a column-major matrix with leading dimension ld.
     */
    private static double[] rows(final double[] matrix, final int m, final int n, final int ld)
    {
        final double[] part = new double[m * n];
        for (int j = 0; j < n; j++)
        {
            System.arraycopy(matrix, j * ld, part, j * m, m);
        }
        return part;
    }

    private Pointer malloc(final long bytes)
    {
        final Pointer pointer = new Pointer();
        cudaMalloc(pointer, bytes);
        allocations.add(pointer);
        return pointer;
    }

    private Pointer upload(final double[] values)
    {
        final Pointer pointer = malloc((long)values.length * (dbl ? Sizeof.DOUBLE : Sizeof.FLOAT));
        if (dbl)
        {
            cublasSetVector(values.length, Sizeof.DOUBLE, Pointer.to(values), 1, pointer, 1);
        }
        else
        {
            final float[] floats = new float[values.length];
            for (int i = 0; i < values.length; i++)
            {
                floats[i] = (float)values[i];
            }
            cublasSetVector(values.length, Sizeof.FLOAT, Pointer.to(floats), 1, pointer, 1);
        }
        return pointer;
    }

    private double[] download(final Pointer pointer, final int count)
    {
        final double[] values = new double[count];
        if (dbl)
        {
            cublasGetVector(count, Sizeof.DOUBLE, pointer, 1, Pointer.to(values), 1);
        }
        else
        {
            final float[] floats = new float[count];
            cublasGetVector(count, Sizeof.FLOAT, pointer, 1, Pointer.to(floats), 1);
            for (int i = 0; i < count; i++)
            {
                values[i] = floats[i];
            }
        }
        return values;
    }

    private Pointer pointerArray(final Pointer[] pointers)
    {
        final Pointer array = malloc((long)pointers.length * Sizeof.POINTER);
        cudaMemcpy(array, Pointer.to(pointers), (long)pointers.length * Sizeof.POINTER, cudaMemcpyHostToDevice);
        return array;
    }

    private Pointer scalar(final double value)
    {
        return dbl ? Pointer.to(new double[]{ value }) : Pointer.to(new float[]{ (float)value });
    }

    private double reduce(final Reduction reduction)
    {
        if (dbl)
        {
            final double[] result = new double[1];
            reduction.run(handle, Pointer.to(result));
            return result[0];
        }
        final float[] result = new float[1];
        reduction.run(handle, Pointer.to(result));
        return result[0];
    }

    private void close(final String routine, final double expected, final double actual)
    {
        close(routine, new double[]{ expected }, new double[]{ actual });
    }

    private void close(final String routine, final double[] expected, final double[] actual)
    {
        final double tolerance = dbl ? 1e-10 : 1e-4;
        int worst = -1;
        double worstError = 0;
        for (int i = 0; i < expected.length; i++)
        {
            final double error = Math.abs(actual[i] - expected[i]) / (1 + Math.abs(expected[i]));
            if (!(error <= worstError) || worst < 0)
            {
                worst = i;
                worstError = error;
            }
        }
        checks.check(name(routine), expected.length == actual.length && worstError <= tolerance,
            "element " + worst + ": " + actual[worst] + " instead of " + expected[worst]);
    }

    private String name(final String routine)
    {
        return (dbl ? "D " : "S ") + routine;
    }

    @FunctionalInterface
    private interface Reduction
    {
        int run(cublasHandle handle, Pointer result);
    }
}
