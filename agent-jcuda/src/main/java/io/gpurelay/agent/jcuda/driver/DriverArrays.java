package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.PitchedCopy;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.driver.CUDA_ARRAY3D_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMCPY3D_PEER;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUstream;

/**
 * The driver's pitched memory, CUDA arrays and 2D/3D copies ({@link JCudaDriverRemote} delegates to these). An array
 * is the executor's handle in the {@link CUarray}. Every copy is a {@link PitchedCopy}: {@code cuMemcpy2D} is a copy
 * of depth 1, {@code cuMemcpyHtoA} and friends copy within row 0 of a (1D) array, at a byte offset.
 */
final class DriverArrays
{
    private static final int CU_MEMORYTYPE_HOST = 1;
    private static final int CU_MEMORYTYPE_DEVICE = 2;
    private static final int CU_MEMORYTYPE_ARRAY = 3;
    private static final int CU_MEMORYTYPE_UNIFIED = 4;
    private static final long CU_STREAM_LEGACY = 1;
    private static final long CU_STREAM_PER_THREAD = 2;

    private DriverArrays()
    {
    }

    static int cuMemAllocPitch(final CUdeviceptr dptr, final long[] pPitch, final long widthInBytes,
        final long height, final int elementSizeBytes)
    {
        final long[] results = new long[2];
        final int status = DriverCalls.inContext(Function.CU_MEM_ALLOC_PITCH,
            new long[]{ widthInBytes, height, elementSizeBytes }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(dptr, results[0]);
            pPitch[0] = results[1];
        }
        return status;
    }

    static int cuArrayCreate(final CUarray pHandle, final CUDA_ARRAY_DESCRIPTOR descriptor)
    {
        return create(pHandle, descriptor.Width, descriptor.Height, 0, descriptor.Format, descriptor.NumChannels, 0);
    }

    static int cuArray3DCreate(final CUarray pHandle, final CUDA_ARRAY3D_DESCRIPTOR descriptor)
    {
        return create(pHandle, descriptor.Width, descriptor.Height, descriptor.Depth, descriptor.Format,
            descriptor.NumChannels, descriptor.Flags);
    }

    static int cuArrayGetDescriptor(final CUDA_ARRAY_DESCRIPTOR descriptor, final CUarray hArray)
    {
        final long[] values = new long[6];
        final int status = describe(hArray, values);
        if (status == DriverStatus.SUCCESS)
        {
            descriptor.Width = values[0];
            descriptor.Height = values[1];
            descriptor.Format = (int)values[3];
            descriptor.NumChannels = (int)values[4];
        }
        return status;
    }

    static int cuArray3DGetDescriptor(final CUDA_ARRAY3D_DESCRIPTOR descriptor, final CUarray hArray)
    {
        final long[] values = new long[6];
        final int status = describe(hArray, values);
        if (status == DriverStatus.SUCCESS)
        {
            descriptor.Width = values[0];
            descriptor.Height = values[1];
            descriptor.Depth = values[2];
            descriptor.Format = (int)values[3];
            descriptor.NumChannels = (int)values[4];
            descriptor.Flags = (int)values[5];
        }
        return status;
    }

    static int cuMipmappedArrayCreate(final CUmipmappedArray pHandle, final CUDA_ARRAY3D_DESCRIPTOR descriptor,
        final int numMipmapLevels)
    {
        return JCudaPointers.intoHandle(pHandle, DriverStatus.SUCCESS,
            results -> DriverCalls.inContext(Function.CU_MIPMAPPED_ARRAY_CREATE, new long[]{ descriptor.Width,
                descriptor.Height, descriptor.Depth, Integer.toUnsignedLong(descriptor.Format),
                Integer.toUnsignedLong(descriptor.NumChannels), Integer.toUnsignedLong(descriptor.Flags),
                numMipmapLevels }, null, null, results));
    }

    static int cuMipmappedArrayGetLevel(final CUarray pLevelArray, final CUmipmappedArray hMipmappedArray,
        final int level)
    {
        return JCudaPointers.intoHandle(pLevelArray, DriverStatus.SUCCESS,
            results -> DriverCalls.inContext(Function.CU_MIPMAPPED_ARRAY_GET_LEVEL,
                new long[]{ JCudaPointers.nativePointer(hMipmappedArray), level }, null, null, results));
    }

    static int cuMipmappedArrayDestroy(final CUmipmappedArray hMipmappedArray)
    {
        return DriverCalls.inContext(Function.CU_MIPMAPPED_ARRAY_DESTROY,
            new long[]{ JCudaPointers.nativePointer(hMipmappedArray) }, null, null, null);
    }

    static int cuArrayDestroy(final CUarray hArray)
    {
        return DriverCalls.inContext(Function.CU_ARRAY_DESTROY, new long[]{ JCudaPointers.nativePointer(hArray) },
            null, null, null);
    }

