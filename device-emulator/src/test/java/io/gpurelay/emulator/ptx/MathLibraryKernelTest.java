package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * math_library.cu runs the CUDA math library's accurate functions, which nvcc expands into hundreds of instructions
 * each. The emulator executes those exactly, so results are within the library's documented error bounds (at most 4
 * ulp for the functions used here) of the true values; the tests allow 8 ulp of the largest term. The directed
 * rounding intrinsics, the half2 arithmetic, the switch and the warp operations are checked exactly.
 */
class MathLibraryKernelTest
{
    private static final int N = 256;

    private static EmulatedDevice device;
    private static float[] x;
    private static double[] dx;
    private static int[] keys;
    private static float[] f;
    private static double[] d;
    private static int[] k;

    @BeforeAll
    static void run()
    {
        device = new EmulatedDevice();
        final Random random = new Random(17);
        x = new float[N];
        dx = new double[N];
        keys = new int[N];
        for (int i = 0; i < N; i++)
        {
            x[i] = (random.nextFloat() - 0.5f) * 100.0f;
            dx[i] = (random.nextDouble() - 0.5) * 100.0;
            keys[i] = random.nextInt();
        }
        // Large arguments take the slow path of the trigonometric reduction (multi-word arithmetic with carries).
        final float[] largeFloats = {1e5f, -3.1e6f, 7.5e7f, 1e30f, -2.5e38f, 123456.789f};
        final double[] largeDoubles = {1e10, -2.5e15, 1e22, -7e100, 1e300, 3.0e8};
        System.arraycopy(largeFloats, 0, x, 0, largeFloats.length);
        System.arraycopy(largeDoubles, 0, dx, 0, largeDoubles.length);

        final ModuleInstance module = device.load("math_library.ptx");
        final long fOut = device.allocate(4L * 12 * N);
        final long dOut = device.allocate(8L * 6 * N);
        final long kOut = device.allocate(4L * N);
        module.launch("math_library", N / 64, 1, 1, 64, 1, 1, 0,
            ParameterBuffer.of(module, "math_library").putLong(0, device.upload(x)).putLong(1, device.upload(dx))
                .putLong(2, device.upload(keys)).putLong(3, fOut).putLong(4, dOut).putLong(5, kOut).putInt(6, N)
                .bytes());
        f = device.downloadFloats(fOut, 12 * N);
        d = device.downloadDoubles(dOut, 6 * N);
        k = device.downloadInts(kOut, N);
    }

    @AfterAll
    static void close()
    {
        device.close();
    }

    private static void assertFloatClose(final double expected, final float actual, final double scale,
        final String what)
    {
        if (Double.isInfinite(expected) || Double.isNaN(expected))
        {
            assertEquals((float)expected, actual, what);
            return;
        }
        assertEquals(expected, actual, 8 * Math.ulp((float)Math.max(Math.abs(scale), Float.MIN_NORMAL)), what);
    }

    private static void assertDoubleClose(final double expected, final double actual, final double scale,
        final String what)
    {
        assertEquals(expected, actual, 8 * Math.ulp(Math.max(Math.abs(scale), Double.MIN_NORMAL)), what);
    }

    @Test
    void singlePrecisionFunctions()
    {
        for (int i = 0; i < N; i++)
        {
            final float v = x[i];
            final int base = i * 12;
            final String at = "x = " + v;
            final double exp = Math.exp(v * 0.01f);
            assertFloatClose(exp, f[base], exp, at + " expf");
            final double log = Math.log(Math.abs(v) + 1.0f);
            assertFloatClose(log, f[base + 1], log, at + " logf");
            final double pow = Math.pow(Math.abs(v) + 0.5f, 1.7f);
            assertFloatClose(pow, f[base + 2], pow, at + " powf");
            assertFloatClose(Math.sin(v), f[base + 3], Math.sin(v), at + " sinf");
            assertFloatClose(Math.cos(v), f[base + 4], Math.cos(v), at + " cosf");
            final double tanh = Math.tanh(v * 0.001f);
            final double erf = erf(v * 0.001f);
            assertFloatClose(erf + tanh, f[base + 5], Math.max(Math.abs(erf), Math.abs(tanh)), at + " erff + tanhf");
            final double atan2 = Math.atan2(v, 2.0f);
            final double cbrt = Math.cbrt(v);
            assertFloatClose(atan2 + cbrt, f[base + 6], Math.max(Math.abs(atan2), Math.abs(cbrt)),
                at + " atan2f + cbrtf");
        }
    }

