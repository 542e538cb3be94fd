package io.gpurelay.executor;

import java.io.File;
import java.util.UUID;

/**
 * Settings every test that starts an executor shares: a private Aeron directory per test class, and smaller,
 * sparse log buffers than the production profile so that a dozen sessions do not write gigabytes of zeros.
 */
public final class TestMediaDriver
{
    private TestMediaDriver()
    {
    }

    public static String newAeronDirectory(final String testName)
    {
        System.setProperty("aeron.term.buffer.sparse.file", "true");
        System.setProperty("aeron.ipc.term.buffer.length", Integer.toString(16 * 1024 * 1024));
        System.setProperty("aeron.term.buffer.length", Integer.toString(8 * 1024 * 1024));
        System.setProperty("aeron.publication.linger.timeout", "200ms");
        System.setProperty("aeron.image.liveness.timeout", "2s");
        final File shm = new File("/dev/shm");
        final File parent = shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
        return new File(parent, "gpurelay-" + testName + "-" + UUID.randomUUID()).getAbsolutePath();
    }
}
