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
import jcuda.Sizeof;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasPointerMode;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.JCuda;

/**
 * The JCublas2 routines beyond the classic ones, against a CPU reference written here. Everywhere: the {@code _64}
 * forms (a value beyond 32 bits is CUBLAS_STATUS_NOT_SUPPORTED, the executor running cuBLAS's 32-bit routines), the
 * handle settings and library queries, the status names, rotg/rotmg, which the client computes (in host pointer
 * mode; device mode is refused), and dgmm and tpttr/trttp in single precision. With {@code gpu}: geam, syrkx, complex
 * syr, the batched gemv, complex batched and 3m gemm, batched trsm and the batched getrs, matinv, geqrf and gels;
 * with {@code emulated} some of them (and the complex dgmm and tpttr) answer CUBLAS_STATUS_NOT_SUPPORTED, each named
 * in the agent's log.
 * <p>
 * JCublas2's exceptions are off: each call's status is checked. Matrices are column-major; tolerance
 * |result - reference| <= 1e-3 (1 + |reference|) for single precision, 1e-10 (1 + |reference|) for double.
 */
public final class Cublas2CoverageProgram
{
    private static final int N = 0;
    private static final int T = 1;
    private static final int LOWER = 0;
    private static final int UPPER = 1;
    private static final int LEFT = 0;
    private static final int NON_UNIT = 0;

    private final Checks checks = new Checks();
    private final Random random = new Random(11);
    private final cublasHandle handle = new cublasHandle();
    private final List<Pointer> allocations = new ArrayList<>();
    private final boolean gpu;

    private Cublas2CoverageProgram(final boolean gpu)
    {
        this.gpu = gpu;
    }

    public static void main(final String[] args)
    {
        if (args.length != 1 || !("gpu".equals(args[0]) || "emulated".equals(args[0])))
        {
            throw new IllegalArgumentException("usage: Cublas2CoverageProgram gpu|emulated");
        }
        JCuda.setExceptionsEnabled(true);
        JCublas2.setExceptionsEnabled(false);
        new Cublas2CoverageProgram("gpu".equals(args[0])).run();
    }

    private void run()
    {
        status("cublasCreate", cublasCreate(handle));
        sixtyFourBitForms();
        handleSettings();
        statusNames();
        rotations();
        dgmm();
        packedConversions();
        if (gpu)
        {
            geamAndSyrkx();
            complexRankUpdatesAndGemm3m();
            batchedGemvAndGemm();
            batchedTrsm();
            batchedSolvers();
        }
        else
        {
            refusedByName();
        }
        for (final Pointer allocation : allocations)
        {
            cudaFree(allocation);
        }
        status("cublasDestroy", cublasDestroy(handle));
        checks.finish();
    }

    // Everywhere.

    private void sixtyFourBitForms()
    {
        final int n = 6;
        final float[] x = values(n);
        final float[] y = values(n);
        final Pointer dx = upload(x);
        final Pointer dy = upload(y);
        status("cublasSaxpy_64", cublasSaxpy_v2_64(handle, n, Pointer.to(new float[]{ 2 }), dx, 1L, dy, 1L));
        final float[] axpy = new float[n];
        for (int i = 0; i < n; i++)
        {
            axpy[i] = y[i] + 2 * x[i];
        }
        close("cublasSaxpy_64", axpy, download(dy, n));

        final long[] index = { -1 };
        status("cublasIsamax_64", cublasIsamax_v2_64(handle, n, dx, 1L, index));
        int expected = 0;
        for (int i = 1; i < n; i++)
        {
            expected = Math.abs(x[i]) > Math.abs(x[expected]) ? i : expected;
        }
        checks.equal("cublasIsamax_64 index", expected + 1, index[0]);

        final int m = 3;
        final int k = 4;
        final int cols = 2;
        final float[] a = values(m * k);
        final float[] b = values(k * cols);
        final Pointer dc = upload(new float[m * cols]);
        status("cublasSgemm_64", cublasSgemm_v2_64(handle, N, N, m, cols, k, Pointer.to(new float[]{ 1 }), upload(a),
            m, upload(b), k, Pointer.to(new float[]{ 0 }), dc, m));
        close("cublasSgemm_64", product(a, b, m, k, cols), download(dc, m * cols));

        final float[] packed = values(n);
        final Pointer dz = malloc((long)n * Float.BYTES);
        status("cublasSetVector_64", cublasSetVector_64(n, Float.BYTES, Pointer.to(packed), 1, dz, 1));
        final float[] back = new float[n];
        status("cublasGetVector_64", cublasGetVector_64(n, Float.BYTES, dz, 1, Pointer.to(back), 1));
        checks.check("cublasSetVector_64/GetVector_64 round trip", Arrays.equals(packed, back));

        final float[] before = download(dx, n);
        checks.equal("cublasSscal_64 with n beyond 32 bits", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasSscal_v2_64(handle, 1L << 33, Pointer.to(new float[]{ 3 }), dx, 1L));
        checks.check("a refused call changed nothing", Arrays.equals(before, download(dx, n)));
    }

