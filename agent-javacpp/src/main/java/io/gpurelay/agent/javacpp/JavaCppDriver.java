package io.gpurelay.agent.javacpp;

import java.nio.charset.StandardCharsets;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.javacpp.struct.JavaCppStructs;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverPeerCopies;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.Pointer;

/**
 * The CUDA driver functions of JavaCPP's {@code cudart} that need hand-written code, on the same calls JCuda's driver
 * functions make ({@link DriverCalls}): the threads' context stacks and the kernels' parameter sizes are the
 * process's, shared with JCuda. As in CUDA, a thread that has used the runtime API has its device's primary context
 * current for the driver API until it makes another current, so a program may allocate with {@code cudaMalloc} and
 * launch with {@code cuLaunchKernel}.
 */
final class JavaCppDriver
{
    /** {@code CU_STREAM_CAPTURE_STATUS_NONE}. */
    private static final int CAPTURE_STATUS_NONE = 0;

    private static final long[] NO_ARGS = new long[0];
    private static final int UUID_BYTES = 16;
    /** {@code CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR} and {@code _MINOR}. */
    private static final int COMPUTE_CAPABILITY_MAJOR = 75;
    private static final int COMPUTE_CAPABILITY_MINOR = 76;
    /** {@code CUdevprop}'s ints: attributes 1 to 14. */
    private static final int DEVICE_PROPERTY_ATTRIBUTES = 14;
    private static final int ELF_MAGIC = 0x464C457F;
    private static final int FATBIN_MAGIC = 0xBA55ED50;
    private static final long MAX_IMAGE_BYTES = 1L << 30;

    private JavaCppDriver()
    {
    }

