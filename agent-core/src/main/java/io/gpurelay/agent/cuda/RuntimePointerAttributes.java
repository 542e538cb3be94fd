package io.gpurelay.agent.cuda;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * cudaPointerGetAttributes of an address that is not host memory of this process, whichever binding asked (JCuda's
 * {@code cudaPointerAttributes}, JavaCPP's): the device copy of mapped memory that the executor cannot map
 * ({@link MappedHostMemory}) is the host memory it stands for; anything else is asked of the executor, whose session
 * tables know its device and managed memory, and what it does not know is unregistered host memory, as CUDA reports
 * it. Each binding writes the answer into its own struct through {@link Fill}; host memory of this process (pinned or
 * registered) the bindings tell apart themselves, as each sees it differently. The driver API's counterpart is
 * {@link PointerAttributes}, whose reply this is too.
 */
public final class RuntimePointerAttributes
{
    /** {@code cudaMemoryType}s of {@code cudaPointerAttributes.type}. */
    public static final int MEMORY_TYPE_UNREGISTERED = 0;
    public static final int MEMORY_TYPE_HOST = 1;
    public static final int MEMORY_TYPE_DEVICE = 2;
    public static final int MEMORY_TYPE_MANAGED = 3;
    /** The device of unregistered host memory in {@code cudaPointerAttributes}: {@code cudaInvalidDeviceId}. */
    public static final int NO_DEVICE = -2;

    /**
     * Writes the attributes into a binding's {@code cudaPointerAttributes}.
     */
    @FunctionalInterface
    public interface Fill
    {
        void fill(int type, int device, long devicePointer, long hostPointer);
    }

    private RuntimePointerAttributes()
    {
    }

    /**
     * @return whether {@code address} is the device copy of mapped memory that the executor cannot map; if so, its
     * attributes, those of the host memory it stands for, are filled in.
     */
    public static boolean mapped(final long address, final Fill fill)
    {
        final long[] results = new long[4];
        final long mappedHost = MappedHostMemory.hostPointer(address, results);
        if (mappedHost < 0)
        {
            return false;
        }
        fill.fill(MEMORY_TYPE_HOST, (int)results[1], address, mappedHost);
        return true;
    }

    /**
     * Asks the executor about {@code address} on the calling thread's current device and fills in its answer: host,
     * managed or device memory, or unregistered host memory where the executor does not know it (which is no error).
     *
     * @return the status, recorded as the thread's last error if it is one; nothing is filled in then.
     */
    public static int fromSession(final long address, final Fill fill)
    {
        final long[] results = new long[4];
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = DeviceRouter.installed().call(Function.CUDA_POINTER_GET_ATTRIBUTES, thread.device(),
            new long[]{ address }, null, null, results);
        if (status == RuntimeStatus.INVALID_VALUE)
        {
            // CUDA reports memory it does not know as unregistered host memory, not as an error.
            fill.fill(MEMORY_TYPE_UNREGISTERED, NO_DEVICE, 0, 0);
            return RuntimeStatus.SUCCESS;
        }
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        final int kind = (int)results[0];
        final boolean managed = kind == PointerAttributes.REPLY_MANAGED;
        fill.fill(kind == PointerAttributes.REPLY_HOST ? MEMORY_TYPE_HOST : managed ? MEMORY_TYPE_MANAGED :
            MEMORY_TYPE_DEVICE, (int)results[1], address, managed ? address : 0);
        return status;
    }
}
