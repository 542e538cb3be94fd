package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.it.programs.CallbackProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CallbackProgram} against a GPU executor: the callbacks are queued with CUDA's own {@code cuStreamAddCallback}
 * and {@code cuLaunchHostFunc}, which block the real stream on CUDA's callback thread until the client's callback has
 * returned. Over IPC the Aeron directory is in {@code /dev/shm}, so pinned memory is shared and page-locked, and a
 * copy queued after a callback is a DMA of what the callback wrote. A callback that outlasts the keep-alive timeout is
 * waited for. A client killed while its callback holds a stream releases it, and the executor serves the next client.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class CallbacksGpuIT
{
    private static final Duration WAIT = Duration.ofSeconds(60);

    static Stream<Arguments> transportsAndIsolations()
    {
        return Stream.of(
            Arguments.of(Transport.IPC, "process"),
            Arguments.of(Transport.IPC, "thread"),
            Arguments.of(Transport.UDP, "process"));
    }

    @ParameterizedTest
    @MethodSource("transportsAndIsolations")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void callbacksRunInTheClientInStreamOrderOnTheGpu(final Transport transport, final String isolation)
        throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-callbacks-it");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work, "--isolation",
            isolation))
        {
            final ForkedProcess client = CallbacksIT.startProgram(executor, transport);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertEquals(transport == Transport.IPC,
                output.contains("CHECK the copy and the kernel after the callback used what it wrote"), output);
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }

    @ParameterizedTest
    @MethodSource("transportsAndIsolations")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aClientKilledWhileItsCallbackHoldsAGpuStreamLeavesTheExecutorServingOthers(
        final Transport transport, final String isolation) throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-callbacks-it");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work, "--isolation",
            isolation))
        {
            final ForkedProcess hung = Client.start(executor.agentOptions(""), CallbackProgram.class,
                Artifacts.kernelsDir().toString(), "hang");
            hung.awaitLine(Pattern.compile("^CALLBACK RUNNING"), WAIT);
            hung.kill();
            executor.process().awaitLine(Pattern.compile("session \\S+ \\(client .*pid " + hung.pid() +
                "\\) closed: "), WAIT);

            final ForkedProcess next = CallbacksIT.startProgram(executor, transport);
            Client.assertPassed(next, Duration.ofSeconds(240));
            assertTrue(executor.process().isAlive(), executor.process().output());
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aCallbackLongerThanTheKeepAliveTimeoutIsWaitedForOnTheGpu(final Transport transport) throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-callbacks-it");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work,
            "--keepalive-timeout", "2s"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CallbackProgram.class,
                Artifacts.kernelsDir().toString(), "slow", "12000");
            assertEquals(0, client.awaitExit(Duration.ofSeconds(120)), client.output());
            assertTrue(client.output().contains("CHECK the synchronisation waited for the slow host function ok"),
                client.output());
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }


}
