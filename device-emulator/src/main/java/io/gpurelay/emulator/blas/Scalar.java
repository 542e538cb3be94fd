package io.gpurelay.emulator.blas;

/**
 * A scalar argument such as alpha or beta: a value passed by the host, or the device address the routine reads it
 * from. Which one a call carries must agree with the handle's pointer mode, as it does in cuBLAS where the mode
 * decides how the one pointer is read; a disagreement means the two sides of the wire lost track of the mode and is
 * refused with {@link CublasStatus#INVALID_VALUE}.
 * <p>
 * Host values are held as doubles: a float widens exactly and single-precision routines narrow it back unchanged.
 */
public sealed interface Scalar permits Scalar.HostValue, Scalar.DeviceAddress
{
    static Scalar host(final double value)
    {
        return new HostValue(value);
    }

    static Scalar device(final long address)
    {
        return new DeviceAddress(address);
    }

    /**
     * A scalar passed by value, for {@link CublasPointerMode#HOST}.
     */
    record HostValue(double value) implements Scalar
    {
    }

    /**
     * A scalar the routine reads from device memory, for {@link CublasPointerMode#DEVICE}.
     */
    record DeviceAddress(long address) implements Scalar
    {
    }
}
