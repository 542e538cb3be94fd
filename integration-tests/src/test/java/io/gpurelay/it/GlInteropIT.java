package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.gpurelay.it.programs.GlInteropProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified CUDA-OpenGL interop program through the agent against the emulated executor, over IPC and UDP. The
 * test machines have no GL: the program's class path has a test double of LWJGL 3's {@code org.lwjgl.opengl.GL15} and
 * {@code GL11} (same static methods, buffers in memory), which the agent calls by reflection as it would call LWJGL.
 * So the whole path runs: the agent reads the GL buffer, allocates and copies through the remoted calls, a SAXPY kernel
 * changes the mapped buffer on the executor, and the unmap writes the result back into the (fake) GL buffer. Without
 * a GL binding on the class path, registering answers the missing-GL-context error by name.
 */
class GlInteropIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void glBuffersMapThroughHostMemory(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), GlInteropProgram.class,
                Artifacts.kernelsDir().toString());
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("\n94 checks passed, 0 failed"), output);
            assertTrue(output.contains("cuGraphicsMapResources twice") &&
                output.contains("cuGraphicsMapResources: resource 0 (GL buffer 2) is already mapped; returning " +
                    "CUDA_ERROR_ALREADY_MAPPED"), output);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void withoutAGlBindingRegisteringNamesTheMissingLibrary(@TempDir final Path work) throws Exception
    {
        final Path classes = work.resolve("program-classes");
        final Path programs = Artifacts.programsDir().resolve("io/gpurelay/it/programs");
        final Path target = Files.createDirectories(classes.resolve("io/gpurelay/it/programs"));
        try (Stream<Path> files = Files.list(programs))
        {
            for (final Path file : (Iterable<Path>)files::iterator)
            {
                final String name = file.getFileName().toString();
                if (name.startsWith("GlInteropProgram"))
                {
                    Files.copy(file, target.resolve(name));
                }
            }
        }
        final Path checks = Files.createDirectories(classes.resolve("io/gpurelay/testsupport"));
        Files.copy(Artifacts.programsDir().resolve("io/gpurelay/testsupport/Checks.class"),
            checks.resolve("Checks.class"));
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.startWithClasspath(executor.agentOptions(""),
                classes + File.pathSeparator + Artifacts.jcudaJar(), GlInteropProgram.class,
                Artifacts.kernelsDir().toString(), "--no-gl");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("\n9 checks passed, 0 failed"), output);
            assertTrue(output.contains("cudaGraphicsGLRegisterBuffer: no OpenGL binding on the program's class " +
                "path: gpurelay's OpenGL interop calls the program's LWJGL 3 (org.lwjgl.opengl.GL15) or JOGL " +
                "(com.jogamp.opengl.GLContext), and found neither; returning cudaErrorInvalidGraphicsContext"), output);
        }
    }
}
