package io.gpurelay.agent.javacpp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * A class of JavaCPP's CUDA presets ({@code org.bytedeco.cuda.global.*}) whose natives the agent rewrites. JavaCPP
 * names each native after its C function and declares one overload per Java type a C argument may take, so a module
 * remotes functions, not natives: every overload of a function it knows gets one generic body ({@link JavaCppCalls})
 * that runs the function's code ({@link JavaCppFunction}) on the arguments as they come ({@link JavaCppArgs}).
 * Functions come from the module's hand-written code and, for the CUDA runtime and driver, from the function table,
 * whose rows serve JCuda and JavaCPP alike ({@link JavaCppTableFunctions}).
 */
public abstract class JavaCppModule extends InstrumentationModule
{
    private static final String BY_PTR_PTR = "org.bytedeco.javacpp.annotation.ByPtrPtr";

    private final String shortName;
    private final int invalidStatus;
    private final String invalidStatusName;
    private final List<String> relayedClassPrefixes;
    private final Map<String, JavaCppFunction> functions = new HashMap<>();
    private final Map<String, FunctionRow> rows = new HashMap<>();

    /**
     * @param shortName            the preset class's simple name ({@code cudart}), which messages use.
     * @param notSupportedStatus   what an unremoted native returns.
     * @param invalidStatus        what a call whose arguments cannot be taken returns.
     * @param relayedClassPrefixes the classes whose native libraries are not loaded.
     */
    protected JavaCppModule(
        final String shortName,
        final int notSupportedStatus,
        final String notSupportedStatusName,
        final int invalidStatus,
        final String invalidStatusName,
        final List<String> relayedClassPrefixes)
    {
        super("org.bytedeco.cuda.global." + shortName, shortName, NoImplementations.class, notSupportedStatus,
            notSupportedStatusName, null);
        this.shortName = shortName;
        this.invalidStatus = invalidStatus;
        this.invalidStatusName = invalidStatusName;
        this.relayedClassPrefixes = List.copyOf(relayedClassPrefixes);
    }

    /**
     * Remote the function: every native of this name runs the code.
     */
    protected final void function(final String name, final JavaCppFunction function)
    {
        functions.put(name, function);
    }

    /**
     * Remote the function through its function-table row, unless hand-written code remotes it.
     */
    protected final void row(final FunctionRow row)
    {
        rows.putIfAbsent(row.name(), row);
    }

    /**
     * The functions remoted by hand-written code.
     */
    final java.util.Set<String> functionNames()
    {
        return java.util.Set.copyOf(functions.keySet());
    }

    /**
     * The hand-written code of a function, for the modules' tests; null where there is none.
     */
    final JavaCppFunction functionCode(final String name)
    {
        return functions.get(name);
    }

    public final List<String> relayedClassPrefixes()
    {
        return relayedClassPrefixes;
    }

    /**
     * The JCuda module of the same library, whose hand-written functions travel as this module's do: the emulator
     * refuses the same ones, for the same reasons. Null where there is none.
     */
    protected LibraryRefusals refusals()
    {
        return null;
    }

    /**
     * The name JCuda gives the function: JavaCPP keeps cuBLAS's {@code _v2} suffixes, JCuda drops them.
     */
    protected String jcudaName(final String functionName)
    {
        return functionName.endsWith("_v2") ? functionName.substring(0, functionName.length() - 3) : functionName;
    }

    public String emulatorRefusal(final String functionName)
    {
        final LibraryRefusals refusals = refusals();
        return refusals == null ? null : refusals.emulatorRefusal(jcudaName(functionName));
    }

    /**
     * JavaCPP's natives are named after the C function.
     */
    public final String functionName(final String nativeMethodName)
    {
        return nativeMethodName;
    }

    public final Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        if (!nativeMethod.isStatic())
        {
            return null;
        }
        final String name = nativeMethod.getName();
        if (functions.containsKey(name) || nativeMethod.getParameters().isEmpty() && JavaCppConstants.isKnown(name))
        {
            return HAND_WRITTEN;
        }
        final FunctionRow row = rows.get(name);
        return row != null && JavaCppTableFunctions.fits(row, nativeMethod) ? row : null;
    }

    public final Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        final Object how = remotesByName(nativeMethod);
        if (how == null)
        {
            return null;
        }
        final String name = nativeMethod.getName();
        final JavaCppFunction function = how instanceof FunctionRow row ? JavaCppTableFunctions.of(row) :
            functions.containsKey(name) ? functions.get(name) : JavaCppConstants.of(name);
        final int index = JavaCppCalls.register(describe(nativeMethod, function));
        return MethodCall.invoke(JavaCppCalls.CALL).with(index).withArgumentArray()
            .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
    }

    private JavaCppMethod describe(final MethodDescription.InDefinedShape nativeMethod, final JavaCppFunction function)
    {
        long byPtrPtr = 0;
        final String[] parameterTypes = new String[nativeMethod.getParameters().size()];
        for (final ParameterDescription.InDefinedShape parameter : nativeMethod.getParameters())
        {
            parameterTypes[parameter.getIndex()] = parameter.getType().asErasure().getName();
            for (final AnnotationDescription annotation : parameter.getDeclaredAnnotations())
            {
                if (annotation.getAnnotationType().getName().equals(BY_PTR_PTR) && parameter.getIndex() < Long.SIZE)
                {
                    byPtrPtr |= 1L << parameter.getIndex();
                }
            }
        }
        return new JavaCppMethod(shortName, nativeMethod.getName(), byPtrPtr,
            nativeMethod.getReturnType().asErasure().getName(), parameterTypes, invalidStatus, invalidStatusName,
            function);
    }

    /**
     * JavaCPP modules replace no native by descriptor.
     */
    public static final class NoImplementations
    {
        private NoImplementations()
        {
        }
    }
}
