package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.executor.backend.gpu.GpuTestSupport.MIB;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.assertSameBytes;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.hostBuffer;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.pattern;

import io.gpurelay.executor.backend.BackendContext;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How fast the backend moves data between Aeron-like direct buffers and the GPU in 1 MiB chunks, the largest a
 * message carries, through its staging buffers. Prints the numbers; asserts only that the bytes arrive.
 */
@Tag("gpu")
class GpuCopyThroughputTest
{
    private static final int BYTES = 256 * MIB;
    private static final int ROUNDS = 5;

    @Test
    void hostToDeviceAndBack()
    {
        GpuTestSupport.assumeGpu();
        try (GpuTestSession gpu = new GpuTestSession())
        {
            final BackendContext context = gpu.context();
            final UnsafeBuffer source = pattern(BYTES, 13);
            final UnsafeBuffer target = hostBuffer(BYTES);
            final long device = gpu.malloc(context, BYTES);

            measure("host to device, staged, 1 MiB chunks", gpu, context,
                () -> gpu.upload(context, null, device, source, BYTES, MIB));
            measure("device to host, staged, 1 MiB chunks", gpu, context,
                () -> gpu.download(context, null, device, target, BYTES, MIB));
            assertSameBytes(source, target, BYTES);
        }
    }

    private static void measure(
        final String name, final GpuTestSession gpu, final BackendContext context, final Runnable copy)
    {
        double best = 0;
        for (int round = 0; round < ROUNDS; round++)
        {
            final long start = System.nanoTime();
            copy.run();
            gpu.session.synchronizeContext(context, gpu.call());
            gpu.ok();
            best = Math.max(best, (double)BYTES / (System.nanoTime() - start));
        }
        System.out.printf("%-40s %6.2f GB/s (best of %d, %d MiB)%n", name, best, ROUNDS, BYTES / MIB);
    }
}
