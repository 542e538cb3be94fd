package io.gpurelay.executor.cli;

import java.io.PrintWriter;

import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/**
 * What a command of the gpurelay launcher prints for a bad flag or flag value: the error, a close match for a
 * mistyped flag where there is one, and one line naming the command's {@code --help}, instead of picocli's default of
 * the whole usage text (some 170 lines for the executor) under which the one line that matters scrolls away.
 */
public final class ShortUsageErrors implements CommandLine.IParameterExceptionHandler
{
    /**
     * Installs the handler on a command line and, through picocli's inheritance, on its subcommands.
     *
     * @param commandLine the command line, with its subcommands already added.
     * @return the command line.
     */
    public static CommandLine install(final CommandLine commandLine)
    {
        return commandLine.setParameterExceptionHandler(new ShortUsageErrors());
    }

    public int handleParseException(final ParameterException ex, final String[] args)
    {
        final CommandLine failed = ex.getCommandLine();
        final PrintWriter err = failed.getErr();
        err.println(failed.getColorScheme().errorText(ex.getMessage()));
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        final CommandLine.IExitCodeExceptionMapper mapper = failed.getExitCodeExceptionMapper();
        return mapper != null ? mapper.getExitCode(ex) : failed.getCommandSpec().exitCodeOnInvalidInput();
    }
}
