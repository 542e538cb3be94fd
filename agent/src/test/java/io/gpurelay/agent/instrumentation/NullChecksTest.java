package io.gpurelay.agent.instrumentation;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The description of JCuda's null checks: its reader, and the description that comes with the agent against the
 * JCuda jars' classes (read without loading them).
 */
class NullChecksTest
{
    private static final TypePool JARS = TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader());

    @Test
    void rowsReadAsChecksInTheirOrder() throws IOException
    {
        final NullChecks checks = parse("""
            # a comment
            [jcuda.Fake]
            copyNative 4 2:src 0:dst
            versionNative 1 0:version=fakeErrorInvalidValue/1

            [jcuda.Other]
            makeNative64 2 0:plan@make64
            """);

        final List<NullChecks.Check> copy = checks.of("jcuda.Fake", "copyNative", 4);
        assertEquals(2, copy.size());
        assertEquals(2, copy.get(0).position());
        assertEquals("Parameter 'src' is null for copy", copy.get(0).message());
        assertEquals("Parameter 'dst' is null for copy", copy.get(1).message());
        assertFalse(copy.get(0).returnsStatus());

        final NullChecks.Check version = checks.of("jcuda.Fake", "versionNative", 1).get(0);
        assertTrue(version.returnsStatus());
        assertEquals("fakeErrorInvalidValue", version.statusName());
        assertEquals(1, version.status());

        assertEquals("Parameter 'plan' is null for make64", checks.of("jcuda.Other", "makeNative64", 2).get(0).message());
        assertTrue(checks.of("jcuda.Fake", "copyNative", 3).isEmpty(), "another arity is another native");
        assertTrue(checks.of("jcuda.Missing", "copyNative", 4).isEmpty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "copyNative 2 0:dst                      | line 2: a row before the first [class] line",
        "[jcuda.Fake]\\ncopyNative                | line 3: expected: native arity check...",
        "[jcuda.Fake]\\ncopyNative two 0:dst      | line 3: arity 'two' is not a number",
        "[jcuda.Fake]\\ncopyNative 2 dst          | line 3: check 'dst' is not position:parameter",
        "[jcuda.Fake]\\ncopyNative 2 2:dst        | line 3: check '2:dst' names position 2 of a 2-parameter native",
        "[jcuda.Fake]\\ncopyNative 2 0:dst 0:src  | line 3: position 0 is checked twice",
        "[jcuda.Fake]\\ncopyNative 2 0:dst=bad    | line 3: check '0:dst=bad' is not position:parameter",
        "[jcuda.Fake]\\na 1 0:x\\na 1 0:y          | line 4: a with 1 parameters appears twice",
        "[jcuda.Fake]\\n[jcuda.Fake]              | line 3: class jcuda.Fake appears twice",
        "[jcuda.Fake]\\n2copy 1 0:x               | line 3: '2copy' is not a method name",
    })
    void aMalformedRowIsRefusedNamingItsLine(final String text, final String expected)
    {
        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> parse("# header\n" + text.replace("\\n", "\n")));
        assertTrue(refused.getMessage().startsWith("test.txt " + expected.strip()), refused.getMessage());
    }

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

    private static NullChecks parse(final String text) throws IOException
    {
        return NullChecks.parse("test.txt", new StringReader(text));
    }
}
