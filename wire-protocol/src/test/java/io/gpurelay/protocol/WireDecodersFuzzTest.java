package io.gpurelay.protocol;

import java.util.concurrent.atomic.AtomicLong;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;

/**
 * Coverage-guided fuzzing of every decoder that reads bytes from the wire: the executor's control stream, a
 * session's request stream and callback stream, and a client's response stream. The first byte of an input picks the
 * decoder, the rest is the message. Whatever the bytes, a decoder must hand the listener a message or a reason it is
 * malformed, allocate no more than the limits allow (the fuzzing run has a small heap), and throw nothing.
 * <p>
 * Without {@code JAZZER_FUZZ} the committed corpus is replayed (a regression test); the build's {@code fuzz-decoders}
 * execution sets it and fuzzes for a bounded time, printing how many inputs ran.
 */
class WireDecodersFuzzTest
{
    private static final AtomicLong INPUTS = new AtomicLong();
    private static final AtomicLong MALFORMED = new AtomicLong();

    private final DecodedSink sink = new DecodedSink();
    private final ConnectRequestAdapter connectRequests = new ConnectRequestAdapter(sink);
    private final SessionRequestAdapter sessionRequests = new SessionRequestAdapter(sink);
    private final ClientResponseAdapter clientResponses = new ClientResponseAdapter(sink);
    private final CallbackDoneAdapter callbackAnswers = new CallbackDoneAdapter(sink);

    @FuzzTest(maxDuration = "60s")
    void decodersSurviveAnyInput(final byte[] input)
    {
        INPUTS.incrementAndGet();
        if (input.length == 0)
        {
            return;
        }
        final UnsafeBuffer message = new UnsafeBuffer(new byte[input.length + 7], 7, input.length - 1);
        message.putBytes(0, input, 1, input.length - 1);
        switch (input[0] & 3)
        {
            case 0 -> connectRequests.onFragment(message, 0, message.capacity(), null);
            case 1 -> sessionRequests.onFragment(message, 0, message.capacity(), null);
            case 2 -> clientResponses.onFragment(message, 0, message.capacity(), null);
            default -> callbackAnswers.onFragment(message, 0, message.capacity(), null);
        }
    }

    @AfterAll
    static void report()
    {
        System.out.println("WireDecodersFuzzTest: " + INPUTS.get() + " inputs decoded, " + MALFORMED.get() +
            " reported malformed");
    }

    /**
     * Reads everything a decoder hands over, as a real listener would.
     */
    private static final class DecodedSink implements ConnectRequestListener, SessionRequestListener,
        ClientResponseListener, CallbackDoneAdapter.Listener
    {
        private long checksum;

        public void onConnectRequest(
            final long correlationId,
            final int protocolVersion,
            final int responseStreamId,
            final long clientPid,
            final String responseChannel,
            final String clientName,
            final byte[] clientPublicKey,
            final byte[] clientProof)
        {
            checksum += correlationId + protocolVersion + responseStreamId + clientPid + responseChannel.length() +
                clientName.length() + clientPublicKey[0] + clientProof[0];
        }

        public void onCall(final CallView view)
        {
            checksum += view.sessionId() + view.correlationId() + view.functionId() + view.totalPayloadLength();
            for (int i = 0; i < view.argCount(); i++)
            {
                checksum += view.arg(i);
            }
            final DirectBuffer payload = view.payload();
            for (int i = 0; i < payload.capacity(); i++)
            {
                checksum += payload.getByte(i);
            }
        }

        public void onBulkData(
            final long sessionId,
            final long correlationId,
            final long offset,
            final DirectBuffer buffer,
            final int chunkOffset,
            final int length)
        {
            checksum += sessionId + correlationId + offset + touch(buffer, chunkOffset, length);
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
            checksum += sessionId + timestampMs;
        }

        public void onCloseSession(final long sessionId)
        {
            checksum += sessionId;
        }

        public void onStatRequest(
            final long correlationId,
            final int protocolVersion,
            final int responseStreamId,
            final String responseChannel,
            final byte[] clientPublicKey,
            final byte[] clientProof)
        {
            checksum += correlationId + protocolVersion + responseStreamId + responseChannel.length() +
                clientPublicKey[0] + clientProof[0];
        }

        public void onMalformed(final String reason)
        {
            MALFORMED.incrementAndGet();
            checksum += reason.length();
        }

        public void onConnected(
            final long correlationId,
            final long sessionId,
            final int executorProtocolVersion,
            final int requestStreamId,
            final int requestPublicationSessionId,
            final byte[] executorPublicKey,
            final byte[] executorProof,
            final int deviceCount,
            final long keepAliveIntervalMs,
            final String executorVersion,
            final String backend)
        {
            checksum += correlationId + sessionId + executorProtocolVersion + requestStreamId +
                requestPublicationSessionId + executorPublicKey[0] + executorProof[0] + deviceCount +
                keepAliveIntervalMs + executorVersion.length() + backend.length();
        }

        public void onRejected(
            final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
        {
            checksum += correlationId + reason.ordinal() + executorProtocolVersion + detail.length();
        }

        public void onReply(
            final long correlationId,
            final int status,
            final long[] values,
            final int valueCount,
            final String message,
            final DirectBuffer buffer,
            final int payloadOffset,
            final int payloadLength,
            final long totalPayloadLength)
        {
            checksum += correlationId + status + valueCount + message.length() + totalPayloadLength +
                touch(buffer, payloadOffset, payloadLength);
        }

        public void onBulkData(
            final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset,
            final int length)
        {
            checksum += correlationId + offset + touch(buffer, chunkOffset, length);
        }

        public void onKeepAlive(final long sessionId)
        {
            checksum += sessionId;
        }

        public void onCallbackDue(final long sessionId, final long callbackId, final int status)
        {
            checksum += sessionId + callbackId + status;
        }

        public void onCallbackDone(final long sessionId, final long callbackId)
        {
            checksum += sessionId + callbackId;
        }

        private static long touch(final DirectBuffer buffer, final int offset, final int length)
        {
            long sum = 0;
            for (int i = 0; i < length; i++)
            {
                sum += buffer.getByte(offset + i);
            }
            return sum;
        }
    }
}
