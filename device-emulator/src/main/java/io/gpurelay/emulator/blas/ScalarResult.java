package io.gpurelay.emulator.blas;

/**
 * Where a reduction (dot, nrm2, asum, iamax, iamin) puts its result: back to the host, where this object holds it
 * after a successful call, or into device memory. Like {@link Scalar}, the choice must agree with the handle's
 * pointer mode.
 */
public final class ScalarResult
{
    private final boolean onDevice;
    private final long deviceAddress;
    private double value;
    private int index;

    private ScalarResult(final boolean onDevice, final long deviceAddress)
    {
        this.onDevice = onDevice;
        this.deviceAddress = deviceAddress;
    }

    public static ScalarResult toHost()
    {
        return new ScalarResult(false, 0);
    }

    public static ScalarResult toDevice(final long address)
    {
        return new ScalarResult(true, address);
    }

    public boolean isOnDevice()
    {
        return onDevice;
    }

    public long deviceAddress()
    {
        return deviceAddress;
    }

    /**
     * The result of dot, nrm2 or asum returned to the host; a single-precision result widened exactly.
     */
    public double value()
    {
        return value;
    }

    /**
     * The 1-based result of iamax or iamin returned to the host; 0 when the vector was empty.
     */
    public int index()
    {
        return index;
    }

    void hostValue(final double value)
    {
        this.value = value;
    }

    void hostIndex(final int index)
    {
        this.index = index;
    }

    public String toString()
    {
        return onDevice ? "ScalarResult{device 0x" + Long.toHexString(deviceAddress) + "}" :
            "ScalarResult{host value=" + value + ", index=" + index + "}";
    }
}
