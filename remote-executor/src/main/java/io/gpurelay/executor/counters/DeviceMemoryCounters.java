package io.gpurelay.executor.counters;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.Counter;
import io.gpurelay.executor.backend.DeviceMemoryFigures;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Each device's total and free memory as executor counters, refreshed from a {@link DeviceMemorySource} every second
 * on a thread of their own (an NVML read can take a millisecond, which the conductor should not wait for). The stat
 * view, the remote stat, the metrics endpoint and the registry reporter all read these counters, so they agree.
 * A figure the source cannot tell is {@link DeviceMemoryFigures#UNKNOWN} (-1).
 */
public final class DeviceMemoryCounters implements AutoCloseable
{
    /** A device's total memory in bytes; the key's first int is the device. */
    public static final int DEVICE_TOTAL_MEMORY_TYPE_ID = 7040;
    /** A device's free memory in bytes; the key's first int is the device. */
    public static final int DEVICE_FREE_MEMORY_TYPE_ID = 7041;
    /** Where the device is in the key. */
    public static final int DEVICE_KEY_OFFSET = 0;
    static final long REFRESH_INTERVAL_MS = 1000;

    private final DeviceMemorySource source;
    private final Counter[] total;
    private final Counter[] free;
    private final Thread thread;
    private volatile boolean running = true;

    private DeviceMemoryCounters(final Aeron aeron, final int deviceCount, final DeviceMemorySource source)
    {
        this.source = source;
        this.total = new Counter[deviceCount];
        this.free = new Counter[deviceCount];
        final UnsafeBuffer key = new UnsafeBuffer(new byte[Integer.BYTES]);
        try
        {
            for (int device = 0; device < deviceCount; device++)
            {
                key.putInt(DEVICE_KEY_OFFSET, device);
                total[device] = add(aeron, DEVICE_TOTAL_MEMORY_TYPE_ID, key, "device " + device + " total memory bytes");
                free[device] = add(aeron, DEVICE_FREE_MEMORY_TYPE_ID, key, "device " + device + " free memory bytes");
                total[device].setRelease(DeviceMemoryFigures.UNKNOWN);
                free[device].setRelease(DeviceMemoryFigures.UNKNOWN);
            }
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(total);
            CloseHelper.quietCloseAll(free);
            throw ex;
        }
        this.thread = new Thread(this::run, "gpurelay-device-memory");
        this.thread.setDaemon(true);
    }

    /**
     * Allocate the counters, fill them once and keep them fresh until closed; takes over the source.
     */
    public static DeviceMemoryCounters start(final Aeron aeron, final int deviceCount, final DeviceMemorySource source)
    {
        final DeviceMemoryCounters counters = new DeviceMemoryCounters(aeron, deviceCount, source);
        counters.refresh();
        counters.thread.start();
        return counters;
    }

    private static Counter add(final Aeron aeron, final int typeId, final UnsafeBuffer key, final String what)
    {
        final String label = "gpurelay executor " + what;
        final UnsafeBuffer labelBuffer = new UnsafeBuffer(label.getBytes(StandardCharsets.US_ASCII));
        return aeron.addCounter(typeId, key, 0, key.capacity(), labelBuffer, 0, labelBuffer.capacity());
    }

    private void refresh()
    {
        for (int device = 0; device < total.length; device++)
        {
            final DeviceMemoryFigures figures = source.read(device);
            total[device].setRelease(figures.totalBytes());
            free[device].setRelease(figures.freeBytes());
        }
    }

    private void run()
    {
        while (running)
        {
            try
            {
                Thread.sleep(REFRESH_INTERVAL_MS);
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            if (running)
            {
                refresh();
            }
        }
    }

    public void close()
    {
        running = false;
        thread.interrupt();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        CloseHelper.quietCloseAll(total);
        CloseHelper.quietCloseAll(free);
        CloseHelper.quietClose(source);
    }
}
