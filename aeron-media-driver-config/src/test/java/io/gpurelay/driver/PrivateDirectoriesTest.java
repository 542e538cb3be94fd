package io.gpurelay.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoriesTest
{
    @TempDir
    Path tmp;

    @Test
    void reclaimsOnlyTheDeadDriversDirectoriesOfItsOwnNaming() throws IOException
    {
        final Path abandoned = privateDirectory("abandoned");
        Files.createFile(abandoned.resolve(DriverDirectoryLock.FILE_NAME));
        final Path oldWithoutLock = privateDirectory("old");
        Files.write(oldWithoutLock.resolve("loss-report.dat"), new byte[16]);
        Files.setLastModifiedTime(oldWithoutLock, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        final Path youngWithoutLock = privateDirectory("starting");
        final Path held = privateDirectory("held");
        final Path target = Files.createDirectory(tmp.resolve("not-ours"));
        Files.write(target.resolve("keep"), new byte[1]);
        final Path link = Files.createSymbolicLink(tmp.resolve(MediaDrivers.PRIVATE_DIRECTORY_PREFIX + "link"), target);
        final Path otherName = Files.createDirectory(tmp.resolve("aeron-root"));

        try (DriverDirectoryLock ignored = DriverDirectoryLock.hold(held.toString()))
        {
            final List<File> reclaimed = MediaDrivers.reclaimStalePrivateDirectories(tmp.toFile(), message -> { });
            assertEquals(2, reclaimed.size(), reclaimed::toString);
        }
        assertFalse(Files.exists(abandoned), "its lock is held by no process");
        assertFalse(Files.exists(oldWithoutLock), "no driver's heartbeat and unchanged for the driver timeout");
        assertTrue(Files.isDirectory(youngWithoutLock), "a driver may be starting in it");
        assertTrue(Files.isDirectory(held), "its driver's process holds the lock");
        assertTrue(Files.isSymbolicLink(link) && Files.exists(target.resolve("keep")), "a link is not followed");
        assertTrue(Files.isDirectory(otherName));
    }

    private Path privateDirectory(final String name) throws IOException
    {
        return Files.createDirectory(tmp.resolve(MediaDrivers.PRIVATE_DIRECTORY_PREFIX + name));
    }
}
