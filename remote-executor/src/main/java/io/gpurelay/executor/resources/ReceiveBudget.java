package io.gpurelay.executor.resources;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes all sessions together may hold in payloads they reassemble before a call runs (module images, packed
 * matrices): what bounds the executor's heap against clients that announce large payloads, since copies to and from
 * device memory stream to their destination and hold nothing. A payload reserves its announced length when its call
 * arrives and gives it back when the call has run or was abandoned; one that does not fit is refused at once.
 */
public final class ReceiveBudget
{
    private final long capacity;
    private final AtomicLong reserved = new AtomicLong();

    public ReceiveBudget(final long capacity)
    {
        this.capacity = capacity;
    }

    public long capacity()
    {
        return capacity;
    }

    public long available()
    {
        return capacity - reserved.get();
    }

    public boolean tryReserve(final long bytes)
    {
        while (true)
        {
            final long current = reserved.get();
            if (bytes < 0 || bytes > capacity - current)
            {
                return false;
            }
            if (reserved.compareAndSet(current, current + bytes))
            {
                return true;
            }
        }
    }

    public void release(final long bytes)
    {
        reserved.addAndGet(-bytes);
    }
}
