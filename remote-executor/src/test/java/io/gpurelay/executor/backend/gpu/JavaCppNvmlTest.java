package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * On any host, with or without a driver: opening NVML either works or fails with an {@link IllegalStateException}
 * that says why, never with a linkage error that would escape the executor's handling.
 */
class JavaCppNvmlTest
{
    @Test
    void opensOrSaysWhyNot()
    {
        try (JavaCppNvml nvml = JavaCppNvml.open())
        {
            assertTrue(nvml != null);
        }
        catch (final IllegalStateException ex)
        {
            assertTrue(ex.getMessage().startsWith("NVML could not be loaded: ") ||
                ex.getMessage().startsWith("nvmlInit_v2 failed"), ex.getMessage());
            System.out.println("no NVML here: " + ex.getMessage());
        }
    }
}
