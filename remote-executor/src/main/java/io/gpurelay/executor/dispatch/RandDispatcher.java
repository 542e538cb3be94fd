package io.gpurelay.executor.dispatch;

import java.util.HashMap;
import java.util.Map;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.RandSession.Distribution;
import io.gpurelay.executor.backend.RandSession.Generator;
import io.gpurelay.executor.backend.RandSession.Output;
import io.gpurelay.executor.backend.RandSession;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.SobolTable;
import io.gpurelay.protocol.describe.LibraryFunctions;

/**
 * What each cuRAND {@link io.gpurelay.protocol.Function} means: which generator and context it works in, which
 * {@link RandSession} method runs it. A generator is made in the calling thread's current context (the driver
 * context the call names, or else the primary context of its current device) and generates on that context's
 * streams; its handle is one of the session's, so a generator of another session, a destroyed one or any other
 * handle is {@code CURAND_STATUS_NOT_INITIALIZED}, as cuRAND answers for a generator it does not know.
 * <p>
 * cuRAND has no status for a missing context or a foreign stream: a call that cannot run in its context is
 * {@code CURAND_STATUS_INITIALIZATION_FAILED} and a stream that is not one of the generator's context is
 * {@code CURAND_STATUS_LAUNCH_FAILURE} (what its kernels would meet), each with the executor's explanation.
 */
final class RandDispatcher
{
    static final CudaError NOT_INITIALIZED =
        CudaError.library(Api.CURAND, CurandStatus.NOT_INITIALIZED, "CURAND_STATUS_NOT_INITIALIZED");
    static final CudaError INITIALIZATION_FAILED =
        CudaError.library(Api.CURAND, CurandStatus.INITIALIZATION_FAILED, "CURAND_STATUS_INITIALIZATION_FAILED");
    static final CudaError OUT_OF_RANGE =
        CudaError.library(Api.CURAND, CurandStatus.OUT_OF_RANGE, "CURAND_STATUS_OUT_OF_RANGE");
    static final CudaError LAUNCH_FAILURE =
        CudaError.library(Api.CURAND, CurandStatus.LAUNCH_FAILURE, "CURAND_STATUS_LAUNCH_FAILURE");

    /** The word of a generate call's first parameter, after the generator, the output and the count. */
    private static final int FIRST_PARAMETER = 3;

    private final RandSession rand;
    private final SessionResources resources;
    /** The session's discrete distributions by device address, which names them on the wire. */
    private final Map<Long, Distribution> distributions = new HashMap<>();

    RandDispatcher(final RandSession rand, final SessionResources resources)
    {
        this.rand = rand;
        this.resources = resources;
    }

