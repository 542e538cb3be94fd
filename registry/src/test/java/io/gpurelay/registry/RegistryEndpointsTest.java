package io.gpurelay.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RegistryEndpointsTest
{
    @Test
    void membersAreNumberedInOrder()
    {
        final RegistryEndpoints endpoints = RegistryEndpoints.parse("localhost:9010; localhost:9020;127.0.0.1:9030");

        assertEquals("0=localhost:9010,1=localhost:9020,2=127.0.0.1:9030", endpoints.ingressEndpoints());
        assertEquals("aeron:udp?endpoint=127.0.0.1:0", endpoints.egressChannel(),
            "answers come back on the loopback address, which routes to a local registry");
    }

    @Test
    void badEndpointsAreNamed()
    {
        assertEquals("registry endpoint 'localhost' is not host:port",
            assertThrows(IllegalArgumentException.class, () -> RegistryEndpoints.parse("localhost")).getMessage());
        assertEquals("registry endpoint 'h:99999': port out of range",
            assertThrows(IllegalArgumentException.class, () -> RegistryEndpoints.parse("h:99999")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> RegistryEndpoints.parse(""));
    }
}
