package io.gpurelay.it.javacpp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cusolver.cusolverDnContext;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;

import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cudart.cudaStreamCreate;
import static org.bytedeco.cuda.global.cudart.cudaStreamDestroy;
import static org.bytedeco.cuda.global.cudart.cudaStreamSynchronize;
import static org.bytedeco.cuda.global.cusolver.CUSOLVER_STATUS_EXECUTION_FAILED;
import static org.bytedeco.cuda.global.cusolver.CUSOLVER_STATUS_INVALID_VALUE;
import static org.bytedeco.cuda.global.cusolver.CUSOLVER_STATUS_NOT_INITIALIZED;
import static org.bytedeco.cuda.global.cusolver.CUSOLVER_STATUS_SUCCESS;
import static org.bytedeco.cuda.global.cusolver.cusolverDnCreate;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDestroy;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDgetrf;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDgetrf_bufferSize;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDgetrs;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDpotrf;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDpotrf_bufferSize;
import static org.bytedeco.cuda.global.cusolver.cusolverDnDpotrs;
import static org.bytedeco.cuda.global.cusolver.cusolverDnGetStream;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSetStream;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSgetrf;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSgetrf_bufferSize;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSgetrs;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSpotrf;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSpotrf_bufferSize;
import static org.bytedeco.cuda.global.cusolver.cusolverDnSpotrs;

/**
 * A JavaCPP program (the presets' {@code cudart} and {@code cusolver} classes only, no JCuda) on cuSOLVER's dense
 * LU and Cholesky solvers, in single and double precision, on a stream of its own set with
 * {@code cusolverDnSetStream}: an n x n system (n = 33, lda = 40, three right-hand sides, ldb = 35) whose A(0,0) is 0,
 * factored by {@code getrf} with partial pivoting and solved by {@code getrs}; a diagonally dominant matrix factored
 * by {@code getrf} without a pivot array; a symmetric positive definite system factored by {@code potrf} and solved by
 * {@code potrs} in both fill modes, the triangle that is not referenced holding garbage; a matrix with a zero column
 * ({@code getrf}'s info is the first zero pivot's index) and one that is not positive definite ({@code potrf}'s info
 * is the order of the first leading minor that is not). Every solution is checked against a Gaussian elimination with
 * partial pivoting in Java, in double ({@value #SINGLE_TOLERANCE} relative for float, {@value #DOUBLE_TOLERANCE} for
 * double), and the rows past n of each column must be left alone. Each check prints {@code CHECK <what> ok} (or
 * {@code FAILED} and why); each result (solutions, factors, pivots, infos) prints {@code RESULT <name> <sha-256>} of
 * its bytes, which a local and a remote run on one GPU must share; the last line is {@code PASSED} and the exit code
 * 0, or {@code FAILED} and 1.
 * <p>
 * Argument {@code refusals} adds, at the end, calls that gpurelay refuses with cuSOLVER's status where cuSOLVER itself
 * would crash or corrupt memory (so only through the agent): a handle cusolverDnCreate never gave
 * ({@code CUSOLVER_STATUS_NOT_INITIALIZED}), an A reaching past its allocation and a workspace smaller than
 * {@code getrf_bufferSize} asked ({@code CUSOLVER_STATUS_EXECUTION_FAILED}, after which a correct call still
 * succeeds), and lda &lt; n ({@code CUSOLVER_STATUS_INVALID_VALUE}). They print no RESULT line.
 */
public final class JavaCppSolverProgram
{
    private static final int N = 33;
    private static final int LDA = 40;
    private static final int NRHS = 3;
    private static final int LDB = 35;
    /** {@code cublasOperation_t}'s {@code CUBLAS_OP_N}. */
    private static final int OP_N = 0;
    /** {@code cublasFillMode_t}'s {@code CUBLAS_FILL_MODE_LOWER}. */
    private static final int FILL_LOWER = 0;
    /** {@code cublasFillMode_t}'s {@code CUBLAS_FILL_MODE_UPPER}. */
    private static final int FILL_UPPER = 1;
    /** What the rows past n and the triangle a factorisation must not read hold. */
    private static final double GARBAGE = 1.0e6;
    /** What an info holds before the call that must write it. */
    private static final int UNWRITTEN = -7;
    /** The column (0-based) of the singular matrix that is zero: getrf's info is this plus 1. */
    private static final int ZERO_COLUMN = 4;
    /** The diagonal element (0-based) made negative in the matrix that is not positive definite: info is this + 1. */
    private static final int NEGATIVE_DIAGONAL = 5;
    private static final double SINGLE_TOLERANCE = 1e-3;
    private static final double DOUBLE_TOLERANCE = 1e-10;

