package io.gpurelay.agent.jcuda.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.DriverStatus;
import jcuda.driver.CUevent;
import jcuda.driver.CUgraph;
import jcuda.driver.CUresult;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.CUstreamCaptureStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Captures are kept per session: two executors of one device list can give the same stream or event handle, and a
 * call on one executor's stream must neither join, nor invalidate, nor end another executor's capture. A session's
 * end forgets its captures, including one begun while it ended. cuCtxSynchronize invalidates the captures of its own
 * context only, as CUDA does.
 */
class StreamCapturesTest
{
    private static final long STREAM = 0x5E55_0001L;
    private static final long OTHER_STREAM = 0x5E55_0002L;
    private static final long EVENT = 0xE7E7_0001L;
    private static final long CONTEXT = 0xC7C7_0001L;
    private static final long OTHER_CONTEXT = 0xC7C7_0002L;
    private static final int GLOBAL = CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL;
    private static final int INVALIDATED = CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_INVALIDATED;
    private static final int RELAXED = CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED;
    private static final int ACTIVE = CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE;
    private static final int NONE = CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE;

    private final Object first = new Object();
    private final Object second = new Object();

    @AfterEach
    void endSessions()
    {
        StreamCaptures.sessionEnded(first);
        StreamCaptures.sessionEnded(second);
    }

    @Test
    void twoSessionsStreamsOfTheSameHandleAreKeptApart()
    {
        StreamCaptures.begun(STREAM, new CUgraph(), RELAXED, first, CONTEXT);

        assertEquals(ACTIVE, StreamCaptures.status(STREAM, first));
        assertEquals(NONE, StreamCaptures.status(STREAM, second), "the second session's stream does not capture");
        assertEquals(StreamCaptures.NOT_CAPTURED, StreamCaptures.refuse(STREAM, "cuStreamSynchronize", second),
            "a synchronisation of the second session's stream runs as usual");
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, first), "and leaves the first session's capture valid");
        assertEquals(CUresult.CUDA_ERROR_ILLEGAL_STATE,
            StreamCaptures.end(STREAM, new CUgraph(), second), "the second session's stream has no capture to end");
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, first), "the first session's capture goes on");
        StreamCaptures.sessionEnded(second);
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, first), "another session's end leaves it");

        assertEquals(DriverStatus.SUCCESS, StreamCaptures.end(STREAM, new CUgraph(), first));
        assertEquals(NONE, StreamCaptures.status(STREAM, first));
    }

    @Test
    void twoSessionsEventsOfTheSameHandleAreKeptApart()
    {
        StreamCaptures.begun(STREAM, new CUgraph(), RELAXED, first, CONTEXT);
        assertEquals(DriverStatus.SUCCESS, StreamCaptures.recordEvent(EVENT, STREAM, first));

        assertEquals(CUresult.CUDA_ERROR_CAPTURED_EVENT, StreamCaptures.eventUse(EVENT, "cuEventQuery", first));
        assertEquals(StreamCaptures.NOT_CAPTURED, StreamCaptures.eventUse(EVENT, "cuEventQuery", second),
            "the second session's event of the same handle was not recorded in a capture");
        assertEquals(StreamCaptures.NOT_CAPTURED, StreamCaptures.recordEvent(EVENT, STREAM, second),
            "recording the second session's event outside a capture");
        assertEquals(CUresult.CUDA_ERROR_CAPTURED_EVENT, StreamCaptures.eventUse(EVENT, "cuEventQuery", first),
            "leaves the first session's event marked");

        final CUevent event = new CUevent();
        JCudaPointers.setNativePointer(event, EVENT);
        assertEquals(StreamCaptures.NOT_CAPTURED, StreamCaptures.waitEvent(OTHER_STREAM, event, 0, second),
            "the second session's stream waiting for its own event does not join the first session's capture");
        assertEquals(NONE, StreamCaptures.status(OTHER_STREAM, second));
        assertEquals(NONE, StreamCaptures.status(OTHER_STREAM, first));
        assertEquals(DriverStatus.SUCCESS, StreamCaptures.waitEvent(OTHER_STREAM, event, 0, first),
            "while the first session's stream does");
        assertEquals(ACTIVE, StreamCaptures.status(OTHER_STREAM, first));
    }

    @Test
    void aSessionsEndForgetsItsCaptures()
    {
        StreamCaptures.begun(STREAM, new CUgraph(), RELAXED, first, CONTEXT);
        StreamCaptures.begun(STREAM, new CUgraph(), RELAXED, second, CONTEXT);
        assertEquals(DriverStatus.SUCCESS, StreamCaptures.recordEvent(EVENT, STREAM, first));

        StreamCaptures.sessionEnded(first);
        assertEquals(NONE, StreamCaptures.status(STREAM, first), "the ended session's capture");
        assertEquals(StreamCaptures.NOT_CAPTURED, StreamCaptures.eventUse(EVENT, "cuEventQuery", first),
            "the ended session's event");
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, second), "another session's capture");

        StreamCaptures.begun(OTHER_STREAM, new CUgraph(), RELAXED, first, CONTEXT);
        assertEquals(NONE, StreamCaptures.status(OTHER_STREAM, first),
            "a capture begun while its session ended is not kept");
    }

    @Test
    void aContextSynchronizeInvalidatesOnlyThatContextsCaptures()
    {
        StreamCaptures.begun(STREAM, new CUgraph(), GLOBAL, first, CONTEXT);
        StreamCaptures.begun(OTHER_STREAM, new CUgraph(), GLOBAL, first, OTHER_CONTEXT);
        StreamCaptures.begun(STREAM, new CUgraph(), GLOBAL, second, CONTEXT);

        assertEquals(StreamCaptures.NOT_CAPTURED,
            StreamCaptures.synchronizeAll("cuCtxSynchronize", first, 0xC7C7_0003L),
            "a context without a capture synchronises as usual");
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, first));

        assertEquals(CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
            StreamCaptures.synchronizeAll("cuCtxSynchronize", first, CONTEXT));
        assertEquals(INVALIDATED, StreamCaptures.status(STREAM, first), "the context's capture");
        assertEquals(ACTIVE, StreamCaptures.status(OTHER_STREAM, first), "a capture in another context of the session");
        assertEquals(ACTIVE, StreamCaptures.status(STREAM, second),
            "another session's capture in a context of the same handle");
    }
}
