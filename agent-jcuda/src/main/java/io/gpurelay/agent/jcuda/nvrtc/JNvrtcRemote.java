package io.gpurelay.agent.jcuda.nvrtc;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.nvrtc.NvrtcCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import jcuda.nvrtc.nvrtcProgram;
import jcuda.nvrtc.nvrtcResult;

/**
 * The NVRTC functions gpurelay implements by hand: those whose arguments are more than words (sources, headers,
 * options and name expressions travel as strings; the PTX, the log, lowered names and binary outputs come back as
 * bytes), the destroying of a program (whose object then holds null) and the architectures (two calls). Each public
 * static method replaces the native method of {@code jcuda.nvrtc.JNvrtc} with the same name and descriptor (see
 * {@link JNvrtcInstrumentation}); the other remoted natives are rows of
 * {@link io.gpurelay.protocol.describe.LibraryFunctions}, remoted by {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}.
 * <p>
 * Programs are compiled on the executor: by the GPU host's own NVRTC, or, on an executor without a GPU, by the CUDA
 * toolkit's {@code nvcc} when it has one (otherwise compiling fails with {@code NVRTC_ERROR_COMPILATION} and a log
 * that says why). The PTX comes back as a {@code String}, as JCuda gives it, and loads with {@code cuModuleLoadData}
 * on the same executor. The calls travel through {@link NvrtcCalls}, which JavaCPP's {@code nvrtc} shares. Without an
 * executor every call returns {@code NVRTC_ERROR_INTERNAL_ERROR}. Like JCuda's
 * native code, a null program or output array throws {@link NullPointerException}.
 */
public final class JNvrtcRemote
{
    static
    {
        CallFailures.nameStatuses(Api.NVRTC, nvrtcResult::stringFor);
    }

    private JNvrtcRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    /**
     * NVRTC's own names for its results, which JCuda's {@code nvrtcResult.stringFor} spells the same.
     */
    public static String nvrtcGetErrorStringNative(final int result)
    {
        return nvrtcResult.stringFor(result);
    }

    public static int nvrtcCreateProgramNative(
        final nvrtcProgram prog, final String src, final String name, final int numHeaders, final String[] headers,
        final String[] includeNames)
    {
        if (src == null)
        {
            return invalidInput("nvrtcCreateProgram", "the source is null");
        }
        if (numHeaders < 0 || numHeaders > 0 && (headers == null || includeNames == null ||
            headers.length < numHeaders || includeNames.length < numHeaders))
        {
            return invalidInput("nvrtcCreateProgram", numHeaders + " headers, but " +
                (headers == null ? "no" : headers.length) + " header sources and " +
                (includeNames == null ? "no" : includeNames.length) + " include names");
        }
        for (int i = 0; i < numHeaders; i++)
        {
            if (headers[i] == null || includeNames[i] == null)
            {
                return invalidInput("nvrtcCreateProgram", "header " + i + " or its include name is null");
            }
        }
        final long[] program = new long[1];
        final int status = NvrtcCalls.createProgram(src, name, Arrays.copyOf(headers == null ? new String[0] : headers,
            numHeaders), Arrays.copyOf(includeNames == null ? new String[0] : includeNames, numHeaders), program);
        if (status == NvrtcStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(prog, program[0]);
        }
        return status;
    }

    public static int nvrtcDestroyProgramNative(final nvrtcProgram prog)
    {
        final int status = NvrtcCalls.destroyProgram(handle(prog));
        if (status == NvrtcStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(prog, 0);
        }
        return status;
    }

    public static int nvrtcCompileProgramNative(final nvrtcProgram prog, final int numOptions, final String[] options)
    {
        if (numOptions < 0 || numOptions > 0 && (options == null || options.length < numOptions))
        {
            return invalidInput("nvrtcCompileProgram", numOptions + " options, but " +
                (options == null ? "none" : options.length) + " given");
        }
        final String[] sent = new String[numOptions];
        for (int i = 0; i < numOptions; i++)
        {
            if (options[i] == null)
            {
                return invalidInput("nvrtcCompileProgram", "option " + i + " is null");
            }
            sent[i] = options[i];
        }
        return NvrtcCalls.compile(handle(prog), sent);
    }

    public static int nvrtcGetPTXNative(final nvrtcProgram prog, final String[] ptx)
    {
        return text(Function.NVRTC_GET_PTX, "nvrtcGetPTX", prog, ptx, "ptx");
    }

