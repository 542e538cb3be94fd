package io.gpurelay.executor.backend.emulated;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.memory.DeviceMemoryException;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendArrays;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CopySide;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.ByteArrayPayload;
import org.agrona.DirectBuffer;

/**
 * Pitched memory, CUDA arrays and 2D/3D copies on the emulator. A pitched allocation is an ordinary allocation of
 * {@link #PITCH_ALIGNMENT}-aligned rows. An array is linear memory of the session on its context's device, rows of
 * {@code width * element size} bytes one after the other (the emulator has no texture layout to hide), which no
 * client ever gets the address of: only copies naming the array's handle reach it. Every copy is row by row, each
 * row's range checked against the session's allocations as any copy is.
 */
final class EmulatedArrays implements BackendArrays
{
    /** The pitch alignment cudaMallocPitch gives on current GPUs. */
    static final long PITCH_ALIGNMENT = 512;
    /** Rows between two memories (or the host) move through a buffer of at most this many bytes. */
    private static final int BOUNCE_BYTES = 64 * 1024;

    private final EmulatedBackendSession session;
    private final List<EmulatedArray> arrays = new ArrayList<>();

    EmulatedArrays(final EmulatedBackendSession session)
    {
        this.session = session;
    }

    public void mallocPitch(
        final BackendContext context, final long widthInBytes, final long height, final int elementSize,
        final CallResult result)
    {
        final long pitch = (widthInBytes + PITCH_ALIGNMENT - 1) / PITCH_ALIGNMENT * PITCH_ALIGNMENT;
        session.malloc(context, pitch * height, result);
        if (!result.failed())
        {
            result.value(pitch);
        }
    }

