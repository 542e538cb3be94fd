package io.gpurelay.executor.backend.emulated;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.protocol.table.ArgumentRole;

/**
 * The function-table rows the emulator runs, by CUDA name. The emulated device behaves like a GPU whose L1 cache and
 * shared memory have a fixed size, whose shared memory banks are four bytes wide, and whose streams have no
 * priorities; for such a GPU CUDA documents what the cache and bank preferences and the priority queries answer
 * (the preference is accepted and has no effect, the query gives the fixed value, the range is 0 to 0), and the
 * emulator answers the same. Every other row is not supported on the emulator, which says so by name: nothing here
 * answers success without doing what the function does. The table's emulator column lists exactly these names,
 * besides the rows the executor answers from its own tables ({@code EmulatedTableFunctionsTest} holds them to it).
 */
final class EmulatedTableFunctions
{
    /** {@code CU_FUNC_CACHE_PREFER_NONE} ... {@code CU_FUNC_CACHE_PREFER_EQUAL}. */
    private static final long CACHE_PREFER_NONE = 0;
    private static final long CACHE_PREFER_EQUAL = 3;
    /** {@code CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE} ... {@code CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE}. */
    private static final long SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 1;
    private static final long SHARED_MEM_CONFIG_LAST = 2;
    /** What {@code cuCtxGetApiVersion} gives for every context made by the current API. */
    private static final long CONTEXT_API_VERSION = 3020;
    /** {@code CU_MODULE_EAGER_LOADING}: the emulator parses and links a module when it is loaded. */
    private static final long EAGER_LOADING = 1;
    /** {@code CU_EVENT_RECORD_DEFAULT | CU_EVENT_RECORD_EXTERNAL}; outside a capture both record as usual. */
    private static final long EVENT_RECORD_FLAGS = 0x1;

    /** cudaDeviceScheduleSpin, cudaDeviceScheduleYield, cudaDeviceScheduleBlockingSync. */
    private static final long DEVICE_SCHEDULE_MASK = 0x07;
    private static final long DEVICE_MAP_HOST = 0x08;
    /** The schedule, cudaDeviceMapHost, cudaDeviceLmemResizeToMax, cudaDeviceSyncMemops. */
    private static final long DEVICE_FLAGS = DEVICE_SCHEDULE_MASK | DEVICE_MAP_HOST | 0x10 | 0x80;

    @FunctionalInterface
    private interface Implementation
    {
        void call(TableCall call, CallResult result);
    }

    /** Marks the rows that need the session (its devices, its kernels): {@link #sessionCall} runs them. */
    private static final Implementation SESSION = (call, result) ->
    {
        throw new IllegalStateException("run through sessionCall");
    };

    /** Marks the texture and surface reference rows: {@link EmulatedTextureReferences} runs them. */
    private static final Implementation TEXTURES = (call, result) ->
    {
        throw new IllegalStateException("run through EmulatedTextureReferences");
    };

    private static final Map<String, Implementation> IMPLEMENTATIONS = implementations();

    private final EmulatedBackendSession session;
    private final EmulatedTextureReferences textures;
    private final EmulatedSolverFunctions solver;

    EmulatedTableFunctions(final EmulatedBackendSession session)
    {
        this.session = session;
        this.textures = new EmulatedTextureReferences(session);
        this.solver = new EmulatedSolverFunctions(session);
    }

    /**
     * @return the names of the rows the emulator runs.
     */
    static Set<String> names()
    {
        final Set<String> names = new java.util.HashSet<>(IMPLEMENTATIONS.keySet());
        names.addAll(EmulatedSolverFunctions.names());
        return Collections.unmodifiableSet(names);
    }

