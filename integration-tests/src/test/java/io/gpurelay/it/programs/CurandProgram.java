package io.gpurelay.it.programs;

import static jcuda.jcurand.JCurand.curandCreateGenerator;
import static jcuda.jcurand.JCurand.curandDestroyGenerator;
import static jcuda.jcurand.JCurand.curandGenerate;
import static jcuda.jcurand.JCurand.curandGenerateLogNormal;
import static jcuda.jcurand.JCurand.curandGenerateLogNormalDouble;
import static jcuda.jcurand.JCurand.curandGenerateNormal;
import static jcuda.jcurand.JCurand.curandGenerateNormalDouble;
import static jcuda.jcurand.JCurand.curandGeneratePoisson;
import static jcuda.jcurand.JCurand.curandGenerateUniform;
import static jcuda.jcurand.JCurand.curandGenerateUniformDouble;
import static jcuda.jcurand.JCurand.curandGetVersion;
import static jcuda.jcurand.JCurand.curandSetGeneratorOffset;
import static jcuda.jcurand.JCurand.curandSetPseudoRandomGeneratorSeed;
import static jcuda.jcurand.JCurand.curandSetStream;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;

import java.util.Arrays;
import java.util.zip.CRC32;

import io.gpurelay.testsupport.Checks;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.jcurand.JCurand;
import jcuda.jcurand.curandGenerator;
import jcuda.jcurand.curandRngType;
import jcuda.jcurand.curandStatus;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary JCurand (host API) program on runtime-API memory: for the default, XORWOW, MRG32k3a and Philox
 * generators, uniform, normal, log-normal and Poisson values in single and double precision, checked against their
 * distributions (sample mean and variance within 5 standard errors; log-normal through the logarithms of its values),
 * determinism for a seed and an offset, a stream, and cuRAND's refusals. It prints one {@code SEQUENCE} line per
 * generator with a CRC of its first uniform floats and doubles, so runs on two executors can be compared bit for bit.
 */
public final class CurandProgram
{
    private static final int N = 200_000;
    private static final long SEED = 1234;
    private static final int[] TYPES = {
        curandRngType.CURAND_RNG_PSEUDO_DEFAULT, curandRngType.CURAND_RNG_PSEUDO_XORWOW,
        curandRngType.CURAND_RNG_PSEUDO_MRG32K3A, curandRngType.CURAND_RNG_PSEUDO_PHILOX4_32_10 };

    private CurandProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Checks checks = new Checks();
        JCuda.setExceptionsEnabled(true);
        JCurand.setExceptionsEnabled(true);
        final int[] version = new int[1];
        curandGetVersion(version);
        checks.check("curandGetVersion", version[0] >= 10000, "version " + version[0]);

