package io.gpurelay.agent.jcuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.PitchedCopy;

import jcuda.Pointer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * How a 2D/3D copy with a host side becomes calls: at most {@link PitchedCopy#CHUNK_BYTES} host bytes each, bands of
 * rows of one slice or pieces of one row, each carrying exactly the rows it copies, packed, and placing what comes
 * back at the host's pitch without touching the bytes between rows.
 */
class PitchedCopyTest
{
    private static final long DEVICE_ADDRESS = 0x7000_0000_0000L;

    @Test
    void aHostSourceTravelsAsBandsOfPackedRows() throws HostRangeException
    {
        final int width = 3 * 1024 * 1024;
        final int pitch = width + 5;
        final int height = 5;
        final byte[] host = new byte[pitch * height];
        for (int i = 0; i < host.length; i++)
        {
            host[i] = (byte)(i * 31 + 7);
        }
        final List<long[]> calls = new ArrayList<>();
        final List<byte[]> payloads = new ArrayList<>();
        final int status = PitchedCopy.run(JCudaHostRanges.pitchedSide(Pointer.to(host), 0, 0, 0, pitch, height),
            PitchedCopy.Side.device(DEVICE_ADDRESS, 0, 0, 0, 4 * 1024 * 1024, height), width, height, 1, 0,
            (args, payload, sink) ->
            {
                calls.add(args);
                final byte[] bytes = new byte[(int)payload.length()];
                payload.copyTo(0, new UnsafeBuffer(bytes), 0, bytes.length);
                payloads.add(bytes);
                return 0;
            });
        assertEquals(0, status);
        assertEquals(3, calls.size(), "two rows of 3 MiB to a call of at most 8 MiB");
        int row = 0;
        for (int call = 0; call < calls.size(); call++)
        {
            final long[] args = calls.get(call);
            final long rows = args[15];
            assertEquals(row, args[7 + 3], "the device side starts at the band's row");
            assertEquals(width, args[14]);
            assertEquals(width * rows, payloads.get(call).length);
            for (int r = 0; r < rows; r++)
            {
                assertArrayEquals(Arrays.copyOfRange(host, (row + r) * pitch, (row + r) * pitch + width),
                    Arrays.copyOfRange(payloads.get(call), r * width, (r + 1) * width), "row " + (row + r));
            }
            row += rows;
        }
        assertEquals(height, row);
    }

    @Test
    void aRowWiderThanAChunkIsCutAndLandsAtTheHostsPitch() throws HostRangeException
    {
        final int width = 9 * 1024 * 1024;
        final int pitch = width + 3;
        final byte[] host = new byte[pitch * 2];
        Arrays.fill(host, (byte)0x55);
        final List<long[]> calls = new ArrayList<>();
        final int status = PitchedCopy.run(PitchedCopy.Side.array(0x0e00_0000_0000_0001L, 0, 0, 0),
            JCudaHostRanges.pitchedSide(Pointer.to(host), 0, 0, 0, pitch, 2), width, 2, 1, 0, (args, payload, sink) ->
            {
                calls.add(args);
                final byte[] bytes = new byte[(int)(args[14] * args[15])];
                Arrays.fill(bytes, (byte)(calls.size()));
                sink.begin(bytes.length);
                sink.write(0, new UnsafeBuffer(bytes), 0, bytes.length);
                return 0;
            });
        assertEquals(0, status);
        assertEquals(4, calls.size(), "each row in two pieces");
        assertEquals(8L * 1024 * 1024, calls.get(1)[2], "the second piece starts 8 MiB into the array's row");
        assertEquals(1, calls.get(2)[3], "the third piece is the second row");
        for (int row = 0; row < 2; row++)
        {
            for (int x : new int[]{ 0, 8 * 1024 * 1024 - 1, 8 * 1024 * 1024, width - 1 })
            {
                assertEquals(row * 2 + (x < 8 * 1024 * 1024 ? 1 : 2), host[row * pitch + x],
                    "row " + row + " x " + x);
            }
        }
        assertEquals(0x55, host[pitch - 1], "the bytes between rows are untouched");
    }

    @Test
    void aHostBufferThatDoesNotHoldEveryTouchedByteIsRefusedBeforeAnyCall()
    {
        final byte[] host = new byte[100];
        final int[] calls = { 0 };
        assertThrows(HostRangeException.class, () -> PitchedCopy.run(
            JCudaHostRanges.pitchedSide(Pointer.to(host), 0, 0, 0, 40, 3),
            PitchedCopy.Side.device(DEVICE_ADDRESS, 0, 0, 0, 64, 3), 30, 3, 1, 0, (args, payload, sink) ->
            {
                calls[0]++;
                return 0;
            }));
        assertThrows(HostRangeException.class, () -> PitchedCopy.run(
            JCudaHostRanges.pitchedSide(Pointer.to(host), 0, 0, 0, 20, 3),
            PitchedCopy.Side.device(DEVICE_ADDRESS, 0, 0, 0, 64, 3), 30, 3, 1, 0, (args, payload, sink) ->
            {
                calls[0]++;
                return 0;
            }), "a pitch narrower than the rows");
        assertEquals(0, calls[0]);
    }
}
