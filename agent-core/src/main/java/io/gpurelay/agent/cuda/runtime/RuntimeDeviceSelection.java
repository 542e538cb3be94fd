package io.gpurelay.agent.cuda.runtime;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.FunctionTable;

/**
 * The runtime's device selection ({@code cudaSetValidDevices}, {@code cudaChooseDevice}, {@code cudaInitDevice}),
 * answered by the agent, which keeps the runtime's device state ({@link RuntimeThreadState}).
 * <p>
 * The list of valid devices is the process's: a thread that has not chosen its device (by cudaSetDevice, or by a call
 * that initialises one) uses the list's first device, where CUDA tries the list's devices in order until one works
 * (every device of an executor works, so the first does). cudaChooseDevice compares the properties the executor
 * reports for each device ({@code cudaGetDeviceProperties}) with the wanted ones; cudaInitDevice initialises the
 * device's primary context in the session, with the device flags applied as cudaSetDeviceFlags applies them, without
 * making the device current.
 */
public final class RuntimeDeviceSelection
{
    /** cudaInitDeviceFlagsAreValid. */
    private static final int INIT_DEVICE_FLAGS_ARE_VALID = 1;
    /** The function-table row of {@code cudaSetDeviceFlags} (gpurelay-functions.txt). */
    private static final int SET_DEVICE_FLAGS_ROW = 1500;

    private RuntimeDeviceSelection()
    {
    }

    /**
     * cudaSetValidDevices, for either binding: the devices a thread that has not chosen one may use, in order.
     */
    public static int setValidDevices(final int[] deviceArr, final int len)
    {
        final String name = "cudaSetValidDevices";
        if (deviceArr == null)
        {
            // As JCuda's native code, whatever len is.
            throw new NullPointerException("Parameter 'device_arr' is null for cudaSetValidDevices");
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return RuntimeCalls.record(status);
        }
        if (len == 0)
        {
            RuntimeThreadState.validDevices(null);
            return RuntimeStatus.SUCCESS;
        }
        final int count = client.deviceCount();
        if (len < 0 || len > count || len > deviceArr.length)
        {
            return refuse(name, "len " + len + " does not name devices of device_arr (" +
                deviceArr.length + " elements) among the " + count + " devices",
                RuntimeStatus.INVALID_VALUE);
        }
        final int[] valid = new int[len];
        for (int i = 0; i < len; i++)
        {
            if (deviceArr[i] < 0 || deviceArr[i] >= count)
            {
                return refuse(name, "device " + deviceArr[i] + " does not exist (" + count + " devices)",
                    RuntimeStatus.INVALID_DEVICE);
            }
            valid[i] = deviceArr[i];
        }
        RuntimeThreadState.validDevices(valid);
        return RuntimeStatus.SUCCESS;
    }


    /**
     * cudaInitDevice, for either binding.
     */
    public static int initDevice(final int device, final int deviceFlags, final int flags)
    {
        final String name = "cudaInitDevice";
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return RuntimeCalls.record(status);
        }
        if (device < 0 || device >= client.deviceCount())
        {
            return refuse(name, "device " + device + " does not exist (" + client.deviceCount() + " devices)",
                RuntimeStatus.INVALID_DEVICE);
        }
        // Only cudaInitDeviceFlagsAreValid means anything; CUDA ignores other bits (a GPU answered success for 2).
        // Both calls run in the session's primary context of the device, which the executor makes at the first.
        final int initialised = (flags & INIT_DEVICE_FLAGS_ARE_VALID) != 0 ?
            client.call(FunctionTable.standard().byId(SET_DEVICE_FLAGS_ROW), device,
                new long[]{ Integer.toUnsignedLong(deviceFlags) }, null, null, new long[0]) :
            client.call(Function.CUDA_MEM_GET_INFO, device, new long[0], null, null, new long[2]);
        return RuntimeCalls.record(initialised);
    }



    public static int refuse(final String function, final String reason, final int status)
    {
        AgentLog.warn(function + ": " + reason + "; returning " + RuntimeStatus.name(status));
        return RuntimeCalls.record(status);
    }
}
