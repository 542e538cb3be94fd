package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cublas.*;
import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoH;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import org.agrona.DirectBuffer;
import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.double2;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

/**
 * cuBLAS on the host's GPUs, through JavaCPP's presets: each handle is a real {@code cublasHandle_t} made in the
 * session's CUDA context, and each call makes that context current first.
 * <p>
 * cuBLAS does not check pointers, and a routine that reads outside the session's memory would fault the GPU for every
 * session of the executor. So before a routine runs, every range it touches (each vector from n and its increment,
 * each matrix from its dimensions and leading dimension, device scalars and results, the matrices behind the pointer
 * arrays of batched routines, pivots and infos) is checked against the session's allocations; one outside them is
 * {@code CUBLAS_STATUS_EXECUTION_FAILED} with a message naming the routine and the operand, and the GPU never sees
 * the call. An operand the routine would not read (A and B when alpha is 0) is still checked, which is stricter than
 * cuBLAS. A leading dimension below the rows it holds is {@code CUBLAS_STATUS_INVALID_VALUE}, as cuBLAS documents.
 */
final class GpuBlasSession implements BlasSession
{
    private static final CudaError EXECUTION_FAILED =
        CudaError.library(Api.CUBLAS, CublasStatus.EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED");
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");
    private static final CudaError MAPPING_ERROR =
        CudaError.library(Api.CUBLAS, CublasStatus.MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR");
    private static final int OP_N = 0;
    private static final int SIDE_LEFT = 0;

    private final DeviceAddressRanges<GpuContext, GpuModule> ranges;
    private final List<GpuBlasHandle> handles = new ArrayList<>();
    /** Host-mode scalars and results: alpha, beta (or c, s), and the reduction's result. */
    private final LongPointer first = new LongPointer(1);
    private final LongPointer second = new LongPointer(1);
    private final LongPointer reduction = new LongPointer(1);
    private final IntPointer intOut = new IntPointer(1);
    /** Host-mode scalars and results of the typed routines: two slots each, for a complex value. */
    private final LongPointer firstX = new LongPointer(2);
    private final LongPointer secondX = new LongPointer(2);
    private final LongPointer reductionX = new LongPointer(2);
    /** rotm's five host-mode parameters. */
    private final FloatPointer rotmFloats = new FloatPointer(5);
    private final DoublePointer rotmDoubles = new DoublePointer(5);

    GpuBlasSession(final DeviceAddressRanges<GpuContext, GpuModule> ranges)
    {
        this.ranges = ranges;
    }

    public BackendBlasHandle create(final BackendContext context, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!makeCurrent(gpuContext, "cublasCreate", result))
        {
            return null;
        }
        final cublasContext cublas = new cublasContext();
        if (!check(cublasCreate_v2(cublas), "cublasCreate", result))
        {
            return null;
        }
        final GpuBlasHandle handle = new GpuBlasHandle(gpuContext, cublas);
        handles.add(handle);
        return handle;
    }

    public void destroy(final BackendBlasHandle handle)
    {
        final GpuBlasHandle gpuHandle = (GpuBlasHandle)handle;
        handles.remove(gpuHandle);
        if (cuCtxSetCurrent(gpuHandle.context.handle()) == CUDA_SUCCESS)
        {
            cublasDestroy_v2(gpuHandle.cublas);
        }
    }

    /**
     * Destroy the handles that are left, before the session's contexts go.
     */
    void close()
    {
        for (final GpuBlasHandle handle : new ArrayList<>(handles))
        {
            destroy(handle);
        }
        first.close();
        second.close();
        reduction.close();
        intOut.close();
        firstX.close();
        secondX.close();
        reductionX.close();
        rotmFloats.close();
        rotmDoubles.close();
    }

    /**
     * The handles of a context that is about to be destroyed.
     */
    void contextDestroyed(final GpuContext context)
    {
        for (final GpuBlasHandle handle : new ArrayList<>(handles))
        {
            if (handle.context == context)
            {
                destroy(handle);
            }
        }
    }

    public void version(final BackendBlasHandle handle, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasGetVersion", result);
        if (h != null && check(cublasGetVersion_v2(h.cublas, intOut), "cublasGetVersion", result))
        {
            result.value(intOut.get());
        }
    }

    public void setStream(final BackendBlasHandle handle, final BackendStream stream, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetStream", result);
        if (h != null)
        {
            check(cublasSetStream_v2(h.cublas, stream == null ? null : ((GpuStream)stream).handle()),
                "cublasSetStream", result);
        }
    }

    public void setPointerMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetPointerMode", result);
        if (h != null && check(cublasSetPointerMode_v2(h.cublas, mode), "cublasSetPointerMode", result))
        {
            h.deviceMode = mode == CUBLAS_POINTER_MODE_DEVICE;
        }
    }

    public void pointerMode(final BackendBlasHandle handle, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasGetPointerMode", result);
        if (h != null && check(cublasGetPointerMode_v2(h.cublas, intOut), "cublasGetPointerMode", result))
        {
            result.value(intOut.get());
        }
    }

