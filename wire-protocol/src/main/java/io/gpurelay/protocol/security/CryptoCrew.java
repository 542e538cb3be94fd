package io.gpurelay.protocol.security;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;

/**
 * Threads that seal and open the segments of one large message side by side.
 * <p>
 * AES-GCM in the JDK runs at 3 to 4 GB/s on one core (H100 host, JDK 17), and a session's copy is one message after
 * another on one thread at each end: sealing alone held a UDP copy under 2 GB/s. A message of at least
 * {@link #MIN_SEGMENTED_LENGTH} bytes is therefore sealed in up to {@code threads + 1} segments, each with its own
 * nonce and tag ({@link MessageSealer}), which the calling thread and the crew seal or open at once; the caller then
 * goes on exactly as after a single seal, so nothing about the order of messages changes.
 * <p>
 * The crew is one per process, shared by every session, and its threads sleep when there is nothing to seal (an idle
 * executor pays nothing for it). The caller takes part and claims segments itself, so a message never waits for a
 * busy crew: at worst the caller does all segments alone. How many threads: system property
 * {@value #THREADS_PROP_NAME}; by default 3 on a host of 8 or more cores and none below, where the copy's other
 * threads already take the cores.
 */
public final class CryptoCrew
{
    public static final String THREADS_PROP_NAME = "gpurelay.crypto.threads";
    /** Smaller messages are sealed whole: handing segments out costs microseconds. */
    public static final int MIN_SEGMENTED_LENGTH = 128 * 1024;
    /** No segment is smaller than this. */
    static final int MIN_SEGMENT_LENGTH = 32 * 1024;

    /** A crew of no threads: every message is one segment. */
    public static final CryptoCrew NONE = new CryptoCrew(0);

    private static volatile CryptoCrew shared;
    /** Each thread's own AES-GCM cipher, for the segments it seals or opens: a Cipher is not thread safe. */
    private static final ThreadLocal<Cipher> CIPHERS = ThreadLocal.withInitial(MessageSealer::newCipher);

    private final int threads;
    private final ThreadPoolExecutor pool;

    /**
     * One segment's work.
     */
    @FunctionalInterface
    interface SegmentTask
    {
        /**
         * @return false when the segment failed (a wrong tag): the message is then dropped.
         */
        boolean run(int segment);
    }

    CryptoCrew(final int threads)
    {
        if (threads < 0)
        {
            throw new IllegalArgumentException("a crypto crew of " + threads + " threads");
        }
        this.threads = threads;
        if (threads == 0)
        {
            pool = null;
            return;
        }
        final AtomicInteger names = new AtomicInteger();
        pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
            runnable ->
            {
                final Thread thread = new Thread(runnable, "gpurelay-crypto-" + names.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
    }

    /**
     * The process's crew, made at the first large message, of {@value #THREADS_PROP_NAME} threads.
     */
    public static CryptoCrew shared()
    {
        CryptoCrew crew = shared;
        if (crew == null)
        {
            synchronized (CryptoCrew.class)
            {
                crew = shared;
                if (crew == null)
                {
                    crew = new CryptoCrew(configuredThreads(System.getProperty(THREADS_PROP_NAME),
                        Runtime.getRuntime().availableProcessors()));
                    shared = crew;
                }
            }
        }
        return crew;
    }

    /**
     * @param value the system property's value, or null for the default.
     * @throws IllegalArgumentException for a value that is not a count from 0 to 64.
     */
    static int configuredThreads(final String value, final int cores)
    {
        if (value == null || value.isBlank() || value.trim().equals("auto"))
        {
            return cores >= 8 ? 3 : 0;
        }
        try
        {
            final int threads = Integer.parseInt(value.trim());
            if (threads >= 0 && threads <= 64)
            {
                return threads;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // said below
        }
        throw new IllegalArgumentException(THREADS_PROP_NAME + " must be auto or a count from 0 to 64, was '" +
            value + "'");
    }

    static Cipher cipher()
    {
        return CIPHERS.get();
    }

    public int threads()
    {
        return threads;
    }

    /**
     * @return how many segments a message of this length is sealed in: 1 below {@link #MIN_SEGMENTED_LENGTH} or
     * without threads, else up to one per thread and the caller, none smaller than {@link #MIN_SEGMENT_LENGTH}.
     */
    int segmentsFor(final int length)
    {
        if (threads == 0 || length < MIN_SEGMENTED_LENGTH)
        {
            return 1;
        }
        return Math.max(1, Math.min(threads + 1, length / MIN_SEGMENT_LENGTH));
    }

    /**
     * Run {@code task} for segments 0 to {@code segments - 1}, on the caller and the crew, and return when all ran.
     *
     * @return true when every segment's task returned true.
     */
    boolean runAll(final int segments, final SegmentTask task)
    {
        final Run run = new Run(segments, task);
        if (pool != null && segments > 1)
        {
            for (int i = 0, helpers = Math.min(threads, segments - 1); i < helpers; i++)
            {
                pool.execute(run::work);
            }
        }
        run.work();
        run.awaitClaimed();
        return run.ok;
    }

    /**
     * The segments of one message, claimed one at a time by whoever comes first.
     */
    private static final class Run
    {
        private final int segments;
        private final SegmentTask task;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger finished = new AtomicInteger();
        private volatile boolean ok = true;

        Run(final int segments, final SegmentTask task)
        {
            this.segments = segments;
            this.task = task;
        }

        void work()
        {
            for (int segment = next.getAndIncrement(); segment < segments; segment = next.getAndIncrement())
            {
                boolean done = false;
                try
                {
                    done = task.run(segment);
                }
                finally
                {
                    if (!done)
                    {
                        ok = false;
                    }
                    finished.incrementAndGet();
                }
            }
        }

        /**
         * Wait for the segments other threads claimed: each is a few hundred microseconds of work at most, so spin
         * and then yield rather than park.
         */
        void awaitClaimed()
        {
            for (int spins = 0; finished.get() < segments; spins++)
            {
                if (spins < 1_000)
                {
                    Thread.onSpinWait();
                }
                else
                {
                    Thread.yield();
                }
            }
        }
    }
}
