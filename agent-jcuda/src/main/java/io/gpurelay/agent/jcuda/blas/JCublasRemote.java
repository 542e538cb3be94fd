package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.cuda.blas.HostRotations;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.cuComplex;
import jcuda.cuDoubleComplex;
import jcuda.runtime.cudaStream_t;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The legacy cuBLAS functions ({@code jcuda.jcublas.JCublas}) gpurelay implements. Each public static method replaces
 * the native method of {@code JCublas} with the same name and descriptor (see {@link JCublasInstrumentation});
 * JCublas's Java code (its array overloads, {@code checkResult}, the exceptions mode that asks
 * {@code cublasGetError} after each routine) runs unchanged.
 * <p>
 * No wire function is legacy-only: a legacy routine is the v2 routine of the same name on the implicit handle that
 * {@code cublasInit} makes ({@link LegacyBlasState}). An S or D routine that JCublas2 remotes travels as the
 * {@link JCublas2Remote} call does; the others (complex, banded, packed, rank updates, rotm) as the typed wire
 * function of their family ({@code Function.CUBLAS_GEMM_X} and the rest), which names the element type. Where the
 * executor's backend lacks a routine (the device emulator has few complex ones) it answers
 * {@code CUBLAS_STATUS_NOT_SUPPORTED} naming it, and that is what {@code cublasGetError} reports. The implicit handle
 * stays in host pointer mode, so the scalars the legacy API passes by value travel as their raw bits and a
 * reduction's value comes back with the reply. Character arguments become cuBLAS's enums ('N', 'T', 'C' for
 * the operation, 'U', 'L' for the triangle, 'N', 'U' for the diagonal, 'L', 'R' for the side, either case); any
 * other character is {@code CUBLAS_STATUS_INVALID_VALUE}, as is host memory where device memory belongs. A routine
 * called before {@code cublasInit} (or after {@code cublasShutdown}) records {@code CUBLAS_STATUS_NOT_INITIALIZED}.
 * A routine's failure is recorded for {@code cublasGetError}; one that returns a value returns 0 then.
 * <p>
 * {@code cublasAlloc} and {@code cublasFree} are what cuBLAS's header makes of them: {@code cudaMalloc} of
 * {@code n * elemSize} bytes ({@code CUBLAS_STATUS_ALLOC_FAILED} when it fails) and {@code cudaFree}
 * ({@code CUBLAS_STATUS_INTERNAL_ERROR} when it fails). The transfers are cuBLAS's own {@code cublasSetVector} and
 * friends, shared with the v2 API. {@code cublasSrotg}, {@code cublasDrotg}, {@code cublasCrotg}, {@code cublasZrotg},
 * {@code cublasSrotmg} and {@code cublasDrotmg} work on host scalars only and are computed here, as the reference
 * BLAS computes them (the complex ones in double precision). {@code printVector} and {@code printMatrix}, JCublas's
 * debugging aids whose output format is its native code's own, are not remoted.
 */
public final class JCublasRemote
{
    private static final int OP_N = 0;
    private static final int OP_T = 1;
    private static final int OP_C = 2;
    private static final int FILL_LOWER = 0;
    private static final int FILL_UPPER = 1;
    private static final int DIAG_NON_UNIT = 0;
    private static final int DIAG_UNIT = 1;
    private static final int SIDE_LEFT = 0;
    private static final int SIDE_RIGHT = 1;
    /** The element types of the typed wire functions, as cudaDataType values. */
    private static final long R_32F = 0;
    private static final long R_64F = 1;
    private static final long C_32F = 4;
    private static final long C_64F = 5;

    private JCublasRemote()
    {
    }

    /**
     * JCublas's native log level: there is no JCublas native code here to log.
     */
    public static void setLogLevelNative(final int level)
    {
    }

    // Helper functions: they return their status.

    /**
     * Makes the implicit handle in the primary context of the calling thread's current device; a second call while
     * initialised succeeds and keeps the handle.
     */
    public static int cublasInitNative()
    {
        synchronized (LegacyBlasState.class)
        {
            if (LegacyBlasState.handle() != 0)
            {
                return CublasStatus.SUCCESS;
            }
            final int device = RuntimeThreadState.currentDevice();
            final long[] results = new long[1];
            final int status = JCublas2Remote.cublasStatus(JCublas2Remote.client().call(Function.CUBLAS_CREATE,
                device, new long[0], null, null, results));
            if (status == CublasStatus.SUCCESS)
            {
                LegacyBlasState.initialized(results[0], device);
            }
            return status;
        }
    }

    /**
     * Destroys the implicit handle; {@code CUBLAS_STATUS_NOT_INITIALIZED} when there is none. The library is shut
     * down even where the executor could not destroy the handle (a lost session took it with it).
     */
    public static int cublasShutdownNative()
    {
        synchronized (LegacyBlasState.class)
        {
            final long handle = LegacyBlasState.handle();
            if (handle == 0)
            {
                return CublasStatus.NOT_INITIALIZED;
            }
            final int device = LegacyBlasState.device();
            LegacyBlasState.shutDown();
            return JCublas2Remote.cublasStatus(JCublas2Remote.client().call(Function.CUBLAS_DESTROY, device,
                new long[]{ handle }, null, null, null));
        }
    }

    public static int cublasGetErrorNative()
    {
        return LegacyBlasState.takeError();
    }

    public static int cublasAllocNative(final int n, final int elemSize, final Pointer devicePtr)
    {
        if (devicePtr == null)
        {
            throw new NullPointerException("Parameter 'devicePtr' is null for cublasAlloc");
        }
        // cuBLAS's header multiplies the two ints as unsigned 64-bit values.
        final long size = n * (long)elemSize;
        if (n < 0 || elemSize < 0)
        {
            AgentLog.warn("cublasAlloc: " + n + " elements of " + elemSize + " bytes; returning " +
                "CUBLAS_STATUS_ALLOC_FAILED");
            return CublasStatus.ALLOC_FAILED;
        }
        return JCudaRuntimeRemote.cudaMallocNative(devicePtr, size) == RuntimeStatus.SUCCESS ?
            CublasStatus.SUCCESS : CublasStatus.ALLOC_FAILED;
    }

    public static int cublasFreeNative(final Pointer devicePtr)
    {
        if (devicePtr == null)
        {
            throw new NullPointerException("Parameter 'devicePtr' is null for cublasFree");
        }
        return JCudaRuntimeRemote.cudaFreeNative(devicePtr) == RuntimeStatus.SUCCESS ?
            CublasStatus.SUCCESS : CublasStatus.INTERNAL_ERROR;
    }

    public static int cublasSetVectorNative(
        final int n, final int elemSize, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return JCublas2Remote.setMatrix("cublasSetVector", 1, n, elemSize, x, incx, y, incy, 0);
    }

    public static int cublasGetVectorNative(
        final int n, final int elemSize, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return JCublas2Remote.getMatrix("cublasGetVector", 1, n, elemSize, x, incx, y, incy, 0);
    }

