package io.gpurelay.executor.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
        final java.util.TreeMap<Long, long[]> arrays = new java.util.TreeMap<>();
        final List<String> checked = new ArrayList<>();
        final List<Integer> reads = new ArrayList<>();
        long repeated;
        int pivot = 1;

        Allocation(final long size)
        {
            this.size = size;
        }

        public boolean holds(final long address, final long length)
        {
            checked.add(Long.toHexString(address) + "+" + length);
            return address >= BASE && address + length <= BASE + size;
        }

        public int[] ints(final long address, final int count, final String what, final CallResult result)
        {
            final int[] values = new int[count];
            java.util.Arrays.fill(values, pivot);
            return values;
        }

        public long start(final long address)
        {
            return address >= BASE && address < BASE + size ? BASE : -1;
        }

        public long end(final long address)
        {
            return address >= BASE && address < BASE + size ? BASE + size : -1;
        }

        public long[] pointers(final long array, final int count, final String what, final CallResult result)
        {
            reads.add(count);
            final Map.Entry<Long, long[]> whole = arrays.floorEntry(array);
            if (whole != null)
            {
                final int from = (int)((array - whole.getKey()) / Long.BYTES);
                return java.util.Arrays.copyOfRange(whole.getValue(), from, from + count);
            }
            // A pointer array of one repeated pointer, as a program that batches one matrix gives.
            final long[] same = new long[count];
            java.util.Arrays.fill(same, repeated);
            return same;
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
    void aHugeStridedBatchInOneAllocationIsCheckedOncePerAllocation()
    {
        // 2^31 - 2 batches of a 1 x 1 matrix, 1 float apart, in one allocation of as many floats: each batch lies
        // in it, and the checker must not walk them one by one.
        final long batches = Integer.MAX_VALUE - 1;
        final Allocation memory = new Allocation(batches * Float.BYTES);
        final CallResult result = check(BlasCall.of("cublasSgemmStridedBatched", OP_N, OP_N, 1, 1, 1, 0, BASE, 1, 1,
            BASE, 1, 1, 0, BASE, 1, 1, batches), memory);
        assertFalse(result.failed(), result::message);
        assertTrue(memory.checked.size() <= 6, memory.checked.toString());
        // One batch more no longer fits: the last one is named.
        final CallResult beyond = check(BlasCall.of("cublasSgemmStridedBatched", OP_N, OP_N, 1, 1, 1, 0, BASE, 1,
            1, BASE, 1, 1, 0, BASE, 1, 1, batches + 1), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, beyond.status());
        assertTrue(beyond.message().contains("A of batch " + batches), beyond.message());
    }

    @Test
    void aNegativeStrideWalksDownTheAllocation()
    {
        final Allocation memory = new Allocation(12 * Float.BYTES);
        // Three 2 x 2 matrices starting at float 8 and going down by 4: at 8, 4 and 0.
        assertFalse(check(BlasCall.of("cublasSgemmStridedBatched", OP_N, OP_N, 2, 2, 2, 0, BASE + 32, 2, -4,
            BASE + 32, 2, -4, 0, BASE + 32, 2, -4, 3), memory).failed());
        final CallResult below = check(BlasCall.of("cublasSgemmStridedBatched", OP_N, OP_N, 2, 2, 2, 0, BASE + 32,
            2, -4, BASE + 32, 2, -4, 0, BASE + 32, 2, -4, 4), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, below.status());
        assertTrue(below.message().contains("A of batch 3"), below.message());
    }

    @Test
    void aLongPointerArrayIsReadInBoundedPieces()
    {
        // A million pointers, all to the same 2 x 2 matrix: read at most POINTERS_AT_A_TIME at a time.
        final int count = 1_000_000;
        final Allocation memory = new Allocation((long)count * Long.BYTES + 4096);
        memory.repeated = BASE + (long)count * Long.BYTES;
        assertFalse(check(BlasCall.of("cublasSgetrfBatched", 2, BASE, 2, 0, BASE, count), memory).failed());
        assertEquals((count + BlasExtents.POINTERS_AT_A_TIME - 1) / BlasExtents.POINTERS_AT_A_TIME,
            memory.reads.size());
        assertTrue(memory.reads.stream().allMatch(n -> n <= BlasExtents.POINTERS_AT_A_TIME), memory.reads::toString);
        // A pointer past the allocation in the last piece is named by its index in the whole array.
        final long[] whole = new long[count];
        java.util.Arrays.fill(whole, memory.repeated);
        whole[count - 1] = BASE + (1L << 40);
        memory.arrays.put(BASE, whole);
        final CallResult result = check(BlasCall.of("cublasSgetrfBatched", 2, BASE, 2, 0, BASE, count), memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, result.status());
        assertTrue(result.message().contains("Aarray[" + (count - 1) + "]"), result.message());
    }

    @Test
    void pivotsAGetrsPermutesByMustNameRowsOfTheMatrix()
    {
        // getrsBatched: trans, n 2, nrhs 1, Aarray, lda 2, devIpiv, Barray, ldb 2, info (host), batchSize 1.
        final Allocation memory = new Allocation(4096);
        memory.arrays.put(BASE, new long[]{ BASE + 64 });
        memory.arrays.put(BASE + 8, new long[]{ BASE + 128 });
        final BlasCall call = BlasCall.of("cublasSgetrsBatched", OP_N, 2, 1, BASE, 2, BASE + 256, BASE + 8, 2, 1);
        assertFalse(check(call, memory).failed());
        memory.pivot = 3;
        final CallResult result = check(call, memory);
        assertEquals(CublasStatus.EXECUTION_FAILED, result.status());
        assertTrue(result.message().contains("devIpiv[0] = 3 is no row from 1 to 2"), result.message());
        memory.pivot = 0;
        assertEquals(CublasStatus.EXECUTION_FAILED, check(call, memory).status());
    }

    @Test
    void sizesOfA64BitCallBeyond32BitsAreRefused()
    {
        final BlasCall call = BlasCall.of("cublasSaxpy_v2_64", 1L << 33, 0, BASE, 1, BASE, 1);
        assertThrows(BlasCall.BeyondThirtyTwoBits.class, () -> call.integer(1));
        assertThrows(IllegalArgumentException.class, () -> BlasCall.of("cublasSaxpy_v2", 1, 2));
    }
}
