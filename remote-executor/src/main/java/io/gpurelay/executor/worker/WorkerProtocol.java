package io.gpurelay.executor.worker;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Publication;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.MalformedCallException;
import io.gpurelay.protocol.Offers;
import io.gpurelay.protocol.VarDataBounds;
import io.gpurelay.protocol.codecs.AssignSessionDecoder;
import io.gpurelay.protocol.codecs.AssignSessionEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.SessionEndedDecoder;
import io.gpurelay.protocol.codecs.SessionEndedEncoder;
import io.gpurelay.protocol.codecs.StopWorkerDecoder;
import io.gpurelay.protocol.codecs.StopWorkerEncoder;
import io.gpurelay.protocol.codecs.WorkerReadyDecoder;
import io.gpurelay.protocol.codecs.WorkerReadyEncoder;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * How the supervisor and its worker processes talk: SBE messages over IPC on the executor's media driver. The
 * supervisor publishes commands ({@code AssignSession}, {@code StopWorker}) on one stream that every worker reads,
 * each worker publishes events ({@code WorkerReady}, {@code SessionEnded}) on another that the supervisor reads;
 * every message names its worker. The streams are numbered after the supervisor's pid, so that executors sharing a
 * standalone media driver do not hear each other's workers.
 * <p>
 * Aeron rather than the worker's stdin and stdout: the messages are already SBE, the driver is already there,
 * nothing has to frame or parse text, and the worker's stdout stays free for what its kernels print.
 */