    static void register(final CudartModule module)
    {
        module.function("cuInit", a ->
        {
            final int status = DeviceRouter.installed().connect();
            if (status == DriverStatus.SUCCESS && a.intValue(0) != 0)
            {
                throw new JavaCppArgumentException("flags must be 0, got " + a.intValue(0));
            }
            return status;
        });
        module.function("cuDriverGetVersion", a -> resultInt(a, 0, Function.CU_DRIVER_GET_VERSION, NO_ARGS));
        module.function("cuDeviceGetCount", a -> resultInt(a, 0, Function.CU_DEVICE_GET_COUNT, NO_ARGS));
        module.function("cuDeviceGet", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final DeviceRouter client = DeviceRouter.installed();
            final int status = client.connect();
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            final int ordinal = a.intValue(1);
            if (ordinal < 0 || ordinal >= client.deviceCount())
            {
                return DriverStatus.INVALID_DEVICE;
            }
            a.setInt(0, ordinal);
            return DriverStatus.SUCCESS;
        });
        module.function("cuDeviceGetName", a ->
        {
            final int length = a.intValue(1);
            final ByteArrayPayload text = new ByteArrayPayload();
            final int status = DriverCalls.call(Function.CU_DEVICE_GET_NAME, new long[]{ a.intValue(2) }, null, text,
                null);
            if (status == DriverStatus.SUCCESS && length > 0)
            {
                final byte[] name = text.bytes();
                final byte[] terminated = new byte[Math.min(name.length + 1, length)];
                System.arraycopy(name, 0, terminated, 0, terminated.length - 1);
                a.writeBytes(0, terminated, terminated.length);
            }
            return status;
        });
        module.function("cuDeviceGetAttribute", a -> JavaCppRuntime.withoutManagedMemory(a, a.intValue(1),
            resultInt(a, 0, Function.CU_DEVICE_GET_ATTRIBUTE, new long[]{ a.intValue(1), a.intValue(2) })));
        module.function("cuCtxCreate", JavaCppDriver::createContext);
        module.function("cuCtxDestroy", a ->
        {
            final long context = a.handle(0);
            if (!DriverCalls.isLiveContext(context))
            {
                return DriverStatus.INVALID_CONTEXT;
            }
            final int status = DeviceRouter.installed().callEndingContext(Function.CU_CTX_DESTROY,
                DriverCalls.currentContext(), context, new long[]{ context });
            if (status == DriverStatus.SUCCESS)
            {
                DriverCalls.contextDestroyed(context);
            }
            return status;
        });
        module.function("cuCtxSetCurrent", a ->
        {
            final long context = a.handle(0);
            if (context != 0 && !DriverCalls.isLiveContext(context))
            {
                return DriverStatus.INVALID_CONTEXT;
            }
            DriverCalls.setCurrentContext(context);
            return DriverStatus.SUCCESS;
        });
        module.function("cuCtxGetCurrent", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            a.setHandle(0, DriverCalls.currentContext());
            return DriverStatus.SUCCESS;
        });
        module.function("cuCtxSynchronize", a ->
            DriverCalls.inContext(Function.CU_CTX_SYNCHRONIZE, NO_ARGS, null, null, null));
        module.function("cuDevicePrimaryCtxRetain", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final int device = a.intValue(1);
            final long[] results = new long[1];
            final int status = DriverCalls.call(Function.CU_DEVICE_PRIMARY_CTX_RETAIN, new long[]{ device }, null,
                null, results);
            if (status == DriverStatus.SUCCESS)
            {
                DriverCalls.primaryRetained(results[0], device);
                a.setHandle(0, results[0]);
            }
            return status;
        });
        module.function("cuDevicePrimaryCtxRelease", a -> DriverCalls.call(Function.CU_DEVICE_PRIMARY_CTX_RELEASE,
            new long[]{ a.intValue(0) }, null, null, null));
        module.function("cuCtxPushCurrent", a ->
        {
            final long context = a.handle(0);
            if (!DriverCalls.isLiveContext(context))
            {
                return notAContext(a, context);
            }
            DriverCalls.pushContext(context);
            return DriverStatus.SUCCESS;
        });
        module.function("cuCtxPopCurrent", a ->
        {
            if (!DriverCalls.isLiveContext(DriverCalls.currentContext()))
            {
                return DriverCalls.noCurrentContext();
            }
            final long popped = DriverCalls.popContext();
            if (!a.isNull(0))
            {
                a.setHandle(0, popped);
            }
            return DriverStatus.SUCCESS;
        });
        module.function("cuCtxGetDevice", a -> contextDevice(a, DriverCalls.currentContext()));
        module.function("cuCtxGetDevice_v2", a -> contextDevice(a,
            a.handle(1) == 0 ? DriverCalls.currentContext() : a.handle(1)));
        module.function("cuDevicePrimaryCtxReset", a ->
        {
            final int device = a.intValue(0);
            return DeviceRouter.installed().callEndingContext(Function.CU_DEVICE_PRIMARY_CTX_RESET,
                DriverCalls.currentContext(), DriverCalls.primaryContext(device), new long[]{ device });
        });
        module.function("cuDevicePrimaryCtxGetState", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            JavaCppRuntime.requireOutput(a, 2);
            final long[] results = new long[2];
            final int status = DriverCalls.call(Function.CU_DEVICE_PRIMARY_CTX_GET_STATE,
                new long[]{ a.intValue(0) }, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                a.setInt(1, (int)results[0]);
                a.setInt(2, (int)results[1]);
            }
            return status;
        });
        module.function("cuDevicePrimaryCtxSetFlags", a -> DriverCalls.call(
            Function.CU_DEVICE_PRIMARY_CTX_SET_FLAGS,
            new long[]{ a.intValue(0), Integer.toUnsignedLong(a.intValue(1)) }, null, null, null));
        module.function("cuGetErrorName", a -> errorText(a, false));
        module.function("cuGetErrorString", a -> errorText(a, true));
        module.function("cuDeviceGetUuid", a ->
        {
            final Pointer uuid = JavaCppStructArgs.struct(a, 0);
            final ByteArrayPayload bytes = new ByteArrayPayload();
            final int status = DriverCalls.call(Function.CU_DEVICE_GET_UUID, new long[]{ a.intValue(1) }, null,
                bytes, null);
            if (status == DriverStatus.SUCCESS)
            {
                final byte[] value = new byte[UUID_BYTES];
                System.arraycopy(bytes.bytes(), 0, value, 0, Math.min(UUID_BYTES, bytes.bytes().length));
                JavaCppStructs.putBytes(uuid, "bytes", value);
            }
            return status;
        });
        module.function("cuDeviceComputeCapability", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            JavaCppRuntime.requireOutput(a, 1);
            final long[] major = new long[1];
            final long[] minor = new long[1];
            int status = DriverCalls.call(Function.CU_DEVICE_GET_ATTRIBUTE,
                new long[]{ COMPUTE_CAPABILITY_MAJOR, a.intValue(2) }, null, null, major);
            if (status == DriverStatus.SUCCESS)
            {
                status = DriverCalls.call(Function.CU_DEVICE_GET_ATTRIBUTE,
                    new long[]{ COMPUTE_CAPABILITY_MINOR, a.intValue(2) }, null, null, minor);
            }
            if (status == DriverStatus.SUCCESS)
            {
                a.setInt(0, (int)major[0]);
                a.setInt(1, (int)minor[0]);
            }
            return status;
        });
        module.function("cuDeviceGetProperties", JavaCppDriver::deviceProperties);
        module.function("cuModuleLoadData", a -> loadModule(a, 1));
        module.function("cuModuleLoadDataEx", a -> loadModule(a, 1));
        // The file is read here, where the program named it; the executor receives the image.
        module.function("cuModuleLoad", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final String file = a.string(1);
            if (file == null)
            {
                throw new JavaCppArgumentException("the file name is null");
            }
            if (!DriverCalls.isLiveContext(DriverCalls.currentContext()))
            {
                return DriverCalls.noCurrentContext();
            }
            final byte[] image = DriverCalls.readModuleFile("cudart.cuModuleLoad", file);
            if (image == null)
            {
                return DriverStatus.FILE_NOT_FOUND;
            }
            final long[] loaded = new long[1];
            final int status = DriverCalls.loadModule(new ByteArrayPayload(image), loaded);
            if (status == DriverStatus.SUCCESS)
            {
                a.setHandle(0, loaded[0]);
            }
            return status;
        });
        module.function("cuModuleLoadFatBinary", a -> loadModule(a, 1));
        // dptr and bytes may each be null, as in CUDA.
        module.function("cuModuleGetGlobal", a ->
        {
            final String name = a.string(3);
            if (name == null)
            {
                throw new JavaCppArgumentException("the global's name is null");
            }
            final long[] results = new long[2];
            final int status = DriverCalls.inContext(Function.CU_MODULE_GET_GLOBAL, new long[]{ a.handle(2) },
                new ByteArrayPayload(name.getBytes(StandardCharsets.UTF_8)), null, results);
            if (status == DriverStatus.SUCCESS)
            {
                if (!a.isNull(0))
                {
                    a.setLong(0, results[0]);
                }
                if (!a.isNull(1))
                {
                    a.setLong(1, results[1]);
                }
            }
            return status;
        });
        module.function("cuModuleUnload", a ->
        {
            return DriverCalls.unloadModule(a.handle(0));
        });
        module.function("cuModuleGetFunction", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final String name = a.string(2);
            if (name == null)
            {
                throw new JavaCppArgumentException("the kernel name is null");
            }
            final long[] function = new long[1];
            final int status = DriverCalls.getFunction(a.handle(1), name, function);
            if (status == DriverStatus.SUCCESS)
            {
                a.setHandle(0, function[0]);
            }
            return status;
        });
        module.function("cuLaunchKernel", a -> launch(a, false));
        // Answered, so that a grid too large to be resident at once fails at its call, as CUDA fails it; it has no
        // extra form.
        module.function("cuLaunchCooperativeKernel", a -> launch(a, true));
        module.function("cuMemAlloc", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long size = a.longValue(1);
            final long[] results = new long[1];
            final int status = DriverCalls.inContext(Function.CU_MEM_ALLOC, new long[]{ size }, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                JavaCppRuntime.allocated(results[0], size, DriverCalls.session());
                a.setLong(0, results[0]);
            }
            return status;
        });
        module.function("cuMemFree", a ->
        {
            final long address = a.devicePointer(0);
            final int status = DriverCalls.inContext(Function.CU_MEM_FREE, new long[]{ address }, null, null, null);
            if (status == DriverStatus.SUCCESS)
            {
                JavaCppRuntime.freed(address, DriverCalls.session());
            }
            return status;
        });
        module.function("cuMemGetInfo", a ->
        {
            final long[] results = new long[2];
            final int status = DriverCalls.inContext(Function.CU_MEM_GET_INFO, NO_ARGS, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                a.setLong(0, results[0]);
                a.setLong(1, results[1]);
            }
            return status;
        });
        module.function("cuMemcpyHtoD", a -> hostToDevice(a, false));
        module.function("cuMemcpyHtoDAsync", a -> hostToDevice(a, true));
        module.function("cuMemcpyDtoH", a -> deviceToHost(a, false));
        module.function("cuMemcpyDtoHAsync", a -> deviceToHost(a, true));
        module.function("cuMemcpyDtoD", a -> DriverCalls.inContext(Function.CU_MEMCPY_DTOD,
            new long[]{ a.devicePointer(0), a.devicePointer(1), a.longValue(2), 0 }, null, null, null));
        module.function("cuMemcpyDtoDAsync", a -> DriverCalls.pipelinedInContext(Function.CU_MEMCPY_DTOD,
            new long[]{ a.devicePointer(0), a.devicePointer(1), a.longValue(2), a.stream(3) }, null));
        // With unified addressing a copy between two CUdeviceptr, as JCuda's cuMemcpy takes it: device memory.
        module.function("cuMemcpy", a -> DriverCalls.inContext(Function.CU_MEMCPY_DTOD,
            new long[]{ a.devicePointer(0), a.devicePointer(1), a.longValue(2), 0 }, null, null, null));
        module.function("cuMemcpyAsync", a -> DriverCalls.pipelinedInContext(Function.CU_MEMCPY_DTOD,
            new long[]{ a.devicePointer(0), a.devicePointer(1), a.longValue(2), a.stream(3) }, null));
        module.function("cuMemcpyPeer", a -> DriverPeerCopies.copy(a.method().qualifiedName(), a.devicePointer(0),
            a.handle(1), a.devicePointer(2), a.handle(3), a.longValue(4), false, 0));
        module.function("cuMemcpyPeerAsync", a -> DriverPeerCopies.copy(a.method().qualifiedName(),
            a.devicePointer(0), a.handle(1), a.devicePointer(2), a.handle(3), a.longValue(4), true, a.stream(5)));
        module.function("cuDeviceCanAccessPeer", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final DeviceRouter client = DeviceRouter.installed();
            final int status = client.connect();
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            if (client.executorOf(a.intValue(1)) < 0 || client.executorOf(a.intValue(2)) < 0)
            {
                return DriverStatus.INVALID_DEVICE;
            }
            a.setInt(0, 0);
            return DriverStatus.SUCCESS;
        });
        module.function("cuCtxEnablePeerAccess", a ->
        {
            final long current = DriverCalls.currentContext();
            if (!DriverCalls.isLiveContext(current))
            {
                return DriverCalls.noCurrentContext();
            }
            final long peer = a.handle(0);
            if (!DriverCalls.isLiveContext(peer))
            {
                return DriverPeerCopies.notAContext(peer);
            }
            final DeviceRouter client = DeviceRouter.installed();
            final int executor = client.executorOfContext(current);
            final int peerExecutor = client.executorOfContext(peer);
            AgentLog.warnOnce("cudart.cuCtxEnablePeerAccess: " + (executor == peerExecutor ?
                "gpurelay does not map a device's memory into another's" :
                "the current context (executor " + client.channel(executor) + ") and the peer context (executor " +
                    client.channel(peerExecutor) + ") are on different executors, which share no memory") +
                "; copy between them with cuMemcpyPeer, which goes through this client; returning " +
                "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED");
            return DriverStatus.PEER_ACCESS_UNSUPPORTED;
        });
        // gpurelay never enables peer access, so there is none to disable: CUDA's answer, once the contexts are live.
        module.function("cuCtxDisablePeerAccess", a ->
        {
            if (!DriverCalls.isLiveContext(DriverCalls.currentContext()))
            {
                return DriverCalls.noCurrentContext();
            }
            return DriverCalls.isLiveContext(a.handle(0)) ? DriverStatus.PEER_ACCESS_NOT_ENABLED :
                DriverPeerCopies.notAContext(a.handle(0));
        });
        module.function("cuMemAdvise", a -> DriverCalls.inContext(Function.CU_MEM_ADVISE,
            new long[]{ a.devicePointer(0), a.longValue(1), a.intValue(2), JavaCppMemory.locationDevice(a, 3) },
            null, null, null));
        module.function("cuMemPrefetchAsync", a ->
        {
            final long device = JavaCppMemory.locationDevice(a, 2);
            JavaCppMemory.requireNoPrefetchFlags(a, 3);
            return DriverCalls.inContext(Function.CU_MEM_PREFETCH_ASYNC,
                new long[]{ a.devicePointer(0), a.longValue(1), device, a.stream(4) }, null, null, null);
        });
        module.function("cuStreamAttachMemAsync", a -> DriverCalls.inContext(Function.CU_STREAM_ATTACH_MEM_ASYNC,
            new long[]{ a.stream(0), a.devicePointer(1), a.longValue(2), Integer.toUnsignedLong(a.intValue(3)) },
            null, null, null));
        module.function("cuMemAllocAsync", a -> allocateAsync(a, 0, 2));
        module.function("cuMemAllocFromPoolAsync", a ->
        {
            final long pool = a.handle(2);
            if (pool == 0)
            {
                throw new JavaCppArgumentException("the pool is null");
            }
            return allocateAsync(a, pool, 3);
        });
        // Answered, not pipelined: a pointer that is not a live allocation of the session fails here, as in CUDA.
        module.function("cuMemFreeAsync", a ->
        {
            final long address = a.devicePointer(0);
            final int status = DriverCalls.inContext(Function.CU_MEM_FREE_ASYNC, new long[]{ address, a.stream(1) },
                null, null, null);
            if (status == DriverStatus.SUCCESS)
            {
                JavaCppRuntime.freed(address, DriverCalls.session());
            }
            return status;
        });
        module.function("cuMemPoolCreate", JavaCppDriver::createPool);
        module.function("cuMemPoolDestroy", a -> DriverCalls.call(Function.CU_MEM_POOL_DESTROY,
            new long[]{ a.handle(0) }, null, null, null));
        module.function("cuMemPoolTrimTo", a -> DriverCalls.call(Function.CU_MEM_POOL_TRIM_TO,
            new long[]{ a.handle(0), a.longValue(1) }, null, null, null));
        module.function("cuMemsetD8", a -> memset(a, 0xFFL, Byte.BYTES, false));
        module.function("cuMemsetD16", a -> memset(a, 0xFFFFL, Short.BYTES, false));
        module.function("cuMemsetD32", a -> memset(a, 0xFFFFFFFFL, Integer.BYTES, false));
        module.function("cuMemsetD8Async", a -> memset(a, 0xFFL, Byte.BYTES, true));
        module.function("cuMemsetD16Async", a -> memset(a, 0xFFFFL, Short.BYTES, true));
        module.function("cuMemsetD32Async", a -> memset(a, 0xFFFFFFFFL, Integer.BYTES, true));
        module.function("cuStreamCreate", a -> create(a, Function.CU_STREAM_CREATE, a.intValue(1)));
        module.function("cuStreamDestroy", a -> DriverCalls.inContext(Function.CU_STREAM_DESTROY,
            new long[]{ a.stream(0) }, null, null, null));
        module.function("cuStreamSynchronize", a -> DriverCalls.inContext(Function.CU_STREAM_SYNCHRONIZE,
            new long[]{ a.stream(0) }, null, null, null));
        module.function("cuStreamQuery", a -> DriverCalls.inContext(Function.CU_STREAM_QUERY,
            new long[]{ a.stream(0) }, null, null, null));
        // A JavaCPP program cannot begin a capture through gpurelay (cuStreamBeginCapture is not relayed for it), so
        // a stream of its session never captures: the executor checks the stream (cuStreamQuery, whose "not ready"
        // is no error here) and the answer is CU_STREAM_CAPTURE_STATUS_NONE.
        module.function("cuStreamIsCapturing", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final int status = DriverCalls.inContext(Function.CU_STREAM_QUERY, new long[]{ a.stream(0) }, null, null,
                null);
            if (status != DriverStatus.SUCCESS && status != DriverStatus.NOT_READY)
            {
                return status;
            }
            a.setInt(1, CAPTURE_STATUS_NONE);
            return DriverStatus.SUCCESS;
        });
        module.function("cuStreamCreateWithPriority", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = DriverCalls.inContext(Function.CU_STREAM_CREATE_WITH_PRIORITY,
                new long[]{ Integer.toUnsignedLong(a.intValue(1)), a.intValue(2) }, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                a.setHandle(0, results[0]);
            }
            return status;
        });
        module.function("cuStreamWaitEvent", a -> DriverCalls.pipelinedInContext(Function.CU_STREAM_WAIT_EVENT,
            new long[]{ a.stream(0), a.handle(1), Integer.toUnsignedLong(a.intValue(2)) }, null));
        module.function("cuStreamGetAttribute", a -> JavaCppStreamAttributes.get(a, true));
        module.function("cuStreamSetAttribute", a -> JavaCppStreamAttributes.set(a, true));
        module.function("cuEventCreate", a -> create(a, Function.CU_EVENT_CREATE, a.intValue(1)));
        module.function("cuEventRecord", a -> DriverCalls.pipelinedInContext(Function.CU_EVENT_RECORD,
            new long[]{ a.handle(0), a.stream(1) }, null));
        module.function("cuEventQuery", a -> DriverCalls.inContext(Function.CU_EVENT_QUERY,
            new long[]{ a.handle(0) }, null, null, null));
        module.function("cuEventSynchronize", a -> DriverCalls.inContext(Function.CU_EVENT_SYNCHRONIZE,
            new long[]{ a.handle(0) }, null, null, null));
        module.function("cuEventDestroy", a -> DriverCalls.inContext(Function.CU_EVENT_DESTROY,
            new long[]{ a.handle(0) }, null, null, null));
        module.function("cuEventElapsedTime", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = DriverCalls.inContext(Function.CU_EVENT_ELAPSED_TIME,
                new long[]{ a.handle(1), a.handle(2) }, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                a.setFloat(0, Float.intBitsToFloat((int)results[0]));
            }
            return status;
        });
    }

    /**
     * A context that is not live: never made, or destroyed.
     */
    private static int notAContext(final JavaCppArgs a, final long context)
    {
        AgentLog.warnOnce(a.method().qualifiedName() + ": 0x" + Long.toHexString(context) + " is not a live context " +
            "(cuCtxCreate or cuDevicePrimaryCtxRetain makes one); returning CUDA_ERROR_INVALID_CONTEXT");
        return DriverStatus.INVALID_CONTEXT;
    }

    /**
     * cuCtxGetDevice and its _v2 form: the device the agent recorded for the context as it was made.
     */
    private static int contextDevice(final JavaCppArgs a, final long context)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final int device = DriverCalls.deviceOf(context);
        if (device < 0)
        {
            return context == 0 ? DriverCalls.noCurrentContext() : notAContext(a, context);
        }
        a.setInt(0, device);
        return DriverStatus.SUCCESS;
    }

    /**
     * cuGetErrorName and cuGetErrorString, answered here as JCuda's are: the CUresult's name (or, for the string,
     * the runtime's description of the error of the same number, CUDA numbering both alike), as a C string that
     * stays valid, as CUDA's do; CUDA_ERROR_INVALID_VALUE and NULL for a code that is no CUresult.
     */
    private static int errorText(final JavaCppArgs a, final boolean description)
    {
        JavaCppRuntime.requireOutput(a, 1);
        final String name = DriverStatusNames.name(a.intValue(0));
        if (name == null)
        {
            JavaCppStrings.setCString(a, 1, null);
            return DriverStatus.INVALID_VALUE;
        }
        final String text = description ? DriverStatusNames.description(a.intValue(0)) : name;
        JavaCppStrings.setCString(a, 1, text);
        return DriverStatus.SUCCESS;
    }

    /**
     * Deprecated in CUDA, which makes it of the device's attributes 1 to 14 in order (threads per block, block and
     * grid dimensions, shared and constant memory, warp size, pitch, registers, clock rate, texture alignment), which
     * are the struct's 14 ints in order: made here the same way, of the executor's device's attributes.
     */
    private static int deviceProperties(final JavaCppArgs a)
    {
        final Pointer properties = JavaCppStructArgs.struct(a, 0);
        final int[] values = new int[DEVICE_PROPERTY_ATTRIBUTES];
        final long[] value = new long[1];
        for (int attribute = 1; attribute <= values.length; attribute++)
        {
            final int status = DriverCalls.call(Function.CU_DEVICE_GET_ATTRIBUTE,
                new long[]{ attribute, a.intValue(1) }, null, null, value);
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            values[attribute - 1] = (int)value[0];
        }
        final long base = JavaCppStructs.structAddress(properties);
        for (int i = 0; i < values.length; i++)
        {
            UnsafeApi.putInt(null, base + (long)i * Integer.BYTES, values[i]);
        }
        return DriverStatus.SUCCESS;
    }

    /**
     * cuMemAllocAsync and cuMemAllocFromPoolAsync (pool 0: the device's current pool), in the current context.
     */
    private static int allocateAsync(final JavaCppArgs a, final long pool, final int streamIndex)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final long size = a.longValue(1);
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(Function.CU_MEM_ALLOC_ASYNC,
            new long[]{ size, a.stream(streamIndex), pool }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JavaCppRuntime.allocated(results[0], size, DriverCalls.session());
            a.setLong(0, results[0]);
        }
        return status;
    }

    /**
     * cuMemPoolCreate, and the runtime's cudaMemPoolCreate, whose properties lie alike: the pool is the executor's,
     * on the device the location names, with the properties JCuda's binding carries (allocation type, handle types,
     * location); {@code win32SecurityAttributes} means nothing on the executor's Linux host and is not sent. CUDA 13's
     * maximum size and usage are not taken: other than 0 they are refused with the not-supported status (801 in both
     * APIs), saying so.
     */
    static int createPool(final JavaCppArgs a)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final Pointer properties = JavaCppStructArgs.struct(a, 1);
        final long maxSize = JavaCppStructs.getLong(properties, "maxSize");
        final long usage = JavaCppStructs.getLong(properties, "usage");
        if (maxSize != 0 || usage != 0)
        {
            AgentLog.warnOnce(a.method().qualifiedName() + ": a maximum size or usage (" + maxSize + ", " + usage +
                ") is not supported by gpurelay; returning the not-supported status (801)");
            return DriverStatus.NOT_SUPPORTED;
        }
        final long location = JavaCppStructs.memberAddress(properties, "location");
        final long[] results = new long[1];
        final int status = DriverCalls.call(Function.CU_MEM_POOL_CREATE, new long[]{
            JavaCppStructs.getLong(properties, "allocType"), JavaCppStructs.getLong(properties, "handleTypes"),
            Integer.toUnsignedLong(UnsafeApi.getInt(null, location)), UnsafeApi.getInt(null, location + Integer.BYTES) },
            null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            a.setHandle(0, results[0]);
        }
        return status;
    }

    private static int resultInt(final JavaCppArgs a, final int output, final Function function, final long[] args)
    {
        JavaCppRuntime.requireOutput(a, output);
        final long[] results = new long[1];
        final int status = DriverCalls.call(function, args, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            a.setInt(output, (int)results[0]);
        }
        return status;
    }

    private static int create(final JavaCppArgs a, final Function function, final int flags)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(function, new long[]{ Integer.toUnsignedLong(flags) }, null, null,
            results);
        if (status == DriverStatus.SUCCESS)
        {
            a.setHandle(0, results[0]);
        }
        return status;
    }

    /**
     * cuCtxCreate: CUDA 13 declares it with a {@code CUctxCreateParams*} (execution affinity, CIG), which gpurelay
     * takes only as null; CUDA 12's form has no such argument.
     */
    private static int createContext(final JavaCppArgs a)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final int flagsIndex = a.count() == 4 ? 2 : 1;
        if (a.count() == 4 && !a.isNull(1) && ((Pointer)a.get(1)).address() != 0)
        {
            AgentLog.warnOnce("cudart.cuCtxCreate: creation parameters (execution affinity, CIG) are not supported " +
                "by gpurelay; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        final int device = a.intValue(flagsIndex + 1);
        final long[] results = new long[1];
        final int status = DriverCalls.call(Function.CU_CTX_CREATE,
            new long[]{ Integer.toUnsignedLong(a.intValue(flagsIndex)), device }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            DriverCalls.contextCreated(results[0], device);
            a.setHandle(0, results[0]);
        }
        return status;
    }

    private static int loadModule(final JavaCppArgs a, final int imageIndex)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final HostRange image = a.host(imageIndex, imageBytes(a, imageIndex));
        final long[] module = new long[1];
        final int status = DriverCalls.loadModule(image, module);
        if (status == DriverStatus.SUCCESS)
        {
            a.setHandle(0, module[0]);
        }
        return status;
    }

    /**
     * How many bytes a module image has: what JavaCPP knows lies behind the pointer, else what the image says of
     * itself: an ELF cubin its section table's end, a fatbin its header's sizes, PTX text its length with the NUL.
     */
    private static long imageBytes(final JavaCppArgs a, final int index)
    {
        final long known = a.hostExtent(index);
        if (known >= 0)
        {
            return known;
        }
        final Pointer pointer = (Pointer)a.get(index);
        final long address = JavaCppPointers.effectiveAddress(pointer);
        if (address == 0)
        {
            throw new JavaCppArgumentException("the module image is a null pointer");
        }
        final int magic = UnsafeApi.getInt(null, address);
        final long bytes;
        if (magic == ELF_MAGIC)
        {
            final long sectionTable = UnsafeApi.getLong(null, address + 0x28);
            final int entrySize = UnsafeApi.getShort(null, address + 0x3A) & 0xFFFF;
            final int entries = UnsafeApi.getShort(null, address + 0x3C) & 0xFFFF;
            bytes = sectionTable + (long)entrySize * entries;
        }
        else if (magic == FATBIN_MAGIC)
        {
            final int headerSize = UnsafeApi.getShort(null, address + 6) & 0xFFFF;
            bytes = headerSize + UnsafeApi.getLong(null, address + 8);
        }
        else
        {
            long length = 0;
            while (length < MAX_IMAGE_BYTES && UnsafeApi.getByte(null, address + length) != 0)
            {
                length++;
            }
            bytes = length + 1;
        }
        if (bytes <= 0 || bytes > MAX_IMAGE_BYTES)
        {
            throw new JavaCppArgumentException("the module image's size cannot be told (" + bytes + " bytes)");
        }
        return bytes;
    }

    /**
     * cuLaunchKernel and cuLaunchCooperativeKernel: {@code kernelParams} holds one pointer per parameter to the
     * parameter's value, whose size the kernel's signature gives (cuModuleGetFunction asked the executor). The
     * {@code extra} form is not taken. A cooperative launch is answered, not pipelined.
     */
    private static int launch(final JavaCppArgs a, final boolean cooperative)
    {
        final String name = a.method().qualifiedName();
        final long function = a.handle(0);
        if (!DriverCalls.isKernel(function))
        {
            AgentLog.warnOnce(name + ": function 0x" + Long.toHexString(function) + " is not from " +
                "cuModuleGetFunction, or its module was unloaded; returning CUDA_ERROR_INVALID_HANDLE");
            return DriverStatus.INVALID_HANDLE;
        }
        if (!cooperative && a.count() > 10 && !a.isNull(10) && ((Pointer)a.get(10)).address() != 0)
        {
            AgentLog.warnOnce("cudart.cuLaunchKernel: the extra form of parameters is not supported for JavaCPP " +
                "programs by gpurelay (pass kernelParams); returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        final String kernel = DriverCalls.kernelName(function);
        final long[] sizes = DriverCalls.kernelParameterSizes(function);
        if (sizes == null)
        {
            throw new JavaCppArgumentException("the executor did not say the parameters of kernel '" + kernel + "', " +
                "so their sizes are not known");
        }
        if (sizes.length > DriverCalls.maxLaunchParameters())
        {
            AgentLog.warnOnce(name + ": kernel '" + kernel + "' has " + sizes.length + " parameters; " +
                "a call carries at most " + DriverCalls.maxLaunchParameters() + "; returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        long total = 0;
        for (final long size : sizes)
        {
            total += size;
        }
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[Math.toIntExact(total)]);
        if (sizes.length > 0)
        {
            final Object parameters = a.get(9);
            if (!(parameters instanceof Pointer pointer) || JavaCppPointers.effectiveAddress(pointer) == 0)
            {
                throw new JavaCppArgumentException("kernel '" + kernel + "' takes " + sizes.length + " parameters " +
                    "and kernelParams is null");
            }
            final long table = JavaCppPointers.effectiveAddress(pointer);
            final long extent = JavaCppPointers.extent(pointer);
            if (extent >= 0 && extent < (long)sizes.length * Long.BYTES)
            {
                throw new JavaCppArgumentException("kernel '" + kernel + "' takes " + sizes.length + " parameters, " +
                    "kernelParams holds " + extent / Long.BYTES);
            }
            int offset = 0;
            for (int i = 0; i < sizes.length; i++)
            {
                final long value = UnsafeApi.getLong(null, table + (long)i * Long.BYTES);
                if (value == 0)
                {
                    throw new JavaCppArgumentException("kernel '" + kernel + "' parameter " + i + " is a null pointer");
                }
                UnsafeApi.copyMemory(null, value, bytes.byteArray(), bytes.addressOffset() + offset, sizes[i]);
                offset += (int)sizes[i];
            }
            java.lang.ref.Reference.reachabilityFence(pointer);
        }
        final int[] dimensions = { a.intValue(1), a.intValue(2), a.intValue(3), a.intValue(4), a.intValue(5),
            a.intValue(6) };
        return cooperative ?
            DriverCalls.launchCooperative(function, dimensions, a.intValue(7), a.stream(8), sizes.length, sizes,
                bytes.byteArray()) :
            DriverCalls.launch(function, dimensions, a.intValue(7), a.stream(8), sizes.length, sizes,
                bytes.byteArray());
    }

    private static int hostToDevice(final JavaCppArgs a, final boolean asynchronous)
    {
        final long count = a.longValue(2);
        final HostRange source = a.host(1, count);
        final long[] args = { a.devicePointer(0), count, asynchronous ? a.stream(3) : 0 };
        final int shared = JavaCppPinnedMemory.sharedCopy(true, true, args[0], source, asynchronous, args[2]);
        if (shared >= 0)
        {
            return shared;
        }
        return asynchronous ? DriverCalls.pipelinedInContext(Function.CU_MEMCPY_HTOD, args, source) :
            DriverCalls.inContext(Function.CU_MEMCPY_HTOD, args, source, null, null);
    }

    private static int deviceToHost(final JavaCppArgs a, final boolean asynchronous)
    {
        final long count = a.longValue(2);
        final HostRange destination = a.host(0, count);
        final long stream = asynchronous ? a.stream(3) : 0;
        final int shared = JavaCppPinnedMemory.sharedCopy(true, false, a.devicePointer(1), destination, asynchronous,
            stream);
        if (shared >= 0)
        {
            return shared;
        }
        return DriverCalls.inContext(Function.CU_MEMCPY_DTOH, new long[]{ a.devicePointer(1), count, stream }, null,
            destination, null);
    }

    private static int memset(final JavaCppArgs a, final long mask, final int elementSize, final boolean asynchronous)
    {
        final long[] args = { a.devicePointer(0), a.longValue(1) & mask, a.longValue(2), elementSize,
            asynchronous ? a.stream(3) : 0 };
        return asynchronous ? DriverCalls.pipelinedInContext(Function.CU_MEMSET, args, null) :
            DriverCalls.inContext(Function.CU_MEMSET, args, null, null, null);
    }
}
