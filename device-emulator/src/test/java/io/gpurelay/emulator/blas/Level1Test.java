package io.gpurelay.emulator.blas;

import static io.gpurelay.emulator.blas.Reference.at;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class Level1Test
{
    private static final int N = 7;

    private final DeviceFixture device = new DeviceFixture();
    private final Random random = new Random(11);

    @AfterEach
    void close()
    {
        device.close();
    }

    static Stream<Arguments> typesAndPointerModes()
    {
        return Stream.of(ElementType.values()).flatMap(type -> Stream.of(
            Arguments.of(type, CublasPointerMode.HOST), Arguments.of(type, CublasPointerMode.DEVICE)));
    }

    static Stream<Arguments> typesAndIncrements()
    {
        final int[][] increments = { { 1, 1 }, { 2, -3 }, { -1, 2 }, { 0, 1 }, { -2, -1 } };
        return Stream.of(ElementType.values()).flatMap(type -> Stream.of(increments)
            .map(pair -> Arguments.of(type, pair[0], pair[1])));
    }

    private double[] vector(final ElementType type, final int inc)
    {
        return type.random(random, 1 + (N - 1) * Math.abs(inc));
    }

    @ParameterizedTest
    @MethodSource("typesAndIncrements")
    void axpyAddsScaledXInLoopOrder(final ElementType type, final int incx, final int incy)
    {
        final double[] x = vector(type, incx);
        final double[] y = vector(type, incy);
        final double alpha = type.round(0.75);
        final long dx = device.store(type, x);
        final long dy = device.store(type, y);

        assertEquals(0, Routines.axpy(type, device.handle, N, Scalar.host(alpha), dx, incx, dy, incy));

        final double[] expected = y.clone();
        for (int i = 0; i < N; i++)
        {
            final int iy = at(N, incy, i);
            expected[iy] = type.round(expected[iy] + type.round(alpha * x[at(N, incx, i)]));
        }
        assertArrayEquals(expected, device.load(type, dy, y.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void axpyWithZeroAlphaDoesNotReadX(final ElementType type)
    {
        final long dx = device.store(type, new double[]{ Double.NaN, Double.NaN });
        final long dy = device.store(type, new double[]{ 1, 2 });

        assertEquals(0, Routines.axpy(type, device.handle, 2, Scalar.host(0.0), dx, 1, dy, 1));
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, dy, 2));
    }

    @ParameterizedTest
    @MethodSource("typesAndIncrements")
    void dotSumsProductsInAscendingOrder(final ElementType type, final int incx, final int incy)
    {
        final double[] x = vector(type, incx);
        final double[] y = vector(type, incy);
        final ScalarResult result = ScalarResult.toHost();

        assertEquals(0, Routines.dot(type, device.handle, N, device.store(type, x), incx, device.store(type, y), incy,
            result));

        double expected = 0.0;
        for (int i = 0; i < N; i++)
        {
            expected = type.round(expected + type.round(x[at(N, incx, i)] * y[at(N, incy, i)]));
        }
        assertEquals(expected, result.value());
    }

    @ParameterizedTest
    @MethodSource("typesAndPointerModes")
    void reductionsDeliverToTheHostOrTheDevice(final ElementType type, final int pointerMode)
    {
        assertEquals(0, device.handle.setPointerMode(pointerMode));
        final long x = device.store(type, new double[]{ 3, -4, 4, 1 });
        final long y = device.store(type, new double[]{ 1, 2, 3, 4 });

        final ScalarResult dot = device.result(type.size);
        assertEquals(0, Routines.dot(type, device.handle, 4, x, 1, y, 1, dot));
        assertEquals(3 - 8 + 12 + 4, device.resultValue(type, dot));

        final ScalarResult norm = device.result(type.size);
        assertEquals(0, Routines.nrm2(type, device.handle, 2, x, 1, norm));
        assertEquals(5.0, device.resultValue(type, norm));

        final ScalarResult sum = device.result(type.size);
        assertEquals(0, Routines.asum(type, device.handle, 4, x, 1, sum));
        assertEquals(12.0, device.resultValue(type, sum));

        final ScalarResult largest = device.result(4);
        assertEquals(0, Routines.iamax(type, device.handle, 4, x, 1, largest));
        assertEquals(2, device.resultIndex(largest));

        final ScalarResult smallest = device.result(4);
        assertEquals(0, Routines.iamin(type, device.handle, 4, x, 1, smallest));
        assertEquals(4, device.resultIndex(smallest));
    }

    @ParameterizedTest
    @MethodSource("typesAndPointerModes")
    void scalarsComeFromTheHostOrTheDevice(final ElementType type, final int pointerMode)
    {
        assertEquals(0, device.handle.setPointerMode(pointerMode));
        final long x = device.store(type, new double[]{ 1, 2, 3 });
        final long y = device.store(type, new double[]{ 10, 20, 30 });

        assertEquals(0, Routines.axpy(type, device.handle, 3, device.scalar(type, 2.0), x, 1, y, 1));
        assertArrayEquals(new double[]{ 12, 24, 36 }, device.load(type, y, 3));

        assertEquals(0, Routines.scal(type, device.handle, 3, device.scalar(type, 0.5), y, 1));
        assertArrayEquals(new double[]{ 6, 12, 18 }, device.load(type, y, 3));

        assertEquals(0, Routines.rot(type, device.handle, 1, x, 1, y, 1, device.scalar(type, 0.0),
            device.scalar(type, 1.0)));
        assertArrayEquals(new double[]{ 6, 2, 3 }, device.load(type, x, 3));
        assertArrayEquals(new double[]{ -1, 12, 18 }, device.load(type, y, 3));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void nrm2ScalesAwayOverflowAndUnderflow(final ElementType type)
    {
        final double big = type == ElementType.SINGLE ? 1e20 : 1e300;
        final double tiny = type == ElementType.SINGLE ? 1e-30 : 1e-300;
        final ScalarResult result = ScalarResult.toHost();

        assertEquals(0, Routines.nrm2(type, device.handle, 2, device.store(type, new double[]{ 3 * big, 4 * big }), 1,
            result));
        assertEquals(5 * big, result.value(), 5 * big * 1e-6);

        assertEquals(0, Routines.nrm2(type, device.handle, 2, device.store(type, new double[]{ 3 * tiny, 4 * tiny }),
            1, result));
        assertEquals(5 * tiny, result.value(), 5 * tiny * 1e-6);
    }

    @ParameterizedTest
    @MethodSource("typesAndIncrements")
    void nrm2AndAsumAgreeWithDirectSums(final ElementType type, final int incx, final int ignored)
    {
        final double[] x = vector(type, Math.max(incx, 1));
        final long dx = device.store(type, x);
        final ScalarResult norm = ScalarResult.toHost();
        final ScalarResult sum = ScalarResult.toHost();
        final int inc = Math.max(incx, 1);

        assertEquals(0, Routines.nrm2(type, device.handle, N, dx, inc, norm));
        assertEquals(0, Routines.asum(type, device.handle, N, dx, inc, sum));

        double squares = 0.0;
        double absolute = 0.0;
        for (int i = 0; i < N; i++)
        {
            squares += x[i * inc] * x[i * inc];
            absolute = type.round(absolute + Math.abs(x[i * inc]));
        }
        assertEquals(Math.sqrt(squares), norm.value(), Math.sqrt(squares) * type.tolerance());
        assertEquals(absolute, sum.value());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void reductionsOfNothingAreZero(final ElementType type)
    {
        final long x = device.store(type, new double[]{ 3, 4 });
        for (final int[] nAndInc : new int[][]{ { 0, 1 }, { -1, 1 }, { 2, 0 }, { 2, -1 } })
        {
            final ScalarResult norm = ScalarResult.toHost();
            norm.hostValue(-1);
            assertEquals(0, Routines.nrm2(type, device.handle, nAndInc[0], x, nAndInc[1], norm));
            assertEquals(0.0, norm.value());

            final ScalarResult index = ScalarResult.toHost();
            index.hostIndex(-1);
            assertEquals(0, Routines.iamax(type, device.handle, nAndInc[0], x, nAndInc[1], index));
            assertEquals(0, index.index());
        }
        final ScalarResult dot = ScalarResult.toHost();
        dot.hostValue(-1);
        assertEquals(0, Routines.dot(type, device.handle, -1, x, 1, x, 1, dot));
        assertEquals(0.0, dot.value());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void iamaxAndIaminTakeTheFirstOnTiesAndSkipNaN(final ElementType type)
    {
        final ScalarResult result = ScalarResult.toHost();
        assertEquals(0, Routines.iamax(type, device.handle, 4, device.store(type, new double[]{ 1, -3, 3, 2 }), 1,
            result));
        assertEquals(2, result.index());
        assertEquals(0, Routines.iamin(type, device.handle, 4, device.store(type, new double[]{ 2, -1, 1, 5 }), 1,
            result));
        assertEquals(2, result.index());
        assertEquals(0, Routines.iamax(type, device.handle, 4, device.store(type, new double[]{ 1, Double.NaN, 3, 2 }),
            1, result));
        assertEquals(3, result.index());
        assertEquals(0, Routines.iamax(type, device.handle, 3,
            device.store(type, new double[]{ 1, 0, 9, 0, 4, 0 }), 2, result));
        assertEquals(2, result.index());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void scalIgnoresNonPositiveIncrements(final ElementType type)
    {
        final long x = device.store(type, new double[]{ 1, 2, 3, 4 });
        assertEquals(0, Routines.scal(type, device.handle, 2, Scalar.host(2.0), x, -1));
        assertEquals(0, Routines.scal(type, device.handle, 2, Scalar.host(2.0), x, 0));
        assertArrayEquals(new double[]{ 1, 2, 3, 4 }, device.load(type, x, 4));
        assertEquals(0, Routines.scal(type, device.handle, 2, Scalar.host(2.0), x, 3));
        assertArrayEquals(new double[]{ 2, 2, 3, 8 }, device.load(type, x, 4));
    }

    @ParameterizedTest
    @MethodSource("typesAndIncrements")
    void copySwapAndRotWalkIncrementsAsTheBlasDoes(final ElementType type, final int incx, final int incy)
    {
        final double[] x = vector(type, incx);
        final double[] y = vector(type, incy);
        final long dx = device.store(type, x);
        final long dy = device.store(type, y);
        final double c = type.round(0.6);
        final double s = type.round(0.8);

        assertEquals(0, Routines.rot(type, device.handle, N, dx, incx, dy, incy, Scalar.host(c), Scalar.host(s)));
        final double[] rotatedX = x.clone();
        final double[] rotatedY = y.clone();
        for (int i = 0; i < N; i++)
        {
            final int ix = at(N, incx, i);
            final int iy = at(N, incy, i);
            final double newX = type.round(type.round(c * rotatedX[ix]) + type.round(s * rotatedY[iy]));
            rotatedY[iy] = type.round(type.round(c * rotatedY[iy]) - type.round(s * rotatedX[ix]));
            rotatedX[ix] = newX;
        }
        assertArrayEquals(rotatedX, device.load(type, dx, x.length));
        assertArrayEquals(rotatedY, device.load(type, dy, y.length));

        assertEquals(0, Routines.swap(type, device.handle, N, dx, incx, dy, incy));
        final double[] swappedX = rotatedX.clone();
        final double[] swappedY = rotatedY.clone();
        for (int i = 0; i < N; i++)
        {
            final int ix = at(N, incx, i);
            final int iy = at(N, incy, i);
            final double held = swappedX[ix];
            swappedX[ix] = swappedY[iy];
            swappedY[iy] = held;
        }
        assertArrayEquals(swappedX, device.load(type, dx, x.length));
        assertArrayEquals(swappedY, device.load(type, dy, y.length));

        assertEquals(0, Routines.copy(type, device.handle, N, dx, incx, dy, incy));
        final double[] copied = swappedY.clone();
        for (int i = 0; i < N; i++)
        {
            copied[at(N, incy, i)] = swappedX[at(N, incx, i)];
        }
        assertArrayEquals(copied, device.load(type, dy, y.length));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void stridedWritesLeaveTheGapsAlone(final ElementType type)
    {
        final long buffer = device.store(type, new double[]{ 1, 100, 2, 200, 3, 300 });

        assertEquals(0, Routines.scal(type, device.handle, 3, Scalar.host(10.0), buffer, 2));
        assertArrayEquals(new double[]{ 10, 100, 20, 200, 30, 300 }, device.load(type, buffer, 6));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aRangeOutsideTheSessionsMemoryFailsTheCallAndWritesNothing(final ElementType type)
    {
        final long x = device.store(type, new double[]{ 1, 2, 3 });
        final long y = device.store(type, new double[]{ 4, 5, 6, 7, 8 });

        assertEquals(CublasStatus.EXECUTION_FAILED,
            Routines.axpy(type, device.handle, 5, Scalar.host(1.0), x, 1, y, 1));
        assertArrayEquals(new double[]{ 4, 5, 6, 7, 8 }, device.load(type, y, 5));
        final String message = device.handle.lastErrorMessage();
        assertTrue(message.startsWith(type == ElementType.SINGLE ? "cublasSaxpy: x [0x" : "cublasDaxpy: x [0x"),
            message);

        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.axpy(type, device.handle, 3, Scalar.host(1.0), x, 1,
            0xDEAD_0000L, 1));
        assertTrue(device.handle.lastErrorMessage().contains(": y [0xdead0000"), device.handle.lastErrorMessage());

        final long foreign = device.memory.allocate(64, new Object()).deviceAddress();
        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.copy(type, device.handle, 3, x, 1, foreign, 1));

        final long freed = device.store(type, new double[]{ 1, 2, 3 });
        device.memory.free(freed, device.owner);
        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.copy(type, device.handle, 3, freed, 1, y, 1));

        assertEquals(0, Routines.copy(type, device.handle, 3, x, 1, y, 1));
        assertNull(device.handle.lastErrorMessage());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void scalarsAndResultsMustMatchThePointerMode(final ElementType type)
    {
        final long x = device.store(type, new double[]{ 1, 2 });
        assertEquals(CublasStatus.INVALID_VALUE, Routines.scal(type, device.handle, 2, Scalar.device(x), x, 1));
        assertTrue(device.handle.lastErrorMessage().contains("alpha is a device address"));
        assertEquals(CublasStatus.INVALID_VALUE, Routines.nrm2(type, device.handle, 2, x, 1, ScalarResult.toDevice(x)));

        assertEquals(0, device.handle.setPointerMode(CublasPointerMode.DEVICE));
        assertEquals(CublasStatus.INVALID_VALUE, Routines.scal(type, device.handle, 2, Scalar.host(1.0), x, 1));
        assertEquals(CublasStatus.INVALID_VALUE, Routines.nrm2(type, device.handle, 2, x, 1, ScalarResult.toHost()));
        assertEquals(CublasStatus.EXECUTION_FAILED, Routines.scal(type, device.handle, 2, Scalar.device(0x10), x, 1));
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, x, 2));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aDestroyedHandleIsNotInitialized(final ElementType type)
    {
        final long x = device.store(type, new double[]{ 1, 2 });
        assertEquals(0, device.handle.destroy());
        assertEquals(CublasStatus.NOT_INITIALIZED, Routines.scal(type, device.handle, 2, Scalar.host(2.0), x, 1));
        assertEquals(CublasStatus.NOT_INITIALIZED, Routines.axpy(type, null, 2, Scalar.host(2.0), x, 1, x, 1));
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, x, 2));
    }
}
