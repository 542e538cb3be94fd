package io.gpurelay.executor.resources;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

import io.gpurelay.protocol.TransferRegion;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The file behind a session's {@link TransferRegion}, on the executor side that serves the session (the executor
 * with thread isolation, the session's worker with process isolation). It lives in the Aeron directory, which is
 * shared memory ({@code /dev/shm} on Linux) and which an IPC client shares with the executor, under a name with
 * 128 random bits, readable and writable by its owner only.
 * <p>
 * The file is removed as soon as the client has mapped it (the session's first request proves that), and in any
 * case when the session ends: the mappings stay valid without it, and no file outlives a session whose client died.
 * A worker that dies leaves its files to its supervisor, which removes a session's files by their name
 * ({@link #deleteFilesOf}).
 */
public final class SessionTransferRegion implements AutoCloseable
{
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long PAGE_SIZE = 4096;

    private final Path file;
    private final MappedByteBuffer mapped;
    private final TransferRegion region;
    private boolean fileDeleted;
    private boolean closed;

    private SessionTransferRegion(final Path file, final MappedByteBuffer mapped, final int chunkBytes)
    {
        this.file = file;
        this.mapped = mapped;
        this.region = TransferRegion.create(new UnsafeBuffer(mapped), chunkBytes);
    }

    /**
     * Create and map a region of {@code length} bytes, rounded down to whole pages (a GPU page-locks whole pages), for
     * a session, laid out in slots of {@code chunkBytes}.
     *
     * @throws IOException when the file cannot be created, sized or mapped; nothing is left behind then.
     */
    public static SessionTransferRegion create(
        final Path directory, final long sessionId, final long length, final int chunkBytes)
        throws IOException
    {
        final byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        final Path file = directory.resolve(
            TransferRegion.FILE_NAME_PREFIX + Long.toHexString(sessionId) + "-" + HexFormat.of().formatHex(random));
        final long pages = length & -PAGE_SIZE;
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.setLength(pages);
            final MappedByteBuffer mapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, pages);
            return new SessionTransferRegion(file, mapped, chunkBytes);
        }
        catch (final IOException | RuntimeException ex)
        {
            Files.deleteIfExists(file);
            throw ex;
        }
    }

    /**
     * Remove the files of a session's regions that a dead worker left behind.
     *
     * @return how many were removed.
     */
    public static int deleteFilesOf(final Path directory, final long sessionId) throws IOException
    {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(
            directory, TransferRegion.FILE_NAME_PREFIX + Long.toHexString(sessionId) + "-*"))
        {
            for (final Path file : files)
            {
                if (TransferRegion.FILE_NAME.matcher(file.getFileName().toString()).matches() &&
                    Files.deleteIfExists(file))
                {
                    deleted++;
                }
            }
        }
        return deleted;
    }

    public String fileName()
    {
        return file.getFileName().toString();
    }

    public Path file()
    {
        return file;
    }

    public TransferRegion region()
    {
        return region;
    }

    public MappedByteBuffer mapped()
    {
        return mapped;
    }

    /**
     * Remove the file; the mapping stays. Idempotent.
     */
    public void deleteFile() throws IOException
    {
        if (!fileDeleted)
        {
            fileDeleted = true;
            Files.deleteIfExists(file);
        }
    }

    /**
     * Remove the file and unmap the region. Only the session's thread uses the mapping, and it no longer does.
     */
    public void close() throws IOException
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            deleteFile();
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
    }
}
