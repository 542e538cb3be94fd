package io.gpurelay.agent.cuda.driver;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;

/**
 * cuMemcpyPeer and cuMemcpyPeerAsync on device addresses and context handles, whichever binding made the call
 * (JCuda's {@code JCudaDriver}, JavaCPP's {@code cudart}). Between two contexts the bytes go through this client,
 * chunk by chunk, as cudaMemcpyPeer's do: the contexts may be on different executors. Within one context the copy
 * stays on its device.
 */
public final class DriverPeerCopies
{
    private static final long CHUNK_BYTES = 8L * 1024 * 1024;

    private DriverPeerCopies()
    {
    }

    /**
     * With {@code asynchronous} false there is no stream and every call is waited for. Asynchronously, within one
     * context, an asynchronous device-to-device copy on the stream. Between two contexts the call returns once the
     * bytes are staged: it is synchronous to the host, which CUDA allows of an asynchronous copy, and keeps the
     * stream's order all the same. The stream is the current context's, as every driver stream argument is. Where
     * that is the destination context, the bytes are read from the source (after the source context's earlier work on
     * its NULL stream, as any copy from it) and written by asynchronous copies on the stream, so they land after its
     * earlier work and before its later work. Where it is the source or another context, the stream is synchronised
     * first, so its earlier work is done before the bytes are read, and they are written before the call returns,
     * before any later work of the stream.
     *
     * @param stream the executor's stream handle (0 for the NULL stream).
     */
    public static int copy(final String name, final long destination, final long destinationContext,
        final long source, final long sourceContext, final long byteCount, final boolean asynchronous,
        final long stream)
    {
        final DeviceRouter client = DeviceRouter.installed();
        if (!DriverContexts.isLive(destinationContext))
        {
            return notAContext(destinationContext);
        }
        if (!DriverContexts.isLive(sourceContext))
        {
            return notAContext(sourceContext);
        }
        if (byteCount < 0)
        {
            AgentLog.warn(name + ": ByteCount is negative: " + byteCount + "; returning CUDA_ERROR_INVALID_VALUE");
            return DriverStatus.INVALID_VALUE;
        }
        final long streamContext = DriverContexts.current();
        if (stream != 0 && !DriverContexts.isLive(streamContext))
        {
            return DriverCalls.noCurrentContext();
        }
        if (destinationContext == sourceContext && (stream == 0 || streamContext == destinationContext))
        {
            final long[] args = { destination, source, byteCount, stream };
            return asynchronous ?
                client.callPipelined(Function.CU_MEMCPY_DTOD, destinationContext, args, null) :
                client.call(Function.CU_MEMCPY_DTOD, destinationContext, args, null, null, null);
        }
        final boolean streamOnDestination = stream != 0 && streamContext == destinationContext;
        if (stream != 0 && !streamOnDestination)
        {
            final int synchronised = client.call(Function.CU_STREAM_SYNCHRONIZE, streamContext,
                new long[]{ stream }, null, null, null);
            if (synchronised != DriverStatus.SUCCESS)
            {
                return synchronised;
            }
        }
        for (long offset = 0; offset < byteCount; offset += CHUNK_BYTES)
        {
            final long length = Math.min(CHUNK_BYTES, byteCount - offset);
            final ByteArrayPayload chunk = new ByteArrayPayload();
            final int read = client.call(Function.CU_MEMCPY_DTOH, sourceContext,
                new long[]{ source + offset, length, 0 }, null, chunk, null);
            if (read != DriverStatus.SUCCESS)
            {
                return read;
            }
            final long[] writeArgs = { destination + offset, length, streamOnDestination ? stream : 0 };
            final int written = streamOnDestination ?
                client.callPipelined(Function.CU_MEMCPY_HTOD, destinationContext, writeArgs, chunk) :
                client.call(Function.CU_MEMCPY_HTOD, destinationContext, writeArgs, chunk, null, null);
            if (written != DriverStatus.SUCCESS)
            {
                return written;
            }
        }
        return DriverStatus.SUCCESS;
    }

    /**
     * A context that is not live: CUDA_ERROR_INVALID_CONTEXT, saying whether it was destroyed.
     */
    public static int notAContext(final long context)
    {
        final int status = DeviceRouter.installed().connect();
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        AgentLog.warnOnce("0x" + Long.toHexString(context) + (DriverContexts.wasDestroyed(context) ?
            " is a destroyed context" : " is not a context from cuCtxCreate or cuDevicePrimaryCtxRetain") +
            "; returning CUDA_ERROR_INVALID_CONTEXT");
        return DriverStatus.INVALID_CONTEXT;
    }
}
