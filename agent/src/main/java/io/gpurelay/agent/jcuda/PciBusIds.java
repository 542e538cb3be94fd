package io.gpurelay.agent.jcuda;

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

    private PciBusIds()
    {
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
