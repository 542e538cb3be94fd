package io.gpurelay.protocol;

import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.StatAcceptedDecoder;
import io.gpurelay.protocol.codecs.StatAcceptedEncoder;
import io.gpurelay.protocol.codecs.StatRequestEncoder;
import io.gpurelay.protocol.codecs.StatSnapshotDecoder;
import io.gpurelay.protocol.codecs.StatSnapshotEncoder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.status.CountersReader;

/**
 * The remote {@code gpurelay stat} exchange: {@code StatRequest} on the executor's control stream, answered with
 * {@code StatAccepted} and {@code StatSnapshot} on the stat client's response stream. The snapshot carries counters as
 * the executor's CnC file holds them (type, key, label, value), so that a remote reader builds the same view as a local
 * one.
 */
public final class StatMessages
{
    /** The most a snapshot message holds: counters past it are counted as omitted. */
    public static final int MAX_SNAPSHOT_LENGTH = 512 * 1024;
    /** A publication's term must be 8 times its longest message. */
    public static final int SNAPSHOT_TERM_LENGTH = 8 * 1024 * 1024;

    /** Which counters a snapshot takes. */
    @FunctionalInterface
    public interface CounterFilter
    {
        boolean take(int typeId);
    }

    /** Told about each counter of a snapshot. */
    @FunctionalInterface
    public interface CounterSink
    {
        void onCounter(int typeId, long value, DirectBuffer key, int keyOffset, int keyLength, String label);
    }

    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final StatRequestEncoder requestEncoder = new StatRequestEncoder();
    private final StatAcceptedEncoder acceptedEncoder = new StatAcceptedEncoder();
    private final StatAcceptedDecoder acceptedDecoder = new StatAcceptedDecoder();
    private final StatSnapshotEncoder snapshotEncoder = new StatSnapshotEncoder();
    private final StatSnapshotDecoder snapshotDecoder = new StatSnapshotDecoder();

    /**
     * @return the encoded length.
     */
    public int encodeRequest(
        final MutableDirectBuffer buffer,
        final long correlationId,
        final int responseStreamId,
        final String responseChannel,
        final byte[] clientPublicKey,
        final byte[] clientProof)
    {
        requestEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(correlationId)
            .protocolVersion(Protocol.PROTOCOL_VERSION)
            .responseStreamId(responseStreamId)
            .putClientPublicKey(clientPublicKey, 0, clientPublicKey.length)
            .putClientProof(clientProof, 0, clientProof.length)
            .responseChannel(responseChannel);
        return MessageHeaderEncoder.ENCODED_LENGTH + requestEncoder.encodedLength();
    }

    public int encodeAccepted(
        final MutableDirectBuffer buffer,
        final long correlationId,
        final byte[] executorPublicKey,
        final byte[] executorProof)
    {
        acceptedEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(correlationId)
            .putExecutorPublicKey(executorPublicKey, 0, executorPublicKey.length)
            .putExecutorProof(executorProof, 0, executorProof.length);
        return MessageHeaderEncoder.ENCODED_LENGTH + acceptedEncoder.encodedLength();
    }

