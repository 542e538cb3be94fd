package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CU_MEMORYTYPE_ARRAY;
import static org.bytedeco.cuda.global.cudart.CU_MEMORYTYPE_DEVICE;
import static org.bytedeco.cuda.global.cudart.CU_MEMORYTYPE_HOST;
import static org.bytedeco.cuda.global.cudart.cuArray3DCreate;
import static org.bytedeco.cuda.global.cudart.cuArrayDestroy;
import static org.bytedeco.cuda.global.cudart.cuMemAllocPitch;
import static org.bytedeco.cuda.global.cudart.cuMemcpy3DAsync;
import static org.bytedeco.cuda.global.cudart.cuMemsetD2D8Async;
import static org.bytedeco.cuda.global.cudart.cuMipmappedArrayCreate;
import static org.bytedeco.cuda.global.cudart.cuMipmappedArrayDestroy;
import static org.bytedeco.cuda.global.cudart.cuMipmappedArrayGetLevel;
import static org.bytedeco.cuda.global.cudart.cuStreamSynchronize;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

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
import org.bytedeco.cuda.cudart.CUDA_ARRAY3D_DESCRIPTOR_v2;
import org.bytedeco.cuda.cudart.CUDA_MEMCPY3D_v2;
import org.bytedeco.cuda.cudart.CUarray_st;
import org.bytedeco.cuda.cudart.CUmipmappedArray_st;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * Pitched memory, CUDA arrays and 2D/3D copies on the GPU: {@code cuMemAllocPitch}, {@code cuArray3DCreate} and
 * {@code cuMemcpy3DAsync} in the session's contexts. Every 2D/3D copy is one {@code CUDA_MEMCPY3D}, as the driver
 * runs {@code cuMemcpy2D} itself; a host side is a staging buffer holding the packed rows the call carries or the
 * reply returns. A device side's touched range must lie inside one allocation of the session.
 */
final class GpuArrays implements BackendArrays
{
    private final GpuBackendSession session;
    private final List<GpuArray> arrays = new ArrayList<>();
    private final List<GpuMipmappedArray> mipmappedArrays = new ArrayList<>();
    private final long[] addressOut = new long[1];
    private final SizeTPointer pitchOut = new SizeTPointer(1);

    GpuArrays(final GpuBackendSession session)
    {
        this.session = session;
    }

    public void mallocPitch(
        final BackendContext context, final long widthInBytes, final long height, final int elementSize,
        final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaMallocPitch", "cuMemAllocPitch");
        if (session.makeCurrentFor(gpuContext, name, result) &&
            GpuBackendSession.checkStatus(cuMemAllocPitch(addressOut, pitchOut, widthInBytes, height, elementSize),
                name + " of " + widthInBytes + " x " + height + " bytes on device " + gpuContext.device(), result))
        {
            final long pitch = pitchOut.get();
            session.allocationMade(addressOut[0], pitch * height, gpuContext);
            result.value(addressOut[0]).value(pitch);
        }
    }

    public BackendArray createArray(
        final BackendContext context, final ArrayDescriptor descriptor, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaMallocArray", "cuArray3DCreate");
        if (!session.makeCurrentFor(gpuContext, name, result))
        {
            return null;
        }
        final CUarray_st handle = new CUarray_st();
        try (CUDA_ARRAY3D_DESCRIPTOR_v2 nativeDescriptor = new CUDA_ARRAY3D_DESCRIPTOR_v2())
        {
            Pointer.memset(nativeDescriptor, 0, nativeDescriptor.sizeof());
            nativeDescriptor.Width(descriptor.width()).Height(descriptor.height()).Depth(descriptor.depth())
                .Format(descriptor.format()).NumChannels(descriptor.channels()).Flags(descriptor.flags());
            if (!GpuBackendSession.checkStatus(cuArray3DCreate(handle, nativeDescriptor), name, result))
            {
                return null;
            }
        }
        final GpuArray array = new GpuArray(descriptor, gpuContext, handle, null);
        arrays.add(array);
        return array;
    }

    public void destroyArray(final BackendArray array, final CallResult result)
    {
        final GpuArray gpuArray = (GpuArray)array;
        final String name = result.name("cudaFreeArray", "cuArrayDestroy");
        if (arrays.remove(gpuArray) && session.makeCurrentFor(gpuArray.context, name, result))
        {
            GpuBackendSession.checkStatus(cuArrayDestroy(gpuArray.handle), name, result);
        }
    }

