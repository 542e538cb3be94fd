package io.gpurelay.agent.instrumentation;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The description of JCuda's null checks that comes with the agent, against the JCuda jars' classes (read without
 * loading them) and JCuda's instrumentation modules.
 */
class JCudaNullChecksTest
{
    private static final TypePool JARS = TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader());

    /**
     * Every row names a native of the jar's class with that arity, every checked parameter is an object, every
     * status comes from a native that returns one; and how many natives of each class JCuda checks.
     */
    @Test
    void theAgentsDescriptionMatchesTheJCudaJars()
    {
        final Map<String, Integer> expectedRows = Map.of(
            "jcuda.runtime.JCuda", 118,
            "jcuda.driver.JCudaDriver", 298,
            "jcuda.nvrtc.JNvrtc", 20,
            "jcuda.nvptxcompiler.JNvPTXCompiler", 10,
            "jcuda.jcublas.JCublas2", 492,
            "jcuda.jcublas.JCublas", 159,
            "jcuda.jcufft.JCufft", 32,
            "jcuda.jcurand.JCurand", 26);
        final List<String> instrumented = InstrumentationModule.loadAll().stream()
            .map(InstrumentationModule::targetClassName).collect(Collectors.toList());
        int statusChecks = 0;
        for (final Map.Entry<String, Integer> entry : expectedRows.entrySet())
        {
            final String className = entry.getKey();
            assertTrue(instrumented.contains(className), className + " has no instrumentation module");
            final TypeDescription type = JARS.describe(className).resolve();
            final List<NullChecks.Row> rows = NullChecks.standard().rows(className);
            assertEquals(entry.getValue(), rows.size(), className);
            for (final NullChecks.Row row : rows)
            {
                final List<MethodDescription.InDefinedShape> natives = type.getDeclaredMethods()
                    .filter(isNative())
                    .filter(method -> method.getName().equals(row.nativeName()) &&
                        method.getParameters().size() == row.arity());
                assertEquals(1, natives.size(), className + "." + row.nativeName() + " with " + row.arity() +
                    " parameters (line " + row.line() + ")");
                final MethodDescription nativeMethod = natives.get(0);
                for (final NullChecks.Check check : row.checks())
                {
                    assertFalse(nativeMethod.getParameters().get(check.position()).getType().isPrimitive(),
                        nativeMethod + " parameter " + check.position());
                    if (check.returnsStatus())
                    {
                        statusChecks++;
                        assertTrue(nativeMethod.getReturnType().represents(int.class), nativeMethod.toString());
                    }
                }
            }
        }
        assertEquals(3, statusChecks, "cudaDriverGetVersion, cudaRuntimeGetVersion, cuDriverGetVersion");
    }
}
