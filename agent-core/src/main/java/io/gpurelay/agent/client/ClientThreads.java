package io.gpurelay.agent.client;

/**
 * Threads the client starts are daemons: the agent must never be what keeps an application's JVM running.
 */
final class ClientThreads
{
    private ClientThreads()
    {
    }

    static Thread daemon(final Runnable task, final String name)
    {
        final Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
