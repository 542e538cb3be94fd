package io.gpurelay.agent.jcuda.nvptxcompiler;

import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerCompileNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerCreateNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerDestroyNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetCompiledProgramNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetCompiledProgramSizeNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetErrorLogNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetErrorLogSizeNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetInfoLogNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetInfoLogSizeNative;
import static io.gpurelay.agent.jcuda.nvptxcompiler.JNvPTXCompilerRemote.nvPTXCompilerGetVersionNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.InMemoryExecutor.CallRecord;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.instrumentation.NativeMethodTable;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import jcuda.nvptxcompiler.nvPTXCompilerHandle;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The nvPTXCompiler functions as JNvPTXCompiler's rewritten native methods call them, against an executor over IPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JNvPTXCompilerRemoteTest extends InMemoryExecutorTest
{
    private static final String PTX = ".version 8.0\n.target sm_90\n.address_size 64\n";

    @AfterEach
    void stopFailing()
    {
        executor.stopFailing();
    }

    @Test
    void everyNativeOfJNvPTXCompilerIsRemotedAndItsLibraryIsNotLoaded()
    {
        final JNvPTXCompilerInstrumentation module = new JNvPTXCompilerInstrumentation();
        final NativeMethodTable table = NativeMethodTable.of(module,
            TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader())
                .describe("jcuda.nvptxcompiler.JNvPTXCompiler").resolve());
        assertEquals(11, table.nativeMethodCount());
        assertEquals(11, table.remoted().size());
        assertTrue(table.notSupported().isEmpty(), () -> "not remoted: " + table.notSupported());
        assertTrue(table.unmatched().isEmpty(), () -> "implementations matching no native: " + table.unmatched());
        assertEquals("JNvPTXCompiler-", module.nativeLibraryPrefix());
    }

    @Test
    void ptxOptionsProgramAndLogsTravelAsJCudaGivesThem()
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        assertEquals(0, nvPTXCompilerGetVersionNative(major, minor));
        assertEquals(13, major[0]);
        assertEquals(0, minor[0]);

        final nvPTXCompilerHandle compiler = new nvPTXCompilerHandle();
        final byte[] ptx = (PTX + "\0trailing bytes after the NUL").getBytes(StandardCharsets.US_ASCII);
        assertEquals(0, nvPTXCompilerCreateNative(compiler, ptx.length, ptx));
        assertArrayEquals(NulTerminatedStrings.encode(PTX), last(Function.NVPTX_COMPILER_CREATE).payload(),
            "the PTX up to its NUL, NUL-terminated");
        final long handle = JCudaPointers.nativePointer(compiler);
        assertTrue(handle != 0);

        assertEquals(0, nvPTXCompilerCompileNative(compiler, 2, new String[]{ "--gpu-name=sm_90", "-O3", "ignored" }));
        assertArrayEquals(new long[]{ handle, 2 }, last(Function.NVPTX_COMPILER_COMPILE).args());
        assertArrayEquals(NulTerminatedStrings.encode("--gpu-name=sm_90", "-O3"),
            last(Function.NVPTX_COMPILER_COMPILE).payload(), "only numCompileOptions options are sent");

        final long[] size = new long[1];
        assertEquals(0, nvPTXCompilerGetCompiledProgramSizeNative(compiler, size));
        final byte[] expected = ("\u007fELF\0cubin of " + PTX).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected.length, size[0]);
        final byte[] program = new byte[(int)size[0] + 2];
        program[program.length - 1] = 42;
        assertEquals(0, nvPTXCompilerGetCompiledProgramNative(compiler, program));
        assertArrayEquals(expected, Arrays.copyOf(program, expected.length), "binary, NULs included");
        assertEquals(42, program[program.length - 1], "nothing past the program is written");
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT,
            nvPTXCompilerGetCompiledProgramNative(compiler, new byte[expected.length - 1]),
            "an array too short is refused, not overrun");

        assertEquals(0, nvPTXCompilerGetInfoLogSizeNative(compiler, size));
        final byte[] info = new byte[(int)size[0] + 1];
        Arrays.fill(info, (byte)'x');
        assertEquals(0, nvPTXCompilerGetInfoLogNative(compiler, info));
        assertEquals("info with --gpu-name=sm_90 -O3", new String(info, 0, (int)size[0], StandardCharsets.UTF_8));
        assertEquals(0, info[(int)size[0]], "a log is NUL-terminated where the array has room");
        assertEquals(0, nvPTXCompilerGetErrorLogSizeNative(compiler, size));
        final byte[] errors = new byte[(int)size[0]];
        assertEquals(0, nvPTXCompilerGetErrorLogNative(compiler, errors), "no room for the NUL is no error");
        assertEquals("errors with --gpu-name=sm_90 -O3", new String(errors, StandardCharsets.UTF_8));

        assertEquals(0, nvPTXCompilerDestroyNative(compiler));
        assertEquals(0, JCudaPointers.nativePointer(compiler));
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE, nvPTXCompilerGetInfoLogSizeNative(compiler, size));
    }

    @Test
    void badInputIsRefusedWithoutARoundTripAndNullsThrowAsInJCuda()
    {
        final nvPTXCompilerHandle compiler = new nvPTXCompilerHandle();
        final byte[] ptx = PTX.getBytes(StandardCharsets.US_ASCII);
        final int calls = executor.calls().size();
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT, nvPTXCompilerCreateNative(compiler, ptx.length + 1L, ptx));
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT, nvPTXCompilerCreateNative(compiler, -1, ptx));
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT, nvPTXCompilerCompileNative(compiler, 2, new String[]{ "-O3" }));
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT, nvPTXCompilerCompileNative(compiler, 1, new String[1]));
        assertEquals(calls, executor.calls().size());
        assertThrows(NullPointerException.class, () -> nvPTXCompilerCreateNative(null, 0, ptx));
        assertThrows(NullPointerException.class, () -> nvPTXCompilerCreateNative(compiler, 0, null));
        assertThrows(NullPointerException.class, () -> nvPTXCompilerCompileNative(compiler, 0, null));
        assertThrows(NullPointerException.class, () -> nvPTXCompilerGetErrorLogNative(compiler, null));
        assertThrows(NullPointerException.class, () -> nvPTXCompilerGetVersionNative(new int[1], null));
    }

    @Test
    void theExecutorsStatusComesBack()
    {
        final nvPTXCompilerHandle compiler = new nvPTXCompilerHandle();
        final byte[] ptx = PTX.getBytes(StandardCharsets.US_ASCII);
        assertEquals(0, nvPTXCompilerCreateNative(compiler, ptx.length, ptx));
        executor.fail(Function.NVPTX_COMPILER_COMPILE, NvPtxCompilerStatus.COMPILATION_FAILURE,
            "ptxas application ptx input, line 1; error");
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE,
            nvPTXCompilerCompileNative(compiler, 1, new String[]{ "--gpu-name=sm_90" }));
        executor.stopFailing();
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE,
            nvPTXCompilerDestroyNative(new nvPTXCompilerHandle()), "a handle never made");
        assertEquals(0, nvPTXCompilerDestroyNative(compiler));
    }

    private static CallRecord last(final Function function)
    {
        final List<CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }
}
