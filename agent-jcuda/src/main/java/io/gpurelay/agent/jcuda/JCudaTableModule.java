package io.gpurelay.agent.jcuda;

import java.lang.reflect.Method;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * A JCuda module the function table has rows for (the driver and the runtime API): its natives a row remotes have
 * the descriptor the row's roles give in JCuda's types ({@link TableEncoding}), and all get one body,
 * {@link TableCalls#call(int, Object[])}.
 */
public abstract class JCudaTableModule extends InstrumentationModule
{
    private static final Method BODY = body();

    protected JCudaTableModule(
        final String targetClassName,
        final String bindingName,
        final Class<?> remoteImplementation,
        final int notSupportedStatus,
        final String notSupportedStatusName,
        final String nativeLibraryPrefix)
    {
        super(targetClassName, bindingName, remoteImplementation, notSupportedStatus, notSupportedStatusName,
            nativeLibraryPrefix);
    }

    public final String tableDescriptor(final FunctionRow row)
    {
        return TableEncoding.descriptor(row);
    }

    public final Method tableCall()
    {
        return BODY;
    }

    private static Method body()
    {
        try
        {
            return TableCalls.class.getMethod("call", int.class, Object[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
