package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuDeviceGet;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;

import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;

/**
 * One GPU the executor serves: which of the host's devices it is, and what it reports about itself, read once when
 * the backend starts (a device's properties do not change while it runs).
 */
final class GpuDevice
{
    private final int physicalOrdinal;
    private final int handle;
    private final String name;
    private final long totalMemory;
    private final ByteArrayPayload encodedProperties;
    private final ByteArrayPayload namePayload;
    private final ByteArrayPayload uuid;
    private final String uuidText;

    GpuDevice(final int physicalOrdinal)
    {
        final int[] device = new int[1];
        final int result = cuDeviceGet(device, physicalOrdinal);
        if (result != CUDA_SUCCESS)
        {
            throw new IllegalStateException("cuDeviceGet " + physicalOrdinal + " failed: " +
                GpuRuntime.errorName(result));
        }
        final Map<String, String> properties = GpuDeviceProperties.read(physicalOrdinal);
        this.physicalOrdinal = physicalOrdinal;
        this.handle = device[0];
        this.name = properties.get("name");
        this.totalMemory = Long.parseLong(properties.get("totalGlobalMem"));
        this.encodedProperties = new ByteArrayPayload(DeviceProperties.encode(properties));
        this.namePayload = new ByteArrayPayload(name.getBytes(StandardCharsets.UTF_8));
        this.uuid = new ByteArrayPayload(HexFormat.of().parseHex(properties.get("uuid")));
        this.uuidText = uuidText(properties.get("uuid"));
    }

    /**
     * A device's UUID as NVML and {@code nvidia-smi -L} write it: {@code GPU-} and the 16 bytes in the groups of a
     * UUID, e.g. {@code GPU-5c3a1e0f-1b2c-3d4e-5f60-718293a4b5c6}.
     */
    static String uuidText(final String hex)
    {
        if (hex.length() != 32)
        {
            throw new IllegalArgumentException("a device UUID is 16 bytes, not '" + hex + "'");
        }
        final String lower = hex.toLowerCase(Locale.ROOT);
        return "GPU-" + lower.substring(0, 8) + "-" + lower.substring(8, 12) + "-" + lower.substring(12, 16) + "-" +
            lower.substring(16, 20) + "-" + lower.substring(20);
    }

    /**
     * The UUID as {@link #uuidText(String)} writes it: how NVML finds this device.
     */
    String uuidText()
    {
        return uuidText;
    }

    int physicalOrdinal()
    {
        return physicalOrdinal;
    }

    /**
     * The driver's {@code CUdevice} for it.
     */
    int handle()
    {
        return handle;
    }

    String name()
    {
        return name;
    }

    long totalMemory()
    {
        return totalMemory;
    }

    /**
     * The properties as {@link DeviceProperties} text, as a reply payload; read-only, so one serves every session.
     */
    ByteArrayPayload encodedProperties()
    {
        return encodedProperties;
    }

    /**
     * The name, UTF-8, as a reply payload; read-only, so one serves every session.
     */
    ByteArrayPayload namePayload()
    {
        return namePayload;
    }

    /**
     * The 16 bytes of the UUID as a reply payload; read-only, so one serves every session.
     */
    ByteArrayPayload uuid()
    {
        return uuid;
    }
}
