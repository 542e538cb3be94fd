package io.gpurelay.emulator.solver;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import io.gpurelay.emulator.blas.CublasFillMode;
import io.gpurelay.emulator.blas.CublasOperation;
import io.gpurelay.emulator.memory.Allocation;

/**
 * One call of one routine: its handle, its name for messages, its precision, and the checks every routine shares.
 * A check that fails throws a {@link SolverFailure}, which {@link #run} turns into the status the routine returns,
 * so routine bodies read as the sequence cuSOLVER follows: validate arguments, return early when there is nothing
 * to do, check every range the call will touch, compute, store.
 */
final class SolverCall
{
    /**
     * Java arrays stop just short of {@link Integer#MAX_VALUE} elements; larger operands are refused rather than
     * split, since no test or sample comes near them.
     */
    private static final long MAX_ARRAY_ELEMENTS = Integer.MAX_VALUE - 8;

    @FunctionalInterface
    interface Body
    {
        void run(SolverCall call);
    }

    final CusolverDnHandle handle;
    final String routine;
    final Precision precision;

    private SolverCall(final CusolverDnHandle handle, final String routine, final Precision precision)
    {
        this.handle = handle;
        this.routine = routine;
        this.precision = precision;
    }

    /**
     * Run a routine body and turn its outcome into a cuSOLVER status. A null or destroyed handle is
     * {@link CusolverStatus#NOT_INITIALIZED} before anything else is looked at. Nothing a body does may take the
     * executor down: running out of Java heap is {@link CusolverStatus#ALLOC_FAILED}, any other surprise
     * {@link CusolverStatus#INTERNAL_ERROR}, each with a message naming the routine.
     */
    static int run(final CusolverDnHandle handle, final String routine, final Precision precision, final Body body)
    {
        if (handle == null || !handle.isLive())
        {
            return CusolverStatus.NOT_INITIALIZED;
        }
        try
        {
            body.run(new SolverCall(handle, routine, precision));
            return handle.succeed();
        }
        catch (final SolverFailure ex)
        {
            return handle.fail(ex.status(), ex.getMessage());
        }
        catch (final OutOfMemoryError ex)
        {
            return handle.fail(CusolverStatus.ALLOC_FAILED,
                routine + ": the emulator's Java heap cannot hold the operands");
        }
        catch (final RuntimeException ex)
        {
            return handle.fail(CusolverStatus.INTERNAL_ERROR, routine + ": " + ex);
        }
    }

    void require(final boolean valid, final String message)
    {
        if (!valid)
        {
            throw new SolverFailure(CusolverStatus.INVALID_VALUE, routine + ": " + message);
        }
    }

    void requireNonNegative(final String name, final int value)
    {
        require(value >= 0, name + " (" + value + ") < 0");
    }

    void requireLeadingDimension(final String name, final int ld, final int rows)
    {
        require(ld >= Math.max(1, rows), name + " (" + ld + ") < max(1, " + rows + ")");
    }

    /**
     * @return whether {@code uplo} is {@link CublasFillMode#LOWER}; anything but LOWER and UPPER is refused.
     */
    boolean requireFillMode(final int uplo)
    {
        require(uplo == CublasFillMode.LOWER || uplo == CublasFillMode.UPPER,
            "uplo (" + uplo + ") is neither CUBLAS_FILL_MODE_LOWER nor CUBLAS_FILL_MODE_UPPER");
        return uplo == CublasFillMode.LOWER;
    }

    /**
     * @return whether {@code trans} transposes; anything but N, T and C is refused. For the real types T and C are
     * the same operation.
     */
    boolean requireOperation(final int trans)
    {
        require(trans == CublasOperation.N || trans == CublasOperation.T || trans == CublasOperation.C,
            "trans (" + trans + ") is not a cublasOperation_t");
        return trans != CublasOperation.N;
    }

    /**
     * Where a workspace query delivers its answer: a host array of at least one element.
     */
    void requireResult(final int[] lwork)
    {
        require(lwork != null && lwork.length > 0, "Lwork is null");
    }

    /**
     * The quick return of a call with nothing to compute: info is set to 0 if {@code devInfo} lies in a live
     * allocation of the owner, and left alone otherwise, since there is nothing to fault on.
     */
    void quickReturn(final long devInfo)
    {
        final Allocation allocation = handle.memory().find(devInfo, Integer.BYTES, handle.owner());
        if (allocation != null)
        {
            UNSAFE.putInt(allocation.hostAddress(devInfo, Integer.BYTES), 0);
        }
    }

    /**
     * The region of a rows x cols matrix of this call's element type with leading dimension {@code ld}.
     */
    SolverRegion matrix(final String name, final long address, final int rows, final int cols, final int ld)
    {
        final long span = rows <= 0 || cols <= 0 ? 0 : (cols - 1) * (long)ld + rows;
        return region(name, address, span, precision.elementSize);
    }

    /**
     * The region of {@code elements} elements of {@code elementSize} bytes from {@code address}; refused with
     * {@link CusolverStatus#EXECUTION_FAILED} unless one live allocation of the handle's owner holds all of it, since
     * on a GPU such an access faults in the kernel.
     */
    SolverRegion region(final String name, final long address, final long elements, final int elementSize)
    {
        if (elements == 0)
        {
            return new SolverRegion(0, 0, elementSize);
        }
        if (elements > Long.MAX_VALUE / elementSize)
        {
            throw outOfRange(name, address, "more than 2^63 bytes");
        }
        final long length = elements * elementSize;
        final Allocation allocation = handle.memory().find(address, length, handle.owner());
        if (allocation == null)
        {
            throw outOfRange(name, address, "+" + length + " bytes");
        }
        if (elements > MAX_ARRAY_ELEMENTS)
        {
            throw new SolverFailure(CusolverStatus.NOT_SUPPORTED, routine + ": " + name + " spans " + elements +
                " elements, more than the emulator computes on at once (" + MAX_ARRAY_ELEMENTS + ")");
        }
        return new SolverRegion(allocation.hostAddress(address, length), (int)elements, elementSize);
    }

    /**
     * Ends the call with {@link CusolverStatus#EXECUTION_FAILED}: what the GPU gives when a kernel fails.
     */
    SolverFailure executionFailed(final String message)
    {
        return new SolverFailure(CusolverStatus.EXECUTION_FAILED, routine + ": " + message);
    }

    private SolverFailure outOfRange(final String name, final long address, final String extent)
    {
        return executionFailed(name + " [0x" + Long.toHexString(address) + ", " + extent +
            ") is not inside a live allocation of this session");
    }
}
