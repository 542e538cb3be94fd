package io.gpurelay.agent;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.RelayClient;
import io.gpurelay.agent.config.AgentConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the tests of a binding's rewritten natives: one {@link InMemoryExecutor} over IPC and the agent's client
 * installed against it for all of the class's tests, both closed afterwards.
 */
public abstract class InMemoryExecutorTest
{
    @TempDir
    protected static Path directory;

    protected static InMemoryExecutor executor;
    protected static RelayClient client;

    @BeforeAll
    static void connect()
    {
        executor = new InMemoryExecutor("aeron:ipc", directory.resolve("aeron"));
        client = new RelayClient(AgentConfig.resolve(
            "aeron.dir=" + directory.resolve("aeron") + ",timeout=10s", new Properties(), Map.of()));
        DeviceRouter.install(DeviceRouter.single(client, "aeron:ipc"));
    }

    @AfterAll
    static void disconnect()
    {
        client.close();
        executor.close();
    }
}
