package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuArray3DCreate;
import static jcuda.driver.JCudaDriver.cuArrayCreate;
import static jcuda.driver.JCudaDriver.cuArrayDestroy;
import static jcuda.driver.JCudaDriver.cuArrayGetMemoryRequirements;
import static jcuda.driver.JCudaDriver.cuArrayGetPlane;
import static jcuda.driver.JCudaDriver.cuArrayGetSparseProperties;
import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocPitch;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpy2D;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayCreate;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayDestroy;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayGetMemoryRequirements;
import static jcuda.driver.JCudaDriver.cuMipmappedArrayGetSparseProperties;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuSurfObjectCreate;
import static jcuda.driver.JCudaDriver.cuSurfObjectDestroy;
import static jcuda.driver.JCudaDriver.cuSurfObjectGetResourceDesc;
import static jcuda.driver.JCudaDriver.cuTexObjectCreate;
import static jcuda.driver.JCudaDriver.cuTexObjectDestroy;
import static jcuda.driver.JCudaDriver.cuTexObjectGetResourceDesc;
import static jcuda.driver.JCudaDriver.cuTexObjectGetResourceViewDesc;
import static jcuda.driver.JCudaDriver.cuTexObjectGetTextureDesc;

import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_ARRAY3D_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_MEMORY_REQUIREMENTS;
import jcuda.driver.CUDA_ARRAY_SPARSE_PROPERTIES;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUDA_RESOURCE_DESC;
import jcuda.driver.CUDA_RESOURCE_VIEW_DESC;
import jcuda.driver.CUDA_TEXTURE_DESC;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUmodule;
import jcuda.driver.CUsurfObject;
import jcuda.driver.CUtexObject;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaArrayMemoryRequirements;
import jcuda.runtime.cudaArraySparseProperties;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaMipmappedArray;
import jcuda.runtime.cudaResourceDesc;
import jcuda.runtime.cudaResourceViewDesc;
import jcuda.runtime.cudaSurfaceObject;
import jcuda.runtime.cudaTextureObject;
import static io.gpurelay.it.programs.FnLines.line;

/**
 * An ordinary JCuda program using texture and surface objects: a texture object of each resource type (a CUDA
 * array with a resource view, a mipmapped array with one, linear memory, pitch2D memory), their descriptors read
 * back, a surface object of an array made for surfaces, the runtime's functions on objects of the primary context,
 * and the array queries (sparse properties, memory requirements, planes) of plain arrays. Each call prints an
 * {@code FN function/case status=... values} line, so that a run through gpurelay can be compared with a local run on
 * a GPU. Handles and addresses print as {@code same} or {@code other}: whether the descriptor names what the object
 * was made with.
 *
 * <p>Arguments: the kernels directory. System properties: {@code texobj.kernels=true} also loads
 * texture_fetch.ptx and reads each 1D and 2D texture in a kernel (a GPU only: the emulator has no texture
 * instructions); {@code texobj.refusals=true} also checks what the executor must refuse (objects and arrays of another
 * context, destroyed or made-up objects, memory outside the program's allocations) and that the emulator refuses the
 * texture kernels' module.
 */
