package io.gpurelay.executor.worker;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import io.gpurelay.protocol.codecs.AssignSessionEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.SessionEndedEncoder;
import io.gpurelay.protocol.codecs.WorkerReadyEncoder;
import io.gpurelay.protocol.security.ExecutorHandshake;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WorkerProtocolTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256 * 1024));
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final List<String> received = new ArrayList<>();
    private final WorkerProtocol.Adapter adapter = new WorkerProtocol.Adapter(new WorkerProtocol.Listener()
    {
        public void onWorkerReady(
            final long workerId, final long pid, final int deviceCount, final String backend,
            final List<String> deviceUuids)
        {
            received.add("ready " + workerId + " " + backend + (deviceUuids.isEmpty() ? "" : " " + deviceUuids));
        }

        public void onAssignSession(
            final long workerId,
            final ExecutorHandshake.Accepted handshake,
            final long connectCorrelationId,
            final long clientPid,
            final int requestStreamId,
            final int responseStreamId,
            final String responseChannel,
            final String clientName)
        {
            received.add("assign " + handshake.keys().sessionId() + " " + responseChannel + " " + clientName);
        }

        public void onSessionEnded(
            final long workerId, final long sessionId, final long calls, final long bytesIn, final long bytesOut,
            final String reason)
        {
            received.add("ended " + sessionId + " " + reason);
        }
    });

    @Test
    void decodesWellFormedMessages()
    {
        final int assignLength = assign("aeron:ipc", "\"app\"");
        adapter.onFragment(buffer, 0, assignLength, null);
        final int endedLength = ended("closed by client");
        adapter.onFragment(buffer, 0, endedLength, null);

        assertEquals(List.of("assign 7 aeron:ipc \"app\"", "ended 7 closed by client"), received);
        assertEquals(0, adapter.malformed());
    }

    @Test
    void skipsAFieldLongerThanItsBoundWithoutDecodingIt()
    {
        final int length = assign("aeron:udp?endpoint=" + "h".repeat(2000), "\"app\"");
        adapter.onFragment(buffer, 0, length, null);

        assertEquals(List.of(), received);
        assertEquals(1, adapter.malformed());
    }

    @Test
    void skipsAMessageWhoseFieldRunsPastItsEnd()
    {
        final int length = ended("the session's worker died");
        adapter.onFragment(buffer, 0, length - 5, null);
        final int readyLength = ready("emulated", "");
        adapter.onFragment(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + 4, null);
        adapter.onFragment(buffer, 0, 3, null);
        adapter.onFragment(buffer, 0, readyLength, null);

        assertEquals(List.of("ready 3 emulated"), received);
        assertEquals(3, adapter.malformed());
    }

    @Test
    void skipsAHugeDeclaredLength()
    {
        final int length = ended("x");
        final int reasonLengthOffset = length - 1 - 4;
        buffer.putInt(reasonLengthOffset, -16);
        adapter.onFragment(buffer, 0, length, null);

        assertEquals(List.of(), received);
        assertEquals(1, adapter.malformed());
    }

    private int assign(final String responseChannel, final String clientName)
    {
        final AssignSessionEncoder encoder = new AssignSessionEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .workerId(1).sessionId(7).connectCorrelationId(9).clientPid(11).requestStreamId(1007)
            .responseStreamId(5000).responseChannel(responseChannel).clientName(clientName);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    private int ended(final String reason)
    {
        final SessionEndedEncoder encoder = new SessionEndedEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .workerId(1).sessionId(7).calls(2).bytesIn(3).bytesOut(4).reason(reason);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    @Test
    void aReadyWorkerSaysWhichDevicesItServes()
    {
        final int length = ready("gpu", "GPU-a1 GPU-b2");
        adapter.onFragment(buffer, 0, length, null);

        assertEquals(List.of("ready 3 gpu [GPU-a1, GPU-b2]"), received);
        assertEquals(0, adapter.malformed());
    }

    private int ready(final String backend, final String deviceUuids)
    {
        final WorkerReadyEncoder encoder = new WorkerReadyEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .workerId(3).pid(4).deviceCount(1).backend(backend).deviceUuids(deviceUuids);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }
}
