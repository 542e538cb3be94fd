package io.gpurelay.agent.jcuda.driver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.agent.cuda.driver.KernelSignatures;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import org.junit.jupiter.api.Test;

import static io.gpurelay.agent.jcuda.driver.KernelParameterMarshaller.marshal;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kernel parameters as JCuda programs write them, marshalled into what CU_LAUNCH_KERNEL carries, and the parameters
 * that are refused before anything is sent.
 */
class KernelParameterMarshallerTest
{
    private static final long ADDRESS = 0x7f00_0012_3400L;
    private static final KernelSignatures.KernelSignature SAXPY =
        new KernelSignatures.KernelSignature("saxpy", 1, new long[]{ 4, 4, 8, 8 });

    @Test
    void eachLeafKindGivesItsBytes()
    {
        final KernelSignatures.KernelSignature kernel = new KernelSignatures.KernelSignature("every_kind", 1,
            new long[]{ 8, 8, 4, 4, 8, 8, 1, 2 });
        final Pointer parameters = Pointer.to(
            Pointer.to(devicePointer(ADDRESS)),
            Pointer.to(devicePointer(ADDRESS).withByteOffset(64)),
            Pointer.to(new int[]{ -7 }),
            Pointer.to(new float[]{ 2.5f }),
            Pointer.to(new double[]{ -0.125 }),
            Pointer.to(new long[]{ 1L << 40 }),
            Pointer.to(new byte[]{ 9 }),
            Pointer.to(new short[]{ 300 }));

        final KernelParameterMarshaller.KernelParameters marshalled = marshalOrFail(kernel, parameters, null);

        assertEquals(8, marshalled.count());
        assertArrayEquals(new long[]{ 8, 8, 4, 4, 8, 8, 1, 2 }, marshalled.sizes());
        final ByteBuffer bytes = ByteBuffer.wrap(marshalled.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(43, bytes.remaining());
        assertEquals(ADDRESS, bytes.getLong());
        assertEquals(ADDRESS + 64, bytes.getLong(), "a device pointer's byte offset is part of its value");
        assertEquals(-7, bytes.getInt());
        assertEquals(2.5f, bytes.getFloat());
        assertEquals(-0.125, bytes.getDouble());
        assertEquals(1L << 40, bytes.getLong());
        assertEquals(9, bytes.get());
        assertEquals(300, bytes.getShort());
    }

    @Test
    void aStructureByValueIsAnArrayOrBufferOfItsSize()
    {
        final KernelSignatures.KernelSignature kernel = new KernelSignatures.KernelSignature("by_value", 1,
            new long[]{ 12, 12, 12, 12, 16 });
        final byte[] struct = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
        final ByteBuffer direct = ByteBuffer.allocateDirect(12).put(struct);
        final ByteBuffer pinned = PinnedHostMemory.allocate(12).put(0, struct);
        try
        {
            final Pointer parameters = Pointer.to(
                Pointer.to(struct),
                Pointer.to(ByteBuffer.wrap(struct.clone())),
                Pointer.to(direct),
                Pointer.to(new float[]{ 1.0f, 2.0f, 3.0f }),
                Pointer.to(new byte[20]).withByteOffset(4));

            final KernelParameterMarshaller.KernelParameters marshalled = marshalOrFail(kernel, parameters, null);

            final ByteBuffer bytes = ByteBuffer.wrap(marshalled.bytes()).order(ByteOrder.LITTLE_ENDIAN);
            for (int copy = 0; copy < 3; copy++)
            {
                final byte[] read = new byte[12];
                bytes.get(read);
                assertArrayEquals(struct, read, "copy " + copy);
            }
            assertEquals(1.0f, bytes.getFloat());
            assertEquals(2.0f, bytes.getFloat());
            assertEquals(3.0f, bytes.getFloat());
            assertEquals(16, bytes.remaining(), "a byte offset into the leaf leaves what lies after it");

            final Pointer pinnedParameter = new Pointer();
            JCudaPointers.setHostBuffer(pinnedParameter, pinned, PinnedHostMemory.address(pinned));
            final KernelSignatures.KernelSignature one = new KernelSignatures.KernelSignature("one", 1,
                new long[]{ 12 });
            assertArrayEquals(struct, marshalOrFail(one, Pointer.to(pinnedParameter), null).bytes());
        }
        finally
        {
            PinnedHostMemory.free(PinnedHostMemory.address(pinned));
        }
    }

    @Test
    void theExtraFormSendsItsReadyBuffer() throws Exception
    {
        final byte[] buffer = new byte[24];
        ByteBuffer.wrap(buffer).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 256).putFloat(4, 2.0f).putLong(8, ADDRESS);
        final Pointer extra = Pointer.to(LaunchParameterKeys.key(1), Pointer.to(buffer), LaunchParameterKeys.key(2),
            Pointer.to(new long[]{ 16 }), LaunchParameterKeys.key(0));

        final KernelParameterMarshaller.KernelParameters marshalled = marshalOrFail(SAXPY, null, extra);

        assertEquals(KernelParameterMarshaller.READY_BUFFER, marshalled.count());
        assertEquals(0, marshalled.sizes().length);
        assertEquals(16, marshalled.bytes().length, "the size given, not the buffer's");
        assertEquals(ADDRESS, ByteBuffer.wrap(marshalled.bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong(8));

        final Pointer withIntSize = Pointer.to(LaunchParameterKeys.key(2), Pointer.to(new int[]{ 8 }), LaunchParameterKeys.key(1),
            Pointer.to(buffer), null);
        assertEquals(8, marshalOrFail(SAXPY, null, withIntSize).bytes().length,
            "a size given as int[] is read as one; a null entry ends the list like CU_LAUNCH_PARAM_END");
    }

    @Test
    void withoutTheKernelsLayoutTheLeavesSizesAreSent()
    {
        final KernelSignatures.KernelSignature unknown = new KernelSignatures.KernelSignature("unknown", 1, null);

        final KernelParameterMarshaller.KernelParameters marshalled = marshalOrFail(unknown,
            Pointer.to(Pointer.to(new int[]{ 3 }), Pointer.to(devicePointer(ADDRESS))), null);

        assertArrayEquals(new long[]{ 4, 8 }, marshalled.sizes());
        assertEquals(12, marshalled.bytes().length);
        assertEquals(0, marshalOrFail(unknown, null, null).count());
    }

    @Test
    void mismatchedParametersAreRefusedNamingTheKernelAndParameter()
    {
        final CUdeviceptr buffer = devicePointer(ADDRESS);

        assertRefused("kernel 'saxpy' takes 4 parameters, 3 given",
            Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(buffer), Pointer.to(buffer)), null);
        assertRefused("kernel 'saxpy' takes 4 parameters, 0 given", null, null);
        assertRefused("kernel 'saxpy' parameter 0 is 8 bytes, the kernel declares 4",
            Pointer.to(Pointer.to(new long[]{ 32 }), Pointer.to(new float[]{ 1 }), Pointer.to(buffer),
                Pointer.to(buffer)), null);
        assertRefused("kernel 'saxpy' parameter 2 is 4 bytes, the kernel declares 8",
            Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(new float[]{ 1 }), Pointer.to(new int[]{ 5 }),
                Pointer.to(buffer)), null);
        assertRefused("kernel 'saxpy' parameter 3 points to device memory, not to the parameter's value: a device " +
            "pointer parameter is written Pointer.to(devicePointer)",
            Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(new float[]{ 1 }), Pointer.to(buffer), buffer), null);
        assertRefused("kernel 'saxpy' parameter 1 is null",
            Pointer.to(Pointer.to(new int[]{ 32 }), null, Pointer.to(buffer), Pointer.to(buffer)), null);
        assertRefused("kernel 'saxpy' parameter 2 is a CUfunction itself, not a pointer to its value: wrap it as " +
            "Pointer.to(...)",
            Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(new float[]{ 1 }), new CUfunction(),
                Pointer.to(buffer)), null);
        assertRefused("kernel 'saxpy' parameter 3: element 0 of the pointer array is host memory, which the " +
            "executor cannot address",
            Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(new float[]{ 1 }), Pointer.to(buffer),
                Pointer.to(Pointer.to(new float[16]))), null);
    }

    @Test
    void malformedArgumentsAreRefused() throws Exception
    {
        final Pointer extra = Pointer.to(LaunchParameterKeys.key(1), Pointer.to(new byte[8]), LaunchParameterKeys.key(0));

        assertRefused("kernelParams and extra are both given; CUDA takes one or the other",
            Pointer.to(Pointer.to(new int[]{ 1 })), extra);
        assertRefused("kernelParams must be Pointer.to(Pointer.to(...), ...), one pointer to each parameter's value",
            Pointer.to(new int[]{ 1, 2, 3, 4 }), null);
        assertTrue(refusal(null, extra).endsWith(
            "; CU_LAUNCH_PARAM_BUFFER_POINTER and CU_LAUNCH_PARAM_BUFFER_SIZE go together"), refusal(null, extra));
        assertTrue(refusal(null, Pointer.to(LaunchParameterKeys.key(7), Pointer.to(new byte[8]), LaunchParameterKeys.key(0)))
            .endsWith("; 7 is not a CU_LAUNCH_PARAM key"));
        final KernelSignatures.KernelSignature big = new KernelSignatures.KernelSignature("big", 1,
            new long[]{ 40_000 });
        final KernelParameterException tooBig = assertThrows(KernelParameterException.class,
            () -> marshal(big, Pointer.to(Pointer.to(new byte[40_000])), null));
        assertEquals("kernel 'big': the parameters are 40000 bytes, more than CUDA's 32764", tooBig.getMessage());
    }

    private static void assertRefused(final String message, final Pointer kernelParams, final Pointer extra)
    {
        assertEquals(message, refusal(kernelParams, extra));
    }

    private static String refusal(final Pointer kernelParams, final Pointer extra)
    {
        return assertThrows(KernelParameterException.class, () -> marshal(SAXPY, kernelParams, extra)).getMessage();
    }

    private static KernelParameterMarshaller.KernelParameters marshalOrFail(
        final KernelSignatures.KernelSignature kernel, final Pointer kernelParams, final Pointer extra)
    {
        try
        {
            return marshal(kernel, kernelParams, extra);
        }
        catch (final KernelParameterException ex)
        {
            throw new AssertionError(ex.getMessage(), ex);
        }
    }

    private static CUdeviceptr devicePointer(final long address)
    {
        final CUdeviceptr pointer = new CUdeviceptr();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }
}
