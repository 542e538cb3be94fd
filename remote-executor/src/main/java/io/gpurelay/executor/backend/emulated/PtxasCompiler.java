package io.gpurelay.executor.backend.emulated;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.executor.backend.PtxCompilation;
import io.gpurelay.protocol.NvPtxCompilerStatus;

/**
 * What the emulated backend uses in place of nvPTXCompiler: the CUDA toolkit's {@code ptxas}, found on the
 * executor's {@code PATH}, compiling the PTX to a cubin with the client's options passed through (nvPTXCompiler takes
 * ptxas's options). The emulator cannot run the cubin, which is for a real GPU; it compiles it as a GPU executor's
 * compiler would, logs included.
 * <p>
 * ptxas writes its messages to one stream; they are split as nvPTXCompiler splits them: error and fatal lines make
 * the error log, the rest (information, with its indented continuation lines, and warnings) the information log. The
 * input is named as nvPTXCompiler names it, {@code ptxas application ptx input, line N}, not by the temporary file.
 * <p>
 * Options are passed on as they are, except what would reach the executor's files: {@code -o}/{@code --output-file}
 * and {@code -optf}/{@code --options-file} fail the compilation, and an entry that is not an option is the value of
 * the option before it ({@code "--gpu-name", "sm_90"} is {@code --gpu-name=sm_90}), never an input file.
 */
final class PtxasCompiler
{
    private static final Pattern RELEASE = Pattern.compile("release (\\d+)\\.(\\d+)");
    private static final Pattern ERROR_LINE = Pattern.compile("^ptxas\\b[^:]*?\\b(error|fatal)\\s*:");
    private static final Pattern UNSUPPORTED_VERSION = Pattern.compile("Unsupported \\.version");
    private static final List<String> FILE_OPTIONS = List.of("-o", "--output-file", "-optf", "--options-file");
    private static final String INPUT_FILE = "input.ptx";
    private static final String INPUT_NAME = "application ptx input";

    private final Path ptxas;
    private int[] version;

    PtxasCompiler(final Path ptxas)
    {
        this.ptxas = ptxas;
    }

    /**
     * The {@code ptxas} on a {@code PATH}, or null if there is none.
     */
    static PtxasCompiler onPath(final String path)
    {
        final Path ptxas = NvccCompiler.find(path, "ptxas");
        return ptxas == null ? null : new PtxasCompiler(ptxas);
    }

    /**
     * @return the toolkit's major and minor version, or null if {@code ptxas --version} does not say; asked once.
     */
    synchronized int[] version()
    {
        if (version == null)
        {
            try
            {
                final NvccCompiler.Outcome outcome = NvccCompiler.run(List.of(ptxas.toString(), "--version"), null);
                final Matcher release = RELEASE.matcher(outcome.output());
                version = outcome.exitCode() == 0 && release.find() ?
                    new int[]{ Integer.parseInt(release.group(1)), Integer.parseInt(release.group(2)) } : new int[0];
            }
            catch (final IOException ex)
            {
                version = new int[0];
            }
        }
        return version.length == 0 ? null : version.clone();
    }

    PtxCompilation compile(final byte[] ptx, final String[] options)
    {
        final List<String> arguments = new ArrayList<>();
        for (final String option : options)
        {
            if (!option.startsWith("-") && !arguments.isEmpty())
            {
                arguments.set(arguments.size() - 1, arguments.get(arguments.size() - 1) + "=" + option);
                continue;
            }
            if (!option.startsWith("-"))
            {
                return PtxCompilation.failed(NvPtxCompilerStatus.COMPILATION_FAILURE,
                    "ptxas fatal   : '" + option + "' is not an option");
            }
            final int equals = option.indexOf('=');
            if (FILE_OPTIONS.contains(equals < 0 ? option : option.substring(0, equals)))
            {
                return PtxCompilation.failed(NvPtxCompilerStatus.COMPILATION_FAILURE, "gpurelay: option '" + option +
                    "' names a file on the executor's host; nvPTXCompiler takes no files (the compiled program comes " +
                    "back from nvPTXCompilerGetCompiledProgram)");
            }
            arguments.add(option);
        }
        Path directory = null;
        try
        {
            directory = Files.createTempDirectory("gpurelay-ptxas");
            Files.write(directory.resolve(INPUT_FILE), ptx);
            final Path cubin = directory.resolve("program.cubin");
            final List<String> command = new ArrayList<>();
            command.add(ptxas.toString());
            command.addAll(arguments);
            command.addAll(List.of("-o", cubin.getFileName().toString(), INPUT_FILE));
            final NvccCompiler.Outcome outcome = NvccCompiler.run(command, directory);
            final String output = outcome.output().replace(directory + File.separator, "")
                .replace("ptxas " + INPUT_FILE + ",", "ptxas " + INPUT_NAME + ",");
            final StringBuilder errorLog = new StringBuilder();
            final StringBuilder infoLog = new StringBuilder();
            StringBuilder current = infoLog;
            for (final String line : output.split("\n", -1))
            {
                if (line.isEmpty())
                {
                    continue;
                }
                if (!Character.isWhitespace(line.charAt(0)))
                {
                    current = ERROR_LINE.matcher(line).find() ? errorLog : infoLog;
                }
                current.append(line).append('\n');
            }
            if (outcome.exitCode() != 0 || !Files.isRegularFile(cubin))
            {
                if (errorLog.isEmpty())
                {
                    errorLog.append("ptxas exited with status ").append(outcome.exitCode())
                        .append(" and wrote no program\n");
                }
                final int status = UNSUPPORTED_VERSION.matcher(errorLog).find() ?
                    NvPtxCompilerStatus.UNSUPPORTED_PTX_VERSION : NvPtxCompilerStatus.COMPILATION_FAILURE;
                return new PtxCompilation(status, null, errorLog.toString(), infoLog.toString());
            }
            return new PtxCompilation(NvPtxCompilerStatus.SUCCESS, Files.readAllBytes(cubin), errorLog.toString(),
                infoLog.toString());
        }
        catch (final IOException ex)
        {
            return PtxCompilation.failed(NvPtxCompilerStatus.INTERNAL, "gpurelay: running ptxas failed: " + ex);
        }
        finally
        {
            if (directory != null)
            {
                try
                {
                    NvccCompiler.deleteRecursively(directory);
                }
                catch (final IOException ignored)
                {
                    // A temporary directory left behind is the system's to clean.
                }
            }
        }
    }
}
