package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_FREE_HOST;
import static io.gpurelay.protocol.Function.CUDA_HOST_ALLOC;
import static io.gpurelay.protocol.Function.CUDA_HOST_GET_DEVICE_POINTER;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HOST_MEMORY;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CU_MEM_FREE_HOST;
import static io.gpurelay.protocol.Function.CU_MEM_HOST_ALLOC;
import static io.gpurelay.protocol.Function.CU_MEM_HOST_GET_DEVICE_POINTER;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.PinnedMemoryFiles;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.IoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pinned host memory shared with an IPC client, as the executor serves it to a client that follows the protocol and
 * to one that does not: files it names and removes, copies that name an allocation and an offset checked against its
 * bounds, a limit per session, and nothing left when the session ends.
 */
class PinnedMemoryIpcTest
{
    private static final long PINNED_MEMORY = 1024 * 1024;
    private static final long NO_CONTEXT = 0;
    private static final int DEVICE_0 = 0;
    private static final long SYNCHRONOUS = 1;
    private static final long KIB = 1024;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("pinned-memory", 1, 64L * 1024 * 1024, context -> context
            .pinnedMemoryBytes(PINNED_MEMORY));

    @Test
    void copiesNameTheAllocationAndMoveItsBytes() throws IOException
    {
        final TestClient client = EXECUTOR.connected("copies");
        final Reply allocated = ok(client.call(CUDA_HOST_ALLOC, DEVICE_0, 100 * KIB, 0));
        final long handle = allocated.value(0);
        assertEquals(PinnedMemoryFiles.pages(100 * KIB), allocated.value(1), "whole pages");
        final String name = new String(allocated.payload(), StandardCharsets.US_ASCII);
        assertTrue(PinnedMemoryFiles.FILE_NAME.matcher(name).matches(), name);
        assertTrue(name.startsWith(PinnedMemoryFiles.FILE_NAME_PREFIX + Long.toHexString(client.sessionId) + "-"),
            name);
        final Path file = Path.of(EXECUTOR.executor().aeronDirectoryName()).resolve(name);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));

        final MappedByteBuffer mapped;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, allocated.value(1));
        }
        final byte[] data = new byte[64 * (int)KIB];
        new Random(5).nextBytes(data);
        mapped.put(0, data);

        final long device = ok(client.call(CUDA_MALLOC, DEVICE_0, data.length)).value(0);
        ok(client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, PinnedMemoryFiles.HOST_TO_DEVICE, device, handle, 0,
            data.length, 0, SYNCHRONOUS));
        assertFalse(Files.exists(file), "the allocation's use proves the client mapped it: its name is gone");
        ok(client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, PinnedMemoryFiles.DEVICE_TO_HOST, device, handle,
            data.length, 4096, 0, SYNCHRONOUS));
        final byte[] back = new byte[4096];
        mapped.get(data.length, back);
        assertArrayEquals(Arrays.copyOf(data, 4096), back);
        IoUtil.unmap(mapped);

        ok(client.call(CUDA_FREE_HOST, DEVICE_0, handle));
        final Reply afterFree = client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, PinnedMemoryFiles.HOST_TO_DEVICE,
            device, handle, 0, 16, 0, SYNCHRONOUS);
        assertEquals(RuntimeStatus.INVALID_VALUE, afterFree.status());
        assertTrue(afterFree.message().contains("is not live pinned memory of this session"), afterFree.message());
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_FREE_HOST, DEVICE_0, handle).status());
    }

    @Test
    void everyRangeIsCheckedAgainstTheAllocation()
    {
        final TestClient client = EXECUTOR.connected("bounds");
        final long handle = ok(client.call(CUDA_HOST_ALLOC, DEVICE_0, 8 * KIB, 0)).value(0);
        final long device = ok(client.call(CUDA_MALLOC, DEVICE_0, 64 * KIB)).value(0);
        for (final long[] offsetAndCount : new long[][]{ { 4 * KIB, 4 * KIB + 1 }, { -1, 16 }, { 0, -1 },
            { Long.MAX_VALUE, 16 }, { 8 * KIB + 1, 0 } })
        {
            final Reply refused = client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, PinnedMemoryFiles.HOST_TO_DEVICE,
                device, handle, offsetAndCount[0], offsetAndCount[1], 0, SYNCHRONOUS);
            assertEquals(RuntimeStatus.INVALID_VALUE, refused.status(), refused.message());
            assertTrue(refused.message().contains("do not fit the pinned allocation"), refused.message());
        }
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, 3, device, handle,
            0, 16, 0, SYNCHRONOUS).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0,
            PinnedMemoryFiles.HOST_TO_DEVICE, device, handle + 1, 0, 16, 0, SYNCHRONOUS).status());
        final Reply deviceOutside = client.call(CUDA_MEMCPY_HOST_MEMORY, DEVICE_0, PinnedMemoryFiles.DEVICE_TO_HOST,
            device + 60 * KIB, handle, 0, 8 * KIB, 0, SYNCHRONOUS);
        assertEquals(RuntimeStatus.INVALID_VALUE, deviceOutside.status());
        assertTrue(deviceOutside.message().contains("is not inside one allocation of this session"),
            deviceOutside.message());
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_HOST_ALLOC, DEVICE_0, 0, 0).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_HOST_ALLOC, DEVICE_0, 4096, 0x80).status());
        final Reply notMapped = client.call(CUDA_HOST_GET_DEVICE_POINTER, DEVICE_0, handle, 0);
        assertEquals(RuntimeStatus.INVALID_VALUE, notMapped.status());
        assertTrue(notMapped.message().contains("not allocated as mapped"), notMapped.message());
    }

    @Test
    void aSessionHoldsNoMorePinnedMemoryThanItsLimit()
    {
        final TestClient client = EXECUTOR.connected("limit");
        final long first = ok(client.call(CUDA_HOST_ALLOC, DEVICE_0, 768 * KIB, 0)).value(0);
        final Reply refused = client.call(CUDA_HOST_ALLOC, DEVICE_0, 512 * KIB, 0);
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, refused.status());
        assertTrue(refused.message().contains("would exceed the session's pinned memory limit (--pinned-memory " +
            PINNED_MEMORY + " bytes, " + 768 * KIB + " in use)"), refused.message());
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        assertEquals(DriverStatus.OUT_OF_MEMORY, client.call(CU_MEM_HOST_ALLOC, context, 512 * KIB, 0).status());
        ok(client.call(CU_MEM_FREE_HOST, context, first));
        ok(client.call(CU_MEM_HOST_ALLOC, context, 1024 * KIB, 0));

        final TestClient other = EXECUTOR.connected("limit, another session");
        ok(other.call(CUDA_HOST_ALLOC, DEVICE_0, 1024 * KIB, 0));
    }

    /**
     * Mapped memory on the emulator: the client's pages are in the device's address space, and what a copy from the
     * device to there writes is what the client reads.
     */
    @Test
    void mappedMemoryHasADevicePointer() throws IOException
    {
        final TestClient client = EXECUTOR.connected("mapped");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final Reply allocated = ok(client.call(CU_MEM_HOST_ALLOC, context, 4 * KIB,
            PinnedMemoryFiles.FLAG_DEVICE_MAPPED));
        final Path file = Path.of(EXECUTOR.executor().aeronDirectoryName())
            .resolve(new String(allocated.payload(), StandardCharsets.US_ASCII));
        final MappedByteBuffer mapped;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, 4 * KIB);
        }
        mapped.put(100, (byte)7);
        final long devicePointer = ok(client.call(CU_MEM_HOST_GET_DEVICE_POINTER, context, allocated.value(0), 100))
            .value(0);
        assertNotEquals(0, devicePointer);
        final Reply read = ok(client.call(CU_MEMCPY_DTOH, context, devicePointer, 1, TestClient.DEFAULT_STREAM));
        assertArrayEquals(new byte[]{ 7 }, read.payload());
        ok(client.call(CU_MEM_FREE_HOST, context, allocated.value(0)));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEMCPY_DTOH, context, devicePointer, 1, TestClient.DEFAULT_STREAM).status(),
            "unmapped with the free");
        IoUtil.unmap(mapped);
    }

    @Test
    void theSessionsEndRemovesItsFiles() throws IOException
    {
        final TestClient client = EXECUTOR.connected("ends");
        ok(client.call(CUDA_HOST_ALLOC, DEVICE_0, 64 * KIB, 0));
        ok(client.call(CUDA_HOST_ALLOC, DEVICE_0, 64 * KIB, PinnedMemoryFiles.FLAG_DEVICE_MAPPED));
        assertEquals(2, pinnedFiles(client.sessionId).size());
        client.close();
        EXECUTOR.log().awaitLine("session " + client.sessionId + " \\(client .*\\) closed");
        assertEquals(List.of(), pinnedFiles(client.sessionId));
    }

    private List<Path> pinnedFiles(final long sessionId) throws IOException
    {
        try (Stream<Path> files = Files.list(Path.of(EXECUTOR.executor().aeronDirectoryName())))
        {
            return files.filter(file -> file.getFileName().toString()
                .startsWith(PinnedMemoryFiles.FILE_NAME_PREFIX + Long.toHexString(sessionId) + "-")).toList();
        }
    }
}
