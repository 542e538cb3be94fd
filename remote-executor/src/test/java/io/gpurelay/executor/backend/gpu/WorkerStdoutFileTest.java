package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.gpurelay.executor.backend.DeviceOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading back what a worker process wrote to its standard output file, as the gpu backend does after each flushing
 * call. Plain files: no GPU needed.
 */
class WorkerStdoutFileTest
{
    @TempDir
    Path directory;

    @Test
    void eachDrainTakesWhatWasAppendedSinceTheLastOne() throws IOException
    {
        final Path file = directory.resolve("worker.out");
        Files.writeString(file, "first line\n");
        final WorkerStdoutFile stdout = new WorkerStdoutFile(file);
        final DeviceOutput output = new DeviceOutput();

        assertNull(stdout.drainInto(output));
        assertEquals("first line\n", text(output));
        output.clear();

        assertNull(stdout.drainInto(output));
        assertTrue(output.isEmpty(), "nothing new");

        Files.writeString(file, "second\nthird\n", StandardOpenOption.APPEND);
        assertNull(stdout.drainInto(output));
        assertEquals("second\nthird\n", text(output));
        assertEquals(0, output.droppedBytes());
    }

    @Test
    void whatWasWrittenBeforeTheSessionIsNotItsOutput() throws IOException
    {
        final Path file = directory.resolve("worker.out");
        Files.writeString(file, "worker started\n");
        final WorkerStdoutFile stdout = new WorkerStdoutFile(file);
        final DeviceOutput output = new DeviceOutput();

        stdout.skipToEnd();
        Files.writeString(file, "from the kernel\n", StandardOpenOption.APPEND);
        assertNull(stdout.drainInto(output));
        assertEquals("from the kernel\n", text(output));
    }

    @Test
    void whatDoesNotFitIsSkippedAndCounted() throws IOException
    {
        final Path file = directory.resolve("worker.out");
        Files.write(file, "x".repeat(200_000).getBytes(StandardCharsets.US_ASCII));
        final WorkerStdoutFile stdout = new WorkerStdoutFile(file);
        final DeviceOutput output = new DeviceOutput(70_000);

        assertNull(stdout.drainInto(output));
        assertEquals(70_000, output.length());
        assertEquals(130_000, output.droppedBytes());
        output.clear();

        Files.writeString(file, "next\n", StandardOpenOption.APPEND);
        assertNull(stdout.drainInto(output));
        assertEquals("next\n", text(output), "the skipped bytes are not read later");
    }

    @Test
    void aMissingFileIsReportedOnce()
    {
        final WorkerStdoutFile stdout = new WorkerStdoutFile(directory.resolve("absent.out"));
        final DeviceOutput output = new DeviceOutput();

        final String problem = stdout.drainInto(output);
        assertTrue(problem != null && problem.contains("absent.out") && problem.contains("does not exist"), problem);
        assertNull(stdout.drainInto(output), "reported once");
        assertTrue(output.isEmpty());
    }

    private static String text(final DeviceOutput output)
    {
        final byte[] bytes = new byte[output.length()];
        output.text().getBytes(0, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
