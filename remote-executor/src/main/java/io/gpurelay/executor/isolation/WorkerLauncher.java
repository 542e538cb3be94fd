package io.gpurelay.executor.isolation;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * Starts worker processes for the {@link WorkerSupervisor}; tests give it one that starts none.
 */
interface WorkerLauncher extends AutoCloseable
{
    LaunchedWorker launch(long workerId) throws IOException;

    /**
     * Delete what the launcher made for its workers, after they all ended.
     */
    void close();

    /**
     * One started worker process.
     */
    interface LaunchedWorker
    {
        long pid();

        /**
         * Completes with the exit status when the process ends: 128 + N when signal N ended it.
         */
        CompletableFuture<Integer> onExit();

        /**
         * @param forcibly SIGKILL rather than SIGTERM.
         */
        void stop(boolean forcibly);

        /**
         * Delete what belonged to the worker (its stdout file) once it has ended.
         */
        void cleanUp();
    }
}
