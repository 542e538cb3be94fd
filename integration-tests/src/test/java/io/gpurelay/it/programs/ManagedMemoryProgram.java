package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAdvise;
import static jcuda.driver.JCudaDriver.cuMemAllocManaged;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;
import static jcuda.driver.JCudaDriver.cuMemPrefetchAsync;
import static jcuda.driver.JCudaDriver.cuMemRangeGetAttribute;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuPointerGetAttribute;
import static jcuda.driver.JCudaDriver.cuPointerGetAttributes;
import static jcuda.driver.JCudaDriver.cuStreamAttachMemAsync;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.runtime.JCuda.cudaCpuDeviceId;
import static jcuda.runtime.JCuda.cudaDeviceGetAttribute;
import static jcuda.runtime.JCuda.cudaDeviceMapHost;
import static jcuda.runtime.JCuda.cudaDeviceSynchronize;
import static jcuda.runtime.JCuda.cudaEventCreate;
import static jcuda.runtime.JCuda.cudaEventDestroy;
import static jcuda.runtime.JCuda.cudaEventRecord;
import static jcuda.runtime.JCuda.cudaEventSynchronize;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeHost;
import static jcuda.runtime.JCuda.cudaGetDeviceFlags;
import static jcuda.runtime.JCuda.cudaGetLastError;
import static jcuda.runtime.JCuda.cudaHostAlloc;
import static jcuda.runtime.JCuda.cudaHostAllocMapped;
import static jcuda.runtime.JCuda.cudaHostAllocPortable;
import static jcuda.runtime.JCuda.cudaHostGetDevicePointer;
import static jcuda.runtime.JCuda.cudaHostRegister;
import static jcuda.runtime.JCuda.cudaHostRegisterDefault;
import static jcuda.runtime.JCuda.cudaHostRegisterMapped;
import static jcuda.runtime.JCuda.cudaHostUnregister;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMallocManaged;
import static jcuda.runtime.JCuda.cudaMemAdvise;
import static jcuda.runtime.JCuda.cudaMemAttachGlobal;
import static jcuda.runtime.JCuda.cudaMemAttachHost;
import static jcuda.runtime.JCuda.cudaMemPrefetchAsync;
import static jcuda.runtime.JCuda.cudaMemRangeGetAttribute;
import static jcuda.runtime.JCuda.cudaMemRangeGetAttributes;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemcpyAsync;
import static jcuda.runtime.JCuda.cudaPointerGetAttributes;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.JCuda.cudaSetDeviceFlags;
import static jcuda.runtime.JCuda.cudaStreamAttachMemAsync;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDefault;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.IntUnaryOperator;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmemAttach_flags;
import jcuda.driver.CUmem_advise;
import jcuda.driver.CUmem_range_attribute;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUmodule;
import jcuda.driver.CUpointer_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.cudaDeviceAttr;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaMemRangeAttribute;
import jcuda.runtime.cudaMemoryAdvise;
import jcuda.runtime.cudaMemoryType;
import jcuda.runtime.cudaPointerAttributes;
import jcuda.runtime.cudaStream_t;

/**
 * Managed memory of an unmodified JCuda program, as CUDA promises it to a program on a device without concurrent
 * managed access: the host view ({@code getByteBuffer} of {@code cudaMallocManaged(cudaMemAttachHost)}) and the
 * device's agree at every synchronisation point. The host writes, a kernel reads and writes, the host reads after a
 * device, context, stream or event synchronisation, writes again (all of it, part of it, one value), and so on; copies
 * to and from managed memory see and are seen by the host view; the driver API's {@code cuMemAllocManaged}; advice,
 * prefetches and attachments, and their refusals (CUDA's errors); the driver API's host view
 * ({@code cuMemAllocManaged(CU_MEM_ATTACH_HOST)}) at the driver's synchronisation points; mapped pinned memory of both
 * APIs, which kernels read and write through its device pointer, over any transport. Its CHECK lines hold both with
 * JCuda's own natives on a GPU and through gpurelay, so that the same program compares the two.
 */
