package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.CU_EVENT_DISABLE_TIMING;
import static org.bytedeco.cuda.global.cudart.cuEventCreate;
import static org.bytedeco.cuda.global.cudart.cuEventRecord;
import static org.bytedeco.cuda.global.cudart.cuEventSynchronize;
import static org.bytedeco.cuda.global.cudart.cuMemHostAlloc;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoHAsync;
import static org.bytedeco.cuda.global.cudart.cuMemcpyHtoDAsync;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.cuda.cudart.CUevent_st;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.javacpp.Pointer;

/**
 * Page-locked host buffers of one context through which host data is copied to and from the device in chunks, as
 * it arrives in and leaves through Aeron's buffers. The GPU can read and write only page-locked memory by DMA; from
 * pageable memory (Aeron's buffers among it) the driver stages each copy through buffers of its own. Staging through
 * buffers we keep lets the copy of one chunk into a buffer overlap the DMA of the previous one, and lets a chunk's
 * copy return as soon as its bytes are staged, while the chunk, which Aeron reuses after the callback, is no longer
 * needed.
 * <p>
 * Buffers are used in turn; an event recorded after each chunk's DMA tells when its buffer may be filled again.
 * Everything is enqueued on the caller's stream, so staged copies keep CUDA's stream order; on the default stream
 * they behave like {@code cudaMemcpy} from pageable memory, which also returns before the DMA ends.
 * <p>
 * The buffers and their events belong to the context that was current when they were allocated, and go when it is
 * destroyed: {@code cuCtxDestroy} frees a context's page-locked memory and events with everything else. Used by the
 * session's worker thread, with that context current.
 */
final class StagingBuffers
{
    private final Pointer[] buffers;
    private final UnsafeBuffer[] views;
    private final CUevent_st[] copied;
    private final boolean[] inFlight;
    private final int bufferBytes;
    private int nextBuffer;
    private boolean allocated;
    private String failureMessage;

    StagingBuffers(final int bufferCount, final int bufferBytes)
    {
        if (bufferCount < 2 || bufferBytes < 1)
        {
            throw new IllegalArgumentException(
                "staging needs at least two non-empty buffers, not " + bufferCount + " of " + bufferBytes + " bytes");
        }
        this.buffers = new Pointer[bufferCount];
        this.views = new UnsafeBuffer[bufferCount];
        this.copied = new CUevent_st[bufferCount];
        this.inFlight = new boolean[bufferCount];
        this.bufferBytes = bufferBytes;
    }

    /**
     * Allocate the buffers and their events in the current context, unless that was done already.
     *
     * @return the driver's result.
     */
    int allocate()
    {
        if (allocated)
        {
            return CUDA_SUCCESS;
        }
        for (int i = 0; i < buffers.length; i++)
        {
            final Pointer buffer = new Pointer();
            final int allocResult = cuMemHostAlloc(buffer, bufferBytes, 0);
            if (allocResult != CUDA_SUCCESS)
            {
                return fail(allocResult, "cuMemHostAlloc of a " + bufferBytes + "-byte staging buffer");
            }
            final CUevent_st event = new CUevent_st();
            final int eventResult = cuEventCreate(event, CU_EVENT_DISABLE_TIMING);
            if (eventResult != CUDA_SUCCESS)
            {
                return fail(eventResult, "cuEventCreate for a staging buffer");
            }
            buffers[i] = buffer;
            views[i] = new UnsafeBuffer(buffer.address(), bufferBytes);
            copied[i] = event;
        }
        allocated = true;
        return CUDA_SUCCESS;
    }

    /**
     * Copy bytes of a host buffer (Aeron's, or a Java array) to the device through the staging buffers, enqueued on
     * {@code stream}. Returns once the bytes are staged: the source may then be reused, the DMA may still run.
     */
    int copyToDevice(
        final long deviceAddress, final DirectBuffer source, final int sourceOffset, final int length,
        final CUstream_st stream)
    {
        for (int done = 0; done < length; )
        {
            final int chunk = Math.min(bufferBytes, length - done);
            final int buffer = takeBuffer();
            final int awaitResult = awaitBuffer(buffer);
            if (awaitResult != CUDA_SUCCESS)
            {
                return awaitResult;
            }
            views[buffer].putBytes(0, source, sourceOffset + done, chunk);
            final int copyResult = cuMemcpyHtoDAsync(deviceAddress + done, buffers[buffer], chunk, stream);
            if (copyResult != CUDA_SUCCESS)
            {
                return fail(copyResult, "cuMemcpyHtoDAsync of " + chunk + " bytes from a staging buffer");
            }
            final int recordResult = recordCopied(buffer, stream);
            if (recordResult != CUDA_SUCCESS)
            {
                return recordResult;
            }
            done += chunk;
        }
        return CUDA_SUCCESS;
    }

