package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;

/**
 * A device range as a reply payload: each chunk is read from device memory straight into the outgoing message, so a
 * device-to-host copy of any size is never staged whole. Reused by its session for every such copy.
 */
final class DeviceRangeSource implements PayloadSource
{
    private DeviceMemory memory;
    private Object owner;
    private long address;
    private long length;

    DeviceRangeSource wrap(final DeviceMemory memory, final Object owner, final long address, final long length)
    {
        this.memory = memory;
        this.owner = owner;
        this.address = address;
        this.length = length;
        return this;
    }

    public long length()
    {
        return length;
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int length)
    {
        final byte[] array = destination.byteArray();
        if (array != null)
        {
            final int arrayOffset = (int)(destination.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET);
            memory.read(address + sourceOffset, array, arrayOffset + destinationOffset, length, owner);
        }
        else
        {
            memory.readToHost(address + sourceOffset, destination.addressOffset() + destinationOffset, length, owner);
        }
    }
}
