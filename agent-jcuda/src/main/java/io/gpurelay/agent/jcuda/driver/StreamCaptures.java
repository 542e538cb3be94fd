package io.gpurelay.agent.jcuda.driver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SessionEnds;
import io.gpurelay.agent.client.SessionHandle;
import io.gpurelay.agent.cuda.capture.CaptureActivity;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.agent.cuda.driver.DriverTableCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import jcuda.Pointer;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUDA_KERNEL_NODE_PARAMS;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMSET_NODE_PARAMS;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUkernelNodeAttrValue;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUresult;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.CUstreamCaptureStatus;

/**
 * Stream capture ({@code cuStreamBeginCapture} to {@code cuStreamEndCapture}) for {@link JCudaDriverRemote}: the work
 * the program puts on a capturing stream is not sent to run but added, as a node, to the capture's graph, which is an
 * executor graph like one of {@code cuGraphCreate} ({@link JCudaDriverGraphs}); so a captured graph runs as a built one
 * does, on both backends, and is checked at each launch like any graph.
 * <p>
 * The capture state is the agent's: a stream belongs to one session, whose one client is this process, so this process
 * sees every call that could be captured. Each capturing stream keeps the nodes its next node depends on (its tail):
 * one captured call depends on the previous one of its stream. {@code cuEventRecord} on a capturing stream marks the
 * event with that tail, and {@code cuStreamWaitEvent} on such an event adds the tail to the waiting stream's, which
 * joins the capture if it was not capturing (CUDA's fork and join). {@code cuStreamEndCapture} on the stream that
 * began it ends the capture of every joined stream and answers the graph, or CUDA's error where a joined stream was not
 * joined back or the capture was invalidated.
 * <p>
 * What cannot be captured answers what CUDA answers and invalidates the capture: a synchronisation or query of a
 * capturing stream, a copy with host memory, a stream callback, a graph launch, and the other stream-ordered calls
 * gpurelay does not record ({@link #refuse}). The thread's capture mode ({@code cuThreadExchangeStreamCaptureMode}) is
 * kept per thread and decides, as CUDA's rule does, whether the thread may make the potentially unsafe calls that
 * gpurelay checks ({@code cuMemAlloc}, {@code cuMemFree} and their host forms, see {@link #unsafe}).
 * <p>
 * Stream and event handles are the executor's, and the executors of one device list ({@code executor=A;B}) each
 * choose their own, so two can give the same handle: streams and events are kept under the session a call goes to
 * ({@link DeviceRouter#driverSession} for the driver's calls, {@link DeviceRouter#runtimeSession} for the runtime's)
 * and their handle together, and a call on one executor's stream never meets another executor's capture. The session
 * is asked for only while some capture is under way. A session's end takes its streams and graphs with it, so its
 * captures are forgotten ({@link SessionEnds}); one begun while its session ends is forgotten by its call.
 */
public final class StreamCaptures
{
    /** CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE. */
    private static final int COOPERATIVE = 2;
    /** What a call answers when it is not a capture's: the caller runs it as usual. */
    public static final int NOT_CAPTURED = CaptureActivity.NOT_CAPTURED;

    static
    {
        CaptureActivity.refusal(StreamCaptures::refuse);
    }

    private static final Object LOCK = new Object();
    private static final FunctionRow STREAM_GET_CTX =
        FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuStreamGetCtx");
    /** Capturing streams (capturing or invalidated) by session and handle. */
    private static final Map<SessionHandle, StreamState> STREAMS = new HashMap<>();
    /** Events last recorded in a capturing stream, by session and handle. */
    private static final Map<SessionHandle, EventMark> EVENTS = new HashMap<>();
    private static final ThreadLocal<int[]> THREAD_MODE =
        ThreadLocal.withInitial(() -> new int[]{ CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL });

    static
    {
        SessionEnds.listen(StreamCaptures::sessionEnded);
    }

    private StreamCaptures()
    {
    }

    /**
     * The session ended: its streams, events and the captures' graphs went with it, and so do its captures here.
     */
    static void sessionEnded(final Object session)
    {
        SessionEnds.markEnded(session);
        synchronized (LOCK)
        {
            STREAMS.keySet().removeIf(key -> key.session() == session);
            EVENTS.keySet().removeIf(key -> key.session() == session);
            CaptureActivity.underWay = !STREAMS.isEmpty();
        }
    }

