package io.gpurelay.agent.jcuda;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.PinnedHostMemory;

import jcuda.NativePointerObject;
import jcuda.Pointer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Host memory behind every kind of JCuda pointer, read and written the way JCuda's native code would.
 */
class HostRangeTest
{
    private static final int ELEMENTS = 1001;
    private static final Random RANDOM = new Random(11);

    /**
     * A kind of host pointer: its bytes as JCuda's native code sees them, and a fresh destination of the same kind.
     */
    record Kind(String name, Pointer source, byte[] expected, Pointer destination, Buffer destinationMemory)
    {
        public String toString()
        {
            return name;
        }
    }

    static Stream<Arguments> kinds()
    {
        final byte[] bytes = randomBytes(ELEMENTS * 8);
        final ByteBuffer nativeOrder = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        final short[] shorts = new short[ELEMENTS];
        final char[] chars = new char[ELEMENTS];
        final int[] ints = new int[ELEMENTS];
        final long[] longs = new long[ELEMENTS];
        final float[] floats = new float[ELEMENTS];
        final double[] doubles = new double[ELEMENTS];
        nativeOrder.asShortBuffer().get(shorts);
        nativeOrder.asCharBuffer().get(chars);
        nativeOrder.asIntBuffer().get(ints);
        nativeOrder.asLongBuffer().get(longs);
        nativeOrder.asFloatBuffer().get(floats);
        nativeOrder.asDoubleBuffer().get(doubles);

        final ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        final DoubleBuffer directDoubles = ByteBuffer.allocateDirect(bytes.length).order(ByteOrder.nativeOrder())
            .put(bytes).flip().asDoubleBuffer();

        final ByteBuffer destinationDirect = ByteBuffer.allocateDirect(bytes.length);
        final DoubleBuffer destinationDirectDoubles = ByteBuffer.allocateDirect(bytes.length)
            .order(ByteOrder.nativeOrder()).asDoubleBuffer();
        final ByteBuffer pinned = PinnedHostMemory.allocate(bytes.length);
        pinned.put(bytes).flip();
        final ByteBuffer pinnedDestination = PinnedHostMemory.allocate(bytes.length);

        return Stream.of(
            kind("byte[]", Pointer.to(bytes), bytes, ByteBuffer.wrap(new byte[bytes.length])),
            kind("short[]", Pointer.to(shorts), bytes(shorts.length * 2, bytes), ShortBuffer.wrap(new short[ELEMENTS])),
            kind("char[]", Pointer.to(chars), bytes(chars.length * 2, bytes), CharBuffer.wrap(new char[ELEMENTS])),
            kind("int[]", Pointer.to(ints), bytes(ints.length * 4, bytes), IntBuffer.wrap(new int[ELEMENTS])),
            kind("long[]", Pointer.to(longs), bytes, LongBuffer.wrap(new long[ELEMENTS])),
            kind("float[]", Pointer.to(floats), bytes(floats.length * 4, bytes), FloatBuffer.wrap(new float[ELEMENTS])),
            kind("double[]", Pointer.to(doubles), bytes, DoubleBuffer.wrap(new double[ELEMENTS])),
            kind("heap ByteBuffer", Pointer.to(ByteBuffer.wrap(bytes.clone())), bytes,
                ByteBuffer.allocate(bytes.length)),
            kind("heap FloatBuffer", Pointer.to(FloatBuffer.wrap(floats.clone())), bytes(floats.length * 4, bytes),
                FloatBuffer.allocate(ELEMENTS)),
            kind("direct ByteBuffer", Pointer.to(direct), bytes, destinationDirect),
            kind("direct DoubleBuffer", Pointer.to(directDoubles), bytes, destinationDirectDoubles),
            Arguments.of(new Kind("pinned", pinnedPointer(pinned), bytes, pinnedPointer(pinnedDestination),
                pinnedDestination)));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void readsTheBytesJCudaWouldPass(final Kind kind) throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(kind.source(), kind.expected().length);

        assertTrue(JCudaHostRanges.isHostMemory(kind.source()));
        assertArrayEquals(kind.expected(), readInOddChunks(range));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void writesIntoTheMemoryBehindThePointer(final Kind kind) throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(kind.destination(), kind.expected().length);
        assertTrue(range.begin(kind.expected().length));
        assertFalse(range.begin(kind.expected().length + 1L));

        writeInOddChunks(range, kind.expected());

        assertArrayEquals(kind.expected(), readInOddChunks(JCudaHostRanges.of(kind.destination(), kind.expected().length)));
        assertArrayEquals(kind.expected(), contents(kind.destinationMemory(), kind.expected().length));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void refusesRangesPastTheEnd(final Kind kind)
    {
        final int length = kind.expected().length;
        final HostRangeException tooLong = assertThrows(HostRangeException.class,
            () -> JCudaHostRanges.of(kind.source(), length + 1L));
        assertTrue(tooLong.getMessage().contains(length + 1 + " bytes at byte offset 0 do not fit"),
            tooLong.getMessage());
        assertTrue(tooLong.getMessage().contains("(" + length + " bytes)"), tooLong.getMessage());

        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(kind.source().withByteOffset(8), length - 7L));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(kind.source().withByteOffset(-1), 1));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(kind.source(), -1));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(kind.source().withByteOffset(Long.MAX_VALUE), 2));
    }

    @Test
    void byteOffsetsApplyOnTopOfThePointer() throws HostRangeException
    {
        final int[] ints = { 10, 11, 12, 13, 14, 15, 16, 17 };
        final HostRange middle = JCudaHostRanges.of(Pointer.to(ints).withByteOffset(8).withByteOffset(4), 12);
        final ByteBuffer read = ByteBuffer.wrap(readInOddChunks(middle)).order(ByteOrder.nativeOrder());
        assertEquals(13, read.getInt(0));
        assertEquals(15, read.getInt(8));

        final int[] target = new int[8];
        writeInOddChunks(JCudaHostRanges.of(Pointer.to(target).withByteOffset(20), 12), readInOddChunks(middle));
        assertArrayEquals(new int[]{ 0, 0, 0, 0, 0, 13, 14, 15 }, target);
    }

    @Test
    void aHeapBufferIsItsWholeArrayAsInJCudaAndToBufferTurnsThePositionIntoAnOffset() throws HostRangeException
    {
        final byte[] bytes = { 0, 1, 2, 3, 4, 5, 6, 7 };
        final ByteBuffer positioned = ByteBuffer.wrap(bytes);
        positioned.position(3);

        assertArrayEquals(new byte[]{ 0, 1 }, readInOddChunks(JCudaHostRanges.of(Pointer.to(positioned), 2)));
        assertArrayEquals(new byte[]{ 3, 4 }, readInOddChunks(JCudaHostRanges.of(Pointer.toBuffer(positioned), 2)));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(Pointer.toBuffer(positioned), 6));
    }

    @Test
    void aSliceOfADirectBufferStartsWhereTheSliceStarts() throws HostRangeException
    {
        final ByteBuffer direct = ByteBuffer.allocateDirect(16);
        for (int i = 0; i < 16; i++)
        {
            direct.put(i, (byte)i);
        }
        final ByteBuffer slice = direct.position(10).slice();

        assertArrayEquals(new byte[]{ 10, 11, 12 }, readInOddChunks(JCudaHostRanges.of(Pointer.to(slice), 3)));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(Pointer.to(slice), 7));
    }

    @Test
    void pinnedMemoryIsFoundFromAnAddressInsideIt() throws HostRangeException
    {
        final ByteBuffer pinned = PinnedHostMemory.allocate(8192);
        final long address = PinnedHostMemory.address(pinned);
        assertEquals(0, address % PinnedHostMemory.ALIGNMENT);
        pinned.put(100, (byte)42);

        final Pointer inside = new Pointer().withByteOffset(address + 100);
        assertTrue(JCudaHostRanges.isHostMemory(inside));
        assertArrayEquals(new byte[]{ 42 }, readInOddChunks(JCudaHostRanges.of(inside, 1)));
        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(inside, 8093));

        assertTrue(PinnedHostMemory.free(address));
        assertFalse(PinnedHostMemory.free(address));
        assertFalse(JCudaHostRanges.isHostMemory(inside));
    }

    @Test
    void aDevicePointerIsNotHostMemory()
    {
        final Pointer device = new Pointer().withByteOffset(0x7f00_0000_1000L);
        assertFalse(JCudaHostRanges.isHostMemory(device));
        final HostRangeException refused = assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(device, 4));
        assertTrue(refused.getMessage().contains("0x7f0000001000"), refused.getMessage());
    }

    @Test
    void pointerArraysCarryTheElementsAddressesAndTakeNewOnes() throws HostRangeException
    {
        final Pointer first = new Pointer().withByteOffset(0x1000);
        final Pointer second = new Pointer().withByteOffset(0x2000).withByteOffset(0x10);
        final Pointer array = Pointer.to(first, second, null);

        final ByteBuffer read =
            ByteBuffer.wrap(readInOddChunks(JCudaHostRanges.of(array, 24))).order(ByteOrder.nativeOrder());
        assertEquals(0x1000, read.getLong(0));
        assertEquals(0x2010, read.getLong(8));
        assertEquals(0, read.getLong(16));

        final ByteBuffer replacement = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, 0x9000);
        writeInOddChunks(JCudaHostRanges.of(array.withByteOffset(8), 8), replacement.array());
        assertEquals(0x9000, JCudaPointers.address(second));
        assertEquals(0, JCudaPointers.byteOffset(second));
        assertEquals(0x1000, JCudaPointers.address(first));

        assertThrows(HostRangeException.class, () -> JCudaHostRanges.of(array, 25));
        assertThrows(HostRangeException.class,
            () -> JCudaHostRanges.of(Pointer.to(new NativePointerObject[]{ Pointer.to(new int[1]) }), 8));
    }

    @Test
    void hostToHostCopiesBetweenKinds() throws HostRangeException
    {
        final byte[] source = randomBytes(200_003);
        final ByteBuffer destination = ByteBuffer.allocateDirect(source.length + 5);

        HostRange.copy(JCudaHostRanges.of(Pointer.to(source), source.length),
            JCudaHostRanges.of(Pointer.to(destination).withByteOffset(5), source.length));

        final byte[] copied = new byte[source.length];
        destination.position(5);
        destination.get(copied);
        assertArrayEquals(source, copied);
    }

    private static Arguments kind(final String name, final Pointer source, final byte[] expected,
        final Buffer destinationMemory)
    {
        return Arguments.of(new Kind(name, source, expected, Pointer.to(destinationMemory), destinationMemory));
    }

    private static Pointer pinnedPointer(final ByteBuffer pinned)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setHostBuffer(pointer, pinned, PinnedHostMemory.address(pinned));
        return pointer;
    }

    private static byte[] bytes(final int length, final byte[] all)
    {
        return Arrays.copyOf(all, length);
    }

    private static byte[] randomBytes(final int length)
    {
        final byte[] bytes = new byte[length];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /**
     * Copies out through a direct message-like buffer in chunks of an awkward size, as bulk chunks would.
     */
    private static byte[] readInOddChunks(final HostRange range)
    {
        final int length = (int)range.length();
        final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(1000));
        final byte[] out = new byte[length];
        for (int offset = 0; offset < length; offset += 997)
        {
            final int chunk = Math.min(997, length - offset);
            range.copyTo(offset, message, 3, chunk);
            message.getBytes(3, out, offset, chunk);
        }
        return out;
    }

    private static void writeInOddChunks(final HostRange range, final byte[] bytes)
    {
        final UnsafeBuffer message = new UnsafeBuffer(new byte[1000]);
        for (int offset = 0; offset < bytes.length; offset += 991)
        {
            final int chunk = Math.min(991, bytes.length - offset);
            message.putBytes(7, bytes, offset, chunk);
            range.write(offset, message, 7, chunk);
        }
    }

    private static byte[] contents(final Buffer memory, final int length)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
        final Buffer view = memory.duplicate().clear();
        if (view instanceof ByteBuffer)
        {
            bytes.put((ByteBuffer)view);
        }
        else if (view instanceof ShortBuffer)
        {
            bytes.asShortBuffer().put((ShortBuffer)view);
        }
        else if (view instanceof CharBuffer)
        {
            bytes.asCharBuffer().put((CharBuffer)view);
        }
        else if (view instanceof IntBuffer)
        {
            bytes.asIntBuffer().put((IntBuffer)view);
        }
        else if (view instanceof LongBuffer)
        {
            bytes.asLongBuffer().put((LongBuffer)view);
        }
        else if (view instanceof FloatBuffer)
        {
            bytes.asFloatBuffer().put((FloatBuffer)view);
        }
        else
        {
            bytes.asDoubleBuffer().put((DoubleBuffer)view);
        }
        return bytes.array();
    }
}
