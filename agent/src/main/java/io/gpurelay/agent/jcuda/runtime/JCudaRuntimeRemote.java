package io.gpurelay.agent.jcuda.runtime;

import java.nio.ByteBuffer;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.RelayClient;
import io.gpurelay.agent.jcuda.HostRange;
import io.gpurelay.agent.jcuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.PinnedHostMemory;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.runtime.cudaDeviceProp;

/**
 * The JCuda runtime functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.runtime.JCuda} with the same name and descriptor (see {@link JCudaRuntimeInstrumentation}); JCuda's
 * public wrapper around it ({@code checkResult}, exceptions mode) runs unchanged. Device work goes to the executor;
 * per-thread state, error names and pinned host memory are handled here.
 * <p>
 * Like JCuda's native code, a null argument throws {@link NullPointerException}, and every failing call becomes the
 * calling thread's last error.
 */
public final class JCudaRuntimeRemote
{
    private static final long[] NO_ARGS = new long[0];
    private static final int CUDA_MEMCPY_HOST_TO_HOST = 0;
    private static final int CUDA_MEMCPY_HOST_TO_DEVICE = 1;
    private static final int CUDA_MEMCPY_DEVICE_TO_HOST = 2;
    private static final int CUDA_MEMCPY_DEVICE_TO_DEVICE = 3;
    private static final int CUDA_MEMCPY_DEFAULT = 4;
    private static final int CUDA_HOST_ALLOC_MAPPED = 0x02;

    private JCudaRuntimeRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    public static int cudaGetDeviceCountNative(final int[] count)
    {
        requireNonNull(count, "count", "cudaGetDeviceCount");
        final long[] results = new long[1];
        final int status = call(Function.CUDA_GET_DEVICE_COUNT, NO_ARGS, results);
        count[0] = status == RuntimeStatus.SUCCESS ? (int)results[0] : 0;
        return status;
    }

