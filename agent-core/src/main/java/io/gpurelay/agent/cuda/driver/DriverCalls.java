package io.gpurelay.agent.cuda.driver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RemotedFunction;

/**
 * How a driver-API call travels, whichever binding made it (JCuda's {@code JCudaDriver}, JavaCPP's {@code cudart}):
 * with the calling thread's current context, which must be live for every call that works in one. The context state
 * the driver keeps in the process ({@link DriverContexts}) and what each kernel's parameters are
 * ({@link KernelSignatures}) are shared by the bindings, as one CUDA driver shares them in a process. Nothing here
 * names a binding's classes, so a program that has only one binding on its class path can use it.
 */
public final class DriverCalls
{
    /** A launch's parameter count that says the payload is a ready parameter buffer (the {@code extra} form). */
    public static final long READY_BUFFER = -1;

    private static final long[] NO_ARGS = new long[0];
    private static final int MAX_REPORTED_PARAMETERS = 1024;
    private static final long UNREPORTED = -1;
    private static final int LAUNCH_FIXED_ARGUMENTS = 10;

    private DriverCalls()
    {
    }

    public static DeviceRouter client()
    {
        return DeviceRouter.installed();
    }

    /**
     * A call that needs no context (device and process queries), carrying the current one.
     */
    public static int call(
        final RemotedFunction function, final long[] args, final PayloadSource payload, final PayloadSink sink,
        final long[] results)
    {
        return client().call(function, DriverContexts.current(), args, payload, sink, results);
    }

