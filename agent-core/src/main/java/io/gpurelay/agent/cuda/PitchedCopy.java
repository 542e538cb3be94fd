package io.gpurelay.agent.cuda;

import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A 2D/3D copy between host memory, device memory and CUDA arrays, as the executor's copy function
 * ({@code Function.CU_MEMCPY_3D}, {@code CUDA_MEMCPY_3D}) takes it: every form of the driver's and the runtime's
 * pitched and array copies is one of these. Host memory never leaves this process as a pointer: the rows the copy
 * touches (and only those, pitch respected) travel packed as the call's payload or come back as the reply's, read and
 * written in place through a {@link HostRange} of the caller's array, buffer or pinned memory. A copy that touches
 * host memory is cut into calls of at most {@link #CHUNK_BYTES} host bytes (bands of rows of one slice, or pieces of
 * one row), each a copy of its own; the host range is checked to hold every byte before the first call.
 */
public final class PitchedCopy
{
    public static final int HOST = 1;
    public static final int DEVICE = 2;
    public static final int ARRAY = 3;
    /** The most host bytes one call carries. */
    public static final long CHUNK_BYTES = 8L * 1024 * 1024;
    private static final int SIDE_ARGUMENTS = 7;

    /**
     * Runs one call of the copy: {@code payload} is the host source's packed rows (or null), {@code sink} where the
     * host destination's go (or null).
     */
    @FunctionalInterface
    public interface Caller
    {
        int call(long[] args, PayloadSource payload, PayloadSink sink);
    }

    /**
     * Host memory of the program from where a host side starts, as many bytes as the copy touches: a binding's
     * pointer, array or buffer, whichever it passes.
     */
    @FunctionalInterface
    public interface HostMemory
    {
        /**
         * @throws HostRangeException when fewer bytes lie behind the argument.
         */
        HostRange range(long byteCount) throws HostRangeException;
    }

    /**
     * One side: host memory behind a pointer, a device address or an array handle, with a position (x in bytes),
     * a pitch in bytes and rows per slice.
     */
    public static final class Side
    {
        final int type;
        final long address;
        final HostMemory host;
        final long x;
        final long y;
        final long z;
        final long pitch;
        final long rows;

        private Side(final int type, final long address, final HostMemory host, final long x, final long y,
            final long z, final long pitch, final long rows)
        {
            this.type = type;
            this.address = address;
            this.host = host;
            this.x = x;
            this.y = y;
            this.z = z;
            this.pitch = pitch;
            this.rows = rows;
        }

        /**
         * Host memory of a binding that passes no JCuda pointer (JavaCPP).
         */
        public static Side hostMemory(final HostMemory host, final long x, final long y, final long z,
            final long pitch, final long rows)
        {
            return new Side(HOST, 0, host, x, y, z, pitch, rows);
        }

        public static Side device(final long address, final long x, final long y, final long z, final long pitch,
            final long rows)
        {
            return new Side(DEVICE, address, null, x, y, z, pitch, rows);
        }

        public static Side array(final long handle, final long x, final long y, final long z)
        {
            return new Side(ARRAY, handle, null, x, y, z, 0, 0);
        }

        Side moved(final long dx, final long dy, final long dz)
        {
            return new Side(type, address, host, x + dx, y + dy, z + dz, pitch, rows);
        }
    }

    private PitchedCopy()
    {
    }

    /**
     * Run the copy through {@code caller}.
     *
     * @throws HostRangeException when a host side's memory does not hold every byte the copy touches, or the
     *                            geometry is impossible (negative, overflowing, a pitch narrower than a row).
     */
    public static int run(final Side source, final Side destination, final long width, final long height,
        final long depth, final long stream, final Caller caller) throws HostRangeException
    {
        if (width < 0 || height < 0 || depth < 0)
        {
            throw new HostRangeException("the copy's extent " + width + " bytes x " + height + " x " + depth +
                " is negative");
        }
        if (width == 0 || height == 0 || depth == 0)
        {
            return 0;
        }
        if (source.type == HOST && destination.type == HOST)
        {
            hostToHost(source, destination, width, height, depth);
            return 0;
        }
        final Side host = source.type == HOST ? source : destination.type == HOST ? destination : null;
        if (host == null)
        {
            return caller.call(args(source, destination, width, height, depth, stream), null, null);
        }
        final HostRange range = window(host, width, height, depth);
        final long rowStep = width >= CHUNK_BYTES ? 1 : Math.min(height, CHUNK_BYTES / width);
        final long xStep = Math.min(width, CHUNK_BYTES);
        for (long z = 0; z < depth; z++)
        {
            for (long y = 0; y < height; y += rowStep)
            {
                final long rows = Math.min(rowStep, height - y);
                for (long x = 0; x < width; x += xStep)
                {
                    final long pieceWidth = Math.min(xStep, width - x);
                    final Side from = source.moved(x, y, z);
                    final Side to = destination.moved(x, y, z);
                    final StridedHost packed = new StridedHost(range,
                        ((host.z + z) * host.rows + host.y + y) * host.pitch + host.x + x, host.pitch, pieceWidth,
                        rows);
                    final int status = caller.call(args(from, to, pieceWidth, rows, 1, stream),
                        source.type == HOST ? packed : null, destination.type == HOST ? packed : null);
                    if (status != 0)
                    {
                        return status;
                    }
                }
            }
        }
        return 0;
    }

