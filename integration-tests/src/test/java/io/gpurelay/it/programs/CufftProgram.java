package io.gpurelay.it.programs;

import static jcuda.jcufft.JCufft.CUFFT_FORWARD;
import static jcuda.jcufft.JCufft.CUFFT_INVERSE;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.util.Random;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.jcufft.JCufft;
import jcuda.jcufft.cufftHandle;
import jcuda.jcufft.cufftResult;
import jcuda.jcufft.cufftType;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary JCufft program on runtime-API memory, each result checked against the DFT's definition computed here in
 * double precision: a batched C2C transform of a length that is no power of two, forward out of place and inverse in
 * place (unnormalised: the round trip multiplies by n); a 2D R2C/C2R round trip with cuFFT's half-spectrum layout; a
 * 3D Z2Z plan made by {@code cufftCreate} and {@code cufftMakePlan3d} on a stream; a batched D2Z/Z2D round trip
 * through {@code cufftPlanMany}; JCufft's Java-array overload; and cuFFT's answers for a destroyed plan and for
 * {@code cufftSetCompatibilityMode}, which gpurelay refuses by name.
 */
public final class CufftProgram
{
    private CufftProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCuda.setExceptionsEnabled(true);
        JCufft.setExceptionsEnabled(true);
        final int[] version = new int[1];
        JCufft.cufftGetVersion(version);
        System.out.println("cuFFT version " + version[0]);
        final Random random = new Random(7);

