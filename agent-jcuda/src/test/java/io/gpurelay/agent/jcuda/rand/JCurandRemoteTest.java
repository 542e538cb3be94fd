package io.gpurelay.agent.jcuda.rand;

import static io.gpurelay.agent.jcuda.rand.JCurandRemote.curandGetDirectionVectors32Native;
import static io.gpurelay.agent.jcuda.rand.JCurandRemote.curandGetDirectionVectors64Native;
import static io.gpurelay.agent.jcuda.rand.JCurandRemote.curandGetPropertyNative;
import static io.gpurelay.agent.jcuda.rand.JCurandRemote.curandGetScrambleConstants32Native;
import static io.gpurelay.agent.jcuda.rand.JCurandRemote.curandGetScrambleConstants64Native;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMallocNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemcpyNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaSetDeviceNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.SobolTable;
import jcuda.Pointer;
import jcuda.jcurand.curandDiscreteDistribution;
import jcuda.jcurand.curandGenerator;
import jcuda.runtime.cudaStream_t;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cuRAND functions as JCurand's rewritten native methods call them, against an executor over IPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCurandRemoteTest extends InMemoryExecutorTest
{
    private static final int PHILOX = 161;
    private static final int DEVICE_TO_HOST = 2;

    @AfterEach
    void resetThreadState()
    {
        executor.stopFailing();
        cudaSetDeviceNative(0);
    }

    @Test
    void generatorHandlesAndArgumentsTravelAsTheWireProtocolSays()
    {
        cudaSetDeviceNative(1);
        final curandGenerator generator = new curandGenerator();
        assertEquals(0, curandCreateGeneratorNative(generator, PHILOX));
        final long handle = JCudaPointers.nativePointer(generator);
        assertTrue(handle != 0);
        final CallRecord create = last(Function.CURAND_CREATE_GENERATOR);
        assertEquals(1, create.context(), "made in the current device's context");
        assertArrayEquals(new long[]{ PHILOX }, create.args());

        assertEquals(0, curandSetPseudoRandomGeneratorSeedNative(generator, 1234L));
        assertArrayEquals(new long[]{ handle, 1234L }, last(Function.CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED).args());
        assertEquals(0, curandSetGeneratorOffsetNative(generator, 99L));
        assertArrayEquals(new long[]{ handle, 99L }, last(Function.CURAND_SET_GENERATOR_OFFSET).args());
        final cudaStream_t legacy = new cudaStream_t();
        JCudaPointers.setNativePointer(legacy, 1);
        assertEquals(0, curandSetStreamNative(generator, legacy));
        assertArrayEquals(new long[]{ handle, 0 }, last(Function.CURAND_SET_STREAM).args(),
            "the legacy stream is the context's default stream");

        final Pointer output = new Pointer();
        assertEquals(0, cudaMallocNative(output, 64));
        final long address = JCudaPointers.address(output);
        assertEquals(0, curandGenerateUniformNative(generator, output.withByteOffset(16), 12));
        assertArrayEquals(new long[]{ handle, address + 16, 12, 0, 0 }, last(Function.CURAND_GENERATE_UNIFORM).args());
        final byte[] written = new byte[64];
        assertEquals(0, cudaMemcpyNative(Pointer.to(written), output, 64, DEVICE_TO_HOST));
        assertEquals(12, written[0], "the generator wrote into the device allocation");

        assertEquals(0, curandGenerateNormalNative(generator, output, 4, 2.5f, 0.5f));
        assertArrayEquals(new long[]{ handle, address, 4, Float.floatToRawIntBits(2.5f), Float.floatToRawIntBits(0.5f) },
            last(Function.CURAND_GENERATE_NORMAL).args());
        assertEquals(0, curandGenerateLogNormalDoubleNative(generator, output, 4, -1.0, 3.0));
        assertArrayEquals(new long[]{ handle, address, 4, Double.doubleToRawLongBits(-1.0),
            Double.doubleToRawLongBits(3.0) }, last(Function.CURAND_GENERATE_LOG_NORMAL_DOUBLE).args());
        assertEquals(0, curandGeneratePoissonNative(generator, output, 4, 7.5));
        assertArrayEquals(new long[]{ handle, address, 4, Double.doubleToRawLongBits(7.5), 0 },
            last(Function.CURAND_GENERATE_POISSON).args());

        assertEquals(0, curandDestroyGeneratorNative(generator));
        assertEquals(CurandStatus.NOT_INITIALIZED, curandGenerateUniformNative(generator, output, 4));
    }

    @Test
    void versionAndPropertiesComeFromTheExecutor()
    {
        // How a version splits into properties is LibraryVersionTest's; here, cuRAND's version and its status.
        final int[] value = new int[1];
        assertEquals(0, curandGetVersionNative(value));
        assertEquals(10400, value[0]);
        assertEquals(0, curandGetPropertyNative(1, value));
        assertEquals(4, value[0]);
        assertEquals(CurandStatus.OUT_OF_RANGE, curandGetPropertyNative(7, value));
    }

    @Test
    void hostMemoryIsRefusedWithALogLine()
    {
        final curandGenerator generator = new curandGenerator();
        assertEquals(0, curandCreateGeneratorNative(generator, PHILOX));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CurandStatus.LAUNCH_FAILURE,
                curandGenerateUniformNative(generator, Pointer.to(new float[4]), 4));
            assertEquals(1, log.count("curandGenerateUniform: the output is host memory"), log.lines().toString());
        }
        assertThrows(NullPointerException.class, () -> curandGenerateUniformNative(null, new Pointer(), 4));
    }

    @Test
    void theExecutorsStatusIsReturned()
    {
        final curandGenerator generator = new curandGenerator();
        executor.fail(Function.CURAND_CREATE_GENERATOR, CurandStatus.TYPE_ERROR, "generator type 141 is not emulated");
        assertEquals(CurandStatus.TYPE_ERROR, curandCreateGeneratorNative(generator, 141));
        assertEquals(0, JCudaPointers.nativePointer(generator));
    }

    @Test
    void quasiRandomDimensionsAndSeedsTravelWithTheGenerator()
    {
        final curandGenerator generator = new curandGenerator();
        assertEquals(0, curandCreateGeneratorNative(generator, PHILOX));
        final long handle = JCudaPointers.nativePointer(generator);
        assertEquals(0, curandSetQuasiRandomGeneratorDimensionsNative(generator, 3));
        assertArrayEquals(new long[]{ handle, 3 },
            last(Function.CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS).args());
        assertEquals(0, curandGenerateSeedsNative(generator));
        assertArrayEquals(new long[]{ handle }, last(Function.CURAND_GENERATE_SEEDS).args());
        assertEquals(0, curandDestroyGeneratorNative(generator));
        assertEquals(CurandStatus.NOT_INITIALIZED, curandGenerateSeedsNative(generator));
        assertThrows(NullPointerException.class, () -> curandGenerateSeedsNative(null));
    }

    @Test
    void aDistributionIsNamedByWhatTheExecutorAnswers()
    {
        final curandDiscreteDistribution distribution = new curandDiscreteDistribution();
        assertEquals(0, curandCreatePoissonDistributionNative(2.5, distribution));
        assertArrayEquals(new long[]{ Double.doubleToRawLongBits(2.5) },
            last(Function.CURAND_CREATE_POISSON_DISTRIBUTION).args());
        final long address = JCudaPointers.nativePointer(distribution);
        assertTrue(address != 0);
        assertEquals(0, curandDestroyDistributionNative(distribution));
        assertArrayEquals(new long[]{ address }, last(Function.CURAND_DESTROY_DISTRIBUTION).args());
        assertEquals(CurandStatus.NOT_INITIALIZED, curandDestroyDistributionNative(distribution));
        assertThrows(NullPointerException.class, () -> curandCreatePoissonDistributionNative(1, null));
    }

    @Test
    void sobolTablesArriveAsTheArraysJCudaMakes()
    {
        final int[][][] vectors32 = new int[1][][];
        assertEquals(0, curandGetDirectionVectors32Native(vectors32, 101));
        assertArrayEquals(new long[]{ SobolTable.DIRECTION_VECTORS_32.code(), 101 },
            last(Function.CURAND_GET_SOBOL_TABLE).args());
        assertEquals(SobolTable.DIMENSIONS, vectors32[0].length);
        assertEquals(32, vectors32[0][0].length);
        assertEquals(101, vectors32[0][0][0], "word 0 of the executor's table");
        assertEquals(101 + 32 * 7 + 5, vectors32[0][7][5], "dimension 7, vector 5");

        final long[][][] vectors64 = new long[1][][];
        assertEquals(0, curandGetDirectionVectors64Native(vectors64, 103));
        assertEquals(64, vectors64[0][SobolTable.DIMENSIONS - 1].length);
        assertEquals(103 + 64L * (SobolTable.DIMENSIONS - 1) + 63, vectors64[0][SobolTable.DIMENSIONS - 1][63]);

        final int[][] constants32 = new int[2][];
        assertEquals(0, curandGetScrambleConstants32Native(constants32));
        assertEquals(SobolTable.DIMENSIONS - 1, constants32[0][SobolTable.DIMENSIONS - 1]);
        final long[][] constants64 = new long[1][];
        assertEquals(0, curandGetScrambleConstants64Native(constants64));
        assertEquals(SobolTable.DIMENSIONS, constants64[0].length);
        assertEquals(12345, constants64[0][12345]);

        assertThrows(NullPointerException.class, () -> curandGetScrambleConstants32Native(null));
        assertThrows(IllegalArgumentException.class, () -> curandGetDirectionVectors64Native(new long[0][][], 103));
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static int curandCreateGeneratorNative(final curandGenerator generator, final int rngType)
    {
        return described("curandCreateGeneratorNative", generator, rngType);
    }

    private static int curandCreatePoissonDistributionNative(final double lambda,
        final curandDiscreteDistribution distribution)
    {
        return described("curandCreatePoissonDistributionNative", lambda, distribution);
    }

    private static int curandDestroyDistributionNative(final curandDiscreteDistribution distribution)
    {
        return described("curandDestroyDistributionNative", distribution);
    }

    private static int curandDestroyGeneratorNative(final curandGenerator generator)
    {
        return described("curandDestroyGeneratorNative", generator);
    }

    private static int curandGenerateLogNormalDoubleNative(final curandGenerator generator, final Pointer output,
        final long n, final double mean, final double stddev)
    {
        return described("curandGenerateLogNormalDoubleNative", generator, output, n, mean, stddev);
    }

    private static int curandGenerateNormalNative(final curandGenerator generator, final Pointer output, final long n,
        final float mean, final float stddev)
    {
        return described("curandGenerateNormalNative", generator, output, n, mean, stddev);
    }

    private static int curandGeneratePoissonNative(final curandGenerator generator, final Pointer output,
        final long n, final double lambda)
    {
        return described("curandGeneratePoissonNative", generator, output, n, lambda);
    }

    private static int curandGenerateSeedsNative(final curandGenerator generator)
    {
        return described("curandGenerateSeedsNative", generator);
    }

    private static int curandGenerateUniformNative(final curandGenerator generator, final Pointer output,
        final long num)
    {
        return described("curandGenerateUniformNative", generator, output, num);
    }

    private static int curandGetVersionNative(final int[] version)
    {
        return described("curandGetVersionNative", version);
    }

    private static int curandSetGeneratorOffsetNative(final curandGenerator generator, final long offset)
    {
        return described("curandSetGeneratorOffsetNative", generator, offset);
    }

    private static int curandSetPseudoRandomGeneratorSeedNative(final curandGenerator generator, final long seed)
    {
        return described("curandSetPseudoRandomGeneratorSeedNative", generator, seed);
    }

    private static int curandSetQuasiRandomGeneratorDimensionsNative(final curandGenerator generator,
        final int dimensions)
    {
        return described("curandSetQuasiRandomGeneratorDimensionsNative", generator, dimensions);
    }

    private static int curandSetStreamNative(final curandGenerator generator, final cudaStream_t stream)
    {
        return described("curandSetStreamNative", generator, stream);
    }

    /** A described function's native as the agent binds it ({@link JCudaLibraryCalls}). */
    private static int described(final String nativeName, final Object... arguments)
    {
        return JCudaLibraryCalls.call(JCudaLibraryCalls.indexOf(nativeName), arguments);
    }
}
