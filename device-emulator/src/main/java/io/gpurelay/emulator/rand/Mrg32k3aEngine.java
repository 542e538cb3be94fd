package io.gpurelay.emulator.rand;

/**
 * L'Ecuyer's MRG32k3a, seeded, skipped and drawn as cuRAND's {@code curand_init} and {@code curand_MRG32k3a} do,
 * with subsequences 2^76 draws apart. The host API lays it out over 81920 threads for the default, best and
 * dynamic orderings and over 4096 for the legacy one (measured on cuRAND 10.4 with an H100).
 * <p>
 * Each component is a linear recurrence modulo a prime, so skipping ahead multiplies the state by a power of its
 * 3 x 3 matrix; the powers are built once on first use. Draws are the integers p1 - p2 mod m1 in [1, m1], which
 * the GPU computes exactly in double precision, so every transform here that cuRAND does in double matches it.
 */
final class Mrg32k3aEngine extends SubsequenceEngine
{
    static final int THREADS = 81920;
    static final int LEGACY_THREADS = 4096;

    private static final long M1 = 4294967087L;
    private static final long M2 = 4294944443L;
    private static final long A12 = 1403580L;
    private static final long A13N = 810728L;
    private static final long A21 = 527612L;
    private static final long A23N = 1370589L;
    private static final long SEED_STATE = 12345L;
    /**
     * MRG32K3A_NORM: the scale to (0, 1].
     */
    private static final double NORM = 2.3283065498378288e-10;
    /**
     * MRG32K3A_BITS_NORM: the scale to 32-bit words.
     */
    private static final double BITS_NORM = 1.000000048662;
    private static final float TWO_PI = 6.2831855f;
    private static final int STATE_LONGS = 6;
    /**
     * Bits of the largest subsequence index a thread can start on.
     */
    private static final int SUBSEQUENCE_BITS = Long.SIZE - Long.numberOfLeadingZeros(THREADS - 1);

    int threads(final int ordering)
    {
        return ordering == CurandOrdering.PSEUDO_LEGACY ? LEGACY_THREADS : THREADS;
    }

    ThreadCursors cursors(final long seed, final long offset, final int threads, final int count)
    {
        final long[] atPosition = seedState(seed);
        final long firstSubsequence = Long.remainderUnsigned(offset, threads);
        final long position = Long.divideUnsigned(offset, threads);
        for (int bit = 0; bit < Long.SIZE; bit++)
        {
            if ((position >>> bit & 1) != 0)
            {
                jump(Jumps.POSITION_1[bit], Jumps.POSITION_2[bit], atPosition);
            }
        }
        final long[] current = atPosition.clone();
        for (int bit = 0; bit < Jumps.SUBSEQUENCE_1.length; bit++)
        {
            if ((firstSubsequence >>> bit & 1) != 0)
            {
                jump(Jumps.SUBSEQUENCE_1[bit], Jumps.SUBSEQUENCE_2[bit], current);
            }
        }
        final long[] states = new long[count * STATE_LONGS];
        long subsequence = firstSubsequence;
        for (int thread = 0; thread < count; thread++)
        {
            System.arraycopy(current, 0, states, thread * STATE_LONGS, STATE_LONGS);
            subsequence++;
            if (subsequence == threads)
            {
                subsequence = 0;
                System.arraycopy(atPosition, 0, current, 0, STATE_LONGS);
                step(current, 0);
            }
            else
            {
                jump(Jumps.SUBSEQUENCE_1[0], Jumps.SUBSEQUENCE_2[0], current);
            }
        }
        return new Cursors(states);
    }

    /**
     * {@code curand_init}'s seeding: every state word 12345, multiplied by the seed's salted halves unless the
     * seed is 0.
     */
    static long[] seedState(final long seed)
    {
        final long[] state = { SEED_STATE, SEED_STATE, SEED_STATE, SEED_STATE, SEED_STATE, SEED_STATE };
        if (seed != 0)
        {
            final long x1 = ((int)seed ^ 0x55555555) & 0xFFFF_FFFFL;
            final long x2 = ((int)(seed >>> 32) ^ 0xAAAAAAAA) & 0xFFFF_FFFFL;
            state[0] = multiplyMod(x1, state[0], M1);
            state[1] = multiplyMod(x2, state[1], M1);
            state[2] = multiplyMod(x1, state[2], M1);
            state[3] = multiplyMod(x2, state[3], M2);
            state[4] = multiplyMod(x1, state[4], M2);
            state[5] = multiplyMod(x2, state[5], M2);
        }
        return state;
    }

    /**
     * One draw: advance both components of the state at {@code at} and combine them into [1, m1].
     */
    static long step(final long[] state, final int at)
    {
        final long p1 = Math.floorMod(A12 * state[at + 1] - A13N * state[at], M1);
        state[at] = state[at + 1];
        state[at + 1] = state[at + 2];
        state[at + 2] = p1;
        final long p2 = Math.floorMod(A21 * state[at + 5] - A23N * state[at + 3], M2);
        state[at + 3] = state[at + 4];
        state[at + 4] = state[at + 5];
        state[at + 5] = p2;
        return p1 > p2 ? p1 - p2 : p1 - p2 + M1;
    }

