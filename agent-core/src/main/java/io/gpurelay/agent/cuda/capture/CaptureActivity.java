package io.gpurelay.agent.cuda.capture;

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

    /** The binding's refusal of a call on a capturing stream of a session. */
    private static volatile Refusal refusal;

    /**
     * How the binding that begins captures refuses a call on one of a session's capturing streams.
     */
    @FunctionalInterface
    public interface Refusal
    {
        /**
         * @return the refusal's status (the capture is invalidated), or {@link #NOT_CAPTURED}.
         */
        int refuse(long stream, String function, Object session);
    }

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
    public static void refusal(final Refusal refusal)
    {
        CaptureActivity.refusal = refusal;
    }

    /**
     * A call that cannot be captured, on the session's {@code stream}: refused (and the capture invalidated) where the stream is
     * capturing, as CUDA refuses what it cannot capture.
     *
     * @return the refusal's status, or {@link #NOT_CAPTURED}.
     */
    public static int refuse(final long stream, final String function, final Object session)
    {
        final Refusal refuse = refusal;
        return !underWay || refuse == null ? NOT_CAPTURED : refuse.refuse(stream, function, session);
    }
}