public final class ManagedMemoryProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int COUNT = 50_000;
    private static final long BYTES = (long)COUNT * Sizeof.INT;

    private static CUfunction addOne;

    private ManagedMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCudaDriver.setExceptionsEnabled(false);
        CHECKS.equal("cudaSetDeviceFlags cudaDeviceMapHost", 0, cudaSetDeviceFlags(cudaDeviceMapHost));
        final int[] flags = new int[1];
        CHECKS.equal("cudaGetDeviceFlags", 0, cudaGetDeviceFlags(flags));
        CHECKS.check("the device maps host memory", (flags[0] & cudaDeviceMapHost) != 0, "flags " + flags[0]);
        CHECKS.equal("cudaSetDeviceFlags with an unknown flag", cudaError.cudaErrorInvalidValue,
            cudaSetDeviceFlags(0x4000));
        cudaGetLastError();
        cudaSetDevice(0);
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext primary = new CUcontext();
        CHECKS.equal("cuDevicePrimaryCtxRetain", CUresult.CUDA_SUCCESS, cuDevicePrimaryCtxRetain(primary, device));
        cuCtxSetCurrent(primary);
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoadData", CUresult.CUDA_SUCCESS,
            cuModuleLoadData(module, PinnedMemoryProgram.ADD_ONE_PTX.getBytes(StandardCharsets.US_ASCII)));
        addOne = new CUfunction();
        cuModuleGetFunction(addOne, module, "add_one");

        final int[] value = new int[1];
        CHECKS.equal("cudaDeviceGetAttribute managedMemory", 0,
            cudaDeviceGetAttribute(value, cudaDeviceAttr.cudaDevAttrManagedMemory, 0));
        CHECKS.equal("the device has managed memory", 1, value[0]);
        cudaDeviceGetAttribute(value, cudaDeviceAttr.cudaDevAttrConcurrentManagedAccess, 0);
        System.out.println("INFO concurrentManagedAccess " + value[0]);

        hostWritesBetweenKernels();
        copies();
        globalAttachment();
        hints();
        refusals();
        driver(device);
        driverHostView();
        registration();
        pointerAttributes();
        mapped();
        driverMapped();
        CHECKS.finish();
    }

    /**
     * Host writes, kernel, synchronisation, host reads: five rounds, each synchronising in another way.
     */
    private static void hostWritesBetweenKernels()
    {
        final Pointer managed = new Pointer();
        CHECKS.equal("cudaMallocManaged cudaMemAttachHost", 0, cudaMallocManaged(managed, BYTES, cudaMemAttachHost));
        final ByteBuffer bytes = managed.getByteBuffer(0, BYTES);
        CHECKS.check("the managed pointer has a host view", bytes != null);
        final IntBuffer values = bytes.order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, i * 3);
        }
        launch(managed);
        CHECKS.equal("cudaDeviceSynchronize", 0, cudaDeviceSynchronize());
        CHECKS.check("round 1: the host reads what the kernel wrote", all(values, i -> i * 3 + 1));

        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, i * 5);
        }
        launch(managed);
        CHECKS.equal("cuCtxSynchronize", CUresult.CUDA_SUCCESS, cuCtxSynchronize());
        CHECKS.check("round 2: the kernel read all the host wrote", all(values, i -> i * 5 + 1));

        values.put(COUNT / 2, -100);
        launch(managed);
        CHECKS.equal("cudaStreamSynchronize of the default stream", 0, cudaStreamSynchronize(null));
        CHECKS.check("round 3: the kernel read the one value the host changed",
            all(values, i -> i == COUNT / 2 ? -99 : i * 5 + 2));

        for (int i = COUNT - 10; i < COUNT; i++)
        {
            values.put(i, 7);
        }
        final cudaEvent_t event = new cudaEvent_t();
        cudaEventCreate(event);
        launch(managed);
        cudaEventRecord(event, null);
        CHECKS.equal("cudaEventSynchronize", 0, cudaEventSynchronize(event));
        CHECKS.check("round 4: the kernel read the values at the end the host changed",
            all(values, i -> i >= COUNT - 10 ? 8 : i == COUNT / 2 ? -98 : i * 5 + 3));

        // Through another buffer over part of the view.
        final IntBuffer part = managed.getByteBuffer(8, 8).order(ByteOrder.nativeOrder()).asIntBuffer();
        part.put(0, 1000);
        launch(managed);
        CHECKS.equal("cudaDeviceSynchronize again", 0, cudaDeviceSynchronize());
        CHECKS.check("round 5: a write through a buffer over part of the view reached the kernel", values.get(2) == 1001 &&
            values.get(3) == 3 * 5 + 4);
        cudaEventDestroy(event);
        CHECKS.equal("cudaFree of managed memory", 0, cudaFree(managed));
    }

    /**
     * Copies from and to managed memory, with explicit kinds and with cudaMemcpyDefault.
     */
    private static void copies()
    {
        final Pointer managed = new Pointer();
        cudaMallocManaged(managed, BYTES, cudaMemAttachHost);
        final IntBuffer values = managed.getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, i);
        }
        final int[] host = new int[COUNT];
        CHECKS.equal("cudaMemcpy managed to host", 0,
            cudaMemcpy(Pointer.to(host), managed, BYTES, cudaMemcpyDeviceToHost));
        CHECKS.check("the copy read what the host view held", host[COUNT - 1] == COUNT - 1 && host[17] == 17);

        for (int i = 0; i < COUNT; i++)
        {
            host[i] = -i;
        }
        CHECKS.equal("cudaMemcpy host to managed", 0,
            cudaMemcpy(managed, Pointer.to(host), BYTES, cudaMemcpyHostToDevice));
        CHECKS.check("the host view shows what the copy wrote", all(values, i -> -i));

        final Pointer device = new Pointer();
        cudaMalloc(device, BYTES);
        values.put(5, 55);
        // JCuda 12.6's own natives refuse cudaMemcpyDefault (invalid direction): the GPU comparison names the kind
        // (-Dmanaged.explicitKinds=true), the emulated test the default one.
        CHECKS.equal("cudaMemcpy managed to device memory", 0, cudaMemcpy(device, managed, BYTES,
            Boolean.getBoolean("managed.explicitKinds") ? cudaMemcpyDeviceToDevice : cudaMemcpyDefault));
        final int[] back = new int[COUNT];
        cudaMemcpy(Pointer.to(back), device, BYTES, cudaMemcpyDeviceToHost);
        CHECKS.check("device memory got the host view's bytes", back[5] == 55 && back[6] == -6);
        cudaFree(device);
        cudaFree(managed);
    }

    /**
     * cudaMemAttachGlobal: JCuda gives the pointer no buffer; kernels and copies use it as device memory.
     */
    private static void globalAttachment()
    {
        final Pointer managed = new Pointer();
        CHECKS.equal("cudaMallocManaged cudaMemAttachGlobal", 0,
            cudaMallocManaged(managed, BYTES, cudaMemAttachGlobal));
        CHECKS.check("no host view for cudaMemAttachGlobal, as JCuda gives none", managed.getByteBuffer() == null);
        final int[] host = new int[COUNT];
        for (int i = 0; i < COUNT; i++)
        {
            host[i] = 2 * i;
        }
        cudaMemcpy(managed, Pointer.to(host), BYTES, cudaMemcpyHostToDevice);
        launch(managed);
        cudaDeviceSynchronize();
        cudaMemcpy(Pointer.to(host), managed, BYTES, cudaMemcpyDeviceToHost);
        CHECKS.check("a kernel on cudaMemAttachGlobal memory", host[0] == 1 && host[COUNT - 1] == 2 * (COUNT - 1) + 1);
        cudaFree(managed);
    }

    private static void hints()
    {
        final Pointer managed = new Pointer();
        cudaMallocManaged(managed, BYTES, cudaMemAttachHost);
        final IntBuffer values = managed.getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder()).asIntBuffer();
        CHECKS.equal("cudaMemAdvise SetReadMostly", 0,
            cudaMemAdvise(managed, BYTES, cudaMemoryAdvise.cudaMemAdviseSetReadMostly, 0));
        final int[] attribute = new int[2];
        CHECKS.equal("cudaMemRangeGetAttribute ReadMostly", 0, cudaMemRangeGetAttribute(Pointer.to(attribute),
            Sizeof.INT, cudaMemRangeAttribute.cudaMemRangeAttributeReadMostly, managed, BYTES));
        CHECKS.equal("the range is read mostly", 1, attribute[0]);
        CHECKS.equal("cudaMemAdvise UnsetReadMostly", 0,
            cudaMemAdvise(managed, BYTES, cudaMemoryAdvise.cudaMemAdviseUnsetReadMostly, 0));
        CHECKS.equal("cudaMemAdvise SetPreferredLocation the host", 0,
            cudaMemAdvise(managed, BYTES, cudaMemoryAdvise.cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId));
        CHECKS.equal("cudaMemAdvise SetAccessedBy device 0", 0,
            cudaMemAdvise(managed, BYTES, cudaMemoryAdvise.cudaMemAdviseSetAccessedBy, 0));
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        CHECKS.equal("cudaStreamAttachMemAsync global", 0,
            cudaStreamAttachMemAsync(stream, managed, 0, cudaMemAttachGlobal));
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, 4 * i);
        }
        CHECKS.equal("cudaMemPrefetchAsync to device 0", 0, cudaMemPrefetchAsync(managed, BYTES, 0, stream));
        CHECKS.equal("cudaStreamSynchronize after the prefetch", 0, cudaStreamSynchronize(stream));
        launch(managed);
        CHECKS.equal("cudaMemPrefetchAsync to the host", 0,
            cudaMemPrefetchAsync(managed, BYTES, cudaCpuDeviceId, null));
        cudaDeviceSynchronize();
        CHECKS.check("hints change no byte", all(values, i -> 4 * i + 1));
        cudaMemRangeGetAttribute(Pointer.to(attribute), Sizeof.INT,
            cudaMemRangeAttribute.cudaMemRangeAttributeReadMostly, managed, BYTES);
        CHECKS.equal("the range is no longer read mostly", 0, attribute[0]);
        cudaMemRangeGetAttribute(Pointer.to(attribute), Sizeof.INT,
            cudaMemRangeAttribute.cudaMemRangeAttributePreferredLocation, managed, BYTES);
        CHECKS.equal("the preferred location is the host", cudaCpuDeviceId, attribute[0]);
        CHECKS.equal("cudaMemRangeGetAttribute AccessedBy", 0, cudaMemRangeGetAttribute(Pointer.to(attribute),
            2 * Sizeof.INT, cudaMemRangeAttribute.cudaMemRangeAttributeAccessedBy, managed, BYTES));
        CHECKS.check("accessed by device 0 alone", attribute[0] == 0 && attribute[1] == -2,
            attribute[0] + " " + attribute[1]);
        cudaMemRangeGetAttribute(Pointer.to(attribute), Sizeof.INT,
            cudaMemRangeAttribute.cudaMemRangeAttributeLastPrefetchLocation, managed, BYTES);
        CHECKS.equal("last prefetched to the host", cudaCpuDeviceId, attribute[0]);
        final int[] readMostly = new int[1];
        final int[] prefetchedTo = new int[1];
        CHECKS.equal("cudaMemRangeGetAttributes", 0, cudaMemRangeGetAttributes(
            new Pointer[]{ Pointer.to(readMostly), Pointer.to(prefetchedTo) }, new long[]{ Sizeof.INT, Sizeof.INT },
            new int[]{ cudaMemRangeAttribute.cudaMemRangeAttributeReadMostly,
                cudaMemRangeAttribute.cudaMemRangeAttributeLastPrefetchLocation }, 2, managed, BYTES));
        CHECKS.check("cudaMemRangeGetAttributes answers each", readMostly[0] == 0 && prefetchedTo[0] == cudaCpuDeviceId,
            readMostly[0] + " " + prefetchedTo[0]);
        CHECKS.equal("cudaMemRangeGetAttribute with 8 bytes for ReadMostly", cudaError.cudaErrorInvalidValue,
            cudaMemRangeGetAttribute(Pointer.to(attribute), 2 * Sizeof.INT,
                cudaMemRangeAttribute.cudaMemRangeAttributeReadMostly, managed, BYTES));
        cudaGetLastError();
        cudaStreamDestroy(stream);
        cudaFree(managed);
    }

    /**
     * CUDA's errors for bad arguments; each becomes the last error, which is cleared.
     */
    private static void refusals()
    {
        final Pointer managed = new Pointer();
        cudaMallocManaged(managed, BYTES, cudaMemAttachHost);
        final Pointer device = new Pointer();
        cudaMalloc(device, BYTES);
        CHECKS.equal("cudaMallocManaged with flags 3", cudaError.cudaErrorInvalidValue,
            cudaMallocManaged(new Pointer(), 64, 3));
        cudaGetLastError();
        // As cudaMalloc: no memory and success (CUDA 13 on the H100; the driver's cuMemAllocManaged refuses 0).
        final Pointer none = new Pointer();
        CHECKS.equal("cudaMallocManaged of 0 bytes", 0, cudaMallocManaged(none, 0, cudaMemAttachGlobal));
        CHECKS.check("cudaMallocManaged of 0 bytes gives a null pointer", none.equals(new Pointer()), none.toString());
        cudaGetLastError();
        CHECKS.equal("cudaMemAdvise of memory from cudaMalloc", cudaError.cudaErrorInvalidValue,
            cudaMemAdvise(device, BYTES, cudaMemoryAdvise.cudaMemAdviseSetReadMostly, 0));
        cudaGetLastError();
        CHECKS.equal("cudaMemAdvise with advice 99", cudaError.cudaErrorInvalidValue,
            cudaMemAdvise(managed, BYTES, 99, 0));
        cudaGetLastError();
        CHECKS.equal("cudaMemAdvise past the allocation", cudaError.cudaErrorInvalidValue,
            cudaMemAdvise(managed, BYTES * 2, cudaMemoryAdvise.cudaMemAdviseSetReadMostly, 0));
        cudaGetLastError();
        CHECKS.equal("cudaMemPrefetchAsync to device 57", cudaError.cudaErrorInvalidDevice,
            cudaMemPrefetchAsync(managed, BYTES, 57, null));
        cudaGetLastError();
        CHECKS.equal("cudaStreamAttachMemAsync of part of an allocation", cudaError.cudaErrorInvalidValue,
            cudaStreamAttachMemAsync(null, managed, BYTES / 2, cudaMemAttachHost));
        cudaGetLastError();
        CHECKS.equal("cudaStreamAttachMemAsync with flags 3", cudaError.cudaErrorInvalidValue,
            cudaStreamAttachMemAsync(null, managed, 0, 3));
        cudaGetLastError();
        CHECKS.equal("the device still works", 0, cudaDeviceSynchronize());
        cudaFree(device);
        cudaFree(managed);
    }

    private static void driver(final CUdevice device)
    {
        final CUdeviceptr managed = new CUdeviceptr();
        CHECKS.equal("cuMemAllocManaged", CUresult.CUDA_SUCCESS,
            cuMemAllocManaged(managed, BYTES, CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL));
        final int[] host = new int[COUNT];
        for (int i = 0; i < COUNT; i++)
        {
            host[i] = 9 * i;
        }
        cuMemcpyHtoD(managed, Pointer.to(host), BYTES);
        CHECKS.equal("cuMemAdvise SetPreferredLocation", CUresult.CUDA_SUCCESS,
            cuMemAdvise(managed, BYTES, CUmem_advise.CU_MEM_ADVISE_SET_PREFERRED_LOCATION, device));
        final CUstream stream = new CUstream();
        cuStreamCreate(stream, 0);
        CHECKS.equal("cuStreamAttachMemAsync", CUresult.CUDA_SUCCESS,
            cuStreamAttachMemAsync(stream, managed, 0, CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL));
        CHECKS.equal("cuMemPrefetchAsync", CUresult.CUDA_SUCCESS, cuMemPrefetchAsync(managed, BYTES, device, stream));
        cuStreamSynchronize(stream);
        launch(managed);
        cuCtxSynchronize();
        cuMemcpyDtoH(Pointer.to(host), managed, BYTES);
        CHECKS.check("a kernel on cuMemAllocManaged memory", host[0] == 1 && host[COUNT - 1] == 9 * (COUNT - 1) + 1);
        final int[] location = new int[1];
        CHECKS.equal("cuMemRangeGetAttribute PREFERRED_LOCATION", CUresult.CUDA_SUCCESS, cuMemRangeGetAttribute(
            Pointer.to(location), Sizeof.INT, CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION,
            managed, BYTES));
        CHECKS.equal("the preferred location is device 0", 0, location[0]);
        CHECKS.equal("cuMemAdvise with advice 99", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemAdvise(managed, BYTES, 99, device));
        cuStreamDestroy(stream);
        CHECKS.equal("cuMemFree of managed memory", CUresult.CUDA_SUCCESS, cuMemFree(managed));
    }

    /**
     * cuMemAllocManaged with CU_MEM_ATTACH_HOST: JCuda gives the CUdeviceptr a buffer over the managed bytes, as for
     * cudaMallocManaged; the host view and the device agree at the driver API's synchronisation points.
     */
    private static void driverHostView()
    {
        final CUdeviceptr global = new CUdeviceptr();
        cuMemAllocManaged(global, BYTES, CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL);
        CHECKS.check("no host view for CU_MEM_ATTACH_GLOBAL, as JCuda gives none", global.getByteBuffer() == null);
        cuMemFree(global);

        final CUdeviceptr managed = new CUdeviceptr();
        CHECKS.equal("cuMemAllocManaged CU_MEM_ATTACH_HOST", CUresult.CUDA_SUCCESS,
            cuMemAllocManaged(managed, BYTES, CUmemAttach_flags.CU_MEM_ATTACH_HOST));
        final ByteBuffer bytes = managed.getByteBuffer(0, BYTES);
        CHECKS.check("the driver API's managed pointer has a host view", bytes != null);
        if (bytes == null)
        {
            return;
        }
        final IntBuffer values = bytes.order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, 13 * i);
        }
        launch(managed);
        CHECKS.equal("cuCtxSynchronize after a kernel on the driver's host view", CUresult.CUDA_SUCCESS,
            cuCtxSynchronize());
        CHECKS.check("driver round 1: the host reads what the kernel wrote", all(values, i -> 13 * i + 1));

        values.put(COUNT / 3, -50);
        launch(managed);
        CHECKS.equal("cuStreamSynchronize of the default stream", CUresult.CUDA_SUCCESS, cuStreamSynchronize(null));
        CHECKS.check("driver round 2: the kernel read the one value the host changed",
            all(values, i -> i == COUNT / 3 ? -49 : 13 * i + 2));

        final CUevent event = new CUevent();
        cuEventCreate(event, 0);
        for (int i = 0; i < 10; i++)
        {
            values.put(i, 100 + i);
        }
        launch(managed);
        cuEventRecord(event, null);
        CHECKS.equal("cuEventSynchronize", CUresult.CUDA_SUCCESS, cuEventSynchronize(event));
        CHECKS.check("driver round 3: the kernel read the values at the start the host changed",
            all(values, i -> i < 10 ? 101 + i : i == COUNT / 3 ? -48 : 13 * i + 3));
        cuEventDestroy(event);

        final int[] host = new int[COUNT];
        CHECKS.equal("cuMemcpyDtoH from the driver's host view", CUresult.CUDA_SUCCESS,
            cuMemcpyDtoH(Pointer.to(host), managed, BYTES));
        CHECKS.check("the copy read what the host view holds", host[5] == 106 && host[COUNT - 1] == 13 * (COUNT - 1) + 3,
            host[5] + " " + host[COUNT - 1]);
        for (int i = 0; i < COUNT; i++)
        {
            host[i] = -3 * i;
        }
        CHECKS.equal("cuMemcpyHtoD to the driver's host view", CUresult.CUDA_SUCCESS,
            cuMemcpyHtoD(managed, Pointer.to(host), BYTES));
        CHECKS.check("the driver's host view shows what the copy wrote", all(values, i -> -3 * i));
        CHECKS.equal("cuMemFree of managed memory with a host view", CUresult.CUDA_SUCCESS, cuMemFree(managed));
    }

    /**
     * cudaHostRegister of a direct buffer: copies from and to it, CUDA's errors for registering twice and for
     * unregistering what is not registered. Mapping it into the device is refused through gpurelay (INFO line).
     */
    private static void registration()
    {
        final ByteBuffer buffer = ByteBuffer.allocateDirect((int)BYTES).order(ByteOrder.nativeOrder());
        final Pointer host = Pointer.to(buffer);
        CHECKS.equal("cudaHostRegister", 0, cudaHostRegister(host, BYTES, cudaHostRegisterDefault));
        CHECKS.equal("cudaHostRegister again", cudaError.cudaErrorHostMemoryAlreadyRegistered,
            cudaHostRegister(host, BYTES, cudaHostRegisterDefault));
        cudaGetLastError();
        for (int i = 0; i < COUNT; i++)
        {
            buffer.putInt(i * Sizeof.INT, 6 * i);
        }
        final Pointer device = new Pointer();
        cudaMalloc(device, BYTES);
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        CHECKS.equal("cudaMemcpyAsync from registered memory", 0,
            cudaMemcpyAsync(device, host, BYTES, cudaMemcpyHostToDevice, stream));
        launchOn(device, stream);
        CHECKS.equal("cudaMemcpyAsync to registered memory", 0,
            cudaMemcpyAsync(host, device, BYTES, cudaMemcpyDeviceToHost, stream));
        cudaStreamSynchronize(stream);
        CHECKS.check("registered memory round trip through a kernel", buffer.getInt(0) == 1 &&
            buffer.getInt((COUNT - 1) * Sizeof.INT) == 6 * (COUNT - 1) + 1);
        CHECKS.equal("cudaHostUnregister", 0, cudaHostUnregister(host));
        CHECKS.equal("cudaHostUnregister again", cudaError.cudaErrorHostMemoryNotRegistered,
            cudaHostUnregister(host));
        cudaGetLastError();
        final int mapped = cudaHostRegister(host, BYTES, cudaHostRegisterMapped);
        System.out.println("INFO cudaHostRegister mapped " + mapped);
        if (mapped == 0)
        {
            cudaHostUnregister(host);
        }
        cudaGetLastError();
        cudaStreamDestroy(stream);
        cudaFree(device);
    }

    /**
     * What cudaPointerGetAttributes and cuPointerGetAttribute say of device, managed and host memory.
     */
    private static void pointerAttributes()
    {
        final Pointer device = new Pointer();
        cudaMalloc(device, BYTES);
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        CHECKS.equal("cudaPointerGetAttributes of device memory", 0, cudaPointerGetAttributes(attributes, device));
        CHECKS.equal("device memory's type", cudaMemoryType.cudaMemoryTypeDevice, attributes.type);
        CHECKS.equal("device memory's device", 0, attributes.device);
        CHECKS.equal("device memory is not managed", 0, attributes.isManaged);
        CHECKS.check("device memory's device pointer", attributes.devicePointer.equals(device),
            attributes.devicePointer + " " + device);

        final Pointer managed = new Pointer();
        cudaMallocManaged(managed, BYTES, cudaMemAttachGlobal);
        CHECKS.equal("cudaPointerGetAttributes of managed memory", 0, cudaPointerGetAttributes(attributes, managed));
        CHECKS.equal("managed memory's type", cudaMemoryType.cudaMemoryTypeManaged, attributes.type);
        // CUDA 11 took isManaged out of cudaPointerAttributes: JCuda's field stays as it was, locally and remotely.
        CHECKS.equal("isManaged is left alone", 0, attributes.isManaged);

        final Pointer unregistered = Pointer.to(ByteBuffer.allocateDirect(64));
        CHECKS.equal("cudaPointerGetAttributes of unregistered host memory", 0,
            cudaPointerGetAttributes(attributes, unregistered));
        CHECKS.equal("unregistered memory's type", cudaMemoryType.cudaMemoryTypeUnregistered, attributes.type);
        System.out.println("INFO unregistered memory's device " + attributes.device);

        final CUdeviceptr driverMemory = new CUdeviceptr();
        JCudaDriver.cuMemAlloc(driverMemory, BYTES);
        final int[] value = new int[1];
        CHECKS.equal("cuPointerGetAttribute MEMORY_TYPE", CUresult.CUDA_SUCCESS, cuPointerGetAttribute(
            Pointer.to(value), CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, driverMemory));
        CHECKS.equal("cuMemAlloc memory is device memory", CUmemorytype.CU_MEMORYTYPE_DEVICE, value[0]);
        cuPointerGetAttribute(Pointer.to(value), CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
            driverMemory);
        CHECKS.equal("cuMemAlloc memory's ordinal", 0, value[0]);
        cuPointerGetAttribute(Pointer.to(value), CUpointer_attribute.CU_POINTER_ATTRIBUTE_IS_MANAGED, driverMemory);
        CHECKS.equal("cuMemAlloc memory is not managed", 0, value[0]);
        final long[] wide = new long[1];
        CHECKS.equal("cuPointerGetAttribute RANGE_START_ADDR inside", CUresult.CUDA_SUCCESS, cuPointerGetAttribute(
            Pointer.to(wide), CUpointer_attribute.CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
            driverMemory.withByteOffset(100)));
        final long[] start = new long[1];
        cuPointerGetAttribute(Pointer.to(start), CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_POINTER, driverMemory);
        CHECKS.check("the range starts at the allocation", wide[0] == start[0] && start[0] != 0,
            wide[0] + " " + start[0]);
        cuPointerGetAttribute(Pointer.to(wide), CUpointer_attribute.CU_POINTER_ATTRIBUTE_RANGE_SIZE, driverMemory);
        CHECKS.equal("the range's size", BYTES, wide[0]);
        final CUdeviceptr driverManaged = new CUdeviceptr();
        cuMemAllocManaged(driverManaged, BYTES, CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL);
        cuPointerGetAttribute(Pointer.to(value), CUpointer_attribute.CU_POINTER_ATTRIBUTE_IS_MANAGED, driverManaged);
        CHECKS.equal("managed memory is managed, driver API", 1, value[0]);
        cuMemFree(driverManaged);
        CHECKS.equal("cuPointerGetAttribute of memory of no allocation", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuPointerGetAttribute(Pointer.to(value), CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                new CUdeviceptr().withByteOffset(0x1000)));
        final int[] type = new int[1];
        final int[] ordinal = { 99 };
        CHECKS.equal("cuPointerGetAttributes", CUresult.CUDA_SUCCESS, cuPointerGetAttributes(2,
            new int[]{ CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL },
            Pointer.to(Pointer.to(type), Pointer.to(ordinal)), driverMemory));
        CHECKS.check("cuPointerGetAttributes answers each", type[0] == CUmemorytype.CU_MEMORYTYPE_DEVICE &&
            ordinal[0] == 0, type[0] + " " + ordinal[0]);
        type[0] = 77;
        CHECKS.equal("cuPointerGetAttributes of memory of no allocation", CUresult.CUDA_SUCCESS,
            cuPointerGetAttributes(1, new int[]{ CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE },
                Pointer.to(Pointer.to(type)), new CUdeviceptr().withByteOffset(0x1000)));
        CHECKS.equal("memory of no allocation has no type", 0, type[0]);
        JCudaDriver.cuMemFree(driverMemory);
        cudaFree(managed);
        cudaFree(device);
    }

    /**
     * Mapped pinned memory through the runtime API after cudaSetDeviceFlags(cudaDeviceMapHost), portable too: a kernel
     * reads and writes it through the device pointer cudaHostGetDevicePointer gives, the host sees its writes after
     * synchronising, a copy into the host memory reaches a later kernel; its pointer attributes.
     */
    private static void mapped()
    {
        final Pointer host = new Pointer();
        CHECKS.equal("cudaHostAlloc cudaHostAllocMapped | cudaHostAllocPortable", 0,
            cudaHostAlloc(host, BYTES, cudaHostAllocMapped | cudaHostAllocPortable));
        final IntBuffer values = host.getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, 11 * i);
        }
        final Pointer device = new Pointer();
        CHECKS.equal("cudaHostGetDevicePointer", 0, cudaHostGetDevicePointer(device, host, 0));
        launch(device, " on mapped memory");
        CHECKS.equal("cudaDeviceSynchronize after the kernel on mapped memory", 0, cudaDeviceSynchronize());
        CHECKS.check("a kernel read and wrote mapped memory", all(values, i -> 11 * i + 1));

        values.put(7, 700);
        launch(device, " on mapped memory again");
        CHECKS.equal("cudaStreamSynchronize after the kernel on mapped memory", 0, cudaStreamSynchronize(null));
        CHECKS.check("the kernel read the value the host changed in mapped memory",
            all(values, i -> i == 7 ? 701 : 11 * i + 2));

        final Pointer source = new Pointer();
        cudaMalloc(source, BYTES);
        final int[] sevens = new int[COUNT];
        for (int i = 0; i < COUNT; i++)
        {
            sevens[i] = 7 * i;
        }
        cudaMemcpy(source, Pointer.to(sevens), BYTES, cudaMemcpyHostToDevice);
        CHECKS.equal("cudaMemcpy device memory to mapped memory", 0,
            cudaMemcpy(host, source, BYTES, cudaMemcpyDeviceToHost));
        CHECKS.check("mapped memory holds what the copy wrote", all(values, i -> 7 * i));
        launch(device, " on mapped memory after a copy");
        cudaDeviceSynchronize();
        CHECKS.check("the kernel read what the copy wrote into mapped memory", all(values, i -> 7 * i + 1));
        cudaFree(source);

        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        CHECKS.equal("cudaPointerGetAttributes of mapped memory", 0, cudaPointerGetAttributes(attributes, host));
        CHECKS.equal("mapped memory's type", cudaMemoryType.cudaMemoryTypeHost, attributes.type);
        CHECKS.check("mapped memory's device pointer is cudaHostGetDevicePointer's",
            attributes.devicePointer.equals(device), attributes.devicePointer + " " + device);
        CHECKS.equal("cudaPointerGetAttributes of mapped memory's device pointer", 0,
            cudaPointerGetAttributes(attributes, device));
        CHECKS.equal("mapped memory's device pointer is host memory", cudaMemoryType.cudaMemoryTypeHost,
            attributes.type);
        final CUdeviceptr driverDevice = new CUdeviceptr();
        CHECKS.equal("cuMemHostGetDevicePointer of the runtime's mapped memory", CUresult.CUDA_SUCCESS,
            cuMemHostGetDevicePointer(driverDevice, host, 0));
        final int[] type = new int[1];
        CHECKS.equal("cuPointerGetAttribute MEMORY_TYPE of mapped memory's device pointer", CUresult.CUDA_SUCCESS,
            cuPointerGetAttribute(Pointer.to(type), CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                driverDevice));
        CHECKS.equal("the driver API's type of mapped memory's device pointer", CUmemorytype.CU_MEMORYTYPE_HOST,
            type[0]);
        CHECKS.equal("cudaFreeHost of mapped memory", 0, cudaFreeHost(host));
    }

    /**
     * Mapped pinned memory through the driver API (CU_MEMHOSTALLOC_DEVICEMAP, write-combined too): a kernel reads
     * and writes it through the device pointer cuMemHostGetDevicePointer gives; the host sees its writes after
     * cuCtxSynchronize.
     */
    private static void driverMapped()
    {
        final Pointer host = new Pointer();
        CHECKS.equal("cuMemHostAlloc DEVICEMAP | WRITECOMBINED", CUresult.CUDA_SUCCESS, cuMemHostAlloc(host, BYTES,
            JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP | JCudaDriver.CU_MEMHOSTALLOC_WRITECOMBINED));
        final IntBuffer values = host.getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < COUNT; i++)
        {
            values.put(i, 17 * i);
        }
        final CUdeviceptr device = new CUdeviceptr();
        CHECKS.equal("cuMemHostGetDevicePointer", CUresult.CUDA_SUCCESS, cuMemHostGetDevicePointer(device, host, 0));
        launch(device, " on driver-mapped memory");
        CHECKS.equal("cuCtxSynchronize after the kernel on driver-mapped memory", CUresult.CUDA_SUCCESS,
            cuCtxSynchronize());
        CHECKS.check("a kernel read and wrote driver-mapped memory", all(values, i -> 17 * i + 1));
        final CUdeviceptr inside = new CUdeviceptr();
        CHECKS.equal("cuMemHostGetDevicePointer inside the allocation", CUresult.CUDA_SUCCESS,
            cuMemHostGetDevicePointer(inside, host.withByteOffset(64), 0));
        final Pointer parameters = Pointer.to(Pointer.to(inside), Pointer.to(new int[]{ COUNT - 16 }));
        CHECKS.equal("cuLaunchKernel through the device pointer inside", CUresult.CUDA_SUCCESS,
            cuLaunchKernel(addOne, (COUNT + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null));
        cuCtxSynchronize();
        CHECKS.check("the kernel changed the values from the device pointer inside on",
            all(values, i -> i < 16 ? 17 * i + 1 : 17 * i + 2));
        CHECKS.equal("cuMemFreeHost of driver-mapped memory", CUresult.CUDA_SUCCESS, cuMemFreeHost(host));
    }

    private static void launchOn(final Pointer data, final cudaStream_t stream)
    {
        final Pointer parameters = Pointer.to(Pointer.to(data), Pointer.to(new int[]{ COUNT }));
        CHECKS.equal("cuLaunchKernel on a stream", CUresult.CUDA_SUCCESS, cuLaunchKernel(addOne,
            (COUNT + 255) / 256, 1, 1, 256, 1, 1, 0, new CUstream(stream), parameters, null));
    }

    private static void launch(final Pointer data)
    {
        launch(data, "");
    }

    private static void launch(final Pointer data, final String what)
    {
        final Pointer parameters = Pointer.to(Pointer.to(data), Pointer.to(new int[]{ COUNT }));
        CHECKS.equal("cuLaunchKernel" + what, CUresult.CUDA_SUCCESS,
            cuLaunchKernel(addOne, (COUNT + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null));
    }

    private static boolean all(final IntBuffer values, final IntUnaryOperator expected)
    {
        for (int i = 0; i < COUNT; i++)
        {
            if (values.get(i) != expected.applyAsInt(i))
            {
                System.out.println("value " + i + " is " + values.get(i) + ", not " + expected.applyAsInt(i));
                return false;
            }
        }
        return true;
    }
}
