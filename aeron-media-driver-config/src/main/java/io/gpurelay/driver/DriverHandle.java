package io.gpurelay.driver;

import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;

/**
 * The media driver a process uses: one it launched (and closes), or one running elsewhere (left alone).
 */
public final class DriverHandle implements AutoCloseable
{
    private final String aeronDirectoryName;
    private final MediaDriver embedded;
    private final DriverDirectoryLock lock;

    DriverHandle(final String aeronDirectoryName, final MediaDriver embedded, final DriverDirectoryLock lock)
    {
        this.aeronDirectoryName = aeronDirectoryName;
        this.embedded = embedded;
        this.lock = lock;
    }

    public String aeronDirectoryName()
    {
        return aeronDirectoryName;
    }

    public boolean isEmbedded()
    {
        return embedded != null;
    }

    public void close()
    {
        CloseHelper.closeAll(embedded, lock);
    }
}
