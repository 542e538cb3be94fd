package io.gpurelay.agent.cuda.rand;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.LibraryVersion;
import io.gpurelay.agent.cuda.driver.LibraryCallContext;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.SobolTable;

/**
 * How cuRAND's calls that are no row of {@link io.gpurelay.protocol.describe.LibraryFunctions} travel (the version's
 * properties, computed here; the Sobol' tables, which arrive as bytes), for both bindings (JCuda's {@code JCurand} and
 * JavaCPP's {@code curand}): it names no type of either, leaving reading the caller's arguments and writing its
 * outputs to the binding. Calls run in the calling thread's current
 * context (the Sobol' tables, host data of cuRAND's, in none); without an executor they return
 * {@code CURAND_STATUS_INITIALIZATION_FAILED}.
 */
public final class CurandCalls
{
    /** Sobol' tables are host data of the library and need no context. */
    private static final long NO_CONTEXT = 0;

    private CurandCalls()
    {
    }

    public static int getVersion(final int[] version)
    {
        final long[] results = new long[1];
        final int status = call(Function.CURAND_GET_VERSION, new long[0], results);
        if (status == CurandStatus.SUCCESS)
        {
            version[0] = (int)results[0];
        }
        return status;
    }

    /**
     * {@code curandGetProperty}, answered from the executor's version ({@code major * 1000 + minor * 100 + patch} as
     * cuRAND encodes it); a property type that does not exist is {@code CURAND_STATUS_OUT_OF_RANGE}.
     */
    public static int getProperty(final int type, final int[] value)
    {
        return LibraryVersion.property("curandGetProperty", CurandCalls::getVersion, type, value,
            CurandStatus.SUCCESS, CurandStatus.OUT_OF_RANGE, "CURAND_STATUS_OUT_OF_RANGE", AgentLog::warn);
    }

    /**
     * Fetch a Sobol' table from the executor into {@code received[0]}, little-endian. The tables are host data of
     * cuRAND's and need no context.
     *
     * @return cuRAND's status; the table is set only on success.
     */
    public static int sobolTable(final SobolTable table, final int set, final ByteBuffer[] received)
    {
        final ByteArrayPayload bytes = new ByteArrayPayload();
        final int status = DeviceRouter.installed().call(Function.CURAND_GET_SOBOL_TABLE, NO_CONTEXT,
            new long[]{ table.code(), set }, null, bytes, null);
        if (status != CurandStatus.SUCCESS)
        {
            return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CurandStatus.INITIALIZATION_FAILED : status;
        }
        final byte[] data = bytes.bytes();
        if (data.length != table.bytes())
        {
            AgentLog.warn(table.functionName() + ": the executor sent " + data.length + " bytes, the table has " +
                table.bytes() + "; returning CURAND_STATUS_INTERNAL_ERROR");
            return CurandStatus.INTERNAL_ERROR;
        }
        received[0] = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        return CurandStatus.SUCCESS;
    }

    /**
     * A call in the calling thread's current context; without an executor, the status cuRAND gives when it cannot
     * initialise.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, LibraryCallContext.current(), args, null, null,
            results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CurandStatus.INITIALIZATION_FAILED : status;
    }
}
