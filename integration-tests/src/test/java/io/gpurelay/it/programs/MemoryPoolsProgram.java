package io.gpurelay.it.programs;

import java.nio.file.Path;
import java.util.Locale;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUaccessPolicyWindow;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUdevprop;
import jcuda.driver.CUfunction;
import jcuda.driver.CUjitInputType;
import jcuda.driver.CUjit_option;
import jcuda.driver.CUlinkState;
import jcuda.driver.CUmemLocation;
import jcuda.driver.CUmemPoolProps;
import jcuda.driver.CUmemoryPool;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamAttrValue;
import jcuda.driver.JCudaDriver;
import jcuda.driver.JITOptions;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaStreamAttrValue;
import jcuda.runtime.cudaStream_t;
import static io.gpurelay.it.programs.FnLines.line;

/**
 * Calls the stream-ordered allocation, memory pool, stream priority, cooperative launch, primary-context flag, PCI
 * bus id and occupancy functions through JCuda's public API in a fixed sequence, printing one line per call:
 * {@code FN <function>/<case> status=<status> <what it wrote>}. {@code MemoryPoolsIT} runs it through gpurelay on the
 * emulator and checks the lines; {@code MemoryPoolsGpuIT} runs it once with JCuda's own natives on a GPU and once
 * through gpurelay on the same GPU, and the two outputs must agree. What differs by nature between two processes is
 * printed as a property (addresses as set or not). Arguments: the folder with the kernels' PTX files, then {@code
 * refusals} to add the calls gpurelay refuses on purpose (shareable handles, foreign pointers), which are not
 * compared with a GPU.
 */
public final class MemoryPoolsProgram
{
    private static final int N = 1024;
    private static final int CU_STREAM_NON_BLOCKING = 1;
    private static final int CU_MEM_ALLOCATION_TYPE_PINNED = 1;
    private static final int CU_MEM_LOCATION_TYPE_DEVICE = 1;
    private static final int CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1;
    private static final int CU_CTX_SCHED_BLOCKING_SYNC = 4;
    private static final int CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 2;

