package io.gpurelay.agent.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pointer attributes over a device list of two stand-in executors ({@link InMemoryExecutor}, two devices each: the
 * list's devices 0 and 1 are the first executor's, 2 and 3 the second's). Both stand-ins hand out the same addresses,
 * as two executors may.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeviceRouterTest
{
    private static final long BYTES = 4096;
    private static final long DEVICE_MEMORY = 2;

    @TempDir
    Path directory;

    private final List<InMemoryExecutor> executors = new ArrayList<>();
    private final List<RelayClient> clients = new ArrayList<>();

    @AfterEach
    void close()
    {
        clients.forEach(RelayClient::close);
        executors.forEach(InMemoryExecutor::close);
    }

    @Test
    void aPointerOfAnotherExecutorIsAnsweredByItInTheListsNumbering() throws IOException
    {
        final DeviceRouter router = twoExecutors();
        final long address = malloc(router, 3);

        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final long[] results = new long[4];
            assertEquals(RuntimeStatus.SUCCESS, router.call(Function.CUDA_POINTER_GET_ATTRIBUTES, 0,
                new long[]{ address + 16 }, null, null, results));
            assertEquals(DEVICE_MEMORY, results[0]);
            assertEquals(3, results[1], "the second executor's device 1 is the list's device 3");
            assertEquals(address, results[2]);
            assertEquals(BYTES, results[3]);
            assertEquals(List.of(), log.lines(), "the first executor's not knowing it is no failure");
        }
        assertEquals(1, executors.get(0).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
        assertEquals(1, executors.get(1).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
        assertEquals(0, executors.get(1).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).get(0).context(),
            "asked on a device of its own");
    }

    @Test
    void theCurrentExecutorIsAskedFirstAndAnswersAnAddressBothHold() throws IOException
    {
        final DeviceRouter router = twoExecutors();
        final long second = malloc(router, 2);
        final long first = malloc(router, 1);
        assertEquals(first, second, "the stand-ins hand out the same first address");

        final long[] results = new long[4];
        assertEquals(RuntimeStatus.SUCCESS, router.call(Function.CUDA_POINTER_GET_ATTRIBUTES, 0,
            new long[]{ first }, null, null, results));
        assertEquals(1, results[1]);
        assertEquals(RuntimeStatus.SUCCESS, router.call(Function.CUDA_POINTER_GET_ATTRIBUTES, 3,
            new long[]{ first }, null, null, results));
        assertEquals(2, results[1]);
        assertEquals(1, executors.get(0).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
        assertEquals(1, executors.get(1).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
    }

    @Test
    void theDriverQueryOfAnotherExecutorsContextsMemoryIsAnsweredByIt() throws IOException
    {
        final DeviceRouter router = twoExecutors();
        final long onSecond = context(router, 3);
        final long onFirst = context(router, 0);
        final long[] allocated = new long[1];
        assertEquals(DriverStatus.SUCCESS,
            router.call(Function.CU_MEM_ALLOC, onSecond, new long[]{ BYTES }, null, null, allocated));

        final long[] results = new long[4];
        assertEquals(DriverStatus.SUCCESS, router.call(Function.CU_POINTER_GET_ATTRIBUTE, onFirst,
            new long[]{ allocated[0] }, null, null, results));
        assertEquals(DEVICE_MEMORY, results[0]);
        assertEquals(3, results[1]);
        assertEquals(0, executors.get(1).calls(Function.CU_POINTER_GET_ATTRIBUTE).get(0).context(),
            "no context of the first executor goes to the second");
    }

    @Test
    void anAddressNoExecutorHoldsGetsTheCurrentExecutorsAnswerLoggedOnlyAsTheDriversError() throws IOException
    {
        final DeviceRouter router = twoExecutors();
        malloc(router, 0);
        malloc(router, 2);
        final long onFirst = context(router, 0);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(RuntimeStatus.INVALID_VALUE, router.call(Function.CUDA_POINTER_GET_ATTRIBUTES, 2,
                new long[]{ 0x5150 }, null, null, new long[4]));
            assertEquals(0, log.count("0x5150 is not memory of this session"),
                "the runtime answers unregistered memory, successfully: " + log.lines());
            assertTrue(router.lastFailureMessage().contains("0x5150"), router.lastFailureMessage());

            assertEquals(DriverStatus.INVALID_VALUE, router.call(Function.CU_POINTER_GET_ATTRIBUTE, onFirst,
                new long[]{ 0x5150 }, null, null, new long[4]));
            assertEquals(1, log.count("0x5150 is not memory of this session"), log.lines().toString());
        }
        assertEquals(1, executors.get(0).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
        assertEquals(1, executors.get(1).calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
    }

    @Test
    void withOneExecutorAnUnknownAddressIsOneCallAndNoWarning()
    {
        final InMemoryExecutor executor = new InMemoryExecutor("aeron:ipc", directory.resolve("aeron"));
        executors.add(executor);
        final RelayClient client = new RelayClient(AgentConfig.resolve(
            "executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s", new Properties(), Map.of()));
        clients.add(client);
        final DeviceRouter router = DeviceRouter.single(client, "aeron:ipc");

        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(RuntimeStatus.INVALID_VALUE, router.call(Function.CUDA_POINTER_GET_ATTRIBUTES, 1,
                new long[]{ 0x5160 }, null, null, new long[4]));
            assertEquals(0, log.count("0x5160"), "unregistered memory is no failure: " + log.lines());
        }
        assertEquals(1, executor.calls(Function.CUDA_POINTER_GET_ATTRIBUTES).size());
    }

    @Test
    void aDeviceListNeedsAChannelForEachClient()
    {
        assertThrows(IllegalArgumentException.class, () -> DeviceRouter.of(List.of(), List.of()));
    }

    private DeviceRouter twoExecutors() throws IOException
    {
        final int ports = FreePorts.udpRange(2);
        final List<String> channels = List.of(
            "aeron:udp?endpoint=localhost:" + ports, "aeron:udp?endpoint=localhost:" + (ports + 1));
        for (int i = 0; i < channels.size(); i++)
        {
            executors.add(new InMemoryExecutor(channels.get(i), directory.resolve("executor-" + i)));
        }
        final AgentConfig config = AgentConfig.resolve("executor=" + String.join(";", channels) + ",aeron.dir=" +
            directory.resolve("client") + ",timeout=5s", new Properties(), Map.of());
        for (final String channel : channels)
        {
            clients.add(new RelayClient(config.forExecutor(channel)));
        }
        final DeviceRouter router = DeviceRouter.of(clients, channels);
        assertEquals(2 * InMemoryExecutor.DEVICE_COUNT, router.deviceCount());
        return router;
    }

    private static long malloc(final DeviceRouter router, final int device)
    {
        final long[] address = new long[1];
        assertEquals(RuntimeStatus.SUCCESS,
            router.call(Function.CUDA_MALLOC, device, new long[]{ BYTES }, null, null, address));
        return address[0];
    }

    private static long context(final DeviceRouter router, final int device)
    {
        final long[] context = new long[1];
        assertEquals(DriverStatus.SUCCESS,
            router.call(Function.CU_CTX_CREATE, 0, new long[]{ 0, device }, null, null, context));
        return context[0];
    }
}
