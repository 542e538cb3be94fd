package io.gpurelay.agent.jcuda.blas;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.gpurelay.agent.cuda.blas.CublasPointerModes;

/**
 * A cuBLAS handle's pointer mode is kept per session: two executors of one device list can give the same handle, and
 * one's cublasSetPointerMode must not change how the other's routines read their scalars.
 */
class CublasPointerModesTest
{
    private static final long HANDLE = 0xB1A5_0001L;

    private final Object first = new Object();
    private final Object second = new Object();

    @AfterEach
    void endSessions()
    {
        CublasPointerModes.sessionEnded(first);
        CublasPointerModes.sessionEnded(second);
    }

    @Test
    void twoSessionsHandlesOfTheSameValueKeepTheirOwnModes()
    {
        CublasPointerModes.set(HANDLE, CublasPointerModes.HOST, first);
        CublasPointerModes.set(HANDLE, CublasPointerModes.DEVICE, second);

        assertFalse(CublasPointerModes.deviceMode(HANDLE, first), "the first session's handle is in host mode");
        assertTrue(CublasPointerModes.deviceMode(HANDLE, second), "the second session's handle is in device mode");

        CublasPointerModes.forget(HANDLE, first);
        assertTrue(CublasPointerModes.deviceMode(HANDLE, second), "destroying the first's handle leaves the second's");
    }

    @Test
    void anEndedSessionsModesAreForgotten()
    {
        CublasPointerModes.set(HANDLE, CublasPointerModes.DEVICE, first);
        CublasPointerModes.set(HANDLE, CublasPointerModes.DEVICE, second);

        CublasPointerModes.sessionEnded(first);

        assertFalse(CublasPointerModes.deviceMode(HANDLE, first), "an ended session's handle is forgotten");
        assertTrue(CublasPointerModes.deviceMode(HANDLE, second), "another session's handle stays in device mode");

        CublasPointerModes.set(HANDLE, CublasPointerModes.DEVICE, first);
        assertFalse(CublasPointerModes.deviceMode(HANDLE, first), "a mode set while its session ended is not kept");
    }
}
