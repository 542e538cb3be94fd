package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * What the CUDA runtime keeps per host thread: the current device (0 until cudaSetDevice) and the last error (set by
 * every failing runtime call, returned and cleared by cudaGetLastError, returned by cudaPeekAtLastError).
 */
public final class RuntimeThreadState
{
    private static final ThreadLocal<RuntimeThreadState> CURRENT = ThreadLocal.withInitial(RuntimeThreadState::new);

    private int device;
    /** Whether the thread chose its device (cudaSetDevice, or a call that initialised the implicit one). */
    private boolean chosen;
    private int lastError = RuntimeStatus.SUCCESS;
    private boolean initialized;

    private RuntimeThreadState()
    {
    }

    static RuntimeThreadState current()
    {
        return CURRENT.get();
    }

    /**
     * Called by runtime functions gpurelay does not remote: log once, record the error, return it.
     */
    public static int notSupported(final String message, final int status)
    {
        AgentLog.warnOnce(message);
        return current().record(status);
    }

    /**
     * The calling thread's current device, as cudaSetDevice left it: where libraries that work on the runtime's
     * device (cuBLAS, cuRAND, NVRTC) run.
     */
    public static int currentDevice()
    {
        return current().device();
    }

    /**
     * Whether the thread made a runtime call that initialises its device (not a device count, property or version
     * query) since this was last asked: CUDA's runtime then binds that device's primary context to a thread that has
     * no current context. Asking clears it, so a thread that pops the primary context has none until its next runtime
     * call, as in CUDA.
     */
    public static boolean takeRuntimeBinding()
    {
        final RuntimeThreadState thread = current();
        final boolean binding = thread.initialized;
        thread.initialized = false;
        return binding;
    }

    void initialized()
    {
        if (!chosen)
        {
            device(RuntimeDeviceSelection.implicitDevice());
        }
        initialized = true;
    }

    /**
     * The thread's device: as chosen, or while none is, the first of cudaSetValidDevices' list (0 without one).
     */
    int device()
    {
        return chosen ? device : RuntimeDeviceSelection.implicitDevice();
    }

    void device(final int device)
    {
        this.device = device;
        chosen = true;
    }

    /**
     * @return the status, after remembering it as the last error if it is one; cudaErrorNotReady, which only says
     *         that queued work is still running, is not.
     */
    int record(final int status)
    {
        if (status != RuntimeStatus.SUCCESS && status != RuntimeStatus.NOT_READY)
        {
            lastError = status;
        }
        return status;
    }

    int takeLastError()
    {
        final int error = lastError;
        lastError = RuntimeStatus.SUCCESS;
        return error;
    }

    int peekLastError()
    {
        return lastError;
    }
}
