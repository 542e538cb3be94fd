package io.gpurelay.agent.cuda.runtime;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * What the CUDA runtime keeps per host thread: the current device (0 until cudaSetDevice) and the last error (set by
 * every failing runtime call, returned and cleared by cudaGetLastError, returned by cudaPeekAtLastError).
 */
public final class RuntimeThreadState
{
    /** cudaSetValidDevices' list: the devices to try in order; null for all, in order. */
    private static volatile int[] validDevices;

    private static final ThreadLocal<RuntimeThreadState> CURRENT = ThreadLocal.withInitial(RuntimeThreadState::new);

    private int device;
    /** Whether the thread chose its device (cudaSetDevice, or a call that initialised the implicit one). */
    private boolean chosen;
    private int lastError = RuntimeStatus.SUCCESS;
    private boolean initialized;

    private RuntimeThreadState()
    {
    }

    public static RuntimeThreadState current()
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

    public void initialized()
    {
        if (!chosen)
        {
            device(implicitDevice());
        }
        initialized = true;
    }

    /**
     * The thread's device: as chosen, or while none is, the first of cudaSetValidDevices' list (0 without one).
     */
    public int device()
    {
        return chosen ? device : implicitDevice();
    }

    public void device(final int device)
    {
        this.device = device;
        chosen = true;
    }

    /**
     * @return the status, after remembering it as the last error if it is one; cudaErrorNotReady, which only says
     *         that queued work is still running, is not.
     */
    public int record(final int status)
    {
        if (status != RuntimeStatus.SUCCESS && status != RuntimeStatus.NOT_READY)
        {
            lastError = status;
        }
        return status;
    }

    public int takeLastError()
    {
        final int error = lastError;
        lastError = RuntimeStatus.SUCCESS;
        return error;
    }

    public int peekLastError()
    {
        return lastError;
    }

    /**
     * @return cudaSetValidDevices' list, or null for all devices in order.
     */
    public static int[] validDevices()
    {
        return validDevices;
    }

    /**
     * Set cudaSetValidDevices' list (null for all devices in order), for every thread that has not chosen a device.
     */
    public static void validDevices(final int[] valid)
    {
        validDevices = valid;
    }

    /**
     * The device a thread that has not chosen one uses: the first of cudaSetValidDevices' list, 0 without one.
     */
    public static int implicitDevice()
    {
        final int[] valid = validDevices;
        return valid == null || valid.length == 0 ? 0 : valid[0];
    }
}