    private void handleSettings()
    {
        final int[] mode = { -1 };
        status("cublasSetAtomicsMode", cublasSetAtomicsMode(handle, 1));
        status("cublasGetAtomicsMode", cublasGetAtomicsMode(handle, mode));
        checks.equal("atomics mode", 1, mode[0]);
        status("cublasSetAtomicsMode", cublasSetAtomicsMode(handle, 0));

        final int[] target = { -1 };
        status("cublasSetSmCountTarget", cublasSetSmCountTarget(handle, 1));
        status("cublasGetSmCountTarget", cublasGetSmCountTarget(handle, Pointer.to(target)));
        checks.equal("SM count target", 1, target[0]);
        status("cublasSetSmCountTarget", cublasSetSmCountTarget(handle, 0));

        final int[] major = { -1 };
        final int[] minor = { -1 };
        status("cublasGetProperty", cublasGetProperty(0, major));
        status("cublasGetProperty", cublasGetProperty(1, minor));
        final int[] version = { -1 };
        status("cublasGetVersion", cublasGetVersion(handle, version));
        checks.equal("cublasGetProperty agrees with cublasGetVersion", version[0] / 10_000 * 100 + version[0] / 100 %
            100, major[0] * 100L + minor[0]);
        checks.check("cublasGetCudartVersion", cublasGetCudartVersion() >= 12_000,
            "" + cublasGetCudartVersion());

        final Pointer workspace = malloc(1 << 20);
        status("cublasSetWorkspace", cublasSetWorkspace(handle, workspace, 1 << 20));
        final float[] a = values(4);
        final Pointer dc = upload(new float[4]);
        status("cublasSgemm with a workspace", cublasSgemm(handle, N, N, 2, 2, 2, Pointer.to(new float[]{ 1 }),
            upload(a), 2, upload(a), 2, Pointer.to(new float[]{ 0 }), dc, 2));
        close("cublasSgemm with a workspace", product(a, a, 2, 2, 2), download(dc, 4));
        status("cublasSetWorkspace (cuBLAS's own)", cublasSetWorkspace(handle, new Pointer(), 0));
    }

    private void statusNames()
    {
        checks.check("cublasGetStatusName", "CUBLAS_STATUS_INVALID_VALUE".equals(cublasGetStatusName(7)),
            cublasGetStatusName(7));
        checks.check("cublasGetStatusString", cublasGetStatusString(15).contains("not supported"),
            cublasGetStatusString(15));
    }

