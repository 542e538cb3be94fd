package io.gpurelay.emulator.rand;

/**
 * A recurrence-based generator (XORWOW, MRG32k3a) whose output cuRAND's host API lays out over a fixed number T of
 * GPU threads, each reading its own subsequence of the one sequence the seed defines.
 * <p>
 * Measured on cuRAND 10.4 (CUDA 13.0, H100), a call at generator offset o producing G groups (one value each, or
 * one Box-Muller pair for normals) has thread t = P mod T produce groups P = t, t + T, t + 2T, ... from
 * subsequence (o + t) mod T, starting (o + t) div T draws into it and consuming a fixed number of draws per group.
 * For one-value groups this places output element i at subsequence (o + i) mod T, position (o + i) div T: the
 * ordering the cuRAND documentation gives for XORWOW with T = 4096.
 */
abstract class SubsequenceEngine
{
    /**
     * T for an ordering; the orderings the generator refuses never reach here.
     */
    abstract int threads(int ordering);

    /**
     * The states of threads 0 to {@code count - 1} for a call at {@code offset}.
     */
    abstract ThreadCursors cursors(long seed, long offset, int threads, int count);

    /**
     * Per-thread generator states of one call, each advancing as its thread draws.
     */
    abstract static class ThreadCursors
    {
        abstract int bits(int thread);

        abstract float uniform(int thread);

        abstract double uniformDouble(int thread);

        /**
         * A uniform double in (0, 1] from one draw, for the Poisson sampler.
         */
        abstract double poissonUniform(int thread);

        abstract void normalPair(int thread, float[] pair);

        abstract void normalDoublePair(int thread, double[] pair);
    }
}
