package io.gpurelay.executor.stat;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.logbuffer.Header;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.protocol.ConnectRequestListener;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.MalformedCallException;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.StatMessages;
import io.gpurelay.protocol.VarDataBounds;
import io.gpurelay.protocol.codecs.ConnectRejectedDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersManager;

/**
 * The counters of an executor on another host, over its channel: each read is one authenticated exchange
 * ({@code StatRequest}, answered with {@code StatAccepted} and {@code StatSnapshot}), which proves the token as a
 * connect request does and takes the snapshot sealed over UDP. It runs a media driver of its own, as a client does,
 * and rebuilds the counters in memory so that {@link ExecutorSnapshot#read} sees what a reader of the executor's CnC
 * file sees.
 */
final class RemoteStat implements AutoCloseable
{
    private static final int RESPONSE_STREAM_ID = Protocol.DEFAULT_RESPONSE_STREAM_ID;
    private static final int FRAGMENT_LIMIT = 16;
    /** More than a snapshot holds: every counter in it takes more than {@code MAX_SNAPSHOT_LENGTH / 4096} bytes. */
    private static final int COUNTER_CAPACITY = 4096;

    private final String executorChannel;
    private final String token;
    private final long timeoutNs;
    private final Path aeronDir;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Subscription responses;
    private final ExclusivePublication control;
    private final String responseChannel;
    private final boolean sealed;
    private final StatMessages messages = new StatMessages();
    private final UnsafeBuffer requestBuffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final IdleStrategy idle = new BackoffIdleStrategy(10, 10, 1_000, 1_000_000);
    private final UnsafeBuffer counterMetaData =
        new UnsafeBuffer(ByteBuffer.allocateDirect(COUNTER_CAPACITY * CountersManager.METADATA_LENGTH));
    private final UnsafeBuffer counterValues =
        new UnsafeBuffer(ByteBuffer.allocateDirect(COUNTER_CAPACITY * CountersManager.COUNTER_LENGTH));
    private long correlationId = System.nanoTime();

