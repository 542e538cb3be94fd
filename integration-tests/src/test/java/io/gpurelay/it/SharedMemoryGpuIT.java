package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.it.programs.SharedMemoryProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared-memory copy path on a real GPU, with the Aeron directory in {@code /dev/shm} as in production: 256 MiB
 * both ways byte-identical, the region page-locked (no "stays pageable" warning, so every chunk was DMA'd in place),
 * and the bandwidth printed for the report.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class SharedMemoryGpuIT
{
    private static final Pattern BANDWIDTH = Pattern.compile("256 MiB to the device .* GB/s, to the host .* GB/s");

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void copiesAreDmaedInPlaceThroughThePinnedRegion(final String isolation) throws Exception
    {
        final Path shm = Path.of("/dev/shm");
        final Path work = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty(
            "java.io.tmpdir")), "gpurelay-shm-it");
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug"), SharedMemoryProgram.class,
                "copies", "256");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("copies move through the shared-memory region"), output);
            final Matcher bandwidth = BANDWIDTH.matcher(output);
            assertTrue(bandwidth.find(), output);
            System.out.println("shared memory, isolation " + isolation + ": " + bandwidth.group());
            assertFalse(executor.process().output().contains("stays pageable"), executor.process().output());
        }
        finally
        {
            deleteTree(work);
        }
    }

    private static void deleteTree(final Path root) throws IOException
    {
        try (Stream<Path> paths = Files.walk(root))
        {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(path);
            }
        }
    }
}
