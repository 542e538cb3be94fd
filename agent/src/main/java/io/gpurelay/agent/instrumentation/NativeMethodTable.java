package io.gpurelay.agent.instrumentation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;

import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;

/**
 * How one binding class's native methods are handled: which ones a remote-implementation method replaces, which
 * ones are not supported, and which remote-implementation methods found no native method to replace (a binding
 * version that renamed or dropped a function). The instrumentation and the coverage report both read this table,
 * so what the report says is what the agent does.
 */
public final class NativeMethodTable
{
    private final InstrumentationModule module;
    private final TypeDescription target;
    private final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted;
    private final List<MethodDescription.InDefinedShape> notSupported;
    private final List<MethodDescription.InDefinedShape> unmatched;

    private NativeMethodTable(
        final InstrumentationModule module,
        final TypeDescription target,
        final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted,
        final List<MethodDescription.InDefinedShape> notSupported,
        final List<MethodDescription.InDefinedShape> unmatched)
    {
        this.module = module;
        this.target = target;
        this.remoted = Collections.unmodifiableMap(remoted);
        this.notSupported = Collections.unmodifiableList(notSupported);
        this.unmatched = Collections.unmodifiableList(unmatched);
    }

    /**
     * Match the module's remote-implementation methods against the target's native methods by name and descriptor.
     */
    public static NativeMethodTable of(final InstrumentationModule module, final TypeDescription target)
    {
        final MethodList<MethodDescription.InDefinedShape> natives = target.getDeclaredMethods().filter(isNative());
        final MethodList<MethodDescription.InDefinedShape> implementations =
            TypeDescription.ForLoadedType.of(module.remoteImplementation()).getDeclaredMethods()
                .filter(isPublic().and(isStatic()));

        final Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted = new LinkedHashMap<>();
        final List<MethodDescription.InDefinedShape> notSupported = new ArrayList<>();
        final List<MethodDescription.InDefinedShape> unmatched = new ArrayList<>(implementations);
        for (final MethodDescription.InDefinedShape nativeMethod : natives)
        {
            final MethodDescription.InDefinedShape implementation = find(implementations, nativeMethod);
            if (implementation != null && nativeMethod.isStatic())
            {
                remoted.put(nativeMethod, implementation);
                unmatched.remove(implementation);
            }
            else
            {
                notSupported.add(nativeMethod);
            }
        }
        return new NativeMethodTable(module, target, remoted, notSupported, unmatched);
    }

    private static MethodDescription.InDefinedShape find(
        final MethodList<MethodDescription.InDefinedShape> implementations,
        final MethodDescription.InDefinedShape nativeMethod)
    {
        for (final MethodDescription.InDefinedShape implementation : implementations)
        {
            if (implementation.getName().equals(nativeMethod.getName()) &&
                implementation.getDescriptor().equals(nativeMethod.getDescriptor()))
            {
                return implementation;
            }
        }
        return null;
    }

    public InstrumentationModule module()
    {
        return module;
    }

    public TypeDescription target()
    {
        return target;
    }

    public int nativeMethodCount()
    {
        return remoted.size() + notSupported.size();
    }

    /**
     * Native method → the static method that replaces it, in the target's declaration order.
     */
    public Map<MethodDescription.InDefinedShape, MethodDescription.InDefinedShape> remoted()
    {
        return remoted;
    }

    public List<MethodDescription.InDefinedShape> notSupported()
    {
        return notSupported;
    }

    /**
     * Remote-implementation methods with no native method of that name and descriptor in the target.
     */
    public List<MethodDescription.InDefinedShape> unmatched()
    {
        return unmatched;
    }

    /**
     * The message an unremoted native method logs, once, when first called.
     */
    public String notSupportedMessage(final MethodDescription nativeMethod)
    {
        final TypeDescription returnType = nativeMethod.getReturnType().asErasure();
        final String outcome;
        if (returnType.represents(void.class))
        {
            outcome = "ignoring the call";
        }
        else if (returnType.represents(int.class))
        {
            outcome = "returning " + module.notSupportedStatusName();
        }
        else if (returnType.represents(boolean.class))
        {
            outcome = "returning false";
        }
        else if (returnType.isPrimitive())
        {
            outcome = "returning 0";
        }
        else
        {
            outcome = "returning null";
        }
        return module.bindingName() + "." + module.functionName(nativeMethod.getName()) +
            " is not supported by gpurelay; " + outcome;
    }

    public String summary()
    {
        return target.getName() + ": " + nativeMethodCount() + " native methods, " + remoted.size() + " remoted, " +
            notSupported.size() + " not supported";
    }
}
