package io.gpurelay.agent.client;

import java.io.IOException;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.protocol.ClientName;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.SessionChannels;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;

/**
 * The handshake: find or start a media driver, subscribe to the response channel, send a {@code ConnectRequest} on
 * the executor's control stream and wait, at most the configured timeout, for {@code Connected} or
 * {@code ConnectRejected}; then check the executor's proof of the token, derive the session's keys and open the
 * session's request stream with the Aeron session id the executor assigned. On UDP, everything after
 * {@code Connected} is sealed both ways.
 */
final class SessionConnector
{
    static final long HANDSHAKE_CORRELATION_ID = 1;
    /** Messages on response streams that did not open with their session's key, for saying so once. */
    private static final AtomicLong DROPPED_REPLIES = new AtomicLong();

    private final AgentConfig config;
    private final ResponseRouter router;
    private final long timeoutNs;
    private final IdleStrategy idleStrategy;

    SessionConnector(final AgentConfig config, final ResponseRouter router)
    {
        this.config = config;
        this.router = router;
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(config.timeoutMs());
        this.idleStrategy = ClientIdleStrategies.waiting(config.profile());
    }

    Session connect() throws ConnectFailure
    {
        final long deadline = System.nanoTime() + timeoutNs;
        final String channel = config.executorChannel();
        final String configuredDirectory = config.aeronDirectoryName();
        final boolean driverRuns = MediaDrivers.isDriverActive(configuredDirectory);
        if (ChannelUri.parse(channel).isIpc() && !driverRuns)
        {
            throw new ConnectFailure("no executor answered on " + channel +
                " (no media driver runs in aeron dir " + configuredDirectory + ", so no executor shares it)");
        }

        DriverHandle driver = null;
        Aeron aeron = null;
        try
        {
            if (!driverRuns)
            {
                config.profile().applyAsClientDefaults();
                RelocatedClassNames.relocate(System.getProperties());
            }
            driver = MediaDrivers.useOrLaunchPrivate(configuredDirectory, config.profile(), AgentLog::debug);
            final String directory = driver.aeronDirectoryName();
            aeron = Aeron.connect(new Aeron.Context()
                .aeronDirectoryName(directory)
                .clientName(ClientName.aeronClientName("gpurelay agent", config.clientName()))
                .threadFactory(task -> ClientThreads.daemon(task, "gpurelay-aeron-client"))
                .errorHandler(error -> AgentLog.debug("aeron: " + AgentLog.describe(error))));

            final Session session = handshake(channel, directory, aeron, driver, deadline);
            AgentLog.debug("session " + session.sessionId + " uses the media driver in " + directory +
                (driver.isEmbedded() ? " (embedded)" : ""));
            return session;
        }
        catch (final ConnectFailure failure)
        {
            CloseHelper.quietCloseAll(aeron, driver);
            throw failure;
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(aeron, driver);
            throw new ConnectFailure("cannot reach the executor on " + channel + ": " + AgentLog.describe(ex));
        }
    }

