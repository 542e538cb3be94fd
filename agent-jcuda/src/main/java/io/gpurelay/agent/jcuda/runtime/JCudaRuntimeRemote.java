package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.cuda.runtime.RuntimeDeviceSelection;
import io.gpurelay.agent.jcuda.JCudaPinnedHostMemory;
import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteBuffer;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.HostCallback;
import io.gpurelay.agent.client.SharedHostAllocation;
import io.gpurelay.agent.cuda.runtime.PeerCopies;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.RuntimePointerAttributes;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.HostRegistrations;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.agent.cuda.MappedHostMemory;
import io.gpurelay.agent.jcuda.MemRangeAttributes;
import io.gpurelay.agent.cuda.PciBusIds;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import io.gpurelay.agent.jcuda.TableCalls;
import io.gpurelay.agent.jcuda.driver.StreamCaptures;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PinnedMemoryFiles;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaArrayMemoryRequirements;
import jcuda.runtime.cudaArraySparseProperties;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaExtent;
import jcuda.runtime.cudaHostFn;
import jcuda.runtime.cudaGraphicsResource;
import jcuda.runtime.cudaMemcpy3DParms;
import jcuda.runtime.cudaMemcpy3DPeerParms;
import jcuda.runtime.cudaMipmappedArray;
import jcuda.runtime.cudaPitchedPtr;
import jcuda.runtime.cudaPointerAttributes;
import jcuda.runtime.cudaResourceDesc;
import jcuda.runtime.cudaResourceViewDesc;
import jcuda.runtime.cudaStreamCallback;
import jcuda.runtime.cudaStream_t;
import jcuda.runtime.cudaSurfaceObject;
import jcuda.runtime.cudaTextureObject;

