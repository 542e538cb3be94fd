package io.gpurelay.emulator.blas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class Level3Test
{
    private static final int[] OPERATIONS = { CublasOperation.N, CublasOperation.T, CublasOperation.C };

    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(37);

    @AfterEach
    void close()
    {
        device.close();
    }

    static Stream<Arguments> gemmCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int transa : OPERATIONS)
            {
                for (final int transb : OPERATIONS)
                {
                    cases.add(Arguments.of(type, transa, transb, CublasPointerMode.HOST, 0.0));
                    cases.add(Arguments.of(type, transa, transb, CublasPointerMode.DEVICE, 0.25));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("gemmCases")
    void gemmMatchesTheFormula(final ElementType type, final int transa, final int transb, final int pointerMode,
        final double beta)
    {
        assertEquals(0, device.handle.setPointerMode(pointerMode));
        final int m = 5;
        final int n = 4;
        final int k = 3;
        final boolean transposeA = transa != CublasOperation.N;
        final boolean transposeB = transb != CublasOperation.N;
        final int lda = (transposeA ? k : m) + 2;
        final int ldb = (transposeB ? n : k) + 1;
        final int ldc = m + 3;
        final double[] a = type.random(random, lda * (transposeA ? m : k));
        final double[] b = type.random(random, ldb * (transposeB ? k : n));
        final double[] c = type.random(random, ldc * n);
        if (beta == 0.0)
        {
            Arrays.fill(c, Double.NaN);
        }
        final double alpha = type.round(-1.5);
        final long dc = device.store(type, c);

        assertEquals(0, Routines.gemm(type, device.handle, transa, transb, m, n, k, device.scalar(type, alpha),
            device.store(type, a), lda, device.store(type, b), ldb, device.scalar(type, beta), dc, ldc));

        final double[] expected = Reference.gemm(type, transposeA, transposeB, m, n, k, alpha, a, lda, b, ldb, beta, c,
            ldc);
        assertArrayEquals(expected, device.load(type, dc, c.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void gemmWithZeroAlphaOrKOnlyScalesC(final ElementType type)
    {
        final long nan = device.store(type, new double[]{ Double.NaN, Double.NaN, Double.NaN, Double.NaN });
        final long c = device.store(type, new double[]{ 1, 2, 3, 4 });

        assertEquals(0, Routines.gemm(type, device.handle, CublasOperation.N, CublasOperation.N, 2, 2, 2,
            Scalar.host(0.0), nan, 2, nan, 2, Scalar.host(2.0), c, 2));
        assertArrayEquals(new double[]{ 2, 4, 6, 8 }, device.load(type, c, 4));

        assertEquals(0, Routines.gemm(type, device.handle, CublasOperation.N, CublasOperation.N, 2, 2, 0,
            Scalar.host(1.0), nan, 2, nan, 1, Scalar.host(0.0), c, 2));
        assertArrayEquals(new double[]{ 0, 0, 0, 0 }, device.load(type, c, 4));
    }

    @Test
    void sgemmOf512IsQuickAndExact()
    {
        final ElementType type = ElementType.SINGLE;
        final int size = 512;
        final double[] a = type.random(random, size * size);
        final double[] b = type.random(random, size * size);
        final long da = device.store(type, a);
        final long db = device.store(type, b);
        final long dc = device.store(type, new double[size * size]);

        final long start = System.nanoTime();
        assertEquals(0, Routines.gemm(type, device.handle, CublasOperation.N, CublasOperation.T, size, size, size,
            Scalar.host(1.0), da, size, db, size, Scalar.host(0.0), dc, size));
        final long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "512 x 512 x 512 sgemm took " + millis + " ms");

        final double[] c = device.load(type, dc, size * size);
        for (int sample = 0; sample < 64; sample++)
        {
            final int i = random.nextInt(size);
            final int j = random.nextInt(size);
            double sum = 0.0;
            for (int l = 0; l < size; l++)
            {
                sum = type.round(sum + type.round(a[i + l * size] * b[j + l * size]));
            }
            assertEquals(sum, c[i + j * size], "C(" + i + ", " + j + ")");
        }
    }

    static Stream<Arguments> sideAndFillCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int side : new int[]{ CublasSideMode.LEFT, CublasSideMode.RIGHT })
            {
                for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
                {
                    cases.add(Arguments.of(type, side, uplo));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("sideAndFillCases")
    void symmReadsOnlyTheStoredTriangle(final ElementType type, final int side, final int uplo)
    {
        final int m = 4;
        final int n = 3;
        final boolean left = side == CublasSideMode.LEFT;
        final int order = left ? m : n;
        final int lda = order + 1;
        final double[] a = type.triangleOnly(random, order, lda, uplo == CublasFillMode.LOWER, false);
        final double[] b = type.random(random, 6 * n);
        final double[] c = type.random(random, 5 * n);
        final double alpha = type.round(0.5);
        final double beta = type.round(-1.0);
        final long dc = device.store(type, c);

        assertEquals(0, Routines.symm(type, device.handle, side, uplo, m, n, Scalar.host(alpha), device.store(type, a),
            lda, device.store(type, b), 6, Scalar.host(beta), dc, 5));

        final double[] full = Reference.symmetric(order, a, lda, uplo == CublasFillMode.LOWER);
        final double[] expected = left ?
            Reference.gemm(type, false, false, m, n, m, alpha, full, m, b, 6, beta, c, 5) :
            Reference.gemm(type, false, false, m, n, n, alpha, b, 6, full, n, beta, c, 5);
        assertArrayEquals(expected, device.load(type, dc, c.length));
    }

    static Stream<Arguments> syrkCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
            {
                for (final int trans : OPERATIONS)
                {
                    cases.add(Arguments.of(type, uplo, trans));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("syrkCases")
    void syrkWritesOnlyItsTriangle(final ElementType type, final int uplo, final int trans)
    {
        final int n = 5;
        final int k = 3;
        final boolean transpose = trans != CublasOperation.N;
        final int lda = (transpose ? k : n) + 2;
        final int ldc = n + 1;
        final double[] a = type.random(random, lda * (transpose ? n : k));
        final double[] c = type.random(random, ldc * n);
        final double alpha = type.round(0.75);
        final double beta = type.round(0.5);
        final long dc = device.store(type, c);

        assertEquals(0, Routines.syrk(type, device.handle, uplo, trans, n, k, Scalar.host(alpha),
            device.store(type, a), lda, Scalar.host(beta), dc, ldc));

        assertArrayEquals(Reference.syrk(type, uplo == CublasFillMode.LOWER, transpose, n, k, alpha, a, lda, beta, c,
            ldc), device.load(type, dc, c.length));
    }

    static Stream<Arguments> triangularCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int side : new int[]{ CublasSideMode.LEFT, CublasSideMode.RIGHT })
            {
                for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
                {
                    for (final int trans : OPERATIONS)
                    {
                        for (final int diag : new int[]{ CublasDiagType.NON_UNIT, CublasDiagType.UNIT })
                        {
                            cases.add(Arguments.of(type, side, uplo, trans, diag));
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("triangularCases")
    void trmmMultipliesOutOfPlaceAndInPlace(final ElementType type, final int side, final int uplo, final int trans,
        final int diag)
    {
        final int m = 4;
        final int n = 5;
        final boolean left = side == CublasSideMode.LEFT;
        final boolean lower = uplo == CublasFillMode.LOWER;
        final boolean unit = diag == CublasDiagType.UNIT;
        final boolean transpose = trans != CublasOperation.N;
        final int order = left ? m : n;
        final int lda = order + 2;
        final double[] a = type.triangleOnly(random, order, lda, lower, unit);
        final double[] b = type.random(random, 6 * n);
        final double[] c = type.random(random, 7 * n);
        final double alpha = type.round(-2.0);
        final long da = device.store(type, a);
        final long db = device.store(type, b);
        final long dc = device.store(type, c);

        assertEquals(0, Routines.trmm(type, device.handle, side, uplo, trans, diag, m, n, Scalar.host(alpha), da, lda,
            db, 6, dc, 7));
        assertArrayEquals(Reference.trmm(type, left, lower, transpose, unit, m, n, alpha, a, lda, b, 6, c, 7),
            device.load(type, dc, c.length));
        assertArrayEquals(b, device.load(type, db, b.length));

        assertEquals(0, Routines.trmm(type, device.handle, side, uplo, trans, diag, m, n, Scalar.host(alpha), da, lda,
            db, 6, db, 6));
        assertArrayEquals(Reference.trmm(type, left, lower, transpose, unit, m, n, alpha, a, lda, b, 6, b, 6),
            device.load(type, db, b.length));
    }

    @ParameterizedTest
    @MethodSource("triangularCases")
    void trsmSolvesInPlace(final ElementType type, final int side, final int uplo, final int trans, final int diag)
    {
        final int m = 4;
        final int n = 5;
        final boolean left = side == CublasSideMode.LEFT;
        final boolean lower = uplo == CublasFillMode.LOWER;
        final boolean unit = diag == CublasDiagType.UNIT;
        final int order = left ? m : n;
        final int lda = order + 1;
        final double[] a = type.triangleOnly(random, order, lda, lower, unit);
        final double[] b = type.random(random, 6 * n);
        final double alpha = type.round(1.5);
        final long db = device.store(type, b);

        assertEquals(0, Routines.trsm(type, device.handle, side, uplo, trans, diag, m, n, Scalar.host(alpha),
            device.store(type, a), lda, db, 6));

        final boolean transpose = trans != CublasOperation.N;
        assertArrayEquals(Reference.trsm(type, left, lower, transpose, unit, m, n, alpha, a, lda, b, 6),
            device.load(type, db, b.length));
    }

    static Stream<Arguments> geamCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int transa : OPERATIONS)
            {
                for (final int transb : OPERATIONS)
                {
                    cases.add(Arguments.of(type, transa, transb));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("geamCases")
    void geamAddsScaledOperands(final ElementType type, final int transa, final int transb)
    {
        final int m = 3;
        final int n = 4;
        final boolean transposeA = transa != CublasOperation.N;
        final boolean transposeB = transb != CublasOperation.N;
        final int lda = (transposeA ? n : m) + 1;
        final int ldb = (transposeB ? n : m) + 2;
        final double[] a = type.random(random, lda * (transposeA ? m : n));
        final double[] b = type.random(random, ldb * (transposeB ? m : n));
        final double[] c = type.random(random, 5 * n);
        final double alpha = type.round(0.5);
        final double beta = type.round(-3.0);
        final long dc = device.store(type, c);

        assertEquals(0, Routines.geam(type, device.handle, transa, transb, m, n, Scalar.host(alpha),
            device.store(type, a), lda, Scalar.host(beta), device.store(type, b), ldb, dc, 5));

        assertArrayEquals(Reference.geam(type, transposeA, transposeB, m, n, alpha, a, lda, beta, b, ldb, c, 5),
            device.load(type, dc, c.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void geamDoesNotReadAnOperandScaledByZeroAndWorksInPlace(final ElementType type)
    {
        final long nan = device.store(type, new double[]{ Double.NaN, Double.NaN, Double.NaN, Double.NaN });
        final long a = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long c = device.store(type, new double[4]);

        assertEquals(0, Routines.geam(type, device.handle, CublasOperation.N, CublasOperation.N, 2, 2,
            Scalar.host(2.0), a, 2, Scalar.host(0.0), nan, 2, c, 2));
        assertArrayEquals(new double[]{ 2, 4, 6, 8 }, device.load(type, c, 4));
        assertEquals(0, Routines.geam(type, device.handle, CublasOperation.N, CublasOperation.N, 2, 2,
            Scalar.host(0.0), nan, 2, Scalar.host(-1.0), a, 2, c, 2));
        assertArrayEquals(new double[]{ -1, -2, -3, -4 }, device.load(type, c, 4));

        assertEquals(0, Routines.geam(type, device.handle, CublasOperation.N, CublasOperation.T, 2, 2,
            Scalar.host(1.0), c, 2, Scalar.host(1.0), a, 2, c, 2));
        assertArrayEquals(new double[]{ 0, 1, -1, 0 }, device.load(type, c, 4));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aZeroAlphaLeavesTheMatricesItScalesUnread(final ElementType type)
    {
        final long nan = device.store(type, new double[]{ Double.NaN, Double.NaN, Double.NaN, Double.NaN });
        final long c = device.store(type, new double[]{ 1, 2, 3, 4 });
        final Scalar zero = Scalar.host(0.0);
        final int left = CublasSideMode.LEFT;
        final int lower = CublasFillMode.LOWER;
        final int n = CublasOperation.N;
        final int nonUnit = CublasDiagType.NON_UNIT;

        assertEquals(0, Routines.symm(type, device.handle, left, lower, 2, 2, zero, nan, 2, nan, 2, Scalar.host(3.0),
            c, 2));
        assertArrayEquals(new double[]{ 3, 6, 9, 12 }, device.load(type, c, 4));
        assertEquals(0, Routines.syrk(type, device.handle, CublasFillMode.UPPER, n, 2, 2, zero, nan, 2,
            Scalar.host(-1.0), c, 2));
        assertArrayEquals(new double[]{ -3, 6, -9, -12 }, device.load(type, c, 4));
        assertEquals(0, Routines.trmm(type, device.handle, left, lower, n, nonUnit, 2, 2, zero, nan, 2, nan, 2, c, 2));
        assertArrayEquals(new double[]{ 0, 0, 0, 0 }, device.load(type, c, 4));
        final long b = device.store(type, new double[]{ 1, 2, 3, 4 });
        assertEquals(0, Routines.trsm(type, device.handle, left, lower, n, nonUnit, 2, 2, zero, nan, 2, b, 2));
        assertArrayEquals(new double[]{ 0, 0, 0, 0 }, device.load(type, b, 4));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void invalidArgumentsAreRefusedAsCublasDocuments(final ElementType t)
    {
        final long d = device.store(t, new double[256]);
        final long d2 = device.store(t, new double[256]);
        final CublasHandle h = device.handle;
        final Scalar one = Scalar.host(1.0);
        final int n = CublasOperation.N;
        final int tr = CublasOperation.T;
        final int l = CublasSideMode.LEFT;
        final int r = CublasSideMode.RIGHT;
        final int lo = CublasFillMode.LOWER;
        final int nu = CublasDiagType.NON_UNIT;
        final int[] refused = {
            Routines.gemm(t, h, 3, n, 4, 4, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, 3, 4, 4, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, n, -1, 4, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, n, 4, -1, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, n, 4, 4, -1, one, d, 4, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, n, 4, 4, 2, one, d, 3, d, 4, one, d2, 4),
            Routines.gemm(t, h, tr, n, 4, 4, 4, one, d, 3, d, 4, one, d2, 4),
            Routines.gemm(t, h, n, n, 4, 4, 4, one, d, 4, d, 3, one, d2, 4),
            Routines.gemm(t, h, n, tr, 4, 4, 4, one, d, 4, d, 3, one, d2, 4),
            Routines.gemm(t, h, n, n, 4, 4, 4, one, d, 4, d, 4, one, d2, 3),
            Routines.gemm(t, h, n, n, 0, 4, 4, one, d, 0, d, 4, one, d2, 0),
            Routines.gemm(t, h, n, n, 4, 4, 0, one, d, 4, d, 0, one, d2, 4),
            Routines.symm(t, h, 2, lo, 4, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.symm(t, h, l, 2, 4, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.symm(t, h, l, lo, -1, 4, one, d, 4, d, 4, one, d2, 4),
            Routines.symm(t, h, l, lo, 4, -1, one, d, 4, d, 4, one, d2, 4),
            Routines.symm(t, h, l, lo, 4, 2, one, d, 3, d, 4, one, d2, 4),
            Routines.symm(t, h, r, lo, 2, 4, one, d, 3, d, 4, one, d2, 4),
            Routines.symm(t, h, l, lo, 4, 4, one, d, 4, d, 3, one, d2, 4),
            Routines.symm(t, h, l, lo, 4, 4, one, d, 4, d, 4, one, d2, 3),
            Routines.syrk(t, h, 2, n, 4, 4, one, d, 4, one, d2, 4),
            Routines.syrk(t, h, lo, 3, 4, 4, one, d, 4, one, d2, 4),
            Routines.syrk(t, h, lo, n, -1, 4, one, d, 4, one, d2, 4),
            Routines.syrk(t, h, lo, n, 4, -1, one, d, 4, one, d2, 4),
            Routines.syrk(t, h, lo, n, 4, 2, one, d, 3, one, d2, 4),
            Routines.syrk(t, h, lo, tr, 2, 4, one, d, 3, one, d2, 4),
            Routines.syrk(t, h, lo, n, 4, 4, one, d, 4, one, d2, 3),
            Routines.trmm(t, h, 2, lo, n, nu, 4, 4, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, 2, n, nu, 4, 4, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, 3, nu, 4, 4, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, n, 2, 4, 4, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, n, nu, -1, 4, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, n, nu, 4, -1, one, d, 4, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, n, nu, 4, 2, one, d, 3, d, 4, d2, 4),
            Routines.trmm(t, h, r, lo, n, nu, 2, 4, one, d, 3, d, 4, d2, 4),
            Routines.trmm(t, h, l, lo, n, nu, 4, 4, one, d, 4, d, 3, d2, 4),
            Routines.trmm(t, h, l, lo, n, nu, 4, 4, one, d, 4, d, 4, d2, 3),
            Routines.trsm(t, h, 2, lo, n, nu, 4, 4, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, 2, n, nu, 4, 4, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, lo, 3, nu, 4, 4, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, lo, n, 2, 4, 4, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, lo, n, nu, -1, 4, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, lo, n, nu, 4, -1, one, d, 4, d2, 4),
            Routines.trsm(t, h, l, lo, n, nu, 4, 2, one, d, 3, d2, 4),
            Routines.trsm(t, h, r, lo, n, nu, 2, 4, one, d, 3, d2, 4),
            Routines.trsm(t, h, l, lo, n, nu, 4, 4, one, d, 4, d2, 3),
            Routines.geam(t, h, 3, n, 4, 4, one, d, 4, one, d, 4, d2, 4),
            Routines.geam(t, h, n, 3, 4, 4, one, d, 4, one, d, 4, d2, 4),
            Routines.geam(t, h, n, n, -1, 4, one, d, 4, one, d, 4, d2, 4),
            Routines.geam(t, h, n, n, 4, -1, one, d, 4, one, d, 4, d2, 4),
            Routines.geam(t, h, n, n, 4, 4, one, d, 3, one, d, 4, d2, 4),
            Routines.geam(t, h, tr, n, 8, 4, one, d, 3, one, d, 8, d2, 8),
            Routines.geam(t, h, n, n, 4, 4, one, d, 4, one, d, 3, d2, 4),
            Routines.geam(t, h, n, n, 4, 4, one, d, 4, one, d, 4, d2, 3),
            Routines.geam(t, h, n, n, 4, 4, one, d2, 4, one, d, 4, d2, 5),
            Routines.geam(t, h, tr, n, 4, 4, one, d2, 4, one, d, 4, d2, 4),
            Routines.geam(t, h, n, tr, 4, 4, one, d, 4, one, d2, 4, d2, 4),
        };
        for (int i = 0; i < refused.length; i++)
        {
            assertEquals(CublasStatus.INVALID_VALUE, refused[i], "case " + i);
        }
        final int[] accepted = {
            Routines.gemm(t, h, tr, n, 8, 4, 2, one, d, 2, d, 4, one, d2, 8),
            Routines.gemm(t, h, n, n, 4, 4, 0, one, d, 4, d, 1, one, d2, 4),
            Routines.symm(t, h, r, lo, 8, 2, one, d, 2, d, 8, one, d2, 8),
            Routines.syrk(t, h, lo, CublasOperation.C, 4, 4, one, d, 4, one, d2, 4),
            Routines.syrk(t, h, lo, tr, 8, 2, one, d, 2, one, d2, 8),
            Routines.geam(t, h, tr, n, 8, 2, one, d, 2, one, d, 8, d2, 8),
        };
        for (int i = 0; i < accepted.length; i++)
        {
            assertEquals(CublasStatus.SUCCESS, accepted[i], "case " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aProductReachingPastCsAllocationFailsAndWritesNothing(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long c = device.store(type, new double[]{ 9, 9, 9 });

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.gemm(type, device.handle, CublasOperation.N,
            CublasOperation.N, 2, 2, 2, Scalar.host(1.0), a, 2, a, 2, Scalar.host(0.0), c, 2));
        assertTrue(device.handle.lastErrorMessage().contains("gemm: C [0x"), device.handle.lastErrorMessage());
        assertArrayEquals(new double[]{ 9, 9, 9 }, device.load(type, c, 3));
    }
}
