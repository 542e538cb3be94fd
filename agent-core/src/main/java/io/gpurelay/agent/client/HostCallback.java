package io.gpurelay.agent.client;

/**
 * The application's stream callback or host function, as the binding calls it: with the callback's own arguments (its
 * stream and user data) bound, taking only the status the executor reports.
 */
@FunctionalInterface
public interface HostCallback
{
    /**
     * @param status the stream's status for a stream callback, in the numbering of the API that added it; 0 for a host
     *               function.
     */
    void run(int status);
}
