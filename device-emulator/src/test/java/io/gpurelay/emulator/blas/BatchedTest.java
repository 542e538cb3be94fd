package io.gpurelay.emulator.blas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BatchedTest
{
    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(53);

    @AfterEach
    void close()
    {
        device.close();
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void gemmBatchedFindsItsMatricesThroughDevicePointerArrays(final ElementType type)
    {
        final int batch = 3;
        final int m = 4;
        final int n = 3;
        final int k = 5;
        final double[][] a = new double[batch][];
        final double[][] b = new double[batch][];
        final double[][] c = new double[batch][];
        final long[] da = new long[batch];
        final long[] db = new long[batch];
        final long[] dc = new long[batch];
        for (int i = 0; i < batch; i++)
        {
            a[i] = type.random(random, k * m);
            b[i] = type.random(random, k * n);
            c[i] = type.random(random, m * n);
            da[i] = device.store(type, a[i]);
            db[i] = device.store(type, b[i]);
            dc[i] = device.store(type, c[i]);
        }
        final double alpha = type.round(2.0);
        final double beta = type.round(-1.0);

        assertEquals(0, Routines.gemmBatched(type, device.handle, CublasOperation.T, CublasOperation.N, m, n, k,
            Scalar.host(alpha), device.storePointers(da), k, device.storePointers(db), k, Scalar.host(beta),
            device.storePointers(dc), m, batch));

        for (int i = 0; i < batch; i++)
        {
            assertArrayEquals(Reference.gemm(type, true, false, m, n, k, alpha, a[i], k, b[i], k, beta, c[i], m),
                device.load(type, dc[i], m * n), "matrix " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void oneBadPointerLeavesTheWholeBatchUntouched(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long c0 = device.store(type, new double[]{ 7, 7, 7, 7 });
        final long c1 = device.store(type, new double[]{ 8, 8, 8 });

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.gemmBatched(type, device.handle, CublasOperation.N,
            CublasOperation.N, 2, 2, 2, Scalar.host(1.0), device.storePointers(a, a), 2, device.storePointers(a, a), 2,
            Scalar.host(0.0), device.storePointers(c0, c1), 2, 2));
        assertTrue(device.handle.lastErrorMessage().contains("C[1] [0x"), device.handle.lastErrorMessage());
        assertArrayEquals(new double[]{ 7, 7, 7, 7 }, device.load(type, c0, 4));

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.gemmBatched(type, device.handle, CublasOperation.N,
            CublasOperation.N, 2, 2, 2, Scalar.host(1.0), device.storePointers(a), 2, device.storePointers(a), 2,
            Scalar.host(0.0), device.storePointers(c0), 2, 2));
        assertTrue(device.handle.lastErrorMessage().contains("Aarray [0x"), device.handle.lastErrorMessage());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void gemmStridedBatchedStepsThroughMemoryIncludingBackwards(final ElementType type)
    {
        final int batch = 3;
        final int m = 3;
        final int n = 2;
        final int k = 4;
        final int strideA = m * k + 1;
        final double[] a = type.random(random, strideA * batch);
        final double[] b = type.random(random, n * k);
        final double[] c = type.random(random, m * n * batch);
        final long da = device.store(type, a);
        final long db = device.store(type, b);
        final long dc = device.store(type, c);
        final long lastC = dc + (long)(batch - 1) * m * n * type.size;

        assertEquals(0, Routines.gemmStridedBatched(type, device.handle, CublasOperation.N, CublasOperation.T, m, n, k,
            Scalar.host(1.0), da, m, strideA, db, n, 0, Scalar.host(0.5), lastC, m, -m * n, batch));

        final double[] result = device.load(type, dc, c.length);
        for (int i = 0; i < batch; i++)
        {
            final double[] ai = Arrays.copyOfRange(a, i * strideA, i * strideA + m * k);
            final int cAt = (batch - 1 - i) * m * n;
            final double[] ci = Arrays.copyOfRange(c, cAt, cAt + m * n);
            assertArrayEquals(Reference.gemm(type, false, true, m, n, k, 1.0, ai, m, b, n, 0.5, ci, m),
                Arrays.copyOfRange(result, cAt, cAt + m * n), "matrix " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrfAndGetriRecoverTheInverse(final ElementType type)
    {
        final int n = 6;
        final int batch = 4;
        final int lda = 7;
        final long[] factors = new long[batch];
        final long[] inverses = new long[batch];
        final double[][] matrices = new double[batch][];
        for (int i = 0; i < batch; i++)
        {
            matrices[i] = type.random(random, lda * n);
            factors[i] = device.store(type, matrices[i]);
            inverses[i] = device.store(type, new double[lda * n]);
        }
        final long pivots = device.storeInts(new int[n * batch]);
        final long info = device.storeInts(new int[]{ -1, -1, -1, -1 });

        assertEquals(0, Routines.getrfBatched(type, device.handle, n, device.storePointers(factors), lda, pivots, info,
            batch));
        assertArrayEquals(new int[batch], device.loadInts(info, batch));
        final int[] pivotValues = device.loadInts(pivots, n * batch);
        for (int i = 0; i < pivotValues.length; i++)
        {
            assertTrue(pivotValues[i] >= i % n + 1 && pivotValues[i] <= n, "pivot " + i + " = " + pivotValues[i]);
        }

        assertEquals(0, Routines.getriBatched(type, device.handle, n, device.storePointers(factors), lda, pivots,
            device.storePointers(inverses), lda, info, batch));
        assertArrayEquals(new int[batch], device.loadInts(info, batch));

        final double tolerance = type == ElementType.SINGLE ? 1e-4 : 1e-10;
        for (int i = 0; i < batch; i++)
        {
            final double[] product = Reference.product(n, packed(matrices[i], n, lda),
                packed(device.load(type, inverses[i], lda * n), n, lda));
            for (int row = 0; row < n; row++)
            {
                for (int column = 0; column < n; column++)
                {
                    assertEquals(row == column ? 1.0 : 0.0, product[row + column * n], tolerance,
                        "matrix " + i + " (A A^-1)(" + row + ", " + column + ")");
                }
            }
        }
    }

    private static double[] packed(final double[] a, final int n, final int lda)
    {
        final double[] result = new double[n * n];
        for (int j = 0; j < n; j++)
        {
            System.arraycopy(a, j * lda, result, j * n, n);
        }
        return result;
    }

    /**
     * Four 3 x 3 matrices whose factors cuBLAS 13.1's sgetrfBatched was measured on: partial pivoting, a singular
     * matrix whose first column is zero (factorisation stops, pivots stay 1 2 3, info 1) and a tie for the pivot
     * (the first row wins).
     */
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrfFactorsAsCublasDid(final ElementType type)
    {
        final double[][] matrices = {
            { 0, 1, 0, 1, 0, 0, 0, 0, 2 },
            { 0, 0, 0, 1, 2, 3, 4, 5, 7 },
            { 2, -2, 1, 1, 3, 2, 1, 1, 4 },
            { 2, 1, 0, 4, 2, 0, 1, 5, 3 },
        };
        final double[][] factors = {
            { 1, 0, 0, 0, 1, 0, 0, 0, 2 },
            { 0, 0, 0, 1, 2, 3, 4, 5, 7 },
            { 2, -1, 0.5, 1, 4, 0.375, 1, 2, 2.75 },
            { 2, 0.5, 0, 4, 0, 0, 1, 4.5, 3 },
        };
        final long[] addresses = new long[4];
        for (int i = 0; i < 4; i++)
        {
            addresses[i] = device.store(type, matrices[i]);
        }
        final long pivots = device.storeInts(new int[12]);
        final long info = device.storeInts(new int[4]);

        assertEquals(0, Routines.getrfBatched(type, device.handle, 3, device.storePointers(addresses), 3, pivots, info,
            4));

        for (int i = 0; i < 4; i++)
        {
            assertArrayEquals(factors[i], device.load(type, addresses[i], 9), "matrix " + i);
        }
        assertArrayEquals(new int[]{ 2, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3 }, device.loadInts(pivots, 12));
        assertArrayEquals(new int[]{ 0, 1, 0, 2 }, device.loadInts(info, 4));

        final long inverses = device.store(type, new double[]{ 5, 5, 5, 5, 5, 5, 5, 5, 5 });
        assertEquals(0, Routines.getriBatched(type, device.handle, 3, device.storePointers(addresses[1]), 3,
            pivots + 12, device.storePointers(inverses), 3, info, 1));
        assertArrayEquals(new int[]{ 1 }, device.loadInts(info, 1));
        assertArrayEquals(new double[]{ 5, 5, 5, 5, 5, 5, 5, 5, 5 }, device.load(type, inverses, 9));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrfWithoutAPivotArrayDoesNotPivot(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long info = device.storeInts(new int[1]);

        assertEquals(0, Routines.getrfBatched(type, device.handle, 2, device.storePointers(a), 2, 0, info, 1));
        assertArrayEquals(new double[]{ 1, 2, 3, -2 }, device.load(type, a, 4));

        final long inverse = device.store(type, new double[4]);
        assertEquals(0, Routines.getriBatched(type, device.handle, 2, device.storePointers(a), 2, 0,
            device.storePointers(inverse), 2, info, 1));
        assertArrayEquals(new double[]{ -2, 1, 1.5, -0.5 }, device.load(type, inverse, 4));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void batchedArgumentsAreRefusedAsCublasDoes(final ElementType t)
    {
        final long d = device.store(t, new double[64]);
        final long pointers = device.storePointers(d, d);
        final long ints = device.storeInts(new int[16]);
        final CublasHandle h = device.handle;
        final Scalar one = Scalar.host(1.0);
        final int n = CublasOperation.N;
        final int[] refused = {
            Routines.gemmBatched(t, h, n, n, 4, 4, 4, one, pointers, 4, pointers, 4, one, pointers, 4, -1),
            Routines.gemmBatched(t, h, n, n, -1, 4, 4, one, pointers, 4, pointers, 4, one, pointers, 4, 2),
            Routines.gemmBatched(t, h, n, n, 4, 4, 4, one, pointers, 3, pointers, 4, one, pointers, 4, 2),
            Routines.gemmBatched(t, h, 3, n, 4, 4, 4, one, pointers, 4, pointers, 4, one, pointers, 4, 2),
            Routines.gemmStridedBatched(t, h, n, n, 4, 4, 4, one, d, 4, 16, d, 4, 16, one, d, 4, 16, -1),
            Routines.gemmStridedBatched(t, h, n, n, -1, 4, 4, one, d, 4, 16, d, 4, 16, one, d, 4, 16, 2),
            Routines.gemmStridedBatched(t, h, n, n, 4, 4, 4, one, d, 4, 16, d, 4, 16, one, d, 3, 16, 2),
            Routines.getrfBatched(t, h, -1, pointers, 4, ints, ints, 1),
            Routines.getrfBatched(t, h, 4, pointers, 3, ints, ints, 1),
            Routines.getrfBatched(t, h, 4, pointers, 4, ints, ints, -1),
            Routines.getriBatched(t, h, -1, pointers, 4, ints, pointers, 4, ints, 1),
            Routines.getriBatched(t, h, 4, pointers, 3, ints, pointers, 4, ints, 1),
            Routines.getriBatched(t, h, 4, pointers, 4, ints, pointers, 3, ints, 1),
            Routines.getriBatched(t, h, 4, pointers, 4, ints, pointers, 4, ints, -1),
        };
        for (int i = 0; i < refused.length; i++)
        {
            assertEquals(CublasStatus.INVALID_VALUE, refused[i], "case " + i);
        }
        assertEquals(0, Routines.gemmBatched(t, h, n, n, 4, 4, 4, one, pointers, 4, pointers, 4, one, pointers, 4, 0));
        assertEquals(0, Routines.getrfBatched(t, h, 0, pointers, 0, ints, ints, 1));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getriRefusesPivotsOutsideTheMatrix(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 1, 0, 0, 1 });
        final long c = device.store(type, new double[4]);

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.getriBatched(type, device.handle, 2,
            device.storePointers(a), 2, device.storeInts(new int[]{ 1, 3 }), device.storePointers(c), 2,
            device.storeInts(new int[1]), 1));
        assertTrue(device.handle.lastErrorMessage().contains("pivotArray[1] (3)"), device.handle.lastErrorMessage());
    }

    @Test
    void gemmExComputesSingleAndDoubleLikeSgemmAndDgemm()
    {
        final int[][] supported = {
            { CudaDataType.R_32F, CublasComputeType.COMPUTE_32F },
            { CudaDataType.R_32F, CublasComputeType.COMPUTE_32F_PEDANTIC },
            { CudaDataType.R_32F, CublasComputeType.COMPUTE_32F_FAST_TF32 },
            { CudaDataType.R_32F, CudaDataType.R_32F },
            { CudaDataType.R_64F, CublasComputeType.COMPUTE_64F },
            { CudaDataType.R_64F, CudaDataType.R_64F },
        };
        for (final int[] types : supported)
        {
            final ElementType type = types[0] == CudaDataType.R_32F ? ElementType.SINGLE : ElementType.DOUBLE;
            final double[] a = type.random(random, 12);
            final double[] b = type.random(random, 12);
            final long c = device.store(type, new double[9]);
            assertEquals(0, Cublas.gemmEx(device.handle, CublasOperation.T, CublasOperation.N, 3, 3, 4,
                Scalar.host(1.5), device.store(type, a), types[0], 4, device.store(type, b), types[0], 4,
                Scalar.host(0.0), c, types[0], 3, types[1], CublasGemmAlgo.DEFAULT), "compute type " + types[1]);
            assertArrayEquals(Reference.gemm(type, true, false, 3, 3, 4, 1.5, a, 4, b, 4, 0.0, new double[9], 3),
                device.load(type, c, 9));
        }
    }

    @Test
    void gemmExRefusesWhatItDoesNotEmulate()
    {
        final long d = device.store(ElementType.DOUBLE, new double[32]);
        final Scalar one = Scalar.host(1.0);
        final int[][] unsupported = {
            { CudaDataType.R_32F, CudaDataType.R_32F, CudaDataType.R_32F, CublasComputeType.COMPUTE_64F },
            { CudaDataType.R_64F, CudaDataType.R_64F, CudaDataType.R_64F, CublasComputeType.COMPUTE_32F },
            { CudaDataType.R_32F, CudaDataType.R_32F, CudaDataType.R_64F, CublasComputeType.COMPUTE_32F },
            { CudaDataType.R_16F, CudaDataType.R_16F, CudaDataType.R_16F, CublasComputeType.COMPUTE_16F },
            { CudaDataType.R_32F, CudaDataType.R_32F, CudaDataType.R_32F, 999 },
            { CudaDataType.R_32F, CudaDataType.R_32F, CudaDataType.R_32F, CudaDataType.R_16F },
        };
        for (final int[] types : unsupported)
        {
            assertEquals(CublasStatus.NOT_SUPPORTED, Cublas.gemmEx(device.handle, CublasOperation.N, CublasOperation.N,
                2, 2, 2, one, d, types[0], 2, d, types[1], 2, one, d, types[2], 2, types[3], CublasGemmAlgo.DEFAULT));
        }
        assertEquals(CublasStatus.INVALID_VALUE, Cublas.gemmEx(device.handle, CublasOperation.N, CublasOperation.N, 2,
            2, 2, one, d, CudaDataType.R_32F, 2, d, CudaDataType.R_32F, 2, one, d, CudaDataType.R_32F, 2,
            CublasComputeType.COMPUTE_32F, 24));
        assertEquals(CublasStatus.INVALID_VALUE, Cublas.gemmEx(device.handle, CublasOperation.N, CublasOperation.N, -1,
            2, 2, one, d, CudaDataType.R_32F, 2, d, CudaDataType.R_32F, 2, one, d, CudaDataType.R_32F, 2,
            CublasComputeType.COMPUTE_32F, CublasGemmAlgo.DEFAULT));
        assertEquals(0, Cublas.gemmEx(device.handle, CublasOperation.N, CublasOperation.N, 2, 2, 2, one, d,
            CudaDataType.R_32F, 2, d, CudaDataType.R_32F, 2, one, d, CudaDataType.R_32F, 2,
            CublasComputeType.COMPUTE_32F, CublasGemmAlgo.ALGO15_TENSOR_OP));
    }

    @Test
    void gemmExReadsDeviceScalarsInTheComputePrecision()
    {
        assertEquals(0, device.handle.setPointerMode(CublasPointerMode.DEVICE));
        final long a = device.store(ElementType.DOUBLE, new double[]{ 1, 2, 3, 4 });
        final long c = device.store(ElementType.DOUBLE, new double[4]);

        assertEquals(0, Cublas.gemmEx(device.handle, CublasOperation.N, CublasOperation.N, 2, 2, 2,
            Scalar.device(device.store(ElementType.DOUBLE, new double[]{ 0.1 })), a, CudaDataType.R_64F, 2, a,
            CudaDataType.R_64F, 2, Scalar.device(device.store(ElementType.DOUBLE, new double[]{ 0.0 })), c,
            CudaDataType.R_64F, 2, CublasComputeType.COMPUTE_64F, CublasGemmAlgo.DEFAULT));
        assertArrayEquals(new double[]{ 0.1 * 7, 0.1 * 10, 0.1 * 15, 0.1 * 22 }, device.load(ElementType.DOUBLE, c, 4),
            1e-15);
    }
}
