package io.gpurelay.executor.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendHostMemory;
import io.gpurelay.protocol.PinnedMemoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionPinnedMemoryTest
{
    private static final long SESSION = 0xabcL;
    private static final BackendHostMemory NOT_MAPPED = () -> 0;

    @TempDir
    Path directory;

    @Test
    void sizesAreWholePagesWithinTheLimit()
    {
        final SessionPinnedMemory memory = new SessionPinnedMemory(directory, SESSION, 3 * PinnedMemoryFiles.PAGE_SIZE);
        assertNull(memory.refusal(1));
        assertNull(memory.refusal(3 * PinnedMemoryFiles.PAGE_SIZE));
        assertNotNull(memory.refusal(3 * PinnedMemoryFiles.PAGE_SIZE + 1), "four pages");
        assertNotNull(memory.refusal(0));
        assertNotNull(memory.refusal(-1));
        assertNotNull(memory.refusal(Long.MAX_VALUE), "does not fit a long once rounded up");
    }

    @Test
    void filesGoWhenUsedFreedOrClosed() throws IOException
    {
        final SessionPinnedMemory memory = new SessionPinnedMemory(directory, SESSION, 1 << 20);
        final SessionPinnedMemory.Entry first = memory.create(100);
        final SessionPinnedMemory.Entry second = memory.create(5000);
        assertEquals(PinnedMemoryFiles.PAGE_SIZE, first.length);
        assertEquals(2 * PinnedMemoryFiles.PAGE_SIZE, second.length);
        memory.add(first, NOT_MAPPED);
        memory.add(second, NOT_MAPPED);
        assertNotNull(memory.refusal(1 << 20), "the limit counts what is held");
        assertTrue(Files.exists(first.file) && Files.exists(second.file));

        assertNotNull(memory.get(first.handle));
        assertFalse(Files.exists(first.file), "used: the client has mapped it");
        assertNull(memory.get(first.handle + 2), "a handle of nothing");

        final SessionPinnedMemory.Entry removed = memory.remove(first.handle);
        memory.release(removed);
        assertNull(memory.get(first.handle));
        assertNull(memory.refusal((1 << 20) - 2 * PinnedMemoryFiles.PAGE_SIZE), "the freed page is back");

        final List<Long> unregistered = new ArrayList<>();
        memory.closeAll(entry -> unregistered.add(entry.handle));
        assertEquals(List.of(second.handle), unregistered);
        assertFalse(Files.exists(second.file));
    }

    @Test
    void aDeadWorkersFilesAreRemovedByPattern() throws IOException
    {
        final SessionPinnedMemory memory = new SessionPinnedMemory(directory, SESSION, 1 << 20);
        memory.create(4096);
        memory.create(4096);
        final SessionPinnedMemory other = new SessionPinnedMemory(directory, SESSION + 1, 1 << 20);
        final SessionPinnedMemory.Entry kept = other.create(4096);
        final Path unrelated = Files.createFile(directory.resolve(PinnedMemoryFiles.FILE_NAME_PREFIX + "abc-not-ours"));

        assertEquals(2, SessionPinnedMemory.deleteFilesOf(directory, SESSION));
        assertTrue(Files.exists(kept.file), "another session's");
        assertTrue(Files.exists(unrelated), "not a name the executor gives");
    }
}
