package io.gpurelay.agent.client;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.security.MessageSealer;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;

/**
 * An accepted session and the Aeron resources behind it. The proxy is not thread safe: callers hold the client's
 * send lock. Polling is done under the client's poll lock.
 */
final class Session implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 16;
    /** {@link #requestsUnconnectedSinceNs} while the request stream is connected. */
    private static final long CONNECTED = Long.MIN_VALUE;
    /** The callback stream carries a few small messages at a time: Aeron's smallest term. */
    private static final String CALLBACK_TERM_LENGTH = "65536";

    final long sessionId;
    final int deviceCount;
    final long keepAliveIntervalMs;
    final String executorVersion;
    final String backend;
    final String executorChannel;
    final String aeronDirectoryName;
    final ClientProxy proxy;
    final ExclusivePublication requests;
    /** The shared-memory region copies move through on an IPC session, or null: they then move through Aeron. */
    final ClientTransferRegion transferRegion;
    /** Set once the executor refused shared pinned memory, or it could not be mapped: not asked again. */
    volatile boolean pinnedMemoryRefused;
    private final Subscription responses;
    private final FragmentAssembler assembler;
    private final ResponseImageWatch responseImage;
    private final Aeron aeron;
    private final DriverHandle driver;
    private final boolean requestsOverUdp;
    /** Since when the request stream has read as not connected, or {@link #CONNECTED}: any thread may check it. */
    private final AtomicLong requestsUnconnectedSinceNs = new AtomicLong(CONNECTED);
    private final int requestStreamId;
    private final int requestPublicationSessionId;
    /** Seals the answers to callbacks on a UDP session; null on IPC. */
    private final MessageSealer callbackSealer;
    /** Held to open the callback stream and to send on it: the callback thread and the keep-alive timer both do. */
    private final ReentrantLock callbackStreamLock = new ReentrantLock();
    private volatile ExclusivePublication callbackPublication;
    private ClientProxy callbackProxy;
    private ClientProxy callbackKeepAliveProxy;

    Session(
        final ResponseRouter.Handshake handshake,
        final String executorChannel,
        final String aeronDirectoryName,
        final ClientProxy proxy,
        final ExclusivePublication requests,
        final Subscription responses,
        final FragmentAssembler assembler,
        final ResponseImageWatch responseImage,
        final Aeron aeron,
        final DriverHandle driver,
        final ClientTransferRegion transferRegion,
        final MessageSealer callbackSealer)
    {
        this.transferRegion = transferRegion;
        this.requestStreamId = handshake.requestStreamId();
        this.requestPublicationSessionId = handshake.requestPublicationSessionId();
        this.callbackSealer = callbackSealer;
        this.sessionId = handshake.sessionId();
        this.deviceCount = handshake.deviceCount();
        this.keepAliveIntervalMs = handshake.keepAliveIntervalMs();
        this.executorVersion = handshake.executorVersion();
        this.backend = handshake.backend();
        this.executorChannel = executorChannel;
        this.aeronDirectoryName = aeronDirectoryName;
        this.proxy = proxy;
        this.requests = requests;
        this.responses = responses;
        this.assembler = assembler;
        this.responseImage = responseImage;
        this.aeron = aeron;
        this.driver = driver;
        this.requestsOverUdp = requests.channel().startsWith(CommonContext.UDP_CHANNEL);
    }

    /**
     * Deliver what arrived on the response stream. Callers hold the poll lock.
     */
    int poll()
    {
        return responses.poll(assembler, FRAGMENT_LIMIT);
    }

    /**
     * Open the session's callback stream, on which the answers to {@code CallbackDue} go, if it is not open yet: at the
     * first callback the application adds, so that sessions without callbacks have none. Published with the request
     * publication's Aeron session id, which the executor takes answers from, and sealed like the requests.
     */
    void openCallbackStream(final IdleStrategy idleStrategy, final long timeoutNs)
    {
        callbackStreamLock.lock();
        try
        {
            if (callbackPublication != null)
            {
                return;
            }
            // The media driver's MTU (at most 8 KiB in every profile), not a large one the channel names: a message
            // here is a hundred bytes, and Aeron's smallest term takes messages of at most 8 KiB.
            final ChannelUri channel = ChannelUri.parse(executorChannel);
            channel.remove(CommonContext.MTU_LENGTH_PARAM_NAME);
            channel.put(CommonContext.SESSION_ID_PARAM_NAME, Integer.toString(requestPublicationSessionId));
            channel.put(CommonContext.TERM_LENGTH_PARAM_NAME, CALLBACK_TERM_LENGTH);
            final ClientProxy proxy = ClientProxy.forCallbacks(idleStrategy, timeoutNs);
            final ClientProxy keepAliveProxy = ClientProxy.forCallbacks(NoOpIdleStrategy.INSTANCE, 0);
            if (callbackSealer != null)
            {
                // One sealer, so one sequence, for the stream's two proxies: they send under the same lock.
                proxy.sealWith(callbackSealer);
                keepAliveProxy.sealWith(callbackSealer);
            }
            callbackProxy = proxy;
            callbackKeepAliveProxy = keepAliveProxy;
            callbackPublication = aeron.addExclusivePublication(
                channel.toString(), Protocol.callbackStreamId(requestStreamId));
        }
        finally
        {
            callbackStreamLock.unlock();
        }
    }

    /**
     * Answer a {@code CallbackDue}: the callback has returned. Called by one thread, the client's callback thread,
     * after {@link #openCallbackStream}.
     *
     * @return false when the answer could not be sent within the timeout.
     */
    boolean callbackDone(final long callbackId)
    {
        callbackStreamLock.lock();
        try
        {
            return callbackPublication != null &&
                callbackProxy.callbackDone(callbackPublication, sessionId, callbackId);
        }
        finally
        {
            callbackStreamLock.unlock();
        }
    }

    /**
     * Tell an executor waiting for a callback's answer that this client lives, if the callback stream is open and
     * nobody is sending on it: one offer attempt, as a keep-alive the stream cannot take now is no loss (the executor
     * is not reading it, or is reading the answer the stream is busy with).
     */
    void callbackKeepAlive(final long nowMs)
    {
        if (callbackPublication == null || !callbackStreamLock.tryLock())
        {
            return;
        }
        try
        {
            callbackKeepAliveProxy.keepAlive(callbackPublication, sessionId, nowMs);
        }
        finally
        {
            callbackStreamLock.unlock();
        }
    }

    /**
     * Why the executor is gone, or null while it looks alive.
     * <p>
     * Over UDP a request stream reads as not connected whenever the executor's media driver has sent no status
     * message for Aeron's connection timeout, which a driver starved of CPU, or a path too slow for the copy under way,
     * does while the executor is alive: that slows the session down and must not end it. So over UDP only a stream
     * that stays unconnected for {@code stallLimitNs} counts; an executor that is really gone also closes the reply
     * stream (the image's liveness timeout), which counts at once. Over IPC not connected means the executor closed
     * its end, at once.
     *
     * @param stallLimitNs how long a UDP request stream may stay unconnected: the client's timeout.
     */
    String lostReason(final long nowNs, final long stallLimitNs)
    {
        if (responseImage.isLost())
        {
            return "its reply stream closed";
        }
        if (requests.isConnected())
        {
            requestsUnconnectedSinceNs.set(CONNECTED);
            return null;
        }
        if (!requestsOverUdp)
        {
            return "it stopped reading the session's requests";
        }
        requestsUnconnectedSinceNs.compareAndSet(CONNECTED, nowNs);
        final long unconnectedNs = nowNs - requestsUnconnectedSinceNs.get();
        return unconnectedNs < stallLimitNs ? null : "it stopped reading the session's requests for " +
            TimeUnit.NANOSECONDS.toMillis(unconnectedNs) + " ms";
    }

    public void close()
    {
        CloseHelper.closeAll(aeron, driver);
    }
}
