package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CurandProgram;
import io.gpurelay.it.programs.LibraryExtrasProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCurand program (the jcurand 11.8.0 jar next to jcuda 12.6.0) through the agent against the emulated
 * executor: every generator, distribution and precision checked against its distribution, and the emulator's
 * generators deterministic for a seed, run after run.
 */
class CurandIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void curandProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CurandProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void sobolTablesDistributionsAndBinaryOutputsAreRefusedByNameOnTheEmulator(
        final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), LibraryExtrasProgram.class,
                "emulated");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theEmulatorsSequencesAreTheSameForTheSameSeed(@TempDir final Path work) throws Exception
    {
        assertEquals(sequences(work.resolve("first")), sequences(work.resolve("second")));
    }

    /**
     * The {@code SEQUENCE} lines of a run of the program against a fresh executor on a backend.
     */
    static List<String> sequences(final Path work, final String... backend) throws Exception
    {
        try (Executor executor = Executor.startWithBackend(backend.length == 0 ? "emulated" : backend[0], "aeron:ipc",
            work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CurandProgram.class);
            assertEquals(0, client.awaitExit(Duration.ofSeconds(240)), client.output());
            final List<String> sequences = client.output().lines().filter(line -> line.startsWith("SEQUENCE ")).toList();
            assertEquals(4, sequences.size(), client.output());
            return sequences;
        }
    }
}