    /**
     * erf by its Taylor series, accurate to double precision for |x| below 1; beyond 6, erf is 1 in double precision.
     * The arguments used here are in one of those two ranges.
     */
    private static double erf(final double value)
    {
        if (Math.abs(value) > 6.0)
        {
            return Math.signum(value);
        }
        double term = value;
        double sum = value;
        for (int n = 1; n < 30; n++)
        {
            term *= -value * value / n;
            sum += term / (2 * n + 1);
        }
        return sum * 2.0 / Math.sqrt(Math.PI);
    }

    @Test
    void directedRoundingIntrinsicsAreExact()
    {
        for (int i = 0; i < N; i++)
        {
            final float v = x[i];
            final int base = i * 12;
            final String at = "x = " + v;

            final BigDecimal sum = new BigDecimal(v).add(BigDecimal.ONE);
            float towardZero = sum.floatValue();
            if (new BigDecimal(towardZero).abs().compareTo(sum.abs()) > 0)
            {
                towardZero = Math.nextAfter(towardZero, 0.0);
            }
            assertEquals(towardZero, f[base + 7], at + " __fadd_rz");

            final float magnitude = Math.abs(v);
            float root = (float)Math.sqrt(magnitude);
            if ((double)root * root > magnitude)
            {
                root = Math.nextDown(root);
            }
            assertEquals(root, f[base + 8], at + " __fsqrt_rd");

            float quotient = v / 3.0f;
            if ((double)quotient * 3.0 < v)
            {
                quotient = Math.nextUp(quotient);
            }
            assertEquals(quotient, f[base + 9], at + " __fdiv_ru");
        }
    }

    @Test
    void doublePrecisionFunctions()
    {
        for (int i = 0; i < N; i++)
        {
            final double v = dx[i];
            final int base = i * 6;
            final String at = "x = " + v;
            final double exp = Math.exp(v * 0.001);
            assertDoubleClose(exp, d[base], exp, at + " exp");
            final double log = Math.log(Math.abs(v) + 1.0);
            assertDoubleClose(log, d[base + 1], log, at + " log");
            assertDoubleClose(Math.sin(v), d[base + 2], Math.sin(v), at + " sin");
            assertDoubleClose(Math.cos(v), d[base + 3], Math.cos(v), at + " cos");
            final double pow = Math.pow(Math.abs(v) + 0.5, 0.3);
            assertDoubleClose(pow, d[base + 4], pow, at + " pow");
            final double erf = erf(v * 1e-6);
            final double tanh = Math.tanh(v * 1e-6);
            assertDoubleClose(erf + tanh, d[base + 5], Math.max(Math.abs(erf), Math.abs(tanh)), at + " erf + tanh");
        }
    }

    @Test
    void switchHalfArithmeticAndWarpOperations()
    {
        final int[] expectedKeys = new int[N];
        for (int i = 0; i < N; i++)
        {
            final int key = keys[i];
            expectedKeys[i] = switch (key & 15)
            {
                case 0 -> key * 3;
                case 1 -> key + 17;
                case 2 -> key ^ 0x55;
                case 3 -> key - 99;
                case 4 -> key << 3;
                case 5 -> key / 7;
                case 6 -> key % 13;
                case 7 -> ~key;
                case 8 -> key * key;
                default -> -key;
            };
            assertEquals(expectedKeys[i], k[i], "switch on key " + key);
        }
        for (int i = 0; i < N; i++)
        {
            final float half = HalfReference.roundThroughHalf(x[i] * 0.01f);
            final float fused = HalfReference.roundThroughHalf(half + 1.0f);
            assertEquals(fused + fused, f[i * 12 + 10], "half2 add and fma of " + x[i]);

            final int warp = i / 32;
            int reduction = 0;
            for (int lane = 0; lane < 32; lane++)
            {
                reduction += expectedKeys[warp * 32 + lane] & 0xFF;
            }
            final float shuffled = i % 16 == 15 ? x[i] : x[i + 1];
            assertEquals(shuffled + (float)reduction, f[i * 12 + 11], "tile shuffle and warp reduction, thread " + i);
        }
    }
}
