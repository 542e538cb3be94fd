package io.gpurelay.it.programs;

import static io.gpurelay.it.programs.HostBytes.UNTOUCHED;
import static io.gpurelay.it.programs.HostBytes.crc;
import static io.gpurelay.it.programs.HostBytes.filled;
import static io.gpurelay.it.programs.HostBytes.pattern;
import static jcuda.driver.JCudaDriver.cuArray3DCreate;
import static jcuda.driver.JCudaDriver.cuArray3DGetDescriptor;
import static jcuda.driver.JCudaDriver.cuArrayCreate;
import static jcuda.driver.JCudaDriver.cuArrayDestroy;
import static jcuda.driver.JCudaDriver.cuArrayGetDescriptor;
import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocPitch;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpy2D;
import static jcuda.driver.JCudaDriver.cuMemcpy2DAsync;
import static jcuda.driver.JCudaDriver.cuMemcpy3D;
import static jcuda.driver.JCudaDriver.cuMemcpy3DPeer;
import static jcuda.driver.JCudaDriver.cuMemcpyAtoA;
import static jcuda.driver.JCudaDriver.cuMemcpyAtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyAtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoA;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoA;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayCreate;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayDestroy;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayGetLevel;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.Arrays;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUDA_ARRAY3D_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMCPY3D_PEER;
import jcuda.driver.CUarray;
import jcuda.driver.CUarray_format;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;

/**
 * An ordinary JCuda driver program using pitched memory, CUDA arrays and 2D/3D copies: a pitched allocation filled
 * and read back through 2D copies with odd widths and host pitches (only the touched host bytes change), a 3D array
 * filled from pitched host memory and copied on to pitched device memory and back, 1D array copies at byte offsets,
 * array descriptors, an asynchronous 2D round trip on a stream. Each result is printed as a {@code RESULT} line
 * (statuses and checksums), so that a run through gpurelay can be compared with a local run on a GPU. With the
 * argument {@code refusals} it also checks what must be refused before the device sees it: copies that overrun an
 * allocation, an array or the host buffer, and stale or foreign array handles.
 */
public final class ArraysProgram
{
    private static final Checks CHECKS = new Checks();

    private ArraysProgram()
    {
    }

