package io.gpurelay.executor.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * What a client chooses (its name, its reply channel) reaches a counter label only as one bounded, printable word.
 */
class SessionCountersTest
{
    @Test
    void labelValuesAreOnePrintableAsciiWordOfBoundedLength()
    {
        assertEquals("com.example.Main", SessionCounters.labelValue("com.example.Main"));
        assertEquals("my_app_host_x_",
            SessionCounters.labelValue("my app host=x\u0000"));
        assertEquals("_", SessionCounters.labelValue(""));
        assertEquals("_", SessionCounters.labelValue(null));
        assertEquals("caf_", SessionCounters.labelValue("caf\u00e9"));
        assertEquals(SessionCounters.MAX_LABEL_VALUE_LENGTH, SessionCounters.labelValue("x".repeat(1000)).length());
    }

    @Test
    void clientHostComesFromTheResponseChannelsEndpoint()
    {
        assertEquals(SessionCounters.LOCAL_HOST, SessionCounters.clientHost("aeron:ipc"));
        assertEquals("10.1.2.3", SessionCounters.clientHost("aeron:udp?endpoint=10.1.2.3:0"));
        assertEquals("client.example", SessionCounters.clientHost("aeron:udp?endpoint=client.example:40124"));
        assertEquals("::1", SessionCounters.clientHost("aeron:udp?endpoint=[::1]:40124"));
        assertEquals("unknown", SessionCounters.clientHost("not a channel"));
    }
}
