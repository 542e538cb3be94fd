package io.gpurelay.agent.javacpp.struct;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * Fills JavaCPP's {@code cudaDeviceProp} from the executor's {@code name=value} properties (the wire's
 * DeviceProperties, decoded), as DevicePropertyFields fills JCuda's: every member of the struct whose name is a key
 * gets the value, written where the CUDA headers put it: numbers, comma-separated arrays, the name as NUL-padded
 * text, the uuid from 32 hex digits and the luid (any char array) from twice its length in hex digits. The struct is zeroed first, as CUDA writes all of it. Keys the layouts have no
 * member for are ignored, so an executor on a newer CUDA can send more than the client knows.
 */
public final class JavaCppDeviceProperties
{
    private static final String CUDA_DEVICE_PROP = "org.bytedeco.cuda.cudart.cudaDeviceProp";

    private JavaCppDeviceProperties()
    {
    }

    /**
     * @param cudaDeviceProp the struct to fill: a {@code cudaDeviceProp} (its position counted in structs), or any
     *                       pointer at memory of sizeof(cudaDeviceProp) bytes
     * @param values         the executor's properties, by cudaDeviceProp member name
     */
    public static void fill(final Pointer cudaDeviceProp, final Map<String, String> values)
    {
        final StructLayout layout = StructLayouts.get().layout(CUDA_DEVICE_PROP);
        if (layout == null)
        {
            throw new IllegalStateException("the agent's layouts have no cudaDeviceProp");
        }
        final long base = address(cudaDeviceProp, layout);
        UnsafeApi.setMemory(null, base, layout.size(), (byte)0);
        for (final Map.Entry<String, String> entry : values.entrySet())
        {
            final StructLayout.Member member = layout.member(entry.getKey());
            if (member == null)
            {
                continue;
            }
            try
            {
                write(base + member.offset(), member, entry.getValue().trim());
            }
            catch (final RuntimeException ex)
            {
                AgentLog.debug("device property " + entry.getKey() + "='" + entry.getValue() + "' ignored: " +
                    AgentLog.describe(ex));
            }
        }
    }

    private static long address(final Pointer pointer, final StructLayout layout)
    {
        if (pointer == null || pointer.address() == 0)
        {
            throw new NullPointerException("Pointer address of argument 0 is NULL.");
        }
        final boolean isStruct = StructLayouts.get().layoutOf(pointer.getClass()) == layout;
        final long elementSize = isStruct ? layout.size() : Math.max(1, pointer.sizeof());
        return pointer.address() + pointer.position() * elementSize;
    }

    private static void write(final long address, final StructLayout.Member member, final String value)
    {
        if (member.kind() == StructLayout.Kind.RECORD && !member.isArray())
        {
            final byte[] bytes = hexBytes(value, member.size());
            for (int i = 0; i < bytes.length; i++)
            {
                UnsafeApi.putByte(null, address + i, bytes[i]);
            }
        }
        else if (member.isArray() && member.name().equals("name") && member.size() == 1)
        {
            final byte[] text = value.getBytes(StandardCharsets.UTF_8);
            final int length = Math.min(text.length, member.length() - 1);
            for (int i = 0; i < length; i++)
            {
                UnsafeApi.putByte(null, address + i, text[i]);
            }
        }
        else if (member.isArray() && member.size() == 1 && value.matches("[0-9a-fA-F]{" + 2 * member.length() + "}"))
        {
            final byte[] bytes = hexBytes(value, member.length());
            for (int i = 0; i < bytes.length; i++)
            {
                UnsafeApi.putByte(null, address + i, bytes[i]);
            }
        }
        else if (member.isArray())
        {
            final String[] numbers = value.isEmpty() ? new String[0] : value.split(",");
            for (int i = 0; i < Math.min(numbers.length, member.length()); i++)
            {
                scalar(address + (long)i * member.size(), member.kind(), member.size(), numbers[i].trim());
            }
        }
        else if (member.kind().isScalar())
        {
            scalar(address, member.kind(), member.size(), value);
        }
    }

    private static void scalar(final long address, final StructLayout.Kind kind, final int size, final String value)
    {
        if (kind == StructLayout.Kind.FLOAT)
        {
            ScalarMemory.writeDouble(address, kind, size, Double.parseDouble(value));
        }
        else
        {
            ScalarMemory.writeLong(address, kind, size,
                value.startsWith("-") ? Long.parseLong(value) : Long.parseUnsignedLong(value));
        }
    }

    private static byte[] hexBytes(final String hex, final int size)
    {
        if (hex.length() != 2 * size)
        {
            throw new IllegalArgumentException("expected " + 2 * size + " hex digits");
        }
        final byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++)
        {
            bytes[i] = (byte)Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
