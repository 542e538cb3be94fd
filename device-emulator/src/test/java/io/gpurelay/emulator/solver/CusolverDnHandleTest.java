package io.gpurelay.emulator.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.gpurelay.emulator.blas.CublasFillMode;
import io.gpurelay.emulator.blas.CublasOperation;
import io.gpurelay.emulator.blas.ElementType;

class CusolverDnHandleTest
{
    private final DeviceFixture device = new DeviceFixture();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void aNewHandleHasTheDefaultStreamAndTheVersion()
    {
        assertEquals(0, device.handle.stream());
        assertTrue(device.handle.isLive());
        assertNull(device.handle.lastErrorMessage());
        assertEquals(12004, CusolverDnHandle.VERSION);
    }

    @Test
    void theStreamIsStoredAndHandedBack()
    {
        assertEquals(0, device.handle.setStream(0x1234));
        assertEquals(0x1234, device.handle.stream());
    }

    @Test
    void aHandleNeedsMemoryAndAnOwner()
    {
        assertThrows(IllegalArgumentException.class, () -> CusolverDnHandle.create(null, device.owner));
        assertThrows(IllegalArgumentException.class, () -> CusolverDnHandle.create(device.memory, null));
    }

    @Test
    void statusNamesAreCusolversOwn()
    {
        assertEquals("CUSOLVER_STATUS_SUCCESS", CusolverStatus.name(0));
        assertEquals("CUSOLVER_STATUS_INVALID_VALUE", CusolverStatus.name(3));
        assertEquals("CUSOLVER_STATUS_EXECUTION_FAILED", CusolverStatus.name(6));
        assertEquals("CUSOLVER_STATUS_NOT_SUPPORTED", CusolverStatus.name(9));
        assertEquals("cusolverStatus_t(42)", CusolverStatus.name(42));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aDestroyedOrNullHandleIsNotInitializedAndTouchesNothing(final ElementType type)
    {
        final long a = device.store(type, new double[]{ 4, 2, 2, 5 });
        final long b = device.store(type, new double[]{ 1, 2 });
        final long work = device.allocate(64);
        final long ipiv = device.storeInts(9, 9);
        final long info = device.storeInts(-5);
        final int[] lwork = { -7 };
        final int lower = CublasFillMode.LOWER;
        final int notInitialized = CusolverStatus.NOT_INITIALIZED;

        final CusolverDnHandle destroyed = CusolverDnHandle.create(device.memory, device.owner);
        assertEquals(0, destroyed.destroy());
        assertFalse(destroyed.isLive());
        assertEquals(notInitialized, destroyed.destroy());
        assertEquals(notInitialized, destroyed.setStream(1));
        assertEquals(0, destroyed.stream());

        for (final CusolverDnHandle h : new CusolverDnHandle[]{ destroyed, null })
        {
            assertEquals(notInitialized, Solvers.getrfBufferSize(type, h, 2, 2, a, 2, lwork));
            assertEquals(notInitialized, Solvers.getrf(type, h, 2, 2, a, 2, work, ipiv, info));
            assertEquals(notInitialized, Solvers.getrs(type, h, CublasOperation.N, 2, 1, a, 2, ipiv, b, 2, info));
            assertEquals(notInitialized, Solvers.potrfBufferSize(type, h, lower, 2, a, 2, lwork));
            assertEquals(notInitialized, Solvers.potrf(type, h, lower, 2, a, 2, work, 2, info));
            assertEquals(notInitialized, Solvers.potrs(type, h, lower, 2, 1, a, 2, b, 2, info));
            // The handle is checked before the arguments.
            assertEquals(notInitialized, Solvers.getrf(type, h, -1, 2, a, 2, work, ipiv, info));
        }
        assertEquals(-7, lwork[0]);
        assertArrayEquals(new double[]{ 4, 2, 2, 5 }, device.load(type, a, 4));
        assertArrayEquals(new double[]{ 1, 2 }, device.load(type, b, 2));
        assertArrayEquals(new int[]{ 9, 9 }, device.loadInts(ipiv, 2));
        assertEquals(-5, device.loadInt(info));
    }
}
