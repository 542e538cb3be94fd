package io.gpurelay.agent.javacpp;

import java.util.List;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.driver.LibraryCallContext;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.curand}: generators live on the executor, in the calling thread's current
 * context as cuRAND's do, on the same calls JCuda's {@code JCurand} makes. Generators write device memory only.
 */
public final class CurandModule extends JavaCppModule
{
    public CurandModule()
    {
        super("curand", CurandStatus.INTERNAL_ERROR, "CURAND_STATUS_INTERNAL_ERROR", CurandStatus.OUT_OF_RANGE,
            "CURAND_STATUS_OUT_OF_RANGE",
            List.of("org.bytedeco.cuda.global.curand", "org.bytedeco.cuda.presets.curand",
                "org.bytedeco.cuda.curand."));
        function("curandCreateGenerator", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = call(Function.CURAND_CREATE_GENERATOR, new long[]{ a.intValue(1) }, results);
            if (status == CurandStatus.SUCCESS)
            {
                a.setHandle(0, results[0]);
            }
            return status;
        });
        function("curandDestroyGenerator", a ->
            call(Function.CURAND_DESTROY_GENERATOR, new long[]{ a.handle(0) }, null));
        function("curandGetVersion", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = call(Function.CURAND_GET_VERSION, new long[0], results);
            if (status == CurandStatus.SUCCESS)
            {
                a.setInt(0, (int)results[0]);
            }
            return status;
        });
        function("curandSetStream", a -> call(Function.CURAND_SET_STREAM,
            new long[]{ a.handle(0), a.stream(1) }, null));
        function("curandSetPseudoRandomGeneratorSeed", a -> call(Function.CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED,
            new long[]{ a.handle(0), a.longValue(1) }, null));
        function("curandSetGeneratorOffset", a -> call(Function.CURAND_SET_GENERATOR_OFFSET,
            new long[]{ a.handle(0), a.longValue(1) }, null));
        function("curandSetGeneratorOrdering", a -> call(Function.CURAND_SET_GENERATOR_ORDERING,
            new long[]{ a.handle(0), a.intValue(1) }, null));
        function("curandSetQuasiRandomGeneratorDimensions", a ->
            call(Function.CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS, new long[]{ a.handle(0), a.intValue(1) },
                null));
        function("curandGenerateSeeds", a -> call(Function.CURAND_GENERATE_SEEDS, new long[]{ a.handle(0) }, null));
        function("curandGenerate", a -> generate(a, Function.CURAND_GENERATE, 0, 0));
        function("curandGenerateLongLong", a -> generate(a, Function.CURAND_GENERATE_LONG_LONG, 0, 0));
        function("curandGenerateUniform", a -> generate(a, Function.CURAND_GENERATE_UNIFORM, 0, 0));
        function("curandGenerateUniformDouble", a -> generate(a, Function.CURAND_GENERATE_UNIFORM_DOUBLE, 0, 0));
        function("curandGenerateNormal", a -> generate(a, Function.CURAND_GENERATE_NORMAL,
            Float.floatToRawIntBits(a.floatValue(3)), Float.floatToRawIntBits(a.floatValue(4))));
        function("curandGenerateNormalDouble", a -> generate(a, Function.CURAND_GENERATE_NORMAL_DOUBLE,
            Double.doubleToRawLongBits(a.doubleValue(3)), Double.doubleToRawLongBits(a.doubleValue(4))));
        function("curandGenerateLogNormal", a -> generate(a, Function.CURAND_GENERATE_LOG_NORMAL,
            Float.floatToRawIntBits(a.floatValue(3)), Float.floatToRawIntBits(a.floatValue(4))));
        function("curandGenerateLogNormalDouble", a -> generate(a, Function.CURAND_GENERATE_LOG_NORMAL_DOUBLE,
            Double.doubleToRawLongBits(a.doubleValue(3)), Double.doubleToRawLongBits(a.doubleValue(4))));
        function("curandGeneratePoisson", a -> generate(a, Function.CURAND_GENERATE_POISSON,
            Double.doubleToRawLongBits(a.doubleValue(3)), 0));
    }

    /**
     * The output must be device memory: a Java array or buffer is host memory, which cuRAND's device generators
     * cannot write.
     */
    private static int generate(final JavaCppArgs a, final Function function, final long first, final long second)
    {
        if (!(a.get(1) instanceof org.bytedeco.javacpp.Pointer))
        {
            AgentLog.warn(a.method().qualifiedName() + ": the output is host memory (" + a.describe(1) + "); " +
                "gpurelay's cuRAND generators write device memory only; returning CURAND_STATUS_LAUNCH_FAILURE");
            return CurandStatus.LAUNCH_FAILURE;
        }
        return call(function, new long[]{ a.handle(0), a.devicePointer(1), a.longValue(2), first, second }, null);
    }

    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, LibraryCallContext.current(), args, null, null,
            results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CurandStatus.INITIALIZATION_FAILED : status;
    }

    protected InstrumentationModule jcudaTwin()
    {
        return new io.gpurelay.agent.jcuda.rand.JCurandInstrumentation();
    }
}