    public void setMathMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetMathMode", result);
        if (h != null)
        {
            check(cublasSetMathMode(h.cublas, mode), "cublasSetMathMode", result);
        }
    }

    public void mathMode(final BackendBlasHandle handle, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasGetMathMode", result);
        if (h != null && check(cublasGetMathMode(h.cublas, intOut), "cublasGetMathMode", result))
        {
            result.value(intOut.get());
        }
    }

    public void setMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final DirectBuffer packed, final long destination, final int ld,
        final CallResult result)
    {
        final String name = "cublasSetMatrix";
        if (rows == 0 || cols == 0 || !makeCurrent((GpuContext)context, name, result) ||
            !matrix(name, "destination", destination, rows, cols, ld, elementSize, MAPPING_ERROR, result))
        {
            return;
        }
        final int length = rows * cols * elementSize;
        try (BytePointer host = new BytePointer(length))
        {
            final byte[] bytes = new byte[length];
            packed.getBytes(0, bytes);
            host.put(bytes);
            final CUstream_st cudaStream = stream == null ? null : ((GpuStream)stream).handle();
            if (check(cublasSetMatrixAsync(rows, cols, elementSize, host, rows, new DeviceAddress(destination), ld,
                cudaStream), name, result))
            {
                checkDriver(org.bytedeco.cuda.global.cudart.cuStreamSynchronize(cudaStream), name, result);
            }
        }
    }

    public void getMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final long source, final int ld, final CallResult result)
    {
        final String name = "cublasGetMatrix";
        if (rows == 0 || cols == 0 || !makeCurrent((GpuContext)context, name, result) ||
            !matrix(name, "source", source, rows, cols, ld, elementSize, MAPPING_ERROR, result))
        {
            return;
        }
        final int length = rows * cols * elementSize;
        try (BytePointer host = new BytePointer(length))
        {
            final CUstream_st cudaStream = stream == null ? null : ((GpuStream)stream).handle();
            if (check(cublasGetMatrixAsync(rows, cols, elementSize, new DeviceAddress(source), ld, host, rows,
                cudaStream), name, result) &&
                checkDriver(org.bytedeco.cuda.global.cudart.cuStreamSynchronize(cudaStream), name, result))
            {
                final byte[] bytes = new byte[length];
                host.get(bytes);
                result.payload(new ByteArrayPayload(bytes));
            }
        }
    }

    public void axpy(
        final BackendBlasHandle handle, final Precision precision, final int n, final long alpha, final long x,
        final int incx, final long y, final int incy, final CallResult result)
    {
        final String name = routine(precision, "axpy");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalar(h, name, "alpha", precision, alpha, result) ||
            !vector(name, "x", x, n, incx, precision, result) || !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSaxpy_v2(h.cublas, n, floats(h, alpha, first), floats(x), incx, floats(y), incy) :
            cublasDaxpy_v2(h.cublas, n, doubles(h, alpha, first), doubles(x), incx, doubles(y), incy), name, result);
    }

    public void dot(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final long target, final CallResult result)
    {
        final String name = routine(precision, "dot");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, precision.bytes(), target, result) ||
            !vector(name, "x", x, n, incx, precision, result) || !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        reduction.put(0, 0L);
        final int status = precision == Precision.SINGLE ?
            cublasSdot_v2(h.cublas, n, floats(x), incx, floats(y), incy, floats(h, target, reduction)) :
            cublasDdot_v2(h.cublas, n, doubles(x), incx, doubles(y), incy, doubles(h, target, reduction));
        finishReduction(h, precision, status, name, result);
    }

    public void nrm2(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long target, final CallResult result)
    {
        final String name = routine(precision, "nrm2");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, precision.bytes(), target, result) ||
            !vector(name, "x", x, n, incx, precision, result))
        {
            return;
        }
        reduction.put(0, 0L);
        final int status = precision == Precision.SINGLE ?
            cublasSnrm2_v2(h.cublas, n, floats(x), incx, floats(h, target, reduction)) :
            cublasDnrm2_v2(h.cublas, n, doubles(x), incx, doubles(h, target, reduction));
        finishReduction(h, precision, status, name, result);
    }

    public void asum(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long target, final CallResult result)
    {
        final String name = routine(precision, "asum");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, precision.bytes(), target, result) ||
            !vector(name, "x", x, n, incx, precision, result))
        {
            return;
        }
        reduction.put(0, 0L);
        final int status = precision == Precision.SINGLE ?
            cublasSasum_v2(h.cublas, n, floats(x), incx, floats(h, target, reduction)) :
            cublasDasum_v2(h.cublas, n, doubles(x), incx, doubles(h, target, reduction));
        finishReduction(h, precision, status, name, result);
    }

    public void scal(
        final BackendBlasHandle handle, final Precision precision, final int n, final long alpha, final long x,
        final int incx, final CallResult result)
    {
        final String name = routine(precision, "scal");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalar(h, name, "alpha", precision, alpha, result) ||
            !vector(name, "x", x, n, incx, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSscal_v2(h.cublas, n, floats(h, alpha, first), floats(x), incx) :
            cublasDscal_v2(h.cublas, n, doubles(h, alpha, first), doubles(x), incx), name, result);
    }

    public void copy(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final CallResult result)
    {
        final String name = routine(precision, "copy");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !vector(name, "x", x, n, incx, precision, result) ||
            !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ? cublasScopy_v2(h.cublas, n, floats(x), incx, floats(y), incy) :
            cublasDcopy_v2(h.cublas, n, doubles(x), incx, doubles(y), incy), name, result);
    }

    public void swap(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final CallResult result)
    {
        final String name = routine(precision, "swap");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !vector(name, "x", x, n, incx, precision, result) ||
            !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ? cublasSswap_v2(h.cublas, n, floats(x), incx, floats(y), incy) :
            cublasDswap_v2(h.cublas, n, doubles(x), incx, doubles(y), incy), name, result);
    }

    public void iamax(
        final BackendBlasHandle handle, final Precision precision, final boolean minimum, final int n, final long x,
        final int incx, final long target, final CallResult result)
    {
        final String name = "cublasI" + (precision == Precision.SINGLE ? "s" : "d") + (minimum ? "amin" : "amax");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, Integer.BYTES, target, result) ||
            !vector(name, "x", x, n, incx, precision, result))
        {
            return;
        }
        reduction.put(0, 0L);
        final IntPointer out = h.deviceMode ? new IntPointer(new DeviceAddress(target)) : new IntPointer(reduction);
        final int status;
        if (precision == Precision.SINGLE)
        {
            status = minimum ? cublasIsamin_v2(h.cublas, n, floats(x), incx, out) :
                cublasIsamax_v2(h.cublas, n, floats(x), incx, out);
        }
        else
        {
            status = minimum ? cublasIdamin_v2(h.cublas, n, doubles(x), incx, out) :
                cublasIdamax_v2(h.cublas, n, doubles(x), incx, out);
        }
        if (check(status, name, result) && !h.deviceMode)
        {
            result.value(reduction.get() & 0xFFFF_FFFFL);
        }
    }

    public void rot(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final long c, final long s, final CallResult result)
    {
        final String name = routine(precision, "rot");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalar(h, name, "c", precision, c, result) || !scalar(h, name, "s", precision, s, result) ||
            !vector(name, "x", x, n, incx, precision, result) || !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSrot_v2(h.cublas, n, floats(x), incx, floats(y), incy, floats(h, c, first), floats(h, s, second)) :
            cublasDrot_v2(h.cublas, n, doubles(x), incx, doubles(y), incy, doubles(h, c, first),
                doubles(h, s, second)), name, result);
    }

    public void gemv(
        final BackendBlasHandle handle, final Precision precision, final int trans, final int m, final int n,
        final long alpha, final long a, final int lda, final long x, final int incx, final long beta, final long y,
        final int incy, final CallResult result)
    {
        final String name = routine(precision, "gemv");
        final GpuBlasHandle h = enter(handle, name, result);
        final boolean normal = trans == OP_N;
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !matrix(name, "A", a, m, n, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !vector(name, "x", x, normal ? n : m, incx, precision, result) ||
            !vector(name, "y", y, normal ? m : n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSgemv_v2(h.cublas, trans, m, n, floats(h, alpha, first), floats(a), lda, floats(x), incx,
                floats(h, beta, second), floats(y), incy) :
            cublasDgemv_v2(h.cublas, trans, m, n, doubles(h, alpha, first), doubles(a), lda, doubles(x), incx,
                doubles(h, beta, second), doubles(y), incy), name, result);
    }

    public void ger(
        final BackendBlasHandle handle, final Precision precision, final int m, final int n, final long alpha,
        final long x, final int incx, final long y, final int incy, final long a, final int lda,
        final CallResult result)
    {
        final String name = routine(precision, "ger");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalar(h, name, "alpha", precision, alpha, result) ||
            !vector(name, "x", x, m, incx, precision, result) || !vector(name, "y", y, n, incy, precision, result) ||
            !matrix(name, "A", a, m, n, lda, precision.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSger_v2(h.cublas, m, n, floats(h, alpha, first), floats(x), incx, floats(y), incy, floats(a), lda) :
            cublasDger_v2(h.cublas, m, n, doubles(h, alpha, first), doubles(x), incx, doubles(y), incy, doubles(a),
                lda), name, result);
    }

    public void symv(
        final BackendBlasHandle handle, final Precision precision, final int uplo, final int n, final long alpha,
        final long a, final int lda, final long x, final int incx, final long beta, final long y, final int incy,
        final CallResult result)
    {
        final String name = routine(precision, "symv");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !matrix(name, "A", a, n, n, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !vector(name, "x", x, n, incx, precision, result) || !vector(name, "y", y, n, incy, precision, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSsymv_v2(h.cublas, uplo, n, floats(h, alpha, first), floats(a), lda, floats(x), incx,
                floats(h, beta, second), floats(y), incy) :
            cublasDsymv_v2(h.cublas, uplo, n, doubles(h, alpha, first), doubles(a), lda, doubles(x), incx,
                doubles(h, beta, second), doubles(y), incy), name, result);
    }

    public void triangularVector(
        final BackendBlasHandle handle, final Precision precision, final boolean solve, final int uplo,
        final int trans, final int diag, final int n, final long a, final int lda, final long x, final int incx,
        final CallResult result)
    {
        final String name = routine(precision, solve ? "trsv" : "trmv");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !matrix(name, "A", a, n, n, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !vector(name, "x", x, n, incx, precision, result))
        {
            return;
        }
        final int status;
        if (precision == Precision.SINGLE)
        {
            status = solve ? cublasStrsv_v2(h.cublas, uplo, trans, diag, n, floats(a), lda, floats(x), incx) :
                cublasStrmv_v2(h.cublas, uplo, trans, diag, n, floats(a), lda, floats(x), incx);
        }
        else
        {
            status = solve ? cublasDtrsv_v2(h.cublas, uplo, trans, diag, n, doubles(a), lda, doubles(x), incx) :
                cublasDtrmv_v2(h.cublas, uplo, trans, diag, n, doubles(a), lda, doubles(x), incx);
        }
        check(status, name, result);
    }

    public void gemm(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long a, final int lda, final long b, final int ldb,
        final long beta, final long c, final int ldc, final CallResult result)
    {
        final String name = routine(precision, "gemm");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !gemmOperands(name, transa, transb, m, n, k, a, lda, b, ldb, c, ldc, precision.bytes(), result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSgemm_v2(h.cublas, transa, transb, m, n, k, floats(h, alpha, first), floats(a), lda, floats(b), ldb,
                floats(h, beta, second), floats(c), ldc) :
            cublasDgemm_v2(h.cublas, transa, transb, m, n, k, doubles(h, alpha, first), doubles(a), lda, doubles(b),
                ldb, doubles(h, beta, second), doubles(c), ldc), name, result);
    }

    public void symm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int m,
        final int n, final long alpha, final long a, final int lda, final long b, final int ldb, final long beta,
        final long c, final int ldc, final CallResult result)
    {
        final String name = routine(precision, "symm");
        final GpuBlasHandle h = enter(handle, name, result);
        final int order = side == SIDE_LEFT ? m : n;
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !matrix(name, "A", a, order, order, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "B", b, m, n, ldb, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "C", c, m, n, ldc, precision.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSsymm_v2(h.cublas, side, uplo, m, n, floats(h, alpha, first), floats(a), lda, floats(b), ldb,
                floats(h, beta, second), floats(c), ldc) :
            cublasDsymm_v2(h.cublas, side, uplo, m, n, doubles(h, alpha, first), doubles(a), lda, doubles(b), ldb,
                doubles(h, beta, second), doubles(c), ldc), name, result);
    }

    public void syrk(
        final BackendBlasHandle handle, final Precision precision, final int uplo, final int trans, final int n,
        final int k, final long alpha, final long a, final int lda, final long beta, final long c, final int ldc,
        final CallResult result)
    {
        final String name = routine(precision, "syrk");
        final GpuBlasHandle h = enter(handle, name, result);
        final boolean normal = trans == OP_N;
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !matrix(name, "A", a, normal ? n : k, normal ? k : n, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "C", c, n, n, ldc, precision.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSsyrk_v2(h.cublas, uplo, trans, n, k, floats(h, alpha, first), floats(a), lda,
                floats(h, beta, second), floats(c), ldc) :
            cublasDsyrk_v2(h.cublas, uplo, trans, n, k, doubles(h, alpha, first), doubles(a), lda,
                doubles(h, beta, second), doubles(c), ldc), name, result);
    }

    public void trmm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final long alpha, final long a, final int lda, final long b,
        final int ldb, final long c, final int ldc, final CallResult result)
    {
        final String name = routine(precision, "trmm");
        final GpuBlasHandle h = enter(handle, name, result);
        final int order = side == SIDE_LEFT ? m : n;
        if (h == null || !scalar(h, name, "alpha", precision, alpha, result) ||
            !matrix(name, "A", a, order, order, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "B", b, m, n, ldb, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "C", c, m, n, ldc, precision.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasStrmm_v2(h.cublas, side, uplo, trans, diag, m, n, floats(h, alpha, first), floats(a), lda,
                floats(b), ldb, floats(c), ldc) :
            cublasDtrmm_v2(h.cublas, side, uplo, trans, diag, m, n, doubles(h, alpha, first), doubles(a), lda,
                doubles(b), ldb, doubles(c), ldc), name, result);
    }

    public void trsm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final long alpha, final long a, final int lda, final long b,
        final int ldb, final CallResult result)
    {
        final String name = routine(precision, "trsm");
        final GpuBlasHandle h = enter(handle, name, result);
        final int order = side == SIDE_LEFT ? m : n;
        if (h == null || !scalar(h, name, "alpha", precision, alpha, result) ||
            !matrix(name, "A", a, order, order, lda, precision.bytes(), EXECUTION_FAILED, result) ||
            !matrix(name, "B", b, m, n, ldb, precision.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasStrsm_v2(h.cublas, side, uplo, trans, diag, m, n, floats(h, alpha, first), floats(a), lda,
                floats(b), ldb) :
            cublasDtrsm_v2(h.cublas, side, uplo, trans, diag, m, n, doubles(h, alpha, first), doubles(a), lda,
                doubles(b), ldb), name, result);
    }

    public void geam(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final long alpha, final long a, final int lda, final long beta, final long b, final int ldb,
        final long c, final int ldc, final CallResult result)
    {
        final String name = routine(precision, "geam");
        final GpuBlasHandle h = enter(handle, name, result);
        final int bytes = precision.bytes();
        if (h == null || !scalars(h, name, precision, alpha, beta, result) ||
            !matrix(name, "A", a, transa == OP_N ? m : n, transa == OP_N ? n : m, lda, bytes, EXECUTION_FAILED,
                result) ||
            !matrix(name, "B", b, transb == OP_N ? m : n, transb == OP_N ? n : m, ldb, bytes, EXECUTION_FAILED,
                result) ||
            !matrix(name, "C", c, m, n, ldc, bytes, EXECUTION_FAILED, result))
        {
            return;
        }
        check(precision == Precision.SINGLE ?
            cublasSgeam(h.cublas, transa, transb, m, n, floats(h, alpha, first), floats(a), lda,
                floats(h, beta, second), floats(b), ldb, floats(c), ldc) :
            cublasDgeam(h.cublas, transa, transb, m, n, doubles(h, alpha, first), doubles(a), lda,
                doubles(h, beta, second), doubles(b), ldb, doubles(c), ldc), name, result);
    }

    public void gemmBatched(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long aArray, final int lda, final long bArray,
        final int ldb, final long beta, final long cArray, final int ldc, final int batchCount,
        final CallResult result)
    {
        final String name = routine(precision, "gemmBatched");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalars(h, name, precision, alpha, beta, result))
        {
            return;
        }
        if (batchCount > 0)
        {
            final long[] as = pointers(name, "Aarray", aArray, batchCount, result);
            final long[] bs = as == null ? null : pointers(name, "Barray", bArray, batchCount, result);
            final long[] cs = bs == null ? null : pointers(name, "Carray", cArray, batchCount, result);
            if (cs == null)
            {
                return;
            }
            for (int i = 0; i < batchCount; i++)
            {
                if (!gemmOperands(name + " batch " + i, transa, transb, m, n, k, as[i], lda, bs[i], ldb, cs[i], ldc,
                    precision.bytes(), result))
                {
                    return;
                }
            }
        }
        check(precision == Precision.SINGLE ?
            cublasSgemmBatched(h.cublas, transa, transb, m, n, k, floats(h, alpha, first), pointerArray(aArray), lda,
                pointerArray(bArray), ldb, floats(h, beta, second), pointerArray(cArray), ldc, batchCount) :
            cublasDgemmBatched(h.cublas, transa, transb, m, n, k, doubles(h, alpha, first), pointerArray(aArray), lda,
                pointerArray(bArray), ldb, doubles(h, beta, second), pointerArray(cArray), ldc, batchCount),
            name, result);
    }

    public void gemmStridedBatched(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long a, final int lda, final long strideA, final long b,
        final int ldb, final long strideB, final long beta, final long c, final int ldc, final long strideC,
        final int batchCount, final CallResult result)
    {
        final String name = routine(precision, "gemmStridedBatched");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalars(h, name, precision, alpha, beta, result))
        {
            return;
        }
        for (int i = 0; i < batchCount; i++)
        {
            final long bytes = precision.bytes();
            if (!gemmOperands(name + " batch " + i, transa, transb, m, n, k, a + i * strideA * bytes, lda,
                b + i * strideB * bytes, ldb, c + i * strideC * bytes, ldc, precision.bytes(), result))
            {
                return;
            }
        }
        check(precision == Precision.SINGLE ?
            cublasSgemmStridedBatched(h.cublas, transa, transb, m, n, k, floats(h, alpha, first), floats(a), lda,
                strideA, floats(b), ldb, strideB, floats(h, beta, second), floats(c), ldc, strideC, batchCount) :
            cublasDgemmStridedBatched(h.cublas, transa, transb, m, n, k, doubles(h, alpha, first), doubles(a), lda,
                strideA, doubles(b), ldb, strideB, doubles(h, beta, second), doubles(c), ldc, strideC, batchCount),
            name, result);
    }

    public void getrfBatched(
        final BackendBlasHandle handle, final Precision precision, final int n, final long aArray, final int lda,
        final long pivots, final long info, final int batchSize, final CallResult result)
    {
        final String name = routine(precision, "getrfBatched");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!batchMatrices(name, "Aarray", aArray, n, lda, precision, batchSize,
            result) || !ints(name, "infoArray", info, batchSize, result) ||
            pivots != 0 && !ints(name, "PivotArray", pivots, (long)n * batchSize, result)))
        {
            return;
        }
        final IntPointer pivotPointer = pivots == 0 ? null : new IntPointer(new DeviceAddress(pivots));
        check(precision == Precision.SINGLE ?
            cublasSgetrfBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                new IntPointer(new DeviceAddress(info)), batchSize) :
            cublasDgetrfBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                new IntPointer(new DeviceAddress(info)), batchSize), name, result);
    }

    public void getriBatched(
        final BackendBlasHandle handle, final Precision precision, final int n, final long aArray, final int lda,
        final long pivots, final long cArray, final int ldc, final long info, final int batchSize,
        final CallResult result)
    {
        final String name = routine(precision, "getriBatched");
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!batchMatrices(name, "Aarray", aArray, n, lda, precision, batchSize,
            result) || !batchMatrices(name, "Carray", cArray, n, ldc, precision, batchSize, result) ||
            !ints(name, "infoArray", info, batchSize, result) ||
            pivots != 0 && !ints(name, "PivotArray", pivots, (long)n * batchSize, result)))
        {
            return;
        }
        final IntPointer pivotPointer = pivots == 0 ? null : new IntPointer(new DeviceAddress(pivots));
        check(precision == Precision.SINGLE ?
            cublasSgetriBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer, pointerArray(cArray), ldc,
                new IntPointer(new DeviceAddress(info)), batchSize) :
            cublasDgetriBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer, pointerArray(cArray), ldc,
                new IntPointer(new DeviceAddress(info)), batchSize), name, result);
    }

    public void gemmEx(
        final BackendBlasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final long alpha, final long a, final int aType, final int lda, final long b, final int bType, final int ldb,
        final long beta, final long c, final int cType, final int ldc, final int computeType, final int algo,
        final CallResult result)
    {
        final String name = "cublasGemmEx";
        final GpuBlasHandle h = enter(handle, name, result);
        final int aBytes = dataTypeBytes(aType);
        final int bBytes = dataTypeBytes(bType);
        final int cBytes = dataTypeBytes(cType);
        if (h == null)
        {
            return;
        }
        if (aBytes == 0 || bBytes == 0 || cBytes == 0)
        {
            result.fail(CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED"),
                name + ": gpurelay relays real 16-, 32- and 64-bit floating point and 8-bit integer data types; " +
                "types " + aType + ", " + bType + ", " + cType + " include another");
            return;
        }
        final int scalarBytes = computeTypeScalarBytes(computeType);
        if (h.deviceMode && (!target(h, name, scalarBytes, alpha, result) || !target(h, name, scalarBytes, beta,
            result)))
        {
            return;
        }
        if (!matrix(name, "A", a, transa == OP_N ? m : k, transa == OP_N ? k : m, lda, aBytes, EXECUTION_FAILED,
            result) ||
            !matrix(name, "B", b, transb == OP_N ? k : n, transb == OP_N ? n : k, ldb, bBytes, EXECUTION_FAILED,
                result) ||
            !matrix(name, "C", c, m, n, ldc, cBytes, EXECUTION_FAILED, result))
        {
            return;
        }
        check(cublasGemmEx(h.cublas, transa, transb, m, n, k, scalarPointer(h, alpha, first), new DeviceAddress(a),
            aType, lda, new DeviceAddress(b), bType, ldb, scalarPointer(h, beta, second), new DeviceAddress(c), cType,
            ldc, computeType, algo), name, result);
    }

    /**
     * Bytes per element of the real {@code cudaDataType_t}s: 16F, 16BF, 32F, 64F, 8I, 32I; 0 for the others.
     */
    private static int dataTypeBytes(final int dataType)
    {
        return switch (dataType)
        {
            case 0 -> Float.BYTES;
            case 1 -> Double.BYTES;
            case 2, 14 -> Short.BYTES;
            case 3 -> Byte.BYTES;
            case 10 -> Integer.BYTES;
            default -> 0;
        };
    }

    private static int computeTypeScalarBytes(final int computeType)
    {
        return switch (computeType)
        {
            case 70, 71, 79 -> Double.BYTES;
            case 64, 65 -> Short.BYTES;
            default -> Float.BYTES;
        };
    }

    private boolean gemmOperands(
        final String name, final int transa, final int transb, final int m, final int n, final int k, final long a,
        final int lda, final long b, final int ldb, final long c, final int ldc, final int bytes,
        final CallResult result)
    {
        return matrix(name, "A", a, transa == OP_N ? m : k, transa == OP_N ? k : m, lda, bytes, EXECUTION_FAILED,
            result) &&
            matrix(name, "B", b, transb == OP_N ? k : n, transb == OP_N ? n : k, ldb, bytes, EXECUTION_FAILED,
                result) &&
            matrix(name, "C", c, m, n, ldc, bytes, EXECUTION_FAILED, result);
    }

    private boolean batchMatrices(
        final String name, final String what, final long array, final int n, final int ld, final Precision precision,
        final int batchSize, final CallResult result)
    {
        final long[] matrices = pointers(name, what, array, batchSize, result);
        if (matrices == null)
        {
            return false;
        }
        for (int i = 0; i < batchSize; i++)
        {
            if (!matrix(name, what + "[" + i + "]", matrices[i], n, n, ld, precision.bytes(), EXECUTION_FAILED,
                result))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * The device pointers of a batched routine's pointer array, read from the device.
     */
    private long[] pointers(
        final String name, final String what, final long array, final int count, final CallResult result)
    {
        if (!within(name, what, array, (long)count * Long.BYTES, result))
        {
            return null;
        }
        try (LongPointer host = new LongPointer(count))
        {
            if (!checkDriver(cuMemcpyDtoH(host, array, (long)count * Long.BYTES), name + ": reading " + what, result))
            {
                return null;
            }
            final long[] values = new long[count];
            host.get(values);
            return values;
        }
    }

    private boolean ints(final String name, final String what, final long address, final long count,
        final CallResult result)
    {
        return within(name, what, address, count * Integer.BYTES, result);
    }

    private boolean vector(
        final String name, final String what, final long address, final int n, final int increment,
        final Precision precision, final CallResult result)
    {
        if (n <= 0)
        {
            return true;
        }
        final long stride = Math.max(1, Math.abs((long)increment));
        return within(name, what, address, ((n - 1) * stride + 1) * precision.bytes(), result);
    }

    private boolean matrix(
        final String name, final String what, final long address, final int rows, final int cols, final int ld,
        final int bytes, final CudaError outside, final CallResult result)
    {
        if (rows < 0 || cols < 0)
        {
            return true;
        }
        if (ld < Math.max(1, rows))
        {
            result.fail(INVALID_VALUE, name + ": the leading dimension of " + what + " (" + ld + ") is less than " +
                "its " + rows + " rows");
            return false;
        }
        if (rows == 0 || cols == 0)
        {
            return true;
        }
        final long span = ((long)(cols - 1) * ld + rows) * bytes;
        if (ranges.holding(address, span) == null)
        {
            result.fail(outside, name + ": " + what + " [0x" + Long.toHexString(address) + ", +" + span +
                " bytes) is not inside a live allocation of this session");
            return false;
        }
        return true;
    }

    private boolean within(
        final String name, final String what, final long address, final long length, final CallResult result)
    {
        if (length > 0 && ranges.holding(address, length) == null)
        {
            result.fail(EXECUTION_FAILED, name + ": " + what + " [0x" + Long.toHexString(address) + ", +" + length +
                " bytes) is not inside a live allocation of this session");
            return false;
        }
        return true;
    }

    private boolean scalar(
        final GpuBlasHandle handle, final String name, final String what, final Precision precision,
        final long value, final CallResult result)
    {
        return !handle.deviceMode || within(name, what, value, precision.bytes(), result);
    }

    private boolean scalars(
        final GpuBlasHandle handle, final String name, final Precision precision, final long alpha, final long beta,
        final CallResult result)
    {
        return scalar(handle, name, "alpha", precision, alpha, result) &&
            scalar(handle, name, "beta", precision, beta, result);
    }

    private boolean target(
        final GpuBlasHandle handle, final String name, final int bytes, final long address, final CallResult result)
    {
        return !handle.deviceMode || within(name, "result", address, bytes, result);
    }

    private void finishReduction(
        final GpuBlasHandle handle, final Precision precision, final int status, final String name,
        final CallResult result)
    {
        if (check(status, name, result) && !handle.deviceMode)
        {
            result.value(precision == Precision.SINGLE ? reduction.get() & 0xFFFF_FFFFL : reduction.get());
        }
    }

    /**
     * The handle in its context, current. A workspace the session has freed since {@code cublasSetWorkspace} is given
     * back to cuBLAS first (its own workspace again), so that no routine writes into memory the session no longer
     * owns, which another session of the worker may have been given.
     */
    private GpuBlasHandle enter(final BackendBlasHandle handle, final String name, final CallResult result)
    {
        final GpuBlasHandle gpuHandle = (GpuBlasHandle)handle;
        if (!makeCurrent(gpuHandle.context, name, result))
        {
            return null;
        }
        if (gpuHandle.workspace != 0 && ranges.holding(gpuHandle.workspace, gpuHandle.workspaceBytes) == null)
        {
            if (!check(cublasSetWorkspace_v2(gpuHandle.cublas, null, 0), name + ": dropping the freed workspace",
                result))
            {
                return null;
            }
            gpuHandle.workspace = 0;
            gpuHandle.workspaceBytes = 0;
        }
        return gpuHandle;
    }

    private static boolean makeCurrent(final GpuContext context, final String name, final CallResult result)
    {
        return checkDriver(cuCtxSetCurrent(context.handle()), name + ": making the context current", result);
    }

    private static boolean checkDriver(final int status, final String what, final CallResult result)
    {
        if (status == CUDA_SUCCESS)
        {
            return true;
        }
        result.fail(CudaErrorMapping.cudaError(status), what + ": " + GpuRuntime.errorName(status));
        return false;
    }

    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == CUBLAS_STATUS_SUCCESS)
        {
            return true;
        }
        final String statusName = cublasGetStatusName(status).getString();
        result.fail(CudaError.library(Api.CUBLAS, status, statusName), what + ": " + statusName + " (" +
            cublasGetStatusString(status).getString() + ")");
        return false;
    }

    private static String routine(final Precision precision, final String family)
    {
        return "cublas" + (precision == Precision.SINGLE ? "S" : "D") + family;
    }

    private static FloatPointer floats(final long address)
    {
        return new FloatPointer(new DeviceAddress(address));
    }

    private static DoublePointer doubles(final long address)
    {
        return new DoublePointer(new DeviceAddress(address));
    }

    private static PointerPointer<Pointer> pointerArray(final long address)
    {
        return new PointerPointer<>(new DeviceAddress(address));
    }

    /**
     * A scalar as cuBLAS reads it: the device address in device mode, else host memory holding its raw bits (the
     * low bytes of the little-endian 64-bit slot are the float's, half's or int's).
     */
    private static Pointer scalarPointer(final GpuBlasHandle handle, final long value, final LongPointer slot)
    {
        if (handle.deviceMode)
        {
            return new DeviceAddress(value);
        }
        slot.put(0, value);
        return slot;
    }

    private static FloatPointer floats(final GpuBlasHandle handle, final long value, final LongPointer slot)
    {
        return new FloatPointer(scalarPointer(handle, value, slot));
    }

    private static DoublePointer doubles(final GpuBlasHandle handle, final long value, final LongPointer slot)
    {
        return new DoublePointer(scalarPointer(handle, value, slot));
    }

    // Routines of any element type: the typed families.

    public void axpyX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long alphaRe,
        final long alphaIm, final long x, final int incx, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCaxpy_v2(h.cublas, n, new float2(scalarPointer(h, type, alphaRe, alphaIm, firstX)),
                float2s(x), incx, float2s(y), incy);
            case Z -> cublasZaxpy_v2(h.cublas, n, new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)),
                double2s(x), incx, double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void copyX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long x,
        final int incx, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !vectorX(name, "x", x, n, incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCcopy_v2(h.cublas, n, float2s(x), incx, float2s(y), incy);
            case Z -> cublasZcopy_v2(h.cublas, n, double2s(x), incx, double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void scalX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean realAlpha, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", realAlpha ? type.realBytes() : type.bytes(), alphaRe,
            result) || !vectorX(name, "x", x, n, incx, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> realAlpha ? cublasCsscal_v2(h.cublas, n, new FloatPointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), float2s(x), incx) : cublasCscal_v2(h.cublas, n, new float2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), float2s(x), incx);
            case Z -> realAlpha ? cublasZdscal_v2(h.cublas, n, new DoublePointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), double2s(x), incx) : cublasZscal_v2(h.cublas, n, new double2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), double2s(x), incx);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void swapX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long x,
        final int incx, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !vectorX(name, "x", x, n, incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCswap_v2(h.cublas, n, float2s(x), incx, float2s(y), incy);
            case Z -> cublasZswap_v2(h.cublas, n, double2s(x), incx, double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void dotX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean conjugate, final int n,
        final long x, final int incx, final long y, final int incy, final long target, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, type.bytes(), target, result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result))
        {
            return;
        }
        reductionX.put(0, 0L).put(1, 0L);
        final int status = switch (type)
        {
            case C -> conjugate ? cublasCdotc_v2(h.cublas, n, float2s(x), incx, float2s(y), incy,
                new float2(resultPointer(h, target))) : cublasCdotu_v2(h.cublas, n, float2s(x), incx, float2s(y),
                incy, new float2(resultPointer(h, target)));
            case Z -> conjugate ? cublasZdotc_v2(h.cublas, n, double2s(x), incx, double2s(y), incy,
                new double2(resultPointer(h, target))) : cublasZdotu_v2(h.cublas, n, double2s(x), incx, double2s(y),
                incy, new double2(resultPointer(h, target)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        if (check(status, name, result) && !h.deviceMode)
        {
            complexResult(type, result);
        }
    }

    public void iamaxX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean minimum, final int n,
        final long x, final int incx, final long target, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, Integer.BYTES, target, result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result))
        {
            return;
        }
        reductionX.put(0, 0L).put(1, 0L);
        final int status = switch (type)
        {
            case C -> minimum ? cublasIcamin_v2(h.cublas, n, float2s(x), incx, new IntPointer(resultPointer(h,
                target))) : cublasIcamax_v2(h.cublas, n, float2s(x), incx, new IntPointer(resultPointer(h, target)));
            case Z -> minimum ? cublasIzamin_v2(h.cublas, n, double2s(x), incx, new IntPointer(resultPointer(h,
                target))) : cublasIzamax_v2(h.cublas, n, double2s(x), incx, new IntPointer(resultPointer(h, target)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        if (check(status, name, result) && !h.deviceMode)
        {
            result.value(reductionX.get(0) & 0xFFFF_FFFFL);
        }
    }

    public void asumX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long x,
        final int incx, final long target, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, type.realBytes(), target, result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result))
        {
            return;
        }
        reductionX.put(0, 0L).put(1, 0L);
        final int status = switch (type)
        {
            case C -> cublasScasum_v2(h.cublas, n, float2s(x), incx, new FloatPointer(resultPointer(h, target)));
            case Z -> cublasDzasum_v2(h.cublas, n, double2s(x), incx, new DoublePointer(resultPointer(h, target)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        if (check(status, name, result) && !h.deviceMode)
        {
            result.value(type.realBytes() == Float.BYTES ? reductionX.get(0) & 0xFFFF_FFFFL : reductionX.get(0));
        }
    }

    public void nrm2X(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long x,
        final int incx, final long target, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !target(h, name, type.realBytes(), target, result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result))
        {
            return;
        }
        reductionX.put(0, 0L).put(1, 0L);
        final int status = switch (type)
        {
            case C -> cublasScnrm2_v2(h.cublas, n, float2s(x), incx, new FloatPointer(resultPointer(h, target)));
            case Z -> cublasDznrm2_v2(h.cublas, n, double2s(x), incx, new DoublePointer(resultPointer(h, target)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        if (check(status, name, result) && !h.deviceMode)
        {
            result.value(type.realBytes() == Float.BYTES ? reductionX.get(0) & 0xFFFF_FFFFL : reductionX.get(0));
        }
    }

    public void rotX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean realSine, final int n,
        final long x, final int incx, final long y, final int incy, final long cRe, final long cIm, final long sRe,
        final long sIm, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "c", type.realBytes(), cRe, result) || !scalarX(h, name, "s",
            realSine ? type.realBytes() : type.bytes(), sRe, result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> realSine ? cublasCsrot_v2(h.cublas, n, float2s(x), incx, float2s(y), incy,
                new FloatPointer(scalarPointer(h, type, cRe, 0, firstX)), new FloatPointer(scalarPointer(h, type,
                sRe, 0, secondX))) : cublasCrot_v2(h.cublas, n, float2s(x), incx, float2s(y), incy,
                new FloatPointer(scalarPointer(h, type, cRe, 0, firstX)), new float2(scalarPointer(h, type, sRe,
                sIm, secondX)));
            case Z -> realSine ? cublasZdrot_v2(h.cublas, n, double2s(x), incx, double2s(y), incy,
                new DoublePointer(scalarPointer(h, type, cRe, 0, firstX)), new DoublePointer(scalarPointer(h, type,
                sRe, 0, secondX))) : cublasZrot_v2(h.cublas, n, double2s(x), incx, double2s(y), incy,
                new DoublePointer(scalarPointer(h, type, cRe, 0, firstX)), new double2(scalarPointer(h, type, sRe,
                sIm, secondX)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void rotm(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long x,
        final int incx, final long y, final int incy, final long[] param, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !(!h.deviceMode || within(name, "param", param[0], 5L * type.bytes(),
            result)) || !vectorX(name, "x", x, n, incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSrotm_v2(h.cublas, n, floats(x), incx, floats(y), incy,
                new FloatPointer(rotmParameters(h, type, param)));
            case D -> cublasDrotm_v2(h.cublas, n, doubles(x), incx, doubles(y), incy,
                new DoublePointer(rotmParameters(h, type, param)));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gemvX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int m,
        final int n, final long alphaRe, final long alphaIm, final long a, final int lda, final long x,
        final int incx, final long betaRe, final long betaIm, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !matrix(name, "A", a, m, n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !vectorX(name, "x", x, trans == OP_N ? n : m, incx, type.bytes(), result) || !vectorX(name,
            "y", y, trans == OP_N ? m : n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCgemv_v2(h.cublas, trans, m, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(a), lda, float2s(x), incx, new float2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), float2s(y), incy);
            case Z -> cublasZgemv_v2(h.cublas, trans, m, n, new double2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), double2s(a), lda, double2s(x), incx, new double2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gbmv(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int m,
        final int n, final int kl, final int ku, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long x, final int incx, final long betaRe, final long betaIm, final long y, final int incy,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !bands(name, kl, ku, result) || !scalarX(h, name, "alpha", type.bytes(), alphaRe,
            result) || !scalarX(h, name, "beta", type.bytes(), betaRe, result) || !matrix(name, "A", a, kl + ku + 1,
            n, lda, type.bytes(), EXECUTION_FAILED, result) || !vectorX(name, "x", x, trans == OP_N ? n : m, incx,
            type.bytes(), result) || !vectorX(name, "y", y, trans == OP_N ? m : n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSgbmv_v2(h.cublas, trans, m, n, kl, ku, new FloatPointer(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), floats(a), lda, floats(x), incx, new FloatPointer(scalarPointer(h, type, betaRe,
                betaIm, secondX)), floats(y), incy);
            case D -> cublasDgbmv_v2(h.cublas, trans, m, n, kl, ku, new DoublePointer(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), doubles(a), lda, doubles(x), incx, new DoublePointer(scalarPointer(h,
                type, betaRe, betaIm, secondX)), doubles(y), incy);
            case C -> cublasCgbmv_v2(h.cublas, trans, m, n, kl, ku, new float2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), float2s(a), lda, float2s(x), incx, new float2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), float2s(y), incy);
            case Z -> cublasZgbmv_v2(h.cublas, trans, m, n, kl, ku, new double2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), double2s(a), lda, double2s(x), incx, new double2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void symvX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean hermitian,
        final int uplo, final int n, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long x, final int incx, final long betaRe, final long betaIm, final long y, final int incy,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !matrix(name, "A", a, n, n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !vectorX(name, "x", x, n, incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> hermitian ? cublasChemv_v2(h.cublas, uplo, n, new float2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), float2s(a), lda, float2s(x), incx, new float2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), float2s(y), incy) : cublasCsymv_v2(h.cublas, uplo, n, new float2(scalarPointer(h,
                type, alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(x), incx, new float2(scalarPointer(h,
                type, betaRe, betaIm, secondX)), float2s(y), incy);
            case Z -> hermitian ? cublasZhemv_v2(h.cublas, uplo, n, new double2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), double2s(a), lda, double2s(x), incx, new double2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), double2s(y), incy) : cublasZsymv_v2(h.cublas, uplo, n,
                new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(x), incx,
                new double2(scalarPointer(h, type, betaRe, betaIm, secondX)), double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void sbmv(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final int k, final long alphaRe, final long alphaIm, final long a, final int lda, final long x,
        final int incx, final long betaRe, final long betaIm, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !bands(name, k, 0, result) || !scalarX(h, name, "alpha", type.bytes(), alphaRe,
            result) || !scalarX(h, name, "beta", type.bytes(), betaRe, result) || !matrix(name, "A", a, k + 1, n,
            lda, type.bytes(), EXECUTION_FAILED, result) || !vectorX(name, "x", x, n, incx, type.bytes(),
            result) || !vectorX(name, "y", y, n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSsbmv_v2(h.cublas, uplo, n, k, new FloatPointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), floats(a), lda, floats(x), incx, new FloatPointer(scalarPointer(h, type, betaRe, betaIm,
                secondX)), floats(y), incy);
            case D -> cublasDsbmv_v2(h.cublas, uplo, n, k, new DoublePointer(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), doubles(a), lda, doubles(x), incx, new DoublePointer(scalarPointer(h, type,
                betaRe, betaIm, secondX)), doubles(y), incy);
            case C -> cublasChbmv_v2(h.cublas, uplo, n, k, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(a), lda, float2s(x), incx, new float2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), float2s(y), incy);
            case Z -> cublasZhbmv_v2(h.cublas, uplo, n, k, new double2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), double2s(a), lda, double2s(x), incx, new double2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void spmv(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final long alphaRe, final long alphaIm, final long ap, final long x, final int incx, final long betaRe,
        final long betaIm, final long y, final int incy, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !packed(name, "AP", ap, n, type.bytes(), result) || !vectorX(name, "x",
            x, n, incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSspmv_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), floats(ap), floats(x), incx, new FloatPointer(scalarPointer(h, type, betaRe, betaIm,
                secondX)), floats(y), incy);
            case D -> cublasDspmv_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), doubles(ap), doubles(x), incx, new DoublePointer(scalarPointer(h, type, betaRe, betaIm,
                secondX)), doubles(y), incy);
            case C -> cublasChpmv_v2(h.cublas, uplo, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(ap), float2s(x), incx, new float2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), float2s(y), incy);
            case Z -> cublasZhpmv_v2(h.cublas, uplo, n, new double2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), double2s(ap), double2s(x), incx, new double2(scalarPointer(h, type, betaRe, betaIm,
                secondX)), double2s(y), incy);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void triangularVectorX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean solve, final int uplo,
        final int trans, final int diag, final int n, final long a, final int lda, final long x, final int incx,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !matrix(name, "A", a, n, n, lda, type.bytes(), EXECUTION_FAILED, result) || !vectorX(name,
            "x", x, n, incx, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> solve ? cublasCtrsv_v2(h.cublas, uplo, trans, diag, n, float2s(a), lda, float2s(x),
                incx) : cublasCtrmv_v2(h.cublas, uplo, trans, diag, n, float2s(a), lda, float2s(x), incx);
            case Z -> solve ? cublasZtrsv_v2(h.cublas, uplo, trans, diag, n, double2s(a), lda, double2s(x),
                incx) : cublasZtrmv_v2(h.cublas, uplo, trans, diag, n, double2s(a), lda, double2s(x), incx);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void bandedTriangularVector(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean solve, final int uplo,
        final int trans, final int diag, final int n, final int k, final long a, final int lda, final long x,
        final int incx, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !bands(name, k, 0, result) || !matrix(name, "A", a, k + 1, n, lda, type.bytes(),
            EXECUTION_FAILED, result) || !vectorX(name, "x", x, n, incx, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> solve ? cublasStbsv_v2(h.cublas, uplo, trans, diag, n, k, floats(a), lda, floats(x),
                incx) : cublasStbmv_v2(h.cublas, uplo, trans, diag, n, k, floats(a), lda, floats(x), incx);
            case D -> solve ? cublasDtbsv_v2(h.cublas, uplo, trans, diag, n, k, doubles(a), lda, doubles(x),
                incx) : cublasDtbmv_v2(h.cublas, uplo, trans, diag, n, k, doubles(a), lda, doubles(x), incx);
            case C -> solve ? cublasCtbsv_v2(h.cublas, uplo, trans, diag, n, k, float2s(a), lda, float2s(x),
                incx) : cublasCtbmv_v2(h.cublas, uplo, trans, diag, n, k, float2s(a), lda, float2s(x), incx);
            case Z -> solve ? cublasZtbsv_v2(h.cublas, uplo, trans, diag, n, k, double2s(a), lda, double2s(x),
                incx) : cublasZtbmv_v2(h.cublas, uplo, trans, diag, n, k, double2s(a), lda, double2s(x), incx);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void packedTriangularVector(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean solve, final int uplo,
        final int trans, final int diag, final int n, final long ap, final long x, final int incx,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !packed(name, "AP", ap, n, type.bytes(), result) || !vectorX(name, "x", x, n, incx,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> solve ? cublasStpsv_v2(h.cublas, uplo, trans, diag, n, floats(ap), floats(x),
                incx) : cublasStpmv_v2(h.cublas, uplo, trans, diag, n, floats(ap), floats(x), incx);
            case D -> solve ? cublasDtpsv_v2(h.cublas, uplo, trans, diag, n, doubles(ap), doubles(x),
                incx) : cublasDtpmv_v2(h.cublas, uplo, trans, diag, n, doubles(ap), doubles(x), incx);
            case C -> solve ? cublasCtpsv_v2(h.cublas, uplo, trans, diag, n, float2s(ap), float2s(x),
                incx) : cublasCtpmv_v2(h.cublas, uplo, trans, diag, n, float2s(ap), float2s(x), incx);
            case Z -> solve ? cublasZtpsv_v2(h.cublas, uplo, trans, diag, n, double2s(ap), double2s(x),
                incx) : cublasZtpmv_v2(h.cublas, uplo, trans, diag, n, double2s(ap), double2s(x), incx);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gerX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean conjugate, final int m,
        final int n, final long alphaRe, final long alphaIm, final long x, final int incx, final long y,
        final int incy, final long a, final int lda, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !vectorX(name, "x", x, m,
            incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result) || !matrix(name,
            "A", a, m, n, lda, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> conjugate ? cublasCgerc_v2(h.cublas, m, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(x), incx, float2s(y), incy, float2s(a), lda) : cublasCgeru_v2(h.cublas, m, n,
                new float2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), float2s(x), incx, float2s(y), incy,
                float2s(a), lda);
            case Z -> conjugate ? cublasZgerc_v2(h.cublas, m, n, new double2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), double2s(x), incx, double2s(y), incy, double2s(a),
                lda) : cublasZgeru_v2(h.cublas, m, n, new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)),
                double2s(x), incx, double2s(y), incy, double2s(a), lda);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void syr(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final long a, final int lda,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.realBytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || !matrix(name, "A", a, n, n, lda, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSsyr_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, 0, firstX)),
                floats(x), incx, floats(a), lda);
            case D -> cublasDsyr_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), doubles(x), incx, doubles(a), lda);
            case C -> cublasCher_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, 0, firstX)),
                float2s(x), incx, float2s(a), lda);
            case Z -> cublasZher_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), double2s(x), incx, double2s(a), lda);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void spr(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final long ap, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.realBytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || !packed(name, "AP", ap, n, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSspr_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, 0, firstX)),
                floats(x), incx, floats(ap));
            case D -> cublasDspr_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), doubles(x), incx, doubles(ap));
            case C -> cublasChpr_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, 0, firstX)),
                float2s(x), incx, float2s(ap));
            case Z -> cublasZhpr_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, 0,
                firstX)), double2s(x), incx, double2s(ap));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void syr2(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final long y, final int incy,
        final long a, final int lda, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result) || !matrix(name,
            "A", a, n, n, lda, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSsyr2_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), floats(x), incx, floats(y), incy, floats(a), lda);
            case D -> cublasDsyr2_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), doubles(x), incx, doubles(y), incy, doubles(a), lda);
            case C -> cublasCher2_v2(h.cublas, uplo, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(x), incx, float2s(y), incy, float2s(a), lda);
            case Z -> cublasZher2_v2(h.cublas, uplo, n, new double2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), double2s(x), incx, double2s(y), incy, double2s(a), lda);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void spr2(
        final BackendBlasHandle handle, final BlasType type, final String name, final int uplo, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final long y, final int incy,
        final long ap, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || !vectorX(name, "y", y, n, incy, type.bytes(), result) || !packed(name,
            "AP", ap, n, type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSspr2_v2(h.cublas, uplo, n, new FloatPointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), floats(x), incx, floats(y), incy, floats(ap));
            case D -> cublasDspr2_v2(h.cublas, uplo, n, new DoublePointer(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), doubles(x), incx, doubles(y), incy, doubles(ap));
            case C -> cublasChpr2_v2(h.cublas, uplo, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(x), incx, float2s(y), incy, float2s(ap));
            case Z -> cublasZhpr2_v2(h.cublas, uplo, n, new double2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), double2s(x), incx, double2s(y), incy, double2s(ap));
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gemmX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int transa, final int transb,
        final int m, final int n, final int k, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long b, final int ldb, final long betaRe, final long betaIm, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !gemmOperands(name, transa, transb, m, n, k, a, lda, b, ldb, c, ldc,
            type.bytes(), result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCgemm_v2(h.cublas, transa, transb, m, n, k, new float2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), float2s(a), lda, float2s(b), ldb, new float2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), float2s(c), ldc);
            case Z -> cublasZgemm_v2(h.cublas, transa, transb, m, n, k, new double2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), double2s(a), lda, double2s(b), ldb, new double2(scalarPointer(h, type, betaRe,
                betaIm, secondX)), double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void symmX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean hermitian,
        final int side, final int uplo, final int m, final int n, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long b, final int ldb, final long betaRe, final long betaIm, final long c,
        final int ldc, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !matrix(name, "A", a, side == SIDE_LEFT ? m : n,
            side == SIDE_LEFT ? m : n, lda, type.bytes(), EXECUTION_FAILED, result) || !matrix(name, "B", b, m, n,
            ldb, type.bytes(), EXECUTION_FAILED, result) || !matrix(name, "C", c, m, n, ldc, type.bytes(),
            EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> hermitian ? cublasChemm_v2(h.cublas, side, uplo, m, n, new float2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb, new float2(scalarPointer(h, type,
                betaRe, betaIm, secondX)), float2s(c), ldc) : cublasCsymm_v2(h.cublas, side, uplo, m, n,
                new float2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb,
                new float2(scalarPointer(h, type, betaRe, betaIm, secondX)), float2s(c), ldc);
            case Z -> hermitian ? cublasZhemm_v2(h.cublas, side, uplo, m, n, new double2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb, new double2(scalarPointer(h, type,
                betaRe, betaIm, secondX)), double2s(c), ldc) : cublasZsymm_v2(h.cublas, side, uplo, m, n,
                new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb,
                new double2(scalarPointer(h, type, betaRe, betaIm, secondX)), double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void syrkX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean hermitian,
        final int uplo, final int trans, final int n, final int k, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long betaRe, final long betaIm, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", hermitian ? type.realBytes() : type.bytes(), alphaRe,
            result) || !scalarX(h, name, "beta", hermitian ? type.realBytes() : type.bytes(), betaRe,
            result) || !matrix(name, "A", a, trans == OP_N ? n : k, trans == OP_N ? k : n, lda, type.bytes(),
            EXECUTION_FAILED, result) || !matrix(name, "C", c, n, n, ldc, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> hermitian ? cublasCherk_v2(h.cublas, uplo, trans, n, k, new FloatPointer(scalarPointer(h,
                type, alphaRe, 0, firstX)), float2s(a), lda, new FloatPointer(scalarPointer(h, type, betaRe, 0,
                secondX)), float2s(c), ldc) : cublasCsyrk_v2(h.cublas, uplo, trans, n, k,
                new float2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), float2s(a), lda,
                new float2(scalarPointer(h, type, betaRe, betaIm, secondX)), float2s(c), ldc);
            case Z -> hermitian ? cublasZherk_v2(h.cublas, uplo, trans, n, k, new DoublePointer(scalarPointer(h,
                type, alphaRe, 0, firstX)), double2s(a), lda, new DoublePointer(scalarPointer(h, type, betaRe, 0,
                secondX)), double2s(c), ldc) : cublasZsyrk_v2(h.cublas, uplo, trans, n, k,
                new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), double2s(a), lda,
                new double2(scalarPointer(h, type, betaRe, betaIm, secondX)), double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void syr2k(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean hermitian,
        final int uplo, final int trans, final int n, final int k, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long b, final int ldb, final long betaRe, final long betaIm, final long c,
        final int ldc, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            hermitian ? type.realBytes() : type.bytes(), betaRe, result) || !matrix(name, "A", a,
            trans == OP_N ? n : k, trans == OP_N ? k : n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !matrix(name, "B", b, trans == OP_N ? n : k, trans == OP_N ? k : n, ldb, type.bytes(),
            EXECUTION_FAILED, result) || !matrix(name, "C", c, n, n, ldc, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSsyr2k_v2(h.cublas, uplo, trans, n, k, new FloatPointer(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), floats(a), lda, floats(b), ldb, new FloatPointer(scalarPointer(h, type, betaRe,
                betaIm, secondX)), floats(c), ldc);
            case D -> cublasDsyr2k_v2(h.cublas, uplo, trans, n, k, new DoublePointer(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), doubles(a), lda, doubles(b), ldb, new DoublePointer(scalarPointer(h, type,
                betaRe, betaIm, secondX)), doubles(c), ldc);
            case C -> hermitian ? cublasCher2k_v2(h.cublas, uplo, trans, n, k, new float2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb, new FloatPointer(scalarPointer(h,
                type, betaRe, 0, secondX)), float2s(c), ldc) : cublasCsyr2k_v2(h.cublas, uplo, trans, n, k,
                new float2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb,
                new float2(scalarPointer(h, type, betaRe, betaIm, secondX)), float2s(c), ldc);
            case Z -> hermitian ? cublasZher2k_v2(h.cublas, uplo, trans, n, k, new double2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb, new DoublePointer(scalarPointer(h,
                type, betaRe, 0, secondX)), double2s(c), ldc) : cublasZsyr2k_v2(h.cublas, uplo, trans, n, k,
                new double2(scalarPointer(h, type, alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb,
                new double2(scalarPointer(h, type, betaRe, betaIm, secondX)), double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void trmmX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int side, final int uplo,
        final int trans, final int diag, final int m, final int n, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long b, final int ldb, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !matrix(name, "A", a,
            side == SIDE_LEFT ? m : n, side == SIDE_LEFT ? m : n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !matrix(name, "B", b, m, n, ldb, type.bytes(), EXECUTION_FAILED, result) || !matrix(name,
            "C", c, m, n, ldc, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCtrmm_v2(h.cublas, side, uplo, trans, diag, m, n, new float2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb, float2s(c), ldc);
            case Z -> cublasZtrmm_v2(h.cublas, side, uplo, trans, diag, m, n, new double2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb, double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void trsmX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int side, final int uplo,
        final int trans, final int diag, final int m, final int n, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long b, final int ldb, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !matrix(name, "A", a,
            side == SIDE_LEFT ? m : n, side == SIDE_LEFT ? m : n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !matrix(name, "B", b, m, n, ldb, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCtrsm_v2(h.cublas, side, uplo, trans, diag, m, n, new float2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), float2s(a), lda, float2s(b), ldb);
            case Z -> cublasZtrsm_v2(h.cublas, side, uplo, trans, diag, m, n, new double2(scalarPointer(h, type,
                alphaRe, alphaIm, firstX)), double2s(a), lda, double2s(b), ldb);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void geamX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int transa, final int transb,
        final int m, final int n, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long betaRe, final long betaIm, final long b, final int ldb, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !matrix(name, "A", a, transa == OP_N ? m : n, transa == OP_N ? n : m,
            lda, type.bytes(), EXECUTION_FAILED, result) || !matrix(name, "B", b, transb == OP_N ? m : n,
            transb == OP_N ? n : m, ldb, type.bytes(), EXECUTION_FAILED, result) || !matrix(name, "C", c, m, n, ldc,
            type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case C -> cublasCgeam(h.cublas, transa, transb, m, n, new float2(scalarPointer(h, type, alphaRe, alphaIm,
                firstX)), float2s(a), lda, new float2(scalarPointer(h, type, betaRe, betaIm, secondX)), float2s(b),
                ldb, float2s(c), ldc);
            case Z -> cublasZgeam(h.cublas, transa, transb, m, n, new double2(scalarPointer(h, type, alphaRe,
                alphaIm, firstX)), double2s(a), lda, new double2(scalarPointer(h, type, betaRe, betaIm, secondX)),
                double2s(b), ldb, double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void dgmm(
        final BackendBlasHandle handle, final BlasType type, final String name, final int side, final int m,
        final int n, final long a, final int lda, final long x, final int incx, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !matrix(name, "A", a, m, n, lda, type.bytes(), EXECUTION_FAILED, result) || !vectorX(name,
            "x", x, side == SIDE_LEFT ? m : n, incx, type.bytes(), result) || !matrix(name, "C", c, m, n, ldc,
            type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSdgmm(h.cublas, side, m, n, floats(a), lda, floats(x), incx, floats(c), ldc);
            case D -> cublasDdgmm(h.cublas, side, m, n, doubles(a), lda, doubles(x), incx, doubles(c), ldc);
            case C -> cublasCdgmm(h.cublas, side, m, n, float2s(a), lda, float2s(x), incx, float2s(c), ldc);
            case Z -> cublasZdgmm(h.cublas, side, m, n, double2s(a), lda, double2s(x), incx, double2s(c), ldc);
        };
        check(status, name, result);
    }

    public void syrkx(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean hermitian,
        final int uplo, final int trans, final int n, final int k, final long alphaRe, final long alphaIm,
        final long a, final int lda, final long b, final int ldb, final long betaRe, final long betaIm, final long c,
        final int ldc, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            hermitian ? type.realBytes() : type.bytes(), betaRe, result) || !matrix(name, "A", a,
            trans == OP_N ? n : k, trans == OP_N ? k : n, lda, type.bytes(), EXECUTION_FAILED,
            result) || !matrix(name, "B", b, trans == OP_N ? n : k, trans == OP_N ? k : n, ldb, type.bytes(),
            EXECUTION_FAILED, result) || !matrix(name, "C", c, n, n, ldc, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, hermitian ? 0 : betaIm, secondX);
        final int status = switch (type)
        {
            case S -> cublasSsyrkx(h.cublas, uplo, trans, n, k, new FloatPointer(alpha), floats(a), lda, floats(b),
                ldb, new FloatPointer(beta), floats(c), ldc);
            case D -> cublasDsyrkx(h.cublas, uplo, trans, n, k, new DoublePointer(alpha), doubles(a), lda,
                doubles(b), ldb, new DoublePointer(beta), doubles(c), ldc);
            case C -> hermitian ? cublasCherkx(h.cublas, uplo, trans, n, k, new float2(alpha), float2s(a), lda,
                float2s(b), ldb, new FloatPointer(beta), float2s(c), ldc) : cublasCsyrkx(h.cublas, uplo, trans, n, k,
                new float2(alpha), float2s(a), lda, float2s(b), ldb, new float2(beta), float2s(c), ldc);
            case Z -> hermitian ? cublasZherkx(h.cublas, uplo, trans, n, k, new double2(alpha), double2s(a), lda,
                double2s(b), ldb, new DoublePointer(beta), double2s(c), ldc) : cublasZsyrkx(h.cublas, uplo, trans, n,
                k, new double2(alpha), double2s(a), lda, double2s(b), ldb, new double2(beta), double2s(c), ldc);
        };
        check(status, name, result);
    }

    public void syrComplex(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean twoVectors,
        final int uplo, final int n, final long alphaRe, final long alphaIm, final long x, final int incx,
        final long y, final int incy, final long a, final int lda, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !vectorX(name, "x", x, n,
            incx, type.bytes(), result) || twoVectors && !vectorX(name, "y", y, n, incy, type.bytes(), result) ||
            !matrix(name, "A", a, n, n, lda, type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final int status = switch (type)
        {
            case C -> twoVectors ? cublasCsyr2_v2(h.cublas, uplo, n, new float2(alpha), float2s(x), incx, float2s(y),
                incy, float2s(a), lda) : cublasCsyr_v2(h.cublas, uplo, n, new float2(alpha), float2s(x), incx,
                float2s(a), lda);
            case Z -> twoVectors ? cublasZsyr2_v2(h.cublas, uplo, n, new double2(alpha), double2s(x), incx,
                double2s(y), incy, double2s(a), lda) : cublasZsyr_v2(h.cublas, uplo, n, new double2(alpha),
                double2s(x), incx, double2s(a), lda);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gemvBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int m,
        final int n, final long alphaRe, final long alphaIm, final long aArray, final int lda, final long xArray,
        final int incx, final long betaRe, final long betaIm, final long yArray, final int incy,
        final int batchCount, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result))
        {
            return;
        }
        if (batchCount > 0)
        {
            final long[] as = pointers(name, "Aarray", aArray, batchCount, result);
            final long[] xs = as == null ? null : pointers(name, "xarray", xArray, batchCount, result);
            final long[] ys = xs == null ? null : pointers(name, "yarray", yArray, batchCount, result);
            if (ys == null)
            {
                return;
            }
            for (int i = 0; i < batchCount; i++)
            {
                if (!gemvOperands(name + " batch " + i, trans, m, n, as[i], lda, xs[i], incx, ys[i], incy,
                    type.bytes(), result))
                {
                    return;
                }
            }
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, betaIm, secondX);
        final int status = switch (type)
        {
            case S -> cublasSgemvBatched(h.cublas, trans, m, n, new FloatPointer(alpha), pointerArray(aArray), lda,
                pointerArray(xArray), incx, new FloatPointer(beta), pointerArray(yArray), incy, batchCount);
            case D -> cublasDgemvBatched(h.cublas, trans, m, n, new DoublePointer(alpha), pointerArray(aArray), lda,
                pointerArray(xArray), incx, new DoublePointer(beta), pointerArray(yArray), incy, batchCount);
            case C -> cublasCgemvBatched(h.cublas, trans, m, n, new float2(alpha), pointerArray(aArray), lda,
                pointerArray(xArray), incx, new float2(beta), pointerArray(yArray), incy, batchCount);
            case Z -> cublasZgemvBatched(h.cublas, trans, m, n, new double2(alpha), pointerArray(aArray), lda,
                pointerArray(xArray), incx, new double2(beta), pointerArray(yArray), incy, batchCount);
        };
        check(status, name, result);
    }

    public void gemvStridedBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int m,
        final int n, final long alphaRe, final long alphaIm, final long a, final int lda, final long strideA,
        final long x, final int incx, final long strideX, final long betaRe, final long betaIm, final long y,
        final int incy, final long strideY, final int batchCount, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result))
        {
            return;
        }
        final long bytes = type.bytes();
        for (int i = 0; i < batchCount; i++)
        {
            if (!gemvOperands(name + " batch " + i, trans, m, n, a + i * strideA * bytes, lda,
                x + i * strideX * bytes, incx, y + i * strideY * bytes, incy, type.bytes(), result))
            {
                return;
            }
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, betaIm, secondX);
        final int status = switch (type)
        {
            case S -> cublasSgemvStridedBatched(h.cublas, trans, m, n, new FloatPointer(alpha), floats(a), lda,
                strideA, floats(x), incx, strideX, new FloatPointer(beta), floats(y), incy, strideY, batchCount);
            case D -> cublasDgemvStridedBatched(h.cublas, trans, m, n, new DoublePointer(alpha), doubles(a), lda,
                strideA, doubles(x), incx, strideX, new DoublePointer(beta), doubles(y), incy, strideY, batchCount);
            case C -> cublasCgemvStridedBatched(h.cublas, trans, m, n, new float2(alpha), float2s(a), lda, strideA,
                float2s(x), incx, strideX, new float2(beta), float2s(y), incy, strideY, batchCount);
            case Z -> cublasZgemvStridedBatched(h.cublas, trans, m, n, new double2(alpha), double2s(a), lda,
                strideA, double2s(x), incx, strideX, new double2(beta), double2s(y), incy, strideY, batchCount);
        };
        check(status, name, result);
    }

    public void gemmBatchedX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean threeM,
        final int transa, final int transb, final int m, final int n, final int k, final long alphaRe,
        final long alphaIm, final long aArray, final int lda, final long bArray, final int ldb, final long betaRe,
        final long betaIm, final long cArray, final int ldc, final int batchCount, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result))
        {
            return;
        }
        if (batchCount > 0)
        {
            final long[] as = pointers(name, "Aarray", aArray, batchCount, result);
            final long[] bs = as == null ? null : pointers(name, "Barray", bArray, batchCount, result);
            final long[] cs = bs == null ? null : pointers(name, "Carray", cArray, batchCount, result);
            if (cs == null)
            {
                return;
            }
            for (int i = 0; i < batchCount; i++)
            {
                if (!gemmOperands(name + " batch " + i, transa, transb, m, n, k, as[i], lda, bs[i], ldb, cs[i], ldc,
                    type.bytes(), result))
                {
                    return;
                }
            }
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, betaIm, secondX);
        final int status = switch (type)
        {
            case C -> threeM ? cublasCgemm3mBatched(h.cublas, transa, transb, m, n, k, new float2(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, new float2(beta), pointerArray(cArray), ldc,
                batchCount) : cublasCgemmBatched(h.cublas, transa, transb, m, n, k, new float2(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, new float2(beta), pointerArray(cArray), ldc,
                batchCount);
            case Z -> cublasZgemmBatched(h.cublas, transa, transb, m, n, k, new double2(alpha), pointerArray(aArray),
                lda, pointerArray(bArray), ldb, new double2(beta), pointerArray(cArray), ldc, batchCount);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gemmStridedBatchedX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean threeM,
        final int transa, final int transb, final int m, final int n, final int k, final long alphaRe,
        final long alphaIm, final long a, final int lda, final long strideA, final long b, final int ldb,
        final long strideB, final long betaRe, final long betaIm, final long c, final int ldc, final long strideC,
        final int batchCount, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result))
        {
            return;
        }
        final long bytes = type.bytes();
        for (int i = 0; i < batchCount; i++)
        {
            if (!gemmOperands(name + " batch " + i, transa, transb, m, n, k, a + i * strideA * bytes, lda,
                b + i * strideB * bytes, ldb, c + i * strideC * bytes, ldc, type.bytes(), result))
            {
                return;
            }
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, betaIm, secondX);
        final int status = switch (type)
        {
            case C -> threeM ? cublasCgemm3mStridedBatched(h.cublas, transa, transb, m, n, k, new float2(alpha),
                float2s(a), lda, strideA, float2s(b), ldb, strideB, new float2(beta), float2s(c), ldc, strideC,
                batchCount) : cublasCgemmStridedBatched(h.cublas, transa, transb, m, n, k, new float2(alpha),
                float2s(a), lda, strideA, float2s(b), ldb, strideB, new float2(beta), float2s(c), ldc, strideC,
                batchCount);
            case Z -> cublasZgemmStridedBatched(h.cublas, transa, transb, m, n, k, new double2(alpha), double2s(a),
                lda, strideA, double2s(b), ldb, strideB, new double2(beta), double2s(c), ldc, strideC, batchCount);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void gemm3m(
        final BackendBlasHandle handle, final BlasType type, final String name, final int transa, final int transb,
        final int m, final int n, final int k, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long b, final int ldb, final long betaRe, final long betaIm, final long c, final int ldc,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result) || !scalarX(h, name, "beta",
            type.bytes(), betaRe, result) || !gemmOperands(name, transa, transb, m, n, k, a, lda, b, ldb, c, ldc,
            type.bytes(), result))
        {
            return;
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final Pointer beta = scalarPointer(h, type, betaRe, betaIm, secondX);
        final int status = switch (type)
        {
            case C -> cublasCgemm3m(h.cublas, transa, transb, m, n, k, new float2(alpha), float2s(a), lda,
                float2s(b), ldb, new float2(beta), float2s(c), ldc);
            case Z -> cublasZgemm3m(h.cublas, transa, transb, m, n, k, new double2(alpha), double2s(a), lda,
                double2s(b), ldb, new double2(beta), double2s(c), ldc);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void trsmBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int side, final int uplo,
        final int trans, final int diag, final int m, final int n, final long alphaRe, final long alphaIm,
        final long aArray, final int lda, final long bArray, final int ldb, final int batchCount,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !scalarX(h, name, "alpha", type.bytes(), alphaRe, result))
        {
            return;
        }
        if (batchCount > 0)
        {
            final long[] as = pointers(name, "A", aArray, batchCount, result);
            final long[] bs = as == null ? null : pointers(name, "B", bArray, batchCount, result);
            if (bs == null)
            {
                return;
            }
            final int order = side == SIDE_LEFT ? m : n;
            for (int i = 0; i < batchCount; i++)
            {
                if (!matrix(name, "A[" + i + "]", as[i], order, order, lda, type.bytes(), EXECUTION_FAILED,
                    result) || !matrix(name, "B[" + i + "]", bs[i], m, n, ldb, type.bytes(), EXECUTION_FAILED,
                    result))
                {
                    return;
                }
            }
        }
        final Pointer alpha = scalarPointer(h, type, alphaRe, alphaIm, firstX);
        final int status = switch (type)
        {
            case S -> cublasStrsmBatched(h.cublas, side, uplo, trans, diag, m, n, new FloatPointer(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, batchCount);
            case D -> cublasDtrsmBatched(h.cublas, side, uplo, trans, diag, m, n, new DoublePointer(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, batchCount);
            case C -> cublasCtrsmBatched(h.cublas, side, uplo, trans, diag, m, n, new float2(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, batchCount);
            case Z -> cublasZtrsmBatched(h.cublas, side, uplo, trans, diag, m, n, new double2(alpha),
                pointerArray(aArray), lda, pointerArray(bArray), ldb, batchCount);
        };
        check(status, name, result);
    }

    public void tpttr(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean toPacked,
        final int uplo, final int n, final long ap, final long a, final int lda, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !packed(name, "AP", ap, n, type.bytes(), result) || !matrix(name, "A", a, n, n, lda,
            type.bytes(), EXECUTION_FAILED, result))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> toPacked ? cublasStrttp(h.cublas, uplo, n, floats(a), lda, floats(ap)) :
                cublasStpttr(h.cublas, uplo, n, floats(ap), floats(a), lda);
            case D -> toPacked ? cublasDtrttp(h.cublas, uplo, n, doubles(a), lda, doubles(ap)) :
                cublasDtpttr(h.cublas, uplo, n, doubles(ap), doubles(a), lda);
            case C -> toPacked ? cublasCtrttp(h.cublas, uplo, n, float2s(a), lda, float2s(ap)) :
                cublasCtpttr(h.cublas, uplo, n, float2s(ap), float2s(a), lda);
            case Z -> toPacked ? cublasZtrttp(h.cublas, uplo, n, double2s(a), lda, double2s(ap)) :
                cublasZtpttr(h.cublas, uplo, n, double2s(ap), double2s(a), lda);
        };
        check(status, name, result);
    }

    public void getrfBatchedX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long aArray,
        final int lda, final long pivots, final long info, final int batchSize, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "Aarray", aArray, n, n, lda, type, batchSize,
            result) || !ints(name, "infoArray", info, batchSize, result) ||
            pivots != 0 && !ints(name, "PivotArray", pivots, (long)n * batchSize, result)))
        {
            return;
        }
        final IntPointer pivotPointer = pivots == 0 ? null : new IntPointer(new DeviceAddress(pivots));
        final int status = switch (type)
        {
            case C -> cublasCgetrfBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                new IntPointer(new DeviceAddress(info)), batchSize);
            case Z -> cublasZgetrfBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                new IntPointer(new DeviceAddress(info)), batchSize);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void getriBatchedX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long aArray,
        final int lda, final long pivots, final long cArray, final int ldc, final long info, final int batchSize,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "Aarray", aArray, n, n, lda, type, batchSize,
            result) || !typedBatch(name, "Carray", cArray, n, n, ldc, type, batchSize, result) ||
            !ints(name, "infoArray", info, batchSize, result) ||
            pivots != 0 && !ints(name, "PivotArray", pivots, (long)n * batchSize, result)))
        {
            return;
        }
        final IntPointer pivotPointer = pivots == 0 ? null : new IntPointer(new DeviceAddress(pivots));
        final int status = switch (type)
        {
            case C -> cublasCgetriBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                pointerArray(cArray), ldc, new IntPointer(new DeviceAddress(info)), batchSize);
            case Z -> cublasZgetriBatched(h.cublas, n, pointerArray(aArray), lda, pivotPointer,
                pointerArray(cArray), ldc, new IntPointer(new DeviceAddress(info)), batchSize);
            default -> CUBLAS_STATUS_INVALID_VALUE;
        };
        check(status, name, result);
    }

    public void getrsBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int n,
        final int nrhs, final long aArray, final int lda, final long pivots, final long bArray, final int ldb,
        final int batchSize, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "Aarray", aArray, n, n, lda, type, batchSize,
            result) || !typedBatch(name, "Barray", bArray, n, nrhs, ldb, type, batchSize, result) ||
            pivots != 0 && !ints(name, "devIpiv", pivots, (long)n * batchSize, result)))
        {
            return;
        }
        final IntPointer pivotPointer = pivots == 0 ? null : new IntPointer(new DeviceAddress(pivots));
        final int status = switch (type)
        {
            case S -> cublasSgetrsBatched(h.cublas, trans, n, nrhs, pointerArray(aArray), lda, pivotPointer,
                pointerArray(bArray), ldb, intOut, batchSize);
            case D -> cublasDgetrsBatched(h.cublas, trans, n, nrhs, pointerArray(aArray), lda, pivotPointer,
                pointerArray(bArray), ldb, intOut, batchSize);
            case C -> cublasCgetrsBatched(h.cublas, trans, n, nrhs, pointerArray(aArray), lda, pivotPointer,
                pointerArray(bArray), ldb, intOut, batchSize);
            case Z -> cublasZgetrsBatched(h.cublas, trans, n, nrhs, pointerArray(aArray), lda, pivotPointer,
                pointerArray(bArray), ldb, intOut, batchSize);
        };
        if (check(status, name, result))
        {
            result.value(intOut.get());
        }
    }

    public void matinvBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long aArray,
        final int lda, final long aInvArray, final int ldaInv, final long info, final int batchSize,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "A", aArray, n, n, lda, type, batchSize, result) ||
            !typedBatch(name, "Ainv", aInvArray, n, n, ldaInv, type, batchSize, result) ||
            !ints(name, "info", info, batchSize, result)))
        {
            return;
        }
        final IntPointer infoPointer = new IntPointer(new DeviceAddress(info));
        final int status = switch (type)
        {
            case S -> cublasSmatinvBatched(h.cublas, n, pointerArray(aArray), lda, pointerArray(aInvArray), ldaInv,
                infoPointer, batchSize);
            case D -> cublasDmatinvBatched(h.cublas, n, pointerArray(aArray), lda, pointerArray(aInvArray), ldaInv,
                infoPointer, batchSize);
            case C -> cublasCmatinvBatched(h.cublas, n, pointerArray(aArray), lda, pointerArray(aInvArray), ldaInv,
                infoPointer, batchSize);
            case Z -> cublasZmatinvBatched(h.cublas, n, pointerArray(aArray), lda, pointerArray(aInvArray), ldaInv,
                infoPointer, batchSize);
        };
        check(status, name, result);
    }

    public void geqrfBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int m, final int n,
        final long aArray, final int lda, final long tauArray, final int batchSize, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "Aarray", aArray, m, n, lda, type, batchSize,
            result) || !vectorBatch(name, "TauArray", tauArray, Math.max(0, Math.min(m, n)), type, batchSize,
            result)))
        {
            return;
        }
        final int status = switch (type)
        {
            case S -> cublasSgeqrfBatched(h.cublas, m, n, pointerArray(aArray), lda, pointerArray(tauArray), intOut,
                batchSize);
            case D -> cublasDgeqrfBatched(h.cublas, m, n, pointerArray(aArray), lda, pointerArray(tauArray), intOut,
                batchSize);
            case C -> cublasCgeqrfBatched(h.cublas, m, n, pointerArray(aArray), lda, pointerArray(tauArray), intOut,
                batchSize);
            case Z -> cublasZgeqrfBatched(h.cublas, m, n, pointerArray(aArray), lda, pointerArray(tauArray), intOut,
                batchSize);
        };
        if (check(status, name, result))
        {
            result.value(intOut.get());
        }
    }

    public void gelsBatched(
        final BackendBlasHandle handle, final BlasType type, final String name, final int trans, final int m,
        final int n, final int nrhs, final long aArray, final int lda, final long cArray, final int ldc,
        final long devInfo, final int batchSize, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || batchSize > 0 && (!typedBatch(name, "Aarray", aArray, m, n, lda, type, batchSize,
            result) || !typedBatch(name, "Carray", cArray, Math.max(m, n), nrhs, ldc, type, batchSize, result) ||
            devInfo != 0 && !ints(name, "devInfoArray", devInfo, batchSize, result)))
        {
            return;
        }
        final IntPointer devInfoPointer = devInfo == 0 ? null : new IntPointer(new DeviceAddress(devInfo));
        final int status = switch (type)
        {
            case S -> cublasSgelsBatched(h.cublas, trans, m, n, nrhs, pointerArray(aArray), lda, pointerArray(cArray),
                ldc, intOut, devInfoPointer, batchSize);
            case D -> cublasDgelsBatched(h.cublas, trans, m, n, nrhs, pointerArray(aArray), lda, pointerArray(cArray),
                ldc, intOut, devInfoPointer, batchSize);
            case C -> cublasCgelsBatched(h.cublas, trans, m, n, nrhs, pointerArray(aArray), lda, pointerArray(cArray),
                ldc, intOut, devInfoPointer, batchSize);
            case Z -> cublasZgelsBatched(h.cublas, trans, m, n, nrhs, pointerArray(aArray), lda, pointerArray(cArray),
                ldc, intOut, devInfoPointer, batchSize);
        };
        if (check(status, name, result))
        {
            result.value(intOut.get());
        }
    }

    /**
     * Each matrix of a batched routine's pointer array: rows x cols with leading dimension ld, inside the session's
     * allocations.
     */
    private boolean typedBatch(
        final String name, final String what, final long array, final int rows, final int cols, final int ld,
        final BlasType type, final int batchSize, final CallResult result)
    {
        final long[] matrices = pointers(name, what, array, batchSize, result);
        if (matrices == null)
        {
            return false;
        }
        for (int i = 0; i < batchSize; i++)
        {
            if (!matrix(name, what + "[" + i + "]", matrices[i], rows, cols, ld, type.bytes(), EXECUTION_FAILED,
                result))
            {
                return false;
            }
        }
        return true;
    }

    /** Each contiguous vector of {@code n} elements of a batched routine's pointer array. */
    private boolean vectorBatch(
        final String name, final String what, final long array, final int n, final BlasType type,
        final int batchSize, final CallResult result)
    {
        final long[] vectors = pointers(name, what, array, batchSize, result);
        if (vectors == null)
        {
            return false;
        }
        for (int i = 0; i < batchSize; i++)
        {
            if (!within(name, what + "[" + i + "]", vectors[i], (long)n * type.bytes(), result))
            {
                return false;
            }
        }
        return true;
    }

    private boolean gemvOperands(
        final String name, final int trans, final int m, final int n, final long a, final int lda, final long x,
        final int incx, final long y, final int incy, final int bytes, final CallResult result)
    {
        return matrix(name, "A", a, m, n, lda, bytes, EXECUTION_FAILED, result) &&
            vectorX(name, "x", x, trans == OP_N ? n : m, incx, bytes, result) &&
            vectorX(name, "y", y, trans == OP_N ? m : n, incy, bytes, result);
    }

    // Handle settings and library properties.

    public void atomicsMode(final BackendBlasHandle handle, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasGetAtomicsMode", result);
        if (h != null && check(cublasGetAtomicsMode(h.cublas, intOut), "cublasGetAtomicsMode", result))
        {
            result.value(intOut.get());
        }
    }

    public void setAtomicsMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetAtomicsMode", result);
        if (h != null)
        {
            check(cublasSetAtomicsMode(h.cublas, mode), "cublasSetAtomicsMode", result);
        }
    }

    public void smCountTarget(final BackendBlasHandle handle, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasGetSmCountTarget", result);
        if (h != null && check(cublasGetSmCountTarget(h.cublas, intOut), "cublasGetSmCountTarget", result))
        {
            result.value(intOut.get());
        }
    }

    public void setSmCountTarget(final BackendBlasHandle handle, final int target, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetSmCountTarget", result);
        if (h != null)
        {
            check(cublasSetSmCountTarget(h.cublas, target), "cublasSetSmCountTarget", result);
        }
    }

    /**
     * The workspace must lie inside one of the session's allocations (cuBLAS would write wherever it points); once the
     * session frees it, the handle's next routine drops it ({@link #enter}).
     */
    public void setWorkspace(final BackendBlasHandle handle, final long address, final long bytes,
        final CallResult result)
    {
        final String name = "cublasSetWorkspace";
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null)
        {
            return;
        }
        if (bytes < 0 || (address == 0) != (bytes == 0))
        {
            result.fail(INVALID_VALUE, name + ": workspace 0x" + Long.toHexString(address) + " of " + bytes +
                " bytes (a null workspace has size 0 and only it)");
            return;
        }
        if (within(name, "the workspace", address, bytes, result) && check(cublasSetWorkspace_v2(h.cublas,
            address == 0 ? null : new DeviceAddress(address), bytes), name, result))
        {
            h.workspace = address;
            h.workspaceBytes = bytes;
        }
    }

    public void cudartVersion(final CallResult result)
    {
        result.value(cublasGetCudartVersion());
    }

    public void property(final int type, final CallResult result)
    {
        if (check(cublasGetProperty(type, intOut), "cublasGetProperty", result))
        {
            result.value(intOut.get());
        }
    }

    // Helpers of the typed routines.

    /**
     * A scalar of a typed routine as cuBLAS reads it: the device address in device mode, else host memory holding
     * its real and imaginary parts in the type's real precision (two floats in the first 8 bytes, or two doubles).
     */
    private static Pointer scalarPointer(
        final GpuBlasHandle handle, final BlasType type, final long re, final long im, final LongPointer slot)
    {
        if (handle.deviceMode)
        {
            return new DeviceAddress(re);
        }
        if (type.realBytes() == Float.BYTES)
        {
            slot.put(0, (re & 0xFFFF_FFFFL) | (im << 32));
            slot.put(1, 0L);
        }
        else
        {
            slot.put(0, re);
            slot.put(1, im);
        }
        return slot;
    }

    /**
     * Where a reduction's result goes: the device address in device mode, else the host slot.
     */
    private Pointer resultPointer(final GpuBlasHandle handle, final long target)
    {
        return handle.deviceMode ? new DeviceAddress(target) : reductionX;
    }

    /**
     * rotm's five parameters: the device address in device mode, else host memory holding the values whose raw
     * bits came with the call.
     */
    private Pointer rotmParameters(final GpuBlasHandle handle, final BlasType type, final long[] param)
    {
        if (handle.deviceMode)
        {
            return new DeviceAddress(param[0]);
        }
        for (int i = 0; i < param.length; i++)
        {
            if (type == BlasType.S)
            {
                rotmFloats.put(i, Float.intBitsToFloat((int)param[i]));
            }
            else
            {
                rotmDoubles.put(i, Double.longBitsToDouble(param[i]));
            }
        }
        return type == BlasType.S ? rotmFloats : rotmDoubles;
    }

    /**
     * A complex reduction's host-mode result as two values: its real and imaginary parts' raw bits.
     */
    private void complexResult(final BlasType type, final CallResult result)
    {
        if (type.realBytes() == Float.BYTES)
        {
            final long both = reductionX.get(0);
            result.value(both & 0xFFFF_FFFFL).value(both >>> 32);
        }
        else
        {
            result.value(reductionX.get(0)).value(reductionX.get(1));
        }
    }

    private boolean scalarX(
        final GpuBlasHandle handle, final String name, final String what, final int bytes, final long value,
        final CallResult result)
    {
        return !handle.deviceMode || within(name, what, value, bytes, result);
    }

    private boolean vectorX(
        final String name, final String what, final long address, final int n, final int increment,
        final int bytes, final CallResult result)
    {
        if (n <= 0)
        {
            return true;
        }
        final long stride = Math.max(1, Math.abs((long)increment));
        return within(name, what, address, ((n - 1) * stride + 1) * bytes, result);
    }

    /**
     * A packed triangular matrix of order n: n (n + 1) / 2 elements.
     */
    private boolean packed(
        final String name, final String what, final long address, final int n, final int bytes,
        final CallResult result)
    {
        return n <= 0 || within(name, what, address, (long)n * (n + 1) / 2 * bytes, result);
    }

    /**
     * The band widths of a banded routine, which cuBLAS requires not to be negative; the band's rows (lower + upper +
     * 1) must be an int, or the range checks, and cuBLAS's own, would work on an overflowed count.
     */
    private static boolean bands(final String name, final int lower, final int upper, final CallResult result)
    {
        if (lower < 0 || upper < 0 || (long)lower + upper >= Integer.MAX_VALUE)
        {
            result.fail(INVALID_VALUE, name + ": the band widths (" + lower + ", " + upper + ") must not be " +
                "negative and their band must have fewer than 2^31 rows");
            return false;
        }
        return true;
    }

    private static float2 float2s(final long address)
    {
        return new float2(new DeviceAddress(address));
    }

    private static double2 double2s(final long address)
    {
        return new double2(new DeviceAddress(address));
    }

    /**
     * A {@code cublasHandle_t} of one of the session's contexts, and the pointer mode it was set to.
     */
    static final class GpuBlasHandle implements BackendBlasHandle
    {
        final GpuContext context;
        final cublasContext cublas;
        boolean deviceMode;
        /** cublasSetWorkspace's memory (0: cuBLAS's own), which must stay one of the session's allocations. */
        long workspace;
        long workspaceBytes;

        GpuBlasHandle(final GpuContext context, final cublasContext cublas)
        {
            this.context = context;
            this.cublas = cublas;
        }
    }

    /**
     * A device address as a JavaCPP pointer, for the presets' signatures that take one.
     */
    private static final class DeviceAddress extends Pointer
    {
        DeviceAddress(final long address)
        {
            this.address = address;
        }
    }
}
