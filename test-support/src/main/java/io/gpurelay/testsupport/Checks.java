package io.gpurelay.testsupport;

/**
 * What the test programs report: one {@code CHECK <name> ok|FAILED <detail>} line per check, then {@code PASSED} or
 * {@code FAILED}; the exit code is 0 only if every check held. Plain Java, no gpurelay classes: it runs in the
 * forked program JVMs, whose class path has none.
 */
public final class Checks
{
    private int failed;
    private int passed;

    public void check(final String name, final boolean ok)
    {
        check(name, ok, "");
    }

    public void check(final String name, final boolean ok, final String detail)
    {
        if (ok)
        {
            passed++;
            System.out.println("CHECK " + name + " ok");
        }
        else
        {
            failed++;
            System.out.println("CHECK " + name + " FAILED " + detail);
        }
    }

    public void equal(final String name, final long expected, final long actual)
    {
        check(name, expected == actual, "expected " + expected + " but was " + actual);
    }

    public void finish()
    {
        System.out.println(passed + " checks passed, " + failed + " failed");
        System.out.println(failed == 0 && passed > 0 ? "PASSED" : "FAILED");
        System.out.flush();
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }
}
