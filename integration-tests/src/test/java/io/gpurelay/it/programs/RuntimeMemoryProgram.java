package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaDeviceGetAttribute;
import static jcuda.runtime.JCuda.cudaDeviceReset;
import static jcuda.runtime.JCuda.cudaDeviceSynchronize;
import static jcuda.runtime.JCuda.cudaDriverGetVersion;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeHost;
import static jcuda.runtime.JCuda.cudaGetDevice;
import static jcuda.runtime.JCuda.cudaGetDeviceCount;
import static jcuda.runtime.JCuda.cudaGetDeviceProperties;
import static jcuda.runtime.JCuda.cudaGetErrorName;
import static jcuda.runtime.JCuda.cudaGetErrorString;
import static jcuda.runtime.JCuda.cudaGetLastError;
import static jcuda.runtime.JCuda.cudaHostAlloc;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMallocHost;
import static jcuda.runtime.JCuda.cudaMemGetInfo;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemset;
import static jcuda.runtime.JCuda.cudaPeekAtLastError;
import static jcuda.runtime.JCuda.cudaRuntimeGetVersion;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDefault;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToHost;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import io.gpurelay.testsupport.ArraysOfEveryType;
import io.gpurelay.testsupport.Checks;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceAttr;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaError;

/**
 * An ordinary JCuda runtime-API program exercising the memory API: every host array type and buffer kind, offsets,
 * memset, device-to-device, pinned host memory, refused out-of-bounds copies, error queries and exceptions mode.
 * Argument: the size in MiB of the final large round trip (0 to skip).
 */
public final class RuntimeMemoryProgram
{
    private static final int N = 4099;
    private static final Checks CHECKS = new Checks();

    private RuntimeMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        final int largeMiB = args.length > 0 ? Integer.parseInt(args[0]) : 0;