    /**
     * The counters {@code filter} takes, as many as fit {@link #MAX_SNAPSHOT_LENGTH}; the rest are counted as omitted.
     *
     * @param buffer at least {@link #MAX_SNAPSHOT_LENGTH} bytes.
     */
    public int encodeSnapshot(
        final MutableDirectBuffer buffer,
        final long correlationId,
        final long timestampMs,
        final CountersReader counters,
        final CounterFilter filter)
    {
        final int[] ids = new int[counters.maxCounterId() + 1];
        final int[] count = {0};
        final int[] length = {MessageHeaderEncoder.ENCODED_LENGTH + StatSnapshotEncoder.BLOCK_LENGTH +
            StatSnapshotEncoder.CountersEncoder.sbeHeaderSize()};
        final int[] omitted = {0};
        counters.forEach((counterId, typeId, key, label) ->
        {
            if (!filter.take(typeId))
            {
                return;
            }
            final int entryLength = StatSnapshotEncoder.CountersEncoder.sbeBlockLength() +
                StatSnapshotEncoder.CountersEncoder.keyHeaderLength() + CountersReader.MAX_KEY_LENGTH +
                StatSnapshotEncoder.CountersEncoder.labelHeaderLength() + label.length();
            if (count[0] == StatSnapshotEncoder.CountersEncoder.countMaxValue() ||
                length[0] + entryLength > MAX_SNAPSHOT_LENGTH)
            {
                omitted[0]++;
                return;
            }
            ids[count[0]++] = counterId;
            length[0] += entryLength;
        });
        snapshotEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(correlationId)
            .timestampMs(timestampMs)
            .omittedCounters(omitted[0]);
        final StatSnapshotEncoder.CountersEncoder entries = snapshotEncoder.countersCount(count[0]);
        final DirectBuffer metaData = counters.metaDataBuffer();
        for (int i = 0; i < count[0]; i++)
        {
            final int counterId = ids[i];
            final int recordOffset = CountersReader.metaDataOffset(counterId);
            entries.next()
                .typeId(counters.getCounterTypeId(counterId))
                .value(counters.getCounterValue(counterId))
                .putKey(metaData, recordOffset + CountersReader.KEY_OFFSET, CountersReader.MAX_KEY_LENGTH)
                .label(counters.getCounterLabel(counterId));
        }
        return MessageHeaderEncoder.ENCODED_LENGTH + snapshotEncoder.encodedLength();
    }

    /**
     * @return whether the message is a {@code StatAccepted}; its fields are then in the arguments' arrays.
     */
    public boolean decodeAccepted(
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long[] correlationId,
        final byte[] executorPublicKey,
        final byte[] executorProof)
    {
        if (!is(buffer, offset, length, StatAcceptedDecoder.TEMPLATE_ID, StatAcceptedDecoder.BLOCK_LENGTH))
        {
            return false;
        }
        acceptedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        correlationId[0] = acceptedDecoder.correlationId();
        acceptedDecoder.getExecutorPublicKey(executorPublicKey, 0, executorPublicKey.length);
        acceptedDecoder.getExecutorProof(executorProof, 0, executorProof.length);
        return true;
    }

    /**
     * @return the number of counters omitted from the snapshot, or -1 if the message is no {@code StatSnapshot} of
     * this correlation id.
     * @throws MalformedCallException if a length in it does not fit the message.
     */
    public int decodeSnapshot(
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long correlationId,
        final CounterSink sink)
    {
        if (!is(buffer, offset, length, StatSnapshotDecoder.TEMPLATE_ID, StatSnapshotDecoder.BLOCK_LENGTH))
        {
            return -1;
        }
        snapshotDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        if (snapshotDecoder.correlationId() != correlationId)
        {
            return -1;
        }
        final int omitted = snapshotDecoder.omittedCounters();
        final int end = offset + length;
        for (final StatSnapshotDecoder.CountersDecoder entry : snapshotDecoder.counters())
        {
            final int typeId = entry.typeId();
            final long value = entry.value();
            VarDataBounds.check("counter key", entry.keyLength(), CountersReader.MAX_KEY_LENGTH,
                snapshotDecoder.limit(), end);
            final int keyLength = entry.keyLength();
            final int keyOffset = snapshotDecoder.limit() + StatSnapshotDecoder.CountersDecoder.keyHeaderLength();
            entry.skipKey();
            VarDataBounds.check("counter label", entry.labelLength(), CountersReader.MAX_LABEL_LENGTH,
                snapshotDecoder.limit(), end);
            final String label = entry.label();
            sink.onCounter(typeId, value, buffer, keyOffset, keyLength, label);
        }
        return omitted;
    }

    private boolean is(
        final DirectBuffer buffer, final int offset, final int length, final int templateId, final int blockLength)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + blockLength)
        {
            return false;
        }
        headerDecoder.wrap(buffer, offset);
        return headerDecoder.schemaId() == StatSnapshotDecoder.SCHEMA_ID && headerDecoder.templateId() == templateId;
    }
}
