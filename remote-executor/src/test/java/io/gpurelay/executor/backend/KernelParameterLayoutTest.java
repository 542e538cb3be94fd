package io.gpurelay.executor.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.protocol.Api;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KernelParameterLayoutTest
{
    /** saxpy(int n, float a, const float *x, float *y), as cuFuncGetParamInfo reports it. */
    private final KernelParameterLayout saxpy = new KernelParameterLayout("saxpy", new int[]{ 0, 4, 8, 16 },
        new int[]{ 4, 4, 8, 8 }, new String[]{ "4 bytes at offset 0", "4 bytes at offset 4", "8 bytes at offset 8",
            "8 bytes at offset 16" });

    /** addOffset(char enabled, float *y, int n): the pointer is aligned to 8, the buffer ends at 20. */
    private final KernelParameterLayout addOffset = new KernelParameterLayout("addOffset", new int[]{ 0, 8, 16 },
        new int[]{ 1, 8, 4 }, new String[]{ ".param .u8 (1 bytes)", ".param .u64 (8 bytes)", ".param .u32 (4 bytes)" });

    private final CallResult result = new CallResult();

    @BeforeEach
    void startCall()
    {
        result.reset(Api.DRIVER);
    }

    @Test
    void theBufferEndsWhereTheLastParameterEnds()
    {
        assertEquals(24, saxpy.bufferSize());
        assertEquals(20, addOffset.bufferSize());
        assertEquals(0, new KernelParameterLayout("none", new int[0], new int[0], new String[0]).bufferSize());
    }

    @Test
    void putsEachParameterAtItsOffset()
    {
        final byte[] sent = little(13).put((byte)1).putLong(0x1122_3344_5566_7788L).putInt(42).array();

        final byte[] buffer = addOffset.parameterBuffer(3, i -> new long[]{ 1, 8, 4 }[i], new UnsafeBuffer(sent),
            result);

        final ByteBuffer expected = little(20).put(0, (byte)1).putLong(8, 0x1122_3344_5566_7788L).putInt(16, 42);
        assertArrayEquals(expected.array(), buffer);
        assertEquals(0, result.status());
    }

    @Test
    void refusesAWrongCountOrSizeNamingKernelAndParameter()
    {
        assertNull(saxpy.parameterBuffer(3, i -> 4, new UnsafeBuffer(new byte[16]), result));
        assertEquals("kernel 'saxpy' takes 4 parameters, got 3", result.message());

        result.reset();
        assertNull(saxpy.parameterBuffer(4, i -> 4, new UnsafeBuffer(new byte[16]), result));
        assertEquals("kernel 'saxpy' parameter 2: got 4 bytes, the kernel declares 8 bytes at offset 8",
            result.message());
        assertEquals(1, result.status());

        result.reset();
        assertNull(saxpy.parameterBuffer(4, i -> new long[]{ 4, 4, 8, 8 }[i], new UnsafeBuffer(new byte[20]), result));
        assertEquals("kernel 'saxpy': the parameters' sizes add up to 24 bytes, the call carries 20",
            result.message());
    }

    @Test
    void takesAReadyBufferThatHoldsEveryParameter()
    {
        final byte[] ready = new byte[24];
        ready[23] = 9;
        assertArrayEquals(ready, saxpy.parameterBuffer(KernelParameterLayout.READY_BUFFER, i -> 0,
            new UnsafeBuffer(ready), result));

        assertNull(saxpy.parameterBuffer(KernelParameterLayout.READY_BUFFER, i -> 0, new UnsafeBuffer(new byte[20]),
            result));
        assertEquals("kernel 'saxpy' takes a parameter buffer of 24 bytes, got 20", result.message());
    }

    @Test
    void describesItselfForMessages()
    {
        assertEquals("addOffset(1 bytes at 0, 8 bytes at 8, 4 bytes at 16)", addOffset.toString());
    }

    private static ByteBuffer little(final int size)
    {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