        deviceQueries();
        arraysOfEveryType();
        buffersOfEveryKind();
        offsetsAndDeviceToDevice();
        memset();
        pinnedHostMemory();
        refusedCopies();
        errorQueries();
        exceptionsMode();
        if (largeMiB > 0)
        {
            largeRoundTrip(largeMiB);
        }
        CHECKS.finish();
    }

    private static void deviceQueries()
    {
        final int[] count = new int[1];
        CHECKS.equal("cudaGetDeviceCount status", 0, cudaGetDeviceCount(count));
        CHECKS.check("at least one device", count[0] >= 1, "count " + count[0]);
        final int[] device = { -1 };
        CHECKS.equal("cudaSetDevice(0)", 0, cudaSetDevice(0));
        CHECKS.equal("cudaGetDevice status", 0, cudaGetDevice(device));
        CHECKS.equal("current device", 0, device[0]);
        CHECKS.equal("cudaSetDevice(out of range)", cudaError.cudaErrorInvalidDevice, cudaSetDevice(count[0] + 7));
        cudaGetLastError();

        final cudaDeviceProp properties = new cudaDeviceProp();
        CHECKS.equal("cudaGetDeviceProperties", 0, cudaGetDeviceProperties(properties, 0));
        final String name = new String(properties.name, StandardCharsets.US_ASCII).replace("\0", "").trim();
        CHECKS.check("device has a name", !name.isEmpty(), name);
        CHECKS.equal("warp size", 32, properties.warpSize);
        CHECKS.check("global memory reported", properties.totalGlobalMem > 0);
        CHECKS.check("max threads dim", properties.maxThreadsDim[0] >= 1024, Arrays.toString(properties.maxThreadsDim));
        System.out.println("device 0: " + name + " cc " + properties.major + "." + properties.minor);

        final int[] value = new int[1];
        CHECKS.equal("cudaDeviceGetAttribute status", 0,
            cudaDeviceGetAttribute(value, cudaDeviceAttr.cudaDevAttrMultiProcessorCount, 0));
        CHECKS.equal("attribute agrees with properties", properties.multiProcessorCount, value[0]);
        final int[] version = new int[1];
        CHECKS.equal("cudaDriverGetVersion", 0, cudaDriverGetVersion(version));
        CHECKS.check("driver version plausible", version[0] >= 12000, "version " + version[0]);
        CHECKS.equal("cudaRuntimeGetVersion", 0, cudaRuntimeGetVersion(version));
        final long[] free = new long[1];
        final long[] total = new long[1];
        CHECKS.equal("cudaMemGetInfo", 0, cudaMemGetInfo(free, total));
        CHECKS.check("free <= total", free[0] > 0 && free[0] <= total[0], free[0] + " / " + total[0]);
    }

    private static void arraysOfEveryType()
    {
        final ArraysOfEveryType sent = ArraysOfEveryType.random(new Random(42), N);
        final ArraysOfEveryType back = new ArraysOfEveryType(N);

        roundTrip("byte[]", Pointer.to(sent.bytes), Pointer.to(back.bytes), N);
        CHECKS.check("byte[] identical", Arrays.equals(sent.bytes, back.bytes));
        roundTrip("short[]", Pointer.to(sent.shorts), Pointer.to(back.shorts), N * 2L);
        CHECKS.check("short[] identical", Arrays.equals(sent.shorts, back.shorts));
        roundTrip("char[]", Pointer.to(sent.chars), Pointer.to(back.chars), N * 2L);
        CHECKS.check("char[] identical", Arrays.equals(sent.chars, back.chars));
        roundTrip("int[]", Pointer.to(sent.ints), Pointer.to(back.ints), N * 4L);
        CHECKS.check("int[] identical", Arrays.equals(sent.ints, back.ints));
        roundTrip("long[]", Pointer.to(sent.longs), Pointer.to(back.longs), N * 8L);
        CHECKS.check("long[] identical", Arrays.equals(sent.longs, back.longs));
        roundTrip("float[]", Pointer.to(sent.floats), Pointer.to(back.floats), N * 4L);
        CHECKS.check("float[] identical", Arrays.equals(sent.floats, back.floats));
        roundTrip("double[]", Pointer.to(sent.doubles), Pointer.to(back.doubles), N * 8L);
        CHECKS.check("double[] identical", Arrays.equals(sent.doubles, back.doubles));
    }

    private static void buffersOfEveryKind()
    {
        final Random random = new Random(7);
        final byte[] data = new byte[N * 8];
        random.nextBytes(data);

        final ByteBuffer heap = ByteBuffer.wrap(data.clone());
        final ByteBuffer heapBack = ByteBuffer.allocate(data.length);
        roundTrip("heap ByteBuffer", Pointer.to(heap), Pointer.to(heapBack), data.length);
        CHECKS.check("heap ByteBuffer identical", Arrays.equals(data, heapBack.array()));

        final ByteBuffer direct = ByteBuffer.allocateDirect(data.length);
        direct.put(data).flip();
        final ByteBuffer directBack = ByteBuffer.allocateDirect(data.length);
        roundTrip("direct ByteBuffer", Pointer.to(direct), Pointer.to(directBack), data.length);
        final byte[] directBytes = new byte[data.length];
        directBack.duplicate().get(directBytes);
        CHECKS.check("direct ByteBuffer identical", Arrays.equals(data, directBytes));

        final ByteBuffer order = ByteBuffer.wrap(data).order(ByteOrder.nativeOrder());
        final FloatBuffer floats = FloatBuffer.wrap(new float[N]);
        order.asFloatBuffer().get(floats.array());
        final FloatBuffer floatsBack = FloatBuffer.allocate(N);
        roundTrip("heap FloatBuffer", Pointer.to(floats), Pointer.to(floatsBack), N * 4L);
        CHECKS.check("heap FloatBuffer identical", Arrays.equals(floats.array(), floatsBack.array()));

        final DoubleBuffer doubles = ByteBuffer.allocateDirect(N * 8).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        for (int i = 0; i < N; i++)
        {
            doubles.put(i, i * 0.5);
        }
        final DoubleBuffer doublesBack = ByteBuffer.allocateDirect(N * 8).order(ByteOrder.nativeOrder())
            .asDoubleBuffer();
        roundTrip("direct DoubleBuffer", Pointer.to(doubles), Pointer.to(doublesBack), N * 8L);
        boolean same = true;
        for (int i = 0; i < N; i++)
        {
            same &= doublesBack.get(i) == i * 0.5;
        }
        CHECKS.check("direct DoubleBuffer identical", same);

        final IntBuffer ints = IntBuffer.wrap(new int[N]);
        final LongBuffer longs = LongBuffer.wrap(new long[N]);
        final ShortBuffer shorts = ShortBuffer.wrap(new short[N]);
        final CharBuffer chars = CharBuffer.wrap(new char[N]);
        for (int i = 0; i < N; i++)
        {
            ints.put(i, i * 31);
            longs.put(i, i * 1_000_000_007L);
            shorts.put(i, (short)(i * 3));
            chars.put(i, (char)(i * 5));
        }
        final IntBuffer intsBack = IntBuffer.allocate(N);
        final LongBuffer longsBack = LongBuffer.allocate(N);
        final ShortBuffer shortsBack = ShortBuffer.allocate(N);
        final CharBuffer charsBack = CharBuffer.allocate(N);
        roundTrip("heap IntBuffer", Pointer.to(ints), Pointer.to(intsBack), N * 4L);
        roundTrip("heap LongBuffer", Pointer.to(longs), Pointer.to(longsBack), N * 8L);
        roundTrip("heap ShortBuffer", Pointer.to(shorts), Pointer.to(shortsBack), N * 2L);
        roundTrip("heap CharBuffer", Pointer.to(chars), Pointer.to(charsBack), N * 2L);
        CHECKS.check("typed heap buffers identical", Arrays.equals(ints.array(), intsBack.array()) &&
            Arrays.equals(longs.array(), longsBack.array()) && Arrays.equals(shorts.array(), shortsBack.array()) &&
            Arrays.equals(chars.array(), charsBack.array()));
    }

    private static void offsetsAndDeviceToDevice()
    {
        final int[] source = new int[1000];
        for (int i = 0; i < source.length; i++)
        {
            source[i] = i + 1;
        }
        final Pointer device = new Pointer();
        CHECKS.equal("cudaMalloc for offsets", 0, cudaMalloc(device, 4000));
        CHECKS.equal("cudaMemset to zero", 0, cudaMemset(device, 0, 4000));
        // host elements [100, 300) land at device elements [500, 700)
        CHECKS.equal("host offset to device offset", 0, cudaMemcpy(device.withByteOffset(2000),
            Pointer.to(source).withByteOffset(400), 800, cudaMemcpyHostToDevice));
        final int[] back = new int[1000];
        CHECKS.equal("device to host", 0, cudaMemcpy(Pointer.to(back), device, 4000, cudaMemcpyDeviceToHost));
        boolean placed = true;
        for (int i = 0; i < 1000; i++)
        {
            final int expected = i >= 500 && i < 700 ? source[i - 400] : 0;
            placed &= back[i] == expected;
        }
        CHECKS.check("offsets on both sides", placed);

        final Pointer other = new Pointer();
        CHECKS.equal("cudaMalloc second", 0, cudaMalloc(other, 4000));
        CHECKS.equal("device to device", 0, cudaMemcpy(other, device.withByteOffset(2000), 800,
            cudaMemcpyDeviceToDevice));
        final int[] firstPart = new int[200];
        CHECKS.equal("cudaMemcpyDefault device to host", 0,
            cudaMemcpy(Pointer.to(firstPart), other, 800, cudaMemcpyDefault));
        CHECKS.check("device to device content", Arrays.equals(firstPart, Arrays.copyOfRange(source, 100, 300)));

        final int[] hostCopy = new int[1000];
        CHECKS.equal("host to host", 0, cudaMemcpy(Pointer.to(hostCopy), Pointer.to(source), 4000,
            cudaMemcpyHostToHost));
        CHECKS.check("host to host content", Arrays.equals(hostCopy, source));

        CHECKS.equal("cudaFree", 0, cudaFree(device));
        CHECKS.equal("cudaFree second", 0, cudaFree(other));
        CHECKS.equal("cudaFree(null pointer)", 0, cudaFree(new Pointer()));
    }

    private static void memset()
    {
        final Pointer device = new Pointer();
        cudaMalloc(device, 1024);
        CHECKS.equal("cudaMemset", 0, cudaMemset(device, 0xAB, 1024));
        CHECKS.equal("cudaMemset part", 0, cudaMemset(device.withByteOffset(512), 0x11, 256));
        final byte[] back = new byte[1024];
        cudaMemcpy(Pointer.to(back), device, 1024, cudaMemcpyDeviceToHost);
        boolean ok = true;
        for (int i = 0; i < 1024; i++)
        {
            ok &= back[i] == (i >= 512 && i < 768 ? (byte)0x11 : (byte)0xAB);
        }
        CHECKS.check("memset content", ok);
        cudaFree(device);
    }

    private static void pinnedHostMemory()
    {
        final Pointer pinned = new Pointer();
        CHECKS.equal("cudaMallocHost", 0, cudaMallocHost(pinned, 1 << 16));
        final ByteBuffer view = pinned.getByteBuffer(0, 1 << 16).order(ByteOrder.nativeOrder());
        CHECKS.check("pinned memory usable through getByteBuffer", view != null && view.capacity() == 1 << 16);
        final FloatBuffer floats = view.asFloatBuffer();
        for (int i = 0; i < floats.capacity(); i++)
        {
            floats.put(i, i * 0.25f);
        }
        final Pointer device = new Pointer();
        cudaMalloc(device, 1 << 16);
        CHECKS.equal("pinned to device", 0, cudaMemcpy(device, pinned, 1 << 16, cudaMemcpyHostToDevice));

        final Pointer mapped = new Pointer();
        CHECKS.equal("cudaHostAlloc", 0, cudaHostAlloc(mapped, 1 << 16, JCuda.cudaHostAllocDefault));
        CHECKS.equal("device to pinned", 0, cudaMemcpy(mapped, device, 1 << 16, cudaMemcpyDeviceToHost));
        final FloatBuffer back = mapped.getByteBuffer(0, 1 << 16).order(ByteOrder.nativeOrder()).asFloatBuffer();
        boolean same = true;
        for (int i = 0; i < back.capacity(); i++)
        {
            same &= back.get(i) == i * 0.25f;
        }
        CHECKS.check("pinned round trip", same);
        CHECKS.equal("cudaFreeHost", 0, cudaFreeHost(pinned));
        CHECKS.equal("cudaFreeHost mapped", 0, cudaFreeHost(mapped));
        cudaFree(device);
    }

    private static void refusedCopies()
    {
        final Pointer device = new Pointer();
        cudaMalloc(device, 1024);
        final byte[] host = new byte[4096];
        CHECKS.equal("copy past the end of an allocation", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, Pointer.to(host), 2048, cudaMemcpyHostToDevice));
        CHECKS.equal("last error after refused copy", cudaError.cudaErrorInvalidValue, cudaGetLastError());
        CHECKS.equal("read past the end of an allocation", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(Pointer.to(host), device.withByteOffset(1000), 100, cudaMemcpyDeviceToHost));
        CHECKS.equal("memset past the end", cudaError.cudaErrorInvalidValue, cudaMemset(device, 0, 1025));
        CHECKS.equal("host array too small", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(Pointer.to(new byte[10]), device, 100, cudaMemcpyDeviceToHost));
        cudaGetLastError();
        final byte[] back = new byte[1024];
        CHECKS.equal("allocation still usable after refusals", 0,
            cudaMemcpy(Pointer.to(back), device, 1024, cudaMemcpyDeviceToHost));
        CHECKS.equal("cudaFree", 0, cudaFree(device));
        CHECKS.equal("double free refused", cudaError.cudaErrorInvalidValue, cudaFree(device));
        CHECKS.equal("copy to a freed allocation refused", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, Pointer.to(host), 16, cudaMemcpyHostToDevice));
        cudaGetLastError();
    }

    private static void errorQueries()
    {
        cudaGetLastError();
        CHECKS.equal("no error pending", 0, cudaPeekAtLastError());
        cudaFree(new Pointer().withByteOffset(12345));
        final int peeked = cudaPeekAtLastError();
        CHECKS.check("peek reports the failure", peeked != 0, "peeked " + peeked);
        CHECKS.equal("peek keeps it", peeked, cudaPeekAtLastError());
        CHECKS.equal("get returns it", peeked, cudaGetLastError());
        CHECKS.equal("get clears it", 0, cudaGetLastError());
        CHECKS.check("error name", "cudaErrorInvalidValue".equals(cudaGetErrorName(cudaError.cudaErrorInvalidValue)),
            cudaGetErrorName(cudaError.cudaErrorInvalidValue));
        CHECKS.check("error string", "invalid argument".equals(cudaGetErrorString(cudaError.cudaErrorInvalidValue)),
            cudaGetErrorString(cudaError.cudaErrorInvalidValue));
        CHECKS.equal("cudaDeviceSynchronize", 0, cudaDeviceSynchronize());
    }

    private static void exceptionsMode()
    {
        JCuda.setExceptionsEnabled(true);
        try
        {
            final Pointer device = new Pointer();
            cudaMalloc(device, 64);
            boolean thrown = false;
            try
            {
                cudaMemcpy(device, Pointer.to(new byte[128]), 128, cudaMemcpyHostToDevice);
            }
            catch (final CudaException ex)
            {
                thrown = ex.getMessage().contains("cudaErrorInvalidValue");
            }
            CHECKS.check("exceptions mode throws CudaException", thrown);
            cudaFree(device);
        }
        finally
        {
            JCuda.setExceptionsEnabled(false);
        }
        cudaGetLastError();
        CHECKS.equal("cudaDeviceReset", 0, cudaDeviceReset());
    }

    private static void largeRoundTrip(final int mebibytes)
    {
        final int length = mebibytes << 20;
        final byte[] data = new byte[length];
        new Random(mebibytes).nextBytes(data);
        final byte[] back = new byte[length];
        final long start = System.nanoTime();
        roundTrip(mebibytes + " MiB", Pointer.to(data), Pointer.to(back), length);
        final double seconds = (System.nanoTime() - start) / 1e9;
        CHECKS.check(mebibytes + " MiB round trip byte-identical", Arrays.equals(data, back));
        System.out.printf("%d MiB round trip in %.2f s (%.2f GB/s)%n", mebibytes, seconds, 2.0 * length / seconds / 1e9);
    }

    private static void roundTrip(final String what, final Pointer host, final Pointer hostBack, final long bytes)
    {
        final Pointer device = new Pointer();
        CHECKS.equal(what + " cudaMalloc", 0, cudaMalloc(device, bytes));
        CHECKS.equal(what + " host to device", 0, cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
        CHECKS.equal(what + " device to host", 0, cudaMemcpy(hostBack, device, bytes, cudaMemcpyDeviceToHost));
        CHECKS.equal(what + " cudaFree", 0, cudaFree(device));
    }
}
