package io.gpurelay.agent.javacpp.struct;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.javacpp.Pointer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed layouts: they parse, they cover every struct class of the presets the agent relays (or say why
 * not), and what they say of well-known CUDA structs holds.
 */
class StructLayoutsTest
{
    private static final List<String> PACKAGES = List.of(
        "org/bytedeco/cuda/cudart/", "org/bytedeco/cuda/cublas/", "org/bytedeco/cuda/curand/", "org/bytedeco/cuda/nvrtc/");

    @Test
    void everyPointerClassOfThePresetsIsLaidOutOrSkippedWithAReason() throws Exception
    {
        final StructLayouts layouts = StructLayouts.get();
        final Path jar = Path.of(cudaDeviceProp.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final List<String> uncovered = new ArrayList<>();
        int classes = 0;
        try (JarFile file = new JarFile(jar.toFile()))
        {
            for (final Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements(); )
            {
                final String entry = entries.nextElement().getName();
                final String name = className(entry);
                if (name == null)
                {
                    continue;
                }
                final Class<?> type = Class.forName(name, false, getClass().getClassLoader());
                if (!Pointer.class.isAssignableFrom(type))
                {
                    continue;
                }
                classes++;
                final String reason = layouts.skipped().get(name);
                if (layouts.layout(name) == null && (reason == null || reason.isBlank()))
                {
                    uncovered.add(name);
                }
            }
        }
        assertTrue(classes > 250, "the presets jar has its Pointer classes: " + classes);
        assertTrue(uncovered.isEmpty(), "classes neither laid out nor skipped: " + uncovered);
        assertTrue(layouts.structs().size() > 200, "struct classes laid out: " + layouts.structs().size());
        assertEquals("opaque handle", layouts.skipped().get("org.bytedeco.cuda.cudart.CUctx_st"));
    }

    @Test
    void wellKnownLayoutsHold()
    {
        final StructLayouts layouts = StructLayouts.get();
        final StructLayout dim3 = layouts.layout("org.bytedeco.cuda.cudart.dim3");
        assertEquals(12, dim3.size());
        assertTrue(dim3.noOffset());
        assertEquals(8, dim3.member("z").offset());
        assertEquals(StructLayout.Kind.UNSIGNED, dim3.member("z").kind());

        final StructLayout prop = layouts.layout("org.bytedeco.cuda.cudart.cudaDeviceProp");
        assertEquals(0, prop.member("name").offset());
        assertEquals(256, prop.member("name").length());
        assertEquals(256, prop.member("uuid").offset());
        assertEquals(StructLayout.Kind.RECORD, prop.member("uuid").kind());
        assertEquals(16, prop.member("uuid").size());
        assertEquals(8, prop.member("totalGlobalMem").size());
        assertEquals(3, prop.member("maxThreadsDim").length());

        final StructLayout extent = layouts.layout("org.bytedeco.cuda.cudart.cudaExtent");
        assertEquals(24, extent.size());
        assertEquals(16, extent.member("depth").offset());

        final StructLayout kernel = layouts.layout("org.bytedeco.cuda.cudart.cudaKernelNodeParams");
        assertEquals(StructLayout.Kind.POINTER, kernel.member("kernelParams").kind());
        assertEquals(StructLayout.Kind.POINTER, kernel.member("kernelParams").pointeeKind());
        assertEquals(8, kernel.member("kernelParams").pointeeSize());

        final StructLayout resource = layouts.layout("org.bytedeco.cuda.cudart.cudaResourceDesc");
        assertEquals(resource.member("res.linear.sizeInBytes").offset(), resource.member("res.pitch2D.width").offset());
    }

    @Test
    void malformedLayoutsAreRefusedWithTheLine()
    {
        final IOException unknownKind = assertThrows(IOException.class, () -> read(
            "struct a.B B 8 8\nmember a.B x 0 q4\n"));
        assertTrue(unknownKind.getMessage().contains("line 2"), unknownKind.getMessage());
        assertThrows(IOException.class, () -> read("member a.B x 0 s4\n"));
        assertThrows(IOException.class, () -> read("struct a.B B 8\n"));
        assertThrows(IOException.class, () -> read("struct a.B B 8 8\nmember a.B x 0 p8\n"));
        assertThrows(IOException.class, () -> read("struct a.B B 8 8\nmember a.B x 0 s3\n"));
    }

    @Test
    void parsesEveryFormOfType() throws IOException
    {
        final StructLayouts layouts = read("""
            # a comment
            struct a.B B 48 8 nooffset
            member a.B c 0 s1[16]
            member a.B p 16 p8>r24
            member a.B v 24 p8>v0
            member a.B f 32 f8
            skip a.C opaque handle
            """);
        final StructLayout b = layouts.layout("a.B");
        assertNotNull(b);
        assertTrue(b.noOffset());
        assertEquals(16, b.member("c").length());
        assertEquals(StructLayout.Kind.RECORD, b.member("p").pointeeKind());
        assertEquals(24, b.member("p").pointeeSize());
        assertEquals(StructLayout.Kind.VOID, b.member("v").pointeeKind());
        assertFalse(b.member("f").isArray());
        assertEquals("opaque handle", layouts.skipped().get("a.C"));
    }

    private static StructLayouts read(final String text) throws IOException
    {
        return StructLayouts.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String className(final String entry)
    {
        for (final String p : PACKAGES)
        {
            if (entry.startsWith(p) && entry.endsWith(".class") && entry.indexOf('/', p.length()) < 0 &&
                !entry.contains("$"))
            {
                return entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
            }
        }
        return null;
    }
}
