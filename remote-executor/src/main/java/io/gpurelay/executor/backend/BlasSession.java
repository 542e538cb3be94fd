package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import org.agrona.DirectBuffer;

/**
 * One session's cuBLAS (v2 API) on a backend: one method per routine family, the single and double precision twins
 * told apart by a {@link Precision}. Each method reports through the {@link CallResult} with cuBLAS's own status
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
     * The element type of a routine: S or D.
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

    // Level 1.

    void axpy(BackendBlasHandle handle, Precision precision, int n, long alpha, long x, int incx, long y, int incy,
        CallResult result);

    void dot(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long y, int incy, long target,
        CallResult result);

    void nrm2(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long target, CallResult result);

    void asum(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long target, CallResult result);

    void scal(BackendBlasHandle handle, Precision precision, int n, long alpha, long x, int incx, CallResult result);

    void copy(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long y, int incy,
        CallResult result);

    void swap(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long y, int incy,
        CallResult result);

    /**
     * @param minimum iamin rather than iamax.
     */
    void iamax(BackendBlasHandle handle, Precision precision, boolean minimum, int n, long x, int incx, long target,
        CallResult result);

    void rot(BackendBlasHandle handle, Precision precision, int n, long x, int incx, long y, int incy, long c, long s,
        CallResult result);

    // Level 2.

    void gemv(BackendBlasHandle handle, Precision precision, int trans, int m, int n, long alpha, long a, int lda,
        long x, int incx, long beta, long y, int incy, CallResult result);

    void ger(BackendBlasHandle handle, Precision precision, int m, int n, long alpha, long x, int incx, long y,
        int incy, long a, int lda, CallResult result);

    void symv(BackendBlasHandle handle, Precision precision, int uplo, int n, long alpha, long a, int lda, long x,
        int incx, long beta, long y, int incy, CallResult result);

    /**
     * @param solve trsv rather than trmv.
     */
    void triangularVector(BackendBlasHandle handle, Precision precision, boolean solve, int uplo, int trans, int diag,
        int n, long a, int lda, long x, int incx, CallResult result);

    // Level 3.

    void gemm(BackendBlasHandle handle, Precision precision, int transa, int transb, int m, int n, int k, long alpha,
        long a, int lda, long b, int ldb, long beta, long c, int ldc, CallResult result);

    void symm(BackendBlasHandle handle, Precision precision, int side, int uplo, int m, int n, long alpha, long a,
        int lda, long b, int ldb, long beta, long c, int ldc, CallResult result);

    void syrk(BackendBlasHandle handle, Precision precision, int uplo, int trans, int n, int k, long alpha, long a,
        int lda, long beta, long c, int ldc, CallResult result);

    void trmm(BackendBlasHandle handle, Precision precision, int side, int uplo, int trans, int diag, int m, int n,
        long alpha, long a, int lda, long b, int ldb, long c, int ldc, CallResult result);

    void trsm(BackendBlasHandle handle, Precision precision, int side, int uplo, int trans, int diag, int m, int n,
        long alpha, long a, int lda, long b, int ldb, CallResult result);

    void geam(BackendBlasHandle handle, Precision precision, int transa, int transb, int m, int n, long alpha, long a,
        int lda, long beta, long b, int ldb, long c, int ldc, CallResult result);

    /**
     * @param aArray device address of an array of {@code batchCount} device pointers; likewise {@code bArray} and
     *               {@code cArray}.
     */
    void gemmBatched(BackendBlasHandle handle, Precision precision, int transa, int transb, int m, int n, int k,
        long alpha, long aArray, int lda, long bArray, int ldb, long beta, long cArray, int ldc, int batchCount,
        CallResult result);

    void gemmStridedBatched(BackendBlasHandle handle, Precision precision, int transa, int transb, int m, int n,
        int k, long alpha, long a, int lda, long strideA, long b, int ldb, long strideB, long beta, long c, int ldc,
        long strideC, int batchCount, CallResult result);

    /**
     * @param pivots device address of {@code n x batchSize} ints, 0 for no pivoting.
     */
    void getrfBatched(BackendBlasHandle handle, Precision precision, int n, long aArray, int lda, long pivots,
        long info, int batchSize, CallResult result);

    void getriBatched(BackendBlasHandle handle, Precision precision, int n, long aArray, int lda, long pivots,
        long cArray, int ldc, long info, int batchSize, CallResult result);

    /**
     * @param computeType a {@code cublasComputeType_t}; alpha and beta in host mode are its scalar type's raw bits.
     */
    void gemmEx(BackendBlasHandle handle, int transa, int transb, int m, int n, int k, long alpha, long a, int aType,
        int lda, long b, int bType, int ldb, long beta, long c, int cType, int ldc, int computeType, int algo,
        CallResult result);

    // Routines of any element type (Function.CUBLAS_AXPY_X and the rest). {@code name} is the cuBLAS routine the
    // call stands for (cublasCgemm, cublasChbmv, ...); a scalar is two slots, as the wire has it. A backend without a
    // routine answers CUBLAS_STATUS_NOT_SUPPORTED naming it, which is what these defaults do.

    default void axpyX(
        BackendBlasHandle handle, BlasType type, String name, int n, long alphaRe, long alphaIm, long x, int incx,
        long y, int incy, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void copyX(
        BackendBlasHandle handle, BlasType type, String name, int n, long x, int incx, long y, int incy,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void scalX(
        BackendBlasHandle handle, BlasType type, String name, boolean realAlpha, int n, long alphaRe, long alphaIm,
        long x, int incx, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void swapX(
        BackendBlasHandle handle, BlasType type, String name, int n, long x, int incx, long y, int incy,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void dotX(
        BackendBlasHandle handle, BlasType type, String name, boolean conjugate, int n, long x, int incx, long y,
        int incy, long target, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void iamaxX(
        BackendBlasHandle handle, BlasType type, String name, boolean minimum, int n, long x, int incx, long target,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void asumX(
        BackendBlasHandle handle, BlasType type, String name, int n, long x, int incx, long target, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void nrm2X(
        BackendBlasHandle handle, BlasType type, String name, int n, long x, int incx, long target, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void rotX(
        BackendBlasHandle handle, BlasType type, String name, boolean realSine, int n, long x, int incx, long y,
        int incy, long cRe, long cIm, long sRe, long sIm, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void rotm(
        BackendBlasHandle handle, BlasType type, String name, int n, long x, int incx, long y, int incy, long[] param,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gemvX(
        BackendBlasHandle handle, BlasType type, String name, int trans, int m, int n, long alphaRe, long alphaIm,
        long a, int lda, long x, int incx, long betaRe, long betaIm, long y, int incy, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gbmv(
        BackendBlasHandle handle, BlasType type, String name, int trans, int m, int n, int kl, int ku, long alphaRe,
        long alphaIm, long a, int lda, long x, int incx, long betaRe, long betaIm, long y, int incy,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void symvX(
        BackendBlasHandle handle, BlasType type, String name, boolean hermitian, int uplo, int n, long alphaRe,
        long alphaIm, long a, int lda, long x, int incx, long betaRe, long betaIm, long y, int incy,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void sbmv(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, int k, long alphaRe, long alphaIm,
        long a, int lda, long x, int incx, long betaRe, long betaIm, long y, int incy, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void spmv(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, long alphaRe, long alphaIm, long ap,
        long x, int incx, long betaRe, long betaIm, long y, int incy, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void triangularVectorX(
        BackendBlasHandle handle, BlasType type, String name, boolean solve, int uplo, int trans, int diag, int n,
        long a, int lda, long x, int incx, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void bandedTriangularVector(
        BackendBlasHandle handle, BlasType type, String name, boolean solve, int uplo, int trans, int diag, int n,
        int k, long a, int lda, long x, int incx, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void packedTriangularVector(
        BackendBlasHandle handle, BlasType type, String name, boolean solve, int uplo, int trans, int diag, int n,
        long ap, long x, int incx, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gerX(
        BackendBlasHandle handle, BlasType type, String name, boolean conjugate, int m, int n, long alphaRe,
        long alphaIm, long x, int incx, long y, int incy, long a, int lda, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void syr(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, long alphaRe, long alphaIm, long x,
        int incx, long a, int lda, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void spr(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, long alphaRe, long alphaIm, long x,
        int incx, long ap, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void syr2(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, long alphaRe, long alphaIm, long x,
        int incx, long y, int incy, long a, int lda, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void spr2(
        BackendBlasHandle handle, BlasType type, String name, int uplo, int n, long alphaRe, long alphaIm, long x,
        int incx, long y, int incy, long ap, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gemmX(
        BackendBlasHandle handle, BlasType type, String name, int transa, int transb, int m, int n, int k,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long betaRe, long betaIm, long c, int ldc,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void symmX(
        BackendBlasHandle handle, BlasType type, String name, boolean hermitian, int side, int uplo, int m, int n,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long betaRe, long betaIm, long c, int ldc,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void syrkX(
        BackendBlasHandle handle, BlasType type, String name, boolean hermitian, int uplo, int trans, int n, int k,
        long alphaRe, long alphaIm, long a, int lda, long betaRe, long betaIm, long c, int ldc, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void syr2k(
        BackendBlasHandle handle, BlasType type, String name, boolean hermitian, int uplo, int trans, int n, int k,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long betaRe, long betaIm, long c, int ldc,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void trmmX(
        BackendBlasHandle handle, BlasType type, String name, int side, int uplo, int trans, int diag, int m, int n,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long c, int ldc, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void trsmX(
        BackendBlasHandle handle, BlasType type, String name, int side, int uplo, int trans, int diag, int m, int n,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void geamX(
        BackendBlasHandle handle, BlasType type, String name, int transa, int transb, int m, int n, long alphaRe,
        long alphaIm, long a, int lda, long betaRe, long betaIm, long b, int ldb, long c, int ldc, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void dgmm(
        BackendBlasHandle handle, BlasType type, String name, int side, int m, int n, long a, int lda, long x,
        int incx, long c, int ldc, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** syrkx, and herkx (hermitian) whose beta is a real. */
    default void syrkx(
        BackendBlasHandle handle, BlasType type, String name, boolean hermitian, int uplo, int trans, int n, int k,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long betaRe, long betaIm, long c, int ldc,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Complex syr, and syr2 (twoVectors). */
    default void syrComplex(
        BackendBlasHandle handle, BlasType type, String name, boolean twoVectors, int uplo, int n, long alphaRe,
        long alphaIm, long x, int incx, long y, int incy, long a, int lda, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gemvBatched(
        BackendBlasHandle handle, BlasType type, String name, int trans, int m, int n, long alphaRe, long alphaIm,
        long aArray, int lda, long xArray, int incx, long betaRe, long betaIm, long yArray, int incy, int batchCount,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gemvStridedBatched(
        BackendBlasHandle handle, BlasType type, String name, int trans, int m, int n, long alphaRe, long alphaIm,
        long a, int lda, long strideA, long x, int incx, long strideX, long betaRe, long betaIm, long y, int incy,
        long strideY, int batchCount, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Complex gemmBatched, and gemm3mBatched (threeM). */
    default void gemmBatchedX(
        BackendBlasHandle handle, BlasType type, String name, boolean threeM, int transa, int transb, int m, int n,
        int k, long alphaRe, long alphaIm, long aArray, int lda, long bArray, int ldb, long betaRe, long betaIm,
        long cArray, int ldc, int batchCount, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Complex gemmStridedBatched, and gemm3mStridedBatched (threeM). */
    default void gemmStridedBatchedX(
        BackendBlasHandle handle, BlasType type, String name, boolean threeM, int transa, int transb, int m, int n,
        int k, long alphaRe, long alphaIm, long a, int lda, long strideA, long b, int ldb, long strideB, long betaRe,
        long betaIm, long c, int ldc, long strideC, int batchCount, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void gemm3m(
        BackendBlasHandle handle, BlasType type, String name, int transa, int transb, int m, int n, int k,
        long alphaRe, long alphaIm, long a, int lda, long b, int ldb, long betaRe, long betaIm, long c, int ldc,
        CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void trsmBatched(
        BackendBlasHandle handle, BlasType type, String name, int side, int uplo, int trans, int diag, int m, int n,
        long alphaRe, long alphaIm, long aArray, int lda, long bArray, int ldb, int batchCount, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** tpttr, and trttp (toPacked). */
    default void tpttr(
        BackendBlasHandle handle, BlasType type, String name, boolean toPacked, int uplo, int n, long ap, long a,
        int lda, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void getrfBatchedX(
        BackendBlasHandle handle, BlasType type, String name, int n, long aArray, int lda, long pivots, long info,
        int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void getriBatchedX(
        BackendBlasHandle handle, BlasType type, String name, int n, long aArray, int lda, long pivots, long cArray,
        int ldc, long info, int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Value: cuBLAS's host {@code info}. */
    default void getrsBatched(
        BackendBlasHandle handle, BlasType type, String name, int trans, int n, int nrhs, long aArray, int lda,
        long pivots, long bArray, int ldb, int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    default void matinvBatched(
        BackendBlasHandle handle, BlasType type, String name, int n, long aArray, int lda, long aInvArray, int ldaInv,
        long info, int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Value: cuBLAS's host {@code info}. */
    default void geqrfBatched(
        BackendBlasHandle handle, BlasType type, String name, int m, int n, long aArray, int lda, long tauArray,
        int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

    /** Value: cuBLAS's host {@code info}. */
    default void gelsBatched(
        BackendBlasHandle handle, BlasType type, String name, int trans, int m, int n, int nrhs, long aArray, int lda,
        long cArray, int ldc, long devInfo, int batchSize, CallResult result)
    {
        result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
    }

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
        static final CudaError NOT_SUPPORTED =
            CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED");

        private Unsupported()
        {
        }
    }
}