    static int cuMemcpyHtoA(final CUarray dstArray, final long dstOffset, final Pointer srcHost, final long byteCount,
        final CUstream stream, final boolean asynchronous)
    {
        return row("cuMemcpyHtoA", JCudaHostRanges.pitchedSide(srcHost, 0, 0, 0, byteCount, 1),
            arraySide(dstArray, dstOffset), byteCount, stream, asynchronous);
    }

    static int cuMemcpyAtoH(final Pointer dstHost, final CUarray srcArray, final long srcOffset,
        final long byteCount, final CUstream stream, final boolean asynchronous)
    {
        return row("cuMemcpyAtoH", arraySide(srcArray, srcOffset),
            JCudaHostRanges.pitchedSide(dstHost, 0, 0, 0, byteCount, 1), byteCount, stream, asynchronous);
    }

    static int cuMemcpyDtoA(final CUarray dstArray, final long dstOffset, final CUdeviceptr srcDevice,
        final long byteCount)
    {
        return row("cuMemcpyDtoA", PitchedCopy.Side.device(JCudaPointers.address(srcDevice), 0, 0, 0, byteCount, 1),
            arraySide(dstArray, dstOffset), byteCount, null, false);
    }

    static int cuMemcpyAtoD(final CUdeviceptr dstDevice, final CUarray srcArray, final long srcOffset,
        final long byteCount)
    {
        return row("cuMemcpyAtoD", arraySide(srcArray, srcOffset),
            PitchedCopy.Side.device(JCudaPointers.address(dstDevice), 0, 0, 0, byteCount, 1), byteCount, null, false);
    }

    static int cuMemcpyAtoA(final CUarray dstArray, final long dstOffset, final CUarray srcArray,
        final long srcOffset, final long byteCount)
    {
        return row("cuMemcpyAtoA", arraySide(srcArray, srcOffset), arraySide(dstArray, dstOffset), byteCount, null,
            false);
    }

    static int cuMemcpy2D(final String function, final CUDA_MEMCPY2D copy, final CUstream stream,
        final boolean asynchronous)
    {
        requireNonNull(copy, "pCopy", function);
        final PitchedCopy.Side source = side(copy.srcMemoryType, copy.srcHost, copy.srcDevice, copy.srcArray,
            copy.srcXInBytes, copy.srcY, 0, copy.srcPitch, 0);
        final PitchedCopy.Side destination = side(copy.dstMemoryType, copy.dstHost, copy.dstDevice, copy.dstArray,
            copy.dstXInBytes, copy.dstY, 0, copy.dstPitch, 0);
        if (source == null || destination == null)
        {
            return invalidValue(function, "a memory type that is not host, device, array or unified, or a null " +
                "pointer or array for it");
        }
        return run(function, source, destination, copy.WidthInBytes, copy.Height, 1, stream, asynchronous);
    }

    static int cuMemcpy3D(final String function, final CUDA_MEMCPY3D copy, final CUstream stream,
        final boolean asynchronous)
    {
        requireNonNull(copy, "pCopy", function);
        if (copy.srcLOD != 0 || copy.dstLOD != 0)
        {
            return invalidValue(function, "srcLOD and dstLOD must be 0");
        }
        final PitchedCopy.Side source = side(copy.srcMemoryType, copy.srcHost, copy.srcDevice, copy.srcArray,
            copy.srcXInBytes, copy.srcY, copy.srcZ, copy.srcPitch, copy.srcHeight);
        final PitchedCopy.Side destination = side(copy.dstMemoryType, copy.dstHost, copy.dstDevice, copy.dstArray,
            copy.dstXInBytes, copy.dstY, copy.dstZ, copy.dstPitch, copy.dstHeight);
        if (source == null || destination == null)
        {
            return invalidValue(function, "a memory type that is not host, device, array or unified, or a null " +
                "pointer or array for it");
        }
        return run(function, source, destination, copy.WidthInBytes, copy.Height, copy.Depth, stream,
            asynchronous);
    }

