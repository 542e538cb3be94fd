package io.gpurelay.it;

import static io.gpurelay.it.SessionFiles.awaitSessionClosed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.PinnedMemoryProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pinned host memory shared with the executor over IPC, on the emulated backend, through the agent, with sessions in
 * the executor's process and in worker processes: copies from and to it name the allocation (no byte through the
 * transfer region or Aeron) and arrive byte for byte, synchronous and asynchronous; asynchronous failures surface at
 * synchronisation; memory used after free is refused; a kernel reads and writes mapped memory; the session's limit
 * holds; and no file is left in the executor's Aeron directory, whether the client frees, ends or is killed.
 */
class PinnedMemoryIT
{
    private static final String PINNED_PREFIX = "gpurelay-pinned-";
    private static final Pattern SHARED = Pattern.compile("pinned host memory of \\d+ bytes is shared with the " +
        "executor");

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void pinnedCopiesNameTheSharedAllocationAndArriveByteForByte(final String isolation, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug"), PinnedMemoryProgram.class,
                "copies", "128");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(SHARED.matcher(output).find(), output);
            assertTrue(output.contains("CHECK 128 MiB pinned round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK 128 MiB pinned asynchronous round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK driver API pinned asynchronous round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK the stream's synchronisation reports it ok"), output);
            assertTrue(output.contains("CHECK freed pinned memory to the device ok"), output);
            // Pinned copies never used the transfer region: only the agent's mapping of it is logged.
            assertFalse(output.contains("stays in this process"), output);
            awaitSessionClosed(executor, client.pid());
            assertEquals(List.of(), pinnedFiles(executor.aeronDir()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKernelReadsAndWritesMappedPinnedMemory(final String isolation, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PinnedMemoryProgram.class, "mapped");
            final int exitCode = client.awaitExit(Duration.ofSeconds(120));
            final String output = client.output();
            assertEquals(0, exitCode, output);
            assertTrue(output.contains("CHECK the kernel read and wrote the program's mapped memory ok"), output);
            assertTrue(output.contains("CHECK cudaHostGetDevicePointer gives an address ok"), output);
            awaitSessionClosed(executor, client.pid());
            assertEquals(List.of(), pinnedFiles(executor.aeronDir()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSessionCannotPinMoreThanTheExecutorAllows(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--pinned-memory", "8m"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PinnedMemoryProgram.class, "quota",
                "8");
            final int exitCode = client.awaitExit(Duration.ofSeconds(90));
            final String output = client.output();
            assertEquals(0, exitCode, output);
            assertTrue(output.contains("CHECK half of the limit more is refused ok"), output);
            assertTrue(output.contains("CHECK then half of the limit fits ok"), output);
            awaitSessionClosed(executor, client.pid());
            assertEquals(List.of(), pinnedFiles(executor.aeronDir()));
        }
    }

    /**
     * Without shared pinned memory (--pinned-memory 0) pinned memory stays in the client and copies as before.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void withoutSharedPinnedMemoryPinnedMemoryStaysInTheClient(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--pinned-memory", "0"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug"), PinnedMemoryProgram.class,
                "copies", "16");
            final String output = Client.assertPassed(client, Duration.ofSeconds(120));
            assertFalse(SHARED.matcher(output).find(), output);
            assertTrue(output.contains("pinned host memory stays in this process"), output);
            assertTrue(output.contains("CHECK 16 MiB pinned asynchronous round trip byte-identical ok"), output);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aClientKilledWhileCopyingLeavesNoPinnedMemoryFile(final String isolation, @TempDir final Path work)
        throws Exception
    {
        SessionFiles.killedMidCopyLeavesNoFile(isolation, work, PinnedMemoryProgram.class, SHARED, PINNED_PREFIX);
    }

    private static List<Path> pinnedFiles(final Path aeronDir) throws IOException
    {
        return SessionFiles.named(aeronDir, PINNED_PREFIX);
    }
}
