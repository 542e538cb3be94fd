package io.gpurelay.agent.javacpp;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SessionEnds;
import io.gpurelay.agent.javacpp.struct.JavaCppDeviceProperties;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.TableRowCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * The CUDA runtime functions of JavaCPP's {@code cudart} that need hand-written code, on the same calls JCuda's
 * runtime functions make ({@link RuntimeCalls}): the calling thread's current device and last error are the
 * runtime's, shared with JCuda in one process. JavaCPP passes every pointer as an address, so what is device memory
 * is what the copy kind says; for {@code cudaMemcpyDefault} the device allocations this process made decide.
 */
final class JavaCppRuntime
{
    private static final long[] NO_ARGS = new long[0];
    /** {@code cudaDevAttrManagedMemory} and {@code CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY}. */
    private static final int MANAGED_MEMORY_ATTRIBUTE = 83;
    /** {@code cudaStreamCaptureStatusNone}. */
    private static final int CAPTURE_STATUS_NONE = 0;
    /** The function-table rows of {@code cudaEventRecordWithFlags} and {@code cudaMemset2DAsync}. */
    private static final int EVENT_RECORD_WITH_FLAGS_ROW = 1124;
    private static final int MEMSET_2D_ASYNC_ROW = 1126;

    /**
     * Device allocations of this process's runtime and driver calls, for cudaMemcpyDefault: per session (the
     * executors of one device list each hand out their own addresses, and two can give the same one), start → size.
     */
    private static final Map<Object, ConcurrentSkipListMap<Long, Long>> DEVICE_ALLOCATIONS = new ConcurrentHashMap<>();
    /** The key of the allocations made without a session (no client installed). */
    private static final Object NO_SESSION = new Object();

    static
    {
        SessionEnds.listen(JavaCppRuntime::sessionEnded);
    }

    private JavaCppRuntime()
    {
    }

