package io.gpurelay.agent.client;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.DirectBuffer;
import org.agrona.LangUtil;
import org.agrona.MutableDirectBuffer;

/**
 * Threads that help the calling thread copy a chunk of a large transfer between the application's memory and the
 * shared-memory transfer region of an IPC session. One thread's memory copy (about 10 GB/s) is what limits such a
 * transfer once the executor DMAs straight from and to the region, so the chunk is split into parts that the caller
 * and the helpers copy at the same time.
 * <p>
 * The caller never depends on a helper: it claims parts itself until none is left, and waits only for the parts a
 * helper claimed, which it is copying already. A helper that is parked or descheduled so costs nothing but its share.
 * Helpers spin for a millisecond after their last part (the next chunk is due within microseconds), then park until
 * the caller unparks them with its next job. Only the thread that holds the session's region lock runs jobs, so there
 * is one job at a time.
 */
final class CopyCrew
{
    /** The smallest part worth a thread of its own: copying it takes about ten microseconds. */
    static final int MIN_PART_BYTES = 128 * 1024;
    private static final long SPIN_AFTER_WORK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Thread[] helpers;
    private volatile Job job;

    /**
     * @param threads how many threads copy, the caller included; 1 makes a crew of no helpers, which copies inline.
     */
    CopyCrew(final int threads, final String namePrefix)
    {
        helpers = new Thread[Math.max(0, threads - 1)];
        for (int i = 0; i < helpers.length; i++)
        {
            final Thread helper = new Thread(this::helperLoop, namePrefix + (i + 1));
            helper.setDaemon(true);
            helpers[i] = helper;
            helper.start();
        }
    }

    int threads()
    {
        return helpers.length + 1;
    }

    /**
     * @return a source that copies chunks of {@code source} with the crew, or {@code source} itself where the crew
     *         has no helpers or the source may not be copied from several threads.
     */
    PayloadSource source(final PayloadSource source)
    {
        if (helpers.length == 0 || !source.copiesConcurrently())
        {
            return source;
        }
        return new PayloadSource()
        {
            public long length()
            {
                return source.length();
            }

            public void copyTo(final long sourceOffset, final MutableDirectBuffer destination,
                final int destinationOffset, final int length)
            {
                run(length, (offset, count) -> source.copyTo(
                    sourceOffset + offset, destination, destinationOffset + offset, count));
            }
        };
    }

    /**
     * @return a sink that writes chunks into {@code sink} with the crew, or {@code sink} itself where the crew has no
     *         helpers or the sink may not be written from several threads.
     */
    PayloadSink sink(final PayloadSink sink)
    {
        if (helpers.length == 0 || !sink.writesConcurrently())
        {
            return sink;
        }
        return new PayloadSink()
        {
            public boolean begin(final long totalLength)
            {
                return sink.begin(totalLength);
            }

            public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
            {
                run(length, (part, count) -> sink.write(offset + part, source, sourceOffset + part, count));
            }
        };
    }

    /**
     * What one part of a chunk does: copy {@code count} bytes at {@code offset} within the chunk.
     */
    @FunctionalInterface
    interface PartCopy
    {
        void copy(int offset, int count);
    }

    /**
     * Copy a chunk of {@code length} bytes in parts, with whichever helpers are free, and return when every part is
     * copied; a part's failure is rethrown here, after the other parts ended.
     */
    void run(final int length, final PartCopy partCopy)
    {
        final int parts = Math.min(threads(), Math.max(1, length / MIN_PART_BYTES));
        if (parts == 1)
        {
            partCopy.copy(0, length);
            return;
        }
        final Job current = new Job(length, parts, partCopy);
        job = current;
        for (final Thread helper : helpers)
        {
            LockSupport.unpark(helper);
        }
        current.work();
        int spins = 0;
        while (current.done.get() < parts)
        {
            if (++spins < 10_000)
            {
                Thread.onSpinWait();
            }
            else
            {
                Thread.yield();
            }
        }
        job = null;
        if (current.failure != null)
        {
            LangUtil.rethrowUnchecked(current.failure);
        }
    }

    private void helperLoop()
    {
        long lastWorkNs = System.nanoTime();
        while (true)
        {
            final Job current = job;
            if (current != null && current.work())
            {
                lastWorkNs = System.nanoTime();
            }
            else if (System.nanoTime() - lastWorkNs < SPIN_AFTER_WORK_NS)
            {
                Thread.onSpinWait();
            }
            else
            {
                LockSupport.park(this);
                lastWorkNs = System.nanoTime();
            }
        }
    }

    private static final class Job
    {
        private final int length;
        private final int parts;
        private final int partBytes;
        private final PartCopy partCopy;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger done = new AtomicInteger();
        private volatile Throwable failure;

        Job(final int length, final int parts, final PartCopy partCopy)
        {
            this.length = length;
            this.parts = parts;
            // Parts of whole cache lines: no two threads write one line.
            this.partBytes = ((length / parts) + 63) & ~63;
            this.partCopy = partCopy;
        }

        /**
         * Copy parts until none is left to claim.
         *
         * @return whether this thread copied any.
         */
        boolean work()
        {
            boolean worked = false;
            int part;
            while ((part = next.getAndIncrement()) < parts)
            {
                worked = true;
                final int offset = part * partBytes;
                try
                {
                    if (offset < length)
                    {
                        partCopy.copy(offset, Math.min(partBytes, length - offset));
                    }
                }
                catch (final Throwable ex)
                {
                    if (failure == null)
                    {
                        failure = ex;
                    }
                }
                finally
                {
                    done.incrementAndGet();
                }
            }
            return worked;
        }
    }
}
