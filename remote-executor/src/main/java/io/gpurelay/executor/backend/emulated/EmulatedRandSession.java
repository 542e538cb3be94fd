package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.rand.CurandException;
import io.gpurelay.emulator.rand.CurandGenerator;
import io.gpurelay.emulator.rand.CurandStatus;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RandSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.SobolTable;

/**
 * cuRAND on the emulated devices: the device emulator's {@link CurandGenerator}, which reproduces cuRAND's sequences
 * (see docs/emulator-reference-libraries.md), generating into the session's memory on the context's device. Work
 * runs synchronously on the session's thread, so a generator's stream only orders what is already in order.
 */
final class EmulatedRandSession implements RandSession
{
    private final EmulatedDevice[] devices;
    private final Object[] owners;

    EmulatedRandSession(final EmulatedDevice[] devices, final Object[] owners)
    {
        this.devices = devices;
        this.owners = owners;
    }

    public void getVersion(final CallResult result)
    {
        result.value(CurandGenerator.VERSION);
    }

    public Generator createGenerator(final BackendContext context, final int rngType, final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        try
        {
            return new EmulatedGenerator(context,
                CurandGenerator.create(rngType, devices[device].memory(), owners[device]));
        }
        catch (final CurandException ex)
        {
            result.fail(error(ex.status()), ex.getMessage());
            return null;
        }
    }

    public void destroyGenerator(final Generator generator)
    {
        ((EmulatedGenerator)generator).generator.destroy();
    }

    public void setStream(final Generator generator, final BackendStream stream, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.setStream(stream == null ? 0 : System.identityHashCode(stream)), result);
    }

    public void setSeed(final Generator generator, final long seed, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.setPseudoRandomGeneratorSeed(seed), result);
    }

    public void setOffset(final Generator generator, final long offset, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.setGeneratorOffset(offset), result);
    }

    public void setOrdering(final Generator generator, final int ordering, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.setGeneratorOrdering(ordering), result);
    }

    /**
     * The histogram's layout is cuRAND's own, read by its device API's code; the emulator has neither, and cuRAND
     * has no "not supported" status, so this is {@code CURAND_STATUS_TYPE_ERROR}.
     */
    public Distribution createPoissonDistribution(
        final BackendContext context, final double lambda, final CallResult result)
    {
        result.fail(error(CurandStatus.TYPE_ERROR), "curandCreatePoissonDistribution is not supported on the " +
            "emulator: it has no discrete distributions of cuRAND's device API");
        return null;
    }

    public void destroyDistribution(final Distribution distribution, final CallResult result)
    {
        throw new IllegalStateException("the emulator makes no distributions");
    }

    public void setQuasiRandomDimensions(final Generator generator, final int dimensions, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.setQuasiRandomGeneratorDimensions(dimensions), result);
    }

    public void generateSeeds(final Generator generator, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        complete(emulated, emulated.generateSeeds(), result);
    }

    /**
     * The emulator has no Sobol' generators and does not carry cuRAND's tables for them; cuRAND has no "not
     * supported" status, so this is {@code CURAND_STATUS_TYPE_ERROR}, as for the generator types it lacks.
     */
    public void getSobolTable(final SobolTable table, final int set, final CallResult result)
    {
        result.fail(error(CurandStatus.TYPE_ERROR), table.functionName() + " is not supported on the emulator: it " +
            "has no Sobol' generators and does not carry their tables");
    }

    public void generate(
        final Generator generator, final Output kind, final long output, final long count, final double first,
        final double second, final CallResult result)
    {
        final CurandGenerator emulated = ((EmulatedGenerator)generator).generator;
        final int status = switch (kind)
        {
            case BITS -> emulated.generate(output, count);
            case LONG_BITS -> emulated.generateLongLong(output, count);
            case UNIFORM -> emulated.generateUniform(output, count);
            case UNIFORM_DOUBLE -> emulated.generateUniformDouble(output, count);
            case NORMAL -> emulated.generateNormal(output, count, (float)first, (float)second);
            case NORMAL_DOUBLE -> emulated.generateNormalDouble(output, count, first, second);
            case LOG_NORMAL -> emulated.generateLogNormal(output, count, (float)first, (float)second);
            case LOG_NORMAL_DOUBLE -> emulated.generateLogNormalDouble(output, count, first, second);
            case POISSON -> emulated.generatePoisson(output, count, first);
        };
        complete(emulated, status, result);
    }

    /**
     * Nothing to free: the generators' output lives in the session's memory, which the session frees.
     */
    public void close()
    {
    }

    private static void complete(final CurandGenerator generator, final int status, final CallResult result)
    {
        if (status != CurandStatus.SUCCESS)
        {
            final String message = generator.lastErrorMessage();
            result.fail(error(status), message == null ? CurandStatus.name(status) : message);
        }
    }

    private static CudaError error(final int status)
    {
        return CudaError.library(Api.CURAND, status, CurandStatus.name(status));
    }

    private record EmulatedGenerator(BackendContext context, CurandGenerator generator) implements Generator
    {
    }
}
