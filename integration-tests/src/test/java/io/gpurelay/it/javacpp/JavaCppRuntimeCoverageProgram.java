package io.gpurelay.it.javacpp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.bytedeco.cuda.cudart.CUDA_MEMCPY2D_v2;
import org.bytedeco.cuda.cudart.CUDA_MEMCPY3D_v2;
import org.bytedeco.cuda.cudart.CUctx_st;
import org.bytedeco.cuda.cudart.CUdevprop_v1;
import org.bytedeco.cuda.cudart.CUevent_st;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUlaunchAttributeValue;
import org.bytedeco.cuda.cudart.CUlinkState_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.cuda.cudart.CUmemLocation_v1;
import org.bytedeco.cuda.cudart.CUmemPoolHandle_st;
import org.bytedeco.cuda.cudart.CUmemPoolProps_v1;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.CUuuid;
import org.bytedeco.cuda.cudart.cudaAccessPolicyWindow;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.cudart.cudaExtent;
import org.bytedeco.cuda.cudart.cudaLaunchAttributeValue;
import org.bytedeco.cuda.cudart.cudaMemLocation;
import org.bytedeco.cuda.cudart.cudaMemPoolProps;
import org.bytedeco.cuda.cudart.cudaMemcpy3DParms;
import org.bytedeco.cuda.cudart.cudaPitchedPtr;
import org.bytedeco.cuda.cudart.cudaPointerAttributes;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

import static org.bytedeco.cuda.global.cudart.*;

/**
 * The functions of JavaCPP's {@code cudart} beyond {@link JavaCppProgram}'s, each with its result checked: the
 * driver's context stack and primary context, its error names, the device's uuid, compute capability and properties;
 * streams with priorities waiting on events, event queries, stream attributes in both APIs; managed, pitched and
 * registered memory, 2D and peer copies, pointer attributes and pinned memory's flags. Only the presets' Java
 * classes. Arguments: {@code emulator} checks the emulator's documented answers where it has no such thing (the
 * access policy window: no L2 cache); {@code relayed} checks what gpurelay documents for JavaCPP programs where CUDA
 * answers otherwise (managed memory has no host view: cudaMemAttachHost is refused and the managed-memory attribute is
 * 0); {@code dump} prints a hash of the copied data, for comparing a local run with a remote one. The last line is
 * {@code PASSED}.
 */
public final class JavaCppRuntimeCoverageProgram
{
    private static final int N = 4096;
    private static final int WIDTH = 100;
    private static final int HEIGHT = 37;
    private static final int CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83;
    private static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    private static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
    private static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    private static final int CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712;
    private static final int NOT_SUPPORTED = 801;
    /** A module with a global and a constant, as cuModuleGetGlobal finds them. */
    private static final String GLOBALS_PTX = """
        .version 9.0
        .target sm_90
        .address_size 64

        .const .align 4 .b8 coeffs[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 0, 63, 0, 0, 128, 191};
        .global .align 4 .u32 launchCount = 7;

        .visible .entry nothing()
        {
            ret;
        }
        """;

    private static boolean emulator;
    private static boolean relayed;
    private static long hash = 1125899906842597L;

    private JavaCppRuntimeCoverageProgram()
    {
    }

    public static void main(final String[] args)
    {
        emulator = Arrays.asList(args).contains("emulator");
        relayed = Arrays.asList(args).contains("relayed");
        final int[] count = new int[1];
        check(cudaGetDeviceCount(count), "cudaGetDeviceCount");
        check(cudaSetDevice(0), "cudaSetDevice");
        errors();
        structMakers();
        contexts();
        device();
        modulesAndQueries();
        streams(count[0]);
        memory(count[0]);
        if (relayed)
        {
            badInput();
        }
        // Last: the resets end everything the device held; the runtime starts afresh after cudaDeviceReset.
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        check(cudaDeviceReset(), "cudaDeviceReset");
        final Pointer afterReset = new Pointer();
        check(cudaMalloc(afterReset, N), "cudaMalloc after cudaDeviceReset");
        check(cudaFree(afterReset), "cudaFree after cudaDeviceReset");
        check(cuDevicePrimaryCtxReset(0), "cuDevicePrimaryCtxReset");
        final int[] flags = new int[1];
        final int[] active = new int[1];
        check(cuDevicePrimaryCtxGetState(0, flags, active), "cuDevicePrimaryCtxGetState after the reset");
        if (Arrays.asList(args).contains("dump"))
        {
            System.out.println("result-hash " + Long.toHexString(hash));
        }
        System.out.println("PASSED");
    }

