package io.gpurelay.it;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.javacpp.JavaCppRuntimeCoverageProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link JavaCppRuntimeCoverageProgram} on the GPU host, twice: locally, on the host's CUDA through the presets' own
 * natives (the executor jar carries them), and through the agent against a gpu executor with only the presets' Java
 * classes on its class path, where it also checks gpurelay's documented answers for managed memory's host view. Both
 * runs must pass (the access policy window kept, as the GPU keeps it) and hash the data they copied alike.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppRuntimeGpuIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        JavaCppGpuRuns.assertRemoteRunEqualsLocal(transport, work, JavaCppRuntimeCoverageProgram.class,
            List.of("relayed"), output -> { });
    }
}
