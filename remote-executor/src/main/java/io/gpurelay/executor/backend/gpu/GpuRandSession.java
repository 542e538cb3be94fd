package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;
import static org.bytedeco.cuda.global.curand.curandCreateGenerator;
import static org.bytedeco.cuda.global.curand.curandCreatePoissonDistribution;
import static org.bytedeco.cuda.global.curand.curandDestroyDistribution;
import static org.bytedeco.cuda.global.curand.curandDestroyGenerator;
import static org.bytedeco.cuda.global.curand.curandGenerate;
import static org.bytedeco.cuda.global.curand.curandGenerateLogNormal;
import static org.bytedeco.cuda.global.curand.curandGenerateLogNormalDouble;
import static org.bytedeco.cuda.global.curand.curandGenerateLongLong;
import static org.bytedeco.cuda.global.curand.curandGenerateNormal;
import static org.bytedeco.cuda.global.curand.curandGenerateNormalDouble;
import static org.bytedeco.cuda.global.curand.curandGeneratePoisson;
import static org.bytedeco.cuda.global.curand.curandGenerateSeeds;
import static org.bytedeco.cuda.global.curand.curandGenerateUniform;
import static org.bytedeco.cuda.global.curand.curandGenerateUniformDouble;
import static org.bytedeco.cuda.global.curand.curandGetDirectionVectors32;
import static org.bytedeco.cuda.global.curand.curandGetDirectionVectors64;
import static org.bytedeco.cuda.global.curand.curandGetScrambleConstants32;
import static org.bytedeco.cuda.global.curand.curandGetScrambleConstants64;
import static org.bytedeco.cuda.global.curand.curandGetVersion;
import static org.bytedeco.cuda.global.curand.curandSetGeneratorOffset;
import static org.bytedeco.cuda.global.curand.curandSetGeneratorOrdering;
import static org.bytedeco.cuda.global.curand.curandSetPseudoRandomGeneratorSeed;
import static org.bytedeco.cuda.global.curand.curandSetQuasiRandomGeneratorDimensions;
import static org.bytedeco.cuda.global.curand.curandSetStream;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RandSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.SobolTable;
import org.bytedeco.cuda.curand.curandDiscreteDistribution_st;
import org.bytedeco.cuda.curand.curandGenerator_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

/**
 * cuRAND on the GPU through JavaCPP's presets: the host's own cuRAND, so results are cuRAND's exactly. Every call
 * runs with the generator's context current. cuRAND does not check output pointers, and a kernel writing outside the
 * session's memory would fault the context: an output range must lie inside one allocation of the session, else the
 * call is {@code CURAND_STATUS_LAUNCH_FAILURE} before anything runs, as on the emulator.
 */
final class GpuRandSession implements RandSession
{
    private final DeviceAddressRanges<GpuContext, GpuModule> ranges;
    private final List<GpuGenerator> generators = new ArrayList<>();
    private final List<GpuDistribution> distributions = new ArrayList<>();

    GpuRandSession(final DeviceAddressRanges<GpuContext, GpuModule> ranges)
    {
        this.ranges = ranges;
    }

    public void getVersion(final CallResult result)
    {
        if (!usable(result))
        {
            return;
        }
        final int[] version = new int[1];
        if (check(curandGetVersion(version), "curandGetVersion", result))
        {
            result.value(version[0]);
        }
    }

