package io.gpurelay.executor.backend;

import java.util.List;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.describe.CublasRoutines.Argument;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import io.gpurelay.protocol.describe.Extent;
import io.gpurelay.protocol.describe.SizeTerm;

/**
 * The device memory a described cuBLAS call would touch, checked against the session's allocations before the
 * backend runs it, by the extents its routine's description gives each pointer: a range outside every live
 * allocation is {@code CUBLAS_STATUS_EXECUTION_FAILED}, a leading dimension below its matrix's rows
 * {@code CUBLAS_STATUS_INVALID_VALUE}, each with a message naming the routine and the argument. A call with a
 * negative size (or band width) is left to cuBLAS, which refuses it with {@code CUBLAS_STATUS_INVALID_VALUE} before
 * touching memory; so is a size of 0.
 */
public final class BlasExtents
{
    private static final CudaError EXECUTION_FAILED =
        CudaError.library(Api.CUBLAS, CublasStatus.EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED");
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");
    /**
     * How many device pointers of a batched call's pointer array are read into host memory at a time: the array may
     * be a whole allocation of the session, gigabytes, and the executor's heap is shared.
     */
    static final int POINTERS_AT_A_TIME = 4096;

    /**
     * The session's device memory as a backend knows it.
     */
    public interface Memory
    {
        /** @return whether {@code length} bytes from {@code address} lie inside one live allocation. */
        boolean holds(long address, long length);

        /** @return the first address of the live allocation holding {@code address}; -1 where none does. */
        long start(long address);

        /** @return the first address past the live allocation holding {@code address}; -1 where none does. */
        long end(long address);

        /**
         * @return the {@code count} device pointers stored at {@code array} (inside an allocation), or null with
         *         the failure in {@code result}.
         */
        long[] pointers(long array, int count, String what, CallResult result);

        /**
         * @return the {@code count} C {@code int}s at {@code address} (inside an allocation) once the work queued
         *         before the call has finished, or null with the failure in {@code result}.
         */
        int[] ints(long address, int count, String what, CallResult result);
    }

    private BlasExtents()
    {
    }

    /**
     * @param deviceMode whether the handle's pointer mode is device: scalars and results are then device addresses.
     * @return whether the call may run; if not, the failure is in {@code result}.
     */
    public static boolean check(final BlasCall call, final boolean deviceMode, final Memory memory,
        final CallResult result)
    {
        final Routine routine = call.routine();
        try
        {
            if (deviceMode && !scalars(call, memory, result))
            {
                return false;
            }
            if (anyNegativeSize(call))
            {
                return true;
            }
            for (int number = 1; number <= call.count(); number++)
            {
                final Argument argument = routine.argument(number);
                if (argument.extent() != null && !(argument.nullable() && call.value(number) == 0) &&
                    !pointer(call, argument, call.value(number), memory, result))
                {
                    return false;
                }
            }
            return true;
        }
        catch (final ArithmeticException ex)
        {
            result.fail(INVALID_VALUE, call.name() + ": its sizes reach beyond a 64-bit address space");
            return false;
        }
    }

    private static boolean scalars(final BlasCall call, final Memory memory, final CallResult result)
    {
        final Routine routine = call.routine();
        for (int number = 1; number <= call.count(); number++)
        {
            final Argument argument = routine.argument(number);
            final long bytes = switch (argument.letter())
            {
                case 's' -> routine.elementBytes();
                case 'r' -> routine.element().realBytes();
                case 't' -> (long)routine.partBytes() * routine.parts();
                case 'p' -> 5L * routine.element().realBytes();
                default -> 0;
            };
            if (bytes > 0 && !within(call, argument.name(), call.value(number), bytes, memory, result))
            {
                return false;
            }
        }
        return true;
    }

    private static boolean anyNegativeSize(final BlasCall call)
    {
        final Routine routine = call.routine();
        for (int number = 1; number <= call.count(); number++)
        {
            final Extent extent = routine.argument(number).extent();
            if (extent != null)
            {
                for (final String name : extent.sizeNames())
                {
                    if (call.named(name) < 0)
                    {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean pointer(final BlasCall call, final Argument argument, final long address,
        final Memory memory, final CallResult result)
    {
        final Extent extent = argument.extent();
        if (extent.pointers() == null)
        {
            return data(call, argument.name(), extent, address, memory, result);
        }
        final long count = extent.pointers().evaluate(call::named);
        if (count <= 0)
        {
            return true;
        }
        if (count > Integer.MAX_VALUE || !within(call, argument.name(), address, Math.multiplyExact(count,
            Long.BYTES), memory, result))
        {
            if (count > Integer.MAX_VALUE)
            {
                result.fail(INVALID_VALUE, call.name() + ": " + argument.name() + " holds " + count + " pointers");
            }
            return false;
        }
        for (long first = 0; first < count; first += POINTERS_AT_A_TIME)
        {
            final int chunk = (int)Math.min(POINTERS_AT_A_TIME, count - first);
            final long[] targets = memory.pointers(address + first * Long.BYTES, chunk, call.name() + ": reading " +
                argument.name(), result);
            if (targets == null)
            {
                return false;
            }
            for (int i = 0; i < targets.length; i++)
            {
                if (!data(call, argument.name() + "[" + (first + i) + "]", extent, targets[i], memory, result))
                {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The data one pointer reaches: one vector or matrix, or each of a strided batch of them.
     */
    private static boolean data(final BlasCall call, final String what, final Extent extent, final long address,
        final Memory memory, final CallResult result)
    {
        final List<SizeTerm> terms = extent.terms();
        final int elementBytes = call.routine().elementBytes();
        final long[] sizes = new long[terms.size()];
        for (int i = 0; i < sizes.length; i++)
        {
            sizes[i] = terms.get(i).evaluate(call::named);
        }
        final long span;
        switch (extent.kind())
        {
            case VECTOR ->
            {
                final long n = sizes[0];
                span = n <= 0 ? 0 : Math.multiplyExact(Math.addExact(Math.multiplyExact(n - 1,
                    Math.max(1, Math.abs(sizes[1]))), 1), elementBytes);
            }
            case MATRIX ->
            {
                final long rows = sizes[0];
                final long cols = sizes[1];
                final long ld = sizes[2];
                if (ld < Math.max(1, rows))
                {
                    result.fail(INVALID_VALUE, call.name() + ": the leading dimension of " + what + " (" + ld +
                        ") is less than its " + rows + " rows");
                    return false;
                }
                span = rows == 0 || cols == 0 ? 0 : Math.multiplyExact(Math.addExact(Math.multiplyExact(cols - 1,
                    ld), rows), elementBytes);
            }
            case PACKED -> span = sizes[0] <= 0 ? 0 : Math.multiplyExact(Math.multiplyExact(sizes[0],
                sizes[0] + 1) / 2, elementBytes);
            case ELEMENTS -> span = Math.multiplyExact(Math.max(0, sizes[0]), elementBytes);
            case INTS, PIVOTS -> span = Math.multiplyExact(Math.max(0, sizes[0]), Integer.BYTES);
            default -> throw new IllegalStateException(extent.kind().name());
        }
        if (extent.kind() == Extent.Kind.PIVOTS)
        {
            return within(call, what, address, span, memory, result) &&
                pivots(call, what, address, sizes[0], sizes[1], memory, result);
        }
        if (!extent.strided())
        {
            return within(call, what, address, span, memory, result);
        }
        final long stride = Math.multiplyExact(sizes[sizes.length - 2], elementBytes);
        final long count = sizes[sizes.length - 1];
        // Batch by batch, but each allocation once: the batches after one that lies in an allocation lie in it too
        // as far as the stride keeps them there, so a batch of 2^31 small matrices in one allocation is one check.
        long batch = 0;
        while (batch < count)
        {
            final long at = Math.addExact(address, Math.multiplyExact(batch, stride));
            if (!within(call, count == 1 ? what : what + " of batch " + batch, at, span, memory, result))
            {
                return false;
            }
            if (span == 0 || stride == 0)
            {
                return true;
            }
            final long more = stride > 0 ? (memory.end(at) - span - at) / stride : (at - memory.start(at)) / -stride;
            batch = Math.addExact(batch, 1 + Math.max(0, more));
        }
        return true;
    }

    /**
     * Pivots a routine permutes rows by, read in pieces: each must name a row from 1 to {@code rows}.
     */
    private static boolean pivots(final BlasCall call, final String what, final long address, final long count,
        final long rows, final BlasExtents.Memory memory, final CallResult result)
    {
        for (long first = 0; first < count; first += POINTERS_AT_A_TIME)
        {
            final int chunk = (int)Math.min(POINTERS_AT_A_TIME, count - first);
            final int[] pivots = memory.ints(address + first * Integer.BYTES, chunk, call.name() + ": reading " + what,
                result);
            if (pivots == null)
            {
                return false;
            }
            for (int i = 0; i < pivots.length; i++)
            {
                if (pivots[i] < 1 || pivots[i] > rows)
                {
                    result.fail(EXECUTION_FAILED, call.name() + ": " + what + "[" + (first + i) + "] = " + pivots[i] +
                        " is no row from 1 to " + rows);
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean within(final BlasCall call, final String what, final long address, final long length,
        final Memory memory, final CallResult result)
    {
        if (length > 0 && !memory.holds(address, length))
        {
            result.fail(EXECUTION_FAILED, call.name() + ": " + what + " [0x" + Long.toHexString(address) + ", +" +
                length + " bytes) is not inside a live allocation of this session");
            return false;
        }
        return true;
    }
}
