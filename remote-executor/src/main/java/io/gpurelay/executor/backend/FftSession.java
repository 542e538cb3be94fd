package io.gpurelay.executor.backend;

import io.gpurelay.protocol.CufftGeometry;

/**
 * A session's cuFFT: plans that transform the session's device memory. Each method reports through the
 * {@link CallResult} with cuFFT's own status ({@link CudaError#library}) and never throws for bad input: a shape cuFFT
 * refuses, an exec of the wrong type or data outside the session's allocations is the status cuFFT gives (or, for
 * data cuFFT would not check, {@code CUFFT_EXEC_FAILED} before anything runs). The executor calls these only with
 * plans this session made and has not destroyed, and with geometries whose {@link CufftGeometry#problem} is null.
 */
public interface FftSession
{
    /**
     * A {@code cufftHandle}: the backend's plan.
     */
    interface Plan
    {
        /**
         * The context it was made in; once that context is destroyed or reset, the plan is gone with it.
         */
        BackendContext context();

        /** Its shape once made, else null. */
        CufftGeometry geometry();
    }

    /** Value: {@code cufftGetVersion}. */
    void getVersion(CallResult result);

    /**
     * {@code cufftCreate} in the context.
     *
     * @return the plan, or null when it cannot be made (the failure is in {@code result}).
     */
    Plan create(BackendContext context, CallResult result);

    /** {@code cufftDestroy}; the plan is not used again. */
    void destroy(Plan plan);

    /** Value: the work area's size. {@code cufftMakePlanMany64} on a plan not made yet. */
    void makePlan(Plan plan, CufftGeometry geometry, CallResult result);

    /** Value: the work area such a plan would need. {@code cufftGetSizeMany64}. */
    void getSizeMany(Plan plan, CufftGeometry geometry, CallResult result);

    /** Value: an estimate of the work area such a plan needs, in the context. {@code cufftEstimateMany}. */
    void estimate(BackendContext context, CufftGeometry geometry, CallResult result);

    /** Value: the plan's work area size. {@code cufftGetSize}. */
    void getSize(Plan plan, CallResult result);

    /**
     * {@code cufftSetStream}.
     *
     * @param stream a stream of the plan's context, or null for its default stream.
     */
    void setStream(Plan plan, BackendStream stream, CallResult result);

    /** {@code cufftSetAutoAllocation}. */
    void setAutoAllocation(Plan plan, boolean automatic, CallResult result);

    /** {@code cufftSetWorkArea}: a device address of the session, 0 for none. */
    void setWorkArea(Plan plan, long workArea, CallResult result);

    /**
     * {@code cufftExecC2C} and its kin: {@code type} says which, and must be the plan's type.
     *
     * @param direction CUFFT_FORWARD or CUFFT_INVERSE for complex-to-complex transforms, else unused.
     */
    void exec(Plan plan, int type, long input, long output, int direction, CallResult result);

    /**
     * Destroy every plan the session still has, before its contexts go.
     */
    void close();
}
