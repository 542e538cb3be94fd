package io.gpurelay.agent.client;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.IntStream;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * The device ordinals a call carries, wherever they sit, translated between the application's device list and the
 * numbering of the executor the call goes to: table rows' {@code device} arguments, and what hand-written functions
 * put into their arguments from a struct or a plain {@code int} (a {@code CUmemLocation}'s id, a hint's device, an
 * array's device) or answer in their values (a range's preferred location, a pointer's device, an allocation's
 * location). This is the one place that knows which argument or value of which function is a device; the router asks
 * it for every call once it knows the call's executor.
 * <p>
 * One executor cannot act on another's device: a call whose device belongs to another executor than the one it runs
 * on fails with the invalid-device status, as CUDA fails a device it cannot use there; two questions answer instead,
 * as CUDA answers them of two devices that share nothing: {@code cuMemGetAccess} of another executor's device is
 * {@code CU_MEM_ACCESS_FLAGS_PROT_NONE} (the address is still checked), and the P2P attributes of two devices on
 * different executors are 0, as {@code cudaDeviceCanAccessPeer} is. Special values pass through unchanged: the host
 * ({@code CU_DEVICE_CPU}, -1), any other negative value (the executor names it), a location that is not a device, the
 * device argument of a hint that ignores it. An ordinal past the list is the invalid-device status here: sent as it
 * is, it could name a device of the executor that the application does not see.
 */
final class DeviceOrdinals
{
    /** {@code cudaInvalidDeviceId}, {@code CU_DEVICE_INVALID}: what an answer says of a device the list lacks. */
    static final long NO_DEVICE = -2;
    /** {@code CU_MEM_LOCATION_TYPE_DEVICE}: a location whose id is a device ordinal. */
    private static final long LOCATION_DEVICE = 1;
    /** {@code cudaMemAdviseSetReadMostly}, {@code cudaMemAdviseUnsetReadMostly}: advice whose device CUDA ignores. */
    private static final long ADVISE_SET_READ_MOSTLY = 1;
    private static final long ADVISE_UNSET_READ_MOSTLY = 2;
    /** Range attributes whose values are devices: preferred location, accessed by, last prefetch location. */
    private static final long RANGE_PREFERRED_LOCATION = 2;
    private static final long RANGE_LAST_PREFETCH_LOCATION = 4;
    /** {@code cudaDevP2PAttrPerformanceRank} to {@code cudaDevP2PAttrCudaArrayAccessSupported}. */
    private static final long P2P_ATTRIBUTE_FIRST = 1;
    private static final long P2P_ATTRIBUTE_LAST = 4;
    private static final Set<String> P2P_ATTRIBUTE_ROWS = Set.of("cuDeviceGetP2PAttribute", "cudaDeviceGetP2PAttribute");
    /** No argument of the call is a device: most calls, which pay no allocation for asking. */
    private static final int[] NONE = new int[0];
    /** {@link #answerHere}: the call goes to its executor. */
    static final int NOT_ANSWERED = -1;

    /**
     * The application's device list: each device's executor and its ordinal there.
     */
    interface Numbering
    {
        int count();

        int executor(int device);

        int local(int device);

        /** @return the executor's channel, for messages. */
        String channel(int executor);
    }

    private DeviceOrdinals()
    {
    }

    /**
     * @return which argument's device decides where the call goes (a device query, a context or pool made on a
     *         device), or -1 when the call goes by its context or current device.
     */
    static int routingArgument(final RemotedFunction function, final long[] args)
    {
        if (function instanceof FunctionRow row)
        {
            final Argument device = row.first(ArgumentRole.DEVICE);
            return device == null ? -1 : device.wireIndex();
        }
        return switch ((Function)function)
        {
            case CUDA_GET_DEVICE_PROPERTIES, CU_DEVICE_GET_NAME, CU_DEVICE_TOTAL_MEM, CU_DEVICE_GET_UUID,
                CU_DEVICE_PRIMARY_CTX_RETAIN, CU_DEVICE_PRIMARY_CTX_RELEASE, CU_DEVICE_PRIMARY_CTX_RESET,
                CU_DEVICE_PRIMARY_CTX_GET_STATE, CU_DEVICE_PRIMARY_CTX_SET_FLAGS -> 0;
            case CUDA_DEVICE_GET_ATTRIBUTE, CU_DEVICE_GET_ATTRIBUTE, CU_CTX_CREATE -> 1;
            // A query and a pool that need no context: the location's device decides, when it is a device.
            case CU_MEM_GET_ALLOCATION_GRANULARITY -> deviceLocation(args, 1);
            case CU_MEM_POOL_CREATE -> deviceLocation(args, 2);
            default -> -1;
        };
    }

