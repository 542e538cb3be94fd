package io.gpurelay.agent.client;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.gpurelay.protocol.TransferRegion;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The client's mapping of the transfer region its executor offered in {@code Connected}. What the offer names is
 * checked before anything is mapped: a file of the executor's naming pattern, directly in this client's Aeron
 * directory, of the announced length, within the region's bounds.
 * <p>
 * The mapping is never unmapped explicitly: an application thread may still be copying through it when the session
 * is lost or closed, and touching unmapped memory would crash the JVM. The buffer is released with the session, when
 * nothing refers to it any longer.
 */
final class ClientTransferRegion
{
    private final MappedByteBuffer mapped;
    private final TransferRegion region;

    private ClientTransferRegion(final MappedByteBuffer mapped)
    {
        this.mapped = mapped;
        this.region = TransferRegion.open(new UnsafeBuffer(mapped));
    }

    /**
     * @throws IOException              when the file cannot be opened or mapped.
     * @throws IllegalArgumentException when the offer is not what an executor offers.
     */
    static ClientTransferRegion map(final String aeronDirectoryName, final String fileName, final long length)
        throws IOException
    {
        if (!TransferRegion.FILE_NAME.matcher(fileName).matches())
        {
            throw new IllegalArgumentException("the offered region's name '" + fileName + "' is not an executor's");
        }
        if (length < TransferRegion.MIN_LENGTH || length > TransferRegion.MAX_LENGTH)
        {
            throw new IllegalArgumentException("the offered region's length " + length + " is not within " +
                TransferRegion.MIN_LENGTH + " to " + TransferRegion.MAX_LENGTH + " bytes");
        }
        final Path file = Path.of(aeronDirectoryName).resolve(fileName);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            if (channel.size() != length)
            {
                throw new IllegalArgumentException(file + " holds " + channel.size() + " bytes, the offer says " +
                    length);
            }
            return new ClientTransferRegion(channel.map(FileChannel.MapMode.READ_WRITE, 0, length));
        }
    }

    TransferRegion region()
    {
        return region;
    }

    MappedByteBuffer mapped()
    {
        return mapped;
    }
}
