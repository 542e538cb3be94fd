package io.gpurelay.emulator.blas;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import io.gpurelay.emulator.memory.Allocation;

/**
 * One call of one routine: its handle, its name for messages, its precision, and the checks every routine shares.
 * A check that fails throws a {@link BlasFailure}, which {@link #run} turns into the status the routine returns, so
 * routine bodies read as the straight-line sequence cuBLAS documents: validate arguments, return early when there
 * is nothing to do, check every range the call will touch, compute, store.
 */
final class BlasCall
{
    /**
     * Java arrays stop just short of {@link Integer#MAX_VALUE} elements; larger operands are refused rather than
     * split, since no test or sample comes near them.
     */
    private static final long MAX_ARRAY_ELEMENTS = Integer.MAX_VALUE - 8;

    @FunctionalInterface
    interface Body
    {
        void run(BlasCall call);
    }

    final CublasHandle handle;
    final String routine;
    final Precision precision;

    private BlasCall(final CublasHandle handle, final String routine, final Precision precision)
    {
        this.handle = handle;
        this.routine = routine;
        this.precision = precision;
    }

    /**
     * Run a routine body and turn its outcome into a cuBLAS status. Nothing a body does may take the executor
     * down: running out of Java heap is {@link CublasStatus#ALLOC_FAILED}, any other surprise
     * {@link CublasStatus#INTERNAL_ERROR}, each with a message naming the routine.
     */
    static int run(final CublasHandle handle, final String routine, final Precision precision, final Body body)
    {
        if (handle == null || !handle.isLive())
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        try
        {
            body.run(new BlasCall(handle, routine, precision));
            return handle.succeed();
        }
        catch (final BlasFailure ex)
        {
            return handle.fail(ex.status(), ex.getMessage());
        }
        catch (final OutOfMemoryError ex)
        {
            return handle.fail(CublasStatus.ALLOC_FAILED,
                routine + ": the emulator's Java heap cannot hold the operands");
        }
        catch (final RuntimeException ex)
        {
            return handle.fail(CublasStatus.INTERNAL_ERROR, routine + ": " + ex);
        }
    }

