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

    DriverHandle(final String aeronDirectoryName, final MediaDriver embedded)
    {
        this.aeronDirectoryName = aeronDirectoryName;
        this.embedded = embedded;
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
        CloseHelper.close(embedded);
    }
}
