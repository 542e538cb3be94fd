package io.gpurelay.emulator.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.gpurelay.emulator.blas.CublasFillMode;
import io.gpurelay.emulator.blas.ElementType;

/**
 * potrf and potrs against the double reference, in both triangles: factors and solutions within
 * {@link ElementType#tolerance()}, info exactly, and the other triangle (NaN here) neither read nor written.
 */
class CusolverDnCholeskyTest
{
    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(4711);

    @AfterEach
    void close()
    {
        device.close();
    }

    /**
     * M M^T / n + I for a random M, rounded to the type: symmetric positive definite with eigenvalues between 1 and
     * about 2, stored in the uplo triangle only; the other triangle is NaN and the padding rows
     * {@link CusolverDnLuTest#PADDING}.
     */
    static double[] spd(final ElementType type, final Random random, final int n, final int lda,
        final boolean lower, final double[][] full)
    {
        final double[][] m = new double[n][n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                m[i][j] = random.nextDouble() * 2.0 - 1.0;
            }
        }
        final double[] a = new double[lda * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < lda; i++)
            {
                a[i + j * lda] = i >= n ? CusolverDnLuTest.PADDING : Double.NaN;
            }
        }
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j <= i; j++)
            {
                double sum = i == j ? 1.0 : 0.0;
                for (int k = 0; k < n; k++)
                {
                    sum += m[i][k] * m[j][k] / n;
                }
                full[i][j] = type.round(sum);
                full[j][i] = full[i][j];
                if (lower)
                {
                    a[i + j * lda] = full[i][j];
                }
                else
                {
                    a[j + i * lda] = full[i][j];
                }
            }
        }
        return a;
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void potrfFactorsAndPotrsSolvesInBothTriangles(final ElementType type)
    {
        final int n = 10;
        final int lda = n + 2;
        final int nrhs = 3;
        final int ldb = n + 1;
        for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
        {
            final boolean lower = uplo == CublasFillMode.LOWER;
            final double[][] full = new double[n][n];
            final double[] a = spd(type, random, n, lda, lower, full);
            final double[] b = CusolverDnLuTest.padded(type, random, n, nrhs, ldb);
            final long da = device.store(type, a);
            final long db = device.store(type, b);
            final int[] lwork = new int[1];
            assertEquals(0, Solvers.potrfBufferSize(type, device.handle, uplo, n, da, lda, lwork));
            assertEquals(n, lwork[0]);
            final long workspace = device.allocate((long)lwork[0] * type.size);
            final long info = device.storeInts(-5);

            assertEquals(0, Solvers.potrf(type, device.handle, uplo, n, da, lda, workspace, lwork[0], info));
            assertEquals(0, device.loadInt(info));
            final double[][] l = Reference.cholesky(full);
            final double[] factor = device.load(type, da, lda * n);
            for (int i = 0; i < n; i++)
            {
                for (int j = 0; j < n; j++)
                {
                    final boolean stored = lower ? i >= j : i <= j;
                    final double value = factor[i + j * lda];
                    if (!stored)
                    {
                        assertTrue(Double.isNaN(value), "the other triangle (" + i + "," + j + ") was written");
                        continue;
                    }
                    final double expected = lower ? l[i][j] : l[j][i];
                    assertEquals(expected, value, type.tolerance() * (1 + Math.abs(expected)),
                        "uplo " + uplo + " factor (" + i + "," + j + ")");
                }
            }
            CusolverDnLuTest.assertPaddingKept(factor, n, n, lda);

            final long solveInfo = device.storeInts(-5);
            assertEquals(0, Solvers.potrs(type, device.handle, uplo, n, nrhs, da, lda, db, ldb, solveInfo));
            assertEquals(0, device.loadInt(solveInfo));
            final double[] x = device.load(type, db, ldb * nrhs);
            Reference.assertClose(type, Reference.solve(full, false, Reference.matrix(b, n, nrhs, ldb)), x, ldb,
                "uplo " + uplo + " X");
            CusolverDnLuTest.assertPaddingKept(x, n, nrhs, ldb);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aMinorThatIsNotPositiveDefiniteStopsTheFactorisation(final ElementType type)
    {
        // [[4, 2, 1], [2, 1, 3], [1, 3, 9]]: the leading minor of order 2 is 4 - 4 = 0.
        final double[] a = { 4, 2, 1, 2, 1, 3, 1, 3, 9 };
        for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
        {
            final long da = device.store(type, a);
            final long info = device.storeInts(-5);
            assertEquals(0, Solvers.potrf(type, device.handle, uplo, 3, da, 3, device.allocate(3 * 8), 3, info));
            assertEquals(2, device.loadInt(info), "uplo " + uplo);
            // Column 0 factored (2, then 2 / 2 = 1), a(1,1) replaced by 1 - 1 * 1 = 0, the rest untouched.
            final double[] expected = uplo == CublasFillMode.LOWER ?
                new double[]{ 2, 1, 0.5, 2, 0, 3, 1, 3, 9 } : new double[]{ 2, 2, 1, 1, 0, 3, 0.5, 3, 9 };
            assertArrayEquals(expected, device.load(type, da, 9), "uplo " + uplo);
        }

        final long negative = device.store(type, new double[]{ -1, 0, 0, 1 });
        final long info = device.storeInts(-5);
        assertEquals(0, Solvers.potrf(type, device.handle, CublasFillMode.LOWER, 2, negative, 2,
            device.allocate(16), 2, info));
        assertEquals(1, device.loadInt(info));
        assertArrayEquals(new double[]{ -1, 0, 0, 1 }, device.load(type, negative, 4));

        final long nan = device.store(type, new double[]{ 4, 0, 0, Double.NaN });
        assertEquals(0, Solvers.potrf(type, device.handle, CublasFillMode.UPPER, 2, nan, 2,
            device.allocate(16), 2, info));
        assertEquals(2, device.loadInt(info), "a NaN diagonal is not positive");
    }
}
