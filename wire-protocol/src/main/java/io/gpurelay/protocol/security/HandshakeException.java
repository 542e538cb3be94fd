package io.gpurelay.protocol.security;

/**
 * A handshake that cannot go on: a peer that does not hold the same token, or a key that cannot be used.
 */
public final class HandshakeException extends Exception
{
    private static final long serialVersionUID = 1L;

    public HandshakeException(final String message)
    {
        super(message);
    }
}
