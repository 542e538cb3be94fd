package io.gpurelay.protocol;

/**
 * A message that decodes but does not make sense: missing arguments, an impossible length, an unknown function.
 * The executor answers it with the API's invalid-value error and keeps serving.
 */
public final class MalformedCallException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public MalformedCallException(final String message)
    {
        super(message, null, false, false);
    }
}
