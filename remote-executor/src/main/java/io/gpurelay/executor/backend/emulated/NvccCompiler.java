package io.gpurelay.executor.backend.emulated;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the emulated backend uses in place of NVRTC: the CUDA toolkit's {@code nvcc}, found on the executor's
 * {@code PATH}, compiling a program's source to PTX ({@code nvcc -ptx}) with the client's options passed through.
 * <p>
 * Lowered names: for each name expression the source gets one more line,
 * {@code __device__ auto __gpurelay_lowered_N = (expression);}, a device variable initialised with the address the
 * expression names. That instantiates a template the expression names, as NVRTC does, and the PTX then holds
 * {@code .global .u64 __gpurelay_lowered_N = <mangled name>;}, from which the lowered name is read; those lines are
 * removed from the PTX the client gets. A compiler that mangles names as NVRTC does (both use the Itanium C++ ABI
 * through the same front end) gives the names the kernels have in the PTX, which is what the client looks up.
 */
final class NvccCompiler
{
    static final String NAME_VARIABLE_PREFIX = "__gpurelay_lowered_";
    private static final Pattern NAME_VARIABLE = Pattern.compile(
        "^\\s*\\.global\\s[^\\n]*?\\b" + NAME_VARIABLE_PREFIX + "(\\d+)\\s*=\\s*(?:generic\\()?([A-Za-z0-9_$.]+)\\)?\\s*;\\s*$",
        Pattern.MULTILINE);
    private static final Pattern RELEASE = Pattern.compile("release (\\d+)\\.(\\d+)");
    private static final long TIMEOUT_SECONDS = 120;

    private final Path nvcc;
    private int[] version;

    NvccCompiler(final Path nvcc)
    {
        this.nvcc = nvcc;
    }

    /**
     * The {@code nvcc} on a {@code PATH}, or null if there is none.
     */
    static NvccCompiler onPath(final String path)
    {
        final Path nvcc = find(path);
        return nvcc == null ? null : new NvccCompiler(nvcc);
    }

    private static Path find(final String path)
    {
        return find(path, "nvcc");
    }

    /**
     * The executable {@code tool} in the first directory of {@code path} that has one, or null.
     */
    static Path find(final String path, final String tool)
    {
        if (path != null)
        {
            for (final String directory : path.split(File.pathSeparator))
            {
                if (!directory.isEmpty())
                {
                    final Path candidate = Path.of(directory, tool);
                    if (Files.isRegularFile(candidate) && Files.isExecutable(candidate))
                    {
                        return candidate;
                    }
                }
            }
        }
        return null;
    }

    /**
     * @return the toolkit's major and minor version, or null if {@code nvcc --version} does not say; asked once.
     */
    synchronized int[] version()
    {
        if (version == null)
        {
            try
            {
                final Outcome outcome = run(List.of(nvcc.toString(), "--version"), null);
                final Matcher release = RELEASE.matcher(outcome.output);
                version = outcome.exitCode == 0 && release.find() ?
                    new int[]{ Integer.parseInt(release.group(1)), Integer.parseInt(release.group(2)) } : new int[0];
            }
            catch (final IOException ex)
            {
                version = new int[0];
            }
        }
        return version.length == 0 ? null : version.clone();
    }

    /**
     * Compile a program.
     *
     * @return the PTX (null on failure), the log, and the lowered name of each name expression.
     */
    Compilation compile(
        final String source, final String name, final String[] headers, final String[] includeNames,
        final List<String> nameExpressions, final String[] options) throws IOException
    {
        final Path directory = Files.createTempDirectory("gpurelay-nvrtc");
        try
        {
            final Path includes = Files.createDirectory(directory.resolve("include"));
            for (int i = 0; i < headers.length; i++)
            {
                final Path header = includes.resolve(includeNames[i]).normalize();
                if (!header.startsWith(includes))
                {
                    return Compilation.failed("include name '" + includeNames[i] + "' leaves the include directory");
                }
                Files.createDirectories(header.getParent());
                Files.writeString(header, headers[i]);
            }
            final StringBuilder text = new StringBuilder(source).append('\n');
            for (int i = 0; i < nameExpressions.size(); i++)
            {
                text.append("__device__ auto ").append(NAME_VARIABLE_PREFIX).append(i).append(" = (")
                    .append(nameExpressions.get(i)).append(");\n");
            }
            final Path sourceFile = directory.resolve(fileName(name));
            Files.writeString(sourceFile, text);
            final Path ptxFile = directory.resolve("program.ptx");
            final List<String> command = new ArrayList<>(List.of(nvcc.toString(), "-ptx", "-x", "cu"));
            command.addAll(List.of(options));
            command.addAll(List.of("-I", includes.toString(), "-o", ptxFile.toString(), sourceFile.getFileName().toString()));
            final Outcome outcome = run(command, directory);
            final String log = outcome.output.replace(directory + File.separator, "");
            if (outcome.exitCode != 0 || !Files.isRegularFile(ptxFile))
            {
                return new Compilation(null, log, Map.of(), log.contains("Unknown option"));
            }
            final String ptx = Files.readString(ptxFile);
            final Map<String, String> loweredNames = new LinkedHashMap<>();
            final Matcher variable = NAME_VARIABLE.matcher(ptx);
            while (variable.find())
            {
                final int index = Integer.parseInt(variable.group(1));
                if (index < nameExpressions.size())
                {
                    loweredNames.put(nameExpressions.get(index), variable.group(2));
                }
            }
            return new Compilation(variable.replaceAll(""), log, loweredNames, false);
        }
        finally
        {
            deleteRecursively(directory);
        }
    }

    /**
     * The file the source is written to, named as the program so that the log names it as NVRTC's would.
     */
    private static String fileName(final String name)
    {
        final String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() || safe.startsWith(".") || safe.equals("program.ptx") ? "default_program" : safe;
    }

    /**
     * Run a tool of the CUDA toolkit to its end (at most {@link #TIMEOUT_SECONDS}), with what it wrote to stdout and
     * stderr together.
     */
    static Outcome run(final List<String> command, final Path directory) throws IOException
    {
        final String tool = Path.of(command.get(0)).getFileName().toString();
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null)
        {
            builder.directory(directory.toFile());
        }
        final Process process = builder.start();
        process.getOutputStream().close();
        final byte[][] output = new byte[1][];
        final Thread reader = new Thread(() ->
        {
            try (InputStream in = process.getInputStream())
            {
                output[0] = in.readAllBytes();
            }
            catch (final IOException ex)
            {
                output[0] = ("reading " + tool + "'s output failed: " + ex).getBytes(StandardCharsets.UTF_8);
            }
        }, "gpurelay-" + tool + "-output");
        reader.setDaemon(true);
        reader.start();
        try
        {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return new Outcome(-1, tool + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            reader.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        }
        catch (final InterruptedException ex)
        {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(-1, "interrupted while " + tool + " ran");
        }
        return new Outcome(process.exitValue(),
            output[0] == null ? "" : new String(output[0], StandardCharsets.UTF_8));
    }

    static void deleteRecursively(final Path directory) throws IOException
    {
        try (Stream<Path> paths = Files.walk(directory))
        {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(path);
            }
        }
    }

    record Outcome(int exitCode, String output)
    {
    }

    /**
     * @param ptx           the PTX, or null when the compilation failed.
     * @param invalidOption whether it failed on an option nvcc does not know.
     */
    record Compilation(String ptx, String log, Map<String, String> loweredNames, boolean invalidOption)
    {
        static Compilation failed(final String log)
        {
            return new Compilation(null, log, Map.of(), false);
        }
    }
}
