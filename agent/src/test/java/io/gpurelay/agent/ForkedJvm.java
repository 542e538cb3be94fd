package io.gpurelay.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A program in a JVM of its own, started with the built agent jar and a class path of the test programs and the
 * jcuda jar only: no gpurelay classes, no JCuda natives, no {@code --add-opens}.
 */
final class ForkedJvm
{
    /**
     * What the program printed and how it ended.
     */
    record Result(int exitCode, List<String> lines, long elapsedMs)
    {
        long count(final String fragment)
        {
            return lines.stream().filter(line -> line.contains(fragment)).count();
        }

        String output()
        {
            return String.join("\n", lines);
        }
    }

    private ForkedJvm()
    {
    }

    static Result run(final String agentArguments, final Class<?> program, final long timeoutMs, final String... args)
        throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        command.add("-javaagent:" + artifact("gpurelay.agent.jar") + "=" + agentArguments);
        command.add("-cp");
        command.add(artifact("gpurelay.programs.dir") + File.pathSeparator + artifact("gpurelay.jcuda.jar"));
        command.add(program.getName());
        command.addAll(Arrays.asList(args));

        final long start = System.nanoTime();
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS))
        {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(program.getSimpleName() + " did not exit within " + timeoutMs + " ms:\n" +
                output.join());
        }
        final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        return new Result(process.exitValue(), output.join().lines().toList(), elapsedMs);
    }

    private static String artifact(final String property)
    {
        final String value = System.getProperty(property);
        if (value == null || !Files.exists(Path.of(value)))
        {
            throw new IllegalStateException("system property " + property + " must name a built artifact, was " +
                value);
        }
        return value;
    }

    private static String readAll(final InputStream in)
    {
        try (in)
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "(output unreadable: " + ex + ")";
        }
    }
}
