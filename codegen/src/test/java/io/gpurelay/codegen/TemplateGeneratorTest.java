package io.gpurelay.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TemplateGeneratorTest
{
    private static final String TEMPLATE = """
        //# variant FloatSum  real=float  f=f
        //# variant DoubleSum real=double f=
        package a.b;

        final class ${Class}
        {
            static ${real} sum(final ${real}[] x)
            {
                ${real} sum = 0.0${f};
                for (final ${real} value : x)
                {
                    sum += value;
                }
                return sum;
            }
        }
        """;

    @Test
    void writesOneClassPerVariant()
    {
        final Map<String, String> sources = TemplateGenerator.generate("t/Sum.java.in", TEMPLATE);
        assertEquals(List.of("a/b/FloatSum.java", "a/b/DoubleSum.java"), List.copyOf(sources.keySet()));
        assertEquals("""
            package a.b;

            // Generated from Sum.java.in by io.gpurelay.codegen.TemplateGenerator: edit the template, not this file.

            final class FloatSum
            {
                static float sum(final float[] x)
                {
                    float sum = 0.0f;
                    for (final float value : x)
                    {
                        sum += value;
                    }
                    return sum;
                }
            }
            """, sources.get("a/b/FloatSum.java"));
        final String doubles = sources.get("a/b/DoubleSum.java");
        assertEquals(TEMPLATE.lines().filter(line -> !line.startsWith("//#")).count() + 2, doubles.lines().count());
        assertEquals(List.of("final class DoubleSum", "        double sum = 0.0;"),
            doubles.lines().filter(line -> line.contains("class") || line.contains("sum = ")).toList());
    }

    @Test
    void aMalformedTemplateIsNamedByLine()
    {
        assertMalformed("t.in:4: placeholder ${reel} is no key of the variants",
            "//# variant A real=float\npackage a;\n${real}\n${reel}\n");
        assertMalformed("t.in:2: unterminated placeholder", "//# variant A real=float\n${real\npackage a;\n");
        assertMalformed("t.in:2: keys [real] differ from line 1's [real, f]",
            "//# variant A real=float f=f\n//# variant B real=double\npackage a;\n${real}${f}\n");
        assertMalformed("t.in:1: key 'f' is never used", "//# variant A real=float f=f\npackage a;\n${real}\n");
        assertMalformed("t.in:1: expected key=value, not 'real'", "//# variant A real\npackage a;\n");
        assertMalformed("t.in:1: key 'real' given twice", "//# variant A real=float real=double\npackage a;\n");
        assertMalformed("t.in:2: class A given twice", "//# variant A\n//# variant A\npackage a;\n");
        assertMalformed("t.in:1: unknown directive 'varaint' (variant)", "//# varaint A\npackage a;\n");
        assertMalformed("t.in:1: expected '//# variant <ClassName> key=value...'", "//# variant a\npackage a;\n");
        assertMalformed("t.in:1: no '//# variant' line", "package a;\n");
        assertMalformed("t.in:1: no package line", "//# variant A\nclass ${Class} {}\n");
    }

    private static void assertMalformed(final String message, final String template)
    {
        final TemplateGenerator.TemplateException e = assertThrows(
            TemplateGenerator.TemplateException.class, () -> TemplateGenerator.generate("t.in", template));
        assertEquals(message, e.getMessage());
    }
}
