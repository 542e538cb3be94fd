package io.gpurelay.agent.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A table of what is kept per executor handle keeps two sessions' equal handles apart, and forgets a session's
 * entries when it ends, also an entry put after its end was told.
 */
class SessionHandlesTest
{
    private static final long HANDLE = 0x5EED_0001L;

    private final List<String> forgotten = new ArrayList<>();
    private final SessionHandles<String> table = new SessionHandles<>(forgotten::add);
    private final Object first = new Object();
    private final Object second = new Object();

    @Test
    void twoSessionsEqualHandlesAreKeptApart()
    {
        table.put(first, HANDLE, "first's");
        table.put(second, HANDLE, "second's");

        assertEquals("first's", table.get(first, HANDLE));
        assertEquals("second's", table.get(second, HANDLE));
        assertEquals("none", table.getOrDefault(new Object(), HANDLE, "none"), "a third session has no such handle");

        assertEquals("second's", table.remove(second, HANDLE));
        assertNull(table.get(second, HANDLE));
        assertEquals("first's", table.get(first, HANDLE), "another session's handle of the same value stays");
    }

    @Test
    void aSessionsEndForgetsItsEntriesAndTellsOfEach()
    {
        table.put(first, HANDLE, "first's");
        table.put(first, HANDLE + 1, "first's other");
        table.put(second, HANDLE, "second's");

        table.sessionEnded(first);

        assertNull(table.get(first, HANDLE));
        assertNull(table.get(first, HANDLE + 1));
        assertEquals("second's", table.get(second, HANDLE), "another session's entry stays");
        assertEquals(List.of("first's", "first's other"), forgotten.stream().sorted().toList());
        assertTrue(SessionEnds.hasEnded(first));
        assertFalse(SessionEnds.hasEnded(second));
        assertFalse(SessionEnds.hasEnded(null), "no session never ends");
    }

    @Test
    void anEntryPutAfterItsSessionEndedIsNotKept()
    {
        table.sessionEnded(first);
        table.put(first, HANDLE, "late");

        assertNull(table.get(first, HANDLE));
        assertEquals(0, table.size());
        assertEquals(List.of("late"), forgotten);
    }

    @Test
    void removeIfTakesOnlyTheSessionsMatchingEntries()
    {
        table.put(first, HANDLE, "module A");
        table.put(first, HANDLE + 1, "module B");
        table.put(second, HANDLE, "module A");

        table.removeIf(first, value -> value.equals("module A"));

        assertNull(table.get(first, HANDLE));
        assertEquals("module B", table.get(first, HANDLE + 1));
        assertEquals("module A", table.get(second, HANDLE), "another session's entry of the same value stays");
    }
}
