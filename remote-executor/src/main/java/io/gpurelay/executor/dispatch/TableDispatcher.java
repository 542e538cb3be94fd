package io.gpurelay.executor.dispatch;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.EventEntry;
import io.gpurelay.executor.resources.SessionResources.FunctionEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.ModuleEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.ContextMode;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import io.gpurelay.protocol.table.ObjectKind;
import org.agrona.DirectBuffer;

/**
 * Runs the calls of function-table rows: decodes each argument by its role, checks it as the hand-written functions
 * check theirs (a device must exist, a handle must name a live object of the session and of its kind, a stream must
 * belong to the call's context, a 32-bit value must fit), finds the context the row runs in, and hands the decoded
 * call to the backend. Nothing here is written per function: a row's arguments are all it knows.
 */
final class TableDispatcher
{
    /** The most bytes a string output may ask for: the backend allocates them before the function runs. */
    static final long MAX_STRING_BYTES = 4096;

    private final BackendSession backend;
    private final SessionResources resources;
    private final int deviceCount;
    private final TableCall tableCall = new TableCall();
    /** Texture and surface references: their handles, and what they are bound to. */
    private final TextureReferences textures;

    TableDispatcher(final BackendSession backend, final SessionResources resources, final int deviceCount)
    {
        this.backend = backend;
        this.resources = resources;
        this.deviceCount = deviceCount;
        this.textures = new TextureReferences(resources);
    }

    void dispatch(final ReceivedCall call, final CallResult result)
    {
        dispatch(call, null, result);
    }

