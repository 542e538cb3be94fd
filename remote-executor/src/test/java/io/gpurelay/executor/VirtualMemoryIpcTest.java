package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.vectorAdd;
import static io.gpurelay.executor.MemoryProperties.ACCESS_READ;
import static io.gpurelay.executor.MemoryProperties.ACCESS_READ_WRITE;
import static io.gpurelay.executor.MemoryProperties.ALLOCATION_TYPE_PINNED;
import static io.gpurelay.executor.MemoryProperties.HANDLE_TYPE_POSIX_FD;
import static io.gpurelay.executor.MemoryProperties.LOCATION_DEVICE;
import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.executor.TestClient.upload;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MEMSET;
import static io.gpurelay.protocol.Function.CU_MEM_ADDRESS_FREE;
import static io.gpurelay.protocol.Function.CU_MEM_ADDRESS_RESERVE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MEM_CREATE;
import static io.gpurelay.protocol.Function.CU_MEM_GET_ACCESS;
import static io.gpurelay.protocol.Function.CU_MEM_GET_ALLOCATION_GRANULARITY;
import static io.gpurelay.protocol.Function.CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE;
import static io.gpurelay.protocol.Function.CU_MEM_RETAIN_ALLOCATION_HANDLE;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CU_MEM_MAP;
import static io.gpurelay.protocol.Function.CU_MEM_RELEASE;
import static io.gpurelay.protocol.Function.CU_MEM_SET_ACCESS;
import static io.gpurelay.protocol.Function.CU_MEM_UNMAP;
import static io.gpurelay.protocol.Function.CU_POINTER_SET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Virtual memory management over the wire to an executor on the emulator, with a session memory quota: a physical
 * allocation is a handle of the session counted against its quota and in what the session holds; a mapped range is
 * device memory of the session for copies, memsets and kernels once it has read/write access, and not before or
 * after; another session's reservations and handles, ranges outside the session's reservations and unaligned sizes
 * are refused by name; a session's end gives everything back.
 */
class VirtualMemoryIpcTest
{
    private static final long DEVICE_MEMORY = 32L << 20;
    private static final long SESSION_MEMORY = 8L << 20;
    private static final long GRANULARITY = 2L << 20;
    private static final int N = 1024;

    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("vmm", 2, DEVICE_MEMORY,
        context -> context.sessionMemoryBytes(SESSION_MEMORY));

