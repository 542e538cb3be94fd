package io.gpurelay.executor.dispatch;

import java.nio.charset.StandardCharsets;

import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.PtxCompilation;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import org.agrona.DirectBuffer;

/**
 * What each nvPTXCompiler {@link io.gpurelay.protocol.Function} means. A compiler handle names a {@link Compiler} in
 * the session's library-object table (gone when the session ends; a handle that is not one of the session's live
 * compilers is {@code NVPTXCOMPILE_ERROR_INVALID_COMPILER_HANDLE}). The compiler keeps its PTX and its last
 * compilation, as nvPTXCompiler does: the program before a successful compilation is
 * {@code NVPTXCOMPILE_ERROR_COMPILER_INVOCATION_INCOMPLETE}, the logs before any are empty. Compilers need no context;
 * the backend compiles ({@link PtxCompilerSession}).
 */
final class PtxCompilerDispatcher
{
    static final CudaError INVALID_COMPILER_HANDLE = error(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE);
    static final CudaError INVALID_INPUT = error(NvPtxCompilerStatus.INVALID_INPUT);
    static final CudaError INVOCATION_INCOMPLETE = error(NvPtxCompilerStatus.COMPILER_INVOCATION_INCOMPLETE);

    private final PtxCompilerSession compiler;
    private final SessionResources resources;

    PtxCompilerDispatcher(final PtxCompilerSession compiler, final SessionResources resources)
    {
        this.compiler = compiler;
        this.resources = resources;
    }

    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        switch (call.function())
        {
            case NVPTX_COMPILER_GET_VERSION -> compiler.version(result);
            case NVPTX_COMPILER_CREATE ->
            {
                final byte[] ptx = ptx(input);
                if (ptx == null)
                {
                    result.fail(INVALID_INPUT, "nvPTXCompilerCreate: the PTX is not a NUL-terminated string");
                    return;
                }
                result.value(resources.addLibraryObject(HandleKind.PTX_COMPILER, null, new Compiler(ptx)));
            }
            case NVPTX_COMPILER_DESTROY ->
            {
                final LibraryObjectEntry entry = entry(call, result);
                if (entry != null)
                {
                    resources.removeLibraryObject(entry);
                }
            }
            case NVPTX_COMPILER_COMPILE ->
            {
                final Compiler target = compiler(call, result);
                final long count = call.arg(1);
                final String[] options = target == null || count < 0 || count > input.capacity() ? null :
                    NulTerminatedStrings.decode(input, (int)count);
                if (target != null && options == null)
                {
                    result.fail(INVALID_INPUT, "nvPTXCompilerCompile: expected " + count + " NUL-terminated " +
                        "options in " + input.capacity() + " bytes of input");
                }
                else if (target != null)
                {
                    compile(target, options, result);
                }
            }
            case NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, NVPTX_COMPILER_GET_COMPILED_PROGRAM ->
            {
                final Compiler target = compiler(call, result);
                if (target == null)
                {
                    return;
                }
                final byte[] program = target.last == null ? null : target.last.program();
                if (program == null)
                {
                    final String name = call.function() == Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM ?
                        "nvPTXCompilerGetCompiledProgram" : "nvPTXCompilerGetCompiledProgramSize";
                    result.fail(INVOCATION_INCOMPLETE, name + ": " + (target.last == null ?
                        "nvPTXCompilerCompile has not been called" : "the last nvPTXCompilerCompile failed"));
                }
                else if (call.function() == Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE)
                {
                    result.value(program.length);
                }
                else
                {
                    result.payload(new ByteArrayPayload(program));
                }
            }
            case NVPTX_COMPILER_GET_ERROR_LOG_SIZE -> log(call, true, true, result);
            case NVPTX_COMPILER_GET_ERROR_LOG -> log(call, true, false, result);
            case NVPTX_COMPILER_GET_INFO_LOG_SIZE -> log(call, false, true, result);
            case NVPTX_COMPILER_GET_INFO_LOG -> log(call, false, false, result);
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    private void compile(final Compiler target, final String[] options, final CallResult result)
    {
        final PtxCompilation compilation = compiler.compile(target.ptx, options);
        target.last = compilation;
        if (compilation.status() != NvPtxCompilerStatus.SUCCESS)
        {
            result.fail(error(compilation.status()), "nvPTXCompilerCompile: " + compilation.errorLog().strip());
        }
    }

    private void log(final ReceivedCall call, final boolean error, final boolean size, final CallResult result)
    {
        final Compiler target = compiler(call, result);
        if (target == null)
        {
            return;
        }
        final String log = target.last == null ? "" : error ? target.last.errorLog() : target.last.infoLog();
        final byte[] bytes = log.getBytes(StandardCharsets.UTF_8);
        if (size)
        {
            result.value(bytes.length);
        }
        else
        {
            result.payload(new ByteArrayPayload(bytes));
        }
    }

    private LibraryObjectEntry entry(final ReceivedCall call, final CallResult result)
    {
        return resources.libraryObject(call.arg(0), HandleKind.PTX_COMPILER, INVALID_COMPILER_HANDLE, result);
    }

    private Compiler compiler(final ReceivedCall call, final CallResult result)
    {
        final LibraryObjectEntry entry = entry(call, result);
        return entry == null ? null : (Compiler)entry.object;
    }

    /**
     * The PTX up to the payload's first NUL, which must be there.
     */
    private static byte[] ptx(final DirectBuffer input)
    {
        for (int i = 0; i < input.capacity(); i++)
        {
            if (input.getByte(i) == 0)
            {
                final byte[] ptx = new byte[i];
                input.getBytes(0, ptx);
                return ptx;
            }
        }
        return null;
    }

    private static CudaError error(final int status)
    {
        return CudaError.library(Api.NVPTXCOMPILER, status, NvPtxCompilerStatus.name(status));
    }

    /**
     * One {@code nvPTXCompilerHandle}: its PTX, and its last compilation (null before the first).
     */
    private static final class Compiler
    {
        final byte[] ptx;
        PtxCompilation last;

        Compiler(final byte[] ptx)
        {
            this.ptx = ptx;
        }
    }
}
