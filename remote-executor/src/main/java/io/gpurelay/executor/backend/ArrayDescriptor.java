package io.gpurelay.executor.backend;

/**
 * What a CUDA array is, as {@code CUDA_ARRAY3D_DESCRIPTOR} says it: its extent in elements (a height of 0 is a 1D
 * array, a depth of 0 a 2D one), the {@code CUarray_format} of each channel, the channel count and the
 * {@code CUDA_ARRAY3D_*} flags. The runtime's channel descriptions travel in this form too.
 */
public record ArrayDescriptor(long width, long height, long depth, int format, int channels, int flags)
{
    /** {@code CU_AD_FORMAT_UNSIGNED_INT8} and the other plain formats of one, two or four channels. */
    public static final int UNSIGNED_INT8 = 0x01;
    public static final int UNSIGNED_INT16 = 0x02;
    public static final int UNSIGNED_INT32 = 0x03;
    public static final int SIGNED_INT8 = 0x08;
    public static final int SIGNED_INT16 = 0x09;
    public static final int SIGNED_INT32 = 0x0a;
    public static final int HALF = 0x10;
    public static final int FLOAT = 0x20;
    /** {@code CUDA_ARRAY3D_LAYERED | SURFACE_LDST | CUBEMAP | TEXTURE_GATHER}: the flags whose layout is plain. */
    public static final int PLAIN_FLAGS = 0x0f;

    /** {@code CUDA_ARRAY3D_LAYERED}: depth counts layers, which mipmap levels do not halve. */
    public static final int LAYERED = 0x01;
    /** {@code CUDA_ARRAY3D_SURFACE_LDST}: surfaces may read and write the array. */
    public static final int SURFACE_LDST = 0x02;

    /**
     * The extent of mipmap level {@code level}: each dimension halved per level, at least 1 (a dimension of 0 stays
     * 0, and a layered array's layers stay).
     */
    public ArrayDescriptor level(final int level)
    {
        return new ArrayDescriptor(Math.max(1, width >> level), height == 0 ? 0 : Math.max(1, height >> level),
            depth == 0 || (flags & LAYERED) != 0 ? depth : Math.max(1, depth >> level), format, channels, flags);
    }

    /**
     * How many mipmap levels the extent has at most: down to 1 x 1 x 1.
     */
    public int maxLevels()
    {
        final long largest = Math.max(width, Math.max(height, (flags & LAYERED) != 0 ? 0 : depth));
        return 64 - Long.numberOfLeadingZeros(Math.max(1, largest));
    }

    /**
     * @return the bytes of one channel of a plain format, or 0 for a format that is not one of them (a packed,
     *         block-compressed or planar format).
     */
    public static int channelBytes(final int format)
    {
        return switch (format)
        {
            case UNSIGNED_INT8, SIGNED_INT8 -> 1;
            case UNSIGNED_INT16, SIGNED_INT16, HALF -> 2;
            case UNSIGNED_INT32, SIGNED_INT32, FLOAT -> 4;
            default -> 0;
        };
    }

    /**
     * @return the bytes of one element (every channel), or 0 where the format or channel count is not plain.
     */
    public int elementBytes()
    {
        return channels == 1 || channels == 2 || channels == 4 ? channelBytes(format) * channels : 0;
    }

    /** The bytes of one row. */
    public long rowBytes()
    {
        return width * elementBytes();
    }

    /** Rows per slice: a 1D array has one. */
    public long rows()
    {
        return Math.max(1, height);
    }

    /** Slices (layers of a layered array): a 1D or 2D array has one. */
    public long slices()
    {
        return Math.max(1, depth);
    }
}