    public static int nvrtcGetProgramLogNative(final nvrtcProgram prog, final String[] log)
    {
        return text(Function.NVRTC_GET_PROGRAM_LOG, "nvrtcGetProgramLog", prog, log, "log");
    }

    public static int nvrtcAddNameExpressionNative(final nvrtcProgram prog, final String nameExpression)
    {
        if (nameExpression == null)
        {
            return invalidInput("nvrtcAddNameExpression", "the name expression is null");
        }
        return NvrtcCalls.addNameExpression(handle(prog), nameExpression);
    }

    public static int nvrtcGetLoweredNameNative(
        final nvrtcProgram prog, final String nameExpression, final String[] loweredName)
    {
        if (nameExpression == null)
        {
            return invalidInput("nvrtcGetLoweredName", "the name expression is null");
        }
        return NvrtcCalls.loweredName(handle(prog), nameExpression, loweredName.length > 0 ? loweredName :
            new String[1]);
    }

    /**
     * The executor's architectures into the array, which must hold as many as {@code nvrtcGetNumSupportedArchs}
     * gives (NVRTC writes that many).
     */
    public static int nvrtcGetSupportedArchsNative(final int[] supportedArchs)
    {
        final int[] count = new int[1];
        int status = NvrtcCalls.numSupportedArchs(count);
        if (status != NvrtcStatus.SUCCESS)
        {
            return status;
        }
        if (supportedArchs.length < count[0])
        {
            return invalidInput("nvrtcGetSupportedArchs", "the array holds " + supportedArchs.length +
                " architectures, the executor's NVRTC has " + count[0]);
        }
        final int[][] archs = new int[1][];
        status = NvrtcCalls.supportedArchs(count[0], archs);
        if (status == NvrtcStatus.SUCCESS)
        {
            System.arraycopy(archs[0], 0, supportedArchs, 0, archs[0].length);
        }
        return status;
    }

    public static int nvrtcGetCUBINNative(final nvrtcProgram prog, final byte[] cubin)
    {
        return output(NvrtcOutput.CUBIN, prog, cubin, "cubin");
    }

    public static int nvrtcGetLTOIRNative(final nvrtcProgram prog, final byte[] LTOIR)
    {
        return output(NvrtcOutput.LTOIR, prog, LTOIR, "LTOIR");
    }

    public static int nvrtcGetOptiXIRNative(final nvrtcProgram prog, final byte[] optixir)
    {
        return output(NvrtcOutput.OPTIX_IR, prog, optixir, "optixir");
    }

    /**
     * The bytes into the start of the array, which must hold them all: NVRTC writes as many as its size function
     * gives, and an array too short for them is refused rather than cut short.
     */
    private static int output(final NvrtcOutput output, final nvrtcProgram prog, final byte[] bytes, final String name)
    {
        requireNonNull(prog, "prog", output.functionName());
        requireNonNull(bytes, name, output.functionName());
        final byte[][] received = new byte[1][];
        final int status = NvrtcCalls.output(output, handle(prog), received);
        if (status != NvrtcStatus.SUCCESS)
        {
            return status;
        }
        final byte[] data = received[0];
        if (data.length > bytes.length)
        {
            return invalidInput(output.functionName(), "the array holds " + bytes.length + " bytes, the output has " +
                data.length);
        }
        System.arraycopy(data, 0, bytes, 0, data.length);
        return status;
    }

    /**
     * The PTX or the log into element 0 of the array, as JCuda's native code puts it there.
     */
    private static int text(
        final Function function, final String functionName, final nvrtcProgram prog, final String[] text,
        final String textName)
    {
        requireNonNull(prog, "prog", functionName);
        requireNonNull(text, textName, functionName);
        final byte[][] bytes = new byte[1][];
        final int status = NvrtcCalls.text(function, handle(prog), bytes);
        if (status == NvrtcStatus.SUCCESS && text.length > 0)
        {
            text[0] = new String(bytes[0], StandardCharsets.UTF_8);
        }
        return status;
    }

    private static long handle(final nvrtcProgram prog)
    {
        return JCudaPointers.nativePointer(prog);
    }

    private static int invalidInput(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning NVRTC_ERROR_INVALID_INPUT");
        return NvrtcStatus.INVALID_INPUT;
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
