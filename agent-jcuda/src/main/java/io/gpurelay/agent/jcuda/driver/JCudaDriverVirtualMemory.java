package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;

import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemAccessDesc;
import jcuda.driver.CUmemAllocationProp;
import jcuda.driver.CUmemGenericAllocationHandle;
import jcuda.driver.CUmemLocation;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Virtual memory management through JCuda's driver API: the structs travel as their fields, the executor's
 * {@code VirtualMemory} checks and runs each call in the calling thread's current context. A
 * {@link CUmemGenericAllocationHandle} holds the executor's handle of the allocation, never CUDA's value; a
 * reservation's address is the device's own. {@code win32HandleMetaData} means nothing on the executor's Linux host and
 * is not sent; shareable handle types are refused there by name.
 */
final class JCudaDriverVirtualMemory
{
    /** How many values {@code cuMemGetAllocationPropertiesFromHandle} answers. */
    private static final int PROPERTY_COUNT = 7;

    private JCudaDriverVirtualMemory()
    {
    }

    static int granularity(final long[] granularity, final CUmemAllocationProp prop, final int option)
    {
        JCudaDriverRemote.requireNonNull(granularity, "granularity", "cuMemGetAllocationGranularity");
        JCudaDriverRemote.requireNonNull(prop, "prop", "cuMemGetAllocationGranularity");
        final long[] results = new long[1];
        final int status = JCudaDriverRemote.call(Function.CU_MEM_GET_ALLOCATION_GRANULARITY, new long[]{ prop.type,
            locationType(prop.location), locationId(prop.location), Integer.toUnsignedLong(prop.requestedHandleTypes),
            option }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            granularity[0] = results[0];
        }
        return status;
    }

    static int reserve(final CUdeviceptr ptr, final long size, final long alignment, final CUdeviceptr addr,
        final long flags)
    {
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemAddressReserve");
        final long[] results = new long[1];
        final int status = JCudaDriverRemote.inContext(Function.CU_MEM_ADDRESS_RESERVE, new long[]{ size, alignment,
            addr == null ? 0 : JCudaPointers.address(addr), flags }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(ptr, results[0]);
        }
        return status;
    }

    static int free(final CUdeviceptr ptr, final long size)
    {
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemAddressFree");
        return JCudaDriverRemote.inContext(Function.CU_MEM_ADDRESS_FREE,
            new long[]{ JCudaPointers.address(ptr), size }, null, null, null);
    }

    static int create(final CUmemGenericAllocationHandle handle, final long size, final CUmemAllocationProp prop,
        final long flags)
    {
        JCudaDriverRemote.requireNonNull(handle, "handle", "cuMemCreate");
        JCudaDriverRemote.requireNonNull(prop, "prop", "cuMemCreate");
        final long[] results = new long[1];
        final int status = JCudaDriverRemote.inContext(Function.CU_MEM_CREATE, new long[]{ size, prop.type,
            locationType(prop.location), locationId(prop.location), Integer.toUnsignedLong(prop.requestedHandleTypes),
            Byte.toUnsignedLong(prop.allocFlags.compressionType),
            Byte.toUnsignedLong(prop.allocFlags.gpuDirectRDMACapable), Short.toUnsignedLong(prop.allocFlags.usage),
            flags }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(handle, results[0]);
        }
        return status;
    }

    static int release(final CUmemGenericAllocationHandle handle)
    {
        JCudaDriverRemote.requireNonNull(handle, "handle", "cuMemRelease");
        return JCudaDriverRemote.inContext(Function.CU_MEM_RELEASE, new long[]{ JCudaPointers.nativePointer(handle) },
            null, null, null);
    }

