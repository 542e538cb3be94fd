package io.gpurelay.executor.backend;

import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * A call of a function-table row, decoded by its arguments' roles: for each argument of the row, the scalar it
 * carries (an input's value, a device's ordinal) or the backend object its handle names (a context, module, kernel,
 * stream or event; null for a default stream). Outputs carry nothing here; the backend replies with one value per
 * output, in the row's order. Reused for every table call of a session.
 */
public final class TableCall
{
    private FunctionRow row;
    private BackendContext context;
    private long[] scalars = new long[8];
    private long[] extents = new long[8];
    private Object[] objects = new Object[8];
    /** Texture and surface references: the object the backend made for the row's handle output. */
    private Object made;

    /**
     * Start decoding a call of this row.
     */
    public void reset(final FunctionRow row)
    {
        this.row = row;
        this.context = null;
        this.made = null;
        final int count = row.arguments().size();
        if (scalars.length < count)
        {
            scalars = new long[count];
            extents = new long[count];
            objects = new Object[count];
        }
        java.util.Arrays.fill(objects, 0, count, null);
        java.util.Arrays.fill(scalars, 0, count, 0);
        java.util.Arrays.fill(extents, 0, count, 0);
    }

    public FunctionRow row()
    {
        return row;
    }

    /**
     * @return the context the call runs in; null for a row that needs none.
     */
    public BackendContext context()
    {
        return context;
    }

    public void context(final BackendContext context)
    {
        this.context = context;
    }

    public void scalar(final int argument, final long value)
    {
        scalars[argument] = value;
    }

    public void extent(final int argument, final long bytes)
    {
        extents[argument] = bytes;
    }

    /**
     * @return for a device address, how many bytes from it the function touches (0 or less: none), which the backend
     *         checks against the session's allocations before the device sees the address; for a string output, the
     *         bytes the function may write, its NUL included (1 to 4096, checked).
     */
    public long extent(final int argument)
    {
        return extents[argument];
    }

    public void object(final int argument, final Object value)
    {
        objects[argument] = value;
    }

    /**
     * @return the value of an input or device argument.
     */
    public long scalar(final int argument)
    {
        return scalars[argument];
    }

    /**
     * @return the backend object of a handle argument; null for a default stream.
     */
    public Object object(final int argument)
    {
        return objects[argument];
    }

    // Texture and surface references: arguments of several values, a string input, a handle the backend makes.

    /**
     * @return the four floats of an {@code in:float4} argument, or the four values (Width, Height, Format,
     *         NumChannels) of an {@code in:arraydesc} argument as a {@code long[]}; the string of an
     *         {@code in:string} argument. Use {@link #object(int)}; these name what it holds.
     */
    public float[] floats(final int argument)
    {
        return (float[])objects[argument];
    }

    public long[] values(final int argument)
    {
        return (long[])objects[argument];
    }

    public String text(final int argument)
    {
        return (String)objects[argument];
    }

    /**
     * The backend's object for the row's {@code new:texref} or {@code new:surfref} output, which the executor makes
     * a handle of; set by the backend when the function succeeded.
     */
    public void made(final Object object)
    {
        this.made = object;
    }

    public Object made()
    {
        return made;
    }

    /**
     * @return the index of the row's first argument of this role; -1 for none.
     */
    public int indexOf(final ArgumentRole role)
    {
        final Argument argument = row.first(role);
        return argument == null ? -1 : row.arguments().indexOf(argument);
    }
}