    public BackendArray[] createMipmappedArray(
        final BackendContext context, final ArrayDescriptor descriptor, final int levels, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaMallocMipmappedArray", "cuMipmappedArrayCreate");
        if (!session.makeCurrentFor(gpuContext, name, result))
        {
            return null;
        }
        final CUmipmappedArray_st handle = new CUmipmappedArray_st();
        try (CUDA_ARRAY3D_DESCRIPTOR_v2 nativeDescriptor = new CUDA_ARRAY3D_DESCRIPTOR_v2())
        {
            Pointer.memset(nativeDescriptor, 0, nativeDescriptor.sizeof());
            nativeDescriptor.Width(descriptor.width()).Height(descriptor.height()).Depth(descriptor.depth())
                .Format(descriptor.format()).NumChannels(descriptor.channels()).Flags(descriptor.flags());
            if (!GpuBackendSession.checkStatus(cuMipmappedArrayCreate(handle, nativeDescriptor, levels), name,
                result))
            {
                return null;
            }
        }
        final GpuMipmappedArray mipmapped = new GpuMipmappedArray(gpuContext, handle);
        final BackendArray[] made = new BackendArray[levels];
        for (int level = 0; level < levels; level++)
        {
            final CUarray_st levelHandle = new CUarray_st();
            if (!GpuBackendSession.checkStatus(cuMipmappedArrayGetLevel(levelHandle, handle, level),
                name + ": level " + level, result))
            {
                cuMipmappedArrayDestroy(handle);
                return null;
            }
            made[level] = new GpuArray(descriptor.level(level), gpuContext, levelHandle, mipmapped);
        }
        mipmappedArrays.add(mipmapped);
        return made;
    }

    public void destroyMipmappedArray(final BackendArray[] levels, final CallResult result)
    {
        final GpuMipmappedArray mipmapped = ((GpuArray)levels[0]).mipmapped;
        final String name = result.name("cudaFreeMipmappedArray", "cuMipmappedArrayDestroy");
        if (mipmappedArrays.remove(mipmapped) && session.makeCurrentFor(mipmapped.context, name, result))
        {
            GpuBackendSession.checkStatus(cuMipmappedArrayDestroy(mipmapped.handle), name, result);
        }
    }

    /** A destroyed context took its arrays with it. */
    void contextDestroyed(final GpuContext context)
    {
        final Iterator<GpuArray> iterator = arrays.iterator();
        while (iterator.hasNext())
        {
            if (iterator.next().context == context)
            {
                iterator.remove();
            }
        }
        mipmappedArrays.removeIf(mipmapped -> mipmapped.context == context);
    }

    void close()
    {
        arrays.clear();
        mipmappedArrays.clear();
        pitchOut.close();
    }

    public void copy(
        final BackendContext context, final BackendStream stream, final CopySide source, final CopySide destination,
        final long widthInBytes, final long height, final long depth, final DirectBuffer hostSource,
        final CallResult result)
    {
        final String name = result.name("cudaMemcpy3D", "cuMemcpy3D");
        final GpuContext gpuContext = (GpuContext)context;
        if (!held(source, widthInBytes, height, depth, "source", name, result) ||
            !held(destination, widthInBytes, height, depth, "destination", name, result) ||
            !session.makeCurrentFor(gpuContext, name, result))
        {
            return;
        }
        final long hostBytes = widthInBytes * height * depth;
        final boolean hostIn = source.kind() == CopySide.Kind.HOST;
        final boolean hostOut = destination.kind() == CopySide.Kind.HOST;
        final CUstream_st cudaStream = GpuBackendSession.streamOf(stream);
        try (CUDA_MEMCPY3D_v2 copy = new CUDA_MEMCPY3D_v2();
            BytePointer staging = hostIn || hostOut ? new BytePointer(hostBytes) : null)
        {
            // Every member CUDA does not read for these memory types, and the reserved ones, must be 0.
            Pointer.memset(copy, 0, copy.sizeof());
            if (hostIn)
            {
                final byte[] bytes = new byte[(int)hostBytes];
                hostSource.getBytes(0, bytes);
                staging.put(bytes);
            }
            copy.srcXInBytes(source.xInBytes()).srcY(source.y()).srcZ(source.z()).srcLOD(0);
            copy.dstXInBytes(destination.xInBytes()).dstY(destination.y()).dstZ(destination.z()).dstLOD(0);
            switch (source.kind())
            {
                case HOST -> copy.srcMemoryType(CU_MEMORYTYPE_HOST).srcHost(staging).srcPitch(widthInBytes)
                    .srcHeight(height);
                case DEVICE -> copy.srcMemoryType(CU_MEMORYTYPE_DEVICE).srcDevice(source.address())
                    .srcPitch(source.pitch()).srcHeight(source.rows());
                case ARRAY -> copy.srcMemoryType(CU_MEMORYTYPE_ARRAY).srcArray(((GpuArray)source.array()).handle);
            }
            switch (destination.kind())
            {
                case HOST -> copy.dstMemoryType(CU_MEMORYTYPE_HOST).dstHost(staging).dstPitch(widthInBytes)
                    .dstHeight(height);
                case DEVICE -> copy.dstMemoryType(CU_MEMORYTYPE_DEVICE).dstDevice(destination.address())
                    .dstPitch(destination.pitch()).dstHeight(destination.rows());
                case ARRAY -> copy.dstMemoryType(CU_MEMORYTYPE_ARRAY)
                    .dstArray(((GpuArray)destination.array()).handle);
            }
            copy.WidthInBytes(widthInBytes).Height(height).Depth(depth);
            if (!GpuBackendSession.checkStatus(cuMemcpy3DAsync(copy, cudaStream), name, result))
            {
                return;
            }
            // The staging buffer is freed as this returns: a copy from or to the host waits for it.
            if ((hostIn || hostOut) &&
                !GpuBackendSession.checkStatus(cuStreamSynchronize(cudaStream), name, result))
            {
                return;
            }
            if (hostOut)
            {
                final byte[] bytes = new byte[(int)hostBytes];
                staging.get(bytes);
                result.payload(new ByteArrayPayload(bytes));
            }
        }
    }

