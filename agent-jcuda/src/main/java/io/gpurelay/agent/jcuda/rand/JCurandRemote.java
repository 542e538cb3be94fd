package io.gpurelay.agent.jcuda.rand;

import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.rand.CurandCalls;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.SobolTable;
import jcuda.jcurand.curandStatus;

/**
 * The cuRAND host-API functions gpurelay implements by hand: the version's properties and the Sobol' tables, which are
 * more than a row of {@link io.gpurelay.protocol.describe.LibraryFunctions} says (a table arrives as bytes and becomes
 * JCuda's arrays). Each public static method replaces the native method of {@code jcuda.jcurand.JCurand} with the same
 * name and descriptor (see {@link JCurandInstrumentation}); the described functions' natives are remoted by
 * {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}. JCurand's public wrappers run unchanged, so the jcurand jar of
 * any version that has these natives works, whatever CUDA the executor has.
 * <p>
 * Generators live on the executor, in the calling thread's current context, and write into device memory there: an
 * output pointer is a device pointer ({@code cudaMalloc}, {@code cuMemAlloc}), never host memory. Each call waits for
 * its reply, so a generate call's failures come back from the call itself; these calls travel through
 * {@link CurandCalls}, which JavaCPP's {@code curand} shares. Without an executor every call returns
 * {@code CURAND_STATUS_INITIALIZATION_FAILED}. Like JCuda's native code, a null argument throws
 * {@link NullPointerException}.
 */
public final class JCurandRemote
{
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

    /**
     * Answered from the executor's version, {@code major * 1000 + minor * 100 + patch} as cuRAND encodes it.
     */
    public static int curandGetPropertyNative(final int type, final int[] value)
    {
        return CurandCalls.getProperty(type, value);
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
