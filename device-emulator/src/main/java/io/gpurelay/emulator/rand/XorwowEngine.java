package io.gpurelay.emulator.rand;

import java.util.Arrays;

/**
 * XORWOW (Marsaglia's xorshift with a Weyl sequence added), seeded, skipped and drawn exactly as cuRAND's
 * {@code curand_init} and {@code curand} do it, laid out over 4096 threads whose subsequences lie 2^67 draws apart.
 * <p>
 * The xorshift part of the state is 160 bits and each step is linear over GF(2), so skipping ahead multiplies the
 * state by a power of the 160 x 160 step matrix; the powers needed are built once, by squaring, on first use. The
 * Weyl counter advances by 362437 per draw, which a skip of 2^67 leaves unchanged modulo 2^32.
 */
final class XorwowEngine extends SubsequenceEngine
{
    static final int THREADS = 4096;

    private static final int WORDS = 5;
    private static final int STATE_INTS = WORDS + 1;
    private static final int WEYL_INCREMENT = 362437;

    int threads(final int ordering)
    {
        return THREADS;
    }

    ThreadCursors cursors(final long seed, final long offset, final int threads, final int count)
    {
        final int[] atPosition = seedState(seed);
        final long firstSubsequence = Long.remainderUnsigned(offset, threads);
        final long position = Long.divideUnsigned(offset, threads);
        for (int bit = 0; bit < Long.SIZE; bit++)
        {
            if ((position >>> bit & 1) != 0)
            {
                multiply(Jumps.POSITION[bit], atPosition);
            }
        }
        atPosition[WORDS] += (int)(WEYL_INCREMENT * position);

        final int[] current = atPosition.clone();
        for (int bit = 0; bit < Jumps.SUBSEQUENCE.length; bit++)
        {
            if ((firstSubsequence >>> bit & 1) != 0)
            {
                multiply(Jumps.SUBSEQUENCE[bit], current);
            }
        }
        final int[] states = new int[count * STATE_INTS];
        long subsequence = firstSubsequence;
        for (int thread = 0; thread < count; thread++)
        {
            System.arraycopy(current, 0, states, thread * STATE_INTS, STATE_INTS);
            subsequence++;
            if (subsequence == threads)
            {
                subsequence = 0;
                System.arraycopy(atPosition, 0, current, 0, STATE_INTS);
                step(current, 0);
            }
            else
            {
                multiply(Jumps.SUBSEQUENCE[0], current);
            }
        }
        return new Cursors(states);
    }

    /**
     * {@code curand_init}'s seeding: the seed's halves salted, multiplied and spread over the state.
     */
    static int[] seedState(final long seed)
    {
        final int s0 = (int)seed ^ 0xaad26b49;
        final int s1 = (int)(seed >>> 32) ^ 0xf7dcefdd;
        final int t0 = 1099087573 * s0;
        final int t1 = (int)2591861531L * s1;
        return new int[]{ 123456789 + t0, 362436069 ^ t0, 521288629 + t1, 88675123 ^ t1, 5783321 + t0,
            6615241 + t1 + t0 };
    }

    /**
     * One draw: advance the state at {@code at} and return the output word.
     */
    static int step(final int[] state, final int at)
    {
        final int t = state[at] ^ (state[at] >>> 2);
        state[at] = state[at + 1];
        state[at + 1] = state[at + 2];
        state[at + 2] = state[at + 3];
        state[at + 3] = state[at + 4];
        state[at + 4] = (state[at + 4] ^ (state[at + 4] << 4)) ^ (t ^ (t << 1));
        state[at + 5] += WEYL_INCREMENT;
        return state[at + 4] + state[at + 5];
    }

    /**
     * Replace the xorshift words of {@code state} by {@code matrix} times them; the matrix holds its 160 columns
     * of five words each one after another.
     */
    private static void multiply(final int[] matrix, final int[] state)
    {
        int r0 = 0;
        int r1 = 0;
        int r2 = 0;
        int r3 = 0;
        int r4 = 0;
        for (int word = 0; word < WORDS; word++)
        {
            int bits = state[word];
            while (bits != 0)
            {
                final int bit = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                final int column = (word * Integer.SIZE + bit) * WORDS;
                r0 ^= matrix[column];
                r1 ^= matrix[column + 1];
                r2 ^= matrix[column + 2];
                r3 ^= matrix[column + 3];
                r4 ^= matrix[column + 4];
            }
        }
        state[0] = r0;
        state[1] = r1;
        state[2] = r2;
        state[3] = r3;
        state[4] = r4;
    }

    /**
     * Powers of the step matrix: 2^i steps for skipping positions, 2^(67 + i) for skipping subsequences.
     */
    private static final class Jumps
    {
        static final int[][] POSITION = new int[Long.SIZE][];
        static final int[][] SUBSEQUENCE = new int[Integer.numberOfTrailingZeros(THREADS)][];

        private static final int SUBSEQUENCE_LOG2_LENGTH = 67;

        static
        {
            int[] power = stepMatrix();
            for (int i = 0; i < POSITION.length; i++)
            {
                POSITION[i] = power;
                power = square(power);
            }
            for (int i = POSITION.length; i < SUBSEQUENCE_LOG2_LENGTH; i++)
            {
                power = square(power);
            }
            for (int i = 0; i < SUBSEQUENCE.length; i++)
            {
                SUBSEQUENCE[i] = power;
                power = square(power);
            }
        }

        private static int[] stepMatrix()
        {
            final int bits = WORDS * Integer.SIZE;
            final int[] matrix = new int[bits * WORDS];
            final int[] unit = new int[STATE_INTS];
            for (int column = 0; column < bits; column++)
            {
                Arrays.fill(unit, 0);
                unit[column / Integer.SIZE] = 1 << (column % Integer.SIZE);
                step(unit, 0);
                System.arraycopy(unit, 0, matrix, column * WORDS, WORDS);
            }
            return matrix;
        }

        private static int[] square(final int[] matrix)
        {
            final int[] squared = new int[matrix.length];
            final int[] column = new int[STATE_INTS];
            for (int at = 0; at < matrix.length; at += WORDS)
            {
                System.arraycopy(matrix, at, column, 0, WORDS);
                multiply(matrix, column);
                System.arraycopy(column, 0, squared, at, WORDS);
            }
            return squared;
        }
    }

    private static final class Cursors extends ThreadCursors
    {
        private final int[] states;

        Cursors(final int[] states)
        {
            this.states = states;
        }

        private int draw(final int thread)
        {
            return step(states, thread * STATE_INTS);
        }

        int bits(final int thread)
        {
            return draw(thread);
        }

        float uniform(final int thread)
        {
            return WordTransforms.uniform(draw(thread));
        }

        double uniformDouble(final int thread)
        {
            final int low = draw(thread);
            return WordTransforms.uniformDouble(low, draw(thread));
        }

        double poissonUniform(final int thread)
        {
            return WordTransforms.uniformDoubleFromWord(draw(thread));
        }

        void normalPair(final int thread, final float[] pair)
        {
            final int x = draw(thread);
            WordTransforms.normalPair(x, draw(thread), pair);
        }

        void normalDoublePair(final int thread, final double[] pair)
        {
            final int x0 = draw(thread);
            final int x1 = draw(thread);
            final int y0 = draw(thread);
            WordTransforms.normalDoublePair(x0, x1, y0, draw(thread), pair);
        }
    }
}