    static int begin(final long stream, final int mode)
    {
        final String name = "cuStreamBeginCapture";
        if (mode != CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL &&
            mode != CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL &&
            mode != CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED)
        {
            return fail(name, "mode " + mode + " is not a CUstreamCaptureMode", DriverStatus.INVALID_VALUE);
        }
        if (stream == 0)
        {
            return fail(name, "the default (legacy) stream cannot be captured",
                CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
        }
        final Object session = DriverCalls.session();
        synchronized (LOCK)
        {
            if (STREAMS.containsKey(new SessionHandle(session, stream)))
            {
                return fail(name, "stream 0x" + Long.toHexString(stream) + " is capturing already",
                    CUresult.CUDA_ERROR_ILLEGAL_STATE);
            }
        }
        final long context = streamContext(stream);
        final CUgraph graph = new CUgraph();
        final int status = JCudaDriverGraphs.create(graph, 0);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        begun(stream, graph, mode, session, context);
        return DriverStatus.SUCCESS;
    }

    /**
     * The context the stream belongs to, as its executor answers {@code cuStreamGetCtx}; the calling thread's current
     * context where the executor cannot say (an executor without the function).
     */
    private static long streamContext(final long stream)
    {
        final long[] results = new long[1];
        final int status = DriverTableCalls.send(STREAM_GET_CTX, new long[]{ stream }, results, null, false);
        return status == DriverStatus.SUCCESS ? results[0] : DriverContexts.current();
    }

    /**
     * The capture begun on the session's stream, into the graph made for it; not kept when the session has ended
     * meanwhile (its end may have run before this, and its graph is gone with it).
     */
    static void begun(final long stream, final CUgraph graph, final int mode, final Object session,
        final long context)
    {
        final SessionHandle key = new SessionHandle(session, stream);
        synchronized (LOCK)
        {
            final Capture capture = new Capture(session, context, stream, graph, mode, Thread.currentThread());
            capture.streams.add(stream);
            STREAMS.put(key, new StreamState(capture));
            CaptureActivity.underWay = true;
        }
        if (SessionEnds.hasEnded(session))
        {
            synchronized (LOCK)
            {
                STREAMS.remove(key);
                CaptureActivity.underWay = !STREAMS.isEmpty();
            }
        }
    }

    static int end(final long stream, final CUgraph phGraph)
    {
        return end(stream, phGraph, CaptureActivity.underWay ? DriverCalls.session() : null);
    }

    /**
     * cuStreamEndCapture on the session's stream.
     */
    static int end(final long stream, final CUgraph phGraph, final Object session)
    {
        final String name = "cuStreamEndCapture";
        final Capture capture;
        final boolean unjoined;
        final boolean wrongThread;
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(new SessionHandle(session, stream));
            if (state == null)
            {
                return fail(name, "stream 0x" + Long.toHexString(stream) + " is not capturing",
                    CUresult.CUDA_ERROR_ILLEGAL_STATE);
            }
            capture = state.capture;
            if (capture.origin != stream)
            {
                return fail(name, "the capture was not begun on stream 0x" + Long.toHexString(stream),
                    CUresult.CUDA_ERROR_STREAM_CAPTURE_UNMATCHED);
            }
            // From another thread (not in relaxed mode) CUDA fails the call and ends the capture all the same: the
            // stream no longer captures, and no graph comes of it.
            wrongThread = capture.mode != CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED &&
                capture.thread != Thread.currentThread();
            unjoined = !wrongThread && !capture.invalidated && !joined(capture);
            for (final Long member : capture.streams)
            {
                STREAMS.remove(new SessionHandle(capture.session, member));
            }
            EVENTS.values().removeIf(mark -> mark.capture == capture);
            CaptureActivity.underWay = !STREAMS.isEmpty();
        }
        if (wrongThread || capture.invalidated || unjoined)
        {
            JCudaDriverGraphs.destroy(capture.graph);
            if (phGraph != null)
            {
                JCudaPointers.setNativePointer(phGraph, 0);
            }
            if (wrongThread)
            {
                return fail(name, "the capture was begun on another thread (not in relaxed mode); it has ended",
                    CUresult.CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD);
            }
            return unjoined ? fail(name, "a stream that joined the capture was not joined back into stream 0x" +
                Long.toHexString(stream), CUresult.CUDA_ERROR_STREAM_CAPTURE_UNJOINED) :
                fail(name, "the capture was invalidated" + (capture.reason == null ? "" : " by " + capture.reason),
                    CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
        }
        if (phGraph == null)
        {
            JCudaDriverGraphs.destroy(capture.graph);
            return fail(name, "phGraph is null", DriverStatus.INVALID_VALUE);
        }
        JCudaPointers.setNativePointer(phGraph, JCudaPointers.nativePointer(capture.graph));
        return DriverStatus.SUCCESS;
    }

    /**
     * @return CUstreamCaptureStatus of the stream.
     */
    static int status(final long stream)
    {
        if (!CaptureActivity.underWay)
        {
            return CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE;
        }
        return status(stream, DriverCalls.session());
    }

    /**
     * @return CUstreamCaptureStatus of the session's stream.
     */
    static int status(final long stream, final Object session)
    {
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(new SessionHandle(session, stream));
            return state == null ? CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE :
                state.capture.invalidated ? CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_INVALIDATED :
                CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE;
        }
    }

