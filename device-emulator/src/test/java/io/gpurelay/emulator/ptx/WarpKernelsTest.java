package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Warp-level primitives with 32-lane semantics: a block of 48 threads has one full warp and one of 16 lanes, and a
 * branch on the value's parity makes the second ballot see only the lanes that took it.
 */
class WarpKernelsTest
{
    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void voteShuffleAndActivemask()
    {
        final int threads = 48;
        final int blocks = 3;
        final int n = threads * blocks;
        final Random random = new Random(5);
        final int[] values = new int[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = random.nextInt(130) - 10;
        }
        // One warp where every value is positive, so that __all_sync is true there.
        for (int i = threads; i < threads + 32; i++)
        {
            values[i] = Math.abs(values[i]) + 1;
        }
        final ModuleInstance module = device.load("warp_vote.ptx");
        final long in = device.upload(values);
        final long out = device.allocate(32L * n);

        module.launch("warp_vote", blocks, 1, 1, threads, 1, 1, 0,
            ParameterBuffer.of(module, "warp_vote").putLong(0, in).putLong(1, out).bytes());

        final int[] results = device.downloadInts(out, 8 * n);
        for (int i = 0; i < n; i++)
        {
            final int tid = i % threads;
            final int warpStart = i - tid + (tid / 32) * 32;
            final int lanes = Math.min(32, threads - (tid / 32) * 32);
            final int lane = tid % 32;
            final int active = lanes == 32 ? -1 : (1 << lanes) - 1;
            int positive = 0;
            int odd = 0;
            boolean anyLarge = false;
            for (int l = 0; l < lanes; l++)
            {
                final int value = values[warpStart + l];
                positive |= value > 0 ? 1 << l : 0;
                odd |= (value & 1) != 0 ? 1 << l : 0;
                anyLarge |= value > 100;
            }
            final String at = "thread " + i;
            assertEquals(active, results[8 * i], at + " activemask");
            assertEquals(positive, results[8 * i + 1], at + " ballot");
            assertEquals(positive == active ? 1 : 0, results[8 * i + 2], at + " all");
            assertEquals(anyLarge ? 1 : 0, results[8 * i + 3], at + " any");
            assertEquals(values[warpStart + 3], results[8 * i + 4], at + " shfl idx");
            assertEquals(values[warpStart + Math.max(0, lane - 1)], results[8 * i + 5], at + " shfl up");
            assertEquals(values[warpStart + ((lane & ~7) | ((lane + 5) & 7))], results[8 * i + 6],
                at + " shfl width 8");
            assertEquals((values[i] & 1) != 0 ? odd : 0, results[8 * i + 7], at + " ballot in a branch");
        }
    }
}
