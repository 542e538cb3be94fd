package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * A gpu test is skipped where no GPU is usable unless the run requires one, and then it fails: a GPU host whose GPU
 * is not visible must not pass a gpu run by skipping every test.
 */
class GpuAvailabilityTest
{
    @Test
    void withoutAGpuATestIsSkippedUnlessTheRunRequiresOne()
    {
        assertThrows(TestAbortedException.class, () -> GpuAvailability.assumeUsable(false, false));
        final AssertionFailedError failure =
            assertThrows(AssertionFailedError.class, () -> GpuAvailability.assumeUsable(false, true));
        assertTrue(failure.getMessage().contains("-Dgpurelay.requireGpu=true"), failure.getMessage());
    }

    @Test
    void withAGpuATestRunsWhetherOrNotTheRunRequiresOne()
    {
        assertDoesNotThrow(() -> GpuAvailability.assumeUsable(true, false));
        assertDoesNotThrow(() -> GpuAvailability.assumeUsable(true, true));
    }

    /**
     * The extension the gpu ITs register reads the property: with it set, this machine's answer is a failure where no
     * GPU is usable (as here, without one) and nothing where one is. The property is put back as it was.
     */
    @Test
    void theExtensionFailsRatherThanSkipsWhereTheRunRequiresAGpu()
    {
        final String before = System.getProperty(GpuAvailability.REQUIRE_GPU_PROPERTY);
        System.setProperty(GpuAvailability.REQUIRE_GPU_PROPERTY, "true");
        try
        {
            final GpuAvailability.Required required = new GpuAvailability.Required();
            if (GpuAvailability.usable())
            {
                assertDoesNotThrow(() -> required.beforeEach(null));
            }
            else
            {
                assertThrows(AssertionFailedError.class, () -> required.beforeEach(null));
            }
        }
        finally
        {
            restore(before);
        }
    }

    @Test
    void theExtensionSkipsWhereTheRunDoesNotRequireAGpu()
    {
        final String before = System.getProperty(GpuAvailability.REQUIRE_GPU_PROPERTY);
        System.clearProperty(GpuAvailability.REQUIRE_GPU_PROPERTY);
        try
        {
            final GpuAvailability.Required required = new GpuAvailability.Required();
            if (GpuAvailability.usable())
            {
                assertDoesNotThrow(() -> required.beforeEach(null));
            }
            else
            {
                assertThrows(TestAbortedException.class, () -> required.beforeEach(null));
            }
        }
        finally
        {
            restore(before);
        }
    }

    private static void restore(final String value)
    {
        if (value == null)
        {
            System.clearProperty(GpuAvailability.REQUIRE_GPU_PROPERTY);
        }
        else
        {
            System.setProperty(GpuAvailability.REQUIRE_GPU_PROPERTY, value);
        }
    }
}
