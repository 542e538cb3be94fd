package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.it.programs.PinnedMemoryProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pinned host memory shared with a GPU executor over IPC, with the Aeron directory in {@code /dev/shm} as in
 * production: the allocation is page-locked by the executor (or the session's worker) with cuMemHostRegister, copies
 * from and to it are one DMA there, byte-identical both ways, synchronous and asynchronous, with the bandwidth printed
 * for the report; a kernel reads and writes mapped memory through cuMemHostGetDevicePointer; nothing is left in the
 * Aeron directory.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class PinnedMemoryGpuIT
{
    private static final Pattern BANDWIDTH =
        Pattern.compile("256 MiB pinned to the device .* GB/s, to the host .* GB/s");

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void pinnedCopiesAreOneDmaFromTheSharedAllocation(final String isolation) throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-pinned-it");
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug"), PinnedMemoryProgram.class,
                "copies", "256");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("is shared with the executor"), output);
            assertFalse(output.contains("stays in this process"), output);
            assertTrue(output.contains("CHECK 256 MiB pinned asynchronous round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK the stream's synchronisation reports it ok"), output);
            final Matcher bandwidth = BANDWIDTH.matcher(output);
            assertTrue(bandwidth.find(), output);
            System.out.println("pinned memory, isolation " + isolation + ": " + bandwidth.group());
            executor.process().awaitLine(Pattern.compile("session \\S+ \\(client .*pid " + client.pid() +
                "\\) closed: "), Duration.ofSeconds(60));
            assertEquals(List.of(), pinnedFiles(executor.aeronDir()));
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKernelReadsAndWritesMappedPinnedMemory(final String isolation) throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-pinned-it");
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PinnedMemoryProgram.class, "mapped");
            final String output = Client.assertPassed(client, Duration.ofSeconds(120));
            assertTrue(output.contains("CHECK the kernel read and wrote the program's mapped memory ok"), output);
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }


    private static List<Path> pinnedFiles(final Path aeronDir) throws IOException
    {
        try (Stream<Path> files = Files.list(aeronDir))
        {
            return files.filter(file -> file.getFileName().toString().startsWith("gpurelay-pinned-")).toList();
        }
    }

}
