package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_RESET;
import static io.gpurelay.protocol.Function.CUDA_FREE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CURAND_CREATE_GENERATOR;
import static io.gpurelay.protocol.Function.CURAND_DESTROY_GENERATOR;
import static io.gpurelay.protocol.Function.CURAND_GENERATE;
import static io.gpurelay.protocol.Function.CURAND_GENERATE_LOG_NORMAL_DOUBLE;
import static io.gpurelay.protocol.Function.CURAND_GENERATE_NORMAL;
import static io.gpurelay.protocol.Function.CURAND_GENERATE_POISSON;
import static io.gpurelay.protocol.Function.CURAND_GENERATE_UNIFORM;
import static io.gpurelay.protocol.Function.CURAND_GENERATE_UNIFORM_DOUBLE;
import static io.gpurelay.protocol.Function.CURAND_GET_VERSION;
import static io.gpurelay.protocol.Function.CURAND_SET_GENERATOR_OFFSET;
import static io.gpurelay.protocol.Function.CURAND_SET_GENERATOR_ORDERING;
import static io.gpurelay.protocol.Function.CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED;
import static io.gpurelay.protocol.Function.CURAND_SET_STREAM;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CU_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static io.gpurelay.protocol.Function.NVRTC_ADD_NAME_EXPRESSION;
import static io.gpurelay.protocol.Function.NVRTC_COMPILE_PROGRAM;
import static io.gpurelay.protocol.Function.NVRTC_CREATE_PROGRAM;
import static io.gpurelay.protocol.Function.NVRTC_DESTROY_PROGRAM;
import static io.gpurelay.protocol.Function.NVRTC_GET_LOWERED_NAME;
import static io.gpurelay.protocol.Function.NVRTC_GET_PROGRAM_LOG;
import static io.gpurelay.protocol.Function.NVRTC_GET_PROGRAM_LOG_SIZE;
import static io.gpurelay.protocol.Function.NVRTC_GET_PTX;
import static io.gpurelay.protocol.Function.NVRTC_GET_PTX_SIZE;
import static io.gpurelay.protocol.Function.NVRTC_VERSION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.rand.CurandGenerator;
import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.SobolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * cuRAND and NVRTC on the emulated backend, end to end over {@code aeron:ipc}: clients that speak the wire protocol
 * as the agent does. One executor finds {@code nvcc} on its PATH if the machine has one; the other is given none.
 */
class RandAndRtcIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;
    private static final int XORWOW = 101;
    private static final int MRG32K3A = 121;
    private static final int MTGP32 = 141;
    private static final int PHILOX = 161;
    private static final int ORDERING_LEGACY = 103;
    private static final int ORDERING_SEEDED = 102;

    static final String VECTOR_ADD = """
        template <typename T>
        __global__ void vectorAdd(const T* a, const T* b, T* sum, int n)
        {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n)
            {
                sum[i] = a[i] + b[i];
            }
        }
        """;

    @RegisterExtension
    static final IpcExecutor WITH_PATH = IpcExecutor.on("rand", () -> new EmulatedBackend(1, DEVICE_MEMORY),
        context -> context.keepAliveTimeoutNs(30_000_000_000L));
    @RegisterExtension
    static final IpcExecutor NO_NVCC = IpcExecutor.on("rtc-no-nvcc", () -> new EmulatedBackend(1, DEVICE_MEMORY, null),
        context -> context.keepAliveTimeoutNs(30_000_000_000L));

    @Test
    void generatesCuRandsSequencesIntoSessionMemory()
    {
        final TestClient client = WITH_PATH.connected("curand");
        assertEquals(CurandGenerator.VERSION, ok(client.call(CURAND_GET_VERSION, DEVICE_0)).value(0));
        final int n = 4096;
        final long output = ok(client.call(CUDA_MALLOC, DEVICE_0, 8L * n)).value(0);

        for (final int type : new int[]{ XORWOW, MRG32K3A, PHILOX })
        {
            final long generator = ok(client.call(CURAND_CREATE_GENERATOR, DEVICE_0, type)).value(0);
            ok(client.call(CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED, DEVICE_0, generator, 1234));
            ok(client.call(CURAND_SET_GENERATOR_OFFSET, DEVICE_0, generator, 10));
            ok(client.call(CURAND_SET_STREAM, DEVICE_0, generator, 0));
            ok(client.call(CURAND_GENERATE_UNIFORM, DEVICE_0, generator, output, n));
            final ByteBuffer uniform = read(client, output, 4L * n);
            ok(client.call(CURAND_GENERATE_UNIFORM_DOUBLE, DEVICE_0, generator, output, n));
            final ByteBuffer uniformDouble = read(client, output, 8L * n);

            final float[] expected = new float[n];
            final double[] expectedDouble = new double[n];
            reference(type, 1234, 10, expected, expectedDouble);
            for (int i = 0; i < n; i++)
            {
                assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(uniform.getFloat(4 * i)),
                    "type " + type + " element " + i);
                assertEquals(Double.doubleToRawLongBits(expectedDouble[i]),
                    Double.doubleToRawLongBits(uniformDouble.getDouble(8 * i)), "type " + type + " element " + i);
            }
            ok(client.call(CURAND_DESTROY_GENERATOR, DEVICE_0, generator));
        }
    }

    @Test
    void normalLogNormalAndPoissonHaveTheirDistributions()
    {
        final TestClient client = WITH_PATH.connected("curand distributions");
        final int n = 100_000;
        final long output = ok(client.call(CUDA_MALLOC, DEVICE_0, 8L * n)).value(0);
        final long generator = ok(client.call(CURAND_CREATE_GENERATOR, DEVICE_0, PHILOX)).value(0);
        ok(client.call(CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED, DEVICE_0, generator, 42));

        ok(client.call(CURAND_GENERATE_NORMAL, DEVICE_0, generator, output, n, Float.floatToRawIntBits(3f),
            Float.floatToRawIntBits(2f)));
        final ByteBuffer normal = read(client, output, 4L * n);
        final double[] normals = new double[n];
        for (int i = 0; i < n; i++)
        {
            normals[i] = normal.getFloat(4 * i);
        }
        assertMoments(normals, 3, 4);

        ok(client.call(CURAND_GENERATE_LOG_NORMAL_DOUBLE, DEVICE_0, generator, output, n,
            Double.doubleToRawLongBits(0.5), Double.doubleToRawLongBits(0.25)));
        final ByteBuffer logNormal = read(client, output, 8L * n);
        final double[] logs = new double[n];
        for (int i = 0; i < n; i++)
        {
            final double value = logNormal.getDouble(8 * i);
            assertTrue(value > 0, "log-normal values are positive");
            logs[i] = Math.log(value);
        }
        assertMoments(logs, 0.5, 0.0625);

        ok(client.call(CURAND_GENERATE_POISSON, DEVICE_0, generator, output, n, Double.doubleToRawLongBits(7.5)));
        final ByteBuffer poisson = read(client, output, 4L * n);
        final double[] counts = new double[n];
        for (int i = 0; i < n; i++)
        {
            counts[i] = poisson.getInt(4 * i);
            assertTrue(counts[i] >= 0);
        }
        assertMoments(counts, 7.5, 7.5);
    }

    @Test
    void answersCuRandsStatusesForBadCalls()
    {
        final TestClient client = WITH_PATH.connected("curand errors");
        final long output = ok(client.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);

        assertEquals(CurandStatus.TYPE_ERROR, client.call(CURAND_CREATE_GENERATOR, DEVICE_0, MTGP32).status());
        final long generator = ok(client.call(CURAND_CREATE_GENERATOR, DEVICE_0, XORWOW)).value(0);
        final Reply outside = client.call(CURAND_GENERATE, DEVICE_0, generator, output, 17);
        assertEquals(CurandStatus.LAUNCH_FAILURE, outside.status());
        assertTrue(outside.message().contains("not inside"), outside.message());
        assertEquals(CurandStatus.LENGTH_NOT_MULTIPLE, client.call(CURAND_GENERATE_NORMAL, DEVICE_0, generator, output,
            3, Float.floatToRawIntBits(0f), Float.floatToRawIntBits(1f)).status());
        assertEquals(CurandStatus.OUT_OF_RANGE,
            client.call(CURAND_GENERATE_POISSON, DEVICE_0, generator, output, 4, Double.doubleToRawLongBits(-1)).status());
        assertEquals(CurandStatus.LAUNCH_FAILURE, client.call(CURAND_SET_STREAM, DEVICE_0, generator, 12345).status());
        ok(client.call(CURAND_SET_GENERATOR_ORDERING, DEVICE_0, generator, ORDERING_LEGACY));
        ok(client.call(Function.CURAND_GENERATE_SEEDS, DEVICE_0, generator));
        final Reply dimensions =
            client.call(Function.CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS, DEVICE_0, generator, 2);
        assertEquals(CurandStatus.TYPE_ERROR, dimensions.status(), "cuRAND's answer for a pseudo-random generator");
        assertTrue(dimensions.message().contains("pseudo-random"), dimensions.message());
        for (final SobolTable table : SobolTable.values())
        {
            final Reply sobol = client.call(Function.CURAND_GET_SOBOL_TABLE, DEVICE_0, table.code(), 101);
            assertEquals(CurandStatus.TYPE_ERROR, sobol.status());
            assertTrue(sobol.message().contains(table.functionName() + " is not supported on the emulator"),
                sobol.message());
        }
        assertEquals(CurandStatus.OUT_OF_RANGE, client.call(Function.CURAND_GET_SOBOL_TABLE, DEVICE_0, 9, 101)
            .status());
        final Reply distribution = client.call(Function.CURAND_CREATE_POISSON_DISTRIBUTION, DEVICE_0,
            Double.doubleToRawLongBits(2.5));
        assertEquals(CurandStatus.TYPE_ERROR, distribution.status());
        assertTrue(distribution.message().contains("curandCreatePoissonDistribution is not supported on the emulator"),
            distribution.message());
        assertEquals(CurandStatus.NOT_INITIALIZED,
            client.call(Function.CURAND_DESTROY_DISTRIBUTION, DEVICE_0, output).status(), "no distribution there");
        assertEquals(CurandStatus.NOT_INITIALIZED,
            client.call(Function.CURAND_GENERATE_SEEDS, DEVICE_0, generator + 1).status());

        final long philox = ok(client.call(CURAND_CREATE_GENERATOR, DEVICE_0, PHILOX)).value(0);
        assertEquals(CurandStatus.OUT_OF_RANGE,
            client.call(CURAND_SET_GENERATOR_ORDERING, DEVICE_0, philox, ORDERING_SEEDED).status());

        ok(client.call(CURAND_DESTROY_GENERATOR, DEVICE_0, generator));
        assertEquals(CurandStatus.NOT_INITIALIZED, client.call(CURAND_GENERATE, DEVICE_0, generator, output, 4).status());
        assertEquals(CurandStatus.NOT_INITIALIZED, client.call(CURAND_DESTROY_GENERATOR, DEVICE_0, output).status());

        final TestClient other = WITH_PATH.connected("curand other session");
        assertEquals(CurandStatus.NOT_INITIALIZED, other.call(CURAND_GENERATE, DEVICE_0, philox, output, 4).status(),
            "a generator of another session");
        assertEquals(CurandStatus.INITIALIZATION_FAILED, client.call(CURAND_CREATE_GENERATOR, 7, XORWOW).status());
        ok(client.call(CUDA_FREE, DEVICE_0, output));
    }

    @Test
    void makesGeneratorsInTheCurrentDriverContext()
    {
        final TestClient client = WITH_PATH.connected("curand driver");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, DEVICE_0)).value(0);
        final long output = ok(client.call(CU_MEM_ALLOC, context, 64)).value(0);
        final long generator = ok(client.call(CURAND_CREATE_GENERATOR, context, PHILOX)).value(0);
        ok(client.call(CURAND_GENERATE, context, generator, output, 16));
        ok(client.call(CU_CTX_DESTROY, 0, context));
        final Reply afterDestroy = client.call(CURAND_GENERATE, 0, generator, output, 16);
        assertEquals(CurandStatus.NOT_INITIALIZED, afterDestroy.status());
        assertTrue(afterDestroy.message().contains("context was destroyed"), afterDestroy.message());

        final long runtimeGenerator = ok(client.call(CURAND_CREATE_GENERATOR, DEVICE_0, XORWOW)).value(0);
        ok(client.call(CUDA_DEVICE_RESET, DEVICE_0));
        final long fresh = ok(client.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);
        assertEquals(CurandStatus.NOT_INITIALIZED, client.call(CURAND_GENERATE, DEVICE_0, runtimeGenerator, fresh, 16)
            .status(), "a reset destroys the generators of the primary context, which is made afresh");
    }

    @Test
    void withoutNvccCompilationFailsWithALogThatSaysWhy()
    {
        final TestClient client = NO_NVCC.connected("nvrtc without nvcc");
        final long program = createProgram(client, VECTOR_ADD, "vectorAdd.cu");
        ok(client.callWithPayload(NVRTC_ADD_NAME_EXPRESSION, 0, NulTerminatedStrings.encode("vectorAdd<float>"),
            program));

        final Reply compile = client.callWithPayload(NVRTC_COMPILE_PROGRAM, 0,
            NulTerminatedStrings.encode("--gpu-architecture=compute_75"), program, 1);
        assertEquals(NvrtcStatus.COMPILATION, compile.status());
        final String log = new String(ok(client.call(NVRTC_GET_PROGRAM_LOG, 0, program)).payload(),
            StandardCharsets.UTF_8);
        assertTrue(log.contains("no nvcc was found on the executor's PATH"), log);
        assertEquals(log.getBytes(StandardCharsets.UTF_8).length + 1,
            ok(client.call(NVRTC_GET_PROGRAM_LOG_SIZE, 0, program)).value(0));
        assertEquals(NvrtcStatus.INVALID_PROGRAM, client.call(NVRTC_GET_PTX_SIZE, 0, program).status());
        assertEquals(NvrtcStatus.NO_LOWERED_NAMES_BEFORE_COMPILATION, client.callWithPayload(NVRTC_GET_LOWERED_NAME, 0,
            NulTerminatedStrings.encode("vectorAdd<float>"), program).status());
        assertEquals(2, ok(client.call(NVRTC_VERSION, 0)).values().length);
        for (final NvrtcOutput output : NvrtcOutput.values())
        {
            final Reply size = client.call(Function.NVRTC_GET_OUTPUT_SIZE, 0, program, output.code());
            assertEquals(NvrtcStatus.INVALID_INPUT, size.status());
            assertTrue(size.message().contains(output.functionName() + "Size is not supported on the emulator"),
                size.message());
            final Reply bytes = client.call(Function.NVRTC_GET_OUTPUT, 0, program, output.code());
            assertEquals(NvrtcStatus.INVALID_INPUT, bytes.status());
            assertTrue(bytes.message().contains(output.functionName() + " is not supported on the emulator"),
                bytes.message());
        }
        assertEquals(NvrtcStatus.INVALID_INPUT, client.call(Function.NVRTC_GET_OUTPUT, 0, program, 7).status(),
            "no output has code 7");
        assertTrue(client.call(Function.NVRTC_GET_SUPPORTED_ARCHS, 0).message()
            .contains("nvrtcGetSupportedArchs is not supported on the emulator"));
        assertEquals(NvrtcStatus.INVALID_INPUT, client.call(Function.NVRTC_GET_NUM_SUPPORTED_ARCHS, 0).status());

        ok(client.call(NVRTC_DESTROY_PROGRAM, 0, program));
        assertEquals(NvrtcStatus.INVALID_PROGRAM,
            client.call(Function.NVRTC_GET_OUTPUT_SIZE, 0, program, NvrtcOutput.CUBIN.code()).status());
        assertEquals(NvrtcStatus.INVALID_PROGRAM, client.call(NVRTC_GET_PROGRAM_LOG_SIZE, 0, program).status());
        assertEquals(NvrtcStatus.INVALID_INPUT,
            client.callWithPayload(NVRTC_CREATE_PROGRAM, 0, new byte[]{ 'x' }, 0, 0).status(),
            "a source without its NUL");
    }

    @Test
    void compilesWithNvccAndTheLoweredNameLoadsAndRuns()
    {
        assumeTrue(hasNvcc(), "no nvcc on this machine's PATH");
        final TestClient client = WITH_PATH.connected("nvrtc with nvcc");
        final int[] version = new int[]{ (int)ok(client.call(NVRTC_VERSION, 0)).value(0),
            (int)ok(client.call(NVRTC_VERSION, 0)).value(1) };
        assertTrue(version[0] >= 12, "nvcc release " + version[0] + "." + version[1]);
        final long program = createProgram(client, VECTOR_ADD, "vectorAdd.cu");
        ok(client.callWithPayload(NVRTC_ADD_NAME_EXPRESSION, 0, NulTerminatedStrings.encode("&vectorAdd<float>"),
            program));
        assertEquals(NvrtcStatus.NO_LOWERED_NAMES_BEFORE_COMPILATION, client.callWithPayload(NVRTC_GET_LOWERED_NAME, 0,
            NulTerminatedStrings.encode("&vectorAdd<float>"), program).status());

        ok(client.callWithPayload(NVRTC_COMPILE_PROGRAM, 0,
            NulTerminatedStrings.encode("--gpu-architecture=compute_75", "-DUNUSED=1"), program, 2));
        final String lowered = new String(ok(client.callWithPayload(NVRTC_GET_LOWERED_NAME, 0,
            NulTerminatedStrings.encode("&vectorAdd<float>"), program)).payload(), StandardCharsets.UTF_8);
        assertEquals("_Z9vectorAddIfEvPKT_S2_PS0_i", lowered);
        assertEquals(NvrtcStatus.NAME_EXPRESSION_NOT_VALID, client.callWithPayload(NVRTC_GET_LOWERED_NAME, 0,
            NulTerminatedStrings.encode("&vectorAdd<double>"), program).status());
        assertEquals(NvrtcStatus.NO_NAME_EXPRESSIONS_AFTER_COMPILATION, client.callWithPayload(
            NVRTC_ADD_NAME_EXPRESSION, 0, NulTerminatedStrings.encode("&vectorAdd<int>"), program).status());
        final byte[] ptx = ok(client.call(NVRTC_GET_PTX, 0, program)).payload();
        assertEquals(ptx.length + 1, ok(client.call(NVRTC_GET_PTX_SIZE, 0, program)).value(0));
        assertFalse(new String(ptx, StandardCharsets.UTF_8).contains("__gpurelay_lowered_"));

        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, DEVICE_0)).value(0);
        final long module = ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context, ptx)).value(0);
        final long function = ok(client.callWithPayload(CU_MODULE_GET_FUNCTION, context,
            lowered.getBytes(StandardCharsets.UTF_8), module)).value(0);
        final int n = 1000;
        final ByteBuffer a = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        final ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++)
        {
            a.putFloat(4 * i, i * 0.5f);
            b.putFloat(4 * i, 1000 - i);
        }
        final long deviceA = upload(client, context, a.array());
        final long deviceB = upload(client, context, b.array());
        final long deviceSum = ok(client.call(CU_MEM_ALLOC, context, 4L * n)).value(0);
        final KernelLaunch launch = KernelLaunch.of(function, (n + 255) / 256, 256)
            .pointer(deviceA).pointer(deviceB).pointer(deviceSum).int32(n);
        ok(client.callWithPayload(CU_LAUNCH_KERNEL, context, launch.payload(), launch.args()));
        final ByteBuffer sum = ByteBuffer.wrap(ok(client.call(CU_MEMCPY_DTOH, context,
            deviceSum, 4L * n, 0)).payload()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++)
        {
            assertEquals(i * 0.5f + (1000 - i), sum.getFloat(4 * i), "element " + i);
        }
    }

    @Test
    void nvccErrorsAreNvrtcErrorsWithTheCompilersLog()
    {
        assumeTrue(hasNvcc(), "no nvcc on this machine's PATH");
        final TestClient client = WITH_PATH.connected("nvrtc errors");
        final long broken = createProgram(client, "__global__ void broken() { undeclared = 1; }\n", "broken.cu");
        assertEquals(NvrtcStatus.COMPILATION, client.call(NVRTC_COMPILE_PROGRAM, 0, broken, 0).status());
        final String log = new String(ok(client.call(NVRTC_GET_PROGRAM_LOG, 0, broken)).payload(),
            StandardCharsets.UTF_8);
        assertTrue(log.contains("broken.cu(1)") && log.contains("undeclared"), log);
        assertFalse(log.contains("gpurelay-nvrtc"), "the temporary directory is not in the log: " + log);

        final long program = createProgram(client, VECTOR_ADD, null);
        assertEquals(NvrtcStatus.INVALID_OPTION, client.callWithPayload(NVRTC_COMPILE_PROGRAM, 0,
            NulTerminatedStrings.encode("--no-such-option"), program, 1).status());
    }

    static boolean hasNvcc()
    {
        final String path = System.getenv("PATH");
        if (path != null)
        {
            for (final String directory : path.split(File.pathSeparator))
            {
                if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, "nvcc")))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private static long createProgram(final TestClient client, final String source, final String name)
    {
        final byte[] payload = name == null ? NulTerminatedStrings.encode(source) :
            NulTerminatedStrings.encode(source, name);
        return ok(client.callWithPayload(NVRTC_CREATE_PROGRAM, 0, payload, 0, name == null ? 0 : 1)).value(0);
    }

    private static long upload(final TestClient client, final long context, final byte[] bytes)
    {
        final long address = ok(client.call(CU_MEM_ALLOC, context, bytes.length)).value(0);
        ok(client.callWithPayload(CU_MEMCPY_HTOD, context, bytes, address, bytes.length,
            0));
        return address;
    }

    /**
     * The device emulator's generator itself, on memory of its own: the executor must give exactly its sequence.
     */
    private static void reference(
        final int type, final long seed, final long offset, final float[] uniform, final double[] uniformDouble)
    {
        try (DeviceMemory memory = new DeviceMemory(1 << 20, 0x7000_0000_0000L))
        {
            final Object owner = new Object();
            final long address = memory.allocate(8L * uniform.length, owner).deviceAddress();
            final CurandGenerator generator = CurandGenerator.create(type, memory, owner);
            generator.setPseudoRandomGeneratorSeed(seed);
            generator.setGeneratorOffset(offset);
            assertEquals(0, generator.generateUniform(address, uniform.length));
            final byte[] bytes = new byte[8 * uniform.length];
            memory.read(address, bytes, 0, 4 * uniform.length, owner);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(uniform);
            assertEquals(0, generator.generateUniformDouble(address, uniformDouble.length));
            memory.read(address, bytes, 0, bytes.length, owner);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(uniformDouble);
        }
    }

    /**
     * Mean and variance within 5 standard errors of the distribution's.
     */
    private static void assertMoments(final double[] values, final double mean, final double variance)
    {
        double sum = 0;
        for (final double value : values)
        {
            sum += value;
        }
        final double sampleMean = sum / values.length;
        double squares = 0;
        for (final double value : values)
        {
            squares += (value - sampleMean) * (value - sampleMean);
        }
        final double sampleVariance = squares / (values.length - 1);
        assertEquals(mean, sampleMean, 5 * Math.sqrt(variance / values.length), "mean");
        assertEquals(variance, sampleVariance, 5 * variance * Math.sqrt(2.0 / (values.length - 1)) + 1e-12,
            "variance");
    }

    private static ByteBuffer read(final TestClient client, final long address, final long count)
    {
        return ByteBuffer.wrap(ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, count)).payload())
            .order(ByteOrder.LITTLE_ENDIAN);
    }

}
