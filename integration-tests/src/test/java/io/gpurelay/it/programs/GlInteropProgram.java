package io.gpurelay.it.programs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraphicsResource;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaGraphicsResource;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaStream_t;
import org.lwjgl.opengl.GL15;

/**
 * An unmodified CUDA-OpenGL interop program (LWJGL 3 style) of the driver and the runtime API: GL buffer objects
 * registered with CUDA, mapped, changed by a SAXPY kernel, memsets and copies, unmapped, and read back from GL; the
 * read-only and write-discard flags; the legacy buffer-object functions; the device queries; and the misuse CUDA
 * answers with an error. With argument {@code --no-gl} it runs with no GL binding on its class path and checks that
 * registration answers the missing-GL-context error. Arguments: the folder with the kernels' PTX files, then
 * optionally {@code --no-gl}.
 */
public final class GlInteropProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int N = 4096;
    private static final int NOT_MAPPED = 211;
    private static final int NOT_MAPPED_AS_ARRAY = 212;
    private static final int ALREADY_MAPPED = 208;
    private static final int INVALID_GRAPHICS_CONTEXT = 219;
    private static final int INVALID_HANDLE = 400;
    private static final int INVALID_VALUE = 1;
    private static final int NOT_SUPPORTED = 801;

    private GlInteropProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Path kernels = Path.of(args[0]);
        if (args.length > 1 && "--no-gl".equals(args[1]))
        {
            withoutGl();
        }
        else
        {
            driver(kernels);
            runtime();
        }
        CHECKS.finish();
    }

    private static void driver(final Path kernels) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        CHECKS.equal("cuInit", 0, JCudaDriver.cuInit(0));
        CHECKS.equal("cuGLInit", 0, JCudaDriver.cuGLInit());
        final int[] count = new int[1];
        final CUdevice[] devices = new CUdevice[4];
        CHECKS.equal("cuGLGetDevices", 0, JCudaDriver.cuGLGetDevices(count, devices, devices.length,
            jcuda.driver.CUGLDeviceList.CU_GL_DEVICE_LIST_ALL));
        CHECKS.check("cuGLGetDevices names device 0", count[0] >= 1 && devices[0] != null);
        CHECKS.equal("cuGLGetDevices with a bad list", INVALID_VALUE, JCudaDriver.cuGLGetDevices(count, devices,
            devices.length, 7));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, JCudaDriver.cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuGLCtxCreate", 0, JCudaDriver.cuGLCtxCreate(context, 0, device));

        final float[] x = floats(1);
        final float[] y = floats(2);
        final int xBuffer = glBuffer(x);
        final int yBuffer = glBuffer(y);
        final CUgraphicsResource xResource = new CUgraphicsResource();
        final CUgraphicsResource yResource = new CUgraphicsResource();
        CHECKS.equal("cuGraphicsGLRegisterBuffer x read-only", 0, JCudaDriver.cuGraphicsGLRegisterBuffer(xResource,
            xBuffer, jcuda.driver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY));
        CHECKS.equal("cuGraphicsGLRegisterBuffer y", 0, JCudaDriver.cuGraphicsGLRegisterBuffer(yResource, yBuffer,
            jcuda.driver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_NONE));

        final CUdeviceptr unmappedPointer = new CUdeviceptr();
        CHECKS.equal("cuGraphicsResourceGetMappedPointer before the map", NOT_MAPPED,
            JCudaDriver.cuGraphicsResourceGetMappedPointer(unmappedPointer, new long[1], yResource));

        final CUstream stream = new CUstream();
        CHECKS.equal("cuStreamCreate", 0, JCudaDriver.cuStreamCreate(stream, 0));
        final CUgraphicsResource[] both = { xResource, yResource };
        CHECKS.equal("cuGraphicsMapResources", 0, JCudaDriver.cuGraphicsMapResources(2, both, stream));
        CHECKS.equal("cuGraphicsMapResources twice", ALREADY_MAPPED,
            JCudaDriver.cuGraphicsMapResources(1, new CUgraphicsResource[]{ yResource }, stream));
        CHECKS.equal("cuGraphicsUnregisterResource while mapped", ALREADY_MAPPED,
            JCudaDriver.cuGraphicsUnregisterResource(yResource));
        CHECKS.equal("cuGraphicsResourceSetMapFlags while mapped", ALREADY_MAPPED,
            JCudaDriver.cuGraphicsResourceSetMapFlags(yResource, 0));
        CHECKS.equal("cuGraphicsSubResourceGetMappedArray of a buffer", NOT_MAPPED_AS_ARRAY,
            JCudaDriver.cuGraphicsSubResourceGetMappedArray(new CUarray(), yResource, 0, 0));
        final CUdeviceptr dx = new CUdeviceptr();
        final CUdeviceptr dy = new CUdeviceptr();
        final long[] size = new long[1];
        CHECKS.equal("cuGraphicsResourceGetMappedPointer x", 0,
            JCudaDriver.cuGraphicsResourceGetMappedPointer(dx, size, xResource));
        CHECKS.equal("x's mapped size", (long)N * Sizeof.FLOAT, size[0]);
        CHECKS.equal("cuGraphicsResourceGetMappedPointer y", 0,
            JCudaDriver.cuGraphicsResourceGetMappedPointer(dy, size, yResource));
        final float[] mappedY = new float[N];
        CHECKS.equal("cuMemcpyDtoH of mapped y", 0, JCudaDriver.cuMemcpyDtoH(Pointer.to(mappedY), dy,
            (long)N * Sizeof.FLOAT));
        CHECKS.check("the mapped pointer holds the GL buffer's bytes", java.util.Arrays.equals(y, mappedY));

        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoadData saxpy", 0, JCudaDriver.cuModuleLoadData(module,
            nulTerminated(kernels.resolve("saxpy.ptx"))));
        final CUfunction saxpy = new CUfunction();
        CHECKS.equal("cuModuleGetFunction saxpy", 0, JCudaDriver.cuModuleGetFunction(saxpy, module, "saxpy"));
        final float alpha = 3.0f;
        CHECKS.equal("saxpy on the mapped buffers", 0, JCudaDriver.cuLaunchKernel(saxpy, (N + 255) / 256, 1, 1, 256,
            1, 1, 0, stream, Pointer.to(Pointer.to(new int[]{ N }), Pointer.to(new float[]{ alpha }),
                Pointer.to(dx), Pointer.to(dy)), null));
        // A write to the read-only x: its GL buffer must not see it.
        CHECKS.equal("cuMemsetD32Async on read-only x", 0, JCudaDriver.cuMemsetD32Async(dx, 0, N, stream));
        CHECKS.equal("cuGraphicsUnmapResources", 0, JCudaDriver.cuGraphicsUnmapResources(2, both, stream));
        final float[] glY = glFloats(yBuffer);
        boolean saxpyHolds = true;
        for (int i = 0; i < N; i++)
        {
            saxpyHolds &= glY[i] == Math.fma(alpha, x[i], y[i]) || glY[i] == alpha * x[i] + y[i];
        }
        CHECKS.check("the GL buffer holds saxpy's result after the unmap", saxpyHolds);
        CHECKS.check("the read-only GL buffer kept its bytes", java.util.Arrays.equals(x, glFloats(xBuffer)));
        CHECKS.equal("cuGraphicsUnmapResources of unmapped", NOT_MAPPED,
            JCudaDriver.cuGraphicsUnmapResources(1, new CUgraphicsResource[]{ yResource }, stream));
        CHECKS.equal("cuGraphicsResourceGetMappedPointer after the unmap", NOT_MAPPED,
            JCudaDriver.cuGraphicsResourceGetMappedPointer(dy, size, yResource));

        // Write-discard: the kernel's (here a memset's) bytes reach GL.
        CHECKS.equal("cuGraphicsResourceSetMapFlags write-discard", 0,
            JCudaDriver.cuGraphicsResourceSetMapFlags(yResource,
                jcuda.driver.CUgraphicsMapResourceFlags.CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD));
        CHECKS.equal("cuGraphicsMapResources write-discard", 0,
            JCudaDriver.cuGraphicsMapResources(1, new CUgraphicsResource[]{ yResource }, null));
        CHECKS.equal("cuGraphicsResourceGetMappedPointer write-discard", 0,
            JCudaDriver.cuGraphicsResourceGetMappedPointer(dy, size, yResource));
        CHECKS.equal("cuMemsetD32 write-discard", 0, JCudaDriver.cuMemsetD32(dy, Float.floatToIntBits(7.5f), N));
        CHECKS.equal("cuGraphicsUnmapResources write-discard", 0,
            JCudaDriver.cuGraphicsUnmapResources(1, new CUgraphicsResource[]{ yResource }, null));
        CHECKS.check("the write-discard map's bytes reach GL", allEqual(glFloats(yBuffer), 7.5f));

        // Misuse.
        CHECKS.equal("cuGraphicsMapResources of an unregistered resource", INVALID_HANDLE,
            JCudaDriver.cuGraphicsMapResources(1, new CUgraphicsResource[]{ new CUgraphicsResource() }, null));
        CHECKS.equal("cuGraphicsGLRegisterBuffer of a non-buffer", INVALID_VALUE,
            JCudaDriver.cuGraphicsGLRegisterBuffer(new CUgraphicsResource(), 999_999, 0));
        CHECKS.equal("cuGraphicsGLRegisterImage is refused", NOT_SUPPORTED,
            JCudaDriver.cuGraphicsGLRegisterImage(new CUgraphicsResource(), 1, 0x0DE1, 0));
        CHECKS.equal("cuGraphicsUnregisterResource x", 0, JCudaDriver.cuGraphicsUnregisterResource(xResource));
        CHECKS.equal("cuGraphicsUnregisterResource y", 0, JCudaDriver.cuGraphicsUnregisterResource(yResource));
        CHECKS.equal("cuGraphicsUnregisterResource twice", INVALID_HANDLE,
            JCudaDriver.cuGraphicsUnregisterResource(yResource));

        // The legacy buffer-object functions.
        final int legacy = glBuffer(floats(3));
        final CUdeviceptr dLegacy = new CUdeviceptr();
        CHECKS.equal("cuGLMapBufferObjectAsync", 0, JCudaDriver.cuGLMapBufferObjectAsync(dLegacy, size, legacy,
            stream));
        CHECKS.equal("cuGLMapBufferObject's size", (long)N * Sizeof.FLOAT, size[0]);
        CHECKS.equal("cuMemsetD32Async legacy", 0, JCudaDriver.cuMemsetD32Async(dLegacy,
            Float.floatToIntBits(-1.0f), N, stream));
        CHECKS.equal("cuGLUnmapBufferObjectAsync", 0, JCudaDriver.cuGLUnmapBufferObjectAsync(legacy, stream));
        CHECKS.check("the legacy map's bytes reach GL", allEqual(glFloats(legacy), -1.0f));
        CHECKS.equal("cuGLUnmapBufferObject of unmapped", 206, JCudaDriver.cuGLUnmapBufferObject(legacy));
        CHECKS.equal("cuGLSetBufferObjectMapFlags read-only", 0, JCudaDriver.cuGLSetBufferObjectMapFlags(legacy, 1));
        CHECKS.equal("cuGLMapBufferObject", 0, JCudaDriver.cuGLMapBufferObject(dLegacy, size, legacy));
        CHECKS.equal("cuMemsetD32 on read-only legacy", 0, JCudaDriver.cuMemsetD32(dLegacy, 0, N));
        CHECKS.equal("cuGLUnregisterBufferObject while mapped", ALREADY_MAPPED,
            JCudaDriver.cuGLUnregisterBufferObject(legacy));
        CHECKS.equal("cuGLUnmapBufferObject", 0, JCudaDriver.cuGLUnmapBufferObject(legacy));
        CHECKS.check("the read-only legacy buffer kept its bytes", allEqual(glFloats(legacy), -1.0f));
        CHECKS.equal("cuGLUnregisterBufferObject", 0, JCudaDriver.cuGLUnregisterBufferObject(legacy));

        CHECKS.equal("cuStreamDestroy", 0, JCudaDriver.cuStreamDestroy(stream));
        CHECKS.equal("cuModuleUnload", 0, JCudaDriver.cuModuleUnload(module));
        CHECKS.equal("cuCtxDestroy", 0, JCudaDriver.cuCtxDestroy(context));
    }

    private static void runtime()
    {
        JCuda.setExceptionsEnabled(false);
        CHECKS.equal("cudaGLSetGLDevice", 0, JCuda.cudaGLSetGLDevice(0));
        final int[] count = new int[1];
        final int[] devices = new int[4];
        CHECKS.equal("cudaGLGetDevices", 0, JCuda.cudaGLGetDevices(count, devices, devices.length,
            jcuda.runtime.cudaGLDeviceList.cudaGLDeviceListAll));
        CHECKS.check("cudaGLGetDevices counts a device", count[0] >= 1 && devices[0] == 0);

        final float[] values = floats(4);
        final int buffer = glBuffer(values);
        final cudaGraphicsResource resource = new cudaGraphicsResource();
        CHECKS.equal("cudaGraphicsGLRegisterBuffer", 0, JCuda.cudaGraphicsGLRegisterBuffer(resource, buffer, 0));
        final Pointer unmapped = new Pointer();
        CHECKS.equal("cudaGraphicsResourceGetMappedPointer before the map", NOT_MAPPED,
            JCuda.cudaGraphicsResourceGetMappedPointer(unmapped, new long[1], resource));
        CHECKS.equal("cudaGetLastError after it", NOT_MAPPED, JCuda.cudaGetLastError());
        final cudaStream_t stream = new cudaStream_t();
        CHECKS.equal("cudaStreamCreate", 0, JCuda.cudaStreamCreate(stream));
        CHECKS.equal("cudaGraphicsMapResources", 0,
            JCuda.cudaGraphicsMapResources(1, new cudaGraphicsResource[]{ resource }, stream));
        CHECKS.equal("cudaGraphicsMapResources twice", ALREADY_MAPPED,
            JCuda.cudaGraphicsMapResources(1, new cudaGraphicsResource[]{ resource }, stream));
        CHECKS.equal("cudaGraphicsSubResourceGetMappedArray of a buffer", NOT_MAPPED_AS_ARRAY,
            JCuda.cudaGraphicsSubResourceGetMappedArray(new cudaArray(), resource, 0, 0));
        final Pointer mapped = new Pointer();
        final long[] size = new long[1];
        CHECKS.equal("cudaGraphicsResourceGetMappedPointer", 0,
            JCuda.cudaGraphicsResourceGetMappedPointer(mapped, size, resource));
        CHECKS.equal("the mapped size", (long)N * Sizeof.FLOAT, size[0]);
        final float[] onDevice = new float[N];
        CHECKS.equal("cudaMemcpyAsync of the mapped buffer", 0, JCuda.cudaMemcpyAsync(Pointer.to(onDevice), mapped,
            size[0], cudaMemcpyKind.cudaMemcpyDeviceToHost, stream));
        CHECKS.check("the mapped pointer holds the GL buffer's bytes", java.util.Arrays.equals(values, onDevice));
        final float[] half = new float[N / 2];
        java.util.Arrays.fill(half, 0.25f);
        CHECKS.equal("cudaMemcpyAsync into the mapped buffer", 0, JCuda.cudaMemcpyAsync(mapped, Pointer.to(half),
            (long)half.length * Sizeof.FLOAT, cudaMemcpyKind.cudaMemcpyHostToDevice, stream));
        CHECKS.equal("cudaGraphicsUnregisterResource while mapped", ALREADY_MAPPED,
            JCuda.cudaGraphicsUnregisterResource(resource));
        CHECKS.equal("cudaGraphicsUnmapResources", 0,
            JCuda.cudaGraphicsUnmapResources(1, new cudaGraphicsResource[]{ resource }, stream));
        final float[] gl = glFloats(buffer);
        boolean holds = true;
        for (int i = 0; i < N; i++)
        {
            holds &= gl[i] == (i < N / 2 ? 0.25f : values[i]);
        }
        CHECKS.check("the GL buffer holds the device's bytes after the unmap", holds);
        CHECKS.equal("cudaGraphicsUnmapResources of unmapped", NOT_MAPPED,
            JCuda.cudaGraphicsUnmapResources(1, new cudaGraphicsResource[]{ resource }, stream));
        CHECKS.equal("cudaGraphicsResourceSetMapFlags", 0, JCuda.cudaGraphicsResourceSetMapFlags(resource, 1));
        CHECKS.equal("cudaGraphicsResourceSetMapFlags bad flags", INVALID_VALUE,
            JCuda.cudaGraphicsResourceSetMapFlags(resource, 9));
        CHECKS.equal("cudaGraphicsUnregisterResource", 0, JCuda.cudaGraphicsUnregisterResource(resource));
        CHECKS.equal("cudaGraphicsUnregisterResource twice", INVALID_HANDLE,
            JCuda.cudaGraphicsUnregisterResource(resource));
        CHECKS.equal("cudaGraphicsGLRegisterImage is refused", NOT_SUPPORTED,
            JCuda.cudaGraphicsGLRegisterImage(new cudaGraphicsResource(), 1, 0x0DE1, 0));

        final int legacy = glBuffer(floats(5));
        final Pointer dLegacy = new Pointer();
        CHECKS.equal("cudaGLSetBufferObjectMapFlags write-discard", 0,
            JCuda.cudaGLSetBufferObjectMapFlags(legacy, 2));
        CHECKS.equal("cudaGLMapBufferObjectAsync", 0, JCuda.cudaGLMapBufferObjectAsync(dLegacy, legacy, stream));
        CHECKS.equal("cudaMemsetAsync legacy", 0, JCuda.cudaMemsetAsync(dLegacy, 0, (long)N * Sizeof.FLOAT, stream));
        CHECKS.equal("cudaGLMapBufferObject twice", 205, JCuda.cudaGLMapBufferObject(new Pointer(), legacy));
        CHECKS.equal("cudaGLUnmapBufferObjectAsync", 0, JCuda.cudaGLUnmapBufferObjectAsync(legacy, stream));
        CHECKS.check("the legacy map's bytes reach GL", allEqual(glFloats(legacy), 0.0f));
        CHECKS.equal("cudaGLMapBufferObject", 0, JCuda.cudaGLMapBufferObject(dLegacy, legacy));
        CHECKS.equal("cudaGLUnmapBufferObject", 0, JCuda.cudaGLUnmapBufferObject(legacy));
        CHECKS.equal("cudaGLUnregisterBufferObject", 0, JCuda.cudaGLUnregisterBufferObject(legacy));
        CHECKS.equal("cudaGLUnregisterBufferObject twice", INVALID_HANDLE, JCuda.cudaGLUnregisterBufferObject(legacy));
        CHECKS.equal("cudaStreamDestroy", 0, JCuda.cudaStreamDestroy(stream));
        CHECKS.check("the agent called the program's GL", GL15.callCount() > 0);
    }

    /**
     * No GL binding on the class path: registering and the legacy map answer the missing-GL-context error; the device
     * queries, which need no GL, still answer.
     */
    private static void withoutGl()
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCuda.setExceptionsEnabled(false);
        boolean noLwjgl;
        try
        {
            Class.forName("org.lwjgl.opengl.GL15");
            noLwjgl = false;
        }
        catch (final ClassNotFoundException ex)
        {
            noLwjgl = true;
        }
        CHECKS.check("no LWJGL on the class path", noLwjgl);
        CHECKS.equal("cuInit", 0, JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, JCudaDriver.cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, JCudaDriver.cuCtxCreate(context, 0, device));
        CHECKS.equal("cuGraphicsGLRegisterBuffer without GL", INVALID_GRAPHICS_CONTEXT,
            JCudaDriver.cuGraphicsGLRegisterBuffer(new CUgraphicsResource(), 1, 0));
        CHECKS.equal("cuGLMapBufferObject without GL", INVALID_GRAPHICS_CONTEXT,
            JCudaDriver.cuGLMapBufferObject(new CUdeviceptr(), new long[1], 1));
        CHECKS.equal("cuCtxDestroy", 0, JCudaDriver.cuCtxDestroy(context));
        CHECKS.equal("cudaGraphicsGLRegisterBuffer without GL", INVALID_GRAPHICS_CONTEXT,
            JCuda.cudaGraphicsGLRegisterBuffer(new cudaGraphicsResource(), 1, 0));
        final int[] count = new int[1];
        CHECKS.equal("cudaGLGetDevices without GL", 0, JCuda.cudaGLGetDevices(count, new int[1], 1, 1));
    }

    private static float[] floats(final int seed)
    {
        final float[] values = new float[N];
        for (int i = 0; i < N; i++)
        {
            values[i] = seed * 1000 + i * 0.5f;
        }
        return values;
    }

    private static int glBuffer(final float[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocateDirect(values.length * Sizeof.FLOAT).order(ByteOrder.nativeOrder());
        bytes.asFloatBuffer().put(values);
        final int buffer = GL15.glGenBuffers();
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, buffer);
        GL15.glBufferData(GL15.GL_ARRAY_BUFFER, bytes, GL15.GL_DYNAMIC_DRAW);
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, 0);
        return buffer;
    }

    private static float[] glFloats(final int buffer)
    {
        final ByteBuffer bytes = ByteBuffer.allocateDirect(N * Sizeof.FLOAT).order(ByteOrder.nativeOrder());
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, buffer);
        GL15.glGetBufferSubData(GL15.GL_ARRAY_BUFFER, 0, bytes);
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, 0);
        final float[] values = new float[N];
        bytes.asFloatBuffer().get(values);
        return values;
    }

    private static boolean allEqual(final float[] values, final float expected)
    {
        for (final float value : values)
        {
            if (value != expected)
            {
                return false;
            }
        }
        return true;
    }

    private static byte[] nulTerminated(final Path file) throws java.io.IOException
    {
        final byte[] text = Files.readAllBytes(file);
        final byte[] bytes = java.util.Arrays.copyOf(text, text.length + 1);
        return bytes;
    }
}