    static int exchangeMode(final int[] mode)
    {
        if (mode == null || mode.length == 0)
        {
            return fail("cuThreadExchangeStreamCaptureMode", "mode is null or empty", DriverStatus.INVALID_VALUE);
        }
        // CUDA takes any value (a GPU answered success for 7) and gives it back at the next exchange.
        final int[] current = THREAD_MODE.get();
        final int previous = current[0];
        current[0] = mode[0];
        mode[0] = previous;
        return DriverStatus.SUCCESS;
    }

    /**
     * A kernel launch on the stream: a kernel node when the stream captures (the parameters are read now, as CUDA
     * reads them at a captured launch); a cooperative launch's node has the cooperative attribute.
     */
    static int launch(
        final long stream, final CUfunction f, final int[] dimensions, final int sharedMemBytes,
        final Pointer kernelParams, final Pointer extra, final boolean cooperative)
    {
        final SessionHandle key = capturing(stream);
        if (key == null)
        {
            return NOT_CAPTURED;
        }
        final CUDA_KERNEL_NODE_PARAMS params = new CUDA_KERNEL_NODE_PARAMS();
        params.func = f;
        params.gridDimX = dimensions[0];
        params.gridDimY = dimensions[1];
        params.gridDimZ = dimensions[2];
        params.blockDimX = dimensions[3];
        params.blockDimY = dimensions[4];
        params.blockDimZ = dimensions[5];
        params.sharedMemBytes = sharedMemBytes;
        params.kernelParams = kernelParams;
        params.extra = extra;
        return add(key, (graph, node, dependencies) ->
        {
            final int status = JCudaDriverGraphs.addKernelNode(node, graph, dependencies, dependencies.length, params);
            if (status != DriverStatus.SUCCESS || !cooperative)
            {
                return status;
            }
            // A captured cooperative launch is a kernel node with the cooperative attribute, as in CUDA.
            final CUkernelNodeAttrValue value = new CUkernelNodeAttrValue();
            value.cooperative = 1;
            return JCudaDriverGraphs.kernelNodeSetAttribute(node, COOPERATIVE, value);
        });
    }

    /**
     * A memset on the stream (cuMemsetD8/16/32Async): a memset node of one row when the stream captures.
     */
    static int memset(final long stream, final long destination, final long value, final int elementSize,
        final long count)
    {
        final SessionHandle key = capturing(stream);
        if (key == null)
        {
            return NOT_CAPTURED;
        }
        final CUDA_MEMSET_NODE_PARAMS params = new CUDA_MEMSET_NODE_PARAMS();
        params.dst = new CUdeviceptr();
        JCudaPointers.setAddress(params.dst, destination);
        params.pitch = 0;
        params.value = (int)value;
        params.elementSize = elementSize;
        params.width = count;
        params.height = 1;
        return add(key, (graph, node, dependencies) -> JCudaDriverGraphs.addMemsetNode(node, graph, dependencies,
            dependencies.length, params));
    }

    /**
     * A copy between device memory on the stream (cuMemcpyDtoDAsync, cuMemcpyAsync): a memcpy node when the stream
     * captures.
     */
    static int copy(final long stream, final long destination, final long source, final long bytes)
    {
        final SessionHandle key = capturing(stream);
        if (key == null)
        {
            return NOT_CAPTURED;
        }
        final CUDA_MEMCPY3D params = new CUDA_MEMCPY3D();
        params.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        params.dstDevice = new CUdeviceptr();
        JCudaPointers.setAddress(params.dstDevice, destination);
        params.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        params.srcDevice = new CUdeviceptr();
        JCudaPointers.setAddress(params.srcDevice, source);
        params.WidthInBytes = bytes;
        params.Height = 1;
        params.Depth = 1;
        return add(key, (graph, node, dependencies) -> JCudaDriverGraphs.addMemcpyNode(node, graph, dependencies,
            dependencies.length, params));
    }

