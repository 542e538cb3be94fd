package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.nvrtc.nvrtcAddNameExpression;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCompileProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCreateProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcDestroyProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetCUBIN;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetCUBINSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetErrorString;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetLTOIR;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetLTOIRSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetLoweredName;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetNumSupportedArchs;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetOptiXIR;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetOptiXIRSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetPTX;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetPTXSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetProgramLog;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetProgramLogSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetSupportedArchs;
import static org.bytedeco.cuda.global.nvrtc.nvrtcVersion;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RtcSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import org.bytedeco.cuda.nvrtc._nvrtcProgram;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * NVRTC on a GPU host through JavaCPP's presets: the host's own NVRTC compiles, so the PTX is what NVRTC gives there
 * and loads into the session's contexts with {@code cuModuleLoadData}. Programs need no context.
 */
final class GpuRtcSession implements RtcSession
{
    private final List<GpuProgram> programs = new ArrayList<>();

    public void version(final CallResult result)
    {
        if (usable(result))
        {
            final int[] major = new int[1];
            final int[] minor = new int[1];
            if (check(nvrtcVersion(major, minor), "nvrtcVersion", result))
            {
                result.value(major[0]).value(minor[0]);
            }
        }
    }

    public Program createProgram(
        final String source, final String name, final String[] headers, final String[] includeNames,
        final CallResult result)
    {
        if (!usable(result))
        {
            return null;
        }
        final _nvrtcProgram handle = new _nvrtcProgram();
        try (BytePointer nativeSource = new BytePointer(source, StandardCharsets.UTF_8);
            BytePointer nativeName = name == null ? null : new BytePointer(name, StandardCharsets.UTF_8);
            PointerPointer<BytePointer> nativeHeaders = strings(headers);
            PointerPointer<BytePointer> nativeIncludeNames = strings(includeNames))
        {
            if (!check(nvrtcCreateProgram(handle, nativeSource, nativeName, headers.length,
                headers.length == 0 ? null : nativeHeaders, headers.length == 0 ? null : nativeIncludeNames),
                "nvrtcCreateProgram", result))
            {
                return null;
            }
        }
        final GpuProgram program = new GpuProgram(handle);
        programs.add(program);
        return program;
    }

    public void destroyProgram(final Program program)
    {
        final GpuProgram gpuProgram = (GpuProgram)program;
        programs.remove(gpuProgram);
        nvrtcDestroyProgram(gpuProgram.handle());
    }

    public void addNameExpression(final Program program, final String nameExpression, final CallResult result)
    {
        check(nvrtcAddNameExpression(((GpuProgram)program).handle(), nameExpression), "nvrtcAddNameExpression",
            result);
    }

    public void compile(final Program program, final String[] options, final CallResult result)
    {
        try (PointerPointer<BytePointer> nativeOptions = strings(options))
        {
            check(nvrtcCompileProgram(((GpuProgram)program).handle(), options.length,
                options.length == 0 ? null : nativeOptions), "nvrtcCompileProgram", result);
        }
    }

