package io.gpurelay.emulator.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.gpurelay.emulator.blas.CublasOperation;
import io.gpurelay.emulator.blas.ElementType;

/**
 * getrf and getrs against the double reference: solutions and factors within {@link ElementType#tolerance()},
 * pivots and info exactly.
 */
class CusolverDnLuTest
{
    /** What the rows between lda and m hold; a routine must leave them alone. */
    static final double PADDING = 777.0;

    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(20250_13);

    @AfterEach
    void close()
    {
        device.close();
    }

    /**
     * A strictly diagonally dominant matrix with its rows rotated up by one, so that A(0,0) (set to exactly zero)
     * cannot be the first pivot and every step must interchange; column-major with leading dimension lda, the
     * padding rows {@link #PADDING}. Its condition number stays below about 3.
     */
    static double[] needingPivots(final ElementType type, final Random random, final int n, final int lda)
    {
        final double[] a = new double[lda * n];
        for (int i = 0; i < lda; i++)
        {
            for (int j = 0; j < n; j++)
            {
                final int row = (i + 1) % n;
                a[i + j * lda] = i >= n ? PADDING :
                    type.round(row == j ? n + random.nextDouble() : random.nextDouble() * 2.0 - 1.0);
            }
        }
        a[0] = 0.0;
        return a;
    }

