package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.PciBusIds;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeDeviceSelection;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.table.Argument;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Choosing devices in JavaCPP's {@code cudart}, as in JCuda's binding: cudaSetValidDevices and cudaInitDevice
 * ({@link RuntimeDeviceSelection}, shared), and the device of a PCI bus id (cudaDeviceGetByPCIBusId,
 * cuDeviceGetByPCIBusId), answered here: each device's id comes from its executor and the first whose domain, bus and
 * device match is the answer, in the client's numbering.
 */
final class JavaCppDeviceSelection
{
    private JavaCppDeviceSelection()
    {
    }

    static void register(final CudartModule module)
    {
        JavaCppRuntime.runtime(module, "cudaSetValidDevices", a ->
        {
            final int length = a.intValue(1);
            if (a.isNull(0))
            {
                if (length != 0)
                {
                    throw new JavaCppArgumentException("device_arr is null and len is " + length);
                }
                return RuntimeDeviceSelection.setValidDevices(new int[0], 0);
            }
            if (length < 0)
            {
                throw new JavaCppArgumentException("len is negative: " + length);
            }
            final UnsafeBuffer devices = new UnsafeBuffer(a.bytes(0, (long)length * Integer.BYTES));
            final int[] array = new int[length];
            for (int i = 0; i < length; i++)
            {
                array[i] = devices.getInt(i * Integer.BYTES, ByteOrder.nativeOrder());
            }
            return RuntimeDeviceSelection.setValidDevices(array, length);
        });
        JavaCppRuntime.runtime(module, "cudaInitDevice", a ->
            RuntimeDeviceSelection.initDevice(a.intValue(0), a.intValue(1), a.intValue(2)));
        JavaCppRuntime.runtime(module, "cudaDeviceGetByPCIBusId", a -> RuntimeCalls.record(byPciBusId(a, false)));
        module.function("cuDeviceGetByPCIBusId", a -> byPciBusId(a, true));
    }

    /**
     * The invalid-value status for text that is no PCI bus id, the invalid-device status when no device has it.
     */
    private static int byPciBusId(final JavaCppArgs a, final boolean driver)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final String id = a.string(1);
        if (id == null)
        {
            throw new JavaCppArgumentException("the PCI bus id is null");
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int connected = client.connect();
        if (connected != DriverStatus.SUCCESS)
        {
            return connected;
        }
        final long wanted = PciBusIds.parse(id);
        if (wanted < 0)
        {
            AgentLog.warnOnce(a.method().qualifiedName() + ": '" + id + "' is not a PCI bus id; returning the " +
                "invalid-value status");
            return DriverStatus.INVALID_VALUE;
        }
        final int[] device = new int[1];
        final int status = PciBusIds.find(wanted, client.deviceCount(), driver, device);
        if (status == DriverStatus.SUCCESS)
        {
            a.setInt(0, device[0]);
        }
        return status;
    }
}
