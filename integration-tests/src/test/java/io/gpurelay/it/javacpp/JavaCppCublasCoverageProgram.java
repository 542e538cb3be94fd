package io.gpurelay.it.javacpp;

import java.util.ArrayList;
import java.util.List;

import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.double2;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

import static org.bytedeco.cuda.global.cublas.CUBLAS_COMPUTE_32F;
import static org.bytedeco.cuda.global.cublas.CUBLAS_DIAG_NON_UNIT;
import static org.bytedeco.cuda.global.cublas.CUBLAS_FILL_MODE_LOWER;
import static org.bytedeco.cuda.global.cublas.CUBLAS_GEMM_DEFAULT;
import static org.bytedeco.cuda.global.cublas.CUBLAS_OP_N;
import static org.bytedeco.cuda.global.cublas.CUBLAS_SIDE_LEFT;
import static org.bytedeco.cuda.global.cublas.CUBLAS_SIDE_RIGHT;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasCrotg_v2;
import static org.bytedeco.cuda.global.cublas.cublasDdgmm;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cublas.cublasDgbmv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDgelsBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgemmBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgemvBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgeqrfBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgetrfBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgetriBatched;
import static org.bytedeco.cuda.global.cublas.cublasDgetrsBatched;
import static org.bytedeco.cuda.global.cublas.cublasDmatinvBatched;
import static org.bytedeco.cuda.global.cublas.cublasDrotg_v2;
import static org.bytedeco.cuda.global.cublas.cublasDrotm_v2;
import static org.bytedeco.cuda.global.cublas.cublasDrotmg_v2;
import static org.bytedeco.cuda.global.cublas.cublasDsbmv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDspmv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDspr2_v2;
import static org.bytedeco.cuda.global.cublas.cublasDspr_v2;
import static org.bytedeco.cuda.global.cublas.cublasDsyr2_v2;
import static org.bytedeco.cuda.global.cublas.cublasDsyr2k_v2;
import static org.bytedeco.cuda.global.cublas.cublasDsyr_v2;
import static org.bytedeco.cuda.global.cublas.cublasDsyrkx;
import static org.bytedeco.cuda.global.cublas.cublasDtbmv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDtbsv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDtpmv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDtpsv_v2;
import static org.bytedeco.cuda.global.cublas.cublasDtpttr;
import static org.bytedeco.cuda.global.cublas.cublasDtrsmBatched;
import static org.bytedeco.cuda.global.cublas.cublasDtrttp;
import static org.bytedeco.cuda.global.cublas.cublasGemmEx;
import static org.bytedeco.cuda.global.cublas.cublasGetAtomicsMode;
import static org.bytedeco.cuda.global.cublas.cublasGetCudartVersion;
import static org.bytedeco.cuda.global.cublas.cublasGetMatrix;
import static org.bytedeco.cuda.global.cublas.cublasGetMatrixAsync;
import static org.bytedeco.cuda.global.cublas.cublasGetMatrixAsync_64;
import static org.bytedeco.cuda.global.cublas.cublasGetMatrix_64;
import static org.bytedeco.cuda.global.cublas.cublasGetProperty;
import static org.bytedeco.cuda.global.cublas.cublasGetStatusName;
import static org.bytedeco.cuda.global.cublas.cublasGetStatusString;
import static org.bytedeco.cuda.global.cublas.cublasGetVector;
import static org.bytedeco.cuda.global.cublas.cublasGetVectorAsync;
import static org.bytedeco.cuda.global.cublas.cublasGetVectorAsync_64;
import static org.bytedeco.cuda.global.cublas.cublasGetVector_64;
import static org.bytedeco.cuda.global.cublas.cublasGetVersion_v2;
import static org.bytedeco.cuda.global.cublas.cublasSdgmm;
import static org.bytedeco.cuda.global.cublas.cublasSetAtomicsMode;
import static org.bytedeco.cuda.global.cublas.cublasSetMatrix;
import static org.bytedeco.cuda.global.cublas.cublasSetMatrixAsync;
import static org.bytedeco.cuda.global.cublas.cublasSetMatrixAsync_64;
import static org.bytedeco.cuda.global.cublas.cublasSetMatrix_64;
import static org.bytedeco.cuda.global.cublas.cublasSetVector;
import static org.bytedeco.cuda.global.cublas.cublasSetVectorAsync;
import static org.bytedeco.cuda.global.cublas.cublasSetVectorAsync_64;
import static org.bytedeco.cuda.global.cublas.cublasSetVector_64;
import static org.bytedeco.cuda.global.cublas.cublasSgemmStridedBatched;
import static org.bytedeco.cuda.global.cublas.cublasSrotg_v2;
import static org.bytedeco.cuda.global.cublas.cublasZdrot_v2;
import static org.bytedeco.cuda.global.cublas.cublasZgeam;
import static org.bytedeco.cuda.global.cublas.cublasZgemm3m;
import static org.bytedeco.cuda.global.cublas.cublasZher_v2;
import static org.bytedeco.cuda.global.cublas.cublasZrot_v2;
import static org.bytedeco.cuda.global.cudart.CUDA_R_32F;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cudart.cudaMemset;
import static org.bytedeco.cuda.global.cudart.cudaStreamCreate;
import static org.bytedeco.cuda.global.cudart.cudaStreamDestroy;
import static org.bytedeco.cuda.global.cudart.cudaStreamSynchronize;