    private MemoryPoolsProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCuda.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        final boolean refusals = args.length > 1 && "refusals".equals(args[1]);
        driver(kernels, refusals);
        runtime();
        System.out.println("DONE");
    }

    private static void driver(final Path kernels, final boolean refusals)
    {
        line("cuInit", "", JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        line("cuDeviceGet", "", JCudaDriver.cuDeviceGet(device, 0));

        // Primary-context flags: set before the context is active, as the session's own.
        line("cuDevicePrimaryCtxSetFlags", "blocking sync",
            JCudaDriver.cuDevicePrimaryCtxSetFlags(device, CU_CTX_SCHED_BLOCKING_SYNC));
        final int[] flags = new int[1];
        final int[] active = new int[1];
        line("cuDevicePrimaryCtxGetState", "", JCudaDriver.cuDevicePrimaryCtxGetState(device, flags, active),
            flags[0], active[0]);
        line("cuDevicePrimaryCtxSetFlags", "invalid schedule", JCudaDriver.cuDevicePrimaryCtxSetFlags(device, 3));

        final CUcontext context = new CUcontext();
        line("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));

        final CUdevprop devprop = new CUdevprop();
        line("cuDeviceGetProperties", "", JCudaDriver.cuDeviceGetProperties(devprop, device),
            devprop.maxThreadsPerBlock, java.util.Arrays.toString(devprop.maxThreadsDim),
            java.util.Arrays.toString(devprop.maxGridSize), devprop.sharedMemPerBlock, devprop.totalConstantMemory,
            devprop.SIMDWidth, devprop.memPitch, devprop.regsPerBlock, devprop.clockRate, devprop.textureAlign);

        // A context's usage count: attached once more, detached twice, and gone.
        final CUcontext counted = new CUcontext();
        line("cuCtxCreate", "counted", JCudaDriver.cuCtxCreate(counted, 0, device));
        final CUcontext attached = new CUcontext();
        line("cuCtxAttach", "", JCudaDriver.cuCtxAttach(attached, 0), attached.equals(counted));
        line("cuCtxAttach", "flags", JCudaDriver.cuCtxAttach(new CUcontext(), 1));
        line("cuCtxDetach", "attached", JCudaDriver.cuCtxDetach(counted));
        final int[] version = new int[1];
        line("cuCtxGetApiVersion", "still live", JCudaDriver.cuCtxGetApiVersion(counted, version));
        line("cuCtxDetach", "last", JCudaDriver.cuCtxDetach(counted));
        line("cuCtxSetCurrent", "main", JCudaDriver.cuCtxSetCurrent(context));
        if (refusals)
        {
            // A destroyed context is undefined in CUDA; gpurelay knows it is gone.
            line("cuCtxPushCurrent", "destroyed", JCudaDriver.cuCtxPushCurrent(counted));
        }

        // The device of a PCI bus id.
        final String[] busId = new String[1];
        line("cuDeviceGetPCIBusId", "", JCudaDriver.cuDeviceGetPCIBusId(busId, 64, device));
        final CUdevice found = new CUdevice();
        line("cuDeviceGetByPCIBusId", "own id", JCudaDriver.cuDeviceGetByPCIBusId(found, busId[0]),
            found.equals(device));
        line("cuDeviceGetByPCIBusId", "without function",
            JCudaDriver.cuDeviceGetByPCIBusId(found, busId[0].substring(0, busId[0].lastIndexOf('.'))),
            found.equals(device));
        line("cuDeviceGetByPCIBusId", "no such device", JCudaDriver.cuDeviceGetByPCIBusId(found, "7fff:ff:1f.0"));
        line("cuDeviceGetByPCIBusId", "not an id", JCudaDriver.cuDeviceGetByPCIBusId(found, "not a bus id"));
        final int[] p2p = new int[1];
        line("cuDeviceGetP2PAttribute", "access supported, to itself", JCudaDriver.cuDeviceGetP2PAttribute(p2p,
            CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, device, device), p2p[0]);

        // A stream with the greatest priority.
        final int[] least = new int[1];
        final int[] greatest = new int[1];
        line("cuCtxGetStreamPriorityRange", "", JCudaDriver.cuCtxGetStreamPriorityRange(least, greatest), least[0],
            greatest[0]);
        final CUstream stream = new CUstream();
        line("cuStreamCreateWithPriority", "greatest",
            JCudaDriver.cuStreamCreateWithPriority(stream, CU_STREAM_NON_BLOCKING, greatest[0]));
        final int[] priority = new int[1];
        line("cuStreamGetPriority", "greatest", JCudaDriver.cuStreamGetPriority(stream, priority), priority[0]);
        final CUstream clamped = new CUstream();
        line("cuStreamCreateWithPriority", "below the range",
            JCudaDriver.cuStreamCreateWithPriority(clamped, 0, greatest[0] - 10));
        line("cuStreamGetPriority", "below the range", JCudaDriver.cuStreamGetPriority(clamped, priority),
            priority[0]);
        line("cuStreamCreateWithPriority", "invalid flags", JCudaDriver.cuStreamCreateWithPriority(
            new CUstream(), 6, 0));

        // Stream attributes: the synchronization policy, and an access policy window over an allocation.
        final CUstreamAttrValue attribute = new CUstreamAttrValue();
        line("cuStreamGetAttribute", "synchronization policy", JCudaDriver.cuStreamGetAttribute(stream, 3, attribute),
            attribute.syncPolicy);
        attribute.syncPolicy = 4;
        line("cuStreamSetAttribute", "blocking sync", JCudaDriver.cuStreamSetAttribute(stream, 3, attribute));
        attribute.syncPolicy = 0;
        line("cuStreamGetAttribute", "blocking sync", JCudaDriver.cuStreamGetAttribute(stream, 3, attribute),
            attribute.syncPolicy);
        // JCuda 12.6's own natives crash the JVM setting an access policy window on a CUDA 13 host: the GPU
        // comparison leaves it out (-Dpools.skipAccessPolicyWindow=true) and checks it through gpurelay alone.
        if (!Boolean.getBoolean("pools.skipAccessPolicyWindow"))
        {
            final CUdeviceptr windowed = new CUdeviceptr();
            JCudaDriver.cuMemAlloc(windowed, 1 << 16);
            final CUstreamAttrValue window = new CUstreamAttrValue();
            window.accessPolicyWindow = new CUaccessPolicyWindow(windowed, 1 << 16, 0.5f, 2, 1);
            line("cuStreamSetAttribute", "access policy window", JCudaDriver.cuStreamSetAttribute(stream, 1, window));
            final CUstreamAttrValue readBack = new CUstreamAttrValue();
            final int windowStatus = JCudaDriver.cuStreamGetAttribute(stream, 1, readBack);
            line("cuStreamGetAttribute", "access policy window", windowStatus, readBack.accessPolicyWindow == null ? "-" :
                readBack.accessPolicyWindow.num_bytes + " " + readBack.accessPolicyWindow.hitRatio + " " +
                readBack.accessPolicyWindow.hitProp + " " + readBack.accessPolicyWindow.missProp);
            JCudaDriver.cuMemFree(windowed);
        }

        // Stream-ordered allocations, written by a memset and a kernel on the stream.
        final CUmodule module = new CUmodule();
        line("cuModuleLoad", "", JCudaDriver.cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction vectorAdd = new CUfunction();
        line("cuModuleGetFunction", "", JCudaDriver.cuModuleGetFunction(vectorAdd, module, "vector_add"));
        // JCuda 12.6's own natives leave cuModuleLoadFatBinary's module unset and crash the JVM in
        // cuModuleLoadDataJIT on a CUDA 13 host: the GPU comparison leaves modules from images, JIT options and the
        // linker out (-Dpools.skipModules=true) and checks them through gpurelay alone.
        if (!Boolean.getBoolean("pools.skipModules"))
        {
            final byte[] ptx = read(kernels.resolve("vector_add.ptx"));
            final CUmodule fatBinary = new CUmodule();
            line("cuModuleLoadFatBinary", "PTX image", JCudaDriver.cuModuleLoadFatBinary(fatBinary, ptx));
            line("cuModuleUnload", "fat binary", JCudaDriver.cuModuleUnload(fatBinary));
            final JITOptions jitOptions = new JITOptions();
            jitOptions.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 4096);
            jitOptions.put(CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
            final CUmodule jit = new CUmodule();
            line("cuModuleLoadDataJIT", "PTX", JCudaDriver.cuModuleLoadDataJIT(jit, Pointer.to(ptx), jitOptions),
                log(jitOptions).isEmpty());
            line("cuModuleUnload", "JIT", JCudaDriver.cuModuleUnload(jit));
            final JITOptions badOptions = new JITOptions();
            badOptions.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 4096);
            badOptions.put(CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
            final byte[] bad = ".version 8.0\n.target sm_50\n.address_size 64\n.visible .entry broken( {\n"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            final byte[] terminated = java.util.Arrays.copyOf(bad, bad.length + 1);
            final int broken = JCudaDriver.cuModuleLoadDataJIT(new CUmodule(), Pointer.to(terminated), badOptions);
            line("cuModuleLoadDataJIT", "broken PTX", broken, !log(badOptions).isEmpty());

            // The JIT linker: the PTX file linked into a cubin that loads and runs.
            final JITOptions linkOptions = new JITOptions();
            linkOptions.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 4096);
            linkOptions.put(CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
            final CUlinkState link = new CUlinkState();
            line("cuLinkCreate", "", JCudaDriver.cuLinkCreate(linkOptions, link));
            line("cuLinkAddFile", "PTX", JCudaDriver.cuLinkAddFile(link, CUjitInputType.CU_JIT_INPUT_PTX,
                kernels.resolve("vector_add.ptx").toString(), new JITOptions()));
            line("cuLinkAddFile", "missing", JCudaDriver.cuLinkAddFile(link, CUjitInputType.CU_JIT_INPUT_PTX,
                kernels.resolve("no_such_kernel.ptx").toString(), new JITOptions()));
            final Pointer cubin = new Pointer();
            final long[] cubinSize = new long[1];
            final int linked = JCudaDriver.cuLinkComplete(link, cubin, cubinSize);
            line("cuLinkComplete", "", linked, cubinSize[0] > 0, linked == 0 || !log(linkOptions).isEmpty());
            final CUmodule linkedModule = new CUmodule();
            if (linked == 0)
            {
                line("cuModuleLoadDataEx", "linked cubin", JCudaDriver.cuModuleLoadDataEx(linkedModule, cubin, 0,
                    new int[0], Pointer.to(new int[0])));
                line("cuModuleUnload", "linked cubin", JCudaDriver.cuModuleUnload(linkedModule));
            }
            line("cuLinkDestroy", "", JCudaDriver.cuLinkDestroy(link));
            if (refusals)
            {
                line("cuLinkDestroy", "twice", JCudaDriver.cuLinkDestroy(link));
                line("cuLinkAddData", "destroyed state", JCudaDriver.cuLinkAddData(link, CUjitInputType.CU_JIT_INPUT_PTX,
                    Pointer.to(ptx), ptx.length, "vector_add", new JITOptions()));
                final CUlinkState other = new CUlinkState();
                JCudaDriver.cuLinkCreate(new JITOptions(), other);
                line("cuLinkAddData", "not an input type", JCudaDriver.cuLinkAddData(other, 9, Pointer.to(ptx),
                    ptx.length, "vector_add", new JITOptions()));
                line("cuLinkComplete", "empty", JCudaDriver.cuLinkComplete(other, new Pointer(), new long[1]));
                JCudaDriver.cuLinkDestroy(other);
            }
        }

        final long[] free = new long[1];
        final long[] total = new long[1];
        JCudaDriver.cuMemGetInfo(free, total);
        final long freeBefore = free[0];
        final CUdeviceptr a = new CUdeviceptr();
        line("cuMemAllocAsync", "stream", JCudaDriver.cuMemAllocAsync(a, (long)N * Sizeof.FLOAT, stream), isSet(a));
        final CUdeviceptr sum = new CUdeviceptr();
        line("cuMemAllocAsync", "default stream", JCudaDriver.cuMemAllocAsync(sum, (long)N * Sizeof.FLOAT,
            new CUstream()), isSet(sum));
        boolean nullStreamRefused = false;
        try
        {
            JCudaDriver.cuMemAllocAsync(new CUdeviceptr(), Sizeof.FLOAT, null);
        }
        catch (final NullPointerException expected)
        {
            nullStreamRefused = expected.getMessage().equals("Parameter 'hStream' is null for cuMemAllocAsync");
        }
        line("cuMemAllocAsync", "null stream", 0, nullStreamRefused);
        line("cuMemAllocAsync", "zero bytes", JCudaDriver.cuMemAllocAsync(new CUdeviceptr(), 0, stream));
        line("cuMemsetD32Async", "", JCudaDriver.cuMemsetD32Async(a, Float.floatToRawIntBits(1.5f), N, stream));
        line("cuStreamSynchronize", "memset", JCudaDriver.cuStreamSynchronize(stream));
        line("cuLaunchKernel", "", JCudaDriver.cuLaunchKernel(vectorAdd, N / 256, 1, 1, 256, 1, 1, 0, null,
            Pointer.to(Pointer.to(a), Pointer.to(a), Pointer.to(sum), Pointer.to(new int[]{ N })), null));
        final float[] host = new float[N];
        line("cuMemcpyDtoH", "sum", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), sum, (long)N * Sizeof.FLOAT),
            host[0], host[N - 1]);
        JCudaDriver.cuMemGetInfo(free, total);
        System.out.println("HELD " + (freeBefore - free[0] >= 2L * N * Sizeof.FLOAT));
        line("cuMemFreeAsync", "stream", JCudaDriver.cuMemFreeAsync(a, stream));
        line("cuMemFreeAsync", "default stream", JCudaDriver.cuMemFreeAsync(sum, null));
        line("cuStreamSynchronize", "frees", JCudaDriver.cuStreamSynchronize(stream));
        line("cuCtxSynchronize", "frees", JCudaDriver.cuCtxSynchronize());

        // A pool of the device's memory.
        final CUmemLocation location = new CUmemLocation();
        location.type = CU_MEM_LOCATION_TYPE_DEVICE;
        location.id = 0;
        final CUmemPoolProps properties = new CUmemPoolProps();
        properties.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
        properties.location = location;
        final CUmemoryPool pool = new CUmemoryPool();
        line("cuMemPoolCreate", "", JCudaDriver.cuMemPoolCreate(pool, properties));
        final CUdeviceptr fromPool = new CUdeviceptr();
        line("cuMemAllocFromPoolAsync", "", JCudaDriver.cuMemAllocFromPoolAsync(fromPool, (long)N * Sizeof.FLOAT,
            pool, stream), isSet(fromPool));
        line("cuMemsetD32Async", "pool", JCudaDriver.cuMemsetD32Async(fromPool, Float.floatToRawIntBits(2.5f), N,
            stream));
        line("cuStreamSynchronize", "pool", JCudaDriver.cuStreamSynchronize(stream));
        line("cuMemcpyDtoH", "pool", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), fromPool, (long)N * Sizeof.FLOAT),
            host[0], host[N - 1]);
        line("cuMemPoolTrimTo", "", JCudaDriver.cuMemPoolTrimTo(pool, 0));
        line("cuMemFreeAsync", "pool", JCudaDriver.cuMemFreeAsync(fromPool, stream));
        line("cuStreamSynchronize", "pool free", JCudaDriver.cuStreamSynchronize(stream));
        line("cuMemPoolTrimTo", "after free", JCudaDriver.cuMemPoolTrimTo(pool, 0));
        line("cuMemPoolDestroy", "", JCudaDriver.cuMemPoolDestroy(pool));
        final CUmemPoolProps hostPool = new CUmemPoolProps();
        hostPool.allocType = 0;
        hostPool.location = location;
        line("cuMemPoolCreate", "invalid allocation type", JCudaDriver.cuMemPoolCreate(new CUmemoryPool(), hostPool));

        if (refusals)
        {
            final CUmemPoolProps shareable = new CUmemPoolProps();
            shareable.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
            shareable.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
            shareable.location = location;
            line("cuMemPoolCreate", "shareable", JCudaDriver.cuMemPoolCreate(new CUmemoryPool(), shareable));
            line("cuMemFreeAsync", "freed twice", JCudaDriver.cuMemFreeAsync(a, stream));
            final CUdeviceptr foreign = new CUdeviceptr().withByteOffset(0x1234_5000L);
            line("cuMemFreeAsync", "not an allocation", JCudaDriver.cuMemFreeAsync(foreign, stream));
            line("cuMemsetD32", "after the free", JCudaDriver.cuMemsetD32(a, 0, N));
        }

        // The occupancy calculator and a cooperative launch.
        final int[] minGridSize = new int[1];
        final int[] blockSize = new int[1];
        line("cuOccupancyMaxPotentialBlockSize", "fixed shared memory", JCudaDriver.cuOccupancyMaxPotentialBlockSize(
            minGridSize, blockSize, vectorAdd, null, 0, 0), minGridSize[0], blockSize[0]);
        line("cuOccupancyMaxPotentialBlockSize", "limit 200", JCudaDriver.cuOccupancyMaxPotentialBlockSize(
            minGridSize, blockSize, vectorAdd, null, 0, 200), minGridSize[0], blockSize[0]);
        line("cuOccupancyMaxPotentialBlockSize", "callback", JCudaDriver.cuOccupancyMaxPotentialBlockSize(
            minGridSize, blockSize, vectorAdd, size -> 48L * size, 0, 0), minGridSize[0], blockSize[0]);
        line("cuOccupancyMaxPotentialBlockSizeWithFlags", "disable caching override",
            JCudaDriver.cuOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, vectorAdd, null, 4096, 0, 1),
            minGridSize[0], blockSize[0]);
        final CUdeviceptr cooperative = new CUdeviceptr();
        JCudaDriver.cuMemAlloc(cooperative, (long)N * Sizeof.FLOAT);
        JCudaDriver.cuMemsetD32(cooperative, Float.floatToRawIntBits(0.25f), N);
        line("cuLaunchCooperativeKernel", "", JCudaDriver.cuLaunchCooperativeKernel(vectorAdd, N / 256, 1, 1, 256, 1,
            1, 0, stream, Pointer.to(Pointer.to(cooperative), Pointer.to(cooperative), Pointer.to(cooperative),
                Pointer.to(new int[]{ N }))));
        line("cuStreamSynchronize", "cooperative", JCudaDriver.cuStreamSynchronize(stream));
        line("cuMemcpyDtoH", "cooperative", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), cooperative,
            (long)N * Sizeof.FLOAT), host[0], host[N - 1]);
        JCudaDriver.cuMemFree(cooperative);

        // The legacy execution control: block shape, parameters one by one, then a grid.
        final CUdeviceptr legacy = new CUdeviceptr();
        JCudaDriver.cuMemAlloc(legacy, (long)N * Sizeof.FLOAT);
        JCudaDriver.cuMemsetD32(legacy, Float.floatToRawIntBits(4.0f), N);
        line("cuFuncSetBlockShape", "", JCudaDriver.cuFuncSetBlockShape(vectorAdd, 256, 1, 1));
        line("cuParamSetSize", "", JCudaDriver.cuParamSetSize(vectorAdd, 28));
        line("cuParamSetv", "a", JCudaDriver.cuParamSetv(vectorAdd, 0, Pointer.to(legacy), Sizeof.POINTER));
        line("cuParamSetv", "b", JCudaDriver.cuParamSetv(vectorAdd, 8, Pointer.to(legacy), Sizeof.POINTER));
        line("cuParamSetv", "c", JCudaDriver.cuParamSetv(vectorAdd, 16, Pointer.to(legacy), Sizeof.POINTER));
        line("cuParamSeti", "n", JCudaDriver.cuParamSeti(vectorAdd, 24, N / 2));
        line("cuLaunchGrid", "", JCudaDriver.cuLaunchGrid(vectorAdd, N / 512, 1));
        line("cuCtxSynchronize", "legacy grid", JCudaDriver.cuCtxSynchronize());
        line("cuMemcpyDtoH", "legacy grid", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), legacy,
            (long)N * Sizeof.FLOAT), host[0], host[N / 2 - 1], host[N / 2]);
        line("cuParamSetf", "n as float bits", JCudaDriver.cuParamSetf(vectorAdd, 24, Float.intBitsToFloat(N)));
        line("cuLaunchGridAsync", "", JCudaDriver.cuLaunchGridAsync(vectorAdd, N / 256, 1, stream));
        line("cuStreamSynchronize", "legacy grid", JCudaDriver.cuStreamSynchronize(stream));
        line("cuMemcpyDtoH", "legacy async grid", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), legacy,
            (long)N * Sizeof.FLOAT), host[0], host[N - 1]);
        line("cuFuncSetBlockShape", "one block", JCudaDriver.cuFuncSetBlockShape(vectorAdd, N, 1, 1));
        line("cuLaunch", "", JCudaDriver.cuLaunch(vectorAdd));
        line("cuCtxSynchronize", "legacy launch", JCudaDriver.cuCtxSynchronize());
        line("cuMemcpyDtoH", "legacy launch", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), legacy,
            (long)N * Sizeof.FLOAT), host[0], host[N - 1]);
        line("cuParamSetv", "three bytes", JCudaDriver.cuParamSetv(vectorAdd, 0, Pointer.to(new byte[3]), 3));
        JCudaDriver.cuMemFree(legacy);

        line("cuStreamDestroy", "", JCudaDriver.cuStreamDestroy(stream));
        line("cuStreamDestroy", "clamped", JCudaDriver.cuStreamDestroy(clamped));
        line("cuModuleUnload", "", JCudaDriver.cuModuleUnload(module));
        line("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
    }

    private static void runtime()
    {
        line("cudaSetDevice", "", JCuda.cudaSetDevice(0));
        final int[] least = new int[1];
        final int[] greatest = new int[1];
        line("cudaDeviceGetStreamPriorityRange", "", JCuda.cudaDeviceGetStreamPriorityRange(least, greatest),
            least[0], greatest[0]);
        final cudaStream_t stream = new cudaStream_t();
        line("cudaStreamCreateWithPriority", "greatest",
            JCuda.cudaStreamCreateWithPriority(stream, 1, greatest[0]));
        final int[] value = new int[1];
        line("cudaStreamGetPriority", "", JCuda.cudaStreamGetPriority(stream, value), value[0]);
        final cudaStreamAttrValue attribute = new cudaStreamAttrValue();
        attribute.syncPolicy = 3;
        line("cudaStreamSetAttribute", "yield", JCuda.cudaStreamSetAttribute(stream, 3, attribute));
        attribute.syncPolicy = 0;
        line("cudaStreamGetAttribute", "yield", JCuda.cudaStreamGetAttribute(stream, 3, attribute),
            attribute.syncPolicy);
        line("cudaStreamDestroy", "", JCuda.cudaStreamDestroy(stream));
        line("cudaStreamCreateWithPriority", "invalid flags",
            JCuda.cudaStreamCreateWithPriority(new cudaStream_t(), 8, 0));
        line("cudaGetLastError", "", JCuda.cudaGetLastError());
        final String[] busId = new String[1];
        line("cudaDeviceGetPCIBusId", "", JCuda.cudaDeviceGetPCIBusId(busId, 64, 0));
        line("cudaDeviceGetByPCIBusId", "own id", JCuda.cudaDeviceGetByPCIBusId(value, busId[0]), value[0]);
        line("cudaDeviceGetByPCIBusId", "lower case", JCuda.cudaDeviceGetByPCIBusId(value,
            busId[0].toLowerCase(Locale.ROOT)), value[0]);
        line("cudaDeviceGetByPCIBusId", "no such device", JCuda.cudaDeviceGetByPCIBusId(value, "7fff:ff:1f.0"));
        line("cudaGetLastError", "no such device", JCuda.cudaGetLastError());
        final long[] width = new long[1];
        line("cudaDeviceGetTexture1DLinearMaxWidth", "float4", JCuda.cudaDeviceGetTexture1DLinearMaxWidth(width,
            new cudaChannelFormatDesc(32, 32, 32, 32, 2), 0), width[0]);
        line("cudaDeviceGetTexture1DLinearMaxWidth", "uneven channels", JCuda.cudaDeviceGetTexture1DLinearMaxWidth(
            width, new cudaChannelFormatDesc(32, 8, 0, 0, 2), 0));
        line("cudaGetLastError", "texture", JCuda.cudaGetLastError());
    }

    private static byte[] read(final Path file)
    {
        try
        {
            final byte[] text = java.nio.file.Files.readAllBytes(file);
            return java.util.Arrays.copyOf(text, text.length + 1);
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /**
     * @return the error log the JIT options received, up to its NUL; empty when none came back.
     */
    private static String log(final JITOptions options)
    {
        final String log = options.getString(CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
        return log == null ? "" : log.trim();
    }

    private static boolean isSet(final CUdeviceptr pointer)
    {
        return !pointer.equals(new CUdeviceptr());
    }

}
