package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether this machine has an NVIDIA GPU the executor's gpu backend can use. Tests tagged {@code gpu} assume it, so
 * they are skipped, not failed, elsewhere: each such class registers {@link Required}. A run on a GPU host sets
 * {@value #REQUIRE_GPU_PROPERTY}{@code =true} (as {@code scripts/gpu-host-tests.sh} does), which turns the skip into a
 * failure, so that a host whose GPU is not visible cannot pass for a GPU run by skipping every test.
 */
final class GpuAvailability
{
    /**
     * The system property that makes a missing GPU fail the test instead of skipping it; the same one the
     * {@code remote-executor} gpu tests read.
     */
    static final String REQUIRE_GPU_PROPERTY = "gpurelay.requireGpu";

    private static final String NO_GPU = "no NVIDIA GPU on this machine (neither /dev/nvidiactl nor " +
        "/proc/driver/nvidia/version)";

    private GpuAvailability()
    {
    }

    static boolean usable()
    {
        return Files.exists(Path.of("/dev/nvidiactl")) || Files.exists(Path.of("/proc/driver/nvidia/version"));
    }

    /**
     * Aborts the calling test as skipped where no GPU is {@link #usable() usable}, or fails it there where the run
     * requires a GPU ({@value #REQUIRE_GPU_PROPERTY}{@code =true}).
     */
    static void assumeUsable()
    {
        assumeUsable(usable(), Boolean.getBoolean(REQUIRE_GPU_PROPERTY));
    }

    /**
     * The decision of {@link #assumeUsable()} apart from the machine and the system properties: nothing when
     * {@code usable}; otherwise an assertion failure when {@code required}, else an aborted (skipped) test.
     */
    static void assumeUsable(final boolean usable, final boolean required)
    {
        if (required)
        {
            assertTrue(usable, () -> NO_GPU + ", and the run requires one (-D" + REQUIRE_GPU_PROPERTY + "=true)");
        }
        assumeTrue(usable, NO_GPU);
    }

    /**
     * Before each test of the class (each invocation of a parameterized one), {@link #assumeUsable() assumes} a GPU:
     * skips the test where none is usable, or fails it where the run requires one.
     * {@code @ExtendWith(GpuAvailability.Required.class)} next to {@code @Tag("gpu")}.
     */
    static final class Required implements BeforeEachCallback
    {
        @Override
        public void beforeEach(final ExtensionContext context)
        {
            assumeUsable();
        }
    }
}