    public static void main(final String[] args)
    {
        final boolean refusals = args.length > 0 && "refusals".equals(args[0]);
        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));

        // A pitched allocation, 2D copies with odd widths and pitches.
        final int width = 37;
        final int height = 5;
        final CUdeviceptr pitched = new CUdeviceptr();
        final long[] pitch = { 0 };
        result("cuMemAllocPitch", cuMemAllocPitch(pitched, pitch, width, height, 4));
        CHECKS.check("pitch holds a row", pitch[0] >= width, "pitch " + pitch[0]);
        final int hostPitch = 41;
        final byte[] source = pattern(hostPitch * height, 3);
        result("cuMemcpy2D host to device", cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(source),
            null, null, hostPitch, CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched, null, pitch[0], width, height)));
        final int backPitch = 50;
        final byte[] back = filled(backPitch * height + 7);
        result("cuMemcpy2D device to host", cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched,
            null, pitch[0], CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(back), null, null, backPitch, width,
            height)));
        checkRows("2D round trip", source, hostPitch, back, backPitch, width, height);
        result("2D round trip checksum", crc(back));

        // A 3D array of floats, filled from pitched host memory, copied to pitched device memory and back.
        final CUDA_ARRAY3D_DESCRIPTOR descriptor3D = new CUDA_ARRAY3D_DESCRIPTOR();
        descriptor3D.Width = 7;
        descriptor3D.Height = 3;
        descriptor3D.Depth = 2;
        descriptor3D.Format = CUarray_format.CU_AD_FORMAT_FLOAT;
        descriptor3D.NumChannels = 1;
        final CUarray array3D = new CUarray();
        result("cuArray3DCreate", cuArray3DCreate(array3D, descriptor3D));
        final CUDA_ARRAY3D_DESCRIPTOR described = new CUDA_ARRAY3D_DESCRIPTOR();
        result("cuArray3DGetDescriptor", cuArray3DGetDescriptor(described, array3D));
        result("cuArray3DGetDescriptor extent", described.Width * 10000 + described.Height * 100 + described.Depth);
        result("cuArray3DGetDescriptor format", described.Format * 100L + described.NumChannels);
        final int rowBytes = 7 * 4;
        final int hostPitch3D = 30;
        final int hostRows = 4;
        final byte[] volume = pattern(hostPitch3D * hostRows * 2, 11);
        final CUDA_MEMCPY3D toArray = new CUDA_MEMCPY3D();
        toArray.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        toArray.srcHost = Pointer.to(volume);
        toArray.srcPitch = hostPitch3D;
        toArray.srcHeight = hostRows;
        toArray.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_ARRAY;
        toArray.dstArray = array3D;
        toArray.WidthInBytes = rowBytes;
        toArray.Height = 3;
        toArray.Depth = 2;
        result("cuMemcpy3D host to array", cuMemcpy3D(toArray));
        final CUdeviceptr pitched3D = new CUdeviceptr();
        final long[] pitch3D = { 0 };
        result("cuMemAllocPitch 3D", cuMemAllocPitch(pitched3D, pitch3D, rowBytes, 3 * 2, 4));
        final CUDA_MEMCPY3D arrayToDevice = new CUDA_MEMCPY3D();
        arrayToDevice.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_ARRAY;
        arrayToDevice.srcArray = array3D;
        arrayToDevice.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        arrayToDevice.dstDevice = pitched3D;
        arrayToDevice.dstPitch = pitch3D[0];
        arrayToDevice.dstHeight = 3;
        arrayToDevice.WidthInBytes = rowBytes;
        arrayToDevice.Height = 3;
        arrayToDevice.Depth = 2;
        result("cuMemcpy3D array to device", cuMemcpy3D(arrayToDevice));
        final byte[] volumeBack = filled(rowBytes * 3 * 2);
        final CUDA_MEMCPY3D deviceToHost = new CUDA_MEMCPY3D();
        deviceToHost.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        deviceToHost.srcDevice = pitched3D;
        deviceToHost.srcPitch = pitch3D[0];
        deviceToHost.srcHeight = 3;
        deviceToHost.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        deviceToHost.dstHost = Pointer.to(volumeBack);
        deviceToHost.dstPitch = rowBytes;
        deviceToHost.dstHeight = 3;
        deviceToHost.WidthInBytes = rowBytes;
        deviceToHost.Height = 3;
        deviceToHost.Depth = 2;
        result("cuMemcpy3D device to host", cuMemcpy3D(deviceToHost));
        final byte[] expected = new byte[rowBytes * 3 * 2];
        for (int z = 0; z < 2; z++)
        {
            for (int y = 0; y < 3; y++)
            {
                System.arraycopy(volume, (z * hostRows + y) * hostPitch3D, expected, (z * 3 + y) * rowBytes,
                    rowBytes);
            }
        }
        CHECKS.check("3D host to array to device to host", Arrays.equals(expected, volumeBack));
        result("3D round trip checksum", crc(volumeBack));

        // A peer copy (one context on both sides) of the pitched volume into a packed allocation.
        final CUdeviceptr packed = new CUdeviceptr();
        result("cuMemAlloc packed", cuMemAlloc(packed, rowBytes * 3 * 2));
        final CUDA_MEMCPY3D_PEER peer = new CUDA_MEMCPY3D_PEER();
        peer.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        peer.srcDevice = pitched3D;
        peer.srcPitch = pitch3D[0];
        peer.srcHeight = 3;
        peer.srcContext = context;
        peer.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        peer.dstDevice = packed;
        peer.dstPitch = rowBytes;
        peer.dstHeight = 3;
        peer.dstContext = context;
        peer.WidthInBytes = rowBytes;
        peer.Height = 3;
        peer.Depth = 2;
        result("cuMemcpy3DPeer", cuMemcpy3DPeer(peer));
        final byte[] packedBack = new byte[rowBytes * 3 * 2];
        result("cuMemcpyDtoH packed", cuMemcpyDtoH(Pointer.to(packedBack), packed, packedBack.length));
        CHECKS.check("cuMemcpy3DPeer", Arrays.equals(expected, packedBack));
        result("cuMemFree packed", cuMemFree(packed));

        // A 1D array of 16 ints: copies at byte offsets, to and from host, device and another array.
        final CUDA_ARRAY_DESCRIPTOR descriptor1D = new CUDA_ARRAY_DESCRIPTOR();
        descriptor1D.Width = 16;
        descriptor1D.Height = 0;
        descriptor1D.Format = CUarray_format.CU_AD_FORMAT_UNSIGNED_INT32;
        descriptor1D.NumChannels = 1;
        final CUarray array1D = new CUarray();
        result("cuArrayCreate", cuArrayCreate(array1D, descriptor1D));
        final CUDA_ARRAY_DESCRIPTOR described1D = new CUDA_ARRAY_DESCRIPTOR();
        result("cuArrayGetDescriptor", cuArrayGetDescriptor(described1D, array1D));
        result("cuArrayGetDescriptor extent", described1D.Width * 100 + described1D.Height);
        final byte[] ints = pattern(64, 5);
        result("cuMemcpyHtoA", cuMemcpyHtoA(array1D, 0, Pointer.to(ints), 64));
        final byte[] part = filled(24);
        result("cuMemcpyAtoH at offset 16", cuMemcpyAtoH(Pointer.to(part), array1D, 16, 20));
        CHECKS.check("cuMemcpyAtoH bytes", Arrays.equals(Arrays.copyOfRange(ints, 16, 36),
            Arrays.copyOf(part, 20)) && part[20] == UNTOUCHED);
        final CUarray other1D = new CUarray();
        result("cuArrayCreate second", cuArrayCreate(other1D, descriptor1D));
        result("cuMemcpyAtoA", cuMemcpyAtoA(other1D, 8, array1D, 0, 32));
        final CUdeviceptr linear = new CUdeviceptr();
        result("cuMemAlloc", cuMemAlloc(linear, 64));
        result("cuMemcpyAtoD", cuMemcpyAtoD(linear, other1D, 8, 32));
        final byte[] linearBack = new byte[32];
        result("cuMemcpyDtoH", cuMemcpyDtoH(Pointer.to(linearBack), linear, 32));
        CHECKS.check("array to array to device", Arrays.equals(Arrays.copyOf(ints, 32), linearBack));
        result("cuMemcpyDtoA", cuMemcpyDtoA(array1D, 32, linear, 32));
        final byte[] all = new byte[64];
        result("cuMemcpyAtoH all", cuMemcpyAtoH(Pointer.to(all), array1D, 0, 64));
        final byte[] expectedAll = ints.clone();
        System.arraycopy(ints, 0, expectedAll, 32, 32);
        CHECKS.check("device to array", Arrays.equals(expectedAll, all));
        result("1D checksum", crc(all));

        // A mipmapped array: level 2 of 16 x 8 bytes is 4 x 2, filled and read back through 2D copies.
        final CUDA_ARRAY3D_DESCRIPTOR mipmapDescriptor = new CUDA_ARRAY3D_DESCRIPTOR();
        mipmapDescriptor.Width = 16;
        mipmapDescriptor.Height = 8;
        mipmapDescriptor.Format = CUarray_format.CU_AD_FORMAT_UNSIGNED_INT8;
        mipmapDescriptor.NumChannels = 1;
        final CUmipmappedArray mipmapped = new CUmipmappedArray();
        result("cuMipmappedArrayCreate", cuMipmappedArrayCreate(mipmapped, mipmapDescriptor, 4));
        final CUarray level2 = new CUarray();
        result("cuMipmappedArrayGetLevel", cuMipmappedArrayGetLevel(level2, mipmapped, 2));
        final CUDA_ARRAY3D_DESCRIPTOR levelDescriptor = new CUDA_ARRAY3D_DESCRIPTOR();
        result("cuArray3DGetDescriptor of level 2", cuArray3DGetDescriptor(levelDescriptor, level2));
        result("level 2 extent", levelDescriptor.Width * 10000 + levelDescriptor.Height * 100 + levelDescriptor.Depth);
        final byte[] texels = pattern(6 * 2, 19);
        result("cuMemcpy2D host to level", cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(texels),
            null, null, 6, CUmemorytype.CU_MEMORYTYPE_ARRAY, null, null, level2, 0, 4, 2)));
        final byte[] texelsBack = filled(5 * 2);
        result("cuMemcpy2D level to host", cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_ARRAY, null, null, level2,
            0, CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(texelsBack), null, null, 5, 4, 2)));
        checkRows("mipmap level round trip", texels, 6, texelsBack, 5, 4, 2);
        final CUarray level2Again = new CUarray();
        result("cuMipmappedArrayGetLevel again", cuMipmappedArrayGetLevel(level2Again, mipmapped, 2));
        CHECKS.check("a level is the same array each time", level2Again.equals(level2));
        if (refusals)
        {
            CHECKS.equal("cuMipmappedArrayGetLevel past the last level", CUresult.CUDA_ERROR_INVALID_VALUE,
                cuMipmappedArrayGetLevel(new CUarray(), mipmapped, 4));
            CHECKS.equal("cuArrayDestroy of a level", CUresult.CUDA_ERROR_INVALID_HANDLE, cuArrayDestroy(level2));
            CHECKS.equal("cuMipmappedArrayCreate with more levels than the extent has",
                CUresult.CUDA_ERROR_INVALID_VALUE, cuMipmappedArrayCreate(new CUmipmappedArray(), mipmapDescriptor,
                    6));
        }
        result("cuMipmappedArrayDestroy", cuMipmappedArrayDestroy(mipmapped));
        if (refusals)
        {
            CHECKS.equal("a level of a destroyed mipmapped array", CUresult.CUDA_ERROR_INVALID_HANDLE,
                cuArray3DGetDescriptor(new CUDA_ARRAY3D_DESCRIPTOR(), level2));
            CHECKS.equal("cuMipmappedArrayDestroy again", CUresult.CUDA_ERROR_INVALID_HANDLE,
                cuMipmappedArrayDestroy(mipmapped));
        }

        // An asynchronous 2D round trip on a stream.
        final CUstream stream = new CUstream();
        result("cuStreamCreate", cuStreamCreate(stream, 0));
        final byte[] asyncSource = pattern(hostPitch * height, 17);
        result("cuMemcpy2DAsync host to device", cuMemcpy2DAsync(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST,
            Pointer.to(asyncSource), null, null, hostPitch, CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched, null,
            pitch[0], width, height), stream));
        final byte[] asyncBack = filled(backPitch * height);
        result("cuMemcpy2DAsync device to host", cuMemcpy2DAsync(copy2D(CUmemorytype.CU_MEMORYTYPE_DEVICE, null,
            pitched, null, pitch[0], CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(asyncBack), null, null, backPitch,
            width, height), stream));
        result("cuStreamSynchronize", cuStreamSynchronize(stream));
        checkRows("async 2D round trip", asyncSource, hostPitch, asyncBack, backPitch, width, height);

        if (refusals)
        {
            refusals(pitched, pitch[0], width, height, array1D, array3D);
        }
        result("cuArrayDestroy", cuArrayDestroy(other1D));
        result("cuMemFree pitched", cuMemFree(pitched));
        result("cuMemFree pitched 3D", cuMemFree(pitched3D));
        result("cuMemFree", cuMemFree(linear));
        result("cuCtxDestroy", cuCtxDestroy(context));
        CHECKS.finish();
    }

    /**
     * What gpurelay refuses before the device sees it (on a GPU some of these would corrupt memory silently).
     */
    private static void refusals(final CUdeviceptr pitched, final long pitch, final int width, final int height,
        final CUarray array1D, final CUarray array3D)
    {
        final byte[] big = new byte[4096];
        CHECKS.equal("a 2D copy past the pitched allocation", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(big), null, null, width,
                CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched, null, pitch, width, height + 1)));
        CHECKS.equal("a 2D copy whose pitch is narrower than its rows", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(big), null, null, width,
                CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched, null, width - 1, width, 2)));
        CHECKS.equal("a 2D copy from a host buffer too small", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpy2D(copy2D(CUmemorytype.CU_MEMORYTYPE_HOST, Pointer.to(new byte[width * 2]), null, null, width,
                CUmemorytype.CU_MEMORYTYPE_DEVICE, null, pitched, null, pitch, width, 3)));
        CHECKS.equal("cuMemcpyHtoA past the array's end", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpyHtoA(array1D, 60, Pointer.to(big), 8));
        CHECKS.equal("cuMemcpyHtoA at an offset inside an element", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpyHtoA(array1D, 2, Pointer.to(big), 4));
        final CUDA_MEMCPY3D deep = new CUDA_MEMCPY3D();
        deep.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        deep.srcHost = Pointer.to(big);
        deep.srcPitch = 28;
        deep.srcHeight = 3;
        deep.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_ARRAY;
        deep.dstArray = array3D;
        deep.WidthInBytes = 28;
        deep.Height = 3;
        deep.Depth = 3;
        CHECKS.equal("a 3D copy deeper than the array", CUresult.CUDA_ERROR_INVALID_VALUE, cuMemcpy3D(deep));
        final CUdeviceptr small = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc small", 0, cuMemAlloc(small, 16));
        CHECKS.equal("cuMemcpyAtoD past the device allocation", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemcpyAtoD(small, array1D, 0, 32));
        cuMemFree(small);

        final CUarray doomed = new CUarray();
        final CUDA_ARRAY_DESCRIPTOR descriptor = new CUDA_ARRAY_DESCRIPTOR();
        descriptor.Width = 4;
        descriptor.Format = CUarray_format.CU_AD_FORMAT_UNSIGNED_INT8;
        descriptor.NumChannels = 1;
        CHECKS.equal("cuArrayCreate to destroy", 0, cuArrayCreate(doomed, descriptor));
        CHECKS.equal("cuArrayDestroy", 0, cuArrayDestroy(doomed));
        CHECKS.equal("cuArrayDestroy again: a stale handle", CUresult.CUDA_ERROR_INVALID_HANDLE,
            cuArrayDestroy(doomed));
        CHECKS.equal("a copy to a destroyed array", CUresult.CUDA_ERROR_INVALID_HANDLE,
            cuMemcpyHtoA(doomed, 0, Pointer.to(big), 4));
        final CUarray foreign = new CUarray();
        setNativePointer(foreign, 14L << 56 | 0x00ab_cdef_0000_0001L);
        CHECKS.equal("an array handle of no session of ours", CUresult.CUDA_ERROR_INVALID_HANDLE,
            cuArrayGetDescriptor(new CUDA_ARRAY_DESCRIPTOR(), foreign));
        descriptor.NumChannels = 3;
        CHECKS.equal("cuArrayCreate with three channels", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuArrayCreate(new CUarray(), descriptor));

        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext second = new CUcontext();
        CHECKS.equal("cuCtxCreate second", 0, cuCtxCreate(second, 0, device));
        final CUarray withContext = new CUarray();
        descriptor.NumChannels = 1;
        CHECKS.equal("cuArrayCreate in the second context", 0, cuArrayCreate(withContext, descriptor));
        CHECKS.equal("cuCtxDestroy second", 0, cuCtxDestroy(second));
        final CUcontext current = new CUcontext();
        CHECKS.equal("cuCtxCreate third", 0, cuCtxCreate(current, 0, device));
        CHECKS.equal("an array whose context was destroyed", CUresult.CUDA_ERROR_INVALID_HANDLE,
            cuArrayGetDescriptor(new CUDA_ARRAY_DESCRIPTOR(), withContext));
        final CUDA_MEMCPY3D_PEER peer = new CUDA_MEMCPY3D_PEER();
        peer.srcContext = second;
        peer.dstContext = current;
        peer.WidthInBytes = 4;
        peer.Height = 1;
        peer.Depth = 1;
        CHECKS.equal("cuMemcpy3DPeer from a destroyed context", CUresult.CUDA_ERROR_INVALID_CONTEXT,
            cuMemcpy3DPeer(peer));
        cuCtxDestroy(current);
    }

    private static void setNativePointer(final CUarray array, final long value)
    {
        try
        {
            final java.lang.reflect.Field field = jcuda.NativePointerObject.class.getDeclaredField("nativePointer");
            field.setAccessible(true);
            field.setLong(array, value);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static CUDA_MEMCPY2D copy2D(final int srcType, final Pointer srcHost, final CUdeviceptr srcDevice,
        final CUarray srcArray, final long srcPitch, final int dstType, final Pointer dstHost,
        final CUdeviceptr dstDevice, final CUarray dstArray, final long dstPitch, final long width, final long height)
    {
        final CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = srcType;
        copy.srcHost = srcHost;
        copy.srcDevice = srcDevice;
        copy.srcArray = srcArray;
        copy.srcPitch = srcPitch;
        copy.dstMemoryType = dstType;
        copy.dstHost = dstHost;
        copy.dstDevice = dstDevice;
        copy.dstArray = dstArray;
        copy.dstPitch = dstPitch;
        copy.WidthInBytes = width;
        copy.Height = height;
        return copy;
    }

    private static void checkRows(final String name, final byte[] source, final int sourcePitch, final byte[] back,
        final int backPitch, final int width, final int height)
    {
        HostBytes.checkRows(CHECKS, name, source, sourcePitch, back, backPitch, width, height);
    }

    private static void result(final String name, final long value)
    {
        HostBytes.result(CHECKS, name, value);
    }
}
