package io.gpurelay.it.javacpp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

import java.util.concurrent.atomic.AtomicInteger;

import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUhostFn;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.cudart.cudaHostFn_t;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

import static org.bytedeco.cuda.global.cublas.CUBLAS_OP_N;
import static org.bytedeco.cuda.global.cublas.CUBLAS_STATUS_INVALID_VALUE;
import static org.bytedeco.cuda.global.cublas.CUBLAS_STATUS_NOT_SUPPORTED;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cublas.cublasSaxpy_v2;
import static org.bytedeco.cuda.global.cublas.cublasSdot_v2;
import static org.bytedeco.cuda.global.cublas.cublasSdot_v2_64;
import static org.bytedeco.cuda.global.cublas.cublasSgemm_v2;
import static org.bytedeco.cuda.global.cudart.CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY;
import static org.bytedeco.cuda.global.cudart.cuDeviceGetAttribute;
import static org.bytedeco.cuda.global.cudart.cuStreamIsCapturing;
import static org.bytedeco.cuda.global.cudart.cudaDevAttrManagedMemory;
import static org.bytedeco.cuda.global.cudart.cudaDevAttrMaxThreadsPerBlock;
import static org.bytedeco.cuda.global.cudart.cudaDeviceGetAttribute;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceProperties;
import static org.bytedeco.cuda.global.cudart.cuLaunchHostFunc;
import static org.bytedeco.cuda.global.cudart.cuMemAlloc;
import static org.bytedeco.cuda.global.cudart.cuMemAllocHost;
import static org.bytedeco.cuda.global.cudart.cuMemFreeHost;
import static org.bytedeco.cuda.global.cudart.cuMemFree;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoH;
import static org.bytedeco.cuda.global.cudart.cuMemcpyHtoD;
import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaErrorInvalidValue;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaFreeHost;
import static org.bytedeco.cuda.global.cudart.cudaMallocHost;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceCount;
import static org.bytedeco.cuda.global.cudart.cudaGetErrorName;
import static org.bytedeco.cuda.global.cudart.cudaGetErrorString;
import static org.bytedeco.cuda.global.cudart.cudaGetLastError;
import static org.bytedeco.cuda.global.cudart.cudaLaunchHostFunc;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDefault;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;

/**
 * How the agent reads JavaCPP's argument types, and what it refuses: a {@code PointerPointer} and a {@code long[]}
 * output, a pointer's position (copies, cuBLAS scalars and results), heap and direct buffers' positions, the driver API's
 * {@code long} device pointers, {@code cudaMemcpyDefault}; a copy past a pointer's capacity, a null output and host
 * memory where cuBLAS takes device memory are refused with the invalid-value status, recorded as the runtime's last
 * error, with nothing sent. Prints {@code PASSED} last.
 */
public final class JavaCppArgumentsProgram
{
    private static final int N = 1024;

    private JavaCppArgumentsProgram()
    {
    }

