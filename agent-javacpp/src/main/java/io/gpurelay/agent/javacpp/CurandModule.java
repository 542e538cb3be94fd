package io.gpurelay.agent.javacpp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.rand.CurandRefusals;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.cuda.rand.CurandCalls;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.SobolTable;
import org.agrona.BufferUtil;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.curand}: generators live on the executor, in the calling thread's current
 * context as cuRAND's do, on the same calls JCuda's {@code JCurand} makes ({@link CurandCalls}). Generators write
 * device memory only. A Poisson distribution's object gets its device address on the executor, which a kernel of
 * cuRAND's device API takes. The Sobol' tables are host memory cuRAND hands out a pointer to: the executor's table
 * is copied once into memory of this process that lives as long as the process, as cuRAND's lives as long as the
 * library, and the caller's {@code PointerPointer} or {@code @ByPtrPtr} pointer gets its address.
 */
public final class CurandModule extends JavaCppModule
{
    /** The Sobol' tables handed out, by table and direction vector set. */
    private static final Map<Long, ByteBuffer> TABLES = new ConcurrentHashMap<>();
    private static final int TABLE_ALIGNMENT = 64;

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
        function("curandGetProperty", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final int[] value = new int[1];
            final int status = CurandCalls.getProperty(a.intValue(0), value);
            if (status == CurandStatus.SUCCESS)
            {
                a.setInt(1, value[0]);
            }
            return status;
        });
        function("curandCreatePoissonDistribution", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final long[] distribution = new long[1];
            final int status = CurandCalls.createPoissonDistribution(a.doubleValue(0), distribution);
            if (status == CurandStatus.SUCCESS)
            {
                a.setHandle(1, distribution[0]);
            }
            return status;
        });
        function("curandDestroyDistribution", a -> CurandCalls.destroyDistribution(a.handle(0)));
        function("curandGetDirectionVectors32", a -> sobolTable(a, SobolTable.DIRECTION_VECTORS_32, a.intValue(1)));
        function("curandGetDirectionVectors64", a -> sobolTable(a, SobolTable.DIRECTION_VECTORS_64, a.intValue(1)));
        function("curandGetScrambleConstants32", a -> sobolTable(a, SobolTable.SCRAMBLE_CONSTANTS_32, 0));
        function("curandGetScrambleConstants64", a -> sobolTable(a, SobolTable.SCRAMBLE_CONSTANTS_64, 0));
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

    /**
     * A Sobol' table's address into argument 0, a {@code T**}: a {@code PointerPointer}'s element or a
     * {@code @ByPtrPtr} pointer's address. JavaCPP's array and buffer overloads cannot return a pointer (its native
     * code would lose it), so they are refused. The table is fetched from the executor the first time and kept.
     */
    private static int sobolTable(final JavaCppArgs a, final SobolTable table, final int set)
    {
        JavaCppRuntime.requireOutput(a, 0);
        if (!(a.get(0) instanceof Pointer))
        {
            throw new JavaCppArgumentException(a.describe(0) + " cannot receive the table's address: cuRAND " +
                "returns a pointer to its table, which a PointerPointer or an IntPointer/LongPointer (whose address " +
                "becomes the table's) receives, not a Java array or buffer");
        }
        final long key = (long)table.code() << Integer.SIZE | set & 0xFFFF_FFFFL;
        ByteBuffer memory = TABLES.get(key);
        if (memory == null)
        {
            final ByteBuffer[] received = new ByteBuffer[1];
            final int status = CurandCalls.sobolTable(table, set, received);
            if (status != CurandStatus.SUCCESS)
            {
                return status;
            }
            final ByteBuffer copy = BufferUtil.allocateDirectAligned(table.bytes(), TABLE_ALIGNMENT)
                .order(ByteOrder.nativeOrder());
            if (table.wordBytes() == Integer.BYTES)
            {
                copy.asIntBuffer().put(received[0].asIntBuffer());
            }
            else
            {
                copy.asLongBuffer().put(received[0].asLongBuffer());
            }
            final ByteBuffer kept = TABLES.putIfAbsent(key, copy);
            memory = kept == null ? copy : kept;
        }
        a.setHandle(0, BufferUtil.address(memory));
        return CurandStatus.SUCCESS;
    }

    private static int call(final Function function, final long[] args, final long[] results)
    {
        return CurandCalls.call(function, args, results);
    }

    /**
     * {@code curandGeneratePoissonMethod} is not JCurand's, and no call carries a generation method: the executor's
     * {@code curandGeneratePoisson} picks cuRAND's own.
     */
    public String refusalReason(final String functionName)
    {
        return "curandGeneratePoissonMethod".equals(functionName) ? "no call carries a Poisson generation method " +
            "to the executor (JCurand has none to share it with); curandGeneratePoisson, which lets cuRAND pick " +
            "its method, is relayed" : CurandRefusals.INSTANCE.refusalReason(functionName);
    }

    protected LibraryRefusals refusals()
    {
        return CurandRefusals.INSTANCE;
    }
}
