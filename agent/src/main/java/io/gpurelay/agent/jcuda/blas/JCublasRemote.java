package io.gpurelay.agent.jcuda.blas;

import java.nio.ByteOrder;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.jcuda.HostRange;
import io.gpurelay.agent.jcuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote;
import io.gpurelay.agent.jcuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.runtime.cudaStream_t;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The legacy cuBLAS functions ({@code jcuda.jcublas.JCublas}) gpurelay implements. Each public static method replaces
 * the native method of {@code JCublas} with the same name and descriptor (see {@link JCublasInstrumentation});
 * JCublas's Java code (its array overloads, {@code checkResult}, the exceptions mode that asks
 * {@code cublasGetError} after each routine) runs unchanged.
 * <p>
 * No wire function is legacy-only: a legacy routine is the v2 routine of the same name on the implicit handle that
 * {@code cublasInit} makes ({@link LegacyBlasState}), and travels as the {@link JCublas2Remote} call does. The
 * implicit handle stays in host pointer mode, so the scalars the legacy API passes by value travel as their raw bits
 * and a reduction's value comes back with the reply. Character arguments become cuBLAS's enums ('N', 'T', 'C' for
 * the operation, 'U', 'L' for the triangle, 'N', 'U' for the diagonal, 'L', 'R' for the side, either case); any
 * other character is {@code CUBLAS_STATUS_INVALID_VALUE}, as is host memory where device memory belongs. A routine
 * called before {@code cublasInit} (or after {@code cublasShutdown}) records {@code CUBLAS_STATUS_NOT_INITIALIZED}.
 * A routine's failure is recorded for {@code cublasGetError}; one that returns a value returns 0 then.
 * <p>
 * {@code cublasAlloc} and {@code cublasFree} are what cuBLAS's header makes of them: {@code cudaMalloc} of
 * {@code n * elemSize} bytes ({@code CUBLAS_STATUS_ALLOC_FAILED} when it fails) and {@code cudaFree}
 * ({@code CUBLAS_STATUS_INTERNAL_ERROR} when it fails). The transfers are cuBLAS's own {@code cublasSetVector} and
 * friends, shared with the v2 API. {@code cublasSrotg}, {@code cublasDrotg}, {@code cublasSrotmg} and
 * {@code cublasDrotmg} work on host scalars only and are computed here, as the reference BLAS computes them.
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
        final long handle = LegacyBlasState.handle();
        if (handle == 0)
        {
            AgentLog.debug(name + " before cublasInit: CUBLAS_STATUS_NOT_INITIALIZED");
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
            return 0;
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
            return 0;
        }
        final long[] results = new long[1];
        final int status = JCublas2Remote.cublasStatus(JCublas2Remote.client().call(function,
            LegacyBlasState.device(), args, null, null, results));
        if (status != CublasStatus.SUCCESS)
        {
            LegacyBlasState.record(status);
            return 0;
        }
        return results[0];
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
            final HostRange[] ranges = { HostRange.of(a, bytes), HostRange.of(b, bytes), HostRange.of(c, bytes),
                HostRange.of(s, bytes) };
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