        final Pointer device = new Pointer();
        cudaMalloc(device, (long)N * Double.BYTES);
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        for (final int type : TYPES)
        {
            // JCurand 11.8's stringFor predates the Philox constant's name.
            final String name = type == curandRngType.CURAND_RNG_PSEUDO_PHILOX4_32_10 ?
                "CURAND_RNG_PSEUDO_PHILOX4_32_10" : curandRngType.stringFor(type);
            final curandGenerator generator = new curandGenerator();
            curandCreateGenerator(generator, type);
            curandSetStream(generator, stream);
            curandSetPseudoRandomGeneratorSeed(generator, SEED);

            curandGenerateUniform(generator, device, N);
            cudaStreamSynchronize(stream);
            final float[] uniform = floats(device);
            curandGenerateUniformDouble(generator, device, N);
            final double[] uniformDouble = doubles(device);
            System.out.println("SEQUENCE " + name + " uniform " + crc(uniform) + " uniformDouble " + crc(uniformDouble));
            checks.check(name + " uniform floats in (0, 1]", inUnitInterval(toDoubles(uniform)));
            checks.check(name + " uniform doubles in (0, 1]", inUnitInterval(uniformDouble));
            moments(checks, name + " uniform", toDoubles(uniform), 0.5, 1.0 / 12);
            moments(checks, name + " uniform double", uniformDouble, 0.5, 1.0 / 12);

            curandGenerateNormal(generator, device, N, 1.5f, 2.0f);
            moments(checks, name + " normal", toDoubles(floats(device)), 1.5, 4.0);
            curandGenerateNormalDouble(generator, device, N, -3.0, 0.5);
            moments(checks, name + " normal double", doubles(device), -3.0, 0.25);
            curandGenerateLogNormal(generator, device, N, 0.25f, 0.75f);
            moments(checks, name + " log-normal (logarithms)", logs(toDoubles(floats(device))), 0.25, 0.5625);
            curandGenerateLogNormalDouble(generator, device, N, 1.0, 0.1);
            moments(checks, name + " log-normal double (logarithms)", logs(doubles(device)), 1.0, 0.01);
            curandGeneratePoisson(generator, device, N, 4.0);
            final int[] counts = ints(device);
            checks.check(name + " Poisson counts are not negative", Arrays.stream(counts).allMatch(c -> c >= 0));
            moments(checks, name + " Poisson", Arrays.stream(counts).asDoubleStream().toArray(), 4.0, 4.0);

            curandSetPseudoRandomGeneratorSeed(generator, SEED);
            curandSetGeneratorOffset(generator, 0);
            curandGenerateUniform(generator, device, N);
            checks.check(name + " the same seed and offset give the same values", Arrays.equals(uniform, floats(device)));
            curandSetGeneratorOffset(generator, 1000);
            curandGenerateUniform(generator, device, N);
            checks.check(name + " another offset gives other values", !Arrays.equals(uniform, floats(device)));
            curandGenerate(generator, device, N);
            final int[] bits = ints(device);
            checks.check(name + " 32-bit words are not constant", Arrays.stream(bits).distinct().count() > N / 2);
            curandDestroyGenerator(generator);
        }
        refusals(checks, device);
        cudaStreamDestroy(stream);
        cudaFree(device);
        checks.finish();
    }

    private static void refusals(final Checks checks, final Pointer device)
    {
        JCurand.setExceptionsEnabled(false);
        final curandGenerator generator = new curandGenerator();
        checks.equal("a generator type cuRAND's host API does not have", curandStatus.CURAND_STATUS_TYPE_ERROR,
            curandCreateGenerator(generator, 7));
        checks.equal("XORWOW", curandStatus.CURAND_STATUS_SUCCESS,
            curandCreateGenerator(generator, curandRngType.CURAND_RNG_PSEUDO_XORWOW));
        checks.equal("an odd count of XORWOW normals", curandStatus.CURAND_STATUS_LENGTH_NOT_MULTIPLE,
            curandGenerateNormal(generator, device, 3, 0f, 1f));
        checks.equal("Poisson lambda <= 0", curandStatus.CURAND_STATUS_OUT_OF_RANGE,
            curandGeneratePoisson(generator, device, 4, 0.0));
        checks.equal("destroy", curandStatus.CURAND_STATUS_SUCCESS, curandDestroyGenerator(generator));
        checks.equal("a destroyed generator", curandStatus.CURAND_STATUS_NOT_INITIALIZED,
            curandGenerateUniform(generator, device, 4));
        JCurand.setExceptionsEnabled(true);
        try
        {
            curandGenerateUniform(generator, device, 4);
            checks.check("exceptions name the status", false);
        }
        catch (final CudaException ex)
        {
            checks.check("exceptions name the status", ex.getMessage().contains("CURAND_STATUS_NOT_INITIALIZED"),
                ex.getMessage());
        }
    }

    private static void moments(
        final Checks checks, final String name, final double[] values, final double mean, final double variance)
    {
        final double sampleMean = Arrays.stream(values).average().orElse(Double.NaN);
        double squares = 0;
        for (final double value : values)
        {
            squares += (value - sampleMean) * (value - sampleMean);
        }
        final double sampleVariance = squares / (values.length - 1);
        final double meanTolerance = 5 * Math.sqrt(variance / values.length);
        final double varianceTolerance = 5 * variance * Math.sqrt(3.0 / values.length);
        checks.check(name + " mean", Math.abs(sampleMean - mean) <= meanTolerance,
            sampleMean + " vs " + mean + " +- " + meanTolerance);
        checks.check(name + " variance", Math.abs(sampleVariance - variance) <= varianceTolerance,
            sampleVariance + " vs " + variance + " +- " + varianceTolerance);
    }

    private static boolean inUnitInterval(final double[] values)
    {
        return Arrays.stream(values).allMatch(v -> v > 0 && v <= 1);
    }

    private static double[] logs(final double[] values)
    {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    private static double[] toDoubles(final float[] values)
    {
        final double[] doubles = new double[values.length];
        for (int i = 0; i < values.length; i++)
        {
            doubles[i] = values[i];
        }
        return doubles;
    }

    private static float[] floats(final Pointer device)
    {
        final float[] values = new float[N];
        cudaMemcpy(Pointer.to(values), device, (long)N * Float.BYTES, cudaMemcpyDeviceToHost);
        return values;
    }

    private static double[] doubles(final Pointer device)
    {
        final double[] values = new double[N];
        cudaMemcpy(Pointer.to(values), device, (long)N * Double.BYTES, cudaMemcpyDeviceToHost);
        return values;
    }

    private static int[] ints(final Pointer device)
    {
        final int[] values = new int[N];
        cudaMemcpy(Pointer.to(values), device, (long)N * Integer.BYTES, cudaMemcpyDeviceToHost);
        return values;
    }

    private static String crc(final float[] values)
    {
        final CRC32 crc = new CRC32();
        for (final float value : values)
        {
            final int bits = Float.floatToRawIntBits(value);
            crc.update(new byte[]{ (byte)bits, (byte)(bits >> 8), (byte)(bits >> 16), (byte)(bits >> 24) });
        }
        return Long.toHexString(crc.getValue());
    }

    private static String crc(final double[] values)
    {
        final CRC32 crc = new CRC32();
        for (final double value : values)
        {
            final long bits = Double.doubleToRawLongBits(value);
            for (int shift = 0; shift < 64; shift += 8)
            {
                crc.update((int)(bits >> shift));
            }
        }
        return Long.toHexString(crc.getValue());
    }
}
