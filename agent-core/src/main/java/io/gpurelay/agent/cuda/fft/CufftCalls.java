package io.gpurelay.agent.cuda.fft;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.LibraryVersion;
import io.gpurelay.agent.cuda.driver.LibraryCallContext;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * What cuFFT's calls need besides their rows ({@link io.gpurelay.protocol.describe.LibraryFunctions}), which travel
 * through {@code io.gpurelay.agent.cuda.library.LibraryCall}, for both bindings (JCuda's {@code JCufft} and
 * JavaCPP's {@code cufft}): the plan numbers, the {@code Many} functions' geometry and the version's properties. A
 * {@code cufftHandle} is an {@code int} in C, and the executor's plan handles are 64 bits: this process numbers its
 * plans and keeps each number's executor handle here, one table for both bindings as one cuFFT would have, and a
 * number that names no live plan is {@code CUFFT_INVALID_PLAN} without a call. Every shape travels as
 * {@code cufftMakePlanMany64}'s ({@link CufftGeometry}). Calls run in the calling thread's current context; without
 * an executor they return {@code CUFFT_SETUP_FAILED}.
 */
public final class CufftCalls
{
    /** This process's plan numbers to the executor's plan handles. */
    private static final Map<Integer, Long> PLANS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_PLAN = new AtomicInteger(1);

    private CufftCalls()
    {
    }

    public static int getVersion(final int[] version)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_GET_VERSION, new long[0], results);
        if (status == CufftStatus.SUCCESS)
        {
            version[0] = (int)results[0];
        }
        return status;
    }

    /**
     * {@code cufftGetProperty}, answered from the executor's version ({@code major * 1000 + minor * 100 + patch} as
     * cuFFT encodes it); a property type that does not exist is {@code CUFFT_INVALID_TYPE}.
     */
    public static int getProperty(final int type, final int[] value)
    {
        return LibraryVersion.property("cufftGetProperty", CufftCalls::getVersion, type, value,
            CufftStatus.SUCCESS, CufftStatus.INVALID_TYPE, "CUFFT_INVALID_TYPE", AgentLog::warn);
    }

    /**
     * {@code cufftCreate}: a new plan without a shape; {@code number[0]} gets its number on success.
     */
    public static int create(final int[] number)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUFFT_CREATE, new long[0], results);
        if (status == CufftStatus.SUCCESS)
        {
            final int created = NEXT_PLAN.getAndIncrement();
            PLANS.put(created, results[0]);
            number[0] = created;
        }
        return status;
    }

    public static int destroy(final String name, final int number)
    {
        final Long handle = PLANS.get(number);
        if (handle == null)
        {
            return invalidPlan(name, number);
        }
        final int status = call(Function.CUFFT_DESTROY, new long[]{ handle }, null);
        destroyed(number, status);
        return status;
    }

    /**
     * @return the executor's handle of a plan number, or null where it names no live plan.
     */
    public static Long handle(final int number)
    {
        return PLANS.get(number);
    }

    /**
     * After {@code cufftDestroy}'s call: a plan the executor destroyed, or does not know, is no longer this
     * process's.
     */
    public static void destroyed(final int number, final int status)
    {
        if (status == CufftStatus.SUCCESS || status == CufftStatus.INVALID_PLAN)
        {
            PLANS.remove(number);
        }
    }

    /**
     * The geometry of the {@code Many} functions, or null (and a log line naming the function) for a rank cuFFT does
     * not have or sizes missing for it; the caller answers null with {@code CUFFT_INVALID_VALUE}. An embed that is
     * null (or, from a binding that cannot tell, shorter than the rank) gives the basic layout.
     */
    public static CufftGeometry many(
        final String name, final int rank, final long[] n, final long[] inembed, final long istride,
        final long idist, final long[] onembed, final long ostride, final long odist, final int type,
        final long batch)
    {
        if (rank < 1 || rank > CufftGeometry.MAX_RANK || n == null || n.length < rank)
        {
            AgentLog.warn(name + ": rank " + rank + (n == null ? " without sizes" : " with too few sizes or out " +
                "of cuFFT's 1 to 3") + "; returning CUFFT_INVALID_VALUE");
            return null;
        }
        return new CufftGeometry(type, batch, java.util.Arrays.copyOf(n, rank), embed(inembed, rank), istride,
            idist, embed(onembed, rank), ostride, odist);
    }

    private static long[] embed(final long[] values, final int rank)
    {
        return values == null || values.length < rank ? null : java.util.Arrays.copyOf(values, rank);
    }

    /**
     * A plan number that names no live plan: {@code CUFFT_INVALID_PLAN} without a call, as cuFFT answers.
     */
    public static int invalidPlan(final String name, final int number)
    {
        AgentLog.warn(name + ": plan " + number + " is no live plan of this program (never created, or destroyed); " +
            "returning CUFFT_INVALID_PLAN");
        return CufftStatus.INVALID_PLAN;
    }

    /**
     * A call in the calling thread's current context; without an executor, the status cuFFT gives when it cannot
     * set up.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, LibraryCallContext.current(), args, null, null,
            results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CufftStatus.SETUP_FAILED : status;
    }
}
