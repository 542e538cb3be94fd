package io.gpurelay.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import io.gpurelay.executor.backend.gpu.GpuRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as operators start it ({@code java -jar gpurelay-executor.jar executor}): JavaCPP's JNI libraries
 * and the metadata it reads are inside, it finds them there, and {@code --backend auto} starts quickly and quietly on
 * a host without CUDA.
 */
class ExecutorJarIT
{
    private static final File JAR = new File("target/gpurelay-executor.jar");

    @TempDir
    Path directory;

    @Test
    void holdsJavaCppsNativeLibrariesAndMetadata() throws IOException
    {
        try (JarFile jar = new JarFile(JAR))
        {
            for (final String entry : List.of(
                "org/bytedeco/cuda/linux-x86_64/libjnicudart.so",
                "org/bytedeco/javacpp/linux-x86_64/libjnijavacpp.so",
                "org/bytedeco/cuda/global/cudart.class",
                "org/bytedeco/javacpp/Loader.class",
                "META-INF/maven/org.bytedeco/cuda/pom.properties",
                "META-INF/maven/org.bytedeco/javacpp/pom.properties"))
            {
                assertNotNull(jar.getEntry(entry), entry);
            }
        }
    }

    @Test
    void autoStartsOnTheBackendTheHostHasAndJavaCppLoadsFromTheJar() throws IOException, InterruptedException
    {
        final Path cache = directory.resolve("javacpp-cache");
        final Path stderr = directory.resolve("stderr.txt");
        final long start = System.nanoTime();
        final Process executor = new ProcessBuilder(List.of(
            new File(System.getProperty("java.home"), "bin/java").getPath(),
            "-D" + GpuRuntime.CACHE_DIR_PROP_NAME + "=" + cache,
            "-jar", JAR.getPath(), "executor", "--aeron-dir", directory.resolve("aeron").toString(),
            // in this process, so that JavaCPP loads here: with process isolation only workers and probes load it
            "--isolation", "thread"))
            .redirectError(stderr.toFile())
            .start();
        final String readyLine;
        try
        {
            readyLine = new BufferedReader(new InputStreamReader(executor.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        }
        finally
        {
            executor.destroy();
            assertTrue(executor.waitFor(30, TimeUnit.SECONDS), "the executor stops on SIGTERM");
        }
        final long startupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        final String backend = GpuRuntime.usable() ? "gpu" : "emulated";
        assertEquals("gpurelay executor ready on aeron:ipc (backend " + backend + ", 1 devices)", readyLine,
            () -> read(stderr));
        assertTrue(startupMs < 20_000, "ready after " + startupMs + " ms");
        try (Stream<Path> files = Files.walk(cache))
        {
            assertTrue(files.anyMatch(file -> file.endsWith("libjnicudart.so") &&
                file.toString().contains("gpurelay-executor.jar")), "JavaCPP extracted its library from the jar");
        }
        for (final String line : read(stderr).split("\n"))
        {
            assertTrue(line.isEmpty() || line.startsWith("gpurelay executor: "), "a line not of ours: " + line);
        }
        System.out.println("ready on the " + backend + " backend after " + startupMs + " ms");
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final IOException ex)
        {
            return "(" + ex + ")";
        }
    }
}