    private static final List<Pointer> ALLOCATIONS = new ArrayList<>();
    private static int passed;
    private static int failed;

    private JavaCppSolverProgram()
    {
    }

    /** A device workspace and the elements it holds. */
    private record Workspace(Pointer pointer, int lwork)
    {
    }

    /** The two precisions, each with its cuSOLVER prefix, element size and tolerance. */
    private enum Precision
    {
        SINGLE("S", Float.BYTES, SINGLE_TOLERANCE, "1e-3"),
        DOUBLE("D", Double.BYTES, DOUBLE_TOLERANCE, "1e-10");

        private final String prefix;
        private final int bytes;
        private final double tolerance;
        private final String toleranceText;

        Precision(final String prefix, final int bytes, final double tolerance, final String toleranceText)
        {
            this.prefix = prefix;
            this.bytes = bytes;
            this.tolerance = tolerance;
            this.toleranceText = toleranceText;
        }

        /** @return {@code cusolverDn} and the prefix and the routine, as cuSOLVER names it. */
        String name(final String routine)
        {
            return "cusolverDn" + prefix + routine;
        }

        /** @return the values as this precision holds them (a copy). */
        double[] round(final double[] values)
        {
            final double[] rounded = values.clone();
            if (this == SINGLE)
            {
                for (int i = 0; i < rounded.length; i++)
                {
                    rounded[i] = (float)rounded[i];
                }
            }
            return rounded;
        }

        Pointer host(final double[] values)
        {
            if (this == DOUBLE)
            {
                return new DoublePointer(values);
            }
            final float[] floats = new float[values.length];
            for (int i = 0; i < values.length; i++)
            {
                floats[i] = (float)values[i];
            }
            return new FloatPointer(floats);
        }

        double[] values(final Pointer host, final int count)
        {
            final double[] values = new double[count];
            if (this == DOUBLE)
            {
                new DoublePointer(host).get(values);
                return values;
            }
            final float[] floats = new float[count];
            new FloatPointer(host).get(floats);
            for (int i = 0; i < count; i++)
            {
                values[i] = floats[i];
            }
            return values;
        }

        Pointer hostBuffer(final int count)
        {
            return this == DOUBLE ? new DoublePointer(count) : new FloatPointer(count);
        }

        /** @return the values' bytes as the device holds them, little-endian. */
        byte[] bytes(final double[] values)
        {
            final ByteBuffer buffer = ByteBuffer.allocate(values.length * bytes).order(ByteOrder.LITTLE_ENDIAN);
            for (final double value : values)
            {
                if (this == DOUBLE)
                {
                    buffer.putDouble(value);
                }
                else
                {
                    buffer.putFloat((float)value);
                }
            }
            return buffer.array();
        }
    }

    public static void main(final String[] args)
    {
        final boolean refusals = Arrays.asList(args).contains("refusals");
        try
        {
            run(refusals);
        }
        catch (final RuntimeException e)
        {
            failed++;
            System.out.println("FAILED: " + e);
            e.printStackTrace(System.out);
        }
        System.out.println(passed + " checks passed, " + failed + " failed");
        System.out.println(failed == 0 && passed > 0 ? "PASSED" : "FAILED");
        System.out.flush();
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }

    private static void run(final boolean refusals)
    {
        final cusolverDnContext handle = new cusolverDnContext();
        equal("cusolverDnCreate", CUSOLVER_STATUS_SUCCESS, cusolverDnCreate(handle));
        check("cusolverDnCreate gives a handle", handle.address() != 0, "address 0");
        final CUstream_st stream = new CUstream_st();
        require("cudaStreamCreate", cudaStreamCreate(stream));
        equal("cusolverDnSetStream", CUSOLVER_STATUS_SUCCESS, cusolverDnSetStream(handle, stream));
        final CUstream_st set = new CUstream_st();
        equal("cusolverDnGetStream", CUSOLVER_STATUS_SUCCESS, cusolverDnGetStream(handle, set));
        equal("cusolverDnGetStream answers the stream set", stream.address(), set.address());

        for (final Precision precision : Precision.values())
        {
            luSolve(handle, stream, precision);
            luWithoutPivoting(handle, stream, precision);
            choleskySolve(handle, stream, precision, FILL_LOWER);
            choleskySolve(handle, stream, precision, FILL_UPPER);
            singular(handle, stream, precision);
            notPositiveDefinite(handle, stream, precision);
        }
        if (refusals)
        {
            refusals(handle, stream);
        }

        equal("cusolverDnSetStream back to the default stream", CUSOLVER_STATUS_SUCCESS,
            cusolverDnSetStream(handle, (CUstream_st)null));
        require("cudaStreamDestroy", cudaStreamDestroy(stream));
        equal("cusolverDnDestroy", CUSOLVER_STATUS_SUCCESS, cusolverDnDestroy(handle));
        require("cudaDeviceSynchronize", cudaDeviceSynchronize());
        for (final Pointer allocation : ALLOCATIONS)
        {
            require("cudaFree", cudaFree(allocation));
        }
    }

