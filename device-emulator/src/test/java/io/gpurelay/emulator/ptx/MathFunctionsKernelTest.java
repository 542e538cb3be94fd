package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * math_functions.cu evaluates a list of functions per element. IEEE-exact operations (sqrt.rn, div.rn, fma, min/max,
 * conversions, integer arithmetic) must match the Java reference bit for bit; {@code .approx} instructions are checked
 * with the tolerance stated at each assertion, which is looser than the PTX ISA's bound for the instruction.
 */
class MathFunctionsKernelTest
{
    private static final int N = 512;

    private static EmulatedDevice device;
    private static float[] x;
    private static float[] y;
    private static int[] a;
    private static int[] b;
    private static float[] f;
    private static int[] r;
    private static double[] d;

    @BeforeAll
    static void run()
    {
        device = new EmulatedDevice();
        final Random random = new Random(3);
        x = new float[N];
        y = new float[N];
        a = new int[N];
        b = new int[N];
        for (int i = 0; i < N; i++)
        {
            x[i] = 0.001f + random.nextFloat() * 50.0f;
            y[i] = (random.nextFloat() - 0.5f) * 6.0f;
            a[i] = random.nextInt();
            b[i] = i % 3 == 0 ? random.nextInt(100) + 1 : random.nextInt() | 1;
        }
        x[0] = 1.0f / 3.0f;
        y[0] = 3.0f;
        x[1] = 8.0f;
        y[1] = -0.5f;
        a[2] = Integer.MIN_VALUE;
        b[2] = -1;
        final ModuleInstance module = device.load("math_functions.ptx");
        final long fOut = device.allocate(4L * 16 * N);
        final long rOut = device.allocate(4L * 16 * N);
        final long dOut = device.allocate(8L * 4 * N);
        module.launch("math_functions", N / 64, 1, 1, 64, 1, 1, 0,
            ParameterBuffer.of(module, "math_functions").putLong(0, device.upload(x)).putLong(1, device.upload(y))
                .putLong(2, device.upload(a)).putLong(3, device.upload(b)).putLong(4, fOut).putLong(5, rOut)
                .putLong(6, dOut).putInt(7, N).bytes());
        f = device.downloadFloats(fOut, 16 * N);
        r = device.downloadInts(rOut, 16 * N);
        d = device.downloadDoubles(dOut, 4 * N);
    }

    @AfterAll
    static void close()
    {
        device.close();
    }

    private static void assertRelative(final double expected, final double actual, final double tolerance,
        final String what)
    {
        assertEquals(expected, actual, Math.abs(expected) * tolerance + 1e-30, what);
    }

    private static int bytePermute(final int first, final int second, final int selector)
    {
        final long bytes = ((second & 0xFFFF_FFFFL) << 32) | (first & 0xFFFF_FFFFL);
        int result = 0;
        for (int i = 0; i < 4; i++)
        {
            result |= (int)(bytes >>> (8 * ((selector >>> (4 * i)) & 7)) & 0xFF) << (8 * i);
        }
        return result;
    }

    @Test
    void exactFloatResults()
    {
        for (int i = 0; i < N; i++)
        {
            final float xi = x[i];
            final float yi = y[i];
            final int base = i * 16;
            final String at = "element " + i;
            assertEquals((float)Math.sqrt(xi), f[base], at + " sqrtf");
            assertEquals(Math.fma(xi, yi, 1.0f), f[base + 7], at + " fmaf");
            assertEquals(Math.min(xi, yi), f[base + 8], at + " fminf");
            assertEquals(Math.max(xi, yi), f[base + 9], at + " fmaxf");
            assertEquals(xi / yi, f[base + 10], at + " division");
            assertEquals((float)a[i] * 0.25f - (float)(b[i] & 0xFFFF_FFFFL), f[base + 12], at + " conversions");
            assertEquals(Math.abs(yi) + Math.copySign(xi, yi), f[base + 13], at + " copysign");
            assertEquals(HalfReference.roundThroughHalf(xi * yi), f[base + 14], at + " half round trip");
            final float rounded = (float)Math.floor(yi) + (float)Math.ceil(xi) + (float)(int)(yi * 3.0f) +
                (float)Math.rint(xi * 2.5f);
            assertEquals(rounded, f[base + 15], at + " floor/ceil/trunc/rint");
        }
    }

