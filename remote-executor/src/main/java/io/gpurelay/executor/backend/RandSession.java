package io.gpurelay.executor.backend;

import io.gpurelay.protocol.SobolTable;

/**
 * A session's cuRAND host API: generators that write into the session's device memory. Each method reports through
 * the {@link CallResult} with cuRAND's own status ({@link CudaError#library}) and never throws for bad input: an
 * unknown generator type, an odd count for a Box-Muller generator or an output outside the session's allocations is
 * the status cuRAND gives. The executor calls these only with generators this session made and has not destroyed.
 */
public interface RandSession
{
    /**
     * A {@code curandGenerator_t}: the backend's generator.
     */
    interface Generator
    {
        /**
         * The context it was made in. Once that context is destroyed or reset the generator is gone with it, even
         * where the client's context handle lives on (a primary context made afresh).
         */
        BackendContext context();
    }

    /**
     * What a generate call writes.
     */
    enum Output
    {
        /** {@code curandGenerate}: 32-bit words. */
        BITS,
        /** {@code curandGenerateLongLong}: 64-bit words. */
        LONG_BITS,
        UNIFORM,
        UNIFORM_DOUBLE,
        NORMAL,
        NORMAL_DOUBLE,
        LOG_NORMAL,
        LOG_NORMAL_DOUBLE,
        /** {@code curandGeneratePoisson}: unsigned ints; the first parameter is lambda. */
        POISSON
    }

    /** Value: {@code curandGetVersion}. */
    void getVersion(CallResult result);

    /**
     * {@code curandCreateGenerator} in the context.
     *
     * @return the generator, or null when it cannot be made (the failure is in {@code result}).
     */
    Generator createGenerator(BackendContext context, int rngType, CallResult result);

    /** {@code curandDestroyGenerator}; the generator is not used again. */
    void destroyGenerator(Generator generator);

    /**
     * {@code curandSetStream}.
     *
     * @param stream a stream of the generator's context, or null for its default stream.
     */
    void setStream(Generator generator, BackendStream stream, CallResult result);

    void setSeed(Generator generator, long seed, CallResult result);

    void setOffset(Generator generator, long offset, CallResult result);

    void setOrdering(Generator generator, int ordering, CallResult result);

    /**
     * A {@code curandDiscreteDistribution_t}: a histogram in device memory that kernels of cuRAND's device API read.
     */
    interface Distribution
    {
        /** The context whose memory holds it. */
        BackendContext context();

        /** Its device address, which kernels take and which names it on the wire. */
        long address();
    }

    /**
     * {@code curandCreatePoissonDistribution} in the context.
     *
     * @return the distribution, or null when it cannot be made (the failure is in {@code result}).
     */
    Distribution createPoissonDistribution(BackendContext context, double lambda, CallResult result);

    /**
     * {@code curandDestroyDistribution}; a distribution whose context was destroyed or reset since is gone already,
     * which is {@code CURAND_STATUS_NOT_INITIALIZED}.
     */
    void destroyDistribution(Distribution distribution, CallResult result);

    /** {@code curandSetQuasiRandomGeneratorDimensions}. */
    void setQuasiRandomDimensions(Generator generator, int dimensions, CallResult result);

    /** {@code curandGenerateSeeds}: the generator's starting state, now. */
    void generateSeeds(Generator generator, CallResult result);

    /**
     * Payload: one of cuRAND's Sobol' tables, little-endian words.
     *
     * @param set the direction vector set; unused for scramble constants.
     */
    void getSobolTable(SobolTable table, int set, CallResult result);

    /**
     * Write {@code count} values at the device address {@code output}.
     *
     * @param first  the mean (normal, log-normal) or lambda (Poisson); unused otherwise.
     * @param second the standard deviation (normal, log-normal); unused otherwise.
     */
    void generate(
        Generator generator, Output kind, long output, long count, double first, double second, CallResult result);

    /**
     * Destroy every generator the session still has, before its contexts go. (A backend whose generators hold
     * resources of their context also destroys them when it destroys that context.)
     */
    void close();
}
