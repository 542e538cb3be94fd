package io.gpurelay.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HostNodeLifetimeIT} against a gpu executor: there a host node's callback is queued on a CUDA stream and comes
 * due on CUDA's callback thread, possibly after a failed launch's reply, so the agent must keep exactly the callbacks
 * the executor queued; and a session's worker killed on a GPU host must let the session's host node functions go.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class HostNodeLifetimeGpuIT
{
    private static final Duration RUN = Duration.ofSeconds(240);

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void hostNodeFunctionsAreKeptWhileAGraphOrExecHoldsThemOnTheGpu(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            HostNodeLifetimeIT.runTheProgram(executor, RUN);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aLostSessionLetsItsHostNodeFunctionsGoOnTheGpu(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--isolation", "process",
            "--warm-workers", "1"))
        {
            HostNodeLifetimeIT.loseTheSession(executor, RUN);
        }
    }
}
