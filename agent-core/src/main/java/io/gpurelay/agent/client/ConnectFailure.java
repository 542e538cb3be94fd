package io.gpurelay.agent.client;

/**
 * Why no session could be had, as the one line the user sees.
 */
final class ConnectFailure extends Exception
{
    private static final long serialVersionUID = 1L;

    ConnectFailure(final String message)
    {
        super(message, null, false, false);
    }
}
