package io.gpurelay.agent.cuda;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * Mapped pinned memory ({@code cudaHostAlloc(..., cudaHostAllocMapped)}, {@code cuMemHostAlloc(...,
 * CU_MEMHOSTALLOC_DEVICEMAP)}) where the executor's device cannot map the program's memory: over UDP, with several
 * executors, or over IPC without shared pinned memory. The program gets pinned memory of this process, as for any
 * pinned allocation; the executor holds a managed allocation of the same size, its device copy, whose address
 * {@code cudaHostGetDevicePointer} and {@code cuMemHostGetDevicePointer} give. The pinned buffer is that allocation's
 * host view ({@link ManagedMemory}, which keeps it as host memory for the bindings): what the host wrote reaches the
 * device before the next call, what kernels wrote through the device pointer reaches the host at the next
 * synchronisation point. That is CUDA's rule for managed memory without concurrent access; true zero-copy memory
 * also shows the host a kernel's writes while it runs, which nothing here can.
 * <p>
 * It names no binding's classes: JCuda's and JavaCPP's pinned memory use it alike.
 */
public final class MappedHostMemory
{
    /** cudaMemAttachGlobal, CU_MEM_ATTACH_GLOBAL: the device copy is the device's to use on any stream. */
    private static final long ATTACH_GLOBAL = 1;
    /** cudaHostAllocMapped and CU_MEMHOSTALLOC_DEVICEMAP, one bit. */
    private static final int HOST_ALLOC_MAPPED = 0x02;
    /** cudaErrorMemoryAllocation and CUDA_ERROR_OUT_OF_MEMORY, one code. */
    private static final int OUT_OF_MEMORY = 2;

    /** By the host address of each allocation: its device copy and the session that holds it. */
    private static final ConcurrentSkipListMap<Long, Mapping> MAPPINGS = new ConcurrentSkipListMap<>();

    private record Mapping(long deviceAddress, int size, Object session)
    {
    }

    private MappedHostMemory()
    {
    }

    /**
     * Allocate the device copy on the executor (through the runtime API on the calling thread's current device, or
     * through the driver API in its current context), then the pinned buffer that is its host view.
     *
     * @param status where the call's status goes: the executor's for the device copy, out of memory for the buffer.
     * @return the buffer, or null when {@code status} says why not.
     */
    public static ByteBuffer allocate(final boolean driver, final long size, final String function, final int[] status)
    {
        if (size > Integer.MAX_VALUE - PinnedHostMemory.ALIGNMENT)
        {
            AgentLog.warn(function + ": " + size + " bytes is more than one Java direct buffer can hold; returning " +
                "the out-of-memory status");
            status[0] = OUT_OF_MEMORY;
            return null;
        }
        final long[] results = new long[1];
        final long[] args = { size, ATTACH_GLOBAL };
        status[0] = driver ? DriverCalls.inContext(Function.CU_MEM_ALLOC_MANAGED, args, null, null, results) :
            RuntimeCalls.call(Function.CUDA_MALLOC_MANAGED, args, null, null, results);
        if (status[0] != RuntimeStatus.SUCCESS)
        {
            return null;
        }
        final ManagedMemory.Home home;
        final Object session;
        if (driver)
        {
            final long context = DriverCalls.currentContext();
            final int device = DriverCalls.deviceOf(context);
            home = ManagedMemory.Home.driver(device, context, DriverCalls.primaryContext(device) == context);
            session = DriverCalls.session();
        }
        else
        {
            home = ManagedMemory.Home.runtime(RuntimeThreadState.currentDevice());
            session = RuntimeCalls.session();
        }
        // The host view starts zeroed, as does the device copy: neither shows bytes the other has not.
        status[0] = home.isDriver() ?
            DeviceRouter.installed().call(Function.CU_MEMSET, home.context(), new long[]{ results[0], 0, size, 1, 0 },
                null, null, null) :
            RuntimeCalls.call(Function.CUDA_MEMSET, new long[]{ results[0], 0, size }, null, null, null);
        if (status[0] != RuntimeStatus.SUCCESS)
        {
            freeDeviceCopy(home, results[0]);
            return null;
        }
        final ByteBuffer buffer;
        try
        {
            buffer = PinnedHostMemory.allocate((int)size);
        }
        catch (final OutOfMemoryError ex)
        {
            AgentLog.warn(function + ": no direct memory for " + size + " bytes (" + ex.getMessage() +
                "; -XX:MaxDirectMemorySize raises the limit); returning the out-of-memory status");
            freeDeviceCopy(home, results[0]);
            status[0] = OUT_OF_MEMORY;
            return null;
        }
        MAPPINGS.put(PinnedHostMemory.address(buffer), new Mapping(results[0], (int)size, session));
        ManagedMemory.add(results[0], home, buffer, session, true);
        return buffer;
    }

