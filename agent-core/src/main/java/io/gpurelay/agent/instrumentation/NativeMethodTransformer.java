package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.StubMethod;
import net.bytebuddy.utility.JavaModule;

/**
 * Gives every native method of one binding class a Java body: a call to its remote implementation, or the
 * not-supported handler. The class is rebased with the agent's native method prefix, so each original native method
 * stays in the class under a prefixed name and is never linked.
 * <p>
 * Every body, remoted or not supported, begins with the null checks JCuda's JNI code makes of that native's
 * arguments ({@link NullChecks}): JCuda checks before it calls CUDA, so a null argument gets JCuda's
 * NullPointerException (or status) even from a function gpurelay does not support.
 */
final class NativeMethodTransformer implements AgentBuilder.Transformer
{
    private final InstrumentationModule module;
    private final NullChecks nullChecks;
    private final Method notSupportedHandler;
    private final Method notSupportedReportHandler;

    NativeMethodTransformer(final InstrumentationModule module)
    {
        this(module, NullChecks.standard());
    }

    NativeMethodTransformer(final InstrumentationModule module, final NullChecks nullChecks)
    {
        this.module = module;
        this.nullChecks = nullChecks;
        this.notSupportedHandler = module.notSupportedHandler();
        InstrumentationModule.checkNotSupportedHandler(notSupportedHandler);
        this.notSupportedReportHandler = module.notSupportedReportHandler();
        InstrumentationModule.checkNotSupportedReportHandler(notSupportedReportHandler);
    }

    public DynamicType.Builder<?> transform(
        final DynamicType.Builder<?> builder,
        final TypeDescription typeDescription,
        final ClassLoader classLoader,
        final JavaModule javaModule,
        final ProtectionDomain protectionDomain)
    {
        final NativeMethodTable table = NativeMethodTable.of(module, typeDescription);
        final MethodBodies bodies = new MethodBodies(nullChecks, typeDescription.getName());
        for (final Map.Entry<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> entry :
            table.remoted().entrySet())
        {
            bodies.put(entry.getKey(), MethodCall.invoke(entry.getValue()).withAllArguments());
        }
        for (final MethodDescription.InDefinedShape nativeMethod : table.remotedByName().keySet())
        {
            bodies.put(nativeMethod, module.bodyByName(nativeMethod));
        }
        for (final Map.Entry<MethodDescription.InDefinedShape, FunctionRow> entry : table.tableRemoted().entrySet())
        {
            if (!table.remotedByName().containsKey(entry.getKey()))
            {
                bodies.put(entry.getKey(),
                    MethodCall.invoke(module.tableCall()).with(entry.getValue().id()).withArgumentArray());
            }
        }
        for (final MethodDescription.InDefinedShape nativeMethod : table.notSupported())
        {
            bodies.put(nativeMethod, notSupported(table, nativeMethod));
        }
        final DynamicType.Builder<?> rewritten = builder.method(bodies.methods()).intercept(bodies);

        AgentLog.debug("rewrote " + table.summary());
        if (!table.unmatchedRows().isEmpty())
        {
            AgentLog.debug(table.unmatchedRows().size() + " rows of the function table match no native method of " +
                typeDescription.getName() + " (another binding version?): " + table.unmatchedRows());
        }
        if (!table.unmatched().isEmpty())
        {
            AgentLog.debug(table.unmatched().size() + " remote implementations in " +
                module.remoteImplementation().getSimpleName() + " match no native method of " +
                typeDescription.getName() + " (another binding version?): " + table.unmatched());
        }
        return rewritten;
    }

    private Implementation notSupported(final NativeMethodTable table, final MethodDescription nativeMethod)
    {
        final String message = table.notSupportedMessage(nativeMethod);
        if (nativeMethod.getReturnType().asErasure().represents(int.class))
        {
            return MethodCall.invoke(notSupportedHandler).with(message, module.notSupportedStatus());
        }
        return MethodCall.invoke(notSupportedReportHandler).with(message).andThen(StubMethod.INSTANCE);
    }
}