        complexRoundTrip(random);
        realRoundTrip2d(random);
        doubleComplex3dOnAStream(random);
        doubleRealBatched(random);
        javaArrays(random);
        refusals();
        System.out.println("\nPASSED");
    }

    private static void complexRoundTrip(final Random random)
    {
        final int n = 100;
        final int batch = 3;
        final float[] input = randomFloats(random, 2 * n * batch);
        final Pointer data = deviceFloats(input);
        final Pointer spectrum = new Pointer();
        cudaMalloc(spectrum, (long)input.length * Sizeof.FLOAT);
        final cufftHandle plan = new cufftHandle();
        JCufft.cufftPlan1d(plan, n, cufftType.CUFFT_C2C, batch);
        JCufft.cufftExecC2C(plan, data, spectrum, CUFFT_FORWARD);
        final float[] result = hostFloats(spectrum, input.length);
        for (int b = 0; b < batch; b++)
        {
            final double[][] expected = dft(slice(input, 2 * n * b, n), n, -1);
            for (int k = 0; k < n; k++)
            {
                check("C2C batch " + b + " re " + k, expected[0][k], result[2 * (n * b + k)], 1e-3 * n);
                check("C2C batch " + b + " im " + k, expected[1][k], result[2 * (n * b + k) + 1], 1e-3 * n);
            }
        }
        JCufft.cufftExecC2C(plan, spectrum, spectrum, CUFFT_INVERSE);
        final float[] back = hostFloats(spectrum, input.length);
        for (int i = 0; i < input.length; i++)
        {
            check("C2C round trip " + i, n * input[i], back[i], 1e-3 * n);
        }
        JCufft.cufftDestroy(plan);
        cudaFree(data);
        cudaFree(spectrum);
        System.out.println("C2C n=" + n + " batch=" + batch + ": forward matches the DFT, inverse restores n*x");
    }

    private static void realRoundTrip2d(final Random random)
    {
        final int nx = 6;
        final int ny = 10;
        final int half = ny / 2 + 1;
        final float[] signal = randomFloats(random, nx * ny);
        final Pointer real = deviceFloats(signal);
        final Pointer spectrum = new Pointer();
        cudaMalloc(spectrum, 2L * nx * half * Sizeof.FLOAT);
        final cufftHandle forward = new cufftHandle();
        final cufftHandle inverse = new cufftHandle();
        JCufft.cufftPlan2d(forward, nx, ny, cufftType.CUFFT_R2C);
        JCufft.cufftPlan2d(inverse, nx, ny, cufftType.CUFFT_C2R);
        JCufft.cufftExecR2C(forward, real, spectrum);
        final float[] result = hostFloats(spectrum, 2 * nx * half);
        for (int kx = 0; kx < nx; kx++)
        {
            for (int ky = 0; ky < half; ky++)
            {
                double re = 0;
                double im = 0;
                for (int x = 0; x < nx; x++)
                {
                    for (int y = 0; y < ny; y++)
                    {
                        final double angle = -2 * Math.PI * ((double)(x * kx % nx) / nx + (double)(y * ky % ny) / ny);
                        re += signal[x * ny + y] * Math.cos(angle);
                        im += signal[x * ny + y] * Math.sin(angle);
                    }
                }
                check("R2C re " + kx + "," + ky, re, result[2 * (kx * half + ky)], 1e-3 * nx * ny);
                check("R2C im " + kx + "," + ky, im, result[2 * (kx * half + ky) + 1], 1e-3 * nx * ny);
            }
        }
        JCufft.cufftExecC2R(inverse, spectrum, real);
        final float[] back = hostFloats(real, nx * ny);
        for (int i = 0; i < nx * ny; i++)
        {
            check("C2R round trip " + i, nx * ny * signal[i], back[i], 1e-3 * nx * ny);
        }
        JCufft.cufftDestroy(forward);
        JCufft.cufftDestroy(inverse);
        cudaFree(real);
        cudaFree(spectrum);
        System.out.println("R2C/C2R " + nx + "x" + ny + ": the half spectrum matches the DFT, C2R restores n*x");
    }

    private static void doubleComplex3dOnAStream(final Random random)
    {
        final int nx = 4;
        final int ny = 3;
        final int nz = 5;
        final int total = nx * ny * nz;
        final double[] input = randomDoubles(random, 2 * total);
        final Pointer data = deviceDoubles(input);
        final cufftHandle plan = new cufftHandle();
        JCufft.cufftCreate(plan);
        final long[] workSize = new long[1];
        JCufft.cufftMakePlan3d(plan, nx, ny, nz, cufftType.CUFFT_Z2Z, workSize);
        final long[] size = new long[1];
        JCufft.cufftGetSize(plan, size);
        if (size[0] != workSize[0])
        {
            throw new AssertionError("cufftGetSize " + size[0] + " != cufftMakePlan3d's " + workSize[0]);
        }
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        JCufft.cufftSetStream(plan, stream);
        JCufft.cufftExecZ2Z(plan, data, data, CUFFT_FORWARD);
        cudaStreamSynchronize(stream);
        final double[] spectrum = hostDoubles(data, 2 * total);
        // The 3D DFT's coefficient (kx, ky, kz), checked at a few places.
        for (final int[] k : new int[][]{ { 0, 0, 0 }, { 1, 2, 3 }, { 3, 1, 4 }, { 2, 0, 1 } })
        {
            double re = 0;
            double im = 0;
            for (int x = 0; x < nx; x++)
            {
                for (int y = 0; y < ny; y++)
                {
                    for (int z = 0; z < nz; z++)
                    {
                        final double angle = -2 * Math.PI * ((double)(x * k[0] % nx) / nx +
                            (double)(y * k[1] % ny) / ny + (double)(z * k[2] % nz) / nz);
                        final int at = 2 * ((x * ny + y) * nz + z);
                        re += input[at] * Math.cos(angle) - input[at + 1] * Math.sin(angle);
                        im += input[at] * Math.sin(angle) + input[at + 1] * Math.cos(angle);
                    }
                }
            }
            final int at = 2 * ((k[0] * ny + k[1]) * nz + k[2]);
            check("Z2Z 3D re", re, spectrum[at], 1e-9 * total);
            check("Z2Z 3D im", im, spectrum[at + 1], 1e-9 * total);
        }
        JCufft.cufftExecZ2Z(plan, data, data, CUFFT_INVERSE);
        cudaStreamSynchronize(stream);
        final double[] back = hostDoubles(data, 2 * total);
        for (int i = 0; i < back.length; i++)
        {
            check("Z2Z round trip " + i, total * input[i], back[i], 1e-9 * total);
        }
        JCufft.cufftDestroy(plan);
        cudaStreamDestroy(stream);
        cudaFree(data);
        System.out.println("Z2Z " + nx + "x" + ny + "x" + nz + " on a stream: matches the DFT, round trip restores " +
            "n*x");
    }

    private static void doubleRealBatched(final Random random)
    {
        final int n = 17;
        final int batch = 2;
        final int half = n / 2 + 1;
        final double[] signal = randomDoubles(random, n * batch);
        final Pointer real = deviceDoubles(signal);
        final Pointer spectrum = new Pointer();
        cudaMalloc(spectrum, 2L * half * batch * Sizeof.DOUBLE);
        final cufftHandle forward = new cufftHandle();
        final cufftHandle inverse = new cufftHandle();
        JCufft.cufftPlanMany(forward, 1, new int[]{ n }, null, 1, n, null, 1, half, cufftType.CUFFT_D2Z, batch);
        JCufft.cufftPlanMany(inverse, 1, new int[]{ n }, null, 1, half, null, 1, n, cufftType.CUFFT_Z2D, batch);
        JCufft.cufftExecD2Z(forward, real, spectrum);
        final double[] result = hostDoubles(spectrum, 2 * half * batch);
        for (int b = 0; b < batch; b++)
        {
            final double[] complex = new double[2 * n];
            for (int j = 0; j < n; j++)
            {
                complex[2 * j] = signal[b * n + j];
            }
            final double[][] expected = dft(complex, n, -1);
            for (int k = 0; k < half; k++)
            {
                check("D2Z re", expected[0][k], result[2 * (b * half + k)], 1e-9 * n);
                check("D2Z im", expected[1][k], result[2 * (b * half + k) + 1], 1e-9 * n);
            }
        }
        JCufft.cufftExecZ2D(inverse, spectrum, real);
        final double[] back = hostDoubles(real, n * batch);
        for (int i = 0; i < back.length; i++)
        {
            check("Z2D round trip " + i, n * signal[i], back[i], 1e-9 * n);
        }
        JCufft.cufftDestroy(forward);
        JCufft.cufftDestroy(inverse);
        cudaFree(real);
        cudaFree(spectrum);
        System.out.println("D2Z/Z2D n=" + n + " batch=" + batch + ": matches the DFT, round trip restores n*x");
    }

    /**
     * JCufft's overload that takes Java arrays copies through cudaMalloc and cudaMemcpy itself.
     */
    private static void javaArrays(final Random random)
    {
        final int n = 16;
        final float[] input = randomFloats(random, 2 * n);
        final float[] output = new float[2 * n];
        final cufftHandle plan = new cufftHandle();
        JCufft.cufftPlan1d(plan, n, cufftType.CUFFT_C2C, 1);
        JCufft.cufftExecC2C(plan, input, output, CUFFT_FORWARD);
        final double[][] expected = dft(input, n, -1);
        for (int k = 0; k < n; k++)
        {
            check("Java array re " + k, expected[0][k], output[2 * k], 1e-3 * n);
            check("Java array im " + k, expected[1][k], output[2 * k + 1], 1e-3 * n);
        }
        JCufft.cufftDestroy(plan);
        System.out.println("C2C on Java arrays: matches the DFT");
    }

    private static void refusals()
    {
        final cufftHandle plan = new cufftHandle();
        JCufft.cufftPlan1d(plan, 8, cufftType.CUFFT_C2C, 1);
        final Pointer data = new Pointer();
        cudaMalloc(data, 8L * 2 * Sizeof.FLOAT);
        JCufft.cufftDestroy(plan);
        expect(cufftResult.CUFFT_INVALID_PLAN, () -> JCufft.cufftExecC2C(plan, data, data, CUFFT_FORWARD));
        final cufftHandle other = new cufftHandle();
        JCufft.cufftPlan1d(other, 8, cufftType.CUFFT_C2C, 1);
        expect(cufftResult.CUFFT_NOT_SUPPORTED, () -> JCufft.cufftSetCompatibilityMode(other, 1));
        expect(cufftResult.CUFFT_INVALID_TYPE, () -> JCufft.cufftExecR2C(other, data, data));
        JCufft.cufftDestroy(other);
        cudaFree(data);
        System.out.println("refusals: a destroyed plan is CUFFT_INVALID_PLAN, cufftSetCompatibilityMode " +
            "CUFFT_NOT_SUPPORTED, an exec of another type CUFFT_INVALID_TYPE");
    }

    private static void expect(final int status, final Runnable call)
    {
        try
        {
            call.run();
        }
        catch (final CudaException ex)
        {
            if (ex.getMessage().contains(cufftResult.stringFor(status)))
            {
                return;
            }
            throw new AssertionError("expected " + cufftResult.stringFor(status) + ", got " + ex.getMessage());
        }
        throw new AssertionError("expected " + cufftResult.stringFor(status) + ", the call succeeded");
    }

    /**
     * The 1D DFT of n complex values (interleaved) by its definition.
     */
    private static double[][] dft(final float[] interleaved, final int n, final int sign)
    {
        final double[] values = new double[2 * n];
        for (int i = 0; i < 2 * n; i++)
        {
            values[i] = interleaved[i];
        }
        return dft(values, n, sign);
    }

    private static double[][] dft(final double[] interleaved, final int n, final int sign)
    {
        final double[] re = new double[n];
        final double[] im = new double[n];
        for (int k = 0; k < n; k++)
        {
            for (int j = 0; j < n; j++)
            {
                final double angle = sign * 2 * Math.PI * ((long)j * k % n) / n;
                re[k] += interleaved[2 * j] * Math.cos(angle) - interleaved[2 * j + 1] * Math.sin(angle);
                im[k] += interleaved[2 * j] * Math.sin(angle) + interleaved[2 * j + 1] * Math.cos(angle);
            }
        }
        return new double[][]{ re, im };
    }

    private static float[] slice(final float[] values, final int from, final int complexCount)
    {
        final float[] slice = new float[2 * complexCount];
        System.arraycopy(values, from, slice, 0, slice.length);
        return slice;
    }

    private static void check(final String what, final double expected, final double actual, final double tolerance)
    {
        if (!(Math.abs(expected - actual) <= tolerance))
        {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    private static float[] randomFloats(final Random random, final int count)
    {
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextFloat() * 2 - 1;
        }
        return values;
    }

    private static double[] randomDoubles(final Random random, final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextDouble() * 2 - 1;
        }
        return values;
    }

    private static Pointer deviceFloats(final float[] values)
    {
        final Pointer device = new Pointer();
        cudaMalloc(device, (long)values.length * Sizeof.FLOAT);
        cudaMemcpy(device, Pointer.to(values), (long)values.length * Sizeof.FLOAT, cudaMemcpyHostToDevice);
        return device;
    }

    private static Pointer deviceDoubles(final double[] values)
    {
        final Pointer device = new Pointer();
        cudaMalloc(device, (long)values.length * Sizeof.DOUBLE);
        cudaMemcpy(device, Pointer.to(values), (long)values.length * Sizeof.DOUBLE, cudaMemcpyHostToDevice);
        return device;
    }

    private static float[] hostFloats(final Pointer device, final int count)
    {
        final float[] values = new float[count];
        cudaMemcpy(Pointer.to(values), device, (long)count * Sizeof.FLOAT, cudaMemcpyDeviceToHost);
        return values;
    }

    private static double[] hostDoubles(final Pointer device, final int count)
    {
        final double[] values = new double[count];
        cudaMemcpy(Pointer.to(values), device, (long)count * Sizeof.DOUBLE, cudaMemcpyDeviceToHost);
        return values;
    }
}