    @Test
    void aMappedRangeIsTheSessionsMemoryOnceItHasAccessAndTwoMappingsShowTheSameBytes() throws IOException
    {
        final TestClient client = EXECUTOR.connected("mapped");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        assertEquals(GRANULARITY, ok(client.call(CU_MEM_GET_ALLOCATION_GRANULARITY, context, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 0, 0, 0))
            .value(0));
        assertEquals(GRANULARITY, ok(client.call(CU_MEM_GET_ALLOCATION_GRANULARITY, 0, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 1, 0, 1))
            .value(0), "the recommended granularity, with no context");
        final long freeBefore = ok(client.call(CU_MEM_GET_INFO, context)).value(0);

        final long reservation = ok(client.call(CU_MEM_ADDRESS_RESERVE, context, 2 * GRANULARITY, 0, 0, 0)).value(0);
        assertEquals(0, reservation % GRANULARITY, "aligned to the granularity");
        assertEquals(freeBefore, ok(client.call(CU_MEM_GET_INFO, context)).value(0), "a reservation costs nothing");
        final long handle = create(client, context, GRANULARITY, 0);
        assertEquals(23, handle >>> 56, "a physical allocation's handle kind");
        assertEquals(freeBefore - GRANULARITY, ok(client.call(CU_MEM_GET_INFO, context)).value(0),
            "the quota counts the physical allocation");
        awaitSessionMemory("mapped", GRANULARITY);
        assertArrayEquals(new long[]{ ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 0, 0, 0, 0, 0 },
            ok(client.call(CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, context, handle)).values());

        ok(client.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, handle, 0));
        final Reply beforeAccess = client.call(CU_MEMSET, context, reservation, 0, N, 1, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, beforeAccess.status(), "mapped but without access");
        assertEquals(0, ok(client.call(CU_MEM_GET_ACCESS, context, LOCATION_DEVICE, 0, reservation)).value(0));
        ok(client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE));
        assertEquals(ACCESS_READ_WRITE, ok(client.call(CU_MEM_GET_ACCESS, context, LOCATION_DEVICE, 0, reservation + 4096)).value(0));
        assertEquals(0, ok(client.call(CU_MEM_GET_ACCESS, context, LOCATION_DEVICE, 1, reservation)).value(0),
            "device 1 has no access");

        // A copy, a kernel and a memset reach the mapped range.
        final float[] values = new float[N];
        for (int i = 0; i < N; i++)
        {
            values[i] = i + 0.25f;
        }
        assertArrayEquals(new float[N], download(client, context, reservation, N), "fresh memory reads as zero");
        upload(client, context, reservation, values);
        final long b = allocUpload(client, context, values);
        final long sums = reservation + 4L * N;
        final long function = vectorAdd(client, context);
        final KernelLaunch launch =
            KernelLaunch.of(function, (N + 255) / 256, 256).pointer(reservation).pointer(b).pointer(sums).int32(N);
        client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(launch.payload()), true, launch.args());
        final float[] read = download(client, context, sums, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(2 * values[i], read[i], "sum " + i);
        }
        ok(client.call(CU_MEMSET, context, reservation + 8L * N, 0x3F80_0000L, N, 4, DEFAULT_STREAM));
        final Reply pastTheMapping = client.call(CU_MEMSET, context, reservation + GRANULARITY - 4, 0, 2, 4,
            DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, pastTheMapping.status(), "the second half is not mapped");

        // The same allocation mapped a second time shows the same bytes.
        final long second = reservation + GRANULARITY;
        ok(client.call(CU_MEM_MAP, context, second, GRANULARITY, 0, handle, 0));
        ok(client.call(CU_MEM_SET_ACCESS, context, second, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE));
        assertArrayEquals(read, download(client, context, second + 4L * N, N), "the sums through the alias");
        final float[] ones = download(client, context, second + 8L * N, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(1.0f, ones[i], "the memset through the alias, " + i);
        }
        ok(client.call(CU_MEMSET, context, second, 0, 4, 1, DEFAULT_STREAM));
        assertEquals(0.0f, download(client, context, reservation, 1)[0], "a write through the alias");

        // A mapped address gives back the handle that mapped it, with one more reference.
        assertEquals(handle, ok(client.call(CU_MEM_RETAIN_ALLOCATION_HANDLE, context, second + 12_345)).value(0));
        ok(client.call(CU_MEM_RELEASE, context, handle));
        ok(client.call(CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, context, handle));
        final Reply unmappedAddress = client.call(CU_MEM_RETAIN_ALLOCATION_HANDLE, context, second + GRANULARITY);
        assertEquals(DriverStatus.INVALID_VALUE, unmappedAddress.status());
        assertTrue(unmappedAddress.message().contains("is not inside a mapping (cuMemMap) of this session"),
            unmappedAddress.message());

        // Released while mapped: the handle is gone, the memory stays until the last unmap, as in CUDA.
        ok(client.call(CU_MEM_RELEASE, context, handle));
        final Reply stale = client.call(CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, context, handle);
        assertEquals(DriverStatus.INVALID_VALUE, stale.status());
        assertTrue(stale.message().contains("was released (cuMemRelease)"), stale.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_MEM_RELEASE, context, handle).status(), "twice");
        final Reply mapReleased = client.call(CU_MEM_MAP, context, reservation + GRANULARITY, GRANULARITY, 0, handle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, mapReleased.status());
        assertTrue(mapReleased.message().contains("was released"), mapReleased.message());
        // ... and a mapped address takes it back, until it is released again.
        assertEquals(handle, ok(client.call(CU_MEM_RETAIN_ALLOCATION_HANDLE, context, reservation)).value(0));
        ok(client.call(CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, context, handle));
        ok(client.call(CU_MEM_RELEASE, context, handle));
        assertEquals(freeBefore - GRANULARITY - 4L * N, ok(client.call(CU_MEM_GET_INFO, context)).value(0),
            "still counted while mapped, with the malloc");
        awaitSessionMemory("mapped", GRANULARITY + 4L * N);
        assertEquals(1.0f, download(client, context, reservation + 8L * N, 1)[0]);

        ok(client.call(CU_MEM_UNMAP, context, reservation, 2 * GRANULARITY));
        final Reply afterUnmap = client.call(CU_MEMSET, context, reservation, 0, N, 1, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, afterUnmap.status(), "unmapped memory is no longer the session's");
        assertEquals(freeBefore - 4L * N, ok(client.call(CU_MEM_GET_INFO, context)).value(0),
            "the physical memory went with its last mapping; the malloc is left");
        awaitSessionMemory("mapped", 4L * N);
        ok(client.call(CU_MEM_ADDRESS_FREE, context, reservation, 2 * GRANULARITY));
        final Reply twice = client.call(CU_MEM_ADDRESS_FREE, context, reservation, 2 * GRANULARITY);
        assertEquals(DriverStatus.INVALID_VALUE, twice.status());
        assertTrue(twice.message().contains("is not a whole address reservation of this session"), twice.message());
    }

    @Test
    void badSizesRangesAndPropertiesAreRefusedByName() throws IOException
    {
        final TestClient client = EXECUTOR.connected("refusals");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply unalignedReservation = client.call(CU_MEM_ADDRESS_RESERVE, context, GRANULARITY / 2, 0, 0, 0);
        assertEquals(DriverStatus.INVALID_VALUE, unalignedReservation.status());
        assertTrue(unalignedReservation.message().startsWith("cuMemAddressReserve: size 1048576 is not a positive " +
            "multiple"), unalignedReservation.message());
        final Reply unalignedCreate = client.call(CU_MEM_CREATE, context, GRANULARITY + 4096, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 0, 0,
            0, 0, 0, 0);
        assertEquals(DriverStatus.INVALID_VALUE, unalignedCreate.status(), unalignedCreate.message());
        final Reply overQuota = client.call(CU_MEM_CREATE, context, SESSION_MEMORY + GRANULARITY, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 0,
            0, 0, 0, 0, 0);
        assertEquals(DriverStatus.OUT_OF_MEMORY, overQuota.status());
        assertTrue(overQuota.message().contains("cuMemCreate of " + (SESSION_MEMORY + GRANULARITY) +
            " bytes refused"), overQuota.message());
        final Reply shareable = client.call(CU_MEM_CREATE, context, GRANULARITY, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 0,
            HANDLE_TYPE_POSIX_FD, 0, 0, 0, 0);
        assertEquals(DriverStatus.NOT_SUPPORTED, shareable.status());
        assertTrue(shareable.message().contains("operating-system handles of the executor's host"),
            shareable.message());
        assertEquals(DriverStatus.INVALID_DEVICE,
            client.call(CU_MEM_CREATE, context, GRANULARITY, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, 2, 0, 0, 0, 0, 0).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEM_CREATE, context, GRANULARITY, 0, LOCATION_DEVICE, 0, 0, 0, 0, 0, 0).status(), "not pinned");
        assertEquals(DriverStatus.INVALID_CONTEXT,
            client.call(CU_MEM_ADDRESS_RESERVE, 0, GRANULARITY, 0, 0, 0).status(), "a reservation needs a context");

        final long reservation = ok(client.call(CU_MEM_ADDRESS_RESERVE, context, 2 * GRANULARITY, 0, 0, 0)).value(0);
        final long handle = create(client, context, GRANULARITY, 0);
        final Reply outside = client.call(CU_MEM_MAP, context, reservation + 2 * GRANULARITY, GRANULARITY, 0, handle,
            0);
        assertEquals(DriverStatus.INVALID_VALUE, outside.status());
        assertTrue(outside.message().contains("is not inside one address reservation of this session"),
            outside.message());
        final Reply unaligned = client.call(CU_MEM_MAP, context, reservation + 4096, GRANULARITY, 0, handle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, unaligned.status());
        assertTrue(unaligned.message().contains("must be multiples of the allocation granularity"),
            unaligned.message());
        final Reply pastTheEnd = client.call(CU_MEM_MAP, context, reservation, 2 * GRANULARITY, 0, handle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, pastTheEnd.status());
        assertTrue(pastTheEnd.message().contains("run past the end"), pastTheEnd.message());
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        final Reply wrongKind = client.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, stream, 0);
        assertEquals(DriverStatus.INVALID_VALUE, wrongKind.status());
        assertTrue(wrongKind.message().contains("it is a stream handle"), wrongKind.message());

        ok(client.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, handle, 0));
        final Reply overlap = client.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, handle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, overlap.status());
        assertTrue(overlap.message().contains("overlaps the mapping"), overlap.message());
        final Reply part = client.call(CU_MEM_UNMAP, context, reservation, GRANULARITY / 2);
        assertEquals(DriverStatus.INVALID_VALUE, part.status());
        assertTrue(part.message().contains("must cover whole mappings"), part.message());
        final Reply unmapped = client.call(CU_MEM_SET_ACCESS, context, reservation, 2 * GRANULARITY, 1, LOCATION_DEVICE, 0,
            ACCESS_READ_WRITE);
        assertEquals(DriverStatus.INVALID_VALUE, unmapped.status(), "half of it is not mapped");
        final Reply readOnly = client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ);
        assertEquals(DriverStatus.NOT_SUPPORTED, readOnly.status());
        assertTrue(readOnly.message().contains("read-only access"), readOnly.message());
        final Reply peer = client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 1,
            ACCESS_READ_WRITE);
        assertEquals(DriverStatus.NOT_SUPPORTED, peer.status());
        assertTrue(peer.message().contains("peer access"), peer.message());
        final Reply stillMapped = client.call(CU_MEM_ADDRESS_FREE, context, reservation, 2 * GRANULARITY);
        assertEquals(DriverStatus.INVALID_VALUE, stillMapped.status());
        assertTrue(stillMapped.message().contains("still has 1 mapping(s)"), stillMapped.message());

        // Access, then taken away again.
        ok(client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE));
        ok(client.call(CU_MEMSET, context, reservation, 7, 16, 1, DEFAULT_STREAM));
        ok(client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, 0));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEMSET, context, reservation, 7, 16, 1, DEFAULT_STREAM).status(), "access taken away");
    }

    @Test
    void anotherSessionsReservationsAndHandlesAreNotItsOwn() throws IOException
    {
        final TestClient owner = EXECUTOR.connected("owner");
        final long context = ok(owner.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long reservation = ok(owner.call(CU_MEM_ADDRESS_RESERVE, context, GRANULARITY, 0, 0, 0)).value(0);
        final long handle = create(owner, context, GRANULARITY, 0);
        ok(owner.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, handle, 0));
        ok(owner.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE));
        ok(owner.call(CU_MEMSET, context, reservation, 0x5A, 64, 1, DEFAULT_STREAM));

        final TestClient other = EXECUTOR.connected("other tenant");
        final long otherContext = ok(other.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long otherReservation = ok(other.call(CU_MEM_ADDRESS_RESERVE, otherContext, GRANULARITY, 0, 0, 0))
            .value(0);
        final Reply foreignHandle = other.call(CU_MEM_MAP, otherContext, otherReservation, GRANULARITY, 0, handle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, foreignHandle.status());
        assertTrue(foreignHandle.message().contains("it is no handle of this session"), foreignHandle.message());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_RELEASE, otherContext, handle).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            other.call(CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, otherContext, handle).status());

        final long otherHandle = create(other, otherContext, GRANULARITY, 0);
        final Reply foreignReservation = other.call(CU_MEM_MAP, otherContext, reservation, GRANULARITY, 0,
            otherHandle, 0);
        assertEquals(DriverStatus.INVALID_VALUE, foreignReservation.status());
        assertTrue(foreignReservation.message().contains("is not inside one address reservation of this session"),
            foreignReservation.message());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_UNMAP, otherContext, reservation, GRANULARITY)
            .status());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_SET_ACCESS, otherContext, reservation,
            GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE).status());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_ADDRESS_FREE, otherContext, reservation,
            GRANULARITY).status());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEMSET, otherContext, reservation, 0, 64, 1,
            DEFAULT_STREAM).status(), "the owner's mapped memory");
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_GET_ACCESS, otherContext, LOCATION_DEVICE, 0, reservation)
            .status());

        final byte[] kept = ok(owner.call(io.gpurelay.protocol.Function.CU_MEMCPY_DTOH, context, reservation, 64,
            DEFAULT_STREAM)).payload();
        for (final byte value : kept)
        {
            assertEquals(0x5A, value, "the owner's bytes are untouched");
        }
    }

    @Test
    void cuPointerSetAttributeTakesSyncMemopsOnTheSessionsDeviceMemory() throws IOException
    {
        final TestClient client = EXECUTOR.connected("pointer attribute");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long address = ok(client.call(CU_MEM_ALLOC, context, 4096)).value(0);
        ok(client.call(CU_POINTER_SET_ATTRIBUTE, context, address + 16, 6, 1));
        final Reply notSettable = client.call(CU_POINTER_SET_ATTRIBUTE, context, address, 2, 1);
        assertEquals(DriverStatus.INVALID_VALUE, notSettable.status());
        assertTrue(notSettable.message().contains("attribute 2 cannot be set"), notSettable.message());
        final Reply notOurs = client.call(CU_POINTER_SET_ATTRIBUTE, context, address + 8192, 6, 1);
        assertEquals(DriverStatus.INVALID_VALUE, notOurs.status());
        assertTrue(notOurs.message().contains("is not device memory of this session"), notOurs.message());

        final long reservation = ok(client.call(CU_MEM_ADDRESS_RESERVE, context, GRANULARITY, 0, 0, 0)).value(0);
        final long handle = create(client, context, GRANULARITY, 0);
        ok(client.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, handle, 0));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_POINTER_SET_ATTRIBUTE, context, reservation, 6, 1).status(), "mapped without access");
        ok(client.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 0, ACCESS_READ_WRITE));
        ok(client.call(CU_POINTER_SET_ATTRIBUTE, context, reservation, 6, 1));
    }

    /**
     * On an executor without a quota, so that the memory information is the device's: what a session left mapped,
     * created and reserved is gone once it has ended.
     */
    @Test
    void aSessionsEndUnmapsAndReleasesItsVirtualMemory()
    {
        try (IpcExecutor unlimited = IpcExecutor.emulated("vmm-end", 2, DEVICE_MEMORY, context -> context).start())
        {
            final TestClient leaving = unlimited.connected("leaving");
            final long context = ok(leaving.call(CU_CTX_CREATE, 0, 0, 1)).value(0);
            final long reservation = ok(leaving.call(CU_MEM_ADDRESS_RESERVE, context, 2 * GRANULARITY, 0, 0, 0))
                .value(0);
            final long mapped = create(leaving, context, GRANULARITY, 1);
            create(leaving, context, GRANULARITY, 1);
            ok(leaving.call(CU_MEM_MAP, context, reservation, GRANULARITY, 0, mapped, 0));
            ok(leaving.call(CU_MEM_SET_ACCESS, context, reservation, GRANULARITY, 1, LOCATION_DEVICE, 1, ACCESS_READ_WRITE));
            ok(leaving.call(CU_MEM_RELEASE, context, mapped));
            unlimited.assertSessionEndFrees(leaving, 1, DEVICE_MEMORY, 2 * GRANULARITY,
                "the leaving session holds its two physical allocations");
        }
    }

    private static long create(final TestClient client, final long context, final long size, final long device)
    {
        return ok(client.call(CU_MEM_CREATE, context, size, ALLOCATION_TYPE_PINNED, LOCATION_DEVICE, device, 0, 0, 0, 0, 0)).value(0);
    }

    /** What {@code gpurelay stat} shows for the session: its device memory, as its counters say once updated. */
    private static void awaitSessionMemory(final String client, final long bytes)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long seen = -1;
        while (System.nanoTime() < deadline)
        {
            for (final ExecutorSnapshot.SessionStats session :
                ExecutorSnapshot.read(EXECUTOR.aeron().countersReader()).sessions())
            {
                if (client.equals(session.client()))
                {
                    seen = session.deviceMemoryTotal();
                }
            }
            if (seen == bytes)
            {
                return;
            }
            Thread.onSpinWait();
        }
        assertEquals(bytes, seen, "device memory gpurelay stat shows for session " + client);
    }
}
