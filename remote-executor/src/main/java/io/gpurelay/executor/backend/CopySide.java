package io.gpurelay.executor.backend;

/**
 * One side of a 2D/3D copy as the executor checked it: host memory (packed rows that travel as the call's payload or
 * the reply's), linear device memory (a base address with a position, a pitch and rows per slice, as
 * {@code CUDA_MEMCPY3D} has them) or a CUDA array of the session (with a position in bytes, rows and slices).
 */
public final class CopySide
{
    public enum Kind
    {
        HOST, DEVICE, ARRAY
    }

    private final Kind kind;
    private final long address;
    private final BackendArray array;
    private final long xInBytes;
    private final long y;
    private final long z;
    private final long pitch;
    private final long rows;

    private CopySide(
        final Kind kind, final long address, final BackendArray array, final long xInBytes, final long y, final long z,
        final long pitch, final long rows)
    {
        this.kind = kind;
        this.address = address;
        this.array = array;
        this.xInBytes = xInBytes;
        this.y = y;
        this.z = z;
        this.pitch = pitch;
        this.rows = rows;
    }

    /** Packed host rows: a pitch of the copy's width, a slice of the copy's height. */
    public static CopySide host(final long widthInBytes, final long height)
    {
        return new CopySide(Kind.HOST, 0, null, 0, 0, 0, widthInBytes, height);
    }

    public static CopySide device(
        final long address, final long xInBytes, final long y, final long z, final long pitch, final long rows)
    {
        return new CopySide(Kind.DEVICE, address, null, xInBytes, y, z, pitch, rows);
    }

    public static CopySide array(final BackendArray array, final long xInBytes, final long y, final long z)
    {
        return new CopySide(Kind.ARRAY, 0, array, xInBytes, y, z, array.descriptor().rowBytes(),
            array.descriptor().rows());
    }

    public Kind kind()
    {
        return kind;
    }

    /** The device address of the position (0, 0, 0), for a device side. */
    public long address()
    {
        return address;
    }

    public BackendArray array()
    {
        return array;
    }

    public long xInBytes()
    {
        return xInBytes;
    }

    public long y()
    {
        return y;
    }

    public long z()
    {
        return z;
    }

    /** Bytes from one row to the next (an array's row size for an array side). */
    public long pitch()
    {
        return pitch;
    }

    /** Rows from one slice to the next. */
    public long rows()
    {
        return rows;
    }

    /**
     * The offset of the copy's first byte from position (0, 0, 0), which the executor checked does not overflow.
     */
    public long firstByte()
    {
        return (z * rows + y) * pitch + xInBytes;
    }

    /**
     * How many bytes from the first byte to one past the last a copy of this geometry touches.
     */
    public long extent(final long widthInBytes, final long height, final long depth)
    {
        return ((depth - 1) * rows + (height - 1)) * pitch + widthInBytes;
    }
}
