package io.gpurelay.agent.cuda.blas;

import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.concurrent.UnsafeBuffer;

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

    /**
     * The host side of one transfer as its binding reaches it: the host memory's first bytes as a range.
     *
     * @param <E> what the binding throws when the host memory does not hold them.
     */
    @FunctionalInterface
    public interface HostSide<E extends Exception>
    {
        HostRange range(long byteCount) throws E;
    }

    /**
     * The relayed call of one transfer as its binding makes it: its arguments and payloads in, its cuBLAS status out.
     *
     * @param <E> what the binding's call throws.
     */
    @FunctionalInterface
    public interface Relay<E extends Exception>
    {
        int call(long[] args, PayloadSource source, PayloadSink sink) throws E;
    }

    /**
     * The host elements of cublasSetMatrix (and cublasSetVector as one row whose leading dimension is the increment)
     * packed column by column: straight from the host memory when they are contiguous, else copied column by column.
     * The arguments must have passed {@link #invalidArguments}; the host side is reached only when there are bytes.
     *
     * @throws ArithmeticException when the host side's span does not fit a long.
     */
    public static <E extends Exception> PayloadSource packed(final long rows, final long cols, final long elemSize,
        final long ldHost, final HostSide<E> host) throws E
    {
        final long columnBytes = rows * elemSize;
        final long packedBytes = columnBytes * cols;
        if (packedBytes == 0)
        {
            return new ByteArrayPayload();
        }
        if (ldHost == rows)
        {
            return host.range(packedBytes);
        }
        final HostRange source = host.range(span(rows, cols, elemSize, ldHost));
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Math.toIntExact(packedBytes)]);
        for (long j = 0; j < cols; j++)
        {
            source.copyTo(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
        }
        return new ByteArrayPayload(buffer.byteArray());
    }

    /**
     * cublasGetMatrix (and cublasGetVector as one row): the elements arrive packed column by column and land with the
     * host side's leading dimension, straight in the host memory when it is contiguous. The arguments must have
     * passed {@link #invalidArguments}; the host side is reached only when there are bytes, before the call.
     *
     * @return the call's cuBLAS status.
     * @throws ArithmeticException when the host side's span does not fit a long.
     */
    public static <E extends Exception> int unpack(final long rows, final long cols, final long elemSize,
        final long ldHost, final long[] args, final HostSide<E> host, final Relay<E> relay) throws E
    {
        final long columnBytes = rows * elemSize;
        final long packedBytes = columnBytes * cols;
        if (packedBytes == 0)
        {
            return relay.call(args, null, new ByteArrayPayload());
        }
        if (ldHost == rows)
        {
            return relay.call(args, null, host.range(packedBytes));
        }
        final HostRange destination = host.range(span(rows, cols, elemSize, ldHost));
        final ByteArrayPayload packed = new ByteArrayPayload();
        final int status = relay.call(args, null, packed);
        if (status == CublasStatus.SUCCESS)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(packed.bytes());
            for (long j = 0; j < cols; j++)
            {
                destination.write(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
            }
        }
        return status;
    }
}
