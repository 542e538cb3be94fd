package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reductions through shared memory with barriers and through warp shuffles. The float reductions are checked bit for
 * bit against a reference that adds in the kernel's tree order; the integer ones are exact in any order.
 */
class ReductionKernelsTest
{
    private static final int ONE_MILLION = 1 << 20;

    private final EmulatedDevice device = new EmulatedDevice();
    private final Random random = new Random(7);

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void sharedMemoryTreeReductionGivesOnePartialSumPerBlock()
    {
        final int n = ONE_MILLION + 123;
        final int threads = 256;
        final int blocks = (n + 2 * threads - 1) / (2 * threads);
        final float[] input = new float[n];
        for (int i = 0; i < n; i++)
        {
            input[i] = random.nextFloat();
        }
        final ModuleInstance module = device.load("reduce_shared.ptx");
        final long in = device.upload(input);
        final long partial = device.allocate(4L * blocks);

        module.launch("reduce_shared", blocks, 1, 1, threads, 1, 1, 0,
            ParameterBuffer.of(module, "reduce_shared").putLong(0, in).putLong(1, partial).putInt(2, n).bytes());

        final float[] expected = new float[blocks];
        final float[] buffer = new float[threads];
        for (int block = 0; block < blocks; block++)
        {
            for (int tid = 0; tid < threads; tid++)
            {
                final int i = block * threads * 2 + tid;
                float value = i < n ? input[i] : 0.0f;
                if (i + threads < n)
                {
                    value += input[i + threads];
                }
                buffer[tid] = value;
            }
            for (int stride = threads / 2; stride > 0; stride >>= 1)
            {
                for (int tid = 0; tid < stride; tid++)
                {
                    buffer[tid] += buffer[tid + stride];
                }
            }
            expected[block] = buffer[0];
        }
        assertArrayEquals(expected, device.downloadFloats(partial, blocks));
    }

    @Test
    void dynamicSharedMemoryReductionOfIntegers()
    {
        final int n = 100_000;
        final int threads = 128;
        final int blocks = 20;
        final int[] input = new int[n];
        final long[] expected = new long[blocks];
        for (int i = 0; i < n; i++)
        {
            input[i] = random.nextInt();
        }
        for (int i = 0; i < n; i++)
        {
            expected[(i % (threads * blocks)) / threads] += input[i];
        }
        final ModuleInstance module = device.load("reduce_shared.ptx");
        assertEquals(0, module.module().kernel("reduce_shared_dynamic").staticSharedBytes());
        final long in = device.upload(input);
        final long partial = device.allocate(8L * blocks);

        module.launch("reduce_shared_dynamic", blocks, 1, 1, threads, 1, 1, threads * 8,
            ParameterBuffer.of(module, "reduce_shared_dynamic").putLong(0, in).putLong(1, partial).putInt(2, n)
                .bytes());

        assertArrayEquals(expected, device.downloadLongs(partial, blocks));
    }

    @Test
    void warpShuffleReductionOfAMillionIntegers()
    {
        final int n = ONE_MILLION;
        final int[] input = new int[n];
        long expected = 0;
        for (int i = 0; i < n; i++)
        {
            input[i] = random.nextInt(2_000_001) - 1_000_000;
            expected += input[i];
        }
        final ModuleInstance module = device.load("reduce_warp_shuffle.ptx");
        final long in = device.upload(input);
        final long total = device.allocate(8);

        module.launch("reduce_warp_shuffle", 256, 1, 1, 256, 1, 1, 0,
            ParameterBuffer.of(module, "reduce_warp_shuffle").putLong(0, in).putLong(1, total).putInt(2, n).bytes());

        assertEquals(expected, device.downloadLongs(total, 1)[0]);
    }

    @Test
    void butterflyShuffleSumPerWarp()
    {
        final int warps = 24;
        final float[] input = new float[warps * 32];
        for (int i = 0; i < input.length; i++)
        {
            input[i] = random.nextFloat() * 10.0f;
        }
        final ModuleInstance module = device.load("reduce_warp_shuffle.ptx");
        final long in = device.upload(input);
        final long sums = device.allocate(4L * warps);

        module.launch("warp_sum_xor", warps / 4, 1, 1, 128, 1, 1, 0,
            ParameterBuffer.of(module, "warp_sum_xor").putLong(0, in).putLong(1, sums).bytes());

        final float[] expected = new float[warps];
        for (int warp = 0; warp < warps; warp++)
        {
            float[] values = new float[32];
            System.arraycopy(input, warp * 32, values, 0, 32);
            for (int mask = 16; mask > 0; mask /= 2)
            {
                final float[] next = new float[32];
                for (int lane = 0; lane < 32; lane++)
                {
                    next[lane] = values[lane] + values[lane ^ mask];
                }
                values = next;
            }
            expected[warp] = values[0];
        }
        assertArrayEquals(expected, device.downloadFloats(sums, warps));
    }
}