    /** getrf with pivots and getrs on a system whose A(0,0) is 0. */
    private static void luSolve(final cusolverDnContext handle, final CUstream_st stream, final Precision p)
    {
        final double[] a = p.round(pivotingMatrix(11));
        final double[] b = p.round(random(N * NRHS, 12));
        final Pointer deviceA = upload(p, pad(a, N, N, LDA));
        final Pointer deviceB = upload(p, pad(b, N, NRHS, LDB));
        final int[] minusOnes = new int[N];
        Arrays.fill(minusOnes, -1);
        final IntPointer pivots = uploadInts(minusOnes);
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final Workspace work = workspace(p, getrfBufferSize(handle, p, N, N, deviceA, LDA, ""));

        equal(p.name("getrf"), CUSOLVER_STATUS_SUCCESS,
            getrf(handle, p, N, N, deviceA, LDA, work.pointer(), pivots, info));
        final int[] infos = new int[2];
        infos[0] = downloadInts(stream, info, 1)[0];
        equal(p.name("getrf") + "'s info is 0", 0, infos[0]);
        final int[] rows = downloadInts(stream, pivots, N);
        boolean inRange = true;
        for (final int row : rows)
        {
            inRange &= row >= 1 && row <= N;
        }
        check(p.name("getrf") + "'s pivots are rows 1 to n, row 1 not first (A(0,0) is 0)", inRange && rows[0] != 1,
            Arrays.toString(rows));
        final double[] factors = download(stream, p, deviceA, LDA * N);
        check(p.name("getrf") + " leaves the rows past n alone (lda " + LDA + ")", untouched(factors, N, N, LDA), "");

        require("cudaMemcpy info", cudaMemcpy(info, new IntPointer(new int[]{ UNWRITTEN }), Integer.BYTES,
            cudaMemcpyHostToDevice));
        equal(p.name("getrs"), CUSOLVER_STATUS_SUCCESS,
            getrs(handle, p, OP_N, N, NRHS, deviceA, LDA, pivots, deviceB, LDB, info));
        infos[1] = downloadInts(stream, info, 1)[0];
        equal(p.name("getrs") + "'s info is 0", 0, infos[1]);
        final double[] solution = download(stream, p, deviceB, LDB * NRHS);
        check(p.name("getrs") + " leaves the rows past n alone (ldb " + LDB + ")", untouched(solution, N, NRHS, LDB),
            "");
        final double[] x = unpad(solution, N, NRHS, LDB);
        final double error = relativeError(x, solve(a, b, N, NRHS));
        check(p.name("getrf") + " and getrs solve AX = B as Java does, within " + p.toleranceText,
            error <= p.tolerance, "relative error " + error);

        result(p.prefix + "getrs.X", p.bytes(x));
        result(p.prefix + "getrf.LU", p.bytes(unpad(factors, N, N, LDA)));
        result(p.prefix + "getrf.ipiv", ints(rows));
        result(p.prefix + "getrf.info", ints(infos));
    }

    /** getrf without a pivot array (null devIpiv) on a diagonally dominant matrix: L times U is A. */
    private static void luWithoutPivoting(final cusolverDnContext handle, final CUstream_st stream, final Precision p)
    {
        final double[] a = random(N * N, 21);
        for (int i = 0; i < N; i++)
        {
            a[i + i * N] += N;
        }
        final double[] rounded = p.round(a);
        final Pointer deviceA = upload(p, pad(rounded, N, N, LDA));
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final Workspace work = workspace(p, getrfBufferSize(handle, p, N, N, deviceA, LDA, " (no pivoting)"));
        equal(p.name("getrf") + " without pivots", CUSOLVER_STATUS_SUCCESS,
            getrf(handle, p, N, N, deviceA, LDA, work.pointer(), null, info));
        final int[] infos = downloadInts(stream, info, 1);
        equal(p.name("getrf") + " without pivots: info is 0", 0, infos[0]);
        final double[] factors = unpad(download(stream, p, deviceA, LDA * N), N, N, LDA);
        final double error = relativeError(multiplyLu(factors, N), rounded);
        check(p.name("getrf") + " without pivots: L times U is A, within " + p.toleranceText, error <= p.tolerance,
            "relative error " + error);
        result(p.prefix + "getrf.nopivot.LU", p.bytes(factors));
        result(p.prefix + "getrf.nopivot.info", ints(infos));
    }

