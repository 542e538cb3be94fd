package io.gpurelay.agent.instrumentation;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader of the description of JCuda's null checks. The description that comes with the agent is checked against
 * the JCuda jars' classes in agent-jcuda ({@code JCudaNullChecksTest}).
 */
class NullChecksTest
{
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

    private static NullChecks parse(final String text) throws IOException
    {
        return NullChecks.parse("test.txt", new StringReader(text));
    }
}
