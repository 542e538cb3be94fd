package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaPinnedHostMemory;
import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.HostCallback;
import io.gpurelay.agent.client.SharedHostAllocation;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.agent.cuda.driver.DriverPeerCopies;
import io.gpurelay.agent.cuda.driver.KernelSignatures;
import io.gpurelay.agent.cuda.PointerAttributes;
import io.gpurelay.agent.instrumentation.NotSupportedCalls;
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
import io.gpurelay.agent.cuda.runtime.RuntimeErrorDescriptions;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.PinnedMemoryFiles;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUDA_ARRAY3D_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_MEMORY_REQUIREMENTS;
import jcuda.driver.CUDA_ARRAY_SPARSE_PROPERTIES;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUDA_KERNEL_NODE_PARAMS;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMCPY3D_PEER;
import jcuda.driver.CUDA_MEMSET_NODE_PARAMS;
import jcuda.driver.CUDA_RESOURCE_DESC;
import jcuda.driver.CUDA_RESOURCE_VIEW_DESC;
import jcuda.driver.CUDA_TEXTURE_DESC;
import jcuda.driver.CUaccessPolicyWindow;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUdevprop;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraphicsResource;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUkernelNodeAttrValue;
import jcuda.driver.CUlinkState;
import jcuda.driver.CUmemAccessDesc;
import jcuda.driver.CUmemAllocationProp;
import jcuda.driver.CUmemGenericAllocationHandle;
import jcuda.driver.CUmemLocation;
import jcuda.driver.CUmemPoolProps;
import jcuda.driver.CUmemoryPool;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUmodule;
import jcuda.driver.CUoccupancyB2DSize;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamAttrValue;
import jcuda.driver.CUstreamCallback;
import jcuda.driver.CUsurfObject;
import jcuda.driver.CUtexObject;
import jcuda.driver.CUuuid;
import jcuda.driver.JITOptions;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The JCuda driver functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.driver.JCudaDriver} with the same name and descriptor (see {@link JCudaDriverInstrumentation});
 * JCuda's public wrappers around them run unchanged.
 * <p>
 * Device work goes to the executor, carrying the calling thread's current context; what CUDA keeps in the process
 * (the threads' context stacks, pinned host memory, what each kernel's parameters are) is kept here, so those calls
 * need no round trip. Launches, asynchronous copies that bring nothing back to the host (host to device, device to
 * device), asynchronous memsets, event records, stream waits and stream callbacks are pipelined: their failures come
 * back from a later call in the same context, as CUDA's asynchronous errors do. Stream callbacks and host functions run
 * in this process, on the agent's callback thread, when the executor's stream reaches them. Like JCuda's native code,
 * a null argument that CUDA does not allow throws {@link NullPointerException}.
 */
public final class JCudaDriverRemote
{
    private static final long[] NO_ARGS = new long[0];
    private static final int HOST_MEMORY_ALREADY_REGISTERED = 712;
    private static final int HOST_MEMORY_NOT_REGISTERED = 713;
    private static final int UUID_BYTES = 16;
    private static final int CU_MEMHOSTALLOC_DEVICEMAP = 0x02;
    private static final long CU_STREAM_LEGACY = 1;
    private static final long CU_STREAM_PER_THREAD = 2;

    static
    {
        CallFailures.nameStatuses(Api.DRIVER, CUresult::stringFor);
    }

    private JCudaDriverRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    /**
     * Answered by the agent: CUDA's name of a {@code CUresult}; CUDA_ERROR_INVALID_VALUE and null for a code it does
     * not know.
     */
    public static int cuGetErrorNameNative(final int error, final String[] pStr)
    {
        requireNonNull(pStr, "pStr", "cuGetErrorName");
        final String name = CUresult.stringFor(error);
        if (name.startsWith("INVALID"))
        {
            pStr[0] = null;
            return DriverStatus.INVALID_VALUE;
        }
        pStr[0] = name;
        return DriverStatus.SUCCESS;
    }

    /**
     * Answered by the agent: the description CUDA gives the runtime error of the same number (CUDA numbers the driver's
     * and the runtime's errors alike), else the error's name; CUDA_ERROR_INVALID_VALUE and null for an unknown code.
     */
    public static int cuGetErrorStringNative(final int error, final String[] pStr)
    {
        final int status = cuGetErrorNameNative(error, pStr);
        if (status == DriverStatus.SUCCESS)
        {
            final String description = RuntimeErrorDescriptions.of(error);
            if (description != null)
            {
                pStr[0] = description;
            }
        }
        return status;
    }

    public static int cuInitNative(final int flags)
    {
        final int status = client().connect();
        if (status == DriverStatus.SUCCESS && flags != 0)
        {
            return invalidValue("cuInit", "flags must be 0, got " + flags);
        }
        return status;
    }

    public static int cuDriverGetVersionNative(final int[] driverVersion)
    {
        final long[] results = new long[1];
        final int status = call(Function.CU_DRIVER_GET_VERSION, NO_ARGS, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            driverVersion[0] = (int)results[0];
        }
        return status;
    }

    public static int cuDeviceGetCountNative(final int[] count)
    {
        requireNonNull(count, "count", "cuDeviceGetCount");
        final long[] results = new long[1];
        final int status = call(Function.CU_DEVICE_GET_COUNT, NO_ARGS, null, null, results);
        count[0] = status == DriverStatus.SUCCESS ? (int)results[0] : 0;
        return status;
    }

    /**
     * A CUdevice holds the device's ordinal, checked here against the executor's device count.
     */
    public static int cuDeviceGetNative(final CUdevice device, final int ordinal)
    {
        final int status = client().connect();
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        if (ordinal < 0 || ordinal >= client().deviceCount())
        {
            return DriverStatus.INVALID_DEVICE;
        }
        JCudaPointers.setNativePointer(device, ordinal);
        return DriverStatus.SUCCESS;
    }

    /**
     * The name is written NUL-terminated, cut to {@code len} bytes with the NUL, as CUDA writes it.
     */
    public static int cuDeviceGetNameNative(final byte[] name, final int len, final CUdevice dev)
    {
        if (len <= 0)
        {
            return invalidValue("cuDeviceGetName", "len must be positive, got " + len);
        }
        final ByteArrayPayload text = new ByteArrayPayload();
        final int status = call(Function.CU_DEVICE_GET_NAME, new long[]{ ordinal(dev) }, null, text, null);
        if (status == DriverStatus.SUCCESS && name.length > 0)
        {
            final int length = Math.min(text.bytes().length, Math.min(len, name.length) - 1);
            System.arraycopy(text.bytes(), 0, name, 0, length);
            name[length] = 0;
        }
        return status;
    }

    public static int cuDeviceGetAttributeNative(final int[] pi, final int attrib, final CUdevice dev)
    {
        requireNonNull(pi, "pi", "cuDeviceGetAttribute");
        requireNonNull(dev, "dev", "cuDeviceGetAttribute");
        final long[] results = new long[1];
        final int status = call(Function.CU_DEVICE_GET_ATTRIBUTE, new long[]{ attrib, ordinal(dev) }, null, null,
            results);
        if (status == DriverStatus.SUCCESS)
        {
            pi[0] = (int)results[0];
        }
        return status;
    }

