package io.gpurelay.emulator.ptx;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs all blocks of a launch. Blocks are independent, so when the grid has several they are spread over up to one
 * worker per processor: the calling thread is one of them and the others come from a shared pool of daemon threads.
 * The call returns when every block has run, or throws the first fault once every block that had started has
 * stopped, so that no block of a failed launch is still writing device memory afterwards.
 */
final class KernelLauncher
{
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    private static final ExecutorService HELPERS = PROCESSORS > 1 ?
        Executors.newFixedThreadPool(PROCESSORS - 1, KernelLauncher::helperThread) : null;
    private static final AtomicInteger HELPER_COUNT = new AtomicInteger();

    private KernelLauncher()
    {
    }

    private static Thread helperThread(final Runnable task)
    {
        final Thread thread = new Thread(task, "gpurelay-emulator-worker-" + HELPER_COUNT.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }

    static int workersFor(final long blocks)
    {
        return (int)Math.max(1, Math.min(PROCESSORS, blocks));
    }

    /**
     * @return the number of thread instructions executed.
     */
    static long launch(final LaunchContext launch)
    {
        final Launch state = new Launch(launch);
        for (int worker = 1; worker < launch.workers; worker++)
        {
            final int id = worker;
            HELPERS.execute(() -> state.work(id));
        }
        state.work(0);
        state.awaitWorkers();
        final Throwable failure = state.failure.get();
        if (failure instanceof RuntimeException runtime)
        {
            throw runtime;
        }
        if (failure instanceof Error error)
        {
            throw error;
        }
        return state.executed.get();
    }

    private static final class Launch
    {
        private final LaunchContext context;
        private final long blocks;
        private final AtomicLong nextBlock = new AtomicLong();
        private final AtomicInteger busyWorkers = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final AtomicLong executed = new AtomicLong();

        Launch(final LaunchContext context)
        {
            this.context = context;
            this.blocks = context.blocks();
        }

        void work(final int worker)
        {
            busyWorkers.incrementAndGet();
            BlockExecutor executor = null;
            try
            {
                while (failure.get() == null)
                {
                    final long block = nextBlock.getAndIncrement();
                    if (block >= blocks)
                    {
                        break;
                    }
                    if (executor == null)
                    {
                        executor = new BlockExecutor(context, worker);
                    }
                    executor.run(block);
                }
            }
            catch (final Throwable ex)
            {
                failure.compareAndSet(null, ex);
            }
            finally
            {
                if (executor != null)
                {
                    executed.addAndGet(executor.executedInstructions());
                }
                if (busyWorkers.decrementAndGet() == 0)
                {
                    synchronized (this)
                    {
                        notifyAll();
                    }
                }
            }
        }

        /**
         * Wait for helpers that have started; one that starts later finds no block left (or the failure) and leaves
         * without touching anything.
         */
        void awaitWorkers()
        {
            boolean interrupted = false;
            synchronized (this)
            {
                while (busyWorkers.get() > 0)
                {
                    try
                    {
                        wait();
                    }
                    catch (final InterruptedException ex)
                    {
                        interrupted = true;
                    }
                }
            }
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }
}
