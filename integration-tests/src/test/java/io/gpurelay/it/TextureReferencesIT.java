package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TextureReferencesProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda driver program using the legacy texture and surface references through the agent against the
 * emulated executor: every property it sets comes back, a reference binds to an array, a mipmapped array and the
 * program's memory with CUDA's offset, a module's declared reference is found by name (and no other name), and a
 * range outside the program's memory, a destroyed reference and one of a destroyed context are refused with CUDA's
 * error.
 */
class TextureReferencesIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void textureReferencesRunThroughTheAgent(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), TextureReferencesProgram.class,
                Artifacts.kernelsDir().toString(), "checks");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            System.out.println(output);
            assertTrue(output.contains("\nDONE"), output);
            assertTrue(output.contains("FN cuTexRefSetAddress/inside status=0 100"), output);
            assertTrue(output.contains("FN cuTexRefGetArray/bound status=0 the-program's-array"), output);
            assertTrue(output.contains("FN cuModuleGetTexRef/undeclared status=500"), "CUDA_ERROR_NOT_FOUND\n" +
                output);
        }
    }
}
