package io.gpurelay.agent.cuda.driver;

import java.util.function.ToIntBiFunction;

/**
 * Whether any stream capture is under way in the process, and how a call that cannot be captured is refused: the
 * one thing the calls of every binding ask of captures. Captures begin only through JCuda's binding, whose stream
 * captures register their refusal here as the first capture begins; a program without JCuda finds no capture here
 * and goes on.
 */
public final class CaptureActivity
{
    /** What {@link #refuse(long, String)} answers for a stream that is not capturing. */
    public static final int NOT_CAPTURED = -1;

    /** Written by the binding's stream captures under their lock as captures begin and end; read without it. */
    public static volatile boolean underWay;

    /** The binding's refusal of a call on a capturing stream: its status, or {@link #NOT_CAPTURED}. */
    private static volatile ToIntBiFunction<Long, String> refusal;

    private CaptureActivity()
    {
    }

    public static boolean underWay()
    {
        return underWay;
    }

    /**
     * Registered by the binding that begins captures, before the first one begins.
     */
    public static void refusal(final ToIntBiFunction<Long, String> refusal)
    {
        CaptureActivity.refusal = refusal;
    }

    /**
     * A call that cannot be captured, on {@code stream}: refused (and the capture invalidated) where the stream is
     * capturing, as CUDA refuses what it cannot capture.
     *
     * @return the refusal's status, or {@link #NOT_CAPTURED}.
     */
    public static int refuse(final long stream, final String function)
    {
        final ToIntBiFunction<Long, String> refuse = refusal;
        return !underWay || refuse == null ? NOT_CAPTURED : refuse.applyAsInt(stream, function);
    }
}