    void call(final TableCall call, final CallResult result)
    {
        if (call.row().binding() == io.gpurelay.protocol.table.Binding.CUSOLVER &&
            EmulatedSolverFunctions.names().contains(call.row().name()))
        {
            solver.call(call, result);
            return;
        }
        final Implementation implementation = IMPLEMENTATIONS.get(call.row().name());
        if (implementation == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, call.row().name() + " is not supported on the emulator");
            return;
        }
        if (implementation == SESSION)
        {
            sessionCall(call, result);
            return;
        }
        if (implementation == TEXTURES)
        {
            textures.call(call, result);
            return;
        }
        implementation.call(call, result);
    }

    private void sessionCall(final TableCall call, final CallResult result)
    {
        switch (call.row().name())
        {
            case "cuDeviceTotalMem" -> session.deviceTotalMemory((int)call.scalar(call.indexOf(ArgumentRole.DEVICE)),
                result);
            case "cuMemsetD2D8", "cuMemsetD2D8Async", "cudaMemset2D", "cudaMemset2DAsync" ->
                session.memset2D(call, Byte.BYTES, result);
            case "cuMemsetD2D16", "cuMemsetD2D16Async" -> session.memset2D(call, Short.BYTES, result);
            case "cuMemsetD2D32", "cuMemsetD2D32Async" -> session.memset2D(call, Integer.BYTES, result);
            case "cuMemGetAddressRange" -> session.addressRange(call, result);
            case "cuDeviceGetPCIBusId", "cudaDeviceGetPCIBusId" -> session.pciBusId(call, result);
            case "cuCtxGetLimit", "cudaDeviceGetLimit", "cudaThreadGetLimit" -> session.limits().get(
                emulatedDevice(call), call.scalar(call.indexOf(ArgumentRole.IN_INT)), result, call.row().name());
            case "cuCtxSetLimit", "cudaDeviceSetLimit", "cudaThreadSetLimit" -> session.limits().set(
                emulatedDevice(call), call.scalar(call.indexOf(ArgumentRole.IN_INT)),
                call.scalar(call.indexOf(ArgumentRole.IN_SIZE)), result, call.row().name());
            case "cuFuncGetAttribute" -> session.functionGetAttribute(
                (BackendKernel)call.object(call.indexOf(ArgumentRole.FUNCTION)),
                (int)call.scalar(call.indexOf(ArgumentRole.IN_INT)), result);
            default -> throw new IllegalStateException(call.row().name() + " has no session implementation");
        }
    }

    private static int emulatedDevice(final TableCall call)
    {
        return ((EmulatedContext)call.context()).device();
    }

    private static Map<String, Implementation> implementations()
    {
        final Map<String, Implementation> map = new HashMap<>();
        map.put("cuDeviceTotalMem", SESSION);
        for (final String name : new String[]{ "cuCtxGetLimit", "cuCtxSetLimit", "cudaDeviceGetLimit",
            "cudaDeviceSetLimit", "cudaThreadGetLimit", "cudaThreadSetLimit" })
        {
            map.put(name, SESSION);
        }
        map.put("cuFuncGetAttribute", SESSION);
        map.put("cuMemGetAddressRange", SESSION);
        map.put("cuDeviceGetPCIBusId", SESSION);
        map.put("cudaDeviceGetPCIBusId", SESSION);
        for (final String name : new String[]{ "cuMemsetD2D8", "cuMemsetD2D16", "cuMemsetD2D32", "cuMemsetD2D8Async",
            "cuMemsetD2D16Async", "cuMemsetD2D32Async", "cudaMemset2D", "cudaMemset2DAsync" })
        {
            map.put(name, SESSION);
        }

        final Implementation getCacheConfig = (call, result) -> result.value(CACHE_PREFER_NONE);
        final Implementation setCacheConfig = (call, result) ->
            checkRange(call, ArgumentRole.IN_INT, CACHE_PREFER_NONE, CACHE_PREFER_EQUAL, result);
        for (final String name : new String[]{ "cuCtxGetCacheConfig", "cudaDeviceGetCacheConfig",
            "cudaThreadGetCacheConfig" })
        {
            map.put(name, getCacheConfig);
        }
        for (final String name : new String[]{ "cuCtxSetCacheConfig", "cudaDeviceSetCacheConfig",
            "cudaThreadSetCacheConfig", "cuFuncSetCacheConfig" })
        {
            map.put(name, setCacheConfig);
        }

        final Implementation getSharedMemConfig = (call, result) -> result.value(SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE);
        final Implementation setSharedMemConfig = (call, result) ->
            checkRange(call, ArgumentRole.IN_INT, 0, SHARED_MEM_CONFIG_LAST, result);
        map.put("cuCtxGetSharedMemConfig", getSharedMemConfig);
        map.put("cudaDeviceGetSharedMemConfig", getSharedMemConfig);
        map.put("cuCtxSetSharedMemConfig", setSharedMemConfig);
        map.put("cudaDeviceSetSharedMemConfig", setSharedMemConfig);
        map.put("cuFuncSetSharedMemConfig", setSharedMemConfig);

        final Implementation priorityRange = (call, result) -> result.value(0).value(0);
        map.put("cuCtxGetStreamPriorityRange", priorityRange);
        map.put("cudaDeviceGetStreamPriorityRange", priorityRange);
        final Implementation streamPriority = (call, result) -> result.value(0);
        map.put("cuStreamGetPriority", streamPriority);
        map.put("cudaStreamGetPriority", streamPriority);
        final Implementation streamFlags = (call, result) ->
        {
            final EmulatedStream stream = (EmulatedStream)call.object(call.indexOf(ArgumentRole.STREAM));
            result.value(stream == null ? 0 : stream.flags());
        };
        map.put("cuStreamGetFlags", streamFlags);
        map.put("cudaStreamGetFlags", streamFlags);

        map.put("cuCtxGetApiVersion", (call, result) -> result.value(CONTEXT_API_VERSION));
        // Managed and mapped memory: device flags, which the emulator keeps; mapped host memory is always possible.
        map.put("cudaSetDeviceFlags", (call, result) ->
        {
            final long flags = call.scalar(call.indexOf(ArgumentRole.IN_UINT));
            final long schedule = flags & DEVICE_SCHEDULE_MASK;
            if ((flags & ~DEVICE_FLAGS) != 0 || schedule != 0 && Long.bitCount(schedule) != 1)
            {
                result.fail(CudaError.INVALID_VALUE, "cudaSetDeviceFlags: " + flags + " are not device flags");
                return;
            }
            ((EmulatedContext)call.context()).flags((int)flags);
        });
        map.put("cudaGetDeviceFlags", (call, result) ->
            result.value(((EmulatedContext)call.context()).flags() | DEVICE_MAP_HOST));
        map.put("cuCtxGetId", (call, result) ->
            result.value(((EmulatedContext)call.object(call.indexOf(ArgumentRole.CONTEXT))).id()));
        map.put("cuModuleGetLoadingMode", (call, result) -> result.value(EAGER_LOADING));
        // Texture and surface references: their state, kept as CUDA keeps it.
        for (final String name : EmulatedTextureReferences.NAMES)
        {
            map.put(name, TEXTURES);
        }

        final Implementation recordWithFlags = (call, result) ->
        {
            final long flags = call.scalar(call.indexOf(ArgumentRole.IN_UINT));
            if ((flags & ~EVENT_RECORD_FLAGS) != 0)
            {
                result.fail(CudaError.INVALID_VALUE, call.row().name() + ": flags 0x" + Long.toHexString(flags) +
                    " are not a combination of the event record flags");
                return;
            }
            ((EmulatedEvent)call.object(call.indexOf(ArgumentRole.EVENT))).record(System.nanoTime());
        };
        map.put("cuEventRecordWithFlags", recordWithFlags);
        map.put("cudaEventRecordWithFlags", recordWithFlags);
        return map;
    }

    private static void checkRange(
        final TableCall call, final ArgumentRole role, final long low, final long high, final CallResult result)
    {
        final long value = call.scalar(call.indexOf(role));
        if (value < low || value > high)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": " + value + " is not between " + low +
                " and " + high);
        }
    }
}