    static void register(final CudartModule module)
    {
        runtime(module, "cudaGetDeviceCount", a -> resultInt(a, 0, Function.CUDA_GET_DEVICE_COUNT, NO_ARGS));
        runtime(module, "cudaSetDevice", a -> RuntimeCalls.setDevice(a.intValue(0)));
        runtime(module, "cudaGetDevice", a ->
        {
            final int[] device = new int[1];
            final int status = RuntimeCalls.getDevice(device);
            if (status == RuntimeStatus.SUCCESS)
            {
                a.setInt(0, device[0]);
            }
            return status;
        });
        runtime(module, "cudaDeviceGetAttribute", a -> withoutManagedMemory(a, a.intValue(1),
            resultInt(a, 0, Function.CUDA_DEVICE_GET_ATTRIBUTE, new long[]{ a.intValue(1), a.intValue(2) })));
        runtime(module, "cudaDriverGetVersion", a -> resultInt(a, 0, Function.CUDA_DRIVER_GET_VERSION, NO_ARGS));
        runtime(module, "cudaRuntimeGetVersion", a -> resultInt(a, 0, Function.CUDA_RUNTIME_GET_VERSION, NO_ARGS));
        runtime(module, "cudaMemGetInfo", a ->
        {
            final long[] results = new long[2];
            final int status = RuntimeCalls.call(Function.CUDA_MEM_GET_INFO, NO_ARGS, null, null, results);
            if (status == RuntimeStatus.SUCCESS)
            {
                a.setLong(0, results[0]);
                a.setLong(1, results[1]);
            }
            return status;
        });
        runtime(module, "cudaGetDeviceProperties", JavaCppRuntime::getDeviceProperties);
        runtime(module, "cudaMalloc", a ->
        {
            requireOutput(a, 0);
            final long size = a.longValue(1);
            final long[] results = new long[1];
            final int status = RuntimeCalls.call(Function.CUDA_MALLOC, new long[]{ size }, null, null, results);
            if (status == RuntimeStatus.SUCCESS)
            {
                allocated(results[0], size, RuntimeCalls.session());
                a.setHandle(0, results[0]);
            }
            return status;
        });
        runtime(module, "cudaFree", a ->
        {
            final long address = a.devicePointer(0);
            if (address == 0)
            {
                return RuntimeCalls.record(DeviceRouter.installed().connect());
            }
            final int status = RuntimeCalls.call(Function.CUDA_FREE, new long[]{ address }, null, null, null);
            if (status == RuntimeStatus.SUCCESS)
            {
                freed(address, RuntimeCalls.session());
            }
            return status;
        });
        runtime(module, "cudaMemset", a -> RuntimeCalls.call(Function.CUDA_MEMSET,
            new long[]{ a.devicePointer(0), a.intValue(1), a.longValue(2) }, null, null, null));
        runtime(module, "cudaMemsetAsync", a -> RuntimeCalls.pipelined(Function.CUDA_MEMSET_ASYNC,
            new long[]{ a.devicePointer(0), a.intValue(1), a.longValue(2), a.stream(3) }, null));
        runtime(module, "cudaMemcpy", a -> memcpy(a, false));
        runtime(module, "cudaMemcpyAsync", a -> memcpy(a, true));
        runtime(module, "cudaDeviceSynchronize", a ->
            RuntimeCalls.call(Function.CUDA_DEVICE_SYNCHRONIZE, NO_ARGS, null, null, null));
        // What failed asynchronously on the device ends with it: a reset is how a program recovers from a fault. The
        // device's allocations stay in the table cudaMemcpyDefault reads (the session's table holds its other devices'
        // too): a copy that names one after the reset goes to the device and fails there, which is safe, where taking
        // a device address for host memory would not be.
        runtime(module, "cudaDeviceReset", a ->
        {
            final int device = RuntimeThreadState.currentDevice();
            return RuntimeCalls.record(DeviceRouter.installed().callEndingContext(Function.CUDA_DEVICE_RESET, device,
                device, NO_ARGS));
        });
        // gpurelay maps no device's memory into another's, so no device can access a peer's.
        runtime(module, "cudaDeviceCanAccessPeer", a ->
        {
            requireOutput(a, 0);
            final int status = DeviceRouter.installed().connect();
            if (status != RuntimeStatus.SUCCESS)
            {
                return RuntimeCalls.record(status);
            }
            if (DeviceRouter.installed().executorOf(a.intValue(1)) < 0 ||
                DeviceRouter.installed().executorOf(a.intValue(2)) < 0)
            {
                return RuntimeCalls.record(RuntimeStatus.INVALID_DEVICE);
            }
            a.setInt(0, 0);
            return RuntimeStatus.SUCCESS;
        });
        runtime(module, "cudaDeviceEnablePeerAccess", a ->
        {
            final DeviceRouter client = DeviceRouter.installed();
            final int status = client.connect();
            if (status != RuntimeStatus.SUCCESS)
            {
                return RuntimeCalls.record(status);
            }
            final int device = RuntimeThreadState.currentDevice();
            final int peerDevice = a.intValue(0);
            final int executor = client.executorOf(device);
            final int peerExecutor = client.executorOf(peerDevice);
            if (peerExecutor < 0)
            {
                return RuntimeCalls.record(RuntimeStatus.INVALID_DEVICE);
            }
            AgentLog.warnOnce("cudart.cudaDeviceEnablePeerAccess: " + (executor == peerExecutor ?
                "gpurelay does not map a device's memory into another's" :
                "device " + device + " (executor " + client.channel(executor) + ") and device " + peerDevice +
                    " (executor " + client.channel(peerExecutor) + ") are on different executors, which share no " +
                    "memory") + "; copy between them with cudaMemcpyPeer, which goes through this client; returning " +
                "cudaErrorPeerAccessUnsupported");
            return RuntimeCalls.record(RuntimeStatus.PEER_ACCESS_UNSUPPORTED);
        });
        // gpurelay never enables peer access, so there is none to disable: CUDA's answer, once the peer is checked.
        runtime(module, "cudaDeviceDisablePeerAccess", a ->
        {
            final int status = DeviceRouter.installed().connect();
            if (status != RuntimeStatus.SUCCESS)
            {
                return RuntimeCalls.record(status);
            }
            return RuntimeCalls.record(DeviceRouter.installed().executorOf(a.intValue(0)) < 0 ?
                RuntimeStatus.INVALID_DEVICE : RuntimeStatus.PEER_ACCESS_NOT_ENABLED);
        });
        runtime(module, "cudaGetLastError", a -> RuntimeCalls.takeLastError());
        runtime(module, "cudaPeekAtLastError", a -> RuntimeCalls.peekLastError());
        module.function("cudaGetErrorName", a -> a.cString(RuntimeStatusNames.name(a.intValue(0))));
        module.function("cudaGetErrorString", a -> a.cString(RuntimeStatusNames.description(a.intValue(0))));
        runtime(module, "cudaStreamCreate", a -> create(a, Function.CUDA_STREAM_CREATE, 0));
        runtime(module, "cudaStreamCreateWithFlags", a -> create(a, Function.CUDA_STREAM_CREATE, a.intValue(1)));
        runtime(module, "cudaStreamDestroy", a -> RuntimeCalls.call(Function.CUDA_STREAM_DESTROY,
            new long[]{ a.stream(0) }, null, null, null));
        runtime(module, "cudaStreamSynchronize", a -> RuntimeCalls.call(Function.CUDA_STREAM_SYNCHRONIZE,
            new long[]{ a.stream(0) }, null, null, null));
        runtime(module, "cudaStreamQuery", a -> RuntimeCalls.call(Function.CUDA_STREAM_QUERY,
            new long[]{ a.stream(0) }, null, null, null));
        runtime(module, "cudaStreamCreateWithPriority", a ->
        {
            requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = RuntimeCalls.call(Function.CUDA_STREAM_CREATE_WITH_PRIORITY,
                new long[]{ Integer.toUnsignedLong(a.intValue(1)), a.intValue(2) }, null, null, results);
            if (status == RuntimeStatus.SUCCESS)
            {
                a.setHandle(0, results[0]);
            }
            return status;
        });
        // The two-argument overload is C++'s default flags of 0.
        runtime(module, "cudaStreamWaitEvent", a -> RuntimeCalls.pipelined(Function.CUDA_STREAM_WAIT_EVENT,
            new long[]{ a.stream(0), a.handle(1), a.count() > 2 ? Integer.toUnsignedLong(a.intValue(2)) : 0 }, null));
        runtime(module, "cudaStreamGetAttribute", a -> JavaCppStreamAttributes.get(a, false));
        runtime(module, "cudaStreamSetAttribute", a -> JavaCppStreamAttributes.set(a, false));
        runtime(module, "cudaEventQuery", a -> RuntimeCalls.call(Function.CUDA_EVENT_QUERY,
            new long[]{ a.handle(0) }, null, null, null));
        // A JavaCPP program cannot begin a capture through gpurelay (cudaStreamBeginCapture is not relayed for it), so
        // a stream never captures: the executor checks the stream (cudaStreamQuery, whose "not ready" is no error
        // here) and the answer is cudaStreamCaptureStatusNone, as JavaCppDriver answers cuStreamIsCapturing.
        runtime(module, "cudaStreamIsCapturing", a ->
        {
            requireOutput(a, 1);
            final int status = RuntimeCalls.call(Function.CUDA_STREAM_QUERY, new long[]{ a.stream(0) }, null, null,
                null);
            if (status != RuntimeStatus.SUCCESS && status != RuntimeStatus.NOT_READY)
            {
                return status;
            }
            a.setInt(1, CAPTURE_STATUS_NONE);
            return RuntimeStatus.SUCCESS;
        });
        runtime(module, "cudaEventCreate", a -> create(a, Function.CUDA_EVENT_CREATE, 0));
        runtime(module, "cudaEventCreateWithFlags", a -> create(a, Function.CUDA_EVENT_CREATE, a.intValue(1)));
        // Function-table rows whose shorter overloads are C++'s default arguments (the default stream, flags 0):
        // those run the row with the defaults.
        withDefaults(module, "cudaEventRecordWithFlags", EVENT_RECORD_WITH_FLAGS_ROW, null, 0);
        withDefaults(module, "cudaMemset2DAsync", MEMSET_2D_ASYNC_ROW, (Object)null);
        runtime(module, "cudaEventRecord", a -> RuntimeCalls.pipelined(Function.CUDA_EVENT_RECORD,
            new long[]{ a.handle(0), a.stream(1) }, null));
        runtime(module, "cudaEventSynchronize", a -> RuntimeCalls.call(Function.CUDA_EVENT_SYNCHRONIZE,
            new long[]{ a.handle(0) }, null, null, null));
        runtime(module, "cudaEventDestroy", a -> RuntimeCalls.call(Function.CUDA_EVENT_DESTROY,
            new long[]{ a.handle(0) }, null, null, null));
        runtime(module, "cudaEventElapsedTime", a ->
        {
            requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = RuntimeCalls.call(Function.CUDA_EVENT_ELAPSED_TIME,
                new long[]{ a.handle(1), a.handle(2) }, null, null, results);
            if (status == RuntimeStatus.SUCCESS)
            {
                a.setFloat(0, Float.intBitsToFloat((int)results[0]));
            }
            return status;
        });
    }

