package io.gpurelay.driver;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;

/**
 * A lock file that a gpurelay process holds in the Aeron directory of each media driver it launches, for as long as
 * the driver runs. The operating system releases it when the process dies, however it dies, so a directory whose
 * lock can be taken belongs to a dead driver even while its heartbeat still looks fresh: after {@code kill -9} an
 * executor restarts at once instead of waiting out the driver timeout. File locks hold across processes and
 * containers of one host, unlike process ids.
 */
final class DriverDirectoryLock implements AutoCloseable
{
    static final String FILE_NAME = "gpurelay-driver.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DriverDirectoryLock(final FileChannel channel, final FileLock lock)
    {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Take the lock of a directory whose driver this process just launched.
     *
     * @throws IllegalStateException if another process holds it.
     */
    static DriverDirectoryLock hold(final String aeronDir)
    {
        final File file = new File(aeronDir, FILE_NAME);
        try
        {
            final FileChannel channel = FileChannel.open(
                file.toPath(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            final FileLock lock = channel.tryLock();
            if (lock == null)
            {
                channel.close();
                throw new IllegalStateException("another process holds " + file);
            }
            return new DriverDirectoryLock(channel, lock);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot lock " + file + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @return true if the directory has a lock file that no live process holds: its driver is dead.
     */
    static boolean isAbandoned(final File aeronDir)
    {
        final File file = new File(aeronDir, FILE_NAME);
        if (!file.isFile())
        {
            return false;
        }
        try (FileChannel channel = FileChannel.open(file.toPath(), StandardOpenOption.WRITE))
        {
            final FileLock lock = channel.tryLock();
            if (lock == null)
            {
                return false;
            }
            lock.release();
            return true;
        }
        catch (final OverlappingFileLockException ex)
        {
            return false;
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    public void close()
    {
        try
        {
            lock.release();
            channel.close();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot release the driver directory lock: " + ex.getMessage(), ex);
        }
    }
}
