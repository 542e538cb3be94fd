package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.PitchedCopy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaExtent;
import jcuda.runtime.cudaMemcpy3DParms;
import jcuda.runtime.cudaMemcpy3DPeerParms;
import jcuda.runtime.cudaMipmappedArray;
import jcuda.runtime.cudaPitchedPtr;
import jcuda.runtime.cudaPos;
import jcuda.runtime.cudaStream_t;

/**
 * The runtime's pitched memory, CUDA arrays and 2D/3D copies ({@link JCudaRuntimeRemote} delegates to these), on the
 * executor's driver-API forms. A channel format travels as the driver's {@code CUarray_format} and channel count
 * (1, 2 or 4 channels of one plain kind and size, as CUDA arrays hold); every copy is a {@link PitchedCopy}, its
 * sides host or device memory by the copy kind ({@code cudaMemcpyDefault}: as JCuda would read the pointer).
 * {@code cudaMemcpyToArray} and its like copy within one row of the array, from the byte offset {@code wOffset} of
 * row {@code hOffset}.
 */
final class RuntimeArrays
{
    private static final int HOST_TO_HOST = 0;
    private static final int HOST_TO_DEVICE = 1;
    private static final int DEVICE_TO_HOST = 2;
    private static final int DEVICE_TO_DEVICE = 3;
    private static final int DEFAULT = 4;
    private static final int KIND_SIGNED = 0;
    private static final int KIND_UNSIGNED = 1;
    private static final int KIND_FLOAT = 2;
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;

    private RuntimeArrays()
    {
    }

    static cudaChannelFormatDesc cudaCreateChannelDesc(final int x, final int y, final int z, final int w,
        final int f)
    {
        return new cudaChannelFormatDesc(x, y, z, w, f);
    }

    static int cudaMallocPitch(final Pointer devPtr, final long[] pitch, final long width, final long height)
    {
        final long[] results = new long[2];
        final int status = RuntimeCalls.call(Function.CUDA_MALLOC_PITCH, new long[]{ width, height }, null, null,
            results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(devPtr, results[0]);
            pitch[0] = results[1];
        }
        return status;
    }

    /**
     * A pitched allocation of {@code height * depth} rows: slices are {@code height} rows apart.
     */
    static int cudaMalloc3D(final cudaPitchedPtr pitchedDevPtr, final cudaExtent extent)
    {
        final long[] results = new long[2];
        final int status = RuntimeCalls.call(Function.CUDA_MALLOC_PITCH,
            new long[]{ extent.width, extent.height * extent.depth }, null, null, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            final Pointer pointer = new Pointer();
            JCudaPointers.setNativePointer(pointer, results[0]);
            pitchedDevPtr.ptr = pointer;
            pitchedDevPtr.pitch = results[1];
            pitchedDevPtr.xsize = extent.width;
            pitchedDevPtr.ysize = extent.height;
        }
        return status;
    }

    static int cudaMallocArray(final cudaArray array, final cudaChannelFormatDesc desc, final long width,
        final long height, final int flags)
    {
        return create(array, desc, width, height, 0, flags, "cudaMallocArray");
    }

    static int cudaMalloc3DArray(final cudaArray array, final cudaChannelFormatDesc desc, final cudaExtent extent,
        final int flags)
    {
        return create(array, desc, extent.width, extent.height, extent.depth, flags, "cudaMalloc3DArray");
    }

    static int cudaMallocMipmappedArray(final cudaMipmappedArray mipmappedArray, final cudaChannelFormatDesc desc,
        final cudaExtent extent, final int numLevels, final int flags)
    {
        final int format = format(desc);
        final int channels = channels(desc);
        if (format == 0 || !sameSizes(desc, channels))
        {
            return invalidValue("cudaMallocMipmappedArray", "the channel format is not 1, 2 or 4 channels of one " +
                "size of 8, 16 or 32 bits");
        }
        return JCudaPointers.intoHandle(mipmappedArray, RuntimeStatus.SUCCESS,
            results -> RuntimeCalls.call(Function.CUDA_MALLOC_MIPMAPPED_ARRAY, new long[]{ extent.width,
                extent.height, extent.depth, format, channels, Integer.toUnsignedLong(flags), numLevels }, null, null,
                results));
    }

    static int cudaGetMipmappedArrayLevel(final cudaArray levelArray, final cudaMipmappedArray mipmappedArray,
        final int level)
    {
        return JCudaPointers.intoHandle(levelArray, RuntimeStatus.SUCCESS,
            results -> RuntimeCalls.call(Function.CUDA_GET_MIPMAPPED_ARRAY_LEVEL,
                new long[]{ JCudaPointers.nativePointer(mipmappedArray), level }, null, null, results));
    }

