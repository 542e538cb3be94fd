package io.gpurelay.protocol;

import java.util.concurrent.TimeUnit;

import io.aeron.Publication;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

/**
 * Offers a message until it is accepted, the publication is closed for good, or a deadline passes. Back pressure
 * and a not-yet-connected peer are waited out; that wait is bounded because every caller has a timeout to honour.
 */
public final class Offers
{
    private Offers()
    {
    }

    /**
     * @return true if the message was published.
     */
    public static boolean offer(
        final Publication publication,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final IdleStrategy idleStrategy,
        final long timeoutNs)
    {
        final long deadline = System.nanoTime() + timeoutNs;
        idleStrategy.reset();
        while (true)
        {
            final long result = publication.offer(buffer, offset, length);
            if (result > 0)
            {
                return true;
            }
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED)
            {
                return false;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            idleStrategy.idle();
        }
    }

    public static long millisToNanos(final long millis)
    {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
