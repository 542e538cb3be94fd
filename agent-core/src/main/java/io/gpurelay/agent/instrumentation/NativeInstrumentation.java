package io.gpurelay.agent.instrumentation;

import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;

import io.gpurelay.agent.log.AgentLog;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.utility.JavaModule;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Installs the class-load-time rewriting of the bindings' classes. Native methods cannot be given advice, and a
 * loaded class's native methods cannot be retransformed, so classes are rebased as they load, with a native method
 * prefix that keeps each original native method, unlinked, under a new name.
 */
public final class NativeInstrumentation
{
    /** Prefix of the renamed original native methods; the manifest allows it with Can-Set-Native-Method-Prefix. */
    private static final String NATIVE_METHOD_PREFIX = "gpurelay$";

    /** JCuda's library loaders: every JCuda binding class loads its native library through one of them. */
    private static final String[] LIBRARY_LOADERS = { "jcuda.LibUtils", "jcuda.LibUtilsCuda" };

    /** JavaCPP's loader: every JavaCPP class with natives loads its preset's libraries through it as it initialises. */
    private static final String JAVACPP_LOADER = "org.bytedeco.javacpp.Loader";

    private NativeInstrumentation()
    {
    }

    public static void install(final Instrumentation instrumentation, final List<InstrumentationModule> modules)
    {
        disableNexus();
        // The rewritten classes are checked by the JVM's verifier as they load; Byte Buddy's own validation of each
        // generated type would check the same again, at a cost that shows at every JCuda class's load.
        AgentBuilder rules = new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED))
            .enableNativeMethodPrefix(NATIVE_METHOD_PREFIX)
            .with(AgentBuilder.TypeStrategy.Default.REBASE)
            .with(AgentBuilder.RedefinitionStrategy.DISABLED)
            .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
            .with(new FailureListener())
            .ignore(not(nameStartsWith("jcuda.").or(nameStartsWith("org.bytedeco."))));
        for (final InstrumentationModule module : modules)
        {
            rules = rules.type(named(module.targetClassName())).transform(new NativeMethodTransformer(module));
            if (module.nativeLibraryPrefix() != null)
            {
                RelayedLibraries.register(module.nativeLibraryPrefix());
            }
            module.relayedClassPrefixes().forEach(RelayedLibraries::registerClasses);
            AgentLog.debug("will rewrite " + module.targetClassName() + " as it loads");
        }
        rules = rules.type(namedOneOf(LIBRARY_LOADERS)).transform(NativeInstrumentation::skipRelayedLibraryLoads);
        rules = rules.type(named(JAVACPP_LOADER)).transform(NativeInstrumentation::skipRelayedPresetLoads);
        for (final InstrumentationModule module : modules)
        {
            rules = module.extraRules(rules);
        }
        rules.installOn(instrumentation);
        warnAboutClassesLoadedAlready(instrumentation, modules);
    }

    /**
     * Byte Buddy's Nexus serves initialization strategies this agent does not use (it installs with NoOp); setting
     * it up reaches for {@code sun.misc.Unsafe}, which JDK 24 and later warn about on the application's stderr. The
     * property is named after Byte Buddy's own package, so the relocated copy in the agent jar reads it and an
     * application's own Byte Buddy is not affected.
     */
    private static void disableNexus()
    {
        final String property = ByteBuddy.class.getPackageName() + ".nexus.disabled";
        if (System.getProperty(property) == null)
        {
            System.setProperty(property, "true");
        }
    }

    /**
     * A class that loaded before the agent (attached to a running JVM) keeps its native methods for good.
     */
    private static void warnAboutClassesLoadedAlready(
        final Instrumentation instrumentation, final List<InstrumentationModule> modules)
    {
        for (final Class<?> loaded : instrumentation.getAllLoadedClasses())
        {
            for (final InstrumentationModule module : modules)
            {
                if (loaded.getName().equals(module.targetClassName()))
                {
                    AgentLog.warn(module.targetClassName() + " was loaded before the agent started, so its calls " +
                        "are not relayed; start the JVM with -javaagent instead of attaching the agent later");
                }
            }
        }
    }

    private static DynamicType.Builder<?> skipRelayedLibraryLoads(
        final DynamicType.Builder<?> builder,
        final TypeDescription typeDescription,
        final ClassLoader classLoader,
        final JavaModule javaModule,
        final ProtectionDomain protectionDomain)
    {
        return builder.visit(Advice.to(LibraryLoadAdvice.class).on(named("loadLibrary").and(isStatic())));
    }

    /**
     * JavaCPP's {@code Loader.load(Class, Properties, boolean, String)}, which every other {@code load} overload ends
     * in, returns at once (null) for the classes of presets the agent relays: their natives are rewritten, so neither
     * the preset's JNI library nor CUDA's own libraries are needed. JavaCPP's core ({@code Pointer} and its memory)
     * loads as usual.
     */
    private static DynamicType.Builder<?> skipRelayedPresetLoads(
        final DynamicType.Builder<?> builder,
        final TypeDescription typeDescription,
        final ClassLoader classLoader,
        final JavaModule javaModule,
        final ProtectionDomain protectionDomain)
    {
        return builder.visit(Advice.to(PresetLoadAdvice.class)
            .on(named("load").and(isStatic()).and(takesArguments(4)).and(takesArgument(0, Class.class))));
    }

    /**
     * A class that could not be rewritten keeps its native methods, which then fail to link when called: say so.
     */
    private static final class FailureListener extends AgentBuilder.Listener.Adapter
    {
        public void onError(
            final String typeName,
            final ClassLoader classLoader,
            final JavaModule module,
            final boolean loaded,
            final Throwable throwable)
        {
            AgentLog.error("could not rewrite " + typeName + " (" + AgentLog.describe(throwable) +
                "); its calls will not be relayed");
        }
    }
}