    /**
     * @param input the call's payload: a string input's bytes; null or empty for a row without one.
     */
    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final FunctionRow row = call.row();
        tableCall.reset(row);
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (argument.wireIndex() < 0)
            {
                continue;
            }
            final long value = call.arg(argument.wireIndex());
            if (argument.role().slots() > 1)
            {
                if (!severalValues(call, row, i, argument, result))
                {
                    return;
                }
                continue;
            }
            switch (argument.role().kind())
            {
                case SCALAR_IN ->
                {
                    if (!argument.role().accepts(value))
                    {
                        result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " = " + value +
                            " does not fit its type (" + argument.role().token() + ")");
                        return;
                    }
                    tableCall.scalar(i, value);
                }
                case DEVICE ->
                {
                    if (value < 0 || value >= deviceCount)
                    {
                        result.fail(CudaError.INVALID_DEVICE, row.name() + ": device " + value + " does not exist: " +
                            "the executor has " + deviceCount + " device(s)");
                        return;
                    }
                    tableCall.scalar(i, value);
                }
                default -> tableCall.scalar(i, value);
            }
        }
        final int stringInput = tableCall.indexOf(ArgumentRole.IN_STRING);
        if (stringInput >= 0 && !stringInput(row, stringInput, input, result))
        {
            return;
        }
        final ContextEntry context = context(call, row, result);
        if (result.failed())
        {
            return;
        }
        if (context != null)
        {
            tableCall.context(context.backend);
        }
        if (!resolveHandles(row, context, result))
        {
            return;
        }
        if (!extents(row, arguments, result))
        {
            return;
        }
        if (row.answeredByExecutor())
        {
            answer(row, context, result);
            return;
        }
        if (textures.answerFound(row, tableCall, result))
        {
            return;
        }
        backend.callTableFunction(tableCall, result);
        if (!result.failed())
        {
            textures.succeeded(row, tableCall, context, result);
            objectsSucceeded(row, context, result);
        }
    }

    // Library objects (object(kind), new:object(kind), free:object(kind)): handles of the session, owned by the context
    // they were made in and destroyed with it, or as the session ends, by their kind's destroy row.

    private void objectsSucceeded(final FunctionRow row, final ContextEntry context, final CallResult result)
    {
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (argument.role() == ArgumentRole.NEW_OBJECT)
            {
                final ObjectKind kind = argument.kind();
                result.value(resources.addOwnedLibraryObject(HandleKind.of(kind), context, tableCall.made(),
                    entry -> destroy(entry, kind)));
            }
            else if (argument.role() == ArgumentRole.STREAM && row.firstHandle().role() == ArgumentRole.OBJECT)
            {
                object(row).stream = tableCall.scalar(i);
            }
            else if (argument.role() == ArgumentRole.FREE_OBJECT)
            {
                final LibraryObjectEntry entry = resources.libraryObject(tableCall.scalar(i),
                    HandleKind.of(argument.kind()), CudaError.INVALID_HANDLE, new CallResult());
                if (entry != null)
                {
                    resources.removeOwnedLibraryObject(entry);
                }
            }
        }
    }

    /** The live library object a row's first handle names (checked when the call was decoded). */
    private LibraryObjectEntry object(final FunctionRow row)
    {
        final Argument first = row.firstHandle();
        return resources.libraryObject(tableCall.scalar(row.arguments().indexOf(first)), HandleKind.of(first.kind()),
            CudaError.INVALID_HANDLE, new CallResult());
    }

    /**
     * Destroy a library object its session left behind, by its kind's destroy row, in the context it was made in.
     */
    private void destroy(final LibraryObjectEntry entry, final ObjectKind kind)
    {
        final FunctionRow row = FunctionTable.standard().find(kind.binding(), kind.destroyedBy());
        final TableCall destroy = new TableCall();
        destroy.reset(row);
        destroy.scalar(0, entry.handle);
        destroy.object(0, entry.object);
        destroy.context(entry.context.backend);
        final CallResult outcome = new CallResult();
        outcome.reset(row.api());
        backend.callTableFunction(destroy, outcome);
    }

    /**
     * A size query ({@code row.output} in an extent) that failed: its failure is the call's.
     */
    private static final class QueryFailed extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        QueryFailed()
        {
            super(null, null, false, false);
        }
    }

    /**
     * Run a size query's row with this call's arguments of the same names, as the backend runs any row, and give its
     * output; the query's failure fails the call.
     */
    private long query(final FunctionRow row, final String name, final CallResult result)
    {
        final int dot = name.indexOf('.');
        final FunctionRow queryRow = FunctionTable.standard().find(row.binding(), name.substring(0, dot));
        final TableCall query = new TableCall();
        query.reset(queryRow);
        query.context(tableCall.context());
        final List<Argument> arguments = queryRow.arguments();
        int output = -1;
        int values = 0;
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (argument.name().equals(name.substring(dot + 1)))
            {
                output = values;
            }
            if (argument.resultIndex() >= 0)
            {
                values += argument.role().slots();
                continue;
            }
            final int here = indexOfName(row, argument.name());
            query.scalar(i, tableCall.scalar(here));
            query.object(i, tableCall.object(here));
            if (argument.extent() != null)
            {
                query.extent(i, argument.nullable() && tableCall.scalar(here) == 0 ? 0 :
                    argument.extent().evaluate(n -> scalarNamed(queryRow, query, n)));
            }
        }
        final CallResult answer = new CallResult();
        answer.reset(queryRow.api());
        backend.callTableFunction(query, answer);
        if (answer.failed())
        {
            result.fail(answer.error(), row.name() + ": asking " + queryRow.name() + " for " +
                name.substring(dot + 1) + ": " + answer.message());
            throw new QueryFailed();
        }
        final long value = answer.values()[output];
        if (value < 0)
        {
            throw new ArithmeticException(name + " is negative");
        }
        return value;
    }

    private static int indexOfName(final FunctionRow row, final String name)
    {
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            if (arguments.get(i).name().equals(name))
            {
                return i;
            }
        }
        throw new IllegalStateException(row.name() + " has no argument " + name);
    }

    /**
     * Each device address's and string output's bytes, from the row's scalars (and, for a size query, from what the
     * query row answers for this call's arguments); a nullable device address that is null touches none.
     */
    private boolean extents(final FunctionRow row, final List<Argument> arguments, final CallResult result)
    {
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (argument.extent() != null && argument.nullable() && tableCall.scalar(i) == 0)
            {
                tableCall.extent(i, 0);
            }
            else if (argument.extent() != null)
            {
                try
                {
                    final long extent = argument.extent().evaluate(name -> scalarNamed(row, name, result));
                    if (argument.role() == ArgumentRole.HOST_SCRATCH && extent > ArgumentRole.MAX_HOST_SCRATCH)
                    {
                        result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " of " + extent +
                            " bytes (" + argument.extent() + "); the executor gives a call at most " +
                            ArgumentRole.MAX_HOST_SCRATCH + " bytes of host memory");
                        return false;
                    }
                    if (argument.role() == ArgumentRole.OUT_STRING && (extent < 1 || extent > MAX_STRING_BYTES))
                    {
                        result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " of " + extent +
                            " bytes (" + argument.extent() + "); a string output here is 1 to " + MAX_STRING_BYTES +
                            " bytes");
                        return false;
                    }
                    // Pivots are counted in the table, checked in bytes.
                    tableCall.extent(i, argument.role().pivotBytes() > 0 ?
                        Math.multiplyExact(extent, argument.role().pivotBytes()) : extent);
                }
                catch (final QueryFailed ex)
                {
                    return false;
                }
                catch (final ArithmeticException ex)
                {
                    result.fail(CudaError.INVALID_VALUE, row.name() + ": the bytes from " + argument.name() + " (" +
                        argument.extent() + ") cannot be a range of memory: " + ex.getMessage());
                    return false;
                }
            }
        }
        return true;
    }

    // Texture and surface references: arguments of several values (in:float4, in:arraydesc), a string input.

    private boolean severalValues(final ReceivedCall call, final FunctionRow row, final int index,
        final Argument argument, final CallResult result)
    {
        final int slots = argument.role().slots();
        final long[] values = new long[slots];
        for (int k = 0; k < slots; k++)
        {
            values[k] = call.arg(argument.wireIndex() + k);
        }
        if (argument.role() == ArgumentRole.IN_FLOAT4)
        {
            final float[] floats = new float[slots];
            for (int k = 0; k < slots; k++)
            {
                if (values[k] < 0 || values[k] > 0xFFFF_FFFFL)
                {
                    result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + "[" + k + "] = " +
                        values[k] + " is no float's bits");
                    return false;
                }
                floats[k] = Float.intBitsToFloat((int)values[k]);
            }
            tableCall.object(index, floats);
            return true;
        }
        if (argument.role() == ArgumentRole.IN_ARRAY_DESCRIPTOR)
        {
            if (values[0] < 1 || values[1] < 1 || values[2] != (int)values[2] || values[3] < 0 ||
                values[3] > 0xFFFF_FFFFL)
            {
                result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " (Width " + values[0] +
                    ", Height " + values[1] + ", Format " + values[2] + ", NumChannels " + values[3] +
                    ") is no array descriptor");
                return false;
            }
            tableCall.object(index, values);
            return true;
        }
        throw new IllegalStateException(row.name() + ": " + argument.role() + " has no decoding");
    }

    private boolean stringInput(final FunctionRow row, final int index, final DirectBuffer input,
        final CallResult result)
    {
        int length = input == null ? 0 : input.capacity();
        while (length > 0 && input.getByte(length - 1) == 0)
        {
            length--;
        }
        final Argument argument = row.arguments().get(index);
        if (length < 1 || length > ArgumentRole.MAX_STRING_INPUT)
        {
            result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " of " + length +
                " bytes; a string input here is 1 to " + ArgumentRole.MAX_STRING_INPUT + " bytes");
            return false;
        }
        final byte[] bytes = new byte[length];
        input.getBytes(0, bytes);
        for (final byte b : bytes)
        {
            if (b == 0)
            {
                result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " holds a NUL");
                return false;
            }
        }
        tableCall.object(index, new String(bytes, StandardCharsets.UTF_8));
        return true;
    }

    /** {@code desc.Width}, {@code desc.Height}, {@code desc.ElementBytes} of an {@code in:arraydesc} argument. */
    private long memberNamed(final FunctionRow row, final String name)
    {
        final int dot = name.indexOf('.');
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            if (arguments.get(i).name().equals(name.substring(0, dot)))
            {
                final long[] values = tableCall.values(i);
                return switch (name.substring(dot + 1))
                {
                    case "Width" -> values[0];
                    case "Height" -> values[1];
                    case "ElementBytes" ->
                    {
                        final long bytes = new ArrayDescriptor(1, 0, 0, (int)values[2], (int)values[3], 0)
                            .elementBytes();
                        if (bytes == 0)
                        {
                            throw new ArithmeticException("format 0x" + Long.toHexString(values[2]) + " with " +
                                values[3] + " channels is not a format of 1, 2 or 4 channels of 8, 16 or 32 bits");
                        }
                        yield bytes;
                    }
                    default -> throw new IllegalStateException(row.name() + " has no member " + name);
                };
            }
        }
        throw new IllegalStateException(row.name() + " has no argument " + name);
    }

    /**
     * A row whose outputs are handles the executor holds: the context of the row's object, the module of its kernel.
     */
    private void answer(final FunctionRow row, final ContextEntry context, final CallResult result)
    {
        for (final Argument argument : row.arguments())
        {
            switch (argument.role())
            {
                case OUT_CONTEXT -> result.value(context.handle);
                case OUT_MODULE -> result.value(
                    resources.function(tableCall.scalar(tableCall.indexOf(ArgumentRole.FUNCTION)), result).module.handle);
                case OUT_ARRAY, OUT_MIPMAPPED_ARRAY -> textures.answerBound(row, tableCall, argument, result);
                case OUT_STREAM -> result.value(object(row).stream);
                default ->
                {
                }
            }
        }
    }

    private long scalarNamed(final FunctionRow row, final String name, final CallResult result)
    {
        final int dot = name.indexOf('.');
        if (dot >= 0 && isDescriptor(row, name.substring(0, dot)))
        {
            return memberNamed(row, name);
        }
        if (dot >= 0)
        {
            return query(row, name, result);
        }
        return scalarNamed(row, tableCall, name);
    }

    private static boolean isDescriptor(final FunctionRow row, final String name)
    {
        for (final Argument argument : row.arguments())
        {
            if (argument.name().equals(name))
            {
                return argument.role() == ArgumentRole.IN_ARRAY_DESCRIPTOR;
            }
        }
        return false;
    }

    /** A plain scalar input of a call: negative (or 2^63 and more) is no size. */
    private static long scalarNamed(final FunctionRow row, final TableCall call, final String name)
    {
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            if (arguments.get(i).name().equals(name))
            {
                final long value = call.scalar(i);
                if (value < 0)
                {
                    throw new ArithmeticException(name + " is negative or 2^63 or more");
                }
                return value;
            }
        }
        throw new IllegalStateException(row.name() + " has no argument " + name);
    }

    /**
     * The context the row runs in, or null for a row that needs none (or when the call failed, said in
     * {@code result}).
     */
    private ContextEntry context(final ReceivedCall call, final FunctionRow row, final CallResult result)
    {
        if (row.context() == ContextMode.NONE)
        {
            return null;
        }
        if (row.context() == ContextMode.CURRENT)
        {
            return currentContext(call, row, result);
        }
        final Argument first = row.firstHandle();
        final long handle = tableCall.scalar(row.arguments().indexOf(first));
        return switch (first.role())
        {
            case CONTEXT -> handle == 0 ? currentContext(call, row, result) : resources.currentContext(handle, result);
            case MODULE ->
            {
                final ModuleEntry module = resources.module(handle, result);
                yield module == null ? null : module.context;
            }
            case FUNCTION ->
            {
                final FunctionEntry function = resources.function(handle, result);
                yield function == null ? null : function.module.context;
            }
            case STREAM ->
            {
                if (SessionResources.isDefaultStream(handle))
                {
                    yield currentContext(call, row, result);
                }
                final StreamEntry stream = resources.stream(handle, result);
                yield stream == null ? null : stream.context;
            }
            case EVENT ->
            {
                final EventEntry event = resources.event(handle, result);
                yield event == null ? null : event.context;
            }
            case TEXREF, SURFREF, FREE_TEXREF, ARRAY, MIPMAPPED_ARRAY -> textures.context(row, first.role(), handle,
                result);
            case OBJECT, FREE_OBJECT ->
            {
                final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.of(first.kind()),
                    CudaError.INVALID_HANDLE, result);
                yield entry == null ? null : entry.context;
            }
            default -> throw new IllegalStateException(row.name() + ": " + first.role() + " is not a handle");
        };
    }

    /**
     * Replace each handle's value by the backend object it names, checked against the session's tables.
     */
    private boolean resolveHandles(final FunctionRow row, final ContextEntry context, final CallResult result)
    {
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (!argument.role().isHandle())
            {
                continue;
            }
            final long handle = tableCall.scalar(i);
            final Object object;
            switch (argument.role())
            {
                case CONTEXT ->
                {
                    final ContextEntry named = handle == 0 ? context : resources.currentContext(handle, result);
                    object = named == null ? null : named.backend;
                }
                case MODULE ->
                {
                    final ModuleEntry module = resources.module(handle, result);
                    object = module == null ? null : module.backend;
                }
                case FUNCTION ->
                {
                    final FunctionEntry function = resources.function(handle, result);
                    object = function == null ? null : function.kernel;
                }
                case STREAM ->
                {
                    if (context == null)
                    {
                        throw new IllegalStateException(row.name() + " names a stream but runs in no context");
                    }
                    final StreamEntry stream = resources.streamIn(handle, context, result);
                    object = stream == null ? null : stream.backend;
                }
                case EVENT ->
                {
                    final EventEntry event = resources.event(handle, result);
                    object = event == null ? null : event.backend;
                }
                case TEXREF, SURFREF, FREE_TEXREF, ARRAY, MIPMAPPED_ARRAY ->
                    object = textures.resolve(row, argument.role(), handle, result);
                case OBJECT, FREE_OBJECT ->
                {
                    final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.of(argument.kind()),
                        CudaError.INVALID_HANDLE, result);
                    object = entry == null ? null : entry.object;
                }
                default -> throw new IllegalStateException(row.name() + ": " + argument.role() + " is not a handle");
            }
            if (result.failed())
            {
                return false;
            }
            tableCall.object(i, object);
        }
        return true;
    }

    private ContextEntry currentContext(final ReceivedCall call, final FunctionRow row, final CallResult result)
    {
        if (row.api() == Api.DRIVER)
        {
            return resources.currentContext(call.context(), result);
        }
        if (row.binding().library())
        {
            // The calling thread's current context, as a library takes it: a driver context, else the primary
            // context of the runtime's current device.
            return resources.callingContext(call.context(), result);
        }
        final long device = call.context();
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE, row.name() + ": the current device " + device + " does not " +
                "exist: the executor has " + deviceCount + " device(s)");
            return null;
        }
        return resources.runtimeContext((int)device, result);
    }
}
