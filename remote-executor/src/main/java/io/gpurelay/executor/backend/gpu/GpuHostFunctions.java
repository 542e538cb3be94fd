package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuLaunchHostFunc;
import static org.bytedeco.cuda.global.cudart.cuStreamAddCallback;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.HostFunction;
import org.bytedeco.cuda.cudart.CUhostFn;
import org.bytedeco.cuda.cudart.CUstreamCallback;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.javacpp.Pointer;

/**
 * Stream callbacks and host functions on the GPU, queued with {@code cuStreamAddCallback} and {@code cuLaunchHostFunc}.
 * <p>
 * JavaCPP makes a native thunk for each callback object, and CUDA may call it as long as anything it was queued with
 * is pending, even after the session that queued it has ended. So there is one callback object of each kind for the
 * whole process, made once and never freed, and what CUDA passes as the user data is not a pointer but a key into a
 * table of the functions queued and not yet run. CUDA calls them on a thread of its own (JavaCPP attaches it to the
 * JVM), which the stream waits for: the function blocks it until the client's callback returns.
 */
final class GpuHostFunctions
{
    private static final Map<Long, HostFunction> QUEUED = new ConcurrentHashMap<>();
    private static final AtomicLong KEYS = new AtomicLong();
    private static final HostCallback HOST_CALLBACK = new HostCallback();
    private static final StreamCallback STREAM_CALLBACK = new StreamCallback();

    private GpuHostFunctions()
    {
    }

    /**
     * Queue the function on the stream of the current context (null: its default stream).
     *
     * @return CUDA's status; the function never runs unless it is {@code CUDA_SUCCESS}.
     */
    static int launch(final CUstream_st stream, final boolean streamCallback, final HostFunction function)
    {
        final long key = KEYS.incrementAndGet();
        QUEUED.put(key, function);
        final int status = streamCallback ?
            cuStreamAddCallback(stream, STREAM_CALLBACK, new Key(key), 0) :
            cuLaunchHostFunc(stream, HOST_CALLBACK, new Key(key));
        if (status != CUDA_SUCCESS)
        {
            QUEUED.remove(key);
        }
        return status;
    }

    private static void run(final long key, final CudaError status)
    {
        final HostFunction function = QUEUED.remove(key);
        if (function == null)
        {
            return;
        }
        try
        {
            function.run(status);
        }
        catch (final Throwable ex)
        {
            // Nothing may unwind into CUDA's thread; the function has already told its session what went wrong.
        }
    }

    /**
     * The user data CUDA hands back: a number, not an address of anything.
     */
    private static final class Key extends Pointer
    {
        Key(final long key)
        {
            address = key;
        }
    }

    private static final class HostCallback extends CUhostFn
    {
        public void call(final Pointer userData)
        {
            run(userData.address(), null);
        }
    }

    private static final class StreamCallback extends CUstreamCallback
    {
        public void call(final CUstream_st stream, final int status, final Pointer userData)
        {
            run(userData.address(), status == CUDA_SUCCESS ? null : CudaErrorMapping.cudaError(status));
        }
    }
}
