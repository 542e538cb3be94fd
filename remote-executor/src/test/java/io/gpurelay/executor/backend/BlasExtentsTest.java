package io.gpurelay.executor.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import org.junit.jupiter.api.Test;

/**
 * The ranges a described call reaches, as its description gives them, against a session's allocations.
 */
class BlasExtentsTest
{
    private static final long BASE = 0x7000_0000L;
    private static final int OP_N = 0;
    private static final int OP_T = 1;

    /** One allocation of {@code size} bytes at BASE, and pointer arrays by address. */
    private static final class Allocation implements BlasExtents.Memory
    {
        final long size;
        final Map<Long, long[]> arrays = new HashMap<>();
        final List<String> checked = new ArrayList<>();

        Allocation(final long size)
        {
            this.size = size;
        }

        public boolean holds(final long address, final long length)
        {
            checked.add(Long.toHexString(address) + "+" + length);
            return address >= BASE && address + length <= BASE + size;
        }

        public long[] pointers(final long array, final int count, final String what, final CallResult result)
        {
            return arrays.get(array);
        }
    }

    private static CallResult check(final BlasCall call, final BlasExtents.Memory memory)
    {
        final CallResult result = new CallResult();
        result.reset(Api.CUBLAS);
        final boolean ok = BlasExtents.check(call, false, memory, result);
        assertEquals(ok, !result.failed());
        return result;
    }

    @Test
    void aTransposedOperandReachesItsTransposedExtent()
    {
        // A is k x m = 5 x 3 with lda 5 when transposed: (3 - 1) * 5 + 5 = 15 floats.
        final Allocation memory = new Allocation(15 * Float.BYTES);
        assertFalse(check(BlasCall.of("cublasSgemm_v2", OP_T, OP_N, 3, 1, 5, 0, BASE, 5, BASE, 5, 0, BASE, 3),
            memory).failed());
        assertTrue(memory.checked.contains(Long.toHexString(BASE) + "+60"), memory.checked.toString());
        final CallResult beyond = check(BlasCall.of("cublasSgemm_v2", OP_N, OP_N, 3, 4, 5, 0, BASE, 3, BASE, 5, 0,
            BASE, 3), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, beyond.status());
        assertTrue(beyond.message().startsWith("cublasSgemm: B [0x"), beyond.message());
    }

    @Test
    void aLeadingDimensionBelowTheRowsIsInvalid()
    {
        final CallResult result = check(BlasCall.of("cublasDgemv_v2", OP_N, 4, 4, 0, BASE, 3, BASE, 1, 0, BASE, 1),
            new Allocation(1 << 20));
        assertEquals(CublasStatus.INVALID_VALUE, result.status());
        assertTrue(result.message().contains("leading dimension of A (3) is less than its 4 rows"), result.message());
    }

    @Test
    void aNegativeSizeIsLeftToCublas()
    {
        final Allocation memory = new Allocation(16);
        assertFalse(check(BlasCall.of("cublasSgbmv_v2", OP_N, 4, 4, -1, 1, 0, 0, BASE, 3, BASE, 1, 0, 0, BASE, 1),
            memory).failed());
        assertTrue(memory.checked.isEmpty(), memory.checked.toString());
    }

    @Test
    void complexElementsAndPackedTrianglesCountTheirBytes()
    {
        // ztpsv of order 8: 36 complex doubles of 16 bytes.
        final CallResult packed = check(BlasCall.of("cublasZtpsv_v2", 0, OP_N, 0, 8, BASE, BASE, 1),
            new Allocation(36 * 16 - 1));
        assertTrue(packed.message().contains("cublasZtpsv: AP [0x70000000, +576 bytes)"), packed.message());
    }

    @Test
    void pointerArraysAndTheirMatricesAreChecked()
    {
        final Allocation memory = new Allocation(4096);
        final long array = BASE;
        memory.arrays.put(array, new long[]{ BASE + 64, BASE + 8192 });
        final CallResult result = check(BlasCall.of("cublasSgetrfBatched", 2, array, 2, 0, BASE + 512, 2), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, result.status());
        assertTrue(result.message().contains("Aarray[1]"), result.message());
        memory.arrays.put(array, new long[]{ BASE + 64, BASE + 128 });
        assertFalse(check(BlasCall.of("cublasSgetrfBatched", 2, array, 2, 0, BASE + 512, 2), memory).failed(),
            "a null pivot array is no pivoting");
    }

    @Test
    void stridedBatchesReachEveryBatch()
    {
        // Three 2 x 2 matrices 4 floats apart: the last ends at 12 floats.
        final Allocation memory = new Allocation(11 * Float.BYTES);
        final CallResult result = check(BlasCall.of("cublasSgemmStridedBatched", OP_N, OP_N, 2, 2, 2, 0, BASE, 2, 0,
            BASE, 2, 0, 0, BASE, 2, 4, 3), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, result.status());
        assertTrue(result.message().contains("C of batch 2"), result.message());
    }

    @Test
    void sizesOfA64BitCallBeyond32BitsAreRefused()
    {
        final BlasCall call = BlasCall.of("cublasSaxpy_v2_64", 1L << 33, 0, BASE, 1, BASE, 1);
        assertThrows(BlasCall.BeyondThirtyTwoBits.class, () -> call.integer(1));
        assertThrows(IllegalArgumentException.class, () -> BlasCall.of("cublasSaxpy_v2", 1, 2));
    }
}