    /**
     * Answer the P2P attributes of two different devices as gpurelay has them: no peer access between any two
     * devices, of one executor or of two (peer access is never enabled, and {@code cudaDeviceCanAccessPeer} answers
     * 0), so every attribute (performance rank, access, native atomics, array access) is 0, where the GPU would
     * report its own links. One device twice, or a device past the list, goes to the executor for CUDA's own answer.
     *
     * @return the status, or {@link #NOT_ANSWERED} when the call goes to its executor.
     */
    static int answerHere(
        final Numbering numbering, final RemotedFunction function, final long[] args, final long[] results)
    {
        if (!isP2PAttributeRow(function))
        {
            return NOT_ANSWERED;
        }
        final FunctionRow row = (FunctionRow)function;
        long first = -1;
        for (final Argument argument : row.arguments())
        {
            if (argument.role() != ArgumentRole.DEVICE || argument.wireIndex() >= args.length)
            {
                continue;
            }
            final long device = args[argument.wireIndex()];
            if (device < 0 || device >= numbering.count())
            {
                return NOT_ANSWERED;
            }
            if (first >= 0 && device != first)
            {
                final Argument attribute = row.first(ArgumentRole.IN_INT);
                if (attribute != null && (args[attribute.wireIndex()] < P2P_ATTRIBUTE_FIRST ||
                    args[attribute.wireIndex()] > P2P_ATTRIBUTE_LAST))
                {
                    AgentLog.warn(CallFailures.functionName(function) + ": " + args[attribute.wireIndex()] +
                        " is not a P2P attribute; returning the invalid-value status");
                    return RuntimeStatus.INVALID_VALUE;
                }
                if (results != null)
                {
                    Arrays.fill(results, 0);
                }
                return RuntimeStatus.SUCCESS;
            }
            first = device;
        }
        return NOT_ANSWERED;
    }

    /**
     * @return whether the function is {@code cudaDeviceGetP2PAttribute} or {@code cuDeviceGetP2PAttribute}, which
     *         {@link #answerHere} may answer.
     */
    static boolean isP2PAttributeRow(final RemotedFunction function)
    {
        return function instanceof FunctionRow row && P2P_ATTRIBUTE_ROWS.contains(row.name());
    }

    /**
     * The numbering of one executor's devices, as the client sees them.
     */
    static Numbering oneExecutor(final int deviceCount, final String channel)
    {
        return new Numbering()
        {
            public int count()
            {
                return deviceCount;
            }

            public int executor(final int device)
            {
                return 0;
            }

            public int local(final int device)
            {
                return device;
            }

            public String channel(final int executor)
            {
                return channel;
            }
        };
    }

    /**
     * The call's arguments as the executor numbers its devices.
     *
     * @return the arguments (the same array when they name no device), or null when one names a device of another
     *         executor or past the list: the call then fails with the invalid-device status (logged).
     */
    static long[] toExecutor(
        final Numbering numbering, final RemotedFunction function, final int executor, final long[] args)
    {
        long[] translated = args;
        for (final int index : deviceArguments(function, args))
        {
            final long device = args[index];
            if (device < 0)
            {
                continue;
            }
            if (device >= numbering.count())
            {
                AgentLog.warn(CallFailures.functionName(function) + ": device " + device +
                    " is not in the device list (" + numbering.count() +
                    " devices); returning the invalid-device status");
                return null;
            }
            long local = numbering.local((int)device);
            if (numbering.executor((int)device) != executor)
            {
                if (function != Function.CU_MEM_GET_ACCESS)
                {
                    AgentLog.warn(CallFailures.functionName(function) + ": device " + device +
                        " is on the executor at " + numbering.channel(numbering.executor((int)device)) +
                        ", and the call runs on the one at " + numbering.channel(executor) +
                        ", which cannot act on another executor's device; returning the invalid-device status");
                    return null;
                }
                // Another executor's device has no access; the executor still checks the address, asked of a device
                // of its own, and fromExecutor answers PROT_NONE.
                local = anyLocal(numbering, executor);
            }
            if (translated == args)
            {
                translated = args.clone();
            }
            translated[index] = local;
        }
        return translated;
    }