public final class TextureObjectsProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int FLOAT = 0x20;
    private static final int UNSIGNED_INT8 = 0x01;
    private static final int CLAMP = 1;
    private static final int VIEW_FLOAT_1X32 = 0x16;
    private static final int WIDTH = 8;
    private static final int HEIGHT = 4;
    private static final int LINEAR_FLOATS = 256;

    private TextureObjectsProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Path kernels = Path.of(args[0]);
        final boolean runKernels = Boolean.getBoolean("texobj.kernels");
        final boolean refusals = Boolean.getBoolean("texobj.refusals");
        JCuda.setExceptionsEnabled(false);
        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final CUcontext primary = new CUcontext();
        CHECKS.equal("cuDevicePrimaryCtxRetain", 0, cuDevicePrimaryCtxRetain(primary, device));
        CHECKS.equal("cuCtxSetCurrent", 0, cuCtxSetCurrent(primary));

        // The resources: an array of floats, a mipmapped array, linear memory and pitch2D memory, filled.
        final float[] plane = floats(WIDTH * HEIGHT, 1);
        final CUDA_ARRAY_DESCRIPTOR arrayDescriptor = new CUDA_ARRAY_DESCRIPTOR();
        arrayDescriptor.Width = WIDTH;
        arrayDescriptor.Height = HEIGHT;
        arrayDescriptor.Format = FLOAT;
        arrayDescriptor.NumChannels = 1;
        final CUarray array = new CUarray();
        CHECKS.equal("cuArrayCreate", 0, cuArrayCreate(array, arrayDescriptor));
        final CUDA_MEMCPY2D toArray = new CUDA_MEMCPY2D();
        toArray.srcMemoryType = 1;
        toArray.srcHost = Pointer.to(plane);
        toArray.srcPitch = WIDTH * Sizeof.FLOAT;
        toArray.dstMemoryType = 3;
        toArray.dstArray = array;
        toArray.WidthInBytes = WIDTH * Sizeof.FLOAT;
        toArray.Height = HEIGHT;
        CHECKS.equal("cuMemcpy2D to the array", 0, cuMemcpy2D(toArray));

        final CUDA_ARRAY3D_DESCRIPTOR mipmappedDescriptor = new CUDA_ARRAY3D_DESCRIPTOR();
        mipmappedDescriptor.Width = 8;
        mipmappedDescriptor.Height = 8;
        mipmappedDescriptor.Format = FLOAT;
        mipmappedDescriptor.NumChannels = 1;
        final CUmipmappedArray mipmapped = new CUmipmappedArray();
        CHECKS.equal("cuMipmappedArrayCreate", 0, cuMipmappedArrayCreate(mipmapped, mipmappedDescriptor, 3));

        final float[] linearData = floats(LINEAR_FLOATS, 3);
        final CUdeviceptr linear = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc", 0, cuMemAlloc(linear, LINEAR_FLOATS * Sizeof.FLOAT));
        CHECKS.equal("cuMemcpyHtoD", 0, cuMemcpyHtoD(linear, Pointer.to(linearData), LINEAR_FLOATS * Sizeof.FLOAT));

        final CUdeviceptr pitched = new CUdeviceptr();
        final long[] pitch = { 0 };
        CHECKS.equal("cuMemAllocPitch", 0, cuMemAllocPitch(pitched, pitch, WIDTH * Sizeof.FLOAT, HEIGHT, 4));
        final float[] pitchedData = floats(WIDTH * HEIGHT, 7);
        final CUDA_MEMCPY2D toPitched = new CUDA_MEMCPY2D();
        toPitched.srcMemoryType = 1;
        toPitched.srcHost = Pointer.to(pitchedData);
        toPitched.srcPitch = WIDTH * Sizeof.FLOAT;
        toPitched.dstMemoryType = 2;
        toPitched.dstDevice = pitched;
        toPitched.dstPitch = pitch[0];
        toPitched.WidthInBytes = WIDTH * Sizeof.FLOAT;
        toPitched.Height = HEIGHT;
        CHECKS.equal("cuMemcpy2D to pitched memory", 0, cuMemcpy2D(toPitched));

        // A texture object of each resource type, and its descriptors.
        final CUDA_RESOURCE_DESC arrayResource = new CUDA_RESOURCE_DESC();
        arrayResource.resType = 0;
        arrayResource.array_hArray = array;
        final CUtexObject arrayTexture = texture("array", arrayResource, textureDescriptor(0),
            view(VIEW_FLOAT_1X32, WIDTH, HEIGHT, 0, 0), array);

        final CUDA_RESOURCE_DESC mipmappedResource = new CUDA_RESOURCE_DESC();
        mipmappedResource.resType = 1;
        mipmappedResource.mipmap_hMipmappedArray = mipmapped;
        final CUDA_TEXTURE_DESC normalized = textureDescriptor(2);
        normalized.maxMipmapLevelClamp = 2.0f;
        final CUtexObject mipmappedTexture = texture("mipmapped", mipmappedResource, normalized,
            view(VIEW_FLOAT_1X32, 8, 8, 1, 2), mipmapped);

        final CUDA_RESOURCE_DESC linearResource = new CUDA_RESOURCE_DESC();
        linearResource.resType = 2;
        linearResource.linear_devPtr = linear;
        linearResource.linear_format = FLOAT;
        linearResource.linear_numChannels = 1;
        linearResource.linear_sizeInBytes = LINEAR_FLOATS * Sizeof.FLOAT;
        final CUtexObject linearTexture = texture("linear", linearResource, textureDescriptor(0), null, linear);

        final CUDA_RESOURCE_DESC pitchResource = new CUDA_RESOURCE_DESC();
        pitchResource.resType = 3;
        pitchResource.pitch2D_devPtr = pitched;
        pitchResource.pitch2D_format = FLOAT;
        pitchResource.pitch2D_numChannels = 1;
        pitchResource.pitch2D_width = WIDTH;
        pitchResource.pitch2D_height = HEIGHT;
        pitchResource.pitch2D_pitchInBytes = pitch[0];
        final CUtexObject pitchTexture = texture("pitch2D", pitchResource, textureDescriptor(0), null, pitched);

        // A surface object of an array made for surfaces; one made for textures only is refused by CUDA.
        final CUDA_ARRAY3D_DESCRIPTOR loadStoreDescriptor = new CUDA_ARRAY3D_DESCRIPTOR();
        loadStoreDescriptor.Width = WIDTH;
        loadStoreDescriptor.Height = HEIGHT;
        loadStoreDescriptor.Format = UNSIGNED_INT8;
        loadStoreDescriptor.NumChannels = 4;
        loadStoreDescriptor.Flags = 2;
        final CUarray loadStore = new CUarray();
        CHECKS.equal("cuArray3DCreate for surfaces", 0, cuArray3DCreate(loadStore, loadStoreDescriptor));
        final CUDA_RESOURCE_DESC surfaceResource = new CUDA_RESOURCE_DESC();
        surfaceResource.resType = 0;
        surfaceResource.array_hArray = loadStore;
        final CUsurfObject surface = new CUsurfObject();
        int status = cuSurfObjectCreate(surface, surfaceResource);
        line("cuSurfObjectCreate", "array", status);
        CHECKS.equal("cuSurfObjectCreate", 0, status);
        final CUDA_RESOURCE_DESC surfaceDescribed = new CUDA_RESOURCE_DESC();
        status = cuSurfObjectGetResourceDesc(surfaceDescribed, surface);
        line("cuSurfObjectGetResourceDesc", "array", status, surfaceDescribed.resType,
            same(surfaceDescribed.array_hArray, loadStore));
        CHECKS.check("the surface describes its array", status == 0 && surfaceDescribed.resType == 0 &&
            "same".equals(same(surfaceDescribed.array_hArray, loadStore)));
        // CUDA (driver 580) also makes a surface of an array made without CUDA_ARRAY3D_SURFACE_LDST.
        final CUsurfObject plainSurface = new CUsurfObject();
        line("cuSurfObjectCreate", "plain-array", cuSurfObjectCreate(plainSurface, arrayResource));
        line("cuSurfObjectDestroy", "plain-array", cuSurfObjectDestroy(plainSurface));

        // The array queries: CUDA's answers for arrays that are not sparse, deferred-mapping or planar.
        final CUDA_ARRAY_SPARSE_PROPERTIES sparse = new CUDA_ARRAY_SPARSE_PROPERTIES();
        line("cuArrayGetSparseProperties", "plain", cuArrayGetSparseProperties(sparse, array));
        line("cuMipmappedArrayGetSparseProperties", "plain", cuMipmappedArrayGetSparseProperties(sparse, mipmapped));
        final CUDA_ARRAY_MEMORY_REQUIREMENTS requirements = new CUDA_ARRAY_MEMORY_REQUIREMENTS();
        line("cuArrayGetMemoryRequirements", "plain", cuArrayGetMemoryRequirements(requirements, array, device));
        line("cuMipmappedArrayGetMemoryRequirements", "plain",
            cuMipmappedArrayGetMemoryRequirements(requirements, mipmapped, device));
        final CUarray planeArray = new CUarray();
        line("cuArrayGetPlane", "plain", cuArrayGetPlane(planeArray, array, 0));

        runtime(array, mipmapped);

        if (runKernels)
        {
            kernels(kernels, linearTexture, linearData, arrayTexture, plane, pitchTexture, pitchedData);
        }
        if (refusals)
        {
            refusals(kernels, primary, device, array, linear, arrayTexture);
        }

        status = cuSurfObjectDestroy(surface);
        line("cuSurfObjectDestroy", "array", status);
        final String[] names = { "array", "mipmapped", "linear", "pitch2D" };
        final CUtexObject[] textures = { arrayTexture, mipmappedTexture, linearTexture, pitchTexture };
        for (int i = 0; i < textures.length; i++)
        {
            status = cuTexObjectDestroy(textures[i]);
            line("cuTexObjectDestroy", names[i], status);
            CHECKS.equal("cuTexObjectDestroy of " + names[i], 0, status);
        }
        CHECKS.equal("cuArrayDestroy", 0, cuArrayDestroy(array));
        CHECKS.equal("cuArrayDestroy for surfaces", 0, cuArrayDestroy(loadStore));
        CHECKS.equal("cuMipmappedArrayDestroy", 0, cuMipmappedArrayDestroy(mipmapped));
        CHECKS.equal("cuMemFree", 0, cuMemFree(linear));
        CHECKS.equal("cuMemFree pitched", 0, cuMemFree(pitched));
        CHECKS.equal("cuDevicePrimaryCtxRelease", 0, cuDevicePrimaryCtxRelease(device));
        System.out.println("DONE");
        CHECKS.finish();
    }

    /**
     * Make a texture object, print it and its descriptors, and check they name what it was made with.
     */
    private static CUtexObject texture(final String resourceType, final CUDA_RESOURCE_DESC resource,
        final CUDA_TEXTURE_DESC descriptor, final CUDA_RESOURCE_VIEW_DESC view, final NativePointerObject made)
    {
        final CUtexObject texture = new CUtexObject();
        int status = cuTexObjectCreate(texture, resource, descriptor, view);
        line("cuTexObjectCreate", resourceType, status);
        CHECKS.equal("cuTexObjectCreate of " + resourceType, 0, status);

        final CUDA_RESOURCE_DESC described = new CUDA_RESOURCE_DESC();
        status = cuTexObjectGetResourceDesc(described, texture);
        final NativePointerObject named = switch (described.resType)
        {
            case 0 -> described.array_hArray;
            case 1 -> described.mipmap_hMipmappedArray;
            case 2 -> described.linear_devPtr;
            default -> described.pitch2D_devPtr;
        };
        line("cuTexObjectGetResourceDesc", resourceType, status, described.resType, same(named, made),
            described.linear_format, described.linear_numChannels, described.linear_sizeInBytes,
            described.pitch2D_format, described.pitch2D_numChannels, described.pitch2D_width,
            described.pitch2D_height, described.pitch2D_pitchInBytes);
        if (resource.resType == 1 && Boolean.getBoolean("texobj.local"))
        {
            // Locally (JCuda 12.6's natives, CUDA 13) the described mipmapped array is not the one made; the
            // comparison of the FN lines lists that as a known difference.
            System.out.println("CHECK the mipmapped texture describes its resource: not checked locally");
        }
        else
        {
            CHECKS.check("the " + resourceType + " texture describes its resource",
                status == 0 && described.resType == resource.resType && "same".equals(same(named, made)));
        }

        final CUDA_TEXTURE_DESC textureDescribed = new CUDA_TEXTURE_DESC();
        status = cuTexObjectGetTextureDesc(textureDescribed, texture);
        line("cuTexObjectGetTextureDesc", resourceType, status, textureDescribed.addressMode[0],
            textureDescribed.addressMode[1], textureDescribed.addressMode[2], textureDescribed.filterMode,
            textureDescribed.flags, textureDescribed.maxAnisotropy, textureDescribed.mipmapFilterMode,
            textureDescribed.mipmapLevelBias, textureDescribed.minMipmapLevelClamp,
            textureDescribed.maxMipmapLevelClamp);
        CHECKS.check("the " + resourceType + " texture's flags come back",
            status == 0 && textureDescribed.flags == descriptor.flags);

        // Without a view CUDA answers success and writes nothing (driver 580), so JCuda's own natives hand back
        // whatever their descriptor held: only the status is compared then.
        final CUDA_RESOURCE_VIEW_DESC viewDescribed = new CUDA_RESOURCE_VIEW_DESC();
        status = cuTexObjectGetResourceViewDesc(viewDescribed, texture);
        if (view == null)
        {
            line("cuTexObjectGetResourceViewDesc", resourceType, status);
        }
        else
        {
            line("cuTexObjectGetResourceViewDesc", resourceType, status, viewDescribed.format, viewDescribed.width,
                viewDescribed.height, viewDescribed.depth, viewDescribed.firstMipmapLevel,
                viewDescribed.lastMipmapLevel, viewDescribed.firstLayer, viewDescribed.lastLayer);
        }
        CHECKS.check("the " + resourceType + " texture's view comes back, if it has one", status == 0 &&
            (view == null || viewDescribed.width == view.width &&
                viewDescribed.lastMipmapLevel == view.lastMipmapLevel));
        return texture;
    }

    /**
     * The runtime's functions in the primary context: a surface object of a runtime array, a texture object's
     * descriptors, the array queries.
     */
    private static void runtime(final CUarray driverArray, final CUmipmappedArray driverMipmapped)
    {
        final cudaArray array = new cudaArray();
        final cudaChannelFormatDesc floats = new cudaChannelFormatDesc(32, 0, 0, 0, 2);
        CHECKS.equal("cudaMallocArray", 0, JCuda.cudaMallocArray(array, floats, WIDTH, HEIGHT,
            JCuda.cudaArraySurfaceLoadStore));
        final cudaResourceDesc resource = new cudaResourceDesc();
        resource.resType = 0;
        resource.array_array = array;
        final cudaSurfaceObject surface = new cudaSurfaceObject();
        int status = JCuda.cudaCreateSurfaceObject(surface, resource);
        line("cudaCreateSurfaceObject", "array", status);
        final cudaResourceDesc described = new cudaResourceDesc();
        status = JCuda.cudaGetSurfaceObjectResourceDesc(described, surface);
        line("cudaGetSurfaceObjectResourceDesc", "array", status, described.resType, same(described.array_array,
            array));
        CHECKS.check("the runtime's surface describes its array", status == 0 && described.resType == 0 &&
            "same".equals(same(described.array_array, array)));
        status = JCuda.cudaDestroySurfaceObject(surface);
        line("cudaDestroySurfaceObject", "array", status);
        CHECKS.equal("cudaDestroySurfaceObject", 0, status);

        // JCuda has no cudaCreateTextureObject: the driver makes it, and its value is the runtime's too.
        final CUDA_RESOURCE_DESC forRuntime = new CUDA_RESOURCE_DESC();
        forRuntime.resType = 0;
        forRuntime.array_hArray = driverArray;
        final CUtexObject made = new CUtexObject();
        status = cuTexObjectCreate(made, forRuntime, textureDescriptor(0), null);
        line("cuTexObjectCreate", "for-the-runtime", status);
        final cudaTextureObject texture = new cudaTextureObject();
        setNativePointer(texture, nativePointer(made));
        final cudaResourceDesc textureDescribed = new cudaResourceDesc();
        status = JCuda.cudaGetTextureObjectResourceDesc(textureDescribed, texture);
        line("cudaGetTextureObjectResourceDesc", "array", status, textureDescribed.resType,
            same(textureDescribed.array_array, driverArray));
        final cudaResourceViewDesc view = new cudaResourceViewDesc();
        // The runtime's documentation says cudaErrorInvalidValue; runtime 13.0 answers success, as the driver does,
        // and hands back what its unwritten descriptor held: only the status is compared.
        line("cudaGetTextureObjectResourceViewDesc", "none", JCuda.cudaGetTextureObjectResourceViewDesc(view,
            texture));
        status = JCuda.cudaDestroyTextureObject(texture);
        line("cudaDestroyTextureObject", "", status);
        CHECKS.equal("cudaDestroyTextureObject", 0, status);

        final cudaArraySparseProperties sparse = new cudaArraySparseProperties();
        line("cudaArrayGetSparseProperties", "plain", JCuda.cudaArrayGetSparseProperties(sparse, array));
        final cudaMipmappedArray mipmapped = new cudaMipmappedArray();
        setNativePointer(mipmapped, nativePointer(driverMipmapped));
        line("cudaMipmappedArrayGetSparseProperties", "plain",
            JCuda.cudaMipmappedArrayGetSparseProperties(sparse, mipmapped));
        final cudaArrayMemoryRequirements requirements = new cudaArrayMemoryRequirements();
        line("cudaArrayGetMemoryRequirements", "plain", JCuda.cudaArrayGetMemoryRequirements(requirements, array, 0));
        line("cudaMipmappedArrayGetMemoryRequirements", "plain",
            JCuda.cudaMipmappedArrayGetMemoryRequirements(requirements, mipmapped, 0));
        final cudaArray planeArray = new cudaArray();
        line("cudaArrayGetPlane", "plain", JCuda.cudaArrayGetPlane(planeArray, array, 0));
        CHECKS.equal("cudaFreeArray", 0, JCuda.cudaFreeArray(array));
    }

    /**
     * Read each texture in a kernel: tex1Dfetch of the linear texture, tex2D of the array's and the pitch2D
     * memory's.
     */
    private static void kernels(final Path kernels, final CUtexObject linearTexture, final float[] linearData,
        final CUtexObject arrayTexture, final float[] arrayData, final CUtexObject pitchTexture,
        final float[] pitchedData)
    {
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad texture_fetch.ptx", 0,
            cuModuleLoad(module, kernels.resolve("texture_fetch.ptx").toString()));
        final CUfunction fetchLinear = new CUfunction();
        CHECKS.equal("cuModuleGetFunction fetch_linear", 0, cuModuleGetFunction(fetchLinear, module, "fetch_linear"));
        final CUfunction fetch2D = new CUfunction();
        CHECKS.equal("cuModuleGetFunction fetch_2d", 0, cuModuleGetFunction(fetch2D, module, "fetch_2d"));
        final CUdeviceptr out = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc out", 0, cuMemAlloc(out, LINEAR_FLOATS * Sizeof.FLOAT));

        int status = cuLaunchKernel(fetchLinear, 1, 1, 1, LINEAR_FLOATS, 1, 1, 0, null,
            Pointer.to(Pointer.to(linearTexture), Pointer.to(out), Pointer.to(new int[]{ LINEAR_FLOATS })), null);
        final float[] fetched = new float[LINEAR_FLOATS];
        status = status != 0 ? status : cuCtxSynchronize();
        status = status != 0 ? status : cuMemcpyDtoH(Pointer.to(fetched), out, LINEAR_FLOATS * Sizeof.FLOAT);
        line("kernel", "tex1Dfetch-linear", status, sum(fetched));
        CHECKS.check("tex1Dfetch reads the linear memory", status == 0 && java.util.Arrays.equals(fetched,
            linearData));

        for (final Object[] case2D : new Object[][]{ { "tex2D-array", arrayTexture, arrayData },
            { "tex2D-pitch2D", pitchTexture, pitchedData } })
        {
            final float[] read = new float[WIDTH * HEIGHT];
            status = cuLaunchKernel(fetch2D, 1, 1, 1, WIDTH, HEIGHT, 1, 0, null, Pointer.to(
                Pointer.to((CUtexObject)case2D[1]), Pointer.to(out), Pointer.to(new int[]{ WIDTH }),
                Pointer.to(new int[]{ HEIGHT })), null);
            status = status != 0 ? status : cuCtxSynchronize();
            status = status != 0 ? status : cuMemcpyDtoH(Pointer.to(read), out, WIDTH * HEIGHT * Sizeof.FLOAT);
            line("kernel", (String)case2D[0], status, sum(read));
            CHECKS.check(case2D[0] + " reads the texture", status == 0 &&
                java.util.Arrays.equals(read, (float[])case2D[2]));
        }
        CHECKS.equal("cuMemFree out", 0, cuMemFree(out));
        CHECKS.equal("cuModuleUnload", 0, cuModuleUnload(module));
    }

    /**
     * What the executor refuses before CUDA sees it (through gpurelay on the emulator only).
     */
    private static void refusals(final Path kernels, final CUcontext primary, final CUdevice device,
        final CUarray array, final CUdeviceptr linear, final CUtexObject arrayTexture)
    {
        final int invalidValue = 1;
        final int peerAccessNotEnabled = 705;
        final CUmodule module = new CUmodule();
        CHECKS.check("the emulator refuses a module with texture instructions",
            cuModuleLoad(module, kernels.resolve("texture_fetch.ptx").toString()) != 0);

        // Another context: the object and the array are the primary context's.
        final CUcontext other = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(other, 0, device));
        CHECKS.equal("an object of another context", invalidValue,
            cuTexObjectGetTextureDesc(new CUDA_TEXTURE_DESC(), arrayTexture));
        final CUDA_RESOURCE_DESC arrayResource = new CUDA_RESOURCE_DESC();
        arrayResource.resType = 0;
        arrayResource.array_hArray = array;
        CHECKS.equal("an array of another context", peerAccessNotEnabled,
            cuTexObjectCreate(new CUtexObject(), arrayResource, textureDescriptor(0), null));
        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(other));
        CHECKS.equal("cuCtxSetCurrent back", 0, cuCtxSetCurrent(primary));

        // Made-up, destroyed and wrong-kind objects.
        final CUtexObject madeUp = new CUtexObject();
        setNativePointer(madeUp, 0x1234_5678L);
        CHECKS.equal("a made-up texture object", invalidValue,
            cuTexObjectGetResourceDesc(new CUDA_RESOURCE_DESC(), madeUp));
        CHECKS.equal("destroying a made-up texture object: success, as CUDA", 0, cuTexObjectDestroy(madeUp));
        final CUtexObject doomed = new CUtexObject();
        CHECKS.equal("cuTexObjectCreate to destroy", 0,
            cuTexObjectCreate(doomed, arrayResource, textureDescriptor(0), null));
        CHECKS.equal("cuTexObjectDestroy", 0, cuTexObjectDestroy(doomed));
        CHECKS.equal("a destroyed texture object", invalidValue,
            cuTexObjectGetTextureDesc(new CUDA_TEXTURE_DESC(), doomed));
        CHECKS.equal("destroying it again: success, as CUDA", 0, cuTexObjectDestroy(doomed));
        final CUsurfObject notASurface = new CUsurfObject();
        setNativePointer(notASurface, nativePointer(arrayTexture));
        CHECKS.equal("cuSurfObjectDestroy of a texture object: success, as CUDA", 0,
            cuSurfObjectDestroy(notASurface));
        CHECKS.equal("which destroyed nothing", 0, cuTexObjectGetTextureDesc(new CUDA_TEXTURE_DESC(), arrayTexture));
        CHECKS.equal("a texture object is no surface object", invalidValue,
            cuSurfObjectGetResourceDesc(new CUDA_RESOURCE_DESC(), notASurface));

        // Memory outside the program's allocations.
        final CUDA_RESOURCE_DESC past = new CUDA_RESOURCE_DESC();
        past.resType = 2;
        past.linear_devPtr = linear;
        past.linear_format = FLOAT;
        past.linear_numChannels = 1;
        past.linear_sizeInBytes = 2L * LINEAR_FLOATS * Sizeof.FLOAT;
        CHECKS.equal("linear memory past the allocation", invalidValue,
            cuTexObjectCreate(new CUtexObject(), past, textureDescriptor(0), null));
        final CUdeviceptr freed = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc to free", 0, cuMemAlloc(freed, 1024));
        CHECKS.equal("cuMemFree", 0, cuMemFree(freed));
        past.linear_devPtr = freed;
        past.linear_sizeInBytes = 1024;
        CHECKS.equal("freed memory", invalidValue,
            cuTexObjectCreate(new CUtexObject(), past, textureDescriptor(0), null));
        final CUDA_RESOURCE_DESC tall = new CUDA_RESOURCE_DESC();
        tall.resType = 3;
        tall.pitch2D_devPtr = linear;
        tall.pitch2D_format = FLOAT;
        tall.pitch2D_numChannels = 1;
        tall.pitch2D_width = 16;
        tall.pitch2D_height = 64;
        tall.pitch2D_pitchInBytes = 512;
        CHECKS.equal("pitch2D rows past the allocation", invalidValue,
            cuTexObjectCreate(new CUtexObject(), tall, textureDescriptor(0), null));

        CHECKS.equal("a surface of linear memory", invalidValue, cuSurfObjectCreate(new CUsurfObject(), past));
        CHECKS.equal("a plane of a plain array", invalidValue, cuArrayGetPlane(new CUarray(), array, 0));
    }

    /** Clamped, point-filtered, border colour (0.25, 0.5, 0.75, 1). */
    private static CUDA_TEXTURE_DESC textureDescriptor(final int flags)
    {
        final CUDA_TEXTURE_DESC descriptor = new CUDA_TEXTURE_DESC();
        descriptor.addressMode = new int[]{ CLAMP, CLAMP, CLAMP };
        descriptor.filterMode = 0;
        descriptor.flags = flags;
        descriptor.maxAnisotropy = 4;
        descriptor.borderColor = new float[]{ 0.25f, 0.5f, 0.75f, 1.0f };
        return descriptor;
    }

    private static CUDA_RESOURCE_VIEW_DESC view(final int format, final long width, final long height,
        final int firstLevel, final int lastLevel)
    {
        final CUDA_RESOURCE_VIEW_DESC view = new CUDA_RESOURCE_VIEW_DESC();
        view.format = format;
        view.width = width;
        view.height = height;
        view.firstMipmapLevel = firstLevel;
        view.lastMipmapLevel = lastLevel;
        return view;
    }

    private static String same(final NativePointerObject described, final NativePointerObject made)
    {
        return described != null && nativePointer(described) == nativePointer(made) ? "same" : "other";
    }

    private static float[] floats(final int count, final int seed)
    {
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = i * seed + 0.5f;
        }
        return values;
    }

    private static double sum(final float[] values)
    {
        double sum = 0;
        for (final float value : values)
        {
            sum += value;
        }
        return sum;
    }

    private static long nativePointer(final NativePointerObject object)
    {
        try
        {
            final java.lang.reflect.Field field = NativePointerObject.class.getDeclaredField("nativePointer");
            field.setAccessible(true);
            return field.getLong(object);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static void setNativePointer(final NativePointerObject object, final long value)
    {
        try
        {
            final java.lang.reflect.Field field = NativePointerObject.class.getDeclaredField("nativePointer");
            field.setAccessible(true);
            field.setLong(object, value);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

}
