package io.gpurelay.agent.jcuda.nvrtc;

import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcAddNameExpressionNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcCompileProgramNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcCreateProgramNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcDestroyProgramNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetCUBINNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetErrorStringNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetLTOIRNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetLoweredNameNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetOptiXIRNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetPTXNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetProgramLogNative;
import static io.gpurelay.agent.jcuda.nvrtc.JNvrtcRemote.nvrtcGetSupportedArchsNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import jcuda.nvrtc.nvrtcProgram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The NVRTC functions as JNvrtc's rewritten native methods call them, against an executor over IPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JNvrtcRemoteTest extends InMemoryExecutorTest
{
    private static final String SOURCE = "extern \"C\" __global__ void k() {}";

    @AfterEach
    void stopFailing()
    {
        executor.stopFailing();
    }

    @Test
    void programStringsTravelAndComeBackAsJCudaGivesThem()
    {
        final nvrtcProgram program = new nvrtcProgram();
        assertEquals(0, nvrtcCreateProgramNative(program, SOURCE, "k.cu", 1, new String[]{ "#define N 4" },
            new String[]{ "n.h" }));
        final CallRecord create = last(Function.NVRTC_CREATE_PROGRAM);
        assertArrayEquals(new long[]{ 1, 1 }, create.args());
        assertArrayEquals(NulTerminatedStrings.encode(SOURCE, "k.cu", "#define N 4", "n.h"), create.payload());
        final long handle = JCudaPointers.nativePointer(program);
        assertTrue(handle != 0);

        assertEquals(0, nvrtcAddNameExpressionNative(program, "&k"));
        assertEquals(0, nvrtcCompileProgramNative(program, 2, new String[]{ "-arch=compute_75", "-DX=1", "ignored" }));
        assertArrayEquals(new long[]{ handle, 2 }, last(Function.NVRTC_COMPILE_PROGRAM).args());
        assertArrayEquals(NulTerminatedStrings.encode("-arch=compute_75", "-DX=1"),
            last(Function.NVRTC_COMPILE_PROGRAM).payload(), "only numOptions options are sent");

        final long[] size = new long[1];
        assertEquals(0, nvrtcGetPTXSizeNative(program, size));
        final String[] ptx = new String[1];
        assertEquals(0, nvrtcGetPTXNative(program, ptx));
        assertEquals("// PTX of\n" + SOURCE, ptx[0]);
        assertEquals(ptx[0].getBytes(StandardCharsets.UTF_8).length + 1, size[0]);

        final String[] log = new String[1];
        assertEquals(0, nvrtcGetProgramLogSizeNative(program, size));
        assertEquals(0, nvrtcGetProgramLogNative(program, log));
        assertTrue(log[0].contains("options:-arch=compute_75 -DX=1"), log[0]);
        assertEquals(log[0].length() + 1, size[0]);

        final String[] lowered = new String[1];
        assertEquals(0, nvrtcGetLoweredNameNative(program, "&k", lowered));
        assertEquals("_lowered_&k", lowered[0]);

        assertEquals(0, nvrtcDestroyProgramNative(program));
        assertEquals(0, JCudaPointers.nativePointer(program));
    }

    @Test
    void badInputIsRefusedWithoutARoundTrip()
    {
        final int calls = executor.calls().size();
        final nvrtcProgram program = new nvrtcProgram();
        assertEquals(NvrtcStatus.INVALID_INPUT, nvrtcCreateProgramNative(program, null, null, 0, null, null));
        assertEquals(NvrtcStatus.INVALID_INPUT, nvrtcCreateProgramNative(program, SOURCE, null, 2,
            new String[]{ "a" }, new String[]{ "a.h" }));
        assertEquals(NvrtcStatus.INVALID_INPUT, nvrtcCompileProgramNative(program, 1, null));
        assertEquals(calls, executor.calls().size());
        assertThrows(NullPointerException.class, () -> nvrtcGetPTXNative(program, null));
        assertThrows(NullPointerException.class, () -> nvrtcCreateProgramNative(null, SOURCE, null, 0, null, null));
    }

    @Test
    void versionStatusesAndErrorStrings()
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        assertEquals(0, nvrtcVersionNative(major, minor));
        assertEquals(13, major[0]);
        assertEquals(0, minor[0]);
        assertEquals("NVRTC_ERROR_COMPILATION", nvrtcGetErrorStringNative(NvrtcStatus.COMPILATION));

        final nvrtcProgram program = new nvrtcProgram();
        assertEquals(0, nvrtcCreateProgramNative(program, SOURCE, null, 0, null, null));
        assertArrayEquals(new long[]{ 0, 0 }, last(Function.NVRTC_CREATE_PROGRAM).args());
        executor.fail(Function.NVRTC_COMPILE_PROGRAM, NvrtcStatus.COMPILATION, "k.cu(1): error");
        assertEquals(NvrtcStatus.COMPILATION, nvrtcCompileProgramNative(program, 0, null));
    }

    @Test
    void binaryOutputsAndArchitecturesComeBackIntoTheCallersArrays()
    {
        final nvrtcProgram program = new nvrtcProgram();
        assertEquals(0, nvrtcCreateProgramNative(program, SOURCE, null, 0, null, null));
        final long handle = JCudaPointers.nativePointer(program);
        final byte[] cubinBytes = ("output 0 of\0" + SOURCE).getBytes(StandardCharsets.UTF_8);

        final long[] size = new long[1];
        assertEquals(0, nvrtcGetCUBINSizeNative(program, size));
        assertArrayEquals(new long[]{ handle, NvrtcOutput.CUBIN.code() }, last(Function.NVRTC_GET_OUTPUT_SIZE).args());
        assertEquals(cubinBytes.length, size[0]);
        final byte[] cubin = new byte[(int)size[0] + 3];
        cubin[cubin.length - 1] = 42;
        assertEquals(0, nvrtcGetCUBINNative(program, cubin));
        assertArrayEquals(cubinBytes, Arrays.copyOf(cubin, cubinBytes.length), "binary, NULs included");
        assertEquals(42, cubin[cubin.length - 1], "nothing past the output is written");

        assertEquals(0, nvrtcGetLTOIRSizeNative(program, size));
        assertArrayEquals(new long[]{ handle, NvrtcOutput.LTOIR.code() }, last(Function.NVRTC_GET_OUTPUT_SIZE).args());
        final byte[] ltoir = new byte[(int)size[0]];
        assertEquals(0, nvrtcGetLTOIRNative(program, ltoir));
        assertEquals("output 1 of", new String(ltoir, 0, 11, StandardCharsets.UTF_8));
        assertEquals(0, nvrtcGetOptiXIRSizeNative(program, size));
        final byte[] optix = new byte[(int)size[0]];
        assertEquals(0, nvrtcGetOptiXIRNative(program, optix));
        assertArrayEquals(new long[]{ handle, NvrtcOutput.OPTIX_IR.code() }, last(Function.NVRTC_GET_OUTPUT).args());

        assertEquals(NvrtcStatus.INVALID_INPUT, nvrtcGetCUBINNative(program, new byte[cubinBytes.length - 1]),
            "an array too short is refused, not overrun");
        assertThrows(NullPointerException.class, () -> nvrtcGetCUBINNative(program, null));

        final int[] count = new int[1];
        assertEquals(0, nvrtcGetNumSupportedArchsNative(count));
        assertEquals(InMemoryExecutor.SUPPORTED_ARCHS.length, count[0]);
        final int[] archs = new int[count[0]];
        assertEquals(0, nvrtcGetSupportedArchsNative(archs));
        assertArrayEquals(InMemoryExecutor.SUPPORTED_ARCHS, archs);
        assertEquals(NvrtcStatus.INVALID_INPUT, nvrtcGetSupportedArchsNative(new int[count[0] - 1]));
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static int nvrtcGetCUBINSizeNative(final nvrtcProgram prog, final long[] cubinSizeRet)
    {
        return described("nvrtcGetCUBINSizeNative", prog, cubinSizeRet);
    }

    private static int nvrtcGetLTOIRSizeNative(final nvrtcProgram prog, final long[] LTOIRSizeRet)
    {
        return described("nvrtcGetLTOIRSizeNative", prog, LTOIRSizeRet);
    }

    private static int nvrtcGetNumSupportedArchsNative(final int[] numArchs)
    {
        return described("nvrtcGetNumSupportedArchsNative", numArchs);
    }

    private static int nvrtcGetOptiXIRSizeNative(final nvrtcProgram prog, final long[] optixirSizeRet)
    {
        return described("nvrtcGetOptiXIRSizeNative", prog, optixirSizeRet);
    }

    private static int nvrtcGetPTXSizeNative(final nvrtcProgram prog, final long[] ptxSizeRet)
    {
        return described("nvrtcGetPTXSizeNative", prog, ptxSizeRet);
    }

    private static int nvrtcGetProgramLogSizeNative(final nvrtcProgram prog, final long[] logSizeRet)
    {
        return described("nvrtcGetProgramLogSizeNative", prog, logSizeRet);
    }

    private static int nvrtcVersionNative(final int[] major, final int[] minor)
    {
        return described("nvrtcVersionNative", major, minor);
    }

    /** A described function's native as the agent binds it ({@link JCudaLibraryCalls}). */
    private static int described(final String nativeName, final Object... arguments)
    {
        return JCudaLibraryCalls.call(JCudaLibraryCalls.indexOf(nativeName), arguments);
    }
}