    /**
     * potrf and potrs on A = M^T M + n I in one fill mode, the triangle potrf must not reference (and the rows past
     * n) holding garbage.
     */
    private static void choleskySolve(final cusolverDnContext handle, final CUstream_st stream, final Precision p,
        final int fill)
    {
        final String mode = fill == FILL_LOWER ? "lower" : "upper";
        final double[] a = p.round(positiveDefinite(31));
        final double[] b = p.round(random(N * NRHS, 32));
        final Pointer deviceA = upload(p, pad(triangle(a, fill), N, N, LDA));
        final Pointer deviceB = upload(p, pad(b, N, NRHS, LDB));
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final Workspace work = workspace(p, potrfBufferSize(handle, p, fill, N, deviceA, LDA, " (" + mode + ")"));

        final int[] infos = new int[2];
        equal(p.name("potrf") + " (" + mode + ")", CUSOLVER_STATUS_SUCCESS,
            potrf(handle, p, fill, N, deviceA, LDA, work.pointer(), work.lwork(), info));
        infos[0] = downloadInts(stream, info, 1)[0];
        equal(p.name("potrf") + " (" + mode + "): info is 0", 0, infos[0]);
        require("cudaMemcpy info", cudaMemcpy(info, new IntPointer(new int[]{ UNWRITTEN }), Integer.BYTES,
            cudaMemcpyHostToDevice));
        equal(p.name("potrs") + " (" + mode + ")", CUSOLVER_STATUS_SUCCESS,
            potrs(handle, p, fill, N, NRHS, deviceA, LDA, deviceB, LDB, info));
        infos[1] = downloadInts(stream, info, 1)[0];
        equal(p.name("potrs") + " (" + mode + "): info is 0", 0, infos[1]);
        final double[] x = unpad(download(stream, p, deviceB, LDB * NRHS), N, NRHS, LDB);
        final double error = relativeError(x, solve(a, b, N, NRHS));
        check(p.name("potrf") + " and potrs (" + mode + ") solve AX = B as Java does, within " + p.toleranceText,
            error <= p.tolerance, "relative error " + error);
        final double[] factor = unpad(download(stream, p, deviceA, LDA * N), N, N, N);
        result(p.prefix + "potrf." + mode + ".factor", p.bytes(factor));
        result(p.prefix + "potrs." + mode + ".X", p.bytes(x));
        result(p.prefix + "potrf." + mode + ".info", ints(infos));
    }

    /** getrf of a matrix whose column ZERO_COLUMN is zero: info is the index (1-based) of that first zero pivot. */
    private static void singular(final cusolverDnContext handle, final CUstream_st stream, final Precision p)
    {
        final double[] a = p.round(pivotingMatrix(41));
        Arrays.fill(a, ZERO_COLUMN * N, (ZERO_COLUMN + 1) * N, 0.0);
        final Pointer deviceA = upload(p, pad(a, N, N, LDA));
        final IntPointer pivots = uploadInts(new int[N]);
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final Workspace work = workspace(p, getrfBufferSize(handle, p, N, N, deviceA, LDA, " (singular)"));
        equal(p.name("getrf") + " (singular)", CUSOLVER_STATUS_SUCCESS,
            getrf(handle, p, N, N, deviceA, LDA, work.pointer(), pivots, info));
        final int[] infos = downloadInts(stream, info, 1);
        equal(p.name("getrf") + " of a matrix whose column " + (ZERO_COLUMN + 1) + " is zero: info is " +
            (ZERO_COLUMN + 1), ZERO_COLUMN + 1, infos[0]);
        result(p.prefix + "getrf.singular.info", ints(infos));
    }

