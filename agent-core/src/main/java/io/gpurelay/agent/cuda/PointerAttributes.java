package io.gpurelay.agent.cuda;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;

/**
 * The {@code CUpointer_attribute}s cuPointerGetAttribute answers for device and managed memory of the session, from
 * the executor's tables (CU_POINTER_GET_ATTRIBUTE's reply: the memory type, device ordinal, range start and range
 * size). It names no JCuda type: JCuda's cuPointerGetAttribute and JavaCPP's both read their attribute here, and a
 * JavaCPP program has no JCuda on its class path.
 */
public final class PointerAttributes
{
    private static final int MEMORY_TYPE = 2;
    private static final int DEVICE_POINTER = 3;
    private static final int IS_MANAGED = 8;
    private static final int DEVICE_ORDINAL = 9;
    private static final int RANGE_START_ADDR = 11;
    private static final int RANGE_SIZE = 12;
    private static final int MAPPED = 13;
    /** {@code CUmemorytype}s of CU_POINTER_ATTRIBUTE_MEMORY_TYPE. */
    private static final long MEMORYTYPE_HOST = 1;
    private static final long MEMORYTYPE_DEVICE = 2;
    /**
     * The memory kinds of CU_POINTER_GET_ATTRIBUTE's and CUDA_POINTER_GET_ATTRIBUTES' reply: host, and managed
     * (anything else is device memory).
     */
    static final long REPLY_HOST = 1;
    static final long REPLY_MANAGED = 3;

    private PointerAttributes()
    {
    }

    /**
     * Whether the attribute is one that is answered; the others are refused by the callers, naming them.
     */
    public static boolean isSupported(final int attribute)
    {
        return switch (attribute)
        {
            case MEMORY_TYPE, IS_MANAGED, DEVICE_ORDINAL, MAPPED, DEVICE_POINTER, RANGE_START_ADDR, RANGE_SIZE -> true;
            default -> false;
        };
    }

    /**
     * Whether the attribute's value is a pointer or a size (8 bytes) rather than an {@code int} (4 bytes); false for
     * an attribute that is not answered.
     */
    public static boolean isWide(final int attribute)
    {
        return attribute == DEVICE_POINTER || attribute == RANGE_START_ADDR || attribute == RANGE_SIZE;
    }

    /**
     * Asks the executor about {@code address} in the current context and puts the value of the supported
     * {@code attribute} into {@code value[0]} when that succeeds. The device copy of mapped memory that the executor
     * cannot map ({@link MappedHostMemory}) is answered here, as the host memory it stands for.
     *
     * @return the driver status of the call.
     */
    public static int query(final int attribute, final long address, final long[] value)
    {
        final long[] results = new long[4];
        if (MappedHostMemory.hostPointer(address, results) >= 0)
        {
            if (!DriverContexts.isLive(DriverContexts.current()))
            {
                return DriverCalls.noCurrentContext();
            }
            value[0] = value(attribute, address, results);
            return DriverStatus.SUCCESS;
        }
        final int status = DriverCalls.inContext(Function.CU_POINTER_GET_ATTRIBUTE, new long[]{ address }, null,
            null, results);
        if (status == DriverStatus.SUCCESS)
        {
            value[0] = value(attribute, address, results);
        }
        return status;
    }

    /**
     * The value of a supported attribute of {@code address}, from CU_POINTER_GET_ATTRIBUTE's reply {@code results}
     * (memory kind, device ordinal, range start, range size).
     */
    public static long value(final int attribute, final long address, final long[] results)
    {
        return switch (attribute)
        {
            case MEMORY_TYPE -> results[0] == REPLY_HOST ? MEMORYTYPE_HOST : MEMORYTYPE_DEVICE;
            case IS_MANAGED -> results[0] == REPLY_MANAGED ? 1 : 0;
            case DEVICE_ORDINAL -> results[1];
            case MAPPED -> 1;
            case DEVICE_POINTER -> address;
            case RANGE_START_ADDR -> results[2];
            default -> results[3];
        };
    }
}
