package io.gpurelay.emulator.rand;

/**
 * Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"), with cuRAND's key and counter
 * layout: the key is the seed's two halves, the counter's high 64 bits the subsequence, its low 64 bits the block
 * number within it; each block yields four 32-bit words.
 * <p>
 * Measured on cuRAND 10.4 (CUDA 13.0, H100), the host API spreads blocks over 65536 threads for every ordering,
 * and output element e (the generator offset plus the index in the call) comes from:
 * <ul>
 *     <li>32-bit outputs (bits, uniform, normal, Poisson): word e mod 4 of block (e div 4) div 65536 of
 *     subsequence (e div 4) mod 65536; normals pair words 0-1 and 2-3 of a block through Box-Muller;</li>
 *     <li>64-bit outputs (uniform double, normal double): group g = e div 4 (elements 4g to 4g + 3) comes from
 *     subsequence g mod 65536, whose thread takes two blocks per group: for a call starting at element o, the
 *     thread's first group is g0, the first group at or after o div 4 in its subsequence, which starts at block
 *     g0 div 65536, as a 32-bit output would; group g then takes blocks b and b + 1 with
 *     b = g0 div 65536 + 2 ((g - g0) div 65536), two words per uniform double and all four words of a block per
 *     pair of double normals. From offset 0 that is blocks 2 (g div 65536) and 2 (g div 65536) + 1, but a call
 *     that starts past the first 65536 groups reuses blocks that an earlier 64-bit call at a lower offset
 *     took.</li>
 * </ul>
 */
final class PhiloxEngine
{
    static final int THREADS = 65536;

    private static final long WORD = 0xFFFF_FFFFL;
    private static final long MULTIPLIER_0 = 0xD2511F53L;
    private static final long MULTIPLIER_1 = 0xCD9E8D57L;
    private static final int KEY_INCREMENT_0 = 0x9E3779B9;
    private static final int KEY_INCREMENT_1 = 0xBB67AE85;
    private static final int ROUNDS = 10;

    private final int key0;
    private final int key1;
    private final int[] words = new int[4];
    private long cachedBlock = -1;
    private long cachedSubsequence = -1;

    PhiloxEngine(final long seed)
    {
        key0 = (int)seed;
        key1 = (int)(seed >>> 32);
    }

    /**
     * The four words of a block, computed once for consecutive requests of the same block.
     */
    int[] block(final long block, final long subsequence)
    {
        if (block != cachedBlock || subsequence != cachedSubsequence)
        {
            encrypt((int)block, (int)(block >>> 32), (int)subsequence, (int)(subsequence >>> 32), key0, key1, words);
            cachedBlock = block;
            cachedSubsequence = subsequence;
        }
        return words;
    }

    /**
     * The words of the block that 32-bit output element {@code element} comes from.
     */
    int[] wordBlock(final long element)
    {
        final long quad = element >>> 2;
        return block(Long.divideUnsigned(quad, THREADS), Long.remainderUnsigned(quad, THREADS));
    }

    /**
     * The words of the block that 64-bit output element {@code element} comes from, in a call whose first element
     * is {@code firstElement}.
     */
    int[] doubleBlock(final long element, final long firstElement)
    {
        final long group = element >>> 2;
        final long subsequence = Long.remainderUnsigned(group, THREADS);
        final long firstGroup = firstElement >>> 2;
        final long threadFirstGroup = firstGroup +
            Math.floorMod(subsequence - Long.remainderUnsigned(firstGroup, THREADS), (long)THREADS);
        final long firstBlock = Long.divideUnsigned(threadFirstGroup, THREADS);
        final long iteration = Long.divideUnsigned(group - threadFirstGroup, THREADS);
        return block(firstBlock + 2 * iteration + (element >>> 1 & 1), subsequence);
    }

    /**
     * Ten rounds of the Philox S-box on counter (c0, c1, c2, c3) with key (k0, k1), the key bumped by the Weyl
     * constants between rounds.
     */
    static void encrypt(final int c0, final int c1, final int c2, final int c3, final int k0, final int k1,
        final int[] out)
    {
        int x0 = c0;
        int x1 = c1;
        int x2 = c2;
        int x3 = c3;
        int key0 = k0;
        int key1 = k1;
        for (int round = 0; round < ROUNDS; round++)
        {
            final long product0 = MULTIPLIER_0 * (x0 & WORD);
            final long product1 = MULTIPLIER_1 * (x2 & WORD);
            x0 = (int)(product1 >>> 32) ^ x1 ^ key0;
            x1 = (int)product1;
            x2 = (int)(product0 >>> 32) ^ x3 ^ key1;
            x3 = (int)product0;
            key0 += KEY_INCREMENT_0;
            key1 += KEY_INCREMENT_1;
        }
        out[0] = x0;
        out[1] = x1;
        out[2] = x2;
        out[3] = x3;
    }
}