public final class WorkerProtocol
{
    /** Small terms: a few short messages per session. */
    public static final String CHANNEL = "aeron:ipc?term-length=65536";
    /**
     * Below the range clients pick their response streams from at random and the session streams, above the fixed
     * ids; two streams for each pid up to Linux's largest (2^22).
     */
    static final int STREAM_ID_BASE = 0x0800_0000;
    /** Room for the longest message: a client's channel and name, each bounded by the connect request's adapter. */
    private static final int BUFFER_LENGTH = 64 * 1024;
    /** A UUID's text ({@code GPU-} and 36 characters) and a space for each of the most devices an executor serves. */
    private static final int MAX_DEVICE_UUIDS_LENGTH = 64 * 48;
    /** Keys and proofs of the handshake: 32 bytes each. */
    private static final int KEY_LENGTH = AssignSessionEncoder.requestKeyLength();
    private static final long OFFER_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);

    private WorkerProtocol()
    {
    }

    /**
     * The stream the supervisor with this pid publishes commands on; events go on the next one.
     */
    public static int commandStreamId(final long supervisorPid)
    {
        return STREAM_ID_BASE + (int)((supervisorPid & 0x3F_FFFFL) << 1);
    }

    public static int eventStreamId(final long supervisorPid)
    {
        return commandStreamId(supervisorPid) + 1;
    }

    /**
     * Encodes the four messages; one per sending thread. An offer waits out back pressure for at most a second:
     * both ends poll all the time, so a longer wait means the other end is gone.
     */
    public static final class Sender
    {
        private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(BUFFER_LENGTH));
        private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
        private final WorkerReadyEncoder workerReadyEncoder = new WorkerReadyEncoder();
        private final AssignSessionEncoder assignSessionEncoder = new AssignSessionEncoder();
        private final SessionEndedEncoder sessionEndedEncoder = new SessionEndedEncoder();
        private final StopWorkerEncoder stopWorkerEncoder = new StopWorkerEncoder();
        private final YieldingIdleStrategy idleStrategy = new YieldingIdleStrategy();

        public boolean workerReady(
            final Publication publication, final long workerId, final long pid, final int deviceCount,
            final String backend, final List<String> deviceUuids)
        {
            workerReadyEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .workerId(workerId)
                .pid(pid)
                .deviceCount(deviceCount)
                .backend(backend)
                .deviceUuids(String.join(" ", deviceUuids));
            return send(publication, workerReadyEncoder.encodedLength());
        }

        public boolean assignSession(
            final Publication publication,
            final long workerId,
            final ExecutorHandshake.Accepted handshake,
            final long connectCorrelationId,
            final long clientPid,
            final int requestStreamId,
            final int responseStreamId,
            final String responseChannel,
            final String clientName)
        {
            final SessionKeys keys = handshake.keys();
            assignSessionEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .workerId(workerId)
                .sessionId(keys.sessionId())
                .connectCorrelationId(connectCorrelationId)
                .clientPid(clientPid)
                .requestStreamId(requestStreamId)
                .responseStreamId(responseStreamId)
                .requestPublicationSessionId(keys.requestPublicationSessionId())
                .sealedSession((short)(keys.sealed() ? 1 : 0))
                .putRequestKey(keys.requestKey(), 0, KEY_LENGTH)
                .putReplyKey(keys.replyKey(), 0, KEY_LENGTH)
                .putExecutorPublicKey(handshake.executorPublicKey(), 0, KEY_LENGTH)
                .putExecutorProof(handshake.executorProof(), 0, KEY_LENGTH)
                .responseChannel(responseChannel)
                .clientName(clientName);
            return send(publication, assignSessionEncoder.encodedLength());
        }

        public boolean sessionEnded(
            final Publication publication,
            final long workerId,
            final long sessionId,
            final long calls,
            final long bytesIn,
            final long bytesOut,
            final String reason)
        {
            sessionEndedEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .workerId(workerId)
                .sessionId(sessionId)
                .calls(calls)
                .bytesIn(bytesIn)
                .bytesOut(bytesOut)
                .reason(reason);
            return send(publication, sessionEndedEncoder.encodedLength());
        }

        public boolean stopWorker(final Publication publication, final long workerId)
        {
            stopWorkerEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder).workerId(workerId);
            return send(publication, stopWorkerEncoder.encodedLength());
        }

        private boolean send(final Publication publication, final int bodyLength)
        {
            return Offers.offer(publication, buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + bodyLength,
                idleStrategy, OFFER_TIMEOUT_NS);
        }
    }

    /**
     * What arrives on either stream; each side implements the messages it reads.
     */
    public interface Listener
    {
        /**
         * @param deviceUuids the devices' UUIDs ({@code GPU-...}) in the order sessions number them; empty where the
         *                    backend has none (the emulator).
         */
        default void onWorkerReady(long workerId, long pid, int deviceCount, String backend, List<String> deviceUuids)
        {
        }

        /**
         * @param handshake the session id, the client's request publication, the session's keys and what
         *                  {@code Connected} carries.
         */
        default void onAssignSession(
            long workerId,
            ExecutorHandshake.Accepted handshake,
            long connectCorrelationId,
            long clientPid,
            int requestStreamId,
            int responseStreamId,
            String responseChannel,
            String clientName)
        {
        }

        default void onSessionEnded(
            long workerId, long sessionId, long calls, long bytesIn, long bytesOut, String reason)
        {
        }

        default void onStopWorker(long workerId)
        {
        }
    }

    /**
     * Decodes either stream. Messages come from processes the supervisor started, on its own host, so a message of
     * another schema or template is skipped, not answered. Every variable-length field is bounded before it is
     * decoded (as on the client streams): a message that declares more, or is cut short, is skipped and counted.
     */
    public static final class Adapter implements FragmentHandler
    {
        private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private final WorkerReadyDecoder workerReadyDecoder = new WorkerReadyDecoder();
        private final AssignSessionDecoder assignSessionDecoder = new AssignSessionDecoder();
        private final SessionEndedDecoder sessionEndedDecoder = new SessionEndedDecoder();
        private final StopWorkerDecoder stopWorkerDecoder = new StopWorkerDecoder();
        private final Listener listener;
        private long malformed;

        public Adapter(final Listener listener)
        {
            this.listener = listener;
        }

        /**
         * Messages skipped because they could not be decoded within their bounds.
         */
        public long malformed()
        {
            return malformed;
        }

        public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
        {
            if (length < MessageHeaderDecoder.ENCODED_LENGTH)
            {
                malformed++;
                return;
            }
            headerDecoder.wrap(buffer, offset);
            if (headerDecoder.schemaId() != WorkerReadyDecoder.SCHEMA_ID)
            {
                return;
            }
            try
            {
                onMessage(buffer, offset, offset + length);
            }
            catch (final IndexOutOfBoundsException | IllegalArgumentException | IllegalStateException |
                MalformedCallException ex)
            {
                malformed++;
            }
        }

        private void onMessage(final DirectBuffer buffer, final int offset, final int end)
        {
            if ((long)offset + MessageHeaderDecoder.ENCODED_LENGTH + headerDecoder.blockLength() > end)
            {
                throw new MalformedCallException("the message is shorter than its block");
            }
            switch (headerDecoder.templateId())
            {
                case WorkerReadyDecoder.TEMPLATE_ID ->
                {
                    final WorkerReadyDecoder decoder = workerReadyDecoder.wrapAndApplyHeader(
                        buffer, offset, headerDecoder);
                    final long workerId = decoder.workerId();
                    final long pid = decoder.pid();
                    final int deviceCount = decoder.deviceCount();
                    VarDataBounds.check("backend", decoder.backendLength(), VarDataBounds.MAX_CLIENT_NAME_LENGTH,
                        decoder.limit(), end);
                    final String backend = decoder.backend();
                    VarDataBounds.check("deviceUuids", decoder.deviceUuidsLength(), MAX_DEVICE_UUIDS_LENGTH,
                        decoder.limit(), end);
                    final String deviceUuids = decoder.deviceUuids().trim();
                    listener.onWorkerReady(workerId, pid, deviceCount, backend,
                        deviceUuids.isEmpty() ? List.of() : Arrays.asList(deviceUuids.split(" +")));
                }
                case AssignSessionDecoder.TEMPLATE_ID ->
                {
                    final AssignSessionDecoder decoder = assignSessionDecoder.wrapAndApplyHeader(
                        buffer, offset, headerDecoder);
                    final long workerId = decoder.workerId();
                    final SessionKeys keys = new SessionKeys(decoder.sessionId(),
                        decoder.requestPublicationSessionId(), decoder.sealedSession() != 0,
                        key(decoder::getRequestKey), key(decoder::getReplyKey));
                    final ExecutorHandshake.Accepted handshake = new ExecutorHandshake.Accepted(keys,
                        key(decoder::getExecutorPublicKey), key(decoder::getExecutorProof));
                    final long connectCorrelationId = decoder.connectCorrelationId();
                    final long clientPid = decoder.clientPid();
                    final int requestStreamId = decoder.requestStreamId();
                    final int responseStreamId = decoder.responseStreamId();
                    VarDataBounds.check("responseChannel", decoder.responseChannelLength(),
                        VarDataBounds.MAX_CHANNEL_LENGTH, decoder.limit(), end);
                    final String responseChannel = decoder.responseChannel();
                    // The name as the executor's log shows it: quoted and escaped, so longer than the client sent.
                    VarDataBounds.check("clientName", decoder.clientNameLength(), VarDataBounds.MAX_TEXT_LENGTH,
                        decoder.limit(), end);
                    listener.onAssignSession(workerId, handshake, connectCorrelationId, clientPid, requestStreamId,
                        responseStreamId, responseChannel, decoder.clientName());
                }
                case SessionEndedDecoder.TEMPLATE_ID ->
                {
                    final SessionEndedDecoder decoder = sessionEndedDecoder.wrapAndApplyHeader(
                        buffer, offset, headerDecoder);
                    final long workerId = decoder.workerId();
                    final long sessionId = decoder.sessionId();
                    final long calls = decoder.calls();
                    final long bytesIn = decoder.bytesIn();
                    final long bytesOut = decoder.bytesOut();
                    VarDataBounds.check("reason", decoder.reasonLength(), VarDataBounds.MAX_TEXT_LENGTH,
                        decoder.limit(), end);
                    listener.onSessionEnded(workerId, sessionId, calls, bytesIn, bytesOut, decoder.reason());
                }
                case StopWorkerDecoder.TEMPLATE_ID ->
                {
                    stopWorkerDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                    listener.onStopWorker(stopWorkerDecoder.workerId());
                }
                default ->
                {
                }
            }
        }

        private static byte[] key(final KeyReader reader)
        {
            final byte[] key = new byte[KEY_LENGTH];
            reader.get(key, 0, KEY_LENGTH);
            return key;
        }

        @FunctionalInterface
        private interface KeyReader
        {
            int get(byte[] dst, int dstOffset, int length);
        }
    }
}
