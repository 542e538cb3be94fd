package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * local_memory.cu keeps a dynamically indexed array in local memory and calls a {@code __noinline__} device function
 * through the PTX calling convention (st.param, call, ld.param).
 */
class FunctionCallKernelTest
{
    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void localArrayAndDeviceFunctionCall()
    {
        final int n = 300;
        final Random random = new Random(9);
        final int[] indices = new int[n];
        final float[] values = new float[n];
        for (int i = 0; i < n; i++)
        {
            indices[i] = random.nextInt(1000);
            values[i] = random.nextFloat() * 4.0f - 2.0f;
        }
        final ModuleInstance module = device.load("local_memory.ptx");
        final PtxKernel kernel = module.module().kernel("local_memory");
        assertTrue(kernel.localBytesPerThread() >= 128, "the 32-float array lives in local memory");
        final long out = device.allocate(4L * n);

        module.launch("local_memory", 3, 1, 1, 128, 1, 1, 0,
            ParameterBuffer.of(module, "local_memory").putLong(0, device.upload(indices))
                .putLong(1, device.upload(values)).putLong(2, out).putInt(3, n).bytes());

        final float[] expected = new float[n];
        for (int i = 0; i < n; i++)
        {
            float sum = 0.0f;
            for (int k = 0; k < 8; k++)
            {
                sum += values[(i + (indices[(i * 8 + k) % n] & 31)) % n];
            }
            expected[i] = Math.fma((float)(i % 5), sum, 0.5f);
        }
        assertArrayEquals(expected, device.downloadFloats(out, n));
    }

    @Test
    void recursiveFunctionWithDivergentDepth()
    {
        final String ptx = """
            .version 9.0
            .target sm_90
            .address_size 64

            .func (.param .b32 result) factorial(.param .b32 n)
            {
                .reg .pred %p<2>;
                .reg .b32 %r<5>;
                ld.param.b32 %r1, [n];
                setp.le.s32 %p1, %r1, 1;
                @%p1 bra BASE;
                add.s32 %r2, %r1, -1;
                {
                .param .b32 argument;
                st.param.b32 [argument], %r2;
                .param .b32 returned;
                call.uni (returned), factorial, (argument);
                ld.param.b32 %r3, [returned];
                }
                mul.lo.s32 %r4, %r3, %r1;
                st.param.b32 [result], %r4;
                ret;
            BASE:
                mov.u32 %r4, 1;
                st.param.b32 [result], %r4;
                ret;
            }

            .visible .entry factorials(.param .u64 out)
            {
                .reg .b32 %r<4>;
                .reg .b64 %rd<4>;
                ld.param.u64 %rd1, [out];
                mov.u32 %r1, %tid.x;
                {
                .param .b32 argument;
                st.param.b32 [argument], %r1;
                .param .b32 returned;
                call.uni (returned), factorial, (argument);
                ld.param.b32 %r2, [returned];
                }
                mul.wide.u32 %rd2, %r1, 4;
                add.s64 %rd3, %rd1, %rd2;
                st.global.u32 [%rd3], %r2;
                ret;
            }
            """;
        final ModuleInstance module = device.loadSource(ptx);
        final long out = device.allocate(4 * 13);
        module.launch("factorials", 1, 1, 1, 13, 1, 1, 0,
            ParameterBuffer.of(module, "factorials").putLong(0, out).bytes());

        final int[] results = device.downloadInts(out, 13);
        int factorial = 1;
        for (int i = 0; i < 13; i++)
        {
            factorial *= Math.max(i, 1);
            assertEquals(factorial, results[i], "factorial of " + i);
        }
    }
}
