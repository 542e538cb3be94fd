package io.gpurelay.emulator.blas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CublasHandleTest
{
    private final DeviceFixture device = new DeviceFixture();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void aNewHandleHasCublassDefaults()
    {
        final CublasHandle handle = device.handle;
        assertEquals(CublasPointerMode.HOST, handle.pointerMode());
        assertEquals(CublasMath.DEFAULT_MATH, handle.mathMode());
        assertEquals(0, handle.stream());
        assertNull(handle.lastErrorMessage());
        assertEquals(130100, CublasHandle.VERSION);
    }

    @Test
    void settingsAreStoredAndHandedBack()
    {
        final CublasHandle handle = device.handle;
        assertEquals(0, handle.setStream(0x1234));
        assertEquals(0x1234, handle.stream());
        assertEquals(0, handle.setPointerMode(CublasPointerMode.DEVICE));
        assertEquals(CublasPointerMode.DEVICE, handle.pointerMode());
        for (final int mode : new int[]{ 0, 1, 2, 3, 4, 5, 8, 16, 19 })
        {
            assertEquals(0, handle.setMathMode(mode), "math mode " + mode);
            assertEquals(mode, handle.mathMode());
        }
    }

    @Test
    void invalidModesAreRefusedAndChangeNothing()
    {
        final CublasHandle handle = device.handle;
        assertEquals(CublasStatus.INVALID_VALUE, handle.setPointerMode(2));
        assertEquals(CublasPointerMode.HOST, handle.pointerMode());
        assertEquals(0, handle.setMathMode(CublasMath.PEDANTIC_MATH));
        assertEquals(CublasStatus.INVALID_VALUE, handle.setMathMode(32));
        assertEquals(CublasStatus.INVALID_VALUE, handle.setMathMode(100));
        assertEquals(CublasStatus.INVALID_VALUE, handle.setMathMode(-1));
        assertEquals(CublasMath.PEDANTIC_MATH, handle.mathMode());
    }

    @Test
    void aDestroyedHandleRefusesEverything()
    {
        final CublasHandle handle = device.handle;
        assertEquals(0, handle.destroy());
        assertFalse(handle.isLive());
        assertEquals(CublasStatus.NOT_INITIALIZED, handle.destroy());
        assertEquals(CublasStatus.NOT_INITIALIZED, handle.setStream(1));
        assertEquals(CublasStatus.NOT_INITIALIZED, handle.setPointerMode(CublasPointerMode.DEVICE));
        assertEquals(CublasStatus.NOT_INITIALIZED, handle.setMathMode(0));
    }

    @Test
    void aHandleNeedsMemoryAndAnOwner()
    {
        assertThrows(IllegalArgumentException.class, () -> CublasHandle.create(null, new Object()));
        assertThrows(IllegalArgumentException.class, () -> CublasHandle.create(device.memory, null));
    }

    @Test
    void statusNamesAreTheHeadersConstants()
    {
        assertEquals("CUBLAS_STATUS_EXECUTION_FAILED", CublasStatus.name(CublasStatus.EXECUTION_FAILED));
        assertEquals("cublasStatus_t(42)", CublasStatus.name(42));
    }
}
