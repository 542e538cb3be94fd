package io.gpurelay.agent;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.programs.DriverProgram;
import io.gpurelay.agent.programs.MemoryProgram;
import io.gpurelay.agent.programs.NoExecutorProgram;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded agent jar in JVMs started with {@code -javaagent}: JCuda's classes load without JCuda's natives, calls
 * fail cleanly without an executor, and an unmodified program runs against an executor over IPC and UDP. The
 * executor here is the agent tests' in-memory stand-in; integration-tests runs the real one.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentJarIT
{
    private static final long RUN_TIMEOUT_MS = 60_000;

    @TempDir
    Path directory;

    @ParameterizedTest
    @ValueSource(strings = { "ipc", "udp" })
    void withoutAnExecutorCallsFailWithinTheTimeoutAndSaySoOnce(final String transport) throws Exception
    {
        final String channel =
            transport.equals("ipc") ? "aeron:ipc" : "aeron:udp?endpoint=localhost:" + FreePorts.udp();

        final ForkedJvm.Result result = ForkedJvm.run(
            "executor=" + channel + ",aeron.dir=" + directory.resolve("no-driver-here") + ",timeout=1s",
            NoExecutorProgram.class, RUN_TIMEOUT_MS, "1000");

        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().contains("\nPASSED"), result.output());
        assertEquals(1, result.count("gpurelay: no executor answered on " + channel), result.output());
        assertEquals(1, result.count("CUDA calls return cudaErrorDevicesUnavailable"), result.output());
        assertEquals(1, result.count(
            "gpurelay: JCuda.cudaProfilerStart is not supported by gpurelay; returning cudaErrorNotSupported"),
            result.output());
        assertEquals(1, result.count("gpurelay: JCudaDriver.cuProfilerStart is not supported by gpurelay; returning " +
            "CUDA_ERROR_NOT_SUPPORTED"), result.output());
        assertNoStackTraces(result);
    }

    @ParameterizedTest
    @ValueSource(strings = { "ipc", "udp" })
    void anUnmodifiedProgramRunsAgainstAnExecutor(final String transport) throws Exception
    {
        final String channel =
            transport.equals("ipc") ? "aeron:ipc" : "aeron:udp?endpoint=localhost:" + FreePorts.udp();
        final Path executorDirectory = directory.resolve("executor-aeron");
        try (InMemoryExecutor executor = new InMemoryExecutor(channel, executorDirectory))
        {
            final String aeronDir = transport.equals("ipc") ? executorDirectory.toString() :
                directory.resolve("client-aeron").toString();
            final ForkedJvm.Result result = ForkedJvm.run(
                "executor=" + channel + ",aeron.dir=" + aeronDir + ",timeout=10s,client.name=memory-program",
                MemoryProgram.class, RUN_TIMEOUT_MS, "64");

            assertEquals(0, result.exitCode(), result.output());
            assertTrue(result.output().contains("\nPASSED"), result.output());
            assertFalse(result.output().contains(" FAILED "), result.output());
            assertNoStackTraces(result);
            assertTrue(executor.events().contains("connect memory-program"), executor.events().toString());
            assertTrue(executor.events().contains("close 1"), "the session is closed as the JVM exits: " +
                executor.events());
            assertEquals(0, executor.allocatedBytes(), "the program freed what it allocated");
        }
    }

    @Test
    void anUnmodifiedDriverProgramLaunchesKernelsPipelined() throws Exception
    {
        final Path executorDirectory = directory.resolve("executor-aeron");
        try (InMemoryExecutor executor = new InMemoryExecutor("aeron:ipc", executorDirectory))
        {
            final ForkedJvm.Result result = ForkedJvm.run(
                "executor=aeron:ipc,aeron.dir=" + executorDirectory + ",timeout=10s", DriverProgram.class,
                RUN_TIMEOUT_MS);

            assertEquals(0, result.exitCode(), result.output());
            assertTrue(result.output().contains("\nPASSED"), result.output());
            assertNoStackTraces(result);
            assertEquals(1, result.count("gpurelay: cuLaunchKernel: kernel 'saxpy' takes 4 parameters, 3 given; " +
                "returning CUDA_ERROR_INVALID_VALUE"), "said once, for both refusals:\n" + result.output());
            assertEquals(1, result.count("gpurelay: cuMemset failed: CUDA_ERROR_INVALID_VALUE: no allocation holds " +
                "the 16 bytes at 0x40"), result.output());
            assertEquals(1, result.count("gpurelay: JCudaDriver.cuProfilerStart is not supported by gpurelay; " +
                "returning CUDA_ERROR_NOT_SUPPORTED"), result.output());

            final List<InMemoryExecutor.CallRecord> launches = executor.calls(Function.CU_LAUNCH_KERNEL);
            assertEquals(2, launches.size(), "refused launches are not sent");
            assertTrue(launches.stream().allMatch(InMemoryExecutor.CallRecord::pipelined));
            assertArrayEquals(new long[]{ 4, 4, 4, 8, 8 }, Arrays.copyOfRange(launches.get(0).args(), 9, 14));
            assertEquals(-1, launches.get(1).args()[9], "the extra form sends its ready buffer");
            assertArrayEquals(launches.get(0).payload(), launches.get(1).payload(),
                "both forms carry the same parameter bytes");
            assertEquals(0, executor.allocatedBytes(), "the program freed what it allocated");
        }
    }

    @Test
    void anUnusableAgentArgumentIsNamedAndTheDefaultUsed() throws Exception
    {
        final ForkedJvm.Result result = ForkedJvm.run(
            "timeout=1s,aeron.dir=" + directory.resolve("none") + ",log=chatty", NoExecutorProgram.class,
            RUN_TIMEOUT_MS, "1000");

        assertEquals(0, result.exitCode(), result.output());
        assertEquals(1, result.count("gpurelay: ignoring agent argument log='chatty': expected error, warn, info " +
            "or debug; using warn"), result.output());
        assertNoStackTraces(result);
    }

    private static void assertNoStackTraces(final ForkedJvm.Result result)
    {
        assertEquals(0, result.count("\tat "), "no stack traces:\n" + result.output());
        assertEquals(0, result.count("Exception in thread"), result.output());
        assertEquals(0, result.count("UnsatisfiedLinkError"), result.output());
        assertEquals(0, result.count("WARNING"), "no JVM warnings (illegal access, Unsafe):\n" + result.output());
    }
}
