package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ArraysProgram;
import io.gpurelay.it.programs.RuntimeArraysProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pitched memory, CUDA arrays and 2D/3D copies on a real GPU, compared with JCuda's own natives: each program runs
 * once locally (JCuda 12.6's natives) and once through the agent against a gpu executor on the same GPU, and every
 * {@code RESULT} line (statuses, pitches, descriptors, checksums of what came back) must be the same. The programs'
 * refusal checks are left out: on a GPU an overrunning copy is not always refused.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class ArraysGpuIT
{
    @ParameterizedTest
    @ValueSource(classes = { ArraysProgram.class, RuntimeArraysProgram.class })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyResultOnTheGpuIsWhatJCudaGivesLocally(final Class<?> program, @TempDir final Path work)
        throws Exception
    {
        // JCuda 12.6's own cudaGetMipmappedArrayLevel answers invalid value on a CUDA 13 host: the local run leaves
        // the mipmapped array out, the run through gpurelay does it (its own checks must pass) and the comparison
        // leaves its lines out.
        final String localOutput = GpuPrograms.local(program, List.of("-Darrays.skipMipmapped=true"));

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            remoteOutput = GpuPrograms.remote(executor, "", program, List.of());
        }
        final List<String> expected = results(localOutput);
        assertTrue(expected.size() > 20, localOutput);
        final List<String> actual = results(remoteOutput);
        if (program == RuntimeArraysProgram.class)
        {
            assertTrue(actual.contains("RESULT cudaGetMipmappedArrayLevel = 0"), remoteOutput);
            actual.removeIf(line -> line.contains("ipmapped") || line.contains(" level"));
        }
        assertEquals(expected, actual, "through gpurelay:\n" + remoteOutput);
    }

    private static List<String> results(final String output)
    {
        final List<String> results = new ArrayList<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("RESULT "))
            {
                results.add(line.strip());
            }
        }
        return results;
    }
}