    /**
     * @param deadline when the whole connect, the media driver's start included, must have ended.
     */
    private Session handshake(
        final String channel, final String directory, final Aeron aeron, final DriverHandle driver,
        final long deadline) throws ConnectFailure
    {
        final ResponseEndpoint endpoint = ResponseEndpoint.forExecutor(channel, config.responseChannel());
        final ResponseImageWatch responseImage = new ResponseImageWatch();
        final Subscription responses = aeron.addSubscription(
            endpoint.channel(), endpoint.streamId(), responseImage::onAvailable, responseImage::onUnavailable);
        final OpeningFragmentHandler opening = new OpeningFragmentHandler(new ClientResponseAdapter(router),
            SessionConnector::onDroppedReply);
        final FragmentAssembler assembler = new FragmentAssembler(opening);

        final String advertisedChannel = endpoint.needsPortResolution() ?
            resolvePort(responses, deadline) : endpoint.channel();

        final ClientProxy proxy = new ClientProxy(ClientIdleStrategies.waiting(config.profile()), timeoutNs);
        router.expectHandshake(HANDSHAKE_CORRELATION_ID);
        final ClientHandshake clientHandshake = new ClientHandshake(config.token());
        final long pid = ProcessHandle.current().pid();
        final byte[] proof = clientHandshake.proveToken(HANDSHAKE_CORRELATION_ID, Protocol.PROTOCOL_VERSION,
            endpoint.streamId(), pid, advertisedChannel, config.clientName());
        try (ExclusivePublication control = aeron.addExclusivePublication(channel, Protocol.CONTROL_STREAM_ID))
        {
            final boolean sent = proxy.connect(control, HANDSHAKE_CORRELATION_ID, endpoint.streamId(), pid,
                advertisedChannel, config.clientName(), clientHandshake.publicKey(), proof, Protocol.PROTOCOL_VERSION);
            idleStrategy.reset();
            while (sent && router.handshake() == null && System.nanoTime() - deadline < 0)
            {
                idleStrategy.idle(responses.poll(assembler, 1));
            }
        }

        final ResponseRouter.Handshake handshake = router.handshake();
        if (handshake == null)
        {
            throw new ConnectFailure("no executor answered on " + channel + " (aeron dir " + directory +
                ") within " + config.timeoutMs() + " ms");
        }
        if (!handshake.accepted())
        {
            throw new ConnectFailure("the executor on " + channel + " refused the session (" +
                handshake.rejectReason() + "): " + handshake.rejectDetail());
        }
        if (!Protocol.compatible(Protocol.PROTOCOL_VERSION, handshake.protocolVersion()))
        {
            throw new ConnectFailure("the executor on " + channel + " speaks protocol " +
                Protocol.versionString(handshake.protocolVersion()) + ", this agent " +
                Protocol.versionString(Protocol.PROTOCOL_VERSION));
        }

        final SessionKeys keys;
        try
        {
            keys = clientHandshake.complete(handshake.sessionId(), handshake.requestStreamId(),
                handshake.requestPublicationSessionId(), Protocol.sealsSessions(channel), handshake.executorPublicKey(),
                handshake.executorProof());
        }
        catch (final HandshakeException ex)
        {
            throw new ConnectFailure("authentication failed: the executor on " + channel + " accepted the session " +
                "but " + ex.getMessage() + " (is the token right, and is it the executor?)");
        }
        final ChannelUri requestChannel = ChannelUri.parse(channel);
        requestChannel.put(CommonContext.SESSION_ID_PARAM_NAME, Integer.toString(keys.requestPublicationSessionId()));
        final ExclusivePublication requests = aeron.addExclusivePublication(
            SessionChannels.forSessionPublication(requestChannel.toString()), handshake.requestStreamId());
        if (keys.sealed())
        {
            proxy.sealWith(keys.requestSealer());
            opening.requireSealed(keys.replyOpener());
        }
        final long requestsDeadline = System.nanoTime() + timeoutNs;
        idleStrategy.reset();
        while (!requests.isConnected())
        {
            if (System.nanoTime() - requestsDeadline >= 0)
            {
                throw new ConnectFailure("the executor on " + channel + " accepted session " +
                    handshake.sessionId() + " but did not open its request stream within " + config.timeoutMs() +
                    " ms");
            }
            idleStrategy.idle();
        }
        return new Session(handshake, channel, directory, proxy, requests, responses, assembler, responseImage,
            aeron, driver, mapTransferRegion(directory, handshake.sessionId()),
            keys.sealed() ? keys.callbackSealer() : null);
    }

    /**
     * Map the transfer region the executor offered, before the session's first request: the executor removes the
     * region's file when that request arrives. Without it copies move through Aeron, as they always can.
     */
    private ClientTransferRegion mapTransferRegion(final String directory, final long sessionId)
    {
        final String offered = router.offeredTransferRegion();
        if (offered == null)
        {
            return null;
        }
        try
        {
            final ClientTransferRegion region =
                ClientTransferRegion.map(directory, offered, router.offeredTransferRegionLength());
            AgentLog.debug("session " + sessionId + ": copies move through the shared-memory region " + offered +
                " (" + region.region().length() + " bytes, " + region.region().slotCount() + " slots of " +
                region.region().slotBytes() + " bytes, " + config.copyThreads() + " copy threads)");
            return region;
        }
        catch (final IOException | RuntimeException ex)
        {
            AgentLog.warn("session " + sessionId + ": cannot map the executor's transfer region (" +
                AgentLog.describe(ex) + "); copies move through Aeron");
            return null;
        }
    }

    /**
     * A message on the response stream that is not the executor's: said once, then only at debug level.
     */
    private static void onDroppedReply(final MessageOpener.Outcome why)
    {
        final String line = "dropped a message on the response stream that did not open with the session's key (" +
            why + "): someone other than the executor is sending to this client";
        if (DROPPED_REPLIES.incrementAndGet() == 1)
        {
            AgentLog.warn(line);
        }
        else
        {
            AgentLog.debug(line);
        }
    }

    private String resolvePort(final Subscription responses, final long deadline) throws ConnectFailure
    {
        idleStrategy.reset();
        String resolved;
        while ((resolved = responses.tryResolveChannelEndpointPort()) == null)
        {
            if (System.nanoTime() - deadline >= 0)
            {
                throw new ConnectFailure("the response channel " + responses.channel() + " did not bind within " +
                    config.timeoutMs() + " ms");
            }
            idleStrategy.idle();
        }
        return resolved;
    }
}
