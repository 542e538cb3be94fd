package io.gpurelay.agent.cuda.runtime;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * How a runtime-API call travels, whichever binding made it (JCuda's {@code JCuda}, JavaCPP's {@code cudart}): on the
 * calling thread's current device, its failure recorded as the thread's last error ({@link RuntimeThreadState}, which
 * the bindings share, as one CUDA runtime would). Nothing here names a binding's classes.
 */
public final class RuntimeCalls
{
    private RuntimeCalls()
    {
    }

    /**
     * A call on the calling thread's current device, recorded as the thread's last error if it fails.
     *
     * @param payload the call's payload; null for none.
     * @param sink    where the reply's payload goes; null for none.
     */
    public static int call(
        final RemotedFunction function, final long[] args, final PayloadSource payload, final PayloadSink sink,
        final long[] results)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        initializes(thread, function);
        return thread.record(DeviceRouter.installed().call(function, thread.device(), args, payload, sink, results));
    }

    /**
     * A call whose reply is not waited for; its failure, and any earlier one of the thread's device, comes back from a
     * later call.
     */
    public static int pipelined(final RemotedFunction function, final long[] args, final PayloadSource payload)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        initializes(thread, function);
        return thread.record(DeviceRouter.installed().callPipelined(function, thread.device(), args, payload));
    }

    /**
     * @return the status, after recording it as the calling thread's last error if it is one.
     */
    public static int record(final int status)
    {
        return RuntimeThreadState.current().record(status);
    }

    /**
     * @return the session a runtime call of the calling thread goes to now, the one its current device names, as an
     * identity {@link io.gpurelay.agent.client.SessionEnds} names when it ends; null without one.
     */
    public static Object session()
    {
        final DeviceRouter router = DeviceRouter.installed();
        return router == null ? null : router.runtimeSession(RuntimeThreadState.currentDevice());
    }

    /**
     * cudaSetDevice: connects (the device count is the executors'), checks the ordinal, makes it current.
     */
    public static int setDevice(final int device)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return thread.record(status);
        }
        if (device < 0 || device >= client.deviceCount())
        {
            return thread.record(RuntimeStatus.INVALID_DEVICE);
        }
        thread.device(device);
        thread.initialized();
        return RuntimeStatus.SUCCESS;
    }

    /**
     * Queries of the device count, properties, attributes and versions leave the device uninitialised; every other
     * runtime call initialises it, as CUDA's runtime does.
     */
    private static void initializes(final RuntimeThreadState thread, final RemotedFunction function)
    {
        if (function != Function.CUDA_GET_DEVICE_COUNT && function != Function.CUDA_GET_DEVICE_PROPERTIES &&
            function != Function.CUDA_DEVICE_GET_ATTRIBUTE && function != Function.CUDA_DRIVER_GET_VERSION &&
            function != Function.CUDA_RUNTIME_GET_VERSION)
        {
            thread.initialized();
        }
    }

    /**
     * cudaGetDevice: connects first, as CUDA initialises.
     *
     * @return the status; the device goes into {@code device[0]} on success.
     */
    public static int getDevice(final int[] device)
    {
        final RuntimeThreadState thread = RuntimeThreadState.current();
        final int status = DeviceRouter.installed().connect();
        if (status == RuntimeStatus.SUCCESS)
        {
            device[0] = thread.device();
        }
        return thread.record(status);
    }

    public static int takeLastError()
    {
        return RuntimeThreadState.current().takeLastError();
    }

    public static int peekLastError()
    {
        return RuntimeThreadState.current().peekLastError();
    }
}
