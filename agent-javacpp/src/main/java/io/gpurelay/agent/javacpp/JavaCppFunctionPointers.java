package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.log.AgentLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.implementation.ExceptionMethod;
import net.bytebuddy.implementation.StubMethod;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * The CUDA presets' function-pointer classes ({@code cudaHostFn_t}, {@code CUstreamCallback}, ...), which a program
 * subclasses to pass a Java callback: their constructor's native {@code allocate()}, which would make a C thunk in the
 * preset's library, does nothing (the callback runs in this process, called from Java by the agent), and their
 * native {@code call}, which would call a C function, throws: a program's subclass overrides it.
 */
public final class JavaCppFunctionPointers
{
    private static final String FUNCTION_POINTER = "org.bytedeco.javacpp.FunctionPointer";

    private JavaCppFunctionPointers()
    {
    }

    public static AgentBuilder install(final AgentBuilder rules)
    {
        AgentLog.debug("will rewrite the natives of the CUDA presets' function-pointer classes");
        return rules
            .type(nameStartsWith("org.bytedeco.cuda.").and(not(named(FUNCTION_POINTER)))
                .and(hasSuperType(named(FUNCTION_POINTER))))
            .transform((builder, type, classLoader, module, domain) -> builder
                .method(named("allocate").and(isNative())).intercept(StubMethod.INSTANCE)
                .method(isNative().and(not(named("allocate")))).intercept(ExceptionMethod.throwing(
                    UnsupportedOperationException.class, type.getName() + " wraps a C function, which cannot run " +
                        "in a process that relays CUDA through gpurelay; pass a subclass that overrides call")));
    }
}
