package io.gpurelay.emulator.ptx;

import java.io.ByteArrayOutputStream;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * The state behind the PTX system calls ({@code vprintf}, {@code malloc}, {@code free}) that the kernels of one
 * context share: the printf buffer the host drains at its synchronisation points, and the device heap. One per
 * context, handed to every module instance of that context.
 * <p>
 * Their sizes are the context's limits {@code cudaLimitPrintfFifoSize} and {@code cudaLimitMallocHeapSize}: settable
 * until a kernel has printed (for the buffer) or allocated or freed (for the heap), as CUDA refuses to change them once
 * a kernel that uses them has run; smaller sizes are raised to CUDA 13's least (512 KiB and 4 MiB).
 */
public final class DeviceSystemCalls
{
    /** The least printf buffer CUDA 13 keeps (a smaller request is raised to it). */
    public static final int MIN_PRINTF_FIFO = 512 * 1024;
    /** The least device heap CUDA 13 keeps (a smaller request is raised to it). */
    public static final long MIN_HEAP = 4L * 1024 * 1024;

    private final DeviceMemory memory;
    private final Object owner;
    private final PrintfBuffer printfBuffer;
    private volatile DeviceHeap heap;
    private volatile boolean printed;
    private volatile boolean allocated;

    public DeviceSystemCalls(final DeviceMemory memory, final Object owner)
    {
        this.memory = memory;
        this.owner = owner;
        this.printfBuffer = new PrintfBuffer();
        this.heap = new DeviceHeap(memory, owner, DeviceHeap.DEFAULT_CAPACITY);
    }

    public PrintfBuffer printfBuffer()
    {
        return printfBuffer;
    }

    public DeviceHeap heap()
    {
        return heap;
    }

    /**
     * A kernel's printf: its text goes to the buffer (or is dropped whole when it does not fit).
     */
    void print(final ByteArrayOutputStream text)
    {
        printed = true;
        printfBuffer.append(text);
    }

    /**
     * A kernel's malloc.
     */
    long malloc(final long size)
    {
        allocated = true;
        return heap.allocate(size);
    }

    /**
     * A kernel's free.
     */
    boolean free(final long address)
    {
        allocated = true;
        return heap.free(address);
    }

    /**
     * Set the printf buffer's size, raised to {@link #MIN_PRINTF_FIFO}.
     *
     * @return false, changing nothing, once a kernel has printed.
     */
    public synchronized boolean printfFifoSize(final int bytes)
    {
        if (printed)
        {
            return false;
        }
        printfBuffer.capacity(Math.max(bytes, MIN_PRINTF_FIFO));
        return true;
    }

    /**
     * Set the device heap's size, raised to {@link #MIN_HEAP}; the heap's memory is reserved at its first allocation.
     *
     * @return false, changing nothing, once a kernel has allocated or freed.
     */
    public synchronized boolean heapSize(final long bytes)
    {
        if (allocated)
        {
            return false;
        }
        heap.release();
        heap = new DeviceHeap(memory, owner, Math.max(bytes, MIN_HEAP));
        return true;
    }

    /**
     * A device reset: the heap's memory is freed and both sizes are CUDA's defaults again, settable anew. Text not yet
     * taken stays in the buffer.
     */
    public synchronized void reset()
    {
        heap.release();
        heap = new DeviceHeap(memory, owner, DeviceHeap.DEFAULT_CAPACITY);
        printfBuffer.capacity(PrintfBuffer.DEFAULT_CAPACITY);
        printed = false;
        allocated = false;
    }

    /**
     * Free the heap's device memory; what is left in the printf buffer stays readable.
     */
    public void release()
    {
        heap.release();
    }
}
