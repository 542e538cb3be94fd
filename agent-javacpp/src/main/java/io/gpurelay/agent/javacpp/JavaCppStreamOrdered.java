package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * The runtime's stream-ordered allocation and memory pools for JavaCPP programs (cudaMallocAsync,
 * cudaMallocFromPoolAsync, cudaFreeAsync, cudaMemPoolCreate/Destroy/TrimTo). CUDA's runtime runs them as the driver's
 * functions in the current device's primary context, and so does the executor here: each travels as the driver
 * function (cuMemAllocAsync, ...) in that primary context, which the runtime holds for the process, and its failure
 * is the thread's last error. The driver's own forms are {@link JavaCppDriver}'s.
 */
final class JavaCppStreamOrdered
{
    private JavaCppStreamOrdered()
    {
    }

    static void register(final CudartModule module)
    {
        JavaCppRuntime.runtime(module, "cudaMallocAsync", a -> allocate(a, 0, 2));
        JavaCppRuntime.runtime(module, "cudaMallocFromPoolAsync", a ->
        {
            final long pool = a.handle(2);
            if (pool == 0)
            {
                throw new JavaCppArgumentException("the pool is null");
            }
            return allocate(a, pool, 3);
        });
        // Answered, not pipelined: a pointer that is not a live allocation of the session fails here, as in CUDA.
        JavaCppRuntime.runtime(module, "cudaFreeAsync", a ->
        {
            final long address = a.devicePointer(0);
            final int status = inPrimaryContext(Function.CU_MEM_FREE_ASYNC, new long[]{ address, a.stream(1) },
                null);
            if (status == RuntimeStatus.SUCCESS)
            {
                JavaCppRuntime.freed(address, RuntimeCalls.session());
            }
            return status;
        });
        JavaCppRuntime.runtime(module, "cudaMemPoolCreate", a -> RuntimeCalls.record(JavaCppDriver.createPool(a)));
        JavaCppRuntime.runtime(module, "cudaMemPoolDestroy", a -> RuntimeCalls.record(DriverCalls.call(
            Function.CU_MEM_POOL_DESTROY, new long[]{ a.handle(0) }, null, null, null)));
        JavaCppRuntime.runtime(module, "cudaMemPoolTrimTo", a -> RuntimeCalls.record(DriverCalls.call(
            Function.CU_MEM_POOL_TRIM_TO, new long[]{ a.handle(0), a.longValue(1) }, null, null, null)));
    }

    private static int allocate(final JavaCppArgs a, final long pool, final int streamIndex)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final long size = a.longValue(1);
        final long[] results = new long[1];
        final int status = inPrimaryContext(Function.CU_MEM_ALLOC_ASYNC,
            new long[]{ size, a.stream(streamIndex), pool }, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JavaCppRuntime.allocated(results[0], size, RuntimeCalls.session());
            a.setHandle(0, results[0]);
        }
        return status;
    }

    /**
     * The driver function in the primary context of the thread's current device, its failure the thread's last
     * error.
     */
    private static int inPrimaryContext(final Function function, final long[] args, final long[] results)
    {
        final DeviceRouter client = DeviceRouter.installed();
        final int connected = client.connect();
        if (connected != RuntimeStatus.SUCCESS)
        {
            return RuntimeCalls.record(connected);
        }
        final int device = RuntimeThreadState.currentDevice();
        final long primary = DriverCalls.runtimePrimaryContext(device);
        if (primary == 0)
        {
            AgentLog.warnOnce("the executor did not retain the primary context of device " + device + ", in which " +
                "the runtime's stream-ordered allocation runs; returning cudaErrorInvalidDevice");
            return RuntimeCalls.record(RuntimeStatus.INVALID_DEVICE);
        }
        return RuntimeCalls.record(client.call(function, primary, args, null, null, results));
    }
}
