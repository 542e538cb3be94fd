package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.protocol.PayloadSink;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;

/**
 * A device range as the destination of a host-to-device copy: each chunk goes from the received message straight
 * into device memory. The range was checked before the first chunk; each write is still checked against the
 * session's allocations, which costs one map lookup per chunk. Reused by its session for every such copy.
 */
final class DeviceRangeSink implements PayloadSink
{
    private DeviceMemory memory;
    private Object owner;
    private long address;
    private long length;

    DeviceRangeSink wrap(final DeviceMemory memory, final Object owner, final long address, final long length)
    {
        this.memory = memory;
        this.owner = owner;
        this.address = address;
        this.length = length;
        return this;
    }

    public boolean begin(final long totalLength)
    {
        return totalLength == length;
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
    {
        final byte[] array = source.byteArray();
        if (array != null)
        {
            final int arrayOffset = (int)(source.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET);
            memory.write(address + offset, array, arrayOffset + sourceOffset, length, owner);
        }
        else
        {
            memory.writeFromHost(address + offset, source.addressOffset() + sourceOffset, length, owner);
        }
    }
}
