package io.gpurelay.it;


import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.PtxCompilerProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The nvPTXCompiler program of {@link PtxCompilerIT}, unchanged, against an executor on a real GPU: the CUDA driver's
 * JIT compiles the saxpy PTX to a cubin for sm_90 (an H100's architecture), which then loads with cuModuleLoadData
 * and runs, its result equal to a fused multiply-add on the CPU bit for bit.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class PtxCompilerGpuIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void saxpyCompiledByTheDriversJitRunsOnTheGpu(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PtxCompilerProgram.class,
                Artifacts.kernelsDir().toString(), "gpu");
            Client.assertPassed(client, Duration.ofSeconds(240));
            System.out.println(client.output());
        }
    }
}
