package io.gpurelay.agent.cuda.driver;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;

/**
 * The interplay of the runtime and the driver API that CUDA has within a process: a thread whose runtime call
 * initialised its device (any runtime call but the device count, property and version queries) while it had no
 * current context has that device's primary context current for the driver API. The primary context is retained once per
 * device for the process, as the runtime holds it, and put on the thread's stack when a driver call first needs it.
 */
public final class RuntimePrimaryContexts
{
    private RuntimePrimaryContexts()
    {
    }

    /**
     * @return the primary context of the thread's runtime device, now current, or {@link DriverContexts#NONE} when
     *         the thread has not initialised the runtime or the executor could not retain it.
     */
    public static long adopt()
    {
        if (DeviceRouter.onCallbackThread() || !RuntimeThreadState.takeRuntimeBinding())
        {
            return DriverContexts.NONE;
        }
        final long primary = of(RuntimeThreadState.currentDevice());
        if (primary == DriverContexts.NONE)
        {
            return DriverContexts.NONE;
        }
        DriverContexts.setCurrent(primary);
        return primary;
    }

    /**
     * The device's primary context, as the runtime holds it: retained once for the process.
     *
     * @return the context, or {@link DriverContexts#NONE} when the client is not connected or the executor could not
     *         retain it.
     */
    public static long of(final int device)
    {
        long primary = DriverContexts.primary(device);
        if (primary == DriverContexts.NONE)
        {
            // Retaining a primary context would try an executor that did not answer once more: only a client that is
            // connected retains one.
            if (DeviceRouter.installed().connect() != DriverStatus.SUCCESS)
            {
                return DriverContexts.NONE;
            }
            final long[] results = new long[1];
            if (DeviceRouter.installed().call(Function.CU_DEVICE_PRIMARY_CTX_RETAIN, DriverContexts.NONE,
                new long[]{ device }, null, null, results) != DriverStatus.SUCCESS)
            {
                return DriverContexts.NONE;
            }
            primary = results[0];
            DriverContexts.retainedPrimary(primary, device);
        }
        return primary;
    }
}
