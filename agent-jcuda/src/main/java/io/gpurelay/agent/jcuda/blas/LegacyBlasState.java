package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.CublasStatus;

/**
 * What the legacy cuBLAS API keeps between calls: the implicit handle that {@code cublasInit} makes and
 * {@code cublasShutdown} destroys, and each thread's error status.
 * <p>
 * The legacy API binds the library to the device current when {@code cublasInit} runs, for the whole process: one
 * handle, made in the primary context of that device, serves every thread's routines (the executor runs one session's
 * calls one after the other, so sharing it is safe). Its core functions (the BLAS routines) return no status: a
 * failure is recorded for the calling thread, {@code cublasGetError} returns the last one recorded and resets it to
 * {@code CUBLAS_STATUS_SUCCESS}. A routine that succeeds leaves the recorded status alone. The helper functions
 * ({@code cublasInit}, {@code cublasAlloc}, {@code cublasSetVector}, ...) return their status and record nothing.
 * Public because the rewritten {@code JCublas} class calls {@link #notSupported(String)}.
 */
public final class LegacyBlasState
{
    /** Each thread's last failure of a core function. */
    private static final ThreadLocal<int[]> LAST_ERROR = ThreadLocal.withInitial(() -> new int[]{
        CublasStatus.SUCCESS });

    /** The implicit handle (the executor's), 0 while the library is not initialised. */
    private static long handle;
    /** The device the handle was made on. */
    private static int device;

    private LegacyBlasState()
    {
    }

    /**
     * An unremoted core function: logs the message once and records {@code CUBLAS_STATUS_NOT_SUPPORTED}.
     */
    public static void notSupported(final String message)
    {
        AgentLog.warnOnce(message + " (cublasGetError reports CUBLAS_STATUS_NOT_SUPPORTED)");
        record(CublasStatus.NOT_SUPPORTED);
    }

    /**
     * Record a core function's status for the calling thread; success records nothing.
     */
    static void record(final int status)
    {
        if (status != CublasStatus.SUCCESS)
        {
            LAST_ERROR.get()[0] = status;
        }
    }

    /**
     * {@code cublasGetError}: the calling thread's last recorded failure, reset to success.
     */
    static int takeError()
    {
        final int[] error = LAST_ERROR.get();
        final int status = error[0];
        error[0] = CublasStatus.SUCCESS;
        return status;
    }

    static synchronized long handle()
    {
        return handle;
    }

    static synchronized int device()
    {
        return device;
    }

    static synchronized void initialized(final long newHandle, final int newDevice)
    {
        handle = newHandle;
        device = newDevice;
    }

    static synchronized void shutDown()
    {
        handle = 0;
        device = 0;
    }
}
