package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.Cublas2ComplexProgram;
import io.gpurelay.it.programs.Cublas2CoverageProgram;
import io.gpurelay.it.programs.CublasProgram;
import io.gpurelay.it.programs.DriverKernelsProgram;
import io.gpurelay.it.programs.HoldMemoryProgram;
import io.gpurelay.it.programs.MemInfoProgram;
import io.gpurelay.it.programs.RuntimeMemoryProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The end-to-end programs of the emulator tests, unchanged, against an executor on a real GPU. The programs check
 * exact results, so passing here and on the emulator is the two backends agreeing.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GpuBackendIT
{
    private static final Pattern FREE = Pattern.compile("^FREE (\\d+) TOTAL (\\d+)");

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void runtimeMemoryProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        assertPassesOnTheGpu(transport, work, RuntimeMemoryProgram.class, "256");
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void driverKernelsProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        assertPassesOnTheGpu(transport, work, DriverKernelsProgram.class, Artifacts.kernelsDir().toString(), "--gpu");
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublasProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        assertPassesOnTheGpu(transport, work, CublasProgram.class);
    }

    /**
     * JCublas2's typed routines on the GPU: complex gemm, hemv, her, trsm, Z rot and geru (which the emulator does
     * not run) and the complex routines it does, in host and device pointer mode, against the program's CPU
     * reference.
     */
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublas2ComplexProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        assertPassesOnTheGpu(transport, work, Cublas2ComplexProgram.class, "gpu");
    }

    /**
     * JCublas2's routines beyond the classic ones on the GPU: the _64 forms, handle settings and library queries,
     * client-side rotations, geam, dgmm, syrkx, complex syr and gemm3m, batched gemv, complex batched gemm, batched
     * trsm, tpttr/trttp and the batched getrs, matinv, geqrf and gels, against the program's CPU reference.
     */
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublas2CoverageProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        assertPassesOnTheGpu(transport, work, Cublas2CoverageProgram.class, "gpu");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void killedClientsDeviceMemoryReturnsToItsBaseline(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--keepalive-timeout", "2s"))
        {
            final long baseline = freeMemory(executor);
            final ForkedProcess holder = Client.start(executor.agentOptions(""), HoldMemoryProgram.class, "1024");
            try
            {
                holder.awaitLine(Pattern.compile("^HOLDING"), Duration.ofSeconds(90));
                final long whileHeld = freeMemory(executor);
                assertTrue(baseline - whileHeld >= 1000L << 20,
                    "1 GiB held should show in free memory: " + baseline + " then " + whileHeld);
            }
            finally
            {
                holder.kill();
            }
            executor.process().awaitLine(Pattern.compile("pid " + holder.pid() + "\\) closed: "), Duration.ofSeconds(60));
            final long after = freeMemory(executor);
            assertTrue(Math.abs(baseline - after) <= 64L << 20,
                "free memory back to its baseline (within 64 MiB): " + baseline + " before, " + after + " after");
            System.out.printf("GPU free memory: baseline %d MiB, after the killed client %d MiB%n",
                baseline >> 20, after >> 20);
        }
    }

    /**
     * The program through the agent against a gpu executor over the transport passes ({@link Client#assertPassed}).
     */
    private static void assertPassesOnTheGpu(final Transport transport, final Path work, final Class<?> program,
        final String... args) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), program, args);
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    private static long freeMemory(final Executor executor) throws Exception
    {
        final ForkedProcess probe = Client.start(executor.agentOptions(""), MemInfoProgram.class);
        final Matcher free = probe.awaitLine(FREE, Duration.ofSeconds(60));
        assertEquals(0, probe.awaitExit(Duration.ofSeconds(30)), probe.output());
        return Long.parseLong(free.group(1));
    }
}
