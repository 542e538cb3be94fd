package io.gpurelay.protocol.table;

import java.util.List;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.RemotedFunction;

/**
 * One row of the function table: a plain CUDA function that the agent encodes and the executor decodes by the roles
 * of its arguments, so neither side writes its argument order by hand. See {@link FunctionTable} for the format.
 *
 * @param id          the id on the wire: from 1000 up, never reused.
 * @param binding     the JCuda class whose native the row remotes.
 * @param name        the CUDA function's name; the JCuda native is this name plus {@code Native}.
 * @param context     which context it runs in on the executor.
 * @param order       how it orders against its stream.
 * @param emulated    whether the emulator runs it; where not, the emulator answers that it is not supported there.
 * @param backendName the CUDA function the gpu backend calls: the same name, or the one that replaced a deprecated
 *                    function ({@code cudaThreadGetLimit} is {@code cudaDeviceGetLimit}).
 * @param arguments   the native's arguments in order, each with its role.
 */
public record FunctionRow(
    int id,
    Binding binding,
    String name,
    ContextMode context,
    StreamOrder order,
    boolean emulated,
    String backendName,
    List<Argument> arguments) implements RemotedFunction
{
    public FunctionRow
    {
        arguments = List.copyOf(arguments);
    }

    public Api api()
    {
        return binding.api();
    }

    /**
     * @return how many values the call's {@code args} carry: one per input, device and handle.
     */
    public int wireArgumentCount()
    {
        int count = 0;
        for (final Argument argument : arguments)
        {
            count += argument.wireIndex() >= 0 ? argument.role().slots() : 0;
        }
        return count;
    }

    /**
     * @return how many values the reply carries: one per output.
     */
    public int resultCount()
    {
        int count = 0;
        for (final Argument argument : arguments)
        {
            count += argument.resultIndex() >= 0 ? argument.role().slots() : 0;
        }
        return count;
    }

    /**
     * @return whether the reply's payload carries a string output ({@link ArgumentRole#OUT_STRING}).
     */
    public boolean hasStringOutput()
    {
        return first(ArgumentRole.OUT_STRING) != null;
    }

    /**
     * @return whether the call's payload carries a string input ({@link ArgumentRole#IN_STRING}).
     */
    public boolean hasStringInput()
    {
        return first(ArgumentRole.IN_STRING) != null;
    }

    /**
     * @return the first argument of this role, or null.
     */
    public Argument first(final ArgumentRole role)
    {
        for (final Argument argument : arguments)
        {
            if (argument.role() == role)
            {
                return argument;
            }
        }
        return null;
    }

    /**
     * @return the first handle argument, which names the context of an {@link ContextMode#OBJECT} row; or null.
     */
    public Argument firstHandle()
    {
        for (final Argument argument : arguments)
        {
            if (argument.role().isHandle())
            {
                return argument;
            }
        }
        return null;
    }

    /**
     * @return whether the executor answers the row from its tables, calling no backend function.
     */
    public boolean answeredByExecutor()
    {
        return FunctionTable.EXECUTOR.equals(backendName);
    }

    /**
     * @return {@code JCudaDriver.cuCtxGetLimit}.
     */
    public String qualifiedName()
    {
        return binding.token() + "." + name;
    }

    public String toString()
    {
        return name + " (id " + id + ")";
    }
}
