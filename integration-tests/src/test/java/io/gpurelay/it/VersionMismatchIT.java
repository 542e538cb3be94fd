package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.ClientResponseListener;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;
import org.agrona.SemanticVersion;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client speaking another protocol version is refused, and the refusal names both versions.
 */
class VersionMismatchIT
{
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void mismatchedVersionIsRefusedNamingBothVersions(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            final int futureVersion = SemanticVersion.compose(SemanticVersion.major(Protocol.PROTOCOL_VERSION) + 1, 0, 0);
            final AtomicReference<String> rejection = new AtomicReference<>();
            final AtomicReference<RejectReason> reason = new AtomicReference<>();
            final ClientResponseListener listener = new ClientResponseListener()
            {
                public void onConnected(final long correlationId, final long sessionId, final int protocolVersion,
                    final int requestStreamId, final int requestPublicationSessionId,
                    final byte[] executorPublicKey, final byte[] executorProof, final int deviceCount,
                    final long keepAliveIntervalMs, final String executorVersion, final String backend)
                {
                    rejection.set("unexpectedly connected");
                }

                public void onRejected(final long correlationId, final RejectReason rejectReason,
                    final int executorProtocolVersion, final String detail)
                {
                    reason.set(rejectReason);
                    rejection.set(detail);
                }

                public void onReply(final long correlationId, final int status, final long[] values,
                    final int valueCount, final String message, final DirectBuffer payload, final int payloadOffset,
                    final int payloadLength, final long totalPayloadLength)
                {
                }

                public void onBulkData(final long correlationId, final long offset, final DirectBuffer buffer,
                    final int chunkOffset, final int length)
                {
                }
            };

            try (Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDir().toString()));
                Subscription responses = aeron.addSubscription("aeron:ipc", 7777);
                Publication control = aeron.addPublication("aeron:ipc", Protocol.CONTROL_STREAM_ID))
            {
                final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TimeUnit.SECONDS.toNanos(20));
                assertTrue(proxy.connect(control, 1, 7777, ProcessHandle.current().pid(), "aeron:ipc",
                    "version-test", new byte[32], new byte[32], futureVersion));
                final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(listener));
                final SleepingMillisIdleStrategy idle = new SleepingMillisIdleStrategy(5);
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (rejection.get() == null && System.nanoTime() < deadline)
                {
                    idle.idle(responses.poll(assembler, 10));
                }
            }

            final String detail = rejection.get();
            assertNotNull(detail, "no answer from the executor");
            assertEquals(RejectReason.VERSION_MISMATCH, reason.get(), detail);
            assertTrue(detail.contains(Protocol.versionString(futureVersion)), detail);
            assertTrue(detail.contains(Protocol.versionString(Protocol.PROTOCOL_VERSION)), detail);
        }
    }
}
