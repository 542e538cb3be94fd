package io.gpurelay.executor.backend;

import io.gpurelay.protocol.NvrtcOutput;

/**
 * A session's NVRTC: programs compiled to PTX on the executor, which the session can then load with
 * {@code cuModuleLoadData}. Each method reports through the {@link CallResult} with NVRTC's own status
 * ({@link CudaError#library}) and never throws for bad input. The executor calls these only with programs this
 * session made and has not destroyed, and with strings it has already checked to be present.
 */
public interface RtcSession
{
    /**
     * An {@code nvrtcProgram}: the source, headers, name expressions and, once compiled, the PTX, log and lowered
     * names.
     */
    interface Program
    {
    }

    /** Values: major, minor. */
    void version(CallResult result);

    /**
     * {@code nvrtcCreateProgram}.
     *
     * @param name         the program's name, or null for NVRTC's default.
     * @param headers      the headers' sources.
     * @param includeNames the names they are included by, as many as {@code headers}.
     * @return the program, or null when it cannot be made (the failure is in {@code result}).
     */
    Program createProgram(String source, String name, String[] headers, String[] includeNames, CallResult result);

    void destroyProgram(Program program);

    void addNameExpression(Program program, String nameExpression, CallResult result);

    /** A compilation that fails is {@code NVRTC_ERROR_COMPILATION} and leaves its log with the program. */
    void compile(Program program, String[] options, CallResult result);

    /** Values: bytes of the PTX with its terminating NUL. */
    void getPtxSize(Program program, CallResult result);

    /** Payload: the PTX, without a terminating NUL. */
    void getPtx(Program program, CallResult result);

    /** Values: bytes of the log with its terminating NUL. */
    void getProgramLogSize(Program program, CallResult result);

    /** Payload: the log, without a terminating NUL. */
    void getProgramLog(Program program, CallResult result);

    /** Payload: the lowered name of a name expression added before compiling. */
    void getLoweredName(Program program, String nameExpression, CallResult result);

    /** Values: how many architectures the compiler targets ({@code nvrtcGetNumSupportedArchs}). */
    void getNumSupportedArchs(CallResult result);

    /** Values: the architectures the compiler targets, in NVRTC's order ({@code nvrtcGetSupportedArchs}). */
    void getSupportedArchs(CallResult result);

    /** Values: bytes of the compilation's CUBIN, LTO IR or OptiX IR; 0 where it produced none. */
    void getOutputSize(Program program, NvrtcOutput output, CallResult result);

    /** Payload: the compilation's CUBIN, LTO IR or OptiX IR, as many bytes as its size. */
    void getOutput(Program program, NvrtcOutput output, CallResult result);

    /** Destroy every program the session still has. */
    void close();
}
