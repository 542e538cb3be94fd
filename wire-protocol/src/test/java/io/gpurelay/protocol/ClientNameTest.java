package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClientNameTest
{
    @Test
    void anOrdinaryNameIsKept()
    {
        assertEquals("com.example.Main", ClientName.sanitise("com.example.Main"));
        assertEquals("Grafikkarte für Müller", ClientName.sanitise("Grafikkarte für Müller"));
        assertTrue(ClientName.isSanitised("trainer-7"));
    }

    @Test
    void controlCharactersBecomeVisibleAndSpacesAreCollapsed()
    {
        assertEquals("a?b c", ClientName.sanitise("a\u0007b\r\n\t c"));
        assertEquals("x?y", ClientName.sanitise("x\u202Ey"));
        assertEquals("a b", ClientName.sanitise("  a   b  "));
        assertFalse(ClientName.isSanitised("evil\n2026-11-24 INFO session 1 closed"));
    }

    @Test
    void nothingPrintableLeftIsUnnamed()
    {
        assertEquals(ClientName.UNNAMED, ClientName.sanitise(null));
        assertEquals(ClientName.UNNAMED, ClientName.sanitise(""));
        assertEquals(ClientName.UNNAMED, ClientName.sanitise(" \t\r\n "));
    }

    @Test
    void aLongNameIsCutToTheLimitWithAMark()
    {
        final String name = ClientName.sanitise("x".repeat(300));
        assertEquals(ClientName.MAX_LENGTH, name.length());
        assertTrue(name.endsWith("..."), name);
        assertEquals("y".repeat(ClientName.MAX_LENGTH), ClientName.sanitise("y".repeat(ClientName.MAX_LENGTH)));
    }

    @Test
    void cuttingNeverSplitsACodePoint()
    {
        final String name = ClientName.sanitise("\uD83D\uDE80".repeat(200));
        assertEquals(ClientName.MAX_LENGTH, name.codePointCount(0, name.length()));
        assertTrue(name.endsWith("..."), name);
        assertTrue(Character.isHighSurrogate(name.charAt(name.length() - 5)), name);
    }

    @Test
    void defaultNameOfAJarLaunchIsTheJarsFileName()
    {
        final String path = "/opt/deployments/ml-pipeline-service/releases/2026-11-20-build-4471/lib/" +
            "ml-pipeline-service-1.4.2-all.jar";
        assertEquals("ml-pipeline-service-1.4.2-all.jar", ClientName.fromJavaCommand(path + " --port 8080", "1@h"));
        assertEquals("surefirebooter-20261124.jar", ClientName.fromJavaCommand(
            "/tmp/" + "very-long-directory/".repeat(12) + "surefirebooter-20261124.jar /tmp/a /tmp/b", "1@h"));
    }

    @Test
    void defaultNameOfAClassLaunchIsTheClassWithoutItsModule()
    {
        assertEquals("com.example.Main", ClientName.fromJavaCommand("com.example.Main a b", "1@h"));
        assertEquals("com.example.Main", ClientName.fromJavaCommand("app.module/com.example.Main", "1@h"));
        assertEquals("4711@gpu-host", ClientName.fromJavaCommand("  ", "4711@gpu-host"));
        assertEquals("4711@gpu-host", ClientName.fromJavaCommand(null, "4711@gpu-host"));
    }

    @Test
    void aeronClientNameIsAsciiAndWithinAeronsLimit()
    {
        final String name = ClientName.aeronClientName("gpurelay agent", "Müller-\uD83D\uDE80-" + "z".repeat(300));
        assertTrue(name.length() <= 100, name);
        assertTrue(name.startsWith("gpurelay agent (M?ller-?-zzz"), name);
        assertTrue(name.chars().allMatch(c -> c >= 0x20 && c < 0x7f), name);
    }
}
