package io.gpurelay.executor.dispatch;

import java.util.EnumSet;
import java.util.Set;

import io.gpurelay.executor.resources.SessionResources.BlasHandleEntry;
import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BlasSession.BlasType;
import io.gpurelay.executor.backend.BlasSession.Precision;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import org.agrona.DirectBuffer;

/**
 * What each cuBLAS {@link Function} means: its arguments, the handle and context it runs in, the {@link BlasSession}
 * method that runs it. A handle is made in the primary context of the call's device (the runtime's, as cuBLAS uses the
 * current device's context) and every routine runs in the context of its handle; a stream given to
 * {@code cublasSetStream} must belong to that context. Failures reply with cuBLAS's statuses: a handle that is not
 * live is {@code CUBLAS_STATUS_NOT_INITIALIZED}, an element type or flag out of range
 * {@code CUBLAS_STATUS_INVALID_VALUE}, and a size beyond 32 bits (which only a {@code _64} routine sends: the backends
 * run cuBLAS's 32-bit entry points) {@code CUBLAS_STATUS_NOT_SUPPORTED}. A typed routine ({@code CUBLAS_AXPY_X} and
 * the rest) names its element type, which must be one its family has (as must a flag set to 1); the dispatcher names
 * the cuBLAS routine the call stands for, and a backend without it answers {@code CUBLAS_STATUS_NOT_SUPPORTED} with
 * that name.
 */
public final class BlasDispatcher
{
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");
    private static final CudaError NOT_SUPPORTED =
        CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED");
    /** The largest matrix a transfer packs into one payload. */
    private static final long MAX_TRANSFER_BYTES = Integer.MAX_VALUE - 8;

    /** The D twins (and IDAMAX, IDAMIN); every other routine is single precision. */
    private static final Set<Function> DOUBLE_PRECISION = EnumSet.of(
        Function.CUBLAS_DAXPY, Function.CUBLAS_DDOT, Function.CUBLAS_DNRM2, Function.CUBLAS_DASUM,
        Function.CUBLAS_DSCAL, Function.CUBLAS_DCOPY, Function.CUBLAS_DSWAP, Function.CUBLAS_IDAMAX,
        Function.CUBLAS_IDAMIN, Function.CUBLAS_DROT, Function.CUBLAS_DGEMV, Function.CUBLAS_DGER,
        Function.CUBLAS_DSYMV, Function.CUBLAS_DTRMV, Function.CUBLAS_DTRSV, Function.CUBLAS_DGEMM,
        Function.CUBLAS_DSYMM, Function.CUBLAS_DSYRK, Function.CUBLAS_DTRMM, Function.CUBLAS_DTRSM,
        Function.CUBLAS_DGEAM, Function.CUBLAS_DGEMM_BATCHED, Function.CUBLAS_DGEMM_STRIDED_BATCHED,
        Function.CUBLAS_DGETRF_BATCHED, Function.CUBLAS_DGETRI_BATCHED);

    private final SessionResources resources;
    private final BlasSession blas;
    private final int deviceCount;

    BlasDispatcher(final SessionResources resources, final BlasSession blas, final int deviceCount)
    {
        this.resources = resources;
        this.blas = blas;
        this.deviceCount = deviceCount;
    }

