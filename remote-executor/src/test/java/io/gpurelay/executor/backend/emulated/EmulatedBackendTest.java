package io.gpurelay.executor.backend.emulated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.ReleasedResources;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EmulatedBackendTest
{
    private static final long MEMORY = 1024 * 1024;

    private final EmulatedBackend backend = new EmulatedBackend(2, MEMORY);
    private final CallResult result = new CallResult();

    @AfterEach
    void close()
    {
        backend.close();
    }

    /**
     * The attribute codes of CUDA's {@code cudaDeviceAttr} and the {@code cudaDeviceProp} fields they report.
     */
    @Test
    void attributesReportTheSameNumbersAsTheProperties()
    {
        final EmulatedDeviceProperties properties = new EmulatedDeviceProperties(1, MEMORY);
        final Map<String, String> fields = properties.fields();
        final Object[][] attributeOfField = {
            { 1, "maxThreadsPerBlock", 0 }, { 2, "maxThreadsDim", 0 }, { 3, "maxThreadsDim", 1 },
            { 4, "maxThreadsDim", 2 }, { 5, "maxGridSize", 0 }, { 6, "maxGridSize", 1 }, { 7, "maxGridSize", 2 },
            { 8, "sharedMemPerBlock", 0 }, { 9, "totalConstMem", 0 }, { 10, "warpSize", 0 }, { 11, "memPitch", 0 },
            { 12, "regsPerBlock", 0 }, { 13, "clockRate", 0 }, { 14, "textureAlignment", 0 },
            { 15, "deviceOverlap", 0 }, { 16, "multiProcessorCount", 0 }, { 17, "kernelExecTimeoutEnabled", 0 },
            { 18, "integrated", 0 }, { 19, "canMapHostMemory", 0 }, { 20, "computeMode", 0 },
            { 31, "concurrentKernels", 0 }, { 32, "ECCEnabled", 0 }, { 33, "pciBusID", 0 },
            { 34, "pciDeviceID", 0 }, { 36, "memoryClockRate", 0 }, { 37, "memoryBusWidth", 0 },
            { 38, "l2CacheSize", 0 }, { 39, "maxThreadsPerMultiProcessor", 0 }, { 40, "asyncEngineCount", 0 },
            { 41, "unifiedAddressing", 0 }, { 75, "major", 0 }, { 76, "minor", 0 },
            { 81, "sharedMemPerMultiprocessor", 0 }, { 82, "regsPerMultiprocessor", 0 }, { 83, "managedMemory", 0 },
            { 97, "sharedMemPerBlockOptin", 0 }
        };
        for (final Object[] entry : attributeOfField)
        {
            final int attribute = (Integer)entry[0];
            final String field = (String)entry[1];
            final String expected = fields.get(field).split(",")[(Integer)entry[2]];
            assertTrue(properties.hasAttribute(attribute), "attribute " + attribute);
            assertEquals(expected, Integer.toString(properties.attribute(attribute)), field);
        }
        assertFalse(properties.hasAttribute(9999));
    }

    @Test
    void describesAPlausibleComputeCapabilityNineDevice()
    {
        final BackendSession session = backend.openSession(1);
        session.getDeviceProperties(1, reset());
        final Map<String, String> fields = DeviceProperties.decode(bytes(result.payload()));

        assertEquals("gpurelay emulated device 1", fields.get("name"));
        assertEquals(Long.toString(MEMORY), fields.get("totalGlobalMem"));
        assertEquals("9", fields.get("major"));
        assertEquals("0", fields.get("minor"));
        assertEquals("132", fields.get("multiProcessorCount"));
        assertEquals("2147483647,65535,65535", fields.get("maxGridSize"));
        assertEquals("232448", fields.get("sharedMemPerBlockOptin"));
        assertEquals("17", fields.get("pciBusID"));
        assertTrue(fields.get("uuid").matches("[0-9a-f]{32}"), fields.get("uuid"));
        assertEquals(EmulatedDeviceProperties.uuid(1), fields.get("uuid"));
        assertNotEquals(EmulatedDeviceProperties.uuid(0), EmulatedDeviceProperties.uuid(1));
        session.close();
    }

    @Test
    void followsTheRuntimesMemoryRules()
    {
        final BackendSession session = backend.openSession(1);
        final BackendContext device0 = session.createContext(0, 0, reset());
        final BackendContext device1 = session.createContext(1, 0, reset());

        session.malloc(device0, 0, reset());
        assertEquals(0, result.values()[0]);
        session.malloc(device0, MEMORY + 1, reset());
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, result.status());
        session.free(device0, 0, reset());
        assertFalse(result.failed());

        session.malloc(device0, 1000, reset());
        final long address = result.values()[0];
        session.memGetInfo(device0, reset());
        assertEquals(MEMORY - 1024, result.values()[0]);
        assertEquals(MEMORY, result.values()[1]);

        final PayloadSink sink = session.memcpyHostToDevice(device0, null, address, 1000, reset());
        assertTrue(sink.begin(1000));
        final byte[] data = new byte[1000];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = (byte)i;
        }
        sink.write(0, new UnsafeBuffer(data), 0, 600);
        sink.write(600, new UnsafeBuffer(data), 600, 400);
        session.memcpyDeviceToHost(device1, null, address, 1000, reset());
        assertArrayEquals(data, bytes(result.payload()), "a pointer works whatever the current device");

        assertNull(session.memcpyHostToDevice(device0, null, address + 1, 1000, reset()));
        assertEquals(RuntimeStatus.INVALID_VALUE, result.status());

        final ReleasedResources released = session.close();
        assertEquals(new ReleasedResources(1, 1000), released);
        session.memGetInfo(device0, reset());
        assertEquals(MEMORY, result.values()[0]);
    }

    @Test
    void destroyingAContextFreesWhatWasAllocatedThroughIt()
    {
        final BackendSession session = backend.openSession(1);
        final BackendContext kept = session.createContext(0, 0, reset());
        final BackendContext destroyed = session.createContext(0, 0, reset());
        session.malloc(kept, 256, reset());
        final long keptAddress = result.values()[0];
        session.malloc(destroyed, 512, reset());
        final long destroyedAddress = result.values()[0];

        session.memset(kept, null, destroyedAddress, 7, 512, 1, reset());
        assertFalse(result.failed(), "memory of one context is usable from another of the session");
        session.destroyContext(destroyed);

        session.memset(kept, null, destroyedAddress, 7, 512, 1, reset());
        assertEquals(RuntimeStatus.INVALID_VALUE, result.status());
        session.memset(kept, null, keptAddress, 7, 64, 4, reset());
        assertFalse(result.failed());
        assertEquals(new ReleasedResources(1, 256), session.close());
    }

    @Test
    void isolatesSessions()
    {
        final BackendSession first = backend.openSession(1);
        final BackendSession second = backend.openSession(2);
        first.malloc(first.createContext(1, 0, reset()), 256, reset());
        final long address = result.values()[0];
        final BackendContext secondContext = second.createContext(1, 0, reset());

        second.memset(secondContext, null, address, 0, 256, 1, reset());
        assertEquals(RuntimeStatus.INVALID_VALUE, result.status());
        second.free(secondContext, address, reset());
        assertEquals(RuntimeStatus.INVALID_VALUE, result.status());
        assertEquals(ReleasedResources.NONE, second.close());
        assertEquals(new ReleasedResources(1, 256), first.close());
    }

    private CallResult reset()
    {
        result.reset();
        return result;
    }

    private static byte[] bytes(final PayloadSource source)
    {
        final ByteArrayPayload copy = new ByteArrayPayload();
        copy.begin(source.length());
        final UnsafeBuffer buffer = new UnsafeBuffer(copy.bytes());
        source.copyTo(0, buffer, 0, (int)source.length());
        return copy.bytes();
    }
}