    private static long multiplyMod(final long a, final long b, final long modulus)
    {
        return Long.remainderUnsigned(a * b, modulus);
    }

    private static void jump(final long[] matrix1, final long[] matrix2, final long[] state)
    {
        multiply(matrix1, state, 0, M1);
        multiply(matrix2, state, 3, M2);
    }

    private static void multiply(final long[] matrix, final long[] state, final int at, final long modulus)
    {
        final long s0 = state[at];
        final long s1 = state[at + 1];
        final long s2 = state[at + 2];
        for (int row = 0; row < 3; row++)
        {
            final long sum = multiplyMod(matrix[row * 3], s0, modulus) +
                multiplyMod(matrix[row * 3 + 1], s1, modulus) + multiplyMod(matrix[row * 3 + 2], s2, modulus);
            state[at + row] = sum % modulus;
        }
    }

    /**
     * Powers of each component's matrix: 2^i steps for skipping positions, 2^(76 + i) for skipping subsequences.
     */
    private static final class Jumps
    {
        static final long[][] POSITION_1 = new long[Long.SIZE][];
        static final long[][] POSITION_2 = new long[Long.SIZE][];
        static final long[][] SUBSEQUENCE_1 = new long[SUBSEQUENCE_BITS][];
        static final long[][] SUBSEQUENCE_2 = new long[SUBSEQUENCE_BITS][];

        private static final int SUBSEQUENCE_LOG2_LENGTH = 76;

        static
        {
            fill(new long[]{ 0, 1, 0, 0, 0, 1, M1 - A13N, A12, 0 }, M1, POSITION_1, SUBSEQUENCE_1);
            fill(new long[]{ 0, 1, 0, 0, 0, 1, M2 - A23N, 0, A21 }, M2, POSITION_2, SUBSEQUENCE_2);
        }

        private static void fill(final long[] step, final long modulus, final long[][] position,
            final long[][] subsequence)
        {
            long[] power = step;
            for (int i = 0; i < SUBSEQUENCE_LOG2_LENGTH + subsequence.length; i++)
            {
                if (i < position.length)
                {
                    position[i] = power;
                }
                if (i >= SUBSEQUENCE_LOG2_LENGTH)
                {
                    subsequence[i - SUBSEQUENCE_LOG2_LENGTH] = power;
                }
                power = square(power, modulus);
            }
        }

        private static long[] square(final long[] matrix, final long modulus)
        {
            final long[] squared = new long[9];
            for (int row = 0; row < 3; row++)
            {
                for (int column = 0; column < 3; column++)
                {
                    long sum = 0;
                    for (int k = 0; k < 3; k++)
                    {
                        sum += multiplyMod(matrix[row * 3 + k], matrix[k * 3 + column], modulus);
                    }
                    squared[row * 3 + column] = sum % modulus;
                }
            }
            return squared;
        }
    }

    private static final class Cursors extends ThreadCursors
    {
        private final long[] states;

        Cursors(final long[] states)
        {
            this.states = states;
        }

        private long draw(final int thread)
        {
            return step(states, thread * STATE_LONGS);
        }

        /**
         * {@code curand}: the draw scaled to 32 bits and truncated; the conversion saturates on the GPU, which only
         * the largest draw could reach.
         */
        int bits(final int thread)
        {
            return (int)Math.min((long)(draw(thread) * BITS_NORM), 0xFFFF_FFFFL);
        }

        float uniform(final int thread)
        {
            return (float)(draw(thread) * NORM);
        }

        double uniformDouble(final int thread)
        {
            return draw(thread) * NORM;
        }

        double poissonUniform(final int thread)
        {
            return draw(thread) * NORM;
        }

        /**
         * {@code curand_box_muller_mrg}: two single-precision uniforms, the second scaled to an angle in float.
         */
        void normalPair(final int thread, final float[] pair)
        {
            final float u = (float)(draw(thread) * NORM);
            final float angle = (float)(draw(thread) * NORM) * TWO_PI;
            final double radius = Math.sqrt(-2.0 * Math.log(u));
            pair[0] = (float)(radius * Math.sin(angle));
            pair[1] = (float)(radius * Math.cos(angle));
        }

        /**
         * {@code curand_box_muller_mrg_double}: the angle in half turns, for sincospi.
         */
        void normalDoublePair(final int thread, final double[] pair)
        {
            final double u = draw(thread) * NORM;
            final double halfTurns = draw(thread) * NORM * 2.0;
            final double radius = Math.sqrt(-2.0 * Math.log(u));
            pair[0] = radius * Math.sin(Math.PI * halfTurns);
            pair[1] = radius * Math.cos(Math.PI * halfTurns);
        }
    }
}
