package io.gpurelay.agent.cuda;

import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.driver.LibraryCallContext;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CusolverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.ContextMode;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * How a library's table row travels (a cuSOLVER function): as the libraries' hand-written calls do, in the calling
 * thread's current context (a library object's calls run in the context it was made in, which the executor knows),
 * or in none for a process query; without an executor, the library's status for an uninitialised library.
 */
public final class LibraryTableCalls
{
    private static final long NO_CONTEXT = 0;

    static
    {
        CallFailures.nameStatuses(Api.CUSOLVER, CusolverStatus::name);
    }

    private LibraryTableCalls()
    {
    }

    static int send(final FunctionRow row, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(row,
            row.context() == ContextMode.NONE ? NO_CONTEXT : LibraryCallContext.current(), args, null, null, results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? unavailable(row.api()) : status;
    }

    /**
     * @return the library's status for a call no executor can answer.
     */
    static int unavailable(final Api api)
    {
        return switch (api)
        {
            case CUSOLVER -> CusolverStatus.NOT_INITIALIZED;
            default -> throw new IllegalArgumentException(api + " has no table rows");
        };
    }
}
