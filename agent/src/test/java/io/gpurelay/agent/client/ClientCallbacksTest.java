package io.gpurelay.agent.client;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.LogCapture;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientCallbacksTest
{
    @Test
    void aCallInsideACallbackIsRefusedWithCudasNameOfTheFunction()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(RuntimeStatus.NOT_PERMITTED, ClientCallbacks.refuseInCallback(Function.CUDA_MEM_PREFETCH_ASYNC));
            assertEquals(1, log.count("cudaMemPrefetchAsync was called inside a stream callback or host function"),
                log.lines()::toString);
        }
    }
}
