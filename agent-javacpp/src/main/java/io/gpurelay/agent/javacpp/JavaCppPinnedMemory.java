package io.gpurelay.agent.javacpp;

import java.nio.ByteBuffer;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SharedHostAllocation;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.MappedHostMemory;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PinnedMemoryFiles;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * Pinned host memory for JavaCPP programs, as for JCuda ones ({@link PinnedHostMemory}, shared by the bindings):
 * {@code cudaMallocHost}, {@code cudaHostAlloc}, {@code cuMemAllocHost} and {@code cuMemHostAlloc} allocate in
 * memory the executor shares and page-locks when the session offers it (one DMA per copy, asynchronous copies not
 * waited for, mapped memory that kernels read and write), else in this process's own memory (mapped memory then with
 * a device copy on the executor, {@link MappedHostMemory}); the pointer the program gets is that memory's address. Copies between such memory and the device name the allocation instead of carrying
 * the bytes. Freed pinned memory is refused by every later call that would read or write it.
 */
final class JavaCppPinnedMemory
{
    private static final int RUNTIME_MAPPED = 0x02;
    private static final int DRIVER_DEVICEMAP = 0x02;

    private JavaCppPinnedMemory()
    {
    }

    static void register(final CudartModule module)
    {
        JavaCppRuntime.runtime(module, "cudaMallocHost", a -> RuntimeCalls.record(allocate(a, 0, false)));
        JavaCppRuntime.runtime(module, "cudaHostAlloc", a -> RuntimeCalls.record(allocate(a, a.intValue(2), false)));
        module.function("cuMemAllocHost", a -> allocate(a, 0, true));
        module.function("cuMemHostAlloc", a -> allocate(a, a.intValue(2), true));
        JavaCppRuntime.runtime(module, "cudaFreeHost", a -> RuntimeCalls.record(free(a, false)));
        module.function("cuMemFreeHost", a -> free(a, true));
        JavaCppRuntime.runtime(module, "cudaHostGetDevicePointer", a -> RuntimeCalls.record(devicePointer(a, false)));
        module.function("cuMemHostGetDevicePointer", a -> devicePointer(a, true));
    }

    /**
     * A copy between shared pinned memory and the device, naming the allocation: one DMA on the executor.
     *
     * @return the status, or -1 when the range is not in shared memory of the current session (the caller sends
     *         the bytes).
     */
    static int sharedCopy(final boolean driver, final boolean toDevice, final long deviceAddress,
        final HostRange host, final boolean asynchronous, final long stream)
    {
        final PinnedHostMemory.SharedRange shared = PinnedHostMemory.sharedRange(host);
        if (shared == null || !DeviceRouter.installed().isCurrent(shared.allocation()))
        {
            return -1;
        }
        final long[] args = { toDevice ? PinnedMemoryFiles.HOST_TO_DEVICE : PinnedMemoryFiles.DEVICE_TO_HOST,
            deviceAddress, shared.allocation().handle(), shared.offset(), host.length(), stream, asynchronous ? 0 : 1 };
        if (driver)
        {
            return asynchronous ? DriverCalls.pipelinedInContext(Function.CU_MEMCPY_HOST_MEMORY, args, null) :
                DriverCalls.inContext(Function.CU_MEMCPY_HOST_MEMORY, args, null, null, null);
        }
        return asynchronous ? RuntimeCalls.pipelined(Function.CUDA_MEMCPY_HOST_MEMORY, args, null) :
            RuntimeCalls.call(Function.CUDA_MEMCPY_HOST_MEMORY, args, null, null, null);
    }

