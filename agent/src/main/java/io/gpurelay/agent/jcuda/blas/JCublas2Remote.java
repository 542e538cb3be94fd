package io.gpurelay.agent.jcuda.blas;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.HostRange;
import io.gpurelay.agent.jcuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.cudaStream_t;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The JCublas2 functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.jcublas.JCublas2} with the same name and descriptor (see {@link JCublas2Instrumentation}); JCublas2's
 * Java code ({@code checkResult}, exceptions mode, {@code cublasGemmEx}'s migration of a legacy compute type) runs
 * unchanged.
 * <p>
 * A handle is the executor's, made in the primary context of the calling thread's current device. The agent
 * remembers each handle's pointer mode, as cuBLAS's own host code does, to know how to read a scalar: in host mode
 * the value behind {@code Pointer.to(float[])} (or any host memory) travels with the call, and a reduction's result is
 * written back into the host pointer; in device mode the device address travels. A scalar whose memory disagrees
 * with the mode (host memory in device mode, device memory in host mode) is {@code CUBLAS_STATUS_INVALID_VALUE} with
 * a log line, where cuBLAS would read garbage or crash. {@code cublasSetVector}/{@code GetVector}/{@code SetMatrix}/
 * {@code GetMatrix} gather and scatter the host side's strides here and send the elements packed; the executor
 * places them with the device side's stride.
 * <p>
 * Every call waits for its reply, so a routine's failure is its own status. Like JCuda's native code, a null handle
 * throws {@link NullPointerException}; a null matrix or vector pointer is the device address 0 (a null pivot array
 * asks getrfBatched not to pivot).
 */
public final class JCublas2Remote
{
    private static final int POINTER_MODE_HOST = 0;
    private static final int POINTER_MODE_DEVICE = 1;
    private static final int PEDANTIC_MATH = 2;
    private static final int MATH_MODE_MASK = 0xF;
    private static final long LEGACY_STREAM = 1;
    private static final long PER_THREAD_STREAM = 2;

    /** The pointer mode of each live handle; a handle starts in host mode. */
    private static final Map<Long, Integer> POINTER_MODES = new ConcurrentHashMap<>();

    static
    {
        CallFailures.nameStatuses(Api.CUBLAS, cublasStatus::stringFor);
    }

    private JCublas2Remote()
    {
    }

    /**
     * JCublas2's native log level: there is no JCublas2 native code here to log.
     */
    public static void setLogLevelNative(final int level)
    {
    }

    public static int cublasCreateNative(final cublasHandle handle)
    {
        requireNonNull(handle, "handle", "cublasCreate");
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_CREATE, new long[0], results);
        if (status == CublasStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(handle, results[0]);
            POINTER_MODES.put(results[0], POINTER_MODE_HOST);
        }
        return status;
    }

    public static int cublasDestroyNative(final cublasHandle handle)
    {
        requireNonNull(handle, "handle", "cublasDestroy");
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_DESTROY, new long[]{ value }, null);
        if (status == CublasStatus.SUCCESS)
        {
            POINTER_MODES.remove(value);
        }
        return status;
    }

    public static int cublasGetVersionNative(final cublasHandle handle, final int[] version)
    {
        requireNonNull(handle, "handle", "cublasGetVersion");
        requireNonNull(version, "version", "cublasGetVersion");
        return query(Function.CUBLAS_GET_VERSION, handle, version);
    }

    public static int cublasSetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
        requireNonNull(handle, "handle", "cublasSetStream");
        return call(Function.CUBLAS_SET_STREAM,
            new long[]{ JCudaPointers.nativePointer(handle), streamHandle(streamId) }, null);
    }

    public static int cublasGetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
        requireNonNull(handle, "handle", "cublasGetStream");
        requireNonNull(streamId, "streamId", "cublasGetStream");
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_STREAM, new long[]{ JCudaPointers.nativePointer(handle) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(streamId, results[0]);
        }
        return status;
    }

    public static int cublasGetPointerModeNative(final cublasHandle handle, final int[] mode)
    {
        requireNonNull(handle, "handle", "cublasGetPointerMode");
        requireNonNull(mode, "mode", "cublasGetPointerMode");
        return query(Function.CUBLAS_GET_POINTER_MODE, handle, mode);
    }

    public static int cublasSetPointerModeNative(final cublasHandle handle, final int mode)
    {
        requireNonNull(handle, "handle", "cublasSetPointerMode");
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_SET_POINTER_MODE, new long[]{ value, mode }, null);
        if (status == CublasStatus.SUCCESS)
        {
            POINTER_MODES.put(value, mode);
        }
        return status;
    }

    public static int cublasGetMathModeNative(final cublasHandle handle, final int[] mode)
    {
        requireNonNull(handle, "handle", "cublasGetMathMode");
        requireNonNull(mode, "mode", "cublasGetMathMode");
        return query(Function.CUBLAS_GET_MATH_MODE, handle, mode);
    }

    public static int cublasSetMathModeNative(final cublasHandle handle, final int mode)
    {
        requireNonNull(handle, "handle", "cublasSetMathMode");
        return call(Function.CUBLAS_SET_MATH_MODE, new long[]{ JCudaPointers.nativePointer(handle), mode }, null);
    }

    /**
     * What cuBLAS's header does for {@code cublasGemmEx} with a legacy compute type (a {@code cudaDataType}): the
     * {@code cublasComputeType_t} for it, pedantic if the handle's math mode is.
     */
    public static int cublasMigrateComputeType_newNative(
        final cublasHandle handle, final int dataType, final int[] computeType)
    {
        requireNonNull(handle, "handle", "cublasMigrateComputeType");
        requireNonNull(computeType, "computeType", "cublasMigrateComputeType");
        final int[] mathMode = new int[1];
        final int status = query(Function.CUBLAS_GET_MATH_MODE, handle, mathMode);
        if (status != CublasStatus.SUCCESS)
        {
            return status;
        }
        final boolean pedantic = (mathMode[0] & MATH_MODE_MASK) == PEDANTIC_MATH;
        final int migrated = switch (dataType)
        {
            case 0, 4 -> pedantic ? 69 : 68;
            case 1, 5 -> pedantic ? 71 : 70;
            case 2, 6 -> pedantic ? 65 : 64;
            case 10, 11 -> pedantic ? 73 : 72;
            default -> -1;
        };
        if (migrated < 0)
        {
            AgentLog.warn("cublasMigrateComputeType: " + dataType + " is no compute type; returning " +
                "CUBLAS_STATUS_NOT_SUPPORTED");
            return CublasStatus.NOT_SUPPORTED;
        }
        computeType[0] = migrated;
        return CublasStatus.SUCCESS;
    }

    // Data movement.

    public static int cublasSetVectorNative(
        final int n, final int elemSize, final Pointer x, final int incx, final Pointer devicePtr, final int incy)
    {
        return setMatrix("cublasSetVector", 1, n, elemSize, x, incx, devicePtr, incy, 0);
    }

    public static int cublasGetVectorNative(
        final int n, final int elemSize, final Pointer x, final int incx, final Pointer y, final int incy)
    {
        return getMatrix("cublasGetVector", 1, n, elemSize, x, incx, y, incy, 0);
    }

    public static int cublasSetMatrixNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb)
    {
        return setMatrix("cublasSetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasGetMatrixNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb)
    {
        return getMatrix("cublasGetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasSetVectorAsyncNative(
        final int n, final int elemSize, final Pointer hostPtr, final int incx, final Pointer devicePtr,
        final int incy, final cudaStream_t stream)
    {
        return setMatrix("cublasSetVectorAsync", 1, n, elemSize, hostPtr, incx, devicePtr, incy,
            streamHandle(stream));
    }

    public static int cublasGetVectorAsyncNative(
        final int n, final int elemSize, final Pointer devicePtr, final int incx, final Pointer hostPtr,
        final int incy, final cudaStream_t stream)
    {
        return getMatrix("cublasGetVectorAsync", 1, n, elemSize, devicePtr, incx, hostPtr, incy,
            streamHandle(stream));
    }

    public static int cublasSetMatrixAsyncNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb, final cudaStream_t stream)
    {
        return setMatrix("cublasSetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    public static int cublasGetMatrixAsyncNative(
        final int rows, final int cols, final int elemSize, final Pointer a, final int lda, final Pointer b,
        final int ldb, final cudaStream_t stream)
    {
        return getMatrix("cublasGetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    // Level 1.

    public static int cublasSaxpyNative(final cublasHandle handle, final int n, final Pointer alpha, final Pointer x,
        final int incx, final Pointer y, final int incy)
    {
        return routine("cublasSaxpy", Function.CUBLAS_SAXPY, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx, c.device(y), incy });
    }

    public static int cublasDaxpyNative(final cublasHandle handle, final int n, final Pointer alpha, final Pointer x,
        final int incx, final Pointer y, final int incy)
    {
        return routine("cublasDaxpy", Function.CUBLAS_DAXPY, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx, c.device(y), incy });
    }

    public static int cublasSdotNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy, final Pointer result)
    {
        return reduction("cublasSdot", Function.CUBLAS_SDOT, handle, result, Float.BYTES, c -> new long[]{ c.handle,
            n, c.device(x), incx, c.device(y), incy, c.target(result) });
    }

    public static int cublasDdotNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy, final Pointer result)
    {
        return reduction("cublasDdot", Function.CUBLAS_DDOT, handle, result, Double.BYTES, c -> new long[]{ c.handle,
            n, c.device(x), incx, c.device(y), incy, c.target(result) });
    }

    public static int cublasSnrm2Native(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasSnrm2", Function.CUBLAS_SNRM2, handle, result, Float.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasDnrm2Native(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasDnrm2", Function.CUBLAS_DNRM2, handle, result, Double.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasSasumNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasSasum", Function.CUBLAS_SASUM, handle, result, Float.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasDasumNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasDasum", Function.CUBLAS_DASUM, handle, result, Double.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasSscalNative(final cublasHandle handle, final int n, final Pointer alpha, final Pointer x,
        final int incx)
    {
        return routine("cublasSscal", Function.CUBLAS_SSCAL, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx });
    }

    public static int cublasDscalNative(final cublasHandle handle, final int n, final Pointer alpha, final Pointer x,
        final int incx)
    {
        return routine("cublasDscal", Function.CUBLAS_DSCAL, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx });
    }

    public static int cublasScopyNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy)
    {
        return routine("cublasScopy", Function.CUBLAS_SCOPY, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasDcopyNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy)
    {
        return routine("cublasDcopy", Function.CUBLAS_DCOPY, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasSswapNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy)
    {
        return routine("cublasSswap", Function.CUBLAS_SSWAP, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasDswapNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy)
    {
        return routine("cublasDswap", Function.CUBLAS_DSWAP, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasIsamaxNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasIsamax", Function.CUBLAS_ISAMAX, handle, result, Integer.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasIdamaxNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasIdamax", Function.CUBLAS_IDAMAX, handle, result, Integer.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasIsaminNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasIsamin", Function.CUBLAS_ISAMIN, handle, result, Integer.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasIdaminNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return reduction("cublasIdamin", Function.CUBLAS_IDAMIN, handle, result, Integer.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasSrotNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy, final Pointer cosine, final Pointer sine)
    {
        return routine("cublasSrot", Function.CUBLAS_SROT, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy, c.scalar(cosine, Float.BYTES, "c"), c.scalar(sine, Float.BYTES, "s") });
    }

    public static int cublasDrotNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer y, final int incy, final Pointer cosine, final Pointer sine)
    {
        return routine("cublasDrot", Function.CUBLAS_DROT, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy, c.scalar(cosine, Double.BYTES, "c"), c.scalar(sine, Double.BYTES, "s") });
    }

    // Level 2.

    public static int cublasSgemvNative(final cublasHandle handle, final int trans, final int m, final int n,
        final Pointer alpha, final Pointer a, final int lda, final Pointer x, final int incx, final Pointer beta,
        final Pointer y, final int incy)
    {
        return routine("cublasSgemv", Function.CUBLAS_SGEMV, handle, c -> new long[]{ c.handle, trans, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Float.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasDgemvNative(final cublasHandle handle, final int trans, final int m, final int n,
        final Pointer alpha, final Pointer a, final int lda, final Pointer x, final int incx, final Pointer beta,
        final Pointer y, final int incy)
    {
        return routine("cublasDgemv", Function.CUBLAS_DGEMV, handle, c -> new long[]{ c.handle, trans, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Double.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasSgerNative(final cublasHandle handle, final int m, final int n, final Pointer alpha,
        final Pointer x, final int incx, final Pointer y, final int incy, final Pointer a, final int lda)
    {
        return routine("cublasSger", Function.CUBLAS_SGER, handle, c -> new long[]{ c.handle, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx, c.device(y), incy, c.device(a), lda });
    }

    public static int cublasDgerNative(final cublasHandle handle, final int m, final int n, final Pointer alpha,
        final Pointer x, final int incx, final Pointer y, final int incy, final Pointer a, final int lda)
    {
        return routine("cublasDger", Function.CUBLAS_DGER, handle, c -> new long[]{ c.handle, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx, c.device(y), incy, c.device(a), lda });
    }

    public static int cublasSsymvNative(final cublasHandle handle, final int uplo, final int n, final Pointer alpha,
        final Pointer a, final int lda, final Pointer x, final int incx, final Pointer beta, final Pointer y,
        final int incy)
    {
        return routine("cublasSsymv", Function.CUBLAS_SSYMV, handle, c -> new long[]{ c.handle, uplo, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Float.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasDsymvNative(final cublasHandle handle, final int uplo, final int n, final Pointer alpha,
        final Pointer a, final int lda, final Pointer x, final int incx, final Pointer beta, final Pointer y,
        final int incy)
    {
        return routine("cublasDsymv", Function.CUBLAS_DSYMV, handle, c -> new long[]{ c.handle, uplo, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Double.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasStrmvNative(final cublasHandle handle, final int uplo, final int trans, final int diag,
        final int n, final Pointer a, final int lda, final Pointer x, final int incx)
    {
        return routine("cublasStrmv", Function.CUBLAS_STRMV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasDtrmvNative(final cublasHandle handle, final int uplo, final int trans, final int diag,
        final int n, final Pointer a, final int lda, final Pointer x, final int incx)
    {
        return routine("cublasDtrmv", Function.CUBLAS_DTRMV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasStrsvNative(final cublasHandle handle, final int uplo, final int trans, final int diag,
        final int n, final Pointer a, final int lda, final Pointer x, final int incx)
    {
        return routine("cublasStrsv", Function.CUBLAS_STRSV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasDtrsvNative(final cublasHandle handle, final int uplo, final int trans, final int diag,
        final int n, final Pointer a, final int lda, final Pointer x, final int incx)
    {
        return routine("cublasDtrsv", Function.CUBLAS_DTRSV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    // Level 3.

    public static int cublasSgemmNative(final cublasHandle handle, final int transa, final int transb, final int m,
        final int n, final int k, final Pointer alpha, final Pointer a, final int lda, final Pointer b, final int ldb,
        final Pointer beta, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasSgemm", Function.CUBLAS_SGEMM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasDgemmNative(final cublasHandle handle, final int transa, final int transb, final int m,
        final int n, final int k, final Pointer alpha, final Pointer a, final int lda, final Pointer b, final int ldb,
        final Pointer beta, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasDgemm", Function.CUBLAS_DGEMM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            k, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Double.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasSsymmNative(final cublasHandle handle, final int side, final int uplo, final int m,
        final int n, final Pointer alpha, final Pointer a, final int lda, final Pointer b, final int ldb,
        final Pointer beta, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasSsymm", Function.CUBLAS_SSYMM, handle, c -> new long[]{ c.handle, side, uplo, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasDsymmNative(final cublasHandle handle, final int side, final int uplo, final int m,
        final int n, final Pointer alpha, final Pointer a, final int lda, final Pointer b, final int ldb,
        final Pointer beta, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasDsymm", Function.CUBLAS_DSYMM, handle, c -> new long[]{ c.handle, side, uplo, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Double.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasSsyrkNative(final cublasHandle handle, final int uplo, final int trans, final int n,
        final int k, final Pointer alpha, final Pointer a, final int lda, final Pointer beta, final Pointer cMatrix,
        final int ldc)
    {
        return routine("cublasSsyrk", Function.CUBLAS_SSYRK, handle, c -> new long[]{ c.handle, uplo, trans, n, k,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Float.BYTES, "beta"),
            c.device(cMatrix), ldc });
    }

    public static int cublasDsyrkNative(final cublasHandle handle, final int uplo, final int trans, final int n,
        final int k, final Pointer alpha, final Pointer a, final int lda, final Pointer beta, final Pointer cMatrix,
        final int ldc)
    {
        return routine("cublasDsyrk", Function.CUBLAS_DSYRK, handle, c -> new long[]{ c.handle, uplo, trans, n, k,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Double.BYTES, "beta"),
            c.device(cMatrix), ldc });
    }

    public static int cublasStrmmNative(final cublasHandle handle, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Pointer alpha, final Pointer a, final int lda,
        final Pointer b, final int ldb, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasStrmm", Function.CUBLAS_STRMM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb, c.device(cMatrix),
            ldc });
    }

    public static int cublasDtrmmNative(final cublasHandle handle, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Pointer alpha, final Pointer a, final int lda,
        final Pointer b, final int ldb, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasDtrmm", Function.CUBLAS_DTRMM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb, c.device(cMatrix),
            ldc });
    }

    public static int cublasStrsmNative(final cublasHandle handle, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Pointer alpha, final Pointer a, final int lda,
        final Pointer b, final int ldb)
    {
        return routine("cublasStrsm", Function.CUBLAS_STRSM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb });
    }

    public static int cublasDtrsmNative(final cublasHandle handle, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Pointer alpha, final Pointer a, final int lda,
        final Pointer b, final int ldb)
    {
        return routine("cublasDtrsm", Function.CUBLAS_DTRSM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb });
    }

    public static int cublasSgeamNative(final cublasHandle handle, final int transa, final int transb, final int m,
        final int n, final Pointer alpha, final Pointer a, final int lda, final Pointer beta, final Pointer b,
        final int ldb, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasSgeam", Function.CUBLAS_SGEAM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Float.BYTES, "beta"),
            c.device(b), ldb, c.device(cMatrix), ldc });
    }

    public static int cublasDgeamNative(final cublasHandle handle, final int transa, final int transb, final int m,
        final int n, final Pointer alpha, final Pointer a, final int lda, final Pointer beta, final Pointer b,
        final int ldb, final Pointer cMatrix, final int ldc)
    {
        return routine("cublasDgeam", Function.CUBLAS_DGEAM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Double.BYTES, "beta"),
            c.device(b), ldb, c.device(cMatrix), ldc });
    }

    public static int cublasSgemmBatchedNative(final cublasHandle handle, final int transa, final int transb,
        final int m, final int n, final int k, final Pointer alpha, final Pointer aArray, final int lda,
        final Pointer bArray, final int ldb, final Pointer beta, final Pointer cArray, final int ldc,
        final int batchCount)
    {
        return routine("cublasSgemmBatched", Function.CUBLAS_SGEMM_BATCHED, handle, c -> new long[]{ c.handle,
            transa, transb, m, n, k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(aArray), lda, c.device(bArray),
            ldb, c.scalar(beta, Float.BYTES, "beta"), c.device(cArray), ldc, batchCount });
    }

    public static int cublasDgemmBatchedNative(final cublasHandle handle, final int transa, final int transb,
        final int m, final int n, final int k, final Pointer alpha, final Pointer aArray, final int lda,
        final Pointer bArray, final int ldb, final Pointer beta, final Pointer cArray, final int ldc,
        final int batchCount)
    {
        return routine("cublasDgemmBatched", Function.CUBLAS_DGEMM_BATCHED, handle, c -> new long[]{ c.handle,
            transa, transb, m, n, k, c.scalar(alpha, Double.BYTES, "alpha"), c.device(aArray), lda, c.device(bArray),
            ldb, c.scalar(beta, Double.BYTES, "beta"), c.device(cArray), ldc, batchCount });
    }

    public static int cublasSgemmStridedBatchedNative(final cublasHandle handle, final int transa, final int transb,
        final int m, final int n, final int k, final Pointer alpha, final Pointer a, final int lda,
        final long strideA, final Pointer b, final int ldb, final long strideB, final Pointer beta,
        final Pointer cMatrix, final int ldc, final long strideC, final int batchCount)
    {
        return routine("cublasSgemmStridedBatched", Function.CUBLAS_SGEMM_STRIDED_BATCHED, handle, c -> new long[]{
            c.handle, transa, transb, m, n, k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, strideA,
            c.device(b), ldb, strideB, c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc, strideC,
            batchCount });
    }

    public static int cublasDgemmStridedBatchedNative(final cublasHandle handle, final int transa, final int transb,
        final int m, final int n, final int k, final Pointer alpha, final Pointer a, final int lda,
        final long strideA, final Pointer b, final int ldb, final long strideB, final Pointer beta,
        final Pointer cMatrix, final int ldc, final long strideC, final int batchCount)
    {
        return routine("cublasDgemmStridedBatched", Function.CUBLAS_DGEMM_STRIDED_BATCHED, handle, c -> new long[]{
            c.handle, transa, transb, m, n, k, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, strideA,
            c.device(b), ldb, strideB, c.scalar(beta, Double.BYTES, "beta"), c.device(cMatrix), ldc, strideC,
            batchCount });
    }

    public static int cublasSgetrfBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer infoArray, final int batchSize)
    {
        return routine("cublasSgetrfBatched", Function.CUBLAS_SGETRF_BATCHED, handle, c -> new long[]{ c.handle, n,
            c.device(aArray), lda, c.device(pivotArray), c.device(infoArray), batchSize });
    }

    public static int cublasDgetrfBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer infoArray, final int batchSize)
    {
        return routine("cublasDgetrfBatched", Function.CUBLAS_DGETRF_BATCHED, handle, c -> new long[]{ c.handle, n,
            c.device(aArray), lda, c.device(pivotArray), c.device(infoArray), batchSize });
    }

    public static int cublasSgetriBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer cArray, final int ldc, final Pointer infoArray,
        final int batchSize)
    {
        return routine("cublasSgetriBatched", Function.CUBLAS_SGETRI_BATCHED, handle, c -> new long[]{ c.handle, n,
            c.device(aArray), lda, c.device(pivotArray), c.device(cArray), ldc, c.device(infoArray), batchSize });
    }

    public static int cublasDgetriBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer cArray, final int ldc, final Pointer infoArray,
        final int batchSize)
    {
        return routine("cublasDgetriBatched", Function.CUBLAS_DGETRI_BATCHED, handle, c -> new long[]{ c.handle, n,
            c.device(aArray), lda, c.device(pivotArray), c.device(cArray), ldc, c.device(infoArray), batchSize });
    }

    /**
     * {@code cublasGemmEx} after JCublas2 has migrated its compute type: host-mode alpha and beta are read as the
     * compute type's scalar (a double for the 64F types, a half for the 16F ones, an int for 32I, else a float).
     */
    public static int cublasGemmEx_newNative(final cublasHandle handle, final int transa, final int transb,
        final int m, final int n, final int k, final Pointer alpha, final Pointer a, final int aType, final int lda,
        final Pointer b, final int bType, final int ldb, final Pointer beta, final Pointer cMatrix, final int cType,
        final int ldc, final int computeType, final int algo)
    {
        final int scalarBytes = switch (computeType)
        {
            case 70, 71, 79 -> Double.BYTES;
            case 64, 65 -> Short.BYTES;
            default -> Float.BYTES;
        };
        return routine("cublasGemmEx", Function.CUBLAS_GEMM_EX, handle, c -> new long[]{ c.handle, transa, transb, m,
            n, k, c.scalar(alpha, scalarBytes, "alpha"), c.device(a), aType, lda, c.device(b), bType, ldb,
            c.scalar(beta, scalarBytes, "beta"), c.device(cMatrix), cType, ldc, computeType, algo });
    }

    static DeviceRouter client()
    {
        return DeviceRouter.installed();
    }

    /**
     * A call on the calling thread's current device; a client without an executor is CUBLAS_STATUS_NOT_INITIALIZED,
     * as cuBLAS answers when it finds no usable device.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        return cublasStatus(client().call(function, RuntimeThreadState.currentDevice(), args, null, null, results));
    }

    static int cublasStatus(final int status)
    {
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CublasStatus.NOT_INITIALIZED : status;
    }

    private static int query(final Function function, final cublasHandle handle, final int[] value)
    {
        final long[] results = new long[1];
        final int status = call(function, new long[]{ JCudaPointers.nativePointer(handle) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            value[0] = (int)results[0];
        }
        return status;
    }

    private static int routine(
        final String name, final Function function, final cublasHandle handle, final Arguments arguments)
    {
        requireNonNull(handle, "handle", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            return call(function, arguments.of(marshalling), null);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * A routine whose result goes to the host in host pointer mode: the reply's value is written into the result
     * pointer's memory ({@code bytes} of it: a float, a double or an int).
     */
    private static int reduction(
        final String name, final Function function, final cublasHandle handle, final Pointer result,
        final int bytes, final Arguments arguments)
    {
        requireNonNull(handle, "handle", name);
        requireNonNull(result, "result", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            final long[] args = arguments.of(marshalling);
            final HostRange destination = marshalling.deviceMode ? null : HostRange.of(result, bytes);
            final long[] results = new long[1];
            final int status = call(function, args, results);
            if (status == CublasStatus.SUCCESS && destination != null)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
                value.putLong(0, results[0], ByteOrder.LITTLE_ENDIAN);
                destination.write(0, value, 0, bytes);
            }
            return status;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * cublasSetMatrix, and cublasSetVector as one row whose leading dimension is the increment: the host elements
     * go packed column by column (straight from the host memory when they are contiguous).
     */
    static int setMatrix(
        final String name, final int rows, final int cols, final int elemSize, final Pointer host, final int ldHost,
        final Pointer device, final int ldDevice, final long stream)
    {
        requireNonNull(host, "A", name);
        requireNonNull(device, "B", name);
        final String invalid = transferArguments(rows, cols, elemSize, ldHost, ldDevice);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long destination = deviceAddress(device, "the device side");
            final long columnBytes = (long)rows * elemSize;
            final long packedBytes = columnBytes * cols;
            final PayloadSource packed;
            if (packedBytes == 0)
            {
                packed = new ByteArrayPayload();
            }
            else if (ldHost == rows)
            {
                packed = HostRange.of(host, packedBytes);
            }
            else
            {
                final HostRange source = HostRange.of(host, span(rows, cols, elemSize, ldHost));
                final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Math.toIntExact(packedBytes)]);
                for (int j = 0; j < cols; j++)
                {
                    source.copyTo((long)j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
                }
                packed = new ByteArrayPayload(buffer.byteArray());
            }
            return cublasStatus(client().call(Function.CUBLAS_SET_MATRIX, RuntimeThreadState.currentDevice(),
                new long[]{ rows, cols, elemSize, destination, ldDevice, stream }, packed, null, null));
        }
        catch (final HostRangeException | ArithmeticException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * cublasGetMatrix, and cublasGetVector as one row: the elements arrive packed column by column and land with the
     * host side's leading dimension (straight in the host memory when it is contiguous).
     */
    static int getMatrix(
        final String name, final int rows, final int cols, final int elemSize, final Pointer device,
        final int ldDevice, final Pointer host, final int ldHost, final long stream)
    {
        requireNonNull(device, "A", name);
        requireNonNull(host, "B", name);
        final String invalid = transferArguments(rows, cols, elemSize, ldDevice, ldHost);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long source = deviceAddress(device, "the device side");
            final long columnBytes = (long)rows * elemSize;
            final long packedBytes = columnBytes * cols;
            final long[] args = { rows, cols, elemSize, source, ldDevice, stream };
            if (packedBytes == 0 || ldHost == rows)
            {
                final PayloadSink sink = packedBytes == 0 ? new ByteArrayPayload() : HostRange.of(host, packedBytes);
                return cublasStatus(client().call(Function.CUBLAS_GET_MATRIX, RuntimeThreadState.currentDevice(),
                    args, null, sink, null));
            }
            final HostRange destination = HostRange.of(host, span(rows, cols, elemSize, ldHost));
            final ByteArrayPayload packed = new ByteArrayPayload();
            final int status = cublasStatus(client().call(Function.CUBLAS_GET_MATRIX,
                RuntimeThreadState.currentDevice(), args, null, packed, null));
            if (status == CublasStatus.SUCCESS)
            {
                final UnsafeBuffer buffer = new UnsafeBuffer(packed.bytes());
                for (int j = 0; j < cols; j++)
                {
                    destination.write((long)j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
                }
            }
            return status;
        }
        catch (final HostRangeException | ArithmeticException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * @return why the arguments of a transfer are invalid, as cuBLAS documents it, or null when they are valid.
     */
    private static String transferArguments(
        final int rows, final int cols, final int elemSize, final int ldSource, final int ldDestination)
    {
        if (rows < 0 || cols < 0 || elemSize <= 0 || ldSource <= 0 || ldDestination <= 0)
        {
            return "rows " + rows + ", cols " + cols + ", element size " + elemSize + ", leading dimensions (or " +
                "increments) " + ldSource + " and " + ldDestination + ": the counts must not be negative, the " +
                "element size and leading dimensions must be positive";
        }
        if (ldSource < rows || ldDestination < rows)
        {
            return "a leading dimension (" + Math.min(ldSource, ldDestination) + ") is less than the " + rows +
                " rows";
        }
        if ((long)rows * cols * elemSize > Integer.MAX_VALUE - 8)
        {
            return (long)rows * cols * elemSize + " bytes in one call; gpurelay relays at most " +
                (Integer.MAX_VALUE - 8);
        }
        return null;
    }

    private static long span(final int rows, final int cols, final int elemSize, final int ld)
    {
        return Math.multiplyExact(Math.addExact(Math.multiplyExact((long)cols - 1, ld), rows), (long)elemSize);
    }

    static long deviceAddress(final Pointer pointer, final String what) throws HostRangeException
    {
        if (HostRange.isHostMemory(pointer))
        {
            throw new HostRangeException(what + " is host memory where device memory is expected");
        }
        return JCudaPointers.address(pointer);
    }

    /**
     * Null, cudaStreamLegacy and cudaStreamPerThread all name the device's default stream, which the executor calls 0.
     */
    static long streamHandle(final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == LEGACY_STREAM || handle == PER_THREAD_STREAM ? 0 : handle;
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUBLAS_STATUS_INVALID_VALUE");
        return CublasStatus.INVALID_VALUE;
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }

    /**
     * How a routine's arguments become the call's 64-bit arguments.
     */
    @FunctionalInterface
    private interface Arguments
    {
        long[] of(Marshalling marshalling) throws HostRangeException;
    }

    /**
     * Reads a routine's pointers as its handle's pointer mode says.
     */
    private static final class Marshalling
    {
        private final String name;
        private final long handle;
        private final boolean deviceMode;

        Marshalling(final String name, final cublasHandle handle)
        {
            this.name = name;
            this.handle = JCudaPointers.nativePointer(handle);
            this.deviceMode = POINTER_MODES.getOrDefault(this.handle, POINTER_MODE_HOST) == POINTER_MODE_DEVICE;
        }

        /**
         * A matrix, vector or array argument: a device address, 0 for null.
         */
        long device(final Pointer pointer) throws HostRangeException
        {
            return pointer == null ? 0 : deviceAddress(pointer, "a matrix or vector argument of " + name);
        }

        /**
         * A scalar: its raw bits (the {@code bytes} at the host pointer) in host mode, its device address in device
         * mode.
         */
        long scalar(final Pointer pointer, final int bytes, final String what) throws HostRangeException
        {
            if (pointer == null)
            {
                throw new HostRangeException(what + " is null");
            }
            if (deviceMode)
            {
                if (HostRange.isHostMemory(pointer))
                {
                    throw new HostRangeException(what + " is host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_DEVICE");
                }
                return JCudaPointers.address(pointer);
            }
            if (!HostRange.isHostMemory(pointer))
            {
                throw new HostRangeException(what + " is not host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_HOST");
            }
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
            HostRange.of(pointer, bytes).copyTo(0, value, 0, bytes);
            return value.getLong(0, ByteOrder.LITTLE_ENDIAN);
        }

        /**
         * A reduction's result: its device address in device mode; unused (0) in host mode, where the value comes
         * back with the reply.
         */
        long target(final Pointer pointer) throws HostRangeException
        {
            if (!deviceMode)
            {
                if (!HostRange.isHostMemory(pointer))
                {
                    throw new HostRangeException("the result is not host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_HOST");
                }
                return 0;
            }
            if (HostRange.isHostMemory(pointer))
            {
                throw new HostRangeException("the result is host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_DEVICE");
            }
            return JCudaPointers.address(pointer);
        }
    }
}
