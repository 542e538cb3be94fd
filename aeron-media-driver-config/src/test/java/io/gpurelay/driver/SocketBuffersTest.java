package io.gpurelay.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

class SocketBuffersTest
{
    private static final long MIB = 1024 * 1024;

    @Test
    void theWindowIsCutToTheReceiveBufferTheHostGrants()
    {
        assertEquals(4 * MIB, SocketBuffers.fittedWindow(8 * MIB, 8 * MIB, 4 * MIB));
        assertEquals(212_992, SocketBuffers.fittedWindow(2 * MIB, 2 * MIB, 212_992));
        assertEquals(MIB, SocketBuffers.fittedWindow(4 * MIB, MIB, 16 * MIB));
        assertEquals(2 * MIB, SocketBuffers.fittedWindow(2 * MIB, 8 * MIB, 16 * MIB));
        assertEquals(SocketBuffers.MIN_WINDOW, SocketBuffers.fittedWindow(8 * MIB, 8 * MIB, 64 * 1024));
        assertEquals(64 * 1024, SocketBuffers.fittedWindow(64 * 1024, 8 * MIB, 1024));
    }

    @Test
    void aProfilesWindowNeverExceedsWhatTheHostGrantsNorWhatTheProfileAsked()
    {
        final long hostMax = SocketBuffers.hostMaxReceiveBuffer();
        assertTrue(hostMax > 0);
        for (final DriverProfile profile : DriverProfile.values())
        {
            if (profile == DriverProfile.AUTO)
            {
                continue;
            }
            final Properties properties = profile.properties();
            final long asked = Long.parseLong(properties.getProperty(SocketBuffers.WINDOW_PROP_NAME));
            SocketBuffers.fitWindow(properties, new Properties());
            final long fitted = Long.parseLong(properties.getProperty(SocketBuffers.WINDOW_PROP_NAME));
            assertTrue(fitted <= asked, profile.cliName());
            assertTrue(fitted <= Math.max(SocketBuffers.MIN_WINDOW, hostMax), profile.cliName());
        }
    }

    @Test
    void aWindowOrBufferTheUserSetIsHonoured()
    {
        final Properties userSet = new Properties();
        userSet.setProperty(SocketBuffers.WINDOW_PROP_NAME, "33554432");
        final Properties profile = DriverProfile.THROUGHPUT.properties();
        SocketBuffers.fitWindow(profile, userSet);
        assertEquals(DriverProfile.THROUGHPUT.properties().getProperty(SocketBuffers.WINDOW_PROP_NAME),
            profile.getProperty(SocketBuffers.WINDOW_PROP_NAME), "the user's window wins when applied, untouched");

        final Properties smallBuffer = new Properties();
        smallBuffer.setProperty(SocketBuffers.RCVBUF_PROP_NAME, "262144");
        final Properties cut = DriverProfile.THROUGHPUT.properties();
        SocketBuffers.fitWindow(cut, smallBuffer);
        assertEquals(Math.min(262_144, Math.max(SocketBuffers.MIN_WINDOW, SocketBuffers.hostMaxReceiveBuffer())),
            Long.parseLong(cut.getProperty(SocketBuffers.WINDOW_PROP_NAME)));
    }
}
