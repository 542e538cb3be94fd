package io.gpurelay.executor.dispatch;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendArrays;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CopySide;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Function;
import org.agrona.DirectBuffer;

/**
 * Pitched memory, CUDA arrays and 2D/3D copies ({@link Function} ids 550-599): their arguments, handles and
 * geometry. An array is a {@link HandleKind#ARRAY} handle of the session, in the context it was made in; it dies with
 * that context (a destroyed or reset context frees its arrays, as CUDA's does), after which its handle is stale.
 * Every copy is checked here before the device sees it: array positions against the array's extent, pitches against
 * the width, no arithmetic overflow, the host payload's length against the geometry; the backend then checks device
 * ranges against the session's allocations, as for any copy.
 */
final class ArraysDispatcher
{
    private static final int HOST = 1;
    private static final int DEVICE = 2;
    private static final int ARRAY = 3;
    private static final int SIDE_ARGUMENTS = 7;
    private static final int WIDTH_ARGUMENT = 2 * SIDE_ARGUMENTS;
    private static final int STREAM_ARGUMENT = WIDTH_ARGUMENT + 3;
    /** CUDA's limit on an array's extent in any dimension is far below this; it keeps the arithmetic exact. */
    private static final long MAX_EXTENT = 1L << 31;
    /** The most host bytes one copy call carries or brings back; the client sends at most 8 MiB. */
    private static final long MAX_HOST_BYTES = 64L * 1024 * 1024;

    private final SessionResources resources;
    private final BackendArrays backend;

    ArraysDispatcher(final SessionResources resources, final BackendArrays backend)
    {
        this.resources = resources;
        this.backend = backend;
    }

