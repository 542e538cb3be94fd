package io.gpurelay.samples;

import java.util.function.BooleanSupplier;

/**
 * The end of every sample: exactly one line {@code PASSED} or {@code FAILED} on standard output, and exit status 0
 * only for PASSED, so that scripts can tell the outcome by either.
 */
final class Verdict
{
    private Verdict()
    {
    }

    /**
     * Run the sample's body; a CUDA error (JCuda's exceptions are enabled), a JCuda library that cannot load or any
     * other failure is printed and fails the run instead of ending it without a verdict.
     */
    static void printAndExit(final BooleanSupplier sample)
    {
        boolean passed;
        try
        {
            passed = sample.getAsBoolean();
        }
        catch (final RuntimeException | Error ex)
        {
            ex.printStackTrace();
            passed = false;
        }
        System.out.println(passed ? "PASSED" : "FAILED");
        System.exit(passed ? 0 : 1);
    }
}
