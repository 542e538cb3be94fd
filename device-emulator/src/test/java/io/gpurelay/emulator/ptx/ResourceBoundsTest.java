package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Modules and launches that would cost the process unbounded memory or time are refused or stopped.
 */
class ResourceBoundsTest
{
    private static final String HEADER = """
        .version 9.0
        .target sm_90
        .address_size 64
        """;
    private static final String SPIN = HEADER + """
        .visible .entry spin()
        {
            .reg .b32 %r<2>;
            mov.u32 %r1, 0;
        $L_spin:
            add.s32 %r1, %r1, 1;
            bra.uni $L_spin;
        }
        """;

    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void aHugeRegisterDeclarationIsRefusedBeforeAnyRegisterExists()
    {
        final PtxException error = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .visible .entry greedy()
            {
                .reg .b32 %r<2000000000>;
                ret;
            }
            """));
        assertTrue(error.getMessage().contains("declaring 2000000000 registers %r exceeds the 65536 registers"),
            error.getMessage());
    }

    @Test
    void hugeVariablesAreRefused()
    {
        final PtxException global = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .global .align 4 .b8 table[2000000000];
            """));
        assertTrue(global.getMessage().contains("is too large") || global.getMessage().contains("exceeds"),
            global.getMessage());
        final PtxException local = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .visible .entry deep()
            {
                .local .align 4 .b8 frame[1048576];
                ret;
            }
            """));
        assertTrue(local.getMessage().contains("bytes of local memory a thread may have"), local.getMessage());
    }

    @Test
    void aBlockWhoseRegistersWouldNotFitIsOutOfResources()
    {
        final ModuleInstance module = device.loadSource(HEADER + """
            .visible .entry wide()
            {
                .reg .b64 %rd<60000>;
                ret;
            }
            """);
        final KernelFaultException fault = assertThrows(KernelFaultException.class,
            () -> module.launch("wide", 1, 1, 1, 1024, 1, 1, 0, new byte[0]));
        assertEquals(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, fault.kind());
        module.launch("wide", 1, 1, 1, 32, 1, 1, 0, new byte[0]);
    }

    @Test
    void aKernelPastItsTimeoutIsStopped()
    {
        final KernelStop stop = new KernelStop(TimeUnit.MILLISECONDS.toNanos(100));
        final ModuleInstance module = PtxModule.parse(SPIN).instantiate(device.memory, device.owner, stop);

        final KernelFaultException fault = assertThrows(KernelFaultException.class,
            () -> module.launch("spin", 4, 1, 1, 64, 1, 1, 0, new byte[0]));

        assertEquals(KernelFaultException.Kind.LAUNCH_TIMEOUT, fault.kind());
        assertTrue(fault.getMessage().contains("ran longer than the kernel timeout of 100 ms"), fault.getMessage());
    }

    @Test
    void aKernelStoppedFromAnotherThreadEndsAndLaterLaunchesAreRefused() throws InterruptedException
    {
        final KernelStop stop = new KernelStop(0);
        final ModuleInstance module = PtxModule.parse(SPIN).instantiate(device.memory, device.owner, stop);
        final Thread stopper = new Thread(() ->
        {
            try
            {
                Thread.sleep(100);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            stop.stopNow("its client went away");
        });
        stopper.start();

        final KernelFaultException fault = assertThrows(KernelFaultException.class,
            () -> module.launch("spin", 1, 1, 1, 32, 1, 1, 0, new byte[0]));
        stopper.join(TimeUnit.SECONDS.toMillis(10));

        assertEquals(KernelFaultException.Kind.LAUNCH_TIMEOUT, fault.kind());
        assertEquals("kernel 'spin' stopped: its client went away", fault.getMessage());
        assertEquals(KernelFaultException.Kind.LAUNCH_TIMEOUT, assertThrows(KernelFaultException.class,
            () -> module.launch("spin", 1, 1, 1, 32, 1, 1, 0, new byte[0])).kind());
    }
}
