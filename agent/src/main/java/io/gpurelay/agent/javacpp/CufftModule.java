package io.gpurelay.agent.javacpp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.driver.LibraryCallContext;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cufft}: plans live on the executor, in the calling thread's current
 * context as cuFFT's do, on the same calls JCuda's {@code JCufft} makes. A {@code cufftHandle} is an {@code int} in C,
 * so the program holds a number of this process's that names the executor's plan; an unknown number is
 * {@code CUFFT_INVALID_PLAN}. Transforms work on device memory only.
 */
public final class CufftModule extends JavaCppModule
{
    private static final Map<Integer, Long> PLANS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_PLAN = new AtomicInteger(1);

    public CufftModule()
    {
        super("cufft", CufftStatus.NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED", CufftStatus.INVALID_VALUE,
            "CUFFT_INVALID_VALUE", List.of("org.bytedeco.cuda.global.cufft", "org.bytedeco.cuda.presets.cufft",
                "org.bytedeco.cuda.cufft."));
        function("cufftGetVersion", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = call(Function.CUFFT_GET_VERSION, new long[0], results);
            if (status == CufftStatus.SUCCESS)
            {
                a.setInt(0, (int)results[0]);
            }
            return status;
        });
        function("cufftCreate", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final int number = create();
            if (number < 0)
            {
                return -number;
            }
            a.setInt(0, number);
            return CufftStatus.SUCCESS;
        });
        function("cufftDestroy", a ->
        {
            final int number = a.intValue(0);
            final Long handle = PLANS.get(number);
            if (handle == null)
            {
                return invalidPlan(a, number);
            }
            final int status = call(Function.CUFFT_DESTROY, new long[]{ handle }, null);
            if (status == CufftStatus.SUCCESS || status == CufftStatus.INVALID_PLAN)
            {
                PLANS.remove(number);
            }
            return status;
        });
        function("cufftPlan1d", a -> plan(a, CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1))));
        function("cufftPlan2d", a -> plan(a, CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2))));
        function("cufftPlan3d", a -> plan(a, CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2),
            a.intValue(3))));
        function("cufftMakePlan1d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1)), 4));
        function("cufftMakePlan2d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2)), 4));
        function("cufftMakePlan3d", a -> sized(a, Function.CUFFT_MAKE_PLAN,
            CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2), a.intValue(3)), 5));
        function("cufftGetSize1d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(2), a.intValue(3), a.intValue(1)), 4));
        function("cufftGetSize2d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(3), 1, a.intValue(1), a.intValue(2)), 4));
        function("cufftGetSize3d", a -> sized(a, Function.CUFFT_GET_SIZE_MANY,
            CufftGeometry.basic(a.intValue(4), 1, a.intValue(1), a.intValue(2), a.intValue(3)), 5));
        function("cufftEstimate1d", a -> estimate(a, CufftGeometry.basic(a.intValue(1), a.intValue(2),
            a.intValue(0)), 3));
        function("cufftEstimate2d", a -> estimate(a, CufftGeometry.basic(a.intValue(2), 1, a.intValue(0),
            a.intValue(1)), 3));
        function("cufftEstimate3d", a -> estimate(a, CufftGeometry.basic(a.intValue(3), 1, a.intValue(0),
            a.intValue(1), a.intValue(2)), 4));
        function("cufftGetSize", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final Long handle = PLANS.get(a.intValue(0));
            if (handle == null)
            {
                return invalidPlan(a, a.intValue(0));
            }
            final long[] results = new long[1];
            final int status = call(Function.CUFFT_GET_SIZE, new long[]{ handle }, results);
            if (status == CufftStatus.SUCCESS)
            {
                a.setLong(1, results[0]);
            }
            return status;
        });
        function("cufftSetStream", a -> planCall(a, Function.CUFFT_SET_STREAM, a.stream(1)));
        function("cufftSetAutoAllocation", a -> planCall(a, Function.CUFFT_SET_AUTO_ALLOCATION, a.intValue(1)));
        function("cufftSetWorkArea", a -> planCall(a, Function.CUFFT_SET_WORK_AREA, a.devicePointer(1)));
        function("cufftExecC2C", a -> exec(a, CufftGeometry.C2C, a.intValue(3)));
        function("cufftExecZ2Z", a -> exec(a, CufftGeometry.Z2Z, a.intValue(3)));
        function("cufftExecR2C", a -> exec(a, CufftGeometry.R2C, 0));
        function("cufftExecC2R", a -> exec(a, CufftGeometry.C2R, 0));
        function("cufftExecD2Z", a -> exec(a, CufftGeometry.D2Z, 0));
        function("cufftExecZ2D", a -> exec(a, CufftGeometry.Z2D, 0));
    }

    /**
     * A new plan without a shape.
     *
     * @return its number, or the negated status.
     */
    private static int create()
    {
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_CREATE, new long[0], results);
        if (status != CufftStatus.SUCCESS)
        {
            return -status;
        }
        final int number = NEXT_PLAN.getAndIncrement();
        PLANS.put(number, results[0]);
        return number;
    }

    /**
     * {@code cufftPlan*}: a new plan made at once; one that cannot be made is destroyed again and the output keeps
     * what it held.
     */
    private static int plan(final JavaCppArgs a, final CufftGeometry geometry)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final int number = create();
        if (number < 0)
        {
            return -number;
        }
        final long[] args = new long[1 + CufftGeometry.SLOTS];
        args[0] = PLANS.get(number);
        geometry.encode(args, 1);
        final int status = call(Function.CUFFT_MAKE_PLAN, args, new long[1]);
        if (status != CufftStatus.SUCCESS)
        {
            call(Function.CUFFT_DESTROY, new long[]{ args[0] }, null);
            PLANS.remove(number);
            return status;
        }
        a.setInt(0, number);
        return status;
    }

    /**
     * A call on an existing plan with a geometry that answers a work size into argument {@code workSize}.
     */
    private static int sized(final JavaCppArgs a, final Function function, final CufftGeometry geometry,
        final int workSize)
    {
        final Long handle = PLANS.get(a.intValue(0));
        if (handle == null)
        {
            return invalidPlan(a, a.intValue(0));
        }
        final long[] args = new long[1 + CufftGeometry.SLOTS];
        args[0] = handle;
        geometry.encode(args, 1);
        final long[] results = new long[1];
        final int status = call(function, args, results);
        if (status == CufftStatus.SUCCESS && !a.isNull(workSize))
        {
            a.setLong(workSize, results[0]);
        }
        return status;
    }

    private static int estimate(final JavaCppArgs a, final CufftGeometry geometry, final int workSize)
    {
        JavaCppRuntime.requireOutput(a, workSize);
        final long[] args = new long[CufftGeometry.SLOTS];
        geometry.encode(args, 0);
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_ESTIMATE, args, results);
        if (status == CufftStatus.SUCCESS)
        {
            a.setLong(workSize, results[0]);
        }
        return status;
    }

    private static int planCall(final JavaCppArgs a, final Function function, final long value)
    {
        final Long handle = PLANS.get(a.intValue(0));
        if (handle == null)
        {
            return invalidPlan(a, a.intValue(0));
        }
        return call(function, new long[]{ handle, value }, null);
    }

    /**
     * The data must be device memory: a Java array or buffer is host memory, which cuFFT cannot transform.
     */
    private static int exec(final JavaCppArgs a, final int type, final int direction)
    {
        final Long handle = PLANS.get(a.intValue(0));
        if (handle == null)
        {
            return invalidPlan(a, a.intValue(0));
        }
        for (final int index : new int[]{ 1, 2 })
        {
            if (!(a.get(index) instanceof org.bytedeco.javacpp.Pointer))
            {
                AgentLog.warn(a.method().qualifiedName() + ": " + a.describe(index) + " is host memory; gpurelay's " +
                    "cuFFT transforms device memory only; returning CUFFT_EXEC_FAILED");
                return CufftStatus.EXEC_FAILED;
            }
        }
        return call(Function.CUFFT_EXEC, new long[]{ handle, type, a.devicePointer(1), a.devicePointer(2),
            direction }, null);
    }

    private static int invalidPlan(final JavaCppArgs a, final int number)
    {
        AgentLog.warn(a.method().qualifiedName() + ": " + number + " is not a plan of this process (cufftCreate, " +
            "cufftPlan*); returning CUFFT_INVALID_PLAN");
        return CufftStatus.INVALID_PLAN;
    }

    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, LibraryCallContext.current(), args, null, null,
            results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CufftStatus.SETUP_FAILED : status;
    }

    protected InstrumentationModule jcudaTwin()
    {
        return new io.gpurelay.agent.jcuda.fft.JCufftInstrumentation();
    }
}
