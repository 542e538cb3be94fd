package io.gpurelay.agent.client;

import io.gpurelay.protocol.Protocol;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResponseEndpointTest
{
    @Test
    void ipcExecutorRepliesOverIpcOnAStreamOfThisClientsOwn()
    {
        final ResponseEndpoint first = ResponseEndpoint.forExecutor("aeron:ipc", null);
        final ResponseEndpoint second = ResponseEndpoint.forExecutor("aeron:ipc", null);

        assertEquals("aeron:ipc", first.channel());
        assertFalse(first.needsPortResolution());
        assertTrue(first.streamId() >= 0x1000_0000 && first.streamId() < Protocol.SESSION_STREAM_ID_BASE);
        assertNotEquals(first.streamId(), second.streamId());
    }

    @Test
    void udpExecutorRepliesToTheLocalAddressThatRoutesToIt()
    {
        final ResponseEndpoint endpoint = ResponseEndpoint.forExecutor("aeron:udp?endpoint=localhost:40123", null);

        assertEquals("aeron:udp?endpoint=127.0.0.1:0", endpoint.channel());
        assertEquals(Protocol.DEFAULT_RESPONSE_STREAM_ID, endpoint.streamId());
        assertTrue(endpoint.needsPortResolution());
    }

    @Test
    void aConfiguredChannelIsUsedAsGiven()
    {
        final ResponseEndpoint endpoint =
            ResponseEndpoint.forExecutor("aeron:udp?endpoint=gpu-host:40123", "aeron:udp?endpoint=10.0.0.7:40500");

        assertEquals("aeron:udp?endpoint=10.0.0.7:40500", endpoint.channel());
        assertFalse(endpoint.needsPortResolution());
    }

    @Test
    void endpointsParse()
    {
        assertEquals("gpu-host", ResponseEndpoint.host("gpu-host:40123"));
        assertEquals(40123, ResponseEndpoint.port("gpu-host:40123"));
        assertEquals("::1", ResponseEndpoint.host("[::1]:40123"));
        assertEquals(40123, ResponseEndpoint.port("[::1]:40123"));
        assertThrows(IllegalArgumentException.class, () -> ResponseEndpoint.port("[::1]"));
    }
}