/**
 * The JCuda runtime functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.runtime.JCuda} with the same name and descriptor (see {@link JCudaRuntimeInstrumentation}); JCuda's
 * public wrapper around it ({@code checkResult}, exceptions mode) runs unchanged. Device work goes to the executor;
 * per-thread state, error names and pinned host memory are handled here. Asynchronous copies that bring nothing back
 * to the host, asynchronous memsets, event records, stream waits and stream callbacks are pipelined: their failures
 * come back from a later call on the same device, as CUDA's asynchronous errors do. Stream callbacks and host functions
 * run in this process, on the agent's callback thread, when the executor's stream reaches them.
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
    private static final int HOST_MEMORY_ALREADY_REGISTERED = 712;
    private static final int HOST_MEMORY_NOT_REGISTERED = 713;
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;

    static
    {
        CallFailures.nameStatuses(Api.RUNTIME, cudaError::stringFor);
    }

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
        return RuntimeCalls.setDevice(device);
    }

    public static int cudaGetDeviceNative(final int[] device)
    {
        return RuntimeCalls.getDevice(device);
    }

    // Runtime device selection (issue #13, family "capture"): answered by the agent, see RuntimeDeviceSelection.

    public static int cudaSetValidDevicesNative(final int[] device_arr, final int len)
    {
        return RuntimeDeviceSelection.setValidDevices(device_arr, len);
    }

    public static int cudaChooseDeviceNative(final int[] device, final cudaDeviceProp prop)
    {
        return JCudaDeviceChoice.chooseDevice(device, prop);
    }

    public static int cudaInitDeviceNative(final int device, final int deviceFlags, final int flags)
    {
        return RuntimeDeviceSelection.initDevice(device, deviceFlags, flags);
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
        return version(Function.CUDA_DRIVER_GET_VERSION, driverVersion);
    }

    public static int cudaRuntimeGetVersionNative(final int[] runtimeVersion)
    {
        return version(Function.CUDA_RUNTIME_GET_VERSION, runtimeVersion);
    }

    public static int cudaMemGetInfoNative(final long[] free, final long[] total)
    {
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
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaFree", "the pointer is host memory, not device memory");
        }
        final long address = JCudaPointers.address(devPtr);
        if (address == 0)
        {
            return RuntimeThreadState.current().record(client().connect());
        }
        final int status = call(Function.CUDA_FREE, new long[]{ address }, null);
        if (status == RuntimeStatus.SUCCESS)
        {
            ManagedMemory.forget(address);
        }
        return status;
    }

    public static int cudaMemsetNative(final Pointer devPtr, final int value, final long count)
    {
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemset", "the pointer is host memory, not device memory");
        }
        return call(Function.CUDA_MEMSET, new long[]{ JCudaPointers.address(devPtr), value, count }, null);
    }

    public static int cudaMemcpyNative(final Pointer dst, final Pointer src, final long count, final int kind)
    {
        return memcpy("cudaMemcpy", dst, src, count, kind, false, 0);
    }

    /**
     * Host to device and device to device copies are pipelined: the host bytes are read as the call is sent, so the
     * application may reuse its memory at once. A copy to the host waits, which CUDA allows of an asynchronous copy.
     */
    public static int cudaMemcpyAsyncNative(
        final Pointer dst, final Pointer src, final long count, final int kind, final cudaStream_t stream)
    {
        requireNonNull(dst, "dst", "cudaMemcpyAsync");
        requireNonNull(src, "src", "cudaMemcpyAsync");
        final int captured = captured(stream, "cudaMemcpyAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return memcpy("cudaMemcpyAsync", dst, src, count, kind, true, streamHandle(stream));
    }

    public static int cudaMemsetAsyncNative(
        final Pointer devPtr, final int value, final long count, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemsetAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemsetAsync", "the pointer is host memory, not device memory");
        }
        return pipelined(Function.CUDA_MEMSET_ASYNC,
            new long[]{ JCudaPointers.address(devPtr), value, count, streamHandle(stream) }, null);
    }

    /**
     * As {@link PeerCopies#copy}: between two devices the bytes go through this client.
     */
    public static int cudaMemcpyPeerNative(
        final Pointer dst, final int dstDevice, final Pointer src, final int srcDevice, final long count)
    {
        return peerCopy("cudaMemcpyPeer", dst, dstDevice, src, srcDevice, count, false, null);
    }

    /**
     * As {@link PeerCopies#copy}: on one device an asynchronous device-to-device copy on the stream; between two, the
     * call returns once the bytes are staged, in the stream's order.
     */
    public static int cudaMemcpyPeerAsyncNative(
        final Pointer dst, final int dstDevice, final Pointer src, final int srcDevice, final long count,
        final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemcpyPeerAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return peerCopy("cudaMemcpyPeerAsync", dst, dstDevice, src, srcDevice, count, true, stream);
    }

    /**
     * cudaMemcpyPeer ({@code asynchronous} false: no stream, every call waited for) and cudaMemcpyPeerAsync.
     */
    private static int peerCopy(
        final String name, final Pointer dst, final int dstDevice, final Pointer src, final int srcDevice,
        final long count, final boolean asynchronous, final cudaStream_t stream)
    {
        requireNonNull(dst, "dst", name);
        requireNonNull(src, "src", name);
        final int checked = PeerCopies.check(name, dstDevice, srcDevice, count);
        if (checked != RuntimeStatus.SUCCESS)
        {
            return checked;
        }
        final long destination;
        final long source;
        try
        {
            destination = deviceAddress(dst, "dst");
            source = deviceAddress(src, "src");
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
        return PeerCopies.copy(destination, dstDevice, source, srcDevice, count, asynchronous,
            asynchronous ? streamHandle(stream) : 0);
    }

    /**
     * gpurelay maps no device's memory into another's, so no device can access a peer's.
     */
    public static int cudaDeviceCanAccessPeerNative(final int[] canAccessPeer, final int device, final int peerDevice)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        if (client().executorOf(device) < 0 || client().executorOf(peerDevice) < 0)
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        canAccessPeer[0] = 0;
        return RuntimeStatus.SUCCESS;
    }

    public static int cudaDeviceEnablePeerAccessNative(final int peerDevice, final int flags)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        final int device = thread.device();
        final int executor = client().executorOf(device);
        final int peerExecutor = client().executorOf(peerDevice);
        if (peerExecutor < 0)
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        AgentLog.warnOnce("cudaDeviceEnablePeerAccess: " + (executor == peerExecutor ?
            "gpurelay does not map a device's memory into another's" :
            "device " + device + " (executor " + client().channel(executor) + ") and device " + peerDevice +
                " (executor " + client().channel(peerExecutor) + ") are on different executors, which share no " +
                "memory") + "; copy between them with cudaMemcpyPeer, which goes through this client; returning " +
            "cudaErrorPeerAccessUnsupported");
        return thread.record(RuntimeStatus.PEER_ACCESS_UNSUPPORTED);
    }

    /**
     * gpurelay never enables peer access ({@link #cudaDeviceEnablePeerAccessNative}), so there is none to disable:
     * CUDA's answer for that, recorded as the thread's last error, once the peer device is checked.
     */
    public static int cudaDeviceDisablePeerAccessNative(final int peerDevice)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = client().connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        if (client().executorOf(peerDevice) < 0)
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        return thread.record(RuntimeStatus.PEER_ACCESS_NOT_ENABLED);
    }

    public static int cudaStreamCreateNative(final cudaStream_t stream)
    {
        return create(Function.CUDA_STREAM_CREATE, stream, 0);
    }

    public static int cudaStreamCreateWithFlagsNative(final cudaStream_t stream, final int flags)
    {
        return create(Function.CUDA_STREAM_CREATE, stream, flags);
    }

    public static int cudaStreamDestroyNative(final cudaStream_t stream)
    {
        // The driver API may capture a runtime stream: its end ends the capture, as cuStreamDestroy's does.
        StreamCaptures.runtimeStreamDestroyed(streamHandle(stream));
        return call(Function.CUDA_STREAM_DESTROY, new long[]{ streamHandle(stream) }, null);
    }

    public static int cudaStreamSynchronizeNative(final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaStreamSynchronize");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return call(Function.CUDA_STREAM_SYNCHRONIZE, new long[]{ streamHandle(stream) }, null);
    }

    public static int cudaStreamQueryNative(final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaStreamQuery");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return call(Function.CUDA_STREAM_QUERY, new long[]{ streamHandle(stream) }, null);
    }

    public static int cudaStreamWaitEventNative(final cudaStream_t stream, final cudaEvent_t event, final int flags)
    {
        final int captured = captured(stream, "cudaStreamWaitEvent");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelined(Function.CUDA_STREAM_WAIT_EVENT,
            new long[]{ streamHandle(stream), JCudaPointers.nativePointer(event), flags }, null);
    }

    /**
     * The callback runs in this process, on the agent's callback thread, when the stream reaches it on the executor;
     * the stream waits for it, as CUDA's does. JCuda passes the callback the stream object the program gave.
     */
    public static int cudaStreamAddCallbackNative(
        final cudaStream_t stream, final cudaStreamCallback callback, final Object userData, final int flags)
    {
        final int captured = captured(stream, "cudaStreamAddCallback");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return addCallback(Function.CUDA_STREAM_ADD_CALLBACK, stream, Integer.toUnsignedLong(flags),
            status -> callback.call(stream, status, userData));
    }

    /**
     * As {@link #cudaStreamAddCallbackNative}, for a host function, which gets no status.
     */
    public static int cudaLaunchHostFuncNative(final cudaStream_t stream, final cudaHostFn fn, final Object userData)
    {
        final int captured = captured(stream, "cudaLaunchHostFunc");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return addCallback(Function.CUDA_LAUNCH_HOST_FUNC, stream, 0, status -> fn.call(userData));
    }

    public static int cudaEventCreateNative(final cudaEvent_t event)
    {
        return create(Function.CUDA_EVENT_CREATE, event, 0);
    }

    public static int cudaEventCreateWithFlagsNative(final cudaEvent_t event, final int flags)
    {
        return create(Function.CUDA_EVENT_CREATE, event, flags);
    }

    public static int cudaEventRecordNative(final cudaEvent_t event, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaEventRecord");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelined(Function.CUDA_EVENT_RECORD,
            new long[]{ JCudaPointers.nativePointer(event), streamHandle(stream) }, null);
    }

    public static int cudaEventQueryNative(final cudaEvent_t event)
    {
        return call(Function.CUDA_EVENT_QUERY, new long[]{ JCudaPointers.nativePointer(event) }, null);
    }

    public static int cudaEventSynchronizeNative(final cudaEvent_t event)
    {
        return call(Function.CUDA_EVENT_SYNCHRONIZE, new long[]{ JCudaPointers.nativePointer(event) }, null);
    }

    public static int cudaEventDestroyNative(final cudaEvent_t event)
    {
        return call(Function.CUDA_EVENT_DESTROY, new long[]{ JCudaPointers.nativePointer(event) }, null);
    }

    public static int cudaEventElapsedTimeNative(final float[] ms, final cudaEvent_t start, final cudaEvent_t end)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUDA_EVENT_ELAPSED_TIME,
            new long[]{ JCudaPointers.nativePointer(start), JCudaPointers.nativePointer(end) }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            ms[0] = Float.intBitsToFloat((int)results[0]);
        }
        return status;
    }

    public static int cudaMallocHostNative(final Pointer ptr, final long size)
    {
        return allocateHost(ptr, size, 0, "cudaMallocHost");
    }

    public static int cudaHostAllocNative(final Pointer ptr, final long size, final int flags)
    {
        return allocateHost(ptr, size, flags, "cudaHostAlloc");
    }

    /**
     * Shared pinned memory is freed on the executor too (unregistered and unmapped there, after the work that may
     * use it); this process's mapping stays while a view of it does.
     */
    public static int cudaFreeHostNative(final Pointer ptr)
    {
        final long address = JCudaPointers.address(ptr);
        final SharedHostAllocation shared = PinnedHostMemory.sharedAt(address);
        if (!PinnedHostMemory.free(address))
        {
            return invalidValue("cudaFreeHost", "0x" + Long.toHexString(address) +
                " is not the start of memory from cudaMallocHost or cudaHostAlloc");
        }
        if (shared != null && client().isCurrent(shared))
        {
            return call(Function.CUDA_FREE_HOST, new long[]{ shared.handle() }, null);
        }
        return RuntimeThreadState.current().record(MappedHostMemory.free(address));
    }

    /**
     * The device address of mapped pinned memory (cudaHostAllocMapped): as the executor mapped it into its device,
     * or its device copy's ({@link MappedHostMemory}).
     */
    public static int cudaHostGetDevicePointerNative(final Pointer pDevice, final Pointer pHost, final int flags)
    {
        if (flags != 0)
        {
            return invalidValue("cudaHostGetDevicePointer", "flags must be 0, not " + flags);
        }
        final long copy = MappedHostMemory.devicePointer(hostAddress(pHost));
        if (copy >= 0)
        {
            JCudaPointers.setAddress(pDevice, copy);
            return RuntimeThreadState.current().record(client().connect());
        }
        final PinnedHostMemory.SharedRange shared;
        try
        {
            shared = JCudaPinnedHostMemory.mappedRange(pHost, client()::isCurrent, "cudaHostAlloc with cudaHostAllocMapped");
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cudaHostGetDevicePointer", ex.getMessage());
        }
        final long[] results = new long[1];
        final int status = call(Function.CUDA_HOST_GET_DEVICE_POINTER,
            new long[]{ shared.allocation().handle(), shared.offset() }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setAddress(pDevice, results[0]);
        }
        return status;
    }

    /**
     * The address of a host pointer's memory, or 0 when it has none.
     */
    private static long hostAddress(final Pointer pointer)
    {
        try
        {
            return JCudaHostRanges.of(pointer, 0).nativeAddress();
        }
        catch (final HostRangeException ex)
        {
            return 0;
        }
    }

    // Managed memory (family "managed and mapped memory").

    /**
     * Managed memory on the executor. With cudaMemAttachHost the pointer gets a host view, as JCuda's native code
     * gives it a buffer over the managed bytes: {@link ManagedMemory} keeps the two coherent at synchronisation
     * points.
     */
    public static int cudaMallocManagedNative(final Pointer devPtr, final long size, final int flags)
    {
        final ByteBuffer host = flags == ManagedMemory.ATTACH_HOST && size > 0 ? ManagedMemory.hostBuffer(size) : null;
        if (flags == ManagedMemory.ATTACH_HOST && size > 0 && host == null)
        {
            return RuntimeThreadState.notSupported("JCuda.cudaMallocManaged with cudaMemAttachHost of more than " +
                Integer.MAX_VALUE + " bytes: the host view is a Java buffer, which holds no more; returning " +
                "cudaErrorNotSupported", RuntimeStatus.NOT_SUPPORTED);
        }
        final long[] results = new long[1];
        final int status = call(Function.CUDA_MALLOC_MANAGED, new long[]{ size, Integer.toUnsignedLong(flags) },
            results);
        if (status != RuntimeStatus.SUCCESS)
        {
            return status;
        }
        if (host != null)
        {
            JCudaPointers.setHostBuffer(devPtr, host, results[0]);
            ManagedMemory.add(results[0], RuntimeThreadState.current().device(), host);
        }
        else
        {
            JCudaPointers.setAddress(devPtr, results[0]);
        }
        return status;
    }

    public static int cudaMemAdviseNative(final Pointer devPtr, final long count, final int advice, final int device)
    {
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemAdvise", "the pointer is host memory, not managed memory");
        }
        return call(Function.CUDA_MEM_ADVISE, new long[]{ JCudaPointers.address(devPtr), count, advice, device },
            null);
    }

    /**
     * Waits for the executor's answer, so that a bad argument fails this call as in CUDA; the prefetch itself runs
     * on the stream.
     */
    public static int cudaMemPrefetchAsyncNative(
        final Pointer devPtr, final long count, final int dstDevice, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemPrefetchAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemPrefetchAsync", "the pointer is host memory, not managed memory");
        }
        return call(Function.CUDA_MEM_PREFETCH_ASYNC,
            new long[]{ JCudaPointers.address(devPtr), count, dstDevice, streamHandle(stream) }, null);
    }

    public static int cudaStreamAttachMemAsyncNative(
        final cudaStream_t stream, final Pointer devPtr, final long length, final int flags)
    {
        requireNonNull(devPtr, "devPtr", "cudaStreamAttachMemAsync");
        final int captured = captured(stream, "cudaStreamAttachMemAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaStreamAttachMemAsync", "the pointer is host memory, not managed memory");
        }
        return call(Function.CUDA_STREAM_ATTACH_MEM_ASYNC,
            new long[]{ streamHandle(stream), JCudaPointers.address(devPtr), length, Integer.toUnsignedLong(flags) },
            null);
    }

    /**
     * The range stays the program's memory, which the agent's copies read and write directly ({@link
     * HostRegistrations}); mapping it into the executor's device cannot be done and is refused by name.
     */
    public static int cudaHostRegisterNative(final Pointer ptr, final long size, final int flags)
    {
        final int connected = client().connect();
        if (connected != RuntimeStatus.SUCCESS)
        {
            return RuntimeThreadState.current().record(connected);
        }
        if ((flags & (HostRegistrations.MAPPED | HostRegistrations.IO_MEMORY)) != 0)
        {
            return RuntimeThreadState.notSupported("JCuda.cudaHostRegister with " +
                ((flags & HostRegistrations.MAPPED) != 0 ? "cudaHostRegisterMapped" : "cudaHostRegisterIoMemory") +
                ": the executor's device cannot map this process's memory; returning cudaErrorNotSupported",
                RuntimeStatus.NOT_SUPPORTED);
        }
        if ((flags & ~(HostRegistrations.PORTABLE | HostRegistrations.READ_ONLY)) != 0)
        {
            return invalidValue("cudaHostRegister", "flags " + flags + " are not cudaHostRegister flags");
        }
        final long address;
        try
        {
            address = JCudaHostRanges.nativeRange(ptr, size);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cudaHostRegister", ex.getMessage());
        }
        return HostRegistrations.register(address, size, flags) == HostRegistrations.Refusal.NONE ?
            RuntimeStatus.SUCCESS : RuntimeThreadState.current().record(HOST_MEMORY_ALREADY_REGISTERED);
    }

    public static int cudaHostUnregisterNative(final Pointer ptr)
    {
        final long address;
        try
        {
            address = JCudaHostRanges.nativeRange(ptr, 1);
        }
        catch (final HostRangeException ex)
        {
            return RuntimeThreadState.current().record(HOST_MEMORY_NOT_REGISTERED);
        }
        return HostRegistrations.unregister(address) == HostRegistrations.Refusal.NONE ?
            RuntimeStatus.SUCCESS : RuntimeThreadState.current().record(HOST_MEMORY_NOT_REGISTERED);
    }

    /**
     * Device and managed memory from the session's tables on the executor; pinned and registered memory of this
     * process is host memory; any other host memory is unregistered memory, as CUDA reports it. Mapped pinned memory's
     * device pointer is what cudaHostGetDevicePointer gives (other host memory's is null), and that device pointer is
     * host memory too, with the program's host pointer where this process knows it (mapped memory's device copy).
     */
    public static int cudaPointerGetAttributesNative(final cudaPointerAttributes attributes, final Pointer ptr)
    {
        final long address = JCudaPointers.address(ptr);
        if (JCudaHostRanges.isHostMemory(ptr))
        {
            final int connected = client().connect();
            if (connected != RuntimeStatus.SUCCESS)
            {
                return RuntimeThreadState.current().record(connected);
            }
            long host;
            try
            {
                host = JCudaHostRanges.of(ptr, 0).nativeAddress();
            }
            catch (final HostRangeException ex)
            {
                host = 0;
            }
            final boolean pinned = host != 0 &&
                (PinnedHostMemory.find(host) != null || HostRegistrations.flagsAt(host) >= 0);
            fillAttributes(attributes,
                pinned ? RuntimePointerAttributes.MEMORY_TYPE_HOST : RuntimePointerAttributes.MEMORY_TYPE_UNREGISTERED,
                pinned ? RuntimeThreadState.current().device() : RuntimePointerAttributes.NO_DEVICE,
                pinned ? MappedHostMemory.runtimeDevicePointer(host) : 0, pinned ? host : 0);
            return RuntimeStatus.SUCCESS;
        }
        final RuntimePointerAttributes.Fill fill = (type, device, devicePointer, hostPointer) ->
            fillAttributes(attributes, type, device, devicePointer, hostPointer);
        if (RuntimePointerAttributes.mapped(address, fill))
        {
            return RuntimeThreadState.current().record(client().connect());
        }
        return RuntimePointerAttributes.fromSession(address, fill);
    }

    private static void fillAttributes(
        final cudaPointerAttributes attributes, final int type, final int device, final long devicePointer,
        final long hostPointer)
    {
        attributes.type = type;
        attributes.memoryType = type;
        attributes.device = device;
        // isManaged left as it is: CUDA 11 took it out of the struct, and JCuda's own natives leave it alone.
        attributes.devicePointer = new Pointer();
        JCudaPointers.setAddress(attributes.devicePointer, devicePointer);
        attributes.hostPointer = new Pointer();
        JCudaPointers.setAddress(attributes.hostPointer, hostPointer);
    }

    public static int cudaMemRangeGetAttributeNative(
        final Pointer data, final long dataSize, final int attribute, final Pointer devPtr, final long count)
    {
        requireNonNull(data, "data", "cudaMemRangeGetAttribute");
        requireNonNull(devPtr, "devPtr", "cudaMemRangeGetAttribute");
        if (MemRangeAttributes.entries(attribute, dataSize) == 0)
        {
            return invalidValue("cudaMemRangeGetAttribute", "a data size of " + dataSize + " bytes for attribute " +
                attribute);
        }
        if (JCudaHostRanges.isHostMemory(devPtr))
        {
            return invalidValue("cudaMemRangeGetAttribute", "the pointer is host memory, not managed memory");
        }
        try
        {
            return MemRangeAttributes.get(Function.CUDA_MEM_RANGE_GET_ATTRIBUTE, data, dataSize, attribute,
                JCudaPointers.address(devPtr), count, JCudaRuntimeRemote::call, RuntimeStatus.SUCCESS);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cudaMemRangeGetAttribute", "data: " + ex.getMessage());
        }
    }

    /**
     * Each attribute as {@link #cudaMemRangeGetAttributeNative} answers it, in order; the first failure ends it.
     */
    public static int cudaMemRangeGetAttributesNative(final Pointer[] data, final long[] dataSizes,
        final int[] attributes, final long numAttributes, final Pointer devPtr, final long count)
    {
        return MemRangeAttributes.getAll("cudaMemRangeGetAttributes", data, dataSizes, attributes, numAttributes, devPtr,
            (one, size, attribute) -> cudaMemRangeGetAttributeNative(one, size, attribute, devPtr, count),
            (function, message) -> invalidValue(function, message), RuntimeStatus.SUCCESS);
    }

    public static int cudaDeviceSynchronizeNative()
    {
        return deviceSynchronize("cudaDeviceSynchronize");
    }

    public static int cudaThreadSynchronizeNative()
    {
        return deviceSynchronize("cudaThreadSynchronize");
    }

    /**
     * A capture of the driver API in the device's primary context refuses it, as it refuses cuCtxSynchronize there.
     */
    private static int deviceSynchronize(final String function)
    {
        final int captured = StreamCaptures.synchronizeRuntimeDevice(function);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return RuntimeCalls.record(captured);
        }
        return call(Function.CUDA_DEVICE_SYNCHRONIZE, NO_ARGS, null);
    }

    public static int cudaDeviceResetNative()
    {
        return reset();
    }

    public static int cudaThreadExitNative()
    {
        return reset();
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

    // Stream priorities and what the agent answers from other remote calls (the device of a PCI bus id).

    public static int cudaStreamCreateWithPriorityNative(final cudaStream_t pStream, final int flags, final int priority)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUDA_STREAM_CREATE_WITH_PRIORITY,
            new long[]{ Integer.toUnsignedLong(flags), priority }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pStream, results[0]);
        }
        return status;
    }

    /**
     * Answered here as {@code cuDeviceGetByPCIBusId} is: each device's id comes from its executor, compared by
     * domain, bus and device; cudaErrorInvalidValue for text that is no PCI bus id, cudaErrorInvalidDevice when no
     * device has it.
     */
    public static int cudaDeviceGetByPCIBusIdNative(final int[] device, final String pciBusId)
    {
        final int[] count = new int[1];
        int status = cudaGetDeviceCountNative(count);
        if (status != RuntimeStatus.SUCCESS)
        {
            return status;
        }
        final long wanted = PciBusIds.parse(pciBusId);
        if (wanted < 0)
        {
            AgentLog.warnOnce("cudaDeviceGetByPCIBusId: '" + pciBusId + "' is not a PCI bus id; returning " +
                "cudaErrorInvalidValue");
            return RuntimeCalls.record(RuntimeStatus.INVALID_VALUE);
        }
        status = PciBusIds.find(wanted, count[0], false, device);
        return status == RuntimeStatus.INVALID_DEVICE ? RuntimeCalls.record(status) : status;
    }

    /**
     * As {@code cuStreamGetAttribute}: the access policy window (its base a device address of the session) and the
     * synchronization policy, the two attributes JCuda's value carries.
     */
    public static int cudaStreamGetAttributeNative(
        final cudaStream_t hStream, final int attr, final jcuda.runtime.cudaStreamAttrValue value)
    {
        final long[] results = new long[5];
        final int status = call(Function.CUDA_STREAM_GET_ATTRIBUTE, new long[]{ streamHandle(hStream), attr },
            results);
        if (status == RuntimeStatus.SUCCESS)
        {
            if (attr == STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
            {
                value.syncPolicy = (int)results[0];
            }
            else
            {
                final jcuda.runtime.cudaAccessPolicyWindow window = new jcuda.runtime.cudaAccessPolicyWindow();
                final Pointer base = new Pointer();
                JCudaPointers.setAddress(base, results[0]);
                window.base_ptr = base;
                window.num_bytes = results[1];
                window.hitRatio = Float.intBitsToFloat((int)results[2]);
                window.hitProp = (int)results[3];
                window.missProp = (int)results[4];
                value.accessPolicyWindow = window;
            }
        }
        return status;
    }

    public static int cudaStreamSetAttributeNative(
        final cudaStream_t hStream, final int attr, final jcuda.runtime.cudaStreamAttrValue value)
    {
        final long[] args;
        if (attr == STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
        {
            final jcuda.runtime.cudaAccessPolicyWindow window = value.accessPolicyWindow;
            requireNonNull(window, "value.accessPolicyWindow", "cudaStreamSetAttribute");
            args = new long[]{ streamHandle(hStream), attr,
                window.base_ptr == null ? 0 : JCudaPointers.address(window.base_ptr), window.num_bytes,
                Integer.toUnsignedLong(Float.floatToRawIntBits(window.hitRatio)), window.hitProp, window.missProp };
        }
        else
        {
            args = new long[]{ streamHandle(hStream), attr, value.syncPolicy };
        }
        return call(Function.CUDA_STREAM_SET_ATTRIBUTE, args, null);
    }

    private static final int STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
    private static final int STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3;

    /** The function-table row of {@code cuDeviceGetTexture1DLinearMaxWidth} (gpurelay-functions.txt). */
    private static final int TEXTURE_1D_LINEAR_MAX_WIDTH_ROW = 1021;
    /** {@code cudaErrorInvalidChannelDescriptor}. */
    private static final int INVALID_CHANNEL_DESCRIPTOR = 20;

    /**
     * The runtime's form of {@code cuDeviceGetTexture1DLinearMaxWidth}, as the runtime makes it: the channel
     * descriptor becomes the driver's array format (signed, unsigned or float elements of 8, 16 or 32 bits, every
     * channel of one size) and channel count, and the driver function's row runs on the executor. Other kinds
     * (normalized, block-compressed, NV12) are not remoted: cudaErrorNotSupported, saying so.
     */
    public static int cudaDeviceGetTexture1DLinearMaxWidthNative(
        final long[] maxWidthInElements, final jcuda.runtime.cudaChannelFormatDesc fmtDesc, final int device)
    {
        requireNonNull(fmtDesc, "fmtDesc", "cudaDeviceGetTexture1DLinearMaxWidth");
        final int[] bits = { fmtDesc.x, fmtDesc.y, fmtDesc.z, fmtDesc.w };
        int channels = 0;
        while (channels < bits.length && bits[channels] > 0)
        {
            channels++;
        }
        for (int i = 0; i < bits.length; i++)
        {
            if (bits[i] < 0 || i >= channels && bits[i] != 0 || i < channels && bits[i] != bits[0])
            {
                AgentLog.warnOnce("cudaDeviceGetTexture1DLinearMaxWidth: channel sizes " + java.util.Arrays.toString(
                    bits) + " are not one size for the first channels and 0 after; returning " +
                    "cudaErrorInvalidChannelDescriptor");
                return RuntimeCalls.record(INVALID_CHANNEL_DESCRIPTOR);
            }
        }
        final int format = arrayFormat(fmtDesc.f, channels == 0 ? 0 : bits[0]);
        if (format == 0)
        {
            AgentLog.warnOnce("cudaDeviceGetTexture1DLinearMaxWidth: channel format kind " + fmtDesc.f + " of " +
                bits[0] + " bits is not remoted (signed, unsigned and float elements are); returning " +
                "cudaErrorNotSupported");
            return RuntimeCalls.record(RuntimeStatus.NOT_SUPPORTED);
        }
        final jcuda.driver.CUdevice dev = new jcuda.driver.CUdevice();
        JCudaPointers.setNativePointer(dev, device);
        return RuntimeCalls.record(TableCalls.call(TEXTURE_1D_LINEAR_MAX_WIDTH_ROW,
            new Object[]{ maxWidthInElements, format, channels, dev }));
    }

    /**
     * @return the {@code CUarray_format} of elements of a kind and size, or 0 for none.
     */
    private static int arrayFormat(final int kind, final int bits)
    {
        return switch (kind)
        {
            case 0 -> bits == 8 ? 0x08 : bits == 16 ? 0x09 : bits == 32 ? 0x0a : 0;
            case 1 -> bits == 8 ? 0x01 : bits == 16 ? 0x02 : bits == 32 ? 0x03 : 0;
            case 2 -> bits == 16 ? 0x10 : bits == 32 ? 0x20 : 0;
            default -> 0;
        };
    }

    // OpenGL interop (family "OpenGL interop", RuntimeGlInterop): the copy through host memory that a remote GPU
    // needs, done for the program at each map and unmap. Registering GL images is not remoted (InteropRefusals).

    /**
     * Deprecated in CUDA: cudaSetDevice, since any device of the session can serve the GL context.
     */
    public static int cudaGLSetGLDeviceNative(final int device)
    {
        return RuntimeCalls.setDevice(device);
    }

    public static int cudaGLGetDevicesNative(final int[] pCudaDeviceCount, final int[] pCudaDevices,
        final int cudaDeviceCount, final int deviceList)
    {
        return RuntimeGlInterop.getDevices(pCudaDeviceCount, pCudaDevices, cudaDeviceCount, deviceList);
    }

    public static int cudaGraphicsGLRegisterBufferNative(final cudaGraphicsResource resource, final int buffer,
        final int flags)
    {
        return RuntimeGlInterop.registerBuffer(resource, buffer, flags);
    }

    public static int cudaGraphicsUnregisterResourceNative(final cudaGraphicsResource resource)
    {
        return RuntimeGlInterop.unregister(resource);
    }

    public static int cudaGraphicsResourceSetMapFlagsNative(final cudaGraphicsResource resource, final int flags)
    {
        return RuntimeGlInterop.setMapFlags(resource, flags);
    }

    /**
     * Reads each GL buffer and copies it to the device, ordered on the stream (unless mapped write-discard).
     */
    public static int cudaGraphicsMapResourcesNative(final int count, final cudaGraphicsResource[] resources,
        final cudaStream_t stream)
    {
        return RuntimeGlInterop.map(count, resources, stream);
    }

    /**
     * Copies each buffer's device bytes back after the stream's earlier work and writes them into GL (unless mapped
     * read-only); returns when they are in GL.
     */
    public static int cudaGraphicsUnmapResourcesNative(final int count, final cudaGraphicsResource[] resources,
        final cudaStream_t stream)
    {
        return RuntimeGlInterop.unmap(count, resources, stream);
    }

    public static int cudaGraphicsResourceGetMappedPointerNative(final Pointer devPtr, final long[] size,
        final cudaGraphicsResource resource)
    {
        return RuntimeGlInterop.mappedPointer(devPtr, size, resource);
    }

    /**
     * Only registered GL images map as arrays, and they are not remoted: a mapped buffer answers
     * cudaErrorNotMappedAsArray, as in CUDA.
     */
    public static int cudaGraphicsSubResourceGetMappedArrayNative(final cudaArray array,
        final cudaGraphicsResource resource, final int arrayIndex, final int mipLevel)
    {
        return RuntimeGlInterop.mappedArray("cudaGraphicsSubResourceGetMappedArray", resource);
    }

    /**
     * As {@link #cudaGraphicsSubResourceGetMappedArrayNative}: a mapped buffer answers cudaErrorNotMappedAsArray.
     */
    public static int cudaGraphicsResourceGetMappedMipmappedArrayNative(final cudaMipmappedArray mipmappedArray,
        final cudaGraphicsResource resource)
    {
        return RuntimeGlInterop.mappedArray("cudaGraphicsResourceGetMappedMipmappedArray", resource);
    }

    /**
     * Deprecated in CUDA. JCuda has no cudaGLRegisterBufferObject, so the first map (or map-flags call) of a buffer
     * registers it; the copy is on the default stream.
     */
    public static int cudaGLMapBufferObjectNative(final Pointer devPtr, final int bufObj)
    {
        return RuntimeGlInterop.mapBufferObject("cudaGLMapBufferObject", devPtr, bufObj, null);
    }

    public static int cudaGLMapBufferObjectAsyncNative(final Pointer devPtr, final int bufObj,
        final cudaStream_t stream)
    {
        return RuntimeGlInterop.mapBufferObject("cudaGLMapBufferObjectAsync", devPtr, bufObj, stream);
    }

    public static int cudaGLUnmapBufferObjectNative(final int bufObj)
    {
        return RuntimeGlInterop.unmapBufferObject("cudaGLUnmapBufferObject", bufObj, null);
    }

    public static int cudaGLUnmapBufferObjectAsyncNative(final int bufObj, final cudaStream_t stream)
    {
        return RuntimeGlInterop.unmapBufferObject("cudaGLUnmapBufferObjectAsync", bufObj, stream);
    }

    public static int cudaGLUnregisterBufferObjectNative(final int bufObj)
    {
        return RuntimeGlInterop.unregisterBufferObject(bufObj);
    }

    public static int cudaGLSetBufferObjectMapFlagsNative(final int bufObj, final int flags)
    {
        return RuntimeGlInterop.setBufferObjectMapFlags(bufObj, flags);
    }

    private static DeviceRouter client()
    {
        return DeviceRouter.installed();
    }

    /**
     * A call on the calling thread's current device, recorded as the thread's last error if it fails.
     */
    static int call(final RemotedFunction function, final long[] args, final long[] results)
    {
        return call(function, args, null, results);
    }

    /**
     * @param sink where the reply's payload goes; null for none.
     */
    static int call(final RemotedFunction function, final long[] args, final PayloadSink sink, final long[] results)
    {
        return RuntimeCalls.call(function, args, null, sink, results);
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

    /**
     * Shared memory the executor page-locks when the session offers it, else this process's own memory; mapped memory
     * (cudaHostAllocMapped) that is not shared gets a device copy on the executor ({@link MappedHostMemory}).
     */
    private static int allocateHost(final Pointer ptr, final long size, final int flags, final String function)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final boolean mapped = (flags & CUDA_HOST_ALLOC_MAPPED) != 0;
        if (size > 0)
        {
            final int[] status = new int[1];
            final SharedHostAllocation shared = client().allocateSharedHost(Function.CUDA_HOST_ALLOC,
                Function.CUDA_FREE_HOST, thread.device(), size, Integer.toUnsignedLong(flags), status);
            if (shared != null)
            {
                JCudaPinnedHostMemory.share(ptr, shared);
                JCudaPinnedHostMemory.recordFlags(ptr, flags);
                return thread.record(RuntimeStatus.SUCCESS);
            }
            if (status[0] != RuntimeStatus.SUCCESS)
            {
                return thread.record(status[0]);
            }
            if (mapped)
            {
                final ByteBuffer buffer = MappedHostMemory.allocate(false, size, "JCuda." + function, status);
                if (buffer == null)
                {
                    return thread.record(status[0]);
                }
                JCudaPointers.setHostBuffer(ptr, buffer, PinnedHostMemory.address(buffer));
                JCudaPinnedHostMemory.recordFlags(ptr, flags);
                return thread.record(RuntimeStatus.SUCCESS);
            }
        }
        if (!JCudaPinnedHostMemory.allocateInto(ptr, size, function, "cudaErrorMemoryAllocation"))
        {
            return thread.record(RuntimeStatus.MEMORY_ALLOCATION);
        }
        JCudaPinnedHostMemory.recordFlags(ptr, flags);
        return thread.record(RuntimeStatus.SUCCESS);
    }

    /**
     * A copy between shared pinned memory and the device, naming the allocation: one DMA on the executor. An
     * asynchronous copy is pipelined (its failure comes back from a later call, as CUDA's asynchronous errors do);
     * a synchronous one returns once the bytes have moved.
     *
     * @return the status, or -1 when the range is not in shared memory of the current session (the caller copies
     *         the bytes).
     */
    private static int sharedCopy(
        final long direction, final long deviceAddress, final HostRange host, final boolean asynchronous,
        final long stream)
    {
        final PinnedHostMemory.SharedRange shared = PinnedHostMemory.sharedRange(host);
        if (shared == null || !client().isCurrent(shared.allocation()))
        {
            return -1;
        }
        final long[] args = { direction, deviceAddress, shared.allocation().handle(), shared.offset(), host.length(),
            stream, asynchronous ? 0 : 1 };
        return asynchronous ? pipelined(Function.CUDA_MEMCPY_HOST_MEMORY, args, null) :
            call(Function.CUDA_MEMCPY_HOST_MEMORY, args, null);
    }

    /**
     * Resetting the device is how an application recovers from a fault: whatever failed on it asynchronously is
     * dropped, not reported by the reset.
     */
    private static int reset()
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        return thread.record(
            client().callEndingContext(Function.CUDA_DEVICE_RESET, thread.device(), thread.device(), NO_ARGS));
    }

    /**
     * @param asynchronous cudaMemcpyAsync, whose copies to the device are pipelined.
     * @param stream       the stream of an asynchronous copy.
     */
    private static int memcpy(
        final String function, final Pointer dst, final Pointer src, final long count, final int kind,
        final boolean asynchronous, final long stream)
    {
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
                dstIsHost = JCudaHostRanges.isHostMemory(dst);
                srcIsHost = JCudaHostRanges.isHostMemory(src);
            }
            default ->
            {
                AgentLog.warn(function + ": " + kind + " is not a cudaMemcpyKind; returning " +
                    "cudaErrorInvalidMemcpyDirection");
                return RuntimeThreadState.current().record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
            }
        }
        try
        {
            if (srcIsHost && dstIsHost)
            {
                HostRange.copy(JCudaHostRanges.of(src, count), JCudaHostRanges.of(dst, count));
                return RuntimeStatus.SUCCESS;
            }
            if (srcIsHost)
            {
                final long destination = deviceAddress(dst, "dst");
                final HostRange source = JCudaHostRanges.of(src, count);
                final int shared = sharedCopy(PinnedMemoryFiles.HOST_TO_DEVICE, destination, source, asynchronous,
                    stream);
                if (shared >= 0)
                {
                    return shared;
                }
                return asynchronous ?
                    pipelined(Function.CUDA_MEMCPY_HTOD_ASYNC, new long[]{ destination, count, stream }, source) :
                    remoteCopy(Function.CUDA_MEMCPY_HTOD, new long[]{ destination, count }, source, null);
            }
            if (dstIsHost)
            {
                final long source = deviceAddress(src, "src");
                final HostRange destination = JCudaHostRanges.of(dst, count);
                final int shared = sharedCopy(PinnedMemoryFiles.DEVICE_TO_HOST, source, destination, asynchronous,
                    stream);
                if (shared >= 0)
                {
                    return shared;
                }
                return asynchronous ?
                    remoteCopy(Function.CUDA_MEMCPY_DTOH_ASYNC, new long[]{ source, count, stream }, null,
                        destination) :
                    remoteCopy(Function.CUDA_MEMCPY_DTOH, new long[]{ source, count }, null, destination);
            }
            final long destination = deviceAddress(dst, "dst");
            final long source = deviceAddress(src, "src");
            return asynchronous ?
                pipelined(Function.CUDA_MEMCPY_DTOD_ASYNC, new long[]{ destination, source, count, stream }, null) :
                call(Function.CUDA_MEMCPY_DTOD, new long[]{ destination, source, count }, null);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(function, ex.getMessage());
        }
    }

    // Texture and surface objects and the array queries: RuntimeTextures.

    public static int cudaDestroyTextureObjectNative(final cudaTextureObject texObject)
    {
        return RuntimeTextures.destroy(texObject, false);
    }

    public static int cudaGetTextureObjectResourceDescNative(final cudaResourceDesc pResDesc,
        final cudaTextureObject texObject)
    {
        return RuntimeTextures.getResourceDesc(pResDesc, texObject, false);
    }

    public static int cudaGetTextureObjectResourceViewDescNative(final cudaResourceViewDesc pResViewDesc,
        final cudaTextureObject texObject)
    {
        return RuntimeTextures.cudaGetTextureObjectResourceViewDesc(pResViewDesc, texObject);
    }

    public static int cudaCreateSurfaceObjectNative(final cudaSurfaceObject pSurfObject,
        final cudaResourceDesc pResDesc)
    {
        return RuntimeTextures.cudaCreateSurfaceObject(pSurfObject, pResDesc);
    }

    public static int cudaDestroySurfaceObjectNative(final cudaSurfaceObject surfObject)
    {
        return RuntimeTextures.destroy(surfObject, true);
    }

    public static int cudaGetSurfaceObjectResourceDescNative(final cudaResourceDesc pResDesc,
        final cudaSurfaceObject surfObject)
    {
        return RuntimeTextures.getResourceDesc(pResDesc, surfObject, true);
    }

    public static int cudaArrayGetSparsePropertiesNative(final cudaArraySparseProperties sparseProperties,
        final cudaArray array)
    {
        return RuntimeTextures.sparseProperties(sparseProperties, array, false);
    }

    public static int cudaMipmappedArrayGetSparsePropertiesNative(final cudaArraySparseProperties sparseProperties,
        final cudaMipmappedArray mipmap)
    {
        return RuntimeTextures.sparseProperties(sparseProperties, mipmap, true);
    }

    public static int cudaArrayGetMemoryRequirementsNative(final cudaArrayMemoryRequirements memoryRequirements,
        final cudaArray array, final int device)
    {
        return RuntimeTextures.memoryRequirements(memoryRequirements, array, device, false);
    }

    public static int cudaMipmappedArrayGetMemoryRequirementsNative(
        final cudaArrayMemoryRequirements memoryRequirements, final cudaMipmappedArray mipmap, final int device)
    {
        return RuntimeTextures.memoryRequirements(memoryRequirements, mipmap, device, true);
    }

    public static int cudaArrayGetPlaneNative(final cudaArray pPlaneArray, final cudaArray hArray,
        final int planeIdx)
    {
        return RuntimeTextures.cudaArrayGetPlane(pPlaneArray, hArray, planeIdx);
    }

    // Pitched memory, CUDA arrays and 2D/3D copies: RuntimeArrays.

    /**
     * Answered by the agent: the description is a plain struct of the five values.
     */
    public static cudaChannelFormatDesc cudaCreateChannelDescNative(final int x, final int y, final int z,
        final int w, final int f)
    {
        return RuntimeArrays.cudaCreateChannelDesc(x, y, z, w, f);
    }

    public static int cudaMallocPitchNative(final Pointer devPtr, final long[] pitch, final long width,
        final long height)
    {
        return RuntimeArrays.cudaMallocPitch(devPtr, pitch, width, height);
    }

    public static int cudaMalloc3DNative(final cudaPitchedPtr pitchedDevPtr, final cudaExtent extent)
    {
        return RuntimeArrays.cudaMalloc3D(pitchedDevPtr, extent);
    }

    public static int cudaMallocArrayNative(final cudaArray array, final cudaChannelFormatDesc desc,
        final long width, final long height, final int flags)
    {
        return RuntimeArrays.cudaMallocArray(array, desc, width, height, flags);
    }

    public static int cudaMalloc3DArrayNative(final cudaArray array, final cudaChannelFormatDesc desc,
        final cudaExtent extent, final int flags)
    {
        return RuntimeArrays.cudaMalloc3DArray(array, desc, extent, flags);
    }

    public static int cudaMallocMipmappedArrayNative(final cudaMipmappedArray mipmappedArray,
        final cudaChannelFormatDesc desc, final cudaExtent extent, final int numLevels, final int flags)
    {
        return RuntimeArrays.cudaMallocMipmappedArray(mipmappedArray, desc, extent, numLevels, flags);
    }

    public static int cudaGetMipmappedArrayLevelNative(final cudaArray levelArray,
        final cudaMipmappedArray mipmappedArray, final int level)
    {
        return RuntimeArrays.cudaGetMipmappedArrayLevel(levelArray, mipmappedArray, level);
    }

    public static int cudaFreeMipmappedArrayNative(final cudaMipmappedArray mipmappedArray)
    {
        return RuntimeArrays.cudaFreeMipmappedArray(mipmappedArray);
    }

    public static int cudaFreeArrayNative(final cudaArray array)
    {
        return RuntimeArrays.cudaFreeArray(array);
    }

    public static int cudaArrayGetInfoNative(final cudaChannelFormatDesc desc, final cudaExtent extent,
        final int[] flags, final cudaArray array)
    {
        return RuntimeArrays.cudaArrayGetInfo(desc, extent, flags, array);
    }

    public static int cudaGetChannelDescNative(final cudaChannelFormatDesc desc, final cudaArray array)
    {
        return RuntimeArrays.cudaGetChannelDesc(desc, array);
    }

    public static int cudaMemcpy2DNative(final Pointer dst, final long dpitch, final Pointer src, final long spitch,
        final long width, final long height, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2D("cudaMemcpy2D", dst, dpitch, src, spitch, width, height, kind, null,
            false);
    }

    public static int cudaMemcpy2DAsyncNative(final Pointer dst, final long dpitch, final Pointer src,
        final long spitch, final long width, final long height, final int kind, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemcpy2DAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return RuntimeArrays.cudaMemcpy2D("cudaMemcpy2DAsync", dst, dpitch, src, spitch, width, height, kind, stream,
            true);
    }

    public static int cudaMemcpy2DToArrayNative(final cudaArray dst, final long wOffset, final long hOffset,
        final Pointer src, final long spitch, final long width, final long height, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DToArray("cudaMemcpy2DToArray", dst, wOffset, hOffset, src, spitch, width,
            height, kind, null, false);
    }

    public static int cudaMemcpy2DToArrayAsyncNative(final cudaArray dst, final long wOffset, final long hOffset,
        final Pointer src, final long spitch, final long width, final long height, final int kind,
        final cudaStream_t stream)
    {
        return RuntimeArrays.cudaMemcpy2DToArray("cudaMemcpy2DToArrayAsync", dst, wOffset, hOffset, src, spitch,
            width, height, kind, stream, true);
    }

    public static int cudaMemcpy2DFromArrayNative(final Pointer dst, final long dpitch, final cudaArray src,
        final long wOffset, final long hOffset, final long width, final long height, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DFromArray("cudaMemcpy2DFromArray", dst, dpitch, src, wOffset, hOffset,
            width, height, kind, null, false);
    }

    public static int cudaMemcpy2DFromArrayAsyncNative(final Pointer dst, final long dpitch, final cudaArray src,
        final long wOffset, final long hOffset, final long width, final long height, final int kind,
        final cudaStream_t stream)
    {
        return RuntimeArrays.cudaMemcpy2DFromArray("cudaMemcpy2DFromArrayAsync", dst, dpitch, src, wOffset, hOffset,
            width, height, kind, stream, true);
    }

    public static int cudaMemcpy2DArrayToArrayNative(final cudaArray dst, final long wOffsetDst,
        final long hOffsetDst, final cudaArray src, final long wOffsetSrc, final long hOffsetSrc, final long width,
        final long height, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc,
            width, height, kind);
    }

    public static int cudaMemcpyToArrayNative(final cudaArray dst, final long wOffset, final long hOffset,
        final Pointer src, final long count, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DToArray("cudaMemcpyToArray", dst, wOffset, hOffset, src, count, count, 1,
            kind, null, false);
    }

    public static int cudaMemcpyToArrayAsyncNative(final cudaArray dst, final long wOffset, final long hOffset,
        final Pointer src, final long count, final int kind, final cudaStream_t stream)
    {
        return RuntimeArrays.cudaMemcpy2DToArray("cudaMemcpyToArrayAsync", dst, wOffset, hOffset, src, count, count,
            1, kind, stream, true);
    }

    public static int cudaMemcpyFromArrayNative(final Pointer dst, final cudaArray src, final long wOffset,
        final long hOffset, final long count, final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DFromArray("cudaMemcpyFromArray", dst, count, src, wOffset, hOffset, count,
            1, kind, null, false);
    }

    public static int cudaMemcpyFromArrayAsyncNative(final Pointer dst, final cudaArray src, final long wOffset,
        final long hOffset, final long count, final int kind, final cudaStream_t stream)
    {
        return RuntimeArrays.cudaMemcpy2DFromArray("cudaMemcpyFromArrayAsync", dst, count, src, wOffset, hOffset,
            count, 1, kind, stream, true);
    }

    public static int cudaMemcpyArrayToArrayNative(final cudaArray dst, final long wOffsetDst,
        final long hOffsetDst, final cudaArray src, final long wOffsetSrc, final long hOffsetSrc, final long count,
        final int kind)
    {
        return RuntimeArrays.cudaMemcpy2DArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc,
            count, 1, kind);
    }

    public static int cudaMemcpy3DNative(final cudaMemcpy3DParms p)
    {
        return RuntimeArrays.cudaMemcpy3D("cudaMemcpy3D", p, null, false);
    }

    public static int cudaMemcpy3DAsyncNative(final cudaMemcpy3DParms p, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemcpy3DAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return RuntimeArrays.cudaMemcpy3D("cudaMemcpy3DAsync", p, stream, true);
    }

    public static int cudaMemcpy3DPeerNative(final cudaMemcpy3DPeerParms p)
    {
        return RuntimeArrays.cudaMemcpy3DPeer("cudaMemcpy3DPeer", p, null, false);
    }

    public static int cudaMemcpy3DPeerAsyncNative(final cudaMemcpy3DPeerParms p, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemcpy3DPeerAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return RuntimeArrays.cudaMemcpy3DPeer("cudaMemcpy3DPeerAsync", p, stream, true);
    }

    public static int cudaMemset3DNative(final cudaPitchedPtr pitchedDevPtr, final int value,
        final cudaExtent extent)
    {
        return RuntimeArrays.cudaMemset3D(pitchedDevPtr, value, extent, null, false);
    }

    public static int cudaMemset3DAsyncNative(final cudaPitchedPtr pitchedDevPtr, final int value,
        final cudaExtent extent, final cudaStream_t stream)
    {
        final int captured = captured(stream, "cudaMemset3DAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return RuntimeArrays.cudaMemset3D(pitchedDevPtr, value, extent, stream, true);
    }

    /**
     * A call whose reply is not waited for; its failure, and any earlier one of the thread's device, comes back
     * from a later call.
     */
    static int pipelined(final RemotedFunction function, final long[] args, final PayloadSource payload)
    {
        return RuntimeCalls.pipelined(function, args, payload);
    }

    private static int addCallback(
        final Function function, final cudaStream_t stream, final long flags, final HostCallback callback)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        return thread.record(client().addCallback(function, thread.device(), streamHandle(stream), flags, callback));
    }

    /**
     * cudaStreamCreate and cudaEventCreate: the executor's handle goes into the object, as JCuda's native code does.
     */
    private static int create(final Function function, final NativePointerObject object, final int flags)
    {
        final long[] results = new long[1];
        final int status = call(function, new long[]{ flags }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(object, results[0]);
        }
        return status;
    }

    /**
     * Stream capture (issue #13, family "capture"): a runtime call on a stream that a driver-API capture records is
     * refused, recorded as the thread's last error.
     *
     * @return {@link StreamCaptures#NOT_CAPTURED} when the stream does not capture.
     */
    private static int captured(final cudaStream_t stream, final String function)
    {
        final int status = StreamCaptures.refuseRuntime(streamHandle(stream), function);
        return status == StreamCaptures.NOT_CAPTURED ? status : RuntimeCalls.record(status);
    }

    /**
     * Null, cudaStreamLegacy and cudaStreamPerThread all name the device's default stream, which the executor calls 0.
     */
    private static long streamHandle(final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
    }

    private static long deviceAddress(final Pointer pointer, final String parameter) throws HostRangeException
    {
        if (JCudaHostRanges.isHostMemory(pointer))
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
