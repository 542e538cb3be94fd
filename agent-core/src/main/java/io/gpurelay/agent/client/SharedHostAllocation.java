package io.gpurelay.agent.client;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.gpurelay.protocol.PinnedMemoryFiles;

/**
 * Pinned host memory that lives in shared memory the executor made and page-locked ({@link PinnedMemoryFiles}):
 * the client's mapping of the allocation's file, and the executor's handle of it in the session that made it.
 * Copies from and to it name the handle and an offset; they are used only while that session is the client's
 * current one, and after a reconnect the memory is ordinary host memory of this process.
 * <p>
 * The mapping is never unmapped explicitly: a Java view of it may outlive {@code cudaFreeHost}, and touching
 * unmapped memory would crash the JVM. It goes when nothing refers to it any longer.
 */
public final class SharedHostAllocation
{
    private final long handle;
    private final MappedByteBuffer buffer;
    private final Session session;

    private SharedHostAllocation(final long handle, final MappedByteBuffer buffer, final Session session)
    {
        this.handle = handle;
        this.buffer = buffer;
        this.session = session;
    }

    /**
     * Map the allocation's file, which must be what the executor makes: a file of its naming pattern directly in this
     * client's Aeron directory, of the announced length (whole pages, at least the {@code size} asked for). Its name is
     * removed once mapped. The application sees the first {@code size} bytes.
     *
     * @throws IOException              when the file cannot be opened or mapped.
     * @throws IllegalArgumentException when the reply does not describe an executor's allocation.
     */
    static SharedHostAllocation map(
        final Session session, final long handle, final String fileName, final long length, final long size)
        throws IOException
    {
        if (!PinnedMemoryFiles.FILE_NAME.matcher(fileName).matches())
        {
            throw new IllegalArgumentException("the pinned allocation's name '" + fileName + "' is not an executor's");
        }
        if (length < size || length > Integer.MAX_VALUE || length % PinnedMemoryFiles.PAGE_SIZE != 0)
        {
            throw new IllegalArgumentException("the pinned allocation's length " + length +
                " is not whole pages that one buffer holds");
        }
        final Path file = Path.of(session.aeronDirectoryName).resolve(fileName);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            if (channel.size() != length)
            {
                throw new IllegalArgumentException(file + " holds " + channel.size() + " bytes, the executor says " +
                    length);
            }
            final MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, length);
            final MappedByteBuffer view = mapped.slice(0, (int)size);
            view.order(ByteOrder.nativeOrder());
            return new SharedHostAllocation(handle, view, session);
        }
        finally
        {
            Files.deleteIfExists(file);
        }
    }

    public long handle()
    {
        return handle;
    }

    /**
     * The client's mapping, the memory the application sees.
     */
    public MappedByteBuffer buffer()
    {
        return buffer;
    }

    Session session()
    {
        return session;
    }
}
