package io.gpurelay.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether this machine has an NVIDIA GPU the executor's gpu backend can use. Tests tagged {@code gpu} assume it, so
 * they are skipped, not failed, elsewhere: each such class registers {@link Required}.
 */
final class GpuAvailability
{
    private GpuAvailability()
    {
    }

    static boolean usable()
    {
        return Files.exists(Path.of("/dev/nvidiactl")) || Files.exists(Path.of("/proc/driver/nvidia/version"));
    }

    /**
     * Before each test of the class (each invocation of a parameterized one), aborts it as skipped where no GPU is
     * {@link #usable() usable}: {@code @ExtendWith(GpuAvailability.Required.class)} next to {@code @Tag("gpu")}.
     */
    static final class Required implements BeforeEachCallback
    {
        @Override
        public void beforeEach(final ExtensionContext context)
        {
            assumeTrue(usable(), "no NVIDIA GPU on this machine");
        }
    }
}