    public BackendArray createArray(
        final BackendContext context, final ArrayDescriptor descriptor, final CallResult result)
    {
        final EmulatedContext emulatedContext = (EmulatedContext)context;
        final long bytes = descriptor.rowBytes() * descriptor.rows() * descriptor.slices();
        try
        {
            final long address = session.allocateUntracked(emulatedContext.device(), bytes);
            final EmulatedArray array = new EmulatedArray(descriptor, emulatedContext, address);
            arrays.add(array);
            return array;
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, result.name("cudaMallocArray", "cuArray3DCreate") + " of " +
                bytes + " bytes on device " + emulatedContext.device() + ": " + ex.getMessage());
            return null;
        }
    }

    public void destroyArray(final BackendArray array, final CallResult result)
    {
        final EmulatedArray emulated = (EmulatedArray)array;
        if (arrays.remove(emulated))
        {
            session.freeUntracked(emulated.context.device(), emulated.address);
        }
    }

    /**
     * Each level is an array of its own extent; all are made, or none.
     */
    public BackendArray[] createMipmappedArray(
        final BackendContext context, final ArrayDescriptor descriptor, final int levels, final CallResult result)
    {
        final BackendArray[] made = new BackendArray[levels];
        for (int level = 0; level < levels; level++)
        {
            made[level] = createArray(context, descriptor.level(level), result);
            if (made[level] == null)
            {
                destroyMipmappedArray(java.util.Arrays.copyOf(made, level), result);
                return null;
            }
        }
        return made;
    }

    public void destroyMipmappedArray(final BackendArray[] levels, final CallResult result)
    {
        for (final BackendArray level : levels)
        {
            destroyArray(level, result);
        }
    }

    /**
     * Free the arrays made in a context that is being destroyed.
     */
    void contextDestroyed(final BackendContext context)
    {
        final Iterator<EmulatedArray> iterator = arrays.iterator();
        while (iterator.hasNext())
        {
            final EmulatedArray array = iterator.next();
            if (array.context == context)
            {
                session.freeUntracked(array.context.device(), array.address);
                iterator.remove();
            }
        }
    }

    /** The session's memory is freed whole as it closes. */
    void close()
    {
        arrays.clear();
    }

    public void copy(
        final BackendContext context, final BackendStream stream, final CopySide source, final CopySide destination,
        final long widthInBytes, final long height, final long depth, final DirectBuffer hostSource,
        final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        final String name = result.name("cudaMemcpy3D", "cuMemcpy3D");
        final Linear from = linear(device, source, widthInBytes, height, depth, "source", name, result);
        final Linear to = from == null ? null :
            linear(device, destination, widthInBytes, height, depth, "destination", name, result);
        if (to == null)
        {
            return;
        }
        final byte[] bounce = new byte[(int)Math.min(widthInBytes, BOUNCE_BYTES)];
        final byte[] hostDestination = destination.kind() == CopySide.Kind.HOST ?
            new byte[Math.toIntExact(widthInBytes * height * depth)] : null;
        for (long z = 0; z < depth; z++)
        {
            for (long y = 0; y < height; y++)
            {
                final long sourceRow = from.rowAddress(y, z);
                final long destinationRow = to.rowAddress(y, z);
                if (from.memory != null && to.memory == from.memory)
                {
                    from.memory.copy(destinationRow, sourceRow, widthInBytes, from.owner);
                    continue;
                }
                for (long x = 0; x < widthInBytes; x += bounce.length)
                {
                    final int piece = (int)Math.min(bounce.length, widthInBytes - x);
                    if (from.memory == null)
                    {
                        hostSource.getBytes((int)(sourceRow + x), bounce, 0, piece);
                    }
                    else
                    {
                        from.memory.read(sourceRow + x, bounce, 0, piece, from.owner);
                    }
                    if (to.memory == null)
                    {
                        System.arraycopy(bounce, 0, hostDestination, (int)(destinationRow + x), piece);
                    }
                    else
                    {
                        to.memory.write(destinationRow + x, bounce, 0, piece, to.owner);
                    }
                }
            }
        }
        if (hostDestination != null)
        {
            result.payload(new ByteArrayPayload(hostDestination));
        }
    }

    public void memset3D(
        final BackendContext context, final BackendStream stream, final long address, final long pitch,
        final long rows, final int value, final long widthInBytes, final long height, final long depth,
        final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        final long extent = ((depth - 1) * rows + (height - 1)) * pitch + widthInBytes;
        final int owningDevice = session.deviceHoldingRange(device, address, extent);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, "cudaMemset3D: " + EmulatedBackendSession.rangeText(address,
                extent) + " is not inside one allocation of this session");
            return;
        }
        final DeviceMemory memory = session.memoryOf(owningDevice);
        final Object owner = session.ownerOf(owningDevice);
        for (long z = 0; z < depth; z++)
        {
            for (long y = 0; y < height; y++)
            {
                memory.fill(address + (z * rows + y) * pitch, widthInBytes, 1, value & 0xff, owner);
            }
        }
    }

    /**
     * A side of a copy as linear memory: an array's memory or a device range, checked to lie inside one allocation
     * of the session; or the packed host rows (no memory).
     */
    private Linear linear(final int device, final CopySide side, final long widthInBytes, final long height,
        final long depth, final String which, final String name, final CallResult result)
    {
        if (side.kind() == CopySide.Kind.HOST)
        {
            return new Linear(null, null, 0, widthInBytes, height);
        }
        final long base;
        if (side.kind() == CopySide.Kind.ARRAY)
        {
            final EmulatedArray array = (EmulatedArray)side.array();
            base = array.address;
        }
        else
        {
            base = side.address();
        }
        final long first = base + side.firstByte();
        final long extent = side.extent(widthInBytes, height, depth);
        final int owningDevice = session.deviceHoldingRange(device, first, extent);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " " +
                EmulatedBackendSession.rangeText(first, extent) + " is not inside one allocation of this session");
            return null;
        }
        return new Linear(session.memoryOf(owningDevice), session.ownerOf(owningDevice), first, side.pitch(),
            side.rows());
    }

    /**
     * Linear memory with rows {@code pitch} bytes apart and slices {@code rows} rows apart, from {@code first}; host
     * rows when {@code memory} is null (offsets into the packed host bytes).
     */
    private record Linear(DeviceMemory memory, Object owner, long first, long pitch, long rows)
    {
        long rowAddress(final long y, final long z)
        {
            return first + (z * rows + y) * pitch;
        }
    }

    private record EmulatedArray(ArrayDescriptor descriptor, EmulatedContext context, long address)
        implements BackendArray
    {
    }
}
