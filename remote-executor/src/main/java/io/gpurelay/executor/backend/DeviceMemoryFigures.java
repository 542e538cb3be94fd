package io.gpurelay.executor.backend;

/**
 * A device's memory at one moment: its total and how much of it is free, or {@link #UNKNOWN} for either where the
 * executor cannot tell.
 *
 * @param totalBytes bytes of memory the device has, or {@link #UNKNOWN}.
 * @param freeBytes  bytes of it free, or {@link #UNKNOWN}.
 */
public record DeviceMemoryFigures(long totalBytes, long freeBytes)
{
    /** A figure the executor cannot tell; the registry's placement treats an unknown free figure as enough. */
    public static final long UNKNOWN = -1;
    public static final DeviceMemoryFigures UNKNOWN_FIGURES = new DeviceMemoryFigures(UNKNOWN, UNKNOWN);

    public boolean known()
    {
        return totalBytes >= 0 && freeBytes >= 0;
    }
}
