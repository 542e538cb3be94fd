package io.gpurelay.agent.jcuda.rand;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.rand.CurandCalls;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.SobolTable;
import jcuda.Pointer;
import jcuda.jcurand.curandDiscreteDistribution;
import jcuda.jcurand.curandGenerator;
import jcuda.jcurand.curandStatus;
import jcuda.runtime.cudaStream_t;

/**
 * The cuRAND host-API functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.jcurand.JCurand} with the same name and descriptor (see {@link JCurandInstrumentation}); JCurand's
 * public wrappers run unchanged, so the jcurand jar of any version that has these natives works, whatever CUDA the
 * executor has.
 * <p>
 * Generators live on the executor, in the calling thread's current context, and write into device memory there: an
 * output pointer is a device pointer ({@code cudaMalloc}, {@code cuMemAlloc}), never host memory. Each call waits for
 * its reply, so a generate call's failures come back from the call itself; the calls travel through
 * {@link CurandCalls}, which JavaCPP's {@code curand} shares. Without an executor every call returns
 * {@code CURAND_STATUS_INITIALIZATION_FAILED}. Like JCuda's native code, a null argument throws
 * {@link NullPointerException}.
 */
public final class JCurandRemote
{
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;

    static
    {
        CallFailures.nameStatuses(Api.CURAND, curandStatus::stringFor);
    }

    private JCurandRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevelNative(final int level)
    {
    }

    public static int curandCreateGeneratorNative(final curandGenerator generator, final int rngType)
    {
        final long[] results = new long[1];
        final int status = CurandCalls.call(Function.CURAND_CREATE_GENERATOR, new long[]{ rngType }, results);
        if (status == CurandStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(generator, results[0]);
        }
        return status;
    }

    public static int curandDestroyGeneratorNative(final curandGenerator generator)
    {
        return CurandCalls.call(Function.CURAND_DESTROY_GENERATOR, new long[]{ handle(generator) }, null);
    }

    public static int curandGetVersionNative(final int[] version)
    {
        return CurandCalls.getVersion(version);
    }

    /**
     * Answered from the executor's version, {@code major * 1000 + minor * 100 + patch} as cuRAND encodes it.
     */
    public static int curandGetPropertyNative(final int type, final int[] value)
    {
        return CurandCalls.getProperty(type, value);
    }

    /**
     * Null, {@code cudaStreamLegacy} and {@code cudaStreamPerThread} name the default stream of the generator's
     * context.
     */
    public static int curandSetStreamNative(final curandGenerator generator, final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        final long executorStream = handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
        return CurandCalls.call(Function.CURAND_SET_STREAM, new long[]{ handle(generator), executorStream }, null);
    }

    public static int curandSetPseudoRandomGeneratorSeedNative(final curandGenerator generator, final long seed)
    {
        return CurandCalls.call(Function.CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED, new long[]{ handle(generator), seed },
            null);
    }

    public static int curandSetGeneratorOffsetNative(final curandGenerator generator, final long offset)
    {
        return CurandCalls.call(Function.CURAND_SET_GENERATOR_OFFSET, new long[]{ handle(generator), offset },
            null);
    }

    public static int curandSetGeneratorOrderingNative(final curandGenerator generator, final int order)
    {
        return CurandCalls.call(Function.CURAND_SET_GENERATOR_ORDERING, new long[]{ handle(generator), order },
            null);
    }

    /**
     * The distribution is made on the executor, in the calling thread's current context, and the object's native
     * pointer becomes its device address there: what a kernel of cuRAND's device API takes, so
     * {@code Pointer.to(distribution)} passes it to a kernel as it does locally.
     */
    public static int curandCreatePoissonDistributionNative(
        final double lambda, final curandDiscreteDistribution discrete_distribution)
    {
        final long[] address = new long[1];
        final int status = CurandCalls.createPoissonDistribution(lambda, address);
        if (status == CurandStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(discrete_distribution, address[0]);
        }
        return status;
    }