    /** potrf of a matrix whose leading minor of order NEGATIVE_DIAGONAL + 1 is not positive definite. */
    private static void notPositiveDefinite(final cusolverDnContext handle, final CUstream_st stream,
        final Precision p)
    {
        final double[] a = p.round(positiveDefinite(51));
        a[NEGATIVE_DIAGONAL + NEGATIVE_DIAGONAL * N] = -1.0;
        final Pointer deviceA = upload(p, pad(triangle(a, FILL_LOWER), N, N, LDA));
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final Workspace work = workspace(p, potrfBufferSize(handle, p, FILL_LOWER, N, deviceA, LDA,
            " (not positive definite)"));
        equal(p.name("potrf") + " (not positive definite)", CUSOLVER_STATUS_SUCCESS,
            potrf(handle, p, FILL_LOWER, N, deviceA, LDA, work.pointer(), work.lwork(), info));
        final int[] infos = downloadInts(stream, info, 1);
        equal(p.name("potrf") + " of a matrix whose leading minor of order " + (NEGATIVE_DIAGONAL + 1) +
            " is not positive definite: info is " + (NEGATIVE_DIAGONAL + 1), NEGATIVE_DIAGONAL + 1, infos[0]);
        result(p.prefix + "potrf.indefinite.info", ints(infos));
    }

    /** What gpurelay refuses with cuSOLVER's status (cuSOLVER itself would crash or write past an allocation). */
    private static void refusals(final cusolverDnContext handle, final CUstream_st stream)
    {
        final Precision p = Precision.SINGLE;
        final double[] a = p.round(pivotingMatrix(61));
        final Pointer deviceA = upload(p, pad(a, N, N, LDA));
        final IntPointer pivots = uploadInts(new int[N]);
        final IntPointer info = uploadInts(new int[]{ UNWRITTEN });
        final IntPointer lwork = new IntPointer(1);
        lwork.put(-1);

        // (a) A handle whose address cusolverDnCreate never gave.
        final cusolverDnContext forged = new cusolverDnContext(new Pointer()
        {
            {
                address = 0x1234;
            }
        });
        equal("cusolverDnSgetrf_bufferSize with a handle cusolverDnCreate never gave is " +
            "CUSOLVER_STATUS_NOT_INITIALIZED", CUSOLVER_STATUS_NOT_INITIALIZED,
            cusolverDnSgetrf_bufferSize(forged, N, N, new FloatPointer(deviceA), LDA, lwork));
        equal("cusolverDnSetStream with a handle cusolverDnCreate never gave is CUSOLVER_STATUS_NOT_INITIALIZED",
            CUSOLVER_STATUS_NOT_INITIALIZED, cusolverDnSetStream(forged, stream));

        final Workspace work = workspace(p, getrfBufferSize(handle, p, N, N, deviceA, LDA, " (refusals)"));
        final int needed = work.lwork();

        // (b) An A of lda * n floats in an allocation of half that.
        final Pointer shortA = allocate((long)LDA * N / 2 * p.bytes);
        equal("cusolverDnSgetrf of an A past its allocation is CUSOLVER_STATUS_EXECUTION_FAILED",
            CUSOLVER_STATUS_EXECUTION_FAILED, getrf(handle, p, N, N, shortA, LDA, work.pointer(), pivots, info));
        equal("cusolverDnSgetrf after a refusal", CUSOLVER_STATUS_SUCCESS,
            getrf(handle, p, N, N, deviceA, LDA, work.pointer(), pivots, info));
        equal("cusolverDnSgetrf after a refusal: info is 0", 0, downloadInts(stream, info, 1)[0]);

        // (c) A workspace of half the elements getrf_bufferSize asked.
        check("cusolverDnSgetrf_bufferSize (refusals) asks at least 2 elements", needed >= 2, "lwork " + needed);
        final Pointer shortWork = allocate((long)Math.max(needed / 2, 1) * p.bytes);
        final Pointer freshA = upload(p, pad(a, N, N, LDA));
        equal("cusolverDnSgetrf with a workspace smaller than its bufferSize is CUSOLVER_STATUS_EXECUTION_FAILED",
            CUSOLVER_STATUS_EXECUTION_FAILED, getrf(handle, p, N, N, freshA, LDA, shortWork, pivots, info));

        // (d) A leading dimension smaller than the rows.
        lwork.put(-1);
        equal("cusolverDnSgetrf_bufferSize with lda < n is CUSOLVER_STATUS_INVALID_VALUE",
            CUSOLVER_STATUS_INVALID_VALUE,
            cusolverDnSgetrf_bufferSize(handle, N, N, new FloatPointer(freshA), N - 1, lwork));
        equal("cusolverDnSgetrf with lda < n is CUSOLVER_STATUS_INVALID_VALUE", CUSOLVER_STATUS_INVALID_VALUE,
            getrf(handle, p, N, N, freshA, N - 1, work.pointer(), pivots, info));
        equal("cusolverDnSgetrf after the refusals", CUSOLVER_STATUS_SUCCESS,
            getrf(handle, p, N, N, freshA, LDA, work.pointer(), pivots, info));
        equal("cusolverDnSgetrf after the refusals: info is 0", 0, downloadInts(stream, info, 1)[0]);

        // (e) Pivots that name a row past the matrix: getrs would swap rows of B beyond what was checked.
        final int[] forgedPivots = new int[N];
        java.util.Arrays.fill(forgedPivots, 1);
        forgedPivots[N - 1] = 100_000;
        final IntPointer badPivots = uploadInts(forgedPivots);
        final Pointer deviceB = upload(p, pad(p.round(random(N * NRHS, 62)), N, NRHS, LDB));
        equal("cusolverDnSgetrs with a pivot past the matrix is CUSOLVER_STATUS_EXECUTION_FAILED",
            CUSOLVER_STATUS_EXECUTION_FAILED, getrs(handle, p, 0, N, NRHS, freshA, LDA, badPivots, deviceB, LDB,
            info));
    }

