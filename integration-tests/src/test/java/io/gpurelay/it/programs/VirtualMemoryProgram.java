package io.gpurelay.it.programs;


import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmemAccessDesc;
import jcuda.driver.CUmemAllocationProp;
import jcuda.driver.CUmemGenericAllocationHandle;
import jcuda.driver.CUmemLocation;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import static io.gpurelay.it.programs.FnLines.line;
import static io.gpurelay.it.programs.FnLines.address;

/**
 * Calls the virtual memory management functions, cuPointerSetAttribute and cuMemHostGetFlags through JCuda's public
 * API in a fixed sequence, printing one line per call: {@code FN <function>/<case> status=<status> <what it wrote>}.
 * A physical allocation is mapped twice into one reservation, written by a copy, a kernel and a memset through the
 * first mapping and read back through both. {@code VirtualMemoryIT} runs it through gpurelay on the emulator and
 * checks the lines; {@code VirtualMemoryGpuIT} runs it once with JCuda's own natives on a GPU and once through
 * gpurelay on the same GPU, and the two outputs must agree. Addresses and handles are printed as properties (set,
 * aligned). Arguments: the folder with the kernels' PTX files, then {@code refusals} to add the calls gpurelay refuses
 * on purpose or whose answer is gpurelay's own (shareable handles, ranges outside the session's reservations, the
 * session's memory quota), which are not compared with a GPU.
 */
public final class VirtualMemoryProgram
{
    private static final int N = 1024;
    private static final int CU_MEM_ALLOCATION_TYPE_PINNED = 1;
    private static final int CU_MEM_LOCATION_TYPE_DEVICE = 1;
    private static final int CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1;
    private static final int CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0;
    private static final int CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1;
    private static final int CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3;
    private static final int CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6;
    private static final int CU_MEMHOSTALLOC_PORTABLE = 1;

    private VirtualMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCuda.setExceptionsEnabled(false);
        final String kernels = args[0];
        final boolean refusals = args.length > 1 && "refusals".equals(args[1]);

