package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.javacpp.struct.JavaCppStructs;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.HostRegistrations;
import io.gpurelay.agent.cuda.MappedHostMemory;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import io.gpurelay.agent.cuda.PitchedCopy;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.PointerAttributes;
import io.gpurelay.agent.cuda.runtime.PeerCopies;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.RuntimePointerAttributes;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * The memory functions of JavaCPP's {@code cudart} beyond plain allocations and copies, on the calls JCuda's make:
 * managed and pitched allocations, 2D and peer copies, pointer attributes, registered host memory and the flags of
 * pinned memory. A JavaCPP pointer is a plain address, so what is device memory is what the copy kind says, or, for
 * {@code cudaMemcpyDefault} and pointer attributes, what this process allocated ({@link JavaCppRuntime}).
 */
final class JavaCppMemory
{
    /** {@code cudaMemAttachGlobal} / {@code CU_MEM_ATTACH_GLOBAL}: the flags of the overload without them. */
    private static final int ATTACH_GLOBAL = 0x01;
    /** {@code cudaMemAttachHost} / {@code CU_MEM_ATTACH_HOST}. */
    private static final int ATTACH_HOST = 0x02;
    /** {@code cudaMemAttachSingle}: the flags of cudaStreamAttachMemAsync's overloads without them. */
    private static final long ATTACH_SINGLE = 0x04;
    /** {@code cudaMemLocationTypeDevice} / {@code CU_MEM_LOCATION_TYPE_DEVICE}, and {@code _HOST}. */
    private static final int LOCATION_DEVICE = 1;
    private static final int LOCATION_HOST = 2;
    /** {@code cudaCpuDeviceId} / {@code CU_DEVICE_CPU}. */
    private static final long CPU_DEVICE = -1;
    /** {@code cudaErrorHostMemoryAlreadyRegistered} / {@code CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED}. */
    private static final int HOST_MEMORY_ALREADY_REGISTERED = 712;
    /** {@code cudaErrorHostMemoryNotRegistered} / {@code CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED}. */
    private static final int HOST_MEMORY_NOT_REGISTERED = 713;

    private JavaCppMemory()
    {
    }

