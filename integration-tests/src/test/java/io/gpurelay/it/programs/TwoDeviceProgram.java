package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuArrayCreate;
import static jcuda.driver.JCudaDriver.cuArrayDestroy;
import static jcuda.driver.JCudaDriver.cuArrayGetMemoryRequirements;
import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxEnablePeerAccess;
import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceCanAccessPeer;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuGraphAddHostNode;
import static jcuda.driver.JCudaDriver.cuGraphCreate;
import static jcuda.driver.JCudaDriver.cuGraphDestroy;
import static jcuda.driver.JCudaDriver.cuGraphExecDestroy;
import static jcuda.driver.JCudaDriver.cuGraphInstantiate;
import static jcuda.driver.JCudaDriver.cuGraphLaunch;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAddressFree;
import static jcuda.driver.JCudaDriver.cuMemAddressReserve;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemCreate;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemGetAccess;
import static jcuda.driver.JCudaDriver.cuMemGetAllocationGranularity;
import static jcuda.driver.JCudaDriver.cuMemGetAllocationPropertiesFromHandle;
import static jcuda.driver.JCudaDriver.cuMemMap;
import static jcuda.driver.JCudaDriver.cuMemRelease;
import static jcuda.driver.JCudaDriver.cuMemSetAccess;
import static jcuda.driver.JCudaDriver.cuMemUnmap;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyPeer;
import static jcuda.driver.JCudaDriver.cuMemcpyPeerAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuPointerGetAttribute;
import static jcuda.driver.JCudaDriver.cuPointerGetAttributes;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.runtime.JCuda.cudaDeviceCanAccessPeer;
import static jcuda.runtime.JCuda.cudaDeviceEnablePeerAccess;
import static jcuda.runtime.JCuda.cudaArrayGetMemoryRequirements;
import static jcuda.jcublas.JCublas2.cublasCreate;
import static jcuda.jcublas.JCublas2.cublasDestroy;
import static jcuda.jcublas.JCublas2.cublasSdot;
import static jcuda.jcublas.JCublas2.cublasSetPointerMode;
import static jcuda.jcublas.JCublas2.cublasSetVector;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeArray;
import static jcuda.runtime.JCuda.cudaGetDeviceCount;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMallocArray;
import static jcuda.runtime.JCuda.cudaMallocManaged;
import static jcuda.runtime.JCuda.cudaMemAdvise;
import static jcuda.runtime.JCuda.cudaMemGetInfo;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemcpyPeer;
import static jcuda.runtime.JCuda.cudaMemPrefetchAsync;
import static jcuda.runtime.JCuda.cudaMemRangeGetAttribute;
import static jcuda.runtime.JCuda.cudaMemcpyPeerAsync;
import static jcuda.runtime.JCuda.cudaMemsetAsync;
import static jcuda.runtime.JCuda.cudaPointerGetAttributes;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_MEMORY_REQUIREMENTS;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUmemAccessDesc;
import jcuda.driver.CUmemAllocationProp;
import jcuda.driver.CUmemGenericAllocationHandle;
import jcuda.driver.CUmemLocation;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUmodule;
import jcuda.driver.CUpointer_attribute;
import jcuda.driver.CUstream;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasPointerMode;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaArrayMemoryRequirements;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaMemoryType;
import jcuda.runtime.cudaPointerAttributes;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary two-GPU JCuda program: a context and a vector add on each device, each device's total memory printed
 * ({@code DEVICE <n> TOTAL <bytes>}, which tells a test which executor served it), a copy from device 0 to device 1
 * with cudaMemcpyPeer (timed, {@code PEER COPY <MiB> MiB <ms> ms}) and between contexts with cuMemcpyPeer, and the
 * refused peer access of both APIs. The asynchronous peer copies, cudaMemcpyPeerAsync and cuMemcpyPeerAsync, run with
 * their stream on the destination, on the source and on one device: a memset queued on the stream before a copy must
 * be done before it (and not overwrite it), one queued after it must land after it ({@code PEER ASYNC ...} checks).
 * Device ordinals inside structs and plain int arguments name device 1 (the second executor's device 0) on device 1:
 * virtual memory with its location and access descriptors, an allocation's location read back, a pointer's device,
 * the array memory requirements, managed memory's advice, prefetch and range and pointer attributes; an ordinal of device 0 there is
 * refused with the invalid-device status ({@code ORDINALS ...} lines). A pointer of either device asked of with the
 * other current answers its own device ({@code POINTER ...} lines). A graph with a host node is instantiated on each
 * device, each exec its own executor's: each launch runs its own exec's host function, and destroying one exec leaves
 * the other's to run ({@code GRAPH HOST NODES ...} lines).
 * Arguments: the folder with the kernels' PTX files, the number of devices expected, the MiB to copy.
 */
public final class TwoDeviceProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217;
    private static final int CUDA_ERROR_INVALID_VALUE = 1;
    private static final int CUDA_ERROR_INVALID_DEVICE = 101;
    private static final int CU_MEM_ALLOCATION_TYPE_PINNED = 1;
    private static final int CU_MEM_LOCATION_TYPE_DEVICE = 1;
    private static final int CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3;
    private static final int CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9;
    private static final int CU_AD_FORMAT_FLOAT = 0x20;
    private static final int CUDA_MEM_ADVISE_SET_PREFERRED_LOCATION = 3;
    private static final int CUDA_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2;
    private static final int CUDA_MEM_ATTACH_GLOBAL = 1;
    private static final int CUDA_MEM_ATTACH_HOST = 2;

    private TwoDeviceProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Path kernels = Path.of(args[0]);
        final int expectedDevices = Integer.parseInt(args[1]);
        final int copyMiB = Integer.parseInt(args[2]);
        CHECKS.equal("cuInit", 0, cuInit(0));
        final int[] count = new int[1];
        CHECKS.equal("cuDeviceGetCount", 0, cuDeviceGetCount(count));
        CHECKS.equal("driver device count", expectedDevices, count[0]);
        CHECKS.equal("cudaGetDeviceCount", 0, cudaGetDeviceCount(count));
        CHECKS.equal("runtime device count", expectedDevices, count[0]);

        final CUcontext[] contexts = new CUcontext[2];
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            final CUdevice device = new CUdevice();
            CHECKS.equal("cuDeviceGet " + ordinal, 0, cuDeviceGet(device, ordinal));
            final long[] total = new long[1];
            CHECKS.equal("cuDeviceTotalMem " + ordinal, 0, cuDeviceTotalMem(total, device));
            System.out.println("DEVICE " + ordinal + " TOTAL " + total[0]);
            contexts[ordinal] = new CUcontext();
            CHECKS.equal("cuCtxCreate " + ordinal, 0, cuCtxCreate(contexts[ordinal], 0, device));
        }
        CHECKS.check("the two contexts differ", !contexts[0].equals(contexts[1]));
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cuCtxSetCurrent " + ordinal, 0, cuCtxSetCurrent(contexts[ordinal]));
            final CUdevice device = new CUdevice();
            CHECKS.equal("cuCtxGetDevice " + ordinal, 0, cuCtxGetDevice(device));
            CHECKS.check("the context is on device " + ordinal, device.equals(deviceOf(ordinal)));
            vectorAdd(kernels, ordinal);
        }

        driverPeerCopy(contexts);
        driverAsyncPeerCopy(contexts);
        driverOrdinalsOnDevice1(contexts[1]);
        runtimeOnEachDevice();
        runtimeOrdinalsOnDevice1();
        peerCopy(copyMiB);
        asyncPeerCopies(Math.min(copyMiB, 9));
        pointersOfTheOtherDevice(contexts);
        hostNodesOnEachDevice(contexts);
        cublasOnEachDevice();
        managedHostViewsOnEachDevice();
        final int[] canAccess = new int[]{ -1 };
        CHECKS.equal("cudaDeviceCanAccessPeer", 0, cudaDeviceCanAccessPeer(canAccess, 0, 1));
        CHECKS.equal("no peer access", 0, canAccess[0]);
        CHECKS.equal("cudaSetDevice 0 for peer access", 0, cudaSetDevice(0));
        CHECKS.equal("cudaDeviceEnablePeerAccess refused", CUDA_ERROR_PEER_ACCESS_UNSUPPORTED,
            cudaDeviceEnablePeerAccess(1, 0));

        for (final CUcontext context : contexts)
        {
            CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
        }
        CHECKS.finish();
    }

    /**
     * A cuBLAS handle on each device, each its own executor's (the two can be equal): device 1's in device pointer mode,
     * device 0's in host mode, used in turn. Each dot product reads its result where its own handle's mode says
     * ({@code CUBLAS ...} lines); once device 1's handle is destroyed, device 0's still takes host scalars.
     */
    private static void cublasOnEachDevice()
    {
        final float[] x = { 1, 2, 3, 4 };
        final float[] y = { 5, 6, 7, 8 };
        final float expected = 1 * 5 + 2 * 6 + 3 * 7 + 4 * 8;
        final cublasHandle[] handles = new cublasHandle[2];
        final Pointer[] xs = new Pointer[2];
        final Pointer[] ys = new Pointer[2];
        final Pointer deviceResult = new Pointer();
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cudaSetDevice " + ordinal + " for cuBLAS", 0, cudaSetDevice(ordinal));
            handles[ordinal] = new cublasHandle();
            CHECKS.equal("cublasCreate on " + ordinal, 0, cublasCreate(handles[ordinal]));
            xs[ordinal] = new Pointer();
            ys[ordinal] = new Pointer();
            CHECKS.equal("cudaMalloc x on " + ordinal, 0, cudaMalloc(xs[ordinal], 4L * Sizeof.FLOAT));
            CHECKS.equal("cudaMalloc y on " + ordinal, 0, cudaMalloc(ys[ordinal], 4L * Sizeof.FLOAT));
            CHECKS.equal("cublasSetVector x on " + ordinal, 0,
                cublasSetVector(4, Sizeof.FLOAT, Pointer.to(x), 1, xs[ordinal], 1));
            CHECKS.equal("cublasSetVector y on " + ordinal, 0,
                cublasSetVector(4, Sizeof.FLOAT, Pointer.to(y), 1, ys[ordinal], 1));
        }
        CHECKS.equal("cudaMalloc the result on 1", 0, cudaMalloc(deviceResult, Sizeof.FLOAT));
        CHECKS.equal("cublasSetPointerMode device on 1", 0,
            cublasSetPointerMode(handles[1], cublasPointerMode.CUBLAS_POINTER_MODE_DEVICE));
        for (int round = 0; round < 2; round++)
        {
            CHECKS.equal("cudaSetDevice 1 for a device-mode dot", 0, cudaSetDevice(1));
            CHECKS.equal("cublasSdot on 1 into device memory", 0,
                cublasSdot(handles[1], 4, xs[1], 1, ys[1], 1, deviceResult));
            final float[] fromDevice = new float[1];
            CHECKS.equal("cudaMemcpy the dot from 1", 0,
                cudaMemcpy(Pointer.to(fromDevice), deviceResult, Sizeof.FLOAT, cudaMemcpyKind.cudaMemcpyDeviceToHost));
            CHECKS.check("CUBLAS DEVICE MODE DOT ON 1", fromDevice[0] == expected, fromDevice[0] + " for " + expected);

            CHECKS.equal("cudaSetDevice 0 for a host-mode dot", 0, cudaSetDevice(0));
            final float[] onHost = new float[1];
            CHECKS.equal("cublasSdot on 0 into host memory", 0,
                cublasSdot(handles[0], 4, xs[0], 1, ys[0], 1, Pointer.to(onHost)));
            CHECKS.check("CUBLAS HOST MODE DOT ON 0", onHost[0] == expected, onHost[0] + " for " + expected);
        }
        CHECKS.equal("cudaSetDevice 1 to destroy its handle", 0, cudaSetDevice(1));
        CHECKS.equal("cublasDestroy on 1", 0, cublasDestroy(handles[1]));
        CHECKS.equal("cudaFree the result on 1", 0, cudaFree(deviceResult));
        CHECKS.equal("cudaSetDevice 0 after 1's handle went", 0, cudaSetDevice(0));
        final float[] onHost = new float[1];
        CHECKS.equal("cublasSdot on 0 after 1's handle went", 0,
            cublasSdot(handles[0], 4, xs[0], 1, ys[0], 1, Pointer.to(onHost)));
        CHECKS.check("CUBLAS HOST MODE DOT ON 0 AFTER 1 DESTROYED", onHost[0] == expected, onHost[0] + " for " + expected);
        CHECKS.equal("cublasDestroy on 0", 0, cublasDestroy(handles[0]));
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cudaSetDevice " + ordinal + " to free cuBLAS vectors", 0, cudaSetDevice(ordinal));
            CHECKS.equal("cudaFree x on " + ordinal, 0, cudaFree(xs[ordinal]));
            CHECKS.equal("cudaFree y on " + ordinal, 0, cudaFree(ys[ordinal]));
        }
        System.out.println("CUBLAS POINTER MODES KEPT APART");
    }

    /**
     * Managed memory with a host view on each device: the host writes each view, a synchronising call on each device
     * makes the device see it (a device-to-device copy reads it back into a plain allocation), and freeing device 1's
     * leaves device 0's view coherent ({@code MANAGED HOST VIEWS ...} line).
     */
    private static void managedHostViewsOnEachDevice()
    {
        final int count = 256;
        final long bytes = (long)count * Sizeof.FLOAT;
        final Pointer[] managed = new Pointer[2];
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cudaSetDevice " + ordinal + " for a host view", 0, cudaSetDevice(ordinal));
            managed[ordinal] = new Pointer();
            CHECKS.equal("cudaMallocManaged attach-host on " + ordinal, 0,
                cudaMallocManaged(managed[ordinal], bytes, CUDA_MEM_ATTACH_HOST));
        }
        // Round 0 writes and reads both views; then device 1's is freed and round 1 uses device 0's alone.
        for (int round = 0; round < 2; round++)
        {
            final int devices = round == 0 ? 2 : 1;
            for (int ordinal = 0; ordinal < devices; ordinal++)
            {
                final java.nio.FloatBuffer view = managed[ordinal].getByteBuffer(0, bytes)
                    .order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer();
                for (int i = 0; i < count; i++)
                {
                    view.put(i, 1000 * ordinal + 10 * round + i);
                }
            }
            for (int ordinal = 0; ordinal < devices; ordinal++)
            {
                CHECKS.equal("cudaSetDevice " + ordinal + " to read its view", 0, cudaSetDevice(ordinal));
                final Pointer copy = new Pointer();
                CHECKS.equal("cudaMalloc a copy on " + ordinal, 0, cudaMalloc(copy, bytes));
                CHECKS.equal("cudaMemcpy the managed bytes on " + ordinal, 0,
                    cudaMemcpy(copy, managed[ordinal], bytes, cudaMemcpyKind.cudaMemcpyDeviceToDevice));
                final float[] back = new float[count];
                CHECKS.equal("cudaMemcpy the copy back from " + ordinal, 0,
                    cudaMemcpy(Pointer.to(back), copy, bytes, cudaMemcpyKind.cudaMemcpyDeviceToHost));
                boolean same = true;
                for (int i = 0; i < count; i++)
                {
                    same &= back[i] == 1000 * ordinal + 10 * round + i;
                }
                CHECKS.check("MANAGED HOST VIEW ON " + ordinal + " ROUND " + round, same,
                    Arrays.toString(Arrays.copyOf(back, 4)));
                CHECKS.equal("cudaFree the copy on " + ordinal, 0, cudaFree(copy));
            }
            if (round == 0)
            {
                CHECKS.equal("cudaSetDevice 1 to free its managed memory", 0, cudaSetDevice(1));
                CHECKS.equal("cudaFree the managed memory on 1", 0, cudaFree(managed[1]));
            }
        }
        CHECKS.equal("cudaSetDevice 0 to free its managed memory", 0, cudaSetDevice(0));
        CHECKS.equal("cudaFree the managed memory on 0", 0, cudaFree(managed[0]));
        System.out.println("MANAGED HOST VIEWS KEPT APART");
    }

    /**
     * A graph with one host node on each device, both execs alive, each its own executor's (exec handles are each
     * executor's own, so the two can be equal): each launch runs its own exec's function, and once device 1's exec is
     * destroyed device 0's still runs its own.
     */
    private static void hostNodesOnEachDevice(final CUcontext[] contexts)
    {
        final List<String> ran = Collections.synchronizedList(new ArrayList<>());
        final CUhostFn recorder = userData -> ran.add((String)userData);
        final CUstream[] streams = new CUstream[2];
        final CUgraph[] graphs = new CUgraph[2];
        final CUgraphExec[] execs = new CUgraphExec[2];
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cuCtxSetCurrent " + ordinal + " for a host node", 0, cuCtxSetCurrent(contexts[ordinal]));
            streams[ordinal] = new CUstream();
            CHECKS.equal("cuStreamCreate on " + ordinal + " for a host node", 0, cuStreamCreate(streams[ordinal], 0));
            graphs[ordinal] = new CUgraph();
            CHECKS.equal("cuGraphCreate on " + ordinal, 0, cuGraphCreate(graphs[ordinal], 0));
            final CUDA_HOST_NODE_PARAMS params = new CUDA_HOST_NODE_PARAMS();
            params.fn = recorder;
            params.userData = "device " + ordinal;
            CHECKS.equal("cuGraphAddHostNode on " + ordinal, 0,
                cuGraphAddHostNode(new CUgraphNode(), graphs[ordinal], null, 0, params));
            execs[ordinal] = new CUgraphExec();
            CHECKS.equal("cuGraphInstantiate on " + ordinal, 0,
                cuGraphInstantiate(execs[ordinal], graphs[ordinal], 0));
        }
        System.out.println("GRAPH HOST NODES exec handles " + (execs[0].equals(execs[1]) ? "equal" : "differ"));
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            launchHostNode("both execs alive", contexts, streams, execs, ran, ordinal);
        }
        CHECKS.equal("cuCtxSetCurrent 1 to destroy its exec", 0, cuCtxSetCurrent(contexts[1]));
        CHECKS.equal("cuGraphExecDestroy on 1", 0, cuGraphExecDestroy(execs[1]));
        launchHostNode("device 1's exec destroyed", contexts, streams, execs, ran, 0);
        for (int ordinal = 1; ordinal >= 0; ordinal--)
        {
            CHECKS.equal("cuCtxSetCurrent " + ordinal + " to destroy its graph", 0, cuCtxSetCurrent(contexts[ordinal]));
            if (ordinal == 0)
            {
                CHECKS.equal("cuGraphExecDestroy on 0", 0, cuGraphExecDestroy(execs[0]));
            }
            CHECKS.equal("cuGraphDestroy on " + ordinal, 0, cuGraphDestroy(graphs[ordinal]));
            CHECKS.equal("cuStreamDestroy on " + ordinal + " after its host node", 0,
                cuStreamDestroy(streams[ordinal]));
        }
    }

    /**
     * Launch the device's exec on its stream, wait for it, and check that it ran its own host function, once.
     */
    private static void launchHostNode(
        final String what, final CUcontext[] contexts, final CUstream[] streams, final CUgraphExec[] execs,
        final List<String> ran, final int ordinal)
    {
        CHECKS.equal("cuCtxSetCurrent " + ordinal + " to launch its exec", 0, cuCtxSetCurrent(contexts[ordinal]));
        ran.clear();
        CHECKS.equal("cuGraphLaunch on " + ordinal + ", " + what, 0, cuGraphLaunch(execs[ordinal], streams[ordinal]));
        CHECKS.equal("cuStreamSynchronize on " + ordinal + " after its launch", 0,
            cuStreamSynchronize(streams[ordinal]));
        final List<String> copy = List.copyOf(ran);
        System.out.println("GRAPH HOST NODES device " + ordinal + ", " + what + ": " + copy);
        CHECKS.check("device " + ordinal + "'s exec ran its own host node, " + what,
            copy.equals(List.of("device " + ordinal)), copy.toString());
    }

    private static CUdevice deviceOf(final int ordinal)
    {
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, ordinal);
        return device;
    }

    private static void vectorAdd(final Path kernels, final int ordinal)
    {
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad on " + ordinal, 0,
            cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction on " + ordinal, 0, cuModuleGetFunction(function, module, "vector_add"));
        final int n = 10_007;
        final float[] a = new float[n];
        final float[] b = new float[n];
        for (int i = 0; i < n; i++)
        {
            a[i] = i * 0.5f + ordinal;
            b[i] = 1000 - i + ordinal * 7;
        }
        final CUdeviceptr da = new CUdeviceptr();
        final CUdeviceptr db = new CUdeviceptr();
        final CUdeviceptr dc = new CUdeviceptr();
        cuMemAlloc(da, (long)n * Sizeof.FLOAT);
        cuMemAlloc(db, (long)n * Sizeof.FLOAT);
        cuMemAlloc(dc, (long)n * Sizeof.FLOAT);
        cuMemcpyHtoD(da, Pointer.to(a), (long)n * Sizeof.FLOAT);
        cuMemcpyHtoD(db, Pointer.to(b), (long)n * Sizeof.FLOAT);
        final Pointer parameters = Pointer.to(Pointer.to(da), Pointer.to(db), Pointer.to(dc), Pointer.to(new int[]{ n }));
        CHECKS.equal("launch vector_add on " + ordinal, 0,
            cuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null));
        CHECKS.equal("cuCtxSynchronize on " + ordinal, 0, cuCtxSynchronize());
        final float[] c = new float[n];
        CHECKS.equal("cuMemcpyDtoH on " + ordinal, 0, cuMemcpyDtoH(Pointer.to(c), dc, (long)n * Sizeof.FLOAT));
        boolean exact = true;
        for (int i = 0; i < n; i++)
        {
            exact &= c[i] == a[i] + b[i];
        }
        CHECKS.check("vector_add exact on device " + ordinal, exact);
        cuMemFree(da);
        cuMemFree(db);
        cuMemFree(dc);
    }

    private static void driverPeerCopy(final CUcontext[] contexts)
    {
        final int n = 100_000;
        final int[] data = new int[n];
        for (int i = 0; i < n; i++)
        {
            data[i] = i * 31 + 7;
        }
        final long bytes = (long)n * Sizeof.INT;
        final CUdeviceptr source = new CUdeviceptr();
        final CUdeviceptr destination = new CUdeviceptr();
        CHECKS.equal("cuCtxSetCurrent 0 for cuMemcpyPeer", 0, cuCtxSetCurrent(contexts[0]));
        CHECKS.equal("cuMemAlloc in context 0", 0, cuMemAlloc(source, bytes));
        CHECKS.equal("cuMemcpyHtoD in context 0", 0, cuMemcpyHtoD(source, Pointer.to(data), bytes));
        CHECKS.equal("cuCtxSetCurrent 1 for cuMemcpyPeer", 0, cuCtxSetCurrent(contexts[1]));
        CHECKS.equal("cuMemAlloc in context 1", 0, cuMemAlloc(destination, bytes));
        CHECKS.equal("cuMemcpyPeer context 0 to 1", 0, cuMemcpyPeer(destination, contexts[1], source, contexts[0], bytes));
        final int[] back = new int[n];
        CHECKS.equal("cuMemcpyDtoH in context 1", 0, cuMemcpyDtoH(Pointer.to(back), destination, bytes));
        CHECKS.check("cuMemcpyPeer byte-identical", Arrays.equals(data, back));
        final int[] canAccess = new int[]{ -1 };
        CHECKS.equal("cuDeviceCanAccessPeer", 0, cuDeviceCanAccessPeer(canAccess, deviceOf(0), deviceOf(1)));
        CHECKS.equal("no driver peer access", 0, canAccess[0]);
        CHECKS.equal("cuCtxEnablePeerAccess refused", CUDA_ERROR_PEER_ACCESS_UNSUPPORTED,
            cuCtxEnablePeerAccess(contexts[0], 0));
        CHECKS.equal("cuMemFree in context 1", 0, cuMemFree(destination));
        CHECKS.equal("cuCtxSetCurrent 0 to free", 0, cuCtxSetCurrent(contexts[0]));
        CHECKS.equal("cuMemFree in context 0", 0, cuMemFree(source));
    }

    /**
     * In a context of device 1, the second executor's: virtual memory whose location and access descriptors name
     * device 1, read back as device 1, and written and read through the mapping; the array memory requirements for
     * device 1 (CUDA's invalid value for an array made without CUDA_ARRAY3D_DEFERRED_MAPPING, as a GPU answers); device
     * 0's ordinal in the same calls refused, and its access answered as none.
     */
    private static void driverOrdinalsOnDevice1(final CUcontext context)
    {
        CHECKS.equal("cuCtxSetCurrent 1 for the ordinals", 0, cuCtxSetCurrent(context));
        final CUmemAllocationProp prop = new CUmemAllocationProp();
        prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
        prop.location = new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 1);
        final long[] granularity = new long[1];
        CHECKS.equal("cuMemGetAllocationGranularity of device 1", 0,
            cuMemGetAllocationGranularity(granularity, prop, 0));
        final long size = granularity[0];
        final CUdeviceptr reservation = new CUdeviceptr();
        CHECKS.equal("cuMemAddressReserve on 1", 0, cuMemAddressReserve(reservation, size, 0, new CUdeviceptr(), 0));
        final CUmemGenericAllocationHandle handle = new CUmemGenericAllocationHandle();
        CHECKS.equal("cuMemCreate on device 1", 0, cuMemCreate(handle, size, prop, 0));
        final CUmemAllocationProp read = new CUmemAllocationProp();
        read.location = new CUmemLocation();
        CHECKS.equal("cuMemGetAllocationPropertiesFromHandle on 1", 0,
            cuMemGetAllocationPropertiesFromHandle(read, handle));
        System.out.println("ORDINALS ALLOCATION LOCATION " + read.location.type + ":" + read.location.id);
        CHECKS.equal("the allocation's location is device 1", 1, read.location.id);
        CHECKS.equal("cuMemMap on 1", 0, cuMemMap(reservation, size, 0, handle, 0));
        CHECKS.equal("cuMemSetAccess for device 1", 0, cuMemSetAccess(reservation, size, new CUmemAccessDesc[]{
            access(1) }, 1));
        final long[] flags = new long[]{ -1 };
        CHECKS.equal("cuMemGetAccess of device 1", 0,
            cuMemGetAccess(flags, new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 1), reservation));
        System.out.println("ORDINALS ACCESS OF DEVICE 1 " + flags[0]);
        CHECKS.equal("device 1 reads and writes", CU_MEM_ACCESS_FLAGS_PROT_READWRITE, flags[0]);
        final CUdeviceptr allocated = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc on 1 for its attributes", 0, cuMemAlloc(allocated, 4096));
        final int[] ordinal = new int[]{ -1 };
        CHECKS.equal("cuPointerGetAttribute DEVICE_ORDINAL on 1", 0,
            cuPointerGetAttribute(Pointer.to(ordinal), CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, allocated));
        CHECKS.equal("the allocation is on device 1", 1, ordinal[0]);
        CHECKS.equal("cuMemFree on 1 after its attributes", 0, cuMemFree(allocated));
        final int n = (int)Math.min(size / Sizeof.INT, 4096);
        final int[] data = new int[n];
        for (int i = 0; i < n; i++)
        {
            data[i] = i * 17 + 3;
        }
        CHECKS.equal("cuMemcpyHtoD into the mapping on 1", 0, cuMemcpyHtoD(reservation, Pointer.to(data),
            (long)n * Sizeof.INT));
        CHECKS.check("the mapping on 1 holds what was written", Arrays.equals(data, driverIntRead(reservation, n)));

        // Device 0 is the first executor's: this executor cannot give it access, and it has none.
        CHECKS.equal("ORDINALS cuMemSetAccess for device 0 refused", CUDA_ERROR_INVALID_DEVICE,
            cuMemSetAccess(reservation, size, new CUmemAccessDesc[]{ access(0) }, 1));
        flags[0] = -1;
        CHECKS.equal("cuMemGetAccess of device 0", 0,
            cuMemGetAccess(flags, new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0), reservation));
        CHECKS.equal("device 0 has no access", 0, flags[0]);
        final CUmemAllocationProp onDevice0 = new CUmemAllocationProp();
        onDevice0.type = CU_MEM_ALLOCATION_TYPE_PINNED;
        onDevice0.location = new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0);
        CHECKS.equal("ORDINALS cuMemCreate for device 0 in a context of 1 refused", CUDA_ERROR_INVALID_DEVICE,
            cuMemCreate(new CUmemGenericAllocationHandle(), size, onDevice0, 0));

        CHECKS.equal("cuMemUnmap on 1", 0, cuMemUnmap(reservation, size));
        CHECKS.equal("cuMemRelease on 1", 0, cuMemRelease(handle));
        CHECKS.equal("cuMemAddressFree on 1", 0, cuMemAddressFree(reservation, size));

        final CUDA_ARRAY_DESCRIPTOR descriptor = new CUDA_ARRAY_DESCRIPTOR();
        descriptor.Width = 64;
        descriptor.Height = 16;
        descriptor.Format = CU_AD_FORMAT_FLOAT;
        descriptor.NumChannels = 1;
        final CUarray array = new CUarray();
        CHECKS.equal("cuArrayCreate on 1", 0, cuArrayCreate(array, descriptor));
        final CUDA_ARRAY_MEMORY_REQUIREMENTS requirements = new CUDA_ARRAY_MEMORY_REQUIREMENTS();
        CHECKS.equal("ORDINALS cuArrayGetMemoryRequirements for device 1: a plain array's answer",
            CUDA_ERROR_INVALID_VALUE, cuArrayGetMemoryRequirements(requirements, array, deviceOf(1)));
        CHECKS.equal("ORDINALS cuArrayGetMemoryRequirements for device 0 refused", CUDA_ERROR_INVALID_DEVICE,
            cuArrayGetMemoryRequirements(requirements, array, deviceOf(0)));
        CHECKS.equal("cuArrayDestroy on 1", 0, cuArrayDestroy(array));
    }

    private static CUmemAccessDesc access(final int device)
    {
        return new CUmemAccessDesc(new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, device),
            CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
    }

    private static int[] driverIntRead(final CUdeviceptr device, final int n)
    {
        final int[] back = new int[n];
        CHECKS.equal("cuMemcpyDtoH ints back", 0, cuMemcpyDtoH(Pointer.to(back), device, (long)n * Sizeof.INT));
        return back;
    }

    /**
     * On device 1 with the runtime: managed memory preferring device 1, prefetched to it, read back as device 1; a
     * prefetch to device 0 refused; the array memory requirements for device 1 and device 0.
     */
    private static void runtimeOrdinalsOnDevice1()
    {
        CHECKS.equal("cudaSetDevice 1 for the ordinals", 0, cudaSetDevice(1));
        final int bytes = 1 << 16;
        final Pointer managed = new Pointer();
        CHECKS.equal("cudaMallocManaged on 1", 0, cudaMallocManaged(managed, bytes, CUDA_MEM_ATTACH_GLOBAL));
        CHECKS.equal("cudaMemAdvise preferring device 1", 0,
            cudaMemAdvise(managed, bytes, CUDA_MEM_ADVISE_SET_PREFERRED_LOCATION, 1));
        final int[] location = new int[]{ -5 };
        CHECKS.equal("cudaMemRangeGetAttribute preferred location", 0, cudaMemRangeGetAttribute(
            Pointer.to(location), Sizeof.INT, CUDA_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, managed, bytes));
        System.out.println("ORDINALS PREFERRED LOCATION " + location[0]);
        CHECKS.equal("the preferred location is device 1", 1, location[0]);
        CHECKS.equal("cudaMemPrefetchAsync to device 1", 0, cudaMemPrefetchAsync(managed, bytes, 1, null));
        CHECKS.equal("ORDINALS cudaMemPrefetchAsync to device 0 from 1 refused", CUDA_ERROR_INVALID_DEVICE,
            cudaMemPrefetchAsync(managed, bytes, 0, null));
        CHECKS.equal("ORDINALS cudaMemAdvise preferring device 0 from 1 refused", CUDA_ERROR_INVALID_DEVICE,
            cudaMemAdvise(managed, bytes, CUDA_MEM_ADVISE_SET_PREFERRED_LOCATION, 0));
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        CHECKS.equal("cudaPointerGetAttributes on 1", 0, cudaPointerGetAttributes(attributes, managed));
        CHECKS.equal("the managed memory is on device 1", 1, attributes.device);
        CHECKS.equal("cudaFree managed on 1", 0, cudaFree(managed));

        final cudaArray array = new cudaArray();
        CHECKS.equal("cudaMallocArray on 1", 0,
            cudaMallocArray(array, new cudaChannelFormatDesc(32, 0, 0, 0, 2), 64, 16, 0));
        final cudaArrayMemoryRequirements requirements = new cudaArrayMemoryRequirements();
        CHECKS.equal("ORDINALS cudaArrayGetMemoryRequirements for device 1: a plain array's answer",
            CUDA_ERROR_INVALID_VALUE, cudaArrayGetMemoryRequirements(requirements, array, 1));
        CHECKS.equal("ORDINALS cudaArrayGetMemoryRequirements for device 0 refused", CUDA_ERROR_INVALID_DEVICE,
            cudaArrayGetMemoryRequirements(requirements, array, 0));
        CHECKS.equal("cudaFreeArray on 1", 0, cudaFreeArray(array));
    }

    /**
     * A pointer asked of while the other executor's device or context is current: cudaPointerGetAttributes of device
     * 1's device and managed memory with device 0 current, cuPointerGetAttribute and cuPointerGetAttributes of memory
     * of context 1 with context 0 current, and the same of device 0's memory from device 1, answer the device that
     * holds it and its memory type ({@code POINTER ...} lines). The current device's executor holds no memory of this
     * program meanwhile: two executors' addresses may coincide (two processes on one GPU), and the current one's
     * allocation would then answer.
     */
    private static void pointersOfTheOtherDevice(final CUcontext[] contexts)
    {
        final int bytes = 1 << 12;
        final Pointer device1 = new Pointer();
        final Pointer managed1 = new Pointer();
        CHECKS.equal("cudaSetDevice 1 for pointers", 0, cudaSetDevice(1));
        CHECKS.equal("cudaMalloc on 1 for its attributes", 0, cudaMalloc(device1, bytes));
        CHECKS.equal("cudaMallocManaged on 1 for its attributes", 0,
            cudaMallocManaged(managed1, bytes, CUDA_MEM_ATTACH_GLOBAL));
        CHECKS.equal("cudaSetDevice 0 to ask of 1's pointers", 0, cudaSetDevice(0));
        runtimeAttributes("device 1's memory from 0", device1, cudaMemoryType.cudaMemoryTypeDevice, 1);
        runtimeAttributes("device 1's managed memory from 0", managed1, cudaMemoryType.cudaMemoryTypeManaged, 1);
        CHECKS.equal("cudaSetDevice 1 to free", 0, cudaSetDevice(1));
        CHECKS.equal("cudaFree on 1 after its attributes", 0, cudaFree(device1));
        CHECKS.equal("cudaFree managed on 1 after its attributes", 0, cudaFree(managed1));

        final Pointer device0 = new Pointer();
        CHECKS.equal("cudaSetDevice 0 for a pointer", 0, cudaSetDevice(0));
        CHECKS.equal("cudaMalloc on 0 for its attributes", 0, cudaMalloc(device0, bytes));
        CHECKS.equal("cudaSetDevice 1 to ask of 0's pointer", 0, cudaSetDevice(1));
        runtimeAttributes("device 0's memory from 1", device0, cudaMemoryType.cudaMemoryTypeDevice, 0);
        CHECKS.equal("cudaSetDevice 0 to free", 0, cudaSetDevice(0));
        CHECKS.equal("cudaFree on 0 after its attributes", 0, cudaFree(device0));

        driverAttributes(contexts, 1, 0);
        driverAttributes(contexts, 0, 1);
    }

    private static void runtimeAttributes(final String what, final Pointer pointer, final int type, final int device)
    {
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        attributes.device = -7;
        CHECKS.equal("cudaPointerGetAttributes of " + what, 0, cudaPointerGetAttributes(attributes, pointer));
        System.out.println("POINTER RUNTIME " + what + " " + attributes.type + ":" + attributes.device);
        CHECKS.equal("the memory type of " + what, type, attributes.type);
        CHECKS.equal("the device of " + what, device, attributes.device);
        CHECKS.check("the device pointer of " + what, pointer.equals(attributes.devicePointer),
            attributes.devicePointer + " " + pointer);
    }

    /**
     * cuPointerGetAttribute and cuPointerGetAttributes, in context {@code asked}, of memory allocated in context
     * {@code holder}, freed afterwards.
     */
    private static void driverAttributes(final CUcontext[] contexts, final int holder, final int asked)
    {
        final String what = "context " + holder + "'s memory from " + asked;
        final CUdeviceptr allocated = new CUdeviceptr();
        CHECKS.equal("cuCtxSetCurrent " + holder + " to allocate", 0, cuCtxSetCurrent(contexts[holder]));
        CHECKS.equal("cuMemAlloc in context " + holder + " for its attributes", 0, cuMemAlloc(allocated, 4096));
        CHECKS.equal("cuCtxSetCurrent " + asked + " to ask", 0, cuCtxSetCurrent(contexts[asked]));
        final int[] type = new int[]{ -1 };
        final int[] ordinal = new int[]{ -1 };
        CHECKS.equal("cuPointerGetAttribute MEMORY_TYPE of " + what, 0, cuPointerGetAttribute(Pointer.to(type),
            CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, allocated));
        CHECKS.equal("cuPointerGetAttribute DEVICE_ORDINAL of " + what, 0, cuPointerGetAttribute(Pointer.to(ordinal),
            CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, allocated));
        System.out.println("POINTER DRIVER " + what + " " + type[0] + ":" + ordinal[0]);
        CHECKS.equal("the memory type of " + what, CUmemorytype.CU_MEMORYTYPE_DEVICE, type[0]);
        CHECKS.equal("the device of " + what, holder, ordinal[0]);
        final int[] types = new int[]{ -1 };
        final int[] ordinals = new int[]{ -1 };
        CHECKS.equal("cuPointerGetAttributes of " + what, 0, cuPointerGetAttributes(2,
            new int[]{ CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL },
            Pointer.to(Pointer.to(types), Pointer.to(ordinals)), allocated));
        System.out.println("POINTER DRIVER ATTRIBUTES " + what + " " + types[0] + ":" + ordinals[0]);
        CHECKS.equal("cuPointerGetAttributes' memory type of " + what, CUmemorytype.CU_MEMORYTYPE_DEVICE, types[0]);
        CHECKS.equal("cuPointerGetAttributes' device of " + what, holder, ordinals[0]);
        CHECKS.equal("cuCtxSetCurrent " + holder + " to free", 0, cuCtxSetCurrent(contexts[holder]));
        CHECKS.equal("cuMemFree in context " + holder + " after its attributes", 0, cuMemFree(allocated));
    }

    private static void runtimeOnEachDevice()
    {
        for (int ordinal = 0; ordinal < 2; ordinal++)
        {
            CHECKS.equal("cudaSetDevice " + ordinal, 0, cudaSetDevice(ordinal));
            final long[] free = new long[1];
            final long[] total = new long[1];
            CHECKS.equal("cudaMemGetInfo on " + ordinal, 0, cudaMemGetInfo(free, total));
            System.out.println("RUNTIME DEVICE " + ordinal + " TOTAL " + total[0]);
        }
    }

    private static void peerCopy(final int mebibytes)
    {
        final int floats = mebibytes * (1 << 20) / Sizeof.FLOAT;
        final float[] data = new float[floats];
        for (int i = 0; i < floats; i++)
        {
            data[i] = i % 9973;
        }
        final long bytes = (long)floats * Sizeof.FLOAT;
        final Pointer source = new Pointer();
        final Pointer destination = new Pointer();
        CHECKS.equal("cudaSetDevice 0", 0, cudaSetDevice(0));
        CHECKS.equal("cudaMalloc on 0", 0, cudaMalloc(source, bytes));
        CHECKS.equal("cudaMemcpy to device 0", 0,
            cudaMemcpy(source, Pointer.to(data), bytes, cudaMemcpyKind.cudaMemcpyHostToDevice));
        CHECKS.equal("cudaSetDevice 1", 0, cudaSetDevice(1));
        CHECKS.equal("cudaMalloc on 1", 0, cudaMalloc(destination, bytes));
        final long start = System.nanoTime();
        CHECKS.equal("cudaMemcpyPeer 0 to 1", 0, cudaMemcpyPeer(destination, 1, source, 0, bytes));
        final long elapsedNs = System.nanoTime() - start;
        System.out.println("PEER COPY " + mebibytes + " MiB " + elapsedNs / 1_000_000 + " ms");
        final float[] back = new float[floats];
        CHECKS.equal("cudaMemcpy from device 1", 0,
            cudaMemcpy(Pointer.to(back), destination, bytes, cudaMemcpyKind.cudaMemcpyDeviceToHost));
        CHECKS.check("the copy on device 1 is byte-identical", Arrays.equals(data, back));
        CHECKS.equal("cudaFree on 1", 0, cudaFree(destination));
        CHECKS.equal("cudaSetDevice 0 to free", 0, cudaSetDevice(0));
        CHECKS.equal("cudaFree on 0", 0, cudaFree(source));
    }

    /**
     * cudaMemcpyPeerAsync, with its stream on the destination (the MiB given, at most 9: more than one staged
     * chunk of 8 MiB), on the source, the default stream, and on one device.
     */
    private static void asyncPeerCopies(final int mebibytes)
    {
        final int bytes = mebibytes << 20;
        final byte[] data = new byte[bytes];
        for (int i = 0; i < bytes; i++)
        {
            data[i] = (byte)(i * 13 + i / 4093);
        }
        final Pointer source = new Pointer();
        final Pointer sameDevice = new Pointer();
        final Pointer destination = new Pointer();
        final cudaStream_t sourceStream = new cudaStream_t();
        final cudaStream_t destinationStream = new cudaStream_t();
        CHECKS.equal("cudaSetDevice 0 for cudaMemcpyPeerAsync", 0, cudaSetDevice(0));
        CHECKS.equal("cudaStreamCreate on 0", 0, cudaStreamCreate(sourceStream));
        CHECKS.equal("cudaMalloc source on 0", 0, cudaMalloc(source, bytes));
        CHECKS.equal("cudaMalloc on 0 for the same device", 0, cudaMalloc(sameDevice, bytes));
        CHECKS.equal("cudaMemcpy source to device 0", 0,
            cudaMemcpy(source, Pointer.to(data), bytes, cudaMemcpyKind.cudaMemcpyHostToDevice));
        CHECKS.equal("cudaSetDevice 1 for cudaMemcpyPeerAsync", 0, cudaSetDevice(1));
        CHECKS.equal("cudaStreamCreate on 1", 0, cudaStreamCreate(destinationStream));
        CHECKS.equal("cudaMalloc destination on 1", 0, cudaMalloc(destination, bytes));

        // The stream on the destination: a memset before the copy is overwritten, one after it overwrites.
        CHECKS.equal("cudaMemsetAsync before, on 1", 0, cudaMemsetAsync(destination, 0x5A, bytes, destinationStream));
        CHECKS.equal("cudaMemcpyPeerAsync 0 to 1, stream on 1", 0,
            cudaMemcpyPeerAsync(destination, 1, source, 0, bytes, destinationStream));
        CHECKS.equal("cudaMemsetAsync after, on 1", 0, cudaMemsetAsync(destination, 0x11, 16, destinationStream));
        CHECKS.equal("cudaStreamSynchronize on 1", 0, cudaStreamSynchronize(destinationStream));
        final byte[] expected = data.clone();
        Arrays.fill(expected, 0, 16, (byte)0x11);
        CHECKS.check("PEER ASYNC stream on the destination: ordered on it", Arrays.equals(expected,
            runtimeRead(destination, bytes)));

        // The stream on the source: a memset of the source before the copy is what the copy reads.
        CHECKS.equal("cudaSetDevice 0 for a stream on the source", 0, cudaSetDevice(0));
        CHECKS.equal("cudaMemsetAsync of the source, on 0", 0, cudaMemsetAsync(source, 0x3C, bytes, sourceStream));
        CHECKS.equal("cudaMemcpyPeerAsync 0 to 1, stream on 0", 0,
            cudaMemcpyPeerAsync(destination, 1, source, 0, bytes, sourceStream));
        final byte[] memset = new byte[bytes];
        Arrays.fill(memset, (byte)0x3C);
        CHECKS.equal("cudaSetDevice 1 to read", 0, cudaSetDevice(1));
        CHECKS.check("PEER ASYNC stream on the source: after its earlier work", Arrays.equals(memset,
            runtimeRead(destination, bytes)));

        // The default stream, across executors, and on one device with a stream of its own.
        CHECKS.equal("cudaSetDevice 0 for the default stream", 0, cudaSetDevice(0));
        CHECKS.equal("cudaMemcpy source again", 0,
            cudaMemcpy(source, Pointer.to(data), bytes, cudaMemcpyKind.cudaMemcpyHostToDevice));
        CHECKS.equal("cudaMemcpyPeerAsync 0 to 1, default stream", 0,
            cudaMemcpyPeerAsync(destination, 1, source, 0, bytes, null));
        CHECKS.equal("cudaMemcpyPeerAsync 0 to 0, stream on 0", 0,
            cudaMemcpyPeerAsync(sameDevice, 0, source, 0, bytes, sourceStream));
        CHECKS.equal("cudaStreamSynchronize on 0", 0, cudaStreamSynchronize(sourceStream));
        CHECKS.check("PEER ASYNC on one device", Arrays.equals(data, runtimeRead(sameDevice, bytes)));
        CHECKS.equal("cudaSetDevice 1 for the default stream's copy", 0, cudaSetDevice(1));
        CHECKS.check("PEER ASYNC default stream", Arrays.equals(data, runtimeRead(destination, bytes)));

        CHECKS.equal("cudaFree destination", 0, cudaFree(destination));
        CHECKS.equal("cudaStreamDestroy on 1", 0, cudaStreamDestroy(destinationStream));
        CHECKS.equal("cudaSetDevice 0 to free", 0, cudaSetDevice(0));
        CHECKS.equal("cudaFree source", 0, cudaFree(source));
        CHECKS.equal("cudaFree same device", 0, cudaFree(sameDevice));
        CHECKS.equal("cudaStreamDestroy on 0", 0, cudaStreamDestroy(sourceStream));
    }

    private static byte[] runtimeRead(final Pointer device, final int bytes)
    {
        final byte[] back = new byte[bytes];
        CHECKS.equal("cudaMemcpy back", 0,
            cudaMemcpy(Pointer.to(back), device, bytes, cudaMemcpyKind.cudaMemcpyDeviceToHost));
        return back;
    }

    /**
     * cuMemcpyPeerAsync between the two contexts, with its stream in the destination context and then in the source
     * context, each ordered after a memset queued on that stream.
     */
    private static void driverAsyncPeerCopy(final CUcontext[] contexts)
    {
        final int bytes = 300_000;
        final byte[] data = new byte[bytes];
        for (int i = 0; i < bytes; i++)
        {
            data[i] = (byte)(i * 7 + 1);
        }
        final CUdeviceptr source = new CUdeviceptr();
        final CUdeviceptr destination = new CUdeviceptr();
        final CUstream sourceStream = new CUstream();
        final CUstream destinationStream = new CUstream();
        CHECKS.equal("cuCtxSetCurrent 0 for cuMemcpyPeerAsync", 0, cuCtxSetCurrent(contexts[0]));
        CHECKS.equal("cuStreamCreate in context 0", 0, cuStreamCreate(sourceStream, 0));
        CHECKS.equal("cuMemAlloc source", 0, cuMemAlloc(source, bytes));
        CHECKS.equal("cuMemcpyHtoD source", 0, cuMemcpyHtoD(source, Pointer.to(data), bytes));
        CHECKS.equal("cuCtxSetCurrent 1 for cuMemcpyPeerAsync", 0, cuCtxSetCurrent(contexts[1]));
        CHECKS.equal("cuStreamCreate in context 1", 0, cuStreamCreate(destinationStream, 0));
        CHECKS.equal("cuMemAlloc destination", 0, cuMemAlloc(destination, bytes));

        CHECKS.equal("cuMemsetD8Async before, in context 1", 0,
            cuMemsetD8Async(destination, (byte)0x5A, bytes, destinationStream));
        CHECKS.equal("cuMemcpyPeerAsync context 0 to 1, stream in 1", 0,
            cuMemcpyPeerAsync(destination, contexts[1], source, contexts[0], bytes, destinationStream));
        CHECKS.equal("cuMemsetD8Async after, in context 1", 0,
            cuMemsetD8Async(destination, (byte)0x11, 16, destinationStream));
        CHECKS.equal("cuStreamSynchronize in context 1", 0, cuStreamSynchronize(destinationStream));
        final byte[] expected = data.clone();
        Arrays.fill(expected, 0, 16, (byte)0x11);
        CHECKS.check("PEER ASYNC driver stream on the destination", Arrays.equals(expected,
            driverRead(destination, bytes)));

        CHECKS.equal("cuCtxSetCurrent 0 for a stream on the source", 0, cuCtxSetCurrent(contexts[0]));
        CHECKS.equal("cuMemsetD8Async of the source, in context 0", 0,
            cuMemsetD8Async(source, (byte)0x3C, bytes, sourceStream));
        CHECKS.equal("cuMemcpyPeerAsync context 0 to 1, stream in 0", 0,
            cuMemcpyPeerAsync(destination, contexts[1], source, contexts[0], bytes, sourceStream));
        final byte[] memset = new byte[bytes];
        Arrays.fill(memset, (byte)0x3C);
        CHECKS.equal("cuCtxSetCurrent 1 to read", 0, cuCtxSetCurrent(contexts[1]));
        CHECKS.check("PEER ASYNC driver stream on the source", Arrays.equals(memset, driverRead(destination, bytes)));

        CHECKS.equal("cuMemFree destination", 0, cuMemFree(destination));
        CHECKS.equal("cuStreamDestroy in context 1", 0, cuStreamDestroy(destinationStream));
        CHECKS.equal("cuCtxSetCurrent 0 to free", 0, cuCtxSetCurrent(contexts[0]));
        CHECKS.equal("cuMemFree source", 0, cuMemFree(source));
        CHECKS.equal("cuStreamDestroy in context 0", 0, cuStreamDestroy(sourceStream));
    }

    private static byte[] driverRead(final CUdeviceptr device, final int bytes)
    {
        final byte[] back = new byte[bytes];
        CHECKS.equal("cuMemcpyDtoH back", 0, cuMemcpyDtoH(Pointer.to(back), device, bytes));
        return back;
    }
}