    /**
     * Deprecated in CUDA and answered from the two compute capability attributes, as CUDA itself does.
     */
    public static int cuDeviceComputeCapabilityNative(final int[] major, final int[] minor, final CUdevice dev)
    {
        final int status = cuDeviceGetAttributeNative(major,
            CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
        return status != DriverStatus.SUCCESS ? status : cuDeviceGetAttributeNative(minor,
            CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    }

    public static int cuDeviceGetUuidNative(final CUuuid uuid, final CUdevice dev)
    {
        final ByteArrayPayload bytes = new ByteArrayPayload();
        final int status = call(Function.CU_DEVICE_GET_UUID, new long[]{ ordinal(dev) }, null, bytes, null);
        if (status == DriverStatus.SUCCESS)
        {
            if (uuid.bytes == null || uuid.bytes.length != UUID_BYTES)
            {
                uuid.bytes = new byte[UUID_BYTES];
            }
            System.arraycopy(bytes.bytes(), 0, uuid.bytes, 0, Math.min(UUID_BYTES, bytes.bytes().length));
        }
        return status;
    }

    public static int cuCtxCreateNative(final CUcontext pctx, final int flags, final CUdevice dev)
    {
        requireNonNull(pctx, "pctx", "cuCtxCreate");
        requireNonNull(dev, "dev", "cuCtxCreate");
        final long[] results = new long[1];
        final int device = ordinal(dev);
        final int status = call(Function.CU_CTX_CREATE, new long[]{ Integer.toUnsignedLong(flags), device }, null,
            null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pctx, results[0]);
            DriverContexts.created(results[0], device);
        }
        return status;
    }

    /**
     * What failed asynchronously in the context is dropped with it: destroying a faulted context is how an
     * application recovers from the fault.
     */
    public static int cuCtxDestroyNative(final CUcontext ctx)
    {
        requireNonNull(ctx, "ctx", "cuCtxDestroy");
        final long context = JCudaPointers.nativePointer(ctx);
        if (!DriverContexts.isLive(context))
        {
            return notAContext(context);
        }
        final int status = client().callEndingContext(Function.CU_CTX_DESTROY, DriverContexts.current(), context,
            new long[]{ context });
        if (status == DriverStatus.SUCCESS)
        {
            DriverContexts.destroyed(context);
        }
        return status;
    }

    public static int cuCtxSetCurrentNative(final CUcontext ctx)
    {
        final long context = JCudaPointers.nativePointer(ctx);
        if (context != DriverContexts.NONE && !DriverContexts.isLive(context))
        {
            return notAContext(context);
        }
        final int status = client().connect();
        if (status == DriverStatus.SUCCESS)
        {
            DriverContexts.setCurrent(context);
        }
        return status;
    }

    public static int cuCtxGetCurrentNative(final CUcontext pctx)
    {
        final int status = client().connect();
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pctx, DriverContexts.current());
        }
        return status;
    }

    public static int cuCtxPushCurrentNative(final CUcontext ctx)
    {
        final long context = JCudaPointers.nativePointer(ctx);
        if (!DriverContexts.isLive(context))
        {
            return notAContext(context);
        }
        DriverContexts.push(context);
        return DriverStatus.SUCCESS;
    }

    public static int cuCtxPopCurrentNative(final CUcontext pctx)
    {
        if (DriverContexts.current() == DriverContexts.NONE)
        {
            return noCurrentContext();
        }
        JCudaPointers.setNativePointer(pctx, DriverContexts.pop());
        return DriverStatus.SUCCESS;
    }

    public static int cuCtxGetDeviceNative(final CUdevice device)
    {
        final int ordinal = DriverContexts.device(DriverContexts.current());
        if (ordinal < 0)
        {
            return noCurrentContext();
        }
        JCudaPointers.setNativePointer(device, ordinal);
        return DriverStatus.SUCCESS;
    }

    public static int cuCtxSynchronizeNative()
    {
        final int captured = StreamCaptures.synchronizeAll("cuCtxSynchronize");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_CTX_SYNCHRONIZE, NO_ARGS, null, null, null);
    }

    public static int cuDevicePrimaryCtxRetainNative(final CUcontext pctx, final CUdevice dev)
    {
        final long[] results = new long[1];
        final int device = ordinal(dev);
        final int status = call(Function.CU_DEVICE_PRIMARY_CTX_RETAIN, new long[]{ device }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pctx, results[0]);
            DriverContexts.retainedPrimary(results[0], device);
        }
        return status;
    }

    public static int cuDevicePrimaryCtxReleaseNative(final CUdevice dev)
    {
        return call(Function.CU_DEVICE_PRIMARY_CTX_RELEASE, new long[]{ ordinal(dev) }, null, null, null);
    }

    /**
     * Resetting the primary context ends whatever failed in it asynchronously.
     */
    public static int cuDevicePrimaryCtxResetNative(final CUdevice dev)
    {
        final int device = ordinal(dev);
        return client().callEndingContext(Function.CU_DEVICE_PRIMARY_CTX_RESET, DriverContexts.current(),
            DriverContexts.primary(device), new long[]{ device });
    }

    public static int cuDevicePrimaryCtxGetStateNative(final CUdevice dev, final int[] flags, final int[] active)
    {
        final long[] results = new long[2];
        final int status = call(Function.CU_DEVICE_PRIMARY_CTX_GET_STATE, new long[]{ ordinal(dev) }, null, null,
            results);
        if (status == DriverStatus.SUCCESS)
        {
            flags[0] = (int)results[0];
            active[0] = (int)results[1];
        }
        return status;
    }

    /**
     * The file is read here, where the application named it; the executor receives the image.
     */
    public static int cuModuleLoadNative(final CUmodule module, final String fname)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        final byte[] image = DriverCalls.readModuleFile("cuModuleLoad", fname);
        if (image == null)
        {
            return DriverStatus.FILE_NOT_FOUND;
        }
        return loadModule(module, new ByteArrayPayload(image));
    }

    /**
     * A PTX image may end with its NUL terminator, as JCuda's String overload adds; the executor reads PTX up to it.
     */
    public static int cuModuleLoadDataNative(final CUmodule module, final byte[] image)
    {
        return loadModule(module, new ByteArrayPayload(image));
    }

    public static int cuModuleLoadDataExNative(
        final CUmodule phMod, final Pointer p, final int numOptions, final int[] options, final Pointer optionValues)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        final long extent = JCudaHostRanges.extent(p);
        if (extent <= 0)
        {
            return invalidValue("cuModuleLoadDataEx", "the image is not in host memory, or empty");
        }
        final HostRange image;
        try
        {
            image = JCudaHostRanges.of(p, extent);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuModuleLoadDataEx", "the image: " + ex.getMessage());
        }
        final int status = loadModule(phMod, image);
        JitLogBuffers.fill(numOptions, options, optionValues,
            status == DriverStatus.SUCCESS ? "" : client().lastFailureMessage());
        return status;
    }

    /**
     * The module's functions go with it.
     */
    public static int cuModuleUnloadNative(final CUmodule hmod)
    {
        return DriverCalls.unloadModule(JCudaPointers.nativePointer(hmod));
    }

    /**
     * The reply also says how many parameters the kernel has and how big each is, which launches are checked
     * against.
     */
    public static int cuModuleGetFunctionNative(final CUfunction hfunc, final CUmodule hmod, final String name)
    {
        final long[] function = new long[1];
        final int status = DriverCalls.getFunction(JCudaPointers.nativePointer(hmod), name, function);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(hfunc, function[0]);
        }
        return status;
    }

    public static int cuModuleGetGlobalNative(
        final CUdeviceptr dptr, final long[] bytes, final CUmodule hmod, final String name)
    {
        final long[] results = new long[2];
        final int status = inContext(Function.CU_MODULE_GET_GLOBAL, new long[]{ JCudaPointers.nativePointer(hmod) },
            new ByteArrayPayload(name.getBytes(StandardCharsets.UTF_8)), null, results);
        if (status == DriverStatus.SUCCESS)
        {
            if (dptr != null)
            {
                JCudaPointers.setAddress(dptr, results[0]);
            }
            if (bytes != null && bytes.length > 0)
            {
                bytes[0] = results[1];
            }
        }
        return status;
    }

    /**
     * Refused here, at once, when the parameters do not match the kernel (as CUDA refuses them); otherwise sent
     * pipelined, so that launch-heavy code does not wait a round trip per launch.
     */
    public static int cuLaunchKernelNative(
        final CUfunction f,
        final int gridDimX,
        final int gridDimY,
        final int gridDimZ,
        final int blockDimX,
        final int blockDimY,
        final int blockDimZ,
        final int sharedMemBytes,
        final CUstream hStream,
        final Pointer kernelParams,
        final Pointer extra)
    {
        return launch("cuLaunchKernel", f, new int[]{ gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ },
            sharedMemBytes, hStream, kernelParams, extra, false);
    }

    /**
     * cuLaunchKernel and cuLaunchCooperativeKernel: the parameters checked here against the kernel, then the launch
     * (a cooperative one answered, the other pipelined).
     */
    private static int launch(
        final String name, final CUfunction f, final int[] dimensions, final int sharedMemBytes,
        final CUstream hStream, final Pointer kernelParams, final Pointer extra, final boolean cooperative)
    {
        requireNonNull(f, "f", name);
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        final long function = JCudaPointers.nativePointer(f);
        final KernelSignatures.KernelSignature kernel = KernelSignatures.find(function);
        if (kernel == null)
        {
            AgentLog.warnOnce(name + ": function 0x" + Long.toHexString(function) + " is not from " +
                "cuModuleGetFunction, or its module was unloaded; returning CUDA_ERROR_INVALID_HANDLE");
            return DriverStatus.INVALID_HANDLE;
        }
        final int captured = StreamCaptures.launch(streamHandle(hStream), f, dimensions, sharedMemBytes, kernelParams,
            extra, cooperative);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        final KernelParameterMarshaller.KernelParameters parameters;
        try
        {
            parameters = KernelParameterMarshaller.marshal(kernel, kernelParams, extra);
        }
        catch (final KernelParameterException ex)
        {
            AgentLog.warnOnce(name + ": " + ex.getMessage() + "; returning CUDA_ERROR_INVALID_VALUE");
            return DriverStatus.INVALID_VALUE;
        }
        final long[] sizes = parameters.sizes();
        if (sizes.length > DriverCalls.maxLaunchParameters())
        {
            AgentLog.warnOnce(name + ": kernel '" + kernel.name() + "' has " + sizes.length +
                " parameters; a call carries at most " + DriverCalls.maxLaunchParameters() + (cooperative ? "" :
                " (the extra form, a ready parameter buffer, carries any number)") +
                "; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        return cooperative ?
            DriverCalls.launchCooperative(function, dimensions, sharedMemBytes, streamHandle(hStream),
                parameters.count(), sizes, parameters.bytes()) :
            DriverCalls.launch(function, dimensions, sharedMemBytes, streamHandle(hStream), parameters.count(), sizes,
                parameters.bytes());
    }

    public static int cuMemGetInfoNative(final long[] free, final long[] total)
    {
        final long[] results = new long[2];
        final int status = inContext(Function.CU_MEM_GET_INFO, NO_ARGS, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            free[0] = results[0];
            total[0] = results[1];
        }
        return status;
    }

    public static int cuMemAllocNative(final CUdeviceptr dptr, final long bytesize)
    {
        requireNonNull(dptr, "dptr", "cuMemAlloc");
        final int captured = StreamCaptures.unsafe("cuMemAlloc");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        final long[] results = new long[1];
        final int status = inContext(Function.CU_MEM_ALLOC, new long[]{ bytesize }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(dptr, results[0]);
        }
        return status;
    }

    // Managed memory (family "managed and mapped memory").

    /**
     * Managed memory on the executor. With CU_MEM_ATTACH_HOST the pointer gets a host view, as JCuda's native code
     * gives it a buffer over the managed bytes (for that flag alone, as cudaMallocManaged): {@link ManagedMemory}
     * keeps the two coherent at synchronisation points; the view belongs to the current context.
     */
    public static int cuMemAllocManagedNative(final CUdeviceptr dptr, final long bytesize, final int flags)
    {
        final boolean attachHost = flags == ManagedMemory.ATTACH_HOST && bytesize > 0;
        final ByteBuffer host = attachHost ? ManagedMemory.hostBuffer(bytesize) : null;
        if (attachHost && host == null)
        {
            return NotSupportedCalls.status("JCudaDriver.cuMemAllocManaged with CU_MEM_ATTACH_HOST of more than " +
                Integer.MAX_VALUE + " bytes: the host view is a Java buffer, which holds no more; returning " +
                "CUDA_ERROR_NOT_SUPPORTED", DriverStatus.NOT_SUPPORTED);
        }
        final long[] results = new long[1];
        final int status = inContext(Function.CU_MEM_ALLOC_MANAGED,
            new long[]{ bytesize, Integer.toUnsignedLong(flags) }, null, null, results);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        if (host != null)
        {
            final long context = DriverContexts.current();
            final int device = DriverContexts.device(context);
            JCudaPointers.setHostBuffer(dptr, host, results[0]);
            ManagedMemory.add(results[0],
                ManagedMemory.Home.driver(device, context, DriverContexts.primary(device) == context), host,
                DriverCalls.session(), false);
        }
        else
        {
            JCudaPointers.setAddress(dptr, results[0]);
        }
        return status;
    }

    public static int cuMemAdviseNative(final CUdeviceptr devPtr, final long count, final int advice,
        final CUdevice device)
    {
        requireNonNull(device, "device", "cuMemAdvise");
        return inContext(Function.CU_MEM_ADVISE,
            new long[]{ JCudaPointers.address(devPtr), count, advice, ordinal(device) }, null, null, null);
    }

    /**
     * Waits for the executor's answer, so that a bad argument fails this call as in CUDA; the prefetch itself runs
     * on the stream.
     */
    public static int cuMemPrefetchAsyncNative(final CUdeviceptr devPtr, final long count, final CUdevice dstDevice,
        final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemPrefetchAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_MEM_PREFETCH_ASYNC,
            new long[]{ JCudaPointers.address(devPtr), count, ordinal(dstDevice), streamHandle(hStream) }, null, null,
            null);
    }

    public static int cuStreamAttachMemAsyncNative(final CUstream hStream, final CUdeviceptr dptr, final long length,
        final int flags)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuStreamAttachMemAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_STREAM_ATTACH_MEM_ASYNC,
            new long[]{ streamHandle(hStream), JCudaPointers.address(dptr), length, Integer.toUnsignedLong(flags) },
            null, null, null);
    }

    /**
     * As cudaHostRegister ({@link HostRegistrations}), in the calling thread's current context.
     */
    public static int cuMemHostRegisterNative(final Pointer p, final long bytesize, final int flags)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        if ((flags & (HostRegistrations.MAPPED | HostRegistrations.IO_MEMORY)) != 0)
        {
            AgentLog.warnOnce("JCudaDriver.cuMemHostRegister with " + ((flags & HostRegistrations.MAPPED) != 0 ?
                "CU_MEMHOSTREGISTER_DEVICEMAP" : "CU_MEMHOSTREGISTER_IOMEMORY") + ": the executor's device cannot " +
                "map this process's memory; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        if ((flags & ~(HostRegistrations.PORTABLE | HostRegistrations.READ_ONLY)) != 0)
        {
            return invalidValue("cuMemHostRegister", "flags " + flags + " are not CU_MEMHOSTREGISTER flags");
        }
        final long address;
        try
        {
            address = JCudaHostRanges.nativeRange(p, bytesize);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuMemHostRegister", ex.getMessage());
        }
        return HostRegistrations.register(address, bytesize, flags) == HostRegistrations.Refusal.NONE ?
            DriverStatus.SUCCESS : HOST_MEMORY_ALREADY_REGISTERED;
    }

    public static int cuMemHostUnregisterNative(final Pointer p)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        try
        {
            return HostRegistrations.unregister(JCudaHostRanges.nativeRange(p, 1)) ==
                HostRegistrations.Refusal.NONE ? DriverStatus.SUCCESS : HOST_MEMORY_NOT_REGISTERED;
        }
        catch (final HostRangeException ex)
        {
            return HOST_MEMORY_NOT_REGISTERED;
        }
    }

    /**
     * Device and managed memory of the session, from its tables on the executor: the memory type, device pointer,
     * whether managed, device ordinal, range start and size, and whether mapped. A value that is a pointer or a size
     * goes into {@code data}'s 8 bytes of host memory, or into {@code data} itself when it is a pointer object with
     * no host memory behind it (a CUdeviceptr). Host memory of this process and the other attributes are refused,
     * naming them.
     */
    public static int cuPointerGetAttributeNative(final Pointer data, final int attribute, final CUdeviceptr ptr)
    {
        requireNonNull(data, "data", "cuPointerGetAttribute");
        requireNonNull(ptr, "ptr", "cuPointerGetAttribute");
        if (JCudaHostRanges.isHostMemory(ptr))
        {
            AgentLog.warnOnce("JCudaDriver.cuPointerGetAttribute of host memory of this process is not supported " +
                "by gpurelay (only device and managed memory); returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        if (!PointerAttributes.isSupported(attribute))
        {
            AgentLog.warnOnce("JCudaDriver.cuPointerGetAttribute of attribute " + attribute + " is not " +
                "supported by gpurelay; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        final boolean wide = PointerAttributes.isWide(attribute);
        final long[] answer = new long[1];
        final int status = PointerAttributes.query(attribute, JCudaPointers.address(ptr), answer);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long value = answer[0];
        if (wide && !JCudaHostRanges.isHostMemory(data))
        {
            JCudaPointers.setAddress(data, value);
            return status;
        }
        try
        {
            final int width = wide ? Long.BYTES : Integer.BYTES;
            final UnsafeBuffer bytes = new UnsafeBuffer(new byte[width]);
            if (wide)
            {
                bytes.putLong(0, value, ByteOrder.nativeOrder());
            }
            else
            {
                bytes.putInt(0, (int)value, ByteOrder.nativeOrder());
            }
            JCudaHostRanges.of(data, width).write(0, bytes, 0, width);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuPointerGetAttribute", "data: " + ex.getMessage());
        }
        return status;
    }

    public static int cuMemRangeGetAttributeNative(
        final Pointer data, final long dataSize, final int attribute, final CUdeviceptr devPtr, final long count)
    {
        requireNonNull(data, "data", "cuMemRangeGetAttribute");
        requireNonNull(devPtr, "devPtr", "cuMemRangeGetAttribute");
        if (MemRangeAttributes.entries(attribute, dataSize) == 0)
        {
            return invalidValue("cuMemRangeGetAttribute", "a data size of " + dataSize + " bytes for attribute " +
                attribute);
        }
        try
        {
            return MemRangeAttributes.get(Function.CU_MEM_RANGE_GET_ATTRIBUTE, data, dataSize, attribute,
                JCudaPointers.address(devPtr), count, (function, args, results) ->
                    inContext(function, args, null, null, results), DriverStatus.SUCCESS);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuMemRangeGetAttribute", "data: " + ex.getMessage());
        }
    }

    /**
     * Each attribute as {@link #cuMemRangeGetAttributeNative} answers it, in order; the first failure ends it.
     */
    public static int cuMemRangeGetAttributesNative(final Pointer[] data, final long[] dataSizes,
        final int[] attributes, final long numAttributes, final CUdeviceptr devPtr, final long count)
    {
        return MemRangeAttributes.getAll("cuMemRangeGetAttributes", data, dataSizes, attributes, numAttributes, devPtr,
            (one, size, attribute) -> cuMemRangeGetAttributeNative(one, size, attribute, devPtr, count),
            (function, message) -> invalidValue(function, message), DriverStatus.SUCCESS);
    }

    /**
     * Each attribute as {@link #cuPointerGetAttributeNative} answers it, into the pointers {@code data} holds
     * ({@code Pointer.to(Pointer.to(int[]), ...)}, as CUDA's array of result pointers); as CUDA does, an address no
     * allocation of the session holds gets 0 for every attribute and CUDA_SUCCESS.
     */
    public static int cuPointerGetAttributesNative(final int numAttributes, final int[] attributes, final Pointer data,
        final CUdeviceptr ptr)
    {
        final NativePointerObject[] results = JCudaPointers.pointers(data);
        if (numAttributes <= 0 || numAttributes > attributes.length || results == null ||
            numAttributes > results.length)
        {
            return invalidValue("cuPointerGetAttributes", "data must be Pointer.to(...) of " + numAttributes +
                " pointers, one for each of " + numAttributes + " attributes");
        }
        for (int i = 0; i < numAttributes; i++)
        {
            if (!(results[i] instanceof Pointer result))
            {
                return invalidValue("cuPointerGetAttributes", "data's element " + i + " is not a pointer");
            }
            final int status = cuPointerGetAttributeNative(result, attributes[i], ptr);
            if (status == DriverStatus.INVALID_VALUE && !JCudaHostRanges.isHostMemory(ptr))
            {
                // Not memory of the session: CUDA's defaults for every attribute.
                for (int j = 0; j < numAttributes; j++)
                {
                    final int zeroed = pointerAttributeDefault((Pointer)results[j], attributes[j]);
                    if (zeroed != DriverStatus.SUCCESS)
                    {
                        return zeroed;
                    }
                }
                return DriverStatus.SUCCESS;
            }
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
        }
        return DriverStatus.SUCCESS;
    }

    private static int pointerAttributeDefault(final Pointer data, final int attribute)
    {
        final boolean wide = PointerAttributes.isWide(attribute);
        if (wide && !JCudaHostRanges.isHostMemory(data))
        {
            JCudaPointers.setAddress(data, 0);
            return DriverStatus.SUCCESS;
        }
        try
        {
            final int width = wide ? Long.BYTES : Integer.BYTES;
            JCudaHostRanges.of(data, width).write(0, new UnsafeBuffer(new byte[width]), 0, width);
            return DriverStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuPointerGetAttributes", "data: " + ex.getMessage());
        }
    }

    public static int cuMemFreeNative(final CUdeviceptr dptr)
    {
        requireNonNull(dptr, "dptr", "cuMemFree");
        final int captured = StreamCaptures.unsafe("cuMemFree");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        final long address = JCudaPointers.address(dptr);
        final int status = inContext(Function.CU_MEM_FREE, new long[]{ address }, null, null, null);
        if (status == DriverStatus.SUCCESS)
        {
            ManagedMemory.forgetInContext(address);
        }
        return status;
    }

    public static int cuMemAllocHostNative(final Pointer pp, final long bytesize)
    {
        return recordHostFlags(pp, 0, allocateHost(pp, bytesize, 0, "cuMemAllocHost"));
    }

    public static int cuMemHostAllocNative(final Pointer pp, final long bytesize, final int flags)
    {
        return recordHostFlags(pp, flags, allocateHost(pp, bytesize, flags, "cuMemHostAlloc"));
    }

    /**
     * The flags pinned memory of this process was allocated with, which the agent keeps (family "virtual memory").
     */
    public static int cuMemHostGetFlagsNative(final int[] pFlags, final Pointer p)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        final Integer flags = PinnedHostMemory.flagsAt(JCudaPointers.address(p));
        if (flags == null)
        {
            return invalidValue("cuMemHostGetFlags", "0x" + Long.toHexString(JCudaPointers.address(p)) +
                " is not in memory from cuMemHostAlloc, cuMemAllocHost, cudaHostAlloc or cudaMallocHost");
        }
        pFlags[0] = flags;
        return DriverStatus.SUCCESS;
    }

    private static int recordHostFlags(final Pointer pointer, final int flags, final int status)
    {
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPinnedHostMemory.recordFlags(pointer, flags);
        }
        return status;
    }

    /**
     * Shared pinned memory is freed on the executor too (unregistered and unmapped there, after the work that may
     * use it); this process's mapping stays while a view of it does.
     */
    public static int cuMemFreeHostNative(final Pointer p)
    {
        final long address = JCudaPointers.address(p);
        final SharedHostAllocation shared = PinnedHostMemory.sharedAt(address);
        if (!PinnedHostMemory.free(address))
        {
            return invalidValue("cuMemFreeHost", "0x" + Long.toHexString(address) +
                " is not the start of memory from cuMemAllocHost or cuMemHostAlloc");
        }
        if (shared != null && client().isCurrent(shared))
        {
            return client().call(Function.CU_MEM_FREE_HOST, DriverContexts.current(), new long[]{ shared.handle() },
                null, null, null);
        }
        return MappedHostMemory.free(address);
    }

    /**
     * The device address of mapped pinned memory (CU_MEMHOSTALLOC_DEVICEMAP): as the executor mapped it, or its device
     * copy's ({@link MappedHostMemory}).
     */
    public static int cuMemHostGetDevicePointerNative(final CUdeviceptr ret, final Pointer p, final int flags)
    {
        if (flags != 0)
        {
            return invalidValue("cuMemHostGetDevicePointer", "flags must be 0, not " + flags);
        }
        final long copy = MappedHostMemory.devicePointer(hostAddress(p));
        if (copy >= 0)
        {
            if (!DriverContexts.isLive(DriverContexts.current()))
            {
                return noCurrentContext();
            }
            JCudaPointers.setAddress(ret, copy);
            return DriverStatus.SUCCESS;
        }
        final PinnedHostMemory.SharedRange shared;
        try
        {
            shared = JCudaPinnedHostMemory.mappedRange(p, client()::isCurrent, "cuMemHostAlloc with CU_MEMHOSTALLOC_DEVICEMAP");
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuMemHostGetDevicePointer", ex.getMessage());
        }
        final long[] results = new long[1];
        final int status = inContext(Function.CU_MEM_HOST_GET_DEVICE_POINTER,
            new long[]{ shared.allocation().handle(), shared.offset() }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(ret, results[0]);
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

    public static int cuMemcpyHtoDNative(final CUdeviceptr dstDevice, final Pointer srcHost, final long byteCount)
    {
        return hostToDevice("cuMemcpyHtoD", dstDevice, srcHost, byteCount, false, 0);
    }

    /**
     * Pipelined: the host bytes are read as the call is sent, so the application may reuse its memory at once.
     */
    public static int cuMemcpyHtoDAsyncNative(
        final CUdeviceptr dstDevice, final Pointer srcHost, final long byteCount, final CUstream hStream)
    {
        requireNonNull(dstDevice, "dstDevice", "cuMemcpyHtoDAsync");
        requireNonNull(srcHost, "srcHost", "cuMemcpyHtoDAsync");
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpyHtoDAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return hostToDevice("cuMemcpyHtoDAsync", dstDevice, srcHost, byteCount, true, streamHandle(hStream));
    }

    public static int cuMemcpyDtoHNative(final Pointer dstHost, final CUdeviceptr srcDevice, final long byteCount)
    {
        return deviceToHost("cuMemcpyDtoH", dstHost, srcDevice, byteCount, 0, false);
    }

    /**
     * Into shared pinned memory the copy is pipelined, ordered on its stream, and lands there by DMA; into any other
     * memory it waits for the bytes, which CUDA allows of an asynchronous copy: they must land in the application's
     * memory.
     */
    public static int cuMemcpyDtoHAsyncNative(
        final Pointer dstHost, final CUdeviceptr srcDevice, final long byteCount, final CUstream hStream)
    {
        requireNonNull(dstHost, "dstHost", "cuMemcpyDtoHAsync");
        requireNonNull(srcDevice, "srcDevice", "cuMemcpyDtoHAsync");
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpyDtoHAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return deviceToHost("cuMemcpyDtoHAsync", dstHost, srcDevice, byteCount, streamHandle(hStream), true);
    }

    public static int cuMemcpyDtoDNative(final CUdeviceptr dstDevice, final CUdeviceptr srcDevice, final long byteCount)
    {
        requireNonNull(dstDevice, "dstDevice", "cuMemcpyDtoD");
        requireNonNull(srcDevice, "srcDevice", "cuMemcpyDtoD");
        return inContext(Function.CU_MEMCPY_DTOD, new long[]{ JCudaPointers.address(dstDevice),
            JCudaPointers.address(srcDevice), byteCount, 0 }, null, null, null);
    }

    /**
     * Between two contexts the bytes go through this client, chunk by chunk, as cudaMemcpyPeer's do: the contexts may
     * be on different executors. Within one context the copy stays on its device.
     */
    public static int cuMemcpyPeerNative(
        final CUdeviceptr dstDevice, final CUcontext dstContext, final CUdeviceptr srcDevice,
        final CUcontext srcContext, final long byteCount)
    {
        return peerCopy("cuMemcpyPeer", dstDevice, dstContext, srcDevice, srcContext, byteCount, false, null);
    }

    /**
     * Within one context, an asynchronous device-to-device copy on the stream. Between two contexts the bytes go
     * through this client as cuMemcpyPeer's do, and the call returns once they are staged: it is synchronous to the
     * host, which CUDA allows of an asynchronous copy. It keeps the stream's order all the same. The stream is the
     * current context's, as every driver stream argument is. Where that is the destination context, the bytes are
     * read from the source (after the source context's earlier work on its NULL stream, as any copy from it) and
     * written by asynchronous copies on the stream, so they land after its earlier work and before its later work.
     * Where it is the source or another context, the stream is synchronised first, so its earlier work is done before
     * the bytes are read, and they are written before the call returns, before any later work of the stream.
     */
    public static int cuMemcpyPeerAsyncNative(
        final CUdeviceptr dstDevice, final CUcontext dstContext, final CUdeviceptr srcDevice,
        final CUcontext srcContext, final long byteCount, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpyPeerAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return peerCopy("cuMemcpyPeerAsync", dstDevice, dstContext, srcDevice, srcContext, byteCount, true, hStream);
    }

    /**
     * cuMemcpyPeer ({@code asynchronous} false: no stream, every call waited for) and cuMemcpyPeerAsync.
     */
    private static int peerCopy(
        final String name, final CUdeviceptr dstDevice, final CUcontext dstContext, final CUdeviceptr srcDevice,
        final CUcontext srcContext, final long byteCount, final boolean asynchronous, final CUstream hStream)
    {
        requireNonNull(dstDevice, "dstDevice", name);
        requireNonNull(dstContext, "dstContext", name);
        requireNonNull(srcDevice, "srcDevice", name);
        requireNonNull(srcContext, "srcContext", name);
        return DriverPeerCopies.copy(name, JCudaPointers.address(dstDevice), JCudaPointers.nativePointer(dstContext),
            JCudaPointers.address(srcDevice), JCudaPointers.nativePointer(srcContext), byteCount, asynchronous,
            asynchronous ? streamHandle(hStream) : 0);
    }

    // Texture and surface objects and the array queries: DriverTextures.

    public static int cuTexObjectCreateNative(final CUtexObject pTexObject, final CUDA_RESOURCE_DESC pResDesc,
        final CUDA_TEXTURE_DESC pTexDesc, final CUDA_RESOURCE_VIEW_DESC pResViewDesc)
    {
        return DriverTextures.cuTexObjectCreate(pTexObject, pResDesc, pTexDesc, pResViewDesc);
    }

    public static int cuTexObjectDestroyNative(final CUtexObject texObject)
    {
        return DriverTextures.destroy(texObject, false);
    }

    public static int cuTexObjectGetResourceDescNative(final CUDA_RESOURCE_DESC pResDesc, final CUtexObject texObject)
    {
        return DriverTextures.getResourceDesc(pResDesc, texObject, false);
    }

    public static int cuTexObjectGetTextureDescNative(final CUDA_TEXTURE_DESC pTexDesc, final CUtexObject texObject)
    {
        return DriverTextures.cuTexObjectGetTextureDesc(pTexDesc, texObject);
    }

    public static int cuTexObjectGetResourceViewDescNative(final CUDA_RESOURCE_VIEW_DESC pResViewDesc,
        final CUtexObject texObject)
    {
        return DriverTextures.cuTexObjectGetResourceViewDesc(pResViewDesc, texObject);
    }

    public static int cuSurfObjectCreateNative(final CUsurfObject pSurfObject, final CUDA_RESOURCE_DESC pResDesc)
    {
        return DriverTextures.cuSurfObjectCreate(pSurfObject, pResDesc);
    }

    public static int cuSurfObjectDestroyNative(final CUsurfObject surfObject)
    {
        return DriverTextures.destroy(surfObject, true);
    }

    public static int cuSurfObjectGetResourceDescNative(final CUDA_RESOURCE_DESC pResDesc,
        final CUsurfObject surfObject)
    {
        return DriverTextures.getResourceDesc(pResDesc, surfObject, true);
    }

    public static int cuArrayGetSparsePropertiesNative(final CUDA_ARRAY_SPARSE_PROPERTIES sparseProperties,
        final CUarray array)
    {
        return DriverTextures.sparseProperties(sparseProperties, array, false);
    }

    public static int cuMipmappedArrayGetSparsePropertiesNative(final CUDA_ARRAY_SPARSE_PROPERTIES sparseProperties,
        final CUmipmappedArray mipmap)
    {
        return DriverTextures.sparseProperties(sparseProperties, mipmap, true);
    }

    public static int cuArrayGetMemoryRequirementsNative(final CUDA_ARRAY_MEMORY_REQUIREMENTS memoryRequirements,
        final CUarray array, final CUdevice device)
    {
        return DriverTextures.memoryRequirements(memoryRequirements, array, device, false);
    }

    public static int cuMipmappedArrayGetMemoryRequirementsNative(
        final CUDA_ARRAY_MEMORY_REQUIREMENTS memoryRequirements, final CUmipmappedArray mipmap, final CUdevice device)
    {
        return DriverTextures.memoryRequirements(memoryRequirements, mipmap, device, true);
    }

    public static int cuArrayGetPlaneNative(final CUarray pPlaneArray, final CUarray hArray, final int planeIdx)
    {
        return DriverTextures.cuArrayGetPlane(pPlaneArray, hArray, planeIdx);
    }

    // Pitched memory, CUDA arrays and 2D/3D copies: DriverArrays.

    public static int cuMemAllocPitchNative(final CUdeviceptr dptr, final long[] pPitch, final long WidthInBytes,
        final long Height, final int ElementSizeBytes)
    {
        return DriverArrays.cuMemAllocPitch(dptr, pPitch, WidthInBytes, Height, ElementSizeBytes);
    }

    public static int cuArrayCreateNative(final CUarray pHandle, final CUDA_ARRAY_DESCRIPTOR pAllocateArray)
    {
        return DriverArrays.cuArrayCreate(pHandle, pAllocateArray);
    }

    public static int cuArray3DCreateNative(final CUarray pHandle, final CUDA_ARRAY3D_DESCRIPTOR pAllocateArray)
    {
        return DriverArrays.cuArray3DCreate(pHandle, pAllocateArray);
    }

    public static int cuArrayGetDescriptorNative(final CUDA_ARRAY_DESCRIPTOR pArrayDescriptor, final CUarray hArray)
    {
        return DriverArrays.cuArrayGetDescriptor(pArrayDescriptor, hArray);
    }

    public static int cuArray3DGetDescriptorNative(
        final CUDA_ARRAY3D_DESCRIPTOR pArrayDescriptor, final CUarray hArray)
    {
        return DriverArrays.cuArray3DGetDescriptor(pArrayDescriptor, hArray);
    }

    public static int cuMipmappedArrayCreateNative(final CUmipmappedArray pHandle,
        final CUDA_ARRAY3D_DESCRIPTOR pMipmappedArrayDesc, final int numMipmapLevels)
    {
        return DriverArrays.cuMipmappedArrayCreate(pHandle, pMipmappedArrayDesc, numMipmapLevels);
    }

    public static int cuMipmappedArrayGetLevelNative(final CUarray pLevelArray,
        final CUmipmappedArray hMipmappedArray, final int level)
    {
        return DriverArrays.cuMipmappedArrayGetLevel(pLevelArray, hMipmappedArray, level);
    }

    public static int cuMipmappedArrayDestroyNative(final CUmipmappedArray hMipmappedArray)
    {
        return DriverArrays.cuMipmappedArrayDestroy(hMipmappedArray);
    }

    public static int cuArrayDestroyNative(final CUarray hArray)
    {
        return DriverArrays.cuArrayDestroy(hArray);
    }

    public static int cuMemcpyHtoANative(
        final CUarray dstArray, final long dstOffset, final Pointer srcHost, final long ByteCount)
    {
        return DriverArrays.cuMemcpyHtoA(dstArray, dstOffset, srcHost, ByteCount, null, false);
    }

    public static int cuMemcpyHtoAAsyncNative(final CUarray dstArray, final long dstOffset, final Pointer srcHost,
        final long ByteCount, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpyHtoAAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return DriverArrays.cuMemcpyHtoA(dstArray, dstOffset, srcHost, ByteCount, hStream, true);
    }

    public static int cuMemcpyAtoHNative(
        final Pointer dstHost, final CUarray srcArray, final long srcOffset, final long ByteCount)
    {
        return DriverArrays.cuMemcpyAtoH(dstHost, srcArray, srcOffset, ByteCount, null, false);
    }

    public static int cuMemcpyAtoHAsyncNative(final Pointer dstHost, final CUarray srcArray, final long srcOffset,
        final long ByteCount, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpyAtoHAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return DriverArrays.cuMemcpyAtoH(dstHost, srcArray, srcOffset, ByteCount, hStream, true);
    }

    public static int cuMemcpyDtoANative(
        final CUarray dstArray, final long dstOffset, final CUdeviceptr srcDevice, final long ByteCount)
    {
        return DriverArrays.cuMemcpyDtoA(dstArray, dstOffset, srcDevice, ByteCount);
    }

    public static int cuMemcpyAtoDNative(
        final CUdeviceptr dstDevice, final CUarray srcArray, final long srcOffset, final long ByteCount)
    {
        return DriverArrays.cuMemcpyAtoD(dstDevice, srcArray, srcOffset, ByteCount);
    }

    public static int cuMemcpyAtoANative(final CUarray dstArray, final long dstOffset, final CUarray srcArray,
        final long srcOffset, final long ByteCount)
    {
        return DriverArrays.cuMemcpyAtoA(dstArray, dstOffset, srcArray, srcOffset, ByteCount);
    }

    public static int cuMemcpy2DNative(final CUDA_MEMCPY2D pCopy)
    {
        return DriverArrays.cuMemcpy2D("cuMemcpy2D", pCopy, null, false);
    }

    public static int cuMemcpy2DUnalignedNative(final CUDA_MEMCPY2D pCopy)
    {
        return DriverArrays.cuMemcpy2D("cuMemcpy2DUnaligned", pCopy, null, false);
    }

    public static int cuMemcpy2DAsyncNative(final CUDA_MEMCPY2D pCopy, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpy2DAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return DriverArrays.cuMemcpy2D("cuMemcpy2DAsync", pCopy, hStream, true);
    }

    public static int cuMemcpy3DNative(final CUDA_MEMCPY3D pCopy)
    {
        return DriverArrays.cuMemcpy3D("cuMemcpy3D", pCopy, null, false);
    }

    public static int cuMemcpy3DAsyncNative(final CUDA_MEMCPY3D pCopy, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpy3DAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return DriverArrays.cuMemcpy3D("cuMemcpy3DAsync", pCopy, hStream, true);
    }

    public static int cuMemcpy3DPeerNative(final CUDA_MEMCPY3D_PEER pCopy)
    {
        return DriverArrays.cuMemcpy3DPeer("cuMemcpy3DPeer", pCopy, null, false);
    }

    public static int cuMemcpy3DPeerAsyncNative(final CUDA_MEMCPY3D_PEER pCopy, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemcpy3DPeerAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return DriverArrays.cuMemcpy3DPeer("cuMemcpy3DPeerAsync", pCopy, hStream, true);
    }

    /**
     * gpurelay maps no device's memory into another's, so no device can access a peer's.
     */
    public static int cuDeviceCanAccessPeerNative(final int[] canAccessPeer, final CUdevice dev, final CUdevice peerDev)
    {
        requireNonNull(canAccessPeer, "canAccessPeer", "cuDeviceCanAccessPeer");
        final int status = client().connect();
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        if (client().executorOf(ordinal(dev)) < 0 || client().executorOf(ordinal(peerDev)) < 0)
        {
            return DriverStatus.INVALID_DEVICE;
        }
        canAccessPeer[0] = 0;
        return DriverStatus.SUCCESS;
    }

    public static int cuCtxEnablePeerAccessNative(final CUcontext peerContext, final int flags)
    {
        final long current = DriverContexts.current();
        if (!DriverContexts.isLive(current))
        {
            return noCurrentContext();
        }
        final long peer = JCudaPointers.nativePointer(peerContext);
        if (!DriverContexts.isLive(peer))
        {
            return notAContext(peer);
        }
        final int executor = client().executorOfContext(current);
        final int peerExecutor = client().executorOfContext(peer);
        AgentLog.warnOnce("cuCtxEnablePeerAccess: " + (executor == peerExecutor ?
            "gpurelay does not map a device's memory into another's" :
            "the current context (executor " + client().channel(executor) + ") and the peer context (executor " +
                client().channel(peerExecutor) + ") are on different executors, which share no memory") +
            "; copy between them with cuMemcpyPeer, which goes through this client; returning " +
            "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED");
        return DriverStatus.PEER_ACCESS_UNSUPPORTED;
    }

    /**
     * gpurelay never enables peer access ({@link #cuCtxEnablePeerAccessNative}), so there is none to disable: CUDA's
     * answer for that, once the contexts are checked, without a round trip.
     */
    public static int cuCtxDisablePeerAccessNative(final CUcontext peerContext)
    {
        final long current = DriverContexts.current();
        if (!DriverContexts.isLive(current))
        {
            return noCurrentContext();
        }
        final long peer = JCudaPointers.nativePointer(peerContext);
        if (!DriverContexts.isLive(peer))
        {
            return notAContext(peer);
        }
        return DriverStatus.PEER_ACCESS_NOT_ENABLED;
    }

    public static int cuMemcpyDtoDAsyncNative(
        final CUdeviceptr dstDevice, final CUdeviceptr srcDevice, final long byteCount, final CUstream hStream)
    {
        requireNonNull(dstDevice, "dstDevice", "cuMemcpyDtoDAsync");
        requireNonNull(srcDevice, "srcDevice", "cuMemcpyDtoDAsync");
        final int captured = StreamCaptures.copy(streamHandle(hStream), JCudaPointers.address(dstDevice),
            JCudaPointers.address(srcDevice), byteCount);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_MEMCPY_DTOD, new long[]{ JCudaPointers.address(dstDevice),
            JCudaPointers.address(srcDevice), byteCount, streamHandle(hStream) }, null);
    }

    /**
     * JCuda's cuMemcpy takes two CUdeviceptr: with unified addressing, a copy between device memory.
     */
    public static int cuMemcpyNative(final CUdeviceptr dst, final CUdeviceptr src, final long byteCount)
    {
        return cuMemcpyDtoDNative(dst, src, byteCount);
    }

    public static int cuMemcpyAsyncNative(
        final CUdeviceptr dst, final CUdeviceptr src, final long byteCount, final CUstream hStream)
    {
        return cuMemcpyDtoDAsyncNative(dst, src, byteCount, hStream);
    }

    public static int cuMemsetD8Native(final CUdeviceptr dstDevice, final byte uc, final long N)
    {
        return inContext(Function.CU_MEMSET, memsetArgs(dstDevice, uc & 0xFFL, N, Byte.BYTES, 0), null, null, null);
    }

    public static int cuMemsetD16Native(final CUdeviceptr dstDevice, final short us, final long N)
    {
        return inContext(Function.CU_MEMSET, memsetArgs(dstDevice, us & 0xFFFFL, N, Short.BYTES, 0), null, null,
            null);
    }

    public static int cuMemsetD32Native(final CUdeviceptr dstDevice, final int ui, final long N)
    {
        return inContext(Function.CU_MEMSET, memsetArgs(dstDevice, Integer.toUnsignedLong(ui), N, Integer.BYTES, 0),
            null, null, null);
    }

    public static int cuMemsetD8AsyncNative(final CUdeviceptr dstDevice, final byte uc, final long N,
        final CUstream hStream)
    {
        final int captured = StreamCaptures.memset(streamHandle(hStream), JCudaPointers.address(dstDevice), uc & 0xFFL,
            Byte.BYTES, N);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_MEMSET,
            memsetArgs(dstDevice, uc & 0xFFL, N, Byte.BYTES, streamHandle(hStream)), null);
    }

    public static int cuMemsetD16AsyncNative(final CUdeviceptr dstDevice, final short us, final long N,
        final CUstream hStream)
    {
        final int captured = StreamCaptures.memset(streamHandle(hStream), JCudaPointers.address(dstDevice), us & 0xFFFFL,
            Short.BYTES, N);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_MEMSET,
            memsetArgs(dstDevice, us & 0xFFFFL, N, Short.BYTES, streamHandle(hStream)), null);
    }

    public static int cuMemsetD32AsyncNative(final CUdeviceptr dstDevice, final int ui, final long N,
        final CUstream hStream)
    {
        final int captured = StreamCaptures.memset(streamHandle(hStream), JCudaPointers.address(dstDevice), Integer.toUnsignedLong(ui),
            Integer.BYTES, N);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_MEMSET,
            memsetArgs(dstDevice, Integer.toUnsignedLong(ui), N, Integer.BYTES, streamHandle(hStream)), null);
    }

    public static int cuStreamCreateNative(final CUstream phStream, final int flags)
    {
        return create(Function.CU_STREAM_CREATE, phStream, flags);
    }

    public static int cuStreamDestroyNative(final CUstream hStream)
    {
        StreamCaptures.streamDestroyed(streamHandle(hStream));
        return inContext(Function.CU_STREAM_DESTROY, new long[]{ streamHandle(hStream) }, null, null, null);
    }

    public static int cuStreamSynchronizeNative(final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuStreamSynchronize");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_STREAM_SYNCHRONIZE, new long[]{ streamHandle(hStream) }, null, null, null);
    }

    public static int cuStreamQueryNative(final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuStreamQuery");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_STREAM_QUERY, new long[]{ streamHandle(hStream) }, null, null, null);
    }

    public static int cuStreamWaitEventNative(final CUstream hStream, final CUevent hEvent, final int flags)
    {
        final int captured = StreamCaptures.waitEvent(streamHandle(hStream), hEvent, flags);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_STREAM_WAIT_EVENT,
            new long[]{ streamHandle(hStream), JCudaPointers.nativePointer(hEvent), Integer.toUnsignedLong(flags) },
            null);
    }

    /**
     * The callback runs in this process, on the agent's callback thread, when the stream reaches it on the executor;
     * the stream waits for it, as CUDA's does. JCuda passes the callback the stream object the program gave.
     */
    public static int cuStreamAddCallbackNative(
        final CUstream hStream, final CUstreamCallback callback, final Object userData, final int flags)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuStreamAddCallback");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return addCallback(Function.CU_STREAM_ADD_CALLBACK, hStream, Integer.toUnsignedLong(flags),
            status -> callback.call(hStream, status, userData));
    }

    /**
     * As {@link #cuStreamAddCallbackNative}, for a host function, which gets no status.
     */
    public static int cuLaunchHostFuncNative(final CUstream hStream, final CUhostFn fn, final Object userData)
    {
        final int captured = StreamCaptures.hostFunction(streamHandle(hStream), fn, userData);
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return addCallback(Function.CU_LAUNCH_HOST_FUNC, hStream, 0, status -> fn.call(userData));
    }

    public static int cuEventCreateNative(final CUevent phEvent, final int flags)
    {
        return create(Function.CU_EVENT_CREATE, phEvent, flags);
    }

    public static int cuEventRecordNative(final CUevent hEvent, final CUstream hStream)
    {
        final int captured = StreamCaptures.recordEvent(JCudaPointers.nativePointer(hEvent), streamHandle(hStream));
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return pipelinedInContext(Function.CU_EVENT_RECORD,
            new long[]{ JCudaPointers.nativePointer(hEvent), streamHandle(hStream) }, null);
    }

    public static int cuEventQueryNative(final CUevent hEvent)
    {
        final int captured = StreamCaptures.eventUse(JCudaPointers.nativePointer(hEvent), "cuEventQuery");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_EVENT_QUERY, new long[]{ JCudaPointers.nativePointer(hEvent) }, null, null,
            null);
    }

    public static int cuEventSynchronizeNative(final CUevent hEvent)
    {
        final int captured = StreamCaptures.eventUse(JCudaPointers.nativePointer(hEvent), "cuEventSynchronize");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_EVENT_SYNCHRONIZE, new long[]{ JCudaPointers.nativePointer(hEvent) }, null,
            null, null);
    }

    public static int cuEventDestroyNative(final CUevent hEvent)
    {
        return inContext(Function.CU_EVENT_DESTROY, new long[]{ JCudaPointers.nativePointer(hEvent) }, null, null,
            null);
    }

    public static int cuEventElapsedTimeNative(final float[] pMilliseconds, final CUevent hStart, final CUevent hEnd)
    {
        final int capturedStart = StreamCaptures.eventUse(JCudaPointers.nativePointer(hStart), "cuEventElapsedTime");
        if (capturedStart != StreamCaptures.NOT_CAPTURED)
        {
            return capturedStart;
        }
        final int capturedEnd = StreamCaptures.eventUse(JCudaPointers.nativePointer(hEnd), "cuEventElapsedTime");
        if (capturedEnd != StreamCaptures.NOT_CAPTURED)
        {
            return capturedEnd;
        }
        final long[] results = new long[1];
        final int status = inContext(Function.CU_EVENT_ELAPSED_TIME,
            new long[]{ JCudaPointers.nativePointer(hStart), JCudaPointers.nativePointer(hEnd) }, null, null,
            results);
        if (status == DriverStatus.SUCCESS)
        {
            pMilliseconds[0] = Float.intBitsToFloat((int)results[0]);
        }
        return status;
    }

    // Stream-ordered allocation, memory pools, stream priorities, cooperative launches, primary-context flags, and
    // what the agent answers from other remote calls (the device of a PCI bus id, the occupancy calculator).

    public static int cuMemAllocAsyncNative(final CUdeviceptr dptr, final long bytesize, final CUstream hStream)
    {
        // As JCuda's own native: the default stream is a CUstream whose pointer is null, not null.
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemAllocAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return allocateAsync(dptr, bytesize, 0, hStream);
    }

    public static int cuMemAllocFromPoolAsyncNative(
        final CUdeviceptr dptr, final long bytesize, final CUmemoryPool pool, final CUstream hStream)
    {
        final long handle = JCudaPointers.nativePointer(pool);
        if (handle == 0)
        {
            return invalidValue("cuMemAllocFromPoolAsync", "the pool is null");
        }
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemAllocFromPoolAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return allocateAsync(dptr, bytesize, handle, hStream);
    }

    /**
     * Answered, not pipelined: a pointer that is not a live allocation of the session fails here, as CUDA fails it.
     */
    public static int cuMemFreeAsyncNative(final CUdeviceptr dptr, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuMemFreeAsync");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return inContext(Function.CU_MEM_FREE_ASYNC, new long[]{ JCudaPointers.address(dptr), streamHandle(hStream) },
            null, null, null);
    }

    /**
     * The pool is the executor's, on the device the location names; {@code win32SecurityAttributes} means nothing on
     * the executor's Linux host and is not sent.
     */
    public static int cuMemPoolCreateNative(final CUmemoryPool pool, final CUmemPoolProps poolProps)
    {
        final long locationType = poolProps.location == null ? 0 : poolProps.location.type;
        final long locationId = poolProps.location == null ? 0 : poolProps.location.id;
        final long[] results = new long[1];
        final int status = call(Function.CU_MEM_POOL_CREATE, new long[]{ poolProps.allocType,
            Integer.toUnsignedLong(poolProps.handleTypes), locationType, locationId }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pool, results[0]);
        }
        return status;
    }

    public static int cuMemPoolDestroyNative(final CUmemoryPool pool)
    {
        requireNonNull(pool, "pool", "cuMemPoolDestroy");
        return call(Function.CU_MEM_POOL_DESTROY, new long[]{ JCudaPointers.nativePointer(pool) }, null, null, null);
    }

    public static int cuMemPoolTrimToNative(final CUmemoryPool pool, final long minBytesToKeep)
    {
        return call(Function.CU_MEM_POOL_TRIM_TO, new long[]{ JCudaPointers.nativePointer(pool), minBytesToKeep },
            null, null, null);
    }

    public static int cuStreamCreateWithPriorityNative(final CUstream phStream, final int flags, final int priority)
    {
        final long[] results = new long[1];
        final int status = inContext(Function.CU_STREAM_CREATE_WITH_PRIORITY,
            new long[]{ Integer.toUnsignedLong(flags), priority }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(phStream, results[0]);
        }
        return status;
    }

    /**
     * As {@link #cuLaunchKernelNative} (the parameters are checked here against the kernel), answered: CUDA fails a
     * grid that cannot be resident at once with CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE at the call.
     */
    public static int cuLaunchCooperativeKernelNative(
        final CUfunction f,
        final int gridDimX,
        final int gridDimY,
        final int gridDimZ,
        final int blockDimX,
        final int blockDimY,
        final int blockDimZ,
        final int sharedMemBytes,
        final CUstream hStream,
        final Pointer kernelParams)
    {
        return launch("cuLaunchCooperativeKernel", f,
            new int[]{ gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ }, sharedMemBytes, hStream,
            kernelParams, null, true);
    }

    /**
     * The flags of the session's primary context of the device: those it is made with, and its flags now while it
     * is active.
     */
    public static int cuDevicePrimaryCtxSetFlagsNative(final CUdevice dev, final int flags)
    {
        return call(Function.CU_DEVICE_PRIMARY_CTX_SET_FLAGS, new long[]{ ordinal(dev), Integer.toUnsignedLong(flags) },
            null, null, null);
    }

    /**
     * Answered here: each device's PCI bus id comes from its executor ({@code cuDeviceGetPCIBusId}), and the first
     * whose domain, bus and device match is the answer, in the client's numbering. CUDA_ERROR_INVALID_VALUE for text
     * that is no PCI bus id, CUDA_ERROR_INVALID_DEVICE when no device has it.
     */
    public static int cuDeviceGetByPCIBusIdNative(final CUdevice dev, final String pciBusId)
    {
        final int[] count = new int[1];
        int status = cuDeviceGetCountNative(count);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long wanted = PciBusIds.parse(pciBusId);
        if (wanted < 0)
        {
            return invalidValue("cuDeviceGetByPCIBusId", "'" + pciBusId + "' is not a PCI bus id");
        }
        final int[] device = new int[1];
        status = PciBusIds.find(wanted, count[0], true, device);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(dev, device[0]);
        }
        return status;
    }

    public static int cuOccupancyMaxPotentialBlockSizeNative(
        final int[] minGridSize, final int[] blockSize, final CUfunction func,
        final CUoccupancyB2DSize blockSizeToDynamicSMemSize, final long dynamicSMemSize, final int blockSizeLimit)
    {
        return cuOccupancyMaxPotentialBlockSizeWithFlagsNative(minGridSize, blockSize, func,
            blockSizeToDynamicSMemSize, dynamicSMemSize, blockSizeLimit, 0);
    }

    /**
     * Computed here as CUDA's occupancy calculator computes it ({@link OccupancyCalculator}), from the executor's
     * device and kernel; the callback is the client's own object, called here for each block size tried.
     */
    public static int cuOccupancyMaxPotentialBlockSizeWithFlagsNative(
        final int[] minGridSize, final int[] blockSize, final CUfunction func,
        final CUoccupancyB2DSize blockSizeToDynamicSMemSize, final long dynamicSMemSize, final int blockSizeLimit,
        final int flags)
    {
        return OccupancyCalculator.maxPotentialBlockSize(minGridSize, blockSize, func, blockSizeToDynamicSMemSize,
            dynamicSMemSize, blockSizeLimit, flags);
    }

    /**
     * A fat binary is a module image like any other: loaded as {@code cuModuleLoadData} loads it (the emulator runs
     * PTX only and refuses it as it refuses any binary image).
     */
    public static int cuModuleLoadFatBinaryNative(final CUmodule module, final byte[] fatCubin)
    {
        return loadModule(module, new ByteArrayPayload(fatCubin));
    }

    /**
     * As {@link #cuModuleLoadDataExNative}: the image is loaded by the executor, and the error and information logs
     * the options ask for ({@code CU_JIT_ERROR_LOG_BUFFER}, {@code CU_JIT_INFO_LOG_BUFFER}) come back into them,
     * cut to the sizes they give; the other options are not sent, as for cuModuleLoadDataEx.
     */
    public static int cuModuleLoadDataJITNative(final CUmodule module, final Pointer pointer,
        final JITOptions jitOptions)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        final long extent = JCudaHostRanges.extent(pointer);
        if (extent <= 0)
        {
            return invalidValue("cuModuleLoadDataJIT", "the image is not in host memory, or empty");
        }
        final HostRange image;
        try
        {
            image = JCudaHostRanges.of(pointer, extent);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuModuleLoadDataJIT", "the image: " + ex.getMessage());
        }
        final int status = loadModule(module, image);
        if (jitOptions != null)
        {
            JitLogBuffers.fill(jitOptions, status == DriverStatus.SUCCESS ? "" : client().lastFailureMessage());
        }
        return status;
    }

    /**
     * The two attributes JCuda's value carries: the access policy window (its base a device address of the
     * session) and the synchronization policy; any other is CUDA_ERROR_NOT_SUPPORTED from the executor, saying so.
     */
    public static int cuStreamGetAttributeNative(final CUstream hStream, final int attr, final CUstreamAttrValue value)
    {
        final long[] results = new long[5];
        final int status = inContext(Function.CU_STREAM_GET_ATTRIBUTE, new long[]{ streamHandle(hStream), attr },
            null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            if (attr == STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
            {
                value.syncPolicy = (int)results[0];
            }
            else
            {
                value.accessPolicyWindow = AccessPolicyWindows.of(results);
            }
        }
        return status;
    }

    public static int cuStreamSetAttributeNative(final CUstream hStream, final int attr, final CUstreamAttrValue value)
    {
        final long[] args;
        if (attr == STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
        {
            final CUaccessPolicyWindow window = value.accessPolicyWindow;
            requireNonNull(window, "value.accessPolicyWindow", "cuStreamSetAttribute");
            args = new long[]{ streamHandle(hStream), attr,
                window.base_ptr == null ? 0 : JCudaPointers.address(window.base_ptr), window.num_bytes,
                Integer.toUnsignedLong(Float.floatToRawIntBits(window.hitRatio)), window.hitProp, window.missProp };
        }
        else
        {
            args = new long[]{ streamHandle(hStream), attr, value.syncPolicy };
        }
        return inContext(Function.CU_STREAM_SET_ATTRIBUTE, args, null, null, null);
    }

    private static final int STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
    private static final int STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3;

    /**
     * Deprecated in CUDA, and made there of the device's attributes 1 to 14 in order (threads per block, block and
     * grid dimensions, shared and constant memory, warp size, pitch, registers, clock rate, texture alignment):
     * made here the same way, of the executor's device's attributes.
     */
    public static int cuDeviceGetPropertiesNative(final CUdevprop prop, final CUdevice dev)
    {
        final int[] values = new int[15];
        final int[] value = new int[1];
        for (int attribute = 1; attribute < values.length; attribute++)
        {
            final int status = cuDeviceGetAttributeNative(value, attribute, dev);
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            values[attribute] = value[0];
        }
        prop.maxThreadsPerBlock = values[1];
        prop.maxThreadsDim = new int[]{ values[2], values[3], values[4] };
        prop.maxGridSize = new int[]{ values[5], values[6], values[7] };
        prop.sharedMemPerBlock = values[8];
        prop.totalConstantMemory = values[9];
        prop.SIMDWidth = values[10];
        prop.memPitch = values[11];
        prop.regsPerBlock = values[12];
        prop.clockRate = values[13];
        prop.textureAlign = values[14];
        return DriverStatus.SUCCESS;
    }

    // cuCtxAttach and cuCtxDetach (deprecated, still in CUDA's driver): a context's usage count, kept here, as CUDA
    // keeps it in the process. A context of cuCtxCreate counts 1; the detach that takes it to 0 destroys it.

    /** The attaches of each context, beyond the 1 it was created with. */
    private static final java.util.Map<Long, Integer> ATTACHES = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The current context, with its usage count raised; flags must be 0.
     */
    public static int cuCtxAttachNative(final CUcontext pctx, final int flags)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        if (flags != 0)
        {
            return invalidValue("cuCtxAttach", "flags must be 0, got " + flags);
        }
        ATTACHES.merge(context, 1, Integer::sum);
        JCudaPointers.setNativePointer(pctx, context);
        return DriverStatus.SUCCESS;
    }

    /**
     * Lowers the usage count of the context, which must be current to the thread; the detach that takes it to 0
     * destroys it, as cuCtxDestroy does.
     */
    public static int cuCtxDetachNative(final CUcontext ctx)
    {
        final long context = JCudaPointers.nativePointer(ctx);
        if (!DriverContexts.isLive(context))
        {
            return notAContext(context);
        }
        if (context != DriverContexts.current())
        {
            AgentLog.warnOnce("cuCtxDetach: the context must be current to the calling thread; returning " +
                "CUDA_ERROR_INVALID_CONTEXT");
            return DriverStatus.INVALID_CONTEXT;
        }
        final boolean[] wasAttached = new boolean[1];
        ATTACHES.computeIfPresent(context, (key, count) ->
        {
            wasAttached[0] = true;
            return count == 1 ? null : count - 1;
        });
        return wasAttached[0] ? DriverStatus.SUCCESS : cuCtxDestroyNative(ctx);
    }

    // The JIT linker: the inputs gathered here, linked by the executor at cuLinkComplete (LinkStates).

    public static int cuLinkCreateNative(final JITOptions jitOptions, final CUlinkState stateOut)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        return LinkStates.create(jitOptions, stateOut);
    }

    public static int cuLinkAddDataNative(final CUlinkState state, final int type, final Pointer data,
        final long size, final String name, final JITOptions jitOptions)
    {
        requireNonNull(data, "data", "cuLinkAddData");
        return LinkStates.addData(state, type, data, size);
    }

    /** The file is read here, in the client, where its path means something. */
    public static int cuLinkAddFileNative(final CUlinkState state, final int type, final String path,
        final JITOptions jitOptions)
    {
        return LinkStates.addFile(state, type, path);
    }

    public static int cuLinkCompleteNative(final CUlinkState state, final Pointer cubinOut, final long[] sizeOut)
    {
        return LinkStates.complete(state, cubinOut, sizeOut);
    }

    public static int cuLinkDestroyNative(final CUlinkState state)
    {
        return LinkStates.destroy(state);
    }

    /** The function-table row of {@code cuParamSeti} (gpurelay-functions.txt). */
    private static final int PARAM_SETI_ROW = 1402;

    /**
     * The float's four bytes, set as {@code cuParamSeti} sets a word: the same bytes at the same offset of the
     * kernel's parameter buffer.
     */
    public static int cuParamSetfNative(final CUfunction hfunc, final int offset, final float value)
    {
        return TableCalls.call(PARAM_SETI_ROW, new Object[]{ hfunc, offset, Float.floatToRawIntBits(value) });
    }

    /**
     * The bytes, read from the client's memory, set a word at a time with {@code cuParamSeti}: the same bytes at the
     * same offsets of the kernel's parameter buffer. A length that is not a whole number of 4-byte words (parameters
     * are words, pointers and doubles two) is not remoted: CUDA_ERROR_NOT_SUPPORTED, saying so.
     */
    public static int cuParamSetvNative(final CUfunction hfunc, final int offset, final Pointer ptr, final int numbytes)
    {
        if (numbytes < 0 || offset < 0)
        {
            return invalidValue("cuParamSetv", "offset " + offset + " and size " + numbytes + " must not be negative");
        }
        if (numbytes % Integer.BYTES != 0)
        {
            AgentLog.warnOnce("cuParamSetv: " + numbytes + " bytes are not whole 4-byte words, which gpurelay sets " +
                "the parameter buffer in; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        final byte[] bytes = new byte[numbytes];
        try
        {
            JCudaHostRanges.of(ptr, numbytes).copyTo(0, new org.agrona.concurrent.UnsafeBuffer(bytes), 0, numbytes);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cuParamSetv", "the value: " + ex.getMessage());
        }
        final java.nio.ByteBuffer words = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.nativeOrder());
        for (int at = 0; at < numbytes; at += Integer.BYTES)
        {
            final int status = TableCalls.call(PARAM_SETI_ROW, new Object[]{ hfunc, offset + at, words.getInt(at) });
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
        }
        return DriverStatus.SUCCESS;
    }

    private static int allocateAsync(final CUdeviceptr dptr, final long bytesize, final long pool,
        final CUstream hStream)
    {
        final long[] results = new long[1];
        final int status = inContext(Function.CU_MEM_ALLOC_ASYNC, new long[]{ bytesize, streamHandle(hStream), pool },
            null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(dptr, results[0]);
        }
        return status;
    }

    // Virtual memory management and pointer attributes (family "virtual memory"): JCudaDriverVirtualMemory.

    public static int cuMemGetAllocationGranularityNative(
        final long[] granularity, final CUmemAllocationProp prop, final int option)
    {
        return JCudaDriverVirtualMemory.granularity(granularity, prop, option);
    }

    public static int cuMemAddressReserveNative(
        final CUdeviceptr ptr, final long size, final long alignment, final CUdeviceptr addr, final long flags)
    {
        return JCudaDriverVirtualMemory.reserve(ptr, size, alignment, addr, flags);
    }

    public static int cuMemAddressFreeNative(final CUdeviceptr ptr, final long size)
    {
        return JCudaDriverVirtualMemory.free(ptr, size);
    }

    public static int cuMemCreateNative(
        final CUmemGenericAllocationHandle handle, final long size, final CUmemAllocationProp prop, final long flags)
    {
        return JCudaDriverVirtualMemory.create(handle, size, prop, flags);
    }

    public static int cuMemReleaseNative(final CUmemGenericAllocationHandle handle)
    {
        return JCudaDriverVirtualMemory.release(handle);
    }

    public static int cuMemRetainAllocationHandleNative(final CUmemGenericAllocationHandle handle, final Pointer addr)
    {
        return JCudaDriverVirtualMemory.retain(handle, addr);
    }

    public static int cuMemMapNative(final CUdeviceptr ptr, final long size, final long offset,
        final CUmemGenericAllocationHandle handle, final long flags)
    {
        return JCudaDriverVirtualMemory.map(ptr, size, offset, handle, flags);
    }

    public static int cuMemUnmapNative(final CUdeviceptr ptr, final long size)
    {
        return JCudaDriverVirtualMemory.unmap(ptr, size);
    }

    public static int cuMemSetAccessNative(
        final CUdeviceptr ptr, final long size, final CUmemAccessDesc[] desc, final long count)
    {
        return JCudaDriverVirtualMemory.setAccess(ptr, size, desc, count);
    }

    public static int cuMemGetAccessNative(final long[] flags, final CUmemLocation location, final CUdeviceptr ptr)
    {
        return JCudaDriverVirtualMemory.getAccess(flags, location, ptr);
    }

    public static int cuMemGetAllocationPropertiesFromHandleNative(
        final CUmemAllocationProp prop, final CUmemGenericAllocationHandle handle)
    {
        return JCudaDriverVirtualMemory.propertiesFromHandle(prop, handle);
    }

    public static int cuPointerSetAttributeNative(final Pointer value, final int attribute, final CUdeviceptr ptr)
    {
        return JCudaDriverVirtualMemory.pointerSetAttribute(value, attribute, ptr);
    }

    // CUDA graphs: the executor's objects (JCudaDriverGraphs).

    public static int cuGraphCreateNative(final CUgraph phGraph, final int flags)
    {
        return JCudaDriverGraphs.create(phGraph, flags);
    }

    public static int cuGraphDestroyNative(final CUgraph hGraph)
    {
        return JCudaDriverGraphs.destroy(hGraph);
    }

    public static int cuGraphAddKernelNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.addKernelNode(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
    }

    public static int cuGraphKernelNodeGetParamsNative(
        final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.kernelNodeGetParams(hNode, nodeParams);
    }

    public static int cuGraphKernelNodeSetParamsNative(
        final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.kernelNodeSetParams(hNode, nodeParams);
    }

    public static int cuGraphExecKernelNodeSetParamsNative(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.execKernelNodeSetParams(hGraphExec, hNode, nodeParams);
    }

    /**
     * The node's context is not sent: the executor runs a memset node on the stream the graph is launched on, in
     * that stream's context.
     */
    public static int cuGraphAddMemsetNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUDA_MEMSET_NODE_PARAMS memsetParams,
        final CUcontext ctx)
    {
        return JCudaDriverGraphs.addMemsetNode(phGraphNode, hGraph, dependencies, numDependencies, memsetParams);
    }

    public static int cuGraphMemsetNodeGetParamsNative(
        final CUgraphNode hNode, final CUDA_MEMSET_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.memsetNodeGetParams(hNode, nodeParams);
    }

    public static int cuGraphMemsetNodeSetParamsNative(
        final CUgraphNode hNode, final CUDA_MEMSET_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.memsetNodeSetParams(hNode, nodeParams);
    }

    public static int cuGraphExecMemsetNodeSetParamsNative(final CUgraphExec hGraphExec, final CUgraphNode hNode,
        final CUDA_MEMSET_NODE_PARAMS memsetParams, final CUcontext ctx)
    {
        return JCudaDriverGraphs.execMemsetNodeSetParams(hGraphExec, hNode, memsetParams);
    }

    /**
     * Between device memory only; a node whose source or destination is host memory is refused with
     * CUDA_ERROR_NOT_SUPPORTED, by name: that memory is in this process, not where the graph runs.
     */
    public static int cuGraphAddMemcpyNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUDA_MEMCPY3D copyParams,
        final CUcontext ctx)
    {
        return JCudaDriverGraphs.addMemcpyNode(phGraphNode, hGraph, dependencies, numDependencies, copyParams);
    }

    public static int cuGraphMemcpyNodeGetParamsNative(final CUgraphNode hNode, final CUDA_MEMCPY3D nodeParams)
    {
        return JCudaDriverGraphs.memcpyNodeGetParams(hNode, nodeParams);
    }

    public static int cuGraphMemcpyNodeSetParamsNative(final CUgraphNode hNode, final CUDA_MEMCPY3D nodeParams)
    {
        return JCudaDriverGraphs.memcpyNodeSetParams(hNode, nodeParams);
    }

    public static int cuGraphExecMemcpyNodeSetParamsNative(final CUgraphExec hGraphExec, final CUgraphNode hNode,
        final CUDA_MEMCPY3D copyParams, final CUcontext ctx)
    {
        return JCudaDriverGraphs.execMemcpyNodeSetParams(hGraphExec, hNode, copyParams);
    }

    public static int cuGraphAddEmptyNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies)
    {
        return JCudaDriverGraphs.addEmptyNode(phGraphNode, hGraph, dependencies, numDependencies);
    }

    public static int cuGraphAddEventRecordNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUevent event)
    {
        return JCudaDriverGraphs.addEventNode(true, phGraphNode, hGraph, dependencies, numDependencies, event);
    }

    public static int cuGraphAddEventWaitNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUevent event)
    {
        return JCudaDriverGraphs.addEventNode(false, phGraphNode, hGraph, dependencies, numDependencies, event);
    }

    public static int cuGraphEventRecordNodeGetEventNative(final CUgraphNode hNode, final CUevent event_out)
    {
        return JCudaDriverGraphs.eventNodeGetEvent("cuGraphEventRecordNodeGetEvent", hNode, event_out);
    }

    public static int cuGraphEventRecordNodeSetEventNative(final CUgraphNode hNode, final CUevent event)
    {
        return JCudaDriverGraphs.eventNodeSetEvent("cuGraphEventRecordNodeSetEvent", hNode, event);
    }

    public static int cuGraphEventWaitNodeGetEventNative(final CUgraphNode hNode, final CUevent event_out)
    {
        return JCudaDriverGraphs.eventNodeGetEvent("cuGraphEventWaitNodeGetEvent", hNode, event_out);
    }

    public static int cuGraphEventWaitNodeSetEventNative(final CUgraphNode hNode, final CUevent event)
    {
        return JCudaDriverGraphs.eventNodeSetEvent("cuGraphEventWaitNodeSetEvent", hNode, event);
    }

    public static int cuGraphExecEventRecordNodeSetEventNative(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUevent event)
    {
        return JCudaDriverGraphs.execEventNodeSetEvent("cuGraphExecEventRecordNodeSetEvent", hGraphExec, hNode,
            event);
    }

    public static int cuGraphExecEventWaitNodeSetEventNative(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUevent event)
    {
        return JCudaDriverGraphs.execEventNodeSetEvent("cuGraphExecEventWaitNodeSetEvent", hGraphExec, hNode, event);
    }

    public static int cuGraphAddChildGraphNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUgraph childGraph)
    {
        return JCudaDriverGraphs.addChildGraphNode(phGraphNode, hGraph, dependencies, numDependencies, childGraph);
    }

    public static int cuGraphChildGraphNodeGetGraphNative(final CUgraphNode hNode, final CUgraph phGraph)
    {
        return JCudaDriverGraphs.childGraphNodeGetGraph(hNode, phGraph);
    }

    public static int cuGraphExecChildGraphNodeSetParamsNative(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUgraph childGraph)
    {
        return JCudaDriverGraphs.execChildGraphNodeSetParams(hGraphExec, hNode, childGraph);
    }

    public static int cuGraphNodeGetTypeNative(final CUgraphNode hNode, final int[] type)
    {
        return JCudaDriverGraphs.nodeGetType(hNode, type);
    }

    public static int cuGraphGetNodesNative(final CUgraph hGraph, final CUgraphNode[] nodes, final long[] numNodes)
    {
        return JCudaDriverGraphs.nodeList(Function.CU_GRAPH_GET_NODES, "cuGraphGetNodes", hGraph, nodes, numNodes);
    }

    public static int cuGraphGetRootNodesNative(
        final CUgraph hGraph, final CUgraphNode[] rootNodes, final long[] numRootNodes)
    {
        return JCudaDriverGraphs.nodeList(Function.CU_GRAPH_GET_ROOT_NODES, "cuGraphGetRootNodes", hGraph, rootNodes,
            numRootNodes);
    }

    public static int cuGraphGetEdgesNative(
        final CUgraph hGraph, final CUgraphNode[] from, final CUgraphNode[] to, final long[] numEdges)
    {
        return JCudaDriverGraphs.getEdges(hGraph, from, to, numEdges);
    }

    public static int cuGraphNodeGetDependenciesNative(
        final CUgraphNode hNode, final CUgraphNode[] dependencies, final long[] numDependencies)
    {
        return JCudaDriverGraphs.nodeList(Function.CU_GRAPH_NODE_GET_DEPENDENCIES, "cuGraphNodeGetDependencies",
            hNode, dependencies, numDependencies);
    }

    public static int cuGraphNodeGetDependentNodesNative(
        final CUgraphNode hNode, final CUgraphNode[] dependentNodes, final long[] numDependentNodes)
    {
        return JCudaDriverGraphs.nodeList(Function.CU_GRAPH_NODE_GET_DEPENDENT_NODES,
            "cuGraphNodeGetDependentNodes", hNode, dependentNodes, numDependentNodes);
    }

    public static int cuGraphAddDependenciesNative(
        final CUgraph hGraph, final CUgraphNode[] from, final CUgraphNode[] to, final long numDependencies)
    {
        return JCudaDriverGraphs.changeDependencies(true, hGraph, from, to, numDependencies);
    }

    public static int cuGraphRemoveDependenciesNative(
        final CUgraph hGraph, final CUgraphNode[] from, final CUgraphNode[] to, final long numDependencies)
    {
        return JCudaDriverGraphs.changeDependencies(false, hGraph, from, to, numDependencies);
    }

    public static int cuGraphDestroyNodeNative(final CUgraphNode hNode)
    {
        return JCudaDriverGraphs.destroyNode(hNode);
    }

    public static int cuGraphCloneNative(final CUgraph phGraphClone, final CUgraph originalGraph)
    {
        return JCudaDriverGraphs.clone(phGraphClone, originalGraph);
    }

    public static int cuGraphNodeFindInCloneNative(
        final CUgraphNode phNode, final CUgraphNode hOriginalNode, final CUgraph hClonedGraph)
    {
        return JCudaDriverGraphs.nodeFindInClone(phNode, hOriginalNode, hClonedGraph);
    }

    public static int cuGraphInstantiateNative(final CUgraphExec phGraphExec, final CUgraph hGraph, final long flags)
    {
        return JCudaDriverGraphs.instantiate(phGraphExec, hGraph, flags);
    }

    /**
     * Pipelined, as a kernel launch is: the executor runs the graph's nodes on the stream in a topological order.
     */
    public static int cuGraphLaunchNative(final CUgraphExec hGraphExec, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuGraphLaunch");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return JCudaDriverGraphs.launch(false, hGraphExec, streamHandle(hStream));
    }

    public static int cuGraphUploadNative(final CUgraphExec hGraphExec, final CUstream hStream)
    {
        final int captured = StreamCaptures.refuse(streamHandle(hStream), "cuGraphUpload");
        if (captured != StreamCaptures.NOT_CAPTURED)
        {
            return captured;
        }
        return JCudaDriverGraphs.launch(true, hGraphExec, streamHandle(hStream));
    }

    // Kernel node attributes (issue #13, family "capture"): kept in the executor's node, see JCudaDriverGraphs.

    public static int cuGraphKernelNodeGetAttributeNative(
        final CUgraphNode hNode, final int attr, final CUkernelNodeAttrValue value_out)
    {
        return JCudaDriverGraphs.kernelNodeGetAttribute(hNode, attr, value_out);
    }

    public static int cuGraphKernelNodeSetAttributeNative(
        final CUgraphNode hNode, final int attr, final CUkernelNodeAttrValue value)
    {
        return JCudaDriverGraphs.kernelNodeSetAttribute(hNode, attr, value);
    }

    public static int cuGraphKernelNodeCopyAttributesNative(final CUgraphNode dst, final CUgraphNode src)
    {
        return JCudaDriverGraphs.kernelNodeCopyAttributes(dst, src);
    }

    // Stream capture (issue #13, family "capture"): kept by the agent, see StreamCaptures.

    public static int cuStreamBeginCaptureNative(final CUstream hStream, final int mode)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        return StreamCaptures.begin(streamHandle(hStream), mode);
    }

    public static int cuStreamEndCaptureNative(final CUstream hStream, final CUgraph phGraph)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        return StreamCaptures.end(streamHandle(hStream), phGraph);
    }

    /**
     * Answered here, where the capture state is: the executor runs no capture.
     */
    public static int cuStreamIsCapturingNative(final CUstream hStream, final int[] captureStatus)
    {
        if (!DriverContexts.isLive(DriverContexts.current()))
        {
            return noCurrentContext();
        }
        captureStatus[0] = StreamCaptures.status(streamHandle(hStream));
        return DriverStatus.SUCCESS;
    }

    public static int cuThreadExchangeStreamCaptureModeNative(final int[] mode)
    {
        return StreamCaptures.exchangeMode(mode);
    }

    /**
     * The host function runs in this process, on the agent's callback thread, when a launch's stream reaches the node,
     * as {@link #cuLaunchHostFuncNative}'s does.
     */
    public static int cuGraphAddHostNodeNative(final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.addHostNode(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
    }

    public static int cuGraphHostNodeGetParamsNative(final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.hostNodeGetParams(hNode, nodeParams);
    }

    public static int cuGraphHostNodeSetParamsNative(final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.hostNodeSetParams(hNode, nodeParams);
    }

    public static int cuGraphExecHostNodeSetParamsNative(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        return JCudaDriverGraphs.execHostNodeSetParams(hGraphExec, hNode, nodeParams);
    }

    public static int cuGraphExecDestroyNative(final CUgraphExec hGraphExec)
    {
        return JCudaDriverGraphs.execDestroy(hGraphExec);
    }

    // OpenGL interop (family "OpenGL interop", DriverGlInterop): the copy through host memory that a remote GPU needs,
    // done for the program at each map and unmap. Registering GL images is not remoted (InteropRefusals).

    /**
     * Deprecated in CUDA, where it does nothing; the same here.
     */
    public static int cuGLInitNative()
    {
        return DriverStatus.SUCCESS;
    }

    /**
     * Deprecated in CUDA: cuCtxCreate, since any device of the session can serve the GL context.
     */
    public static int cuGLCtxCreateNative(final CUcontext pCtx, final int flags, final CUdevice device)
    {
        return DriverGlInterop.ctxCreate(pCtx, flags, device);
    }

    public static int cuGLGetDevicesNative(final int[] pCudaDeviceCount, final CUdevice[] pCudaDevices,
        final int cudaDeviceCount, final int deviceList)
    {
        return DriverGlInterop.getDevices(pCudaDeviceCount, pCudaDevices, cudaDeviceCount, deviceList);
    }

    public static int cuGraphicsGLRegisterBufferNative(final CUgraphicsResource pCudaResource, final int buffer,
        final int flags)
    {
        return DriverGlInterop.registerBuffer(pCudaResource, buffer, flags);
    }

    public static int cuGraphicsUnregisterResourceNative(final CUgraphicsResource resource)
    {
        return DriverGlInterop.RESOURCES.unregister("cuGraphicsUnregisterResource",
            JCudaPointers.nativePointer(resource));
    }

    public static int cuGraphicsResourceSetMapFlagsNative(final CUgraphicsResource resource, final int flags)
    {
        return DriverGlInterop.RESOURCES.setMapFlags("cuGraphicsResourceSetMapFlags",
            JCudaPointers.nativePointer(resource), flags);
    }

    /**
     * Reads each GL buffer and copies it to the device, ordered on the stream (unless mapped write-discard).
     */
    public static int cuGraphicsMapResourcesNative(final int count, final CUgraphicsResource[] resources,
        final CUstream hStream)
    {
        return DriverGlInterop.map(count, resources, hStream);
    }

    /**
     * Copies each buffer's device bytes back after the stream's earlier work and writes them into GL (unless mapped
     * read-only); returns when they are in GL.
     */
    public static int cuGraphicsUnmapResourcesNative(final int count, final CUgraphicsResource[] resources,
        final CUstream hStream)
    {
        return DriverGlInterop.unmap(count, resources, hStream);
    }

    public static int cuGraphicsResourceGetMappedPointerNative(final CUdeviceptr pDevPtr, final long[] pSize,
        final CUgraphicsResource resource)
    {
        return DriverGlInterop.mappedPointer(pDevPtr, pSize, resource);
    }

    /**
     * Only registered GL images map as arrays, and they are not remoted: a mapped buffer answers
     * CUDA_ERROR_NOT_MAPPED_AS_ARRAY, as in CUDA.
     */
    public static int cuGraphicsSubResourceGetMappedArrayNative(final CUarray pArray,
        final CUgraphicsResource resource, final int arrayIndex, final int mipLevel)
    {
        return DriverGlInterop.RESOURCES.mappedArray("cuGraphicsSubResourceGetMappedArray",
            JCudaPointers.nativePointer(resource));
    }

    /**
     * As {@link #cuGraphicsSubResourceGetMappedArrayNative}: a mapped buffer answers CUDA_ERROR_NOT_MAPPED_AS_ARRAY.
     */
    public static int cuGraphicsResourceGetMappedMipmappedArrayNative(final CUmipmappedArray pMipmappedArray,
        final CUgraphicsResource resource)
    {
        return DriverGlInterop.RESOURCES.mappedArray("cuGraphicsResourceGetMappedMipmappedArray",
            JCudaPointers.nativePointer(resource));
    }

    /**
     * Deprecated in CUDA. JCuda has no cuGLRegisterBufferObject, so the first map (or map-flags call) of a buffer
     * registers it; the copy is on the default stream.
     */
    public static int cuGLMapBufferObjectNative(final CUdeviceptr dptr, final long[] size, final int buffer)
    {
        return DriverGlInterop.mapBufferObject("cuGLMapBufferObject", dptr, size, buffer, null);
    }

    public static int cuGLMapBufferObjectAsyncNative(final CUdeviceptr dptr, final long[] size, final int buffer,
        final CUstream hStream)
    {
        return DriverGlInterop.mapBufferObject("cuGLMapBufferObjectAsync", dptr, size, buffer, hStream);
    }

    public static int cuGLUnmapBufferObjectNative(final int buffer)
    {
        return DriverGlInterop.RESOURCES.unmapBufferObject("cuGLUnmapBufferObject", buffer, null);
    }

    public static int cuGLUnmapBufferObjectAsyncNative(final int buffer, final CUstream hStream)
    {
        return DriverGlInterop.RESOURCES.unmapBufferObject("cuGLUnmapBufferObjectAsync", buffer, hStream);
    }

    public static int cuGLUnregisterBufferObjectNative(final int buffer)
    {
        return DriverGlInterop.RESOURCES.unregisterBufferObject("cuGLUnregisterBufferObject", buffer);
    }

    public static int cuGLSetBufferObjectMapFlagsNative(final int buffer, final int flags)
    {
        return DriverGlInterop.RESOURCES.setBufferObjectMapFlags("cuGLSetBufferObjectMapFlags", buffer, flags);
    }

    private static DeviceRouter client()
    {
        return DeviceRouter.installed();
    }

    /**
     * A call that needs no context (device queries, creating contexts); it carries the current one all the same.
     */
    static int call(
        final RemotedFunction function, final long[] args, final PayloadSource payload, final PayloadSink sink,
        final long[] results)
    {
        return DriverCalls.call(function, args, payload, sink, results);
    }

    /**
     * A call that runs in the calling thread's current context. Without a live one CUDA fails it with
     * CUDA_ERROR_INVALID_CONTEXT, and so does this, without a round trip.
     */
    static int inContext(
        final RemotedFunction function, final long[] args, final PayloadSource payload, final PayloadSink sink,
        final long[] results)
    {
        return DriverCalls.inContext(function, args, payload, sink, results);
    }

    private static int addCallback(
        final Function function, final CUstream stream, final long flags, final HostCallback callback)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        return client().addCallback(function, context, streamHandle(stream), flags, callback);
    }

    static int pipelinedInContext(
        final RemotedFunction function, final long[] args, final PayloadSource payload)
    {
        return DriverCalls.pipelinedInContext(function, args, payload);
    }

    /**
     * Without an executor every call says so first; with one, the calling thread has no live context to work in.
     */
    private static int noCurrentContext()
    {
        return DriverCalls.noCurrentContext();
    }

    private static int notAContext(final long context)
    {
        return DriverPeerCopies.notAContext(context);
    }

    private static int loadModule(final CUmodule module, final PayloadSource image)
    {
        final long[] results = new long[1];
        final int status = DriverCalls.loadModule(image, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(module, results[0]);
        }
        return status;
    }


    private static int hostToDevice(
        final String function, final CUdeviceptr destination, final Pointer source, final long count,
        final boolean pipelined, final long stream)
    {
        return hostCopy(function, true, destination, source, count, pipelined, stream);
    }

    private static int deviceToHost(
        final String function, final Pointer destination, final CUdeviceptr source, final long count,
        final long stream, final boolean asynchronous)
    {
        return hostCopy(function, false, source, destination, count, asynchronous, stream);
    }

    /**
     * A copy between device memory and host memory, either way: through the pinned-memory file the host memory is
     * shared by where it can, else relayed (host to device pipelined where {@code overlapped} asks for it).
     *
     * @param overlapped whether the call returns before the copy is done (pipelined, or asynchronous).
     */
    private static int hostCopy(
        final String function, final boolean toDevice, final CUdeviceptr device, final Pointer host,
        final long count, final boolean overlapped, final long stream)
    {
        final HostRange bytes;
        try
        {
            bytes = JCudaHostRanges.of(host, count);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(function, ex.getMessage());
        }
        final long address = JCudaPointers.address(device);
        final int shared = sharedCopy(toDevice ? PinnedMemoryFiles.HOST_TO_DEVICE : PinnedMemoryFiles.DEVICE_TO_HOST,
            address, bytes, overlapped, stream);
        if (shared >= 0)
        {
            return shared;
        }
        final long[] args = { address, count, stream };
        if (!toDevice)
        {
            return inContext(Function.CU_MEMCPY_DTOH, args, null, bytes, null);
        }
        return overlapped ? pipelinedInContext(Function.CU_MEMCPY_HTOD, args, bytes) :
            inContext(Function.CU_MEMCPY_HTOD, args, bytes, null, null);
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
        return asynchronous ? pipelinedInContext(Function.CU_MEMCPY_HOST_MEMORY, args, null) :
            inContext(Function.CU_MEMCPY_HOST_MEMORY, args, null, null, null);
    }

    private static long[] memsetArgs(
        final CUdeviceptr destination, final long value, final long count, final int elementSize, final long stream)
    {
        return new long[]{ JCudaPointers.address(destination), value, count, elementSize, stream };
    }

    /**
     * cuStreamCreate and cuEventCreate: the executor's handle goes into the object, as JCuda's native code does.
     */
    private static int create(final Function function, final NativePointerObject object, final int flags)
    {
        final long[] results = new long[1];
        final int status = inContext(function, new long[]{ Integer.toUnsignedLong(flags) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(object, results[0]);
        }
        return status;
    }

    /**
     * Pinned host memory is shared with the executor when the session offers it, else lives in this process (mapped
     * memory with a device copy on the executor, {@link MappedHostMemory}); CUDA gives it only to a thread with a
     * current context.
     */
    private static int allocateHost(final Pointer pointer, final long size, final int flags, final String function)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        if (size > 0)
        {
            final int[] status = new int[1];
            final SharedHostAllocation shared = client().allocateSharedHost(Function.CU_MEM_HOST_ALLOC,
                Function.CU_MEM_FREE_HOST, context, size, Integer.toUnsignedLong(flags), status);
            if (shared != null)
            {
                JCudaPinnedHostMemory.share(pointer, shared);
                return DriverStatus.SUCCESS;
            }
            if (status[0] != DriverStatus.SUCCESS)
            {
                return status[0];
            }
            if ((flags & CU_MEMHOSTALLOC_DEVICEMAP) != 0)
            {
                final ByteBuffer buffer = MappedHostMemory.allocate(true, size, "JCudaDriver." + function, status);
                if (buffer == null)
                {
                    return status[0];
                }
                JCudaPointers.setHostBuffer(pointer, buffer, PinnedHostMemory.address(buffer));
                return DriverStatus.SUCCESS;
            }
        }
        return JCudaPinnedHostMemory.allocateInto(pointer, size, function, "CUDA_ERROR_OUT_OF_MEMORY") ?
            DriverStatus.SUCCESS : DriverStatus.OUT_OF_MEMORY;
    }

    /**
     * Null, CU_STREAM_LEGACY and CU_STREAM_PER_THREAD all name the context's default stream, which the executor
     * calls 0.
     */
    private static long streamHandle(final CUstream stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == CU_STREAM_LEGACY || handle == CU_STREAM_PER_THREAD ? 0 : handle;
    }

    private static int ordinal(final CUdevice device)
    {
        return (int)JCudaPointers.nativePointer(device);
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }

    static int invalidValueOf(final String function, final String reason)
    {
        return invalidValue(function, reason);
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
