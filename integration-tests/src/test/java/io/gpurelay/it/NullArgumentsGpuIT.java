package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.gpurelay.it.programs.NullArgumentsProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime and driver null arguments of {@link NullArgumentsProgram} with JCuda 12.6's own natives on a GPU host,
 * then through the agent against a gpu executor: JCuda's natives must give the messages and statuses the program
 * expects (taken from JCuda's C sources), and the agent the same checks in the same order.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class NullArgumentsGpuIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theAgentAnswersNullArgumentsAsJCudasNativesDo(@TempDir final Path work) throws Exception
    {
        final GpuPrograms.Runs runs =
            GpuPrograms.localAndRemote(work, NullArgumentsProgram.class, List.of(), "runtime-driver");

        assertTrue(runs.local().contains("\nPASSED"), runs.local());
        assertTrue(runs.remote().contains("\nPASSED"), runs.remote());
        assertEquals(checks(runs.local()), checks(runs.remote()));
    }

    private static List<String> checks(final String output)
    {
        return output.lines().filter(line -> line.startsWith("CHECK ")).collect(Collectors.toList());
    }
}
