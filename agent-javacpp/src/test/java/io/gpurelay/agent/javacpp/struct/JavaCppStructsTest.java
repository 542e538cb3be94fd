package io.gpurelay.agent.javacpp.struct;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The struct classes of JavaCPP's CUDA presets in a JVM of their own, started with the agent's class-load-time
 * rewriting (a manifest-only agent jar naming StructTestAgent, the classes on the class path): StructProgram uses
 * them as a program would and checks every answer against the layouts, on a machine without CUDA, and that the
 * preset's JNI library was never loaded. A forked JVM because the rewriting must be installed before JavaCPP's classes
 * load, which in this JVM other tests may already have done.
 */
class JavaCppStructsTest
{
    private static final long TIMEOUT_MS = 120_000;

    @TempDir
    Path directory;

    @Test
    void structClassesWorkWithoutTheirNativeLibrary() throws Exception
    {
        final Path agentJar = directory.resolve("struct-test-agent.jar");
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", StructTestAgent.class.getName());
        manifest.getMainAttributes().putValue("Can-Set-Native-Method-Prefix", "true");
        try (OutputStream out = Files.newOutputStream(agentJar); JarOutputStream jar = new JarOutputStream(out, manifest))
        {
            jar.flush();
        }

        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        for (final String open : List.of("jdk.internal.misc", "java.nio", "sun.nio.ch", "java.util.zip"))
        {
            command.add("--add-opens=java.base/" + open + "=ALL-UNNAMED");
        }
        command.add("-javaagent:" + agentJar);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(StructProgram.class.getName());

        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        if (!process.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS))
        {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("StructProgram did not exit within " + TIMEOUT_MS + " ms:\n" + output.join());
        }
        final String printed = output.join();
        assertEquals(0, process.exitValue(), printed);
        assertTrue(printed.contains("all checks passed"), printed);
        assertTrue(printed.contains("org.bytedeco.cuda.cudart.cudaConditionalNodeParams.ctx"),
            "an unknown member's error names class and member:\n" + printed);
    }

    private static String readAll(final InputStream in)
    {
        try (in)
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "(output unreadable: " + ex + ")";
        }
    }

}
