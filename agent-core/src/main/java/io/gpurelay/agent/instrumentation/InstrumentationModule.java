package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.Implementation;

/**
 * What gpurelay does with one binding class (JCuda runtime, JCuda driver, JCublas2, ...). A module names the class
 * whose native methods it rewrites and a remote-implementation class that is the table of what is remoted: each
 * public static method of it replaces the target's native method of the same name and descriptor. Every other
 * native method of the target returns the binding's "not supported" status (null, zero or false for methods that
 * return something else, nothing for void ones) and logs its name once.
 * <p>
 * Modules are found with {@link ServiceLoader}: adding a binding is one module class, one remote-implementation
 * class and one line in its Maven module's (agent-jcuda's, agent-javacpp's)
 * {@code META-INF/services/io.gpurelay.agent.instrumentation.InstrumentationModule}.
 */
public abstract class InstrumentationModule
{
    private static final String NATIVE_SUFFIX = "Native";

    private final String targetClassName;
    private final String bindingName;
    private final Class<?> remoteImplementation;
    private final int notSupportedStatus;
    private final String notSupportedStatusName;
    private final String nativeLibraryPrefix;

    /**
     * @param targetClassName        the binding class whose native methods are rewritten.
     * @param bindingName            how messages name the class, e.g. {@code JCuda} for {@code jcuda.runtime.JCuda}.
     * @param remoteImplementation   the class whose public static methods replace native methods.
     * @param notSupportedStatus     what unremoted int-returning native methods return.
     * @param notSupportedStatusName that status's name, for the message.
     * @param nativeLibraryPrefix    start of the name of the native library the binding loads; loading it is skipped.
     *                               Null for a JavaCPP preset ({@link #relayedClassPrefixes()}).
     */
    protected InstrumentationModule(
        final String targetClassName,
        final String bindingName,
        final Class<?> remoteImplementation,
        final int notSupportedStatus,
        final String notSupportedStatusName,
        final String nativeLibraryPrefix)
    {
        this.targetClassName = targetClassName;
        this.bindingName = bindingName;
        this.remoteImplementation = remoteImplementation;
        this.notSupportedStatus = notSupportedStatus;
        this.notSupportedStatusName = notSupportedStatusName;
        this.nativeLibraryPrefix = nativeLibraryPrefix;
    }

    /**
     * Every module on the agent's class path, ordered by target class name.
     */
    public static List<InstrumentationModule> loadAll()
    {
        final List<InstrumentationModule> modules = new ArrayList<>();
        ServiceLoader.load(InstrumentationModule.class, InstrumentationModule.class.getClassLoader())
            .forEach(modules::add);
        modules.sort(Comparator.comparing(InstrumentationModule::targetClassName));
        return modules;
    }

    public final String targetClassName()
    {
        return targetClassName;
    }

    public final String bindingName()
    {
        return bindingName;
    }

    public final Class<?> remoteImplementation()
    {
        return remoteImplementation;
    }

    public final int notSupportedStatus()
    {
        return notSupportedStatus;
    }

    public final String notSupportedStatusName()
    {
        return notSupportedStatusName;
    }

    public final String nativeLibraryPrefix()
    {
        return nativeLibraryPrefix;
    }

    /**
     * Name prefixes of the JavaCPP classes whose loading of native libraries the agent skips (the preset's binding
     * class, its struct and handle classes, its presets class). Empty for JCuda bindings, whose loader names the
     * library instead ({@link #nativeLibraryPrefix()}).
     */
    public List<String> relayedClassPrefixes()
    {
        return List.of();
    }

    /**
     * The binding whose rows of the function table ({@link io.gpurelay.protocol.table.FunctionTable}) remote natives
     * of the target that the remote-implementation class does not; null for a module the table has no rows for.
     */
    public Binding tableBinding()
    {
        return null;
    }

    /**
     * The descriptor of the native a row of the function table remotes in this binding (its roles' Java types):
     * a native of the row's name matches the row only with this descriptor. Asked only of a module with a {@link
     * #tableBinding()}, which overrides it.
     */
    public String tableDescriptor(final FunctionRow row)
    {
        throw new UnsupportedOperationException(bindingName() + " has no function-table rows");
    }

