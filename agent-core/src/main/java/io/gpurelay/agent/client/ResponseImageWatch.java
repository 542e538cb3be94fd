package io.gpurelay.agent.client;

import io.aeron.Image;

/**
 * Notices the executor's reply stream going away (the executor closed it, or died and its image timed out).
 */
final class ResponseImageWatch
{
    private volatile boolean seen;
    private volatile boolean lost;

    void onAvailable(final Image image)
    {
        seen = true;
    }

    void onUnavailable(final Image image)
    {
        if (seen)
        {
            lost = true;
        }
    }

    boolean isLost()
    {
        return lost;
    }
}
