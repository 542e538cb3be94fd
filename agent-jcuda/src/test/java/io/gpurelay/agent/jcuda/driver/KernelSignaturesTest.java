package io.gpurelay.agent.jcuda.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.gpurelay.agent.cuda.driver.KernelSignatures;

/**
 * Kernels are kept per session: two executors of one device list can give the same function or module handle, and
 * a launch must take its own executor's kernel's parameter sizes, an unload forget only its own module's kernels.
 */
class KernelSignaturesTest
{
    private static final long FUNCTION = 0xF00C_0001L;
    private static final long MODULE = 0x30D0_0001L;

    private final Object first = new Object();
    private final Object second = new Object();

    @AfterEach
    void endSessions()
    {
        KernelSignatures.sessionEnded(first);
        KernelSignatures.sessionEnded(second);
    }

    @Test
    void twoSessionsKernelsOfTheSameHandleAreKeptApart()
    {
        final KernelSignatures.KernelSignature saxpy =
            new KernelSignatures.KernelSignature("saxpy", MODULE, new long[]{ 4, 4, 8, 8 });
        final KernelSignatures.KernelSignature scale =
            new KernelSignatures.KernelSignature("scale", MODULE, new long[]{ 8 });
        KernelSignatures.add(FUNCTION, saxpy, first);
        KernelSignatures.add(FUNCTION, scale, second);

        assertEquals(saxpy, KernelSignatures.find(FUNCTION, first), "the first session's kernel");
        assertEquals(scale, KernelSignatures.find(FUNCTION, second), "the second session's kernel");
        assertNull(KernelSignatures.find(FUNCTION, new Object()), "a third session has no such kernel");

        KernelSignatures.moduleUnloaded(MODULE, second);
        assertNull(KernelSignatures.find(FUNCTION, second), "the unloaded module's kernel");
        assertEquals(saxpy, KernelSignatures.find(FUNCTION, first), "another session's module of the same handle");

        KernelSignatures.add(FUNCTION, scale, second);
        KernelSignatures.sessionEnded(second);
        assertNull(KernelSignatures.find(FUNCTION, second), "the ended session's kernel");
        assertEquals(saxpy, KernelSignatures.find(FUNCTION, first), "another session's end leaves the first's");

        KernelSignatures.add(FUNCTION, scale, second);
        assertNull(KernelSignatures.find(FUNCTION, second), "a kernel found while its session ended is not kept");
    }
}
