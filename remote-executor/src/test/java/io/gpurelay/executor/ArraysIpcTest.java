package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * Arrays and 2D/3D copies over the wire to an executor on the emulator, as the agent sends them: an array handle is
 * its session's alone, a copy's geometry is checked before any byte moves, and packed host rows land where the
 * pitches say.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ArraysIpcTest
{
    private static final long HOST = 1;
    private static final long DEVICE = 2;
    private static final long ARRAY = 3;
    private static final long FLOAT = 0x20;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("arrays", 1, 16L * 1024 * 1024, context -> context);

    @Test
    void anArrayHandleIsItsSessionsAlone()
    {
        final TestClient owner = EXECUTOR.connected("owner");
        final long ownerContext = context(owner);
        final long array = ok(owner.call(Function.CU_ARRAY_CREATE, ownerContext, 4, 2, 0, FLOAT, 1, 0)).value(0);
        assertEquals(4, ok(owner.call(Function.CU_ARRAY_GET_DESCRIPTOR, ownerContext, array)).value(0));

        final TestClient other = EXECUTOR.connected("other");
        final long otherContext = context(other);
        final Reply described = other.call(Function.CU_ARRAY_GET_DESCRIPTOR, otherContext, array);
        assertEquals(DriverStatus.INVALID_HANDLE, described.status());
        assertTrue(described.message().contains("no handle of this session"), described.message());
        final Reply destroyed = other.call(Function.CU_ARRAY_DESTROY, otherContext, array);
        assertEquals(DriverStatus.INVALID_HANDLE, destroyed.status(), destroyed.message());
        final Reply copied = other.callWithPayload(Function.CU_MEMCPY_3D, otherContext, new byte[16],
            copy(side(HOST, 0, 0, 0), side(ARRAY, array, 0, 0), 16, 1, 1));
        assertEquals(DriverStatus.INVALID_HANDLE, copied.status(), copied.message());

        ok(owner.call(Function.CU_ARRAY_DESTROY, ownerContext, array));
        final Reply stale = owner.call(Function.CU_ARRAY_GET_DESCRIPTOR, ownerContext, array);
        assertEquals(DriverStatus.INVALID_HANDLE, stale.status());
        assertTrue(stale.message().contains("no longer live"), stale.message());
    }

    @Test
    void packedHostRowsLandWherePitchesSayAndAnOverrunMovesNothing()
    {
        final TestClient client = EXECUTOR.connected("copies");
        final long context = context(client);
        final Reply pitched = ok(client.call(Function.CU_MEM_ALLOC_PITCH, context, 5, 3, 4));
        final long address = pitched.value(0);
        final long pitch = pitched.value(1);
        assertEquals(512, pitch, "the emulator's pitch alignment");
        ok(client.call(Function.CU_MEMSET, context, address, 0x77, pitch * 3, 1, 0));

        final byte[] rows = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
        ok(client.callWithPayload(Function.CU_MEMCPY_3D, context, rows,
            copy(side(HOST, 0, 0, 0), side(DEVICE, address, pitch, 3), 5, 3, 1)));
        final byte[] back = ok(client.call(Function.CU_MEMCPY_DTOH, context, address, pitch * 3, 0)).payload();
        for (int row = 0; row < 3; row++)
        {
            for (int column = 0; column < 8; column++)
            {
                assertEquals(column < 5 ? rows[row * 5 + column] : 0x77, back[(int)(row * pitch) + column],
                    "row " + row + ", byte " + column);
            }
        }
        final byte[] packed = ok(client.call(Function.CU_MEMCPY_3D, context,
            copy(side(DEVICE, address, pitch, 3), side(HOST, 0, 0, 0), 5, 3, 1))).payload();
        assertArrayEquals(rows, packed);

        final Reply overrun = client.callWithPayload(Function.CU_MEMCPY_3D, context, new byte[20],
            copy(side(HOST, 0, 0, 0), side(DEVICE, address, pitch, 4), 5, 4, 1));
        assertEquals(DriverStatus.INVALID_VALUE, overrun.status());
        assertTrue(overrun.message().contains("is not inside one allocation"), overrun.message());
        final Reply short_ = client.callWithPayload(Function.CU_MEMCPY_3D, context, new byte[14],
            copy(side(HOST, 0, 0, 0), side(DEVICE, address, pitch, 3), 5, 3, 1));
        assertEquals(DriverStatus.INVALID_VALUE, short_.status(), "the payload must be the packed rows");
        final Reply narrow = client.callWithPayload(Function.CU_MEMCPY_3D, context, new byte[20],
            copy(side(HOST, 0, 0, 0), side(DEVICE, address, 4, 3), 5, 2, 1));
        assertEquals(DriverStatus.INVALID_VALUE, narrow.status(), "a pitch narrower than a row");
        final long[] wrapping = copy(side(DEVICE, address, pitch, 3), side(DEVICE, address, 1L << 34, 1L << 30), 4,
            2, 1L << 30);
        wrapping[7 + 4] = (1L << 31) - 1;
        final Reply overflow = client.call(Function.CU_MEMCPY_3D, context, wrapping);
        assertEquals(DriverStatus.INVALID_VALUE, overflow.status(), "a geometry whose extent overflows");
        final Reply tooMuch = client.call(Function.CU_MEMCPY_3D, context, copy(side(DEVICE, address, 1L << 20, 128),
            side(HOST, 0, 0, 0), 1L << 20, 128, 1));
        assertEquals(DriverStatus.INVALID_VALUE, tooMuch.status(), "more host bytes than one call carries");
        assertTrue(tooMuch.message().contains("travel at a time"), tooMuch.message());
        assertArrayEquals(back, ok(client.call(Function.CU_MEMCPY_DTOH, context, address, pitch * 3, 0)).payload(),
            "no refused copy wrote a byte");
    }

    /** One side of a copy at position (0, 0, 0). */
    private static long[] side(final long type, final long address, final long pitch, final long rows)
    {
        return new long[]{ type, address, 0, 0, 0, pitch, rows };
    }

    /**
     * The arguments of a copy: source side, destination side, width, height, depth, stream 0.
     */
    private static long[] copy(final long[] source, final long[] destination, final long width, final long height,
        final long depth)
    {
        final long[] args = new long[18];
        System.arraycopy(source, 0, args, 0, 7);
        System.arraycopy(destination, 0, args, 7, 7);
        args[14] = width;
        args[15] = height;
        args[16] = depth;
        return args;
    }

    private long context(final TestClient client)
    {
        return ok(client.call(Function.CU_CTX_CREATE, 0, 0, 0)).value(0);
    }
}
