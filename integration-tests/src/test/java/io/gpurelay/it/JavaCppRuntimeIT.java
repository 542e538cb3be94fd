package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.javacpp.JavaCppRuntimeCoverageProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link JavaCppRuntimeCoverageProgram} through the agent against the emulated executor, over IPC and UDP: JavaCPP's
 * cudart context stack, error names, device queries, streams with priorities and event waits, stream attributes,
 * managed, pitched and registered memory, 2D and peer copies and pointer attributes, each checked by the program; the
 * emulator's documented answer for the access policy window (no L2 cache), and gpurelay's for managed memory's host
 * view (cudaMemAttachHost refused, the managed-memory attribute 0).
 */
class JavaCppRuntimeIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theRuntimeAndDriverFunctionsOfJavaCppsCudartRunThroughTheAgent(final Transport transport,
        @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppRuntimeCoverageProgram.class, "emulator", "relayed");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("contexts: stack, devices and primary state correct"), output);
            assertTrue(output.contains("modules and queries: globals, pointer attributes, device selection and bus " +
                "ids correct"), output);
            assertTrue(output.contains("memory: managed, pitched, peer, pooled, registered and pinned memory correct"), output);
            assertTrue(output.contains("cudaMallocManaged with cudaMemAttachHost is not supported by gpurelay for " +
                "JavaCPP programs"), "the refusal says why:\n" + output);
            assertTrue(output.contains("bad input: refused with CUDA's statuses"), output);
            assertTrue(output.contains("cudart.cuDeviceGetUuid: argument 0 (CUuuid) is null; the function reads or " +
                "writes the struct there; returning cudaErrorInvalidValue / CUDA_ERROR_INVALID_VALUE"),
                "the refusal says why:\n" + output);
            assertTrue(output.contains("cudart.cudaMemPrefetchAsync: memory location type 3 is not a device (1) or " +
                "the host (2), the locations gpurelay takes; returning cudaErrorInvalidValue"),
                "the refusal says why:\n" + output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
            assertFalse(output.replace("cudaMallocManaged with cudaMemAttachHost is not supported by gpurelay", "")
                .contains("is not supported by gpurelay"), "every other call the program makes is remoted:\n" +
                output);
        }
    }
}