    public static int cudaSetDeviceNative(final int device)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        if (device < 0 || device >= client().deviceCount())
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        thread.device(device);
        return RuntimeStatus.SUCCESS;
    }

    public static int cudaGetDeviceNative(final int[] device)
    {
        requireNonNull(device, "device", "cudaGetDevice");
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().connect();
        if (status == RuntimeStatus.SUCCESS)
        {
            device[0] = thread.device();
        }
        return thread.record(status);
    }

    public static int cudaGetDevicePropertiesNative(final cudaDeviceProp prop, final int device)
    {
        requireNonNull(prop, "prop", "cudaGetDeviceProperties");
        final ByteArrayPayload text = new ByteArrayPayload();
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().call(
            Function.CUDA_GET_DEVICE_PROPERTIES, thread.device(), new long[]{ device }, null, text, null);
        if (status == RuntimeStatus.SUCCESS)
        {
            DevicePropertyFields.fill(prop, DeviceProperties.decode(text.bytes()));
        }
        return thread.record(status);
    }

    public static int cudaDeviceGetAttributeNative(final int[] value, final int attr, final int device)
    {
        requireNonNull(value, "value", "cudaDeviceGetAttribute");
        final long[] results = new long[1];
        final int status = call(Function.CUDA_DEVICE_GET_ATTRIBUTE, new long[]{ attr, device }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            value[0] = (int)results[0];
        }
        return status;
    }

    public static int cudaDriverGetVersionNative(final int[] driverVersion)
    {
        requireNonNull(driverVersion, "driverVersion", "cudaDriverGetVersion");
        return version(Function.CUDA_DRIVER_GET_VERSION, driverVersion);
    }

    public static int cudaRuntimeGetVersionNative(final int[] runtimeVersion)
    {
        requireNonNull(runtimeVersion, "runtimeVersion", "cudaRuntimeGetVersion");
        return version(Function.CUDA_RUNTIME_GET_VERSION, runtimeVersion);
    }

    public static int cudaMemGetInfoNative(final long[] free, final long[] total)
    {
        requireNonNull(free, "free", "cudaMemGetInfo");
        requireNonNull(total, "total", "cudaMemGetInfo");
        final long[] results = new long[2];
        final int status = call(Function.CUDA_MEM_GET_INFO, NO_ARGS, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            free[0] = results[0];
            total[0] = results[1];
        }
        return status;
    }

    public static int cudaMallocNative(final Pointer devPtr, final long size)
    {
        requireNonNull(devPtr, "devPtr", "cudaMalloc");
        final long[] results = new long[1];
        final int status = call(Function.CUDA_MALLOC, new long[]{ size }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setAddress(devPtr, results[0]);
        }
        return status;
    }

    public static int cudaFreeNative(final Pointer devPtr)
    {
        requireNonNull(devPtr, "devPtr", "cudaFree");
        if (HostRange.isHostMemory(devPtr))
        {
            return invalidValue("cudaFree", "the pointer is host memory, not device memory");
        }
        final long address = JCudaPointers.address(devPtr);
        if (address == 0)
        {
            return RuntimeThreadState.current().record(client().connect());
        }
        return call(Function.CUDA_FREE, new long[]{ address }, null);
    }

    public static int cudaMemsetNative(final Pointer devPtr, final int value, final long count)
    {
        requireNonNull(devPtr, "devPtr", "cudaMemset");
        if (HostRange.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemset", "the pointer is host memory, not device memory");
        }
        return call(Function.CUDA_MEMSET, new long[]{ JCudaPointers.address(devPtr), value, count }, null);
    }

    public static int cudaMemcpyNative(final Pointer dst, final Pointer src, final long count, final int kind)
    {
        requireNonNull(dst, "dst", "cudaMemcpy");
        requireNonNull(src, "src", "cudaMemcpy");
        final boolean dstIsHost;
        final boolean srcIsHost;
        switch (kind)
        {
            case CUDA_MEMCPY_HOST_TO_HOST ->
            {
                dstIsHost = true;
                srcIsHost = true;
            }
            case CUDA_MEMCPY_HOST_TO_DEVICE ->
            {
                dstIsHost = false;
                srcIsHost = true;
            }
            case CUDA_MEMCPY_DEVICE_TO_HOST ->
            {
                dstIsHost = true;
                srcIsHost = false;
            }
            case CUDA_MEMCPY_DEVICE_TO_DEVICE ->
            {
                dstIsHost = false;
                srcIsHost = false;
            }
            case CUDA_MEMCPY_DEFAULT ->
            {
                dstIsHost = HostRange.isHostMemory(dst);
                srcIsHost = HostRange.isHostMemory(src);
            }
            default ->
            {
                AgentLog.warn("cudaMemcpy: " + kind + " is not a cudaMemcpyKind; returning " +
                    "cudaErrorInvalidMemcpyDirection");
                return RuntimeThreadState.current().record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
            }
        }
        try
        {
            if (srcIsHost && dstIsHost)
            {
                HostRange.copy(HostRange.of(src, count), HostRange.of(dst, count));
                return RuntimeStatus.SUCCESS;
            }
            if (srcIsHost)
            {
                final long destination = deviceAddress(dst, "dst");
                return remoteCopy(Function.CUDA_MEMCPY_HTOD, new long[]{ destination, count },
                    HostRange.of(src, count), null);
            }
            if (dstIsHost)
            {
                final long source = deviceAddress(src, "src");
                return remoteCopy(Function.CUDA_MEMCPY_DTOH, new long[]{ source, count },
                    null, HostRange.of(dst, count));
            }
            return call(Function.CUDA_MEMCPY_DTOD,
                new long[]{ deviceAddress(dst, "dst"), deviceAddress(src, "src"), count }, null);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cudaMemcpy", ex.getMessage());
        }
    }

    public static int cudaMallocHostNative(final Pointer ptr, final long size)
    {
        requireNonNull(ptr, "ptr", "cudaMallocHost");
        return RuntimeThreadState.current().record(allocateHost(ptr, size, "cudaMallocHost"));
    }

    public static int cudaHostAllocNative(final Pointer ptr, final long size, final int flags)
    {
        requireNonNull(ptr, "ptr", "cudaHostAlloc");
        if ((flags & CUDA_HOST_ALLOC_MAPPED) != 0)
        {
            return RuntimeThreadState.notSupported("JCuda.cudaHostAlloc with cudaHostAllocMapped is not " +
                "supported by gpurelay (a remote device cannot map this host's memory); returning " +
                "cudaErrorNotSupported", RuntimeStatus.NOT_SUPPORTED);
        }
        return RuntimeThreadState.current().record(allocateHost(ptr, size, "cudaHostAlloc"));
    }

    public static int cudaFreeHostNative(final Pointer ptr)
    {
        requireNonNull(ptr, "ptr", "cudaFreeHost");
        final long address = JCudaPointers.address(ptr);
        if (!PinnedHostMemory.free(address))
        {
            return invalidValue("cudaFreeHost", "0x" + Long.toHexString(address) +
                " is not the start of memory from cudaMallocHost or cudaHostAlloc");
        }
        return RuntimeStatus.SUCCESS;
    }

    public static int cudaDeviceSynchronizeNative()
    {
        return call(Function.CUDA_DEVICE_SYNCHRONIZE, NO_ARGS, null);
    }

    public static int cudaThreadSynchronizeNative()
    {
        return call(Function.CUDA_DEVICE_SYNCHRONIZE, NO_ARGS, null);
    }

    public static int cudaDeviceResetNative()
    {
        return call(Function.CUDA_DEVICE_RESET, NO_ARGS, null);
    }

    public static int cudaThreadExitNative()
    {
        return call(Function.CUDA_DEVICE_RESET, NO_ARGS, null);
    }

    public static int cudaGetLastErrorNative()
    {
        return RuntimeThreadState.current().takeLastError();
    }

    public static int cudaPeekAtLastErrorNative()
    {
        return RuntimeThreadState.current().peekLastError();
    }

    public static String cudaGetErrorNameNative(final int error)
    {
        return RuntimeErrors.name(error);
    }

    public static String cudaGetErrorStringNative(final int error)
    {
        return RuntimeErrors.description(error);
    }

    private static RelayClient client()
    {
        return RelayClient.installed();
    }

    /**
     * A call on the calling thread's current device, recorded as the thread's last error if it fails.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        return thread.record(client().call(function, thread.device(), args, null, null, results));
    }

    private static int remoteCopy(
        final Function function, final long[] args, final HostRange source, final HostRange destination)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        return thread.record(client().call(function, thread.device(), args, source, destination, null));
    }

    private static int version(final Function function, final int[] version)
    {
        final long[] results = new long[1];
        final int status = call(function, NO_ARGS, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            version[0] = (int)results[0];
        }
        return status;
    }

    private static int allocateHost(final Pointer ptr, final long size, final String function)
    {
        if (size <= 0)
        {
            JCudaPointers.setHostBuffer(ptr, null, 0);
            return RuntimeStatus.SUCCESS;
        }
        if (size > Integer.MAX_VALUE - PinnedHostMemory.ALIGNMENT)
        {
            AgentLog.warn(function + ": " + size + " bytes is more than one Java direct buffer can hold; " +
                "returning cudaErrorMemoryAllocation");
            return RuntimeStatus.MEMORY_ALLOCATION;
        }
        try
        {
            final ByteBuffer buffer = PinnedHostMemory.allocate((int)size);
            JCudaPointers.setHostBuffer(ptr, buffer, PinnedHostMemory.address(buffer));
            return RuntimeStatus.SUCCESS;
        }
        catch (final OutOfMemoryError ex)
        {
            AgentLog.warn(function + ": no direct memory for " + size + " bytes (" + ex.getMessage() +
                "; -XX:MaxDirectMemorySize raises the limit); returning cudaErrorMemoryAllocation");
            return RuntimeStatus.MEMORY_ALLOCATION;
        }
    }

    private static long deviceAddress(final Pointer pointer, final String parameter) throws HostRangeException
    {
        if (HostRange.isHostMemory(pointer))
        {
            throw new HostRangeException(parameter + " is host memory where the copy kind says device memory");
        }
        return JCudaPointers.address(pointer);
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning cudaErrorInvalidValue");
        return RuntimeThreadState.current().record(RuntimeStatus.INVALID_VALUE);
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