    /**
     * The session's call allocated device memory; not kept when the session ended while the call's reply was on its
     * way (its end may have been told before this).
     */
    static void allocated(final long address, final long size, final Object session)
    {
        DEVICE_ALLOCATIONS.computeIfAbsent(key(session), key -> new ConcurrentSkipListMap<>()).put(address, size);
        if (SessionEnds.hasEnded(session))
        {
            DEVICE_ALLOCATIONS.remove(key(session));
        }
    }

    /**
     * The session's call freed device memory; another session's allocation at the same address stays.
     */
    static void freed(final long address, final Object session)
    {
        final ConcurrentSkipListMap<Long, Long> allocations = DEVICE_ALLOCATIONS.get(key(session));
        if (allocations != null)
        {
            allocations.remove(address);
        }
    }

    /**
     * Whether the address lies in device memory this process allocated in the session: a copy runs on the session's
     * executor, which cannot use another executor's memory whatever its address.
     */
    static boolean isDeviceMemory(final long address, final Object session)
    {
        final ConcurrentSkipListMap<Long, Long> allocations = DEVICE_ALLOCATIONS.get(key(session));
        final Map.Entry<Long, Long> allocation = allocations == null ? null : allocations.floorEntry(address);
        return allocation != null && address - allocation.getKey() < Math.max(1, allocation.getValue());
    }

