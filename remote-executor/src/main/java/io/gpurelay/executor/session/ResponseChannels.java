package io.gpurelay.executor.session;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import org.agrona.SystemUtil;

/**
 * What the executor publishes on a channel a client named. The channel's parameters are the client's choice, and a
 * publication's term length sizes the log buffers it maps (three terms, in the media driver's directory): a refusal
 * to a peer who proved nothing goes out on small terms whatever it asked, and a session's replies on terms no larger
 * than {@value #MAX_SESSION_TERM_LENGTH} bytes.
 */
public final class ResponseChannels
{
    /** A refusal or a notice is one small message. */
    public static final int REFUSAL_TERM_LENGTH = 64 * 1024;
    /** Aeron's default term length for IPC, the largest a profile of ours sets. */
    public static final int MAX_SESSION_TERM_LENGTH = 64 * 1024 * 1024;

    private ResponseChannels()
    {
    }

    /**
     * The channel for a refusal, or a notice that a session failed: the small term length, the media driver's MTU and
     * linger (an MTU chosen for large terms does not fit small ones; a long linger would keep the log buffers).
     */
    public static String forRefusal(final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        uri.put(CommonContext.TERM_LENGTH_PARAM_NAME, Integer.toString(REFUSAL_TERM_LENGTH));
        uri.remove(CommonContext.MTU_LENGTH_PARAM_NAME);
        uri.remove(CommonContext.LINGER_PARAM_NAME);
        return uri.toString();
    }

    /**
     * The channel for an accepted session's replies: the term length asked for, at most
     * {@link #MAX_SESSION_TERM_LENGTH}; the media driver's own when none is asked for.
     */
    static String forSession(final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        final String termLength = uri.get(CommonContext.TERM_LENGTH_PARAM_NAME);
        if (termLength == null || !exceeds(termLength, MAX_SESSION_TERM_LENGTH))
        {
            return channel;
        }
        uri.put(CommonContext.TERM_LENGTH_PARAM_NAME, Integer.toString(MAX_SESSION_TERM_LENGTH));
        return uri.toString();
    }

    /**
     * Aeron's size syntax (a number with an optional k, m or g); a value that is not one is left for the media driver
     * to refuse.
     */
    private static boolean exceeds(final String size, final int limit)
    {
        try
        {
            return SystemUtil.parseSize(CommonContext.TERM_LENGTH_PARAM_NAME, size) > limit;
        }
        catch (final RuntimeException ex)
        {
            return false;
        }
    }
}
