package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import org.agrona.DirectBuffer;

/**
 * One session's cuBLAS (v2 API) on a backend: its handles and their settings, the matrix transfers, cublasGemmEx,
 * and every described routine through one method, {@link #run}, which reads the routine's description rather than
 * a method per routine. Each method reports through the {@link CallResult} with cuBLAS's own status
 * codes ({@link CudaError#library}) and never throws for bad input: arguments are validated as cuBLAS documents, and a
 * range of device memory a routine would touch outside the session's allocations is
 * {@code CUBLAS_STATUS_EXECUTION_FAILED}, never a crash.
 * <p>
 * Matrices and vectors are device addresses, enums take cuBLAS's values. A scalar ({@code alpha}, {@code beta},
 * {@code c}, {@code s}) is, as the handle's pointer mode says, the value's raw bits in the routine's element type
 * ({@link Float#floatToRawIntBits}, {@link Double#doubleToRawLongBits}) in host mode or the device address of the
 * value in device mode. A reduction's {@code result} is the device address it goes to in device mode; in host mode
 * the result's raw bits (or, for iamax and iamin, the 1-based index) are the call's value.
 * <p>
 * The executor calls these only with handles this session made, still alive, and with streams of the handle's
 * context. Used by the session's thread only.
 */
public interface BlasSession
{
    /**
     * The element type of a routine: S or D (what {@code gemmEx}'s callers and the reference implementations use).
     */
    enum Precision
    {
        SINGLE(Float.BYTES),
        DOUBLE(Double.BYTES);

        private final int bytes;

        Precision(final int bytes)
        {
            this.bytes = bytes;
        }

        public int bytes()
        {
            return bytes;
        }
    }

    /**
     * The element type of a routine of the typed families ({@code Function.CUBLAS_AXPY_X} and the rest): S, D, C or
     * Z, as the wire names it with its {@code cudaDataType}.
     */
    enum BlasType
    {
        S(0, Float.BYTES, Float.BYTES),
        D(1, Double.BYTES, Double.BYTES),
        C(4, 2 * Float.BYTES, Float.BYTES),
        Z(5, 2 * Double.BYTES, Double.BYTES);

        private final int dataType;
        private final int bytes;
        private final int realBytes;

        BlasType(final int dataType, final int bytes, final int realBytes)
        {
            this.dataType = dataType;
            this.bytes = bytes;
            this.realBytes = realBytes;
        }

        /**
         * @return the type with this {@code cudaDataType}, or null for any other value.
         */
        public static BlasType ofDataType(final long dataType)
        {
            for (final BlasType type : values())
            {
                if (type.dataType == dataType)
                {
                    return type;
                }
            }
            return null;
        }

        /** Bytes of one element. */
        public int bytes()
        {
            return bytes;
        }

        /** Bytes of the element's real part (of a real scalar or result of the routine). */
        public int realBytes()
        {
            return realBytes;
        }
    }

    /**
     * How a backend names itself where it lacks a routine.
     */
    default String backendName()
    {
        return "this executor's backend";
    }

    // Handles.

    /**
     * {@code cublasCreate} in the context.
     *
     * @return the handle, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendBlasHandle create(BackendContext context, CallResult result);

    /** {@code cublasDestroy}; the handle is not used again. */
    void destroy(BackendBlasHandle handle);

    /** Value: {@code cublasGetVersion}. */
    void version(BackendBlasHandle handle, CallResult result);

    /** Later routines of the handle run on the stream ({@code null}: the context's default stream). */
    void setStream(BackendBlasHandle handle, BackendStream stream, CallResult result);

    void setPointerMode(BackendBlasHandle handle, int mode, CallResult result);

    /** Value: the {@code cublasPointerMode_t}. */
    void pointerMode(BackendBlasHandle handle, CallResult result);

    void setMathMode(BackendBlasHandle handle, int mode, CallResult result);

    /** Value: the {@code cublasMath_t}. */
    void mathMode(BackendBlasHandle handle, CallResult result);

    // Data movement: cublasSetMatrix/GetMatrix, and the vector forms as one-row matrices.

    /**
     * Write {@code rows x cols} elements, packed column by column in {@code packed}, into the matrix at
     * {@code destination} with leading dimension {@code ld}, after the stream's earlier work.
     */
    void setMatrix(
        BackendContext context, BackendStream stream, int rows, int cols, int elementSize, DirectBuffer packed,
        long destination, int ld, CallResult result);

    /**
     * Payload: the {@code rows x cols} elements of the matrix at {@code source} with leading dimension {@code ld},
     * packed column by column, read once the stream's earlier work is done.
     */
    void getMatrix(
        BackendContext context, BackendStream stream, int rows, int cols, int elementSize, long source, int ld,
        CallResult result);

    // The described routines.

    /**
     * Runs a described routine ({@link io.gpurelay.protocol.describe.CublasRoutines}): every level 1, 2 and 3
     * routine, the v2 extensions and the batched ones, in every element type. The call holds its C arguments as the
     * wire placed them: sizes and enums, device addresses, scalars (two slots in a typed routine: real and imaginary
     * part, or in device mode the address and 0), rotm's five parameters. A reduction's host-mode result is the
     * call's value (two values, real and imaginary part, for a complex one), a solver's host {@code info} too. A
     * backend without the routine answers {@code CUBLAS_STATUS_NOT_SUPPORTED} naming it.
     *
     * @throws BlasCall.BeyondThirtyTwoBits where a size of a {@code _64} call does not fit the 32-bit routine.
     */
    void run(BackendBlasHandle handle, BlasCall call, CallResult result);

    /**
     * @param computeType a {@code cublasComputeType_t}; alpha and beta in host mode are its scalar type's raw bits.
     */
    void gemmEx(BackendBlasHandle handle, int transa, int transb, int m, int n, int k, long alpha, long a, int aType,
        int lda, long b, int bType, int ldb, long beta, long c, int cType, int ldc, int computeType, int algo,
        CallResult result);

    // Handle settings and library properties.

    /** Value: {@code cublasGetAtomicsMode}. */
    void atomicsMode(BackendBlasHandle handle, CallResult result);

    /** {@code cublasSetAtomicsMode}: 0 (not allowed) or 1 (allowed). */
    void setAtomicsMode(BackendBlasHandle handle, int mode, CallResult result);

    /** Value: {@code cublasGetSmCountTarget}. */
    void smCountTarget(BackendBlasHandle handle, CallResult result);

    /** {@code cublasSetSmCountTarget}: 0 for all the device's multiprocessors, else at most their number. */
    void setSmCountTarget(BackendBlasHandle handle, int target, CallResult result);

    /**
     * {@code cublasSetWorkspace}: the device memory cuBLAS may use as its workspace ({@code address} 0 and
     * {@code bytes} 0: its own again); the range must lie inside one of the session's allocations.
     */
    void setWorkspace(BackendBlasHandle handle, long address, long bytes, CallResult result);

    /** Value: {@code cublasGetProperty} (0: major version, 1: minor version, 2: patch level). */
    void property(int type, CallResult result);

    /** Value: {@code cublasGetCudartVersion}. */
    void cudartVersion(CallResult result);

    /**
     * The failure of a routine a backend does not have.
     */
    final class Unsupported
    {
        public static final CudaError NOT_SUPPORTED =
            CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED");

        private Unsupported()
        {
        }
    }
}
