package io.gpurelay.emulator.blas;

import java.util.ArrayList;
import java.util.List;

/**
 * gemmBatched, gemmStridedBatched, getrfBatched, getriBatched and gemmEx. Every range of every matrix of a batch
 * is checked before the first one is computed, so a bad pointer anywhere leaves all of them untouched.
 */
final class BatchedRoutines
{
    private static final int POINTER_SIZE = Long.BYTES;

    private BatchedRoutines()
    {
    }

    /**
     * The matrices are found through arrays of device pointers that themselves live in device memory.
     */
    static int gemmBatched(final Precision precision, final String routine, final CublasHandle handle,
        final int transa, final int transb, final int m, final int n, final int k, final Scalar alpha,
        final long aArray, final int lda, final long bArray, final int ldb, final Scalar beta, final long cArray,
        final int ldc, final int batchCount)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            Level3Routines.checkGemm(call, transa, transb, m, n, k, lda, ldb, ldc);
            call.requireNonNegative("batchCount", batchCount);
            if (batchCount == 0 || m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (Level3Routines.nothingToDo(k, alphaValue, betaValue))
            {
                return;
            }
            final boolean contributes = alphaValue != 0.0 && k > 0;
            final long[] aPointers = contributes ? pointers(call, "Aarray", aArray, batchCount) : null;
            final long[] bPointers = contributes ? pointers(call, "Barray", bArray, batchCount) : null;
            final long[] cPointers = pointers(call, "Carray", cArray, batchCount);
            final List<Level3Routines.GemmOperands> batch = new ArrayList<>(batchCount);
            for (int i = 0; i < batchCount; i++)
            {
                batch.add(Level3Routines.gemmOperands(call, "[" + i + "]", transa, transb, m, n, k, alphaValue,
                    contributes ? aPointers[i] : 0, lda, contributes ? bPointers[i] : 0, ldb, cPointers[i], ldc));
            }
            for (final Level3Routines.GemmOperands operands : batch)
            {
                Level3Routines.computeGemm(precision, operands, transa, transb, m, n, k, alphaValue, lda, ldb,
                    betaValue, ldc);
            }
        });
    }

    /**
     * Matrix i starts {@code i * stride} elements after the first; strides may be negative or zero, as in cuBLAS.
     */
    static int gemmStridedBatched(final Precision precision, final String routine, final CublasHandle handle,
        final int transa, final int transb, final int m, final int n, final int k, final Scalar alpha, final long a,
        final int lda, final long strideA, final long b, final int ldb, final long strideB, final Scalar beta,
        final long c, final int ldc, final long strideC, final int batchCount)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            Level3Routines.checkGemm(call, transa, transb, m, n, k, lda, ldb, ldc);
            call.requireNonNegative("batchCount", batchCount);
            if (batchCount == 0 || m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (Level3Routines.nothingToDo(k, alphaValue, betaValue))
            {
                return;
            }
            final long elementSize = precision.elementSize;
            final List<Level3Routines.GemmOperands> batch = new ArrayList<>(batchCount);
            for (int i = 0; i < batchCount; i++)
            {
                batch.add(Level3Routines.gemmOperands(call, "[" + i + "]", transa, transb, m, n, k, alphaValue,
                    a + i * strideA * elementSize, lda, b + i * strideB * elementSize, ldb,
                    c + i * strideC * elementSize, ldc));
            }
            for (final Level3Routines.GemmOperands operands : batch)
            {
                Level3Routines.computeGemm(precision, operands, transa, transb, m, n, k, alphaValue, lda, ldb,
                    betaValue, ldc);
            }
        });
    }

    /**
     * LU factorisation of each matrix in place (see {@link Kernels#getrf}). The pivots of matrix i are the
     * n ints from {@code pivotArray + i * n * 4}, 1-based; a pivot array address of 0 asks for no pivoting, as in
     * cuBLAS. info[i] is 0, or the 1-based index of the first exactly zero pivot.
     * <p>
     * cuBLAS 13.1 refuses lda &lt; n but accepts lda = 0 when n = 0; the check here is the same.
     */
    static int getrfBatched(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long aArray, final int lda, final long pivotArray, final long infoArray, final int batchSize)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireNonNegative("n", n);
            call.require(lda >= n, "lda (" + lda + ") < n (" + n + ")");
            call.requireNonNegative("batchSize", batchSize);
            if (n == 0 || batchSize == 0)
            {
                return;
            }
            final long[] aPointers = pointers(call, "Aarray", aArray, batchSize);
            final DeviceRegion[] matrices = new DeviceRegion[batchSize];
            for (int i = 0; i < batchSize; i++)
            {
                matrices[i] = call.matrix("A[" + i + "]", aPointers[i], n, n, lda);
            }
            final boolean pivoting = pivotArray != 0;
            final DeviceRegion pivotRegion = pivoting ?
                call.region("pivotArray", pivotArray, (long)n * batchSize, Integer.BYTES) : null;
            final DeviceRegion infoRegion = call.region("infoArray", infoArray, batchSize, Integer.BYTES);
            final int[] allPivots = pivoting ? new int[n * batchSize] : null;
            final int[] info = new int[batchSize];
            final int[] pivots = pivoting ? new int[n] : null;
            for (int i = 0; i < batchSize; i++)
            {
                final Object lu = matrices[i].read(precision);
                info[i] = precision.kernels.getrf(n, lu, lda, pivots);
                matrices[i].writeMatrix(lu, n, n, lda);
                if (pivoting)
                {
                    System.arraycopy(pivots, 0, allPivots, i * n, n);
                }
            }
            if (pivoting)
            {
                pivotRegion.writeRun(allPivots, 0, allPivots.length);
            }
            infoRegion.writeRun(info, 0, batchSize);
        });
    }

    /**
     * The inverse of each matrix from its getrf factors, into a separate output. A pivot outside [1, n] would
     * index outside the matrix on the GPU and is refused with {@link CublasStatus#EXECUTION_FAILED}. info[i] is
     * the 1-based index of the first zero on U's diagonal, whose C is then left as it was.
     */
    static int getriBatched(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long aArray, final int lda, final long pivotArray, final long cArray, final int ldc,
        final long infoArray, final int batchSize)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireNonNegative("n", n);
            call.require(lda >= n, "lda (" + lda + ") < n (" + n + ")");
            call.require(ldc >= n, "ldc (" + ldc + ") < n (" + n + ")");
            call.requireNonNegative("batchSize", batchSize);
            if (n == 0 || batchSize == 0)
            {
                return;
            }
            final long[] aPointers = pointers(call, "Aarray", aArray, batchSize);
            final long[] cPointers = pointers(call, "Carray", cArray, batchSize);
            final DeviceRegion[] factors = new DeviceRegion[batchSize];
            final DeviceRegion[] inverses = new DeviceRegion[batchSize];
            for (int i = 0; i < batchSize; i++)
            {
                factors[i] = call.matrix("A[" + i + "]", aPointers[i], n, n, lda);
                inverses[i] = call.matrix("C[" + i + "]", cPointers[i], n, n, ldc);
            }
            final int[] allPivots = pivotArray == 0 ? null :
                call.region("pivotArray", pivotArray, (long)n * batchSize, Integer.BYTES).readInts();
            for (int i = 0; allPivots != null && i < allPivots.length; i++)
            {
                if (allPivots[i] < 1 || allPivots[i] > n)
                {
                    throw new BlasFailure(CublasStatus.EXECUTION_FAILED, routine + ": pivotArray[" + i + "] (" +
                        allPivots[i] + ") is outside [1, " + n + "]");
                }
            }
            final DeviceRegion infoRegion = call.region("infoArray", infoArray, batchSize, Integer.BYTES);
            final int[] info = new int[batchSize];
            final int[] pivots = allPivots == null ? null : new int[n];
            for (int i = 0; i < batchSize; i++)
            {
                if (pivots != null)
                {
                    System.arraycopy(allPivots, i * n, pivots, 0, n);
                }
                final Object inverse = inverses[i].read(precision);
                info[i] = precision.kernels.getri(n, factors[i].read(precision), lda, pivots, inverse, ldc);
                if (info[i] == 0)
                {
                    inverses[i].writeMatrix(inverse, n, n, ldc);
                }
            }
            infoRegion.writeRun(info, 0, batchSize);
        });
    }

    /**
     * cublasGemmEx for all-single or all-double operands with a compute type of the same precision (see
     * {@link CublasComputeType}); alpha and beta are read in the compute type's precision. Any other combination,
     * which cuBLAS may support (half precision, mixed types), is {@link CublasStatus#NOT_SUPPORTED}, as cuBLAS
     * itself answers for combinations it lacks; cuBLAS 13.1 answered 15 for 32F data with a 64F compute type.
     */
    static int gemmEx(final CublasHandle handle, final int transa, final int transb, final int m, final int n,
        final int k, final Scalar alpha, final long a, final int aType, final int lda, final long b, final int bType,
        final int ldb, final Scalar beta, final long c, final int cType, final int ldc, final int computeType,
        final int algo)
    {
        final Precision precision = gemmExPrecision(aType, bType, cType, computeType);
        return BlasCall.run(handle, "cublasGemmEx", precision == null ? Precision.SINGLE : precision, call ->
        {
            Level3Routines.checkGemm(call, transa, transb, m, n, k, lda, ldb, ldc);
            call.require(CublasGemmAlgo.isValid(algo), "algo (" + algo + ") is not a cublasGemmAlgo_t");
            if (precision == null)
            {
                throw new BlasFailure(CublasStatus.NOT_SUPPORTED, "cublasGemmEx: Atype " + aType + ", Btype " + bType +
                    ", Ctype " + cType + " with computeType " + computeType + " is not emulated");
            }
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (Level3Routines.nothingToDo(k, alphaValue, betaValue))
            {
                return;
            }
            final Level3Routines.GemmOperands operands =
                Level3Routines.gemmOperands(call, "", transa, transb, m, n, k, alphaValue, a, lda, b, ldb, c, ldc);
            Level3Routines.computeGemm(precision, operands, transa, transb, m, n, k, alphaValue, lda, ldb, betaValue,
                ldc);
        });
    }

    private static Precision gemmExPrecision(final int aType, final int bType, final int cType, final int computeType)
    {
        if (aType == CudaDataType.R_32F && bType == CudaDataType.R_32F && cType == CudaDataType.R_32F &&
            CublasComputeType.isSinglePrecision(computeType))
        {
            return Precision.SINGLE;
        }
        if (aType == CudaDataType.R_64F && bType == CudaDataType.R_64F && cType == CudaDataType.R_64F &&
            CublasComputeType.isDoublePrecision(computeType))
        {
            return Precision.DOUBLE;
        }
        return null;
    }

    private static long[] pointers(final BlasCall call, final String name, final long array, final int count)
    {
        return call.region(name, array, count, POINTER_SIZE).readLongs();
    }
}
