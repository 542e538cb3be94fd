package io.gpurelay.executor.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.config.IdleStrategyKind;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.Protocol;
import org.junit.jupiter.api.Test;

class WorkerSettingsTest
{
    @Test
    void aWorkerReadsBackWhatItsSupervisorWrote()
    {
        final WorkerSettings settings = new WorkerSettings(7, 4242, "/dev/shm/x", "aeron:udp?endpoint=0.0.0.0:40123",
            new WorkerBackend("gpu", new DeviceSelection(new int[]{ 2 }), 1024), IdleStrategyKind.SPIN, 5_000_000_000L,
            1_000_000L, 128L << 20, 3_000_000_000L, 64L << 20, 16L << 20, 256 * 1024, 3L << 30,
            ExecutorLog.Level.DEBUG, "1.2.3");

        final WorkerSettings parsed = WorkerSettings.parse(settings.toArguments().toArray(new String[0]));

        assertEquals(settings.workerId(), parsed.workerId());
        assertEquals(settings.supervisorPid(), parsed.supervisorPid());
        assertEquals(settings.channel(), parsed.channel());
        assertEquals(settings.sessionMemoryBytes(), parsed.sessionMemoryBytes());
        assertEquals("gpu", parsed.backend().name());
        assertArrayEquals(new int[]{ 2 }, parsed.backend().devices().ordinals(), "one device stays an ordinal");
        assertEquals(IdleStrategyKind.SPIN, parsed.idleStrategyKind());
        assertEquals(5_000_000_000L, parsed.keepAliveTimeoutNs());
        assertEquals(3_000_000_000L, parsed.kernelTimeoutNs());
        assertEquals(64L << 20, parsed.receiveBufferBytes());
        assertEquals(16L << 20, parsed.transferRegionBytes());
        assertEquals(256 * 1024, parsed.transferChunkBytes());
        assertEquals(3L << 30, parsed.pinnedMemoryBytes());
        assertEquals(ExecutorLog.Level.DEBUG, parsed.logLevel());
        assertEquals("1.2.3", parsed.executorVersion());
    }

    @Test
    void missingSettingsAreNamed()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> WorkerSettings.parse(new String[]{ "--worker-id", "1" }));
        assertEquals("missing --supervisor-pid", ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WorkerSettings.parse(new String[]{ "--worker-id" }));
    }

    @Test
    void workerStreamsStayClearOfTheClientsAndSessionsStreams()
    {
        for (final long pid : List.of(1L, 4_194_303L, 4_194_304L, 123_456L))
        {
            final int command = WorkerProtocol.commandStreamId(pid);
            assertTrue(command > Protocol.DEFAULT_RESPONSE_STREAM_ID, "above the fixed ids: " + command);
            assertTrue(WorkerProtocol.eventStreamId(pid) < 0x1000_0000, "below clients' random response streams");
        }
    }
}
