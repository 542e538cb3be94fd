package io.gpurelay.executor.dispatch;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.FftSession.Plan;
import io.gpurelay.executor.backend.FftSession;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;

/**
 * What each cuFFT {@link io.gpurelay.protocol.Function} means: which plan and context it works in, which
 * {@link FftSession} method runs it. A plan is made in the calling thread's current context (the driver context the
 * call names, or else the primary context of its current device), as cuFFT makes it, and transforms on that
 * context's streams; its handle is one of the session's, so a plan of another session, a destroyed one or any other
 * handle is {@code CUFFT_INVALID_PLAN}, as cuFFT answers for a plan it does not know.
 * <p>
 * Where a call's geometry, type, data and direction lie among its words, the function's rows of {@link
 * LibraryFunctions} say, as they say it to the agent's encoder. A shape cuFFT refuses is refused here with cuFFT's
 * status before the backend sees it ({@link CufftGeometry#problem}), so both backends refuse the same shapes. cuFFT has
 * no status for a missing context or a foreign stream: a plan that cannot be made in its context is {@code
 * CUFFT_SETUP_FAILED}, a stream that is not one of its context's {@code CUFFT_INVALID_VALUE}.
 */
final class FftDispatcher
{
    static final CudaError INVALID_PLAN = error(CufftStatus.INVALID_PLAN);
    static final CudaError SETUP_FAILED = error(CufftStatus.SETUP_FAILED);
    static final CudaError INVALID_VALUE = error(CufftStatus.INVALID_VALUE);

    private final FftSession fft;
    private final SessionResources resources;

    FftDispatcher(final FftSession fft, final SessionResources resources)
    {
        this.fft = fft;
        this.resources = resources;
    }

