package io.gpurelay.agent.javacpp.struct;

import org.agrona.UnsafeApi;

/**
 * Reads and writes one C scalar at an absolute address, converting as C converts between the member's type and the
 * accessor's Java type (sign or zero extension, truncation, integer and floating point).
 */
final class ScalarMemory
{
    private ScalarMemory()
    {
    }

    static long readLong(final long address, final StructLayout.Kind kind, final int size)
    {
        switch (kind)
        {
            case FLOAT:
                return size == 4 ? (long)UnsafeApi.getFloat(null, address) : (long)UnsafeApi.getDouble(null, address);
            case SIGNED:
                return switch (size)
                {
                    case 1 -> UnsafeApi.getByte(null, address);
                    case 2 -> UnsafeApi.getShort(null, address);
                    case 4 -> UnsafeApi.getInt(null, address);
                    default -> UnsafeApi.getLong(null, address);
                };
            case UNSIGNED:
            case BOOL:
            case POINTER:
                return switch (size)
                {
                    case 1 -> UnsafeApi.getByte(null, address) & 0xFFL;
                    case 2 -> UnsafeApi.getShort(null, address) & 0xFFFFL;
                    case 4 -> UnsafeApi.getInt(null, address) & 0xFFFF_FFFFL;
                    default -> UnsafeApi.getLong(null, address);
                };
            default:
                throw new UnsupportedOperationException("not a scalar: " + kind);
        }
    }

    static double readDouble(final long address, final StructLayout.Kind kind, final int size)
    {
        if (kind == StructLayout.Kind.FLOAT)
        {
            return size == 4 ? UnsafeApi.getFloat(null, address) : UnsafeApi.getDouble(null, address);
        }
        final long value = readLong(address, kind, size);
        if (size == 8 && kind != StructLayout.Kind.SIGNED && value < 0)
        {
            return (double)(value >>> 1) * 2.0 + (value & 1);
        }
        return value;
    }

    static void writeLong(final long address, final StructLayout.Kind kind, final int size, final long value)
    {
        if (kind == StructLayout.Kind.FLOAT)
        {
            writeDouble(address, kind, size, value);
            return;
        }
        if (!kind.isScalar() && kind != StructLayout.Kind.POINTER)
        {
            throw new UnsupportedOperationException("not a scalar: " + kind);
        }
        final long stored = kind == StructLayout.Kind.BOOL ? (value != 0 ? 1 : 0) : value;
        switch (size)
        {
            case 1 -> UnsafeApi.putByte(null, address, (byte)stored);
            case 2 -> UnsafeApi.putShort(null, address, (short)stored);
            case 4 -> UnsafeApi.putInt(null, address, (int)stored);
            default -> UnsafeApi.putLong(null, address, stored);
        }
    }

    static void writeDouble(final long address, final StructLayout.Kind kind, final int size, final double value)
    {
        if (kind == StructLayout.Kind.FLOAT)
        {
            if (size == 4)
            {
                UnsafeApi.putFloat(null, address, (float)value);
            }
            else
            {
                UnsafeApi.putDouble(null, address, value);
            }
            return;
        }
        writeLong(address, kind, size, kind == StructLayout.Kind.BOOL ? (value != 0 ? 1 : 0) : (long)value);
    }
}