    /**
     * The session ended: its memory went with it.
     */
    static void sessionEnded(final Object session)
    {
        SessionEnds.markEnded(session);
        DEVICE_ALLOCATIONS.remove(key(session));
    }

    private static Object key(final Object session)
    {
        return session == null ? NO_SESSION : session;
    }

    /**
     * A runtime function: an argument it cannot take is the thread's last error.
     */
    static void runtime(final CudartModule module, final String name, final JavaCppFunction function)
    {
        module.function(name, a ->
        {
            try
            {
                return function.call(a);
            }
            catch (final JavaCppArgumentException ex)
            {
                AgentLog.warn(a.method().qualifiedName() + ": " + ex.getMessage() + "; returning " +
                    "cudaErrorInvalidValue");
                return RuntimeCalls.record(RuntimeStatus.INVALID_VALUE);
            }
        });
    }

    /**
     * Remote every overload of a function through its row, the overloads that leave out trailing arguments with the
     * values C++ gives them: {@code defaults} are the row's last arguments.
     */
    private static void withDefaults(final CudartModule module, final String name, final int rowId,
        final Object... defaults)
    {
        final FunctionRow row = TableRowCalls.row(rowId);
        final JavaCppFunction function = JavaCppTableFunctions.of(row);
        final int count = row.arguments().size();
        runtime(module, name, a ->
        {
            if (a.count() >= count)
            {
                return function.call(a);
            }
            final Object[] arguments = new Object[count];
            for (int i = 0; i < count; i++)
            {
                arguments[i] = i < a.count() ? a.get(i) : defaults[i - (count - defaults.length)];
            }
            return function.call(new JavaCppArgs(a.method(), arguments));
        });
    }

    private static int resultInt(final JavaCppArgs a, final int output, final Function function, final long[] args)
    {
        requireOutput(a, output);
        final long[] results = new long[1];
        final int status = RuntimeCalls.call(function, args, null, null, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            a.setInt(output, (int)results[0]);
        }
        return status;
    }

    /**
     * Managed memory has no host view for JavaCPP programs: its host and device views share one address in CUDA, and
     * JavaCPP's pointers are plain addresses, so the client cannot have the view the device has. cudaMallocManaged
     * (global) gives device-side managed memory ({@link JavaCppMemory}), but the device attribute that announces
     * managed memory ({@code cudaDevAttrManagedMemory}, {@code CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY}, 83 in both APIs)
     * stays 0 for them, so a program that would touch managed memory from the host does not take it for granted,
     * where JCuda programs see the executor's 1.
     */
    static int withoutManagedMemory(final JavaCppArgs a, final int attribute, final int status)
    {
        if (status == RuntimeStatus.SUCCESS && attribute == MANAGED_MEMORY_ATTRIBUTE)
        {
            a.setInt(0, 0);
        }
        return status;
    }

