package io.gpurelay.executor.backend.emulated;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RtcSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;

/**
 * NVRTC on an executor without a GPU: programs are compiled by {@code nvcc} when it is on the executor's PATH
 * ({@link NvccCompiler}); the PTX loads into the emulator with {@code cuModuleLoadData} like any other. Without
 * {@code nvcc} every compilation fails with {@code NVRTC_ERROR_COMPILATION} and a log that says why.
 */
final class EmulatedRtcSession implements RtcSession
{
    static final String NO_NVCC_LOG = "gpurelay: this executor runs the device emulator, which compiles NVRTC " +
        "programs with the CUDA toolkit's nvcc, and no nvcc was found on the executor's PATH; install the CUDA " +
        "toolkit on the executor host and put its bin directory on the executor's PATH, or run the executor on a GPU " +
        "host (--backend gpu)";

    private static final String DEFAULT_PROGRAM_NAME = "default_program";

    private static final CudaError INVALID_INPUT = error("NVRTC_ERROR_INVALID_INPUT", NvrtcStatus.INVALID_INPUT);
    private static final CudaError INVALID_PROGRAM =
        error("NVRTC_ERROR_INVALID_PROGRAM", NvrtcStatus.INVALID_PROGRAM);
    private static final CudaError INVALID_OPTION = error("NVRTC_ERROR_INVALID_OPTION", NvrtcStatus.INVALID_OPTION);
    private static final CudaError COMPILATION = error("NVRTC_ERROR_COMPILATION", NvrtcStatus.COMPILATION);
    private static final CudaError NO_NAME_EXPRESSIONS_AFTER_COMPILATION = error(
        "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION", NvrtcStatus.NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
    private static final CudaError NO_LOWERED_NAMES_BEFORE_COMPILATION = error(
        "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION", NvrtcStatus.NO_LOWERED_NAMES_BEFORE_COMPILATION);
    private static final CudaError NAME_EXPRESSION_NOT_VALID =
        error("NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID", NvrtcStatus.NAME_EXPRESSION_NOT_VALID);
    private static final CudaError INTERNAL_ERROR = error("NVRTC_ERROR_INTERNAL_ERROR", NvrtcStatus.INTERNAL_ERROR);

    private final NvccCompiler compiler;
    private final int cudaVersion;

    /**
     * @param compiler    the executor's nvcc, or null when it has none.
     * @param cudaVersion the CUDA version the emulator reports ({@code major * 1000 + minor * 10}), which
     *                    {@code nvrtcVersion} gives without an nvcc.
     */
    EmulatedRtcSession(final NvccCompiler compiler, final int cudaVersion)
    {
        this.compiler = compiler;
        this.cudaVersion = cudaVersion;
    }

    public void version(final CallResult result)
    {
        final int[] nvccVersion = compiler == null ? null : compiler.version();
        if (nvccVersion != null)
        {
            result.value(nvccVersion[0]).value(nvccVersion[1]);
        }
        else
        {
            result.value(cudaVersion / 1000).value(cudaVersion % 1000 / 10);
        }
    }

    public Program createProgram(
        final String source, final String name, final String[] headers, final String[] includeNames,
        final CallResult result)
    {
        return new EmulatedProgram(source, name == null ? DEFAULT_PROGRAM_NAME : name, headers, includeNames);
    }

    public void destroyProgram(final Program program)
    {
    }

    public void addNameExpression(final Program program, final String nameExpression, final CallResult result)
    {
        final EmulatedProgram emulated = (EmulatedProgram)program;
        if (emulated.compiled)
        {
            result.fail(NO_NAME_EXPRESSIONS_AFTER_COMPILATION, "nvrtcAddNameExpression: '" + nameExpression +
                "' added after the program was compiled");
        }
        else if (nameExpression.isBlank())
        {
            result.fail(INVALID_INPUT, "nvrtcAddNameExpression: an empty name expression");
        }
        else if (!emulated.nameExpressions.contains(nameExpression))
        {
            emulated.nameExpressions.add(nameExpression);
        }
    }

    public void compile(final Program program, final String[] options, final CallResult result)
    {
        final EmulatedProgram emulated = (EmulatedProgram)program;
        emulated.compiled = true;
        emulated.ptx = null;
        emulated.loweredNames = Map.of();
        if (compiler == null)
        {
            emulated.log = NO_NVCC_LOG;
            result.fail(COMPILATION, "nvrtcCompileProgram: " + NO_NVCC_LOG);
            return;
        }
        final NvccCompiler.Compilation compilation;
        try
        {
            compilation = compiler.compile(emulated.source, emulated.name, emulated.headers, emulated.includeNames,
                emulated.nameExpressions, options);
        }
        catch (final IOException ex)
        {
            emulated.log = "gpurelay: running nvcc failed: " + ex;
            result.fail(INTERNAL_ERROR, "nvrtcCompileProgram: " + emulated.log);
            return;
        }
        emulated.log = compilation.log();
        emulated.ptx = compilation.ptx();
        emulated.loweredNames = compilation.loweredNames();
        if (compilation.ptx() == null)
        {
            result.fail(compilation.invalidOption() ? INVALID_OPTION : COMPILATION, "nvrtcCompileProgram of '" +
                emulated.name + "' (nvcc): " + compilation.log().strip());
        }
    }

    public void getPtxSize(final Program program, final CallResult result)
    {
        final String ptx = ptx(program, result);
        if (ptx != null)
        {
            result.value(ptx.getBytes(StandardCharsets.UTF_8).length + 1L);
        }
    }

    public void getPtx(final Program program, final CallResult result)
    {
        final String ptx = ptx(program, result);
        if (ptx != null)
        {
            result.payload(new ByteArrayPayload(ptx.getBytes(StandardCharsets.UTF_8)));
        }
    }

    public void getProgramLogSize(final Program program, final CallResult result)
    {
        result.value(((EmulatedProgram)program).log.getBytes(StandardCharsets.UTF_8).length + 1L);
    }

    public void getProgramLog(final Program program, final CallResult result)
    {
        result.payload(new ByteArrayPayload(((EmulatedProgram)program).log.getBytes(StandardCharsets.UTF_8)));
    }

    public void getLoweredName(final Program program, final String nameExpression, final CallResult result)
    {
        final EmulatedProgram emulated = (EmulatedProgram)program;
        if (!emulated.compiled || emulated.ptx == null)
        {
            result.fail(NO_LOWERED_NAMES_BEFORE_COMPILATION, "nvrtcGetLoweredName: the program has not been " +
                "compiled successfully");
            return;
        }
        final String lowered = emulated.loweredNames.get(nameExpression);
        if (lowered == null)
        {
            result.fail(NAME_EXPRESSION_NOT_VALID, "nvrtcGetLoweredName: '" + nameExpression +
                "' was not added with nvrtcAddNameExpression before compiling");
            return;
        }
        result.payload(new ByteArrayPayload(lowered.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The emulator compiles with nvcc to PTX for itself; which real architectures NVRTC would target is not its to
     * say.
     */
    public void getNumSupportedArchs(final CallResult result)
    {
        result.fail(INVALID_INPUT, "nvrtcGetNumSupportedArchs is not supported on the emulator: it compiles to PTX " +
            "for itself, for no real architecture");
    }

    public void getSupportedArchs(final CallResult result)
    {
        result.fail(INVALID_INPUT, "nvrtcGetSupportedArchs is not supported on the emulator: it compiles to PTX " +
            "for itself, for no real architecture");
    }

    /**
     * The emulator runs PTX and compiles nothing else: a CUBIN, LTO IR or OptiX IR would have to come from a real
     * NVRTC.
     */
    public void getOutputSize(final Program program, final NvrtcOutput output, final CallResult result)
    {
        result.fail(INVALID_INPUT, output.functionName() + "Size is not supported on the emulator: it compiles " +
            "programs to PTX only");
    }

    public void getOutput(final Program program, final NvrtcOutput output, final CallResult result)
    {
        result.fail(INVALID_INPUT, output.functionName() + " is not supported on the emulator: it compiles " +
            "programs to PTX only");
    }

    public void close()
    {
    }

    private static String ptx(final Program program, final CallResult result)
    {
        final EmulatedProgram emulated = (EmulatedProgram)program;
        if (emulated.ptx == null)
        {
            result.fail(INVALID_PROGRAM, "the program has not been compiled successfully");
        }
        return emulated.ptx;
    }

    private static CudaError error(final String name, final int status)
    {
        return CudaError.library(Api.NVRTC, status, name);
    }

    private static final class EmulatedProgram implements Program
    {
        final String source;
        final String name;
        final String[] headers;
        final String[] includeNames;
        final List<String> nameExpressions = new ArrayList<>();
        boolean compiled;
        String ptx;
        String log = "";
        Map<String, String> loweredNames = Map.of();

        EmulatedProgram(final String source, final String name, final String[] headers, final String[] includeNames)
        {
            this.source = source;
            this.name = name;
            this.headers = headers;
            this.includeNames = includeNames;
        }
    }
}