    public static int curandDestroyDistributionNative(final curandDiscreteDistribution discrete_distribution)
    {
        return CurandCalls.destroyDistribution(JCudaPointers.nativePointer(discrete_distribution));
    }

    public static int curandSetQuasiRandomGeneratorDimensionsNative(
        final curandGenerator generator, final int num_dimensions)
    {
        return CurandCalls.call(Function.CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS,
            new long[]{ handle(generator), num_dimensions }, null);
    }

    public static int curandGenerateSeedsNative(final curandGenerator generator)
    {
        return CurandCalls.call(Function.CURAND_GENERATE_SEEDS, new long[]{ handle(generator) }, null);
    }

    /**
     * The executor's cuRAND's direction vectors, as JCuda gives them: {@code vectors[0]} becomes a new
     * {@code int[20000][32]}.
     */
    public static int curandGetDirectionVectors32Native(final int[][][] vectors, final int set)
    {
        return sobolTable(vectors, "vectors", "curandGetDirectionVectors32", SobolTable.DIRECTION_VECTORS_32, set,
            table -> dimensions(SobolTable.DIRECTION_VECTORS_32, int[][]::new, int[]::new,
                table.asIntBuffer()::get));
    }

    /**
     * {@code constants[0]} becomes a new {@code int[20000]}, as JCuda gives it.
     */
    public static int curandGetScrambleConstants32Native(final int[][] constants)
    {
        return sobolTable(constants, "constants", "curandGetScrambleConstants32", SobolTable.SCRAMBLE_CONSTANTS_32, 0,
            table ->
            {
                final int[] values = new int[SobolTable.DIMENSIONS];
                table.asIntBuffer().get(values);
                return values;
            });
    }

    /**
     * {@code vectors[0]} becomes a new {@code long[20000][64]}, as JCuda gives it.
     */
    public static int curandGetDirectionVectors64Native(final long[][][] vectors, final int set)
    {
        return sobolTable(vectors, "vectors", "curandGetDirectionVectors64", SobolTable.DIRECTION_VECTORS_64, set,
            table -> dimensions(SobolTable.DIRECTION_VECTORS_64, long[][]::new, long[]::new,
                table.asLongBuffer()::get));
    }

    /**
     * {@code constants[0]} becomes a new {@code long[20000]}, as JCuda gives it.
     */
    public static int curandGetScrambleConstants64Native(final long[][] constants)
    {
        return sobolTable(constants, "constants", "curandGetScrambleConstants64", SobolTable.SCRAMBLE_CONSTANTS_64, 0,
            table ->
            {
                final long[] values = new long[SobolTable.DIMENSIONS];
                table.asLongBuffer().get(values);
                return values;
            });
    }

    /**
     * A direction-vector table as JCuda gives it: one array per dimension, each filled in turn from the table's words.
     */
    private static <A> A[] dimensions(final SobolTable kind, final IntFunction<A[]> newDimensions,
        final IntFunction<A> newDimension, final Consumer<A> fill)
    {
        final A[] dimensions = newDimensions.apply(SobolTable.DIMENSIONS);
        for (int i = 0; i < dimensions.length; i++)
        {
            dimensions[i] = newDimension.apply(kind.wordsPerDimension());
            fill.accept(dimensions[i]);
        }
        return dimensions;
    }

    /**
     * One of the executor's cuRAND's Sobol' tables into {@code target[0]}, as {@code read} arranges its bytes.
     */
    private static <T> int sobolTable(final T[] target, final String name, final String function,
        final SobolTable kind, final int set, final java.util.function.Function<ByteBuffer, T> read)
    {
        requireTarget(target, name, function);
        final ByteBuffer[] table = new ByteBuffer[1];
        final int status = CurandCalls.sobolTable(kind, set, table);
        if (status == CurandStatus.SUCCESS)
        {
            target[0] = read.apply(table[0]);
        }
        return status;
    }

    public static int curandGenerateNative(final curandGenerator generator, final Pointer outputPtr, final long num)
    {
        return generate(Function.CURAND_GENERATE, "curandGenerate", generator, outputPtr, num, 0, 0);
    }

