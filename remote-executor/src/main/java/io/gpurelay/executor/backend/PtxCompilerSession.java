package io.gpurelay.executor.backend;

/**
 * A session's PTX compiler (nvPTXCompiler): PTX compiled to a cubin on the executor. The executor keeps each
 * compiler handle's PTX and its last compilation ({@link PtxCompilation}); a backend only compiles. Methods never
 * throw for bad input: a PTX or an option the compiler refuses is a failed compilation with its reason in the error
 * log.
 */
public interface PtxCompilerSession
{
    /** Values: major, minor of the compiler ({@code nvPTXCompilerGetVersion}). */
    void version(CallResult result);

    /**
     * {@code nvPTXCompilerCompile}.
     *
     * @param ptx     the PTX, without a terminating NUL.
     * @param options the client's options, as it gave them.
     */
    PtxCompilation compile(byte[] ptx, String[] options);

    /** Free what the compiler holds for the session. */
    void close();
}
