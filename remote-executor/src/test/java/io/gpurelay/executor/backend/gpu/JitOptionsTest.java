package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * nvPTXCompiler's options as the gpu backend gives them to the driver's JIT compiler; no GPU needed.
 */
class JitOptionsTest
{
    @Test
    void ptxasOptionsBecomeJitOptionsInEitherSpelling()
    {
        final JitOptions options = JitOptions.parse(new String[]{ "--gpu-name=sm_90", "-O3", "--verbose", "-g",
            "-lineinfo", "--maxrregcount", "32", "-minnctapersm=2" });
        assertNull(options.refusal());
        assertEquals(List.of("9=90", "7=3", "12=1", "11=1", "13=1", "0=32", "31=2"), pairs(options));

        assertEquals(List.of("9=90", "7=2"), pairs(JitOptions.parse(new String[]{ "-arch", "sm_90", "-O", "2" })));
        assertEquals(List.of("7=1"), pairs(JitOptions.parse(new String[]{ "--opt-level=1" })));
        assertEquals(List.of("9=" + (0x10000 + 90)), pairs(JitOptions.parse(new String[]{ "-arch=sm_90a" })));
        assertEquals(List.of("9=" + (0x20000 + 100)), pairs(JitOptions.parse(new String[]{ "-arch=sm_100f" })));
        assertEquals(List.of(), pairs(JitOptions.parse(new String[0])), "no target: the context's device");
    }

    @Test
    void whatTheJitCannotDoIsRefusedByName()
    {
        final String unknown = JitOptions.parse(new String[]{ "--gpu-name=sm_90", "--warn-on-spills" }).refusal();
        assertTrue(unknown.startsWith("ptxas fatal   : Unknown option '--warn-on-spills'"), unknown);
        assertTrue(JitOptions.parse(new String[]{ "--gpu-name=compute_90" }).refusal()
            .contains("Value 'compute_90' is not defined for option 'gpu-name'"));
        assertTrue(JitOptions.parse(new String[]{ "-O7" }).refusal().contains("opt-level"));
        assertTrue(JitOptions.parse(new String[]{ "--maxrregcount=many" }).refusal().contains("needs a number"));
        assertTrue(JitOptions.parse(new String[]{ "--verbose=yes" }).refusal().contains("takes no value"));
        assertTrue(JitOptions.parse(new String[]{ "--gpu-name" }).refusal().contains("needs a GPU name"));
    }

    private static List<String> pairs(final JitOptions options)
    {
        assertNull(options.refusal());
        return options.options().stream().map(pair -> pair[0] + "=" + pair[1]).toList();
    }
}
