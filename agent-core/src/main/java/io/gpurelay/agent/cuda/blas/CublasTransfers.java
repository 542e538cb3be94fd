package io.gpurelay.agent.cuda.blas;

/**
 * The argument rules of {@code cublasSetVector}/{@code GetVector}/{@code SetMatrix}/{@code GetMatrix} and their
 * {@code Async} and {@code _64} forms, for both bindings (JCublas2's and JavaCPP's): a vector travels as a one-row
 * matrix whose leading dimension is its increment. Free of JCuda's classes, so a JavaCPP program, which has none,
 * can use it.
 */
public final class CublasTransfers
{
    /** The most bytes one transfer relays: one call's payload. */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 8;

    private CublasTransfers()
    {
    }

    /**
     * @return why the arguments of a transfer are invalid, as cuBLAS documents it (CUBLAS_STATUS_INVALID_VALUE), or
     * null when they are valid.
     */
    public static String invalidArguments(
        final long rows, final long cols, final long elemSize, final long ldSource, final long ldDestination)
    {
        if (rows < 0 || cols < 0 || elemSize <= 0 || ldSource <= 0 || ldDestination <= 0)
        {
            return "rows " + rows + ", cols " + cols + ", element size " + elemSize + ", leading dimensions (or " +
                "increments) " + ldSource + " and " + ldDestination + ": the counts must not be negative, the " +
                "element size and leading dimensions must be positive";
        }
        if (ldSource < rows || ldDestination < rows)
        {
            return "a leading dimension (" + Math.min(ldSource, ldDestination) + ") is less than the " + rows +
                " rows";
        }
        final long bytes = rows > MAX_BYTES / elemSize || cols > MAX_BYTES / elemSize ? Long.MAX_VALUE :
            rows * cols * elemSize;
        if (bytes > MAX_BYTES)
        {
            return rows + " x " + cols + " elements of " + elemSize + " bytes in one call; gpurelay relays at most " +
                MAX_BYTES + " bytes";
        }
        return null;
    }

    /**
     * The bytes from the first element of a column-major matrix to the end of its last one.
     *
     * @throws ArithmeticException when they do not fit a long.
     */
    public static long span(final long rows, final long cols, final long elemSize, final long ld)
    {
        return Math.multiplyExact(Math.addExact(Math.multiplyExact(cols - 1, ld), rows), elemSize);
    }
}
