package io.gpurelay.emulator.blas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class Level2Test
{
    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(23);

    @AfterEach
    void close()
    {
        device.close();
    }

    static Stream<Arguments> gemvCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int trans : new int[]{ CublasOperation.N, CublasOperation.T, CublasOperation.C })
            {
                for (final int pointerMode : new int[]{ CublasPointerMode.HOST, CublasPointerMode.DEVICE })
                {
                    cases.add(Arguments.of(type, trans, pointerMode, 0.0));
                    cases.add(Arguments.of(type, trans, pointerMode, -0.5));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("gemvCases")
    void gemvMatchesTheFormula(final ElementType type, final int trans, final int pointerMode, final double beta)
    {
        assertEquals(0, device.handle.setPointerMode(pointerMode));
        final int m = 5;
        final int n = 4;
        final int lda = 7;
        final int incx = -2;
        final int incy = 3;
        final boolean transpose = trans != CublasOperation.N;
        final int xLength = transpose ? m : n;
        final int yLength = transpose ? n : m;
        final double[] a = type.random(random, lda * n);
        final double[] x = type.random(random, 1 + (xLength - 1) * 2);
        final double[] y = type.random(random, 1 + (yLength - 1) * 3);
        if (beta == 0.0)
        {
            for (int i = 0; i < yLength; i++)
            {
                y[i * incy] = Double.NaN;
            }
        }
        final double alpha = type.round(1.25);
        final long dy = device.store(type, y);

        assertEquals(0, Routines.gemv(type, device.handle, trans, m, n, device.scalar(type, alpha),
            device.store(type, a), lda, device.store(type, x), incx, device.scalar(type, beta), dy, incy));

        assertArrayEquals(Reference.gemv(type, transpose, m, n, alpha, a, lda, x, incx, beta, y, incy),
            device.load(type, dy, y.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void gemvWithZeroAlphaOnlyScalesY(final ElementType type)
    {
        final long a = device.store(type, new double[]{ Double.NaN, Double.NaN, Double.NaN, Double.NaN });
        final long x = device.store(type, new double[]{ Double.NaN, Double.NaN });
        final long y = device.store(type, new double[]{ 1, 2 });

        assertEquals(0, Routines.gemv(type, device.handle, CublasOperation.N, 2, 2, Scalar.host(0.0), a, 2, x, 1,
            Scalar.host(3.0), y, 1));
        assertArrayEquals(new double[]{ 3, 6 }, device.load(type, y, 2));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void gerAddsTheScaledOuterProduct(final ElementType type)
    {
        final int m = 5;
        final int n = 3;
        final int lda = 6;
        final double[] a = type.random(random, lda * n);
        final double[] x = type.random(random, m);
        final double[] y = type.random(random, 1 + (n - 1) * 2);
        final double alpha = type.round(-0.75);
        final long da = device.store(type, a);

        assertEquals(0, Routines.ger(type, device.handle, m, n, Scalar.host(alpha), device.store(type, x), -1,
            device.store(type, y), 2, da, lda));

        assertArrayEquals(Reference.ger(type, m, n, alpha, x, -1, y, 2, a, lda), device.load(type, da, a.length));
    }

    static Stream<Arguments> typesAndFillModes()
    {
        return Stream.of(ElementType.values()).flatMap(type -> Stream.of(
            Arguments.of(type, CublasFillMode.LOWER), Arguments.of(type, CublasFillMode.UPPER)));
    }

    @ParameterizedTest
    @MethodSource("typesAndFillModes")
    void symvReadsOnlyTheStoredTriangle(final ElementType type, final int uplo)
    {
        final int n = 5;
        final int lda = 6;
        final boolean lower = uplo == CublasFillMode.LOWER;
        final double[] a = type.triangleOnly(random, n, lda, lower, false);
        final double[] x = type.random(random, 1 + (n - 1) * 2);
        final double[] y = type.random(random, n);
        final double alpha = type.round(0.5);
        final double beta = type.round(2.0);
        final long dy = device.store(type, y);

        assertEquals(0, Routines.symv(type, device.handle, uplo, n, Scalar.host(alpha), device.store(type, a), lda,
            device.store(type, x), 2, Scalar.host(beta), dy, -1));

        final double[] full = Reference.symmetric(n, a, lda, lower);
        assertArrayEquals(Reference.gemv(type, false, n, n, alpha, full, n, x, 2, beta, y, -1),
            device.load(type, dy, n));
    }

    static Stream<Arguments> triangularCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final ElementType type : ElementType.values())
        {
            for (final int uplo : new int[]{ CublasFillMode.LOWER, CublasFillMode.UPPER })
            {
                for (final int trans : new int[]{ CublasOperation.N, CublasOperation.T, CublasOperation.C })
                {
                    for (final int diag : new int[]{ CublasDiagType.NON_UNIT, CublasDiagType.UNIT })
                    {
                        cases.add(Arguments.of(type, uplo, trans, diag));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("triangularCases")
    void trmvMultipliesByTheTriangle(final ElementType type, final int uplo, final int trans, final int diag)
    {
        final int n = 6;
        final int lda = 8;
        final boolean lower = uplo == CublasFillMode.LOWER;
        final boolean unit = diag == CublasDiagType.UNIT;
        final double[] a = type.triangleOnly(random, n, lda, lower, unit);
        final double[] x = type.random(random, 1 + (n - 1) * 2);
        final long dx = device.store(type, x);

        assertEquals(0, Routines.trmv(type, device.handle, uplo, trans, diag, n, device.store(type, a), lda, dx, -2));

        assertArrayEquals(Reference.trmv(type, lower, trans != CublasOperation.N, unit, n, a, lda, x, -2),
            device.load(type, dx, x.length));
    }

    @ParameterizedTest
    @MethodSource("triangularCases")
    void trsvSolvesBySubstitution(final ElementType type, final int uplo, final int trans, final int diag)
    {
        final int n = 6;
        final int lda = 7;
        final boolean lower = uplo == CublasFillMode.LOWER;
        final boolean unit = diag == CublasDiagType.UNIT;
        final double[] a = type.triangleOnly(random, n, lda, lower, unit);
        final double[] b = type.random(random, 1 + (n - 1) * 3);
        final long dx = device.store(type, b);

        assertEquals(0, Routines.trsv(type, device.handle, uplo, trans, diag, n, device.store(type, a), lda, dx, 3));

        assertArrayEquals(Reference.trsv(type, lower, trans != CublasOperation.N, unit, n, a, lda, b, 3),
            device.load(type, dx, b.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void invalidArgumentsAreRefusedAsCublasDocuments(final ElementType t)
    {
        final long d = device.store(t, new double[64]);
        final CublasHandle h = device.handle;
        final Scalar one = Scalar.host(1.0);
        final int n = CublasOperation.N;
        final int lo = CublasFillMode.LOWER;
        final int nu = CublasDiagType.NON_UNIT;
        final int[] refused = {
            Routines.gemv(t, h, 3, 4, 4, one, d, 4, d, 1, one, d, 1),
            Routines.gemv(t, h, n, -1, 4, one, d, 4, d, 1, one, d, 1),
            Routines.gemv(t, h, n, 4, -1, one, d, 4, d, 1, one, d, 1),
            Routines.gemv(t, h, n, 4, 4, one, d, 3, d, 1, one, d, 1),
            Routines.gemv(t, h, CublasOperation.T, 4, 4, one, d, 3, d, 1, one, d, 1),
            Routines.gemv(t, h, n, 4, 4, one, d, 4, d, 0, one, d, 1),
            Routines.gemv(t, h, n, 4, 4, one, d, 4, d, 1, one, d, 0),
            Routines.ger(t, h, -1, 4, one, d, 1, d, 1, d, 4),
            Routines.ger(t, h, 4, -1, one, d, 1, d, 1, d, 4),
            Routines.ger(t, h, 4, 4, one, d, 0, d, 1, d, 4),
            Routines.ger(t, h, 4, 4, one, d, 1, d, 0, d, 4),
            Routines.ger(t, h, 4, 4, one, d, 1, d, 1, d, 3),
            Routines.symv(t, h, CublasFillMode.FULL, 4, one, d, 4, d, 1, one, d, 1),
            Routines.symv(t, h, lo, -1, one, d, 4, d, 1, one, d, 1),
            Routines.symv(t, h, lo, 4, one, d, 3, d, 1, one, d, 1),
            Routines.symv(t, h, lo, 4, one, d, 4, d, 0, one, d, 1),
            Routines.symv(t, h, lo, 4, one, d, 4, d, 1, one, d, 0),
            Routines.trmv(t, h, 2, n, nu, 4, d, 4, d, 1),
            Routines.trmv(t, h, lo, 3, nu, 4, d, 4, d, 1),
            Routines.trmv(t, h, lo, n, 2, 4, d, 4, d, 1),
            Routines.trmv(t, h, lo, n, nu, -1, d, 4, d, 1),
            Routines.trmv(t, h, lo, n, nu, 4, d, 3, d, 1),
            Routines.trmv(t, h, lo, n, nu, 4, d, 4, d, 0),
            Routines.trmv(t, h, lo, n, nu, 0, d, 0, d, 1),
            Routines.trsv(t, h, 2, n, nu, 4, d, 4, d, 1),
            Routines.trsv(t, h, lo, 3, nu, 4, d, 4, d, 1),
            Routines.trsv(t, h, lo, n, 2, 4, d, 4, d, 1),
            Routines.trsv(t, h, lo, n, nu, -1, d, 4, d, 1),
            Routines.trsv(t, h, lo, n, nu, 4, d, 3, d, 1),
            Routines.trsv(t, h, lo, n, nu, 4, d, 4, d, 0),
        };
        for (int i = 0; i < refused.length; i++)
        {
            assertEquals(CublasStatus.INVALID_VALUE, refused[i], "case " + i);
        }
        assertEquals(0, Routines.gemv(t, h, n, 0, 4, one, d, 1, d, 1, one, d, 1));
        assertEquals(0, Routines.trmv(t, h, lo, n, nu, 0, d, 1, d, 1));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aMatrixReachingPastItsAllocationFailsTheCall(final ElementType type)
    {
        final long a = device.store(type, new double[15]);
        final long x = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long y = device.store(type, new double[]{ 5, 6, 7, 8 });

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.gemv(type, device.handle, CublasOperation.N, 4, 4,
            Scalar.host(1.0), a, 4, x, 1, Scalar.host(0.0), y, 1));
        assertTrue(device.handle.lastErrorMessage().contains("gemv: A [0x"), device.handle.lastErrorMessage());
        assertArrayEquals(new double[]{ 5, 6, 7, 8 }, device.load(type, y, 4));
    }
}