    /**
     * @param context the context the call runs in (the current one, or the runtime's primary context), or null when
     *                there is none (the failure is in {@code result}).
     */
    void dispatch(final ReceivedCall call, final ContextEntry context, final DirectBuffer input,
        final CallResult result)
    {
        if (context == null)
        {
            return;
        }
        switch (call.function())
        {
            case CU_MEM_ALLOC_PITCH, CUDA_MALLOC_PITCH -> mallocPitch(call, context, result);
            case CU_ARRAY_CREATE, CUDA_MALLOC_ARRAY -> createArray(call, context, result);
            case CU_ARRAY_DESTROY, CUDA_FREE_ARRAY -> destroyArray(call, result);
            case CU_ARRAY_GET_DESCRIPTOR, CUDA_ARRAY_GET_INFO ->
            {
                final Array array = array(call.arg(0), result.name("cudaArrayGetInfo", "cuArrayGetDescriptor"),
                    result);
                if (array != null)
                {
                    final ArrayDescriptor descriptor = array.backend.descriptor();
                    result.value(descriptor.width()).value(descriptor.height()).value(descriptor.depth())
                        .value(descriptor.format()).value(descriptor.channels()).value(descriptor.flags());
                }
            }
            case CU_MIPMAPPED_ARRAY_CREATE, CUDA_MALLOC_MIPMAPPED_ARRAY -> createMipmappedArray(call, context, result);
            case CU_MIPMAPPED_ARRAY_GET_LEVEL, CUDA_GET_MIPMAPPED_ARRAY_LEVEL -> mipmappedArrayLevel(call, result);
            case CU_MIPMAPPED_ARRAY_DESTROY, CUDA_FREE_MIPMAPPED_ARRAY -> destroyMipmappedArray(call, result);
            case CU_MEMCPY_3D, CUDA_MEMCPY_3D -> copy(call, context, input, result);
            case CUDA_MEMSET_3D -> memset3D(call, context, result);
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    private void mallocPitch(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = result.name("cudaMallocPitch", "cuMemAllocPitch");
        final long width = call.arg(0);
        final long height = call.arg(1);
        final long elementSize = call.function() == Function.CU_MEM_ALLOC_PITCH ? call.arg(2) : 4;
        if (width <= 0 || height <= 0 || width >= MAX_EXTENT * 16 || height >= MAX_EXTENT)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": a width of " + width + " bytes and a height of " +
                height + " rows is no allocation");
            return;
        }
        if (elementSize != 4 && elementSize != 8 && elementSize != 16)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": ElementSizeBytes " + elementSize + " is not 4, 8 or 16");
            return;
        }
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (!quota.admit(width * height, result, name))
        {
            return;
        }
        backend.mallocPitch(context.backend, width, height, (int)elementSize, result);
        if (!result.failed())
        {
            quota.charge(result.values()[0], result.values()[1] * height, context);
        }
    }

    private void createArray(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = result.name("cudaMallocArray", "cuArray3DCreate");
        final ArrayDescriptor descriptor = descriptor(call, name, result);
        final long bytes = descriptor == null ? -1 : bytes(descriptor, 1, name, result);
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (bytes < 0 || !quota.admit(bytes, result, name))
        {
            return;
        }
        final BackendArray array = backend.createArray(context.backend, descriptor, result);
        if (array != null)
        {
            final long handle = resources.addLibraryObject(HandleKind.ARRAY, context, new Array(context, array, false));
            quota.charge(handle, bytes, context);
            result.value(handle);
        }
    }

    /**
     * The array a call describes in its first six arguments (width, height, depth, format, channels, flags),
     * checked; null when it is none (the failure is in {@code result}).
     */
    private static ArrayDescriptor descriptor(final ReceivedCall call, final String name, final CallResult result)
    {
        final long width = call.arg(0);
        final long height = call.arg(1);
        final long depth = call.arg(2);
        final ArrayDescriptor descriptor = new ArrayDescriptor(width, height, depth, (int)call.arg(3),
            (int)call.arg(4), (int)call.arg(5));
        if (width <= 0 || width >= MAX_EXTENT || height < 0 || height >= MAX_EXTENT || depth < 0 ||
            depth >= MAX_EXTENT || (depth > 0 && height == 0))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": an extent of " + width + " x " + height + " x " + depth +
                " is no array (a width of at least 1; a depth only with a height)");
            return null;
        }
        if (call.arg(3) != descriptor.format() || call.arg(4) != descriptor.channels() ||
            descriptor.elementBytes() == 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": format 0x" + Long.toHexString(call.arg(3)) + " with " +
                call.arg(4) + " channels is not a format of 1, 2 or 4 channels of 8, 16 or 32 bits");
            return null;
        }
        if ((call.arg(5) & ~(long)ArrayDescriptor.PLAIN_FLAGS) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(call.arg(5)) +
                " are not CUDA_ARRAY3D_LAYERED, SURFACE_LDST, CUBEMAP or TEXTURE_GATHER");
            return null;
        }
        return descriptor;
    }

    /**
     * The bytes of the first {@code levels} mipmap levels of an array; -1 (failed) when more than any device has.
     */
    private static long bytes(final ArrayDescriptor descriptor, final int levels, final String name,
        final CallResult result)
    {
        long bytes = 0;
        for (int level = 0; level < levels; level++)
        {
            final ArrayDescriptor extent = descriptor.level(level);
            final long levelBytes = extent.rowBytes() * extent.rows() * extent.slices();
            if (levelBytes / extent.rows() / extent.slices() != extent.rowBytes() || levelBytes < 0 ||
                bytes + levelBytes < 0)
            {
                result.fail(CudaError.OUT_OF_MEMORY, name + ": " + descriptor.width() + " x " +
                    descriptor.height() + " x " + descriptor.depth() + " elements is more than any device has");
                return -1;
            }
            bytes += levelBytes;
        }
        return bytes;
    }

    private void createMipmappedArray(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = result.name("cudaMallocMipmappedArray", "cuMipmappedArrayCreate");
        final ArrayDescriptor descriptor = descriptor(call, name, result);
        if (descriptor == null)
        {
            return;
        }
        final long levels = call.arg(6);
        if (levels < 1 || levels > descriptor.maxLevels())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + levels + " levels; an extent of " +
                descriptor.width() + " x " + descriptor.height() + " x " + descriptor.depth() + " has 1 to " +
                descriptor.maxLevels());
            return;
        }
        final long bytes = bytes(descriptor, (int)levels, name, result);
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (bytes < 0 || !quota.admit(bytes, result, name))
        {
            return;
        }
        final BackendArray[] made = backend.createMipmappedArray(context.backend, descriptor, (int)levels, result);
        if (made != null)
        {
            final long handle = resources.addLibraryObject(HandleKind.MIPMAPPED_ARRAY, context,
                new Mipmapped(context, made));
            quota.charge(handle, bytes, context);
            result.value(handle);
        }
    }

    /**
     * A level is an array handle of its own, made the first time it is asked for and the same one after; it is
     * freed with its mipmapped array.
     */
    private void mipmappedArrayLevel(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaGetMipmappedArrayLevel", "cuMipmappedArrayGetLevel");
        final Mipmapped mipmapped = mipmapped(call.arg(0), name, result);
        if (mipmapped == null)
        {
            return;
        }
        final long level = call.arg(1);
        if (level < 0 || level >= mipmapped.levels.length)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": level " + level + " of a mipmapped array of " +
                mipmapped.levels.length + " levels");
            return;
        }
        if (mipmapped.levelHandles[(int)level] == 0)
        {
            mipmapped.levelHandles[(int)level] = resources.addLibraryObject(HandleKind.ARRAY, mipmapped.context,
                new Array(mipmapped.context, mipmapped.levels[(int)level], true));
        }
        result.value(mipmapped.levelHandles[(int)level]);
    }

    private void destroyMipmappedArray(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaFreeMipmappedArray", "cuMipmappedArrayDestroy");
        final long handle = call.arg(0);
        if (handle == 0 && call.function() == Function.CUDA_FREE_MIPMAPPED_ARRAY)
        {
            return;
        }
        final Mipmapped mipmapped = mipmapped(handle, name, result);
        if (mipmapped != null)
        {
            removeLevels(mipmapped);
            resources.removeLibraryObject(mipmapped.entry);
            resources.memoryQuota().release(handle);
            backend.destroyMipmappedArray(mipmapped.levels, result);
        }
    }

    private void removeLevels(final Mipmapped mipmapped)
    {
        for (final long levelHandle : mipmapped.levelHandles)
        {
            if (levelHandle != 0)
            {
                resources.removeLibraryObject(levelHandle);
            }
        }
    }

    private Mipmapped mipmapped(final long handle, final String name, final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.MIPMAPPED_ARRAY,
            CudaError.INVALID_HANDLE, result);
        if (entry == null)
        {
            return null;
        }
        final Mipmapped mipmapped = (Mipmapped)entry.object;
        mipmapped.entry = entry;
        if (mipmapped.context.backend != mipmapped.levels[0].context())
        {
            removeLevels(mipmapped);
            resources.removeLibraryObject(entry);
            result.fail(CudaError.INVALID_HANDLE, name + ": mipmapped array 0x" + Long.toHexString(handle) +
                " was freed with its context (destroyed or reset)");
            return null;
        }
        return mipmapped;
    }

    private void destroyArray(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaFreeArray", "cuArrayDestroy");
        final long handle = call.arg(0);
        if (handle == 0 && call.function() == Function.CUDA_FREE_ARRAY)
        {
            return;
        }
        final Array array = array(handle, name, result);
        if (array != null && array.level)
        {
            result.fail(CudaError.INVALID_HANDLE, name + ": 0x" + Long.toHexString(handle) + " is a level of a " +
                "mipmapped array, freed with it (cuMipmappedArrayDestroy / cudaFreeMipmappedArray)");
            return;
        }
        if (array != null)
        {
            resources.removeLibraryObject(array.entry);
            resources.memoryQuota().release(handle);
            backend.destroyArray(array.backend, result);
        }
    }

    // Texture and surface references: the array and mipmapped-array roles of the function table.

    /**
     * The backend array of a live {@link HandleKind#ARRAY} handle of the session (a level of a mipmapped array
     * too); null when it is none, said in {@code result}.
     */
    static BackendArray liveArray(final SessionResources resources, final long handle, final String name,
        final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.ARRAY, CudaError.INVALID_HANDLE,
            result);
        if (entry == null)
        {
            return null;
        }
        final Array array = (Array)entry.object;
        if (array.context.backend != array.backend.context())
        {
            result.fail(CudaError.INVALID_HANDLE, name + ": array 0x" + Long.toHexString(handle) + " was freed " +
                "with its context (destroyed or reset)");
            return null;
        }
        return array.backend;
    }

    /**
     * The levels of a live {@link HandleKind#MIPMAPPED_ARRAY} handle of the session; null when it is none, said in
     * {@code result}.
     */
    static BackendArray[] liveMipmappedArray(final SessionResources resources, final long handle, final String name,
        final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.MIPMAPPED_ARRAY,
            CudaError.INVALID_HANDLE, result);
        if (entry == null)
        {
            return null;
        }
        final Mipmapped mipmapped = (Mipmapped)entry.object;
        if (mipmapped.context.backend != mipmapped.levels[0].context())
        {
            result.fail(CudaError.INVALID_HANDLE, name + ": mipmapped array 0x" + Long.toHexString(handle) +
                " was freed with its context (destroyed or reset)");
            return null;
        }
        return mipmapped.levels;
    }

    /**
     * The live array a handle names; an array whose context was destroyed or reset since is gone with it.
     */
    private Array array(final long handle, final String name, final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.ARRAY,
            CudaError.INVALID_HANDLE, result);
        if (entry == null)
        {
            return null;
        }
        final Array array = (Array)entry.object;
        array.entry = entry;
        if (array.context.backend != array.backend.context())
        {
            resources.removeLibraryObject(entry);
            result.fail(CudaError.INVALID_HANDLE, name + ": array 0x" + Long.toHexString(handle) + " was freed " +
                "with its context (destroyed or reset)");
            return null;
        }
        return array;
    }

    // Texture and surface objects and the array queries (TextureObjects) read the arrays the session made.

    /**
     * @return the backend array a live array handle of the session names, or null when it names none (the failure
     *         is in {@code result}).
     */
    BackendArray liveArray(final long handle, final String name, final CallResult result)
    {
        final Array array = array(handle, name, result);
        return array == null ? null : array.backend;
    }

    /**
     * @return the levels of the mipmapped array a live handle of the session names, or null when it names none (the
     *         failure is in {@code result}).
     */
    BackendArray[] liveMipmappedArray(final long handle, final String name, final CallResult result)
    {
        final Mipmapped mipmapped = mipmapped(handle, name, result);
        return mipmapped == null ? null : mipmapped.levels;
    }

    private void copy(final ReceivedCall call, final ContextEntry context, final DirectBuffer input,
        final CallResult result)
    {
        final String name = result.name("cudaMemcpy3D", "cuMemcpy3D");
        final long width = call.arg(WIDTH_ARGUMENT);
        final long height = call.arg(WIDTH_ARGUMENT + 1);
        final long depth = call.arg(WIDTH_ARGUMENT + 2);
        if (width < 0 || height < 0 || depth < 0 || width >= MAX_EXTENT * 16 || height >= MAX_EXTENT ||
            depth >= MAX_EXTENT)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": an extent of " + width + " bytes x " + height + " x " +
                depth + " is no copy");
            return;
        }
        final CopySide source = side(call, 0, "source", width, height, depth, name, result);
        final CopySide destination = source == null ? null :
            side(call, SIDE_ARGUMENTS, "destination", width, height, depth, name, result);
        final StreamEntry stream = destination == null ? null :
            resources.streamIn(call.arg(STREAM_ARGUMENT), context, result);
        if (stream == null)
        {
            return;
        }
        if (source.kind() == CopySide.Kind.HOST && destination.kind() == CopySide.Kind.HOST)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": a copy from host to host memory is the client's own");
            return;
        }
        final long packed = span(0, 0, 0, width, height, width, height, depth);
        final long payload = input == null ? 0 : input.capacity();
        if (packed < 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the copy's extent overflows");
            return;
        }
        if ((source.kind() == CopySide.Kind.HOST || destination.kind() == CopySide.Kind.HOST) &&
            packed > MAX_HOST_BYTES)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + packed + " host bytes in one call; at most " +
                MAX_HOST_BYTES + " travel at a time (the client cuts a larger copy into calls)");
            return;
        }
        if (payload != (source.kind() == CopySide.Kind.HOST ? packed : 0))
        {
            result.fail(CudaError.INVALID_VALUE, name + " of " + packed + " host bytes carries " + payload +
                " bytes of data");
            return;
        }
        if (packed == 0)
        {
            return;
        }
        backend.copy(context.backend, stream.backend, source, destination, width, height, depth, input, result);
    }

    /**
     * One side of a copy, checked: an array side's position and extent inside the array, in whole elements; a
     * device side's pitch and rows holding the copy's rows and slices; a host side packed.
     */
    private CopySide side(final ReceivedCall call, final int first, final String which, final long width,
        final long height, final long depth, final String name, final CallResult result)
    {
        final long type = call.arg(first);
        final long x = call.arg(first + 2);
        final long y = call.arg(first + 3);
        final long z = call.arg(first + 4);
        if (type == HOST)
        {
            return CopySide.host(width, height);
        }
        if (x < 0 || y < 0 || z < 0 || x >= MAX_EXTENT * 16 || y >= MAX_EXTENT || z >= MAX_EXTENT)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " position (" + x + " bytes, " + y +
                ", " + z + ") is not a position");
            return null;
        }
        if (type == ARRAY)
        {
            final Array array = array(call.arg(first + 1), name, result);
            if (array == null)
            {
                return null;
            }
            final ArrayDescriptor descriptor = array.backend.descriptor();
            final int element = descriptor.elementBytes();
            if (x % element != 0 || width % element != 0)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " array's elements are " + element +
                    " bytes, and the copy's x (" + x + ") and width (" + width + ") bytes are not whole elements");
                return null;
            }
            if (x + width > descriptor.rowBytes() || y + height > descriptor.rows() ||
                z + depth > descriptor.slices())
            {
                result.fail(CudaError.INVALID_VALUE, name + ": " + width + " bytes x " + height + " x " + depth +
                    " at (" + x + " bytes, " + y + ", " + z + ") overrun the " + which + " array of " +
                    descriptor.rowBytes() + " bytes x " + descriptor.rows() + " x " + descriptor.slices());
                return null;
            }
            return CopySide.array(array.backend, x, y, z);
        }
        if (type != DEVICE)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " memory type " + type +
                " is not host (1), device (2) or array (3)");
            return null;
        }
        final long pitch = call.arg(first + 5);
        final long rows = call.arg(first + 6);
        final boolean rowsMatter = depth > 1 || z > 0;
        if (pitch < 0 || pitch >= MAX_EXTENT * 16 || ((height > 1 || rowsMatter) && pitch < x + width) ||
            (rowsMatter && (rows < y + height || rows >= MAX_EXTENT)))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " pitch of " + pitch + " bytes" +
                (rowsMatter ? " and " + rows + " rows per slice" : "") + " cannot hold rows of " + width +
                " bytes at x " + x + (rowsMatter ? " and " + height + " rows at y " + y : ""));
            return null;
        }
        final long rowsPerSlice = rowsMatter ? rows : Math.max(rows, y + height);
        if (span(x, y, z, pitch, rowsPerSlice, width, height, depth) < 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " range overflows");
            return null;
        }
        return CopySide.device(call.arg(first + 1), x, y, z, pitch, rowsPerSlice);
    }

    /**
     * One past the last byte, from position (0, 0, 0), that a copy of this geometry touches: the first byte's offset
     * {@code (z * rows + y) * pitch + x} plus the extent {@code ((depth - 1) * rows + height - 1) * pitch + width};
     * -1 when that overflows (for positive height and depth).
     */
    static long span(final long x, final long y, final long z, final long pitch, final long rows, final long width,
        final long height, final long depth)
    {
        if (height == 0 || depth == 0)
        {
            return 0;
        }
        try
        {
            final long firstByte = Math.addExact(Math.multiplyExact(Math.addExact(Math.multiplyExact(z, rows), y),
                pitch), x);
            final long extent = Math.addExact(Math.multiplyExact(Math.addExact(Math.multiplyExact(depth - 1, rows),
                height - 1), pitch), width);
            return Math.addExact(firstByte, extent);
        }
        catch (final ArithmeticException ex)
        {
            return -1;
        }
    }

    private void memset3D(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final long address = call.arg(0);
        final long pitch = call.arg(1);
        final long rows = call.arg(2);
        final long width = call.arg(4);
        final long height = call.arg(5);
        final long depth = call.arg(6);
        final StreamEntry stream = resources.streamIn(call.arg(7), context, result);
        if (stream == null)
        {
            return;
        }
        if (width < 0 || height < 0 || depth < 0 || width >= MAX_EXTENT * 16 || height >= MAX_EXTENT ||
            depth >= MAX_EXTENT || pitch < 0 || pitch >= MAX_EXTENT * 16 || rows < 0 || rows >= MAX_EXTENT)
        {
            result.fail(CudaError.INVALID_VALUE, "cudaMemset3D: an extent of " + width + " bytes x " + height +
                " x " + depth + " with a pitch of " + pitch + " bytes and " + rows + " rows is no memset");
            return;
        }
        if (width == 0 || height == 0 || depth == 0)
        {
            return;
        }
        if ((height > 1 || depth > 1) && pitch < width || depth > 1 && rows < height ||
            span(0, 0, 0, pitch, rows, width, height, depth) < 0)
        {
            result.fail(CudaError.INVALID_VALUE, "cudaMemset3D: rows of " + width + " bytes, " + height +
                " to a slice, do not fit a pitch of " + pitch + " bytes and slices of " + rows + " rows");
            return;
        }
        backend.memset3D(context.backend, stream.backend, address, pitch, rows, (int)call.arg(3), width, height,
            depth, result);
    }

    /**
     * An array the session made: its backend object and the context it lives in.
     */
    private static final class Array
    {
        final ContextEntry context;
        final BackendArray backend;
        /** Whether it is a level of a mipmapped array, which frees it. */
        final boolean level;
        LibraryObjectEntry entry;

        Array(final ContextEntry context, final BackendArray backend, final boolean level)
        {
            this.context = context;
            this.backend = backend;
            this.level = level;
        }
    }

    /**
     * A mipmapped array the session made: its levels, and the array handles of those a client asked for.
     */
    private static final class Mipmapped
    {
        final ContextEntry context;
        final BackendArray[] levels;
        final long[] levelHandles;
        LibraryObjectEntry entry;

        Mipmapped(final ContextEntry context, final BackendArray[] levels)
        {
            this.context = context;
            this.levels = levels;
            this.levelHandles = new long[levels.length];
        }
    }
}