    public void memset3D(
        final BackendContext context, final BackendStream stream, final long address, final long pitch,
        final long rows, final int value, final long widthInBytes, final long height, final long depth,
        final CallResult result)
    {
        final long extent = ((depth - 1) * rows + (height - 1)) * pitch + widthInBytes;
        if (!session.holds(address, extent))
        {
            result.fail(CudaError.INVALID_VALUE, "cudaMemset3D: [0x" + Long.toHexString(address) + ", +" + extent +
                ") is not inside one allocation of this session");
            return;
        }
        if (!session.makeCurrentFor((GpuContext)context, "cudaMemset3D", result))
        {
            return;
        }
        final CUstream_st cudaStream = GpuBackendSession.streamOf(stream);
        for (long z = 0; z < depth; z++)
        {
            if (!GpuBackendSession.checkStatus(cuMemsetD2D8Async(address + z * rows * pitch, pitch, (byte)value,
                widthInBytes, height, cudaStream), "cudaMemset3D", result))
            {
                return;
            }
        }
    }

    private boolean held(final CopySide side, final long widthInBytes, final long height, final long depth,
        final String which, final String name, final CallResult result)
    {
        if (side.kind() != CopySide.Kind.DEVICE)
        {
            return true;
        }
        final long first = side.address() + side.firstByte();
        final long extent = side.extent(widthInBytes, height, depth);
        if (!session.holds(first, extent))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the " + which + " [0x" + Long.toHexString(first) + ", +" +
                extent + ") is not inside one allocation of this session");
            return false;
        }
        return true;
    }

    // Texture and surface objects (GpuTextures) and references (the function table's array roles) name the
    // session's arrays by CUDA's handles.

    /** CUDA's handle of an array this class made. */
    static CUarray_st handle(final BackendArray array)
    {
        return ((GpuArray)array).handle;
    }

    /** CUDA's handle of the mipmapped array whose level this class made. */
    static CUmipmappedArray_st mipmappedHandleOf(final BackendArray level)
    {
        return ((GpuArray)level).mipmapped.handle();
    }

    /**
     * @param levels a mipmapped array's levels, as {@link #createMipmappedArray} made them.
     */
    static CUmipmappedArray_st mipmappedHandle(final BackendArray[] levels)
    {
        return mipmappedHandleOf(levels[0]);
    }

    private static final class GpuArray implements BackendArray
    {
        final ArrayDescriptor descriptor;
        final GpuContext context;
        final CUarray_st handle;
        /** The mipmapped array this is a level of, which frees it; null for an array of its own. */
        final GpuMipmappedArray mipmapped;

        GpuArray(final ArrayDescriptor descriptor, final GpuContext context, final CUarray_st handle,
            final GpuMipmappedArray mipmapped)
        {
            this.descriptor = descriptor;
            this.context = context;
            this.handle = handle;
            this.mipmapped = mipmapped;
        }

        public ArrayDescriptor descriptor()
        {
            return descriptor;
        }

        public BackendContext context()
        {
            return context;
        }
    }

    private record GpuMipmappedArray(GpuContext context, CUmipmappedArray_st handle)
    {
    }
}
