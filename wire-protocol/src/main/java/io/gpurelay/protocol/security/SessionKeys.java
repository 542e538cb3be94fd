package io.gpurelay.protocol.security;

/**
 * What a session's two ends agreed in the handshake: a small value that the process accepting a session can hand to
 * the one that serves it. {@code sealed} says whether its messages travel sealed (a UDP channel) or in the clear
 * (IPC, where the Aeron session id binding is the guard). Holds keys: never logged.
 *
 * @param sessionId                   the gpurelay session id, unguessable.
 * @param requestPublicationSessionId the Aeron session id of the client's request publication; the executor takes
 *                                    the session's requests from no other.
 * @param sealed                      whether messages after {@code Connected} are sealed.
 * @param requestKey                  AES-256-GCM key of client-to-executor messages.
 * @param replyKey                    AES-256-GCM key of executor-to-client messages.
 */
public record SessionKeys(
    long sessionId, int requestPublicationSessionId, boolean sealed, byte[] requestKey, byte[] replyKey)
{
    /** The longest message of a session's callback stream, with room to spare. */
    private static final int CALLBACK_MESSAGE_LENGTH = 256;

    /** The client seals its requests with this one, the executor opens them with {@link #requestOpener()}. */
    public MessageSealer requestSealer()
    {
        return new MessageSealer(requestKey, MessageSealer.REQUEST_DIRECTION, sessionId);
    }

    public MessageOpener requestOpener()
    {
        return new MessageOpener(requestKey, MessageSealer.REQUEST_DIRECTION, sessionId);
    }

    /**
     * The client seals its {@code CallbackDone} answers with this one, on the session's callback stream; the executor
     * opens them with {@link #callbackOpener()}.
     */
    public MessageSealer callbackSealer()
    {
        return new MessageSealer(requestKey, MessageSealer.CALLBACK_DIRECTION, sessionId);
    }

    /**
     * Opens the callback stream's messages, which are small: a longer one is dropped as malformed.
     */
    public MessageOpener callbackOpener()
    {
        return new MessageOpener(requestKey, MessageSealer.CALLBACK_DIRECTION, sessionId, CALLBACK_MESSAGE_LENGTH);
    }

    public MessageSealer replySealer()
    {
        return new MessageSealer(replyKey, MessageSealer.REPLY_DIRECTION, sessionId);
    }

    /**
     * Seals the one last reply of a session that a process other than the one serving it sends: the supervisor's
     * {@code SessionFailed} when the session's worker process died. Its sequence number is the largest there is, which
     * the serving process never reaches, so no nonce is used twice with a different message (a new sealer per
     * attempt seals the same message to the same bytes), and the client accepts no reply after it.
     */
    public MessageSealer lastReplySealer()
    {
        return new MessageSealer(replyKey, MessageSealer.REPLY_DIRECTION, sessionId, Long.MAX_VALUE);
    }

    public MessageOpener replyOpener()
    {
        return new MessageOpener(replyKey, MessageSealer.REPLY_DIRECTION, sessionId);
    }

    public String toString()
    {
        return "SessionKeys[sessionId=" + sessionId + ", requestPublicationSessionId=" + requestPublicationSessionId +
            ", sealed=" + sealed + ", keys not shown]";
    }
}