    void require(final boolean valid, final String message)
    {
        if (!valid)
        {
            throw new BlasFailure(CublasStatus.INVALID_VALUE, routine + ": " + message);
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

    void requireIncrement(final String name, final int increment)
    {
        require(increment != 0, name + " is 0");
    }

    void requireOperation(final String name, final int operation)
    {
        require(CublasOperation.isValid(operation), name + " (" + operation + ") is not a cublasOperation_t");
    }

    void requireFillMode(final int fillMode)
    {
        require(CublasFillMode.isTriangle(fillMode), "uplo (" + fillMode + ") is neither LOWER nor UPPER");
    }

    void requireDiagType(final int diagType)
    {
        require(CublasDiagType.isValid(diagType), "diag (" + diagType + ") is neither NON_UNIT nor UNIT");
    }

    void requireSide(final int side)
    {
        require(CublasSideMode.isValid(side), "side (" + side + ") is neither LEFT nor RIGHT");
    }

    /**
     * The value of a scalar argument in this call's precision.
     */
    double scalar(final String name, final Scalar scalar)
    {
        return scalar(name, scalar, precision);
    }

    /**
     * The value of a scalar argument read in the given precision, which for {@code cublasGemmEx} is the compute
     * type's rather than the data's.
     */
    double scalar(final String name, final Scalar scalar, final Precision scalarPrecision)
    {
        require(scalar != null, name + " is null");
        if (scalar instanceof Scalar.HostValue hostValue)
        {
            require(handle.pointerMode() == CublasPointerMode.HOST,
                name + " is a host value but the handle's pointer mode is DEVICE");
            return hostValue.value();
        }
        final long address = ((Scalar.DeviceAddress)scalar).address();
        require(handle.pointerMode() == CublasPointerMode.DEVICE,
            name + " is a device address but the handle's pointer mode is HOST");
        final long host = locate(name, address, scalarPrecision.elementSize);
        return scalarPrecision == Precision.SINGLE ? UNSAFE.getFloat(host) : UNSAFE.getDouble(host);
    }

    /**
     * Check where a reduction's result goes before anything is computed; the host address to store it at, or 0
     * when it goes back to the host.
     */
    long resultTarget(final ScalarResult result, final int size)
    {
        require(result != null, "result is null");
        if (!result.isOnDevice())
        {
            require(handle.pointerMode() == CublasPointerMode.HOST,
                "result goes to the host but the handle's pointer mode is DEVICE");
            return 0;
        }
        require(handle.pointerMode() == CublasPointerMode.DEVICE,
            "result is a device address but the handle's pointer mode is HOST");
        return locate("result", result.deviceAddress(), size);
    }

    void storeResult(final ScalarResult result, final long hostAddress, final double value)
    {
        if (hostAddress == 0)
        {
            result.hostValue(value);
        }
        else if (precision == Precision.SINGLE)
        {
            UNSAFE.putFloat(hostAddress, (float)value);
        }
        else
        {
            UNSAFE.putDouble(hostAddress, value);
        }
    }

    void storeIndex(final ScalarResult result, final long hostAddress, final int index)
    {
        if (hostAddress == 0)
        {
            result.hostIndex(index);
        }
        else
        {
            UNSAFE.putInt(hostAddress, index);
        }
    }

    /**
     * The region a vector of {@code n} elements with increment {@code inc} covers; cuBLAS addresses a vector with a
     * negative increment from its lowest element, as the BLAS standard does.
     */
    DeviceRegion vector(final String name, final long address, final int n, final int inc)
    {
        final long span = n <= 0 ? 0 : 1 + (n - 1) * Math.abs((long)inc);
        return region(name, address, span, precision.elementSize);
    }

    DeviceRegion matrix(final String name, final long address, final int rows, final int cols, final int ld)
    {
        return region(name, address, matrixSpan(rows, cols, ld), precision.elementSize);
    }

    private static long matrixSpan(final int rows, final int cols, final int ld)
    {
        return rows <= 0 || cols <= 0 ? 0 : (cols - 1) * (long)ld + rows;
    }

    /**
     * The region of {@code elements} elements of {@code elementSize} bytes from {@code address}; refused with
     * {@link CublasStatus#EXECUTION_FAILED} unless one live allocation of the handle's owner holds all of it, since
     * on a GPU such an access faults in the kernel.
     */
    DeviceRegion region(final String name, final long address, final long elements, final int elementSize)
    {
        if (elements == 0)
        {
            return new DeviceRegion(0, 0, elementSize);
        }
        final long host = locate(name, address, checkedLength(name, address, elements, elementSize));
        if (elements > MAX_ARRAY_ELEMENTS)
        {
            throw new BlasFailure(CublasStatus.NOT_SUPPORTED, routine + ": " + name + " spans " + elements +
                " elements, more than the emulator computes on at once (" + MAX_ARRAY_ELEMENTS + ")");
        }
        return new DeviceRegion(host, (int)elements, elementSize);
    }

    private long checkedLength(final String name, final long address, final long elements, final int elementSize)
    {
        if (elements > Long.MAX_VALUE / elementSize)
        {
            throw outOfRange(name, address, "more than 2^63 bytes");
        }
        return elements * elementSize;
    }

    private long locate(final String name, final long address, final long length)
    {
        final Allocation allocation = handle.memory().find(address, length, handle.owner());
        if (allocation == null)
        {
            throw outOfRange(name, address, "+" + length + " bytes");
        }
        return allocation.hostAddress(address, length);
    }

    private BlasFailure outOfRange(final String name, final long address, final String extent)
    {
        return new BlasFailure(CublasStatus.EXECUTION_FAILED, routine + ": " + name + " [0x" +
            Long.toHexString(address) + ", " + extent + ") is not inside a live allocation of this session");
    }
}
