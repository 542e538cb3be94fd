package io.gpurelay.emulator.blas;

/**
 * {@code cublasOperation_t}. For the real types emulated here the conjugate transpose is the transpose.
 */
public final class CublasOperation
{
    public static final int N = 0;
    public static final int T = 1;
    public static final int C = 2;

    private CublasOperation()
    {
    }

    static boolean isValid(final int operation)
    {
        return operation == N || operation == T || operation == C;
    }

    static boolean transposes(final int operation)
    {
        return operation != N;
    }
}
