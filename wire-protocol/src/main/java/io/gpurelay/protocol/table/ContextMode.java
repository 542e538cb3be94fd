package io.gpurelay.protocol.table;

/**
 * Which context a table function runs in on the executor.
 */
public enum ContextMode
{
    /** None: a query of a device or of the process ({@code cuDeviceGetTexture1DLinearMaxWidth}). */
    NONE("none"),
    /**
     * The calling thread's current context: for the driver API the context the call carries, which must be live;
     * for the runtime API the primary context of the thread's current device.
     */
    CURRENT("current"),
    /**
     * The context of the first handle argument (a stream's, an event's, a kernel's module's, or the context itself);
     * a default stream is the current context's.
     */
    OBJECT("object");

    private final String token;

    ContextMode(final String token)
    {
        this.token = token;
    }

    public String token()
    {
        return token;
    }

    static ContextMode of(final String token)
    {
        for (final ContextMode mode : values())
        {
            if (mode.token.equals(token))
            {
                return mode;
            }
        }
        return null;
    }
}
