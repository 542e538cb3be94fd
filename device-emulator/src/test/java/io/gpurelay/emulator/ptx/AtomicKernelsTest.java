package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AtomicKernelsTest
{
    private final EmulatedDevice device = new EmulatedDevice();
    private final Random random = new Random(11);

    @AfterEach
    void close()
    {
        device.close();
    }

    private byte[] randomBytes(final int n)
    {
        final byte[] data = new byte[n];
        for (int i = 0; i < n; i++)
        {
            // Skewed so that some bins see heavy contention.
            data[i] = (byte)(random.nextBoolean() ? random.nextInt(4) : random.nextInt(256));
        }
        return data;
    }

    private static int[] histogram(final byte[] data)
    {
        final int[] bins = new int[256];
        for (final byte value : data)
        {
            bins[value & 0xFF]++;
        }
        return bins;
    }

    @Test
    void histogramWithGlobalAtomics()
    {
        final byte[] data = randomBytes(300_000);
        final ModuleInstance module = device.load("histogram_atomic.ptx");
        final long in = device.upload(data);
        final long bins = device.allocate(256 * 4);

        module.launch("histogram_global", 64, 1, 1, 256, 1, 1, 0,
            ParameterBuffer.of(module, "histogram_global").putLong(0, in).putLong(1, bins).putInt(2, data.length)
                .bytes());

        assertArrayEquals(histogram(data), device.downloadInts(bins, 256));
    }

    @Test
    void histogramWithSharedMemoryAtomicsMergedIntoGlobal()
    {
        final byte[] data = randomBytes(500_001);
        final ModuleInstance module = device.load("histogram_atomic.ptx");
        assertEquals(1024, module.module().kernel("histogram_shared").staticSharedBytes());
        final long in = device.upload(data);
        final long bins = device.allocate(256 * 4);

        module.launch("histogram_shared", 30, 1, 1, 192, 1, 1, 0,
            ParameterBuffer.of(module, "histogram_shared").putLong(0, in).putLong(1, bins).putInt(2, data.length)
                .bytes());

        assertArrayEquals(histogram(data), device.downloadInts(bins, 256));
    }

    @Test
    void floatAddIntegerMinMaxOrAndIncrementAtomics()
    {
        final int n = 5000;
        final float[] values = new float[n];
        double exactSum = 0;
        int max = Integer.MIN_VALUE;
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++)
        {
            values[i] = random.nextFloat() * 20.0f - 10.0f;
            exactSum += values[i];
            max = Math.max(max, (int)(values[i] * 1000.0f));
            min = Math.min(min, (int)(values[i] * 1000.0f));
        }
        final ModuleInstance module = device.load("histogram_atomic.ptx");
        final long in = device.upload(values);
        final long sum = device.upload(new float[]{0.0f});
        final long maxAddress = device.upload(new int[]{Integer.MIN_VALUE});
        final long minAddress = device.upload(new int[]{Integer.MAX_VALUE});
        final long or = device.upload(new int[]{0});
        final long counter = device.upload(new int[]{0});

        module.launch("atomic_mix", (n + 127) / 128, 1, 1, 128, 1, 1, 0,
            ParameterBuffer.of(module, "atomic_mix").putLong(0, in).putLong(1, sum).putLong(2, maxAddress)
                .putLong(3, minAddress).putLong(4, or).putLong(5, counter).putInt(6, n).bytes());

        // Float atomics add in whatever order blocks run; 5000 terms of magnitude <= 10 stay within 1e-2 of exact.
        assertEquals(exactSum, device.downloadFloats(sum, 1)[0], 1e-2);
        assertEquals(max, device.downloadInts(maxAddress, 1)[0]);
        assertEquals(min, device.downloadInts(minAddress, 1)[0]);
        assertEquals(-1, device.downloadInts(or, 1)[0]);
        assertEquals(n, device.downloadInts(counter, 1)[0]);
    }
}
