package io.gpurelay.agent.cuda;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SessionHandles;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * The client's host views of managed memory ({@code cudaMallocManaged} and {@code cuMemAllocManaged} with
 * {@code cudaMemAttachHost}/{@code CU_MEM_ATTACH_HOST}, the one flag JCuda gives a buffer for: {@code
 * Pointer.getByteBuffer} then reads and writes the managed bytes), and of mapped pinned memory that is not shared with
 * the executor ({@link MappedHostMemory}: the program's pinned buffer is the host view of a managed allocation there).
 * The device view is an allocation on the executor; the host view is a direct buffer here, kept coherent at CUDA's
 * synchronisation points, which is what a program may rely on of a device without concurrent managed access (gpurelay
 * reports {@code concurrentManagedAccess} 0):
 * <ul>
 *     <li>before any call goes to the executor, the bytes the host changed since the views were last coherent are
 *     written to the device (a change is found by comparing the view with a snapshot of it, so an unchanged view
 *     costs a comparison and no transfer);</li>
 *     <li>after a call that synchronises with the device answers (device, context, stream and event synchronisation, a
 *     stream or event query that finds the work done, a synchronous copy, of either API), what the call itself wrote
 *     into a view (a copy to host memory that is a view) goes to the device, then every view is fetched from it.</li>
 * </ul>
 * The copies are ordinary ones where the allocation was made: of the runtime API on its device, or of the driver API
 * in its context; shared or payload bytes over IPC, the payload over UDP. A host view is at most 2 GiB (what a Java buffer holds); JCuda's pointer holds the buffer and the
 * device address, so the agent passes the device address wherever device memory is meant.
 * <p>
 * A view is kept under the session its allocation was made in and its device address together (the executors of one
 * device list each choose their own addresses), and forgotten when the session ends: the allocation went with it, and
 * a later session of the same device must not get the view's bytes at that address. Its buffer is then plain host
 * memory, with the bytes it last had.
 */
public final class ManagedMemory implements DeviceRouter.Coherence
{
    /** cudaMemAttachHost and CU_MEM_ATTACH_HOST: the flag for which JCuda makes a host view. */
    public static final int ATTACH_HOST = 2;
    private static final ManagedMemory INSTANCE = new ManagedMemory();
    private static final int COMPARE_CHUNK = 4096;
    private static final ThreadLocal<Boolean> OWN_CALL = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private static final Set<Buffer> HOST_VIEWS = Collections.synchronizedSet(
        Collections.newSetFromMap(new IdentityHashMap<>()));

    private final SessionHandles<View> views = new SessionHandles<>(view -> HOST_VIEWS.remove(view.host));

    private ManagedMemory()
    {
    }

    /**
     * Where an allocation was made: on a device through the runtime API ({@code context} 0), or in a driver context
     * ({@code primary} when it is the device's primary context, which a device reset ends).
     */
    public record Home(int device, long context, boolean primary)
    {
        public static Home runtime(final int device)
        {
            return new Home(device, 0, true);
        }

        public static Home driver(final int device, final long context, final boolean primary)
        {
            return new Home(device, context, primary);
        }

        public boolean isDriver()
        {
            return context != 0;
        }
    }

    private record View(long address, Home home, ByteBuffer host, ByteBuffer snapshot)
    {
    }

    /**
     * Whether a pointer's buffer is the host view of managed memory: the pointer then designates device memory too.
     */
    public static boolean isHostView(final Buffer buffer)
    {
        return buffer != null && !HOST_VIEWS.isEmpty() && HOST_VIEWS.contains(buffer);
    }

    /**
     * A buffer for the host view of {@code size} bytes, or null when a Java buffer cannot hold that many.
     */
    public static ByteBuffer hostBuffer(final long size)
    {
        return size > Integer.MAX_VALUE ? null : ByteBuffer.allocateDirect((int)size).order(ByteOrder.nativeOrder());
    }

    /**
     * Start keeping {@code host} coherent with the managed allocation at {@code address} of {@code device}, made
     * through the runtime API.
     */
    public static void add(final long address, final int device, final ByteBuffer host)
    {
        add(address, Home.runtime(device), host, RuntimeCalls.session(), false);
    }

    /**
     * As {@link #add(long, int, ByteBuffer)}, for an allocation made where {@code home} says in the session; a
     * {@code mapped} host buffer is the program's pinned memory, which stays host memory for the bindings.
     */
    public static void add(final long address, final Home home, final ByteBuffer host, final Object session,
        final boolean mapped)
    {
        synchronized (INSTANCE)
        {
            final ByteBuffer snapshot = ByteBuffer.allocateDirect(host.capacity());
            snapshot.put(0, host, 0, host.capacity());
            if (!mapped)
            {
                // The buffer is a host view before the view is kept: a session that ended meanwhile forgets both.
                HOST_VIEWS.add(host);
            }
            INSTANCE.views.put(session, address, new View(address, home, host, snapshot));
        }
        DeviceRouter.coherence(INSTANCE);
    }

    /**
     * As {@link #add(long, int, ByteBuffer)}, for an allocation the session made.
     */
    public static void add(final long address, final int device, final ByteBuffer host, final Object session)
    {
        add(address, Home.runtime(device), host, session, false);
    }

    /**
     * Where the session's allocation at {@code address} with a kept view was made, or null when no view of the
     * session is kept there (freed, or its session ended).
     */
    public static Home homeOf(final long address, final Object session)
    {
        final View view = INSTANCE.views.get(session, address);
        return view == null ? null : view.home;
    }

    /**
     * Stop keeping the session's view at this address, for a caller that frees the allocation itself.
     *
     * @return where the allocation was made, or null when the session keeps no view there.
     */
    public static Home forgetKept(final long address, final Object session)
    {
        synchronized (INSTANCE)
        {
            final View view = INSTANCE.views.remove(session, address);
            if (view == null)
            {
                return null;
            }
            HOST_VIEWS.remove(view.host);
            return view.home;
        }
    }

    /**
     * The allocation at {@code address} of the calling thread's current device was freed: its view is no longer kept
     * (its bytes stay as they were).
     */
    public static void forget(final long address)
    {
        forget(address, RuntimeCalls.session());
    }

    /**
     * As {@link #forget(long)}, for an allocation freed through the driver API in the current context.
     */
    public static void forgetInContext(final long address)
    {
        forget(address, DriverCalls.session());
    }

    /**
     * As {@link #forget(long)}, for the session's allocation; another session's view at the same address stays.
     */
    public static void forget(final long address, final Object session)
    {
        synchronized (INSTANCE)
        {
            final View view = INSTANCE.views.remove(session, address);
            if (view != null)
            {
                HOST_VIEWS.remove(view.host);
            }
        }
    }

    /**
     * A device reset freed the allocations of the device's primary context (the runtime's and the driver's in it).
     */
    public static void forgetDevice(final int device)
    {
        forgetWhere(home -> home.device() == device && home.primary());
    }

    /**
     * A destroyed context freed its allocations.
     */
    public static void forgetContext(final long context)
    {
        forgetWhere(home -> home.isDriver() && home.context() == context);
    }

    private static void forgetWhere(final Predicate<Home> which)
    {
        synchronized (INSTANCE)
        {
            INSTANCE.views.removeIf(view ->
            {
                if (!which.test(view.home))
                {
                    return false;
                }
                HOST_VIEWS.remove(view.host);
                return true;
            });
        }
    }

    /**
     * The session ended: its allocations went with it, and their views are no longer kept (told by the views' table
     * itself; here for a caller that ends a session it made up).
     */
    public static void sessionEnded(final Object session)
    {
        INSTANCE.views.sessionEnded(session);
    }

    /**
     * How many allocations have a host view kept here.
     */
    public static int viewCount()
    {
        synchronized (INSTANCE)
        {
            return INSTANCE.views.size();
        }
    }

    public boolean before(final RemotedFunction function, final long context, final long[] args)
    {
        if (OWN_CALL.get() || DeviceRouter.onCallbackThread())
        {
            // A stream callback holds its stream: the coherence's copies could wait for it, so none are made there.
            return false;
        }
        synchronized (this)
        {
            if (views.isEmpty())
            {
                return false;
            }
            OWN_CALL.set(Boolean.TRUE);
            try
            {
                views.forEach(ManagedMemory::writeBack);
            }
            finally
            {
                OWN_CALL.set(Boolean.FALSE);
            }
        }
        return true;
    }

    public void after(final RemotedFunction function, final long context, final long[] args, final int status)
    {
        if (status != RuntimeStatus.SUCCESS)
        {
            return;
        }
        if (function == Function.CUDA_DEVICE_RESET)
        {
            forgetDevice((int)context);
            return;
        }
        if (function == Function.CU_DEVICE_PRIMARY_CTX_RESET && args.length > 0)
        {
            forgetDevice((int)args[0]);
            return;
        }
        if (function == Function.CU_CTX_DESTROY && args.length > 0)
        {
            forgetContext(args[0]);
            return;
        }
        if (!synchronises(function, args))
        {
            return;
        }
        synchronized (this)
        {
            OWN_CALL.set(Boolean.TRUE);
            try
            {
                views.forEach(view ->
                {
                    writeBack(view);
                    fetch(view);
                });
            }
            finally
            {
                OWN_CALL.set(Boolean.FALSE);
            }
        }
    }

    /**
     * The calls after which the host may read managed memory the device wrote: CUDA's synchronisation points.
     */
    public static boolean synchronises(final RemotedFunction function, final long[] args)
    {
        if (!(function instanceof Function known))
        {
            return false;
        }
        return switch (known)
        {
            case CUDA_DEVICE_SYNCHRONIZE, CU_CTX_SYNCHRONIZE, CUDA_STREAM_SYNCHRONIZE, CU_STREAM_SYNCHRONIZE,
                CUDA_EVENT_SYNCHRONIZE, CU_EVENT_SYNCHRONIZE, CUDA_STREAM_QUERY, CU_STREAM_QUERY, CUDA_EVENT_QUERY,
                CU_EVENT_QUERY, CUDA_MEMCPY_HTOD, CUDA_MEMCPY_DTOH, CUDA_MEMCPY_DTOD, CU_MEMCPY_HTOD, CU_MEMCPY_DTOH,
                CU_MEMCPY_DTOD, CUDA_MEMCPY_3D, CU_MEMCPY_3D -> true;
            case CUDA_MEMCPY_HOST_MEMORY, CU_MEMCPY_HOST_MEMORY -> args.length > 6 && args[6] != 0;
            default -> false;
        };
    }

    /**
     * The bytes from the first to the last that differ from the snapshot go to the device, so that bytes the host
     * left alone are never written over.
     */
    private static void writeBack(final View view)
    {
        final int first = view.host.duplicate().clear().mismatch(view.snapshot.duplicate().clear());
        if (first < 0)
        {
            return;
        }
        final long count = lastMismatch(view.host, view.snapshot, first) + 1 - first;
        final int status;
        try
        {
            status = view.home.isDriver() ?
                DeviceRouter.installed().call(Function.CU_MEMCPY_HTOD, view.home.context(),
                    new long[]{ view.address + first, count, 0 }, MemoryRange.of(view.host, 1, first, count), null,
                    null) :
                DeviceRouter.installed().call(Function.CUDA_MEMCPY_HTOD, view.home.device(),
                    new long[]{ view.address + first, count }, MemoryRange.of(view.host, 1, first, count), null, null);
        }
        catch (final HostRangeException ex)
        {
            throw new IllegalStateException(ex);
        }
        if (status == RuntimeStatus.SUCCESS)
        {
            view.snapshot.put(first, view.host, first, (int)count);
        }
        else
        {
            AgentLog.warn("managed memory at 0x" + Long.toHexString(view.address) + ": writing the host's changes " +
                "to the device failed with status " + status + "; the device does not see them");
        }
    }

    /**
     * The last byte at or after {@code first} where the two buffers differ (they differ at {@code first}).
     */
    public static int lastMismatch(final ByteBuffer host, final ByteBuffer snapshot, final int first)
    {
        int end = host.capacity();
        while (end > first)
        {
            final int start = Math.max(first, end - COMPARE_CHUNK);
            if (host.slice(start, end - start).mismatch(snapshot.slice(start, end - start)) >= 0)
            {
                for (int i = end - 1; i >= start; i--)
                {
                    if (host.get(i) != snapshot.get(i))
                    {
                        return i;
                    }
                }
            }
            end = start;
        }
        return first;
    }

    private static void fetch(final View view)
    {
        final int size = view.host.capacity();
        final int status;
        try
        {
            status = view.home.isDriver() ?
                DeviceRouter.installed().call(Function.CU_MEMCPY_DTOH, view.home.context(),
                    new long[]{ view.address, size, 0 }, null, MemoryRange.of(view.host, 1, 0, size), null) :
                DeviceRouter.installed().call(Function.CUDA_MEMCPY_DTOH, view.home.device(),
                    new long[]{ view.address, size }, null, MemoryRange.of(view.host, 1, 0, size), null);
        }
        catch (final HostRangeException ex)
        {
            throw new IllegalStateException(ex);
        }
        if (status == RuntimeStatus.SUCCESS)
        {
            view.snapshot.put(0, view.host, 0, size);
        }
        else
        {
            AgentLog.warn("managed memory at 0x" + Long.toHexString(view.address) + ": fetching the device's bytes " +
                "failed with status " + status + "; the host view keeps its earlier bytes");
        }
    }
}
