package io.gpurelay.executor.resources;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.Consumer;

import io.gpurelay.executor.backend.BackendHostMemory;
import io.gpurelay.protocol.PinnedMemoryFiles;
import org.agrona.IoUtil;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The pinned host memory a session shares with its IPC client ({@link PinnedMemoryFiles}): one file per allocation in
 * the Aeron directory, created, sized and mapped here, page-locked by the backend, and counted against the session's
 * limit ({@code --pinned-memory}) so that no client makes the executor lock unbounded host memory.
 * <p>
 * The executor owns every file: it names them (session id and 128 random bits, owner-only), removes each name as soon
 * as the client has used the allocation (the client removes it too once mapped), and removes what is left when the
 * allocation is freed or the session ends, however it ends; a dead worker's files are removed by its supervisor by
 * pattern ({@link #deleteFilesOf}). Copies name an allocation by its handle and an offset, checked here against the
 * allocation's bounds: no client address is ever trusted.
 * <p>
 * Used by the session's thread only.
 */
public final class SessionPinnedMemory implements AutoCloseable
{
    private static final SecureRandom RANDOM = new SecureRandom();

    /** One live allocation. */
    public static final class Entry
    {
        public final long handle;
        public final Path file;
        public final MappedByteBuffer mapped;
        public final long length;
        public BackendHostMemory backend;
        boolean fileDeleted;

        private Entry(final long handle, final Path file, final MappedByteBuffer mapped, final long length)
        {
            this.handle = handle;
            this.file = file;
            this.mapped = mapped;
            this.length = length;
        }

        /**
         * Whether {@code [offset, offset + count)} lies inside the allocation.
         */
        public boolean contains(final long offset, final long count)
        {
            return offset >= 0 && count >= 0 && offset <= length - count;
        }
    }

    private final Path directory;
    private final long sessionId;
    private final long limitBytes;
    private final Long2ObjectHashMap<Entry> entries = new Long2ObjectHashMap<>();
    /** Handles start at a random value, so that a handle of an earlier session of the client names nothing here. */
    private long nextHandle = (RANDOM.nextLong() & 0x3FFF_FFFF_0000_0000L) + 1;
    private long usedBytes;

    /**
     * @param limitBytes what the session's allocations may hold together.
     */
    public SessionPinnedMemory(final Path directory, final long sessionId, final long limitBytes)
    {
        this.directory = directory;
        this.sessionId = sessionId;
        this.limitBytes = limitBytes;
    }

    /**
     * Why an allocation of {@code size} bytes cannot be made now, or null when it can.
     */
    public String refusal(final long size)
    {
        final long pages = PinnedMemoryFiles.pages(size);
        if (size <= 0 || pages < 0)
        {
            return "size " + size + " is not a positive byte count";
        }
        if (pages > limitBytes - usedBytes)
        {
            return pages + " bytes would exceed the session's pinned memory limit (--pinned-memory " + limitBytes +
                " bytes, " + usedBytes + " in use)";
        }
        try
        {
            final long usable = Files.getFileStore(directory).getUsableSpace();
            if (usable < pages)
            {
                return "the Aeron directory's file system has " + usable + " bytes free, not " + pages;
            }
        }
        catch (final IOException ex)
        {
            return "cannot read the free space of " + directory + ": " + ex.getMessage();
        }
        return null;
    }

    /**
     * Create, size and map the file of a new allocation, which {@link #refusal} allowed; it is not live until
     * {@link #add}ed.
     *
     * @throws IOException when the file cannot be made; nothing is left behind then.
     */
    public Entry create(final long size) throws IOException
    {
        final long pages = PinnedMemoryFiles.pages(size);
        final byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        final Path file = directory.resolve(PinnedMemoryFiles.FILE_NAME_PREFIX + Long.toHexString(sessionId) + "-" +
            HexFormat.of().formatHex(random));
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.setLength(pages);
            final MappedByteBuffer mapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, pages);
            mapped.order(ByteOrder.nativeOrder());
            return new Entry(nextHandle++, file, mapped, pages);
        }
        catch (final IOException | RuntimeException ex)
        {
            Files.deleteIfExists(file);
            throw ex;
        }
    }

    public void add(final Entry entry, final BackendHostMemory backend)
    {
        entry.backend = backend;
        entries.put(entry.handle, entry);
        usedBytes += entry.length;
    }

    /**
     * Undo {@link #create} for an allocation that never became live.
     */
    public void discard(final Entry entry)
    {
        release(entry);
    }

    /**
     * The live allocation of this handle, or null. Its use proves the client has mapped it, so its name goes.
     */
    public Entry get(final long handle)
    {
        final Entry entry = entries.get(handle);
        if (entry != null && !entry.fileDeleted)
        {
            deleteFile(entry);
        }
        return entry;
    }

    /**
     * Forget an allocation; the caller unregisters it from the backend, then {@link #release}s it.
     */
    public Entry remove(final long handle)
    {
        final Entry entry = entries.remove(handle);
        if (entry != null)
        {
            usedBytes -= entry.length;
        }
        return entry;
    }

    /**
     * Remove the file and unmap the allocation: the backend no longer uses it.
     */
    public void release(final Entry entry)
    {
        deleteFile(entry);
        IoUtil.unmap(entry.mapped);
    }

    /**
     * Free every allocation (the session ends): {@code unregister} undoes each one's backend registration first.
     */
    public void closeAll(final Consumer<Entry> unregister)
    {
        for (final Entry entry : entries.values())
        {
            try
            {
                if (entry.backend != null)
                {
                    unregister.accept(entry);
                }
            }
            finally
            {
                release(entry);
            }
        }
        entries.clear();
        usedBytes = 0;
    }

    public void close()
    {
        closeAll(entry -> { });
    }

    private static void deleteFile(final Entry entry)
    {
        entry.fileDeleted = true;
        try
        {
            Files.deleteIfExists(entry.file);
        }
        catch (final IOException ignore)
        {
            // Removed at the session's end, or by the supervisor by pattern.
        }
    }

    /**
     * Remove the files of a session's pinned allocations that a dead worker left behind.
     *
     * @return how many were removed.
     */
    public static int deleteFilesOf(final Path directory, final long sessionId) throws IOException
    {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(
            directory, PinnedMemoryFiles.FILE_NAME_PREFIX + Long.toHexString(sessionId) + "-*"))
        {
            for (final Path file : files)
            {
                if (PinnedMemoryFiles.FILE_NAME.matcher(file.getFileName().toString()).matches() &&
                    Files.deleteIfExists(file))
                {
                    deleted++;
                }
            }
        }
        return deleted;
    }
}
