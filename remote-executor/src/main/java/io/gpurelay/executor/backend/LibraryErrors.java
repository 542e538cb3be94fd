package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CusolverStatus;

/**
 * The errors of the CUDA libraries whose functions are function-table rows, in each library's own statuses: what its
 * function returned, and what the executor answers for a device range outside the session's allocations (what a
 * kernel that faults on it gives: the library's execution failure).
 */
public final class LibraryErrors
{
    private LibraryErrors()
    {
    }

    /**
     * @return the error a library function's status names.
     */
    public static CudaError of(final Api api, final int status)
    {
        return CudaError.library(api, status, name(api, status));
    }

    /**
     * @return the library's error for a device range the session does not hold.
     */
    public static CudaError outside(final Api api)
    {
        return switch (api)
        {
            case CUSOLVER -> of(api, CusolverStatus.EXECUTION_FAILED);
            default -> throw new IllegalArgumentException(api + " has no rows of the function table");
        };
    }

    /**
     * @return the C name of a library's status ({@code CUSOLVER_STATUS_INVALID_VALUE}).
     */
    public static String name(final Api api, final int status)
    {
        return switch (api)
        {
            case CUSOLVER -> CusolverStatus.name(status);
            default -> api + " status " + status;
        };
    }
}
