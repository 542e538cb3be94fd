package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.PciBusIds;
import io.gpurelay.agent.jcuda.TableRowCalls;
import io.gpurelay.agent.jcuda.runtime.RuntimeCalls;
import io.gpurelay.agent.jcuda.runtime.RuntimeDeviceSelection;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.FunctionRow;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Choosing devices in JavaCPP's {@code cudart}, as in JCuda's binding: cudaSetValidDevices and cudaInitDevice
 * ({@link RuntimeDeviceSelection}, shared), and the device of a PCI bus id (cudaDeviceGetByPCIBusId,
 * cuDeviceGetByPCIBusId), answered here: each device's id comes from its executor and the first whose domain, bus and
 * device match is the answer, in the client's numbering.
 */
final class JavaCppDeviceSelection
{
    /** The function-table rows of {@code cuDeviceGetPCIBusId} and {@code cudaDeviceGetPCIBusId}. */
    private static final int DRIVER_PCI_BUS_ID_ROW = 1024;
    private static final int RUNTIME_PCI_BUS_ID_ROW = 1114;

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
        final FunctionRow row = TableRowCalls.row(driver ? DRIVER_PCI_BUS_ID_ROW : RUNTIME_PCI_BUS_ID_ROW);
        for (int candidate = 0; candidate < client.deviceCount(); candidate++)
        {
            final long[] wire = new long[row.wireArgumentCount()];
            for (final Argument argument : row.arguments())
            {
                if (argument.wireIndex() >= 0)
                {
                    wire[argument.wireIndex()] = switch (argument.role())
                    {
                        case DEVICE -> candidate;
                        case IN_INT -> PciBusIds.ID_LENGTH;
                        default -> throw new IllegalStateException(row.name() + ": " + argument.role());
                    };
                }
            }
            final ByteArrayPayload text = new ByteArrayPayload();
            final long[] results = new long[row.resultCount()];
            final int status = TableRowCalls.send(row, wire, results, text);
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            final String candidateId = new String(text.bytes(), StandardCharsets.US_ASCII).replace("\0", "");
            if (PciBusIds.parse(candidateId) == wanted)
            {
                a.setInt(0, candidate);
                return DriverStatus.SUCCESS;
            }
        }
        return driver ? DriverStatus.INVALID_DEVICE : RuntimeStatus.INVALID_DEVICE;
    }
}
