package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.DriverKernelsProgram;
import io.gpurelay.it.programs.UnsupportedPtxProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Unmodified JCuda driver-API programs through the agent against the emulated executor: kernels run by the PTX
 * interpreter, constant memory, streams and events, and the documented refusals.
 */
class DriverKernelsIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void driverProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), DriverKernelsProgram.class,
                Artifacts.kernelsDir().toString());
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void emulatorRefusesWhatItCannotRunWithTheDocumentedErrors(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), UnsupportedPtxProgram.class,
                Artifacts.kernelsDir().toString());
            assertEquals(0, client.awaitExit(Duration.ofSeconds(90)), client.output());
            final String log = client.output();
            assertTrue(log.contains("tex.1d"), "the agent logs the executor's reason naming the instruction:\n" + log);
            assertTrue(log.contains("PTX only"), "the binary image refusal says the emulator runs PTX only:\n" + log);
        }
    }
}
