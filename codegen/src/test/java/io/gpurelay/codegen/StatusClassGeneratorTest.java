package io.gpurelay.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class StatusClassGeneratorTest
{
    private static final String DESCRIPTION = """
        # a comment

        library fooStatus_t foo.h
        doc The foo statuses.
        class io.gpurelay.protocol.FooStatus
        class io.gpurelay.emulator.foo.FooStatus parenthesised
        status SUCCESS 0 FOO_SUCCESS
        status BROKEN 7 FOO_ERROR_BROKEN  broken,  beyond repair.

        library barResult bar.h
        class io.gpurelay.protocol.BarStatusCodes open
        status SUCCESS 0 BAR_SUCCESS
        value NEGATIVE -3 BAR_NEGATIVE
        """;

    @Test
    void generatesOnlyThePackagesClasses()
    {
        final List<StatusClassGenerator.Library> libraries = StatusClassGenerator.parse("d.txt", DESCRIPTION);
        assertEquals(2, libraries.size());

        final Map<String, String> protocol = StatusClassGenerator.generate(libraries, "io.gpurelay.protocol");
        assertEquals(List.of("io/gpurelay/protocol/FooStatus.java", "io/gpurelay/protocol/BarStatusCodes.java"),
            List.copyOf(protocol.keySet()));
        final String foo = protocol.get("io/gpurelay/protocol/FooStatus.java");
        assertTrue(foo.startsWith("package io.gpurelay.protocol;\n"), foo);
        assertTrue(foo.contains("public final class FooStatus\n"), foo);
        assertTrue(foo.contains("    /** {@code FOO_SUCCESS}. */\n    public static final int SUCCESS = 0;\n"), foo);
        assertTrue(foo.contains("    /** {@code FOO_ERROR_BROKEN}: broken,  beyond repair. */\n" +
            "    public static final int BROKEN = 7;\n"), foo);
        assertTrue(foo.contains("    private FooStatus()\n"), foo);
        assertTrue(foo.contains("            case BROKEN -> \"FOO_ERROR_BROKEN\";\n"), foo);
        assertTrue(foo.contains("            default -> \"fooStatus_t \" + status;\n"), foo);
        assertTrue(foo.contains(
            "/**\n * The {@code fooStatus_t} values of {@code foo.h}.\n * <p>\n * The foo statuses.\n */\n"), foo);

        final String bar = protocol.get("io/gpurelay/protocol/BarStatusCodes.java");
        assertTrue(bar.contains("public class BarStatusCodes\n"), bar);
        assertTrue(bar.contains("    protected BarStatusCodes()\n"), bar);
        assertTrue(bar.contains("    public static final int NEGATIVE = -3;\n"), bar);

        final Map<String, String> emulator = StatusClassGenerator.generate(libraries, "io.gpurelay.emulator");
        assertEquals(List.of("io/gpurelay/emulator/foo/FooStatus.java"), List.copyOf(emulator.keySet()));
        assertTrue(emulator.values().iterator().next().contains("default -> \"fooStatus_t(\" + status + \")\";"));

        assertTrue(StatusClassGenerator.generate(libraries, "io.gpurelay.proto").isEmpty());
    }

    @Test
    void aMalformedLineIsNamedByNumber()
    {
        assertMalformed("d.txt:3: code 'seven' is no int: status BROKEN seven FOO_ERROR_BROKEN",
            "library fooStatus_t foo.h\nclass a.Foo\nstatus BROKEN seven FOO_ERROR_BROKEN\n");
        assertMalformed("d.txt:2: unknown keyword 'stauts' (library, doc, class, status or value): stauts SUCCESS 0 X",
            "library fooStatus_t foo.h\nstauts SUCCESS 0 X\n");
        assertMalformed("d.txt:1: no 'library' line before: status SUCCESS 0 X", "status SUCCESS 0 X\n");
        assertMalformed("d.txt:4: code 0 given twice: status OTHER 0 Y",
            "library fooStatus_t foo.h\nclass a.Foo\nstatus SUCCESS 0 X\nstatus OTHER 0 Y\n");
        assertMalformed("d.txt:4: SUCCESS given twice: status SUCCESS 1 Y",
            "library fooStatus_t foo.h\nclass a.Foo\nstatus SUCCESS 0 X\nstatus SUCCESS 1 Y\n");
        assertMalformed("d.txt:2: unknown class option 'closed': class a.Foo closed",
            "library fooStatus_t foo.h\nclass a.Foo closed\n");
        assertMalformed("d.txt:3: expected 'status <JAVA_NAME> <code> <C_NAME> [comment]': status Success 0 X",
            "library fooStatus_t foo.h\nclass a.Foo\nstatus Success 0 X\n");
        assertMalformed("d.txt:1: library has no 'status' or 'value' line: library fooStatus_t",
            "library fooStatus_t foo.h\nclass a.Foo\n");
        assertMalformed("d.txt:1: library has no 'class' line: library fooStatus_t",
            "library fooStatus_t foo.h\nstatus SUCCESS 0 X\nlibrary barResult bar.h\n");
        assertMalformed("d.txt:1: expected 'library <C type> <header.h>': library fooStatus_t",
            "library fooStatus_t\n");
    }

    private static void assertMalformed(final String message, final String description)
    {
        final StatusClassGenerator.DescriptionException e = assertThrows(
            StatusClassGenerator.DescriptionException.class, () -> StatusClassGenerator.parse("d.txt", description));
        assertEquals(message, e.getMessage());
    }
}
