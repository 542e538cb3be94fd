package io.gpurelay.agent.javacpp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The device allocations cudaMemcpyDefault tells device memory by are kept per session: two executors of one device
 * list can hand out the same address, and one's free must not make the other's memory look like host memory.
 */
class JavaCppDeviceAllocationsTest
{
    private static final long ADDRESS = 0x7F00_0000_0000L;

    private final Object first = new Object();
    private final Object second = new Object();

    @AfterEach
    void endSessions()
    {
        JavaCppRuntime.sessionEnded(first);
        JavaCppRuntime.sessionEnded(second);
    }

    @Test
    void twoSessionsAllocationsAtTheSameAddressAreKeptApart()
    {
        JavaCppRuntime.allocated(ADDRESS, 4096, first);
        JavaCppRuntime.allocated(ADDRESS, 64, second);

        assertTrue(JavaCppRuntime.isDeviceMemory(ADDRESS + 1000, first), "inside the first session's allocation");
        assertFalse(JavaCppRuntime.isDeviceMemory(ADDRESS + 1000, second),
            "past the second session's smaller allocation at the same address");
        assertTrue(JavaCppRuntime.isDeviceMemory(ADDRESS + 8, second));

        JavaCppRuntime.freed(ADDRESS, second);
        assertFalse(JavaCppRuntime.isDeviceMemory(ADDRESS, second), "the freed allocation");
        assertTrue(JavaCppRuntime.isDeviceMemory(ADDRESS, first), "another session's allocation at the same address");

        JavaCppRuntime.allocated(ADDRESS, 64, second);
        JavaCppRuntime.sessionEnded(second);
        assertFalse(JavaCppRuntime.isDeviceMemory(ADDRESS, second), "the ended session's allocation");
        assertTrue(JavaCppRuntime.isDeviceMemory(ADDRESS, first), "another session's end leaves the first's");
    }
}
