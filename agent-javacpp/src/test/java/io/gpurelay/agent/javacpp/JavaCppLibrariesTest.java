package io.gpurelay.agent.javacpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.reflect.Field;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.SobolTable;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cuFFT, cuRAND and NVRTC functions JavaCPP's presets relay as JCuda's do, called as the rewritten natives call
 * them (the function's code on the arguments as the overload received them) against an executor over IPC: what
 * travels, and what is written back where JavaCPP's native code would write it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JavaCppLibrariesTest extends InMemoryExecutorTest
{
    private static final long BY_PTR_PTR_0 = 1;
    private static final long BY_PTR_PTR_1 = 2;

    private final CufftModule cufft = new CufftModule();
    private final CurandModule curand = new CurandModule();
    private final NvrtcModule nvrtc = new NvrtcModule();

    @Test
    void theManyFunctionsReadRankSizesFromArraysBuffersAndPointers()
    {
        final int[] plan = { -1 };
        assertEquals(0, call(cufft, "cufftPlanMany", 0, plan, 2, IntBuffer.wrap(new int[]{ 6, 10, 99 }),
            new int[]{ 6, 12 }, 2, 150, new IntPointer(new int[]{ 6, 6 }), 1, 36, CufftGeometry.R2C, 3));
        assertNotEquals(-1, plan[0]);
        assertEquals(new CufftGeometry(CufftGeometry.R2C, 3, new long[]{ 6, 10 }, new long[]{ 6, 12 }, 2, 150,
            new long[]{ 6, 6 }, 1, 36), CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1));

        final SizeTPointer workSize = new SizeTPointer(1);
        assertEquals(0, call(cufft, "cufftMakePlanMany64", 0, plan[0], 3, new LongPointer(new long[]{ 2, 3, 4 }),
            null, 1L, 0L, null, 1L, 0L, CufftGeometry.D2Z, 5L, workSize));
        assertEquals(4096, workSize.get());
        assertEquals(CufftGeometry.basic(CufftGeometry.D2Z, 5, 2, 3, 4),
            CufftGeometry.decode(last(Function.CUFFT_MAKE_PLAN).args(), 1), "null embeds: the basic layout");
        assertEquals(0, call(cufft, "cufftGetSizeMany", 0, plan[0], 1, new int[]{ 9 }, null, 1, 0, null, 1, 0,
            CufftGeometry.Z2Z, 2, workSize));
        assertEquals(CufftGeometry.basic(CufftGeometry.Z2Z, 2, 9),
            CufftGeometry.decode(last(Function.CUFFT_GET_SIZE_MANY).args(), 1));
        final long[] estimate = { -1 };
        assertEquals(0, call(cufft, "cufftEstimateMany", 0, 1, new int[]{ 100 }, null, 1, 0, null, 1, 0,
            CufftGeometry.C2R, 7, estimate));
        assertEquals(2048, estimate[0]);
        assertEquals(CufftGeometry.basic(CufftGeometry.C2R, 7, 100),
            CufftGeometry.decode(last(Function.CUFFT_ESTIMATE).args(), 0));

        final int[] version = { -1 };
        assertEquals(0, call(cufft, "cufftGetProperty", 0, 0, version));
        assertEquals(12, version[0], "cuFFT 12000's major version");
        assertEquals(CufftStatus.INVALID_TYPE, call(cufft, "cufftGetProperty", 0, 7, version));
        assertEquals(0, call(cufft, "cufftDestroy", 0, plan[0]));
    }

    @Test
    void sizesThatCannotBeReadAreRefusedBeforeAnythingTravels()
    {
        final int[] plan = { -1 };
        final int made = executor.calls(Function.CUFFT_MAKE_PLAN).size();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CufftStatus.INVALID_VALUE, call(cufft, "cufftPlanMany", 0, plan, 4, new int[]{ 2, 2, 2, 2 },
                null, 1, 0, null, 1, 0, CufftGeometry.C2C, 1));
            assertEquals(1, log.count("cufft.cufftPlanMany: rank 4"), log.lines().toString());
            assertEquals(CufftStatus.INVALID_VALUE, call(cufft, "cufftPlanMany", 0, plan, 1, null, null, 1, 0, null,
                1, 0, CufftGeometry.C2C, 1));
            assertEquals(1, log.count("cufft.cufftPlanMany: rank 1 without sizes"), log.lines().toString());
            assertEquals(CufftStatus.INVALID_VALUE, call(cufft, "cufftPlanMany", 0, plan, 2,
                new IntPointer(new int[]{ 8 }), null, 1, 0, null, 1, 0, CufftGeometry.C2C, 1));
            assertEquals(1, log.count("cufft.cufftPlanMany: 8 bytes do not fit argument 2 (IntPointer)"),
                log.lines().toString());
        }
        assertEquals(-1, plan[0]);
        assertEquals(made, executor.calls(Function.CUFFT_MAKE_PLAN).size(), "nothing was made");
    }

    @Test
    void curandPropertyAndPoissonDistributionTravelAsJCurandsDo()
    {
        final IntPointer value = new IntPointer(1);
        assertEquals(0, call(curand, "curandGetProperty", 0, 1, value));
        assertEquals(4, value.get(), "cuRAND 10400's minor version");
        assertEquals(CurandStatus.OUT_OF_RANGE, call(curand, "curandGetProperty", 0, 3, value));

        final Pointer distribution = new Pointer();
        assertEquals(0, call(curand, "curandCreatePoissonDistribution", BY_PTR_PTR_1, 4.0, distribution));
        assertEquals(4.0, Double.longBitsToDouble(last(Function.CURAND_CREATE_POISSON_DISTRIBUTION).args()[0]));
        assertNotEquals(0, distribution.address(), "the object holds the distribution's device address");
        assertEquals(0, call(curand, "curandDestroyDistribution", 0, distribution));
        assertArrayEquals(new long[]{ distribution.address() }, last(Function.CURAND_DESTROY_DISTRIBUTION).args());
    }

    @Test
    void aSobolTableIsKeptInHostMemoryAndItsAddressHandedOut()
    {
        final PointerPointer<IntPointer> vectors = new PointerPointer<>(1L);
        assertEquals(0, call(curand, "curandGetDirectionVectors32", 0, vectors, 101));
        final IntPointer table = vectors.get(IntPointer.class, 0);
        assertEquals(101, table.get(0), "word 0 of the executor's set 101");
        assertEquals(101 + 32 * SobolTable.DIMENSIONS - 1, table.get(32L * SobolTable.DIMENSIONS - 1));
        final IntPointer byPtrPtr = new IntPointer();
        assertEquals(0, call(curand, "curandGetDirectionVectors32", BY_PTR_PTR_0, byPtrPtr, 101));
        assertEquals(table.address(), byPtrPtr.address(), "one table, as cuRAND's");

        final PointerPointer<LongPointer> constants = new PointerPointer<>(1L);
        assertEquals(0, call(curand, "curandGetScrambleConstants64", 0, constants));
        assertEquals(SobolTable.DIMENSIONS - 1, constants.get(LongPointer.class, 0).get(SobolTable.DIMENSIONS - 1));

        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CurandStatus.OUT_OF_RANGE, call(curand, "curandGetDirectionVectors32", BY_PTR_PTR_0,
                new int[1], 101));
            assertEquals(1, log.count("curand.curandGetDirectionVectors32: argument 0 (int[]) cannot receive the " +
                "table's address"), log.lines().toString());
        }
    }

    @Test
    void nvrtcArchitecturesAndOutputsAreWrittenWhereThePointerPoints()
    {
        final IntPointer archs = new IntPointer(InMemoryExecutor.SUPPORTED_ARCHS.length);
        assertEquals(0, call(nvrtc, "nvrtcGetSupportedArchs", 0, archs));
        final int[] written = new int[InMemoryExecutor.SUPPORTED_ARCHS.length];
        archs.get(written);
        assertArrayEquals(InMemoryExecutor.SUPPORTED_ARCHS, written);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(NvrtcStatus.INVALID_INPUT, call(nvrtc, "nvrtcGetSupportedArchs", 0, new int[1]));
            assertEquals(1, log.count("nvrtc.nvrtcGetSupportedArchs: argument 0 (int[]): "),
                log.lines().toString());
        }

        final PointerPointer<Pointer> created = new PointerPointer<>(1L);
        assertEquals(0, call(nvrtc, "nvrtcCreateProgram", 0, created, "__global__ void k() {}", "k.cu", 0, null,
            null));
        final Pointer program = created.get(0);
        final SizeTPointer size = new SizeTPointer(1);
        assertEquals(0, call(nvrtc, "nvrtcGetCUBINSize", 0, program, size));
        assertArrayEquals(new long[]{ program.address(), NvrtcOutput.CUBIN.code() },
            last(Function.NVRTC_GET_OUTPUT_SIZE).args());
        final BytePointer cubin = new BytePointer(size.get());
        assertEquals(0, call(nvrtc, "nvrtcGetCUBIN", 0, program, cubin));
        assertEquals("output " + NvrtcOutput.CUBIN.code() + " of", JavaCppPointers.cString(cubin.address()));
        final byte[] ltoir = new byte[(int)size.get()];
        assertEquals(0, call(nvrtc, "nvrtcGetLTOIR", 0, program, ltoir));
        assertEquals('o', ltoir[0]);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(NvrtcStatus.INVALID_INPUT, call(nvrtc, "nvrtcGetOptiXIR", 0, program, new byte[4]));
            assertEquals(1, log.count("nvrtc.nvrtcGetOptiXIR: argument 1 (byte[]): "), log.lines().toString());
        }
        assertEquals(0, call(nvrtc, "nvrtcDestroyProgram", 0, created));
    }

    /**
     * Run a module's function as a rewritten native of that name would, with the given {@code @ByPtrPtr} bits.
     */
    private static int call(final JavaCppModule module, final String name, final long byPtrPtr,
        final Object... arguments)
    {
        final JavaCppFunction function = functions(module).get(name);
        final String[] types = new String[arguments.length];
        for (int i = 0; i < arguments.length; i++)
        {
            types[i] = arguments[i] == null ? Pointer.class.getName() : arguments[i].getClass().getName();
        }
        final String binding = module.targetClassName().substring(module.targetClassName().lastIndexOf('.') + 1);
        final int index = JavaCppCalls.register(new JavaCppMethod(binding, name, byPtrPtr, "int", types,
            invalidStatus(module), "the invalid status", function));
        return (Integer)JavaCppCalls.call(index, arguments);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, JavaCppFunction> functions(final JavaCppModule module)
    {
        try
        {
            final Field field = JavaCppModule.class.getDeclaredField("functions");
            field.setAccessible(true);
            return (Map<String, JavaCppFunction>)field.get(module);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static int invalidStatus(final JavaCppModule module)
    {
        return module instanceof CufftModule ? CufftStatus.INVALID_VALUE : module instanceof CurandModule ?
            CurandStatus.OUT_OF_RANGE : NvrtcStatus.INVALID_INPUT;
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }
}