    // cuSOLVER in either precision.

    private static int getrfBufferSize(final cusolverDnContext handle, final Precision p, final int m, final int n,
        final Pointer a, final int lda, final String label)
    {
        final IntPointer lwork = new IntPointer(1);
        lwork.put(-1);
        final int status = p == Precision.SINGLE
            ? cusolverDnSgetrf_bufferSize(handle, m, n, new FloatPointer(a), lda, lwork)
            : cusolverDnDgetrf_bufferSize(handle, m, n, new DoublePointer(a), lda, lwork);
        equal(p.name("getrf_bufferSize") + label, CUSOLVER_STATUS_SUCCESS, status);
        check(p.name("getrf_bufferSize") + label + " answers a work size", lwork.get() >= 0, "lwork " + lwork.get());
        return lwork.get();
    }

    private static int potrfBufferSize(final cusolverDnContext handle, final Precision p, final int fill, final int n,
        final Pointer a, final int lda, final String label)
    {
        final IntPointer lwork = new IntPointer(1);
        lwork.put(-1);
        final int status = p == Precision.SINGLE
            ? cusolverDnSpotrf_bufferSize(handle, fill, n, new FloatPointer(a), lda, lwork)
            : cusolverDnDpotrf_bufferSize(handle, fill, n, new DoublePointer(a), lda, lwork);
        equal(p.name("potrf_bufferSize") + label, CUSOLVER_STATUS_SUCCESS, status);
        check(p.name("potrf_bufferSize") + label + " answers a work size", lwork.get() >= 0, "lwork " + lwork.get());
        return lwork.get();
    }

    private static int getrf(final cusolverDnContext handle, final Precision p, final int m, final int n,
        final Pointer a, final int lda, final Pointer work, final IntPointer pivots, final IntPointer info)
    {
        return p == Precision.SINGLE
            ? cusolverDnSgetrf(handle, m, n, new FloatPointer(a), lda, new FloatPointer(work), pivots, info)
            : cusolverDnDgetrf(handle, m, n, new DoublePointer(a), lda, new DoublePointer(work), pivots, info);
    }

    private static int getrs(final cusolverDnContext handle, final Precision p, final int operation, final int n,
        final int nrhs, final Pointer a, final int lda, final IntPointer pivots, final Pointer b, final int ldb,
        final IntPointer info)
    {
        return p == Precision.SINGLE
            ? cusolverDnSgetrs(handle, operation, n, nrhs, new FloatPointer(a), lda, pivots, new FloatPointer(b), ldb,
                info)
            : cusolverDnDgetrs(handle, operation, n, nrhs, new DoublePointer(a), lda, pivots, new DoublePointer(b),
                ldb, info);
    }

    private static int potrf(final cusolverDnContext handle, final Precision p, final int fill, final int n,
        final Pointer a, final int lda, final Pointer work, final int lwork, final IntPointer info)
    {
        return p == Precision.SINGLE
            ? cusolverDnSpotrf(handle, fill, n, new FloatPointer(a), lda, new FloatPointer(work), lwork, info)
            : cusolverDnDpotrf(handle, fill, n, new DoublePointer(a), lda, new DoublePointer(work), lwork, info);
    }

    private static int potrs(final cusolverDnContext handle, final Precision p, final int fill, final int n,
        final int nrhs, final Pointer a, final int lda, final Pointer b, final int ldb, final IntPointer info)
    {
        return p == Precision.SINGLE
            ? cusolverDnSpotrs(handle, fill, n, nrhs, new FloatPointer(a), lda, new FloatPointer(b), ldb, info)
            : cusolverDnDpotrs(handle, fill, n, nrhs, new DoublePointer(a), lda, new DoublePointer(b), ldb, info);
    }