    /**
     * cuMemRetainAllocationHandle: the handle of the allocation mapped at {@code addr} (any address inside a mapping),
     * with one more reference, answered by the executor from the session's mappings.
     */
    static int retain(final CUmemGenericAllocationHandle handle, final Pointer addr)
    {
        JCudaDriverRemote.requireNonNull(handle, "handle", "cuMemRetainAllocationHandle");
        JCudaDriverRemote.requireNonNull(addr, "addr", "cuMemRetainAllocationHandle");
        final long[] results = new long[1];
        final int status = JCudaDriverRemote.inContext(Function.CU_MEM_RETAIN_ALLOCATION_HANDLE,
            new long[]{ JCudaPointers.address(addr) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(handle, results[0]);
        }
        return status;
    }

    static int map(final CUdeviceptr ptr, final long size, final long offset,
        final CUmemGenericAllocationHandle handle, final long flags)
    {
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemMap");
        JCudaDriverRemote.requireNonNull(handle, "handle", "cuMemMap");
        return JCudaDriverRemote.inContext(Function.CU_MEM_MAP, new long[]{ JCudaPointers.address(ptr), size, offset,
            JCudaPointers.nativePointer(handle), flags }, null, null, null);
    }

    static int unmap(final CUdeviceptr ptr, final long size)
    {
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemUnmap");
        return JCudaDriverRemote.inContext(Function.CU_MEM_UNMAP, new long[]{ JCudaPointers.address(ptr), size },
            null, null, null);
    }

    static int setAccess(final CUdeviceptr ptr, final long size, final CUmemAccessDesc[] desc, final long count)
    {
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemSetAccess");
        JCudaDriverRemote.requireNonNull(desc, "desc", "cuMemSetAccess");
        if (count <= 0 || count > desc.length || count > 16)
        {
            return JCudaDriverRemote.invalidValueOf("cuMemSetAccess", count + " descriptors of an array of " +
                desc.length + "; gpurelay takes 1 to 16");
        }
        final long[] args = new long[3 + 3 * (int)count];
        args[0] = JCudaPointers.address(ptr);
        args[1] = size;
        args[2] = count;
        for (int i = 0; i < count; i++)
        {
            if (desc[i] == null)
            {
                return JCudaDriverRemote.invalidValueOf("cuMemSetAccess", "descriptor " + i + " is null");
            }
            args[3 + 3 * i] = locationType(desc[i].location);
            args[4 + 3 * i] = locationId(desc[i].location);
            args[5 + 3 * i] = Integer.toUnsignedLong(desc[i].flags);
        }
        return JCudaDriverRemote.inContext(Function.CU_MEM_SET_ACCESS, args, null, null, null);
    }

    static int getAccess(final long[] flags, final CUmemLocation location, final CUdeviceptr ptr)
    {
        JCudaDriverRemote.requireNonNull(flags, "flags", "cuMemGetAccess");
        JCudaDriverRemote.requireNonNull(location, "location", "cuMemGetAccess");
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuMemGetAccess");
        final long[] results = new long[1];
        final int status = JCudaDriverRemote.inContext(Function.CU_MEM_GET_ACCESS, new long[]{ location.type,
            location.id, JCudaPointers.address(ptr) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            flags[0] = results[0];
        }
        return status;
    }

    static int propertiesFromHandle(final CUmemAllocationProp prop, final CUmemGenericAllocationHandle handle)
    {
        JCudaDriverRemote.requireNonNull(prop, "prop", "cuMemGetAllocationPropertiesFromHandle");
        JCudaDriverRemote.requireNonNull(handle, "handle", "cuMemGetAllocationPropertiesFromHandle");
        final long[] results = new long[PROPERTY_COUNT];
        final int status = JCudaDriverRemote.call(Function.CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE,
            new long[]{ JCudaPointers.nativePointer(handle) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            prop.type = (int)results[0];
            if (prop.location == null)
            {
                prop.location = new CUmemLocation();
            }
            prop.location.type = (int)results[1];
            prop.location.id = (int)results[2];
            prop.requestedHandleTypes = (int)results[3];
            prop.win32HandleMetaData = null;
            prop.allocFlags.compressionType = (byte)results[4];
            prop.allocFlags.gpuDirectRDMACapable = (byte)results[5];
            prop.allocFlags.usage = (short)results[6];
        }
        return status;
    }

    /** The value is an unsigned int in host memory, as CUDA reads it. */
    static int pointerSetAttribute(final Pointer value, final int attribute, final CUdeviceptr ptr)
    {
        JCudaDriverRemote.requireNonNull(value, "value", "cuPointerSetAttribute");
        JCudaDriverRemote.requireNonNull(ptr, "ptr", "cuPointerSetAttribute");
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[Integer.BYTES]);
        try
        {
            JCudaHostRanges.of(value, Integer.BYTES).copyTo(0, bytes, 0, Integer.BYTES);
        }
        catch (final HostRangeException ex)
        {
            return JCudaDriverRemote.invalidValueOf("cuPointerSetAttribute", ex.getMessage());
        }
        return JCudaDriverRemote.inContext(Function.CU_POINTER_SET_ATTRIBUTE, new long[]{ JCudaPointers.address(ptr),
            attribute, Integer.toUnsignedLong(bytes.getInt(0, ByteOrder.nativeOrder())) }, null, null, null);
    }

    private static long locationType(final CUmemLocation location)
    {
        return location == null ? 0 : location.type;
    }

    private static long locationId(final CUmemLocation location)
    {
        return location == null ? 0 : location.id;
    }
}