    /**
     * Run a cuBLAS call whose input, if any, is in {@code input}.
     */
    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        try
        {
            run(call, input, result);
        }
        catch (final ArgumentOutOfRange ex)
        {
            result.fail(INVALID_VALUE, call.function().name() + ": " + ex.getMessage());
        }
        catch (final BeyondThirtyTwoBits ex)
        {
            result.fail(NOT_SUPPORTED, call.function().name() + ": " + ex.getMessage());
        }
    }

    private void run(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final Function function = call.function();
        final Precision precision = DOUBLE_PRECISION.contains(function) ? Precision.DOUBLE : Precision.SINGLE;
        switch (function)
        {
            case CUBLAS_CREATE -> create(call, result);
            case CUBLAS_DESTROY ->
            {
                final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
                if (handle != null)
                {
                    resources.destroyBlasHandle(handle);
                }
            }
            case CUBLAS_GET_VERSION ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.version(handle, result);
                }
            }
            case CUBLAS_SET_STREAM -> setStream(call, result);
            case CUBLAS_GET_STREAM ->
            {
                final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
                if (handle != null)
                {
                    result.value(handle.stream);
                }
            }
            case CUBLAS_SET_POINTER_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setPointerMode(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_GET_POINTER_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.pointerMode(handle, result);
                }
            }
            case CUBLAS_SET_MATH_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setMathMode(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_GET_MATH_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.mathMode(handle, result);
                }
            }
            case CUBLAS_GET_ATOMICS_MODE, CUBLAS_GET_SM_COUNT_TARGET ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null && function == Function.CUBLAS_GET_ATOMICS_MODE)
                {
                    blas.atomicsMode(handle, result);
                }
                else if (handle != null)
                {
                    blas.smCountTarget(handle, result);
                }
            }
            case CUBLAS_SET_ATOMICS_MODE, CUBLAS_SET_SM_COUNT_TARGET ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null && function == Function.CUBLAS_SET_ATOMICS_MODE)
                {
                    blas.setAtomicsMode(handle, intArg(call, 1), result);
                }
                else if (handle != null)
                {
                    blas.setSmCountTarget(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_SET_WORKSPACE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setWorkspace(handle, call.arg(1), call.arg(2), result);
                }
            }
            case CUBLAS_GET_PROPERTY -> blas.property(intArg(call, 0), result);
            case CUBLAS_GET_CUDART_VERSION -> blas.cudartVersion(result);
            case CUBLAS_SET_MATRIX, CUBLAS_GET_MATRIX -> transfer(call, input, result);
            default -> routine(call, function, precision, result);
        }
    }

    private void routine(
        final ReceivedCall call, final Function function, final Precision precision, final CallResult result)
    {
        final BackendBlasHandle h = handle(call, result);
        if (h == null)
        {
            return;
        }
        switch (function)
        {
            case CUBLAS_SAXPY, CUBLAS_DAXPY -> blas.axpy(h, precision, intArg(call, 1), call.arg(2), call.arg(3),
                intArg(call, 4), call.arg(5), intArg(call, 6), result);
            case CUBLAS_SDOT, CUBLAS_DDOT -> blas.dot(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), intArg(call, 5), call.arg(6), result);
            case CUBLAS_SNRM2, CUBLAS_DNRM2 -> blas.nrm2(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), result);
            case CUBLAS_SASUM, CUBLAS_DASUM -> blas.asum(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), result);
            case CUBLAS_SSCAL, CUBLAS_DSCAL -> blas.scal(h, precision, intArg(call, 1), call.arg(2), call.arg(3),
                intArg(call, 4), result);
            case CUBLAS_SCOPY, CUBLAS_DCOPY -> blas.copy(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), intArg(call, 5), result);
            case CUBLAS_SSWAP, CUBLAS_DSWAP -> blas.swap(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), intArg(call, 5), result);
            case CUBLAS_ISAMAX, CUBLAS_IDAMAX, CUBLAS_ISAMIN, CUBLAS_IDAMIN -> blas.iamax(h, precision,
                function == Function.CUBLAS_ISAMIN || function == Function.CUBLAS_IDAMIN, intArg(call, 1),
                call.arg(2), intArg(call, 3), call.arg(4), result);
            case CUBLAS_SROT, CUBLAS_DROT -> blas.rot(h, precision, intArg(call, 1), call.arg(2), intArg(call, 3),
                call.arg(4), intArg(call, 5), call.arg(6), call.arg(7), result);
            case CUBLAS_SGEMV, CUBLAS_DGEMV -> blas.gemv(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), call.arg(4), call.arg(5), intArg(call, 6), call.arg(7), intArg(call, 8), call.arg(9),
                call.arg(10), intArg(call, 11), result);
            case CUBLAS_SGER, CUBLAS_DGER -> blas.ger(h, precision, intArg(call, 1), intArg(call, 2), call.arg(3),
                call.arg(4), intArg(call, 5), call.arg(6), intArg(call, 7), call.arg(8), intArg(call, 9), result);
            case CUBLAS_SSYMV, CUBLAS_DSYMV -> blas.symv(h, precision, intArg(call, 1), intArg(call, 2), call.arg(3),
                call.arg(4), intArg(call, 5), call.arg(6), intArg(call, 7), call.arg(8), call.arg(9),
                intArg(call, 10), result);
            case CUBLAS_STRMV, CUBLAS_DTRMV, CUBLAS_STRSV, CUBLAS_DTRSV -> blas.triangularVector(h, precision,
                function == Function.CUBLAS_STRSV || function == Function.CUBLAS_DTRSV, intArg(call, 1),
                intArg(call, 2), intArg(call, 3), intArg(call, 4), call.arg(5), intArg(call, 6), call.arg(7),
                intArg(call, 8), result);
            case CUBLAS_SGEMM, CUBLAS_DGEMM -> blas.gemm(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), intArg(call, 5), call.arg(6), call.arg(7), intArg(call, 8),
                call.arg(9), intArg(call, 10), call.arg(11), call.arg(12), intArg(call, 13), result);
            case CUBLAS_SSYMM, CUBLAS_DSYMM -> blas.symm(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6), intArg(call, 7), call.arg(8),
                intArg(call, 9), call.arg(10), call.arg(11), intArg(call, 12), result);
            case CUBLAS_SSYRK, CUBLAS_DSYRK -> blas.syrk(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6), intArg(call, 7), call.arg(8),
                call.arg(9), intArg(call, 10), result);
            case CUBLAS_STRMM, CUBLAS_DTRMM -> blas.trmm(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call, 6), call.arg(7), call.arg(8),
                intArg(call, 9), call.arg(10), intArg(call, 11), call.arg(12), intArg(call, 13), result);
            case CUBLAS_STRSM, CUBLAS_DTRSM -> blas.trsm(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call, 6), call.arg(7), call.arg(8),
                intArg(call, 9), call.arg(10), intArg(call, 11), result);
            case CUBLAS_SGEAM, CUBLAS_DGEAM -> blas.geam(h, precision, intArg(call, 1), intArg(call, 2),
                intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6), intArg(call, 7), call.arg(8),
                call.arg(9), intArg(call, 10), call.arg(11), intArg(call, 12), result);
            case CUBLAS_SGEMM_BATCHED, CUBLAS_DGEMM_BATCHED -> blas.gemmBatched(h, precision, intArg(call, 1),
                intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5), call.arg(6), call.arg(7),
                intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11), call.arg(12), intArg(call, 13),
                intArg(call, 14), result);
            case CUBLAS_SGEMM_STRIDED_BATCHED, CUBLAS_DGEMM_STRIDED_BATCHED -> blas.gemmStridedBatched(h, precision,
                intArg(call, 1), intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5), call.arg(6),
                call.arg(7), intArg(call, 8), call.arg(9), call.arg(10), intArg(call, 11), call.arg(12), call.arg(13),
                call.arg(14), intArg(call, 15), call.arg(16), intArg(call, 17), result);
            case CUBLAS_SGETRF_BATCHED, CUBLAS_DGETRF_BATCHED -> blas.getrfBatched(h, precision, intArg(call, 1),
                call.arg(2), intArg(call, 3), call.arg(4), call.arg(5), intArg(call, 6), result);
            case CUBLAS_SGETRI_BATCHED, CUBLAS_DGETRI_BATCHED -> blas.getriBatched(h, precision, intArg(call, 1),
                call.arg(2), intArg(call, 3), call.arg(4), call.arg(5), intArg(call, 6), call.arg(7),
                intArg(call, 8), result);
            case CUBLAS_GEMM_EX -> blas.gemmEx(h, intArg(call, 1), intArg(call, 2), intArg(call, 3), intArg(call, 4),
                intArg(call, 5), call.arg(6), call.arg(7), intArg(call, 8), intArg(call, 9), call.arg(10),
                intArg(call, 11), intArg(call, 12), call.arg(13), call.arg(14), intArg(call, 15), intArg(call, 16),
                intArg(call, 17), intArg(call, 18), result);
            case CUBLAS_AXPY_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Caxpy", "Zaxpy");
                blas.axpyX(h, type, name, intArg(call, 2), call.arg(3), call.arg(4), call.arg(5), intArg(call, 6),
                    call.arg(7), intArg(call, 8), result);
            }
            case CUBLAS_COPY_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Ccopy", "Zcopy");
                blas.copyX(h, type, name, intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), intArg(call,
                    6), result);
            }
            case CUBLAS_SCAL_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean realAlpha = flag(call, 2, type, "CZ");
                final String name = realAlpha ? routine(type, null, null, "Csscal", "Zdscal") : routine(type, null,
                    null, "Cscal", "Zscal");
                blas.scalX(h, type, name, realAlpha, intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    intArg(call, 7), result);
            }
            case CUBLAS_SWAP_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Cswap", "Zswap");
                blas.swapX(h, type, name, intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), intArg(call,
                    6), result);
            }
            case CUBLAS_DOT_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean conjugate = flag(call, 2, type, "CZ");
                final String name = conjugate ? routine(type, null, null, "Cdotc", "Zdotc") : routine(type, null,
                    null, "Cdotu", "Zdotu");
                blas.dotX(h, type, name, conjugate, intArg(call, 3), call.arg(4), intArg(call, 5), call.arg(6),
                    intArg(call, 7), call.arg(8), result);
            }
            case CUBLAS_IAMAX_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean minimum = flag(call, 2, type, "CZ");
                final String name = minimum ? routine(type, null, null, "Icamin", "Izamin") : routine(type, null,
                    null, "Icamax", "Izamax");
                blas.iamaxX(h, type, name, minimum, intArg(call, 3), call.arg(4), intArg(call, 5), call.arg(6),
                    result);
            }
            case CUBLAS_ASUM_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Scasum", "Dzasum");
                blas.asumX(h, type, name, intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), result);
            }
            case CUBLAS_NRM2_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Scnrm2", "Dznrm2");
                blas.nrm2X(h, type, name, intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), result);
            }
            case CUBLAS_ROT_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean realSine = flag(call, 2, type, "CZ");
                final String name = realSine ? routine(type, null, null, "Csrot", "Zdrot") : routine(type, null,
                    null, "Crot", "Zrot");
                blas.rotX(h, type, name, realSine, intArg(call, 3), call.arg(4), intArg(call, 5), call.arg(6),
                    intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), call.arg(11), result);
            }
            case CUBLAS_ROTM ->
            {
                final BlasType type = type(call, "SD");
                final String name = routine(type, "Srotm", "Drotm", null, null);
                blas.rotm(h, type, name, intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), intArg(call,
                    6), new long[]{ call.arg(7), call.arg(8), call.arg(9), call.arg(10), call.arg(11) }, result);
            }
            case CUBLAS_GEMV_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Cgemv", "Zgemv");
                blas.gemvX(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), call.arg(5),
                    call.arg(6), call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11),
                    call.arg(12), call.arg(13), intArg(call, 14), result);
            }
            case CUBLAS_GBMV ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Sgbmv", "Dgbmv", "Cgbmv", "Zgbmv");
                blas.gbmv(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11),
                    intArg(call, 12), call.arg(13), call.arg(14), call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_SYMV_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean hermitian = flag(call, 2, type, "CZ");
                final String name = hermitian ? routine(type, null, null, "Chemv", "Zhemv") : routine(type, null,
                    null, "Csymv", "Zsymv");
                blas.symvX(h, type, name, hermitian, intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6),
                    call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11), call.arg(12),
                    call.arg(13), intArg(call, 14), result);
            }
            case CUBLAS_SBMV ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Ssbmv", "Dsbmv", "Chbmv", "Zhbmv");
                blas.sbmv(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), call.arg(5),
                    call.arg(6), call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11),
                    call.arg(12), call.arg(13), intArg(call, 14), result);
            }
            case CUBLAS_SPMV ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Sspmv", "Dspmv", "Chpmv", "Zhpmv");
                blas.spmv(h, type, name, intArg(call, 2), intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    call.arg(7), intArg(call, 8), call.arg(9), call.arg(10), call.arg(11), intArg(call, 12), result);
            }
            case CUBLAS_TRMV_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean solve = flag(call, 2, type, "CZ");
                final String name = solve ? routine(type, null, null, "Ctrsv", "Ztrsv") : routine(type, null, null,
                    "Ctrmv", "Ztrmv");
                blas.triangularVectorX(h, type, name, solve, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), result);
            }
            case CUBLAS_TBMV ->
            {
                final BlasType type = type(call, "SDCZ");
                final boolean solve = flag(call, 2, type, "SDCZ");
                final String name = solve ? routine(type, "Stbsv", "Dtbsv", "Ctbsv", "Ztbsv") : routine(type,
                    "Stbmv", "Dtbmv", "Ctbmv", "Ztbmv");
                blas.bandedTriangularVector(h, type, name, solve, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), intArg(call, 9), call.arg(10), intArg(call, 11),
                    result);
            }
            case CUBLAS_TPMV ->
            {
                final BlasType type = type(call, "SDCZ");
                final boolean solve = flag(call, 2, type, "SDCZ");
                final String name = solve ? routine(type, "Stpsv", "Dtpsv", "Ctpsv", "Ztpsv") : routine(type,
                    "Stpmv", "Dtpmv", "Ctpmv", "Ztpmv");
                blas.packedTriangularVector(h, type, name, solve, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), call.arg(7), call.arg(8), intArg(call, 9), result);
            }
            case CUBLAS_GER_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean conjugate = flag(call, 2, type, "CZ");
                final String name = conjugate ? routine(type, null, null, "Cgerc", "Zgerc") : routine(type, null,
                    null, "Cgeru", "Zgeru");
                blas.gerX(h, type, name, conjugate, intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6),
                    call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11), intArg(call, 12),
                    result);
            }
            case CUBLAS_SYR ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Ssyr", "Dsyr", "Cher", "Zher");
                blas.syr(h, type, name, intArg(call, 2), intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    intArg(call, 7), call.arg(8), intArg(call, 9), result);
            }
            case CUBLAS_SPR ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Sspr", "Dspr", "Chpr", "Zhpr");
                blas.spr(h, type, name, intArg(call, 2), intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    intArg(call, 7), call.arg(8), result);
            }
            case CUBLAS_SYR2 ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Ssyr2", "Dsyr2", "Cher2", "Zher2");
                blas.syr2(h, type, name, intArg(call, 2), intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    intArg(call, 7), call.arg(8), intArg(call, 9), call.arg(10), intArg(call, 11), result);
            }
            case CUBLAS_SPR2 ->
            {
                final BlasType type = type(call, "SDCZ");
                final String name = routine(type, "Sspr2", "Dspr2", "Chpr2", "Zhpr2");
                blas.spr2(h, type, name, intArg(call, 2), intArg(call, 3), call.arg(4), call.arg(5), call.arg(6),
                    intArg(call, 7), call.arg(8), intArg(call, 9), call.arg(10), result);
            }
            case CUBLAS_GEMM_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Cgemm", "Zgemm");
                blas.gemmX(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11),
                    intArg(call, 12), call.arg(13), call.arg(14), call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_SYMM_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean hermitian = flag(call, 2, type, "CZ");
                final String name = hermitian ? routine(type, null, null, "Chemm", "Zhemm") : routine(type, null,
                    null, "Csymm", "Zsymm");
                blas.symmX(h, type, name, hermitian, intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call,
                    6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11), intArg(call, 12),
                    call.arg(13), call.arg(14), call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_SYRK_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean hermitian = flag(call, 2, type, "CZ");
                final String name = hermitian ? routine(type, null, null, "Cherk", "Zherk") : routine(type, null,
                    null, "Csyrk", "Zsyrk");
                blas.syrkX(h, type, name, hermitian, intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call,
                    6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11), call.arg(12),
                    call.arg(13), intArg(call, 14), result);
            }
            case CUBLAS_SYR2K ->
            {
                final BlasType type = type(call, "SDCZ");
                final boolean hermitian = flag(call, 2, type, "CZ");
                final String name = hermitian ? routine(type, "Ssyr2k", "Dsyr2k", "Cher2k",
                    "Zher2k") : routine(type, "Ssyr2k", "Dsyr2k", "Csyr2k", "Zsyr2k");
                blas.syr2k(h, type, name, hermitian, intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call,
                    6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11), intArg(call, 12),
                    call.arg(13), call.arg(14), call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_TRMM_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Ctrmm", "Ztrmm");
                blas.trmmX(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), intArg(call, 11),
                    call.arg(12), intArg(call, 13), call.arg(14), intArg(call, 15), result);
            }
            case CUBLAS_GEAM_X ->
            {
                final BlasType type = type(call, "CZ");
                blas.geamX(h, type, routine(type, null, null, "Cgeam", "Zgeam"), intArg(call, 2), intArg(call, 3),
                    intArg(call, 4), intArg(call, 5), call.arg(6), call.arg(7), call.arg(8), intArg(call, 9),
                    call.arg(10), call.arg(11), call.arg(12), intArg(call, 13), call.arg(14), intArg(call, 15), result);
            }
            case CUBLAS_DGMM ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.dgmm(h, type, routine(type, "Sdgmm", "Ddgmm", "Cdgmm", "Zdgmm"), intArg(call, 2),
                    intArg(call, 3), intArg(call, 4), call.arg(5), intArg(call, 6), call.arg(7), intArg(call, 8),
                    call.arg(9), intArg(call, 10), result);
            }
            case CUBLAS_SYRKX ->
            {
                final BlasType type = type(call, "SDCZ");
                final boolean hermitian = flag(call, 2, type, "CZ");
                final String name = hermitian ? routine(type, null, null, "Cherkx", "Zherkx") :
                    routine(type, "Ssyrkx", "Dsyrkx", "Csyrkx", "Zsyrkx");
                blas.syrkx(h, type, name, hermitian, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), call.arg(7), call.arg(8), call.arg(9), intArg(call, 10), call.arg(11),
                    intArg(call, 12), call.arg(13), call.arg(14), call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_SYR_COMPLEX ->
            {
                final BlasType type = type(call, "CZ");
                final boolean twoVectors = flag(call, 2, type, "CZ");
                final String name = twoVectors ? routine(type, null, null, "Csyr2", "Zsyr2") :
                    routine(type, null, null, "Csyr", "Zsyr");
                blas.syrComplex(h, type, name, twoVectors, intArg(call, 3), intArg(call, 4), call.arg(5),
                    call.arg(6), call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11),
                    intArg(call, 12), result);
            }
            case CUBLAS_GEMV_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.gemvBatched(h, type, routine(type, "SgemvBatched", "DgemvBatched", "CgemvBatched",
                    "ZgemvBatched"), intArg(call, 2), intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6),
                    call.arg(7), intArg(call, 8), call.arg(9), intArg(call, 10), call.arg(11), call.arg(12),
                    call.arg(13), intArg(call, 14), intArg(call, 15), result);
            }
            case CUBLAS_GEMV_STRIDED_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.gemvStridedBatched(h, type, routine(type, "SgemvStridedBatched", "DgemvStridedBatched",
                    "CgemvStridedBatched", "ZgemvStridedBatched"), intArg(call, 2), intArg(call, 3), intArg(call, 4),
                    call.arg(5), call.arg(6), call.arg(7), intArg(call, 8), call.arg(9), call.arg(10),
                    intArg(call, 11), call.arg(12), call.arg(13), call.arg(14), call.arg(15), intArg(call, 16),
                    call.arg(17), intArg(call, 18), result);
            }
            case CUBLAS_GEMM_BATCHED_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean threeM = flag(call, 2, type, "C");
                final String name = threeM ? "cublasCgemm3mBatched" :
                    routine(type, null, null, "CgemmBatched", "ZgemmBatched");
                blas.gemmBatchedX(h, type, name, threeM, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), intArg(call, 11),
                    call.arg(12), intArg(call, 13), call.arg(14), call.arg(15), call.arg(16), intArg(call, 17),
                    intArg(call, 18), result);
            }
            case CUBLAS_GEMM_STRIDED_BATCHED_X ->
            {
                final BlasType type = type(call, "CZ");
                final boolean threeM = flag(call, 2, type, "C");
                final String name = threeM ? "cublasCgemm3mStridedBatched" :
                    routine(type, null, null, "CgemmStridedBatched", "ZgemmStridedBatched");
                blas.gemmStridedBatchedX(h, type, name, threeM, intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), intArg(call, 11),
                    call.arg(12), call.arg(13), intArg(call, 14), call.arg(15), call.arg(16), call.arg(17),
                    call.arg(18), intArg(call, 19), call.arg(20), intArg(call, 21), result);
            }
            case CUBLAS_GEMM3M ->
            {
                final BlasType type = type(call, "CZ");
                blas.gemm3m(h, type, routine(type, null, null, "Cgemm3m", "Zgemm3m"), intArg(call, 2),
                    intArg(call, 3), intArg(call, 4), intArg(call, 5), intArg(call, 6), call.arg(7), call.arg(8),
                    call.arg(9), intArg(call, 10), call.arg(11), intArg(call, 12), call.arg(13), call.arg(14),
                    call.arg(15), intArg(call, 16), result);
            }
            case CUBLAS_TRSM_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.trsmBatched(h, type, routine(type, "StrsmBatched", "DtrsmBatched", "CtrsmBatched",
                    "ZtrsmBatched"), intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), intArg(call, 11),
                    call.arg(12), intArg(call, 13), intArg(call, 14), result);
            }
            case CUBLAS_TPTTR ->
            {
                final BlasType type = type(call, "SDCZ");
                final boolean toPacked = flag(call, 2, type, "SDCZ");
                final String name = toPacked ? routine(type, "Strttp", "Dtrttp", "Ctrttp", "Ztrttp") :
                    routine(type, "Stpttr", "Dtpttr", "Ctpttr", "Ztpttr");
                blas.tpttr(h, type, name, toPacked, intArg(call, 3), intArg(call, 4), call.arg(5), call.arg(6),
                    intArg(call, 7), result);
            }
            case CUBLAS_GETRF_BATCHED_X ->
            {
                final BlasType type = type(call, "CZ");
                blas.getrfBatchedX(h, type, routine(type, null, null, "CgetrfBatched", "ZgetrfBatched"),
                    intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), call.arg(6), intArg(call, 7), result);
            }
            case CUBLAS_GETRI_BATCHED_X ->
            {
                final BlasType type = type(call, "CZ");
                blas.getriBatchedX(h, type, routine(type, null, null, "CgetriBatched", "ZgetriBatched"),
                    intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), call.arg(6), intArg(call, 7),
                    call.arg(8), intArg(call, 9), result);
            }
            case CUBLAS_GETRS_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.getrsBatched(h, type, routine(type, "SgetrsBatched", "DgetrsBatched", "CgetrsBatched",
                    "ZgetrsBatched"), intArg(call, 2), intArg(call, 3), intArg(call, 4), call.arg(5), intArg(call, 6),
                    call.arg(7), call.arg(8), intArg(call, 9), intArg(call, 10), result);
            }
            case CUBLAS_MATINV_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.matinvBatched(h, type, routine(type, "SmatinvBatched", "DmatinvBatched", "CmatinvBatched",
                    "ZmatinvBatched"), intArg(call, 2), call.arg(3), intArg(call, 4), call.arg(5), intArg(call, 6),
                    call.arg(7), intArg(call, 8), result);
            }
            case CUBLAS_GEQRF_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.geqrfBatched(h, type, routine(type, "SgeqrfBatched", "DgeqrfBatched", "CgeqrfBatched",
                    "ZgeqrfBatched"), intArg(call, 2), intArg(call, 3), call.arg(4), intArg(call, 5), call.arg(6),
                    intArg(call, 7), result);
            }
            case CUBLAS_GELS_BATCHED ->
            {
                final BlasType type = type(call, "SDCZ");
                blas.gelsBatched(h, type, routine(type, "SgelsBatched", "DgelsBatched", "CgelsBatched",
                    "ZgelsBatched"), intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5), call.arg(6),
                    intArg(call, 7), call.arg(8), intArg(call, 9), call.arg(10), intArg(call, 11), result);
            }
            case CUBLAS_TRSM_X ->
            {
                final BlasType type = type(call, "CZ");
                final String name = routine(type, null, null, "Ctrsm", "Ztrsm");
                blas.trsmX(h, type, name, intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                    intArg(call, 6), intArg(call, 7), call.arg(8), call.arg(9), call.arg(10), intArg(call, 11),
                    call.arg(12), intArg(call, 13), result);
            }
            default -> CallDispatcher.notSupported(call.functionId(), function.name(), result);
        }
    }

    private void create(final ReceivedCall call, final CallResult result)
    {
        final long device = call.context();
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE,
                "cublasCreate: device " + device + " does not exist: the executor has " + deviceCount + " device(s)");
            return;
        }
        final ContextEntry context = resources.runtimeContext((int)device, result);
        if (context == null)
        {
            return;
        }
        final BackendBlasHandle handle = blas.create(context.backend, result);
        if (handle != null)
        {
            result.value(resources.addBlasHandle(context, handle));
        }
    }

    private void setStream(final ReceivedCall call, final CallResult result)
    {
        final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
        if (handle == null)
        {
            return;
        }
        final long streamHandle = call.arg(1);
        final StreamEntry stream = resources.streamIn(streamHandle, handle.context, result);
        if (stream == null)
        {
            return;
        }
        blas.setStream(handle.backend, stream.backend, result);
        if (!result.failed())
        {
            handle.stream = SessionResources.isDefaultStream(streamHandle) ? 0 : streamHandle;
        }
    }

    /**
     * cublasSetMatrix and cublasGetMatrix (the vector forms are one-row matrices): checked as cuBLAS documents, then
     * run on the stream in the primary context of the call's device.
     */
    private void transfer(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final boolean set = call.function() == Function.CUBLAS_SET_MATRIX;
        final String name = set ? "cublasSetMatrix" : "cublasGetMatrix";
        final int rows = intArg(call, 0);
        final int cols = intArg(call, 1);
        final int elementSize = intArg(call, 2);
        final long address = call.arg(3);
        final int ld = intArg(call, 4);
        if (rows < 0 || cols < 0 || elementSize <= 0 || ld <= 0 || ld < rows)
        {
            result.fail(INVALID_VALUE, name + ": rows " + rows + ", cols " + cols + ", element size " + elementSize +
                ", leading dimension " + ld + " (rows and cols must not be negative, the element size and leading " +
                "dimension must be positive, the leading dimension at least the rows)");
            return;
        }
        final long packedBytes;
        try
        {
            packedBytes = Math.multiplyExact(Math.multiplyExact((long)rows, cols), elementSize);
            Math.multiplyExact((long)ld, Math.multiplyExact((long)cols, elementSize));
        }
        catch (final ArithmeticException ex)
        {
            result.fail(INVALID_VALUE, name + ": the matrix spans more bytes than a 64-bit address space holds");
            return;
        }
        if (packedBytes > MAX_TRANSFER_BYTES)
        {
            result.fail(INVALID_VALUE, name + ": " + packedBytes + " bytes in one call; gpurelay relays at most " +
                MAX_TRANSFER_BYTES);
            return;
        }
        if (set && input.capacity() != packedBytes)
        {
            result.fail(INVALID_VALUE, name + " of " + packedBytes + " bytes carries " + input.capacity() +
                " bytes of data");
            return;
        }
        final long device = call.context();
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE,
                name + ": device " + device + " does not exist: the executor has " + deviceCount + " device(s)");
            return;
        }
        final ContextEntry context = resources.runtimeContext((int)device, result);
        final StreamEntry stream = context == null ? null : resources.streamIn(call.arg(5), context, result);
        if (stream == null)
        {
            return;
        }
        if (set)
        {
            blas.setMatrix(context.backend, stream.backend, rows, cols, elementSize, input, address, ld, result);
        }
        else
        {
            blas.getMatrix(context.backend, stream.backend, rows, cols, elementSize, address, ld, result);
        }
    }

    /**
     * The element type of a typed routine (args[1], a cudaDataType), one of the family's.
     */
    private static BlasType type(final ReceivedCall call, final String allowed)
    {
        final BlasType type = BlasType.ofDataType(call.arg(1));
        if (type == null || allowed.indexOf(type.name()) < 0)
        {
            throw new ArgumentOutOfRange("element type " + call.arg(1) + " is not one of this routine's (" + allowed +
                ", as cudaDataType values)");
        }
        return type;
    }

    /**
     * A flag argument: 0 or 1, and 1 only for the element types that have the routine it picks.
     */
    private static boolean flag(final ReceivedCall call, final int index, final BlasType type, final String allowed)
    {
        final long value = call.arg(index);
        if (value != 0 && value != 1)
        {
            throw new ArgumentOutOfRange("argument " + index + " (" + value + ") is a flag: 0 or 1");
        }
        if (value == 1 && allowed.indexOf(type.name()) < 0)
        {
            throw new ArgumentOutOfRange("argument " + index + " is 1, which element type " + type + " does not have");
        }
        return value == 1;
    }

    /**
     * The cuBLAS routine a typed call stands for, from its S, D, C and Z names (null where the family has none).
     */
    private static String routine(final BlasType type, final String s, final String d, final String c,
        final String z)
    {
        final String name = switch (type)
        {
            case S -> s;
            case D -> d;
            case C -> c;
            case Z -> z;
        };
        return "cublas" + name;
    }

    private BackendBlasHandle handle(final ReceivedCall call, final CallResult result)
    {
        final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
        return handle == null ? null : handle.backend;
    }

    /**
     * An argument that is an {@code int} in the 32-bit form of the routine. The agent sends the {@code _64} forms
     * ({@code cublasSgemm_64} and the rest) as the same call with their 64-bit sizes, increments and leading
     * dimensions; the backends run cuBLAS's 32-bit entry points, so a value beyond 32 bits, which only a
     * {@code _64} form can send, is {@code CUBLAS_STATUS_NOT_SUPPORTED}.
     */
    private static int intArg(final ReceivedCall call, final int index)
    {
        final long value = call.arg(index);
        if (value != (int)value)
        {
            throw new BeyondThirtyTwoBits("argument " + index + " (" + value + ") does not fit a C int: the executor " +
                "runs cuBLAS's 32-bit routines, so a _64 routine's values must fit 32 bits");
        }
        return (int)value;
    }

    /**
     * A size beyond 32 bits, which the dispatcher turns into CUBLAS_STATUS_NOT_SUPPORTED.
     */
    private static final class BeyondThirtyTwoBits extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        BeyondThirtyTwoBits(final String message)
        {
            super(message, null, false, false);
        }
    }

    /**
     * An argument that does not fit its C type, which the dispatcher turns into CUBLAS_STATUS_INVALID_VALUE.
     */
    private static final class ArgumentOutOfRange extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        ArgumentOutOfRange(final String message)
        {
            super(message, null, false, false);
        }
    }
}