    public static void main(final String[] args)
    {
        final long bytes = (long)N * Float.BYTES;
        // A PointerPointer output: cudaMalloc writes element 0.
        final PointerPointer<Pointer> slot = new PointerPointer<>(1);
        expect(0, cudaMalloc(slot, bytes), "cudaMalloc into a PointerPointer");
        final Pointer device = slot.get(0);
        if (device.address() == 0)
        {
            throw new AssertionError("cudaMalloc left the PointerPointer's element 0 null");
        }

        // A pointer's position: the copy starts 100 floats in, on both sides.
        final FloatPointer host = new FloatPointer(N);
        for (int i = 0; i < N; i++)
        {
            host.put(i, i);
        }
        expect(0, cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        final FloatPointer back = new FloatPointer(N);
        expect(0, cudaMemcpy(back.position(100), new FloatPointer(device).position(200), 10L * Float.BYTES,
            cudaMemcpyDeviceToHost), "cudaMemcpy with positions");
        for (int i = 0; i < 10; i++)
        {
            expectFloat(200 + i, back.position(0).get(100 + i), "element " + (100 + i) + " after the positioned copy");
        }
        // cudaMemcpyDefault: the agent tells the device side by this process's allocations.
        final FloatPointer defaultCopy = new FloatPointer(N);
        expect(0, cudaMemcpy(defaultCopy, device, bytes, cudaMemcpyDefault), "cudaMemcpyDefault");
        expectFloat(N - 1, defaultCopy.get(N - 1), "the last element by cudaMemcpyDefault");

        // Refusals: past the capacity, a null output; each the invalid value, recorded as the last error.
        expect(cudaErrorInvalidValue, cudaMemcpy(new FloatPointer(N / 2), device, bytes, cudaMemcpyDeviceToHost),
            "a copy past the destination's capacity");
        expect(cudaErrorInvalidValue, cudaGetLastError(), "cudaGetLastError after the refused copy");
        expect(0, cudaGetLastError(), "cudaGetLastError resets");
        expect(cudaErrorInvalidValue, cudaMalloc((Pointer)null, 16), "cudaMalloc into null");
        expect(cudaErrorInvalidValue, cudaGetLastError(), "cudaGetLastError after cudaMalloc into null");
        if (!cudaGetErrorName(cudaErrorInvalidValue).getString().equals("cudaErrorInvalidValue") ||
            !cudaGetErrorString(cudaErrorInvalidValue).getString().equals("invalid argument"))
        {
            throw new AssertionError("cudaGetErrorName/String: " + cudaGetErrorName(cudaErrorInvalidValue).getString() +
                " / " + cudaGetErrorString(cudaErrorInvalidValue).getString());
        }

        // The driver API: a long[] output and long device pointers.
        final long[] driverPointer = new long[1];
        expect(0, cuMemAlloc(driverPointer, bytes), "cuMemAlloc into a long[]");
        expect(0, cuMemcpyHtoD(driverPointer[0], host, bytes), "cuMemcpyHtoD");
        final LongPointer driverBack = new LongPointer(N / 2);
        expect(0, cuMemcpyDtoH(driverBack, driverPointer[0], bytes), "cuMemcpyDtoH into a LongPointer");
        expectFloat(2, Float.intBitsToFloat((int)(driverBack.get(1) & 0xFFFFFFFFL)), "element 2 by the driver API");

        // cuBLAS: a float[] scalar, a direct FloatBuffer's position for a host result; host memory as a matrix is
        // refused.
        final cublasContext handle = new cublasContext();
        expect(0, cublasCreate_v2(handle), "cublasCreate_v2");
        final FloatPointer y = new FloatPointer();
        expect(0, cudaMalloc(y, bytes), "cudaMalloc y");
        expect(0, cudaMemcpy(y, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy y");
        final FloatPointer x = new FloatPointer(device);
        // y = 2 x + y = 3 i; alpha is read at its pointer's position.
        expect(0, cublasSaxpy_v2(handle, N, new FloatPointer(7f, 2f).position(1), x, 1, y, 1),
            "cublasSaxpy_v2 with a positioned alpha");
        final FloatPointer result = new FloatPointer(new float[8]);
        // dot(x, y) = sum 3 i^2 over i < 8 (n = 8), written at the result's position.
        expect(0, cublasSdot_v2(handle, 8, x, 1, y, 1, result.position(5)), "cublasSdot_v2 into a positioned result");
        expectFloat(3f * 140, result.position(0).get(5), "the dot product at the result's position");
        expectFloat(0f, result.get(4), "the result before its position");
        // The _64 forms: 64-bit sizes travel as they are; one beyond what cuBLAS's 32-bit routine takes is refused.
        final FloatPointer dot64 = new FloatPointer(new float[1]);
        expect(0, cublasSdot_v2_64(handle, 8L, x, 1L, y, 1L, dot64), "cublasSdot_v2_64");
        expectFloat(3f * 140, dot64.get(0), "the dot product of the _64 form");
        expect(CUBLAS_STATUS_NOT_SUPPORTED, cublasSdot_v2_64(handle, 1L << 33, x, 1L, y, 1L, dot64),
            "cublasSdot_v2_64 beyond 32 bits");
        // Buffers: a heap IntBuffer output is written at its position, a direct LongBuffer's too.
        final IntBuffer count = IntBuffer.allocate(4);
        count.position(2);
        expect(0, cudaGetDeviceCount(count), "cudaGetDeviceCount into a positioned heap IntBuffer");
        if (count.get(2) < 1 || count.get(1) != 0)
        {
            throw new AssertionError("cudaGetDeviceCount wrote " + count.get(1) + ", " + count.get(2));
        }
        // Managed memory is not remoted for JavaCPP programs, and the device says so as a device without it would.
        final int[] attribute = { -1 };
        expect(0, cudaDeviceGetAttribute(attribute, cudaDevAttrManagedMemory, 0), "cudaDeviceGetAttribute");
        expect(0, attribute[0], "cudaDevAttrManagedMemory");
        expect(0, cudaDeviceGetAttribute(attribute, cudaDevAttrMaxThreadsPerBlock, 0), "cudaDeviceGetAttribute");
        if (attribute[0] < 64)
        {
            throw new AssertionError("cudaDevAttrMaxThreadsPerBlock " + attribute[0]);
        }
        attribute[0] = -1;
        expect(0, cuDeviceGetAttribute(attribute, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0), "cuDeviceGetAttribute");
        expect(0, attribute[0], "CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY");
        final int[] capturing = { -1 };
        expect(0, cuStreamIsCapturing((CUstream_st)null, capturing), "cuStreamIsCapturing");
        expect(0, capturing[0], "CU_STREAM_CAPTURE_STATUS_NONE");
        final cudaDeviceProp properties = new cudaDeviceProp();
        expect(0, cudaGetDeviceProperties(properties, 0), "cudaGetDeviceProperties");
        expect(0, properties.managedMemory(), "cudaDeviceProp.managedMemory");
        if (properties.maxThreadsPerBlock() < 64)
        {
            throw new AssertionError("cudaDeviceProp.maxThreadsPerBlock " + properties.maxThreadsPerBlock());
        }
        final LongBuffer pointerOut = ByteBuffer.allocateDirect(3 * Long.BYTES).order(ByteOrder.nativeOrder())
            .asLongBuffer();
        pointerOut.position(1);
        expect(0, cuMemAlloc(pointerOut, 64), "cuMemAlloc into a positioned direct LongBuffer");
        if (pointerOut.get(1) == 0 || pointerOut.get(0) != 0)
        {
            throw new AssertionError("cuMemAlloc wrote " + pointerOut.get(0) + ", " + pointerOut.get(1));
        }
        expect(0, cuMemFree(pointerOut.get(1)), "cuMemFree");
        expect(CUBLAS_STATUS_INVALID_VALUE, cublasSgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2,
            new float[]{ 1 }, new float[4], 2, new float[4], 2, new float[]{ 0 }, new float[4], 2),
            "cublasSgemm_v2 with host arrays as matrices");
        expect(0, cublasDestroy_v2(handle), "cublasDestroy_v2");
        expect(0, cuMemFree(driverPointer[0]), "cuMemFree");
        // Pinned memory: allocated, written through a FloatPointer on it, copied both ways, freed; a copy from it
        // after cudaFreeHost is refused, not a crash.
        final Pointer pinned = new Pointer();
        expect(0, cudaMallocHost(pinned, bytes), "cudaMallocHost");
        final FloatPointer pinnedFloats = new FloatPointer(pinned).capacity(N);
        for (int i = 0; i < N; i++)
        {
            pinnedFloats.put(i, -i);
        }
        expect(0, cudaMemcpy(device, pinnedFloats, bytes, cudaMemcpyHostToDevice), "cudaMemcpy from pinned memory");
        pinnedFloats.fill(0);
        expect(0, cudaMemcpy(pinnedFloats, device, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to pinned memory");
        expectFloat(-(N - 1), pinnedFloats.get(N - 1), "the last pinned element after the round trip");
        final PointerPointer<Pointer> pinnedSlot = new PointerPointer<>(1);
        expect(0, cuMemAllocHost(pinnedSlot, 4096), "cuMemAllocHost into a PointerPointer");
        expect(0, cuMemFreeHost(pinnedSlot.get(0)), "cuMemFreeHost");
        expect(0, cudaFreeHost(pinned), "cudaFreeHost");
        expect(cudaErrorInvalidValue, cudaMemcpy(device, pinnedFloats, bytes, cudaMemcpyHostToDevice),
            "cudaMemcpy from pinned memory after cudaFreeHost");
        expect(cudaErrorInvalidValue, cudaFreeHost(pinned), "cudaFreeHost twice");
        // Host functions: the program's own Java callbacks run when the stream reaches them; a C function pointer is
        // refused.
        final AtomicInteger called = new AtomicInteger();
        final cudaHostFn_t runtimeCallback = new cudaHostFn_t()
        {
            @Override
            public void call(final Pointer userData)
            {
                called.addAndGet(userData == null ? 1 : 10);
            }
        };
        expect(0, cudaLaunchHostFunc(null, runtimeCallback, null), "cudaLaunchHostFunc");
        final CUhostFn driverCallback = new CUhostFn()
        {
            @Override
            public void call(final Pointer userData)
            {
                called.addAndGet(100);
            }
        };
        expect(0, cuLaunchHostFunc(null, driverCallback, new Pointer()), "cuLaunchHostFunc");
        expect(0, cudaDeviceSynchronize(), "cudaDeviceSynchronize after the host functions");
        if (called.get() != 101)
        {
            throw new AssertionError("the host functions ran " + called.get() + " (expected 1 + 100)");
        }
        expect(cudaErrorInvalidValue, cudaLaunchHostFunc(null, new cudaHostFn_t(new Pointer()), null),
            "cudaLaunchHostFunc with a C function pointer");
        expect(0, cudaFree(device), "cudaFree");
        expect(0, cudaFree(y), "cudaFree y");
        System.out.println("PASSED");
    }

    private static void expect(final int expected, final int status, final String what)
    {
        if (status != expected)
        {
            throw new AssertionError(what + " returned " + status + ", expected " + expected);
        }
    }

    private static void expectFloat(final float expected, final float actual, final String what)
    {
        if (expected != actual)
        {
            throw new AssertionError(what + " is " + actual + ", expected " + expected);
        }
    }
}
