package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.GlInteropProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CUDA-OpenGL interop program of {@link GlInteropIT} through the agent against a gpu executor: the mapped
 * buffers' copies, the SAXPY kernel on them and the memsets run on the real GPU. A GPU host has no GL display either,
 * so the program's GL is the same in-memory test double of LWJGL 3; and JCuda's own natives cannot run the program
 * locally for a comparison, since they would need a real GL context. Every check of the program must hold.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GlInteropGpuIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void glBuffersMapThroughHostMemoryOnTheGpu(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), GlInteropProgram.class,
                Artifacts.kernelsDir().toString());
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("\n94 checks passed, 0 failed"), output);
        }
    }
}
