package io.gpurelay.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the built jars are; the build passes their paths as system properties.
 */
final class Artifacts
{
    static final List<String> JVM_OPENS = List.of(
        "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens=java.base/java.util.zip=ALL-UNNAMED");

    private Artifacts()
    {
    }

    static Path agentJar()
    {
        return existing("gpurelay.agent.jar");
    }

    static Path executorJar()
    {
        return existing("gpurelay.executor.jar");
    }

    static Path jcudaJar()
    {
        return existing("gpurelay.jcuda.jar");
    }

    /**
     * JCublas2's Java classes, without natives: through the agent they are never needed.
     */
    static Path jcublasJar()
    {
        return existing("gpurelay.jcublas.jar");
    }

    /**
     * JCuda's own natives for Linux, for running a program locally (without the agent) on a GPU host.
     */
    static Path jcudaNativesJar()
    {
        return existing("gpurelay.jcuda.natives.jar");
    }

    /**
     * The wire protocol's classes, the function table's generated rows among them, for a program that walks them.
     */
    static Path wireProtocolClasses()
    {
        return existing("gpurelay.wire.protocol.classes");
    }

    /**
     * The kernels' PTX files, as the test programs find them on disk.
     */
    static Path kernelsDir()
    {
        return existing("gpurelay.programs.dir").resolve("kernels");
    }

    static String java()
    {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Classpath of a client program: the test programs and the jcuda, jcublas, jcurand and jcufft jars (JCurand and
     * JCufft 11.8.0, the newest on Maven Central, next to JCuda 12.6.0), nothing of gpurelay and no JCuda natives.
     */
    static String programClasspath()
    {
        return existing("gpurelay.programs.dir") + File.pathSeparator + jcudaJar() + File.pathSeparator + jcublasJar() +
            File.pathSeparator + existing("gpurelay.jcurand.jar") + File.pathSeparator +
            existing("gpurelay.jcufft.jar");
    }

    /**
     * A JavaCPP program's class path: the programs, JavaCPP's core with its native library (which needs no CUDA) and
     * the CUDA presets' Java classes, without the presets' platform jar (CUDA's libraries) and without JCuda.
     */
    static String javaCppProgramClasspath()
    {
        return existing("gpurelay.programs.dir") + File.pathSeparator + existing("gpurelay.javacpp.jar") +
            File.pathSeparator + existing("gpurelay.javacpp.natives.jar") + File.pathSeparator +
            existing("gpurelay.cuda.presets.jar");
    }

    /**
     * As {@link #javaCppProgramClasspath()} with an older JavaCPP (1.5.12) and the CUDA 12.9 presets.
     */
    static String javaCppCuda12ProgramClasspath()
    {
        final Path directory = existing("gpurelay.javacpp.cuda12.dir");
        return existing("gpurelay.programs.dir") + File.pathSeparator + directory.resolve("javacpp-1.5.12.jar") +
            File.pathSeparator + directory.resolve("javacpp-1.5.12-linux-x86_64.jar") + File.pathSeparator +
            directory.resolve("cuda-12.9-9.10-1.5.12.jar");
    }

    /**
     * The compiled test classes: the client programs, and the capture hooks an executor can load.
     */
    static Path programsDir()
    {
        return existing("gpurelay.programs.dir");
    }

    private static Path existing(final String property)
    {
        final String value = System.getProperty(property);
        if (value == null || !Files.exists(Path.of(value)))
        {
            throw new IllegalStateException("system property " + property + " must name a built artifact, was " + value);
        }
        return Path.of(value);
    }
}
