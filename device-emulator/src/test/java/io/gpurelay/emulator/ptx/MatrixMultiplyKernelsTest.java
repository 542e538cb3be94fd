package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Both matrix multiplications accumulate with fma.rn.f32 in k order (the tiled one across 16-wide tiles, which is
 * the same order), so the reference does exactly that and results must match bit for bit.
 */
class MatrixMultiplyKernelsTest
{
    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    private static float[] randomMatrix(final int n, final long seed)
    {
        final Random random = new Random(seed);
        final float[] values = new float[n * n];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = random.nextFloat() * 2.0f - 1.0f;
        }
        return values;
    }

    private static float[] reference(final float[] a, final float[] b, final int n)
    {
        final float[] c = new float[n * n];
        for (int row = 0; row < n; row++)
        {
            for (int col = 0; col < n; col++)
            {
                float sum = 0.0f;
                for (int k = 0; k < n; k++)
                {
                    sum = Math.fma(a[row * n + k], b[k * n + col], sum);
                }
                c[row * n + col] = sum;
            }
        }
        return c;
    }

    private float[] multiply(final String kernel, final float[] a, final float[] b, final int n, final int block)
    {
        final ModuleInstance module = device.load(kernel + ".ptx");
        final long da = device.upload(a);
        final long db = device.upload(b);
        final long dc = device.allocate(4L * n * n);
        final int grid = (n + block - 1) / block;
        module.launch(kernel, grid, grid, 1, block, block, 1, 0,
            ParameterBuffer.of(module, kernel).putLong(0, da).putLong(1, db).putLong(2, dc).putInt(3, n).bytes());
        return device.downloadFloats(dc, n * n);
    }

    @Test
    void naiveMatrixMultiply()
    {
        final int n = 67;
        final float[] a = randomMatrix(n, 1);
        final float[] b = randomMatrix(n, 2);
        assertArrayEquals(reference(a, b, n), multiply("matmul_naive", a, b, n, 16));
    }

    @Test
    void tiledMatrixMultiplyWithPartialTiles()
    {
        final int n = 50;
        final float[] a = randomMatrix(n, 3);
        final float[] b = randomMatrix(n, 4);
        assertArrayEquals(reference(a, b, n), multiply("matmul_tiled", a, b, n, 16));
    }

    /**
     * The 256 x 256 case the interpreter's speed is quoted for; prints thread instructions per second.
     */
    @Test
    void tiledMatrixMultiply256()
    {
        final int n = 256;
        final float[] a = randomMatrix(n, 5);
        final float[] b = randomMatrix(n, 6);
        final ModuleInstance module = device.load("matmul_tiled.ptx");
        final long da = device.upload(a);
        final long db = device.upload(b);
        final long dc = device.allocate(4L * n * n);
        final byte[] parameters = ParameterBuffer.of(module, "matmul_tiled").putLong(0, da).putLong(1, db)
            .putLong(2, dc).putInt(3, n).bytes();

        final long start = System.nanoTime();
        module.launch("matmul_tiled", n / 16, n / 16, 1, 16, 16, 1, 0, parameters);
        final long elapsed = System.nanoTime() - start;

        assertArrayEquals(reference(a, b, n), device.downloadFloats(dc, n * n));
        final long instructions = module.executedInstructions();
        System.out.printf("matmul_tiled %dx%d: %,d thread instructions in %.1f ms = %.1f M instructions/s (first " +
            "launch, includes JIT warm-up)%n", n, n, instructions, elapsed / 1e6, instructions * 1e3 / elapsed);
    }
}
