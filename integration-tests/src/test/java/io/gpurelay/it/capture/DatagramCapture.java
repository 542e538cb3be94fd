package io.gpurelay.it.capture;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.aeron.driver.DataPacketDispatcher;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ReceiveChannelEndpointSupplier;
import io.aeron.driver.SendChannelEndpointSupplier;
import io.aeron.driver.media.ReceiveChannelEndpoint;
import io.aeron.driver.media.SendChannelEndpoint;
import io.aeron.driver.media.UdpChannel;
import io.aeron.protocol.DataHeaderFlyweight;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * Records every UDP datagram a media driver sends and every data datagram it receives, through the driver's own
 * endpoint hooks, into the file named by the system property {@value #FILE_PROPERTY}: a byte 'S' (sent) or 'R'
 * (received), the length, the bytes. Used in an executor's JVM with
 * {@code -Daeron.SendChannelEndpoint.supplier=io.gpurelay.it.capture.DatagramCapture$Sending} and
 * {@code -Daeron.ReceiveChannelEndpoint.supplier=io.gpurelay.it.capture.DatagramCapture$Receiving}.
 */
public final class DatagramCapture
{
    public static final String FILE_PROPERTY = "gpurelay.test.capture";
    public static final byte SENT = 'S';
    public static final byte RECEIVED = 'R';

    private static DataOutputStream out;

    private DatagramCapture()
    {
    }

    /**
     * A recorded datagram.
     */
    public record Datagram(byte direction, byte[] bytes)
    {
    }

    public static List<Datagram> read(final Path file) throws IOException
    {
        final List<Datagram> datagrams = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file)))
        {
            while (true)
            {
                final byte direction;
                try
                {
                    direction = in.readByte();
                }
                catch (final EOFException end)
                {
                    return datagrams;
                }
                final byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                datagrams.add(new Datagram(direction, bytes));
            }
        }
    }

    private static synchronized void record(final byte direction, final byte[] bytes)
    {
        try
        {
            if (out == null)
            {
                out = new DataOutputStream(new FileOutputStream(System.getProperty(FILE_PROPERTY), true));
            }
            out.writeByte(direction);
            out.writeInt(bytes.length);
            out.write(bytes);
            out.flush();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static void record(final byte direction, final ByteBuffer buffer)
    {
        final byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        record(direction, bytes);
    }

    public static final class Sending implements SendChannelEndpointSupplier
    {
        public SendChannelEndpoint newInstance(
            final UdpChannel udpChannel, final AtomicCounter statusIndicator, final MediaDriver.Context context)
        {
            return new SendChannelEndpoint(udpChannel, statusIndicator, context)
            {
                public int send(final ByteBuffer buffer)
                {
                    record(SENT, buffer);
                    return super.send(buffer);
                }
            };
        }
    }

    public static final class Receiving implements ReceiveChannelEndpointSupplier
    {
        public ReceiveChannelEndpoint newInstance(
            final UdpChannel udpChannel,
            final DataPacketDispatcher dispatcher,
            final AtomicCounter statusIndicator,
            final MediaDriver.Context context)
        {
            return new ReceiveChannelEndpoint(udpChannel, dispatcher, statusIndicator, context)
            {
                public int onDataPacket(
                    final DataHeaderFlyweight header,
                    final UnsafeBuffer buffer,
                    final int length,
                    final InetSocketAddress srcAddress,
                    final int transportIndex)
                {
                    final byte[] bytes = new byte[length];
                    buffer.getBytes(0, bytes);
                    record(RECEIVED, bytes);
                    return super.onDataPacket(header, buffer, length, srcAddress, transportIndex);
                }
            };
        }
    }
}