    public static int curandGenerateLongLongNative(
        final curandGenerator generator, final Pointer outputPtr, final long num)
    {
        return generate(Function.CURAND_GENERATE_LONG_LONG, "curandGenerateLongLong", generator, outputPtr, num, 0, 0);
    }

    public static int curandGenerateUniformNative(
        final curandGenerator generator, final Pointer outputPtr, final long num)
    {
        return generate(Function.CURAND_GENERATE_UNIFORM, "curandGenerateUniform", generator, outputPtr, num, 0, 0);
    }

    public static int curandGenerateUniformDoubleNative(
        final curandGenerator generator, final Pointer outputPtr, final long num)
    {
        return generate(Function.CURAND_GENERATE_UNIFORM_DOUBLE, "curandGenerateUniformDouble", generator, outputPtr,
            num, 0, 0);
    }

    public static int curandGenerateNormalNative(
        final curandGenerator generator, final Pointer outputPtr, final long n, final float mean, final float stddev)
    {
        return generate(Function.CURAND_GENERATE_NORMAL, "curandGenerateNormal", generator, outputPtr, n,
            Float.floatToRawIntBits(mean), Float.floatToRawIntBits(stddev));
    }

    public static int curandGenerateNormalDoubleNative(
        final curandGenerator generator, final Pointer outputPtr, final long n, final double mean, final double stddev)
    {
        return generate(Function.CURAND_GENERATE_NORMAL_DOUBLE, "curandGenerateNormalDouble", generator, outputPtr, n,
            Double.doubleToRawLongBits(mean), Double.doubleToRawLongBits(stddev));
    }

    public static int curandGenerateLogNormalNative(
        final curandGenerator generator, final Pointer outputPtr, final long n, final float mean, final float stddev)
    {
        return generate(Function.CURAND_GENERATE_LOG_NORMAL, "curandGenerateLogNormal", generator, outputPtr, n,
            Float.floatToRawIntBits(mean), Float.floatToRawIntBits(stddev));
    }

    public static int curandGenerateLogNormalDoubleNative(
        final curandGenerator generator, final Pointer outputPtr, final long n, final double mean, final double stddev)
    {
        return generate(Function.CURAND_GENERATE_LOG_NORMAL_DOUBLE, "curandGenerateLogNormalDouble", generator,
            outputPtr, n, Double.doubleToRawLongBits(mean), Double.doubleToRawLongBits(stddev));
    }

    public static int curandGeneratePoissonNative(
        final curandGenerator generator, final Pointer outputPtr, final long n, final double lambda)
    {
        return generate(Function.CURAND_GENERATE_POISSON, "curandGeneratePoisson", generator, outputPtr, n,
            Double.doubleToRawLongBits(lambda), 0);
    }

    private static int generate(
        final Function function, final String name, final curandGenerator generator, final Pointer output,
        final long count, final long first, final long second)
    {
        requireNonNull(generator, "generator", name);
        requireNonNull(output, "outputPtr", name);
        if (JCudaHostRanges.isHostMemory(output))
        {
            AgentLog.warn(name + ": the output is host memory; gpurelay's cuRAND generators write device memory " +
                "only (cudaMalloc, cuMemAlloc); returning CURAND_STATUS_LAUNCH_FAILURE");
            return CurandStatus.LAUNCH_FAILURE;
        }
        return CurandCalls.call(function,
            new long[]{ handle(generator), JCudaPointers.address(output), count, first, second }, null);
    }

    /**
     * JCuda's native code writes element 0 of the array, and throws these for a null or empty one.
     */
    private static void requireTarget(final Object[] array, final String name, final String function)
    {
        requireNonNull(array, name, function);
        if (array.length < 1)
        {
            throw new IllegalArgumentException("Parameter '" + name + "' must have a size >= 1");
        }
    }

    private static long handle(final curandGenerator generator)
    {
        return JCudaPointers.nativePointer(generator);
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