    static void register(final CudartModule module)
    {
        JavaCppRuntime.runtime(module, "cudaMallocManaged", a -> managed(a, false));
        module.function("cuMemAllocManaged", a -> managed(a, true));
        JavaCppRuntime.runtime(module, "cudaMemAdvise", a -> RuntimeCalls.call(Function.CUDA_MEM_ADVISE,
            new long[]{ a.devicePointer(0), a.longValue(1), a.intValue(2), locationDevice(a, 3) }, null, null, null));
        // Waits for the executor's answer, so that a bad argument fails this call as in CUDA; the prefetch itself
        // runs on the stream.
        JavaCppRuntime.runtime(module, "cudaMemPrefetchAsync", a ->
        {
            final long device = locationDevice(a, 2);
            requireNoPrefetchFlags(a, 3);
            return RuntimeCalls.call(Function.CUDA_MEM_PREFETCH_ASYNC,
                new long[]{ a.devicePointer(0), a.longValue(1), device, a.count() > 4 ? a.stream(4) : 0 }, null,
                null, null);
        });
        // The shorter overloads are C++'s defaults: length 0 (the whole allocation), cudaMemAttachSingle.
        JavaCppRuntime.runtime(module, "cudaStreamAttachMemAsync", a -> RuntimeCalls.call(
            Function.CUDA_STREAM_ATTACH_MEM_ASYNC, new long[]{ a.stream(0), a.devicePointer(1),
                a.count() > 2 ? a.longValue(2) : 0, a.count() > 3 ? Integer.toUnsignedLong(a.intValue(3)) : ATTACH_SINGLE },
            null, null, null));
        JavaCppRuntime.runtime(module, "cudaMallocPitch", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            JavaCppRuntime.requireOutput(a, 1);
            final long[] results = new long[2];
            final int status = RuntimeCalls.call(Function.CUDA_MALLOC_PITCH,
                new long[]{ a.longValue(2), a.longValue(3) }, null, null, results);
            if (status == RuntimeStatus.SUCCESS)
            {
                JavaCppRuntime.allocated(results[0], results[1] * a.longValue(3), RuntimeCalls.session());
                a.setHandle(0, results[0]);
                a.setLong(1, results[1]);
            }
            return status;
        });
        module.function("cuMemAllocPitch", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            JavaCppRuntime.requireOutput(a, 1);
            final long[] results = new long[2];
            final int status = DriverCalls.inContext(Function.CU_MEM_ALLOC_PITCH,
                new long[]{ a.longValue(2), a.longValue(3), a.intValue(4) }, null, null, results);
            if (status == DriverStatus.SUCCESS)
            {
                JavaCppRuntime.allocated(results[0], results[1] * a.longValue(3), DriverCalls.session());
                a.setLong(0, results[0]);
                a.setLong(1, results[1]);
            }
            return status;
        });
        JavaCppRuntime.runtime(module, "cudaMalloc3D", a ->
        {
            final Pointer pitched = JavaCppStructArgs.struct(a, 0);
            final Pointer extent = JavaCppStructArgs.struct(a, 1);
            final long width = JavaCppStructs.getLong(extent, "width");
            final long height = JavaCppStructs.getLong(extent, "height");
            final long rows = Math.multiplyExact(height, JavaCppStructs.getLong(extent, "depth"));
            final long[] results = new long[2];
            final int status = RuntimeCalls.call(Function.CUDA_MALLOC_PITCH, new long[]{ width, rows }, null, null,
                results);
            if (status == RuntimeStatus.SUCCESS)
            {
                JavaCppRuntime.allocated(results[0], results[1] * rows, RuntimeCalls.session());
                JavaCppStructs.putLong(pitched, "ptr", results[0]);
                JavaCppStructs.putLong(pitched, "pitch", results[1]);
                JavaCppStructs.putLong(pitched, "xsize", width);
                JavaCppStructs.putLong(pitched, "ysize", height);
            }
            return status;
        });
        JavaCppRuntime.runtime(module, "cudaMemcpy3D", a -> copy3D(a, false));
        JavaCppRuntime.runtime(module, "cudaMemcpy3DAsync", a -> copy3D(a, true));
        JavaCppRuntime.runtime(module, "cudaMemset3D", a -> memset3D(a, false));
        JavaCppRuntime.runtime(module, "cudaMemset3DAsync", a -> memset3D(a, true));
        JavaCppRuntime.runtime(module, "cudaMemcpy2D", a -> copy2D(a, false));
        JavaCppRuntime.runtime(module, "cudaMemcpy2DAsync", a -> copy2D(a, true));
        JavaCppRuntime.runtime(module, "cudaMemcpyPeer", a -> peerCopy(a, false));
        JavaCppRuntime.runtime(module, "cudaMemcpyPeerAsync", a -> peerCopy(a, true));
        JavaCppRuntime.runtime(module, "cudaPointerGetAttributes", JavaCppMemory::pointerAttributes);
        module.function("cuPointerGetAttribute", JavaCppMemory::pointerAttribute);
        JavaCppRuntime.runtime(module, "cudaHostRegister", a -> RuntimeCalls.record(hostRegister(a, false)));
        module.function("cuMemHostRegister", a -> hostRegister(a, true));
        JavaCppRuntime.runtime(module, "cudaHostUnregister", a -> RuntimeCalls.record(hostUnregister(a, false)));
        module.function("cuMemHostUnregister", a -> hostUnregister(a, true));
        JavaCppRuntime.runtime(module, "cudaHostGetFlags", a -> RuntimeCalls.record(hostFlags(a, false)));
        module.function("cuMemHostGetFlags", a -> hostFlags(a, true));
    }

    /**
     * cudaMallocManaged and cuMemAllocManaged: managed memory on the executor, which the program's pointer names as
     * it names device memory: copies, kernels and the libraries use it, and {@code cudaMemcpyDefault} finds it. CUDA
     * also lets the host read and write it through the pointer, which a JavaCPP program cannot do here (the pointer
     * is a plain address, the bytes are the executor's): so {@code cudaMemAttachHost}, whose point is host access,
     * is refused, and the device attribute that announces managed memory stays 0 for JavaCPP programs.
     */
    private static int managed(final JavaCppArgs a, final boolean driver)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final long size = a.longValue(1);
        final int flags = a.count() > 2 ? a.intValue(2) : ATTACH_GLOBAL;
        final String name = a.method().qualifiedName();
        if (flags == ATTACH_HOST)
        {
            AgentLog.warnOnce(name + " with " + (driver ? "CU_MEM_ATTACH_HOST" : "cudaMemAttachHost") + " is not " +
                "supported by gpurelay for JavaCPP programs: the host cannot read or write managed memory through a " +
                "JavaCPP pointer, the bytes are the executor's; allocate with the global flag and copy with " +
                "cudaMemcpy; returning " + (driver ? "CUDA_ERROR_NOT_SUPPORTED" : "cudaErrorNotSupported"));
            return driver ? DriverStatus.NOT_SUPPORTED : RuntimeCalls.record(RuntimeStatus.NOT_SUPPORTED);
        }
        final long[] args = { size, Integer.toUnsignedLong(flags) };
        final long[] results = new long[1];
        final int status = driver ?
            DriverCalls.inContext(Function.CU_MEM_ALLOC_MANAGED, args, null, null, results) :
            RuntimeCalls.call(Function.CUDA_MALLOC_MANAGED, args, null, null, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            AgentLog.warnOnce(name + ": the host cannot read or write managed memory through the pointer (the " +
                "bytes are the executor's); copy with cudaMemcpy");
            JavaCppRuntime.allocated(results[0], size, driver ? DriverCalls.session() : RuntimeCalls.session());
            a.setHandle(0, results[0]);
        }
        return status;
    }

    /**
     * The device a {@code cudaMemLocation} / {@code CUmemLocation} names for a managed-memory hint, as the executor
     * takes it (JCuda's device argument): a device's ordinal, or -1 for the host ({@code cudaCpuDeviceId}). NUMA
     * locations are refused with the invalid-value status, saying so.
     */
    static long locationDevice(final JavaCppArgs a, final int index)
    {
        final Pointer location = JavaCppStructArgs.struct(a, index);
        final int type = JavaCppStructs.getInt(location, "type");
        return switch (type)
        {
            case LOCATION_DEVICE -> JavaCppStructs.getInt(location, "id");
            case LOCATION_HOST -> CPU_DEVICE;
            default -> throw new JavaCppArgumentException("memory location type " + type + " is not a device (1) " +
                "or the host (2), the locations gpurelay takes");
        };
    }

    static void requireNoPrefetchFlags(final JavaCppArgs a, final int index)
    {
        if (a.intValue(index) != 0)
        {
            throw new JavaCppArgumentException("flags must be 0, got " + a.intValue(index));
        }
    }

    /**
     * cudaMemcpy2D(Async)(dst, dpitch, src, spitch, width, height, kind[, stream]): one pitched copy on the executor
     * ({@link PitchedCopy}); only the host rows the copy touches travel.
     */
    private static int copy2D(final JavaCppArgs a, final boolean asynchronous)
    {
        final int kind = a.intValue(6);
        final JavaCppCopyKind sides = JavaCppCopyKind.of(kind, () -> isDevice(a, 0), () -> isDevice(a, 2));
        if (sides == null)
        {
            return JavaCppCopyKind.invalid(a, kind);
        }
        final long stream = asynchronous && a.count() > 7 ? a.stream(7) : 0;
        final PitchedCopy.Side destination = side(a, 0, a.longValue(1), sides.dstIsHost());
        final PitchedCopy.Side source = side(a, 2, a.longValue(3), sides.srcIsHost());
        try
        {
            return RuntimeCalls.record(PitchedCopy.run(source, destination, a.longValue(4), a.longValue(5), 1,
                stream, (args, payload, sink) -> asynchronous && sink == null ?
                    RuntimeCalls.pipelined(Function.CUDA_MEMCPY_3D, args, payload) :
                    RuntimeCalls.call(Function.CUDA_MEMCPY_3D, args, payload, sink, null)));
        }
        catch (final HostRangeException ex)
        {
            throw new JavaCppArgumentException(ex.getMessage());
        }
    }

    /**
     * cudaMemcpy3D(Async)(const cudaMemcpy3DParms*[, stream]) between pitched pointers: one pitched copy on the
     * executor ({@link PitchedCopy}), the positions and extent in bytes and rows. CUDA arrays are not relayed for
     * JavaCPP programs (cudaMallocArray is not), so a side that names one is refused with the not-supported status.
     */
    private static int copy3D(final JavaCppArgs a, final boolean asynchronous)
    {
        final Pointer parameters = JavaCppStructArgs.struct(a, 0);
        final long base = JavaCppStructs.structAddress(parameters);
        if (JavaCppStructs.getLong(parameters, "srcArray") != 0 || JavaCppStructs.getLong(parameters, "dstArray") != 0)
        {
            AgentLog.warnOnce(a.method().qualifiedName() + " with a CUDA array is not supported by gpurelay for " +
                "JavaCPP programs (CUDA arrays are not relayed for them); returning cudaErrorNotSupported");
            return RuntimeCalls.record(RuntimeStatus.NOT_SUPPORTED);
        }
        final long srcPointer = base + JavaCppStructs.offsetof(parameters.getClass(), "srcPtr");
        final long dstPointer = base + JavaCppStructs.offsetof(parameters.getClass(), "dstPtr");
        final long source = UnsafeApi.getLong(null, srcPointer);
        final long destination = UnsafeApi.getLong(null, dstPointer);
        if (source == 0 || destination == 0)
        {
            throw new JavaCppArgumentException("p." + (source == 0 ? "srcPtr" : "dstPtr") + ".ptr is null and no " +
                "array is named");
        }
        final int kind = JavaCppStructs.getInt(parameters, "kind");
        final Object session = RuntimeCalls.session();
        final JavaCppCopyKind sides = JavaCppCopyKind.of(kind,
            () -> JavaCppRuntime.isDeviceMemory(destination, session),
            () -> JavaCppRuntime.isDeviceMemory(source, session));
        if (sides == null)
        {
            return JavaCppCopyKind.invalid(a, kind);
        }
        final long extent = base + JavaCppStructs.offsetof(parameters.getClass(), "extent");
        final PitchedCopy.Side from = side3D(parameters, base, "srcPos", srcPointer, sides.srcIsHost());
        final PitchedCopy.Side to = side3D(parameters, base, "dstPos", dstPointer, sides.dstIsHost());
        final long stream = asynchronous && a.count() > 1 ? a.stream(1) : 0;
        try
        {
            return RuntimeCalls.record(PitchedCopy.run(from, to, UnsafeApi.getLong(null, extent),
                UnsafeApi.getLong(null, extent + Long.BYTES), UnsafeApi.getLong(null, extent + 2 * Long.BYTES), stream,
                (args, payload, sink) -> asynchronous && sink == null ?
                    RuntimeCalls.pipelined(Function.CUDA_MEMCPY_3D, args, payload) :
                    RuntimeCalls.call(Function.CUDA_MEMCPY_3D, args, payload, sink, null)));
        }
        catch (final HostRangeException ex)
        {
            throw new JavaCppArgumentException(ex.getMessage());
        }
    }

    /**
     * One side of a cudaMemcpy3DParms: its cudaPos (x in bytes) and its cudaPitchedPtr {ptr, pitch, xsize, ysize}.
     */
    private static PitchedCopy.Side side3D(final Pointer parameters, final long base, final String position,
        final long pitched, final boolean host)
    {
        final long at = base + JavaCppStructs.offsetof(parameters.getClass(), position);
        final long x = UnsafeApi.getLong(null, at);
        final long y = UnsafeApi.getLong(null, at + Long.BYTES);
        final long z = UnsafeApi.getLong(null, at + 2 * Long.BYTES);
        final long address = UnsafeApi.getLong(null, pitched);
        final long pitch = UnsafeApi.getLong(null, pitched + Long.BYTES);
        final long rows = UnsafeApi.getLong(null, pitched + 3 * Long.BYTES);
        if (!host)
        {
            return PitchedCopy.Side.device(address, x, y, z, pitch, rows);
        }
        if (PinnedHostMemory.isFreedAddress(address))
        {
            throw new JavaCppArgumentException("a side designates pinned host memory that was freed " +
                "(cudaFreeHost/cuMemFreeHost)");
        }
        return PitchedCopy.Side.hostMemory(byteCount -> HostRange.ofNative(address, byteCount, parameters), x, y, z,
            pitch, rows);
    }

    /**
     * cudaMemset3D(Async)(pitchedDevPtr, value, extent[, stream]): the executor sets the rows of each slice.
     */
    private static int memset3D(final JavaCppArgs a, final boolean asynchronous)
    {
        final Pointer pitched = JavaCppStructArgs.struct(a, 0);
        final Pointer extent = JavaCppStructArgs.struct(a, 2);
        final long[] args = { JavaCppStructs.getLong(pitched, "ptr"), JavaCppStructs.getLong(pitched, "pitch"),
            JavaCppStructs.getLong(pitched, "ysize"), a.intValue(1), JavaCppStructs.getLong(extent, "width"),
            JavaCppStructs.getLong(extent, "height"), JavaCppStructs.getLong(extent, "depth"),
            asynchronous && a.count() > 3 ? a.stream(3) : 0 };
        return asynchronous ? RuntimeCalls.pipelined(Function.CUDA_MEMSET_3D, args, null) :
            RuntimeCalls.call(Function.CUDA_MEMSET_3D, args, null, null, null);
    }

    private static PitchedCopy.Side side(final JavaCppArgs a, final int index, final long pitch, final boolean host)
    {
        if (a.isNull(index))
        {
            throw new JavaCppArgumentException(a.describe(index) + " is null");
        }
        return host ? PitchedCopy.Side.hostMemory(byteCount -> a.host(index, byteCount), 0, 0, 0, pitch, 0) :
            PitchedCopy.Side.device(a.devicePointer(index), 0, 0, 0, pitch, 0);
    }

    private static boolean isDevice(final JavaCppArgs a, final int index)
    {
        return a.get(index) instanceof Pointer && JavaCppRuntime.isDeviceMemory(a.devicePointer(index),
            RuntimeCalls.session());
    }

    /**
     * cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count) and cudaMemcpyPeerAsync(..., stream), as JCuda's
     * ({@link PeerCopies}); the overload without a stream uses the default stream.
     */
    private static int peerCopy(final JavaCppArgs a, final boolean asynchronous)
    {
        final String name = a.method().qualifiedName();
        final int dstDevice = a.intValue(1);
        final int srcDevice = a.intValue(3);
        final long count = a.longValue(4);
        final int checked = PeerCopies.check(name, dstDevice, srcDevice, count);
        if (checked != RuntimeStatus.SUCCESS)
        {
            return checked;
        }
        final long destination = a.devicePointer(0);
        final long source = a.devicePointer(2);
        if (destination == 0 || source == 0)
        {
            throw new JavaCppArgumentException((destination == 0 ? "dst" : "src") + " is a null pointer");
        }
        return PeerCopies.copy(destination, dstDevice, source, srcDevice, count, asynchronous,
            asynchronous && a.count() > 5 ? a.stream(5) : 0);
    }

    /**
     * cudaPointerGetAttributes: pinned memory of this process and memory it registered are host memory; anything
     * else is asked of the executor, whose session tables know its device and managed memory, and what it does not
     * know is unregistered host memory, as CUDA reports it. Mapped pinned memory's device pointer is what
     * cudaHostGetDevicePointer gives (other host memory's is null), and the device copy of mapped memory the executor
     * cannot map is host memory too ({@link MappedHostMemory}), as for JCuda.
     */
    private static int pointerAttributes(final JavaCppArgs a)
    {
        final Pointer attributes = JavaCppStructArgs.struct(a, 0);
        final long address = a.get(1) instanceof Pointer pointer ? JavaCppPointers.effectiveAddress(pointer) : 0;
        final int connected = DeviceRouter.installed().connect();
        if (connected != RuntimeStatus.SUCCESS)
        {
            return RuntimeCalls.record(connected);
        }
        if (address != 0 && (PinnedHostMemory.find(address) != null || HostRegistrations.flagsAt(address) >= 0))
        {
            fill(attributes, RuntimePointerAttributes.MEMORY_TYPE_HOST, RuntimeThreadState.currentDevice(),
                PinnedHostMemory.find(address) != null ? MappedHostMemory.runtimeDevicePointer(address) : 0, address);
            return RuntimeStatus.SUCCESS;
        }
        final RuntimePointerAttributes.Fill fill = (type, device, devicePointer, hostPointer) ->
            fill(attributes, type, device, devicePointer, hostPointer);
        if (RuntimePointerAttributes.mapped(address, fill))
        {
            return RuntimeStatus.SUCCESS;
        }
        return RuntimePointerAttributes.fromSession(address, fill);
    }

    /**
     * cuPointerGetAttribute(data, attribute, ptr) of device and managed memory of the session, from its tables on the
     * executor: the memory type, device pointer, whether managed, device ordinal, range start and size, and whether
     * mapped, as for JCuda. Pinned and registered host memory of this process and the other attributes are refused
     * with CUDA_ERROR_NOT_SUPPORTED, naming them.
     */
    private static int pointerAttribute(final JavaCppArgs a)
    {
        final int attribute = a.intValue(1);
        final long address = a.devicePointer(2);
        final String name = a.method().qualifiedName();
        if (PinnedHostMemory.find(address) != null || HostRegistrations.flagsAt(address) >= 0)
        {
            AgentLog.warnOnce(name + " of host memory of this process is not supported by gpurelay (only device " +
                "and managed memory); returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        if (!PointerAttributes.isSupported(attribute))
        {
            AgentLog.warnOnce(name + " of attribute " + attribute + " is not supported by gpurelay; returning " +
                "CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        JavaCppRuntime.requireOutput(a, 0);
        final long[] value = new long[1];
        final int status = PointerAttributes.query(attribute, address, value);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        if (PointerAttributes.isWide(attribute))
        {
            a.setLong(0, value[0]);
        }
        else
        {
            a.setInt(0, (int)value[0]);
        }
        return status;
    }

    private static void fill(final Pointer attributes, final int type, final int device, final long devicePointer,
        final long hostPointer)
    {
        JavaCppStructs.putInt(attributes, "type", type);
        JavaCppStructs.putInt(attributes, "device", device);
        JavaCppStructs.putLong(attributes, "devicePointer", devicePointer);
        JavaCppStructs.putLong(attributes, "hostPointer", hostPointer);
    }

    /**
     * cudaHostRegister and cuMemHostRegister, as JCuda's: the range stays the program's memory, which the agent's
     * copies read and write directly ({@link HostRegistrations}); mapping it into the executor's device cannot be
     * done and is refused by name.
     */
    private static int hostRegister(final JavaCppArgs a, final boolean driver)
    {
        final String name = a.method().qualifiedName();
        final long size = a.longValue(1);
        final int flags = a.intValue(2);
        final int connected = DeviceRouter.installed().connect();
        if (connected != RuntimeStatus.SUCCESS)
        {
            return connected;
        }
        if (driver && !DriverCalls.isLiveContext(DriverCalls.currentContext()))
        {
            return DriverCalls.noCurrentContext();
        }
        if ((flags & (HostRegistrations.MAPPED | HostRegistrations.IO_MEMORY)) != 0)
        {
            AgentLog.warnOnce(name + " with " + ((flags & HostRegistrations.MAPPED) != 0 ?
                (driver ? "CU_MEMHOSTREGISTER_DEVICEMAP" : "cudaHostRegisterMapped") :
                (driver ? "CU_MEMHOSTREGISTER_IOMEMORY" : "cudaHostRegisterIoMemory")) + ": the executor's device " +
                "cannot map this process's memory; returning " +
                (driver ? "CUDA_ERROR_NOT_SUPPORTED" : "cudaErrorNotSupported"));
            return RuntimeStatus.NOT_SUPPORTED;
        }
        if ((flags & ~(HostRegistrations.PORTABLE | HostRegistrations.READ_ONLY)) != 0)
        {
            throw new JavaCppArgumentException("flags " + flags + " are not " +
                (driver ? "CU_MEMHOSTREGISTER" : "cudaHostRegister") + " flags");
        }
        if (size <= 0)
        {
            throw new JavaCppArgumentException("a size of " + size + " bytes");
        }
        final long address = a.host(0, size).nativeAddress();
        if (address == 0)
        {
            throw new JavaCppArgumentException(a.describe(0) + " is not native memory of this process; a Java array " +
                "cannot be registered");
        }
        return HostRegistrations.register(address, size, flags) == HostRegistrations.Refusal.NONE ?
            RuntimeStatus.SUCCESS : HOST_MEMORY_ALREADY_REGISTERED;
    }

    private static int hostUnregister(final JavaCppArgs a, final boolean driver)
    {
        if (driver && !DriverCalls.isLiveContext(DriverCalls.currentContext()))
        {
            return DriverCalls.noCurrentContext();
        }
        final long address = a.get(0) instanceof Pointer pointer ? JavaCppPointers.effectiveAddress(pointer) : 0;
        return address != 0 && HostRegistrations.unregister(address) == HostRegistrations.Refusal.NONE ?
            RuntimeStatus.SUCCESS : HOST_MEMORY_NOT_REGISTERED;
    }

    /**
     * cudaHostGetFlags and cuMemHostGetFlags: the flags pinned memory of this process was allocated with, which the
     * agent keeps.
     */
    private static int hostFlags(final JavaCppArgs a, final boolean driver)
    {
        JavaCppRuntime.requireOutput(a, 0);
        if (driver && !DriverCalls.isLiveContext(DriverCalls.currentContext()))
        {
            return DriverCalls.noCurrentContext();
        }
        final long address = a.get(1) instanceof Pointer pointer ? JavaCppPointers.effectiveAddress(pointer) : 0;
        final Integer flags = PinnedHostMemory.flagsAt(address);
        if (flags == null)
        {
            throw new JavaCppArgumentException("0x" + Long.toHexString(address) + " is not in pinned memory from " +
                "cudaMallocHost, cudaHostAlloc, cuMemAllocHost or cuMemHostAlloc");
        }
        a.setInt(0, flags);
        return RuntimeStatus.SUCCESS;
    }
}
