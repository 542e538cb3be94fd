package io.gpurelay.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A working directory in {@code /dev/shm} where the host has one (else the temporary directory), for GPU tests whose
 * executor shares pinned memory with its clients: CUDA page-locks the shared files only on tmpfs, as on an operator's
 * host where the Aeron directory lives there.
 */
final class ShmDirectory
{
    private ShmDirectory()
    {
    }

    static Path create(final String prefix) throws IOException
    {
        final Path shm = Path.of("/dev/shm");
        return Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")),
            prefix);
    }

    static void delete(final Path root) throws IOException
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
