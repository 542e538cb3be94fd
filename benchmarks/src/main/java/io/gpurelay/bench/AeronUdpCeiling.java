package io.gpurelay.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What Aeron itself moves over UDP on this host's loopback, with nothing of gpurelay on the path: two media drivers
 * (as a client and an executor have), busy-spinning sender and receiver threads, the loopback's 64 KiB datagrams,
 * one or more streams each with a thread that offers messages and one that polls them. It is the ceiling a remoted
 * copy over UDP can approach: every byte of it crosses the same sender and receiver threads.
 * <p>
 * {@code java -cp 'gpurelay-benchmarks.jar:lib/*' io.gpurelay.bench.AeronUdpCeiling [STREAMS [MESSAGE_BYTES
 * [dedicated|shared [SOCKET_BUFFER_BYTES [DRIVER_PAIRS]]]]]}, defaults 1, 1048576, dedicated, 4194304 and 1 (the
 * window is the socket buffer: the kernel's {@code net.core.rmem_max} must allow it). With several driver pairs the
 * streams are dealt over them in turn, so each pair's sender and receiver threads carry their share. It prints one line of GB/s over 5 s, after 2 s of
 * warm-up. With JDK 17 and later give the JVM {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
public final class AeronUdpCeiling
{
    private static final int STREAM_ID = 10;
    private static final int FIRST_PORT = 24_400;
    private static final int LOOPBACK_MTU = 65_504;
    private static final int TERM_LENGTH = 64 << 20;
    private static final long WARM_UP_MS = 2_000;
    private static final long MEASURE_MS = 5_000;

    private AeronUdpCeiling()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int streams = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        final int messageBytes = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 20;
        final boolean dedicated = args.length <= 2 || "dedicated".equals(args[2]);
        final int socketBuffer = args.length > 3 ? Integer.parseInt(args[3]) : 4 << 20;
        final int driverPairs = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        if (streams < 1 || messageBytes < 1 || socketBuffer < LOOPBACK_MTU || driverPairs < 1)
        {
            throw new IllegalArgumentException("streams, message bytes and driver pairs must be positive and the " +
                "socket buffer at least " + LOOPBACK_MTU + " bytes");
        }
        final Path directory = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "udp-ceiling");
        final List<AutoCloseable> resources = new ArrayList<>();
        try
        {
            final List<Aeron> publishers = new ArrayList<>();
            final List<Aeron> subscribers = new ArrayList<>();
            for (int pair = 0; pair < driverPairs; pair++)
            {
                final MediaDriver sending = MediaDriver.launch(driver(directory.resolve("sending-" + pair), dedicated,
                    socketBuffer));
                resources.add(sending);
                final MediaDriver receiving = MediaDriver.launch(driver(directory.resolve("receiving-" + pair),
                    dedicated, socketBuffer));
                resources.add(receiving);
                final Aeron publisher = Aeron.connect(
                    new Aeron.Context().aeronDirectoryName(sending.aeronDirectoryName()));
                resources.add(publisher);
                publishers.add(publisher);
                final Aeron subscriber = Aeron.connect(
                    new Aeron.Context().aeronDirectoryName(receiving.aeronDirectoryName()));
                resources.add(subscriber);
                subscribers.add(subscriber);
            }
            final double gigabytesPerSecond = measure(publishers, subscribers, streams, messageBytes, socketBuffer);
            System.out.printf("%d stream(s), %d-byte messages, %s driver threads, %d-byte socket buffers, " +
                "%d driver pair(s): %.2f GB/s%n", streams, messageBytes, dedicated ? "dedicated" : "shared",
                socketBuffer, driverPairs, gigabytesPerSecond);
        }
        finally
        {
            for (int i = resources.size() - 1; i >= 0; i--)
            {
                CloseHelper.quietClose(resources.get(i));
            }
        }
    }

    private static double measure(
        final List<Aeron> publishers, final List<Aeron> subscribers, final int streams, final int messageBytes,
        final int window)
        throws InterruptedException
    {
        final AtomicLong received = new AtomicLong();
        final AtomicBoolean running = new AtomicBoolean(true);
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < streams; i++)
        {
            final String channel = "aeron:udp?endpoint=127.0.0.1:" + (FIRST_PORT + i) + "|mtu=" + LOOPBACK_MTU +
                "|term-length=" + TERM_LENGTH + "|rcv-wnd=" + window;
            final Subscription subscription =
                subscribers.get(i % subscribers.size()).addSubscription(channel, STREAM_ID);
            final Publication publication = publishers.get(i % publishers.size()).addPublication(channel, STREAM_ID);
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!publication.isConnected() || !subscription.isConnected())
            {
                if (System.nanoTime() - deadlineNs > 0)
                {
                    throw new IllegalStateException("stream " + i + " did not connect within 10 s");
                }
                Thread.sleep(1);
            }
            final UnsafeBuffer message = new UnsafeBuffer(new byte[messageBytes]);
            threads.add(new Thread(() ->
            {
                while (running.get())
                {
                    if (publication.offer(message, 0, messageBytes) < 0)
                    {
                        Thread.onSpinWait();
                    }
                }
            }, "offer-" + i));
            final FragmentHandler counter = (buffer, offset, length, header) -> received.addAndGet(length);
            threads.add(new Thread(() ->
            {
                while (running.get())
                {
                    if (subscription.poll(counter, 64) == 0)
                    {
                        Thread.onSpinWait();
                    }
                }
            }, "poll-" + i));
        }
        threads.forEach(Thread::start);
        Thread.sleep(WARM_UP_MS);
        final long bytesBefore = received.get();
        final long startNs = System.nanoTime();
        Thread.sleep(MEASURE_MS);
        final long bytes = received.get() - bytesBefore;
        final long elapsedNs = System.nanoTime() - startNs;
        running.set(false);
        for (final Thread thread : threads)
        {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        return (double)bytes / elapsedNs;
    }

    private static MediaDriver.Context driver(final Path directory, final boolean dedicated, final int socketBuffer)
    {
        return new MediaDriver.Context()
            .aeronDirectoryName(directory.toString())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .threadingMode(dedicated ? ThreadingMode.DEDICATED : ThreadingMode.SHARED)
            .senderIdleStrategy(new BusySpinIdleStrategy())
            .receiverIdleStrategy(new BusySpinIdleStrategy())
            .sharedIdleStrategy(new BusySpinIdleStrategy())
            .conductorIdleStrategy(new BackoffIdleStrategy())
            .socketRcvbufLength(socketBuffer)
            .socketSndbufLength(socketBuffer)
            .initialWindowLength(socketBuffer)
            .mtuLength(LOOPBACK_MTU)
            .publicationTermBufferLength(TERM_LENGTH);
    }
}