    static int cudaFreeMipmappedArray(final cudaMipmappedArray mipmappedArray)
    {
        return RuntimeCalls.call(Function.CUDA_FREE_MIPMAPPED_ARRAY,
            new long[]{ mipmappedArray == null ? 0 : JCudaPointers.nativePointer(mipmappedArray) }, null, null, null);
    }

    static int cudaFreeArray(final cudaArray array)
    {
        return RuntimeCalls.call(Function.CUDA_FREE_ARRAY,
            new long[]{ array == null ? 0 : JCudaPointers.nativePointer(array) }, null, null, null);
    }

    static int cudaArrayGetInfo(final cudaChannelFormatDesc desc, final cudaExtent extent, final int[] flags,
        final cudaArray array)
    {
        final long[] values = new long[6];
        final int status = describe(array, values);
        if (status == RuntimeStatus.SUCCESS)
        {
            if (desc != null)
            {
                channelDesc(desc, (int)values[3], (int)values[4]);
            }
            if (extent != null)
            {
                extent.width = values[0];
                extent.height = values[1];
                extent.depth = values[2];
            }
            if (flags != null && flags.length > 0)
            {
                flags[0] = (int)values[5];
            }
        }
        return status;
    }

    static int cudaGetChannelDesc(final cudaChannelFormatDesc desc, final cudaArray array)
    {
        return cudaArrayGetInfo(desc, null, null, array);
    }

    static int cudaMemcpy2D(final String function, final Pointer dst, final long dpitch, final Pointer src,
        final long spitch, final long width, final long height, final int kind, final cudaStream_t stream,
        final boolean asynchronous)
    {
        final boolean[] host = hostSides(function, kind, dst, src);
        if (host == null)
        {
            return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
        }
        return run(function, linear(src, 0, 0, 0, spitch, 0, host[1]), linear(dst, 0, 0, 0, dpitch, 0, host[0]),
            width, height, 1, stream, asynchronous);
    }

    static int cudaMemcpy2DToArray(final String function, final cudaArray dst, final long wOffset,
        final long hOffset, final Pointer src, final long spitch, final long width, final long height,
        final int kind, final cudaStream_t stream, final boolean asynchronous)
    {
        final boolean[] host = hostSides(function, kind, null, src);
        if (host == null)
        {
            return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
        }
        requireNonNull(dst, "dst", function);
        return run(function, linear(src, 0, 0, 0, spitch, 0, host[1]),
            PitchedCopy.Side.array(JCudaPointers.nativePointer(dst), wOffset, hOffset, 0), width, height, 1, stream,
            asynchronous);
    }

    static int cudaMemcpy2DFromArray(final String function, final Pointer dst, final long dpitch,
        final cudaArray src, final long wOffset, final long hOffset, final long width, final long height,
        final int kind, final cudaStream_t stream, final boolean asynchronous)
    {
        final boolean[] host = hostSides(function, kind, dst, null);
        if (host == null)
        {
            return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
        }
        requireNonNull(src, "src", function);
        return run(function, PitchedCopy.Side.array(JCudaPointers.nativePointer(src), wOffset, hOffset, 0),
            linear(dst, 0, 0, 0, dpitch, 0, host[0]), width, height, 1, stream, asynchronous);
    }

    static int cudaMemcpy2DArrayToArray(final cudaArray dst, final long wOffsetDst, final long hOffsetDst,
        final cudaArray src, final long wOffsetSrc, final long hOffsetSrc, final long width, final long height,
        final int kind)
    {
        requireNonNull(dst, "dst", "cudaMemcpy2DArrayToArray");
        requireNonNull(src, "src", "cudaMemcpy2DArrayToArray");
        if (kind != DEVICE_TO_DEVICE && kind != DEFAULT)
        {
            return invalidDirection("cudaMemcpy2DArrayToArray", kind);
        }
        return run("cudaMemcpy2DArrayToArray",
            PitchedCopy.Side.array(JCudaPointers.nativePointer(src), wOffsetSrc, hOffsetSrc, 0),
            PitchedCopy.Side.array(JCudaPointers.nativePointer(dst), wOffsetDst, hOffsetDst, 0), width, height, 1,
            null, false);
    }

    static int cudaMemcpy3D(final String function, final cudaMemcpy3DParms p, final cudaStream_t stream,
        final boolean asynchronous)
    {
        requireNonNull(p, "p", function);
        return copy3D(function, p.srcArray, p.srcPos, p.srcPtr, p.dstArray, p.dstPos, p.dstPtr, p.extent, p.kind,
            stream, asynchronous);
    }

    /**
     * A copy between devices: with unified addressing the executor finds each device pointer and array wherever it
     * lives among the session's devices, so it is a device-to-device cudaMemcpy3D on the current device (devices of
     * another executor hold nothing of this one's, and such a copy is refused).
     */
    static int cudaMemcpy3DPeer(final String function, final cudaMemcpy3DPeerParms p, final cudaStream_t stream,
        final boolean asynchronous)
    {
        requireNonNull(p, "p", function);
        return copy3D(function, p.srcArray, p.srcPos, p.srcPtr, p.dstArray, p.dstPos, p.dstPtr, p.extent,
            DEVICE_TO_DEVICE, stream, asynchronous);
    }

