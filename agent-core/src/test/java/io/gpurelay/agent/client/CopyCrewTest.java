package io.gpurelay.agent.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CopyCrewTest
{
    private static final int CHUNK = 4 * 1024 * 1024 + 4096 + 17;

    @Test
    @Timeout(60)
    void aChunkCopiedInPartsByTheCrewArrivesByteForByteAndInBothDirections()
    {
        final CopyCrew crew = new CopyCrew(4, "test-copy-");
        final byte[] payload = new byte[CHUNK * 3];
        new Random(7).nextBytes(payload);
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final UnsafeBuffer slot = new UnsafeBuffer(new byte[CHUNK]);
        final byte[] received = new byte[payload.length];
        final PayloadSource source = crew.source(new ArraySource(payload, threads));
        final PayloadSink sink = crew.sink(new ArraySink(received, threads));
        assertTrue(sink.begin(payload.length));

        // Helpers take parts whenever they run; on a busy machine that may take a while, so copy until one did.
        final long deadline = System.nanoTime() + 20_000_000_000L;
        for (int round = 0; round < 5 || !helperCopied(threads) && System.nanoTime() - deadline < 0; round++)
        {
            for (long offset = 0; offset < payload.length; offset += CHUNK)
            {
                final int count = (int)Math.min(CHUNK, payload.length - offset - round % 5);
                source.copyTo(offset, slot, 0, count);
                sink.write(offset, slot, 0, count);
            }
        }

        assertArrayEquals(payload, received);
        assertEquals(4, crew.threads());
        assertTrue(helperCopied(threads), "helpers copied parts: " + threads);
    }

    private static boolean helperCopied(final Set<String> threads)
    {
        return threads.stream().anyMatch(name -> name.startsWith("test-copy-"));
    }

    @Test
    @Timeout(60)
    void aPartThatFailsFailsTheChunkAfterTheOtherPartsEnded()
    {
        final CopyCrew crew = new CopyCrew(3, "test-copy-");
        final IllegalStateException failure = assertThrows(IllegalStateException.class,
            () -> crew.run(CHUNK, (offset, count) ->
            {
                if (offset > 0)
                {
                    throw new IllegalStateException("part at " + offset);
                }
            }));
        assertTrue(failure.getMessage().startsWith("part at "), failure.getMessage());

        final int[] copied = new int[1];
        crew.run(CopyCrew.MIN_PART_BYTES, (offset, count) -> copied[0] += count);
        assertEquals(CopyCrew.MIN_PART_BYTES, copied[0], "a chunk of one part is copied by the caller alone");
    }

    @Test
    void aCrewOfOneOrAPayloadOfStateIsUsedAsItIs()
    {
        final PayloadSource stateful = new PayloadSource()
        {
            public long length()
            {
                return 1 << 20;
            }

            public void copyTo(final long sourceOffset, final MutableDirectBuffer destination,
                final int destinationOffset, final int length)
            {
            }
        };
        assertSame(stateful, new CopyCrew(4, "test-copy-").source(stateful));
        final ArraySource plain = new ArraySource(new byte[16], ConcurrentHashMap.newKeySet());
        assertSame(plain, new CopyCrew(1, "test-copy-").source(plain));
    }

    private record ArraySource(byte[] bytes, Set<String> threads) implements PayloadSource
    {
        public long length()
        {
            return bytes.length;
        }

        public void copyTo(final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset,
            final int length)
        {
            threads.add(Thread.currentThread().getName());
            destination.putBytes(destinationOffset, bytes, (int)sourceOffset, length);
        }

        public boolean copiesConcurrently()
        {
            return true;
        }
    }

    private record ArraySink(byte[] bytes, Set<String> threads) implements PayloadSink
    {
        public boolean begin(final long totalLength)
        {
            return totalLength == bytes.length;
        }

        public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
        {
            threads.add(Thread.currentThread().getName());
            source.getBytes(sourceOffset, bytes, (int)offset, length);
        }

        public boolean writesConcurrently()
        {
            return true;
        }
    }
}
