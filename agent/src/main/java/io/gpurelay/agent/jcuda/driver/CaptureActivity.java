package io.gpurelay.agent.jcuda.driver;

/**
 * Whether any stream capture is under way in the process: the one thing the calls of every binding ask before
 * {@link StreamCaptures}, which names JCuda's classes. Captures begin only through JCuda's binding, so a program
 * without JCuda never loads StreamCaptures (it could not): its table rows find no capture here and go on.
 */
public final class CaptureActivity
{
    /** Written by StreamCaptures under its lock as captures begin and end; read without it. */
    static volatile boolean underWay;

    private CaptureActivity()
    {
    }

    public static boolean underWay()
    {
        return underWay;
    }
}