    private static int copy3D(final String function, final cudaArray srcArrayArgument, final cudaPos srcPos,
        final cudaPitchedPtr srcPtr, final cudaArray dstArrayArgument, final cudaPos dstPos,
        final cudaPitchedPtr dstPtr, final cudaExtent extent, final int kind, final cudaStream_t stream,
        final boolean asynchronous)
    {
        requireNonNull(extent, "p.extent", function);
        // JCuda's parameters start with empty arrays and pointers: an array of handle 0 is none.
        final cudaArray srcArray = present(srcArrayArgument) ? srcArrayArgument : null;
        final cudaArray dstArray = present(dstArrayArgument) ? dstArrayArgument : null;
        final boolean[] host = hostSides(function, kind, dstArray == null ? pointer(dstPtr) : null,
            srcArray == null ? pointer(srcPtr) : null);
        if (host == null)
        {
            return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
        }
        // With an array on either side the extent and the positions are in the array's elements.
        long elementBytes = 1;
        final cudaArray anArray = srcArray != null ? srcArray : dstArray;
        if (anArray != null)
        {
            final long[] values = new long[6];
            final int status = describe(anArray, values);
            if (status != RuntimeStatus.SUCCESS)
            {
                return status;
            }
            elementBytes = channelBytes((int)values[3]) * values[4];
        }
        final PitchedCopy.Side source = side(srcArray, srcPos, srcPtr, elementBytes, host[1], function);
        final PitchedCopy.Side destination = side(dstArray, dstPos, dstPtr, elementBytes, host[0], function);
        if (source == null || destination == null)
        {
            return invalidValue(function, "a side names neither an array nor a pitched pointer");
        }
        return run(function, source, destination, extent.width * elementBytes, extent.height, extent.depth,
            stream, asynchronous);
    }

    static int cudaMemset3D(final cudaPitchedPtr pitchedDevPtr, final int value, final cudaExtent extent,
        final cudaStream_t stream, final boolean asynchronous)
    {
        requireNonNull(pitchedDevPtr, "pitchedDevPtr", "cudaMemset3D");
        requireNonNull(extent, "extent", "cudaMemset3D");
        final long[] args = { JCudaPointers.address(pitchedDevPtr.ptr), pitchedDevPtr.pitch, pitchedDevPtr.ysize,
            value, extent.width, extent.height, extent.depth, asynchronous ? streamHandle(stream) : 0 };
        return asynchronous ? RuntimeCalls.pipelined(Function.CUDA_MEMSET_3D, args, null) :
            RuntimeCalls.call(Function.CUDA_MEMSET_3D, args, null, null, null);
    }

    private static PitchedCopy.Side side(final cudaArray array, final cudaPos position, final cudaPitchedPtr pointer,
        final long elementBytes, final boolean host, final String function)
    {
        final long x = position == null ? 0 : position.x * elementBytes;
        final long y = position == null ? 0 : position.y;
        final long z = position == null ? 0 : position.z;
        if (array != null)
        {
            return PitchedCopy.Side.array(JCudaPointers.nativePointer(array), x, y, z);
        }
        if (pointer == null || pointer.ptr == null)
        {
            return null;
        }
        return linear(pointer.ptr, x, y, z, pointer.pitch, pointer.ysize, host);
    }

    private static boolean present(final cudaArray array)
    {
        return array != null && JCudaPointers.nativePointer(array) != 0;
    }

    private static Pointer pointer(final cudaPitchedPtr pitched)
    {
        return pitched == null ? null : pitched.ptr;
    }

    private static PitchedCopy.Side linear(final Pointer pointer, final long x, final long y, final long z,
        final long pitch, final long rows, final boolean host)
    {
        if (pointer == null)
        {
            throw new NullPointerException("Parameter 'ptr' is null for a copy");
        }
        return host ? JCudaHostRanges.pitchedSide(pointer, x, y, z, pitch, rows) :
            PitchedCopy.Side.device(JCudaPointers.address(pointer), x, y, z, pitch, rows);
    }

    /**
     * Whether the destination and the source are host memory, by the copy kind; null (said once) for a kind that is
     * none.
     */
    private static boolean[] hostSides(final String function, final int kind, final Pointer dst, final Pointer src)
    {
        return switch (kind)
        {
            case HOST_TO_HOST -> new boolean[]{ true, true };
            case HOST_TO_DEVICE -> new boolean[]{ false, true };
            case DEVICE_TO_HOST -> new boolean[]{ true, false };
            case DEVICE_TO_DEVICE -> new boolean[]{ false, false };
            case DEFAULT -> new boolean[]{ dst != null && JCudaHostRanges.isHostMemory(dst),
                src != null && JCudaHostRanges.isHostMemory(src) };
            default ->
            {
                AgentLog.warn(function + ": " + kind + " is not a cudaMemcpyKind; returning " +
                    "cudaErrorInvalidMemcpyDirection");
                yield null;
            }
        };
    }

