package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Launches that are refused up front and kernels that fault while running.
 */
class LaunchFaultTest
{
    private static final String HEADER = """
        .version 9.0
        .target sm_90
        .address_size 64
        """;

    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void outOfBoundsGlobalStoreIsAnIllegalAddress()
    {
        final int n = 1000;
        final ModuleInstance module = device.load("vector_add.ptx");
        final long a = device.upload(new float[n]);
        final long b = device.upload(new float[n]);
        final long c = device.allocate(4L * 900);

        final KernelFaultException fault = assertThrows(KernelFaultException.class, () -> module.launch(
            "vector_add", 4, 1, 1, 256, 1, 1, 0,
            ParameterBuffer.of(module, "vector_add").putLong(0, a).putLong(1, b).putLong(2, c).putInt(3, n).bytes()));

        assertEquals(KernelFaultException.Kind.ILLEGAL_ADDRESS, fault.kind());
        assertEquals("vector_add", fault.kernelName());
        final String message = fault.getMessage();
        assertTrue(message.startsWith("illegal address 0x" + Long.toHexString(c + 4 * 900) + " (4 bytes) in " +
            "kernel 'vector_add' at line "), message);
        assertTrue(message.contains("(st.global.f32), block (3,0,0) thread (132,0,0)"), message);
    }

    @Test
    void memoryOfAnotherOwnerIsNotReachable()
    {
        final ModuleInstance module = device.load("saxpy.ptx");
        final long foreign = device.memory.allocate(1024, new Object()).deviceAddress();
        final long mine = device.allocate(1024);
        final KernelFaultException fault = assertThrows(KernelFaultException.class, () -> module.launch(
            "saxpy", 1, 1, 1, 32, 1, 1, 0,
            ParameterBuffer.of(module, "saxpy").putInt(0, 32).putFloat(1, 2.0f).putLong(2, foreign)
                .putLong(3, mine).bytes()));
        assertEquals(KernelFaultException.Kind.ILLEGAL_ADDRESS, fault.kind());
        assertTrue(fault.getMessage().contains("(ld.global.f32)"), fault.getMessage());
    }

    @Test
    void misalignedAccessAndTrap()
    {
        final ModuleInstance module = device.loadSource(HEADER + """
            .visible .entry misaligned(.param .u64 p)
            {
                .reg .b64 %rd<3>;
                .reg .b32 %r<2>;
                ld.param.u64 %rd1, [p];
                add.s64 %rd2, %rd1, 2;
                ld.global.u32 %r1, [%rd2];
                ret;
            }
            .visible .entry stop()
            {
                .reg .pred %p<2>;
                .reg .b32 %r<2>;
                mov.u32 %r1, %tid.x;
                setp.eq.s32 %p1, %r1, 5;
                @%p1 trap;
                ret;
            }
            """);
        final long buffer = device.allocate(64);
        final KernelFaultException misaligned = assertThrows(KernelFaultException.class, () -> module.launch(
            "misaligned", 1, 1, 1, 1, 1, 1, 0, ParameterBuffer.of(module, "misaligned").putLong(0, buffer).bytes()));
        assertEquals(KernelFaultException.Kind.MISALIGNED_ADDRESS, misaligned.kind());
        assertTrue(misaligned.getMessage().startsWith("misaligned address 0x" + Long.toHexString(buffer + 2)),
            misaligned.getMessage());

        final KernelFaultException trap = assertThrows(KernelFaultException.class,
            () -> module.launch("stop", 1, 1, 1, 8, 1, 1, 0, new byte[0]));
        assertEquals(KernelFaultException.Kind.ILLEGAL_INSTRUCTION, trap.kind());
        assertTrue(trap.getMessage().contains("line 19 (trap), block (0,0,0) thread (5,0,0)"), trap.getMessage());
    }

    @Test
    void sharedMemoryOutsideTheBlockWindowFaults()
    {
        final ModuleInstance module = device.loadSource(HEADER + """
            .visible .entry overrun()
            {
                .shared .align 4 .b8 buffer[64];
                .reg .b32 %r<4>;
                mov.u32 %r1, buffer;
                mov.u32 %r2, %tid.x;
                shl.b32 %r3, %r2, 2;
                add.s32 %r3, %r1, %r3;
                st.shared.u32 [%r3], %r2;
                ret;
            }
            """);
        module.launch("overrun", 1, 1, 1, 16, 1, 1, 0, new byte[0]);
        final KernelFaultException fault = assertThrows(KernelFaultException.class,
            () -> module.launch("overrun", 1, 1, 1, 17, 1, 1, 0, new byte[0]));
        assertEquals(KernelFaultException.Kind.ILLEGAL_ADDRESS, fault.kind());
        assertTrue(fault.getMessage().startsWith("illegal shared address 0x40 (4 bytes)"), fault.getMessage());
    }

    @Test
    void invalidDimensionsAndParametersAreInvalidLaunches()
    {
        final ModuleInstance module = device.load("saxpy.ptx");
        final byte[] parameters = new byte[24];
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 0, 1, 1, 32, 1, 1, 0, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 1, 0, 1, 32, 1, 1, 0, parameters));
        assertThrows(InvalidLaunchException.class,
            () -> module.launch("saxpy", 1, 65536, 1, 32, 1, 1, 0, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 1, 1, 1, 0, 1, 1, 0, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 1, 1, 1, 2048, 1, 1, 0, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 1, 1, 1, 1, 1, 65, 0, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("saxpy", 1, 1, 1, 1, 1, 1, -1, parameters));
        assertThrows(InvalidLaunchException.class, () -> module.launch("nope", 1, 1, 1, 1, 1, 1, 0, parameters));
        final InvalidLaunchException shortBuffer = assertThrows(InvalidLaunchException.class,
            () -> module.launch("saxpy", 1, 1, 1, 1, 1, 1, 0, new byte[16]));
        assertTrue(shortBuffer.getMessage().contains("takes 24 bytes of parameters, got 16"));
    }

    @Test
    void tooManyThreadsOrTooMuchSharedMemoryIsOutOfResources()
    {
        final ModuleInstance module = device.load("reduce_shared.ptx");
        final byte[] parameters = new byte[20];
        final KernelFaultException threads = assertThrows(KernelFaultException.class,
            () -> module.launch("reduce_shared", 1, 1, 1, 32, 32, 2, 0, parameters));
        assertEquals(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, threads.kind());

        final KernelFaultException shared = assertThrows(KernelFaultException.class,
            () -> module.launch("reduce_shared_dynamic", 1, 1, 1, 32, 1, 1, 228 * 1024, parameters));
        assertEquals(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, shared.kind());
        assertTrue(shared.getMessage().contains("shared memory"), shared.getMessage());
    }

    @Test
    void aFaultInOneBlockStopsTheLaunchAndLeavesOtherMemoryIntact()
    {
        final int n = 1 << 16;
        final ModuleInstance module = device.load("vector_add.ptx");
        final long a = device.upload(new float[n]);
        final long b = device.upload(new float[n]);
        final long c = device.allocate(4L * n - 4);
        final long untouched = device.upload(new int[]{1, 2, 3, 4});
        assertThrows(KernelFaultException.class, () -> module.launch("vector_add", n / 128, 1, 1, 128, 1, 1, 0,
            ParameterBuffer.of(module, "vector_add").putLong(0, a).putLong(1, b).putLong(2, c).putInt(3, n).bytes()));
        assertArrayEquals(new int[]{1, 2, 3, 4}, device.downloadInts(untouched, 4));
    }
}