    private static int allocate(final JavaCppArgs a, final int flags, final boolean driver)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final long size = a.longValue(1);
        final String name = a.method().qualifiedName();
        if (size <= 0)
        {
            a.setHandle(0, 0);
            return RuntimeStatus.SUCCESS;
        }
        final int[] status = new int[1];
        final SharedHostAllocation shared;
        if (driver)
        {
            shared = DeviceRouter.installed().allocateSharedHost(Function.CU_MEM_HOST_ALLOC,
                Function.CU_MEM_FREE_HOST, DriverCalls.currentContext(), size, Integer.toUnsignedLong(flags), status);
        }
        else
        {
            shared = DeviceRouter.installed().allocateSharedHost(Function.CUDA_HOST_ALLOC, Function.CUDA_FREE_HOST,
                RuntimeThreadState.currentDevice(), size, Integer.toUnsignedLong(flags), status);
        }
        if (shared != null)
        {
            final long address = PinnedHostMemory.register(shared);
            PinnedHostMemory.recordFlags(address, flags);
            a.setHandle(0, address);
            return RuntimeStatus.SUCCESS;
        }
        if (status[0] != RuntimeStatus.SUCCESS)
        {
            return status[0];
        }
        if ((flags & (driver ? DRIVER_DEVICEMAP : RUNTIME_MAPPED)) != 0)
        {
            final ByteBuffer buffer = MappedHostMemory.allocate(driver, size, name, status);
            if (buffer == null)
            {
                return status[0];
            }
            PinnedHostMemory.recordFlags(PinnedHostMemory.address(buffer), flags);
            a.setHandle(0, PinnedHostMemory.address(buffer));
            return RuntimeStatus.SUCCESS;
        }
        if (size > Integer.MAX_VALUE - PinnedHostMemory.ALIGNMENT)
        {
            AgentLog.warn(name + ": " + size + " bytes is more than one Java direct buffer can hold; returning the " +
                "out-of-memory status");
            return RuntimeStatus.MEMORY_ALLOCATION;
        }
        try
        {
            final ByteBuffer buffer = PinnedHostMemory.allocate((int)size);
            PinnedHostMemory.recordFlags(PinnedHostMemory.address(buffer), flags);
            a.setHandle(0, PinnedHostMemory.address(buffer));
            return RuntimeStatus.SUCCESS;
        }
        catch (final OutOfMemoryError ex)
        {
            AgentLog.warn(name + ": no direct memory for " + size + " bytes (" + ex.getMessage() +
                "; -XX:MaxDirectMemorySize raises the limit); returning the out-of-memory status");
            return RuntimeStatus.MEMORY_ALLOCATION;
        }
    }

    private static int free(final JavaCppArgs a, final boolean driver)
    {
        final long address = a.get(0) instanceof org.bytedeco.javacpp.Pointer pointer ?
            JavaCppPointers.effectiveAddress(pointer) : 0;
        final SharedHostAllocation shared = PinnedHostMemory.sharedAt(address);
        if (!PinnedHostMemory.free(address))
        {
            throw new JavaCppArgumentException("0x" + Long.toHexString(address) + " is not the start of pinned " +
                "memory from cudaMallocHost, cudaHostAlloc, cuMemAllocHost or cuMemHostAlloc");
        }
        if (shared != null && DeviceRouter.installed().isCurrent(shared))
        {
            return driver ?
                DriverCalls.call(Function.CU_MEM_FREE_HOST, new long[]{ shared.handle() }, null, null, null) :
                RuntimeCalls.call(Function.CUDA_FREE_HOST, new long[]{ shared.handle() }, null, null, null);
        }
        return MappedHostMemory.free(address);
    }

    private static int devicePointer(final JavaCppArgs a, final boolean driver)
    {
        JavaCppRuntime.requireOutput(a, 0);
        if (a.intValue(2) != 0)
        {
            throw new JavaCppArgumentException("flags must be 0, not " + a.intValue(2));
        }
        final HostRange host = a.host(1, 0);
        final long copy = MappedHostMemory.devicePointer(host.nativeAddress());
        if (copy >= 0)
        {
            if (driver && !DriverCalls.isLiveContext(DriverCalls.currentContext()))
            {
                return DriverCalls.noCurrentContext();
            }
            a.setHandle(0, copy);
            return RuntimeStatus.SUCCESS;
        }
        final PinnedHostMemory.SharedRange shared = PinnedHostMemory.sharedRange(host);
        if (shared == null || !DeviceRouter.installed().isCurrent(shared.allocation()))
        {
            throw new JavaCppArgumentException("the pointer is not mapped pinned memory of the executor's current " +
                "session (cudaHostAlloc with cudaHostAllocMapped, cuMemHostAlloc with CU_MEMHOSTALLOC_DEVICEMAP)");
        }
        final long[] results = new long[1];
        final long[] args = { shared.allocation().handle(), shared.offset() };
        final int status;
        if (driver)
        {
            status = DriverCalls.inContext(Function.CU_MEM_HOST_GET_DEVICE_POINTER, args, null, null, results);
        }
        else
        {
            status = RuntimeCalls.call(Function.CUDA_HOST_GET_DEVICE_POINTER, args, null, null, results);
        }
        if (status == DriverStatus.SUCCESS)
        {
            a.setHandle(0, results[0]);
        }
        return status;
    }
}