    /**
     * cuLaunchHostFunc on the stream: a host node when the stream captures, whose function runs in this process at
     * each launch of the graph, as a built host node's does.
     */
    static int hostFunction(final long stream, final CUhostFn fn, final Object userData)
    {
        final SessionHandle key = capturing(stream);
        if (key == null)
        {
            return NOT_CAPTURED;
        }
        final CUDA_HOST_NODE_PARAMS params = new CUDA_HOST_NODE_PARAMS();
        params.fn = fn;
        params.userData = userData;
        return add(key, (graph, node, dependencies) -> JCudaDriverGraphs.addHostNode(node, graph, dependencies,
            dependencies.length, params));
    }

    /**
     * cuEventRecord: in a capturing stream it runs nothing but marks the event with the stream's tail, for a later
     * cuStreamWaitEvent; elsewhere it runs, and the event is no longer a capture's. As nothing reaches the executor,
     * a capturing stream's event is first checked there (a query, which refuses a handle that is not a live event of
     * the session): CUDA refuses such a handle at once, and no later call would report it.
     */
    static int recordEvent(final long event, final long stream)
    {
        if (!CaptureActivity.underWay)
        {
            return NOT_CAPTURED;
        }
        final Object session = DriverCalls.session();
        if (isCapturing(stream, session))
        {
            final int status = DriverCalls.inContext(
                Function.CU_EVENT_QUERY, new long[]{ event }, null, null, null);
            if (status != DriverStatus.SUCCESS && status != CUresult.CUDA_ERROR_NOT_READY)
            {
                return status;
            }
        }
        return recordEvent(event, stream, session);
    }

    private static boolean isCapturing(final long stream, final Object session)
    {
        synchronized (LOCK)
        {
            return STREAMS.containsKey(new SessionHandle(session, stream));
        }
    }