    private static void errors()
    {
        final BytePointer name = new BytePointer((Pointer)null);
        check(cuGetErrorName(CUDA_ERROR_INVALID_VALUE, name), "cuGetErrorName");
        expect("cuGetErrorName", "CUDA_ERROR_INVALID_VALUE", name.getString());
        final PointerPointer<BytePointer> slot = new PointerPointer<>(1);
        check(cuGetErrorName(CUDA_ERROR_NOT_READY, slot), "cuGetErrorName (PointerPointer)");
        expect("cuGetErrorName (PointerPointer)", "CUDA_ERROR_NOT_READY", slot.get(BytePointer.class, 0).getString());
        final BytePointer text = new BytePointer((Pointer)null);
        check(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, text), "cuGetErrorString");
        expect("cuGetErrorString", "out of memory", text.getString());
        final BytePointer unknown = new BytePointer((Pointer)null);
        expect("cuGetErrorName of no CUresult", CUDA_ERROR_INVALID_VALUE, cuGetErrorName(123456, unknown));
        expect("cudaGetErrorName", "cudaErrorNotReady", cudaGetErrorName(cudaErrorNotReady).getString());
        expect("cudaGetErrorName of an error gpurelay never returns", "cudaErrorStartupFailure",
            cudaGetErrorName(127).getString());
        System.out.println("errors: names and strings correct");
    }

    private static void contexts()
    {
        check(cuInit(0), "cuInit");
        final int[] device = new int[1];
        check(cuDeviceGet(device, 0), "cuDeviceGet");
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, device[0]), "cuDevicePrimaryCtxRetain");
        check(cuDevicePrimaryCtxSetFlags(device[0], CU_CTX_SCHED_BLOCKING_SYNC), "cuDevicePrimaryCtxSetFlags");
        final int[] flags = new int[1];
        final int[] active = new int[1];
        check(cuDevicePrimaryCtxGetState(device[0], flags, active), "cuDevicePrimaryCtxGetState");
        expect("primary context flags", CU_CTX_SCHED_BLOCKING_SYNC, flags[0] & 0x7);
        expect("primary context active", 1, active[0]);

        final CUctx_st context = new CUctx_st();
        check(cuCtxCreate(context, null, 0, device[0]), "cuCtxCreate");
        final int[] contextDevice = { -1 };
        check(cuCtxGetDevice(contextDevice), "cuCtxGetDevice");
        expect("cuCtxGetDevice", device[0], contextDevice[0]);
        final CUctx_st popped = new CUctx_st();
        check(cuCtxPopCurrent(popped), "cuCtxPopCurrent");
        expect("cuCtxPopCurrent", context.address(), popped.address());
        check(cuCtxPushCurrent(primary), "cuCtxPushCurrent primary");
        final CUctx_st current = new CUctx_st();
        check(cuCtxGetCurrent(current), "cuCtxGetCurrent");
        expect("pushed context is current", primary.address(), current.address());
        check(cuCtxPushCurrent(context), "cuCtxPushCurrent");
        check(cuCtxGetCurrent(current), "cuCtxGetCurrent");
        expect("pushed context is current", context.address(), current.address());
        final int[] byHandle = { -1 };
        check(cuCtxGetDevice_v2(byHandle, primary), "cuCtxGetDevice_v2");
        expect("cuCtxGetDevice_v2", device[0], byHandle[0]);
        check(cuCtxPopCurrent((CUctx_st)null), "cuCtxPopCurrent (null)");
        check(cuCtxGetCurrent(current), "cuCtxGetCurrent");
        expect("the context below is current again", primary.address(), current.address());
        check(cuCtxDestroy(context), "cuCtxDestroy");
        System.out.println("contexts: stack, devices and primary state correct");
    }

    private static void device()
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        check(cuDeviceComputeCapability(major, minor, 0), "cuDeviceComputeCapability");
        final int[] attribute = new int[1];
        check(cuDeviceGetAttribute(attribute, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0), "major");
        expect("compute capability major", attribute[0], major[0]);
        check(cuDeviceGetAttribute(attribute, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0), "minor");
        expect("compute capability minor", attribute[0], minor[0]);
        final CUdevprop_v1 properties = new CUdevprop_v1();
        check(cuDeviceGetProperties(properties, 0), "cuDeviceGetProperties");
        check(cuDeviceGetAttribute(attribute, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0), "max threads");
        expect("CUdevprop.maxThreadsPerBlock", attribute[0], properties.maxThreadsPerBlock());
        final cudaDeviceProp runtime = new cudaDeviceProp();
        check(cudaGetDeviceProperties(runtime, 0), "cudaGetDeviceProperties");
        expect("CUdevprop.maxThreadsDim[0]", runtime.maxThreadsDim(0), properties.maxThreadsDim(0));
        expect("CUdevprop.textureAlign", runtime.textureAlignment(), (long)properties.textureAlign());
        final CUuuid uuid = new CUuuid();
        check(cuDeviceGetUuid(uuid, 0), "cuDeviceGetUuid");
        final byte[] fromDriver = new byte[16];
        final byte[] fromRuntime = new byte[16];
        for (int i = 0; i < fromDriver.length; i++)
        {
            fromDriver[i] = uuid.bytes(i);
            fromRuntime[i] = new BytePointer(runtime.uuid()).get(i);
        }
        if (!Arrays.equals(fromDriver, fromRuntime) || Arrays.equals(fromDriver, new byte[16]))
        {
            throw new AssertionError("cuDeviceGetUuid gave " + Arrays.toString(fromDriver) + ", cudaDeviceProp " +
                Arrays.toString(fromRuntime));
        }
        System.out.println("device: sm_" + major[0] + minor[0] + ", properties and uuid correct");
    }

    /**
     * A module from a file with its globals, pointer attributes, device selection and PCI bus ids.
     */
    private static void modulesAndQueries()
    {
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, 0), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(primary), "cuCtxSetCurrent");
        final Path file;
        try
        {
            file = Files.createTempFile("globals", ".ptx");
            Files.writeString(file, GLOBALS_PTX);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        final CUmod_st module = new CUmod_st();
        check(cuModuleLoad(module, file.toString()), "cuModuleLoad");
        expect("cuModuleLoad of no file", CUDA_ERROR_FILE_NOT_FOUND,
            cuModuleLoad(new CUmod_st(), file + ".missing"));
        final long[] address = new long[1];
        final SizeTPointer size = new SizeTPointer(1);
        check(cuModuleGetGlobal(address, size, module, "launchCount"), "cuModuleGetGlobal");
        expect("launchCount's size", 4L, size.get());
        final IntPointer value = new IntPointer(1);
        check(cuMemcpyDtoH(value, address[0], 4), "cuMemcpyDtoH of launchCount");
        expect("launchCount", 7, value.get());
        final LongPointer constant = new LongPointer(1);
        check(cuModuleGetGlobal(constant, null, module, "coeffs"), "cuModuleGetGlobal (no size)");
        final FloatPointer coefficients = new FloatPointer(4);
        check(cuMemcpyDtoH(coefficients, constant.get(), 16), "cuMemcpyDtoH of coeffs");
        expect("coeffs[1]", 2.0f, coefficients.get(1));
        link();
        final CUfunc_st nothing = new CUfunc_st();
        check(cuModuleGetFunction(nothing, module, "nothing"), "cuModuleGetFunction");
        final int cooperative = cuLaunchCooperativeKernel(nothing, 1, 1, 1, 1, 1, 1, 0, null, (PointerPointer<?>)null);
        if (emulator)
        {
            expect("the emulator's cooperative launch", NOT_SUPPORTED, cooperative);
        }
        else
        {
            check(cooperative, "cuLaunchCooperativeKernel");
        }
        check(cuCtxSynchronize(), "cuCtxSynchronize");
        check(cuModuleUnload(module), "cuModuleUnload");
        try
        {
            Files.delete(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }

        final Pointer device = new Pointer();
        check(cudaMalloc(device, N), "cudaMalloc");
        final IntPointer type = new IntPointer(1);
        check(cuPointerGetAttribute(type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, device.address()),
            "cuPointerGetAttribute (memory type)");
        expect("the memory type", CU_MEMORYTYPE_DEVICE, type.get());
        final IntPointer ordinal = new IntPointer(1);
        check(cuPointerGetAttribute(ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, device.address() + 16),
            "cuPointerGetAttribute (device ordinal)");
        expect("the device ordinal", 0, ordinal.get());
        final LongPointer range = new LongPointer(1);
        check(cuPointerGetAttribute(range, CU_POINTER_ATTRIBUTE_RANGE_SIZE, device.address() + 16),
            "cuPointerGetAttribute (range size)");
        expect("the range size", (long)N, range.get());
        check(cudaFree(device), "cudaFree");
        check(cuDevicePrimaryCtxRelease(0), "cuDevicePrimaryCtxRelease");

        check(cudaSetValidDevices(new int[]{ 0 }, 1), "cudaSetValidDevices");
        check(cudaInitDevice(0, 0, 0), "cudaInitDevice");
        final byte[] busId = new byte[64];
        check(cudaDeviceGetPCIBusId(busId, busId.length, 0), "cudaDeviceGetPCIBusId");
        final String id = new String(busId, java.nio.charset.StandardCharsets.US_ASCII).replace("\0", "");
        final int[] found = { -1 };
        check(cudaDeviceGetByPCIBusId(found, id), "cudaDeviceGetByPCIBusId");
        expect("the device of " + id, 0, found[0]);
        found[0] = -1;
        check(cuDeviceGetByPCIBusId(found, id), "cuDeviceGetByPCIBusId");
        expect("the driver's device of " + id, 0, found[0]);
        if (relayed)
        {
            expect("cudaDeviceGetByPCIBusId of no bus id", cudaErrorInvalidValue,
                cudaDeviceGetByPCIBusId(found, "not a bus id"));
            expect("the last error", cudaErrorInvalidValue, cudaGetLastError());
        }
        System.out.println("modules and queries: globals, pointer attributes, device selection and bus ids correct");
    }

    /**
     * The JIT linker: the executor links the PTX, and the cubin it gives back loads as a module with the globals. The
     * emulator, which runs PTX only, says it cannot link.
     */
    private static void link()
    {
        final CUlinkState_st link = new CUlinkState_st();
        check(cuLinkCreate(0, (IntPointer)null, (PointerPointer<?>)null, link), "cuLinkCreate");
        final BytePointer ptx = new BytePointer(GLOBALS_PTX);
        check(cuLinkAddData(link, CU_JIT_INPUT_PTX, ptx, ptx.capacity(), "globals.ptx", 0, (IntPointer)null,
            (Pointer)null), "cuLinkAddData");
        final Pointer cubin = new Pointer();
        final SizeTPointer cubinSize = new SizeTPointer(1);
        final int linked = cuLinkComplete(link, cubin, cubinSize);
        if (emulator)
        {
            expect("the emulator's cuLinkComplete", NOT_SUPPORTED, linked);
        }
        else
        {
            check(linked, "cuLinkComplete");
            if (cubinSize.get() <= 0 || cubin.address() == 0)
            {
                throw new AssertionError("cuLinkComplete gave " + cubinSize.get() + " bytes");
            }
            final CUmod_st linkedModule = new CUmod_st();
            check(cuModuleLoadData(linkedModule, cubin), "cuModuleLoadData of the linked cubin");
            final long[] address = new long[1];
            check(cuModuleGetGlobal(address, null, linkedModule, "launchCount"), "cuModuleGetGlobal (linked)");
            final IntPointer value = new IntPointer(1);
            check(cuMemcpyDtoH(value, address[0], 4), "cuMemcpyDtoH of the linked launchCount");
            expect("the linked launchCount", 7, value.get());
            check(cuModuleUnload(linkedModule), "cuModuleUnload");
        }
        check(cuLinkDestroy(link), "cuLinkDestroy");
    }

    private static void streams(final int devices)
    {
        final int[] least = new int[1];
        final int[] greatest = new int[1];
        check(cudaDeviceGetStreamPriorityRange(least, greatest), "cudaDeviceGetStreamPriorityRange");
        final CUstream_st producer = new CUstream_st();
        final CUstream_st consumer = new CUstream_st();
        check(cudaStreamCreateWithPriority(producer, cudaStreamNonBlocking, greatest[0]), "cudaStreamCreateWithPriority");
        check(cudaStreamCreateWithPriority(consumer, cudaStreamNonBlocking, least[0]), "cudaStreamCreateWithPriority");
        final CUevent_st written = new CUevent_st();
        check(cudaEventCreate(written), "cudaEventCreate");
        final Pointer a = new Pointer();
        final Pointer b = new Pointer();
        check(cudaMalloc(a, N), "cudaMalloc");
        check(cudaMalloc(b, N), "cudaMalloc");
        check(cudaMemsetAsync(a, 0x5A, N, producer), "cudaMemsetAsync");
        check(cudaEventRecord(written, producer), "cudaEventRecord");
        check(cudaStreamWaitEvent(consumer, written, 0), "cudaStreamWaitEvent");
        check(cudaMemcpyAsync(b, a, N, cudaMemcpyDeviceToDevice, consumer), "cudaMemcpyAsync");
        check(cudaStreamWaitEvent(consumer, written), "cudaStreamWaitEvent (no flags)");
        check(cudaStreamSynchronize(consumer), "cudaStreamSynchronize");
        check(cudaEventQuery(written), "cudaEventQuery after the wait");
        final int[] capturing = { -1 };
        check(cudaStreamIsCapturing(consumer, capturing), "cudaStreamIsCapturing");
        expect("a stream's capture status", cudaStreamCaptureStatusNone, capturing[0]);
        check(cudaEventRecordWithFlags(written, consumer, cudaEventRecordDefault), "cudaEventRecordWithFlags");
        check(cudaEventRecordWithFlags(written), "cudaEventRecordWithFlags (default stream and flags)");
        check(cudaEventSynchronize(written), "cudaEventSynchronize");
        final BytePointer bytes = new BytePointer(N);
        check(cudaMemcpy(bytes, b, N, cudaMemcpyDeviceToHost), "cudaMemcpy");
        for (int i = 0; i < N; i++)
        {
            expect("byte " + i + " copied after the wait", (byte)0x5A, bytes.get(i));
        }
        mix(bytes, N);

        final cudaLaunchAttributeValue value = new cudaLaunchAttributeValue();
        value.syncPolicy(cudaSyncPolicyYield);
        check(cudaStreamSetAttribute(consumer, cudaLaunchAttributeSynchronizationPolicy, value),
            "cudaStreamSetAttribute");
        final cudaLaunchAttributeValue read = new cudaLaunchAttributeValue();
        check(cudaStreamGetAttribute(consumer, cudaLaunchAttributeSynchronizationPolicy, read),
            "cudaStreamGetAttribute");
        expect("synchronization policy", cudaSyncPolicyYield, read.syncPolicy());
        accessPolicyWindow(consumer, a);

        // The driver twins, in the primary context.
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, 0), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(primary), "cuCtxSetCurrent");
        final CUstream_st driverStream = new CUstream_st();
        check(cuStreamCreateWithPriority(driverStream, CU_STREAM_NON_BLOCKING, greatest[0]),
            "cuStreamCreateWithPriority");
        final CUstream_st driverProducer = new CUstream_st();
        check(cuStreamCreate(driverProducer, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        final CUevent_st driverEvent = new CUevent_st();
        check(cuEventCreate(driverEvent, 0), "cuEventCreate");
        check(cuMemsetD8Async(a.address(), (byte)0x33, N, driverProducer), "cuMemsetD8Async");
        check(cuEventRecord(driverEvent, driverProducer), "cuEventRecord");
        check(cuStreamWaitEvent(driverStream, driverEvent, 0), "cuStreamWaitEvent");
        check(cuMemcpyDtoDAsync(b.address(), a.address(), N, driverStream), "cuMemcpyDtoDAsync");
        check(cuStreamSynchronize(driverStream), "cuStreamSynchronize");
        check(cuMemcpyDtoH(bytes, b.address(), N), "cuMemcpyDtoH");
        expect("byte copied after the driver wait", (byte)0x33, bytes.get(N - 1));
        final CUlaunchAttributeValue driverValue = new CUlaunchAttributeValue();
        driverValue.syncPolicy(CU_SYNC_POLICY_YIELD);
        check(cuStreamSetAttribute(driverStream, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, driverValue),
            "cuStreamSetAttribute");
        final CUlaunchAttributeValue driverRead = new CUlaunchAttributeValue();
        check(cuStreamGetAttribute(driverStream, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, driverRead),
            "cuStreamGetAttribute");
        expect("driver synchronization policy", CU_SYNC_POLICY_YIELD, driverRead.syncPolicy());
        check(cuStreamDestroy(driverStream), "cuStreamDestroy");
        check(cuStreamDestroy(driverProducer), "cuStreamDestroy");
        check(cuEventDestroy(driverEvent), "cuEventDestroy");
        check(cuDevicePrimaryCtxRelease(0), "cuDevicePrimaryCtxRelease");
        check(cudaEventDestroy(written), "cudaEventDestroy");
        check(cudaStreamDestroy(producer), "cudaStreamDestroy");
        check(cudaStreamDestroy(consumer), "cudaStreamDestroy");
        check(cudaFree(a), "cudaFree");
        check(cudaFree(b), "cudaFree");
        System.out.println("streams: priorities " + least[0] + ".." + greatest[0] + ", waits, queries and " +
            "attributes correct");
    }

    /**
     * The access policy window: the emulator has no L2 cache and says so; a GPU keeps what was set.
     */
    private static void accessPolicyWindow(final CUstream_st stream, final Pointer memory)
    {
        final int[] maxWindow = new int[1];
        check(cudaDeviceGetAttribute(maxWindow, cudaDevAttrMaxAccessPolicyWindowSize, 0),
            "cudaDevAttrMaxAccessPolicyWindowSize");
        final cudaLaunchAttributeValue value = new cudaLaunchAttributeValue();
        final cudaAccessPolicyWindow window = value.accessPolicyWindow();
        window.base_ptr(memory).num_bytes(Math.min(N, Math.max(1, maxWindow[0]))).hitRatio(0.5f)
            .hitProp(cudaAccessPropertyPersisting).missProp(cudaAccessPropertyStreaming);
        final int status = cudaStreamSetAttribute(stream, cudaLaunchAttributeAccessPolicyWindow, value);
        if (emulator)
        {
            expect("the emulator's access policy window", NOT_SUPPORTED, status);
            expect("the last error", NOT_SUPPORTED, cudaGetLastError());
            return;
        }
        if (maxWindow[0] <= 0)
        {
            cudaGetLastError();
            return;
        }
        check(status, "cudaStreamSetAttribute (access policy window)");
        final cudaLaunchAttributeValue read = new cudaLaunchAttributeValue();
        check(cudaStreamGetAttribute(stream, cudaLaunchAttributeAccessPolicyWindow, read),
            "cudaStreamGetAttribute (access policy window)");
        expect("window base", memory.address(), read.accessPolicyWindow().base_ptr().address());
        expect("window bytes", window.num_bytes(), read.accessPolicyWindow().num_bytes());
        expect("window hit property", cudaAccessPropertyPersisting, read.accessPolicyWindow().hitProp());
    }

    private static void memory(final int devices)
    {
        managed();
        pitched();
        peer(devices);
        pools();
        registered();
        System.out.println("memory: managed, pitched, peer, pooled, registered and pinned memory correct");
    }

    private static void managed()
    {
        final FloatPointer host = new FloatPointer(N);
        for (int i = 0; i < N; i++)
        {
            host.put(i, i * 0.25f);
        }
        final Pointer managed = new Pointer();
        check(cudaMallocManaged(managed, (long)N * Float.BYTES, cudaMemAttachGlobal), "cudaMallocManaged");
        check(cudaMemcpy(managed, host, (long)N * Float.BYTES, cudaMemcpyDefault), "cudaMemcpy to managed");
        final FloatPointer back = new FloatPointer(N);
        check(cudaMemcpy(back, managed, (long)N * Float.BYTES, cudaMemcpyDefault), "cudaMemcpy from managed");
        for (int i = 0; i < N; i++)
        {
            expect("managed element " + i, i * 0.25f, back.get(i));
        }
        mix(back, (long)N * Float.BYTES);
        final cudaMemLocation onDevice = new cudaMemLocation().type(cudaMemLocationTypeDevice).id(0);
        check(cudaMemAdvise(managed, (long)N * Float.BYTES, cudaMemAdviseSetPreferredLocation, onDevice),
            "cudaMemAdvise");
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        check(cudaStreamAttachMemAsync(stream, managed, 0, cudaMemAttachGlobal), "cudaStreamAttachMemAsync");
        check(cudaMemPrefetchAsync(managed, (long)N * Float.BYTES, onDevice, 0, stream), "cudaMemPrefetchAsync");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        check(cudaMemcpy(back, managed, (long)N * Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy after hints");
        expect("managed element after the hints", host.get(N - 1), back.get(N - 1));
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        check(cudaPointerGetAttributes(attributes, managed), "cudaPointerGetAttributes (managed)");
        expect("managed memory's type", cudaMemoryTypeManaged, attributes.type());
        check(cudaFree(managed), "cudaFree (managed)");
        final Pointer global = new Pointer();
        check(cudaMallocManaged(global, 256), "cudaMallocManaged (default flags)");
        check(cudaFree(global), "cudaFree (managed)");
        final long[] driverManaged = new long[1];
        check(cuMemAllocManaged(driverManaged, N, CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged");
        check(cuMemcpyHtoD(driverManaged[0], host, N), "cuMemcpyHtoD (managed)");
        final CUmemLocation_v1 toHost = new CUmemLocation_v1().type(CU_MEM_LOCATION_TYPE_HOST).id(0);
        final CUmemLocation_v1 toDevice = new CUmemLocation_v1().type(CU_MEM_LOCATION_TYPE_DEVICE).id(0);
        check(cuMemAdvise(driverManaged[0], N, CU_MEM_ADVISE_SET_READ_MOSTLY, toDevice), "cuMemAdvise");
        check(cuStreamAttachMemAsync(null, driverManaged[0], 0, CU_MEM_ATTACH_GLOBAL), "cuStreamAttachMemAsync");
        check(cuMemPrefetchAsync(driverManaged[0], N, toHost, 0, null), "cuMemPrefetchAsync");
        check(cuCtxSynchronize(), "cuCtxSynchronize");
        check(cuMemcpyDtoH(back, driverManaged[0], N), "cuMemcpyDtoH (managed)");
        expect("driver managed element", host.get(7), back.get(7));
        check(cuMemFree(driverManaged[0]), "cuMemFree (managed)");
        if (relayed)
        {
            final Pointer refused = new Pointer();
            expect("cudaMallocManaged with cudaMemAttachHost", NOT_SUPPORTED,
                cudaMallocManaged(refused, 256, cudaMemAttachHost));
            expect("the last error", NOT_SUPPORTED, cudaGetLastError());
            final int[] attribute = { -1 };
            check(cuDeviceGetAttribute(attribute, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0), "managed attribute");
            expect("the managed-memory attribute of JavaCPP programs", 0, attribute[0]);
        }
    }

    private static void pitched()
    {
        final int rowBytes = WIDTH * Float.BYTES;
        final FloatPointer packed = new FloatPointer((long)WIDTH * HEIGHT);
        for (int i = 0; i < WIDTH * HEIGHT; i++)
        {
            packed.put(i, i + 0.5f);
        }
        final Pointer device = new Pointer();
        final SizeTPointer pitch = new SizeTPointer(1);
        check(cudaMallocPitch(device, pitch, rowBytes, HEIGHT), "cudaMallocPitch");
        if (pitch.get() < rowBytes)
        {
            throw new AssertionError("cudaMallocPitch gave a pitch of " + pitch.get() + " for rows of " + rowBytes);
        }
        check(cudaMemcpy2D(device, pitch.get(), packed, rowBytes, rowBytes, HEIGHT, cudaMemcpyHostToDevice),
            "cudaMemcpy2D to the device");
        final Pointer second = new Pointer();
        final SizeTPointer secondPitch = new SizeTPointer(1);
        check(cudaMallocPitch(second, secondPitch, rowBytes, HEIGHT), "cudaMallocPitch");
        check(cudaMemcpy2D(second, secondPitch.get(), device, pitch.get(), rowBytes, HEIGHT, cudaMemcpyDefault),
            "cudaMemcpy2D on the device (default kind)");
        // Zero a column band of the source, then copy it again: the band must stay out of the second copy's rows.
        check(cudaMemset2DAsync(device, pitch.get(), 0, Float.BYTES, HEIGHT), "cudaMemset2DAsync (default stream)");
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        final FloatPointer firstColumn = new FloatPointer(1);
        check(cudaMemcpy(firstColumn, device, Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy");
        expect("the memset band", 0f, firstColumn.get());
        final int hostPitch = rowBytes + 64;
        final BytePointer spread = new BytePointer((long)hostPitch * HEIGHT);
        spread.fill(0x7F);
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        check(cudaMemcpy2DAsync(spread, hostPitch, second, secondPitch.get(), rowBytes, HEIGHT,
            cudaMemcpyDeviceToHost, stream), "cudaMemcpy2DAsync to the host");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        final FloatPointer rows = new FloatPointer(spread);
        for (int y = 0; y < HEIGHT; y++)
        {
            for (int x = 0; x < WIDTH; x++)
            {
                expect("pitched element " + x + "," + y, y * WIDTH + x + 0.5f, rows.get((long)y * hostPitch / 4 + x));
            }
            for (int gap = rowBytes; gap < hostPitch; gap++)
            {
                expect("the host pitch's gap after row " + y, (byte)0x7F, spread.get((long)y * hostPitch + gap));
            }
        }
        mix(spread, (long)hostPitch * HEIGHT);
        final long[] driverPitched = new long[1];
        final SizeTPointer driverPitch = new SizeTPointer(1);
        check(cuMemAllocPitch(driverPitched, driverPitch, rowBytes, HEIGHT, Float.BYTES), "cuMemAllocPitch");
        if (driverPitch.get() < rowBytes)
        {
            throw new AssertionError("cuMemAllocPitch gave a pitch of " + driverPitch.get());
        }
        final CUDA_MEMCPY2D_v2 up = new CUDA_MEMCPY2D_v2();
        up.srcMemoryType(CU_MEMORYTYPE_HOST).srcHost(packed).srcPitch(rowBytes);
        up.dstMemoryType(CU_MEMORYTYPE_DEVICE).dstDevice(driverPitched[0]).dstPitch(driverPitch.get());
        up.WidthInBytes(rowBytes).Height(HEIGHT);
        check(cuMemcpy2D(up), "cuMemcpy2D to the device");
        final FloatPointer down = new FloatPointer((long)WIDTH * HEIGHT);
        final CUDA_MEMCPY3D_v2 back = new CUDA_MEMCPY3D_v2();
        back.srcMemoryType(CU_MEMORYTYPE_UNIFIED).srcDevice(driverPitched[0]).srcPitch(driverPitch.get())
            .srcHeight(HEIGHT);
        back.dstMemoryType(CU_MEMORYTYPE_HOST).dstHost(down).dstPitch(rowBytes).dstHeight(HEIGHT);
        back.WidthInBytes(rowBytes).Height(HEIGHT).Depth(1);
        check(cuMemcpy3DAsync(back, null), "cuMemcpy3DAsync to the host");
        check(cuCtxSynchronize(), "cuCtxSynchronize");
        for (int i = 0; i < WIDTH * HEIGHT; i++)
        {
            expect("driver pitched element " + i, packed.get(i), down.get(i));
        }
        check(cuMemFree(driverPitched[0]), "cuMemFree (pitched)");
        volume(stream);
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        check(cudaFree(device), "cudaFree");
        check(cudaFree(second), "cudaFree");
    }

    /**
     * cudaMalloc3D, cudaMemcpy3D there and cudaMemcpy3DAsync back, cudaMemset3D of the first half of each row.
     */
    private static void volume(final CUstream_st stream)
    {
        final int rowBytes = 96;
        final int rows = 8;
        final int slices = 3;
        final int bytes = rowBytes * rows * slices;
        final cudaExtent extent = new cudaExtent().width(rowBytes).height(rows).depth(slices);
        final cudaPitchedPtr device = new cudaPitchedPtr();
        check(cudaMalloc3D(device, extent), "cudaMalloc3D");
        if (device.pitch() < rowBytes || device.ptr().address() == 0)
        {
            throw new AssertionError("cudaMalloc3D gave a pitch of " + device.pitch());
        }
        final BytePointer source = new BytePointer(bytes);
        for (int i = 0; i < bytes; i++)
        {
            source.put(i, (byte)(i * 13 + 1));
        }
        final cudaMemcpy3DParms there = new cudaMemcpy3DParms();
        there.srcPtr().ptr(source).pitch(rowBytes).xsize(rowBytes).ysize(rows);
        there.dstPtr().ptr(device.ptr()).pitch(device.pitch()).xsize(device.xsize()).ysize(device.ysize());
        there.extent().width(rowBytes).height(rows).depth(slices);
        there.kind(cudaMemcpyHostToDevice);
        check(cudaMemcpy3D(there), "cudaMemcpy3D to the device");
        check(cudaMemset3D(device, 9, new cudaExtent().width(rowBytes / 2).height(rows).depth(slices)),
            "cudaMemset3D");
        final BytePointer back = new BytePointer(bytes);
        final cudaMemcpy3DParms home = new cudaMemcpy3DParms();
        home.srcPtr().ptr(device.ptr()).pitch(device.pitch()).xsize(device.xsize()).ysize(device.ysize());
        home.dstPtr().ptr(back).pitch(rowBytes).xsize(rowBytes).ysize(rows);
        home.extent().width(rowBytes).height(rows).depth(slices);
        home.kind(cudaMemcpyDefault);
        check(cudaMemcpy3DAsync(home, stream), "cudaMemcpy3DAsync to the host");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        for (int i = 0; i < bytes; i++)
        {
            expect("volume byte " + i, i % rowBytes < rowBytes / 2 ? (byte)9 : source.get(i), back.get(i));
        }
        mix(back, bytes);
        check(cudaFree(device.ptr()), "cudaFree (3D)");
    }

    private static void peer(final int devices)
    {
        final BytePointer pattern = new BytePointer(N);
        for (int i = 0; i < N; i++)
        {
            pattern.put(i, (byte)(i * 7));
        }
        final Pointer source = new Pointer();
        final Pointer destination = new Pointer();
        check(cudaMalloc(source, N), "cudaMalloc");
        check(cudaMalloc(destination, N), "cudaMalloc");
        check(cudaMemcpy(source, pattern, N, cudaMemcpyHostToDevice), "cudaMemcpy");
        check(cudaMemcpyPeer(destination, 0, source, 0, N), "cudaMemcpyPeer");
        final BytePointer back = new BytePointer(N);
        check(cudaMemcpy(back, destination, N, cudaMemcpyDeviceToHost), "cudaMemcpy");
        expectBytes("cudaMemcpyPeer on one device", pattern, back, N);
        check(cudaMemset(destination, 0, N), "cudaMemset");
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        check(cudaMemcpyPeerAsync(destination, 0, source, 0, N / 2, stream), "cudaMemcpyPeerAsync");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        check(cudaMemcpy(back, destination, N, cudaMemcpyDeviceToHost), "cudaMemcpy");
        expectBytes("cudaMemcpyPeerAsync's half", pattern, back, N / 2);
        expect("past cudaMemcpyPeerAsync's count", (byte)0, back.get(N / 2));
        expect("cudaMemcpyPeer to no device", cudaErrorInvalidDevice,
            cudaMemcpyPeer(destination, devices, source, 0, N));
        expect("the last error", cudaErrorInvalidDevice, cudaGetLastError());
        if (devices > 1)
        {
            check(cudaSetDevice(1), "cudaSetDevice 1");
            final Pointer far = new Pointer();
            check(cudaMalloc(far, N), "cudaMalloc on device 1");
            check(cudaMemcpyPeer(far, 1, source, 0, N), "cudaMemcpyPeer between devices");
            final BytePointer farBack = new BytePointer(N);
            check(cudaMemcpy(farBack, far, N, cudaMemcpyDeviceToHost), "cudaMemcpy from device 1");
            expectBytes("cudaMemcpyPeer between devices", pattern, farBack, N);
            check(cudaFree(far), "cudaFree on device 1");
            check(cudaSetDevice(0), "cudaSetDevice 0");
        }
        final int[] canAccess = { -1 };
        check(cudaDeviceCanAccessPeer(canAccess, 0, 0), "cudaDeviceCanAccessPeer");
        expect("cudaDeviceCanAccessPeer of a device itself", 0, canAccess[0]);
        canAccess[0] = -1;
        check(cuDeviceCanAccessPeer(canAccess, 0, 0), "cuDeviceCanAccessPeer");
        expect("cuDeviceCanAccessPeer of a device itself", 0, canAccess[0]);
        if (relayed)
        {
            expect("cudaDeviceEnablePeerAccess", cudaErrorPeerAccessUnsupported, cudaDeviceEnablePeerAccess(0, 0));
            expect("the last error", cudaErrorPeerAccessUnsupported, cudaGetLastError());
            expect("cudaDeviceDisablePeerAccess", cudaErrorPeerAccessNotEnabled, cudaDeviceDisablePeerAccess(0));
            expect("the last error", cudaErrorPeerAccessNotEnabled, cudaGetLastError());
        }

        // The driver's copies, in the primary context.
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, 0), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(primary), "cuCtxSetCurrent");
        check(cudaMemset(destination, 0, N), "cudaMemset");
        check(cuMemcpy(destination.address(), source.address(), N / 4), "cuMemcpy");
        check(cuMemcpyAsync(destination.address() + N / 4, source.address() + N / 4, N / 4, stream),
            "cuMemcpyAsync");
        check(cuMemcpyPeer(destination.address() + N / 2, primary, source.address() + N / 2, primary, N / 4),
            "cuMemcpyPeer");
        check(cuMemcpyPeerAsync(destination.address() + 3 * N / 4, primary, source.address() + 3 * N / 4, primary,
            N / 4, stream), "cuMemcpyPeerAsync");
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        check(cuMemcpyDtoH(back, destination.address(), N), "cuMemcpyDtoH");
        expectBytes("cuMemcpy, cuMemcpyAsync, cuMemcpyPeer and cuMemcpyPeerAsync", pattern, back, N);
        check(cuDevicePrimaryCtxRelease(0), "cuDevicePrimaryCtxRelease");
        mix(back, N);
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        check(cudaFree(source), "cudaFree");
        check(cudaFree(destination), "cudaFree");
    }

    /**
     * Stream-ordered allocation from the device's current pool and from a pool of the program's.
     */
    private static void pools()
    {
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, 0), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(primary), "cuCtxSetCurrent");
        final CUstream_st stream = new CUstream_st();
        check(cuStreamCreate(stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        final CUmemPoolProps_v1 properties = new CUmemPoolProps_v1();
        properties.allocType(CU_MEM_ALLOCATION_TYPE_PINNED);
        properties.location().type(CU_MEM_LOCATION_TYPE_DEVICE).id(0);
        final CUmemPoolHandle_st pool = new CUmemPoolHandle_st();
        check(cuMemPoolCreate(pool, properties), "cuMemPoolCreate");
        final long[] fromPool = new long[1];
        check(cuMemAllocFromPoolAsync(fromPool, N, pool, stream), "cuMemAllocFromPoolAsync");
        final long[] fromDefault = new long[1];
        check(cuMemAllocAsync(fromDefault, N, stream), "cuMemAllocAsync");
        check(cuMemsetD8Async(fromPool[0], (byte)0x21, N, stream), "cuMemsetD8Async");
        check(cuMemcpyDtoDAsync(fromDefault[0], fromPool[0], N, stream), "cuMemcpyDtoDAsync");
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        final BytePointer back = new BytePointer(N);
        check(cuMemcpyDtoH(back, fromDefault[0], N), "cuMemcpyDtoH");
        expect("stream-ordered memory's byte", (byte)0x21, back.get(N - 1));
        mix(back, N);
        check(cuMemFreeAsync(fromPool[0], stream), "cuMemFreeAsync");
        check(cuMemFreeAsync(fromDefault[0], stream), "cuMemFreeAsync");
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
        check(cuMemPoolTrimTo(pool, 0), "cuMemPoolTrimTo");
        check(cuMemPoolDestroy(pool), "cuMemPoolDestroy");
        check(cuStreamDestroy(stream), "cuStreamDestroy");
        check(cuDevicePrimaryCtxRelease(0), "cuDevicePrimaryCtxRelease");

        // The runtime's forms, in the device's primary context.
        final CUstream_st runtimeStream = new CUstream_st();
        check(cudaStreamCreate(runtimeStream), "cudaStreamCreate");
        final Pointer async = new Pointer();
        check(cudaMallocAsync(async, N, runtimeStream), "cudaMallocAsync");
        check(cudaMemsetAsync(async, 0x44, N, runtimeStream), "cudaMemsetAsync");
        final cudaMemPoolProps runtimeProperties = new cudaMemPoolProps();
        runtimeProperties.allocType(cudaMemAllocationTypePinned);
        runtimeProperties.location().type(cudaMemLocationTypeDevice).id(0);
        final CUmemPoolHandle_st runtimePool = new CUmemPoolHandle_st();
        check(cudaMemPoolCreate(runtimePool, runtimeProperties), "cudaMemPoolCreate");
        final Pointer pooled = new Pointer();
        check(cudaMallocFromPoolAsync(pooled, N, runtimePool, runtimeStream), "cudaMallocFromPoolAsync");
        check(cudaMemcpyAsync(pooled, async, N, cudaMemcpyDefault, runtimeStream), "cudaMemcpyAsync (default kind)");
        check(cudaStreamSynchronize(runtimeStream), "cudaStreamSynchronize");
        check(cudaMemcpy(back, pooled, N, cudaMemcpyDeviceToHost), "cudaMemcpy");
        expect("the runtime's stream-ordered memory's byte", (byte)0x44, back.get(0));
        mix(back, N);
        check(cudaFreeAsync(async, runtimeStream), "cudaFreeAsync");
        check(cudaFreeAsync(pooled, runtimeStream), "cudaFreeAsync");
        check(cudaStreamSynchronize(runtimeStream), "cudaStreamSynchronize");
        check(cudaMemPoolTrimTo(runtimePool, 0), "cudaMemPoolTrimTo");
        check(cudaMemPoolDestroy(runtimePool), "cudaMemPoolDestroy");
        check(cudaStreamDestroy(runtimeStream), "cudaStreamDestroy");
    }

    private static void registered()
    {
        final Pointer device = new Pointer();
        check(cudaMalloc(device, N), "cudaMalloc");
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        check(cudaPointerGetAttributes(attributes, device), "cudaPointerGetAttributes (device)");
        expect("device memory's type", cudaMemoryTypeDevice, attributes.type());
        expect("device memory's device", 0, attributes.device());
        expect("device memory's device pointer", device.address(), attributes.devicePointer().address());
        final BytePointer plain = new BytePointer(N);
        check(cudaPointerGetAttributes(attributes, plain), "cudaPointerGetAttributes (plain host memory)");
        expect("plain host memory's type", cudaMemoryTypeUnregistered, attributes.type());

        check(cudaHostRegister(plain, N, cudaHostRegisterDefault), "cudaHostRegister");
        expect("registering twice", CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
            cudaHostRegister(plain, N, cudaHostRegisterDefault));
        expect("the last error", CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, cudaGetLastError());
        check(cudaPointerGetAttributes(attributes, plain), "cudaPointerGetAttributes (registered)");
        expect("registered memory's type", cudaMemoryTypeHost, attributes.type());
        for (int i = 0; i < N; i++)
        {
            plain.put(i, (byte)(255 - i));
        }
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        check(cudaMemcpyAsync(device, plain, N, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync (registered)");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        check(cudaHostUnregister(plain), "cudaHostUnregister");
        expect("unregistering twice", cudaErrorHostMemoryNotRegistered, cudaHostUnregister(plain));
        expect("the last error", cudaErrorHostMemoryNotRegistered, cudaGetLastError());
        final BytePointer back = new BytePointer(N);
        check(cudaMemcpy(back, device, N, cudaMemcpyDeviceToHost), "cudaMemcpy");
        expectBytes("registered memory copied", plain, back, N);
        mix(back, N);

        final Pointer pinned = new Pointer();
        check(cudaHostAlloc(pinned, N, cudaHostAllocPortable), "cudaHostAlloc");
        final int[] flags = new int[1];
        check(cudaHostGetFlags(flags, pinned), "cudaHostGetFlags");
        if ((flags[0] & cudaHostAllocPortable) == 0)
        {
            throw new AssertionError("cudaHostGetFlags gave " + flags[0] + " for portable memory");
        }
        check(cudaPointerGetAttributes(attributes, pinned), "cudaPointerGetAttributes (pinned)");
        expect("pinned memory's type", cudaMemoryTypeHost, attributes.type());
        check(cudaFreeHost(pinned), "cudaFreeHost");
        mappedMemory(back);
        final CUctx_st primary = new CUctx_st();
        check(cuDevicePrimaryCtxRetain(primary, 0), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(primary), "cuCtxSetCurrent");
        final Pointer driverPinned = new Pointer();
        check(cuMemHostAlloc(driverPinned, N, CU_MEMHOSTALLOC_PORTABLE), "cuMemHostAlloc");
        final IntPointer driverFlags = new IntPointer(1);
        check(cuMemHostGetFlags(driverFlags, driverPinned), "cuMemHostGetFlags");
        if ((driverFlags.get() & CU_MEMHOSTALLOC_PORTABLE) == 0)
        {
            throw new AssertionError("cuMemHostGetFlags gave " + driverFlags.get() + " for portable memory");
        }
        check(cuMemFreeHost(driverPinned), "cuMemFreeHost");
        final Pointer driverMapped = new Pointer();
        check(cuMemHostAlloc(driverMapped, N, CU_MEMHOSTALLOC_DEVICEMAP), "cuMemHostAlloc (DEVICEMAP)");
        final LongPointer driverMappedDevice = new LongPointer(1);
        check(cuMemHostGetDevicePointer(driverMappedDevice, driverMapped, 0), "cuMemHostGetDevicePointer");
        check(cuMemsetD8(driverMappedDevice.get(), (byte)0x3C, N), "cuMemsetD8 (driver-mapped memory)");
        check(cuCtxSynchronize(), "cuCtxSynchronize (driver-mapped memory)");
        final BytePointer driverMappedBytes = new BytePointer(driverMapped).capacity(N);
        for (int i = 0; i < N; i++)
        {
            if (driverMappedBytes.get(i) != 0x3C)
            {
                throw new AssertionError("driver-mapped memory's byte " + i + " is " + driverMappedBytes.get(i) +
                    " after the memset");
            }
        }
        check(cuMemFreeHost(driverMapped), "cuMemFreeHost (DEVICEMAP)");
        final BytePointer driverRegistered = new BytePointer(N);
        check(cuMemHostRegister(driverRegistered, N, 0), "cuMemHostRegister");
        check(cuMemHostUnregister(driverRegistered), "cuMemHostUnregister");
        check(cuDevicePrimaryCtxRelease(0), "cuDevicePrimaryCtxRelease");
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        check(cudaFree(device), "cudaFree");
    }

    /**
     * Mapped pinned memory (cudaHostAllocMapped): what the host writes, a copy from its device pointer reads; what a
     * memset through the device pointer writes, the host reads after synchronising; its device pointer is host memory.
     * Over IPC the executor maps the program's shared memory, otherwise the executor keeps a device copy.
     */
    private static void mappedMemory(final BytePointer back)
    {
        final Pointer mapped = new Pointer();
        check(cudaHostAlloc(mapped, N, cudaHostAllocMapped), "cudaHostAlloc (mapped)");
        final BytePointer bytes = new BytePointer(mapped).capacity(N);
        for (int i = 0; i < N; i++)
        {
            bytes.put(i, (byte)(3 * i));
        }
        final Pointer devicePointer = new Pointer();
        check(cudaHostGetDevicePointer(devicePointer, mapped, 0), "cudaHostGetDevicePointer");
        check(cudaMemcpy(back, devicePointer, N, cudaMemcpyDeviceToHost), "cudaMemcpy (from mapped memory's device)");
        expectBytes("mapped memory read through its device pointer", bytes, back, N);
        check(cudaMemset(devicePointer, 0x5A, N), "cudaMemset (mapped memory's device pointer)");
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        for (int i = 0; i < N; i++)
        {
            if (bytes.get(i) != 0x5A)
            {
                throw new AssertionError("mapped memory's byte " + i + " is " + bytes.get(i) + " after the memset");
            }
        }
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        check(cudaPointerGetAttributes(attributes, mapped), "cudaPointerGetAttributes (mapped)");
        expect("mapped memory's type", cudaMemoryTypeHost, attributes.type());
        expect("mapped memory's device pointer", devicePointer.address(), attributes.devicePointer().address());
        check(cudaPointerGetAttributes(attributes, devicePointer), "cudaPointerGetAttributes (mapped, device)");
        expect("mapped memory's device pointer's type", cudaMemoryTypeHost, attributes.type());
        check(cudaFreeHost(mapped), "cudaFreeHost (mapped)");
    }

    /**
     * Arguments gpurelay cannot take: CUDA's invalid-value status (the runtime's as the thread's last error), and a
     * log line that says why.
     */
    private static void badInput()
    {
        expect("cuDeviceGetUuid into null", CUDA_ERROR_INVALID_VALUE, cuDeviceGetUuid(null, 0));
        final CUstream_st stream = new CUstream_st();
        check(cudaStreamCreate(stream), "cudaStreamCreate");
        expect("cudaStreamGetAttribute into null", cudaErrorInvalidValue,
            cudaStreamGetAttribute(stream, cudaLaunchAttributeSynchronizationPolicy, null));
        expect("the last error", cudaErrorInvalidValue, cudaGetLastError());
        final Pointer managed = new Pointer();
        check(cudaMallocManaged(managed, N, cudaMemAttachGlobal), "cudaMallocManaged");
        final cudaMemLocation numa = new cudaMemLocation().type(cudaMemLocationTypeHostNuma).id(0);
        expect("cudaMemPrefetchAsync to a NUMA node", cudaErrorInvalidValue,
            cudaMemPrefetchAsync(managed, N, numa, 0, stream));
        expect("the last error", cudaErrorInvalidValue, cudaGetLastError());
        expect("cudaMemcpy2D of no kind", cudaErrorInvalidMemcpyDirection,
            cudaMemcpy2D(managed, 64, managed, 64, 64, 2, 99));
        expect("the last error", cudaErrorInvalidMemcpyDirection, cudaGetLastError());
        check(cudaFree(managed), "cudaFree");
        check(cudaStreamDestroy(stream), "cudaStreamDestroy");
        System.out.println("bad input: refused with CUDA's statuses");
    }

    private static void mix(final Pointer memory, final long bytes)
    {
        final BytePointer view = new BytePointer(memory);
        for (long i = 0; i < bytes; i++)
        {
            hash = hash * 31 + view.get(i);
        }
    }

    private static void expectBytes(final String what, final BytePointer expected, final BytePointer actual,
        final int count)
    {
        for (int i = 0; i < count; i++)
        {
            if (expected.get(i) != actual.get(i))
            {
                throw new AssertionError(what + ": byte " + i + " is " + actual.get(i) + ", expected " +
                    expected.get(i));
            }
        }
    }

    /**
     * CUDA's struct makers, inline host code: make_cudaExtent, make_cudaPos, make_cudaPitchedPtr, vectors, complex
     * numbers.
     */
    private static void structMakers()
    {
        final org.bytedeco.cuda.cudart.cudaExtent extent = org.bytedeco.cuda.global.cudart.make_cudaExtent(64, 3, 2);
        expect("make_cudaExtent", "64 3 2", extent.width() + " " + extent.height() + " " + extent.depth());
        final org.bytedeco.cuda.cudart.cudaPos position = org.bytedeco.cuda.global.cudart.make_cudaPos(1, 2, 3);
        expect("make_cudaPos", "1 2 3", position.x() + " " + position.y() + " " + position.z());
        final Pointer device = new Pointer();
        check(cudaMalloc(device, 256), "cudaMalloc for a pitched pointer");
        final org.bytedeco.cuda.cudart.cudaPitchedPtr pitched =
            org.bytedeco.cuda.global.cudart.make_cudaPitchedPtr(device, 128, 100, 2);
        expect("make_cudaPitchedPtr", device.address() + " 128 100 2", pitched.ptr().address() + " " + pitched.pitch() +
            " " + pitched.xsize() + " " + pitched.ysize());
        check(cudaFree(device), "cudaFree of the pitched pointer's memory");
        final org.bytedeco.cuda.cudart.float4 vector = org.bytedeco.cuda.global.cudart.make_float4(1.5f, 2, 3, 4);
        expect("make_float4", "1.5 2.0 3.0 4.0", vector.x() + " " + vector.y() + " " + vector.z() + " " + vector.w());
        final org.bytedeco.cuda.cudart.char1 character = org.bytedeco.cuda.global.cudart.make_char1((byte)7);
        expect("make_char1", (byte)7, character.x());
        final org.bytedeco.cuda.cudart.double2 complex =
            org.bytedeco.cuda.global.cudart.make_cuDoubleComplex(1.25, -2);
        expect("make_cuDoubleComplex", "1.25 -2.0", complex.x() + " " + complex.y());
        final org.bytedeco.cuda.cudart.longlong3 wide = org.bytedeco.cuda.global.cudart.make_longlong3(1L << 40, -1, 5);
        expect("make_longlong3", (1L << 40) + " -1 5", wide.x() + " " + wide.y() + " " + wide.z());
    }

    private static void expect(final String what, final Object expected, final Object actual)
    {
        if (!expected.equals(actual))
        {
            throw new AssertionError(what + ": " + actual + ", expected " + expected);
        }
    }

    private static void check(final int status, final String what)
    {
        if (status != 0)
        {
            throw new AssertionError(what + " failed with " + status);
        }
    }
}
