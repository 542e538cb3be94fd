package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TextureObjectsProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda program using texture and surface objects and the array queries through the agent against
 * the emulated executor: an object of each resource type is made and describes what it was made with (arrays by the
 * program's own handles), the runtime's functions answer for objects of the primary context, the array queries give
 * CUDA's answer for plain arrays, and objects of another context, destroyed or made-up objects, memory outside the
 * program's allocations and arrays not made for surfaces are refused with CUDA's error; the emulator refuses the
 * module that would read the textures.
 */
class TextureObjectsIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void textureAndSurfaceObjectsRunThroughTheAgent(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final String agent = executor.agentOptions("");
            final ForkedProcess client = new ForkedProcess("TextureObjectsProgram", List.of(Artifacts.java(),
                "-javaagent:" + Artifacts.agentJar() + (agent.isEmpty() ? "" : "=" + agent),
                "-Dtexobj.refusals=true", "-cp", Artifacts.programsDir() + File.pathSeparator + Artifacts.jcudaJar(),
                TextureObjectsProgram.class.getName(), Artifacts.kernelsDir().toString()));
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("FN cuTexObjectGetResourceViewDesc/linear status=0\n"), output);
            assertTrue(output.contains("FN cuTexObjectGetResourceViewDesc/array status=0 22 8 4 0 0 0 0 0"), output);
            assertTrue(output.contains("FN cuArrayGetSparseProperties/plain status=1"), output);
            assertTrue(output.contains("FN cudaGetTextureObjectResourceDesc/array status=0 0 same"), output);
            assertTrue(output.contains("FN cudaGetTextureObjectResourceViewDesc/none status=0\n"), output);
            assertTrue(output.contains("FN cudaGetSurfaceObjectResourceDesc/array status=0 0 same"), output);
            assertTrue(output.contains("FN cuTexObjectGetResourceDesc/pitch2D status=0 3 same"), output);
            assertTrue(output.contains("FN cudaArrayGetMemoryRequirements/plain status=1"), output);
        }
    }
}
