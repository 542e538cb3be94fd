package io.gpurelay.emulator.ptx;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * The state behind the PTX system calls ({@code vprintf}, {@code malloc}, {@code free}) that the kernels of one
 * context share: the printf buffer the host drains at its synchronisation points, and the device heap. One per
 * context, handed to every module instance of that context.
 */
public final class DeviceSystemCalls
{
    private final PrintfBuffer printfBuffer;
    private final DeviceHeap heap;

    public DeviceSystemCalls(final DeviceMemory memory, final Object owner)
    {
        this(new PrintfBuffer(), new DeviceHeap(memory, owner, DeviceHeap.DEFAULT_CAPACITY));
    }

    public DeviceSystemCalls(final PrintfBuffer printfBuffer, final DeviceHeap heap)
    {
        this.printfBuffer = printfBuffer;
        this.heap = heap;
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
     * Free the heap's device memory; what is left in the printf buffer stays readable.
     */
    public void release()
    {
        heap.release();
    }
}
