package io.gpurelay.agent.jcuda.gl;

import static io.gpurelay.agent.jcuda.gl.GraphicsResources.ALREADY_MAPPED;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.INVALID_GRAPHICS_CONTEXT;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.INVALID_HANDLE;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.INVALID_VALUE;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.MAP_FAILED;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.NOT_MAPPED;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.NOT_MAPPED_AS_ARRAY;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.READ_ONLY;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.SUCCESS;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.UNKNOWN;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.UNMAP_FAILED;
import static io.gpurelay.agent.jcuda.gl.GraphicsResources.WRITE_DISCARD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import org.junit.jupiter.api.Test;

/**
 * The interop's bookkeeping against an in-memory GL and an in-memory device: what each map and unmap copies, which
 * flags skip which copy, the device memory kept while the buffer's size holds, and CUDA's statuses for misuse.
 */
class GraphicsResourcesTest
{
    private final FakeGl gl = new FakeGl();
    private final FakeDevice device = new FakeDevice();
    private final GraphicsResources resources = new GraphicsResources(status -> "STATUS_" + status, () -> gl, device);

    @Test
    void mapCopiesTheBufferToTheDeviceAndUnmapCopiesItBack()
    {
        gl.buffers.put(5, new byte[]{ 1, 2, 3, 4 });
        final long id = register(5, 0);

        assertEquals(SUCCESS, resources.map("map", new long[]{ id }, "stream-a"));
        final long[] pointer = new long[2];
        assertEquals(SUCCESS, resources.mappedPointer("pointer", id, pointer));
        assertEquals(4, pointer[1]);
        assertArrayEquals(new byte[]{ 1, 2, 3, 4 }, device.memory.get(pointer[0]));
        assertEquals(List.of("toDevice@stream-a"), device.copies);

        device.memory.get(pointer[0])[2] = 42;
        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ id }, "stream-b"));
        assertArrayEquals(new byte[]{ 1, 2, 42, 4 }, gl.buffers.get(5));
        assertEquals(List.of("toDevice@stream-a", "toHost@stream-b"), device.copies);
    }

    @Test
    void deviceMemoryIsKeptWhileTheSizeHoldsAndFreedAtUnregister()
    {
        gl.buffers.put(5, new byte[8]);
        final long id = register(5, 0);
        final long first = mapAndPointer(id);
        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ id }, null));
        assertEquals(first, mapAndPointer(id));
        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ id }, null));
        assertEquals(1, device.allocations);

        gl.buffers.put(5, new byte[16]);
        final long second = mapAndPointer(id);
        assertEquals(2, device.allocations);
        assertFalse(device.memory.containsKey(first), "the smaller allocation is freed");
        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ id }, null));

        assertEquals(SUCCESS, resources.unregister("unregister", id));
        assertFalse(device.memory.containsKey(second));
        assertFalse(resources.isRegistered(id));
        assertEquals(INVALID_HANDLE, resources.map("map", new long[]{ id }, null));
    }

    @Test
    void unregisteringEndsTheRegistrationEvenWhereTheMemoryIsGone()
    {
        gl.buffers.put(5, new byte[8]);
        final long id = register(5, 0);
        final long address = mapAndPointer(id);
        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ id }, null));
        device.memory.remove(address);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(SUCCESS, resources.unregister("unregister", id));
            assertEquals(1, log.count("unregister: freeing GL buffer 5's device memory answered STATUS_1"));
        }
        assertFalse(resources.isRegistered(id));
    }

    @Test
    void readOnlySkipsTheCopyBackAndWriteDiscardTheCopyIn()
    {
        gl.buffers.put(1, new byte[]{ 9, 9 });
        gl.buffers.put(2, new byte[]{ 7, 7 });
        final long readOnly = register(1, READ_ONLY);
        final long writeDiscard = register(2, 0);
        assertEquals(SUCCESS, resources.setMapFlags("flags", writeDiscard, WRITE_DISCARD));

        assertEquals(SUCCESS, resources.map("map", new long[]{ readOnly, writeDiscard }, null));
        assertEquals(List.of("toDevice@null"), device.copies);
        final long readOnlyAddress = pointer(readOnly);
        final long writeDiscardAddress = pointer(writeDiscard);
        device.memory.get(readOnlyAddress)[0] = 1;
        device.memory.get(writeDiscardAddress)[1] = 3;

        assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ readOnly, writeDiscard }, null));
        assertArrayEquals(new byte[]{ 9, 9 }, gl.buffers.get(1));
        assertArrayEquals(new byte[]{ 0, 3 }, gl.buffers.get(2));
        assertEquals(List.of("toDevice@null", "toHost@null"), device.copies);
    }

    @Test
    void misuseAnswersCudasStatusesAndNamesTheFunction()
    {
        gl.buffers.put(3, new byte[4]);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final long[] id = new long[1];
            assertEquals(INVALID_VALUE, resources.registerBuffer("reg", 4, 0, id));
            assertEquals(INVALID_VALUE, resources.registerBuffer("reg", 0, 0, id));
            assertEquals(INVALID_VALUE, resources.registerBuffer("reg", 3, 4, id));
            final long resource = register(3, 0);
            assertEquals(INVALID_VALUE, resources.setMapFlags("flags", resource, 3));

            final long[] pointer = new long[2];
            assertEquals(NOT_MAPPED, resources.mappedPointer("getPointer", resource, pointer));
            assertEquals(NOT_MAPPED, resources.unmap("unmap", new long[]{ resource }, null));
            assertEquals(NOT_MAPPED, resources.mappedArray("getArray", resource));
            assertEquals(INVALID_HANDLE, resources.mappedPointer("getPointer", 12345, pointer));
            assertEquals(INVALID_HANDLE, resources.map("map", new long[]{ 0 }, null));
            assertEquals(INVALID_VALUE, resources.map("map", new long[]{ resource, resource }, null));

            assertEquals(SUCCESS, resources.map("map", new long[]{ resource }, null));
            assertEquals(ALREADY_MAPPED, resources.map("doubleMap", new long[]{ resource }, null));
            assertEquals(ALREADY_MAPPED, resources.setMapFlags("flags", resource, READ_ONLY));
            assertEquals(ALREADY_MAPPED, resources.unregister("unregisterMapped", resource));
            assertEquals(NOT_MAPPED_AS_ARRAY, resources.mappedArray("getArray", resource));
            assertTrue(resources.isRegistered(resource));
            assertEquals(SUCCESS, resources.unmap("unmap", new long[]{ resource }, null));
            assertEquals(SUCCESS, resources.unregister("unregister", resource));
            assertEquals(INVALID_HANDLE, resources.unregister("unregisterTwice", resource));

            assertEquals(1, log.count("doubleMap: resource 0 (GL buffer 3) is already mapped; returning STATUS_208"));
            assertEquals(1, log.count("unregisterMapped: the resource is mapped"));
            assertEquals(1, log.count("unregisterTwice: 0x"));
        }
    }

    @Test
    void aFailedMapLeavesEveryResourceUnmapped()
    {
        gl.buffers.put(1, new byte[4]);
        gl.buffers.put(2, new byte[0]);
        final long good = register(1, 0);
        final long empty = register(2, 0);
        assertEquals(MAP_FAILED, resources.map("map", new long[]{ good, empty }, null));
        assertEquals(NOT_MAPPED, resources.mappedPointer("pointer", good, new long[2]));
        gl.buffers.put(1, new byte[8]);
        device.failNextAllocation = true;
        assertEquals(2, resources.map("map", new long[]{ good }, null), "the allocation's status");
        assertEquals(NOT_MAPPED, resources.mappedPointer("pointer", good, new long[2]));
    }

    @Test
    void withoutAGlBindingEveryCallThatNeedsGlAnswersInvalidGraphicsContext()
    {
        final GraphicsResources noGl = new GraphicsResources(status -> "STATUS_" + status,
            () -> { throw new GlUnavailableException(GlBindings.MISSING); }, device);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(INVALID_GRAPHICS_CONTEXT, noGl.registerBuffer("cudaGraphicsGLRegisterBuffer", 1, 0,
                new long[1]));
            assertEquals(INVALID_GRAPHICS_CONTEXT, noGl.mapBufferObject("cuGLMapBufferObject", 1, null, new long[2]));
            assertEquals(1, log.count("cudaGraphicsGLRegisterBuffer: no OpenGL binding on the program's class path: " +
                "gpurelay's OpenGL interop calls the program's LWJGL 3 (org.lwjgl.opengl.GL15) or JOGL"));
        }
    }

    @Test
    void aFailingGlCallAnswersUnknown()
    {
        gl.buffers.put(1, new byte[4]);
        final long id = register(1, 0);
        gl.fail = true;
        assertEquals(UNKNOWN, resources.map("map", new long[]{ id }, null));
        assertEquals(NOT_MAPPED, resources.mappedPointer("pointer", id, new long[2]));
    }

    @Test
    void legacyBufferObjectsRegisterAtTheirFirstMapAndKeepTheirFlags()
    {
        gl.buffers.put(6, new byte[]{ 5, 6 });
        assertEquals(UNMAP_FAILED, resources.unmapBufferObject("unmap", 6, null));
        assertEquals(INVALID_HANDLE, resources.unregisterBufferObject("unregister", 6));
        assertEquals(INVALID_VALUE, resources.mapBufferObject("map", 7, null, new long[2]));

        final long[] mapped = new long[2];
        assertEquals(SUCCESS, resources.mapBufferObject("map", 6, null, mapped));
        assertEquals(2, mapped[1]);
        assertEquals(MAP_FAILED, resources.mapBufferObject("map", 6, null, new long[2]));
        assertEquals(ALREADY_MAPPED, resources.unregisterBufferObject("unregister", 6));
        device.memory.get(mapped[0])[0] = 50;
        assertEquals(SUCCESS, resources.unmapBufferObject("unmap", 6, null));
        assertArrayEquals(new byte[]{ 50, 6 }, gl.buffers.get(6));

        assertEquals(SUCCESS, resources.setBufferObjectMapFlags("flags", 6, READ_ONLY));
        assertEquals(SUCCESS, resources.mapBufferObject("map", 6, null, mapped));
        device.memory.get(mapped[0])[0] = 0;
        assertEquals(SUCCESS, resources.unmapBufferObject("unmap", 6, null));
        assertArrayEquals(new byte[]{ 50, 6 }, gl.buffers.get(6), "read-only: nothing copied back");
        assertEquals(SUCCESS, resources.unregisterBufferObject("unregister", 6));
        assertTrue(device.memory.isEmpty());
    }

    private long register(final int buffer, final int flags)
    {
        final long[] id = new long[1];
        assertEquals(SUCCESS, resources.registerBuffer("register", buffer, flags, id));
        return id[0];
    }

    private long mapAndPointer(final long id)
    {
        assertEquals(SUCCESS, resources.map("map", new long[]{ id }, null));
        return pointer(id);
    }

    private long pointer(final long id)
    {
        final long[] pointer = new long[2];
        assertEquals(SUCCESS, resources.mappedPointer("pointer", id, pointer));
        return pointer[0];
    }

    private static final class FakeGl implements GlAccess
    {
        final Map<Integer, byte[]> buffers = new HashMap<>();
        boolean fail;

        public String name()
        {
            return "fake";
        }

        public boolean isBuffer(final int buffer)
        {
            return buffers.containsKey(buffer);
        }

        public long bufferSize(final int buffer)
        {
            if (fail)
            {
                throw new GlCallException("fake GL failed", new IllegalStateException());
            }
            return buffers.get(buffer).length;
        }

        public void readBuffer(final int buffer, final ByteBuffer into)
        {
            into.put(into.position(), buffers.get(buffer), 0, into.remaining());
        }

        public void writeBuffer(final int buffer, final ByteBuffer from)
        {
            from.get(from.position(), buffers.get(buffer), 0, from.remaining());
        }
    }

    private static final class FakeDevice implements GraphicsResources.DeviceMemory
    {
        final Map<Long, byte[]> memory = new HashMap<>();
        final List<String> copies = new ArrayList<>();
        long next = 0x1000;
        int allocations;
        boolean failNextAllocation;

        public int allocate(final long size, final long[] address)
        {
            if (failNextAllocation)
            {
                failNextAllocation = false;
                return 2;
            }
            allocations++;
            address[0] = next;
            next += 0x1000;
            memory.put(address[0], new byte[(int)size]);
            return SUCCESS;
        }

        public int free(final long address)
        {
            return memory.remove(address) != null ? SUCCESS : INVALID_VALUE;
        }

        public int toDevice(final long address, final byte[] bytes, final Object stream)
        {
            copies.add("toDevice@" + stream);
            System.arraycopy(bytes, 0, memory.get(address), 0, bytes.length);
            return SUCCESS;
        }

        public int toHost(final long address, final byte[] bytes, final Object stream)
        {
            copies.add("toHost@" + stream);
            System.arraycopy(memory.get(address), 0, bytes, 0, bytes.length);
            return SUCCESS;
        }
    }
}
