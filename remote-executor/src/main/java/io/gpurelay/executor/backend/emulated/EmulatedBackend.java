package io.gpurelay.executor.backend.emulated;

import java.util.concurrent.ThreadLocalRandom;

import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.BackendSession;

/**
 * The backend that needs no GPU: every device is a {@link io.gpurelay.emulator.memory.DeviceMemory} in this
 * process. Device {@code n}'s addresses start at {@link #BASE_ADDRESS} {@code + n *} {@link #DEVICE_ADDRESS_STRIDE},
 * so a pointer says which device it belongs to, as under CUDA's unified addressing, and pointers of two devices never
 * look alike.
 */
public final class EmulatedBackend implements Backend
{
    public static final String NAME = "emulated";

    /** Where device 0's addresses start: high enough that a small integer is never mistaken for a pointer. */
    public static final long BASE_ADDRESS = 0x7000_0000_0000L;

    public static final long DEVICE_ADDRESS_STRIDE = 0x1000_0000_0000L;

    /** The CUDA version the emulated driver and runtime report: the version the GPU backend targets. */
    public static final int CUDA_VERSION = 13000;

    /**
     * Each backend starts its devices' addresses at a random multiple of 4 GiB within the first 4 TiB of their
     * span, so that the pointers of a client whose executor restarted are refused by the new one, not mistaken for
     * its allocations.
     */
    private static final long FIRST_OFFSET_STEP = 1L << 32;
    private static final long FIRST_OFFSET_STEPS = 1024;

    private final EmulatedDevice[] devices;
    private final NvccCompiler compiler;
    private final PtxasCompiler ptxas;
    private volatile long kernelTimeoutNs;

    /**
     * @param deviceCount  how many devices to emulate.
     * @param deviceMemory bytes of memory per device; host memory is only used as allocations are made.
     */
    public EmulatedBackend(final int deviceCount, final long deviceMemory)
    {
        this(deviceCount, deviceMemory, System.getenv("PATH"));
    }

    /**
     * @param deviceCount  how many devices to emulate.
     * @param deviceMemory bytes of memory per device; host memory is only used as allocations are made.
     * @param compilerPath a {@code PATH} on which to find the {@code nvcc} that compiles NVRTC programs and the
     *                     {@code ptxas} that compiles nvPTXCompiler's PTX; null for none, which makes every such
     *                     compilation fail with a log that says so.
     */
    public EmulatedBackend(final int deviceCount, final long deviceMemory, final String compilerPath)
    {
        if (deviceCount < 1)
        {
            throw new IllegalArgumentException("an emulated backend needs at least one device: " + deviceCount);
        }
        if (deviceMemory <= 0 || deviceMemory >= DEVICE_ADDRESS_STRIDE)
        {
            throw new IllegalArgumentException("emulated device memory must be between 1 byte and " +
                DEVICE_ADDRESS_STRIDE + " bytes: " + deviceMemory);
        }
        compiler = NvccCompiler.onPath(compilerPath);
        ptxas = PtxasCompiler.onPath(compilerPath);
        devices = new EmulatedDevice[deviceCount];
        final long firstOffset = ThreadLocalRandom.current().nextLong(FIRST_OFFSET_STEPS) * FIRST_OFFSET_STEP;
        for (int ordinal = 0; ordinal < deviceCount; ordinal++)
        {
            devices[ordinal] = new EmulatedDevice(
                ordinal, deviceMemory, BASE_ADDRESS + ordinal * DEVICE_ADDRESS_STRIDE, firstOffset);
        }
    }

    /**
     * How long one kernel launch may run before it fails with a launch timeout; 0 (the default) for no limit.
     */
    public EmulatedBackend kernelTimeoutNs(final long kernelTimeoutNs)
    {
        if (kernelTimeoutNs < 0)
        {
            throw new IllegalArgumentException("kernel timeout must not be negative: " + kernelTimeoutNs);
        }
        this.kernelTimeoutNs = kernelTimeoutNs;
        return this;
    }

    public String name()
    {
        return NAME;
    }

    public int deviceCount()
    {
        return devices.length;
    }

    /**
     * Bytes of memory of each device.
     */
    public long deviceMemory()
    {
        return devices[0].memory().capacity();
    }

    public BackendSession openSession(final long sessionId)
    {
        return new EmulatedBackendSession(sessionId, devices, compiler, ptxas, kernelTimeoutNs);
    }

    public void close()
    {
        for (final EmulatedDevice device : devices)
        {
            device.close();
        }
    }
}