    /**
     * Both sides in this process: row by row through a bounce buffer, as JCuda's own host-to-host copy is a memcpy.
     */
    private static void hostToHost(final Side source, final Side destination, final long width, final long height,
        final long depth) throws HostRangeException
    {
        final HostRange from = window(source, width, height, depth);
        final HostRange to = window(destination, width, height, depth);
        final UnsafeBuffer bounce = new UnsafeBuffer(new byte[(int)Math.min(width, 64 * 1024)]);
        for (long z = 0; z < depth; z++)
        {
            for (long y = 0; y < height; y++)
            {
                final long fromRow = ((source.z + z) * source.rows + source.y + y) * source.pitch + source.x;
                final long toRow = ((destination.z + z) * destination.rows + destination.y + y) * destination.pitch +
                    destination.x;
                for (long x = 0; x < width; x += bounce.capacity())
                {
                    final int piece = (int)Math.min(bounce.capacity(), width - x);
                    from.copyTo(fromRow + x, bounce, 0, piece);
                    to.write(toRow + x, bounce, 0, piece);
                }
            }
        }
    }

    /**
     * The host memory from the pointer to one past the last byte the copy touches, checked to be there.
     */
    private static HostRange window(final Side host, final long width, final long height, final long depth)
        throws HostRangeException
    {
        if (host.x < 0 || host.y < 0 || host.z < 0 || host.pitch < 0 || host.rows < 0)
        {
            throw new HostRangeException("a negative host position, pitch or height");
        }
        if ((height > 1 || depth > 1) && host.pitch < host.x + width)
        {
            throw new HostRangeException("the host pitch of " + host.pitch + " bytes is narrower than rows of " +
                width + " bytes at x " + host.x);
        }
        if ((depth > 1 || host.z > 0) && host.rows < host.y + height)
        {
            throw new HostRangeException("the host height of " + host.rows + " rows cannot hold " + height +
                " rows at y " + host.y);
        }
        try
        {
            final long end = Math.addExact(Math.multiplyExact(Math.addExact(Math.multiplyExact(
                host.z + depth - 1, host.rows), host.y + height - 1), host.pitch), host.x + width);
            return host.host.range(end);
        }
        catch (final ArithmeticException ex)
        {
            throw new HostRangeException("the host extent overflows");
        }
    }

    private static long[] args(final Side source, final Side destination, final long width, final long height,
        final long depth, final long stream)
    {
        final long[] args = new long[2 * SIDE_ARGUMENTS + 4];
        side(args, 0, source, width, height);
        side(args, SIDE_ARGUMENTS, destination, width, height);
        args[2 * SIDE_ARGUMENTS] = width;
        args[2 * SIDE_ARGUMENTS + 1] = height;
        args[2 * SIDE_ARGUMENTS + 2] = depth;
        args[2 * SIDE_ARGUMENTS + 3] = stream;
        return args;
    }

    private static void side(final long[] args, final int first, final Side side, final long width,
        final long height)
    {
        args[first] = side.type;
        if (side.type == HOST)
        {
            args[first + 5] = width;
            args[first + 6] = height;
            return;
        }
        args[first + 1] = side.address;
        args[first + 2] = side.x;
        args[first + 3] = side.y;
        args[first + 4] = side.z;
        args[first + 5] = side.pitch;
        args[first + 6] = side.rows;
    }

    /**
     * Rows of host memory seen as packed bytes: packed byte {@code p} is byte {@code p % width} of row
     * {@code p / width}, which starts {@code base + row * pitch} bytes into the range.
     */
    public static final class StridedHost implements PayloadSource, PayloadSink
    {
        private final HostRange range;
        private final long base;
        private final long pitch;
        private final long width;
        private final long length;

        StridedHost(final HostRange range, final long base, final long pitch, final long width, final long rows)
        {
            this.range = range;
            this.base = base;
            this.pitch = pitch;
            this.width = width;
            this.length = width * rows;
        }

        public long length()
        {
            return length;
        }

        public void copyTo(final long sourceOffset, final MutableDirectBuffer destination,
            final int destinationOffset, final int count)
        {
            long offset = sourceOffset;
            int done = 0;
            while (done < count)
            {
                final long column = offset % width;
                final int piece = (int)Math.min(count - done, width - column);
                range.copyTo(base + offset / width * pitch + column, destination, destinationOffset + done, piece);
                done += piece;
                offset += piece;
            }
        }

        public boolean begin(final long totalLength)
        {
            return totalLength == length;
        }

        public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int count)
        {
            long at = offset;
            int done = 0;
            while (done < count)
            {
                final long column = at % width;
                final int piece = (int)Math.min(count - done, width - column);
                range.write(base + at / width * pitch + column, source, sourceOffset + done, piece);
                done += piece;
                at += piece;
            }
        }
    }
}
