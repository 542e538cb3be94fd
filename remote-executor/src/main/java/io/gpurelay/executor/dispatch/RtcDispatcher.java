package io.gpurelay.executor.dispatch;

import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RtcSession.Program;
import io.gpurelay.executor.backend.RtcSession;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import org.agrona.DirectBuffer;

/**
 * What each NVRTC {@link io.gpurelay.protocol.Function} means: which program it works on and which
 * {@link RtcSession} method runs it. Programs need no context. A handle that is not one of the session's live
 * programs is {@code NVRTC_ERROR_INVALID_PROGRAM}; strings missing from the payload, or more headers or options than
 * the payload holds, are {@code NVRTC_ERROR_INVALID_INPUT}.
 */
final class RtcDispatcher
{
    static final CudaError INVALID_PROGRAM =
        CudaError.library(Api.NVRTC, NvrtcStatus.INVALID_PROGRAM, "NVRTC_ERROR_INVALID_PROGRAM");
    static final CudaError INVALID_INPUT =
        CudaError.library(Api.NVRTC, NvrtcStatus.INVALID_INPUT, "NVRTC_ERROR_INVALID_INPUT");

    private final RtcSession rtc;
    private final SessionResources resources;

    RtcDispatcher(final RtcSession rtc, final SessionResources resources)
    {
        this.rtc = rtc;
        this.resources = resources;
    }

    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        switch (call.function())
        {
            case NVRTC_VERSION -> rtc.version(result);
            case NVRTC_CREATE_PROGRAM -> createProgram(call, input, result);
            case NVRTC_DESTROY_PROGRAM ->
            {
                final LibraryObjectEntry program = program(call, result);
                if (program != null)
                {
                    resources.removeLibraryObject(program);
                    rtc.destroyProgram((Program)program.object);
                }
            }
            case NVRTC_COMPILE_PROGRAM ->
            {
                final LibraryObjectEntry program = program(call, result);
                final String[] options = program == null ? null : strings(call.arg(1), input, "options", result);
                if (options != null)
                {
                    rtc.compile((Program)program.object, options, result);
                }
            }
            case NVRTC_GET_PTX_SIZE ->
            {
                final LibraryObjectEntry program = program(call, result);
                if (program != null)
                {
                    rtc.getPtxSize((Program)program.object, result);
                }
            }
            case NVRTC_GET_PTX ->
            {
                final LibraryObjectEntry program = program(call, result);
                if (program != null)
                {
                    rtc.getPtx((Program)program.object, result);
                }
            }
            case NVRTC_GET_PROGRAM_LOG_SIZE ->
            {
                final LibraryObjectEntry program = program(call, result);
                if (program != null)
                {
                    rtc.getProgramLogSize((Program)program.object, result);
                }
            }
            case NVRTC_GET_PROGRAM_LOG ->
            {
                final LibraryObjectEntry program = program(call, result);
                if (program != null)
                {
                    rtc.getProgramLog((Program)program.object, result);
                }
            }
            case NVRTC_ADD_NAME_EXPRESSION ->
            {
                final LibraryObjectEntry program = program(call, result);
                final String[] expression = program == null ? null : strings(1, input, "name expression", result);
                if (expression != null)
                {
                    rtc.addNameExpression((Program)program.object, expression[0], result);
                }
            }
            case NVRTC_GET_LOWERED_NAME ->
            {
                final LibraryObjectEntry program = program(call, result);
                final String[] expression = program == null ? null : strings(1, input, "name expression", result);
                if (expression != null)
                {
                    rtc.getLoweredName((Program)program.object, expression[0], result);
                }
            }
            case NVRTC_GET_NUM_SUPPORTED_ARCHS -> rtc.getNumSupportedArchs(result);
            case NVRTC_GET_SUPPORTED_ARCHS -> rtc.getSupportedArchs(result);
            case NVRTC_GET_OUTPUT_SIZE, NVRTC_GET_OUTPUT ->
            {
                final LibraryObjectEntry program = program(call, result);
                final NvrtcOutput output = program == null ? null : NvrtcOutput.of(call.arg(1));
                if (program != null && output == null)
                {
                    result.fail(INVALID_INPUT, "no NVRTC output has the code " + call.arg(1));
                }
                else if (output != null && call.function() == Function.NVRTC_GET_OUTPUT_SIZE)
                {
                    rtc.getOutputSize((Program)program.object, output, result);
                }
                else if (output != null)
                {
                    rtc.getOutput((Program)program.object, output, result);
                }
            }
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    private void createProgram(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final long headerCount = call.arg(0);
        final boolean named = call.arg(1) != 0;
        if (headerCount < 0 || headerCount > input.capacity())
        {
            result.fail(INVALID_INPUT, "nvrtcCreateProgram: " + headerCount + " headers");
            return;
        }
        final int count = 1 + (named ? 1 : 0) + 2 * (int)headerCount;
        final String[] strings = strings(count, input, "source, name and headers", result);
        if (strings == null)
        {
            return;
        }
        final int headersAt = named ? 2 : 1;
        final String[] headers = new String[(int)headerCount];
        final String[] includeNames = new String[(int)headerCount];
        System.arraycopy(strings, headersAt, headers, 0, headers.length);
        System.arraycopy(strings, headersAt + headers.length, includeNames, 0, includeNames.length);
        final Program program = rtc.createProgram(strings[0], named ? strings[1] : null, headers, includeNames, result);
        if (program != null)
        {
            result.value(resources.addLibraryObject(HandleKind.NVRTC_PROGRAM, null, program));
        }
    }

    private LibraryObjectEntry program(final ReceivedCall call, final CallResult result)
    {
        return resources.libraryObject(call.arg(0), HandleKind.NVRTC_PROGRAM, INVALID_PROGRAM, result);
    }

    private static String[] strings(
        final long count, final DirectBuffer input, final String what, final CallResult result)
    {
        final String[] strings = count < 0 || count > input.capacity() ? null :
            NulTerminatedStrings.decode(input, (int)count);
        if (strings == null)
        {
            result.fail(INVALID_INPUT, "expected " + count + " NUL-terminated strings (" + what + ") in " +
                input.capacity() + " bytes of input");
        }
        return strings;
    }
}
