package io.gpurelay.bench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * An embedded media driver and an IPC publication with its subscription: for the encoding benchmarks, the
 * publication the proxies offer to (the subscription drained after each offer); for the decoding and dispatch
 * benchmarks, a way to capture the exact bytes a proxy writes, so that decoding runs on real messages in memory.
 */
public final class EncodedMessages implements AutoCloseable
{
    private static final String CHANNEL = "aeron:ipc?term-length=16m";
    private static final int STREAM_ID = 1001;
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final Path aeronDir;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Publication publication;
    private final Subscription subscription;
    private final IdleStrategy idleStrategy = new BackoffIdleStrategy();
    private UnsafeBuffer captured;

    public EncodedMessages()
    {
        try
        {
            aeronDir = Files.createTempDirectory("gpurelay-jmh-aeron");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(aeronDir.toString())
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir.toString()));
        subscription = aeron.addSubscription(CHANNEL, STREAM_ID);
        publication = aeron.addPublication(CHANNEL, STREAM_ID);
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (!publication.isConnected())
        {
            if (System.nanoTime() - deadline >= 0)
            {
                close();
                throw new IllegalStateException("the IPC publication did not connect");
            }
            idleStrategy.idle();
        }
    }

    public Publication publication()
    {
        return publication;
    }

    /**
     * Throw away whatever has been published.
     */
    public int drain()
    {
        return subscription.poll((buffer, offset, length, header) -> { }, Integer.MAX_VALUE);
    }

    /**
     * Let {@code send} publish one message (with its bulk chunks, if any) and return a copy of the first message,
     * reassembled from its fragments.
     */
    public UnsafeBuffer capture(final Predicate<Publication> send)
    {
        drain();
        captured = null;
        if (!send.test(publication))
        {
            throw new IllegalStateException("the message could not be published");
        }
        final FragmentAssembler assembler = new FragmentAssembler((buffer, offset, length, header) ->
        {
            if (captured == null)
            {
                final byte[] bytes = new byte[length];
                buffer.getBytes(offset, bytes);
                captured = new UnsafeBuffer(bytes);
            }
        });
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (captured == null)
        {
            if (subscription.poll(assembler, 16) == 0)
            {
                if (System.nanoTime() - deadline >= 0)
                {
                    throw new IllegalStateException("the message did not arrive");
                }
                idleStrategy.idle();
            }
        }
        drain();
        return captured;
    }

    public void close()
    {
        CloseHelper.closeAll(publication, subscription, aeron, driver);
    }
}
