package io.gpurelay.executor.isolation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import io.gpurelay.executor.worker.GpuProbe;
import io.gpurelay.executor.worker.WorkerMain;
import io.gpurelay.executor.worker.WorkerSettings;

/**
 * Starts worker JVMs with the executor's own Java runtime (the distribution's, on a GPU host) and class path, the
 * executor's own JVM options except agents and debuggers, and the options its jar's manifest gives {@code java -jar}.
 * Each worker's stdout goes to a file of its own in a private directory (see {@link WorkerMain#STDOUT_PROP_NAME}),
 * deleted when the worker ends; its stderr is the executor's. Its stdin is a pipe from the executor, which closes when
 * the executor dies.
 */
public final class ProcessWorkerLauncher implements WorkerLauncher
{
    private final LongFunction<WorkerSettings> settings;
    private final List<String> jvmCommand;
    private final Path stdoutDirectory;

    /**
     * @param settings what each worker, by its id, is told.
     */
    public ProcessWorkerLauncher(final LongFunction<WorkerSettings> settings)
    {
        this.settings = settings;
        this.jvmCommand = jvmCommand();
        try
        {
            this.stdoutDirectory = Files.createTempDirectory("gpurelay-workers-");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create the workers' directory", ex);
        }
    }

    public LaunchedWorker launch(final long workerId) throws IOException
    {
        final Path stdout = stdoutDirectory.resolve("worker-" + workerId + ".out");
        final List<String> command = new ArrayList<>(jvmCommand);
        command.add("-D" + WorkerMain.STDOUT_PROP_NAME + "=" + stdout);
        command.add(WorkerMain.class.getName());
        command.addAll(settings.apply(workerId).toArguments());
        final Process process = new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        return new StartedWorker(process, process.onExit().thenApply(Process::exitValue), stdout);
    }

    public void close()
    {
        try
        {
            Files.deleteIfExists(stdoutDirectory);
        }
        catch (final IOException ignored)
        {
            // a worker's file that could not be deleted keeps the directory, which is in the system's temp directory
        }
    }

    /**
     * Ask a process of its own whether CUDA is usable here (see {@link GpuProbe}), so that this one does not
     * initialise it.
     *
     * @return null when it is, else why not.
     */
    public static String probeGpu(final long timeoutMs)
    {
        final List<String> command = new ArrayList<>(jvmCommand());
        command.add(GpuProbe.class.getName());
        try
        {
            final Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
            final CompletableFuture<String> line = CompletableFuture.supplyAsync(() ->
            {
                try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
                {
                    return reader.readLine();
                }
                catch (final IOException ex)
                {
                    return null;
                }
            });
            final String answer;
            try
            {
                answer = line.get(timeoutMs, TimeUnit.MILLISECONDS);
            }
            finally
            {
                process.destroyForcibly();
            }
            if (answer == null)
            {
                return "the GPU probe process gave no answer";
            }
            return GpuProbe.USABLE.equals(answer) ? null : answer.replaceFirst("^" + GpuProbe.UNUSABLE_PREFIX, "");
        }
        catch (final IOException | ExecutionException | TimeoutException ex)
        {
            return "the GPU probe process failed: " + ex;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "interrupted while probing the GPU";
        }
    }

    /**
     * This JVM's executable, options and class path, as a worker's command line begins.
     */
    static List<String> jvmCommand()
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (final String option : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (inherited(option))
            {
                command.add(option);
            }
        }
        command.addAll(manifestOptions(ProcessWorkerLauncher.class));
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        return command;
    }

    /**
     * What the manifest of the jar that holds {@code type} asks of the JVM, as options: {@code java -jar} applies a
     * jar's {@code Add-Opens}, {@code Add-Exports} and {@code Enable-Native-Access} (JDK 22 and later), and a worker,
     * started with {@code -cp}, would lose them. None for classes outside a jar.
     */
    static List<String> manifestOptions(final Class<?> type)
    {
        final List<String> options = new ArrayList<>();
        final Attributes attributes = manifestAttributes(type);
        if (attributes == null)
        {
            return options;
        }
        addPackages(options, "--add-opens=", attributes.getValue("Add-Opens"));
        addPackages(options, "--add-exports=", attributes.getValue("Add-Exports"));
        final String nativeAccess = attributes.getValue("Enable-Native-Access");
        if (nativeAccess != null && !nativeAccess.isBlank() && Runtime.version().feature() >= 22)
        {
            options.add("--enable-native-access=" + nativeAccess.trim());
        }
        return options;
    }

    private static void addPackages(final List<String> options, final String option, final String packages)
    {
        if (packages == null)
        {
            return;
        }
        for (final String modulePackage : packages.trim().split("\\s+"))
        {
            if (!modulePackage.isEmpty())
            {
                options.add(option + modulePackage + "=ALL-UNNAMED");
            }
        }
    }

    private static Attributes manifestAttributes(final Class<?> type)
    {
        final CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null)
        {
            return null;
        }
        try
        {
            final Path location = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(location))
            {
                return null;
            }
            try (JarFile jar = new JarFile(location.toFile()))
            {
                final Manifest manifest = jar.getManifest();
                return manifest == null ? null : manifest.getMainAttributes();
            }
        }
        catch (final IOException | URISyntaxException | RuntimeException ex)
        {
            return null;
        }
    }

    /**
     * Heap, system properties, module opens and VM flags carry over; agents, debuggers and the like would clash (a
     * debugger's port) or do not belong in a worker.
     */
    static boolean inherited(final String option)
    {
        return (option.startsWith("-D") || option.startsWith("-X") || option.startsWith("--add-opens") ||
            option.startsWith("--add-exports") || option.startsWith("--enable-native-access")) &&
            !option.startsWith("-Xrunjdwp") && !option.startsWith("-Xdebug") &&
            !option.startsWith("-D" + WorkerMain.STDOUT_PROP_NAME + "=");
    }

    private record StartedWorker(Process process, CompletableFuture<Integer> onExit, Path stdout)
        implements LaunchedWorker
    {
        public long pid()
        {
            return process.pid();
        }

        public void stop(final boolean forcibly)
        {
            if (forcibly)
            {
                process.destroyForcibly();
            }
            else
            {
                process.destroy();
            }
        }

        public void cleanUp()
        {
            try
            {
                Files.deleteIfExists(stdout);
            }
            catch (final IOException ignored)
            {
                // the directory is private to the executor's user; the file only holds what the worker printed
            }
        }
    }
}
