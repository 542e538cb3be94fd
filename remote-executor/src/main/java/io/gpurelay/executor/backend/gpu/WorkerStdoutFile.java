package io.gpurelay.executor.backend.gpu;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.gpurelay.executor.backend.DeviceOutput;

/**
 * Device {@code printf} text on a GPU: the CUDA driver writes it to file descriptor 1 of the process at its flush
 * points, so a worker process whose standard output the supervisor redirected to a file (named by the system
 * property {@value #PATH_PROPERTY}) finds it there. After each flushing call the session reads what was appended
 * since the last time and forwards it. Nothing else may write to the worker's standard output (it logs to standard
 * error), or it would reach the client as device output.
 * <p>
 * One per process: the file is the process's, and each byte must go to one client only. A worker that serves
 * several sessions gives the text to whichever session flushes first. Without the property (the executor runs
 * sessions in its own process) there is no per-session capture, and device printf goes to the executor's own
 * standard output.
 */
final class WorkerStdoutFile
{
    /** System property with the path of the file the worker's standard output goes to. */
    static final String PATH_PROPERTY = "gpurelay.worker.stdout";

    private static final int READ_CHUNK = 64 * 1024;
    private static final WorkerStdoutFile PROCESS_STDOUT = fromPath(System.getProperty(PATH_PROPERTY));

    private final Path path;
    private final ByteBuffer chunk = ByteBuffer.allocate(READ_CHUNK);
    private FileChannel channel;
    private long position;
    private String failure;

    WorkerStdoutFile(final Path path)
    {
        this.path = path;
    }

    /**
     * @return the worker's standard output file, or null when the process's standard output is not captured.
     */
    static WorkerStdoutFile ofThisProcess()
    {
        return PROCESS_STDOUT;
    }

    private static WorkerStdoutFile fromPath(final String path)
    {
        return path == null || path.isBlank() ? null : new WorkerStdoutFile(Path.of(path));
    }

    /**
     * Start from what is in the file now: what the process wrote before a session began is not that session's
     * device output.
     */
    synchronized void skipToEnd()
    {
        try
        {
            if (channel == null)
            {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            }
            position = channel.size();
        }
        catch (final IOException ex)
        {
            // The first drain reports that the file cannot be read.
            position = 0;
        }
    }

    /**
     * Append what was written to the file since the previous call; what does not fit in {@code output} is skipped
     * and counted as dropped, so that a kernel printing gigabytes never makes the executor hold them.
     *
     * @return a description of why the file cannot be read, the first time it cannot; null otherwise.
     */
    synchronized String drainInto(final DeviceOutput output)
    {
        try
        {
            if (channel == null)
            {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            }
            final long size = channel.size();
            if (size < position)
            {
                position = 0;
            }
            final long available = size - position;
            long toRead = Math.min(available, output.remaining());
            long read = 0;
            while (toRead > 0)
            {
                chunk.clear().limit((int)Math.min(READ_CHUNK, toRead));
                final int n = channel.read(chunk, position + read);
                if (n <= 0)
                {
                    break;
                }
                output.append(chunk.array(), 0, n);
                read += n;
                toRead -= n;
            }
            output.dropped(available - read);
            position = size;
            return null;
        }
        catch (final NoSuchFileException ex)
        {
            return firstFailure("it does not exist");
        }
        catch (final IOException ex)
        {
            return firstFailure(ex.toString());
        }
    }

    private String firstFailure(final String reason)
    {
        if (failure != null)
        {
            return null;
        }
        failure = "cannot read the worker's standard output " + path + " (" + reason + "): device printf output " +
            "does not reach the client";
        return failure;
    }
}