        line("cuInit", "", JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        line("cuDeviceGet", "", JCudaDriver.cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        line("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));

        final CUmemAllocationProp prop = new CUmemAllocationProp();
        prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
        prop.location = new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0);
        final long[] granularity = new long[1];
        line("cuMemGetAllocationGranularity", "recommended", JCudaDriver.cuMemGetAllocationGranularity(granularity,
            prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED), granularity[0]);
        line("cuMemGetAllocationGranularity", "minimum", JCudaDriver.cuMemGetAllocationGranularity(granularity, prop,
            CU_MEM_ALLOC_GRANULARITY_MINIMUM), granularity[0]);
        final long size = granularity[0];

        final CUdeviceptr reservation = new CUdeviceptr();
        line("cuMemAddressReserve", "", JCudaDriver.cuMemAddressReserve(reservation, 2 * size, 0, new CUdeviceptr(),
            0), address(reservation) != 0, address(reservation) % size == 0);
        final CUmemGenericAllocationHandle handle = new CUmemGenericAllocationHandle();
        line("cuMemCreate", "", JCudaDriver.cuMemCreate(handle, size, prop, 0), address(handle) != 0);
        final CUmemAllocationProp read = new CUmemAllocationProp();
        read.location = new CUmemLocation();
        line("cuMemGetAllocationPropertiesFromHandle", "", JCudaDriver.cuMemGetAllocationPropertiesFromHandle(read,
            handle), read.type, read.location == null ? "-" : read.location.type + ":" + read.location.id,
            read.requestedHandleTypes);

        line("cuMemMap", "first", JCudaDriver.cuMemMap(reservation, size, 0, handle, 0));
        final CUmemAccessDesc access = new CUmemAccessDesc(new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0),
            CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
        line("cuMemSetAccess", "first", JCudaDriver.cuMemSetAccess(reservation, size, new CUmemAccessDesc[]{ access },
            1));
        final long[] flags = new long[1];
        line("cuMemGetAccess", "first", JCudaDriver.cuMemGetAccess(flags,
            new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0), reservation.withByteOffset(4096)), flags[0]);

        // A copy, a kernel and a memset through the first mapping.
        final float[] values = new float[N];
        for (int i = 0; i < N; i++)
        {
            values[i] = i + 0.25f;
        }
        line("cuMemcpyHtoD", "mapped", JCudaDriver.cuMemcpyHtoD(reservation, Pointer.to(values),
            (long)N * Sizeof.FLOAT));
        final CUdeviceptr b = new CUdeviceptr();
        line("cuMemAlloc", "", JCudaDriver.cuMemAlloc(b, (long)N * Sizeof.FLOAT));
        line("cuMemcpyHtoD", "allocation", JCudaDriver.cuMemcpyHtoD(b, Pointer.to(values), (long)N * Sizeof.FLOAT));
        final CUmodule module = new CUmodule();
        line("cuModuleLoad", "", JCudaDriver.cuModuleLoad(module, kernels + "/vector_add.ptx"));
        final CUfunction vectorAdd = new CUfunction();
        line("cuModuleGetFunction", "", JCudaDriver.cuModuleGetFunction(vectorAdd, module, "vector_add"));
        final CUdeviceptr sums = reservation.withByteOffset((long)N * Sizeof.FLOAT);
        line("cuLaunchKernel", "mapped", JCudaDriver.cuLaunchKernel(vectorAdd, N / 256, 1, 1, 256, 1, 1, 0, null,
            Pointer.to(Pointer.to(reservation), Pointer.to(b), Pointer.to(sums), Pointer.to(new int[]{ N })), null));
        line("cuCtxSynchronize", "kernel", JCudaDriver.cuCtxSynchronize());
        final float[] host = new float[N];
        line("cuMemcpyDtoH", "sums", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), sums, (long)N * Sizeof.FLOAT),
            host[0], host[N - 1]);
        final CUdeviceptr ones = reservation.withByteOffset(2L * N * Sizeof.FLOAT);
        line("cuMemsetD32", "mapped", JCudaDriver.cuMemsetD32(ones, Float.floatToRawIntBits(1.0f), N));
        line("cuMemcpyDtoH", "ones", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), ones, (long)N * Sizeof.FLOAT),
            host[0], host[N - 1]);

        // The same physical memory mapped a second time shows the same bytes.
        final CUdeviceptr second = reservation.withByteOffset(size);
        line("cuMemMap", "second", JCudaDriver.cuMemMap(second, size, 0, handle, 0));
        line("cuMemSetAccess", "second", JCudaDriver.cuMemSetAccess(second, size, new CUmemAccessDesc[]{ access },
            1));
        line("cuMemcpyDtoH", "sums through the second mapping", JCudaDriver.cuMemcpyDtoH(Pointer.to(host),
            second.withByteOffset((long)N * Sizeof.FLOAT), (long)N * Sizeof.FLOAT), host[0], host[N - 1]);
        line("cuMemsetD32", "second", JCudaDriver.cuMemsetD32(second, Float.floatToRawIntBits(4.0f), 1));
        line("cuMemcpyDtoH", "first element through the first mapping", JCudaDriver.cuMemcpyDtoH(Pointer.to(host),
            reservation, Sizeof.FLOAT), host[0]);

        line("cuPointerSetAttribute", "sync memops on an allocation", JCudaDriver.cuPointerSetAttribute(
            Pointer.to(new int[]{ 1 }), CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, b));

        // A mapped address gives back the handle that mapped it, with a reference of its own.
        final CUmemGenericAllocationHandle retained = new CUmemGenericAllocationHandle();
        line("cuMemRetainAllocationHandle", "inside the second mapping", JCudaDriver.cuMemRetainAllocationHandle(
            retained, second.withByteOffset(4096)), address(retained) == address(handle));
        line("cuMemRelease", "the retained reference", JCudaDriver.cuMemRelease(retained));

        // Released while mapped: the memory stays until the last mapping goes.
        line("cuMemRelease", "", JCudaDriver.cuMemRelease(handle));
        line("cuMemcpyDtoH", "after the release", JCudaDriver.cuMemcpyDtoH(Pointer.to(host), ones,
            (long)N * Sizeof.FLOAT), host[0], host[N - 1]);
        line("cuMemUnmap", "first", JCudaDriver.cuMemUnmap(reservation, size));
        line("cuMemUnmap", "second", JCudaDriver.cuMemUnmap(second, size));
        line("cuMemAddressFree", "", JCudaDriver.cuMemAddressFree(reservation, 2 * size));
        line("cuMemFree", "", JCudaDriver.cuMemFree(b));

        // The flags pinned host memory was allocated with.
        final Pointer portable = new Pointer();
        line("cuMemHostAlloc", "portable", JCudaDriver.cuMemHostAlloc(portable, 4096, CU_MEMHOSTALLOC_PORTABLE));
        final int[] hostFlags = new int[1];
        line("cuMemHostGetFlags", "portable", JCudaDriver.cuMemHostGetFlags(hostFlags, portable),
            hostFlags[0] & CU_MEMHOSTALLOC_PORTABLE);
        line("cuMemFreeHost", "portable", JCudaDriver.cuMemFreeHost(portable));

        if (refusals)
        {
            final CUmemAllocationProp shareable = new CUmemAllocationProp();
            shareable.type = CU_MEM_ALLOCATION_TYPE_PINNED;
            shareable.location = new CUmemLocation(CU_MEM_LOCATION_TYPE_DEVICE, 0);
            shareable.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
            line("cuMemCreate", "shareable", JCudaDriver.cuMemCreate(new CUmemGenericAllocationHandle(), size,
                shareable, 0));
            line("cuMemCreate", "over the quota", JCudaDriver.cuMemCreate(new CUmemGenericAllocationHandle(),
                64 * size, prop, 0));
            line("cuMemCreate", "unaligned", JCudaDriver.cuMemCreate(new CUmemGenericAllocationHandle(), size + 4096,
                prop, 0));
            line("cuMemAddressReserve", "unaligned", JCudaDriver.cuMemAddressReserve(new CUdeviceptr(), size / 2, 0,
                new CUdeviceptr(), 0));
            line("cuMemRelease", "released", JCudaDriver.cuMemRelease(handle));
            final CUdeviceptr reserved = new CUdeviceptr();
            line("cuMemAddressReserve", "again", JCudaDriver.cuMemAddressReserve(reserved, size, 0, new CUdeviceptr(),
                0));
            final CUmemGenericAllocationHandle other = new CUmemGenericAllocationHandle();
            line("cuMemCreate", "again", JCudaDriver.cuMemCreate(other, size, prop, 0));
            line("cuMemMap", "outside the reservation", JCudaDriver.cuMemMap(reserved.withByteOffset(size), size, 0,
                other, 0));
            line("cuMemMap", "released handle", JCudaDriver.cuMemMap(reserved, size, 0, handle, 0));
            line("cuMemMap", "again", JCudaDriver.cuMemMap(reserved, size, 0, other, 0));
            line("cuMemsetD32", "before access", JCudaDriver.cuMemsetD32(reserved, 0, N));
            line("cuMemRetainAllocationHandle", "past the mapping", JCudaDriver.cuMemRetainAllocationHandle(
                new CUmemGenericAllocationHandle(), reserved.withByteOffset(size)));
            line("cuMemAddressFree", "still mapped", JCudaDriver.cuMemAddressFree(reserved, size));
            line("cuMemUnmap", "half", JCudaDriver.cuMemUnmap(reserved, size / 2));
            line("cuMemsetD32", "the freed reservation", JCudaDriver.cuMemsetD32(reservation, 0, N));
            line("cuPointerSetAttribute", "not settable", JCudaDriver.cuPointerSetAttribute(
                Pointer.to(new int[]{ 1 }), 1, b));
            final int[] none = new int[1];
            line("cuMemHostGetFlags", "freed", JCudaDriver.cuMemHostGetFlags(none, portable));
            // What is left (a reservation, a mapping without access, an allocation) goes with the session.
        }
        line("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        System.out.println("DONE");
    }


}
