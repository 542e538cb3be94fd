package io.gpurelay.agent.jcuda.nvptxcompiler;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.HandleQueries;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.nvptxcompiler.nvPTXCompilerHandle;

/**
 * The nvPTXCompiler functions. Each public static method replaces the native method of
 * {@code jcuda.nvptxcompiler.JNvPTXCompiler} with the same name and descriptor (see
 * {@link JNvPTXCompilerInstrumentation}).
 * <p>
 * The PTX is compiled on the executor: on a GPU executor by the CUDA driver's JIT compiler, on an executor without a
 * GPU by the CUDA toolkit's {@code ptxas} when it has one (otherwise compiling fails with
 * {@code NVPTXCOMPILE_ERROR_COMPILATION_FAILURE} and an error log that says why). The cubin comes back into the
 * caller's array and loads with {@code cuModuleLoadData} on a GPU executor. Without an executor every call returns
 * {@code NVPTXCOMPILE_ERROR_INTERNAL}. Like JCuda's native code, a null handle, array or option list throws
 * {@link NullPointerException}.
 */
public final class JNvPTXCompilerRemote
{
    private static final long NO_CONTEXT = 0;
    private static final long[] NO_ARGS = new long[0];

    static
    {
        CallFailures.nameStatuses(Api.NVPTXCOMPILER, NvPtxCompilerStatus::name);
    }

    private JNvPTXCompilerRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    public static int nvPTXCompilerGetVersionNative(final int[] major, final int[] minor)
    {
        final long[] results = new long[2];
        final int status = call(Function.NVPTX_COMPILER_GET_VERSION, NO_ARGS, null, null, results);
        if (status == NvPtxCompilerStatus.SUCCESS)
        {
            if (major.length > 0)
            {
                major[0] = (int)results[0];
            }
            if (minor.length > 0)
            {
                minor[0] = (int)results[1];
            }
        }
        return status;
    }

    /**
     * The first {@code ptxCodeLen} bytes of the array are the PTX; a NUL among them ends it, as it ends a C string.
     */
    public static int nvPTXCompilerCreateNative(
        final nvPTXCompilerHandle compiler, final long ptxCodeLen, final byte[] ptxCode)
    {
        if (ptxCodeLen < 0 || ptxCodeLen > ptxCode.length)
        {
            return invalidInput("nvPTXCompilerCreate", "ptxCodeLen is " + ptxCodeLen + ", the array holds " +
                ptxCode.length + " bytes");
        }
        int length = 0;
        while (length < ptxCodeLen && ptxCode[length] != 0)
        {
            length++;
        }
        final byte[] ptx = new byte[length + 1];
        System.arraycopy(ptxCode, 0, ptx, 0, length);
        final long[] results = new long[1];
        final int status = call(Function.NVPTX_COMPILER_CREATE, NO_ARGS, new ByteArrayPayload(ptx), null, results);
        if (status == NvPtxCompilerStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(compiler, results[0]);
        }
        return status;
    }

    public static int nvPTXCompilerDestroyNative(final nvPTXCompilerHandle compiler)
    {
        final int status = call(Function.NVPTX_COMPILER_DESTROY, new long[]{ handle(compiler) }, null, null, null);
        if (status == NvPtxCompilerStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(compiler, 0);
        }
        return status;
    }

    /**
     * The options go to the executor's compiler as they are; one it does not know fails the compilation with its
     * name in the error log.
     */
    public static int nvPTXCompilerCompileNative(
        final nvPTXCompilerHandle compiler, final int numCompileOptions, final String[] compileOptions)
    {
        if (numCompileOptions < 0 || numCompileOptions > compileOptions.length)
        {
            return invalidInput("nvPTXCompilerCompile", numCompileOptions + " options, but " +
                compileOptions.length + " given");
        }
        final String[] sent = new String[numCompileOptions];
        for (int i = 0; i < numCompileOptions; i++)
        {
            if (compileOptions[i] == null)
            {
                return invalidInput("nvPTXCompilerCompile", "option " + i + " is null");
            }
            sent[i] = compileOptions[i];
        }
        return call(Function.NVPTX_COMPILER_COMPILE, new long[]{ handle(compiler), numCompileOptions },
            new ByteArrayPayload(NulTerminatedStrings.encode(sent)), null, null);
    }