    static double[] padded(final ElementType type, final Random random, final int m, final int n, final int ld)
    {
        final double[] b = new double[ld * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < ld; i++)
            {
                b[i + j * ld] = i < m ? type.round(random.nextDouble() * 2.0 - 1.0) : PADDING;
            }
        }
        return b;
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrfPivotsAndGetrsSolvesInEveryOperation(final ElementType type)
    {
        final int n = 9;
        final int lda = n + 3;
        final int nrhs = 3;
        final int ldb = n + 2;
        for (final int trans : new int[]{ CublasOperation.N, CublasOperation.T, CublasOperation.C })
        {
            final double[] a = needingPivots(type, random, n, lda);
            final double[] b = padded(type, random, n, nrhs, ldb);
            final long da = device.store(type, a);
            final long db = device.store(type, b);
            final int[] lwork = new int[1];
            assertEquals(0, Solvers.getrfBufferSize(type, device.handle, n, n, da, lda, lwork));
            assertEquals(n, lwork[0]);
            final long workspace = device.allocate((long)lwork[0] * type.size);
            final long ipiv = device.storeInts(new int[n]);
            final long info = device.storeInts(-5);

            assertEquals(0, Solvers.getrf(type, device.handle, n, n, da, lda, workspace, ipiv, info));
            assertEquals(0, device.loadInt(info));
            final double[][] expected = Reference.matrix(a, n, n, lda);
            final int[] pivots = Reference.lu(expected);
            assertArrayEquals(pivots, device.loadInts(ipiv, n));
            assertEquals(n, pivots[0], "A(0,0) = 0 must be pivoted away");
            final double[] lu = device.load(type, da, lda * n);
            Reference.assertClose(type, expected, lu, lda, "LU");
            assertPaddingKept(lu, n, n, lda);

            final long solveInfo = device.storeInts(-5);
            assertEquals(0, Solvers.getrs(type, device.handle, trans, n, nrhs, da, lda, ipiv, db, ldb, solveInfo));
            assertEquals(0, device.loadInt(solveInfo));
            final double[] x = device.load(type, db, ldb * nrhs);
            Reference.assertClose(type, Reference.solve(Reference.matrix(a, n, n, lda), trans != CublasOperation.N,
                Reference.matrix(b, n, nrhs, ldb)), x, ldb, "X (trans " + trans + ")");
            assertPaddingKept(x, n, nrhs, ldb);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void rectangularMatricesFactorTallAndWide(final ElementType type)
    {
        for (final int[] shape : new int[][]{ { 7, 4 }, { 3, 6 }, { 1, 5 }, { 5, 1 } })
        {
            final int m = shape[0];
            final int n = shape[1];
            final int lda = m + 1;
            final double[] a = padded(type, random, m, n, lda);
            final long da = device.store(type, a);
            final int[] lwork = new int[1];
            assertEquals(0, Solvers.getrfBufferSize(type, device.handle, m, n, da, lda, lwork));
            final long workspace = device.allocate((long)lwork[0] * type.size);
            final int steps = Math.min(m, n);
            final long ipiv = device.storeInts(new int[steps + 1]);
            final long info = device.storeInts(-5);

            assertEquals(0, Solvers.getrf(type, device.handle, m, n, da, lda, workspace, ipiv, info));
            assertEquals(0, device.loadInt(info));
            final double[][] expected = Reference.matrix(a, m, n, lda);
            final int[] pivots = Reference.lu(expected);
            final int[] written = device.loadInts(ipiv, steps + 1);
            for (int k = 0; k < steps; k++)
            {
                assertEquals(pivots[k], written[k], m + "x" + n + " pivot " + k);
            }
            assertEquals(0, written[steps], "only min(m, n) pivots are written");
            final double[] lu = device.load(type, da, lda * n);
            Reference.assertClose(type, expected, lu, lda, m + "x" + n + " LU");
            assertPaddingKept(lu, m, n, lda);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aPivotAddressOfZeroFactorsAndSolvesWithoutInterchanges(final ElementType type)
    {
        final int n = 6;
        final double[] a = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                a[i + j * n] = type.round(i == j ? n + random.nextDouble() : random.nextDouble() - 0.5);
            }
        }
        a[1] = type.round(n + 2.0);
        final double[] b = padded(type, random, n, 2, n);
        final long da = device.store(type, a);
        final long db = device.store(type, b);
        final long info = device.storeInts(-5);

        assertEquals(0, Solvers.getrf(type, device.handle, n, n, da, n, device.allocate(n * 8L), 0, info));
        assertEquals(0, device.loadInt(info));
        final double[] lu = device.load(type, da, n * n);
        final double[][] original = Reference.matrix(a, n, n, n);
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                double sum = 0;
                for (int k = 0; k <= Math.min(i, j); k++)
                {
                    sum += (k == i ? 1.0 : lu[i + k * n]) * lu[k + j * n];
                }
                assertEquals(original[i][j], sum, type.tolerance() * (1 + Math.abs(original[i][j])),
                    "L U (" + i + "," + j + ") without interchanges");
            }
        }
        assertEquals(0, Solvers.getrs(type, device.handle, CublasOperation.N, n, 2, da, n, 0, db, n, info));
        Reference.assertClose(type, Reference.solve(original, false, Reference.matrix(b, n, 2, n)),
            device.load(type, db, n * 2), n, "X without pivots");
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aZeroColumnGivesInfoAndTheFactorisationCompletes(final ElementType type)
    {
        // Column-major [[2, 0, 1], [4, 0, 3], [1, 0, 5]]: after the first step column 1 is zero below the diagonal.
        final long da = device.store(type, new double[]{ 2, 4, 1, 0, 0, 0, 1, 3, 5 });
        final long ipiv = device.storeInts(0, 0, 0);
        final long info = device.storeInts(-5);

        assertEquals(0, Solvers.getrf(type, device.handle, 3, 3, da, 3, device.allocate(3 * 8), ipiv, info));
        assertEquals(2, device.loadInt(info));
        assertArrayEquals(new int[]{ 2, 2, 3 }, device.loadInts(ipiv, 3));
        assertArrayEquals(new double[]{ 4, 0.5, 0.25, 0, 0, 0, 3, -0.5, 4.25 }, device.load(type, da, 9));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theFirstZeroPivotIsReportedAmongSeveral(final ElementType type)
    {
        // diag(1, 0, 0): info is 2, the first of the two zeros on U's diagonal, and nothing is pivoted.
        final long da = device.store(type, new double[]{ 1, 0, 0, 0, 0, 0, 0, 0, 0 });
        final long ipiv = device.storeInts(0, 0, 0);
        final long info = device.storeInts(-5);

        assertEquals(0, Solvers.getrf(type, device.handle, 3, 3, da, 3, device.allocate(3 * 8), ipiv, info));
        assertEquals(2, device.loadInt(info));
        assertArrayEquals(new int[]{ 1, 2, 3 }, device.loadInts(ipiv, 3));

        // Singular only in the last step: [[1, 2], [2, 4]] column-major, info n.
        final long db = device.store(type, new double[]{ 1, 2, 2, 4 });
        assertEquals(0, Solvers.getrf(type, device.handle, 2, 2, db, 2, device.allocate(2 * 8), ipiv, info));
        assertEquals(2, device.loadInt(info));
        assertArrayEquals(new int[]{ 2, 2 }, device.loadInts(ipiv, 2));
        assertArrayEquals(new double[]{ 2, 0.5, 4, 0 }, device.load(type, db, 4));
    }

    static void assertPaddingKept(final double[] values, final int rows, final int cols, final int ld)
    {
        for (int j = 0; j < cols; j++)
        {
            for (int i = rows; i < ld; i++)
            {
                assertEquals(PADDING, values[i + j * ld], "padding (" + i + "," + j + ")");
            }
        }
    }
}
