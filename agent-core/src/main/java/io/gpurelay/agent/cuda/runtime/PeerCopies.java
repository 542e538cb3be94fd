package io.gpurelay.agent.cuda.runtime;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * cudaMemcpyPeer and cudaMemcpyPeerAsync on device addresses, whichever binding made the call (JCuda's
 * {@code JCuda}, JavaCPP's {@code cudart}). Between two devices the bytes go through this client, chunk by chunk: the
 * devices may be on different executors, which share no memory and no network path to each other. On one device the
 * copy stays there.
 */
public final class PeerCopies
{
    private static final long CHUNK_BYTES = 8L * 1024 * 1024;

    private PeerCopies()
    {
    }

    /**
     * What CUDA checks first: a client that connects, both devices, a count that is no negative.
     *
     * @return SUCCESS, or the failure, recorded as the calling thread's last error.
     */
    public static int check(final String name, final int dstDevice, final int srcDevice, final long count)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        if (client.executorOf(dstDevice) < 0 || client.executorOf(srcDevice) < 0)
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        if (count < 0)
        {
            AgentLog.warn(name + ": count is negative: " + count + "; returning cudaErrorInvalidValue");
            return thread.record(RuntimeStatus.INVALID_VALUE);
        }
        return RuntimeStatus.SUCCESS;
    }

    /**
     * The copy, once {@link #check} passed. With {@code asynchronous} false there is no stream and every call is
     * waited for. Asynchronously, on one device, it is an asynchronous device-to-device copy on the stream. Between
     * two devices the call returns once the bytes are staged: it is synchronous to the host, which CUDA allows of an
     * asynchronous copy, and keeps the stream's order all the same. The stream is the calling thread's current
     * device's, as every runtime stream argument is. Where that is the destination, the bytes are read from the
     * source (after the source's earlier work on its default stream, as any copy from it) and written by
     * asynchronous copies on the stream, so they land after the stream's earlier work and before its later work.
     * Where it is the source or another device, the stream is synchronised first, so its earlier work is done before
     * the bytes are read, and they are written before the call returns, before any later work of the stream.
     *
     * @param stream the executor's stream handle (0 for the default stream).
     */
    public static int copy(final long destination, final int dstDevice, final long source, final int srcDevice,
        final long count, final boolean asynchronous, final long stream)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final DeviceRouter client = DeviceRouter.installed();
        final long handle = asynchronous ? stream : 0;
        final int streamDevice = thread.device();
        if (dstDevice == srcDevice && (handle == 0 || streamDevice == dstDevice))
        {
            return thread.record(asynchronous ?
                client.callPipelined(Function.CUDA_MEMCPY_DTOD_ASYNC, dstDevice,
                    new long[]{ destination, source, count, handle }, null) :
                client.call(Function.CUDA_MEMCPY_DTOD, dstDevice,
                    new long[]{ destination, source, count }, null, null, null));
        }
        final boolean streamOnDestination = handle != 0 && streamDevice == dstDevice;
        if (handle != 0 && !streamOnDestination)
        {
            final int synchronised = client.call(Function.CUDA_STREAM_SYNCHRONIZE, streamDevice,
                new long[]{ handle }, null, null, null);
            if (synchronised != RuntimeStatus.SUCCESS)
            {
                return thread.record(synchronised);
            }
        }
        for (long offset = 0; offset < count; offset += CHUNK_BYTES)
        {
            final long length = Math.min(CHUNK_BYTES, count - offset);
            final ByteArrayPayload chunk = new ByteArrayPayload();
            final int read = client.call(Function.CUDA_MEMCPY_DTOH, srcDevice,
                new long[]{ source + offset, length }, null, chunk, null);
            if (read != RuntimeStatus.SUCCESS)
            {
                return thread.record(read);
            }
            final int written = streamOnDestination ?
                client.callPipelined(Function.CUDA_MEMCPY_HTOD_ASYNC, dstDevice,
                    new long[]{ destination + offset, length, handle }, chunk) :
                client.call(Function.CUDA_MEMCPY_HTOD, dstDevice,
                    new long[]{ destination + offset, length }, chunk, null, null);
            if (written != RuntimeStatus.SUCCESS)
            {
                return thread.record(written);
            }
        }
        return RuntimeStatus.SUCCESS;
    }
}