    /**
     * As {@link #recordEvent(long, long)}, for the session's event and stream.
     */
    static int recordEvent(final long event, final long stream, final Object session)
    {
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(new SessionHandle(session, stream));
            if (state == null)
            {
                EVENTS.remove(new SessionHandle(session, event));
                return NOT_CAPTURED;
            }
            if (state.capture.invalidated)
            {
                return CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
            }
            EVENTS.put(new SessionHandle(session, event), new EventMark(state.capture, new ArrayList<>(state.tail)));
            return DriverStatus.SUCCESS;
        }
    }

    /**
     * cuStreamWaitEvent: an event marked by a capture adds its tail to the stream's (the stream joins the capture if
     * it was not capturing); a capturing stream waiting for an event recorded outside its capture crosses the
     * capture's boundary, which CUDA refuses, unless the wait is external (CU_EVENT_WAIT_EXTERNAL), a wait node.
     */
    static int waitEvent(final long stream, final CUevent event, final int flags)
    {
        if (!CaptureActivity.underWay)
        {
            return NOT_CAPTURED;
        }
        return waitEvent(stream, event, flags, DriverCalls.session());
    }

    /**
     * As {@link #waitEvent(long, CUevent, int)}, for the session's stream and event.
     */
    static int waitEvent(final long stream, final CUevent event, final int flags, final Object session)
    {
        final String name = "cuStreamWaitEvent";
        final long eventHandle = JCudaPointers.nativePointer(event);
        final SessionHandle key = new SessionHandle(session, stream);
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(key);
            final EventMark mark = EVENTS.get(new SessionHandle(session, eventHandle));
            if (state == null && mark == null)
            {
                return NOT_CAPTURED;
            }
            if (state != null && state.capture.invalidated)
            {
                return CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
            }
            if (mark == null)
            {
                if ((flags & jcuda.driver.CUevent_wait_flags.CU_EVENT_WAIT_EXTERNAL) == 0)
                {
                    return invalidate(state.capture, name, "event 0x" + Long.toHexString(eventHandle) +
                        " was not recorded in the capture", CUresult.CUDA_ERROR_STREAM_CAPTURE_ISOLATION);
                }
            }
            else if (mark.capture.invalidated)
            {
                return CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
            }
            else if (state == null)
            {
                if (stream == 0)
                {
                    return invalidate(mark.capture, name, "the default (legacy) stream cannot join a capture",
                        CUresult.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
                }
                final StreamState joined = new StreamState(mark.capture);
                joined.tail.addAll(mark.tail);
                mark.capture.streams.add(stream);
                STREAMS.put(key, joined);
                return DriverStatus.SUCCESS;
            }
            else if (state.capture != mark.capture)
            {
                return invalidate(state.capture, name, "event 0x" + Long.toHexString(eventHandle) + " was " +
                    "recorded in another capture", CUresult.CUDA_ERROR_STREAM_CAPTURE_MERGE);
            }
            else
            {
                state.tail.addAll(mark.tail);
                return DriverStatus.SUCCESS;
            }
        }
        return add(key, (graph, node, dependencies) -> JCudaDriverGraphs.addEventNode(false, node, graph,
            dependencies, dependencies.length, event));
    }

    /**
     * A call on a stream that gpurelay does not record, or that CUDA forbids on a capturing stream (a synchronisation,
     * a query, a copy with host memory, a stream callback): when the stream captures, the capture is invalidated and
     * the call answers CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED.
     *
     * @return {@link #NOT_CAPTURED} when the stream does not capture.
     */
    static int refuse(final long stream, final String function)
    {
        return CaptureActivity.underWay ? refuse(stream, function, DriverCalls.session()) : NOT_CAPTURED;
    }

    /**
     * As {@link #refuse(long, String)}, for the session's stream.
     */
    static int refuse(final long stream, final String function, final Object session)
    {
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(new SessionHandle(session, stream));
            if (state == null)
            {
                return NOT_CAPTURED;
            }
            return invalidate(state.capture, function, "it cannot be captured on stream 0x" +
                Long.toHexString(stream), CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
        }
    }

    /**
     * A runtime call on a stream ({@code jcuda.runtime.JCuda}, whose binding has no capture functions, but whose
     * streams a CUstream may name): nothing of the runtime is recorded into a capture, so on a capturing stream it is
     * refused as {@link #refuse} refuses, with the runtime's code of the same number (cudaErrorStreamCaptureUnsupported,
     * 900).
     */
    public static int refuseRuntime(final long stream, final String function)
    {
        return CaptureActivity.underWay ? refuse(stream, function, RuntimeCalls.session()) : NOT_CAPTURED;
    }

    /**
     * cuCtxSynchronize: it would wait for the context's capturing streams, so while the calling thread's current
     * context has a capture under way it is refused and invalidates that context's captures, whatever their mode or
     * thread and the calling thread's capture mode; a capture in another context (of this executor or another) is
     * left alone and the call runs. That is CUDA's answer, as measured on a GPU.
     */
    static int synchronizeAll(final String function)
    {
        return CaptureActivity.underWay ?
            synchronizeAll(function, DriverCalls.session(), DriverContexts.current()) : NOT_CAPTURED;
    }

    /**
     * cudaDeviceSynchronize (and cudaThreadSynchronize): {@code cuCtxSynchronize} of the device's primary context, so a
     * capture of the driver API in that context is refused and invalidated as {@link #synchronizeAll(String)} refuses
     * it, with the runtime's code of the same number (cudaErrorStreamCaptureUnsupported, 900). Without a primary
     * context retained in this process no capture can be in it.
     */
    public static int synchronizeRuntimeDevice(final String function)
    {
        if (!CaptureActivity.underWay)
        {
            return NOT_CAPTURED;
        }
        final long primary = DriverContexts.primary(RuntimeThreadState.currentDevice());
        return primary == DriverContexts.NONE ? NOT_CAPTURED :
            synchronizeAll(function, RuntimeCalls.session(), primary);
    }

    /**
     * As {@link #synchronizeAll(String)}, for the session's context.
     */
    static int synchronizeAll(final String function, final Object session, final long context)
    {
        synchronized (LOCK)
        {
            final Set<Capture> captures = new HashSet<>();
            for (final StreamState state : STREAMS.values())
            {
                if (state.capture.session == session && state.capture.context == context)
                {
                    captures.add(state.capture);
                }
            }
            int status = NOT_CAPTURED;
            for (final Capture capture : captures)
            {
                status = invalidate(capture, function, "it would synchronise a capturing stream",
                    CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
            }
            return status;
        }
    }

    /**
     * A potentially unsafe call (one that may synchronise implicitly): refused, invalidating the captures it would
     * conflict with, where the thread's capture mode prohibits it (CUDA's rule: in global mode while this thread has
     * a capture not begun in relaxed mode or another thread has one begun in global mode; in thread-local mode while
     * this thread has a capture not begun in relaxed mode; never in relaxed mode).
     */
    static int unsafe(final String function)
    {
        if (!CaptureActivity.underWay)
        {
            return NOT_CAPTURED;
        }
        final int mode = THREAD_MODE.get()[0];
        if (mode == CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED)
        {
            return NOT_CAPTURED;
        }
        final Thread self = Thread.currentThread();
        synchronized (LOCK)
        {
            final Set<Capture> conflicting = new LinkedHashSet<>();
            for (final StreamState state : STREAMS.values())
            {
                final Capture capture = state.capture;
                final boolean own = capture.thread == self &&
                    capture.mode != CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED;
                final boolean other = capture.thread != self &&
                    capture.mode == CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL &&
                    mode == CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL;
                if (own || other)
                {
                    conflicting.add(capture);
                }
            }
            int status = NOT_CAPTURED;
            for (final Capture capture : conflicting)
            {
                status = invalidate(capture, function, "it is potentially unsafe during a capture in this thread's " +
                    "capture mode", CUresult.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
            }
            return status;
        }
    }

    /**
     * cuEventQuery, cuEventSynchronize, cuEventElapsedTime: not on an event last recorded in a capturing stream.
     */
    static int eventUse(final long event, final String function)
    {
        return CaptureActivity.underWay ? eventUse(event, function, DriverCalls.session()) : NOT_CAPTURED;
    }

    /**
     * As {@link #eventUse(long, String)}, for the session's event.
     */
    static int eventUse(final long event, final String function, final Object session)
    {
        synchronized (LOCK)
        {
            if (EVENTS.containsKey(new SessionHandle(session, event)))
            {
                return fail(function, "event 0x" + Long.toHexString(event) + " was last recorded in a capturing " +
                    "stream", CUresult.CUDA_ERROR_CAPTURED_EVENT);
            }
            return NOT_CAPTURED;
        }
    }

    /**
     * A stream's end ends its part in a capture, which it invalidates. A capture's graph becomes the program's only
     * once {@code cuStreamEndCapture} on the origin stream gives it; with the origin destroyed that can never happen,
     * so the capture ends here and its graph is destroyed, and with it what the graph held (the functions and user
     * data of captured host functions, {@link HostNodeFunctions}). A destroyed stream that joined the capture leaves
     * the end to the origin, which then answers the invalidation.
     */
    static void streamDestroyed(final long stream)
    {
        if (CaptureActivity.underWay)
        {
            streamDestroyed(stream, DriverCalls.session());
        }
    }

    /**
     * As {@link #streamDestroyed(long)}, for cudaStreamDestroy: the driver API may capture a runtime stream.
     */
    public static void runtimeStreamDestroyed(final long stream)
    {
        if (CaptureActivity.underWay)
        {
            streamDestroyed(stream, RuntimeCalls.session());
        }
    }

    /**
     * As {@link #streamDestroyed(long)}, for the session's stream.
     */
    static void streamDestroyed(final long stream, final Object session)
    {
        final Capture ended;
        synchronized (LOCK)
        {
            final StreamState state = STREAMS.get(new SessionHandle(session, stream));
            if (state == null)
            {
                return;
            }
            final Capture capture = state.capture;
            capture.invalidated = true;
            capture.reason = "cuStreamDestroy";
            if (capture.origin != stream)
            {
                return;
            }
            for (final Long member : capture.streams)
            {
                STREAMS.remove(new SessionHandle(capture.session, member));
            }
            EVENTS.values().removeIf(mark -> mark.capture == capture);
            CaptureActivity.underWay = !STREAMS.isEmpty();
            ended = capture;
        }
        final int status = JCudaDriverGraphs.destroy(ended.graph);
        if (status != DriverStatus.SUCCESS)
        {
            AgentLog.warn("cuStreamDestroy: the graph of the capture begun on stream 0x" + Long.toHexString(stream) +
                " could not be destroyed (CUresult " + status + ")");
        }
    }

    /**
     * @return the stream's key, under the session the calling thread's calls go to, when it captures; null otherwise.
     */
    private static SessionHandle capturing(final long stream)
    {
        if (!CaptureActivity.underWay)
        {
            return null;
        }
        final SessionHandle key = new SessionHandle(DriverCalls.session(), stream);
        synchronized (LOCK)
        {
            return STREAMS.containsKey(key) ? key : null;
        }
    }

    @FunctionalInterface
    private interface NodeAdder
    {
        int add(CUgraph graph, CUgraphNode node, CUgraphNode[] dependencies);
    }

    /**
     * Add a node depending on the stream's tail, which becomes the node.
     */
    private static int add(final SessionHandle stream, final NodeAdder adder)
    {
        final StreamState state;
        final CUgraphNode[] dependencies;
        synchronized (LOCK)
        {
            state = STREAMS.get(stream);
            if (state == null)
            {
                return NOT_CAPTURED;
            }
            if (state.capture.invalidated)
            {
                return CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
            }
            dependencies = new CUgraphNode[state.tail.size()];
            int i = 0;
            for (final Long handle : state.tail)
            {
                dependencies[i] = new CUgraphNode();
                JCudaPointers.setNativePointer(dependencies[i++], handle);
            }
        }
        final CUgraphNode node = new CUgraphNode();
        final int status = adder.add(state.capture.graph, node, dependencies);
        synchronized (LOCK)
        {
            if (status != DriverStatus.SUCCESS)
            {
                // CUDA invalidates a capture whose call failed, as the graph would lack the operation.
                state.capture.invalidated = true;
                if (state.capture.reason == null)
                {
                    state.capture.reason = "a call that failed (CUresult " + status + ")";
                }
                return status;
            }
            final long handle = JCudaPointers.nativePointer(node);
            final List<Long> parents = new ArrayList<>(state.tail);
            state.capture.parents.put(handle, parents);
            state.tail.clear();
            state.tail.add(handle);
        }
        return DriverStatus.SUCCESS;
    }

    /**
     * Whether every stream that joined the capture ends in nodes the origin stream's tail depends on.
     */
    private static boolean joined(final Capture capture)
    {
        final StreamState origin = STREAMS.get(new SessionHandle(capture.session, capture.origin));
        final Set<Long> ancestors = new HashSet<>();
        final ArrayDeque<Long> pending = new ArrayDeque<>(origin.tail);
        while (!pending.isEmpty())
        {
            final Long node = pending.poll();
            if (ancestors.add(node))
            {
                pending.addAll(capture.parents.getOrDefault(node, List.of()));
            }
        }
        for (final Long member : capture.streams)
        {
            if (!ancestors.containsAll(STREAMS.get(new SessionHandle(capture.session, member)).tail))
            {
                return false;
            }
        }
        return true;
    }

    private static int invalidate(final Capture capture, final String function, final String reason,
        final int status)
    {
        capture.invalidated = true;
        if (capture.reason == null)
        {
            capture.reason = function;
        }
        return fail(function, reason + "; the capture begun on stream 0x" + Long.toHexString(capture.origin) +
            " is invalidated", status);
    }

    private static int fail(final String function, final String reason, final int status)
    {
        AgentLog.warn(function + ": " + reason + "; returning " + CUresult.stringFor(status));
        return status;
    }

    private static final class Capture
    {
        /** The session of the capture's streams, events and graph. */
        final Object session;
        /** The context of the stream that began the capture. */
        final long context;
        final long origin;
        final CUgraph graph;
        final int mode;
        final Thread thread;
        /** The streams in the capture, the origin first. */
        final Set<Long> streams = new LinkedHashSet<>();
        /** Each captured node's dependencies, for the join check at the end. */
        final Map<Long, List<Long>> parents = new HashMap<>();
        boolean invalidated;
        String reason;

        Capture(final Object session, final long context, final long origin, final CUgraph graph, final int mode,
            final Thread thread)
        {
            this.session = session;
            this.context = context;
            this.origin = origin;
            this.graph = graph;
            this.mode = mode;
            this.thread = thread;
        }
    }

    private static final class StreamState
    {
        final Capture capture;
        /** The nodes the stream's next captured node depends on. */
        final Set<Long> tail = new LinkedHashSet<>();

        StreamState(final Capture capture)
        {
            this.capture = capture;
        }
    }

    private record EventMark(Capture capture, List<Long> tail)
    {
    }
}
