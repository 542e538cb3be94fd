package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;
import java.util.Arrays;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.blas.CublasComputeTypes;
import io.gpurelay.agent.cuda.blas.CublasPointerModes;
import io.gpurelay.agent.cuda.blas.CublasStatusTexts;
import io.gpurelay.agent.cuda.blas.CublasTransfers;
import io.gpurelay.agent.cuda.blas.HostRotations;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
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
 * The S and D routines with a wire function of their own travel as those; the others (complex, banded, packed,
 * rank-update, rotm, and the routines only the v2 API has) as the typed families ({@code Function.CUBLAS_AXPY_X}
 * and the rest), which name the element type and carry each scalar in two slots: one private method per family, the
 * element type a parameter, and a one-line public method per native.
 * <p>
 * A routine with a {@code _64} form is implemented once, as that form ({@code cublasSgemm_v2_64Native}: sizes,
 * increments, leading dimensions and batch counts {@code long}); {@link JCublas2Instrumentation} binds its 32-bit
 * native to the same method, the ints widened. rotg, rotmg, the status names and strings are answered here, without
 * a call.
 * <p>
 * Every call waits for its reply, so a routine's failure is its own status. Like JCuda's native code, a null handle
 * throws {@link NullPointerException}; a null matrix or vector pointer is the device address 0 (a null pivot array
 * asks getrfBatched not to pivot).
 */
