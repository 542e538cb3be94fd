package io.gpurelay.emulator.ptx;

import java.io.ByteArrayOutputStream;

/**
 * What kernels of one context have printed and the host has not yet taken: CUDA's printf FIFO. It holds at most its
 * capacity ({@code cudaLimitPrintfFifoSize}, 1 MiB by default here); a printf whose text does not fit is dropped whole
 * and counted, as a GPU drops what overflows its FIFO. The host takes the text at its synchronisation points.
 * Kernels of a launch append from several threads; each printf's text stays in one piece.
 */
public final class PrintfBuffer
{
    /** The emulator's default {@code cudaLimitPrintfFifoSize} (CUDA 13 on an H100 starts at 8.25 MiB). */
    public static final int DEFAULT_CAPACITY = 1024 * 1024;

    /** Text and the count of bytes dropped since the previous {@link #drain()}. */
    public record Drained(byte[] text, long droppedBytes)
    {
        public boolean isEmpty()
        {
            return text.length == 0 && droppedBytes == 0;
        }
    }

    private static final byte[] NOTHING = new byte[0];

    private int capacity;
    private final ByteArrayOutputStream text = new ByteArrayOutputStream();
    private long droppedBytes;

    public PrintfBuffer()
    {
        this(DEFAULT_CAPACITY);
    }

    public PrintfBuffer(final int capacity)
    {
        if (capacity <= 0)
        {
            throw new IllegalArgumentException("printf buffer capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    public synchronized int capacity()
    {
        return capacity;
    }

    /**
     * Hold at most {@code bytes} from now on ({@code cudaLimitPrintfFifoSize}); text already held stays to be taken.
     */
    synchronized void capacity(final int bytes)
    {
        if (bytes <= 0)
        {
            throw new IllegalArgumentException("printf buffer capacity must be positive: " + bytes);
        }
        capacity = bytes;
    }

    synchronized void append(final ByteArrayOutputStream printed)
    {
        if (printed.size() > capacity - text.size())
        {
            droppedBytes += printed.size();
            return;
        }
        text.write(printed.toByteArray(), 0, printed.size());
    }

    /**
     * Take everything printed since the previous call.
     */
    public synchronized Drained drain()
    {
        if (text.size() == 0 && droppedBytes == 0)
        {
            return new Drained(NOTHING, 0);
        }
        final Drained drained = new Drained(text.toByteArray(), droppedBytes);
        text.reset();
        droppedBytes = 0;
        return drained;
    }
}