    public Generator createGenerator(final BackendContext context, final int rngType, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!usable(result) || !makeCurrent(gpuContext, "curandCreateGenerator", result))
        {
            return null;
        }
        final curandGenerator_st handle = new curandGenerator_st();
        if (!check(curandCreateGenerator(handle, rngType), "curandCreateGenerator of type " + rngType, result))
        {
            return null;
        }
        final GpuGenerator generator = new GpuGenerator(gpuContext, handle);
        generators.add(generator);
        return generator;
    }

    public void destroyGenerator(final Generator generator)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (generators.remove(gpuGenerator))
        {
            cuCtxSetCurrent(gpuGenerator.context().handle());
            curandDestroyGenerator(gpuGenerator.handle());
        }
    }

    public void setStream(final Generator generator, final BackendStream stream, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandSetStream", result))
        {
            check(curandSetStream(gpuGenerator.handle(), stream == null ? null : ((GpuStream)stream).handle()),
                "curandSetStream", result);
        }
    }

    public void setSeed(final Generator generator, final long seed, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandSetPseudoRandomGeneratorSeed", result))
        {
            check(curandSetPseudoRandomGeneratorSeed(gpuGenerator.handle(), seed),
                "curandSetPseudoRandomGeneratorSeed", result);
        }
    }

    public void setOffset(final Generator generator, final long offset, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandSetGeneratorOffset", result))
        {
            check(curandSetGeneratorOffset(gpuGenerator.handle(), offset), "curandSetGeneratorOffset", result);
        }
    }

    public void setOrdering(final Generator generator, final int ordering, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandSetGeneratorOrdering", result))
        {
            check(curandSetGeneratorOrdering(gpuGenerator.handle(), ordering), "curandSetGeneratorOrdering", result);
        }
    }

    /**
     * cuRAND allocates the histogram in the context's device memory; its address is what the client gets.
     */
    public Distribution createPoissonDistribution(
        final BackendContext context, final double lambda, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!usable(result) || !makeCurrent(gpuContext, "curandCreatePoissonDistribution", result))
        {
            return null;
        }
        final curandDiscreteDistribution_st handle = new curandDiscreteDistribution_st();
        if (!check(curandCreatePoissonDistribution(lambda, handle), "curandCreatePoissonDistribution of lambda " +
            lambda, result))
        {
            return null;
        }
        final GpuDistribution distribution = new GpuDistribution(gpuContext, handle);
        distributions.add(distribution);
        return distribution;
    }

    public void destroyDistribution(final Distribution distribution, final CallResult result)
    {
        final GpuDistribution gpuDistribution = (GpuDistribution)distribution;
        if (!distributions.remove(gpuDistribution))
        {
            result.fail(curandError(CurandStatus.NOT_INITIALIZED), "curandDestroyDistribution: the distribution's " +
                "context was destroyed or reset");
            return;
        }
        if (makeCurrent(gpuDistribution.context(), "curandDestroyDistribution", result))
        {
            check(curandDestroyDistribution(gpuDistribution.handle()), "curandDestroyDistribution", result);
        }
    }

    public void setQuasiRandomDimensions(final Generator generator, final int dimensions, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandSetQuasiRandomGeneratorDimensions", result))
        {
            check(curandSetQuasiRandomGeneratorDimensions(gpuGenerator.handle(), dimensions),
                "curandSetQuasiRandomGeneratorDimensions", result);
        }
    }

    public void generateSeeds(final Generator generator, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        if (makeCurrent(gpuGenerator.context(), "curandGenerateSeeds", result))
        {
            check(curandGenerateSeeds(gpuGenerator.handle()), "curandGenerateSeeds", result);
        }
    }

    /**
     * cuRAND answers with a pointer to its own table in host memory, which is copied into the reply as it is (the
     * host is little-endian, as the wire is).
     */
    public void getSobolTable(final SobolTable table, final int set, final CallResult result)
    {
        if (!usable(result))
        {
            return;
        }
        try (PointerPointer<Pointer> tablePointer = new PointerPointer<>(1))
        {
            final int status = switch (table)
            {
                case DIRECTION_VECTORS_32 -> curandGetDirectionVectors32(tablePointer, set);
                case SCRAMBLE_CONSTANTS_32 -> curandGetScrambleConstants32(tablePointer);
                case DIRECTION_VECTORS_64 -> curandGetDirectionVectors64(tablePointer, set);
                case SCRAMBLE_CONSTANTS_64 -> curandGetScrambleConstants64(tablePointer);
            };
            if (!check(status, table.functionName() + (table.hasSets() ? " of set " + set : ""), result))
            {
                return;
            }
            final Pointer address = tablePointer.get(0);
            if (address == null || address.isNull())
            {
                result.fail(curandError(CurandStatus.INTERNAL_ERROR), table.functionName() + " gave no table");
                return;
            }
            final byte[] bytes = new byte[table.bytes()];
            new BytePointer(address).capacity(bytes.length).get(bytes);
            result.payload(new ByteArrayPayload(bytes));
        }
    }

    public void generate(
        final Generator generator, final Output kind, final long output, final long count, final double first,
        final double second, final CallResult result)
    {
        final GpuGenerator gpuGenerator = (GpuGenerator)generator;
        final String name = "curandGenerate " + kind;
        final long elementSize = switch (kind)
        {
            case BITS, UNIFORM, NORMAL, LOG_NORMAL, POISSON -> Integer.BYTES;
            case LONG_BITS, UNIFORM_DOUBLE, NORMAL_DOUBLE, LOG_NORMAL_DOUBLE -> Long.BYTES;
        };
        if (count < 0 || count > Long.MAX_VALUE / elementSize)
        {
            result.fail(curandError(CurandStatus.OUT_OF_RANGE),
                name + ": " + count + " values");
            return;
        }
        if (count > 0 && ranges.holding(output, count * elementSize) == null)
        {
            result.fail(curandError(CurandStatus.LAUNCH_FAILURE),
                name + ": output [0x" + Long.toHexString(output) + ", +" + count * elementSize + " bytes) is not " +
                    "inside one allocation of this session");
            return;
        }
        if (!makeCurrent(gpuGenerator.context(), name, result))
        {
            return;
        }
        final curandGenerator_st handle = gpuGenerator.handle();
        final Pointer address = new DeviceAddress(output);
        final int status = switch (kind)
        {
            case BITS -> curandGenerate(handle, new IntPointer(address), count);
            case LONG_BITS -> curandGenerateLongLong(handle, new LongPointer(address), count);
            case UNIFORM -> curandGenerateUniform(handle, new FloatPointer(address), count);
            case UNIFORM_DOUBLE -> curandGenerateUniformDouble(handle, new DoublePointer(address), count);
            case NORMAL -> curandGenerateNormal(handle, new FloatPointer(address), count, (float)first, (float)second);
            case NORMAL_DOUBLE -> curandGenerateNormalDouble(handle, new DoublePointer(address), count, first, second);
            case LOG_NORMAL ->
                curandGenerateLogNormal(handle, new FloatPointer(address), count, (float)first, (float)second);
            case LOG_NORMAL_DOUBLE ->
                curandGenerateLogNormalDouble(handle, new DoublePointer(address), count, first, second);
            case POISSON -> curandGeneratePoisson(handle, new IntPointer(address), count, first);
        };
        check(status, name, result);
    }

    public void close()
    {
        for (final GpuGenerator generator : generators)
        {
            cuCtxSetCurrent(generator.context().handle());
            curandDestroyGenerator(generator.handle());
        }
        generators.clear();
        for (final GpuDistribution distribution : distributions)
        {
            cuCtxSetCurrent(distribution.context().handle());
            curandDestroyDistribution(distribution.handle());
        }
        distributions.clear();
    }

    /**
     * Destroy the generators made in a context that is about to be destroyed, while their memory can still be freed.
     */
    void destroyGenerators(final GpuContext context)
    {
        generators.removeIf(generator ->
        {
            if (generator.context() != context)
            {
                return false;
            }
            cuCtxSetCurrent(context.handle());
            curandDestroyGenerator(generator.handle());
            return true;
        });
        distributions.removeIf(distribution ->
        {
            if (distribution.context() != context)
            {
                return false;
            }
            cuCtxSetCurrent(context.handle());
            curandDestroyDistribution(distribution.handle());
            return true;
        });
    }

    private static CudaError curandError(final int status)
    {
        return CudaError.library(Api.CURAND, status, CurandStatus.name(status));
    }

    private static boolean usable(final CallResult result)
    {
        final String reason = GpuLibraries.curandUnusableReason();
        if (reason != null)
        {
            result.fail(curandError(CurandStatus.INITIALIZATION_FAILED), reason);
            return false;
        }
        return true;
    }

    private static boolean makeCurrent(final GpuContext context, final String name, final CallResult result)
    {
        final int status = cuCtxSetCurrent(context.handle());
        if (status != CUDA_SUCCESS)
        {
            result.fail(curandError(CurandStatus.INITIALIZATION_FAILED), name + ": making the context current: " +
                GpuRuntime.errorName(status));
            return false;
        }
        return true;
    }

    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == CurandStatus.SUCCESS)
        {
            return true;
        }
        result.fail(curandError(status), what + ": " + CurandStatus.name(status));
        return false;
    }

    /**
     * A device address as the typed pointers of JavaCPP's cuRAND functions take it.
     */
    private static final class DeviceAddress extends Pointer
    {
        DeviceAddress(final long address)
        {
            this.address = address;
        }
    }

    private record GpuGenerator(GpuContext context, curandGenerator_st handle) implements Generator
    {
    }

    /**
     * {@code curandDiscreteDistribution_t} is a pointer to the histogram in device memory: its value is the address.
     */
    private record GpuDistribution(GpuContext context, curandDiscreteDistribution_st handle) implements Distribution
    {
        public long address()
        {
            return handle.address();
        }
    }
}
