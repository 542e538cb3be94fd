package io.gpurelay.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.bench.workload.Workload;

/**
 * The jars the harness puts on its child JVMs' class paths: the workload's jar and the {@code lib} folder beside the
 * benchmarks jar, as {@code mvn package} lays them out under {@code benchmarks/target} or a GPU host's bundle
 * has them.
 */
final class BenchArtifacts
{
    private static final Pattern WORKLOAD_LIBRARIES =
        Pattern.compile("(jcuda|jcublas)-\\d.*\\.jar|HdrHistogram-.*\\.jar|samples-.*\\.jar");
    private static final Pattern LOCAL_LIBRARIES =
        Pattern.compile("jcuda-natives-.*\\.jar|javacpp-.*\\.jar|cuda-\\d.*\\.jar");

    private final Path benchmarksJar;
    private final Path workloadJar;
    private final Path libDir;
    private final Path agentJar;

    BenchArtifacts(final Path libDir, final Path agentJar)
    {
        this.benchmarksJar = codeSource();
        this.workloadJar = workloadJar(benchmarksJar);
        this.libDir = libDir != null ? libDir : benchmarksJar.toAbsolutePath().getParent().resolve("lib");
        this.agentJar = agentJar != null ? agentJar :
            benchmarksJar.toAbsolutePath().getParent().resolve("../../agent/target/gpurelay-agent.jar").normalize();
        if (!Files.isDirectory(this.libDir))
        {
            throw new IllegalStateException("no library folder " + this.libDir + ": build with mvn package, or name it " +
                "with --lib");
        }
    }

    Path agentJar()
    {
        if (!Files.isRegularFile(agentJar))
        {
            throw new IllegalStateException("no agent jar at " + agentJar + ": build it, or name it with --agent-jar");
        }
        return agentJar;
    }

    /** Everything: what the executor runs with. */
    String executorClasspath()
    {
        return join(libraries(null));
    }

    /** The workload, JCuda's Java classes and HdrHistogram: no JCuda natives, nothing of gpurelay. */
    String remoteWorkloadClasspath()
    {
        final List<Path> entries = new ArrayList<>();
        entries.add(workloadJar);
        entries.addAll(libraries(WORKLOAD_LIBRARIES));
        return join(entries);
    }

    /** The remote class path plus JCuda's natives and JavaCPP's CUDA presets (for cuBLAS). */
    String localWorkloadClasspath()
    {
        final List<Path> entries = new ArrayList<>();
        entries.add(workloadJar);
        entries.addAll(libraries(WORKLOAD_LIBRARIES));
        entries.addAll(libraries(LOCAL_LIBRARIES));
        return join(entries);
    }

    private List<Path> libraries(final Pattern names)
    {
        try (Stream<Path> files = Files.list(libDir))
        {
            return files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                .filter(file -> names == null || names.matcher(file.getFileName().toString()).matches())
                .sorted()
                .toList();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + libDir, ex);
        }
    }

    private static String join(final List<Path> entries)
    {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /**
     * The jar of the workload classes alone, built beside the benchmarks jar: the benchmarks jar's manifest puts all of
     * {@code lib/} on the class path, gpurelay's own unshaded jars included, which a client with the agent must not
     * see. Where the classes are a folder (an IDE), that folder serves.
     */
    private static Path workloadJar(final Path benchmarksJar)
    {
        final String name = benchmarksJar.getFileName().toString();
        if (!name.endsWith(".jar"))
        {
            return benchmarksJar;
        }
        final Path jar = benchmarksJar.resolveSibling(name.substring(0, name.length() - 4) + "-workload.jar");
        if (!Files.isRegularFile(jar))
        {
            throw new IllegalStateException("no workload jar at " + jar + ": build with mvn package");
        }
        return jar;
    }

    private static Path codeSource()
    {
        try
        {
            return Path.of(Workload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException("cannot tell where the benchmarks jar is", ex);
        }
    }
}