    public static int nvPTXCompilerGetCompiledProgramSizeNative(
        final nvPTXCompilerHandle compiler, final long[] binaryImageSize)
    {
        return size(Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, "nvPTXCompilerGetCompiledProgramSize",
            compiler, binaryImageSize, "binaryImageSize");
    }

    public static int nvPTXCompilerGetCompiledProgramNative(
        final nvPTXCompilerHandle compiler, final byte[] binaryImage)
    {
        return bytes(Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM, "nvPTXCompilerGetCompiledProgram", compiler,
            binaryImage, "binaryImage", false);
    }

    public static int nvPTXCompilerGetErrorLogSizeNative(
        final nvPTXCompilerHandle compiler, final long[] errorLogSize)
    {
        return size(Function.NVPTX_COMPILER_GET_ERROR_LOG_SIZE, "nvPTXCompilerGetErrorLogSize", compiler,
            errorLogSize, "errorLogSize");
    }

    public static int nvPTXCompilerGetErrorLogNative(final nvPTXCompilerHandle compiler, final byte[] errorLog)
    {
        return bytes(Function.NVPTX_COMPILER_GET_ERROR_LOG, "nvPTXCompilerGetErrorLog", compiler, errorLog,
            "errorLog", true);
    }

    public static int nvPTXCompilerGetInfoLogSizeNative(final nvPTXCompilerHandle compiler, final long[] infoLogSize)
    {
        return size(Function.NVPTX_COMPILER_GET_INFO_LOG_SIZE, "nvPTXCompilerGetInfoLogSize", compiler, infoLogSize,
            "infoLogSize");
    }

    public static int nvPTXCompilerGetInfoLogNative(final nvPTXCompilerHandle compiler, final byte[] infoLog)
    {
        return bytes(Function.NVPTX_COMPILER_GET_INFO_LOG, "nvPTXCompilerGetInfoLog", compiler, infoLog, "infoLog",
            true);
    }

    private static int size(
        final Function function, final String functionName, final nvPTXCompilerHandle compiler, final long[] size,
        final String sizeName)
    {
        return HandleQueries.size(functionName, compiler, "compiler", size, sizeName, NvPtxCompilerStatus.SUCCESS,
            results -> call(function, new long[]{ handle(compiler) }, null, null, results));
    }

    /**
     * The bytes into the start of the array, which must hold them all: nvPTXCompiler writes as many as its size
     * function gives, and an array too short for them is refused rather than cut short. A log gets its terminating
     * NUL where the array has room for it (C callers allocate the size plus one, as NVIDIA's samples do).
     */
    private static int bytes(
        final Function function, final String functionName, final nvPTXCompilerHandle compiler, final byte[] array,
        final String arrayName, final boolean text)
    {
        requireNonNull(compiler, "compiler", functionName);
        requireNonNull(array, arrayName, functionName);
        final ByteArrayPayload received = new ByteArrayPayload();
        final int status = call(function, new long[]{ handle(compiler) }, null, received, null);
        if (status != NvPtxCompilerStatus.SUCCESS)
        {
            return status;
        }
        final byte[] data = received.bytes();
        if (data.length > array.length)
        {
            return invalidInput(functionName, "the array holds " + array.length + " bytes, the output has " +
                data.length);
        }
        System.arraycopy(data, 0, array, 0, data.length);
        if (text && data.length < array.length)
        {
            array[data.length] = 0;
        }
        return status;
    }

    /**
     * Compilers need no context; without an executor, nvPTXCompiler's internal error.
     */
    private static int call(
        final Function function, final long[] args, final ByteArrayPayload payload, final ByteArrayPayload sink,
        final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, NO_CONTEXT, args, payload, sink, results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? NvPtxCompilerStatus.INTERNAL : status;
    }

    private static long handle(final nvPTXCompilerHandle compiler)
    {
        return JCudaPointers.nativePointer(compiler);
    }

    private static int invalidInput(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning NVPTXCOMPILE_ERROR_INVALID_INPUT");
        return NvPtxCompilerStatus.INVALID_INPUT;
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