    // Device memory.

    /** @return a device allocation of {@code bytes}, freed at the end. */
    private static Pointer allocate(final long bytes)
    {
        final Pointer pointer = new Pointer();
        require("cudaMalloc", cudaMalloc(pointer, bytes));
        ALLOCATIONS.add(pointer);
        return pointer;
    }

    /** @return a workspace of {@code lwork} elements (at least one). */
    private static Workspace workspace(final Precision p, final int lwork)
    {
        final int elements = Math.max(lwork, 1);
        return new Workspace(allocate((long)elements * p.bytes), elements);
    }

    private static Pointer upload(final Precision p, final double[] values)
    {
        final Pointer device = allocate((long)values.length * p.bytes);
        require("cudaMemcpy to the device", cudaMemcpy(device, p.host(values), (long)values.length * p.bytes,
            cudaMemcpyHostToDevice));
        return device;
    }

    private static IntPointer uploadInts(final int[] values)
    {
        final IntPointer device = new IntPointer(allocate((long)values.length * Integer.BYTES));
        require("cudaMemcpy ints to the device", cudaMemcpy(device, new IntPointer(values),
            (long)values.length * Integer.BYTES, cudaMemcpyHostToDevice));
        return device;
    }

    /** @return {@code count} elements of the device memory, once the stream has run what was queued. */
    private static double[] download(final CUstream_st stream, final Precision p, final Pointer device,
        final int count)
    {
        require("cudaStreamSynchronize", cudaStreamSynchronize(stream));
        final Pointer host = p.hostBuffer(count);
        require("cudaMemcpy to the host", cudaMemcpy(host, device, (long)count * p.bytes, cudaMemcpyDeviceToHost));
        return p.values(host, count);
    }

    private static int[] downloadInts(final CUstream_st stream, final IntPointer device, final int count)
    {
        require("cudaStreamSynchronize", cudaStreamSynchronize(stream));
        final IntPointer host = new IntPointer(count);
        require("cudaMemcpy ints to the host", cudaMemcpy(host, device, (long)count * Integer.BYTES,
            cudaMemcpyDeviceToHost));
        final int[] values = new int[count];
        host.get(values);
        return values;
    }

    // Matrices, column-major.

