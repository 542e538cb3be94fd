package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.samples.JavaCppSaxpySgemm;
import io.gpurelay.samples.MatmulCublas;
import io.gpurelay.samples.MatmulTiledPtx;
import io.gpurelay.samples.SaxpyCublas;
import io.gpurelay.samples.SaxpyPtx;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples jar's programs, as users run them ({@code java -javaagent:... -cp gpurelay-samples.jar:lib/* ...}),
 * through the agent against an emulated executor over IPC. Each sample checks its own result and prints exactly one
 * line PASSED or FAILED; the sizes are small so that the PTX interpreter keeps the test short.
 */
class SamplesIT
{
    private static final String SAXPY_LENGTH = Integer.toString(1 << 16);
    private static final String MATMUL_SIZE = "64";
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(120);

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void ptxSamplesPass(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            assertSamplePasses(executor, SaxpyPtx.class, SAXPY_LENGTH);
            assertSamplePasses(executor, MatmulTiledPtx.class, MATMUL_SIZE);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublasSamplesPass(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            assertSamplePasses(executor, SaxpyCublas.class, SAXPY_LENGTH);
            assertSamplePasses(executor, MatmulCublas.class, MATMUL_SIZE);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void javaCppSamplePasses(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            assertSamplePasses(executor, JavaCppSaxpySgemm.class, SAXPY_LENGTH);
        }
    }

    private static void assertSamplePasses(final Executor executor, final Class<?> sample, final String... args)
        throws IOException, InterruptedException
    {
        final ForkedProcess client = startSample(executor, sample, args);
        try
        {
            final int exitCode = client.awaitExit(SAMPLE_TIMEOUT);
            final String output = client.output();
            assertEquals(0, exitCode, sample.getSimpleName() + " exit code; output:\n" + output);
            assertEquals(List.of("PASSED"), output.lines().filter(line -> line.matches("PASSED|FAILED")).toList(),
                sample.getSimpleName() + " prints exactly one verdict; output:\n" + output);
        }
        finally
        {
            client.close();
        }
    }

    private static ForkedProcess startSample(final Executor executor, final Class<?> sample, final String... args)
        throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Artifacts.java());
        command.add("-Xmx1g");
        command.add("-javaagent:" + Artifacts.agentJar() + "=" + executor.agentOptions(""));
        command.add("-cp");
        command.add(samplesClasspath());
        command.add(sample.getName());
        command.addAll(List.of(args));
        return new ForkedProcess(sample.getSimpleName(), command);
    }

    /**
     * The samples jar and the JCuda and JavaCPP jars that the samples build copies into {@code lib/} beside it (no natives).
     */
    private static String samplesClasspath()
    {
        final String property = "gpurelay.samples.jar";
        final String jar = System.getProperty(property);
        assertTrue(jar != null && Files.isRegularFile(Path.of(jar)),
            "system property " + property + " must name the built samples jar, was " + jar);
        final Path lib = Path.of(jar).resolveSibling("lib");
        assertTrue(Files.isDirectory(lib), lib + " must hold the samples' JCuda jars (built by mvn package)");
        return jar + File.pathSeparator + lib.resolve("*");
    }
}
