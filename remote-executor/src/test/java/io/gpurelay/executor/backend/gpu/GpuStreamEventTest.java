package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.executor.backend.gpu.GpuTestSupport.MIB;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.assertSameBytes;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.hostBuffer;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendEvent;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.gpu.GpuTestSupport.Parameters;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("gpu")
class GpuStreamEventTest
{
    /** About 30 ms at the 1.7 to 2 GHz of current data-centre GPUs. */
    private static final long SPIN_CYCLES = 50_000_000L;
    /** {@code CU_STREAM_NON_BLOCKING}, {@code CU_EVENT_DISABLE_TIMING}. */
    private static final int NON_BLOCKING = 0x1;
    private static final int DISABLE_TIMING = 0x2;

    private GpuTestSession gpu;
    private BackendContext context;
    private BackendKernel spin;

    @BeforeEach
    void openSession()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        context = gpu.context();
        spin = gpu.kernel(gpu.loadKernels(context), "spin");
    }

    @AfterEach
    void closeSession()
    {
        if (gpu != null)
        {
            gpu.close();
        }
    }

    @Test
    void workRunsAsynchronouslyAndEventsAroundItMeasureIt()
    {
        final BackendStream stream = stream(0);
        final BackendEvent start = event(0);
        final BackendEvent end = event(0);

        gpu.session.recordEvent(start, stream, gpu.call());
        gpu.ok();
        launchSpin(stream);
        gpu.session.recordEvent(end, stream, gpu.call());
        gpu.ok();
        gpu.session.queryStream(context, stream, gpu.call());
        assertEquals(CudaError.NOT_READY, gpu.result.error(), "the kernel still runs");
        gpu.session.queryEvent(end, gpu.call());
        assertEquals(CudaError.NOT_READY, gpu.result.error());
        gpu.session.eventElapsedTime(start, end, gpu.call());
        assertEquals(CudaError.NOT_READY, gpu.result.error());

        gpu.session.synchronizeEvent(end, gpu.call());
        gpu.ok();
        gpu.session.queryEvent(end, gpu.call());
        gpu.ok();
        gpu.session.queryStream(context, stream, gpu.call());
        gpu.ok();
        gpu.session.eventElapsedTime(start, end, gpu.call());
        final float milliseconds = Float.intBitsToFloat((int)gpu.value(0));
        assertTrue(milliseconds > 1, milliseconds + " ms");
        System.out.println("spin kernel of " + SPIN_CYCLES + " cycles: " + milliseconds + " ms");
    }

    @Test
    void eventsNeverRecordedOrWithoutTimingHaveNoElapsedTime()
    {
        final BackendEvent recorded = event(0);
        final BackendEvent neverRecorded = event(0);
        final BackendEvent untimed = event(DISABLE_TIMING);
        gpu.session.recordEvent(recorded, null, gpu.call());
        gpu.session.recordEvent(untimed, null, gpu.call());
        gpu.session.synchronizeContext(context, gpu.call());
        gpu.ok();

        gpu.session.eventElapsedTime(recorded, neverRecorded, gpu.call());
        assertEquals(CudaError.INVALID_HANDLE, gpu.result.error(), gpu.result.message());
        gpu.session.eventElapsedTime(untimed, recorded, gpu.call());
        assertEquals(CudaError.INVALID_HANDLE, gpu.result.error(), gpu.result.message());
        gpu.session.queryEvent(neverRecorded, gpu.call());
        gpu.ok();
    }

    @Test
    void aStreamWaitsForAnEventOfAnother()
    {
        final int count = MIB;
        final long source = gpu.malloc(context, count * Integer.BYTES);
        final long target = gpu.malloc(context, count * Integer.BYTES);
        final BackendStream producer = stream(NON_BLOCKING);
        final BackendStream consumer = stream(NON_BLOCKING);
        final BackendEvent produced = event(0);

        launchSpin(producer);
        gpu.session.memset(context, producer, source, 7, count, 4, gpu.call());
        gpu.ok();
        gpu.session.recordEvent(produced, producer, gpu.call());
        gpu.ok();
        gpu.session.streamWaitEvent(context, consumer, produced, gpu.call());
        gpu.ok();
        gpu.session.memcpyDeviceToDevice(context, consumer, target, source, count * Integer.BYTES, gpu.call());
        gpu.ok();
        gpu.session.synchronizeStream(context, consumer, gpu.call());
        gpu.ok();

        final UnsafeBuffer host = hostBuffer(count * Integer.BYTES);
        gpu.download(context, null, target, host, count * Integer.BYTES, MIB);
        for (int i = 0; i < count; i++)
        {
            assertEquals(7, host.getInt(i * Integer.BYTES), "element " + i);
        }
    }

    @Test
    void stagedCopiesKeepStreamOrder()
    {
        final int bytes = 16 * MIB + 100;
        final long device = gpu.malloc(context, bytes);
        final BackendStream stream = stream(NON_BLOCKING);
        final UnsafeBuffer first = pattern(bytes, 5);
        final UnsafeBuffer second = pattern(bytes, 6);

        launchSpin(stream);
        gpu.upload(context, stream, device, first, bytes, MIB);
        gpu.upload(context, stream, device, second, bytes, MIB);
        second.putInt(0, 0);
        gpu.session.memset(context, stream, device + bytes - 1, 3, 1, 1, gpu.call());
        gpu.ok();

        final UnsafeBuffer host = hostBuffer(bytes);
        gpu.download(context, stream, device, host, bytes, MIB);
        assertEquals(pattern(bytes, 6).getInt(0), host.getInt(0), "copied from staged bytes, not the reused chunk");
        assertSameBytes(new UnsafeBuffer(pattern(bytes, 6), 4, bytes - 5), new UnsafeBuffer(host, 4, bytes - 5),
            bytes - 5);
        assertEquals(3, host.getByte(bytes - 1));
    }

    private void launchSpin(final BackendStream stream)
    {
        gpu.launch(spin, stream, 1, 1, new Parameters().int64(SPIN_CYCLES));
        gpu.ok();
    }

    private BackendStream stream(final int flags)
    {
        final BackendStream stream = gpu.session.createStream(context, flags, gpu.call());
        gpu.ok();
        return stream;
    }

    private BackendEvent event(final int flags)
    {
        final BackendEvent event = gpu.session.createEvent(context, flags, gpu.call());
        gpu.ok();
        return event;
    }
}
