package io.gpurelay.executor.backend;

/**
 * A stream callback or host function queued on a stream: its code is the client's, and {@link #run} tells the client
 * and returns once the client's callback has returned (or the session is ending, so nobody will answer). The stream
 * must not go on while it runs.
 */
@FunctionalInterface
public interface HostFunction
{
    /**
     * Called when the stream reaches the function, on a thread of the backend's; blocks until the client's callback
     * has returned. Never throws.
     *
     * @param status for a stream callback, the stream's error, or null when it has none; null for a host function.
     */
    void run(CudaError status);
}
