package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Element-wise kernels in single and double precision. Results must be bit-identical to the Java reference, which
 * uses Math.fma wherever the PTX fused the multiply-add (see the .ptx next to each .cu).
 */
class VectorKernelsTest
{
    private final EmulatedDevice device = new EmulatedDevice();
    private final Random random = new Random(42);

    @AfterEach
    void close()
    {
        device.close();
    }

    private float[] randomFloats(final int n)
    {
        final float[] values = new float[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = (random.nextFloat() - 0.5f) * 200.0f;
        }
        return values;
    }

    @Test
    void saxpyIsFusedMultiplyAdd()
    {
        final int n = 1000;
        final float a = 1.7f;
        final float[] x = randomFloats(n);
        final float[] y = randomFloats(n);
        final ModuleInstance module = device.load("saxpy.ptx");
        final long dx = device.upload(x);
        final long dy = device.upload(y);

        module.launch("saxpy", (n + 255) / 256, 1, 1, 256, 1, 1, 0,
            ParameterBuffer.of(module, "saxpy").putInt(0, n).putFloat(1, a).putLong(2, dx).putLong(3, dy).bytes());

        final float[] expected = new float[n];
        for (int i = 0; i < n; i++)
        {
            expected[i] = Math.fma(x[i], a, y[i]);
        }
        assertArrayEquals(expected, device.downloadFloats(dy, n));
    }

    @Test
    void vectorAddWithGridStrideLoopCoversMoreElementsThanThreads()
    {
        final int n = 10_000;
        final float[] a = randomFloats(n);
        final float[] b = randomFloats(n);
        final ModuleInstance module = device.load("vector_add.ptx");
        final long da = device.upload(a);
        final long db = device.upload(b);
        final long dc = device.allocate(n * 4L);

        module.launch("vector_add", 7, 1, 1, 96, 1, 1, 0,
            ParameterBuffer.of(module, "vector_add").putLong(0, da).putLong(1, db).putLong(2, dc).putInt(3, n)
                .bytes());

        final float[] expected = new float[n];
        for (int i = 0; i < n; i++)
        {
            expected[i] = a[i] + b[i];
        }
        assertArrayEquals(expected, device.downloadFloats(dc, n));
    }

    @Test
    void daxpyInDoublePrecision()
    {
        final int n = 777;
        final double a = -0.3;
        final double[] x = new double[n];
        final double[] y = new double[n];
        for (int i = 0; i < n; i++)
        {
            x[i] = random.nextGaussian() * 1e3;
            y[i] = random.nextGaussian();
        }
        final ModuleInstance module = device.load("daxpy.ptx");
        final long dx = device.upload(x);
        final long dy = device.upload(y);

        module.launch("daxpy", 4, 1, 1, 200, 1, 1, 0,
            ParameterBuffer.of(module, "daxpy").putInt(0, n).putDouble(1, a).putLong(2, dx).putLong(3, dy).bytes());

        final double[] expected = new double[n];
        for (int i = 0; i < n; i++)
        {
            expected[i] = Math.fma(a, x[i], y[i]);
        }
        assertArrayEquals(expected, device.downloadDoubles(dy, n));
    }

    @Test
    void dgemmWithDivisionAndSquareRoot()
    {
        final int n = 37;
        final double[] a = new double[n * n];
        final double[] b = new double[n * n];
        for (int i = 0; i < n * n; i++)
        {
            a[i] = random.nextGaussian();
            b[i] = random.nextGaussian();
        }
        final ModuleInstance module = device.load("daxpy.ptx");
        final long da = device.upload(a);
        final long db = device.upload(b);
        final long dc = device.allocate(8L * n * n);

        module.launch("dgemm_naive", 3, 5, 1, 16, 8, 1, 0,
            ParameterBuffer.of(module, "dgemm_naive").putLong(0, da).putLong(1, db).putLong(2, dc).putInt(3, n)
                .bytes());

        final double[] expected = new double[n * n];
        for (int row = 0; row < n; row++)
        {
            for (int col = 0; col < n; col++)
            {
                double sum = 0.0;
                for (int k = 0; k < n; k++)
                {
                    sum = Math.fma(a[row * n + k], b[k * n + col], sum);
                }
                expected[row * n + col] = sum / 3.0 + Math.sqrt(Math.abs(sum));
            }
        }
        assertArrayEquals(expected, device.downloadDoubles(dc, n * n));
    }
}
