package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;

import io.gpurelay.agent.log.AgentLog;
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
 * {@code cublasInit} makes ({@link LegacyBlasState}). The routines themselves are not here: they are the rows of
 * {@link io.gpurelay.protocol.describe.CublasRoutines} that JCublas2 and JavaCPP remote too, run by
 * {@link JCublasLegacyRoutineCalls}. Where the executor's backend lacks a routine (the device emulator has few complex
 * ones) it answers {@code CUBLAS_STATUS_NOT_SUPPORTED} naming it, and that is what {@code cublasGetError} reports. The
 * implicit handle
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


    // Core functions without an S/D wire function of their own: the typed wire functions (Function.CUBLAS_AXPY_X
    // and the rest), which name the element type.

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
}