    public void getPtxSize(final Program program, final CallResult result)
    {
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (check(nvrtcGetPTXSize(((GpuProgram)program).handle(), size), "nvrtcGetPTXSize", result))
            {
                result.value(size.get());
            }
        }
    }

    public void getPtx(final Program program, final CallResult result)
    {
        final _nvrtcProgram handle = ((GpuProgram)program).handle();
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (check(nvrtcGetPTXSize(handle, size), "nvrtcGetPTXSize", result))
            {
                final byte[] ptx = new byte[(int)size.get()];
                if (check(nvrtcGetPTX(handle, ptx), "nvrtcGetPTX", result))
                {
                    result.payload(new ByteArrayPayload(withoutNul(ptx)));
                }
            }
        }
    }

    public void getProgramLogSize(final Program program, final CallResult result)
    {
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (check(nvrtcGetProgramLogSize(((GpuProgram)program).handle(), size), "nvrtcGetProgramLogSize",
                result))
            {
                result.value(size.get());
            }
        }
    }

    public void getProgramLog(final Program program, final CallResult result)
    {
        final _nvrtcProgram handle = ((GpuProgram)program).handle();
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (check(nvrtcGetProgramLogSize(handle, size), "nvrtcGetProgramLogSize", result))
            {
                final byte[] log = new byte[(int)size.get()];
                if (check(nvrtcGetProgramLog(handle, log), "nvrtcGetProgramLog", result))
                {
                    result.payload(new ByteArrayPayload(withoutNul(log)));
                }
            }
        }
    }

    public void getLoweredName(final Program program, final String nameExpression, final CallResult result)
    {
        try (BytePointer expression = new BytePointer(nameExpression, StandardCharsets.UTF_8);
            PointerPointer<BytePointer> lowered = new PointerPointer<>(1))
        {
            if (check(nvrtcGetLoweredName(((GpuProgram)program).handle(), expression, lowered),
                "nvrtcGetLoweredName of '" + nameExpression + "'", result))
            {
                result.payload(new ByteArrayPayload(
                    lowered.get(BytePointer.class, 0).getString(StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    public void getNumSupportedArchs(final CallResult result)
    {
        final int[] count = new int[1];
        if (usable(result) && check(nvrtcGetNumSupportedArchs(count), "nvrtcGetNumSupportedArchs", result))
        {
            result.value(count[0]);
        }
    }

    /**
     * More architectures than a reply carries values would be cut short, so that is an internal error, by name.
     */
    public void getSupportedArchs(final CallResult result)
    {
        final int[] count = new int[1];
        if (!usable(result) || !check(nvrtcGetNumSupportedArchs(count), "nvrtcGetNumSupportedArchs", result))
        {
            return;
        }
        if (count[0] > CallResult.MAX_VALUES)
        {
            result.fail(CudaError.library(Api.NVRTC, NvrtcStatus.INTERNAL_ERROR, "NVRTC_ERROR_INTERNAL_ERROR"),
                "nvrtcGetSupportedArchs: " + count[0] + " architectures, more than a reply carries (" +
                CallResult.MAX_VALUES + ")");
            return;
        }
        final int[] archs = new int[count[0]];
        if (check(nvrtcGetSupportedArchs(archs), "nvrtcGetSupportedArchs", result))
        {
            for (final int arch : archs)
            {
                result.value(arch);
            }
        }
    }

    public void getOutputSize(final Program program, final NvrtcOutput output, final CallResult result)
    {
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (check(outputSize(((GpuProgram)program).handle(), output, size), output.functionName() + "Size",
                result))
            {
                result.value(size.get());
            }
        }
    }

    public void getOutput(final Program program, final NvrtcOutput output, final CallResult result)
    {
        final _nvrtcProgram handle = ((GpuProgram)program).handle();
        try (SizeTPointer size = new SizeTPointer(1))
        {
            if (!check(outputSize(handle, output, size), output.functionName() + "Size", result))
            {
                return;
            }
            final byte[] bytes = new byte[(int)size.get()];
            final int status = switch (output)
            {
                case CUBIN -> nvrtcGetCUBIN(handle, bytes);
                case LTOIR -> nvrtcGetLTOIR(handle, bytes);
                case OPTIX_IR -> nvrtcGetOptiXIR(handle, bytes);
            };
            if (check(status, output.functionName(), result))
            {
                result.payload(new ByteArrayPayload(bytes));
            }
        }
    }

    private static int outputSize(final _nvrtcProgram handle, final NvrtcOutput output, final SizeTPointer size)
    {
        return switch (output)
        {
            case CUBIN -> nvrtcGetCUBINSize(handle, size);
            case LTOIR -> nvrtcGetLTOIRSize(handle, size);
            case OPTIX_IR -> nvrtcGetOptiXIRSize(handle, size);
        };
    }

    public void close()
    {
        for (final GpuProgram program : programs)
        {
            nvrtcDestroyProgram(program.handle());
        }
        programs.clear();
    }

    private static boolean usable(final CallResult result)
    {
        final String reason = GpuLibraries.nvrtcUnusableReason();
        if (reason != null)
        {
            result.fail(CudaError.library(Api.NVRTC, NvrtcStatus.INTERNAL_ERROR, "NVRTC_ERROR_INTERNAL_ERROR"), reason);
            return false;
        }
        return true;
    }

    private static PointerPointer<BytePointer> strings(final String[] strings)
    {
        return new PointerPointer<>(strings, StandardCharsets.UTF_8);
    }

    private static byte[] withoutNul(final byte[] text)
    {
        int length = text.length;
        while (length > 0 && text[length - 1] == 0)
        {
            length--;
        }
        return length == text.length ? text : Arrays.copyOf(text, length);
    }

    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == NvrtcStatus.SUCCESS)
        {
            return true;
        }
        final String name = nvrtcGetErrorString(status).getString();
        result.fail(CudaError.library(Api.NVRTC, status, name), what + ": " + name);
        return false;
    }

    private record GpuProgram(_nvrtcProgram handle) implements Program
    {
    }
}