public final class JCublas2Remote
{
    private static final long LEGACY_STREAM = 1;
    private static final long PER_THREAD_STREAM = 2;
    /** rotm's param: flag, h11, h21, h12, h22. */
    private static final int ROTM_PARAMETERS = 5;

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
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_CREATE, new long[0], results);
        if (status == CublasStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(handle, results[0]);
            CublasPointerModes.created(results[0]);
        }
        return status;
    }

    public static int cublasDestroyNative(final cublasHandle handle)
    {
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_DESTROY, new long[]{ value }, null);
        if (status == CublasStatus.SUCCESS)
        {
            CublasPointerModes.destroyed(value);
        }
        return status;
    }

    public static int cublasGetVersionNative(final cublasHandle handle, final int[] version)
    {
        return query(Function.CUBLAS_GET_VERSION, handle, version);
    }

    public static int cublasSetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
        return call(Function.CUBLAS_SET_STREAM,
            new long[]{ JCudaPointers.nativePointer(handle), streamHandle(streamId) }, null);
    }

    public static int cublasGetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
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
        return query(Function.CUBLAS_GET_POINTER_MODE, handle, mode);
    }

    public static int cublasSetPointerModeNative(final cublasHandle handle, final int mode)
    {
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_SET_POINTER_MODE, new long[]{ value, mode }, null);
        if (status == CublasStatus.SUCCESS)
        {
            CublasPointerModes.set(value, mode);
        }
        return status;
    }

    public static int cublasGetMathModeNative(final cublasHandle handle, final int[] mode)
    {
        return query(Function.CUBLAS_GET_MATH_MODE, handle, mode);
    }

    public static int cublasSetMathModeNative(final cublasHandle handle, final int mode)
    {
        return call(Function.CUBLAS_SET_MATH_MODE, new long[]{ JCudaPointers.nativePointer(handle), mode }, null);
    }

    public static int cublasGetAtomicsModeNative(final cublasHandle handle, final int[] mode)
    {
        return query(Function.CUBLAS_GET_ATOMICS_MODE, handle, mode);
    }

    public static int cublasSetAtomicsModeNative(final cublasHandle handle, final int mode)
    {
        return call(Function.CUBLAS_SET_ATOMICS_MODE, new long[]{ JCudaPointers.nativePointer(handle), mode }, null);
    }

    /**
     * JCublas2 declares the target a {@code Pointer}: host memory holding an int, written here.
     */
    public static int cublasGetSmCountTargetNative(final cublasHandle handle, final Pointer smCountTarget)
    {
        try
        {
            final HostRange destination = JCudaHostRanges.of(smCountTarget, Integer.BYTES);
            final int[] target = new int[1];
            final int status = query(Function.CUBLAS_GET_SM_COUNT_TARGET, handle, target);
            if (status == CublasStatus.SUCCESS)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Integer.BYTES]);
                value.putInt(0, target[0], ByteOrder.LITTLE_ENDIAN);
                destination.write(0, value, 0, Integer.BYTES);
            }
            return status;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cublasGetSmCountTarget", ex.getMessage());
        }
    }

    public static int cublasSetSmCountTargetNative(final cublasHandle handle, final int smCountTarget)
    {
        return call(Function.CUBLAS_SET_SM_COUNT_TARGET,
            new long[]{ JCudaPointers.nativePointer(handle), smCountTarget }, null);
    }

    /**
     * The workspace is device memory of the session (null with size 0: cuBLAS's own workspace again).
     */
    public static int cublasSetWorkspaceNative(final cublasHandle handle, final Pointer workspace,
        final long workspaceSizeInBytes)
    {
        return routine("cublasSetWorkspace", Function.CUBLAS_SET_WORKSPACE, handle, c -> new long[]{ c.handle,
            c.device(workspace), workspaceSizeInBytes });
    }

    /**
     * The executor's cuBLAS's major version, minor version or patch level, on the calling thread's current device.
     */
    public static int cublasGetPropertyNative(final int type, final int[] value)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_PROPERTY, new long[]{ type }, results);
        if (status == CublasStatus.SUCCESS)
        {
            value[0] = (int)results[0];
        }
        return status;
    }

    /**
     * The CUDA runtime version the executor's cuBLAS was built with; 0 when it cannot be asked (cuBLAS's function
     * has no status), with a log line.
     */
    public static long cublasGetCudartVersionNative()
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_CUDART_VERSION, new long[0], results);
        if (status != CublasStatus.SUCCESS)
        {
            AgentLog.warn("cublasGetCudartVersion: " + cublasStatus.stringFor(status) + "; returning 0");
            return 0;
        }
        return results[0];
    }

    /** Computed here: the status's name, as cuBLAS's own table has it. */
    public static String cublasGetStatusNameNative(final int status)
    {
        return cublasStatus.stringFor(status);
    }

    /** Computed here: what the status means, in the words of cuBLAS's documentation of {@code cublasStatus_t}. */
    public static String cublasGetStatusStringNative(final int status)
    {
        return CublasStatusTexts.description(status);
    }

    /**
     * What cuBLAS's header does for {@code cublasGemmEx} with a legacy compute type (a {@code cudaDataType}): the
     * {@code cublasComputeType_t} for it, pedantic if the handle's math mode is.
     */
    public static int cublasMigrateComputeType_newNative(final cublasHandle handle, final int dataType,
        final int[] computeType)
    {
        requireNonNull(handle, "handle", "cublasMigrateComputeType");
        requireNonNull(computeType, "computeType", "cublasMigrateComputeType");
        final int[] mathMode = new int[1];
        final int status = query(Function.CUBLAS_GET_MATH_MODE, handle, mathMode);
        if (status != CublasStatus.SUCCESS)
        {
            return status;
        }
        final int migrated = CublasComputeTypes.migrate("cublasMigrateComputeType", dataType, mathMode[0]);
        if (migrated == CublasComputeTypes.NONE)
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        computeType[0] = migrated;
        return CublasStatus.SUCCESS;
    }

    // Data movement.

    public static int cublasSetVector_64Native(final long n, final long elemSize, final Pointer x, final long incx,
        final Pointer devicePtr, final long incy)
    {
        return setMatrix("cublasSetVector", 1, n, elemSize, x, incx, devicePtr, incy, 0);
    }

    public static int cublasGetVector_64Native(final long n, final long elemSize, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return getMatrix("cublasGetVector", 1, n, elemSize, x, incx, y, incy, 0);
    }

    public static int cublasSetMatrix_64Native(final long rows, final long cols, final long elemSize, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return setMatrix("cublasSetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasGetMatrix_64Native(final long rows, final long cols, final long elemSize, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return getMatrix("cublasGetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasSetVectorAsync_64Native(final long n, final long elemSize, final Pointer hostPtr,
        final long incx, final Pointer devicePtr, final long incy, final cudaStream_t stream)
    {
        return setMatrix("cublasSetVectorAsync", 1, n, elemSize, hostPtr, incx, devicePtr, incy,
            streamHandle(stream));
    }

    public static int cublasGetVectorAsync_64Native(final long n, final long elemSize, final Pointer devicePtr,
        final long incx, final Pointer hostPtr, final long incy, final cudaStream_t stream)
    {
        return getMatrix("cublasGetVectorAsync", 1, n, elemSize, devicePtr, incx, hostPtr, incy,
            streamHandle(stream));
    }

    public static int cublasSetMatrixAsync_64Native(final long rows, final long cols, final long elemSize,
        final Pointer a, final long lda, final Pointer b, final long ldb, final cudaStream_t stream)
    {
        return setMatrix("cublasSetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    public static int cublasGetMatrixAsync_64Native(final long rows, final long cols, final long elemSize,
        final Pointer a, final long lda, final Pointer b, final long ldb, final cudaStream_t stream)
    {
        return getMatrix("cublasGetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    // Level 1.

    public static int cublasSaxpy_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return routine("cublasSaxpy", Function.CUBLAS_SAXPY, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx, c.device(y), incy });
    }

    public static int cublasDaxpy_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return routine("cublasDaxpy", Function.CUBLAS_DAXPY, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx, c.device(y), incy });
    }

    public static int cublasSdot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return reduction("cublasSdot", Function.CUBLAS_SDOT, handle, result, Float.BYTES, c -> new long[]{ c.handle,
            n, c.device(x), incx, c.device(y), incy, c.target(result) });
    }

    public static int cublasDdot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return reduction("cublasDdot", Function.CUBLAS_DDOT, handle, result, Double.BYTES, c -> new long[]{ c.handle,
            n, c.device(x), incx, c.device(y), incy, c.target(result) });
    }

    public static int cublasSnrm2_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer result)
    {
        return reduction("cublasSnrm2", Function.CUBLAS_SNRM2, handle, result, Float.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasDnrm2_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer result)
    {
        return reduction("cublasDnrm2", Function.CUBLAS_DNRM2, handle, result, Double.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasSasum_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer result)
    {
        return reduction("cublasSasum", Function.CUBLAS_SASUM, handle, result, Float.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasDasum_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer result)
    {
        return reduction("cublasDasum", Function.CUBLAS_DASUM, handle, result, Double.BYTES, c -> new long[]{
            c.handle, n, c.device(x), incx, c.target(result) });
    }

    public static int cublasSscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return routine("cublasSscal", Function.CUBLAS_SSCAL, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx });
    }

    public static int cublasDscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return routine("cublasDscal", Function.CUBLAS_DSCAL, handle, c -> new long[]{ c.handle, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx });
    }

    public static int cublasScopy_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return routine("cublasScopy", Function.CUBLAS_SCOPY, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasDcopy_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return routine("cublasDcopy", Function.CUBLAS_DCOPY, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasSswap_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return routine("cublasSswap", Function.CUBLAS_SSWAP, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy });
    }

    public static int cublasDswap_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
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

    public static int cublasSrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer cosine, final Pointer sine)
    {
        return routine("cublasSrot", Function.CUBLAS_SROT, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy, c.scalar(cosine, Float.BYTES, "c"), c.scalar(sine, Float.BYTES, "s") });
    }

    public static int cublasDrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer cosine, final Pointer sine)
    {
        return routine("cublasDrot", Function.CUBLAS_DROT, handle, c -> new long[]{ c.handle, n, c.device(x), incx,
            c.device(y), incy, c.scalar(cosine, Double.BYTES, "c"), c.scalar(sine, Double.BYTES, "s") });
    }

    // Level 2.

    public static int cublasSgemv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return routine("cublasSgemv", Function.CUBLAS_SGEMV, handle, c -> new long[]{ c.handle, trans, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Float.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasDgemv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return routine("cublasDgemv", Function.CUBLAS_DGEMV, handle, c -> new long[]{ c.handle, trans, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Double.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasSger_v2_64Native(final cublasHandle handle, final long m, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a, final long lda)
    {
        return routine("cublasSger", Function.CUBLAS_SGER, handle, c -> new long[]{ c.handle, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(x), incx, c.device(y), incy, c.device(a), lda });
    }

    public static int cublasDger_v2_64Native(final cublasHandle handle, final long m, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a, final long lda)
    {
        return routine("cublasDger", Function.CUBLAS_DGER, handle, c -> new long[]{ c.handle, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(x), incx, c.device(y), incy, c.device(a), lda });
    }

    public static int cublasSsymv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return routine("cublasSsymv", Function.CUBLAS_SSYMV, handle, c -> new long[]{ c.handle, uplo, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Float.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasDsymv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return routine("cublasDsymv", Function.CUBLAS_DSYMV, handle, c -> new long[]{ c.handle, uplo, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(x), incx,
            c.scalar(beta, Double.BYTES, "beta"), c.device(y), incy });
    }

    public static int cublasStrmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return routine("cublasStrmv", Function.CUBLAS_STRMV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasDtrmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return routine("cublasDtrmv", Function.CUBLAS_DTRMV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasStrsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return routine("cublasStrsv", Function.CUBLAS_STRSV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    public static int cublasDtrsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return routine("cublasDtrsv", Function.CUBLAS_DTRSV, handle, c -> new long[]{ c.handle, uplo, trans, diag, n,
            c.device(a), lda, c.device(x), incx });
    }

    // Level 3.

    public static int cublasSgemm_v2_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasSgemm", Function.CUBLAS_SGEMM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasDgemm_v2_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasDgemm", Function.CUBLAS_DGEMM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            k, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Double.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasSsymm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasSsymm", Function.CUBLAS_SSYMM, handle, c -> new long[]{ c.handle, side, uplo, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasDsymm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasDsymm", Function.CUBLAS_DSYMM, handle, c -> new long[]{ c.handle, side, uplo, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb,
            c.scalar(beta, Double.BYTES, "beta"), c.device(cMatrix), ldc });
    }

    public static int cublasSsyrk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer cMatrix,
        final long ldc)
    {
        return routine("cublasSsyrk", Function.CUBLAS_SSYRK, handle, c -> new long[]{ c.handle, uplo, trans, n, k,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Float.BYTES, "beta"),
            c.device(cMatrix), ldc });
    }

    public static int cublasDsyrk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer cMatrix,
        final long ldc)
    {
        return routine("cublasDsyrk", Function.CUBLAS_DSYRK, handle, c -> new long[]{ c.handle, uplo, trans, n, k,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Double.BYTES, "beta"),
            c.device(cMatrix), ldc });
    }

    public static int cublasStrmm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasStrmm", Function.CUBLAS_STRMM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb, c.device(cMatrix),
            ldc });
    }

    public static int cublasDtrmm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasDtrmm", Function.CUBLAS_DTRMM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb, c.device(cMatrix),
            ldc });
    }

    public static int cublasStrsm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return routine("cublasStrsm", Function.CUBLAS_STRSM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb });
    }

    public static int cublasDtrsm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return routine("cublasDtrsm", Function.CUBLAS_DTRSM, handle, c -> new long[]{ c.handle, side, uplo, trans,
            diag, m, n, c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.device(b), ldb });
    }

    public static int cublasSgeam_64Native(final cublasHandle handle, final int transa, final int transb, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer b,
        final long ldb, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasSgeam", Function.CUBLAS_SGEAM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Float.BYTES, "beta"),
            c.device(b), ldb, c.device(cMatrix), ldc });
    }

    public static int cublasDgeam_64Native(final cublasHandle handle, final int transa, final int transb, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer b,
        final long ldb, final Pointer cMatrix, final long ldc)
    {
        return routine("cublasDgeam", Function.CUBLAS_DGEAM, handle, c -> new long[]{ c.handle, transa, transb, m, n,
            c.scalar(alpha, Double.BYTES, "alpha"), c.device(a), lda, c.scalar(beta, Double.BYTES, "beta"),
            c.device(b), ldb, c.device(cMatrix), ldc });
    }

    public static int cublasSgemmBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer bArray, final long ldb, final Pointer beta, final Pointer cArray, final long ldc,
        final long batchCount)
    {
        return routine("cublasSgemmBatched", Function.CUBLAS_SGEMM_BATCHED, handle, c -> new long[]{ c.handle,
            transa, transb, m, n, k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(aArray), lda, c.device(bArray),
            ldb, c.scalar(beta, Float.BYTES, "beta"), c.device(cArray), ldc, batchCount });
    }

    public static int cublasDgemmBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer bArray, final long ldb, final Pointer beta, final Pointer cArray, final long ldc,
        final long batchCount)
    {
        return routine("cublasDgemmBatched", Function.CUBLAS_DGEMM_BATCHED, handle, c -> new long[]{ c.handle,
            transa, transb, m, n, k, c.scalar(alpha, Double.BYTES, "alpha"), c.device(aArray), lda, c.device(bArray),
            ldb, c.scalar(beta, Double.BYTES, "beta"), c.device(cArray), ldc, batchCount });
    }

    public static int cublasSgemmStridedBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda,
        final long strideA, final Pointer b, final long ldb, final long strideB, final Pointer beta,
        final Pointer cMatrix, final long ldc, final long strideC, final long batchCount)
    {
        return routine("cublasSgemmStridedBatched", Function.CUBLAS_SGEMM_STRIDED_BATCHED, handle, c -> new long[]{
            c.handle, transa, transb, m, n, k, c.scalar(alpha, Float.BYTES, "alpha"), c.device(a), lda, strideA,
            c.device(b), ldb, strideB, c.scalar(beta, Float.BYTES, "beta"), c.device(cMatrix), ldc, strideC,
            batchCount });
    }

    public static int cublasDgemmStridedBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda,
        final long strideA, final Pointer b, final long ldb, final long strideB, final Pointer beta,
        final Pointer cMatrix, final long ldc, final long strideC, final long batchCount)
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
    public static int cublasGemmEx_64_newNative(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final int aType, final long lda,
        final Pointer b, final int bType, final long ldb, final Pointer beta, final Pointer cMatrix, final int cType,
        final long ldc, final int computeType, final int algo)
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

    // Routines of any element type (the typed families below).

    public static int cublasCaxpy_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return axpy("cublasCaxpy", Element.C, handle, n, alpha, x, incx, y, incy);
    }

    public static int cublasZaxpy_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return axpy("cublasZaxpy", Element.Z, handle, n, alpha, x, incx, y, incy);
    }

    public static int cublasCcopy_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return copy("cublasCcopy", Element.C, handle, n, x, incx, y, incy);
    }

    public static int cublasZcopy_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return copy("cublasZcopy", Element.Z, handle, n, x, incx, y, incy);
    }

    public static int cublasCswap_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return swap("cublasCswap", Element.C, handle, n, x, incx, y, incy);
    }

    public static int cublasZswap_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return swap("cublasZswap", Element.Z, handle, n, x, incx, y, incy);
    }

    public static int cublasCscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return scal("cublasCscal", Element.C, handle, false, n, alpha, x, incx);
    }

    public static int cublasZscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return scal("cublasZscal", Element.Z, handle, false, n, alpha, x, incx);
    }

    public static int cublasCsscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return scal("cublasCsscal", Element.C, handle, true, n, alpha, x, incx);
    }

    public static int cublasZdscal_v2_64Native(final cublasHandle handle, final long n, final Pointer alpha,
        final Pointer x, final long incx)
    {
        return scal("cublasZdscal", Element.Z, handle, true, n, alpha, x, incx);
    }

    public static int cublasCdotu_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return dot("cublasCdotu", Element.C, handle, false, n, x, incx, y, incy, result);
    }

    public static int cublasCdotc_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return dot("cublasCdotc", Element.C, handle, true, n, x, incx, y, incy, result);
    }

    public static int cublasZdotu_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return dot("cublasZdotu", Element.Z, handle, false, n, x, incx, y, incy, result);
    }

    public static int cublasZdotc_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer result)
    {
        return dot("cublasZdotc", Element.Z, handle, true, n, x, incx, y, incy, result);
    }

    public static int cublasIcamaxNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return iamax("cublasIcamax", Element.C, handle, false, n, x, incx, result);
    }

    public static int cublasIzamaxNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return iamax("cublasIzamax", Element.Z, handle, false, n, x, incx, result);
    }

    public static int cublasIcaminNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return iamax("cublasIcamin", Element.C, handle, true, n, x, incx, result);
    }

    public static int cublasIzaminNative(final cublasHandle handle, final int n, final Pointer x, final int incx,
        final Pointer result)
    {
        return iamax("cublasIzamin", Element.Z, handle, true, n, x, incx, result);
    }

    public static int cublasIsamax_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIsamax_64", handle, result, r -> reduction("cublasIsamax", Function.CUBLAS_ISAMAX, handle,
            r, Integer.BYTES, c -> new long[]{ c.handle, n, c.device(x), incx, c.target(r) }));
    }

    public static int cublasIdamax_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIdamax_64", handle, result, r -> reduction("cublasIdamax", Function.CUBLAS_IDAMAX, handle,
            r, Integer.BYTES, c -> new long[]{ c.handle, n, c.device(x), incx, c.target(r) }));
    }

    public static int cublasIsamin_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIsamin_64", handle, result, r -> reduction("cublasIsamin", Function.CUBLAS_ISAMIN, handle,
            r, Integer.BYTES, c -> new long[]{ c.handle, n, c.device(x), incx, c.target(r) }));
    }

    public static int cublasIdamin_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIdamin_64", handle, result, r -> reduction("cublasIdamin", Function.CUBLAS_IDAMIN, handle,
            r, Integer.BYTES, c -> new long[]{ c.handle, n, c.device(x), incx, c.target(r) }));
    }

    public static int cublasIcamax_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIcamax_64", handle, result, r -> iamax("cublasIcamax", Element.C, handle, false, n, x,
            incx, r));
    }

    public static int cublasIzamax_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIzamax_64", handle, result, r -> iamax("cublasIzamax", Element.Z, handle, false, n, x,
            incx, r));
    }

    public static int cublasIcamin_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIcamin_64", handle, result, r -> iamax("cublasIcamin", Element.C, handle, true, n, x,
            incx, r));
    }

    public static int cublasIzamin_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final long[] result)
    {
        return index64("cublasIzamin_64", handle, result, r -> iamax("cublasIzamin", Element.Z, handle, true, n, x,
            incx, r));
    }

    public static int cublasScasum_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final Pointer result)
    {
        return asum("cublasScasum", Element.C, handle, n, x, incx, result);
    }

    public static int cublasDzasum_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final Pointer result)
    {
        return asum("cublasDzasum", Element.Z, handle, n, x, incx, result);
    }

    public static int cublasScnrm2_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final Pointer result)
    {
        return nrm2("cublasScnrm2", Element.C, handle, n, x, incx, result);
    }

    public static int cublasDznrm2_v2_64Native(final cublasHandle handle, final long n, final Pointer x,
        final long incx, final Pointer result)
    {
        return nrm2("cublasDznrm2", Element.Z, handle, n, x, incx, result);
    }

    public static int cublasCrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer c, final Pointer s)
    {
        return rot("cublasCrot", Element.C, handle, false, n, x, incx, y, incy, c, s);
    }

    public static int cublasCsrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer c, final Pointer s)
    {
        return rot("cublasCsrot", Element.C, handle, true, n, x, incx, y, incy, c, s);
    }

    public static int cublasZrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer c, final Pointer s)
    {
        return rot("cublasZrot", Element.Z, handle, false, n, x, incx, y, incy, c, s);
    }

    public static int cublasZdrot_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer c, final Pointer s)
    {
        return rot("cublasZdrot", Element.Z, handle, true, n, x, incx, y, incy, c, s);
    }

    public static int cublasSrotm_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer param)
    {
        return rotm("cublasSrotm", Element.S, handle, n, x, incx, y, incy, param);
    }

    public static int cublasDrotm_v2_64Native(final cublasHandle handle, final long n, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer param)
    {
        return rotm("cublasDrotm", Element.D, handle, n, x, incx, y, incy, param);
    }

    public static int cublasCgemv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return gemv("cublasCgemv", Element.C, handle, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasZgemv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return gemv("cublasZgemv", Element.Z, handle, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasSgbmv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final long kl, final long ku, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return gbmv("cublasSgbmv", Element.S, handle, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasDgbmv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final long kl, final long ku, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return gbmv("cublasDgbmv", Element.D, handle, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasCgbmv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final long kl, final long ku, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return gbmv("cublasCgbmv", Element.C, handle, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasZgbmv_v2_64Native(final cublasHandle handle, final int trans, final long m, final long n,
        final long kl, final long ku, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return gbmv("cublasZgbmv", Element.Z, handle, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasCtrmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return trmv("cublasCtrmv", Element.C, handle, false, uplo, trans, diag, n, a, lda, x, incx);
    }

    public static int cublasZtrmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return trmv("cublasZtrmv", Element.Z, handle, false, uplo, trans, diag, n, a, lda, x, incx);
    }

    public static int cublasCtrsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return trmv("cublasCtrsv", Element.C, handle, true, uplo, trans, diag, n, a, lda, x, incx);
    }

    public static int cublasZtrsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return trmv("cublasZtrsv", Element.Z, handle, true, uplo, trans, diag, n, a, lda, x, incx);
    }

    public static int cublasStbmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasStbmv", Element.S, handle, false, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasDtbmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasDtbmv", Element.D, handle, false, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasCtbmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasCtbmv", Element.C, handle, false, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasZtbmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasZtbmv", Element.Z, handle, false, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasStbsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasStbsv", Element.S, handle, true, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasDtbsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasDtbsv", Element.D, handle, true, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasCtbsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasCtbsv", Element.C, handle, true, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasZtbsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final long k, final Pointer a, final long lda, final Pointer x, final long incx)
    {
        return tbmv("cublasZtbsv", Element.Z, handle, true, uplo, trans, diag, n, k, a, lda, x, incx);
    }

    public static int cublasStpmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasStpmv", Element.S, handle, false, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasDtpmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasDtpmv", Element.D, handle, false, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasCtpmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasCtpmv", Element.C, handle, false, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasZtpmv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasZtpmv", Element.Z, handle, false, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasStpsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasStpsv", Element.S, handle, true, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasDtpsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasDtpsv", Element.D, handle, true, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasCtpsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasCtpsv", Element.C, handle, true, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasZtpsv_v2_64Native(final cublasHandle handle, final int uplo, final int trans,
        final int diag, final long n, final Pointer ap, final Pointer x, final long incx)
    {
        return tpmv("cublasZtpsv", Element.Z, handle, true, uplo, trans, diag, n, ap, x, incx);
    }

    public static int cublasCsymv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return symv("cublasCsymv", Element.C, handle, false, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasZsymv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return symv("cublasZsymv", Element.Z, handle, false, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasChemv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return symv("cublasChemv", Element.C, handle, true, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasZhemv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return symv("cublasZhemv", Element.Z, handle, true, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasSsbmv_v2_64Native(final cublasHandle handle, final int uplo, final long n, final long k,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return sbmv("cublasSsbmv", Element.S, handle, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasDsbmv_v2_64Native(final cublasHandle handle, final int uplo, final long n, final long k,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return sbmv("cublasDsbmv", Element.D, handle, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasChbmv_v2_64Native(final cublasHandle handle, final int uplo, final long n, final long k,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return sbmv("cublasChbmv", Element.C, handle, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasZhbmv_v2_64Native(final cublasHandle handle, final int uplo, final long n, final long k,
        final Pointer alpha, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return sbmv("cublasZhbmv", Element.Z, handle, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
    }

    public static int cublasSspmv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer ap, final Pointer x, final long incx, final Pointer beta, final Pointer y,
        final long incy)
    {
        return spmv("cublasSspmv", Element.S, handle, uplo, n, alpha, ap, x, incx, beta, y, incy);
    }

    public static int cublasDspmv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer ap, final Pointer x, final long incx, final Pointer beta, final Pointer y,
        final long incy)
    {
        return spmv("cublasDspmv", Element.D, handle, uplo, n, alpha, ap, x, incx, beta, y, incy);
    }

    public static int cublasChpmv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer ap, final Pointer x, final long incx, final Pointer beta, final Pointer y,
        final long incy)
    {
        return spmv("cublasChpmv", Element.C, handle, uplo, n, alpha, ap, x, incx, beta, y, incy);
    }

    public static int cublasZhpmv_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer ap, final Pointer x, final long incx, final Pointer beta, final Pointer y,
        final long incy)
    {
        return spmv("cublasZhpmv", Element.Z, handle, uplo, n, alpha, ap, x, incx, beta, y, incy);
    }

    public static int cublasCgeru_v2_64Native(final cublasHandle handle, final long m, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return ger("cublasCgeru", Element.C, handle, false, m, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasCgerc_v2_64Native(final cublasHandle handle, final long m, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return ger("cublasCgerc", Element.C, handle, true, m, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasZgeru_v2_64Native(final cublasHandle handle, final long m, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return ger("cublasZgeru", Element.Z, handle, false, m, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasZgerc_v2_64Native(final cublasHandle handle, final long m, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return ger("cublasZgerc", Element.Z, handle, true, m, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasSsyr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syr("cublasSsyr", Element.S, handle, uplo, n, alpha, x, incx, a, lda);
    }

    public static int cublasDsyr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syr("cublasDsyr", Element.D, handle, uplo, n, alpha, x, incx, a, lda);
    }

    public static int cublasCher_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syr("cublasCher", Element.C, handle, uplo, n, alpha, x, incx, a, lda);
    }

    public static int cublasZher_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syr("cublasZher", Element.Z, handle, uplo, n, alpha, x, incx, a, lda);
    }

    public static int cublasSspr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer ap)
    {
        return spr("cublasSspr", Element.S, handle, uplo, n, alpha, x, incx, ap);
    }

    public static int cublasDspr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer ap)
    {
        return spr("cublasDspr", Element.D, handle, uplo, n, alpha, x, incx, ap);
    }

    public static int cublasChpr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer ap)
    {
        return spr("cublasChpr", Element.C, handle, uplo, n, alpha, x, incx, ap);
    }

    public static int cublasZhpr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer ap)
    {
        return spr("cublasZhpr", Element.Z, handle, uplo, n, alpha, x, incx, ap);
    }

    public static int cublasSsyr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syr2("cublasSsyr2", Element.S, handle, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasDsyr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syr2("cublasDsyr2", Element.D, handle, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasCher2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syr2("cublasCher2", Element.C, handle, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasZher2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syr2("cublasZher2", Element.Z, handle, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasSspr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer ap)
    {
        return spr2("cublasSspr2", Element.S, handle, uplo, n, alpha, x, incx, y, incy, ap);
    }

    public static int cublasDspr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer ap)
    {
        return spr2("cublasDspr2", Element.D, handle, uplo, n, alpha, x, incx, y, incy, ap);
    }

    public static int cublasChpr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer ap)
    {
        return spr2("cublasChpr2", Element.C, handle, uplo, n, alpha, x, incx, y, incy, ap);
    }

    public static int cublasZhpr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer ap)
    {
        return spr2("cublasZhpr2", Element.Z, handle, uplo, n, alpha, x, incx, y, incy, ap);
    }

    public static int cublasCgemm_v2_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer c, final long ldc)
    {
        return gemm("cublasCgemm", Element.C, handle, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasZgemm_v2_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer c, final long ldc)
    {
        return gemm("cublasZgemm", Element.Z, handle, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasCsymm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return symm("cublasCsymm", Element.C, handle, false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasZsymm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return symm("cublasZsymm", Element.Z, handle, false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasChemm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return symm("cublasChemm", Element.C, handle, true, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasZhemm_v2_64Native(final cublasHandle handle, final int side, final int uplo, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return symm("cublasZhemm", Element.Z, handle, true, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasCsyrk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return syrk("cublasCsyrk", Element.C, handle, false, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    }

    public static int cublasZsyrk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return syrk("cublasZsyrk", Element.Z, handle, false, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    }

    public static int cublasCherk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return syrk("cublasCherk", Element.C, handle, true, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    }

    public static int cublasZherk_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return syrk("cublasZherk", Element.Z, handle, true, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    }

    public static int cublasSsyr2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasSsyr2k", Element.S, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasDsyr2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasDsyr2k", Element.D, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasCsyr2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasCsyr2k", Element.C, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasZsyr2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasZsyr2k", Element.Z, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasCher2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasCher2k", Element.C, handle, true, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasZher2k_v2_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syr2k("cublasZher2k", Element.Z, handle, true, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    public static int cublasCtrmm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb, final Pointer c, final long ldc)
    {
        return trmm("cublasCtrmm", Element.C, handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, c, ldc);
    }

    public static int cublasZtrmm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb, final Pointer c, final long ldc)
    {
        return trmm("cublasZtrmm", Element.Z, handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, c, ldc);
    }

    public static int cublasCtrsm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return trsm("cublasCtrsm", Element.C, handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb);
    }

    public static int cublasZtrsm_v2_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return trsm("cublasZtrsm", Element.Z, handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb);
    }

    public static int cublasCgeam_64Native(final cublasHandle handle, final int transa, final int transb, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer b,
        final long ldb, final Pointer c, final long ldc)
    {
        return geam("cublasCgeam", Element.C, handle, transa, transb, m, n, alpha, a, lda, beta, b, ldb, c, ldc);
    }

    public static int cublasZgeam_64Native(final cublasHandle handle, final int transa, final int transb, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer beta, final Pointer b,
        final long ldb, final Pointer c, final long ldc)
    {
        return geam("cublasZgeam", Element.Z, handle, transa, transb, m, n, alpha, a, lda, beta, b, ldb, c, ldc);
    }

    public static int cublasSdgmm_64Native(final cublasHandle handle, final int mode, final long m, final long n,
        final Pointer a, final long lda, final Pointer x, final long incx, final Pointer c, final long ldc)
    {
        return dgmm("cublasSdgmm", Element.S, handle, mode, m, n, a, lda, x, incx, c, ldc);
    }

    public static int cublasDdgmm_64Native(final cublasHandle handle, final int mode, final long m, final long n,
        final Pointer a, final long lda, final Pointer x, final long incx, final Pointer c, final long ldc)
    {
        return dgmm("cublasDdgmm", Element.D, handle, mode, m, n, a, lda, x, incx, c, ldc);
    }

    public static int cublasCdgmm_64Native(final cublasHandle handle, final int mode, final long m, final long n,
        final Pointer a, final long lda, final Pointer x, final long incx, final Pointer c, final long ldc)
    {
        return dgmm("cublasCdgmm", Element.C, handle, mode, m, n, a, lda, x, incx, c, ldc);
    }

    public static int cublasZdgmm_64Native(final cublasHandle handle, final int mode, final long m, final long n,
        final Pointer a, final long lda, final Pointer x, final long incx, final Pointer c, final long ldc)
    {
        return dgmm("cublasZdgmm", Element.Z, handle, mode, m, n, a, lda, x, incx, c, ldc);
    }

    public static int cublasSsyrkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasSsyrkx", Element.S, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasDsyrkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasDsyrkx", Element.D, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasCsyrkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasCsyrkx", Element.C, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasZsyrkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasZsyrkx", Element.Z, handle, false, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasCherkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasCherkx", Element.C, handle, true, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasZherkx_64Native(final cublasHandle handle, final int uplo, final int trans, final long n,
        final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b, final long ldb,
        final Pointer beta, final Pointer c, final long ldc)
    {
        return syrkx("cublasZherkx", Element.Z, handle, true, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
    }

    public static int cublasCsyr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syrComplex("cublasCsyr", Element.C, handle, false, uplo, n, alpha, x, incx, null, 0, a, lda);
    }

    public static int cublasCsyr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syrComplex("cublasCsyr2", Element.C, handle, true, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasZsyr_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return syrComplex("cublasZsyr", Element.Z, handle, false, uplo, n, alpha, x, incx, null, 0, a, lda);
    }

    public static int cublasZsyr2_v2_64Native(final cublasHandle handle, final int uplo, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer a,
        final long lda)
    {
        return syrComplex("cublasZsyr2", Element.Z, handle, true, uplo, n, alpha, x, incx, y, incy, a, lda);
    }

    public static int cublasSgemvBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer aArray, final long lda, final Pointer xArray, final long incx,
        final Pointer beta, final Pointer yArray, final long incy, final long batchCount)
    {
        return gemvBatched("cublasSgemvBatched", Element.S, handle, trans, m, n, alpha, aArray, lda, xArray,
            incx, beta, yArray, incy, batchCount);
    }

    public static int cublasSgemvStridedBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final long strideA, final Pointer x,
        final long incx, final long stridex, final Pointer beta, final Pointer y, final long incy, final long stridey,
        final long batchCount)
    {
        return gemvStridedBatched("cublasSgemvStridedBatched", Element.S, handle, trans, m, n, alpha, a,
            lda, strideA, x, incx, stridex, beta, y, incy, stridey, batchCount);
    }

    public static int cublasDgemvBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer aArray, final long lda, final Pointer xArray, final long incx,
        final Pointer beta, final Pointer yArray, final long incy, final long batchCount)
    {
        return gemvBatched("cublasDgemvBatched", Element.D, handle, trans, m, n, alpha, aArray, lda, xArray,
            incx, beta, yArray, incy, batchCount);
    }

    public static int cublasDgemvStridedBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final long strideA, final Pointer x,
        final long incx, final long stridex, final Pointer beta, final Pointer y, final long incy, final long stridey,
        final long batchCount)
    {
        return gemvStridedBatched("cublasDgemvStridedBatched", Element.D, handle, trans, m, n, alpha, a,
            lda, strideA, x, incx, stridex, beta, y, incy, stridey, batchCount);
    }

    public static int cublasCgemvBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer aArray, final long lda, final Pointer xArray, final long incx,
        final Pointer beta, final Pointer yArray, final long incy, final long batchCount)
    {
        return gemvBatched("cublasCgemvBatched", Element.C, handle, trans, m, n, alpha, aArray, lda, xArray,
            incx, beta, yArray, incy, batchCount);
    }

    public static int cublasCgemvStridedBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final long strideA, final Pointer x,
        final long incx, final long stridex, final Pointer beta, final Pointer y, final long incy, final long stridey,
        final long batchCount)
    {
        return gemvStridedBatched("cublasCgemvStridedBatched", Element.C, handle, trans, m, n, alpha, a,
            lda, strideA, x, incx, stridex, beta, y, incy, stridey, batchCount);
    }

    public static int cublasZgemvBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer aArray, final long lda, final Pointer xArray, final long incx,
        final Pointer beta, final Pointer yArray, final long incy, final long batchCount)
    {
        return gemvBatched("cublasZgemvBatched", Element.Z, handle, trans, m, n, alpha, aArray, lda, xArray,
            incx, beta, yArray, incy, batchCount);
    }

    public static int cublasZgemvStridedBatched_64Native(final cublasHandle handle, final int trans, final long m,
        final long n, final Pointer alpha, final Pointer a, final long lda, final long strideA, final Pointer x,
        final long incx, final long stridex, final Pointer beta, final Pointer y, final long incy, final long stridey,
        final long batchCount)
    {
        return gemvStridedBatched("cublasZgemvStridedBatched", Element.Z, handle, trans, m, n, alpha, a,
            lda, strideA, x, incx, stridex, beta, y, incy, stridey, batchCount);
    }

    public static int cublasCgemmBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer bArray, final long ldb, final Pointer beta, final Pointer cArray, final long ldc,
        final long batchCount)
    {
        return gemmBatched("cublasCgemmBatched", Element.C, handle, false, transa, transb, m, n, k, alpha, aArray,
            lda, bArray, ldb, beta, cArray, ldc, batchCount);
    }

    public static int cublasZgemmBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer bArray, final long ldb, final Pointer beta, final Pointer cArray, final long ldc,
        final long batchCount)
    {
        return gemmBatched("cublasZgemmBatched", Element.Z, handle, false, transa, transb, m, n, k, alpha, aArray,
            lda, bArray, ldb, beta, cArray, ldc, batchCount);
    }

    public static int cublasCgemm3mBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer bArray, final long ldb, final Pointer beta, final Pointer cArray, final long ldc,
        final long batchCount)
    {
        return gemmBatched("cublasCgemm3mBatched", Element.C, handle, true, transa, transb, m, n, k, alpha, aArray,
            lda, bArray, ldb, beta, cArray, ldc, batchCount);
    }

    public static int cublasCgemmStridedBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda,
        final long strideA, final Pointer b, final long ldb, final long strideB, final Pointer beta, final Pointer c,
        final long ldc, final long strideC, final long batchCount)
    {
        return gemmStridedBatched("cublasCgemmStridedBatched", Element.C, handle, false, transa, transb, m, n, k, alpha,
            a, lda, strideA, b, ldb, strideB, beta, c, ldc, strideC, batchCount);
    }

    public static int cublasZgemmStridedBatched_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda,
        final long strideA, final Pointer b, final long ldb, final long strideB, final Pointer beta, final Pointer c,
        final long ldc, final long strideC, final long batchCount)
    {
        return gemmStridedBatched("cublasZgemmStridedBatched", Element.Z, handle, false, transa, transb, m, n, k, alpha,
            a, lda, strideA, b, ldb, strideB, beta, c, ldc, strideC, batchCount);
    }

    public static int cublasCgemm3mStridedBatched_64Native(final cublasHandle handle, final int transa,
        final int transb, final long m, final long n, final long k, final Pointer alpha, final Pointer a,
        final long lda, final long strideA, final Pointer b, final long ldb, final long strideB, final Pointer beta,
        final Pointer c, final long ldc, final long strideC, final long batchCount)
    {
        return gemmStridedBatched("cublasCgemm3mStridedBatched", Element.C, handle, true, transa, transb, m, n, k,
            alpha, a, lda, strideA, b, ldb, strideB, beta, c, ldc, strideC, batchCount);
    }

    public static int cublasCgemm3m_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer c, final long ldc)
    {
        return typed("cublasCgemm3m", Function.CUBLAS_GEMM3M, Element.C, handle, w -> w.value(transa).value(transb)
            .value(m).value(n).value(k).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb)
            .scalar(beta, "beta").device(c).value(ldc));
    }

    public static int cublasZgemm3m_64Native(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer b,
        final long ldb, final Pointer beta, final Pointer c, final long ldc)
    {
        return typed("cublasZgemm3m", Function.CUBLAS_GEMM3M, Element.Z, handle, w -> w.value(transa).value(transb)
            .value(m).value(n).value(k).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb)
            .scalar(beta, "beta").device(c).value(ldc));
    }

    public static int cublasStrsmBatched_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer aArray,
        final long lda, final Pointer bArray, final long ldb, final long batchCount)
    {
        return typed("cublasStrsmBatched", Function.CUBLAS_TRSM_BATCHED, Element.S, handle, w -> w.value(side)
            .value(uplo).value(trans).value(diag).value(m).value(n).scalar(alpha, "alpha").device(aArray)
            .value(lda).device(bArray).value(ldb).value(batchCount));
    }

    public static int cublasDtrsmBatched_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer aArray,
        final long lda, final Pointer bArray, final long ldb, final long batchCount)
    {
        return typed("cublasDtrsmBatched", Function.CUBLAS_TRSM_BATCHED, Element.D, handle, w -> w.value(side)
            .value(uplo).value(trans).value(diag).value(m).value(n).scalar(alpha, "alpha").device(aArray)
            .value(lda).device(bArray).value(ldb).value(batchCount));
    }

    public static int cublasCtrsmBatched_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer aArray,
        final long lda, final Pointer bArray, final long ldb, final long batchCount)
    {
        return typed("cublasCtrsmBatched", Function.CUBLAS_TRSM_BATCHED, Element.C, handle, w -> w.value(side)
            .value(uplo).value(trans).value(diag).value(m).value(n).scalar(alpha, "alpha").device(aArray)
            .value(lda).device(bArray).value(ldb).value(batchCount));
    }

    public static int cublasZtrsmBatched_64Native(final cublasHandle handle, final int side, final int uplo,
        final int trans, final int diag, final long m, final long n, final Pointer alpha, final Pointer aArray,
        final long lda, final Pointer bArray, final long ldb, final long batchCount)
    {
        return typed("cublasZtrsmBatched", Function.CUBLAS_TRSM_BATCHED, Element.Z, handle, w -> w.value(side)
            .value(uplo).value(trans).value(diag).value(m).value(n).scalar(alpha, "alpha").device(aArray)
            .value(lda).device(bArray).value(ldb).value(batchCount));
    }

    // Rotations computed in the client: cuBLAS computes rotg and rotmg on the host from host scalars (in host
    // pointer mode), so gpurelay computes them here, with the reference BLAS's algorithms (HostRotations), as the
    // legacy binding does. In device pointer mode the scalars are device memory: not supported, by name.

    public static int cublasSrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return rotg("cublasSrotg", handle, Float.BYTES, a, b, c, s);
    }

    public static int cublasDrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return rotg("cublasDrotg", handle, Double.BYTES, a, b, c, s);
    }

    public static int cublasCrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return complexRotg("cublasCrotg", handle, Float.BYTES, a, b, c, s);
    }

    public static int cublasZrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return complexRotg("cublasZrotg", handle, Double.BYTES, a, b, c, s);
    }

    public static int cublasSrotmgNative(final cublasHandle handle, final Pointer d1, final Pointer d2,
        final Pointer x1, final Pointer y1, final Pointer param)
    {
        return rotmg("cublasSrotmg", handle, Float.BYTES, d1, d2, x1, y1, param);
    }

    public static int cublasDrotmgNative(final cublasHandle handle, final Pointer d1, final Pointer d2,
        final Pointer x1, final Pointer y1, final Pointer param)
    {
        return rotmg("cublasDrotmg", handle, Double.BYTES, d1, d2, x1, y1, param);
    }

    /** rotg: a and b in (a becomes r, b z), c and s out. */
    private static int rotg(final String name, final cublasHandle handle, final int bytes, final Pointer a,
        final Pointer b, final Pointer c, final Pointer s)
    {
        final String refused = hostScalarsOnly(name, handle, a, b, c, s);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final Pointer[] pointers = { a, b, c, s };
            final double[] in = { readReals(a, bytes, 1)[0], readReals(b, bytes, 1)[0] };
            if (bytes == Float.BYTES)
            {
                final float[] values = { (float)in[0], (float)in[1], 0, 0 };
                HostRotations.srotg(values);
                for (int i = 0; i < pointers.length; i++)
                {
                    writeReals(pointers[i], bytes, values[i]);
                }
            }
            else
            {
                final double[] values = { in[0], in[1], 0, 0 };
                HostRotations.drotg(values);
                for (int i = 0; i < pointers.length; i++)
                {
                    writeReals(pointers[i], bytes, values[i]);
                }
            }
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /** Complex rotg: a (complex) in and out as r, b (complex) in, c (real) and s (complex) out. */
    private static int complexRotg(final String name, final cublasHandle handle, final int realBytes,
        final Pointer a, final Pointer b, final Pointer c, final Pointer s)
    {
        final String refused = hostScalarsOnly(name, handle, a, b, c, s);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final double[] aValue = readReals(a, realBytes, 2);
            final double[] bValue = readReals(b, realBytes, 2);
            final double[] cAndS = HostRotations.complexRotation(aValue, bValue[0], bValue[1]);
            writeReals(a, realBytes, aValue[0], aValue[1]);
            writeReals(c, realBytes, cAndS[0]);
            writeReals(s, realBytes, cAndS[1], cAndS[2]);
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /** rotmg: d1, d2 and x1 in and out, y1 in, param's 5 values out. */
    private static int rotmg(final String name, final cublasHandle handle, final int bytes, final Pointer d1,
        final Pointer d2, final Pointer x1, final Pointer y1, final Pointer param)
    {
        final String refused = hostScalarsOnly(name, handle, d1, d2, x1, y1, param);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final double[] in = { readReals(d1, bytes, 1)[0], readReals(d2, bytes, 1)[0], readReals(x1, bytes, 1)[0],
                readReals(y1, bytes, 1)[0] };
            JCudaHostRanges.of(param, ROTM_PARAMETERS * (long)bytes);
            if (bytes == Float.BYTES)
            {
                final float[] sd1 = { (float)in[0] };
                final float[] sd2 = { (float)in[1] };
                final float[] sx1 = { (float)in[2] };
                final float[] sparam = new float[ROTM_PARAMETERS];
                HostRotations.srotmg(sd1, sd2, sx1, (float)in[3], sparam);
                writeReals(d1, bytes, sd1[0]);
                writeReals(d2, bytes, sd2[0]);
                writeReals(x1, bytes, sx1[0]);
                writeReals(param, bytes, sparam[0], sparam[1], sparam[2], sparam[3], sparam[4]);
            }
            else
            {
                final double[] dd1 = { in[0] };
                final double[] dd2 = { in[1] };
                final double[] dx1 = { in[2] };
                final double[] dparam = new double[ROTM_PARAMETERS];
                HostRotations.drotmg(dd1, dd2, dx1, in[3], dparam);
                writeReals(d1, bytes, dd1[0]);
                writeReals(d2, bytes, dd2[0]);
                writeReals(x1, bytes, dx1[0]);
                writeReals(param, bytes, dparam);
            }
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * Null when a client-side rotation can run; "" when the handle is in device pointer mode (logged here, the
     * caller answers CUBLAS_STATUS_NOT_SUPPORTED); else why an argument is invalid.
     */
    private static String hostScalarsOnly(final String name, final cublasHandle handle, final Pointer... scalars)
    {
        requireNonNull(handle, "handle", name);
        for (final Pointer scalar : scalars)
        {
            if (scalar == null)
            {
                return "a scalar argument is null";
            }
        }
        if (new Marshalling(name, handle).deviceMode)
        {
            AgentLog.warn(name + " in CUBLAS_POINTER_MODE_DEVICE is not supported by gpurelay (it computes the " +
                "rotation in the client, from host scalars); returning CUBLAS_STATUS_NOT_SUPPORTED");
            return "";
        }
        return null;
    }

    private static double[] readReals(final Pointer pointer, final int bytes, final int count)
        throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(pointer, (long)bytes * count);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes * count]);
        range.copyTo(0, buffer, 0, bytes * count);
        return HostRotations.reals(buffer, bytes, count);
    }

    private static void writeReals(final Pointer pointer, final int bytes, final double... values)
        throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(pointer, (long)bytes * values.length);
        range.write(0, HostRotations.realBytes(bytes, values), 0, bytes * values.length);
    }

    public static int cublasStpttrNative(final cublasHandle handle, final int uplo, final int n, final Pointer ap,
        final Pointer a, final int lda)
    {
        return typed("cublasStpttr", Function.CUBLAS_TPTTR, Element.S, handle, w -> w.flag(false).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasStrttpNative(final cublasHandle handle, final int uplo, final int n, final Pointer a,
        final int lda, final Pointer ap)
    {
        return typed("cublasStrttp", Function.CUBLAS_TPTTR, Element.S, handle, w -> w.flag(true).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasDtpttrNative(final cublasHandle handle, final int uplo, final int n, final Pointer ap,
        final Pointer a, final int lda)
    {
        return typed("cublasDtpttr", Function.CUBLAS_TPTTR, Element.D, handle, w -> w.flag(false).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasDtrttpNative(final cublasHandle handle, final int uplo, final int n, final Pointer a,
        final int lda, final Pointer ap)
    {
        return typed("cublasDtrttp", Function.CUBLAS_TPTTR, Element.D, handle, w -> w.flag(true).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasCtpttrNative(final cublasHandle handle, final int uplo, final int n, final Pointer ap,
        final Pointer a, final int lda)
    {
        return typed("cublasCtpttr", Function.CUBLAS_TPTTR, Element.C, handle, w -> w.flag(false).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasCtrttpNative(final cublasHandle handle, final int uplo, final int n, final Pointer a,
        final int lda, final Pointer ap)
    {
        return typed("cublasCtrttp", Function.CUBLAS_TPTTR, Element.C, handle, w -> w.flag(true).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasZtpttrNative(final cublasHandle handle, final int uplo, final int n, final Pointer ap,
        final Pointer a, final int lda)
    {
        return typed("cublasZtpttr", Function.CUBLAS_TPTTR, Element.Z, handle, w -> w.flag(false).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasZtrttpNative(final cublasHandle handle, final int uplo, final int n, final Pointer a,
        final int lda, final Pointer ap)
    {
        return typed("cublasZtrttp", Function.CUBLAS_TPTTR, Element.Z, handle, w -> w.flag(true).value(uplo).value(n)
            .device(ap).device(a).value(lda));
    }

    public static int cublasCgetrfBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer infoArray, final int batchSize)
    {
        return typed("cublasCgetrfBatched", Function.CUBLAS_GETRF_BATCHED_X, Element.C, handle, w -> w.value(n)
            .device(aArray).value(lda).device(pivotArray).device(infoArray).value(batchSize));
    }

    public static int cublasCgetriBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer cArray, final int ldc, final Pointer infoArray,
        final int batchSize)
    {
        return typed("cublasCgetriBatched", Function.CUBLAS_GETRI_BATCHED_X, Element.C, handle, w -> w.value(n)
            .device(aArray).value(lda).device(pivotArray).device(cArray).value(ldc).device(infoArray)
            .value(batchSize));
    }

    public static int cublasZgetrfBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer infoArray, final int batchSize)
    {
        return typed("cublasZgetrfBatched", Function.CUBLAS_GETRF_BATCHED_X, Element.Z, handle, w -> w.value(n)
            .device(aArray).value(lda).device(pivotArray).device(infoArray).value(batchSize));
    }

    public static int cublasZgetriBatchedNative(final cublasHandle handle, final int n, final Pointer aArray,
        final int lda, final Pointer pivotArray, final Pointer cArray, final int ldc, final Pointer infoArray,
        final int batchSize)
    {
        return typed("cublasZgetriBatched", Function.CUBLAS_GETRI_BATCHED_X, Element.Z, handle, w -> w.value(n)
            .device(aArray).value(lda).device(pivotArray).device(cArray).value(ldc).device(infoArray)
            .value(batchSize));
    }

    public static int cublasSgetrsBatchedNative(final cublasHandle handle, final int trans, final int n, final int nrhs,
        final Pointer aArray, final int lda, final Pointer devIpiv, final Pointer bArray, final int ldb,
        final Pointer info, final int batchSize)
    {
        return hostInfo("cublasSgetrsBatched", Function.CUBLAS_GETRS_BATCHED, Element.S, handle, info,
            w -> w.value(trans).value(n).value(nrhs).device(aArray).value(lda).device(devIpiv).device(bArray)
                .value(ldb).value(batchSize));
    }

    public static int cublasSmatinvBatchedNative(final cublasHandle handle, final int n, final Pointer a, final int lda,
        final Pointer aInv, final int ldaInv, final Pointer info, final int batchSize)
    {
        return typed("cublasSmatinvBatched", Function.CUBLAS_MATINV_BATCHED, Element.S, handle, w -> w.value(n)
            .device(a).value(lda).device(aInv).value(ldaInv).device(info).value(batchSize));
    }

    public static int cublasSgeqrfBatchedNative(final cublasHandle handle, final int m, final int n,
        final Pointer aArray, final int lda, final Pointer tauArray, final Pointer info, final int batchSize)
    {
        return hostInfo("cublasSgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, Element.S, handle, info,
            w -> w.value(m).value(n).device(aArray).value(lda).device(tauArray).value(batchSize));
    }

    public static int cublasSgelsBatchedNative(final cublasHandle handle, final int trans, final int m, final int n,
        final int nrhs, final Pointer aArray, final int lda, final Pointer cArray, final int ldc, final Pointer info,
        final Pointer devInfoArray, final int batchSize)
    {
        return hostInfo("cublasSgelsBatched", Function.CUBLAS_GELS_BATCHED, Element.S, handle, info,
            w -> w.value(trans).value(m).value(n).value(nrhs).device(aArray).value(lda).device(cArray).value(ldc)
                .device(devInfoArray).value(batchSize));
    }

    public static int cublasDgetrsBatchedNative(final cublasHandle handle, final int trans, final int n, final int nrhs,
        final Pointer aArray, final int lda, final Pointer devIpiv, final Pointer bArray, final int ldb,
        final Pointer info, final int batchSize)
    {
        return hostInfo("cublasDgetrsBatched", Function.CUBLAS_GETRS_BATCHED, Element.D, handle, info,
            w -> w.value(trans).value(n).value(nrhs).device(aArray).value(lda).device(devIpiv).device(bArray)
                .value(ldb).value(batchSize));
    }

    public static int cublasDmatinvBatchedNative(final cublasHandle handle, final int n, final Pointer a, final int lda,
        final Pointer aInv, final int ldaInv, final Pointer info, final int batchSize)
    {
        return typed("cublasDmatinvBatched", Function.CUBLAS_MATINV_BATCHED, Element.D, handle, w -> w.value(n)
            .device(a).value(lda).device(aInv).value(ldaInv).device(info).value(batchSize));
    }

    public static int cublasDgeqrfBatchedNative(final cublasHandle handle, final int m, final int n,
        final Pointer aArray, final int lda, final Pointer tauArray, final Pointer info, final int batchSize)
    {
        return hostInfo("cublasDgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, Element.D, handle, info,
            w -> w.value(m).value(n).device(aArray).value(lda).device(tauArray).value(batchSize));
    }

    public static int cublasDgelsBatchedNative(final cublasHandle handle, final int trans, final int m, final int n,
        final int nrhs, final Pointer aArray, final int lda, final Pointer cArray, final int ldc, final Pointer info,
        final Pointer devInfoArray, final int batchSize)
    {
        return hostInfo("cublasDgelsBatched", Function.CUBLAS_GELS_BATCHED, Element.D, handle, info,
            w -> w.value(trans).value(m).value(n).value(nrhs).device(aArray).value(lda).device(cArray).value(ldc)
                .device(devInfoArray).value(batchSize));
    }

    public static int cublasCgetrsBatchedNative(final cublasHandle handle, final int trans, final int n, final int nrhs,
        final Pointer aArray, final int lda, final Pointer devIpiv, final Pointer bArray, final int ldb,
        final Pointer info, final int batchSize)
    {
        return hostInfo("cublasCgetrsBatched", Function.CUBLAS_GETRS_BATCHED, Element.C, handle, info,
            w -> w.value(trans).value(n).value(nrhs).device(aArray).value(lda).device(devIpiv).device(bArray)
                .value(ldb).value(batchSize));
    }

    public static int cublasCmatinvBatchedNative(final cublasHandle handle, final int n, final Pointer a, final int lda,
        final Pointer aInv, final int ldaInv, final Pointer info, final int batchSize)
    {
        return typed("cublasCmatinvBatched", Function.CUBLAS_MATINV_BATCHED, Element.C, handle, w -> w.value(n)
            .device(a).value(lda).device(aInv).value(ldaInv).device(info).value(batchSize));
    }

    public static int cublasCgeqrfBatchedNative(final cublasHandle handle, final int m, final int n,
        final Pointer aArray, final int lda, final Pointer tauArray, final Pointer info, final int batchSize)
    {
        return hostInfo("cublasCgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, Element.C, handle, info,
            w -> w.value(m).value(n).device(aArray).value(lda).device(tauArray).value(batchSize));
    }

    public static int cublasCgelsBatchedNative(final cublasHandle handle, final int trans, final int m, final int n,
        final int nrhs, final Pointer aArray, final int lda, final Pointer cArray, final int ldc, final Pointer info,
        final Pointer devInfoArray, final int batchSize)
    {
        return hostInfo("cublasCgelsBatched", Function.CUBLAS_GELS_BATCHED, Element.C, handle, info,
            w -> w.value(trans).value(m).value(n).value(nrhs).device(aArray).value(lda).device(cArray).value(ldc)
                .device(devInfoArray).value(batchSize));
    }

    public static int cublasZgetrsBatchedNative(final cublasHandle handle, final int trans, final int n, final int nrhs,
        final Pointer aArray, final int lda, final Pointer devIpiv, final Pointer bArray, final int ldb,
        final Pointer info, final int batchSize)
    {
        return hostInfo("cublasZgetrsBatched", Function.CUBLAS_GETRS_BATCHED, Element.Z, handle, info,
            w -> w.value(trans).value(n).value(nrhs).device(aArray).value(lda).device(devIpiv).device(bArray)
                .value(ldb).value(batchSize));
    }

    public static int cublasZmatinvBatchedNative(final cublasHandle handle, final int n, final Pointer a, final int lda,
        final Pointer aInv, final int ldaInv, final Pointer info, final int batchSize)
    {
        return typed("cublasZmatinvBatched", Function.CUBLAS_MATINV_BATCHED, Element.Z, handle, w -> w.value(n)
            .device(a).value(lda).device(aInv).value(ldaInv).device(info).value(batchSize));
    }

    public static int cublasZgeqrfBatchedNative(final cublasHandle handle, final int m, final int n,
        final Pointer aArray, final int lda, final Pointer tauArray, final Pointer info, final int batchSize)
    {
        return hostInfo("cublasZgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, Element.Z, handle, info,
            w -> w.value(m).value(n).device(aArray).value(lda).device(tauArray).value(batchSize));
    }

    public static int cublasZgelsBatchedNative(final cublasHandle handle, final int trans, final int m, final int n,
        final int nrhs, final Pointer aArray, final int lda, final Pointer cArray, final int ldc, final Pointer info,
        final Pointer devInfoArray, final int batchSize)
    {
        return hostInfo("cublasZgelsBatched", Function.CUBLAS_GELS_BATCHED, Element.Z, handle, info,
            w -> w.value(trans).value(m).value(n).value(nrhs).device(aArray).value(lda).device(cArray).value(ldc)
                .device(devInfoArray).value(batchSize));
    }

    // Routines of any element type: one method per family, the element type (S, D, C, Z) a parameter, each run by
    // the family's typed wire function (Function.CUBLAS_AXPY_X and the rest). A scalar takes two slots: in host
    // pointer mode the raw bits of its real and imaginary parts (0 for a real scalar), in device mode its address.

    private static int axpy(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_AXPY_X, element, handle, w -> w.value(n).scalar(alpha, "alpha").device(x)
            .value(incx).device(y).value(incy));
    }

    private static int copy(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_COPY_X, element, handle, w -> w.value(n).device(x).value(incx).device(y)
            .value(incy));
    }

    private static int swap(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer x, final long incx, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_SWAP_X, element, handle, w -> w.value(n).device(x).value(incx).device(y)
            .value(incy));
    }

    /** scal, and csscal/zdscal (realAlpha) whose alpha is a real. */
    private static int scal(final String name, final Element element, final cublasHandle handle,
        final boolean realAlpha, final long n, final Pointer alpha, final Pointer x, final long incx)
    {
        return typed(name, Function.CUBLAS_SCAL_X, element, handle, w -> w.flag(realAlpha).value(n)
            .scalar(alpha, realAlpha, "alpha").device(x).value(incx));
    }

    /** dotu, and dotc (conjugate): the complex result, two reals, goes to the host in host mode. */
    private static int dot(final String name, final Element element, final cublasHandle handle, final boolean conjugate,
        final long n, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer result)
    {
        return typedReduction(name, Function.CUBLAS_DOT_X, element, handle, result, element.realBytes, 2,
            w -> w.flag(conjugate).value(n).device(x).value(incx).device(y).value(incy).target(result));
    }

    /** i?amax, and i?amin (minimum): the 1-based index, an int. */
    private static int iamax(final String name, final Element element, final cublasHandle handle, final boolean minimum,
        final long n, final Pointer x, final long incx, final Pointer result)
    {
        return typedReduction(name, Function.CUBLAS_IAMAX_X, element, handle, result, Integer.BYTES, 1,
            w -> w.flag(minimum).value(n).device(x).value(incx).target(result));
    }

    private static int asum(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer x, final long incx, final Pointer result)
    {
        return typedReduction(name, Function.CUBLAS_ASUM_X, element, handle, result, element.realBytes, 1,
            w -> w.value(n).device(x).value(incx).target(result));
    }

    private static int nrm2(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer x, final long incx, final Pointer result)
    {
        return typedReduction(name, Function.CUBLAS_NRM2_X, element, handle, result, element.realBytes, 1,
            w -> w.value(n).device(x).value(incx).target(result));
    }

    /** rot with a real cosine and a complex sine, or a real one (realSine: csrot, zdrot). */
    private static int rot(final String name, final Element element, final cublasHandle handle, final boolean realSine,
        final long n, final Pointer x, final long incx, final Pointer y, final long incy, final Pointer c,
        final Pointer s)
    {
        return typed(name, Function.CUBLAS_ROT_X, element, handle, w -> w.flag(realSine).value(n).device(x)
            .value(incx).device(y).value(incy).scalar(c, true, "c").scalar(s, realSine, "s"));
    }

    /** rotm: the 5 values of param (flag, h11, h21, h12, h22) travel in host mode, their address in device mode. */
    private static int rotm(final String name, final Element element, final cublasHandle handle, final long n,
        final Pointer x, final long incx, final Pointer y, final long incy, final Pointer param)
    {
        return typed(name, Function.CUBLAS_ROTM, element, handle, w -> w.value(n).device(x).value(incx).device(y)
            .value(incy).reals(param, ROTM_PARAMETERS, "param"));
    }

    private static int gemv(final String name, final Element element, final cublasHandle handle, final long trans,
        final long m, final long n, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_GEMV_X, element, handle, w -> w.value(trans).value(m).value(n)
            .scalar(alpha, "alpha").device(a).value(lda).device(x).value(incx).scalar(beta, "beta").device(y)
            .value(incy));
    }

    private static int gbmv(final String name, final Element element, final cublasHandle handle, final long trans,
        final long m, final long n, final long kl, final long ku, final Pointer alpha, final Pointer a, final long lda,
        final Pointer x, final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_GBMV, element, handle, w -> w.value(trans).value(m).value(n).value(kl)
            .value(ku).scalar(alpha, "alpha").device(a).value(lda).device(x).value(incx).scalar(beta, "beta")
            .device(y).value(incy));
    }

    /** trmv, and trsv (solve). */
    private static int trmv(final String name, final Element element, final cublasHandle handle, final boolean solve,
        final long uplo, final long trans, final long diag, final long n, final Pointer a, final long lda,
        final Pointer x, final long incx)
    {
        return typed(name, Function.CUBLAS_TRMV_X, element, handle, w -> w.flag(solve).value(uplo).value(trans)
            .value(diag).value(n).device(a).value(lda).device(x).value(incx));
    }

    /** tbmv, and tbsv (solve). */
    private static int tbmv(final String name, final Element element, final cublasHandle handle, final boolean solve,
        final long uplo, final long trans, final long diag, final long n, final long k, final Pointer a, final long lda,
        final Pointer x, final long incx)
    {
        return typed(name, Function.CUBLAS_TBMV, element, handle, w -> w.flag(solve).value(uplo).value(trans)
            .value(diag).value(n).value(k).device(a).value(lda).device(x).value(incx));
    }

    /** tpmv, and tpsv (solve). */
    private static int tpmv(final String name, final Element element, final cublasHandle handle, final boolean solve,
        final long uplo, final long trans, final long diag, final long n, final Pointer ap, final Pointer x,
        final long incx)
    {
        return typed(name, Function.CUBLAS_TPMV, element, handle, w -> w.flag(solve).value(uplo).value(trans)
            .value(diag).value(n).device(ap).device(x).value(incx));
    }

    /** symv, and hemv (hermitian). */
    private static int symv(final String name, final Element element, final cublasHandle handle,
        final boolean hermitian, final long uplo, final long n, final Pointer alpha, final Pointer a, final long lda,
        final Pointer x, final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_SYMV_X, element, handle, w -> w.flag(hermitian).value(uplo).value(n)
            .scalar(alpha, "alpha").device(a).value(lda).device(x).value(incx).scalar(beta, "beta").device(y)
            .value(incy));
    }

    /** sbmv for S and D, hbmv for C and Z. */
    private static int sbmv(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final long k, final Pointer alpha, final Pointer a, final long lda, final Pointer x,
        final long incx, final Pointer beta, final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_SBMV, element, handle, w -> w.value(uplo).value(n).value(k)
            .scalar(alpha, "alpha").device(a).value(lda).device(x).value(incx).scalar(beta, "beta").device(y)
            .value(incy));
    }

    /** spmv for S and D, hpmv for C and Z. */
    private static int spmv(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final Pointer alpha, final Pointer ap, final Pointer x, final long incx, final Pointer beta,
        final Pointer y, final long incy)
    {
        return typed(name, Function.CUBLAS_SPMV, element, handle, w -> w.value(uplo).value(n).scalar(alpha, "alpha")
            .device(ap).device(x).value(incx).scalar(beta, "beta").device(y).value(incy));
    }

    /** geru, and gerc (conjugate). */
    private static int ger(final String name, final Element element, final cublasHandle handle, final boolean conjugate,
        final long m, final long n, final Pointer alpha, final Pointer x, final long incx, final Pointer y,
        final long incy, final Pointer a, final long lda)
    {
        return typed(name, Function.CUBLAS_GER_X, element, handle, w -> w.flag(conjugate).value(m).value(n)
            .scalar(alpha, "alpha").device(x).value(incx).device(y).value(incy).device(a).value(lda));
    }

    /** syr for S and D, her for C and Z: alpha is a real. */
    private static int syr(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final Pointer alpha, final Pointer x, final long incx, final Pointer a, final long lda)
    {
        return typed(name, Function.CUBLAS_SYR, element, handle, w -> w.value(uplo).value(n)
            .scalar(alpha, true, "alpha").device(x).value(incx).device(a).value(lda));
    }

    /** spr for S and D, hpr for C and Z: alpha is a real. */
    private static int spr(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final Pointer alpha, final Pointer x, final long incx, final Pointer ap)
    {
        return typed(name, Function.CUBLAS_SPR, element, handle, w -> w.value(uplo).value(n)
            .scalar(alpha, true, "alpha").device(x).value(incx).device(ap));
    }

    /** syr2 for S and D, her2 for C and Z. */
    private static int syr2(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy,
        final Pointer a, final long lda)
    {
        return typed(name, Function.CUBLAS_SYR2, element, handle, w -> w.value(uplo).value(n).scalar(alpha, "alpha")
            .device(x).value(incx).device(y).value(incy).device(a).value(lda));
    }

    /** spr2 for S and D, hpr2 for C and Z. */
    private static int spr2(final String name, final Element element, final cublasHandle handle, final long uplo,
        final long n, final Pointer alpha, final Pointer x, final long incx, final Pointer y, final long incy,
        final Pointer ap)
    {
        return typed(name, Function.CUBLAS_SPR2, element, handle, w -> w.value(uplo).value(n).scalar(alpha, "alpha")
            .device(x).value(incx).device(y).value(incy).device(ap));
    }

    private static int gemm(final String name, final Element element, final cublasHandle handle, final long transa,
        final long transb, final long m, final long n, final long k, final Pointer alpha, final Pointer a,
        final long lda, final Pointer b, final long ldb, final Pointer beta, final Pointer c, final long ldc)
    {
        return typed(name, Function.CUBLAS_GEMM_X, element, handle, w -> w.value(transa).value(transb).value(m)
            .value(n).value(k).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb).scalar(beta, "beta")
            .device(c).value(ldc));
    }

    /** symm, and hemm (hermitian). */
    private static int symm(final String name, final Element element, final cublasHandle handle,
        final boolean hermitian, final long side, final long uplo, final long m, final long n, final Pointer alpha,
        final Pointer a, final long lda, final Pointer b, final long ldb, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return typed(name, Function.CUBLAS_SYMM_X, element, handle, w -> w.flag(hermitian).value(side).value(uplo)
            .value(m).value(n).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb).scalar(beta, "beta")
            .device(c).value(ldc));
    }

    /** syrk, and herk (hermitian) whose alpha and beta are reals. */
    private static int syrk(final String name, final Element element, final cublasHandle handle,
        final boolean hermitian, final long uplo, final long trans, final long n, final long k, final Pointer alpha,
        final Pointer a, final long lda, final Pointer beta, final Pointer c, final long ldc)
    {
        return typed(name, Function.CUBLAS_SYRK_X, element, handle, w -> w.flag(hermitian).value(uplo).value(trans)
            .value(n).value(k).scalar(alpha, hermitian, "alpha").device(a).value(lda).scalar(beta, hermitian, "beta")
            .device(c).value(ldc));
    }

    /** syr2k, and her2k (hermitian) whose beta is a real. */
    private static int syr2k(final String name, final Element element, final cublasHandle handle,
        final boolean hermitian, final long uplo, final long trans, final long n, final long k, final Pointer alpha,
        final Pointer a, final long lda, final Pointer b, final long ldb, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return typed(name, Function.CUBLAS_SYR2K, element, handle, w -> w.flag(hermitian).value(uplo).value(trans)
            .value(n).value(k).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb)
            .scalar(beta, hermitian, "beta").device(c).value(ldc));
    }

    private static int trmm(final String name, final Element element, final cublasHandle handle, final long side,
        final long uplo, final long trans, final long diag, final long m, final long n, final Pointer alpha,
        final Pointer a, final long lda, final Pointer b, final long ldb, final Pointer c, final long ldc)
    {
        return typed(name, Function.CUBLAS_TRMM_X, element, handle, w -> w.value(side).value(uplo).value(trans)
            .value(diag).value(m).value(n).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb)
            .device(c).value(ldc));
    }

    private static int trsm(final String name, final Element element, final cublasHandle handle, final long side,
        final long uplo, final long trans, final long diag, final long m, final long n, final Pointer alpha,
        final Pointer a, final long lda, final Pointer b, final long ldb)
    {
        return typed(name, Function.CUBLAS_TRSM_X, element, handle, w -> w.value(side).value(uplo).value(trans)
            .value(diag).value(m).value(n).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb));
    }

    private static int geam(final String name, final Element element, final cublasHandle handle, final long transa,
        final long transb, final long m, final long n, final Pointer alpha, final Pointer a, final long lda,
        final Pointer beta, final Pointer b, final long ldb, final Pointer c, final long ldc)
    {
        return typed(name, Function.CUBLAS_GEAM_X, element, handle, w -> w.value(transa).value(transb).value(m)
            .value(n).scalar(alpha, "alpha").device(a).value(lda).scalar(beta, "beta").device(b).value(ldb)
            .device(c).value(ldc));
    }

    private static int dgmm(final String name, final Element element, final cublasHandle handle, final long side,
        final long m, final long n, final Pointer a, final long lda, final Pointer x, final long incx, final Pointer c,
        final long ldc)
    {
        return typed(name, Function.CUBLAS_DGMM, element, handle, w -> w.value(side).value(m).value(n).device(a)
            .value(lda).device(x).value(incx).device(c).value(ldc));
    }

    /** syrkx, and herkx (hermitian) whose beta is a real. */
    private static int syrkx(final String name, final Element element, final cublasHandle handle,
        final boolean hermitian, final long uplo, final long trans, final long n, final long k, final Pointer alpha,
        final Pointer a, final long lda, final Pointer b, final long ldb, final Pointer beta, final Pointer c,
        final long ldc)
    {
        return typed(name, Function.CUBLAS_SYRKX, element, handle, w -> w.flag(hermitian).value(uplo).value(trans)
            .value(n).value(k).scalar(alpha, "alpha").device(a).value(lda).device(b).value(ldb)
            .scalar(beta, hermitian, "beta").device(c).value(ldc));
    }

    /** Complex syr, and syr2 (twoVectors): alpha is complex, A symmetric (not hermitian). */
    private static int syrComplex(final String name, final Element element, final cublasHandle handle,
        final boolean twoVectors, final long uplo, final long n, final Pointer alpha, final Pointer x, final long incx,
        final Pointer y, final long incy, final Pointer a, final long lda)
    {
        return typed(name, Function.CUBLAS_SYR_COMPLEX, element, handle, w -> w.flag(twoVectors).value(uplo)
            .value(n).scalar(alpha, "alpha").device(x).value(incx).device(y).value(incy).device(a).value(lda));
    }

    private static int gemvBatched(final String name, final Element element, final cublasHandle handle,
        final long trans, final long m, final long n, final Pointer alpha, final Pointer aArray, final long lda,
        final Pointer xArray, final long incx, final Pointer beta, final Pointer yArray, final long incy,
        final long batchCount)
    {
        return typed(name, Function.CUBLAS_GEMV_BATCHED, element, handle, w -> w.value(trans).value(m).value(n)
            .scalar(alpha, "alpha").device(aArray).value(lda).device(xArray).value(incx).scalar(beta, "beta")
            .device(yArray).value(incy).value(batchCount));
    }

    private static int gemvStridedBatched(final String name, final Element element, final cublasHandle handle,
        final long trans, final long m, final long n, final Pointer alpha, final Pointer a, final long lda,
        final long strideA, final Pointer x, final long incx, final long stridex, final Pointer beta, final Pointer y,
        final long incy, final long stridey, final long batchCount)
    {
        return typed(name, Function.CUBLAS_GEMV_STRIDED_BATCHED, element, handle, w -> w.value(trans).value(m)
            .value(n).scalar(alpha, "alpha").device(a).value(lda).value(strideA).device(x).value(incx)
            .value(stridex).scalar(beta, "beta").device(y).value(incy).value(stridey).value(batchCount));
    }

    /** Complex gemmBatched, and Cgemm3mBatched (threeM). */
    private static int gemmBatched(final String name, final Element element, final cublasHandle handle,
        final boolean threeM, final long transa, final long transb, final long m, final long n, final long k,
        final Pointer alpha, final Pointer aArray, final long lda, final Pointer bArray, final long ldb,
        final Pointer beta, final Pointer cArray, final long ldc, final long batchCount)
    {
        return typed(name, Function.CUBLAS_GEMM_BATCHED_X, element, handle, w -> w.flag(threeM).value(transa)
            .value(transb).value(m).value(n).value(k).scalar(alpha, "alpha").device(aArray).value(lda)
            .device(bArray).value(ldb).scalar(beta, "beta").device(cArray).value(ldc).value(batchCount));
    }

    /** Complex gemmStridedBatched, and Cgemm3mStridedBatched (threeM). */
    private static int gemmStridedBatched(final String name, final Element element, final cublasHandle handle,
        final boolean threeM, final long transa, final long transb, final long m, final long n, final long k,
        final Pointer alpha, final Pointer a, final long lda, final long strideA, final Pointer b, final long ldb,
        final long strideB, final Pointer beta, final Pointer c, final long ldc, final long strideC,
        final long batchCount)
    {
        return typed(name, Function.CUBLAS_GEMM_STRIDED_BATCHED_X, element, handle, w -> w.flag(threeM)
            .value(transa).value(transb).value(m).value(n).value(k).scalar(alpha, "alpha").device(a).value(lda)
            .value(strideA).device(b).value(ldb).value(strideB).scalar(beta, "beta").device(c).value(ldc)
            .value(strideC).value(batchCount));
    }

    /**
     * A batched solver whose {@code info} is a host int in cuBLAS (0, or -i when the i-th argument is invalid): the
     * reply's value, written there when the call succeeds.
     */
    private static int hostInfo(final String name, final Function function, final Element element,
        final cublasHandle handle, final Pointer info, final TypedArguments arguments)
    {
        requireNonNull(handle, "handle", name);
        requireNonNull(info, "info", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            final HostRange destination = JCudaHostRanges.of(info, Integer.BYTES);
            final long[] args = arguments.of(new TypedWire(marshalling, element)).toArray();
            final long[] results = new long[1];
            final int status = call(function, args, results);
            if (status == CublasStatus.SUCCESS)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Integer.BYTES]);
                value.putInt(0, (int)results[0], ByteOrder.LITTLE_ENDIAN);
                destination.write(0, value, 0, Integer.BYTES);
            }
            return status;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * A routine of a typed family: its handle and element type first, then what {@code arguments} adds.
     */
    private static int typed(final String name, final Function function, final Element element,
        final cublasHandle handle, final TypedArguments arguments)
    {
        return routine(name, function, handle, c -> arguments.of(new TypedWire(c, element)).toArray());
    }

    /**
     * A reduction of a typed family: in host pointer mode the reply's {@code parts} values (a complex result's real
     * and imaginary parts, or one real or int) are written into the result pointer's memory, {@code partBytes} each.
     */
    private static int typedReduction(final String name, final Function function, final Element element,
        final cublasHandle handle, final Pointer result, final int partBytes, final int parts,
        final TypedArguments arguments)
    {
        requireNonNull(handle, "handle", name);
        requireNonNull(result, "result", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            final long[] args = arguments.of(new TypedWire(marshalling, element)).toArray();
            final HostRange destination = marshalling.deviceMode ? null : JCudaHostRanges.of(result, (long)partBytes * parts);
            final long[] results = new long[parts];
            final int status = call(function, args, results);
            if (status == CublasStatus.SUCCESS && destination != null)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
                for (int i = 0; i < parts; i++)
                {
                    value.putLong(0, results[i], ByteOrder.LITTLE_ENDIAN);
                    destination.write((long)i * partBytes, value, 0, partBytes);
                }
            }
            return status;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * The element type of a typed routine: its {@code cudaDataType} on the wire, the bytes of a real (or of a complex
     * value's real part), and whether it is complex.
     */
    enum Element
    {
        S(0, Float.BYTES, false),
        D(1, Double.BYTES, false),
        C(4, Float.BYTES, true),
        Z(5, Double.BYTES, true);

        final int dataType;
        final int realBytes;
        final boolean complex;

        Element(final int dataType, final int realBytes, final boolean complex)
        {
            this.dataType = dataType;
            this.realBytes = realBytes;
            this.complex = complex;
        }
    }

    /**
     * How a typed routine's arguments follow its handle and element type.
     */
    @FunctionalInterface
    private interface TypedArguments
    {
        TypedWire of(TypedWire wire) throws HostRangeException;
    }

    /**
     * The arguments of a typed routine in wire order, read as the handle's pointer mode says.
     */
    private static final class TypedWire
    {
        private final Marshalling marshalling;
        private final Element element;
        private long[] args = new long[24];
        private int size;

        TypedWire(final Marshalling marshalling, final Element element)
        {
            this.marshalling = marshalling;
            this.element = element;
            value(marshalling.handle).value(element.dataType);
        }

        TypedWire value(final long value)
        {
            if (size == args.length)
            {
                args = Arrays.copyOf(args, size * 2);
            }
            args[size++] = value;
            return this;
        }

        TypedWire flag(final boolean flag)
        {
            return value(flag ? 1 : 0);
        }

        TypedWire device(final Pointer pointer) throws HostRangeException
        {
            return value(marshalling.device(pointer));
        }

        TypedWire target(final Pointer pointer) throws HostRangeException
        {
            return value(marshalling.target(pointer));
        }

        /** A scalar of the element type: complex for C and Z. */
        TypedWire scalar(final Pointer pointer, final String what) throws HostRangeException
        {
            return scalar(pointer, false, what);
        }

        /**
         * A scalar in two slots: a real one (real, or the element type is S or D) has its imaginary slot 0; in device
         * mode the first slot is its address.
         */
        TypedWire scalar(final Pointer pointer, final boolean real, final String what) throws HostRangeException
        {
            final boolean complex = element.complex && !real;
            if (marshalling.deviceMode)
            {
                return value(marshalling.scalar(pointer, element.realBytes, what)).value(0);
            }
            final long[] parts = marshalling.reals(pointer, element.realBytes, complex ? 2 : 1, what);
            return value(parts[0]).value(complex ? parts[1] : 0);
        }

        /** {@code count} reals: their raw bits in host mode, in device mode their address and {@code count - 1} 0s. */
        TypedWire reals(final Pointer pointer, final int count, final String what) throws HostRangeException
        {
            if (marshalling.deviceMode)
            {
                value(marshalling.scalar(pointer, element.realBytes, what));
                for (int i = 1; i < count; i++)
                {
                    value(0);
                }
                return this;
            }
            for (final long part : marshalling.reals(pointer, element.realBytes, count, what))
            {
                value(part);
            }
            return this;
        }

        long[] toArray()
        {
            return Arrays.copyOf(args, size);
        }
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

    private static int routine(final String name, final Function function, final cublasHandle handle,
        final Arguments arguments)
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
    private static int reduction(final String name, final Function function, final cublasHandle handle,
        final Pointer result, final int bytes, final Arguments arguments)
    {
        requireNonNull(handle, "handle", name);
        requireNonNull(result, "result", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            final long[] args = arguments.of(marshalling);
            final HostRange destination = marshalling.deviceMode ? null : JCudaHostRanges.of(result, bytes);
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
     * The {@code _64} form of i?amax and i?amin, whose result JCublas2 declares as a Java {@code long[]}: host memory,
     * so only in host pointer mode (in device mode cuBLAS would write through a host address,
     * {@code CUBLAS_STATUS_INVALID_VALUE} here). The executor's index is an int, as it runs the 32-bit routine.
     */
    private static int index64(final String name, final cublasHandle handle, final long[] result,
        final IndexRoutine routine)
    {
        requireNonNull(handle, "handle", name);
        requireNonNull(result, "result", name);
        if (result.length == 0)
        {
            return invalidValue(name, "the result array is empty");
        }
        if (new Marshalling(name, handle).deviceMode)
        {
            return invalidValue(name, "the result is a Java long[], host memory, but the handle's pointer mode is " +
                "CUBLAS_POINTER_MODE_DEVICE");
        }
        final int[] index = new int[1];
        final int status = routine.into(Pointer.to(index));
        if (status == CublasStatus.SUCCESS)
        {
            result[0] = index[0];
        }
        return status;
    }

    /** An index routine writing its int result to the host pointer given. */
    @FunctionalInterface
    private interface IndexRoutine
    {
        int into(Pointer result);
    }

    /**
     * cublasSetMatrix, and cublasSetVector as one row whose leading dimension is the increment: the host elements
     * go packed column by column (straight from the host memory when they are contiguous).
     */
    static int setMatrix(
        final String name, final long rows, final long cols, final long elemSize, final Pointer host,
        final long ldHost, final Pointer device, final long ldDevice, final long stream)
    {
        requireNonNull(host, "A", name);
        requireNonNull(device, "B", name);
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldHost, ldDevice);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long destination = deviceAddress(device, "the device side");
            final long columnBytes = rows * elemSize;
            final long packedBytes = columnBytes * cols;
            final PayloadSource packed;
            if (packedBytes == 0)
            {
                packed = new ByteArrayPayload();
            }
            else if (ldHost == rows)
            {
                packed = JCudaHostRanges.of(host, packedBytes);
            }
            else
            {
                final HostRange source = JCudaHostRanges.of(host, CublasTransfers.span(rows, cols, elemSize, ldHost));
                final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Math.toIntExact(packedBytes)]);
                for (long j = 0; j < cols; j++)
                {
                    source.copyTo(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
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
        final String name, final long rows, final long cols, final long elemSize, final Pointer device,
        final long ldDevice, final Pointer host, final long ldHost, final long stream)
    {
        requireNonNull(device, "A", name);
        requireNonNull(host, "B", name);
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldDevice, ldHost);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long source = deviceAddress(device, "the device side");
            final long columnBytes = rows * elemSize;
            final long packedBytes = columnBytes * cols;
            final long[] args = { rows, cols, elemSize, source, ldDevice, stream };
            if (packedBytes == 0 || ldHost == rows)
            {
                final PayloadSink sink = packedBytes == 0 ? new ByteArrayPayload() : JCudaHostRanges.of(host, packedBytes);
                return cublasStatus(client().call(Function.CUBLAS_GET_MATRIX, RuntimeThreadState.currentDevice(),
                    args, null, sink, null));
            }
            final HostRange destination = JCudaHostRanges.of(host, CublasTransfers.span(rows, cols, elemSize, ldHost));
            final ByteArrayPayload packed = new ByteArrayPayload();
            final int status = cublasStatus(client().call(Function.CUBLAS_GET_MATRIX,
                RuntimeThreadState.currentDevice(), args, null, packed, null));
            if (status == CublasStatus.SUCCESS)
            {
                final UnsafeBuffer buffer = new UnsafeBuffer(packed.bytes());
                for (long j = 0; j < cols; j++)
                {
                    destination.write(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
                }
            }
            return status;
        }
        catch (final HostRangeException | ArithmeticException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    static long deviceAddress(final Pointer pointer, final String what) throws HostRangeException
    {
        if (JCudaHostRanges.isHostMemory(pointer))
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
            this.deviceMode = CublasPointerModes.deviceMode(this.handle);
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
                if (JCudaHostRanges.isHostMemory(pointer))
                {
                    throw new HostRangeException(what + " is host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_DEVICE");
                }
                return JCudaPointers.address(pointer);
            }
            if (!JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException(what + " is not host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_HOST");
            }
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
            JCudaHostRanges.of(pointer, bytes).copyTo(0, value, 0, bytes);
            return value.getLong(0, ByteOrder.LITTLE_ENDIAN);
        }

        /**
         * {@code count} consecutive reals of {@code bytes} each in host memory (host pointer mode): their raw bits.
         */
        long[] reals(final Pointer pointer, final int bytes, final int count, final String what)
            throws HostRangeException
        {
            if (pointer == null)
            {
                throw new HostRangeException(what + " is null");
            }
            if (!JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException(what + " is not host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_HOST");
            }
            final HostRange range = JCudaHostRanges.of(pointer, (long)bytes * count);
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
            final long[] reals = new long[count];
            for (int i = 0; i < count; i++)
            {
                value.putLong(0, 0L);
                range.copyTo((long)i * bytes, value, 0, bytes);
                reals[i] = value.getLong(0, ByteOrder.LITTLE_ENDIAN);
            }
            return reals;
        }

        /**
         * A reduction's result: its device address in device mode; unused (0) in host mode, where the value comes
         * back with the reply.
         */
        long target(final Pointer pointer) throws HostRangeException
        {
            if (!deviceMode)
            {
                if (!JCudaHostRanges.isHostMemory(pointer))
                {
                    throw new HostRangeException("the result is not host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_HOST");
                }
                return 0;
            }
            if (JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException("the result is host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_DEVICE");
            }
            return JCudaPointers.address(pointer);
        }
    }
}