    private static int create(final JavaCppArgs a, final Function function, final int flags)
    {
        requireOutput(a, 0);
        final long[] results = new long[1];
        final int status = RuntimeCalls.call(function, new long[]{ flags }, null, null, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            a.setHandle(0, results[0]);
        }
        return status;
    }

    /**
     * The executor's properties of the device, written into the program's {@code cudaDeviceProp} where CUDA 13's
     * header puts each member; {@code managedMemory} is 0 (see {@link #withoutManagedMemory}).
     */
    private static int getDeviceProperties(final JavaCppArgs a)
    {
        requireOutput(a, 0);
        final ByteArrayPayload text = new ByteArrayPayload();
        final int status = RuntimeCalls.call(Function.CUDA_GET_DEVICE_PROPERTIES, new long[]{ a.intValue(1) }, null,
            text, null);
        if (status == RuntimeStatus.SUCCESS)
        {
            final Map<String, String> properties = new HashMap<>(DeviceProperties.decode(text.bytes()));
            properties.put("managedMemory", "0");
            JavaCppDeviceProperties.fill((org.bytedeco.javacpp.Pointer)a.get(0), properties);
        }
        return status;
    }

    private static int memcpy(final JavaCppArgs a, final boolean asynchronous)
    {
        final long count = a.longValue(2);
        final int kind = a.intValue(3);
        final long stream = asynchronous ? a.stream(4) : 0;
        final JavaCppCopyKind sides = JavaCppCopyKind.of(kind, () -> isHostArgumentDevice(a, 0),
            () -> isHostArgumentDevice(a, 1));
        if (sides == null)
        {
            return JavaCppCopyKind.invalid(a, kind);
        }
        final boolean dstIsHost = sides.dstIsHost();
        final boolean srcIsHost = sides.srcIsHost();
        if (srcIsHost && dstIsHost)
        {
            HostRange.copy(a.host(1, count), a.host(0, count));
            return RuntimeStatus.SUCCESS;
        }
        if (srcIsHost)
        {
            final long[] args = asynchronous ? new long[]{ a.devicePointer(0), count, stream } :
                new long[]{ a.devicePointer(0), count };
            final HostRange source = a.host(1, count);
            final int shared = JavaCppPinnedMemory.sharedCopy(false, true, args[0], source, asynchronous, stream);
            if (shared >= 0)
            {
                return shared;
            }
            return asynchronous ? RuntimeCalls.pipelined(Function.CUDA_MEMCPY_HTOD_ASYNC, args, source) :
                RuntimeCalls.call(Function.CUDA_MEMCPY_HTOD, args, source, null, null);
        }
        if (dstIsHost)
        {
            final long[] args = asynchronous ? new long[]{ a.devicePointer(1), count, stream } :
                new long[]{ a.devicePointer(1), count };
            final HostRange destination = a.host(0, count);
            final int shared = JavaCppPinnedMemory.sharedCopy(false, false, args[0], destination, asynchronous,
                stream);
            if (shared >= 0)
            {
                return shared;
            }
            return RuntimeCalls.call(asynchronous ? Function.CUDA_MEMCPY_DTOH_ASYNC : Function.CUDA_MEMCPY_DTOH,
                args, null, destination, null);
        }
        return asynchronous ?
            RuntimeCalls.pipelined(Function.CUDA_MEMCPY_DTOD_ASYNC,
                new long[]{ a.devicePointer(0), a.devicePointer(1), count, stream }, null) :
            RuntimeCalls.call(Function.CUDA_MEMCPY_DTOD,
                new long[]{ a.devicePointer(0), a.devicePointer(1), count }, null, null, null);
    }

    private static boolean isHostArgumentDevice(final JavaCppArgs a, final int index)
    {
        return a.get(index) instanceof org.bytedeco.javacpp.Pointer &&
            isDeviceMemory(a.devicePointer(index), RuntimeCalls.session());
    }

    static void requireOutput(final JavaCppArgs a, final int index)
    {
        if (a.isNull(index))
        {
            throw new JavaCppArgumentException(a.describe(index) + " is null; the function writes its result there");
        }
    }
}
