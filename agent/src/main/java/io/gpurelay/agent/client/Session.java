package io.gpurelay.agent.client;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.protocol.ClientProxy;
import org.agrona.CloseHelper;

/**
 * An accepted session and the Aeron resources behind it. The proxy is not thread safe: callers hold the client's
 * send lock. Polling is done under the client's poll lock.
 */
final class Session implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 16;

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
    private final Subscription responses;
    private final FragmentAssembler assembler;
    private final ResponseImageWatch responseImage;
    private final Aeron aeron;
    private final DriverHandle driver;

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
        final ClientTransferRegion transferRegion)
    {
        this.transferRegion = transferRegion;
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
    }

    /**
     * Deliver what arrived on the response stream. Callers hold the poll lock.
     */
    int poll()
    {
        return responses.poll(assembler, FRAGMENT_LIMIT);
    }

    /**
     * @return why the executor is gone, or null while it looks alive.
     */
    String lostReason()
    {
        if (responseImage.isLost())
        {
            return "its reply stream closed";
        }
        if (!requests.isConnected())
        {
            return "it stopped reading the session's requests";
        }
        return null;
    }

    public void close()
    {
        CloseHelper.closeAll(aeron, driver);
    }
}