    /**
     * @param responseChannel the channel the executor answers on, or null: this host's address towards the executor,
     *                        on a free UDP port.
     */
    RemoteStat(final String executorChannel, final String token, final String responseChannel, final long timeoutNs)
        throws IOException
    {
        this.executorChannel = executorChannel;
        this.token = token;
        this.timeoutNs = timeoutNs;
        this.sealed = Protocol.sealsSessions(executorChannel);
        if (ChannelUri.parse(executorChannel).isIpc())
        {
            throw new IllegalArgumentException("an executor on this host is read from its CnC file: give --aeron-dir " +
                "instead of an aeron:ipc channel");
        }
        this.responseChannel = responseChannel != null ? responseChannel : defaultResponseChannel(executorChannel);
        aeronDir = Files.createTempDirectory("gpurelay-stat-");
        MediaDriver launched = null;
        Aeron connected = null;
        try
        {
            launched = MediaDrivers.launch(aeronDir.toString(), DriverProfile.SHARED);
            connected = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir.toString())
                .clientName("gpurelay stat"));
            this.responses = connected.addSubscription(this.responseChannel, RESPONSE_STREAM_ID);
            this.control = connected.addExclusivePublication(executorChannel, Protocol.CONTROL_STREAM_ID);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(connected, launched);
            IoUtil.delete(aeronDir.toFile(), true);
            throw ex;
        }
        this.driver = launched;
        this.aeron = connected;
    }

    /**
     * @throws IllegalStateException naming what went wrong: no executor answered in time, it refused the request, or
     *                               its answer did not prove the token.
     */
    ExecutorSnapshot read() throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + timeoutNs;
        await(deadlineNs, control::isConnected, "no executor answers on " + executorChannel);
        final long id = ++correlationId;
        final ClientHandshake handshake = new ClientHandshake(token);
        final byte[] proof = handshake.proveToken(id, Protocol.PROTOCOL_VERSION, RESPONSE_STREAM_ID,
            ConnectRequestListener.STAT_CLIENT_PID, responseChannel, ConnectRequestListener.STAT_CLIENT_NAME);
        final int length = messages.encodeRequest(requestBuffer, id, RESPONSE_STREAM_ID, responseChannel,
            handshake.publicKey(), proof);
        while (control.offer(requestBuffer, 0, length) < 0)
        {
            check(deadlineNs, "the executor on " + executorChannel + " does not take the request");
            idle.idle();
        }
        final Answer answer = new Answer(id, handshake);
        final FragmentAssembler assembler = new FragmentAssembler(answer::onFragment);
        idle.reset();
        while (answer.snapshot == null && answer.failure == null)
        {
            check(deadlineNs, "no answer from the executor on " + executorChannel + " within " +
                TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms (it cannot reach " + responseChannel +
                ", or speaks a protocol older than remote stat)");
            idle.idle(responses.poll(assembler, FRAGMENT_LIMIT));
        }
        if (answer.failure != null)
        {
            throw new IllegalStateException(answer.failure);
        }
        return answer.snapshot;
    }

    String responseChannel()
    {
        return responseChannel;
    }

    public void close()
    {
        CloseHelper.quietCloseAll(control, responses, aeron, driver);
        IoUtil.delete(aeronDir.toFile(), true);
    }

    /**
     * The host's address on the route to the executor, which the executor can send to; a UDP port free on it, from
     * below the ephemeral range ({@link FreePorts}), as this process's media driver binds it only after it is picked.
     */
    static String defaultResponseChannel(final String executorChannel) throws SocketException
    {
        final String endpoint = ChannelUri.parse(executorChannel).get(CommonContext.ENDPOINT_PARAM_NAME);
        if (endpoint == null)
        {
            throw new IllegalArgumentException("the executor channel names no endpoint: " + executorChannel);
        }
        final int colon = endpoint.lastIndexOf(':');
        final String host = endpoint.substring(0, colon).replace("[", "").replace("]", "");
        final int port = Integer.parseInt(endpoint.substring(colon + 1));
        final InetAddress local;
        try (DatagramSocket probe = new DatagramSocket())
        {
            probe.connect(new InetSocketAddress(host, port));
            local = probe.getLocalAddress();
        }
        final int freePort = FreePorts.udp(local);
        final String address = local.getHostAddress();
        return "aeron:udp?endpoint=" + (address.contains(":") ? "[" + address + "]" : address) + ":" + freePort;
    }

    private void check(final long deadlineNs, final String failure)
    {
        if (System.nanoTime() - deadlineNs > 0)
        {
            throw new IllegalStateException(failure);
        }
    }

    private void await(final long deadlineNs, final BooleanSupplier condition, final String failure)
        throws InterruptedException
    {
        while (!condition.getAsBoolean())
        {
            check(deadlineNs, failure);
            Thread.sleep(1);
        }
    }

    /**
     * What arrives for one request: the executor's key and proof, then the snapshot (sealed over UDP), or a refusal.
     */
    private final class Answer
    {
        private final long id;
        private final ClientHandshake handshake;
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final ConnectRejectedDecoder rejected = new ConnectRejectedDecoder();
        private MessageOpener opener;
        private boolean accepted;
        ExecutorSnapshot snapshot;
        String failure;

        Answer(final long id, final ClientHandshake handshake)
        {
            this.id = id;
            this.handshake = handshake;
        }

        void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header h)
        {
            if (!accepted)
            {
                onFirst(buffer, offset, length);
                return;
            }
            DirectBuffer message = buffer;
            int messageOffset = offset;
            int messageLength = length;
            if (opener != null)
            {
                messageLength = opener.open(buffer, offset, length);
                if (messageLength < 0)
                {
                    return;
                }
                message = opener.plaintext();
                messageOffset = 0;
            }
            counterMetaData.setMemory(0, counterMetaData.capacity(), (byte)0);
            counterValues.setMemory(0, counterValues.capacity(), (byte)0);
            final CountersManager counters = new CountersManager(counterMetaData, counterValues);
            try
            {
                final int omitted = messages.decodeSnapshot(message, messageOffset, messageLength, id,
                    (typeId, value, key, keyOffset, keyLength, label) ->
                    {
                        final int counterId = counters.allocate(label, typeId,
                            keyBuffer -> keyBuffer.putBytes(0, key, keyOffset, keyLength));
                        counters.setCounterValue(counterId, value);
                    });
                if (omitted >= 0)
                {
                    snapshot = ExecutorSnapshot.read(counters);
                }
            }
            catch (final MalformedCallException | IndexOutOfBoundsException ex)
            {
                failure = "the executor's snapshot could not be read: " + ex.getMessage();
            }
        }

        private void onFirst(final DirectBuffer buffer, final int offset, final int length)
        {
            final long[] correlation = new long[1];
            final byte[] executorPublicKey = new byte[32];
            final byte[] executorProof = new byte[32];
            if (messages.decodeAccepted(buffer, offset, length, correlation, executorPublicKey, executorProof))
            {
                if (correlation[0] != id)
                {
                    return;
                }
                try
                {
                    final SessionKeys keys = handshake.complete(0, 0, 0, sealed, executorPublicKey, executorProof);
                    opener = sealed ? keys.replyOpener() : null;
                    accepted = true;
                }
                catch (final HandshakeException ex)
                {
                    failure = "the executor on " + executorChannel + " did not prove the token: " + ex.getMessage();
                }
                return;
            }
            if (length >= MessageHeaderDecoder.ENCODED_LENGTH + ConnectRejectedDecoder.BLOCK_LENGTH)
            {
                header.wrap(buffer, offset);
                if (header.templateId() == ConnectRejectedDecoder.TEMPLATE_ID &&
                    header.schemaId() == ConnectRejectedDecoder.SCHEMA_ID)
                {
                    rejected.wrapAndApplyHeader(buffer, offset, header);
                    if (rejected.correlationId() == id)
                    {
                        rejected.reason();
                        rejected.protocolVersion();
                        VarDataBounds.check("detail", rejected.detailLength(), VarDataBounds.MAX_TEXT_LENGTH,
                            rejected.limit(), offset + length);
                        failure = "the executor refused: " + rejected.detail();
                    }
                }
            }
        }
    }
}
