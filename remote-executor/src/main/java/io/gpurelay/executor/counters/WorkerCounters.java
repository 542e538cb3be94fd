package io.gpurelay.executor.counters;

import io.aeron.Aeron;
import io.aeron.Counter;
import org.agrona.CloseHelper;

/**
 * The supervisor's worker processes as Aeron counters, next to {@link ExecutorCounters}: how many were started, how
 * many died while they had sessions or before they were ready (crashed), and how many ended normally after their
 * sessions (recycled).
 */
public final class WorkerCounters implements AutoCloseable
{
    public static final int WORKERS_STARTED_TYPE_ID = 7030;
    public static final int WORKERS_CRASHED_TYPE_ID = 7031;
    public static final int WORKERS_RECYCLED_TYPE_ID = 7032;

    public final Counter started;
    public final Counter crashed;
    public final Counter recycled;

    public WorkerCounters(final Aeron aeron)
    {
        started = aeron.addCounter(WORKERS_STARTED_TYPE_ID, "gpurelay executor workers started");
        crashed = aeron.addCounter(WORKERS_CRASHED_TYPE_ID, "gpurelay executor workers crashed");
        recycled = aeron.addCounter(WORKERS_RECYCLED_TYPE_ID, "gpurelay executor workers recycled");
    }

    public long started()
    {
        return started.get();
    }

    public long crashed()
    {
        return crashed.get();
    }

    public long recycled()
    {
        return recycled.get();
    }

    public String summary()
    {
        return "workers: " + started() + " started, " + crashed() + " crashed, " + recycled() + " recycled";
    }

    public void close()
    {
        CloseHelper.closeAll(started, crashed, recycled);
    }
}
