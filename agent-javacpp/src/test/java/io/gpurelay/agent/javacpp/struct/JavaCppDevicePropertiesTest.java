package io.gpurelay.agent.javacpp.struct;

import java.util.LinkedHashMap;
import java.util.Map;

import io.gpurelay.protocol.DeviceProperties;
import org.bytedeco.javacpp.BytePointer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The executor's device properties written into memory laid out as CUDA 13's cudaDeviceProp, read back at the
 * headers' offsets through JavaCPP's core (no struct class, no agent needed).
 */
class JavaCppDevicePropertiesTest
{
    private static final StructLayout PROP = StructLayouts.get().layout("org.bytedeco.cuda.cudart.cudaDeviceProp");

    @Test
    void everyPropertyTheWireCarriesLandsAtItsMember()
    {
        final Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", "NVIDIA H100 80GB HBM3");
        fields.put("uuid", "00112233445566778899aabbccddeeff");
        fields.put("luid", "0102030405060708");
        fields.put("totalGlobalMem", "85029158912");
        fields.put("major", "9");
        fields.put("minor", "0");
        fields.put("maxThreadsDim", "1024,1024,64");
        fields.put("maxTexture2D", "131072, 65536");
        fields.put("gpuPciDeviceID", "4294967295");
        fields.put("someFieldOfANewerCuda", "1");
        fields.put("warpSize", "not a number");
        try (BytePointer memory = new BytePointer(PROP.size()))
        {
            memory.fill(0x7f);
            JavaCppDeviceProperties.fill(memory, DeviceProperties.decode(DeviceProperties.encode(fields)));

            assertEquals("NVIDIA H100 80GB HBM3", cString(memory));
            assertEquals(0x11, memory.get(offset("uuid") + 1));
            assertEquals((byte)0xff, memory.get(offset("uuid") + 15));
            assertEquals(8, memory.get(offset("luid") + 7));
            assertEquals(85029158912L, memory.getLong(offset("totalGlobalMem")));
            assertEquals(9, memory.getInt(offset("major")));
            assertEquals(64, memory.getInt(offset("maxThreadsDim") + 8));
            assertEquals(65536, memory.getInt(offset("maxTexture2D") + 4));
            assertEquals(-1, memory.getInt(offset("gpuPciDeviceID")), "unsigned int 0xffffffff");
            assertEquals(0, memory.getInt(offset("warpSize")), "a malformed value is ignored; the struct was zeroed");
            assertEquals(0, memory.get(PROP.size() - 1), "the whole struct is written");
        }
    }

    @Test
    void aNameTooLongKeepsItsTerminatingNul()
    {
        try (BytePointer memory = new BytePointer(PROP.size()))
        {
            JavaCppDeviceProperties.fill(memory, Map.of("name", "x".repeat(400)));
            assertEquals(255, cString(memory).length());
        }
    }

    @Test
    void aNullStructIsRefused()
    {
        assertThrows(NullPointerException.class, () -> JavaCppDeviceProperties.fill(new BytePointer(), Map.of()));
    }

    /**
     * The NUL-terminated text at the start (BytePointer.getString reads up to the limit instead).
     */
    private static String cString(final BytePointer memory)
    {
        final StringBuilder text = new StringBuilder();
        for (long i = 0; memory.get(i) != 0; i++)
        {
            text.append((char)memory.get(i));
        }
        return text.toString();
    }

    private static long offset(final String member)
    {
        return PROP.member(member).offset();
    }
}