    private static double[] random(final int count, final long seed)
    {
        final Random random = new Random(seed);
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = 2 * random.nextDouble() - 1;
        }
        return values;
    }

    /** @return an n x n matrix (leading dimension n) that is well conditioned but whose A(0,0) is 0. */
    private static double[] pivotingMatrix(final long seed)
    {
        final double[] a = random(N * N, seed);
        for (int i = 0; i < N; i++)
        {
            a[i + i * N] += 6;
        }
        a[0] = 0;
        return a;
    }

    /** @return M^T M + n I for a random M, n x n (leading dimension n). */
    private static double[] positiveDefinite(final long seed)
    {
        final double[] m = random(N * N, seed);
        final double[] a = new double[N * N];
        for (int j = 0; j < N; j++)
        {
            for (int i = 0; i < N; i++)
            {
                double sum = i == j ? N : 0;
                for (int k = 0; k < N; k++)
                {
                    sum += m[k + i * N] * m[k + j * N];
                }
                a[i + j * N] = sum;
            }
        }
        // Exactly symmetric once rounded: the upper triangle is the lower's.
        for (int j = 0; j < N; j++)
        {
            for (int i = 0; i < j; i++)
            {
                a[i + j * N] = a[j + i * N];
            }
        }
        return a;
    }

    /** @return the n x n matrix with garbage in the triangle that the fill mode does not reference. */
    private static double[] triangle(final double[] a, final int fill)
    {
        final double[] half = a.clone();
        for (int j = 0; j < N; j++)
        {
            for (int i = 0; i < N; i++)
            {
                if (fill == FILL_LOWER ? i < j : i > j)
                {
                    half[i + j * N] = GARBAGE;
                }
            }
        }
        return half;
    }

    /** @return the rows x cols matrix (leading dimension rows) with leading dimension ld, garbage in the rows past. */
    private static double[] pad(final double[] dense, final int rows, final int cols, final int ld)
    {
        final double[] padded = new double[ld * cols];
        Arrays.fill(padded, GARBAGE);
        for (int j = 0; j < cols; j++)
        {
            System.arraycopy(dense, j * rows, padded, j * ld, rows);
        }
        return padded;
    }

    private static double[] unpad(final double[] padded, final int rows, final int cols, final int ld)
    {
        final double[] dense = new double[rows * cols];
        for (int j = 0; j < cols; j++)
        {
            System.arraycopy(padded, j * ld, dense, j * rows, rows);
        }
        return dense;
    }

    /** @return whether the rows past {@code rows} of each column still hold the garbage they were given. */
    private static boolean untouched(final double[] padded, final int rows, final int cols, final int ld)
    {
        for (int j = 0; j < cols; j++)
        {
            for (int i = rows; i < ld; i++)
            {
                if (padded[i + j * ld] != GARBAGE)
                {
                    System.out.println("row " + i + " of column " + j + " holds " + padded[i + j * ld]);
                    return false;
                }
            }
        }
        return true;
    }

    /** @return L times U of getrf's factors (L unit lower, U upper, in one n x n matrix). */
    private static double[] multiplyLu(final double[] factors, final int n)
    {
        final double[] product = new double[n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                double sum = 0;
                for (int k = 0; k <= Math.min(i, j); k++)
                {
                    final double l = k == i ? 1 : factors[i + k * n];
                    sum += l * factors[k + j * n];
                }
                product[i + j * n] = sum;
            }
        }
        return product;
    }

    /**
     * @return X of A X = B (A n x n, B n x nrhs, both of leading dimension n) by Gaussian elimination with partial
     *         pivoting, in double.
     */
    private static double[] solve(final double[] a, final double[] b, final int n, final int nrhs)
    {
        final double[] m = a.clone();
        final double[] x = b.clone();
        for (int k = 0; k < n; k++)
        {
            int pivot = k;
            for (int i = k + 1; i < n; i++)
            {
                if (Math.abs(m[i + k * n]) > Math.abs(m[pivot + k * n]))
                {
                    pivot = i;
                }
            }
            if (m[pivot + k * n] == 0)
            {
                throw new IllegalStateException("the reference system is singular at column " + k);
            }
            if (pivot != k)
            {
                for (int j = 0; j < n; j++)
                {
                    final double swap = m[k + j * n];
                    m[k + j * n] = m[pivot + j * n];
                    m[pivot + j * n] = swap;
                }
                for (int r = 0; r < nrhs; r++)
                {
                    final double swap = x[k + r * n];
                    x[k + r * n] = x[pivot + r * n];
                    x[pivot + r * n] = swap;
                }
            }
            for (int i = k + 1; i < n; i++)
            {
                final double factor = m[i + k * n] / m[k + k * n];
                for (int j = k; j < n; j++)
                {
                    m[i + j * n] -= factor * m[k + j * n];
                }
                for (int r = 0; r < nrhs; r++)
                {
                    x[i + r * n] -= factor * x[k + r * n];
                }
            }
        }
        for (int r = 0; r < nrhs; r++)
        {
            for (int i = n - 1; i >= 0; i--)
            {
                double sum = x[i + r * n];
                for (int j = i + 1; j < n; j++)
                {
                    sum -= m[i + j * n] * x[j + r * n];
                }
                x[i + r * n] = sum / m[i + i * n];
            }
        }
        return x;
    }

    /** @return the largest difference over the largest expected magnitude (infinite for a NaN). */
    private static double relativeError(final double[] actual, final double[] expected)
    {
        double difference = 0;
        double scale = 0;
        for (int i = 0; i < expected.length; i++)
        {
            final double each = Math.abs(actual[i] - expected[i]);
            difference = Double.isNaN(each) ? Double.POSITIVE_INFINITY : Math.max(difference, each);
            scale = Math.max(scale, Math.abs(expected[i]));
        }
        return difference / scale;
    }

    // Output.

    private static byte[] ints(final int[] values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (final int value : values)
        {
            buffer.putInt(value);
        }
        return buffer.array();
    }

    private static void result(final String name, final byte[] bytes)
    {
        try
        {
            System.out.println("RESULT " + name + " " +
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    /** A CUDA runtime call the checks depend on: anything but cudaSuccess ends the program. */
    private static void require(final String name, final int status)
    {
        if (status != 0)
        {
            throw new IllegalStateException(name + " returned " + status);
        }
    }

    private static void equal(final String name, final long expected, final long actual)
    {
        check(name, expected == actual, "expected " + expected + " but was " + actual);
    }

    private static void check(final String name, final boolean ok, final String detail)
    {
        if (ok)
        {
            passed++;
            System.out.println("CHECK " + name + " ok");
        }
        else
        {
            failed++;
            System.out.println("CHECK " + name + " FAILED " + detail);
        }
    }
}
