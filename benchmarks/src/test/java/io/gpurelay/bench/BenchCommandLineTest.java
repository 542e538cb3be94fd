package io.gpurelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code ./gpurelay bench} prints for {@code --help} and for bad flags, without running a workload. */
class BenchCommandLineTest
{
    /** A picocli placeholder made from a field name, e.g. {@code --agent-jar=<agentJar>}. */
    private static final Pattern FIELD_PLACEHOLDER = Pattern.compile("=<[a-z]+[A-Z][A-Za-z]*>");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void theHelpNamesWhatEachFlagTakesNotTheFieldsBehindIt()
    {
        assertEquals(0, execute("--help"));
        final String help = out.toString();
        assertTrue(help.contains("--agent-jar=JAR"), help);
        assertTrue(help.contains("--transports=TRANSPORT[,TRANSPORT...]"), help);
        assertFalse(FIELD_PLACEHOLDER.matcher(help).find(), () -> "a raw placeholder in:\n" + help);
    }

    @Test
    void aBadValueIsItsErrorAndOneLineNamingTheHelp()
    {
        for (final String[] args : new String[][]{
            { "--plan", "huge" }, { "--backend", "tpu" }, { "--transports", "local,carrier-pigeon" },
            { "--idle-cpu", "ten" }, { "--no-such-flag" } })
        {
            err.getBuffer().setLength(0);
            assertEquals(2, execute(args), () -> String.join(" ", args) + " gave:\n" + err);
            final String printed = err.toString();
            assertFalse(printed.contains("Usage:"), () -> "the usage text buries the error:\n" + printed);
            assertTrue(printed.strip().lines().count() <= 3, () -> "a few lines, not the help:\n" + printed);
            assertTrue(printed.contains("Try 'gpurelay bench --help' for more information."), printed);
        }
        err.getBuffer().setLength(0);
        execute("--plan", "huge");
        assertTrue(err.toString().contains("--plan: expected full, quick or tiny, got 'huge'"), err.toString());
        err.getBuffer().setLength(0);
        execute("--transports", "local,carrier-pigeon");
        assertTrue(err.toString().contains("unknown transport 'carrier-pigeon'"), err.toString());
    }

    private int execute(final String... args)
    {
        final CommandLine commandLine = Bench.commandLine(
            new Bench(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }
}