    public static int cublasSetMatrixNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb)
    {
        return JCublas2Remote.setMatrix("cublasSetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasGetMatrixNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb)
    {
        return JCublas2Remote.getMatrix("cublasGetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasSetVectorAsyncNative(
        final int n, final int elemSize, final Pointer hostPtr, final int incx, final Pointer devicePtr,
        final int incy, final cudaStream_t stream)
    {
        return JCublas2Remote.setMatrix("cublasSetVectorAsync", 1, n, elemSize, hostPtr, incx, devicePtr, incy,
            JCublas2Remote.streamHandle(stream));
    }

    public static int cublasGetVectorAsyncNative(
        final int n, final int elemSize, final Pointer devicePtr, final int incx, final Pointer hostPtr,
        final int incy, final cudaStream_t stream)
    {
        return JCublas2Remote.getMatrix("cublasGetVectorAsync", 1, n, elemSize, devicePtr, incx, hostPtr, incy,
            JCublas2Remote.streamHandle(stream));
    }

    public static int cublasSetMatrixAsyncNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb, final cudaStream_t stream)
    {
        return JCublas2Remote.setMatrix("cublasSetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb,
            JCublas2Remote.streamHandle(stream));
    }

    public static int cublasGetMatrixAsyncNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb, final cudaStream_t stream)
    {
        return JCublas2Remote.getMatrix("cublasGetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb,
            JCublas2Remote.streamHandle(stream));
    }

    /**
     * The stream of the implicit handle: {@code cublasSetStream} on it.
     */
    public static int cublasSetKernelStreamNative(final cudaStream_t stream)
    {
        final long handle = LegacyBlasState.handle();
        if (handle == 0)
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        return JCublas2Remote.cublasStatus(JCublas2Remote.client().call(Function.CUBLAS_SET_STREAM,
            LegacyBlasState.device(), new long[]{ handle, JCublas2Remote.streamHandle(stream) }, null, null, null));
    }

    // Core functions: v2 routines on the implicit handle.

    public static int cublasIsamaxNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIsamax", Function.CUBLAS_ISAMAX, h -> new long[]{ h, n, device(x), incx, 0 });
    }

    public static int cublasIsaminNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIsamin", Function.CUBLAS_ISAMIN, h -> new long[]{ h, n, device(x), incx, 0 });
    }

    public static float cublasSasumNative(final int n, final Pointer x, final int incx)
    {
        return Float.intBitsToFloat((int)value("cublasSasum", Function.CUBLAS_SASUM, h -> new long[]{ h, n,
            device(x), incx, 0 }));
    }

    public static void cublasSaxpyNative(
        final int n, final float alpha, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasSaxpy", Function.CUBLAS_SAXPY, h -> new long[]{ h, n, floatBits(alpha), device(x), incx,
            device(y), incy });
    }

    public static void cublasScopyNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasScopy", Function.CUBLAS_SCOPY, h -> new long[]{ h, n, device(x), incx, device(y), incy });
    }

    public static float cublasSdotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return Float.intBitsToFloat((int)value("cublasSdot", Function.CUBLAS_SDOT, h -> new long[]{ h, n, device(x),
            incx, device(y), incy, 0 }));
    }

    public static float cublasSnrm2Native(final int n, final Pointer x, final int incx)
    {
        return Float.intBitsToFloat((int)value("cublasSnrm2", Function.CUBLAS_SNRM2, h -> new long[]{ h, n,
            device(x), incx, 0 }));
    }

    public static void cublasSrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final float sc, final float ss)
    {
        run("cublasSrot", Function.CUBLAS_SROT, h -> new long[]{ h, n, device(x), incx, device(y), incy,
            floatBits(sc), floatBits(ss) });
    }

    public static void cublasSscalNative(final int n, final float alpha, final Pointer x, final int incx)
    {
        run("cublasSscal", Function.CUBLAS_SSCAL, h -> new long[]{ h, n, floatBits(alpha), device(x), incx });
    }

    public static void cublasSswapNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasSswap", Function.CUBLAS_SSWAP, h -> new long[]{ h, n, device(x), incx, device(y), incy });
    }

    public static void cublasSgemvNative(
        final char trans, final int m, final int n, final float alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final float beta, final Pointer y, final int incy)
    {
        run("cublasSgemv", Function.CUBLAS_SGEMV, h -> new long[]{ h, operation(trans, "trans"), m, n,
            floatBits(alpha), device(a), lda, device(x), incx, floatBits(beta), device(y), incy });
    }

    public static void cublasSgerNative(
        final int m, final int n, final float alpha, final Pointer x, final int incx, final Pointer y, final int incy,
        final Pointer a, final int lda)
    {
        run("cublasSger", Function.CUBLAS_SGER, h -> new long[]{ h, m, n, floatBits(alpha), device(x), incx,
            device(y), incy, device(a), lda });
    }

    public static void cublasSsymvNative(
        final char uplo, final int n, final float alpha, final Pointer a, final int lda, final Pointer x,
        final int incx, final float beta, final Pointer y, final int incy)
    {
        run("cublasSsymv", Function.CUBLAS_SSYMV, h -> new long[]{ h, fill(uplo), n, floatBits(alpha), device(a),
            lda, device(x), incx, floatBits(beta), device(y), incy });
    }

    public static void cublasStrmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasStrmv", Function.CUBLAS_STRMV, h -> new long[]{ h, fill(uplo), operation(trans, "trans"),
            diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasStrsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasStrsv", Function.CUBLAS_STRSV, h -> new long[]{ h, fill(uplo), operation(trans, "trans"),
            diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasSgemmNative(
        final char transa, final char transb, final int m, final int n, final int k, final float alpha,
        final Pointer a, final int lda, final Pointer b, final int ldb, final float beta, final Pointer c,
        final int ldc)
    {
        run("cublasSgemm", Function.CUBLAS_SGEMM, h -> new long[]{ h, operation(transa, "transa"), operation(transb,
            "transb"), m, n, k, floatBits(alpha), device(a), lda, device(b), ldb, floatBits(beta), device(c), ldc });
    }

    public static void cublasSsymmNative(
        final char side, final char uplo, final int m, final int n, final float alpha, final Pointer a, final int lda,
        final Pointer b, final int ldb, final float beta, final Pointer c, final int ldc)
    {
        run("cublasSsymm", Function.CUBLAS_SSYMM, h -> new long[]{ h, side(side), fill(uplo), m, n,
            floatBits(alpha), device(a), lda, device(b), ldb, floatBits(beta), device(c), ldc });
    }

    public static void cublasSsyrkNative(
        final char uplo, final char trans, final int n, final int k, final float alpha, final Pointer a,
        final int lda, final float beta, final Pointer c, final int ldc)
    {
        run("cublasSsyrk", Function.CUBLAS_SSYRK, h -> new long[]{ h, fill(uplo), operation(trans, "trans"), n, k,
            floatBits(alpha), device(a), lda, floatBits(beta), device(c), ldc });
    }

    public static void cublasStrmmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final float alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasStrmm", Function.CUBLAS_STRMM, h -> new long[]{ h, side(side), fill(uplo), operation(transa,
            "transa"), diagonal(diag), m, n, floatBits(alpha), device(a), lda, device(b), ldb, device(b), ldb });
    }

    public static void cublasStrsmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final float alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasStrsm", Function.CUBLAS_STRSM, h -> new long[]{ h, side(side), fill(uplo), operation(transa,
            "transa"), diagonal(diag), m, n, floatBits(alpha), device(a), lda, device(b), ldb });
    }

    public static int cublasIdamaxNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIdamax", Function.CUBLAS_IDAMAX, h -> new long[]{ h, n, device(x), incx, 0 });
    }

    public static int cublasIdaminNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIdamin", Function.CUBLAS_IDAMIN, h -> new long[]{ h, n, device(x), incx, 0 });
    }

    public static double cublasDasumNative(final int n, final Pointer x, final int incx)
    {
        return Double.longBitsToDouble(value("cublasDasum", Function.CUBLAS_DASUM, h -> new long[]{ h, n, device(x),
            incx, 0 }));
    }

    public static void cublasDaxpyNative(
        final int n, final double alpha, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasDaxpy", Function.CUBLAS_DAXPY, h -> new long[]{ h, n, doubleBits(alpha), device(x), incx,
            device(y), incy });
    }

    public static void cublasDcopyNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasDcopy", Function.CUBLAS_DCOPY, h -> new long[]{ h, n, device(x), incx, device(y), incy });
    }

    public static double cublasDdotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return Double.longBitsToDouble(value("cublasDdot", Function.CUBLAS_DDOT, h -> new long[]{ h, n, device(x),
            incx, device(y), incy, 0 }));
    }

    public static double cublasDnrm2Native(final int n, final Pointer x, final int incx)
    {
        return Double.longBitsToDouble(value("cublasDnrm2", Function.CUBLAS_DNRM2, h -> new long[]{ h, n, device(x),
            incx, 0 }));
    }

    public static void cublasDrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final double sc,
        final double ss)
    {
        run("cublasDrot", Function.CUBLAS_DROT, h -> new long[]{ h, n, device(x), incx, device(y), incy,
            doubleBits(sc), doubleBits(ss) });
    }

    public static void cublasDscalNative(final int n, final double alpha, final Pointer x, final int incx)
    {
        run("cublasDscal", Function.CUBLAS_DSCAL, h -> new long[]{ h, n, doubleBits(alpha), device(x), incx });
    }

    public static void cublasDswapNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasDswap", Function.CUBLAS_DSWAP, h -> new long[]{ h, n, device(x), incx, device(y), incy });
    }

    public static void cublasDgemvNative(
        final char trans, final int m, final int n, final double alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final double beta, final Pointer y, final int incy)
    {
        run("cublasDgemv", Function.CUBLAS_DGEMV, h -> new long[]{ h, operation(trans, "trans"), m, n,
            doubleBits(alpha), device(a), lda, device(x), incx, doubleBits(beta), device(y), incy });
    }

    public static void cublasDgerNative(
        final int m, final int n, final double alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasDger", Function.CUBLAS_DGER, h -> new long[]{ h, m, n, doubleBits(alpha), device(x), incx,
            device(y), incy, device(a), lda });
    }

    public static void cublasDsymvNative(
        final char uplo, final int n, final double alpha, final Pointer a, final int lda, final Pointer x,
        final int incx, final double beta, final Pointer y, final int incy)
    {
        run("cublasDsymv", Function.CUBLAS_DSYMV, h -> new long[]{ h, fill(uplo), n, doubleBits(alpha), device(a),
            lda, device(x), incx, doubleBits(beta), device(y), incy });
    }

    public static void cublasDtrmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasDtrmv", Function.CUBLAS_DTRMV, h -> new long[]{ h, fill(uplo), operation(trans, "trans"),
            diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasDtrsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasDtrsv", Function.CUBLAS_DTRSV, h -> new long[]{ h, fill(uplo), operation(trans, "trans"),
            diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasDgemmNative(
        final char transa, final char transb, final int m, final int n, final int k, final double alpha,
        final Pointer a, final int lda, final Pointer b, final int ldb, final double beta, final Pointer c,
        final int ldc)
    {
        run("cublasDgemm", Function.CUBLAS_DGEMM, h -> new long[]{ h, operation(transa, "transa"), operation(transb,
            "transb"), m, n, k, doubleBits(alpha), device(a), lda, device(b), ldb, doubleBits(beta), device(c),
            ldc });
    }

    public static void cublasDsymmNative(
        final char side, final char uplo, final int m, final int n, final double alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final double beta, final Pointer c, final int ldc)
    {
        run("cublasDsymm", Function.CUBLAS_DSYMM, h -> new long[]{ h, side(side), fill(uplo), m, n,
            doubleBits(alpha), device(a), lda, device(b), ldb, doubleBits(beta), device(c), ldc });
    }

    public static void cublasDsyrkNative(
        final char uplo, final char trans, final int n, final int k, final double alpha, final Pointer a,
        final int lda, final double beta, final Pointer c, final int ldc)
    {
        run("cublasDsyrk", Function.CUBLAS_DSYRK, h -> new long[]{ h, fill(uplo), operation(trans, "trans"), n, k,
            doubleBits(alpha), device(a), lda, doubleBits(beta), device(c), ldc });
    }

    public static void cublasDtrmmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final double alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasDtrmm", Function.CUBLAS_DTRMM, h -> new long[]{ h, side(side), fill(uplo), operation(transa,
            "transa"), diagonal(diag), m, n, doubleBits(alpha), device(a), lda, device(b), ldb, device(b), ldb });
    }

    public static void cublasDtrsmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final double alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasDtrsm", Function.CUBLAS_DTRSM, h -> new long[]{ h, side(side), fill(uplo), operation(transa,
            "transa"), diagonal(diag), m, n, doubleBits(alpha), device(a), lda, device(b), ldb });
    }


    // Core functions without an S/D wire function of their own: the typed wire functions (Function.CUBLAS_AXPY_X
    // and the rest), which name the element type.

    public static void cublasCaxpyNative(
        final int n, final cuComplex alpha, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasCaxpy", Function.CUBLAS_AXPY_X, h -> new long[]{ h, C_32F, n, re(alpha), im(alpha), device(x),
            incx, device(y), incy });
    }

    public static void cublasCcopyNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasCcopy", Function.CUBLAS_COPY_X, h -> new long[]{ h, C_32F, n, device(x), incx, device(y), incy });
    }

    public static void cublasCscalNative(final int n, final cuComplex alpha, final Pointer x, final int incx)
    {
        run("cublasCscal", Function.CUBLAS_SCAL_X, h -> new long[]{ h, C_32F, 0, n, re(alpha), im(alpha), device(x),
            incx });
    }

    public static void cublasCsscalNative(final int n, final float alpha, final Pointer x, final int incx)
    {
        run("cublasCsscal", Function.CUBLAS_SCAL_X, h -> new long[]{ h, C_32F, 1, n, floatBits(alpha), 0, device(x),
            incx });
    }

    public static void cublasCswapNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasCswap", Function.CUBLAS_SWAP_X, h -> new long[]{ h, C_32F, n, device(x), incx, device(y), incy });
    }

    public static cuComplex cublasCdotuNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return floatComplex(values("cublasCdotu", Function.CUBLAS_DOT_X, h -> new long[]{ h, C_32F, 0, n, device(x),
            incx, device(y), incy, 0 }));
    }

    public static cuComplex cublasCdotcNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return floatComplex(values("cublasCdotc", Function.CUBLAS_DOT_X, h -> new long[]{ h, C_32F, 1, n, device(x),
            incx, device(y), incy, 0 }));
    }

    public static int cublasIcamaxNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIcamax", Function.CUBLAS_IAMAX_X, h -> new long[]{ h, C_32F, 0, n, device(x), incx,
            0 });
    }

    public static int cublasIcaminNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIcamin", Function.CUBLAS_IAMAX_X, h -> new long[]{ h, C_32F, 1, n, device(x), incx,
            0 });
    }

    public static float cublasScasumNative(final int n, final Pointer x, final int incx)
    {
        return Float.intBitsToFloat((int)value("cublasScasum", Function.CUBLAS_ASUM_X, h -> new long[]{ h, C_32F, n,
            device(x), incx, 0 }));
    }

    public static float cublasScnrm2Native(final int n, final Pointer x, final int incx)
    {
        return Float.intBitsToFloat((int)value("cublasScnrm2", Function.CUBLAS_NRM2_X, h -> new long[]{ h, C_32F, n,
            device(x), incx, 0 }));
    }

    public static void cublasCrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final float sc,
        final cuComplex cs)
    {
        run("cublasCrot", Function.CUBLAS_ROT_X, h -> new long[]{ h, C_32F, 0, n, device(x), incx, device(y), incy,
            floatBits(sc), 0, re(cs), im(cs) });
    }

    public static void cublasCsrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final float sc, final float ss)
    {
        run("cublasCsrot", Function.CUBLAS_ROT_X, h -> new long[]{ h, C_32F, 1, n, device(x), incx, device(y), incy,
            floatBits(sc), 0, floatBits(ss), 0 });
    }

    public static void cublasZaxpyNative(
        final int n, final cuDoubleComplex alpha, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasZaxpy", Function.CUBLAS_AXPY_X, h -> new long[]{ h, C_64F, n, re(alpha), im(alpha), device(x),
            incx, device(y), incy });
    }

    public static void cublasZcopyNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasZcopy", Function.CUBLAS_COPY_X, h -> new long[]{ h, C_64F, n, device(x), incx, device(y), incy });
    }

    public static void cublasZscalNative(final int n, final cuDoubleComplex alpha, final Pointer x, final int incx)
    {
        run("cublasZscal", Function.CUBLAS_SCAL_X, h -> new long[]{ h, C_64F, 0, n, re(alpha), im(alpha), device(x),
            incx });
    }

    public static void cublasZdscalNative(final int n, final double alpha, final Pointer x, final int incx)
    {
        run("cublasZdscal", Function.CUBLAS_SCAL_X, h -> new long[]{ h, C_64F, 1, n, doubleBits(alpha), 0,
            device(x), incx });
    }

    public static void cublasZswapNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        run("cublasZswap", Function.CUBLAS_SWAP_X, h -> new long[]{ h, C_64F, n, device(x), incx, device(y), incy });
    }

    public static cuDoubleComplex cublasZdotuNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return doubleComplex(values("cublasZdotu", Function.CUBLAS_DOT_X, h -> new long[]{ h, C_64F, 0, n,
            device(x), incx, device(y), incy, 0 }));
    }

    public static cuDoubleComplex cublasZdotcNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return doubleComplex(values("cublasZdotc", Function.CUBLAS_DOT_X, h -> new long[]{ h, C_64F, 1, n,
            device(x), incx, device(y), incy, 0 }));
    }

    public static int cublasIzamaxNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIzamax", Function.CUBLAS_IAMAX_X, h -> new long[]{ h, C_64F, 0, n, device(x), incx,
            0 });
    }

    public static int cublasIzaminNative(final int n, final Pointer x, final int incx)
    {
        return (int)value("cublasIzamin", Function.CUBLAS_IAMAX_X, h -> new long[]{ h, C_64F, 1, n, device(x), incx,
            0 });
    }

    public static double cublasDzasumNative(final int n, final Pointer x, final int incx)
    {
        return Double.longBitsToDouble(value("cublasDzasum", Function.CUBLAS_ASUM_X, h -> new long[]{ h, C_64F, n,
            device(x), incx, 0 }));
    }

    public static double cublasDznrm2Native(final int n, final Pointer x, final int incx)
    {
        return Double.longBitsToDouble(value("cublasDznrm2", Function.CUBLAS_NRM2_X, h -> new long[]{ h, C_64F, n,
            device(x), incx, 0 }));
    }

    public static void cublasZrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final double sc,
        final cuDoubleComplex cs)
    {
        run("cublasZrot", Function.CUBLAS_ROT_X, h -> new long[]{ h, C_64F, 0, n, device(x), incx, device(y), incy,
            doubleBits(sc), 0, re(cs), im(cs) });
    }

    public static void cublasZdrotNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final double sc,
        final double ss)
    {
        run("cublasZdrot", Function.CUBLAS_ROT_X, h -> new long[]{ h, C_64F, 1, n, device(x), incx, device(y), incy,
            doubleBits(sc), 0, doubleBits(ss), 0 });
    }

    public static void cublasSrotmNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final float[] param)
    {
        run("cublasSrotm", Function.CUBLAS_ROTM, h -> new long[]{ h, R_32F, n, device(x), incx, device(y), incy,
            rotmParameter(param, 0), rotmParameter(param, 1), rotmParameter(param, 2), rotmParameter(param, 3),
            rotmParameter(param, 4) });
    }

    public static void cublasDrotmNative(
        final int n, final Pointer x, final int incx, final Pointer y, final int incy, final double[] param)
    {
        run("cublasDrotm", Function.CUBLAS_ROTM, h -> new long[]{ h, R_64F, n, device(x), incx, device(y), incy,
            rotmParameter(param, 0), rotmParameter(param, 1), rotmParameter(param, 2), rotmParameter(param, 3),
            rotmParameter(param, 4) });
    }

    public static void cublasSgbmvNative(
        final char trans, final int m, final int n, final int kl, final int ku, final float alpha, final Pointer a,
        final int lda, final Pointer x, final int incx, final float beta, final Pointer y, final int incy)
    {
        run("cublasSgbmv", Function.CUBLAS_GBMV, h -> new long[]{ h, R_32F, operation(trans, "trans"), m, n, kl, ku,
            floatBits(alpha), 0, device(a), lda, device(x), incx, floatBits(beta), 0, device(y), incy });
    }

    public static void cublasSsbmvNative(
        final char uplo, final int n, final int k, final float alpha, final Pointer a, final int lda, final Pointer x,
        final int incx, final float beta, final Pointer y, final int incy)
    {
        run("cublasSsbmv", Function.CUBLAS_SBMV, h -> new long[]{ h, R_32F, fill(uplo), n, k, floatBits(alpha), 0,
            device(a), lda, device(x), incx, floatBits(beta), 0, device(y), incy });
    }

    public static void cublasSspmvNative(
        final char uplo, final int n, final float alpha, final Pointer ap, final Pointer x, final int incx,
        final float beta, final Pointer y, final int incy)
    {
        run("cublasSspmv", Function.CUBLAS_SPMV, h -> new long[]{ h, R_32F, fill(uplo), n, floatBits(alpha), 0,
            device(ap), device(x), incx, floatBits(beta), 0, device(y), incy });
    }

    public static void cublasSsprNative(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer ap)
    {
        run("cublasSspr", Function.CUBLAS_SPR, h -> new long[]{ h, R_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(ap) });
    }

    public static void cublasSspr2Native(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer ap)
    {
        run("cublasSspr2", Function.CUBLAS_SPR2, h -> new long[]{ h, R_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(y), incy, device(ap) });
    }

    public static void cublasSsyrNative(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer a,
        final int lda)
    {
        run("cublasSsyr", Function.CUBLAS_SYR, h -> new long[]{ h, R_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(a), lda });
    }

    public static void cublasSsyr2Native(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasSsyr2", Function.CUBLAS_SYR2, h -> new long[]{ h, R_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasStbmvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasStbmv", Function.CUBLAS_TBMV, h -> new long[]{ h, R_32F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasStpmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasStpmv", Function.CUBLAS_TPMV, h -> new long[]{ h, R_32F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasStbsvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasStbsv", Function.CUBLAS_TBMV, h -> new long[]{ h, R_32F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasStpsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasStpsv", Function.CUBLAS_TPMV, h -> new long[]{ h, R_32F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasSsyr2kNative(
        final char uplo, final char trans, final int n, final int k, final float alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final float beta, final Pointer c, final int ldc)
    {
        run("cublasSsyr2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, R_32F, 0, fill(uplo), operation(trans,
            "trans"), n, k, floatBits(alpha), 0, device(a), lda, device(b), ldb, floatBits(beta), 0, device(c),
            ldc });
    }

    public static void cublasDgbmvNative(
        final char trans, final int m, final int n, final int kl, final int ku, final double alpha, final Pointer a,
        final int lda, final Pointer x, final int incx, final double beta, final Pointer y, final int incy)
    {
        run("cublasDgbmv", Function.CUBLAS_GBMV, h -> new long[]{ h, R_64F, operation(trans, "trans"), m, n, kl, ku,
            doubleBits(alpha), 0, device(a), lda, device(x), incx, doubleBits(beta), 0, device(y), incy });
    }

    public static void cublasDsbmvNative(
        final char uplo, final int n, final int k, final double alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final double beta, final Pointer y, final int incy)
    {
        run("cublasDsbmv", Function.CUBLAS_SBMV, h -> new long[]{ h, R_64F, fill(uplo), n, k, doubleBits(alpha), 0,
            device(a), lda, device(x), incx, doubleBits(beta), 0, device(y), incy });
    }

    public static void cublasDspmvNative(
        final char uplo, final int n, final double alpha, final Pointer ap, final Pointer x, final int incx,
        final double beta, final Pointer y, final int incy)
    {
        run("cublasDspmv", Function.CUBLAS_SPMV, h -> new long[]{ h, R_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(ap), device(x), incx, doubleBits(beta), 0, device(y), incy });
    }

    public static void cublasDsprNative(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer ap)
    {
        run("cublasDspr", Function.CUBLAS_SPR, h -> new long[]{ h, R_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(ap) });
    }

    public static void cublasDspr2Native(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer ap)
    {
        run("cublasDspr2", Function.CUBLAS_SPR2, h -> new long[]{ h, R_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(y), incy, device(ap) });
    }

    public static void cublasDsyrNative(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer a,
        final int lda)
    {
        run("cublasDsyr", Function.CUBLAS_SYR, h -> new long[]{ h, R_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(a), lda });
    }

    public static void cublasDsyr2Native(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasDsyr2", Function.CUBLAS_SYR2, h -> new long[]{ h, R_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasDtbmvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasDtbmv", Function.CUBLAS_TBMV, h -> new long[]{ h, R_64F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasDtpmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasDtpmv", Function.CUBLAS_TPMV, h -> new long[]{ h, R_64F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasDtbsvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasDtbsv", Function.CUBLAS_TBMV, h -> new long[]{ h, R_64F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasDtpsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasDtpsv", Function.CUBLAS_TPMV, h -> new long[]{ h, R_64F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasDsyr2kNative(
        final char uplo, final char trans, final int n, final int k, final double alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final double beta, final Pointer c, final int ldc)
    {
        run("cublasDsyr2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, R_64F, 0, fill(uplo), operation(trans,
            "trans"), n, k, doubleBits(alpha), 0, device(a), lda, device(b), ldb, doubleBits(beta), 0, device(c),
            ldc });
    }

    public static void cublasCgbmvNative(
        final char trans, final int m, final int n, final int kl, final int ku, final cuComplex alpha,
        final Pointer a, final int lda, final Pointer x, final int incx, final cuComplex beta, final Pointer y,
        final int incy)
    {
        run("cublasCgbmv", Function.CUBLAS_GBMV, h -> new long[]{ h, C_32F, operation(trans, "trans"), m, n, kl, ku,
            re(alpha), im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasChbmvNative(
        final char uplo, final int n, final int k, final cuComplex alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final cuComplex beta, final Pointer y, final int incy)
    {
        run("cublasChbmv", Function.CUBLAS_SBMV, h -> new long[]{ h, C_32F, fill(uplo), n, k, re(alpha), im(alpha),
            device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasChprNative(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer ap)
    {
        run("cublasChpr", Function.CUBLAS_SPR, h -> new long[]{ h, C_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(ap) });
    }

    public static void cublasChpr2Native(
        final char uplo, final int n, final cuComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer ap)
    {
        run("cublasChpr2", Function.CUBLAS_SPR2, h -> new long[]{ h, C_32F, fill(uplo), n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(ap) });
    }

    public static void cublasCherNative(
        final char uplo, final int n, final float alpha, final Pointer x, final int incx, final Pointer a,
        final int lda)
    {
        run("cublasCher", Function.CUBLAS_SYR, h -> new long[]{ h, C_32F, fill(uplo), n, floatBits(alpha), 0,
            device(x), incx, device(a), lda });
    }

    public static void cublasCher2Native(
        final char uplo, final int n, final cuComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasCher2", Function.CUBLAS_SYR2, h -> new long[]{ h, C_32F, fill(uplo), n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasCtbmvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasCtbmv", Function.CUBLAS_TBMV, h -> new long[]{ h, C_32F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasCtpmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasCtpmv", Function.CUBLAS_TPMV, h -> new long[]{ h, C_32F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasCtbsvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasCtbsv", Function.CUBLAS_TBMV, h -> new long[]{ h, C_32F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasCtpsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasCtpsv", Function.CUBLAS_TPMV, h -> new long[]{ h, C_32F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasCsyr2kNative(
        final char uplo, final char trans, final int n, final int k, final cuComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuComplex beta, final Pointer c, final int ldc)
    {
        run("cublasCsyr2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, C_32F, 0, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c),
            ldc });
    }

    public static void cublasZgbmvNative(
        final char trans, final int m, final int n, final int kl, final int ku, final cuDoubleComplex alpha,
        final Pointer a, final int lda, final Pointer x, final int incx, final cuDoubleComplex beta, final Pointer y,
        final int incy)
    {
        run("cublasZgbmv", Function.CUBLAS_GBMV, h -> new long[]{ h, C_64F, operation(trans, "trans"), m, n, kl, ku,
            re(alpha), im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasZhbmvNative(
        final char uplo, final int n, final int k, final cuDoubleComplex alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final cuDoubleComplex beta, final Pointer y, final int incy)
    {
        run("cublasZhbmv", Function.CUBLAS_SBMV, h -> new long[]{ h, C_64F, fill(uplo), n, k, re(alpha), im(alpha),
            device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasZhpmvNative(
        final char uplo, final int n, final cuDoubleComplex alpha, final Pointer ap, final Pointer x, final int incx,
        final cuDoubleComplex beta, final Pointer y, final int incy)
    {
        run("cublasZhpmv", Function.CUBLAS_SPMV, h -> new long[]{ h, C_64F, fill(uplo), n, re(alpha), im(alpha),
            device(ap), device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasZhprNative(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer ap)
    {
        run("cublasZhpr", Function.CUBLAS_SPR, h -> new long[]{ h, C_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(ap) });
    }

    public static void cublasZhpr2Native(
        final char uplo, final int n, final cuDoubleComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer ap)
    {
        run("cublasZhpr2", Function.CUBLAS_SPR2, h -> new long[]{ h, C_64F, fill(uplo), n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(ap) });
    }

    public static void cublasZherNative(
        final char uplo, final int n, final double alpha, final Pointer x, final int incx, final Pointer a,
        final int lda)
    {
        run("cublasZher", Function.CUBLAS_SYR, h -> new long[]{ h, C_64F, fill(uplo), n, doubleBits(alpha), 0,
            device(x), incx, device(a), lda });
    }

    public static void cublasZher2Native(
        final char uplo, final int n, final cuDoubleComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasZher2", Function.CUBLAS_SYR2, h -> new long[]{ h, C_64F, fill(uplo), n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasZtbmvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasZtbmv", Function.CUBLAS_TBMV, h -> new long[]{ h, C_64F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasZtpmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasZtpmv", Function.CUBLAS_TPMV, h -> new long[]{ h, C_64F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasZtbsvNative(
        final char uplo, final char trans, final char diag, final int n, final int k, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasZtbsv", Function.CUBLAS_TBMV, h -> new long[]{ h, C_64F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, k, device(a), lda, device(x), incx });
    }

    public static void cublasZtpsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer ap, final Pointer x,
        final int incx)
    {
        run("cublasZtpsv", Function.CUBLAS_TPMV, h -> new long[]{ h, C_64F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(ap), device(x), incx });
    }

    public static void cublasZsyr2kNative(
        final char uplo, final char trans, final int n, final int k, final cuDoubleComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuDoubleComplex beta, final Pointer c, final int ldc)
    {
        run("cublasZsyr2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, C_64F, 0, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c),
            ldc });
    }

    public static void cublasCtrmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasCtrmv", Function.CUBLAS_TRMV_X, h -> new long[]{ h, C_32F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasCtrsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasCtrsv", Function.CUBLAS_TRMV_X, h -> new long[]{ h, C_32F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasCgemvNative(
        final char trans, final int m, final int n, final cuComplex alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final cuComplex beta, final Pointer y, final int incy)
    {
        run("cublasCgemv", Function.CUBLAS_GEMV_X, h -> new long[]{ h, C_32F, operation(trans, "trans"), m, n,
            re(alpha), im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasChemvNative(
        final char uplo, final int n, final cuComplex alpha, final Pointer a, final int lda, final Pointer x,
        final int incx, final cuComplex beta, final Pointer y, final int incy)
    {
        run("cublasChemv", Function.CUBLAS_SYMV_X, h -> new long[]{ h, C_32F, 1, fill(uplo), n, re(alpha),
            im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasCgeruNative(
        final int m, final int n, final cuComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasCgeru", Function.CUBLAS_GER_X, h -> new long[]{ h, C_32F, 0, m, n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasCgercNative(
        final int m, final int n, final cuComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasCgerc", Function.CUBLAS_GER_X, h -> new long[]{ h, C_32F, 1, m, n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasCher2kNative(
        final char uplo, final char trans, final int n, final int k, final cuComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final float beta, final Pointer c, final int ldc)
    {
        run("cublasCher2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, C_32F, 1, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, floatBits(beta), 0, device(c),
            ldc });
    }

    public static void cublasCgemmNative(
        final char transa, final char transb, final int m, final int n, final int k, final cuComplex alpha,
        final Pointer a, final int lda, final Pointer b, final int ldb, final cuComplex beta, final Pointer c,
        final int ldc)
    {
        run("cublasCgemm", Function.CUBLAS_GEMM_X, h -> new long[]{ h, C_32F, operation(transa, "transa"),
            operation(transb, "transb"), m, n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta),
            im(beta), device(c), ldc });
    }

    public static void cublasCsymmNative(
        final char side, final char uplo, final int m, final int n, final cuComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuComplex beta, final Pointer c, final int ldc)
    {
        run("cublasCsymm", Function.CUBLAS_SYMM_X, h -> new long[]{ h, C_32F, 0, side(side), fill(uplo), m, n,
            re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasChemmNative(
        final char side, final char uplo, final int m, final int n, final cuComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuComplex beta, final Pointer c, final int ldc)
    {
        run("cublasChemm", Function.CUBLAS_SYMM_X, h -> new long[]{ h, C_32F, 1, side(side), fill(uplo), m, n,
            re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasCsyrkNative(
        final char uplo, final char trans, final int n, final int k, final cuComplex alpha, final Pointer a,
        final int lda, final cuComplex beta, final Pointer c, final int ldc)
    {
        run("cublasCsyrk", Function.CUBLAS_SYRK_X, h -> new long[]{ h, C_32F, 0, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasCherkNative(
        final char uplo, final char trans, final int n, final int k, final float alpha, final Pointer a,
        final int lda, final float beta, final Pointer c, final int ldc)
    {
        run("cublasCherk", Function.CUBLAS_SYRK_X, h -> new long[]{ h, C_32F, 1, fill(uplo), operation(trans,
            "trans"), n, k, floatBits(alpha), 0, device(a), lda, floatBits(beta), 0, device(c), ldc });
    }

    public static void cublasCtrmmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final cuComplex alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasCtrmm", Function.CUBLAS_TRMM_X, h -> new long[]{ h, C_32F, side(side), fill(uplo),
            operation(transa, "transa"), diagonal(diag), m, n, re(alpha), im(alpha), device(a), lda, device(b), ldb,
            device(b), ldb });
    }

    public static void cublasCtrsmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final cuComplex alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasCtrsm", Function.CUBLAS_TRSM_X, h -> new long[]{ h, C_32F, side(side), fill(uplo),
            operation(transa, "transa"), diagonal(diag), m, n, re(alpha), im(alpha), device(a), lda, device(b),
            ldb });
    }

    public static void cublasZtrmvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasZtrmv", Function.CUBLAS_TRMV_X, h -> new long[]{ h, C_64F, 0, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasZtrsvNative(
        final char uplo, final char trans, final char diag, final int n, final Pointer a, final int lda,
        final Pointer x, final int incx)
    {
        run("cublasZtrsv", Function.CUBLAS_TRMV_X, h -> new long[]{ h, C_64F, 1, fill(uplo), operation(trans,
            "trans"), diagonal(diag), n, device(a), lda, device(x), incx });
    }

    public static void cublasZgemvNative(
        final char trans, final int m, final int n, final cuDoubleComplex alpha, final Pointer a, final int lda,
        final Pointer x, final int incx, final cuDoubleComplex beta, final Pointer y, final int incy)
    {
        run("cublasZgemv", Function.CUBLAS_GEMV_X, h -> new long[]{ h, C_64F, operation(trans, "trans"), m, n,
            re(alpha), im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasZhemvNative(
        final char uplo, final int n, final cuDoubleComplex alpha, final Pointer a, final int lda, final Pointer x,
        final int incx, final cuDoubleComplex beta, final Pointer y, final int incy)
    {
        run("cublasZhemv", Function.CUBLAS_SYMV_X, h -> new long[]{ h, C_64F, 1, fill(uplo), n, re(alpha),
            im(alpha), device(a), lda, device(x), incx, re(beta), im(beta), device(y), incy });
    }

    public static void cublasZgeruNative(
        final int m, final int n, final cuDoubleComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasZgeru", Function.CUBLAS_GER_X, h -> new long[]{ h, C_64F, 0, m, n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasZgercNative(
        final int m, final int n, final cuDoubleComplex alpha, final Pointer x, final int incx, final Pointer y,
        final int incy, final Pointer a, final int lda)
    {
        run("cublasZgerc", Function.CUBLAS_GER_X, h -> new long[]{ h, C_64F, 1, m, n, re(alpha), im(alpha),
            device(x), incx, device(y), incy, device(a), lda });
    }

    public static void cublasZher2kNative(
        final char uplo, final char trans, final int n, final int k, final cuDoubleComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final double beta, final Pointer c, final int ldc)
    {
        run("cublasZher2k", Function.CUBLAS_SYR2K, h -> new long[]{ h, C_64F, 1, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, doubleBits(beta), 0, device(c),
            ldc });
    }

    public static void cublasZgemmNative(
        final char transa, final char transb, final int m, final int n, final int k, final cuDoubleComplex alpha,
        final Pointer a, final int lda, final Pointer b, final int ldb, final cuDoubleComplex beta, final Pointer c,
        final int ldc)
    {
        run("cublasZgemm", Function.CUBLAS_GEMM_X, h -> new long[]{ h, C_64F, operation(transa, "transa"),
            operation(transb, "transb"), m, n, k, re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta),
            im(beta), device(c), ldc });
    }

    public static void cublasZsymmNative(
        final char side, final char uplo, final int m, final int n, final cuDoubleComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuDoubleComplex beta, final Pointer c, final int ldc)
    {
        run("cublasZsymm", Function.CUBLAS_SYMM_X, h -> new long[]{ h, C_64F, 0, side(side), fill(uplo), m, n,
            re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasZhemmNative(
        final char side, final char uplo, final int m, final int n, final cuDoubleComplex alpha, final Pointer a,
        final int lda, final Pointer b, final int ldb, final cuDoubleComplex beta, final Pointer c, final int ldc)
    {
        run("cublasZhemm", Function.CUBLAS_SYMM_X, h -> new long[]{ h, C_64F, 1, side(side), fill(uplo), m, n,
            re(alpha), im(alpha), device(a), lda, device(b), ldb, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasZsyrkNative(
        final char uplo, final char trans, final int n, final int k, final cuDoubleComplex alpha, final Pointer a,
        final int lda, final cuDoubleComplex beta, final Pointer c, final int ldc)
    {
        run("cublasZsyrk", Function.CUBLAS_SYRK_X, h -> new long[]{ h, C_64F, 0, fill(uplo), operation(trans,
            "trans"), n, k, re(alpha), im(alpha), device(a), lda, re(beta), im(beta), device(c), ldc });
    }

    public static void cublasZherkNative(
        final char uplo, final char trans, final int n, final int k, final double alpha, final Pointer a,
        final int lda, final double beta, final Pointer c, final int ldc)
    {
        run("cublasZherk", Function.CUBLAS_SYRK_X, h -> new long[]{ h, C_64F, 1, fill(uplo), operation(trans,
            "trans"), n, k, doubleBits(alpha), 0, device(a), lda, doubleBits(beta), 0, device(c), ldc });
    }

    public static void cublasZtrmmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final cuDoubleComplex alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasZtrmm", Function.CUBLAS_TRMM_X, h -> new long[]{ h, C_64F, side(side), fill(uplo),
            operation(transa, "transa"), diagonal(diag), m, n, re(alpha), im(alpha), device(a), lda, device(b), ldb,
            device(b), ldb });
    }

    public static void cublasZtrsmNative(
        final char side, final char uplo, final char transa, final char diag, final int m, final int n,
        final cuDoubleComplex alpha, final Pointer a, final int lda, final Pointer b, final int ldb)
    {
        run("cublasZtrsm", Function.CUBLAS_TRSM_X, h -> new long[]{ h, C_64F, side(side), fill(uplo),
            operation(transa, "transa"), diagonal(diag), m, n, re(alpha), im(alpha), device(a), lda, device(b),
            ldb });
    }

    // Host-side rotations.

    public static void cublasSrotgNative(final Pointer sa, final Pointer sb, final Pointer sc, final Pointer ss)
    {
        hostRotation("cublasSrotg", Float.BYTES, sa, sb, sc, ss);
    }

    public static void cublasDrotgNative(final Pointer sa, final Pointer sb, final Pointer sc, final Pointer ss)
    {
        hostRotation("cublasDrotg", Double.BYTES, sa, sb, sc, ss);
    }

    public static void cublasSrotmgNative(
        final float[] sd1, final float[] sd2, final float[] sx1, final float sy1, final float[] sparam)
    {
        if (LegacyBlasState.handle() == 0)
        {
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
        }
        else if (hasElements("cublasSrotmg", sd1 == null || sd2 == null || sx1 == null || sparam == null,
            sd1 == null || sd2 == null || sx1 == null || sparam == null || sd1.length < 1 || sd2.length < 1 ||
                sx1.length < 1 || sparam.length < 5))
        {
            HostRotations.srotmg(sd1, sd2, sx1, sy1, sparam);
        }
    }

    public static void cublasDrotmgNative(
        final double[] sd1, final double[] sd2, final double[] sx1, final double sy1, final double[] sparam)
    {
        if (LegacyBlasState.handle() == 0)
        {
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
        }
        else if (hasElements("cublasDrotmg", sd1 == null || sd2 == null || sx1 == null || sparam == null,
            sd1 == null || sd2 == null || sx1 == null || sparam == null || sd1.length < 1 || sd2.length < 1 ||
                sx1.length < 1 || sparam.length < 5))
        {
            HostRotations.drotmg(sd1, sd2, sx1, sy1, sparam);
        }
    }

    public static void cublasCrotgNative(final Pointer ca, final cuComplex cb, final Pointer sc, final Pointer cs)
    {
        if (cb == null)
        {
            throw new NullPointerException("Parameter 'cb' is null for cublasCrotg");
        }
        complexRotation("cublasCrotg", Float.BYTES, ca, cb.x, cb.y, sc, cs);
    }

    public static void cublasZrotgNative(
        final Pointer ca, final cuDoubleComplex cb, final Pointer sc, final Pointer cs)
    {
        if (cb == null)
        {
            throw new NullPointerException("Parameter 'cb' is null for cublasZrotg");
        }
        complexRotation("cublasZrotg", Double.BYTES, ca, cb.x, cb.y, sc, cs);
    }

    /**
     * A v2 routine on the implicit handle whose only outcome is its status, recorded on failure.
     */
    private static void run(final String name, final Function function, final Arguments arguments)
    {
        value(name, function, arguments);
    }

    /**
     * A v2 routine on the implicit handle: its value (the reply's values[0], a reduction's raw bits or an index), or
     * 0 with the failure recorded.
     */
    private static long value(final String name, final Function function, final Arguments arguments)
    {
        return values(name, function, arguments)[0];
    }

    /**
     * A routine on the implicit handle: the reply's first two values (a complex result's real and imaginary parts'
     * raw bits), or zeros with the failure recorded.
     */
    private static long[] values(final String name, final Function function, final Arguments arguments)
    {
        final long[] results = new long[2];
        final long handle = LegacyBlasState.handle();
        if (handle == 0)
        {
            AgentLog.debug(name + " before cublasInit: CUBLAS_STATUS_NOT_INITIALIZED");
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
            return results;
        }
        final long[] args;
        try
        {
            args = arguments.of(handle);
        }
        catch (final HostRangeException ex)
        {
            AgentLog.warn(name + ": " + ex.getMessage() + "; cublasGetError reports CUBLAS_STATUS_INVALID_VALUE");
            LegacyBlasState.record(CublasStatus.INVALID_VALUE);
            return results;
        }
        final int status = JCublas2Remote.cublasStatus(JCublas2Remote.client().call(function,
            LegacyBlasState.device(), args, null, null, results));
        if (status != CublasStatus.SUCCESS)
        {
            LegacyBlasState.record(status);
            return new long[2];
        }
        return results;
    }

    private static cuComplex floatComplex(final long[] values)
    {
        return cuComplex.cuCmplx(Float.intBitsToFloat((int)values[0]), Float.intBitsToFloat((int)values[1]));
    }

    private static cuDoubleComplex doubleComplex(final long[] values)
    {
        return cuDoubleComplex.cuCmplx(Double.longBitsToDouble(values[0]), Double.longBitsToDouble(values[1]));
    }

    /**
     * rotg of complex values on host scalars: ca (complex) in and out, cb by value, sc (real) and cs (complex) out.
     */
    private static void complexRotation(final String name, final int realBytes, final Pointer ca, final double cbRe,
        final double cbIm, final Pointer sc, final Pointer cs)
    {
        if (LegacyBlasState.handle() == 0)
        {
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
            return;
        }
        if (ca == null || sc == null || cs == null)
        {
            throw new NullPointerException("Parameter is null for " + name);
        }
        try
        {
            final HostRange caRange = JCudaHostRanges.of(ca, 2L * realBytes);
            final HostRange scRange = JCudaHostRanges.of(sc, realBytes);
            final HostRange csRange = JCudaHostRanges.of(cs, 2L * realBytes);
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[2 * Double.BYTES]);
            caRange.copyTo(0, buffer, 0, 2 * realBytes);
            final double[] a = realBytes == Float.BYTES ?
                new double[]{ buffer.getFloat(0, ByteOrder.LITTLE_ENDIAN),
                    buffer.getFloat(Float.BYTES, ByteOrder.LITTLE_ENDIAN) } :
                new double[]{ buffer.getDouble(0, ByteOrder.LITTLE_ENDIAN),
                    buffer.getDouble(Double.BYTES, ByteOrder.LITTLE_ENDIAN) };
            final double[] cAndS = HostRotations.complexRotation(a, cbRe, cbIm);
            writeReals(caRange, realBytes, a[0], a[1]);
            writeReals(scRange, realBytes, cAndS[0]);
            writeReals(csRange, realBytes, cAndS[1], cAndS[2]);
        }
        catch (final HostRangeException ex)
        {
            AgentLog.warn(name + ": " + ex.getMessage() + " (its arguments are host scalars); cublasGetError " +
                "reports CUBLAS_STATUS_INVALID_VALUE");
            LegacyBlasState.record(CublasStatus.INVALID_VALUE);
        }
    }

    private static void writeReals(final HostRange range, final int realBytes, final double... values)
    {
        range.write(0, HostRotations.realBytes(realBytes, values), 0, values.length * realBytes);
    }

    /**
     * rotm's parameter i (flag, h11, h21, h12, h22) as raw bits.
     */
    private static long rotmParameter(final float[] param, final int i) throws HostRangeException
    {
        requireParameters(param == null ? -1 : param.length);
        return floatBits(param[i]);
    }

    private static long rotmParameter(final double[] param, final int i) throws HostRangeException
    {
        requireParameters(param == null ? -1 : param.length);
        return doubleBits(param[i]);
    }

    private static void requireParameters(final int length) throws HostRangeException
    {
        if (length < 0)
        {
            throw new NullPointerException("Parameter 'param' is null for cublasSrotm/cublasDrotm");
        }
        if (length < 5)
        {
            throw new HostRangeException("param has " + length + " elements where rotm reads 5");
        }
    }

    private static long re(final cuComplex value)
    {
        return floatBits(requireComplex(value).x);
    }

    private static long im(final cuComplex value)
    {
        return floatBits(value.y);
    }

    private static long re(final cuDoubleComplex value)
    {
        return doubleBits(requireComplex(value).x);
    }

    private static long im(final cuDoubleComplex value)
    {
        return doubleBits(value.y);
    }

    private static <T> T requireComplex(final T value)
    {
        if (value == null)
        {
            throw new NullPointerException("A complex scalar parameter is null");
        }
        return value;
    }

    /**
     * rotg on host scalars: a and b in, r (into a), z (into b), c and s out.
     */
    private static void hostRotation(
        final String name, final int bytes, final Pointer a, final Pointer b, final Pointer c, final Pointer s)
    {
        if (LegacyBlasState.handle() == 0)
        {
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
            return;
        }
        if (a == null || b == null || c == null || s == null)
        {
            throw new NullPointerException("Parameter is null for " + name);
        }
        try
        {
            final HostRange[] ranges = { JCudaHostRanges.of(a, bytes), JCudaHostRanges.of(b, bytes), JCudaHostRanges.of(c, bytes),
                JCudaHostRanges.of(s, bytes) };
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4 * Double.BYTES]);
            ranges[0].copyTo(0, buffer, 0, bytes);
            ranges[1].copyTo(0, buffer, bytes, bytes);
            if (bytes == Float.BYTES)
            {
                final float[] values = { buffer.getFloat(0, ByteOrder.LITTLE_ENDIAN),
                    buffer.getFloat(Float.BYTES, ByteOrder.LITTLE_ENDIAN), 0, 0 };
                HostRotations.srotg(values);
                for (int i = 0; i < values.length; i++)
                {
                    buffer.putFloat(i * Float.BYTES, values[i], ByteOrder.LITTLE_ENDIAN);
                }
            }
            else
            {
                final double[] values = { buffer.getDouble(0, ByteOrder.LITTLE_ENDIAN),
                    buffer.getDouble(Double.BYTES, ByteOrder.LITTLE_ENDIAN), 0, 0 };
                HostRotations.drotg(values);
                for (int i = 0; i < values.length; i++)
                {
                    buffer.putDouble(i * Double.BYTES, values[i], ByteOrder.LITTLE_ENDIAN);
                }
            }
            for (int i = 0; i < ranges.length; i++)
            {
                ranges[i].write(0, buffer, i * bytes, bytes);
            }
        }
        catch (final HostRangeException ex)
        {
            AgentLog.warn(name + ": " + ex.getMessage() + " (its arguments are host scalars); cublasGetError " +
                "reports CUBLAS_STATUS_INVALID_VALUE");
            LegacyBlasState.record(CublasStatus.INVALID_VALUE);
        }
    }

    /**
     * rotmg's arrays: null ones throw as JCuda's native code does, too short ones are CUBLAS_STATUS_INVALID_VALUE.
     */
    private static boolean hasElements(final String name, final boolean anyNull, final boolean tooShort)
    {
        if (anyNull)
        {
            throw new NullPointerException("Parameter is null for " + name);
        }
        if (tooShort)
        {
            AgentLog.warn(name + ": d1, d2 and x1 need one element, param five; cublasGetError reports " +
                "CUBLAS_STATUS_INVALID_VALUE");
            LegacyBlasState.record(CublasStatus.INVALID_VALUE);
            return false;
        }
        return true;
    }

    /**
     * A matrix or vector argument: its device address (0 for null); host memory is refused.
     */
    private static long device(final Pointer pointer) throws HostRangeException
    {
        return pointer == null ? 0 : JCublas2Remote.deviceAddress(pointer, "a matrix or vector argument");
    }

    private static long floatBits(final float value)
    {
        return Float.floatToRawIntBits(value) & 0xFFFF_FFFFL;
    }

    private static long doubleBits(final double value)
    {
        return Double.doubleToRawLongBits(value);
    }

    static int operation(final char trans, final String what) throws HostRangeException
    {
        return switch (trans)
        {
            case 'N', 'n' -> OP_N;
            case 'T', 't' -> OP_T;
            case 'C', 'c' -> OP_C;
            default -> throw new HostRangeException(what + " is '" + trans + "', not one of N, T, C");
        };
    }

    static int fill(final char uplo) throws HostRangeException
    {
        return switch (uplo)
        {
            case 'U', 'u' -> FILL_UPPER;
            case 'L', 'l' -> FILL_LOWER;
            default -> throw new HostRangeException("uplo is '" + uplo + "', not one of U, L");
        };
    }

    static int diagonal(final char diag) throws HostRangeException
    {
        return switch (diag)
        {
            case 'N', 'n' -> DIAG_NON_UNIT;
            case 'U', 'u' -> DIAG_UNIT;
            default -> throw new HostRangeException("diag is '" + diag + "', not one of N, U");
        };
    }

    static int side(final char side) throws HostRangeException
    {
        return switch (side)
        {
            case 'L', 'l' -> SIDE_LEFT;
            case 'R', 'r' -> SIDE_RIGHT;
            default -> throw new HostRangeException("side is '" + side + "', not one of L, R");
        };
    }

    /**
     * How a routine's arguments become the v2 call's 64-bit arguments, given the implicit handle.
     */
    @FunctionalInterface
    private interface Arguments
    {
        long[] of(long handle) throws HostRangeException;
    }
}
