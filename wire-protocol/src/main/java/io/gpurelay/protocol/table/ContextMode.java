package io.gpurelay.protocol.table;

import java.util.Locale;

/**
 * Which context a table function runs in on the executor. The table names each by its name in lower case.
 */
public enum ContextMode implements TableToken
{
    /** None: a query of a device or of the process ({@code cuDeviceGetTexture1DLinearMaxWidth}). */
    NONE,
    /**
     * The calling thread's current context: for the driver API the context the call carries, which must be live;
     * for the runtime API the primary context of the thread's current device.
     */
    CURRENT,
    /**
     * The context of the first handle argument (a stream's, an event's, a kernel's module's, or the context itself);
     * a default stream is the current context's.
     */
    OBJECT;

    @Override
    public String token()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
