package io.gpurelay.executor.backend.emulated;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.protocol.ByteArrayPayload;

/**
 * One emulated device: its memory, shared by every session (each session owns its allocations), and what it reports
 * about itself.
 */
final class EmulatedDevice
{
    private final int ordinal;
    private final DeviceMemory memory;
    private final EmulatedDeviceProperties properties;
    private final ByteArrayPayload encodedProperties;
    private final ByteArrayPayload name;
    private final ByteArrayPayload uuid;

    EmulatedDevice(final int ordinal, final long capacity, final long baseAddress, final long firstOffset)
    {
        this.ordinal = ordinal;
        this.memory = new DeviceMemory(capacity, baseAddress, firstOffset);
        this.properties = new EmulatedDeviceProperties(ordinal, capacity);
        this.encodedProperties = new ByteArrayPayload(properties.encoded());
        this.name = new ByteArrayPayload(properties.fields().get("name").getBytes(StandardCharsets.UTF_8));
        this.uuid = new ByteArrayPayload(HexFormat.of().parseHex(properties.fields().get("uuid")));
    }

    int ordinal()
    {
        return ordinal;
    }

    DeviceMemory memory()
    {
        return memory;
    }

    EmulatedDeviceProperties properties()
    {
        return properties;
    }

    /**
     * The encoded properties as a reply payload; read-only, so one instance serves every session.
     */
    ByteArrayPayload encodedProperties()
    {
        return encodedProperties;
    }

    /**
     * The name, UTF-8, as a reply payload; read-only, so one instance serves every session.
     */
    ByteArrayPayload name()
    {
        return name;
    }

    /**
     * The 16 bytes of the UUID as a reply payload; read-only, so one instance serves every session.
     */
    ByteArrayPayload uuid()
    {
        return uuid;
    }

    void close()
    {
        memory.close();
    }
}