    @Test
    void approximateFloatResults()
    {
        for (int i = 0; i < N; i++)
        {
            final float xi = x[i];
            final float yi = y[i];
            final int base = i * 16;
            final String at = "element " + i;
            // rsqrt.approx: PTX bound 2^-22.9 relative.
            assertRelative(1.0 / Math.sqrt(xi), f[base + 1], 2e-7, at + " rsqrtf");
            // __expf is ex2.approx of y * log2(e) rounded to float: a few float ulps relative.
            assertRelative(Math.exp(yi), f[base + 2], 1e-6, at + " __expf");
            assertRelative(Math.pow(2, yi), f[base + 3], 2e-7, at + " exp2f");
            // __logf is lg2.approx times ln 2: absolute bound 2^-21.4 near 1, relative elsewhere.
            assertEquals(Math.log(xi), f[base + 4], 1e-6 + Math.abs(Math.log(xi)) * 2e-7, at + " __logf");
            // sin.approx/cos.approx: absolute bound 2^-20.9 on [-pi, pi].
            assertEquals(Math.sin(yi), f[base + 5], 1e-6, at + " __sinf");
            assertEquals(Math.cos(yi), f[base + 6], 1e-6, at + " __cosf");
            // div.approx: 2 ulp.
            assertRelative(xi / yi, f[base + 11], 3e-7, at + " __fdividef");
        }
    }

    @Test
    void integerResults()
    {
        for (int i = 0; i < N; i++)
        {
            final int ai = a[i];
            final int bi = b[i];
            final int base = i * 16;
            final String at = "element " + i;
            assertEquals(ai / bi, r[base], at + " division");
            assertEquals(ai % bi, r[base + 1], at + " remainder");
            assertEquals(Integer.divideUnsigned(ai, bi), r[base + 2], at + " unsigned division");
            assertEquals(Integer.remainderUnsigned(ai, bi), r[base + 3], at + " unsigned remainder");
            assertEquals(Integer.bitCount(ai), r[base + 4], at + " __popc");
            assertEquals(Integer.numberOfLeadingZeros(ai), r[base + 5], at + " __clz");
            assertEquals(Integer.reverse(ai), r[base + 6], at + " __brev");
            assertEquals(Math.min(ai, bi), r[base + 7], at + " min");
            assertEquals(Math.max(ai, bi), r[base + 8], at + " max");
            assertEquals(Integer.compareUnsigned(ai, bi) < 0 ? ai : bi, r[base + 9], at + " umin");
            assertEquals(ai >> (bi & 31), r[base + 10], at + " arithmetic shift");
            assertEquals(ai >>> (bi & 31), r[base + 11], at + " logical shift");
            assertEquals((ai << 3) ^ ((bi | 0x0f0f) & ~ai), r[base + 12], at + " logic");
            assertEquals((int)y[i], r[base + 13], at + " float to int");
            assertEquals((int)Math.abs(x[i] * 1000.0f), r[base + 14], at + " float to unsigned");
            final int mulhi = (int)(((long)ai * bi) >> 32);
            final int ffs = bi == 0 ? 0 : Integer.numberOfTrailingZeros(bi) + 1;
            assertEquals(mulhi + Math.abs(ai) + ffs + bytePermute(ai, bi, 0x5140), r[base + 15],
                at + " __mulhi + abs + __ffs + __byte_perm");
        }
    }

    @Test
    void doubleResults()
    {
        for (int i = 0; i < N; i++)
        {
            final double xd = x[i];
            final int base = i * 4;
            final String at = "element " + i;
            assertEquals(Math.sqrt(xd) / (double)y[i], d[base], at + " sqrt / y");
            assertEquals(Math.fma(xd, (double)y[i], 0.5), d[base + 1], at + " fma");
            final long product = (long)a[i] * b[i];
            assertEquals(Math.fma((double)a[i], (double)b[i], (double)(product % 7)), d[base + 2],
                at + " 64-bit remainder");
            assertEquals((double)(float)(xd * 1.0000001), d[base + 3], at + " double to float");
        }
    }
}
