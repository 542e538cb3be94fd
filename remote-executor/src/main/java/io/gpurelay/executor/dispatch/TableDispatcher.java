package io.gpurelay.executor.dispatch;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.EventEntry;
import io.gpurelay.executor.resources.SessionResources.FunctionEntry;
import io.gpurelay.executor.resources.SessionResources.ModuleEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.ContextMode;
import io.gpurelay.protocol.table.FunctionRow;
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
        for (int i = 0; i < arguments.size(); i++)
        {
            final Argument argument = arguments.get(i);
            if (argument.extent() != null)
            {
                try
                {
                    final long extent = argument.extent().evaluate(name -> scalarNamed(row, name));
                    if (argument.role() == ArgumentRole.OUT_STRING && (extent < 1 || extent > MAX_STRING_BYTES))
                    {
                        result.fail(CudaError.INVALID_VALUE, row.name() + ": " + argument.name() + " of " + extent +
                            " bytes (" + argument.extent() + "); a string output here is 1 to " + MAX_STRING_BYTES +
                            " bytes");
                        return;
                    }
                    tableCall.extent(i, extent);
                }
                catch (final ArithmeticException ex)
                {
                    result.fail(CudaError.INVALID_VALUE, row.name() + ": the bytes from " + argument.name() + " (" +
                        argument.extent() + ") cannot be a range of memory: " + ex.getMessage());
                    return;
                }
            }
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
        }
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
                default ->
                {
                }
            }
        }
    }

    private long scalarNamed(final FunctionRow row, final String name)
    {
        if (name.indexOf('.') >= 0)
        {
            return memberNamed(row, name);
        }
        final List<Argument> arguments = row.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            if (arguments.get(i).name().equals(name))
            {
                final long value = tableCall.scalar(i);
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
