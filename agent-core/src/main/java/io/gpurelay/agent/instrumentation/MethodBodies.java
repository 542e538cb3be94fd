package io.gpurelay.agent.instrumentation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.scaffold.InstrumentedType;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The bodies of many methods of one class as a single implementation, each method getting its own by signature. Byte
 * Buddy matches every method of a class against every registered matcher in turn, so registering a binding class's
 * hundreds of native methods one matcher each made rewriting the class quadratic in its size; one matcher and a map
 * make it linear, which is most of the agent's work when a JCuda class loads. JavaCPP's struct rewriting uses the same
 * map without null checks.
 */
public final class MethodBodies implements Implementation
{
    private final Map<MethodDescription.SignatureToken, Implementation> bodies = new HashMap<>();
    private final NullChecks nullChecks;
    private final String className;

    /**
     * @param nullChecks JCuda's null checks, which every body of a listed native begins with.
     * @param className  the class whose methods these are.
     */
    MethodBodies(final NullChecks nullChecks, final String className)
    {
        this.nullChecks = nullChecks;
        this.className = className;
    }

    /**
     * Bodies that begin with no null checks.
     */
    public MethodBodies()
    {
        this(null, null);
    }

    public void put(final MethodDescription method, final Implementation body)
    {
        final List<NullChecks.Check> checks = nullChecks == null ? List.of()
            : nullChecks.of(className, method.getName(), method.getParameters().size());
        bodies.put(method.asSignatureToken(), checks.isEmpty() ? body : new NullCheckedBody(checks, body));
    }

    /**
     * How many methods this gives a body to.
     */
    public int size()
    {
        return bodies.size();
    }

    /**
     * Matches the methods this gives a body to.
     */
    public ElementMatcher<MethodDescription> methods()
    {
        return method -> bodies.containsKey(method.asSignatureToken());
    }

    public InstrumentedType prepare(final InstrumentedType instrumentedType)
    {
        InstrumentedType prepared = instrumentedType;
        for (final Implementation body : bodies.values())
        {
            prepared = body.prepare(prepared);
        }
        return prepared;
    }

    public ByteCodeAppender appender(final Target target)
    {
        final Map<MethodDescription.SignatureToken, ByteCodeAppender> appenders = new HashMap<>();
        return (methodVisitor, context, instrumentedMethod) ->
        {
            final MethodDescription.SignatureToken signature = instrumentedMethod.asSignatureToken();
            final Implementation body = bodies.get(signature);
            if (body == null)
            {
                throw new IllegalStateException("no body for " + instrumentedMethod);
            }
            return appenders.computeIfAbsent(signature, ignored -> body.appender(target))
                .apply(methodVisitor, context, instrumentedMethod);
        };
    }
}
