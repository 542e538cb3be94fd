package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.HostCallback;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Function;
import org.bytedeco.cuda.cudart.CUhostFn;
import org.bytedeco.cuda.cudart.CUstreamCallback;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.cudaHostFn_t;
import org.bytedeco.cuda.cudart.cudaStreamCallback_t;
import org.bytedeco.javacpp.Pointer;

/**
 * Stream callbacks and host functions of JavaCPP programs ({@code cudaStreamAddCallback}, {@code cudaLaunchHostFunc},
 * {@code cuStreamAddCallback}, {@code cuLaunchHostFunc}), as for JCuda's: the program's {@code FunctionPointer}
 * subclass, whose {@code call} it overrides, runs in this process on the agent's callback thread when the executor's
 * stream reaches it, and the stream waits for it. A function pointer the program did not implement in Java (one
 * JavaCPP wraps around a C function) cannot run here and is refused.
 */
final class JavaCppCallbacks
{
    private JavaCppCallbacks()
    {
    }

    static void register(final CudartModule module)
    {
        JavaCppRuntime.runtime(module, "cudaStreamAddCallback", a ->
        {
            final cudaStreamCallback_t callback = javaCallback(a, 1, cudaStreamCallback_t.class);
            final CUstream_st stream = (CUstream_st)a.get(0);
            final Pointer userData = (Pointer)a.get(2);
            return RuntimeCalls.record(DeviceRouter.installed().addCallback(Function.CUDA_STREAM_ADD_CALLBACK,
                RuntimeThreadState.currentDevice(), a.stream(0), Integer.toUnsignedLong(a.intValue(3)),
                status -> callback.call(stream, status, userData)));
        });
        JavaCppRuntime.runtime(module, "cudaLaunchHostFunc", a ->
        {
            final cudaHostFn_t function = javaCallback(a, 1, cudaHostFn_t.class);
            final Pointer userData = (Pointer)a.get(2);
            return RuntimeCalls.record(DeviceRouter.installed().addCallback(Function.CUDA_LAUNCH_HOST_FUNC,
                RuntimeThreadState.currentDevice(), a.stream(0), 0, status -> function.call(userData)));
        });
        module.function("cuStreamAddCallback", a ->
        {
            final CUstreamCallback callback = javaCallback(a, 1, CUstreamCallback.class);
            final CUstream_st stream = (CUstream_st)a.get(0);
            final Pointer userData = (Pointer)a.get(2);
            return driver(Function.CU_STREAM_ADD_CALLBACK, a.stream(0),
                Integer.toUnsignedLong(a.intValue(3)), status -> callback.call(stream, status, userData));
        });
        module.function("cuLaunchHostFunc", a ->
        {
            final CUhostFn function = javaCallback(a, 1, CUhostFn.class);
            final Pointer userData = (Pointer)a.get(2);
            return driver(Function.CU_LAUNCH_HOST_FUNC, a.stream(0), 0,
                status -> function.call(userData));
        });
    }

    private static int driver(final Function function, final long stream, final long flags,
        final HostCallback callback)
    {
        final long context = DriverCalls.currentContext();
        if (!DriverCalls.isLiveContext(context))
        {
            return DriverCalls.noCurrentContext();
        }
        return DeviceRouter.installed().addCallback(function, context, stream, flags, callback);
    }

    /**
     * The program's callback: an object of a subclass that overrides {@code call} in Java.
     */
    private static <T> T javaCallback(final JavaCppArgs a, final int index, final Class<T> type)
    {
        final Object value = a.get(index);
        if (!type.isInstance(value))
        {
            throw new JavaCppArgumentException(a.describe(index) + " must be a " + type.getSimpleName());
        }
        if (value.getClass() == type)
        {
            throw new JavaCppArgumentException(a.describe(index) + " is a C function pointer, not a Java callback " +
                "(a subclass of " + type.getSimpleName() + " that overrides call): gpurelay runs callbacks in this " +
                "process, where no CUDA library's functions exist");
        }
        return type.cast(value);
    }
}
