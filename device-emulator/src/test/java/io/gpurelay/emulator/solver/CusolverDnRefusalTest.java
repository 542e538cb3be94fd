package io.gpurelay.emulator.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.gpurelay.emulator.blas.CublasFillMode;
import io.gpurelay.emulator.blas.CublasOperation;
import io.gpurelay.emulator.blas.ElementType;

/**
 * Every way a call is refused: bad sizes and enum values ({@code INVALID_VALUE}, nothing touched), ranges outside
 * the session's live allocations ({@code EXECUTION_FAILED} with a message naming the routine and the argument,
 * nothing written), potrf's Lwork below the query's answer, and the quick return of empty problems.
 */
class CusolverDnRefusalTest
{
    private static final int INVALID = CusolverStatus.INVALID_VALUE;
    private static final int FAILED = CusolverStatus.EXECUTION_FAILED;
    private static final int LOWER = CublasFillMode.LOWER;
    private static final int N = CublasOperation.N;

    private final DeviceFixture device = new DeviceFixture();

    @AfterEach
    void close()
    {
        device.close();
    }

    private static String prefix(final ElementType type)
    {
        return "cusolverDn" + (type == ElementType.SINGLE ? "S" : "D");
    }

    private void assertMessage(final String expected)
    {
        final String message = device.handle.lastErrorMessage();
        assertTrue(message != null && message.contains(expected), "message: " + message);
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void badSizesAndEnumsAreInvalidValuesThatTouchNothing(final ElementType type)
    {
        final double[] values = { 4, 1, 1, 3 };
        final long a = device.store(type, values);
        final long b = device.store(type, new double[]{ 1, 2 });
        final long work = device.allocate(64);
        final long ipiv = device.storeInts(9, 9);
        final long info = device.storeInts(-5);
        final int[] lwork = { -7 };
        final CusolverDnHandle h = device.handle;

        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, -1, 2, a, 2, lwork));
        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, 2, -1, a, 2, lwork));
        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, 2, 2, a, 1, lwork));
        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, 0, 0, a, 0, lwork));
        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, 2, 2, a, 2, null));
        assertEquals(INVALID, Solvers.getrfBufferSize(type, h, 2, 2, a, 2, new int[0]));
        assertEquals(-7, lwork[0]);

        assertEquals(INVALID, Solvers.getrf(type, h, -1, 2, a, 2, work, ipiv, info));
        assertMessage(prefix(type) + "getrf: m (-1) < 0");
        assertEquals(INVALID, Solvers.getrf(type, h, 2, -1, a, 2, work, ipiv, info));
        assertEquals(INVALID, Solvers.getrf(type, h, 2, 2, a, 1, work, ipiv, info));
        assertMessage("lda (1) < max(1, 2)");
        assertEquals(INVALID, Solvers.getrf(type, h, 0, 2, a, 0, work, ipiv, info));

        assertEquals(INVALID, Solvers.getrs(type, h, 3, 2, 1, a, 2, ipiv, b, 2, info));
        assertMessage("trans (3)");
        assertEquals(INVALID, Solvers.getrs(type, h, -1, 2, 1, a, 2, ipiv, b, 2, info));
        assertEquals(INVALID, Solvers.getrs(type, h, N, -1, 1, a, 2, ipiv, b, 2, info));
        assertEquals(INVALID, Solvers.getrs(type, h, N, 2, -1, a, 2, ipiv, b, 2, info));
        assertEquals(INVALID, Solvers.getrs(type, h, N, 2, 1, a, 1, ipiv, b, 2, info));
        assertEquals(INVALID, Solvers.getrs(type, h, N, 2, 1, a, 2, ipiv, b, 1, info));
        assertMessage("ldb (1) < max(1, 2)");

        assertEquals(INVALID, Solvers.potrfBufferSize(type, h, CublasFillMode.FULL, 2, a, 2, lwork));
        assertEquals(INVALID, Solvers.potrfBufferSize(type, h, -1, 2, a, 2, lwork));
        assertEquals(INVALID, Solvers.potrfBufferSize(type, h, LOWER, -1, a, 2, lwork));
        assertEquals(INVALID, Solvers.potrfBufferSize(type, h, LOWER, 2, a, 1, lwork));
        assertEquals(INVALID, Solvers.potrfBufferSize(type, h, LOWER, 2, a, 2, null));
        assertEquals(-7, lwork[0]);

        assertEquals(INVALID, Solvers.potrf(type, h, CublasFillMode.FULL, 2, a, 2, work, 2, info));
        assertMessage("uplo (2)");
        assertEquals(INVALID, Solvers.potrf(type, h, LOWER, -1, a, 2, work, 2, info));
        assertEquals(INVALID, Solvers.potrf(type, h, LOWER, 2, a, 1, work, 2, info));
        assertEquals(INVALID, Solvers.potrf(type, h, LOWER, 2, a, 2, work, 1, info));
        assertMessage(prefix(type) + "potrf: Lwork (1) < 2");
        assertEquals(INVALID, Solvers.potrf(type, h, LOWER, 0, a, 1, work, -1, info));

        assertEquals(INVALID, Solvers.potrs(type, h, 5, 2, 1, a, 2, b, 2, info));
        assertEquals(INVALID, Solvers.potrs(type, h, LOWER, -1, 1, a, 2, b, 2, info));
        assertEquals(INVALID, Solvers.potrs(type, h, LOWER, 2, -1, a, 2, b, 2, info));
        assertEquals(INVALID, Solvers.potrs(type, h, LOWER, 2, 1, a, 1, b, 2, info));
        assertEquals(INVALID, Solvers.potrs(type, h, LOWER, 2, 1, a, 2, b, 1, info));

        assertArrayEquals(values, device.load(type, a, 4));
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, b, 2));
        assertArrayEquals(new int[]{ 9, 9 }, device.loadInts(ipiv, 2));
        assertEquals(-5, device.loadInt(info));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrfRangesOutsideTheSessionFailAndWriteNothing(final ElementType type)
    {
        final double[] values = { 0, 2, 3, 4, 5, 6 };
        final long a = device.store(type, values);
        final long work = device.allocate(3L * type.size);
        final long ipiv = device.storeInts(9, 9);
        final long info = device.storeInts(-5);
        final long shortA = device.store(type, new double[]{ 1, 2, 3, 4, 5 });
        final long shortWork = device.allocate(2L * type.size);
        final long shortPivots = device.storeInts(9);
        final long freed = device.allocate(64);
        device.memory.free(freed, device.owner);
        final long foreign = device.memory.allocate(64, new Object()).deviceAddress();
        final String getrf = prefix(type) + "getrf: ";
        final CusolverDnHandle h = device.handle;

        // A 2 x 3 matrix with lda 2 spans 6 elements; the workspace n = 3.
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, shortA, 2, work, ipiv, info));
        assertMessage(getrf + "A [0x" + Long.toHexString(shortA) + ", +" + 6 * type.size + " bytes) is not inside");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 3, work, ipiv, info));
        assertMessage(getrf + "A [0x");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 2, shortWork, ipiv, info));
        assertMessage(getrf + "Workspace [0x");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 2, 0, ipiv, info));
        assertMessage(getrf + "Workspace [0x0, ");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 2, work, shortPivots, info));
        assertMessage(getrf + "devIpiv [0x");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 2, work, ipiv, 0));
        assertMessage(getrf + "devInfo [0x0, +4 bytes)");
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, freed, 2, work, ipiv, info));
        assertEquals(FAILED, Solvers.getrf(type, h, 2, 3, a, 2, work, ipiv, foreign));
        assertMessage(getrf + "devInfo [0x" + Long.toHexString(foreign));

        assertArrayEquals(values, device.load(type, a, 6));
        assertArrayEquals(new int[]{ 9, 9 }, device.loadInts(ipiv, 2));
        assertEquals(-5, device.loadInt(info));

        assertEquals(0, Solvers.getrf(type, h, 2, 3, a, 2, work, ipiv, info));
        assertNull(h.lastErrorMessage());
        assertEquals(0, device.loadInt(info));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void getrsRangesAndPivotsOutsideTheirBoundsFailAndWriteNothing(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 2, 1, 1, 3 });
        final long b = device.store(type, new double[]{ 1, 2, 3, 4 });
        final long ipiv = device.storeInts(1, 2);
        final long info = device.storeInts(-5);
        final String getrs = prefix(type) + "getrs: ";
        final CusolverDnHandle h = device.handle;

        assertEquals(FAILED, Solvers.getrs(type, h, N, 2, 3, a, 2, ipiv, b, 2, info));
        assertMessage(getrs + "B [0x");
        assertEquals(FAILED, Solvers.getrs(type, h, N, 2, 2, a, 3, ipiv, b, 2, info));
        assertMessage(getrs + "A [0x");
        assertEquals(FAILED, Solvers.getrs(type, h, N, 2, 2, a, 2, device.storeInts(1), b, 2, info));
        assertMessage(getrs + "devIpiv [0x");
        assertEquals(FAILED, Solvers.getrs(type, h, N, 2, 2, a, 2, ipiv, b, 2, 0));
        assertMessage(getrs + "devInfo [0x0");
        for (final int[] bad : new int[][]{ { 3, 2 }, { 1, 0 }, { -1, 2 } })
        {
            assertEquals(FAILED, Solvers.getrs(type, h, CublasOperation.T, 2, 2, a, 2, device.storeInts(bad), b, 2,
                info));
            assertMessage(getrs + "devIpiv[");
        }
        assertMessage("devIpiv[0] (-1) is outside [1, 2]");

        assertArrayEquals(new double[]{ 1, 2, 3, 4 }, device.load(type, b, 4));
        assertEquals(-5, device.loadInt(info));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void potrfAndPotrsRangesOutsideTheSessionFailAndWriteNothing(final ElementType type)
    {
        final double[] values = { 4, 2, 2, 5 };
        final long a = device.store(type, values);
        final long b = device.store(type, new double[]{ 1, 2 });
        final long work = device.allocate(2L * type.size);
        final long info = device.storeInts(-5);
        final CusolverDnHandle h = device.handle;

        assertEquals(FAILED, Solvers.potrf(type, h, LOWER, 2, a, 3, work, 2, info));
        assertMessage(prefix(type) + "potrf: A [0x");
        assertEquals(FAILED, Solvers.potrf(type, h, LOWER, 2, a, 2, device.allocate(type.size), 2, info));
        assertMessage(prefix(type) + "potrf: Workspace [0x");
        assertEquals(FAILED, Solvers.potrf(type, h, CublasFillMode.UPPER, 2, a, 2, work, 2, 0));
        assertMessage(prefix(type) + "potrf: devInfo [0x0");
        assertArrayEquals(values, device.load(type, a, 4));

        assertEquals(FAILED, Solvers.potrs(type, h, LOWER, 2, 2, a, 2, b, 2, info));
        assertMessage(prefix(type) + "potrs: B [0x");
        assertEquals(FAILED, Solvers.potrs(type, h, LOWER, 2, 1, a, 2, b, 2, device.allocate(2)));
        assertMessage(prefix(type) + "potrs: devInfo [0x");
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, b, 2));
        assertEquals(-5, device.loadInt(info));

        // A larger Lwork than the query's answer is accepted; the emulator checks only the n elements it may use.
        assertEquals(0, Solvers.potrf(type, h, LOWER, 2, a, 2, work, 100, info));
        assertEquals(0, device.loadInt(info));
        assertArrayEquals(new double[]{ 2, 1, 2, 2 }, device.load(type, a, 4));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void emptyProblemsSucceedAndSetInfoWhereItCan(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 7 });
        final CusolverDnHandle h = device.handle;
        final int[] lwork = { -7 };
        assertEquals(0, Solvers.getrfBufferSize(type, h, 0, 3, 0, 1, lwork));
        assertEquals(3, lwork[0]);
        assertEquals(0, Solvers.potrfBufferSize(type, h, LOWER, 0, 0, 1, lwork));
        assertEquals(0, lwork[0]);

        final long[] infos = new long[7];
        for (int i = 0; i < infos.length; i++)
        {
            infos[i] = device.storeInts(-5);
        }
        assertEquals(0, Solvers.getrf(type, h, 0, 3, 0, 1, 0, 0, infos[0]));
        assertEquals(0, Solvers.getrf(type, h, 3, 0, 0, 3, 0, 0, infos[1]));
        assertEquals(0, Solvers.getrs(type, h, N, 0, 2, 0, 1, 0, 0, 1, infos[2]));
        assertEquals(0, Solvers.getrs(type, h, N, 2, 0, 0, 2, 0, 0, 2, infos[3]));
        assertEquals(0, Solvers.potrf(type, h, LOWER, 0, 0, 1, 0, 0, infos[4]));
        assertEquals(0, Solvers.potrs(type, h, LOWER, 0, 1, 0, 1, 0, 1, infos[5]));
        assertEquals(0, Solvers.potrs(type, h, CublasFillMode.UPPER, 3, 0, 0, 3, 0, 3, infos[6]));
        for (int i = 0; i < infos.length; i++)
        {
            assertEquals(0, device.loadInt(infos[i]), "info " + i);
        }
        // No info to set where devInfo is no valid address: still a success, nothing written anywhere.
        assertEquals(0, Solvers.getrf(type, h, 0, 0, 0, 1, 0, 0, 0));
        assertEquals(0, Solvers.potrf(type, h, LOWER, 0, a, 1, 0, 0, a + (1L << 20)));
        assertArrayEquals(new double[]{ 7 }, device.load(type, a, 1));
    }
}