    /**
     * A call that runs in the calling thread's current context. Without a live one CUDA fails it with
     * CUDA_ERROR_INVALID_CONTEXT, and so does this, without a round trip.
     */
    public static int inContext(
        final RemotedFunction function, final long[] args, final PayloadSource payload, final PayloadSink sink,
        final long[] results)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        return client().call(function, context, args, payload, sink, results);
    }

    /**
     * A call in the current context whose reply is not waited for: its failure comes back from a later call.
     */
    public static int pipelinedInContext(
        final RemotedFunction function, final long[] args, final PayloadSource payload)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        return client().callPipelined(function, context, args, payload);
    }

    /**
     * @return the calling thread's current context, or 0.
     */
    public static long currentContext()
    {
        return DriverContexts.current();
    }

    public static boolean isLiveContext(final long context)
    {
        return DriverContexts.isLive(context);
    }

    /**
     * @return the device of a live context, or -1.
     */
    public static int deviceOf(final long context)
    {
        return DriverContexts.device(context);
    }

    /**
     * @return the primary context cuDevicePrimaryCtxRetain gave for the device, or 0.
     */
    public static long primaryContext(final int device)
    {
        return DriverContexts.primary(device);
    }

    /**
     * The primary context of a device as the runtime API holds it (retained once for the process), for runtime
     * functions the executor runs as driver functions in it (cudaMallocAsync as cuMemAllocAsync).
     *
     * @return the context, or 0 when the client is not connected or the executor could not retain it.
     */
    public static long runtimePrimaryContext(final int device)
    {
        return RuntimePrimaryContexts.of(device);
    }

    public static void contextCreated(final long context, final int device)
    {
        DriverContexts.created(context, device);
    }

    public static void primaryRetained(final long context, final int device)
    {
        DriverContexts.retainedPrimary(context, device);
    }

    public static void contextDestroyed(final long context)
    {
        DriverContexts.destroyed(context);
    }

    public static void setCurrentContext(final long context)
    {
        DriverContexts.setCurrent(context);
    }

    public static void pushContext(final long context)
    {
        DriverContexts.push(context);
    }

    /**
     * @return the session a driver call of the calling thread goes to now, the one its current context names, as an
     * identity {@link io.gpurelay.agent.client.SessionEnds} names when it ends; null without one.
     */
    public static Object session()
    {
        final DeviceRouter router = DeviceRouter.installed();
        return router == null ? null : router.driverSession(DriverContexts.current());
    }

    public static long popContext()
    {
        return DriverContexts.pop();
    }

    /**
     * Remember what cuModuleGetFunction said of a kernel: its name, module and parameter sizes (null when the
     * executor did not say).
     */
    public static void kernelFound(final long function, final String name, final long module,
        final long[] parameterSizes)
    {
        KernelSignatures.add(function, new KernelSignatures.KernelSignature(name, module, parameterSizes));
    }

    /**
     * @return the sizes of the kernel's parameters, or null when they are not known; throws nothing.
     */
    public static long[] kernelParameterSizes(final long function)
    {
        final KernelSignatures.KernelSignature kernel = KernelSignatures.find(function);
        return kernel == null ? null : kernel.parameterSizes();
    }

    public static boolean isKernel(final long function)
    {
        return KernelSignatures.find(function) != null;
    }

    public static String kernelName(final long function)
    {
        final KernelSignatures.KernelSignature kernel = KernelSignatures.find(function);
        return kernel == null ? null : kernel.name();
    }

    public static void moduleUnloaded(final long module)
    {
        KernelSignatures.moduleUnloaded(module);
    }

    /**
     * cuModuleLoadData and friends: the image (PTX text, a cubin or a fatbin) goes to the executor, which loads it in
     * the current context.
     *
     * @return the status; the module's handle goes into {@code module[0]} on success.
     */
    public static int loadModule(final PayloadSource image, final long[] module)
    {
        return inContext(Function.CU_MODULE_LOAD_DATA, NO_ARGS, image, null, module);
    }

    /**
     * cuModuleLoad's file, read here, where the program named it (the executor receives the image, not the name).
     *
     * @param function the name the warning gives the call.
     * @return the file's bytes, or null, logged, when it cannot be read: the caller returns CUDA_ERROR_FILE_NOT_FOUND.
     */
    public static byte[] readModuleFile(final String function, final String file)
    {
        try
        {
            return Files.readAllBytes(Path.of(file));
        }
        catch (final IOException | InvalidPathException | SecurityException ex)
        {
            AgentLog.warn(function + ": cannot read '" + file + "' (" + AgentLog.describe(ex) +
                "); returning CUDA_ERROR_FILE_NOT_FOUND");
            return null;
        }
    }

    /**
     * cuModuleUnload: the module's functions go with it.
     */
    public static int unloadModule(final long module)
    {
        final int status = inContext(Function.CU_MODULE_UNLOAD, new long[]{ module }, null, null, null);
        if (status == DriverStatus.SUCCESS)
        {
            KernelSignatures.moduleUnloaded(module);
        }
        return status;
    }

    /**
     * cuModuleGetFunction: the reply also says how many parameters the kernel has and how big each is, which
     * launches are checked against.
     *
     * @return the status; the function's handle goes into {@code function[0]} on success.
     */
    public static int getFunction(final long module, final String name, final long[] function)
    {
        final long[] results = new long[2 + MAX_REPORTED_PARAMETERS];
        Arrays.fill(results, UNREPORTED);
        final int status = inContext(Function.CU_MODULE_GET_FUNCTION, new long[]{ module },
            new ByteArrayPayload(name.getBytes(StandardCharsets.UTF_8)), null, results);
        if (status == DriverStatus.SUCCESS)
        {
            function[0] = results[0];
            KernelSignatures.add(results[0], new KernelSignatures.KernelSignature(name, module,
                parameterSizes(results)));
        }
        return status;
    }

    /**
     * cuLaunchKernel with its parameters marshalled: pipelined in the current context, its failure coming back from a
     * later call as CUDA's launch failures do.
     *
     * @param dimensions grid x, y, z then block x, y, z.
     * @param count      the parameter count, or {@link #READY_BUFFER} for a ready parameter buffer.
     * @param sizes      each parameter's size (none for a ready buffer).
     * @param bytes      the parameters' bytes one after the other, or the ready buffer.
     */
    public static int launch(final long function, final int[] dimensions, final int sharedMemBytes, final long stream,
        final long count, final long[] sizes, final byte[] bytes)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        final long[] args = new long[LAUNCH_FIXED_ARGUMENTS + sizes.length];
        args[0] = function;
        for (int i = 0; i < 6; i++)
        {
            args[1 + i] = Integer.toUnsignedLong(dimensions[i]);
        }
        args[7] = Integer.toUnsignedLong(sharedMemBytes);
        args[8] = stream;
        args[9] = count;
        System.arraycopy(sizes, 0, args, LAUNCH_FIXED_ARGUMENTS, sizes.length);
        return client().callPipelined(Function.CU_LAUNCH_KERNEL, context, args, new ByteArrayPayload(bytes));
    }

    /**
     * {@code cuLaunchCooperativeKernel}: as {@link #launch}, but answered, so that a grid too large to be resident
     * at once fails at its call, as CUDA fails it.
     */
    public static int launchCooperative(final long function, final int[] dimensions, final int sharedMemBytes,
        final long stream, final long count, final long[] sizes, final byte[] bytes)
    {
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return noCurrentContext();
        }
        final long[] args = new long[LAUNCH_FIXED_ARGUMENTS + sizes.length];
        args[0] = function;
        for (int i = 0; i < 6; i++)
        {
            args[1 + i] = Integer.toUnsignedLong(dimensions[i]);
        }
        args[7] = Integer.toUnsignedLong(sharedMemBytes);
        args[8] = stream;
        args[9] = count;
        System.arraycopy(sizes, 0, args, LAUNCH_FIXED_ARGUMENTS, sizes.length);
        return client().call(Function.CU_LAUNCH_COOPERATIVE_KERNEL, context, args, new ByteArrayPayload(bytes), null,
            null);
    }

    /**
     * @return how many parameters a launch can carry one by one (a ready buffer carries any number).
     */
    public static int maxLaunchParameters()
    {
        return CallView.MAX_ARGS - LAUNCH_FIXED_ARGUMENTS;
    }

    /**
     * @return the sizes the executor reported, or null when it reported none or more than fit its reply.
     */
    private static long[] parameterSizes(final long[] results)
    {
        final long count = results[1];
        if (count < 0 || count > MAX_REPORTED_PARAMETERS)
        {
            return null;
        }
        final long[] sizes = Arrays.copyOfRange(results, 2, 2 + (int)count);
        for (final long size : sizes)
        {
            if (size == UNREPORTED)
            {
                return null;
            }
        }
        return sizes;
    }

    /**
     * Without an executor every call says so first; with one, the calling thread has no live context to work in.
     */
    public static int noCurrentContext()
    {
        if (DeviceRouter.onCallbackThread())
        {
            // The callback thread has no context of its own: the call is refused for where it was made, as any other.
            AgentLog.warnOnce("a driver call was made inside a stream callback or host function, where CUDA permits " +
                "no CUDA calls; it returns CUDA_ERROR_NOT_PERMITTED without running");
            return DriverStatus.NOT_PERMITTED;
        }
        final int status = client().connect();
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long context = DriverContexts.current();
        final String thread = Thread.currentThread().getName();
        AgentLog.warnOnce(context == DriverContexts.NONE ?
            "thread '" + thread + "' has no current context (cuCtxCreate or cuCtxSetCurrent makes one current); " +
                "its driver calls return CUDA_ERROR_INVALID_CONTEXT" :
            "the current context 0x" + Long.toHexString(context) + " of thread '" + thread + "' was destroyed; " +
                "its driver calls return CUDA_ERROR_INVALID_CONTEXT");
        return DriverStatus.INVALID_CONTEXT;
    }
}