    /**
     * The device address of the mapped memory at {@code hostAddress} (inside an allocation), or -1 when it is not
     * such memory or its session ended (taking the device copy with it).
     */
    public static long devicePointer(final long hostAddress)
    {
        final Map.Entry<Long, Mapping> entry = MAPPINGS.floorEntry(hostAddress);
        if (entry == null || hostAddress - entry.getKey() >= entry.getValue().size)
        {
            return -1;
        }
        final Mapping mapping = entry.getValue();
        return ManagedMemory.homeOf(mapping.deviceAddress, mapping.session) == null ? -1 :
            mapping.deviceAddress + (hostAddress - entry.getKey());
    }

    /**
     * What cudaPointerGetAttributes gives as the device pointer of pinned memory of this process at {@code host}: for
     * mapped memory the device copy's address, or the executor's mapping of shared memory (cudaHostAllocMapped); 0
     * for other memory.
     */
    public static long runtimeDevicePointer(final long host)
    {
        final long copy = devicePointer(host);
        if (copy >= 0)
        {
            return copy;
        }
        final Integer flags = PinnedHostMemory.flagsAt(host);
        final PinnedHostMemory.SharedRange shared = flags == null || (flags & HOST_ALLOC_MAPPED) == 0 ? null :
            PinnedHostMemory.sharedRange(host, 1);
        if (shared == null || !DeviceRouter.installed().isCurrent(shared.allocation()))
        {
            return 0;
        }
        final long[] results = new long[1];
        return RuntimeCalls.call(Function.CUDA_HOST_GET_DEVICE_POINTER,
            new long[]{ shared.allocation().handle(), shared.offset() }, null, null, results) == RuntimeStatus.SUCCESS ?
            results[0] : 0;
    }

    /**
     * Where the device copy that holds {@code deviceAddress} is, as CU_POINTER_GET_ATTRIBUTE's reply says it of host
     * memory: {@code values} (4) gets the kind host (1), the device, the device copy's start and size.
     *
     * @return the host address that corresponds, or -1 when no live mapped memory's device copy holds it.
     */
    public static long hostPointer(final long deviceAddress, final long[] values)
    {
        for (final Map.Entry<Long, Mapping> entry : MAPPINGS.entrySet())
        {
            final Mapping mapping = entry.getValue();
            final long offset = deviceAddress - mapping.deviceAddress;
            if (offset >= 0 && offset < mapping.size)
            {
                final ManagedMemory.Home home = ManagedMemory.homeOf(mapping.deviceAddress, mapping.session);
                if (home != null)
                {
                    values[0] = 1;
                    values[1] = home.device();
                    values[2] = mapping.deviceAddress;
                    values[3] = mapping.size;
                    return entry.getKey() + offset;
                }
            }
        }
        return -1;
    }

    /**
     * Whether the allocation at {@code hostAddress} is mapped memory of this kind (before it is freed).
     */
    public static boolean isMapped(final long hostAddress)
    {
        return MAPPINGS.containsKey(hostAddress);
    }

    /**
     * cudaFreeHost, cuMemFreeHost of the allocation at {@code hostAddress} (freed as pinned memory by the caller):
     * its device copy is freed where it was made, unless its session ended and took it.
     *
     * @return the status of freeing the device copy.
     */
    public static int free(final long hostAddress)
    {
        final Mapping mapping = MAPPINGS.remove(hostAddress);
        if (mapping == null)
        {
            return RuntimeStatus.SUCCESS;
        }
        final ManagedMemory.Home home = ManagedMemory.forgetKept(mapping.deviceAddress, mapping.session);
        return home == null ? RuntimeStatus.SUCCESS : freeDeviceCopy(home, mapping.deviceAddress);
    }

    private static int freeDeviceCopy(final ManagedMemory.Home home, final long deviceAddress)
    {
        return home.isDriver() ?
            DeviceRouter.installed().call(Function.CU_MEM_FREE, home.context(), new long[]{ deviceAddress }, null,
                null, null) :
            DeviceRouter.installed().call(Function.CUDA_FREE, home.device(), new long[]{ deviceAddress }, null, null,
                null);
    }
}
