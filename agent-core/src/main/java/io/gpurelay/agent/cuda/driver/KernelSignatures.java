package io.gpurelay.agent.cuda.driver;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SessionEnds;
import io.gpurelay.agent.client.SessionHandles;

/**
 * What cuModuleGetFunction told about each kernel the application holds a handle to: its name and the size of each of
 * its parameters. With them a launch whose parameters do not match the kernel is refused at once, as CUDA refuses it,
 * while launches that match are sent without waiting for their reply.
 * <p>
 * Function and module handles are the executor's, and the executors of one device list ({@code executor=A;B}) each
 * choose their own, so two can give the same handle: a kernel is kept under the session its cuModuleGetFunction went
 * to ({@link DeviceRouter#driverSession}) and its handle together, and found, or forgotten with its module, under the
 * session the calling thread's calls go to, so a launch never takes another executor's kernel's parameter sizes. A
 * session's end takes its modules with it, and its kernels are forgotten ({@link SessionEnds}); one found while its
 * session ends is forgotten by its call ({@link SessionHandles}).
 */
public final class KernelSignatures
{
    private static final SessionHandles<KernelSignature> BY_FUNCTION = new SessionHandles<>();

    /**
     * @param parameterSizes each parameter's size in bytes, or null when the executor did not say (then the
     *                       parameters' own sizes are sent and the executor checks them).
     */
    public record KernelSignature(String name, long module, long[] parameterSizes)
    {
        public boolean knowsParameters()
        {
            return parameterSizes != null;
        }
    }

    private KernelSignatures()
    {
    }

    public static void add(final long function, final KernelSignature signature)
    {
        add(function, signature, DriverCalls.session());
    }

    /**
     * As {@link #add(long, KernelSignature)}, for the session's function; not kept when the session has ended.
     */
    public static void add(final long function, final KernelSignature signature, final Object session)
    {
        BY_FUNCTION.put(session, function, signature);
    }

    /**
     * @return the kernel behind a function handle from cuModuleGetFunction, or null.
     */
    public static KernelSignature find(final long function)
    {
        return BY_FUNCTION.isEmpty() ? null : find(function, DriverCalls.session());
    }

    /**
     * @return the kernel behind the session's function handle, or null.
     */
    public static KernelSignature find(final long function, final Object session)
    {
        return BY_FUNCTION.get(session, function);
    }

    /**
     * The module's functions are gone with it.
     */
    public static void moduleUnloaded(final long module)
    {
        moduleUnloaded(module, DriverCalls.session());
    }

    /**
     * The session's module's functions are gone with it; another session's module of the same handle keeps its own.
     */
    public static void moduleUnloaded(final long module, final Object session)
    {
        BY_FUNCTION.removeIf(session, signature -> signature.module() == module);
    }

    /**
     * The session ended: its modules went with it, and so do their kernels here.
     */
    public static void sessionEnded(final Object session)
    {
        BY_FUNCTION.sessionEnded(session);
    }
}