    private static int create(final cudaArray array, final cudaChannelFormatDesc desc, final long width,
        final long height, final long depth, final int flags, final String function)
    {
        final int format = format(desc);
        final int channels = channels(desc);
        if (format == 0 || !sameSizes(desc, channels))
        {
            return invalidValue(function, "the channel format (" + desc.x + ", " + desc.y + ", " + desc.z + ", " +
                desc.w + ", kind " + desc.f + ") is not 1, 2 or 4 channels of one size of 8, 16 or 32 bits");
        }
        return JCudaPointers.intoHandle(array, RuntimeStatus.SUCCESS,
            results -> RuntimeCalls.call(Function.CUDA_MALLOC_ARRAY, new long[]{ width, height, depth, format,
                channels, Integer.toUnsignedLong(flags) }, null, null, results));
    }

    static int channels(final cudaChannelFormatDesc desc)
    {
        return (desc.x != 0 ? 1 : 0) + (desc.y != 0 ? 1 : 0) + (desc.z != 0 ? 1 : 0) + (desc.w != 0 ? 1 : 0);
    }

    static boolean sameSizes(final cudaChannelFormatDesc desc, final int channels)
    {
        final int[] bits = { desc.x, desc.y, desc.z, desc.w };
        for (int i = 0; i < bits.length; i++)
        {
            if (i < channels ? bits[i] != desc.x : bits[i] != 0)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * The driver's {@code CUarray_format} of a channel description, or 0 where it has none.
     */
    static int format(final cudaChannelFormatDesc desc)
    {
        return switch (desc.f)
        {
            case KIND_SIGNED -> desc.x == 8 ? 0x08 : desc.x == 16 ? 0x09 : desc.x == 32 ? 0x0a : 0;
            case KIND_UNSIGNED -> desc.x == 8 ? 0x01 : desc.x == 16 ? 0x02 : desc.x == 32 ? 0x03 : 0;
            case KIND_FLOAT -> desc.x == 16 ? 0x10 : desc.x == 32 ? 0x20 : 0;
            default -> 0;
        };
    }

    static void channelDesc(final cudaChannelFormatDesc desc, final int format, final int channels)
    {
        final int bits = channelBytes(format) * 8;
        desc.f = format == 0x10 || format == 0x20 ? KIND_FLOAT : format >= 0x08 ? KIND_SIGNED : KIND_UNSIGNED;
        desc.x = bits;
        desc.y = channels > 1 ? bits : 0;
        desc.z = channels > 2 ? bits : 0;
        desc.w = channels > 3 ? bits : 0;
    }

    private static int channelBytes(final int format)
    {
        return switch (format)
        {
            case 0x01, 0x08 -> 1;
            case 0x02, 0x09, 0x10 -> 2;
            default -> 4;
        };
    }

    private static int describe(final cudaArray array, final long[] values)
    {
        requireNonNull(array, "array", "cudaArrayGetInfo");
        return RuntimeCalls.call(Function.CUDA_ARRAY_GET_INFO, new long[]{ JCudaPointers.nativePointer(array) },
            null, null, values);
    }

    /**
     * A copy that only sends (to the device, or on the device) on a stream is pipelined, as cudaMemcpyAsync's is; one
     * that brings bytes back, or a synchronous one, waits for its reply.
     */
    private static int run(final String function, final PitchedCopy.Side source,
        final PitchedCopy.Side destination, final long width, final long height, final long depth,
        final cudaStream_t stream, final boolean asynchronous)
    {
        final long streamHandle = asynchronous ? streamHandle(stream) : 0;
        try
        {
            return RuntimeCalls.record(PitchedCopy.run(source, destination, width, height, depth, streamHandle,
                (args, payload, sink) -> asynchronous && sink == null ?
                    RuntimeCalls.pipelined(Function.CUDA_MEMCPY_3D, args, payload) :
                    RuntimeCalls.call(Function.CUDA_MEMCPY_3D, args, payload, sink, null)));
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(function, ex.getMessage());
        }
    }

    private static long streamHandle(final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
    }

    private static int invalidDirection(final String function, final int kind)
    {
        AgentLog.warn(function + ": kind " + kind + " does not copy between arrays on the device; returning " +
            "cudaErrorInvalidMemcpyDirection");
        return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning cudaErrorInvalidValue");
        return RuntimeCalls.record(RuntimeStatus.INVALID_VALUE);
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
