package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.aeron.ChannelUri;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SessionChannelsTest
{
    @ParameterizedTest
    @ValueSource(strings = {
        "aeron:udp?endpoint=localhost:40123",
        "aeron:udp?endpoint=127.0.0.1:0",
        "aeron:udp?endpoint=127.0.0.2:40123|term-length=64m",
        "aeron:udp?endpoint=[::1]:40123" })
    void aLoopbackUdpEndpointGetsTheLargestMtu(final String channel)
    {
        final ChannelUri tuned = ChannelUri.parse(SessionChannels.forSessionPublication(channel));
        assertEquals(Integer.toString(SessionChannels.LOOPBACK_MTU), tuned.get("mtu"));
        final ChannelUri original = ChannelUri.parse(channel);
        assertEquals(original.get("endpoint"), tuned.get("endpoint"));
        assertEquals(original.get("term-length"), tuned.get("term-length"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "aeron:ipc",
        "aeron:udp?endpoint=192.0.2.7:40123",
        "aeron:udp?endpoint=localhost:40123|mtu=8192",
        "aeron:udp?control=127.0.0.1:40124|control-mode=dynamic" })
    void otherChannelsAndAnMtuOfTheirOwnAreLeftAlone(final String channel)
    {
        assertEquals(channel, SessionChannels.forSessionPublication(channel));
    }

    @ParameterizedTest
    @ValueSource(strings = { "localhost:1", "127.0.0.1:40123", "[::1]:40123", "127.9.9.9:5" })
    void loopbackEndpoints(final String endpoint)
    {
        assertTrue(SessionChannels.isLoopback(endpoint));
    }

    @ParameterizedTest
    @ValueSource(strings = { "192.0.2.7:40123", ":40123", "[2001:db8::1]:5" })
    void otherEndpoints(final String endpoint)
    {
        assertFalse(SessionChannels.isLoopback(endpoint));
    }
}