/**
 * A JavaCPP program (the presets' Java classes only) exercising the cuBLAS functions beyond JavaCppProgram's sgemm,
 * each checked against a result computed here: the host/device transfers in all their forms (strided host and
 * device sides, leading dimensions, Async on a stream, _64) and a refused bad increment, rotg and rotmg, the library
 * queries, dgmm, gemmEx, batched gemm (arrays of device pointers and strided), LU factorisation and inversion,
 * packed and full triangles; and, where the executor has them, the banded, packed and rank-update routines, rotm,
 * the complex rot, her, geam and gemm3m, syr2k, syrkx and the batched gemv, trsm, getrs, matinv, geqrf and gels.
 * <p>
 * Arguments: {@code emulator} skips what the emulator's cuBLAS does not have, naming it in one line; {@code dump}
 * prints a hash of the device results so that a local and a remote run can be compared bit for bit. The last line is
 * {@code PASSED}.
 */
public final class JavaCppCublasCoverageProgram
{
    private static final int INVALID_VALUE = 7;
    private static final double EXACT = 0;
    private static final double CLOSE = 1e-10;

    private static final List<Pointer> ALLOCATIONS = new ArrayList<>();
    private static long hash = 1125899906842597L;
    private static cublasContext handle;

    private JavaCppCublasCoverageProgram()
    {
    }

    public static void main(final String[] args)
    {
        final List<String> options = List.of(args);
        final boolean emulator = options.contains("emulator");
        handle = new cublasContext();
        check(cublasCreate_v2(handle), "cublasCreate_v2");

        library();
        transfers();
        rotations();
        emulatedRoutines();
        if (emulator)
        {
            System.out.println("skipped on the emulator, whose cuBLAS has none of them: rotm, the complex rot, " +
                "gbmv, tbmv, tbsv, tpmv, tpsv, sbmv, spmv, syr, spr, syr2, spr2, her, syr2k, syrkx, the complex geam " +
                "and gemm3m, and the batched gemv, trsm, getrs, matinv, geqrf and gels");
        }
        else
        {
            levelTwo();
            complexRoutines();
            levelThree();
            batchedSolvers();
        }

        check(cublasDestroy_v2(handle), "cublasDestroy_v2");
        for (final Pointer allocation : ALLOCATIONS)
        {
            check(cudaFree(allocation), "cudaFree");
        }
        if (options.contains("dump"))
        {
            System.out.println("result-hash cublas=" + Long.toHexString(hash));
        }
        System.out.println("PASSED");
    }