    /**
     * The one body of every native a row of the function table remotes in this binding: {@code public static int
     * (int id, Object[] arguments)}, called with the row's id and the native's arguments. Asked only of a module with
     * a {@link #tableBinding()}, which overrides it.
     */
    public Method tableCall()
    {
        throw new UnsupportedOperationException(bindingName() + " has no function-table rows");
    }

    /**
     * Rules of this binding beyond its target class (the classes of its structs and function pointers), installed
     * once with the agent's other rules; none by default. The core knows no binding: what a binding rewrites besides
     * its target class is the binding's to say.
     */
    public AgentBuilder extraRules(final AgentBuilder rules)
    {
        return rules;
    }

    /**
     * The API function a native method stands for: JCuda names its natives after the function plus {@code Native}.
     */
    public String functionName(final String nativeMethodName)
    {
        return nativeMethodName.endsWith(NATIVE_SUFFIX) && nativeMethodName.length() > NATIVE_SUFFIX.length() ?
            nativeMethodName.substring(0, nativeMethodName.length() - NATIVE_SUFFIX.length()) : nativeMethodName;
    }

    /**
     * For a binding whose natives come in many overloads of one function (JavaCPP: {@code Pointer}, {@code
     * FloatPointer}, {@code float[]}, {@code FloatBuffer}, ...), the body of a native that the remote-implementation
     * class does not replace by descriptor: every overload of a remoted function gets one generic body, which reads
     * its arguments by their run-time types. Null where the module does not remote the native this way (every JCuda
     * module).
     */
    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return null;
    }

    /**
     * Whether {@link #bodyByName} gives the native a body, and through which function-table row: the row, {@link
     * #HAND_WRITTEN} for hand-written code, null when it does not.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return null;
    }

    /** {@link #remotesByName}'s answer for a native remoted by hand-written code. */
    public static final Object HAND_WRITTEN = "hand-written";

    /**
     * Why gpurelay deliberately does not remote a function, for the coverage report; null where no reason is given.
     */
    public String refusalReason(final String functionName)
    {
        return null;
    }

    /**
     * Why the emulator does not run a function this module remotes by hand-written code (the gpu backend does), for
     * the coverage report's emulator column; null where the emulator runs it. Rows of the function table say it in
     * their own emulator column instead. The emulator answers such a call with the binding's "not supported" status
     * (or its nearest status) and a message naming the function.
     */
    public String emulatorRefusal(final String functionName)
    {
        return null;
    }

    /**
     * The method an unremoted int-returning native calls: {@code public static int (String message, int status)}
     * that logs the message once and returns the status. A binding that keeps per-thread error state (the runtime
     * API's last error) overrides this to record the failure too.
     */
    public Method notSupportedHandler()
    {
        return NotSupportedCalls.STATUS_HANDLER;
    }

    /**
     * The method an unremoted native that returns no status calls (void, float, an object, ...):
     * {@code public static void (String message)} that logs the message once. A binding that reports such failures
     * through per-thread error state (legacy cuBLAS's {@code cublasGetError}) overrides this to record the failure too.
     */
    public Method notSupportedReportHandler()
    {
        return NotSupportedCalls.REPORT;
    }

    static void checkNotSupportedReportHandler(final Method handler)
    {
        if (!Modifier.isStatic(handler.getModifiers()) || !Modifier.isPublic(handler.getModifiers()) ||
            handler.getReturnType() != void.class || handler.getParameterCount() != 1 ||
            handler.getParameterTypes()[0] != String.class)
        {
            throw new IllegalStateException("not-supported report handler must be public static void (String): " +
                handler);
        }
    }

    static void checkNotSupportedHandler(final Method handler)
    {
        if (!Modifier.isStatic(handler.getModifiers()) || !Modifier.isPublic(handler.getModifiers()) ||
            handler.getReturnType() != int.class || handler.getParameterCount() != 2 ||
            handler.getParameterTypes()[0] != String.class || handler.getParameterTypes()[1] != int.class)
        {
            throw new IllegalStateException("not-supported handler must be public static int (String, int): " +
                handler);
        }
    }

    public String toString()
    {
        return getClass().getSimpleName() + "[" + targetClassName + "]";
    }
}
