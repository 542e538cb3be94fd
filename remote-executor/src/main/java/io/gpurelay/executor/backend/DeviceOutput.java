package io.gpurelay.executor.backend;

import java.util.EnumSet;
import java.util.Set;

import io.gpurelay.protocol.Function;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What a session's kernels printed and a synchronisation point flushed, on its way to the client. It keeps at most
 * {@link #MAX_BYTES_PER_FLUSH} bytes per flush, the largest printf FIFO the emulator takes
 * ({@code cudaLimitPrintfFifoSize}), so a flush carries all a device's FIFO holds while a kernel that prints gigabytes
 * costs the executor a bounded amount of memory; what does not fit is counted and dropped, and the client is told how
 * much. Its array grows with what a flush carries and, past {@link #KEPT_BYTES}, is let go at the flush's end. The
 * session sends and {@linkplain #clear() clears} it after each flush. Used by the session's thread only.
 */
public final class DeviceOutput
{
    /** Bytes of device output one flush carries to the client at most. */
    public static final int MAX_BYTES_PER_FLUSH = 64 * 1024 * 1024;
    /** The largest array kept between flushes. */
    static final int KEPT_BYTES = 1024 * 1024;

    /**
     * The calls at which CUDA flushes device printf: synchronisation of a context, stream or event, blocking copies,
     * module load and unload, context destruction and reset. A kernel launch also flushes on a GPU, but only the
     * output of kernels that have already finished, which is timing-dependent; leaving launches out keeps the output
     * of the emulator, whose kernels finish before the launch returns, where a GPU usually shows it: at the next
     * synchronisation.
     */
    private static final Set<Function> FLUSHING_FUNCTIONS = EnumSet.of(
        Function.CUDA_DEVICE_SYNCHRONIZE, Function.CU_CTX_SYNCHRONIZE,
        Function.CUDA_STREAM_SYNCHRONIZE, Function.CU_STREAM_SYNCHRONIZE,
        Function.CUDA_EVENT_SYNCHRONIZE, Function.CU_EVENT_SYNCHRONIZE,
        Function.CUDA_MEMCPY_HTOD, Function.CUDA_MEMCPY_DTOH, Function.CUDA_MEMCPY_DTOD,
        Function.CU_MEMCPY_HTOD, Function.CU_MEMCPY_DTOH, Function.CU_MEMCPY_DTOD,
        Function.CUDA_MEMCPY_HOST_MEMORY, Function.CU_MEMCPY_HOST_MEMORY,
        Function.CU_MODULE_LOAD_DATA, Function.CU_MODULE_UNLOAD,
        Function.CU_CTX_DESTROY, Function.CUDA_DEVICE_RESET, Function.CU_DEVICE_PRIMARY_CTX_RESET);

    private final int capacity;
    private byte[] bytes = new byte[0];
    private final UnsafeBuffer view = new UnsafeBuffer(bytes);
    private int length;
    private long droppedBytes;
    private String problem;

    /**
     * Whether CUDA flushes device output when this function is called.
     */
    public static boolean flushedBy(final Function function)
    {
        return function != null && FLUSHING_FUNCTIONS.contains(function);
    }

    public DeviceOutput()
    {
        this(MAX_BYTES_PER_FLUSH);
    }

    public DeviceOutput(final int capacity)
    {
        if (capacity <= 0)
        {
            throw new IllegalArgumentException("device output capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * @return how many more bytes fit before output is dropped.
     */
    public int remaining()
    {
        return capacity - length;
    }

    /**
     * Keep as much of the text as fits; count the rest as dropped.
     */
    public void append(final byte[] text, final int offset, final int count)
    {
        final int kept = Math.min(count, remaining());
        if (kept > 0)
        {
            ensureCapacity(length + kept);
            System.arraycopy(text, offset, bytes, length, kept);
            length += kept;
        }
        droppedBytes += count - kept;
    }

    /**
     * Count bytes that were printed but never reached this buffer (a full printf buffer on the device side, or text
     * skipped without being read).
     */
    public void dropped(final long count)
    {
        droppedBytes += count;
    }

    /**
     * Device output cannot be captured, for this reason; the session logs it.
     */
    public void problem(final String reason)
    {
        problem = reason;
    }

    /** Why device output could not be captured at this flush, or null. */
    public String problem()
    {
        return problem;
    }

    public boolean isEmpty()
    {
        return length == 0 && droppedBytes == 0;
    }

    /** The text kept, in {@code [0, length())}; valid until the next append. */
    public DirectBuffer text()
    {
        return view;
    }

    public int length()
    {
        return length;
    }

    public long droppedBytes()
    {
        return droppedBytes;
    }

    public void clear()
    {
        if (bytes.length > KEPT_BYTES)
        {
            bytes = new byte[0];
            view.wrap(bytes);
        }
        length = 0;
        droppedBytes = 0;
        problem = null;
    }

    private void ensureCapacity(final int needed)
    {
        if (bytes.length < needed)
        {
            final byte[] grown = new byte[Math.min(capacity, Math.max(needed, Math.max(4096, bytes.length * 2)))];
            System.arraycopy(bytes, 0, grown, 0, length);
            bytes = grown;
            view.wrap(bytes);
        }
    }
}