    /** Versions, atomics mode, status names: answered by the executor's cuBLAS or by the library's own table. */
    private static void library()
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        final int[] patch = new int[1];
        check(cublasGetProperty(0, major), "cublasGetProperty major");
        check(cublasGetProperty(1, minor), "cublasGetProperty minor");
        check(cublasGetProperty(2, patch), "cublasGetProperty patch");
        final int[] version = new int[1];
        check(cublasGetVersion_v2(handle, version), "cublasGetVersion_v2");
        if (major[0] < 1 || major[0] * 10000 + minor[0] * 100 + patch[0] != version[0])
        {
            throw new AssertionError("cublasGetProperty gave " + major[0] + "." + minor[0] + "." + patch[0] +
                ", cublasGetVersion " + version[0]);
        }
        final long cudart = cublasGetCudartVersion();
        if (cudart < 1000)
        {
            throw new AssertionError("cublasGetCudartVersion gave " + cudart);
        }
        final BytePointer name = cublasGetStatusName(INVALID_VALUE);
        final BytePointer meaning = cublasGetStatusString(INVALID_VALUE);
        if (!"CUBLAS_STATUS_INVALID_VALUE".equals(name.getString()) || meaning.getString().isEmpty())
        {
            throw new AssertionError("status 7 is " + name.getString() + ": " + meaning.getString());
        }
        final int[] atomics = { -1 };
        check(cublasSetAtomicsMode(handle, 1), "cublasSetAtomicsMode");
        check(cublasGetAtomicsMode(handle, atomics), "cublasGetAtomicsMode");
        check(cublasSetAtomicsMode(handle, 0), "cublasSetAtomicsMode");
        if (atomics[0] != 1)
        {
            throw new AssertionError("cublasGetAtomicsMode gave " + atomics[0] + " after setting 1");
        }
        System.out.println("library: cuBLAS " + major[0] + "." + minor[0] + "." + patch[0] + ", CUDA runtime " +
            cudart + ", status 7 is " + name.getString() + " (" + meaning.getString() + "), atomics mode set");
    }

    /**
     * Every form of the transfers: the host side strided, the device side strided or with a leading dimension
     * beyond its rows; each checked on the device with cudaMemcpy and back on the host.
     */
    private static void transfers()
    {
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        for (int form = 0; form < 4; form++)
        {
            final boolean async = form % 2 == 1;
            final boolean wide = form >= 2;
            final String label = (async ? "Async" : "") + (wide ? "_64" : "");
            // A vector: host increment 2, device increment 3, back with host increment 3.
            final FloatPointer host = new FloatPointer(1 + form, -9, 2, -9, 3, -9, 4);
            final Pointer device = zeros(10 * Float.BYTES);
            final int set = !async && !wide ? cublasSetVector(4, Float.BYTES, host, 2, device, 3) :
                async && !wide ? cublasSetVectorAsync(4, Float.BYTES, host, 2, device, 3, stream) :
                !async ? cublasSetVector_64(4, Float.BYTES, host, 2, device, 3) :
                cublasSetVectorAsync_64(4, Float.BYTES, host, 2, device, 3, stream);
            check(set, "cublasSetVector" + label);
            check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
            final FloatPointer onDevice = new FloatPointer(10);
            check(cudaMemcpy(onDevice, device, 10 * Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy");
            checkFloats("cublasSetVector" + label, onDevice, 1 + form, 0, 0, 2, 0, 0, 3, 0, 0, 4);
            final FloatPointer back = new FloatPointer(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
            final int get = !async && !wide ? cublasGetVector(4, Float.BYTES, device, 3, back, 3) :
                async && !wide ? cublasGetVectorAsync(4, Float.BYTES, device, 3, back, 3, stream) :
                !async ? cublasGetVector_64(4, Float.BYTES, device, 3, back, 3) :
                cublasGetVectorAsync_64(4, Float.BYTES, device, 3, back, 3, stream);
            check(get, "cublasGetVector" + label);
            check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
            checkFloats("cublasGetVector" + label, back, 1 + form, -1, -1, 2, -1, -1, 3, -1, -1, 4);

            // A 3 x 2 matrix: host lda 4, device ldb 5, back into a contiguous host matrix.
            final DoublePointer matrix = new DoublePointer(1, 2, 3, -9, 4, 5, 6 + form, -9);
            final Pointer dMatrix = zeros(10 * Double.BYTES);
            final int setMatrix = !async && !wide ? cublasSetMatrix(3, 2, Double.BYTES, matrix, 4, dMatrix, 5) :
                async && !wide ? cublasSetMatrixAsync(3, 2, Double.BYTES, matrix, 4, dMatrix, 5, stream) :
                !async ? cublasSetMatrix_64(3, 2, Double.BYTES, matrix, 4, dMatrix, 5) :
                cublasSetMatrixAsync_64(3, 2, Double.BYTES, matrix, 4, dMatrix, 5, stream);
            check(setMatrix, "cublasSetMatrix" + label);
            check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
            final DoublePointer laidOut = new DoublePointer(10);
            check(cudaMemcpy(laidOut, dMatrix, 10 * Double.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy");
            checkDoubles("cublasSetMatrix" + label, array(laidOut, 10),
                new double[]{ 1, 2, 3, 0, 0, 4, 5, 6 + form, 0, 0 }, EXACT);
            final DoublePointer packed = new DoublePointer(6);
            final int getMatrix = !async && !wide ? cublasGetMatrix(3, 2, Double.BYTES, dMatrix, 5, packed, 3) :
                async && !wide ? cublasGetMatrixAsync(3, 2, Double.BYTES, dMatrix, 5, packed, 3, stream) :
                !async ? cublasGetMatrix_64(3, 2, Double.BYTES, dMatrix, 5, packed, 3) :
                cublasGetMatrixAsync_64(3, 2, Double.BYTES, dMatrix, 5, packed, 3, stream);
            check(getMatrix, "cublasGetMatrix" + label);
            check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
            checkDoubles("cublasGetMatrix" + label, array(packed, 6), new double[]{ 1, 2, 3, 4, 5, 6 + form },
                EXACT);
        }
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        final int refused = cublasSetVector(4, Float.BYTES, new FloatPointer(4), 0, zeros(16), 1);
        if (refused != INVALID_VALUE)
        {
            throw new AssertionError("cublasSetVector with increment 0 returned " + refused);
        }
        System.out.println("transfers: Set/GetVector and Set/GetMatrix, Async and _64, strided, correct; " +
            "increment 0 refused");
    }

    /** rotg and rotmg: computed on the host from host scalars. */
    private static void rotations()
    {
        final FloatPointer sa = new FloatPointer(3f);
        final FloatPointer sb = new FloatPointer(4f);
        final FloatPointer sc = new FloatPointer(1);
        final FloatPointer ss = new FloatPointer(1);
        check(cublasSrotg_v2(handle, sa, sb, sc, ss), "cublasSrotg_v2");
        checkRotation("cublasSrotg_v2", new double[]{ sa.get(), sc.get(), ss.get() }, new double[]{ 5, 0.6, 0.8 },
            1e-6);
        final double[] da = { 3 };
        final double[] db = { 4 };
        final double[] dc = new double[1];
        final double[] ds = new double[1];
        check(cublasDrotg_v2(handle, da, db, dc, ds), "cublasDrotg_v2");
        checkRotation("cublasDrotg_v2", new double[]{ da[0], dc[0], ds[0] }, new double[]{ 5, 0.6, 0.8 }, 1e-15);
        final org.bytedeco.cuda.cudart.float2 ca = new org.bytedeco.cuda.cudart.float2();
        ca.x(3f).y(0f);
        final org.bytedeco.cuda.cudart.float2 cb = new org.bytedeco.cuda.cudart.float2();
        cb.x(4f).y(0f);
        final FloatPointer cc = new FloatPointer(1);
        final org.bytedeco.cuda.cudart.float2 cs = new org.bytedeco.cuda.cudart.float2();
        check(cublasCrotg_v2(handle, ca, cb, cc, cs), "cublasCrotg_v2");
        checkRotation("cublasCrotg_v2", new double[]{ ca.x(), ca.y(), cc.get(), cs.x(), cs.y() },
            new double[]{ 5, 0, 0.6, 0.8, 0 }, 1e-6);
        // d1 = 2, d2 = 1, x1 = 1, y1 = 1: |d1 x1 x1| > |d2 y1 y1|, so flag 0, h21 = -1, h12 = 0.5, and d1, d2, x1
        // scaled by u = 1.5.
        final double[] d1 = { 2 };
        final double[] d2 = { 1 };
        final double[] x1 = { 1 };
        final double[] param = new double[5];
        check(cublasDrotmg_v2(handle, d1, d2, x1, new double[]{ 1 }, param), "cublasDrotmg_v2");
        checkRotation("cublasDrotmg_v2", new double[]{ d1[0], d2[0], x1[0], param[0], param[2], param[3] },
            new double[]{ 4.0 / 3, 2.0 / 3, 1.5, 0, -1, 0.5 }, 1e-15);
        System.out.println("rotations: srotg, drotg, crotg, drotmg correct");
    }

    /** The routines both backends have: dgmm, batched gemm, LU factorisation and inversion, packed triangles. */
    private static void emulatedRoutines()
    {
        // dgmm: C = diag(x) A, and C = A diag(x).
        final double[] a23 = { 1, 2, 3, 4, 5, 6 };
        final DoublePointer dA = upload(a23);
        final DoublePointer dC = dzeros(6);
        check(cublasDdgmm(handle, CUBLAS_SIDE_LEFT, 2, 3, dA, 2, upload(10, -1), 1, dC, 2), "cublasDdgmm");
        checkDoubles("cublasDdgmm", download(dC, 6), new double[]{ 10, -2, 30, -4, 50, -6 }, EXACT);
        final FloatPointer sA = uploadFloats(1, 2, 3, 4, 5, 6);
        final FloatPointer sC = uploadFloats(0, 0, 0, 0, 0, 0);
        check(cublasSdgmm(handle, CUBLAS_SIDE_RIGHT, 2, 3, sA, 2, uploadFloats(2, 0, -1), 1, sC, 2), "cublasSdgmm");
        checkDoubles("cublasSdgmm", downloadFloats(sC, 6), new double[]{ 2, 4, 0, 0, -5, -6 }, EXACT);

        // gemmBatched: two 2 x 2 products through arrays of device pointers.
        final double[][] as = { { 1, 2, 3, 4 }, { 0, 1, -1, 2 } };
        final double[][] bs = { { 5, 6, 7, 8 }, { 2, 0, 1, 3 } };
        final Pointer[] cs = { zeros(32), zeros(32) };
        check(cublasDgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, new DoublePointer(1.0),
            pointers(upload(as[0]), upload(as[1])), 2, pointers(upload(bs[0]), upload(bs[1])), 2,
            new DoublePointer(0.0), pointers(cs), 2, 2), "cublasDgemmBatched");
        for (int b = 0; b < 2; b++)
        {
            checkDoubles("cublasDgemmBatched " + b, download(cs[b], 4), multiply(as[b], bs[b], 2, 2, 2), EXACT);
        }
        // gemmStridedBatched: the same products, strided in one allocation each.
        final FloatPointer strided = uploadFloats(0, 0, 0, 0, 0, 0, 0, 0);
        check(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, new FloatPointer(2f),
            uploadFloats(1, 2, 3, 4, 0, 1, -1, 2), 2, 4, uploadFloats(5, 6, 7, 8, 2, 0, 1, 3), 2, 4,
            new FloatPointer(0f), strided, 2, 4, 2), "cublasSgemmStridedBatched");
        final double[] expected = new double[8];
        for (int b = 0; b < 2; b++)
        {
            final double[] product = multiply(as[b], bs[b], 2, 2, 2);
            for (int i = 0; i < 4; i++)
            {
                expected[4 * b + i] = 2 * product[i];
            }
        }
        checkDoubles("cublasSgemmStridedBatched", downloadFloats(strided, 8), expected, EXACT);

        // gemmEx, all 32F with a 32F compute type: C = A B.
        final FloatPointer exC = uploadFloats(0, 0, 0, 0);
        check(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, new FloatPointer(1f),
            uploadFloats(1, 2, 3, 4), CUDA_R_32F, 2, uploadFloats(5, 6, 7, 8), CUDA_R_32F, 2, new FloatPointer(0f),
            exC, CUDA_R_32F, 2, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT), "cublasGemmEx");
        checkDoubles("cublasGemmEx", downloadFloats(exC, 4), multiply(as[0], bs[0], 2, 2, 2), EXACT);

        // getrfBatched then getriBatched: the inverse of a 3 x 3 matrix.
        final double[] m = { 4, 2, 3, 3, 1, 2, 2, 3, 1 };
        final DoublePointer dM = upload(m);
        final Pointer pivots = zeros(3 * Integer.BYTES);
        final Pointer info = zeros(Integer.BYTES);
        check(cublasDgetrfBatched(handle, 3, pointers(dM), 3, new IntPointer(pivots), new IntPointer(info), 1),
            "cublasDgetrfBatched");
        checkInfo("cublasDgetrfBatched", info);
        final Pointer inverse = zeros(9 * Double.BYTES);
        check(cublasDgetriBatched(handle, 3, pointers(dM), 3, new IntPointer(pivots), pointers(inverse), 3,
            new IntPointer(info), 1), "cublasDgetriBatched");
        checkInfo("cublasDgetriBatched", info);
        checkDoubles("cublasDgetriBatched (A x inverse)", multiply(m, download(inverse, 9), 3, 3, 3),
            identity(3), CLOSE);

        // trttp then tpttr: a lower triangle to packed storage and back into a zeroed matrix.
        final double[] full = { 1, 2, 3, -1, 4, 5, -1, -1, 6 };
        final DoublePointer packed = dzeros(6);
        check(cublasDtrttp(handle, CUBLAS_FILL_MODE_LOWER, 3, upload(full), 3, packed), "cublasDtrttp");
        checkDoubles("cublasDtrttp", download(packed, 6), new double[]{ 1, 2, 3, 4, 5, 6 }, EXACT);
        final DoublePointer unpacked = dzeros(9);
        check(cublasDtpttr(handle, CUBLAS_FILL_MODE_LOWER, 3, packed, unpacked, 3), "cublasDtpttr");
        checkDoubles("cublasDtpttr", download(unpacked, 9), new double[]{ 1, 2, 3, 0, 4, 5, 0, 0, 6 }, EXACT);
        System.out.println("routines: ddgmm, sdgmm, dgemmBatched, sgemmStridedBatched, gemmEx, dgetrfBatched, " +
            "dgetriBatched, dtrttp, dtpttr correct");
    }

    /** Banded, packed and rank-update routines, and rotm: 4 x 4, lower triangles, checked against dense products. */
    private static void levelTwo()
    {
        final int n = 4;
        final double[] x0 = { 1, -2, 3, 0.5 };
        final double[] y0 = { 0.5, 1, -1, 2 };
        // L: lower bidiagonal; its band storage (k = 1, ld 2) and its packed lower triangle.
        final double[] l = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            l[i + i * n] = 2 + i;
            if (i + 1 < n)
            {
                l[i + 1 + i * n] = 1 + 0.5 * i;
            }
        }
        final double[] band = new double[2 * n];
        for (int j = 0; j < n; j++)
        {
            band[j * 2] = l[j + j * n];
            band[1 + j * 2] = j + 1 < n ? l[j + 1 + j * n] : 0;
        }
        final double[] lPacked = packLower(l, n);
        final double[] lx = multiply(l, x0, n, n, 1);

        DoublePointer x = upload(x0);
        check(cublasDtbmv_v2(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, 1, upload(band), 2,
            x, 1), "cublasDtbmv_v2");
        checkDoubles("cublasDtbmv_v2", download(x, n), lx, CLOSE);
        check(cublasDtbsv_v2(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, 1, upload(band), 2,
            x, 1), "cublasDtbsv_v2");
        checkDoubles("cublasDtbsv_v2", download(x, n), x0, CLOSE);
        x = upload(x0);
        check(cublasDtpmv_v2(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, upload(lPacked), x,
            1), "cublasDtpmv_v2");
        checkDoubles("cublasDtpmv_v2", download(x, n), lx, CLOSE);
        check(cublasDtpsv_v2(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, upload(lPacked), x,
            1), "cublasDtpsv_v2");
        checkDoubles("cublasDtpsv_v2", download(x, n), x0, CLOSE);

        // S = L + L^T - diag(L), symmetric tridiagonal: y = 2 S x + 0.5 y.
        final double[] s = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                s[i + j * n] = i >= j ? l[i + j * n] : l[j + i * n];
            }
        }
        final double[] sy = axpby(2, multiply(s, x0, n, n, 1), 0.5, y0);
        DoublePointer y = upload(y0);
        check(cublasDsbmv_v2(handle, CUBLAS_FILL_MODE_LOWER, n, 1, new DoublePointer(2.0), upload(band), 2,
            upload(x0), 1, new DoublePointer(0.5), y, 1), "cublasDsbmv_v2");
        checkDoubles("cublasDsbmv_v2", download(y, n), sy, CLOSE);
        y = upload(y0);
        check(cublasDspmv_v2(handle, CUBLAS_FILL_MODE_LOWER, n, new DoublePointer(2.0), upload(lPacked), upload(x0),
            1, new DoublePointer(0.5), y, 1), "cublasDspmv_v2");
        checkDoubles("cublasDspmv_v2", download(y, n), sy, CLOSE);

        // A tridiagonal general band matrix (kl = ku = 1, ld 3): y = 1.5 A x - y.
        final double[] g = new double[n * n];
        final double[] gBand = new double[3 * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = Math.max(0, j - 1); i <= Math.min(n - 1, j + 1); i++)
            {
                g[i + j * n] = 1 + i + 10 * j;
                gBand[1 + i - j + j * 3] = g[i + j * n];
            }
        }
        y = upload(y0);
        check(cublasDgbmv_v2(handle, CUBLAS_OP_N, n, n, 1, 1, new DoublePointer(1.5), upload(gBand), 3, upload(x0),
            1, new DoublePointer(-1.0), y, 1), "cublasDgbmv_v2");
        checkDoubles("cublasDgbmv_v2", download(y, n), axpby(1.5, multiply(g, x0, n, n, 1), -1, y0), CLOSE);

        // Rank updates of the lower triangle; the upper one stays.
        final double[] a0 = new double[n * n];
        for (int i = 0; i < a0.length; i++)
        {
            a0[i] = i % 5 - 0.25 * i;
        }
        final double[] syr = a0.clone();
        final double[] syr2 = a0.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = j; i < n; i++)
            {
                syr[i + j * n] += 2 * x0[i] * x0[j];
                syr2[i + j * n] += 1.5 * (x0[i] * y0[j] + y0[i] * x0[j]);
            }
        }
        DoublePointer a = upload(a0);
        check(cublasDsyr_v2(handle, CUBLAS_FILL_MODE_LOWER, n, new DoublePointer(2.0), upload(x0), 1, a, n),
            "cublasDsyr_v2");
        checkDoubles("cublasDsyr_v2", download(a, n * n), syr, CLOSE);
        a = upload(packLower(a0, n));
        check(cublasDspr_v2(handle, CUBLAS_FILL_MODE_LOWER, n, new DoublePointer(2.0), upload(x0), 1, a),
            "cublasDspr_v2");
        checkDoubles("cublasDspr_v2", download(a, n * (n + 1) / 2), packLower(syr, n), CLOSE);
        a = upload(a0);
        check(cublasDsyr2_v2(handle, CUBLAS_FILL_MODE_LOWER, n, new DoublePointer(1.5), upload(x0), 1, upload(y0), 1,
            a, n), "cublasDsyr2_v2");
        checkDoubles("cublasDsyr2_v2", download(a, n * n), syr2, CLOSE);
        a = upload(packLower(a0, n));
        check(cublasDspr2_v2(handle, CUBLAS_FILL_MODE_LOWER, n, new DoublePointer(1.5), upload(x0), 1, upload(y0), 1,
            a), "cublasDspr2_v2");
        checkDoubles("cublasDspr2_v2", download(a, n * (n + 1) / 2), packLower(syr2, n), CLOSE);

        // rotm with a full H (flag -1): x' = h11 x + h12 y, y' = h21 x + h22 y.
        x = upload(x0);
        y = upload(y0);
        check(cublasDrotm_v2(handle, n, x, 1, y, 1, new DoublePointer(-1.0, 2, 3, 4, 5)), "cublasDrotm_v2");
        checkDoubles("cublasDrotm_v2 x", download(x, n), axpby(2, x0, 4, y0), CLOSE);
        checkDoubles("cublasDrotm_v2 y", download(y, n), axpby(3, x0, 5, y0), CLOSE);
        System.out.println("level 2: dtbmv, dtbsv, dtpmv, dtpsv, dsbmv, dspmv, dgbmv, dsyr, dspr, dsyr2, dspr2, " +
            "drotm correct");
    }

    /** Complex routines: rot with a real and a complex sine, her, geam and gemm3m. */
    private static void complexRoutines()
    {
        // Two complex vectors of 2 as (re, im) pairs.
        final double[] x0 = { 1, 2, -1, 0.5 };
        final double[] y0 = { 0, 1, 3, -2 };
        double2 x = complexUpload(x0);
        double2 y = complexUpload(y0);
        check(cublasZdrot_v2(handle, 2, x, 1, y, 1, new DoublePointer(0.6), new DoublePointer(0.8)),
            "cublasZdrot_v2");
        checkDoubles("cublasZdrot_v2 x", complexDownload(x, 2), axpby(0.6, x0, 0.8, y0), CLOSE);
        checkDoubles("cublasZdrot_v2 y", complexDownload(y, 2), axpby(0.6, y0, -0.8, x0), CLOSE);
        // s = 0.8i: x' = c x + s y, y' = c y - conj(s) x = c y + 0.8i x.
        x = complexUpload(x0);
        y = complexUpload(y0);
        check(cublasZrot_v2(handle, 2, x, 1, y, 1, new DoublePointer(0.6), complexScalar(0, 0.8)), "cublasZrot_v2");
        checkDoubles("cublasZrot_v2 x", complexDownload(x, 2), axpby(0.6, x0, 1, timesI(0.8, y0)), CLOSE);
        checkDoubles("cublasZrot_v2 y", complexDownload(y, 2), axpby(0.6, y0, 1, timesI(0.8, x0)), CLOSE);

        // her: A += 2 x x^H on the lower triangle of a hermitian A with a real diagonal.
        final double[] h0 = { 1, 0, 2, 1, 9, 9, 3, 0 };
        final double[] her = h0.clone();
        for (int j = 0; j < 2; j++)
        {
            for (int i = j; i < 2; i++)
            {
                // x_i conj(x_j)
                final double re = x0[2 * i] * x0[2 * j] + x0[2 * i + 1] * x0[2 * j + 1];
                final double im = x0[2 * i + 1] * x0[2 * j] - x0[2 * i] * x0[2 * j + 1];
                her[2 * (i + 2 * j)] += 2 * re;
                her[2 * (i + 2 * j) + 1] += 2 * im;
            }
        }
        final double2 h = complexUpload(h0);
        check(cublasZher_v2(handle, CUBLAS_FILL_MODE_LOWER, 2, new DoublePointer(2.0), complexUpload(x0), 1, h, 2),
            "cublasZher_v2");
        checkDoubles("cublasZher_v2", complexDownload(h, 4), her, CLOSE);

        // geam: C = (1 + i) A + 2 B; gemm3m: C = A B.
        final double[] ca = { 1, 0, 0, 1, 2, -1, 1, 1 };
        final double[] cb = { 0, 2, 1, 1, -1, 0, 3, 0 };
        final double2 c = complexUpload(new double[8]);
        check(cublasZgeam(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, complexScalar(1, 1), complexUpload(ca), 2,
            complexScalar(2, 0), complexUpload(cb), 2, c, 2), "cublasZgeam");
        checkDoubles("cublasZgeam", complexDownload(c, 4), axpby(1, axpby(1, ca, 1, timesI(1, ca)), 2, cb), CLOSE);
        check(cublasZgemm3m(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, complexScalar(1, 0), complexUpload(ca), 2,
            complexUpload(cb), 2, complexScalar(0, 0), c, 2), "cublasZgemm3m");
        checkDoubles("cublasZgemm3m", complexDownload(c, 4), complexMultiply(ca, cb, 2), 1e-9);
        System.out.println("complex: zdrot, zrot, zher, zgeam, zgemm3m correct");
    }

    /** syr2k and syrkx on the lower triangle. */
    private static void levelThree()
    {
        final int n = 3;
        final int k = 2;
        final double[] a = { 1, 2, 3, -1, 0, 2 };
        final double[] b = { 0, 1, -2, 3, 1, 1 };
        final double[] c0 = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        final double[] abt = multiply(a, transpose(b, n, k), n, k, n);
        final double[] bat = multiply(b, transpose(a, n, k), n, k, n);
        final double[] syr2k = c0.clone();
        final double[] syrkx = c0.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = j; i < n; i++)
            {
                syr2k[i + j * n] = 2 * (abt[i + j * n] + bat[i + j * n]) - c0[i + j * n];
                syrkx[i + j * n] = 2 * abt[i + j * n] - c0[i + j * n];
            }
        }
        DoublePointer c = upload(c0);
        check(cublasDsyr2k_v2(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, new DoublePointer(2.0), upload(a), n,
            upload(b), n, new DoublePointer(-1.0), c, n), "cublasDsyr2k_v2");
        checkDoubles("cublasDsyr2k_v2", download(c, n * n), syr2k, CLOSE);
        c = upload(c0);
        check(cublasDsyrkx(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, new DoublePointer(2.0), upload(a), n,
            upload(b), n, new DoublePointer(-1.0), c, n), "cublasDsyrkx");
        checkDoubles("cublasDsyrkx", download(c, n * n), syrkx, CLOSE);
        System.out.println("level 3: dsyr2k, dsyrkx correct");
    }

    /** The batched gemv and trsm, and the batched solvers with their host and device infos. */
    private static void batchedSolvers()
    {
        final double[] m = { 4, 2, 3, 3, 1, 2, 2, 3, 1 };
        final double[] rhs = { 1, -1, 2 };
        final double[] x = { 0.5, 1, -1 };

        final Pointer[] ys = { zeros(24), zeros(24) };
        check(cublasDgemvBatched(handle, CUBLAS_OP_N, 3, 3, new DoublePointer(1.0), pointers(upload(m), upload(m)),
            3, pointers(upload(x), upload(rhs)), 1, new DoublePointer(0.0), pointers(ys), 1, 2),
            "cublasDgemvBatched");
        checkDoubles("cublasDgemvBatched 0", download(ys[0], 3), multiply(m, x, 3, 3, 1), CLOSE);
        checkDoubles("cublasDgemvBatched 1", download(ys[1], 3), multiply(m, rhs, 3, 3, 1), CLOSE);

        final double[] lower = { 2, 1, 3, 0, 4, -1, 0, 0, 5 };
        final DoublePointer solved = upload(rhs);
        check(cublasDtrsmBatched(handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
            CUBLAS_DIAG_NON_UNIT, 3, 1, new DoublePointer(1.0), pointers(upload(lower)), 3, pointers(solved), 3, 1),
            "cublasDtrsmBatched");
        checkDoubles("cublasDtrsmBatched (L X)", multiply(lower, download(solved, 3), 3, 3, 1), rhs, CLOSE);

        // getrs on getrf's factors.
        final DoublePointer factors = upload(m);
        final Pointer pivots = zeros(3 * Integer.BYTES);
        final Pointer deviceInfo = zeros(Integer.BYTES);
        check(cublasDgetrfBatched(handle, 3, pointers(factors), 3, new IntPointer(pivots),
            new IntPointer(deviceInfo), 1), "cublasDgetrfBatched");
        final DoublePointer b = upload(rhs);
        final IntPointer info = new IntPointer(1);
        info.put(0, -1);
        check(cublasDgetrsBatched(handle, CUBLAS_OP_N, 3, 1, pointers(factors), 3, new IntPointer(pivots),
            pointers(b), 3, info, 1), "cublasDgetrsBatched");
        checkHostInfo("cublasDgetrsBatched", info);
        checkDoubles("cublasDgetrsBatched (A x)", multiply(m, download(b, 3), 3, 3, 1), rhs, CLOSE);

        final Pointer inverse = zeros(9 * Double.BYTES);
        check(cublasDmatinvBatched(handle, 3, pointers(upload(m)), 3, pointers(inverse), 3,
            new IntPointer(deviceInfo), 1), "cublasDmatinvBatched");
        checkInfo("cublasDmatinvBatched", deviceInfo);
        checkDoubles("cublasDmatinvBatched (A x inverse)", multiply(m, download(inverse, 9), 3, 3, 3), identity(3),
            CLOSE);

        // geqrf: |R(0, 0)| is the norm of A's first column.
        final DoublePointer qr = upload(m);
        info.put(0, -1);
        check(cublasDgeqrfBatched(handle, 3, 3, pointers(qr), 3, pointers(zeros(3 * Double.BYTES)), info, 1),
            "cublasDgeqrfBatched");
        checkHostInfo("cublasDgeqrfBatched", info);
        checkDoubles("cublasDgeqrfBatched |R(0,0)|", new double[]{ Math.abs(download(qr, 1)[0]) },
            new double[]{ Math.sqrt(4 * 4 + 2 * 2 + 3 * 3) }, CLOSE);

        // gels on a square system: the solution of A x = rhs.
        final DoublePointer ls = upload(rhs);
        info.put(0, -1);
        check(cublasDgelsBatched(handle, CUBLAS_OP_N, 3, 3, 1, pointers(upload(m)), 3, pointers(ls), 3, info,
            new IntPointer(deviceInfo), 1), "cublasDgelsBatched");
        checkHostInfo("cublasDgelsBatched", info);
        checkInfo("cublasDgelsBatched", deviceInfo);
        checkDoubles("cublasDgelsBatched (A x)", multiply(m, download(ls, 3), 3, 3, 1), rhs, CLOSE);
        System.out.println("batched: dgemvBatched, dtrsmBatched, dgetrsBatched, dmatinvBatched, dgeqrfBatched, " +
            "dgelsBatched correct");
    }

    // Device memory, through the transfers under test.

    private static Pointer zeros(final long bytes)
    {
        final Pointer pointer = new Pointer();
        check(cudaMalloc(pointer, bytes), "cudaMalloc");
        check(cudaMemset(pointer, 0, bytes), "cudaMemset");
        ALLOCATIONS.add(pointer);
        return pointer;
    }

    private static DoublePointer dzeros(final int count)
    {
        final DoublePointer pointer = new DoublePointer();
        check(cudaMalloc(pointer, (long)count * Double.BYTES), "cudaMalloc");
        check(cudaMemset(pointer, 0, (long)count * Double.BYTES), "cudaMemset");
        ALLOCATIONS.add(pointer);
        return pointer;
    }

    private static DoublePointer upload(final double... values)
    {
        final DoublePointer pointer = dzeros(values.length);
        check(cublasSetVector(values.length, Double.BYTES, new DoublePointer(values), 1, pointer, 1),
            "cublasSetVector");
        return pointer;
    }

    private static FloatPointer uploadFloats(final float... values)
    {
        final FloatPointer pointer = new FloatPointer();
        check(cudaMalloc(pointer, (long)values.length * Float.BYTES), "cudaMalloc");
        ALLOCATIONS.add(pointer);
        check(cublasSetVector(values.length, Float.BYTES, new FloatPointer(values), 1, pointer, 1),
            "cublasSetVector");
        return pointer;
    }

    private static double2 complexUpload(final double[] parts)
    {
        final double2 pointer = new double2();
        check(cudaMalloc(pointer, (long)parts.length * Double.BYTES), "cudaMalloc");
        ALLOCATIONS.add(pointer);
        check(cublasSetVector(parts.length / 2, 2 * Double.BYTES, new DoublePointer(parts), 1, pointer, 1),
            "cublasSetVector");
        return pointer;
    }

    private static double[] download(final Pointer device, final int count)
    {
        final DoublePointer host = new DoublePointer(count);
        check(cublasGetVector(count, Double.BYTES, device, 1, host, 1), "cublasGetVector");
        return array(host, count);
    }

    private static double[] downloadFloats(final Pointer device, final int count)
    {
        final FloatPointer host = new FloatPointer(count);
        check(cublasGetVector(count, Float.BYTES, device, 1, host, 1), "cublasGetVector");
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = host.get(i);
        }
        return values;
    }

    private static double[] complexDownload(final double2 device, final int count)
    {
        final DoublePointer host = new DoublePointer(2L * count);
        check(cublasGetVector(count, 2 * Double.BYTES, device, 1, host, 1), "cublasGetVector");
        return array(host, 2 * count);
    }

    private static double2 complexScalar(final double re, final double im)
    {
        final double2 scalar = new double2();
        scalar.x(re).y(im);
        return scalar;
    }

    /** A device array of device pointers, as the batched routines take it. */
    private static PointerPointer<?> pointers(final Pointer... matrices)
    {
        final LongPointer addresses = new LongPointer(matrices.length);
        for (int i = 0; i < matrices.length; i++)
        {
            addresses.put(i, matrices[i].address());
        }
        final Pointer array = zeros((long)matrices.length * Long.BYTES);
        check(cudaMemcpy(array, addresses, (long)matrices.length * Long.BYTES, cudaMemcpyHostToDevice),
            "cudaMemcpy pointers");
        return new PointerPointer<>(array);
    }

    // Reference arithmetic, column-major.

    private static double[] multiply(final double[] a, final double[] b, final int m, final int k, final int n)
    {
        final double[] c = new double[m * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                double sum = 0;
                for (int p = 0; p < k; p++)
                {
                    sum += a[i + p * m] * b[p + j * k];
                }
                c[i + j * m] = sum;
            }
        }
        return c;
    }

    private static double[] complexMultiply(final double[] a, final double[] b, final int n)
    {
        final double[] c = new double[2 * n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                for (int p = 0; p < n; p++)
                {
                    final int ai = 2 * (i + p * n);
                    final int bi = 2 * (p + j * n);
                    c[2 * (i + j * n)] += a[ai] * b[bi] - a[ai + 1] * b[bi + 1];
                    c[2 * (i + j * n) + 1] += a[ai] * b[bi + 1] + a[ai + 1] * b[bi];
                }
            }
        }
        return c;
    }

    private static double[] transpose(final double[] a, final int rows, final int cols)
    {
        final double[] t = new double[rows * cols];
        for (int j = 0; j < cols; j++)
        {
            for (int i = 0; i < rows; i++)
            {
                t[j + i * cols] = a[i + j * rows];
            }
        }
        return t;
    }

    private static double[] axpby(final double alpha, final double[] x, final double beta, final double[] y)
    {
        final double[] result = new double[x.length];
        for (int i = 0; i < x.length; i++)
        {
            result[i] = alpha * x[i] + beta * y[i];
        }
        return result;
    }

    /** (re, im) pairs times {@code factor} i. */
    private static double[] timesI(final double factor, final double[] z)
    {
        final double[] result = new double[z.length];
        for (int i = 0; i < z.length; i += 2)
        {
            result[i] = -factor * z[i + 1];
            result[i + 1] = factor * z[i];
        }
        return result;
    }

    private static double[] packLower(final double[] a, final int n)
    {
        final double[] packed = new double[n * (n + 1) / 2];
        int next = 0;
        for (int j = 0; j < n; j++)
        {
            for (int i = j; i < n; i++)
            {
                packed[next++] = a[i + j * n];
            }
        }
        return packed;
    }

    private static double[] identity(final int n)
    {
        final double[] identity = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            identity[i + i * n] = 1;
        }
        return identity;
    }

    private static double[] array(final DoublePointer pointer, final int count)
    {
        final double[] values = new double[count];
        pointer.get(values);
        return values;
    }

    // Checks; every device result that passes goes into the hash.

    private static void checkDoubles(final String what, final double[] actual, final double[] expected,
        final double tolerance)
    {
        for (int i = 0; i < expected.length; i++)
        {
            if (!(Math.abs(actual[i] - expected[i]) <= tolerance * Math.max(1, Math.abs(expected[i]))))
            {
                throw new AssertionError(what + "[" + i + "] = " + actual[i] + ", expected " + expected[i] + "; all: " +
                    java.util.Arrays.toString(actual));
            }
            hash = 31 * hash + Double.doubleToLongBits(actual[i]);
        }
    }

    /**
     * A rotation's result, computed on the host (by cuBLAS locally, by the agent remotely): checked, but not hashed,
     * as two host implementations may differ in the last bit.
     */
    private static void checkRotation(final String what, final double[] actual, final double[] expected,
        final double tolerance)
    {
        final long before = hash;
        checkDoubles(what, actual, expected, tolerance);
        hash = before;
    }

    private static void checkFloats(final String what, final FloatPointer actual, final float... expected)
    {
        final double[] values = new double[expected.length];
        final double[] wanted = new double[expected.length];
        for (int i = 0; i < expected.length; i++)
        {
            values[i] = actual.get(i);
            wanted[i] = expected[i];
        }
        checkDoubles(what, values, wanted, EXACT);
    }

    private static void checkInfo(final String what, final Pointer deviceInfo)
    {
        final IntPointer info = new IntPointer(1);
        check(cudaMemcpy(info, deviceInfo, Integer.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy info");
        if (info.get(0) != 0)
        {
            throw new AssertionError(what + ": info " + info.get(0));
        }
    }

    private static void checkHostInfo(final String what, final IntPointer info)
    {
        if (info.get(0) != 0)
        {
            throw new AssertionError(what + ": host info " + info.get(0));
        }
    }

    private static void check(final int status, final String what)
    {
        if (status != 0)
        {
            throw new AssertionError(what + " returned " + status);
        }
    }
}