    private void rotations()
    {
        final float[] sa = { 3 };
        final float[] sb = { 4 };
        final float[] sc = { 0 };
        final float[] ss = { 0 };
        status("cublasSrotg", cublasSrotg(handle, Pointer.to(sa), Pointer.to(sb), Pointer.to(sc), Pointer.to(ss)));
        close("cublasSrotg r, z, c, s", new float[]{ 5, 1 / 0.6f, 0.6f, 0.8f }, new float[]{ sa[0], sb[0], sc[0],
            ss[0] });

        final double[] da = { 3 };
        final double[] db = { 4 };
        final double[] dcos = { 0 };
        final double[] dsin = { 0 };
        status("cublasDrotg", cublasDrotg(handle, Pointer.to(da), Pointer.to(db), Pointer.to(dcos),
            Pointer.to(dsin)));
        checks.check("cublasDrotg r, c, s", Math.abs(da[0] - 5) < 1e-12 && Math.abs(dcos[0] - 0.6) < 1e-12 &&
            Math.abs(dsin[0] - 0.8) < 1e-12, da[0] + " " + dcos[0] + " " + dsin[0]);

        final float[] ca = { 3, 0 };
        final float[] cs = { 0, 0 };
        final float[] cc = { 0 };
        status("cublasCrotg", cublasCrotg(handle, Pointer.to(ca), Pointer.to(new float[]{ 4, 0 }), Pointer.to(cc),
            Pointer.to(cs)));
        close("cublasCrotg r, c, s", new float[]{ 5, 0, 0.6f, 0.8f, 0 }, new float[]{ ca[0], ca[1], cc[0], cs[0],
            cs[1] });

        final float[] d1 = { 1 };
        final float[] d2 = { 1 };
        final float[] x1 = { 1 };
        final float[] param = new float[5];
        status("cublasSrotmg", cublasSrotmg(handle, Pointer.to(d1), Pointer.to(d2), Pointer.to(x1),
            Pointer.to(new float[]{ 1 }), Pointer.to(param)));
        close("cublasSrotmg d1, d2, x1, flag, h11, h22", new float[]{ 0.5f, 0.5f, 2, 1, 1, 1 },
            new float[]{ d1[0], d2[0], x1[0], param[0], param[1], param[4] });

        status("device pointer mode", cublasSetPointerMode(handle, cublasPointerMode.CUBLAS_POINTER_MODE_DEVICE));
        final Pointer scalars = upload(new float[]{ 3, 4, 0, 0 });
        checks.equal("cublasSrotg in device pointer mode", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasSrotg(handle, scalars, scalars.withByteOffset(4), scalars.withByteOffset(8),
                scalars.withByteOffset(12)));
        status("host pointer mode", cublasSetPointerMode(handle, cublasPointerMode.CUBLAS_POINTER_MODE_HOST));
    }

    private void refusedByName()
    {
        final Pointer d = upload(values(16));
        final Pointer one = Pointer.to(new float[]{ 1, 0 });
        checks.equal("cublasCgeam on the emulator", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasCgeam(handle, N, N, 2, 2, one, d, 2, one, d, 2, d, 2));
        checks.equal("cublasCdgmm on the emulator", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasCdgmm(handle, LEFT, 2, 2, d, 2, d, 1, d, 2));
        checks.equal("cublasSsyrkx on the emulator", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasSsyrkx(handle, UPPER, N, 2, 2, one, d, 2, d, 2, one, d, 2));
        checks.equal("cublasCtpttr on the emulator", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasCtpttr(handle, UPPER, 2, d, d, 2));
        checks.equal("cublasSgemvStridedBatched on the emulator", cublasStatus.CUBLAS_STATUS_NOT_SUPPORTED,
            cublasSgemvStridedBatched(handle, N, 2, 2, one, d, 2, 4, d, 1, 2, one, d, 1, 2, 2));
    }