    void dispatch(final ReceivedCall call, final CallResult result)
    {
        switch (call.function())
        {
            case CURAND_GET_VERSION -> rand.getVersion(result);
            case CURAND_CREATE_GENERATOR -> createGenerator(call, result);
            case CURAND_DESTROY_GENERATOR ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    resources.removeLibraryObject(generator);
                    rand.destroyGenerator((Generator)generator.object);
                }
            }
            case CURAND_SET_STREAM ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    final StreamEntry stream = resources.streamIn(call.arg(1), generator.context, result);
                    if (stream == null)
                    {
                        result.fail(LAUNCH_FAILURE, "curandSetStream: " + result.message());
                    }
                    else
                    {
                        rand.setStream((Generator)generator.object, stream.backend, result);
                    }
                }
            }
            case CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    rand.setSeed((Generator)generator.object, call.arg(1), result);
                }
            }
            case CURAND_SET_GENERATOR_OFFSET ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    rand.setOffset((Generator)generator.object, call.arg(1), result);
                }
            }
            case CURAND_SET_GENERATOR_ORDERING ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    rand.setOrdering((Generator)generator.object, (int)call.arg(1), result);
                }
            }
            case CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    rand.setQuasiRandomDimensions((Generator)generator.object, (int)call.arg(1), result);
                }
            }
            case CURAND_GENERATE_SEEDS ->
            {
                final LibraryObjectEntry generator = generator(call, result);
                if (generator != null)
                {
                    rand.generateSeeds((Generator)generator.object, result);
                }
            }
            case CURAND_GET_SOBOL_TABLE ->
            {
                final SobolTable table = SobolTable.of(call.arg(0));
                if (table == null)
                {
                    result.fail(OUT_OF_RANGE, "no Sobol' table has the code " + call.arg(0));
                }
                else
                {
                    rand.getSobolTable(table, (int)call.arg(1), result);
                }
            }
            case CURAND_CREATE_POISSON_DISTRIBUTION ->
            {
                final ContextEntry context = resources.callingContext(call.context(), result);
                if (context == null)
                {
                    result.fail(INITIALIZATION_FAILED, "curandCreatePoissonDistribution: " + result.message());
                    return;
                }
                final Distribution distribution = rand.createPoissonDistribution(context.backend,
                    Double.longBitsToDouble(call.arg(0)), result);
                if (distribution != null)
                {
                    distributions.put(distribution.address(), distribution);
                    result.value(distribution.address());
                }
            }
            case CURAND_DESTROY_DISTRIBUTION ->
            {
                final Distribution distribution = distributions.remove(call.arg(0));
                if (distribution == null)
                {
                    result.fail(NOT_INITIALIZED, "curandDestroyDistribution: 0x" + Long.toHexString(call.arg(0)) +
                        " is no distribution of this session");
                }
                else
                {
                    rand.destroyDistribution(distribution, result);
                }
            }
            case CURAND_GENERATE -> generate(call, Output.BITS, result);
            case CURAND_GENERATE_LONG_LONG -> generate(call, Output.LONG_BITS, result);
            case CURAND_GENERATE_UNIFORM -> generate(call, Output.UNIFORM, result);
            case CURAND_GENERATE_UNIFORM_DOUBLE -> generate(call, Output.UNIFORM_DOUBLE, result);
            case CURAND_GENERATE_NORMAL -> generate(call, Output.NORMAL, result);
            case CURAND_GENERATE_NORMAL_DOUBLE -> generate(call, Output.NORMAL_DOUBLE, result);
            case CURAND_GENERATE_LOG_NORMAL -> generate(call, Output.LOG_NORMAL, result);
            case CURAND_GENERATE_LOG_NORMAL_DOUBLE -> generate(call, Output.LOG_NORMAL_DOUBLE, result);
            case CURAND_GENERATE_POISSON -> generate(call, Output.POISSON, result);
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    private void createGenerator(final ReceivedCall call, final CallResult result)
    {
        final ContextEntry context = resources.callingContext(call.context(), result);
        if (context == null)
        {
            result.fail(INITIALIZATION_FAILED, "curandCreateGenerator: " + result.message());
            return;
        }
        final Generator generator = rand.createGenerator(context.backend, (int)call.arg(0), result);
        if (generator != null)
        {
            result.value(resources.addLibraryObject(HandleKind.CURAND_GENERATOR, context, generator));
        }
    }

    private void generate(final ReceivedCall call, final Output kind, final CallResult result)
    {
        final LibraryObjectEntry generator = generator(call, result);
        if (generator == null)
        {
            return;
        }
        // The two parameters are reals as the function's row says: float or double bits, or 0 for none.
        final LibraryFunctions.Wire wire = LibraryFunctions.wire(call.function());
        final double first = wire.real(FIRST_PARAMETER, call::arg);
        final double second = wire.real(FIRST_PARAMETER + 1, call::arg);
        rand.generate((Generator)generator.object, kind, call.arg(1), call.arg(2), first, second, result);
    }

    /**
     * The generator a call names (its first argument), in a context that still exists.
     */
    private LibraryObjectEntry generator(final ReceivedCall call, final CallResult result)
    {
        final LibraryObjectEntry generator =
            resources.libraryObject(call.arg(0), HandleKind.CURAND_GENERATOR, NOT_INITIALIZED, result);
        if (generator != null && generator.context.backend != ((Generator)generator.object).context())
        {
            result.fail(NOT_INITIALIZED, "the generator's context was destroyed or reset");
            return null;
        }
        return generator;
    }
}