    /**
     * Copy bytes from the device into a host buffer (the outgoing message) through the staging buffers, in the order
     * of {@code stream}. Returns when the bytes are in the destination.
     */
    int copyToHost(
        final MutableDirectBuffer destination, final int destinationOffset, final long deviceAddress, final int length,
        final CUstream_st stream)
    {
        for (int done = 0; done < length; )
        {
            final int chunk = Math.min(bufferBytes, length - done);
            final int buffer = takeBuffer();
            final int awaitResult = awaitBuffer(buffer);
            if (awaitResult != CUDA_SUCCESS)
            {
                return awaitResult;
            }
            final int copyResult = cuMemcpyDtoHAsync(buffers[buffer], deviceAddress + done, chunk, stream);
            if (copyResult != CUDA_SUCCESS)
            {
                return fail(copyResult, "cuMemcpyDtoHAsync of " + chunk + " bytes into a staging buffer");
            }
            final int recordResult = recordCopied(buffer, stream);
            if (recordResult != CUDA_SUCCESS)
            {
                return recordResult;
            }
            final int copiedResult = awaitBuffer(buffer);
            if (copiedResult != CUDA_SUCCESS)
            {
                return copiedResult;
            }
            destination.putBytes(destinationOffset + done, views[buffer], 0, chunk);
            done += chunk;
        }
        return CUDA_SUCCESS;
    }

    /**
     * Copy from page-locked host memory (the session's shared transfer region) straight to the device, in the order
     * of {@code stream}, and return when the DMA is done: the memory goes back to the client right after.
     */
    int copyToDeviceInPlace(final long deviceAddress, final Pointer host, final int length, final CUstream_st stream)
    {
        final int buffer = takeBuffer();
        final int awaitResult = awaitBuffer(buffer);
        if (awaitResult != CUDA_SUCCESS)
        {
            return awaitResult;
        }
        final int copyResult = cuMemcpyHtoDAsync(deviceAddress, host, length, stream);
        if (copyResult != CUDA_SUCCESS)
        {
            return fail(copyResult, "cuMemcpyHtoDAsync of " + length + " bytes from shared memory");
        }
        final int recordResult = recordCopied(buffer, stream);
        return recordResult != CUDA_SUCCESS ? recordResult : awaitBuffer(buffer);
    }

    /**
     * Copy from the device straight into page-locked host memory (the session's shared transfer region), in the order
     * of {@code stream}, and return when the bytes are there.
     */
    int copyToHostInPlace(final Pointer host, final long deviceAddress, final int length, final CUstream_st stream)
    {
        final int buffer = takeBuffer();
        final int awaitResult = awaitBuffer(buffer);
        if (awaitResult != CUDA_SUCCESS)
        {
            return awaitResult;
        }
        final int copyResult = cuMemcpyDtoHAsync(host, deviceAddress, length, stream);
        if (copyResult != CUDA_SUCCESS)
        {
            return fail(copyResult, "cuMemcpyDtoHAsync of " + length + " bytes into shared memory");
        }
        final int recordResult = recordCopied(buffer, stream);
        return recordResult != CUDA_SUCCESS ? recordResult : awaitBuffer(buffer);
    }

    /**
     * What the last call that returned an error was doing, with CUDA's name for the error.
     */
    String failureMessage()
    {
        return failureMessage;
    }

    private int takeBuffer()
    {
        final int buffer = nextBuffer;
        nextBuffer = (nextBuffer + 1) % buffers.length;
        return buffer;
    }

    private int awaitBuffer(final int buffer)
    {
        if (!inFlight[buffer])
        {
            return CUDA_SUCCESS;
        }
        final int result = cuEventSynchronize(copied[buffer]);
        if (result != CUDA_SUCCESS)
        {
            return fail(result, "cuEventSynchronize on a staged copy");
        }
        inFlight[buffer] = false;
        return CUDA_SUCCESS;
    }

    private int recordCopied(final int buffer, final CUstream_st stream)
    {
        final int result = cuEventRecord(copied[buffer], stream);
        if (result != CUDA_SUCCESS)
        {
            return fail(result, "cuEventRecord after a staged copy");
        }
        inFlight[buffer] = true;
        return CUDA_SUCCESS;
    }

    private int fail(final int result, final String what)
    {
        failureMessage = what + ": " + GpuRuntime.errorName(result);
        return result;
    }
}
