package io.gpurelay.agent.cuda.driver;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The context state the CUDA driver keeps in the process, kept here because it is the application's, not the
 * executor's: each host thread's stack of current contexts (its top is the current context, which every driver call
 * carries), which device each live context belongs to, and which contexts were destroyed. Contexts are the
 * executor's handles; moving them on and off a thread's stack never needs the executor.
 */
public final class DriverContexts
{
    /** The handle of no context: JCuda's {@code new CUcontext()}. */
    public static final long NONE = 0;

    private static final ThreadLocal<ArrayDeque<Long>> STACKS = ThreadLocal.withInitial(ArrayDeque::new);
    private static final Map<Long, Integer> DEVICES = new ConcurrentHashMap<>();
    private static final Map<Integer, Long> PRIMARY = new ConcurrentHashMap<>();
    private static final Set<Long> DESTROYED = ConcurrentHashMap.newKeySet();

    private DriverContexts()
    {
    }

    /**
     * @return the calling thread's current context, or {@link #NONE}.
     */
    public static long current()
    {
        final Long top = STACKS.get().peek();
        return top == null ? RuntimePrimaryContexts.adopt() : top;
    }

    /**
     * The thread's current context without adopting the runtime's primary context.
     */
    public static long top()
    {
        final Long top = STACKS.get().peek();
        return top == null ? NONE : top;
    }

    /**
     * @return whether the handle names a context of this process that was not destroyed.
     */
    public static boolean isLive(final long context)
    {
        return DEVICES.containsKey(context);
    }

    public static boolean wasDestroyed(final long context)
    {
        return DESTROYED.contains(context);
    }

    /**
     * @return the device of a live context, or -1.
     */
    public static int device(final long context)
    {
        final Integer device = DEVICES.get(context);
        return device == null ? -1 : device;
    }

    /**
     * @return the handle cuDevicePrimaryCtxRetain gave for the device, or {@link #NONE}.
     */
    public static long primary(final int device)
    {
        final Long primary = PRIMARY.get(device);
        return primary == null ? NONE : primary;
    }

    /**
     * cuCtxCreate: the new context is current to the calling thread, on top of the ones it had.
     */
    public static void created(final long context, final int device)
    {
        DESTROYED.remove(context);
        DEVICES.put(context, device);
        STACKS.get().push(context);
    }

    /**
     * cuDevicePrimaryCtxRetain: the primary context can be made current, and is not made current by retaining it.
     */
    public static void retainedPrimary(final long context, final int device)
    {
        DESTROYED.remove(context);
        DEVICES.put(context, device);
        PRIMARY.put(device, context);
    }

    /**
     * cuCtxDestroy: a context current to the calling thread is popped from its stack. Other threads that still have
     * it current find it destroyed when they next use it, as in CUDA.
     */
    public static void destroyed(final long context)
    {
        DEVICES.remove(context);
        DESTROYED.add(context);
        final ArrayDeque<Long> stack = STACKS.get();
        if (!stack.isEmpty() && stack.peek() == context)
        {
            stack.pop();
        }
    }

    /**
     * cuCtxSetCurrent: replaces the top of the stack, or pushes onto an empty one; {@link #NONE} pops.
     */
    public static void setCurrent(final long context)
    {
        final ArrayDeque<Long> stack = STACKS.get();
        if (!stack.isEmpty())
        {
            stack.pop();
        }
        if (context != NONE)
        {
            stack.push(context);
        }
    }

    public static void push(final long context)
    {
        STACKS.get().push(context);
    }

    /**
     * @return the popped context, or {@link #NONE} when the stack was empty.
     */
    public static long pop()
    {
        final Long top = STACKS.get().poll();
        return top == null ? NONE : top;
    }
}
