package io.gpurelay.agent.cuda.blas;

import io.gpurelay.agent.client.SessionHandles;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;

/**
 * The pointer mode of each live cuBLAS handle, as cuBLAS keeps it, for both bindings (JCublas2 and JavaCPP's cuBLAS):
 * whether a routine's scalars and results are host memory, which travels in the call, or device memory, which stays
 * on the executor. A handle starts in host mode.
 * <p>
 * A handle is the executor's, and the executors of one device list ({@code executor=A;B}) each choose their own: a
 * handle's mode is kept under the session of the calling thread's current device, where its calls go, so one
 * executor's handle never takes another's mode, and forgotten when that session ends.
 */
public final class CublasPointerModes
{
    /** Scalars and results in host memory: CUBLAS_POINTER_MODE_HOST. */
    public static final int HOST = 0;
    /** Scalars and results in device memory: CUBLAS_POINTER_MODE_DEVICE. */
    public static final int DEVICE = 1;

    private static final SessionHandles<Integer> MODES = new SessionHandles<>();

    private CublasPointerModes()
    {
    }

    /**
     * cublasCreate gave the handle: it is in host mode, which is what a handle not kept here is in.
     */
    public static void created(final long handle)
    {
        MODES.remove(RuntimeCalls.session(), handle);
    }

    /**
     * cublasDestroy destroyed the handle.
     */
    public static void destroyed(final long handle)
    {
        MODES.remove(RuntimeCalls.session(), handle);
    }

    /**
     * cublasSetPointerMode set the handle's mode.
     */
    public static void set(final long handle, final int mode)
    {
        set(handle, mode, RuntimeCalls.session());
    }

    /**
     * @return whether the handle's scalars and results are device memory.
     */
    public static boolean deviceMode(final long handle)
    {
        return !MODES.isEmpty() && deviceMode(handle, RuntimeCalls.session());
    }

    /**
     * Only device mode is kept: a handle not kept is in host mode, so while no handle is in device mode a routine's
     * mode costs no session lookup.
     */
    public static void set(final long handle, final int mode, final Object session)
    {
        if (mode == DEVICE)
        {
            MODES.put(session, handle, mode);
        }
        else
        {
            MODES.remove(session, handle);
        }
    }

    public static boolean deviceMode(final long handle, final Object session)
    {
        return MODES.getOrDefault(session, handle, HOST) == DEVICE;
    }

    public static void forget(final long handle, final Object session)
    {
        MODES.remove(session, handle);
    }

    public static void sessionEnded(final Object session)
    {
        MODES.sessionEnded(session);
    }
}