    /**
     * With unified addressing the executor finds each device pointer and array wherever it lives among the
     * session's contexts, so a peer copy is a cuMemcpy3D in the current context once both contexts are live.
     */
    static int cuMemcpy3DPeer(final String function, final CUDA_MEMCPY3D_PEER copy, final CUstream stream,
        final boolean asynchronous)
    {
        requireNonNull(copy, "pCopy", function);
        for (final CUcontext context : new CUcontext[]{ copy.srcContext, copy.dstContext })
        {
            if (context == null || !DriverContexts.isLive(JCudaPointers.nativePointer(context)))
            {
                AgentLog.warn(function + ": srcContext and dstContext must be live contexts; returning " +
                    "CUDA_ERROR_INVALID_CONTEXT");
                return DriverStatus.INVALID_CONTEXT;
            }
        }
        if (copy.srcLOD != 0 || copy.dstLOD != 0)
        {
            return invalidValue(function, "srcLOD and dstLOD must be 0");
        }
        final PitchedCopy.Side source = side(copy.srcMemoryType, copy.srcHost, copy.srcDevice, copy.srcArray,
            copy.srcXInBytes, copy.srcY, copy.srcZ, copy.srcPitch, copy.srcHeight);
        final PitchedCopy.Side destination = side(copy.dstMemoryType, copy.dstHost, copy.dstDevice, copy.dstArray,
            copy.dstXInBytes, copy.dstY, copy.dstZ, copy.dstPitch, copy.dstHeight);
        if (source == null || destination == null)
        {
            return invalidValue(function, "a memory type that is not host, device, array or unified, or a null " +
                "pointer or array for it");
        }
        return run(function, source, destination, copy.WidthInBytes, copy.Height, copy.Depth, stream,
            asynchronous);
    }

    private static int create(final CUarray pHandle, final long width, final long height, final long depth,
        final int format, final int channels, final int flags)
    {
        return JCudaPointers.intoHandle(pHandle, DriverStatus.SUCCESS,
            results -> DriverCalls.inContext(Function.CU_ARRAY_CREATE, new long[]{ width, height, depth,
                Integer.toUnsignedLong(format), Integer.toUnsignedLong(channels), Integer.toUnsignedLong(flags) },
                null, null, results));
    }

    private static int describe(final CUarray hArray, final long[] values)
    {
        requireNonNull(hArray, "hArray", "cuArrayGetDescriptor");
        return DriverCalls.inContext(Function.CU_ARRAY_GET_DESCRIPTOR,
            new long[]{ JCudaPointers.nativePointer(hArray) }, null, null, values);
    }

    private static PitchedCopy.Side arraySide(final CUarray array, final long offset)
    {
        return array == null ? null : PitchedCopy.Side.array(JCudaPointers.nativePointer(array), offset, 0, 0);
    }

    private static int row(final String function, final PitchedCopy.Side source,
        final PitchedCopy.Side destination, final long byteCount, final CUstream stream, final boolean asynchronous)
    {
        if (source == null || destination == null)
        {
            throw new NullPointerException("Parameter 'array' is null for " + function);
        }
        return run(function, source, destination, byteCount, 1, 1, stream, asynchronous);
    }

    /**
     * A side as CUDA_MEMCPY2D/3D names it; unified memory is host memory where JCuda would read it as such, else a
     * device address. Null for an unknown memory type or a missing pointer.
     */
    private static PitchedCopy.Side side(final int memoryType, final Pointer host, final CUdeviceptr device,
        final CUarray array, final long x, final long y, final long z, final long pitch, final long rows)
    {
        return switch (memoryType)
        {
            case CU_MEMORYTYPE_HOST -> host == null ? null : JCudaHostRanges.pitchedSide(host, x, y, z, pitch, rows);
            case CU_MEMORYTYPE_DEVICE -> device == null ? null :
                PitchedCopy.Side.device(JCudaPointers.address(device), x, y, z, pitch, rows);
            case CU_MEMORYTYPE_ARRAY -> array == null ? null :
                PitchedCopy.Side.array(JCudaPointers.nativePointer(array), x, y, z);
            case CU_MEMORYTYPE_UNIFIED -> device == null ? null : JCudaHostRanges.isHostMemory(device) ?
                JCudaHostRanges.pitchedSide(device, x, y, z, pitch, rows) :
                PitchedCopy.Side.device(JCudaPointers.address(device), x, y, z, pitch, rows);
            default -> null;
        };
    }

    /**
     * A copy that only sends (to the device, or device to device) on a stream is pipelined, as cuMemcpyHtoDAsync is;
     * one that brings bytes back, or a synchronous one, waits for its reply.
     */
    private static int run(final String function, final PitchedCopy.Side source,
        final PitchedCopy.Side destination, final long width, final long height, final long depth,
        final CUstream stream, final boolean asynchronous)
    {
        final long streamHandle = asynchronous ? streamHandle(stream) : 0;
        try
        {
            return PitchedCopy.run(source, destination, width, height, depth, streamHandle,
                (args, payload, sink) -> asynchronous && sink == null ?
                    DriverCalls.pipelinedInContext(Function.CU_MEMCPY_3D, args, payload) :
                    DriverCalls.inContext(Function.CU_MEMCPY_3D, args, payload, sink, null));
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(function, ex.getMessage());
        }
    }

    private static long streamHandle(final CUstream stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == CU_STREAM_LEGACY || handle == CU_STREAM_PER_THREAD ? 0 : handle;
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