    /**
     * The devices in a call's answer, from the executor's numbering into the application's.
     *
     * @param args the call's arguments as the application gave them.
     */
    static void fromExecutor(
        final Numbering numbering, final RemotedFunction function, final int executor, final long[] args,
        final long[] results)
    {
        if (!(function instanceof Function known) || results == null)
        {
            return;
        }
        switch (known)
        {
            case CU_MEM_GET_ACCESS ->
            {
                if (args.length > 1 && args[0] == LOCATION_DEVICE && args[1] >= 0 && args[1] < numbering.count() &&
                    numbering.executor((int)args[1]) != executor && results.length > 0)
                {
                    results[0] = 0;
                }
            }
            case CUDA_MEM_RANGE_GET_ATTRIBUTE, CU_MEM_RANGE_GET_ATTRIBUTE ->
            {
                if (args.length > 2 && args[2] >= RANGE_PREFERRED_LOCATION && args[2] <= RANGE_LAST_PREFETCH_LOCATION)
                {
                    for (int i = 0; i < results.length; i++)
                    {
                        results[i] = toApplication(numbering, executor, results[i]);
                    }
                }
            }
            case CUDA_POINTER_GET_ATTRIBUTES, CU_POINTER_GET_ATTRIBUTE ->
            {
                if (results.length > 1)
                {
                    results[1] = toApplication(numbering, executor, results[1]);
                }
            }
            case CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE ->
            {
                if (results.length > 2 && results[1] == LOCATION_DEVICE)
                {
                    results[2] = toApplication(numbering, executor, results[2]);
                }
            }
            default ->
            {
            }
        }
    }

    /**
     * @return the application's ordinal of an executor's device; a negative value as it is, {@link #NO_DEVICE} for a
     *         device the list does not show.
     */
    static long toApplication(final Numbering numbering, final int executor, final long local)
    {
        if (local < 0)
        {
            return local;
        }
        for (int device = 0; device < numbering.count(); device++)
        {
            if (numbering.executor(device) == executor && numbering.local(device) == local)
            {
                return device;
            }
        }
        return NO_DEVICE;
    }

    /**
     * @return the positions of the arguments that hold devices of the application's list.
     */
    private static int[] deviceArguments(final RemotedFunction function, final long[] args)
    {
        if (function instanceof FunctionRow row)
        {
            if (row.first(ArgumentRole.DEVICE) == null)
            {
                return NONE;
            }
            return row.arguments().stream()
                .filter(argument -> argument.role() == ArgumentRole.DEVICE && argument.wireIndex() < args.length)
                .mapToInt(Argument::wireIndex).toArray();
        }
        if (function == Function.CU_MEM_SET_ACCESS)
        {
            return accessDescriptors(args);
        }
        final int index = switch ((Function)function)
        {
            // cuMemCreate runs in the current context: memory of the location's device, mapped there.
            case CU_MEM_CREATE -> deviceLocation(args, 2);
            case CU_MEM_GET_ACCESS -> deviceLocation(args, 0);
            // handle (or array), mipmapped, device.
            case CU_ARRAY_GET_MEMORY_REQUIREMENTS, CUDA_ARRAY_GET_MEMORY_REQUIREMENTS -> 2;
            // address, count, advice, device: the read-mostly advice ignores the device.
            case CUDA_MEM_ADVISE, CU_MEM_ADVISE -> args.length > 2 && args[2] != ADVISE_SET_READ_MOSTLY &&
                args[2] != ADVISE_UNSET_READ_MOSTLY ? 3 : -1;
            // address, count, destination device, stream.
            case CUDA_MEM_PREFETCH_ASYNC, CU_MEM_PREFETCH_ASYNC -> 2;
            default -> routingArgument(function, args);
        };
        return index >= 0 && index < args.length ? new int[]{ index } : NONE;
    }

    /**
     * cuMemSetAccess: address, size, count n, then per descriptor location type, location id, flags.
     */
    private static int[] accessDescriptors(final long[] args)
    {
        final int count = args.length < 3 ? 0 : (int)Math.max(0, Math.min(args[2], (args.length - 3) / 3));
        return IntStream.range(0, count).map(i -> 4 + 3 * i)
            .filter(index -> args[index - 1] == LOCATION_DEVICE).toArray();
    }

    /**
     * @return the position of a location's id when its type (at {@code typeIndex}, the id after it) is a device,
     *         else -1.
     */
    private static int deviceLocation(final long[] args, final int typeIndex)
    {
        return args.length > typeIndex + 1 && args[typeIndex] == LOCATION_DEVICE ? typeIndex + 1 : -1;
    }

    private static int anyLocal(final Numbering numbering, final int executor)
    {
        for (int device = 0; device < numbering.count(); device++)
        {
            if (numbering.executor(device) == executor)
            {
                return numbering.local(device);
            }
        }
        return 0;
    }
}