    private void dgmm()
    {
        final int m = 3;
        final int n = 2;
        final float[] real = values(m * n);
        final float[] diagonal = values(m);
        final Pointer dd = upload(new float[m * n]);
        status("cublasSdgmm", cublasSdgmm(handle, LEFT, m, n, upload(real), m, upload(diagonal), 1, dd, m));
        final float[] left = new float[m * n];
        final float[] right = new float[m * n];
        final float[] reversed = values(n);
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                left[i + j * m] = diagonal[i] * real[i + j * m];
                right[i + j * m] = reversed[n - 1 - j] * real[i + j * m];
            }
        }
        close("cublasSdgmm (left)", left, download(dd, m * n));
        status("cublasSdgmm", cublasSdgmm(handle, 1, m, n, upload(real), m, upload(reversed), -1, dd, m));
        close("cublasSdgmm (right, x backwards)", right, download(dd, m * n));
    }

    // On the GPU.

    private void geamAndSyrkx()
    {
        final int m = 3;
        final int n = 2;
        final float[] a = values(2 * m * n);
        final float[] b = values(2 * n * m);
        final Pointer dc = upload(new float[2 * m * n]);
        // C = alpha A + beta B^T, complex: alpha = (1, 1), beta = (2, 0).
        status("cublasCgeam", cublasCgeam(handle, N, T, m, n, Pointer.to(new float[]{ 1, 1 }), upload(a), m,
            Pointer.to(new float[]{ 2, 0 }), upload(b), n, dc, m));
        final float[] geam = new float[2 * m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                final int c = 2 * (i + j * m);
                final int bt = 2 * (j + i * n);
                geam[c] = a[c] - a[c + 1] + 2 * b[bt];
                geam[c + 1] = a[c] + a[c + 1] + 2 * b[bt + 1];
            }
        }
        close("cublasCgeam", geam, download(dc, 2 * m * n));


        final int order = 3;
        final int k = 2;
        final float[] sa = values(order * k);
        final float[] sb = values(order * k);
        final Pointer ds = upload(new float[order * order]);
        status("cublasSsyrkx", cublasSsyrkx(handle, UPPER, N, order, k, Pointer.to(new float[]{ 1 }), upload(sa),
            order, upload(sb), order, Pointer.to(new float[]{ 0 }), ds, order));
        final float[] result = download(ds, order * order);
        final float[] reference = product(sa, transpose(sb, order, k), order, k, order);
        boolean upper = true;
        for (int j = 0; j < order; j++)
        {
            for (int i = 0; i <= j; i++)
            {
                upper &= near(reference[i + j * order], result[i + j * order], 1e-3);
            }
        }
        checks.check("cublasSsyrkx upper triangle", upper, Arrays.toString(result));
    }

    private void complexRankUpdatesAndGemm3m()
    {
        final int n = 2;
        final float[] x = values(2 * n);
        final float[] a = new float[2 * n * n];
        final Pointer da = upload(a);
        // A += alpha x x^T (symmetric, no conjugate), alpha = (1, 0), lower triangle.
        status("cublasCsyr", cublasCsyr(handle, LOWER, n, Pointer.to(new float[]{ 1, 0 }), upload(x), 1, da, n));
        final float[] result = download(da, 2 * n * n);
        boolean lower = true;
        for (int j = 0; j < n; j++)
        {
            for (int i = j; i < n; i++)
            {
                final float re = x[2 * i] * x[2 * j] - x[2 * i + 1] * x[2 * j + 1];
                final float im = x[2 * i] * x[2 * j + 1] + x[2 * i + 1] * x[2 * j];
                lower &= near(re, result[2 * (i + j * n)], 1e-3) && near(im, result[2 * (i + j * n) + 1], 1e-3);
            }
        }
        checks.check("cublasCsyr lower triangle", lower, Arrays.toString(result));

        final float[] ga = values(2 * n * n);
        final float[] gb = values(2 * n * n);
        final Pointer dc = upload(new float[2 * n * n]);
        status("cublasCgemm3m", cublasCgemm3m(handle, N, N, n, n, n, Pointer.to(new float[]{ 1, 0 }), upload(ga), n,
            upload(gb), n, Pointer.to(new float[]{ 0, 0 }), dc, n));
        close("cublasCgemm3m", complexProduct(ga, gb, n), download(dc, 2 * n * n));
    }

    private void batchedGemvAndGemm()
    {
        final int m = 3;
        final int n = 2;
        final int batch = 2;
        final float[][] as = { values(m * n), values(m * n) };
        final float[][] xs = { values(n), values(n) };
        final Pointer[] da = { upload(as[0]), upload(as[1]) };
        final Pointer[] dx = { upload(xs[0]), upload(xs[1]) };
        final Pointer[] dy = { upload(new float[m]), upload(new float[m]) };
        status("cublasSgemvBatched", cublasSgemvBatched(handle, N, m, n, Pointer.to(new float[]{ 1 }),
            pointerArray(da), m, pointerArray(dx), 1, Pointer.to(new float[]{ 0 }), pointerArray(dy), 1, batch));
        for (int i = 0; i < batch; i++)
        {
            close("cublasSgemvBatched " + i, product(as[i], xs[i], m, n, 1), download(dy[i], m));
        }

        final float[] strided = new float[2 * m * n];
        System.arraycopy(as[0], 0, strided, 0, m * n);
        System.arraycopy(as[1], 0, strided, m * n, m * n);
        final float[] stridedX = { xs[0][0], xs[0][1], xs[1][0], xs[1][1] };
        final Pointer sy = upload(new float[2 * m]);
        status("cublasSgemvStridedBatched", cublasSgemvStridedBatched(handle, N, m, n, Pointer.to(new float[]{ 1 }),
            upload(strided), m, m * n, upload(stridedX), 1, n, Pointer.to(new float[]{ 0 }), sy, 1, m, batch));
        final float[] ys = download(sy, 2 * m);
        close("cublasSgemvStridedBatched 0", product(as[0], xs[0], m, n, 1), Arrays.copyOfRange(ys, 0, m));
        close("cublasSgemvStridedBatched 1", product(as[1], xs[1], m, n, 1), Arrays.copyOfRange(ys, m, 2 * m));

        final int order = 2;
        final float[][] ca = { values(2 * order * order), values(2 * order * order) };
        final float[][] cb = { values(2 * order * order), values(2 * order * order) };
        final Pointer[] dca = { upload(ca[0]), upload(ca[1]) };
        final Pointer[] dcb = { upload(cb[0]), upload(cb[1]) };
        final Pointer[] dcc = { upload(new float[2 * order * order]), upload(new float[2 * order * order]) };
        status("cublasCgemmBatched", cublasCgemmBatched(handle, N, N, order, order, order,
            Pointer.to(new float[]{ 1, 0 }), pointerArray(dca), order, pointerArray(dcb), order,
            Pointer.to(new float[]{ 0, 0 }), pointerArray(dcc), order, batch));
        for (int i = 0; i < batch; i++)
        {
            close("cublasCgemmBatched " + i, complexProduct(ca[i], cb[i], order), download(dcc[i], 2 * order * order));
        }
    }

    private void batchedTrsm()
    {
        final int n = 2;
        // Upper triangular A with a strong diagonal; solve A X = B in place.
        final float[] a = { 4, 0, 1, 3 };
        final float[][] bs = { values(n * n), values(n * n) };
        final Pointer[] da = { upload(a), upload(a) };
        final Pointer[] db = { upload(bs[0]), upload(bs[1]) };
        status("cublasStrsmBatched", cublasStrsmBatched(handle, LEFT, UPPER, N, NON_UNIT, n, n,
            Pointer.to(new float[]{ 1 }), pointerArray(da), n, pointerArray(db), n, 2));
        for (int i = 0; i < 2; i++)
        {
            close("cublasStrsmBatched " + i + " (A X = B)", bs[i], product(a, download(db[i], n * n), n, n, n));
        }
    }

    private void packedConversions()
    {
        final int n = 3;
        final float[] packed = values(n * (n + 1) / 2);
        final Pointer dap = upload(packed);
        final Pointer dfull = upload(new float[n * n]);
        status("cublasStpttr", cublasStpttr(handle, UPPER, n, dap, dfull, n));
        final Pointer back = upload(new float[packed.length]);
        status("cublasStrttp", cublasStrttp(handle, UPPER, n, dfull, n, back));
        close("cublasStpttr then cublasStrttp", packed, download(back, packed.length));
        final float[] full = download(dfull, n * n);
        checks.check("cublasStpttr A(0,2) is AP[3]", full[2 * n] == packed[3], Arrays.toString(full));
    }

    private void batchedSolvers()
    {
        final int n = 2;
        final float[] a = { 4, 1, 2, 3 };
        final float[] rhs = values(n);
        final Pointer dlu = upload(a);
        final Pointer pivots = malloc((long)n * Integer.BYTES);
        final Pointer infoArray = malloc(Integer.BYTES);
        status("cublasSgetrfBatched", cublasSgetrfBatched(handle, n, pointerArray(new Pointer[]{ dlu }), n, pivots,
            infoArray, 1));
        final Pointer db = upload(rhs);
        final int[] info = { -1 };
        status("cublasSgetrsBatched", cublasSgetrsBatched(handle, N, n, 1, pointerArray(new Pointer[]{ dlu }), n,
            pivots, pointerArray(new Pointer[]{ db }), n, Pointer.to(info), 1));
        checks.equal("cublasSgetrsBatched info", 0, info[0]);
        close("cublasSgetrsBatched (A x = b)", rhs, product(a, download(db, n), n, n, 1));

        final Pointer inverse = upload(new float[n * n]);
        status("cublasSmatinvBatched", cublasSmatinvBatched(handle, n, pointerArray(new Pointer[]{ upload(a) }), n,
            pointerArray(new Pointer[]{ inverse }), n, infoArray, 1));
        close("cublasSmatinvBatched (A A^-1 = I)", new float[]{ 1, 0, 0, 1 }, product(a, download(inverse, n * n),
            n, n, n));

        final float[] tall = values(3 * n);
        final Pointer dq = upload(tall);
        final Pointer tau = upload(new float[n]);
        info[0] = -1;
        status("cublasSgeqrfBatched", cublasSgeqrfBatched(handle, 3, n, pointerArray(new Pointer[]{ dq }), 3,
            pointerArray(new Pointer[]{ tau }), Pointer.to(info), 1));
        checks.equal("cublasSgeqrfBatched info", 0, info[0]);
        final float[] r = download(dq, 3 * n);
        final float column0 = (float)Math.sqrt(tall[0] * tall[0] + tall[1] * tall[1] + tall[2] * tall[2]);
        checks.check("cublasSgeqrfBatched |R(0,0)| is the first column's norm", near(column0, Math.abs(r[0]), 1e-3),
            column0 + " vs " + r[0]);

        final Pointer ls = upload(a);
        final Pointer lsb = upload(rhs);
        final Pointer devInfo = malloc(Integer.BYTES);
        info[0] = -1;
        status("cublasSgelsBatched", cublasSgelsBatched(handle, N, n, n, 1, pointerArray(new Pointer[]{ ls }), n,
            pointerArray(new Pointer[]{ lsb }), n, Pointer.to(info), devInfo, 1));
        checks.equal("cublasSgelsBatched info", 0, info[0]);
        close("cublasSgelsBatched (A x = b, square)", rhs, product(a, download(lsb, n), n, n, 1));
    }

    // Helpers.

    private void status(final String what, final int status)
    {
        checks.equal(what + " status", cublasStatus.CUBLAS_STATUS_SUCCESS, status);
    }

    private void close(final String what, final float[] expected, final float[] actual)
    {
        boolean ok = expected.length == actual.length;
        for (int i = 0; ok && i < expected.length; i++)
        {
            ok = near(expected[i], actual[i], 1e-3);
        }
        checks.check(what, ok, "expected " + Arrays.toString(expected) + " but was " + Arrays.toString(actual));
    }

    private static boolean near(final double expected, final double actual, final double tolerance)
    {
        return Math.abs(expected - actual) <= tolerance * (1 + Math.abs(expected));
    }

    private float[] values(final int n)
    {
        final float[] values = new float[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = random.nextInt(9) - 4 + 0.5f;
        }
        return values;
    }

    /** Column-major (rows x inner) times (inner x cols). */
    private static float[] product(final float[] a, final float[] b, final int rows, final int inner, final int cols)
    {
        final float[] c = new float[rows * cols];
        for (int j = 0; j < cols; j++)
        {
            for (int i = 0; i < rows; i++)
            {
                double sum = 0;
                for (int l = 0; l < inner; l++)
                {
                    sum += (double)a[i + l * rows] * b[l + j * inner];
                }
                c[i + j * rows] = (float)sum;
            }
        }
        return c;
    }

    private static float[] transpose(final float[] a, final int rows, final int cols)
    {
        final float[] t = new float[rows * cols];
        for (int j = 0; j < cols; j++)
        {
            for (int i = 0; i < rows; i++)
            {
                t[j + i * cols] = a[i + j * rows];
            }
        }
        return t;
    }

    /** Square complex (interleaved) matrices of order n. */
    private static float[] complexProduct(final float[] a, final float[] b, final int n)
    {
        final float[] c = new float[2 * n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                double re = 0;
                double im = 0;
                for (int l = 0; l < n; l++)
                {
                    final int x = 2 * (i + l * n);
                    final int y = 2 * (l + j * n);
                    re += (double)a[x] * b[y] - (double)a[x + 1] * b[y + 1];
                    im += (double)a[x] * b[y + 1] + (double)a[x + 1] * b[y];
                }
                c[2 * (i + j * n)] = (float)re;
                c[2 * (i + j * n) + 1] = (float)im;
            }
        }
        return c;
    }

    private Pointer malloc(final long bytes)
    {
        final Pointer pointer = new Pointer();
        cudaMalloc(pointer, bytes);
        allocations.add(pointer);
        return pointer;
    }

    private Pointer upload(final float[] values)
    {
        final Pointer pointer = malloc(Math.max(1, values.length) * (long)Float.BYTES);
        cudaMemcpy(pointer, Pointer.to(values), (long)values.length * Float.BYTES, cudaMemcpyHostToDevice);
        return pointer;
    }

    private static float[] download(final Pointer pointer, final int n)
    {
        final float[] values = new float[n];
        cudaMemcpy(Pointer.to(values), pointer, (long)n * Float.BYTES, cudaMemcpyDeviceToHost);
        return values;
    }

    private Pointer pointerArray(final Pointer[] pointers)
    {
        final Pointer array = malloc((long)pointers.length * Sizeof.POINTER);
        cudaMemcpy(array, Pointer.to(pointers), (long)pointers.length * Sizeof.POINTER, cudaMemcpyHostToDevice);
        return array;
    }
}
