package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * printf_malloc.cu: device {@code printf} (the {@code vprintf} system call) and device {@code malloc} and
 * {@code free}. The expected text is what glibc's printf prints for the same format and arguments.
 */
class SystemCallsKernelTest
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
    void printfFormatsAsGlibcDoes()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");
        final long text = device.upload("gpurelay\0".getBytes(StandardCharsets.US_ASCII));
        module.launch("printf_formats", 1, 1, 1, 1, 1, 1, 0, ParameterBuffer.of(module, "printf_formats")
            .putInt(0, -42).putInt(1, (int)3735928559L).putLong(2, -1234567890123L).putFloat(3, 3.14159f)
            .putDouble(4, -0.0025).putLong(5, text).bytes());

        final PrintfBuffer.Drained drained = module.systemCalls().printfBuffer().drain();
        assertEquals(0, drained.droppedBytes());
        assertEquals("""
            int -42 -42   -42|-42  |-0042 -42 -42 -042
            unsigned 3735928559 deadbeef DEADBEEF 0xdeadbeef 33653337357 033653337357 3735928559 -1234567890123
            char ok string gpurelay|gpurelay|gpurelay|gp
            float 3.141590 3.14      3.142 -2.500000e-03 -2.500E-03 -0.0025 0.0001 1.23457e+08 1E-10
            pointer 0x""" + Long.toHexString(text) + """
             null (nil) percent % done
            """, new String(drained.text(), StandardCharsets.US_ASCII));
        assertTrue(module.systemCalls().printfBuffer().drain().isEmpty(), "drained text is gone");
    }

    @Test
    void roundingAndSpecialValuesFollowGlibc()
    {
        // fmt is "%.2f %.1f %.0f %g %g %#g %e %a %f %E\n".
        final ModuleInstance module = device.loadSource(HEADER + """
            .extern .func (.param .b32 status) vprintf(.param .b64 format, .param .b64 arguments);
            .global .align 1 .b8 fmt[38] = {37,46,50,102,32,37,46,49,102,32,37,46,48,102,32,37,103,32,37,103,32,
                37,35,103,32,37,101,32,37,97,32,37,102,32,37,69,10,0};
            .visible .entry print(.param .u64 arguments)
            {
                .reg .b64 %rd<4>;
                .reg .b32 %r<2>;
                ld.param.u64 %rd1, [arguments];
                mov.u64 %rd2, fmt;
                cvta.global.u64 %rd3, %rd2;
                {
                .param .b64 p0;
                st.param.b64 [p0], %rd3;
                .param .b64 p1;
                st.param.b64 [p1], %rd1;
                .param .b32 r0;
                call.uni (r0), vprintf, (p0, p1);
                ld.param.b32 %r1, [r0];
                }
                ret;
            }
            """);
        final double[] values = {0.125, 0.25, 2.5, 100.0, 1e6, 1.0, 0.0, 1.5, Double.NEGATIVE_INFINITY, Double.NaN};
        final long arguments = device.upload(values);

        module.launch("print", 1, 1, 1, 1, 1, 1, 0,
            ParameterBuffer.of(module, "print").putLong(0, arguments).bytes());

        assertEquals("0.12 0.2 2 100 1e+06 1.00000 0.000000e+00 0x1.8p+0 -inf NAN\n",
            new String(module.systemCalls().printfBuffer().drain().text(), StandardCharsets.US_ASCII));
    }

    @Test
    void everyThreadOfEveryBlockPrintsOneWholeLine()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");
        final long count = device.allocate(4);

        module.launch("printf_threads", 3, 1, 1, 40, 1, 1, 0,
            ParameterBuffer.of(module, "printf_threads").putLong(0, count).bytes());

        final List<String> lines = Arrays.asList(
            new String(module.systemCalls().printfBuffer().drain().text(), StandardCharsets.US_ASCII).split("\n"));
        final Set<String> expected = new HashSet<>();
        for (int block = 0; block < 3; block++)
        {
            for (int thread = 0; thread < 40; thread++)
            {
                expected.add("block " + block + " thread " + thread);
            }
        }
        assertEquals(120, lines.size());
        assertEquals(expected, new HashSet<>(lines));
        assertEquals(120, device.downloadInts(count, 1)[0]);
    }

    @Test
    void printfThatDoesNotFitTheBufferIsDroppedAndCounted()
    {
        final DeviceSystemCalls systemCalls = new DeviceSystemCalls(device.memory, device.owner);
        final PrintfBuffer buffer = systemCalls.printfBuffer();
        buffer.capacity(64);
        final ModuleInstance module = PtxModule.parse(EmulatedDevice.kernelSource("printf_malloc.ptx"))
            .instantiate(device.memory, device.owner, systemCalls);
        final long count = device.allocate(4);

        module.launch("printf_threads", 1, 1, 1, 8, 1, 1, 0,
            ParameterBuffer.of(module, "printf_threads").putLong(0, count).bytes());

        final PrintfBuffer.Drained drained = buffer.drain();
        assertEquals("block 0 thread 0\nblock 0 thread 1\nblock 0 thread 2\n",
            new String(drained.text(), StandardCharsets.US_ASCII), "the three lines that fit in 64 bytes");
        assertEquals(5 * 17, drained.droppedBytes());
        systemCalls.release();
    }

    @Test
    void mallocGivesEachThreadItsOwnBlockAndFreeReturnsIt()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");
        final int threads = 256;
        final long out = device.allocate(4L * threads);

        for (int round = 0; round < 3; round++)
        {
            module.launch("heap_roundtrip", 2, 1, 1, 128, 1, 1, 0,
                ParameterBuffer.of(module, "heap_roundtrip").putLong(0, out).putLong(1, 16 * 1024).bytes());
            final int[] expected = new int[threads];
            for (int t = 0; t < threads; t++)
            {
                expected[t] = t * 4;
            }
            assertArrayEquals(expected, device.downloadInts(out, threads),
                "256 blocks of 16 KiB fit the 8 MiB heap again in round " + round + " because each was freed");
        }
        assertEquals(0, module.systemCalls().heap().used());
    }

    @Test
    void theBufferAndHeapSizesAreSettableUntilAKernelUsesThemAndAgainAfterAReset()
    {
        final DeviceSystemCalls systemCalls = new DeviceSystemCalls(device.memory, device.owner);
        final ModuleInstance module = PtxModule.parse(EmulatedDevice.kernelSource("printf_malloc.ptx"))
            .instantiate(device.memory, device.owner, systemCalls);
        final long out = device.allocate(4L * 64);
        assertEquals(PrintfBuffer.DEFAULT_CAPACITY, systemCalls.printfBuffer().capacity());
        assertEquals(DeviceHeap.DEFAULT_CAPACITY, systemCalls.heap().capacity());

        assertTrue(systemCalls.printfFifoSize(1000));
        assertEquals(DeviceSystemCalls.MIN_PRINTF_FIFO, systemCalls.printfBuffer().capacity(), "raised to the least");
        assertTrue(systemCalls.heapSize(1000));
        assertEquals(DeviceSystemCalls.MIN_HEAP, systemCalls.heap().capacity(), "raised to the least");
        assertTrue(systemCalls.heapSize(32L << 20));
        assertEquals(32L << 20, systemCalls.heap().capacity());

        // A block larger than the default heap fits the larger one.
        module.launch("heap_roundtrip", 1, 1, 1, 1, 1, 1, 0, ParameterBuffer.of(module, "heap_roundtrip")
            .putLong(0, out).putLong(1, DeviceHeap.DEFAULT_CAPACITY + 16).bytes());
        assertEquals(0, device.downloadInts(out, 1)[0], "a 8 MiB + 16 block from a 32 MiB heap");
        assertFalse(systemCalls.heapSize(64L << 20), "the heap once a kernel allocated");
        assertEquals(32L << 20, systemCalls.heap().capacity());
        assertTrue(systemCalls.printfFifoSize(2 << 20), "the buffer while no kernel printed");

        module.launch("printf_threads", 1, 1, 1, 1, 1, 1, 0,
            ParameterBuffer.of(module, "printf_threads").putLong(0, out).bytes());
        assertFalse(systemCalls.printfFifoSize(4 << 20), "the buffer once a kernel printed");
        assertEquals(2 << 20, systemCalls.printfBuffer().capacity());

        systemCalls.reset();
        assertEquals(PrintfBuffer.DEFAULT_CAPACITY, systemCalls.printfBuffer().capacity());
        assertEquals(DeviceHeap.DEFAULT_CAPACITY, systemCalls.heap().capacity());
        assertEquals("block 0 thread 0\n", new String(systemCalls.printfBuffer().drain().text(),
            StandardCharsets.US_ASCII), "text printed before the reset is still taken");
        assertTrue(systemCalls.printfFifoSize(4 << 20) && systemCalls.heapSize(16L << 20), "settable again");
        systemCalls.release();
    }

    @Test
    void mallocPastTheHeapGivesNull()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");
        final int threads = 64;
        final long out = device.allocate(4L * threads);

        module.launch("heap_roundtrip", 1, 1, 1, threads, 1, 1, 0, ParameterBuffer.of(module, "heap_roundtrip")
            .putLong(0, out).putLong(1, DeviceHeap.DEFAULT_CAPACITY + 16).bytes());

        final int[] expected = new int[threads];
        Arrays.fill(expected, -1);
        assertArrayEquals(expected, device.downloadInts(out, threads));
    }

    @Test
    void heapBlocksOutliveTheKernelThatAllocatedThem()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");
        final long kept = device.allocate(8);
        final long out = device.allocate(4);

        module.launch("heap_keep", 1, 1, 1, 1, 1, 1, 0,
            ParameterBuffer.of(module, "heap_keep").putLong(0, kept).putInt(1, 1234).bytes());
        assertEquals(DeviceHeap.ALIGNMENT, module.systemCalls().heap().used());
        module.launch("heap_release", 1, 1, 1, 1, 1, 1, 0,
            ParameterBuffer.of(module, "heap_release").putLong(0, kept).putLong(1, out).bytes());

        assertEquals(1234, device.downloadInts(out, 1)[0]);
        assertEquals(0, module.systemCalls().heap().used());
    }

    @Test
    void freeingABlockTwiceIsAnIllegalAddress()
    {
        final ModuleInstance module = device.load("printf_malloc.ptx");

        final KernelFaultException fault = assertThrows(KernelFaultException.class, () -> module.launch(
            "heap_double_free", 1, 1, 1, 1, 1, 1, 0,
            ParameterBuffer.of(module, "heap_double_free").putLong(0, 0).bytes()));

        assertEquals(KernelFaultException.Kind.ILLEGAL_ADDRESS, fault.kind());
        assertTrue(fault.getMessage().contains("which device malloc did not return or was already freed"),
            fault.getMessage());
    }

    @Test
    void systemCallDeclaredWithAnotherSignatureIsRefusedAtLoad()
    {
        final PtxException refused = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .extern .func (.param .b64 pointer) malloc(.param .b32 size);
            .visible .entry k()
            {
                {
                .param .b32 p0;
                st.param.b32 [p0], 16;
                .param .b64 r0;
                call.uni (r0), malloc, (p0);
                }
                ret;
            }
            """));

        assertTrue(refused.getMessage().contains("system call 'malloc' is declared with another signature"),
            refused.getMessage());
    }
}
