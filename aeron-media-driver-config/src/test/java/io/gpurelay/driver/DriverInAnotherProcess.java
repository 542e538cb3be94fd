package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

/**
 * A process that launches a media driver the way an executor does, says so, and runs until it is killed.
 * Argument: the Aeron directory.
 */
public final class DriverInAnotherProcess
{
    static final String READY = "driver ready";

    private DriverInAnotherProcess()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        try (DriverHandle ignored = MediaDrivers.launchHeld(args[0], DriverProfile.SHARED))
        {
            System.out.println(READY);
            System.out.flush();
            Thread.sleep(TimeUnit.MINUTES.toMillis(10));
        }
    }
}
