package io.gpurelay.agent.cuda;

import java.nio.charset.StandardCharsets;

import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * PCI bus ids as CUDA reads them for {@code cuDeviceGetByPCIBusId} and {@code cudaDeviceGetByPCIBusId}: {@code
 * [domain]:[bus]:[device].[function]}, {@code [domain]:[bus]:[device]} or {@code [bus]:[device].[function]}, in
 * hexadecimal. The agent finds the device by asking the executor for each device's id ({@code cuDeviceGetPCIBusId},
 * a function-table row) and comparing the domain, bus and device, so that the answer is in the client's numbering of
 * the devices of all its executors.
 */
public final class PciBusIds
{
    /** The longest id {@code cuDeviceGetPCIBusId} writes is 13 characters with the NUL; room to spare. */
    public static final int ID_LENGTH = 64;
    /** The function-table rows of {@code cuDeviceGetPCIBusId} and {@code cudaDeviceGetPCIBusId}. */
    private static final int DRIVER_PCI_BUS_ID_ROW = 1024;
    private static final int RUNTIME_PCI_BUS_ID_ROW = 1114;
    /** cudaErrorInvalidDevice and CUDA_ERROR_INVALID_DEVICE: the two APIs give it one number. */
    private static final int INVALID_DEVICE = DriverStatus.INVALID_DEVICE;

    private PciBusIds()
    {
    }

    /**
     * The device, in the client's numbering, whose executor reports the PCI bus id: each device's id is asked in turn
     * through {@code cuDeviceGetPCIBusId}'s (driver) or {@code cudaDeviceGetPCIBusId}'s function-table row, whichever
     * binding asks, and compared by domain, bus and device.
     *
     * @param wanted      the id as {@link #parse} gives it.
     * @param deviceCount how many devices the client has.
     * @param device      receives the device found.
     * @return success, the status of a query that failed, or the invalid-device status when no device has the id.
     */
    public static int find(final long wanted, final int deviceCount, final boolean driver, final int[] device)
    {
        final FunctionRow row = TableRowCalls.row(driver ? DRIVER_PCI_BUS_ID_ROW : RUNTIME_PCI_BUS_ID_ROW);
        for (int candidate = 0; candidate < deviceCount; candidate++)
        {
            final long[] wire = new long[row.wireArgumentCount()];
            for (final Argument argument : row.arguments())
            {
                if (argument.wireIndex() >= 0)
                {
                    wire[argument.wireIndex()] = switch (argument.role())
                    {
                        case DEVICE -> candidate;
                        case IN_INT -> ID_LENGTH;
                        default -> throw new IllegalStateException(row.name() + ": " + argument.role());
                    };
                }
            }
            final ByteArrayPayload text = new ByteArrayPayload();
            final int status = TableRowCalls.send(row, wire, new long[row.resultCount()], text);
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            if (parse(new String(text.bytes(), StandardCharsets.US_ASCII).replace("\0", "")) == wanted)
            {
                device[0] = candidate;
                return DriverStatus.SUCCESS;
            }
        }
        return INVALID_DEVICE;
    }

    /**
     * @return domain, bus and device as one number, or -1 for text that is no PCI bus id.
     */
    public static long parse(final String id)
    {
        if (id == null)
        {
            return -1;
        }
        final String[] parts = id.trim().split(":", -1);
        if (parts.length < 2 || parts.length > 3)
        {
            return -1;
        }
        final String domain = parts.length == 3 ? parts[0] : "0";
        final String bus = parts[parts.length - 2];
        String device = parts[parts.length - 1];
        final int dot = device.indexOf('.');
        if (dot >= 0)
        {
            if (hex(device.substring(dot + 1), 0xF) < 0)
            {
                return -1;
            }
            device = device.substring(0, dot);
        }
        else if (parts.length == 2)
        {
            return -1;
        }
        final long domainValue = hex(domain, 0xFFFF_FFFFL);
        final long busValue = hex(bus, 0xFF);
        final long deviceValue = hex(device, 0x1F);
        return domainValue < 0 || busValue < 0 || deviceValue < 0 ? -1 :
            domainValue << 16 | busValue << 8 | deviceValue;
    }

    private static long hex(final String text, final long max)
    {
        if (text.isEmpty() || text.length() > 8)
        {
            return -1;
        }
        try
        {
            final long value = Long.parseLong(text, 16);
            return value <= max ? value : -1;
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }
}