    void dispatch(final ReceivedCall call, final CallResult result)
    {
        switch (call.function())
        {
            case CUFFT_GET_VERSION -> fft.getVersion(result);
            case CUFFT_CREATE ->
            {
                final ContextEntry context = resources.callingContext(call.context(), result);
                if (context == null)
                {
                    result.fail(SETUP_FAILED, "cufftCreate: " + result.message());
                    return;
                }
                final Plan plan = fft.create(context.backend, result);
                if (plan != null)
                {
                    result.value(resources.addLibraryObject(HandleKind.CUFFT_PLAN, context, plan));
                }
            }
            case CUFFT_DESTROY ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftDestroy", result);
                if (plan != null)
                {
                    resources.removeLibraryObject(plan);
                    fft.destroy((Plan)plan.object);
                }
            }
            case CUFFT_MAKE_PLAN ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftMakePlan", result);
                final CufftGeometry geometry = plan == null ? null : geometry(call, "cufftMakePlan", result);
                if (geometry != null)
                {
                    if (((Plan)plan.object).geometry() != null)
                    {
                        result.fail(INVALID_PLAN, "cufftMakePlan: the plan is made already; cuFFT makes a plan once");
                        return;
                    }
                    fft.makePlan((Plan)plan.object, geometry, result);
                }
            }
            case CUFFT_GET_SIZE_MANY ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftGetSizeMany", result);
                final CufftGeometry geometry = plan == null ? null : geometry(call, "cufftGetSizeMany", result);
                if (geometry != null)
                {
                    fft.getSizeMany((Plan)plan.object, geometry, result);
                }
            }
            case CUFFT_ESTIMATE ->
            {
                final CufftGeometry geometry = geometry(call, "cufftEstimate", result);
                if (geometry == null)
                {
                    return;
                }
                final ContextEntry context = resources.callingContext(call.context(), result);
                if (context == null)
                {
                    result.fail(SETUP_FAILED, "cufftEstimate: " + result.message());
                    return;
                }
                fft.estimate(context.backend, geometry, result);
            }
            case CUFFT_GET_SIZE ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftGetSize", result);
                if (plan != null)
                {
                    fft.getSize((Plan)plan.object, result);
                }
            }
            case CUFFT_SET_STREAM ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftSetStream", result);
                if (plan != null)
                {
                    final StreamEntry stream = resources.streamIn(call.arg(1), plan.context, result);
                    if (stream == null)
                    {
                        result.fail(INVALID_VALUE, "cufftSetStream: " + result.message());
                    }
                    else
                    {
                        fft.setStream((Plan)plan.object, stream.backend, result);
                    }
                }
            }
            case CUFFT_SET_AUTO_ALLOCATION ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftSetAutoAllocation", result);
                if (plan != null)
                {
                    fft.setAutoAllocation((Plan)plan.object, call.arg(1) != 0, result);
                }
            }
            case CUFFT_SET_WORK_AREA ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftSetWorkArea", result);
                if (plan != null)
                {
                    fft.setWorkArea((Plan)plan.object, call.arg(1), result);
                }
            }
            case CUFFT_EXEC ->
            {
                final LibraryObjectEntry plan = plan(call, "cufftExec", result);
                if (plan == null)
                {
                    return;
                }
                final Plan backendPlan = (Plan)plan.object;
                final LibraryFunctions.Wire wire = LibraryFunctions.wire(Function.CUFFT_EXEC);
                final int type = (int)call.arg(wire.word('k'));
                final String name = CufftGeometry.execName(type);
                if (backendPlan.geometry() == null)
                {
                    result.fail(INVALID_PLAN, name + ": the plan has no shape yet (cufftMakePlan* first)");
                    return;
                }
                if (type != backendPlan.geometry().type())
                {
                    result.fail(error(CufftStatus.INVALID_TYPE), name + " on a plan of type 0x" +
                        Integer.toHexString(backendPlan.geometry().type()));
                    return;
                }
                final int direction = (int)call.arg(wire.word('i'));
                if ((type == CufftGeometry.C2C || type == CufftGeometry.Z2Z) &&
                    direction != CufftStatus.FORWARD && direction != CufftStatus.INVERSE)
                {
                    result.fail(INVALID_VALUE, name + ": direction " + direction + " is neither CUFFT_FORWARD (-1) " +
                        "nor CUFFT_INVERSE (1)");
                    return;
                }
                fft.exec(backendPlan, type, call.arg(wire.word('d', 0)), call.arg(wire.word('d', 1)), direction,
                    result);
            }
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    static CudaError error(final int status)
    {
        return CudaError.library(Api.CUFFT, status, CufftStatus.name(status));
    }

    /**
     * The geometry where the function's rows put it ({@link LibraryFunctions#wire}), if cuFFT would take it.
     */
    private static CufftGeometry geometry(final ReceivedCall call, final String name, final CallResult result)
    {
        final int offset = LibraryFunctions.wire(call.function()).word(LibraryFunction.GEOMETRY);
        final long[] args = new long[offset + CufftGeometry.SLOTS];
        for (int i = 0; i < args.length; i++)
        {
            args[i] = call.arg(i);
        }
        final CufftGeometry geometry;
        try
        {
            geometry = CufftGeometry.decode(args, offset);
        }
        catch (final IllegalArgumentException ex)
        {
            result.fail(INVALID_VALUE, name + ": " + ex.getMessage());
            return null;
        }
        final CufftGeometry.Problem problem = geometry.problem();
        if (problem != null)
        {
            result.fail(error(problem.status()), name + ": " + problem.message() + " (" + geometry + ")");
            return null;
        }
        return geometry;
    }

    /**
     * The plan a call names (its first argument), in a context that still exists.
     */
    private LibraryObjectEntry plan(final ReceivedCall call, final String name, final CallResult result)
    {
        final LibraryObjectEntry plan =
            resources.libraryObject(call.arg(0), HandleKind.CUFFT_PLAN, INVALID_PLAN, result);
        if (plan == null)
        {
            result.fail(INVALID_PLAN, name + ": " + result.message());
            return null;
        }
        if (plan.context.backend != ((Plan)plan.object).context())
        {
            result.fail(INVALID_PLAN, name + ": the plan's context was destroyed or reset");
            return null;
        }
        return plan;
    }
}
