package io.gpurelay.agent.javacpp;

import java.util.List;

import io.gpurelay.protocol.CusolverStatus;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cusolver}: its functions are the function table's {@code cusolver} rows,
 * nothing here is written per function. A {@code cusolverDnHandle_t} is a session's handle that the executor made in
 * the calling thread's current context, where the handle's calls run; matrices, pivots, workspaces and the info
 * word are device memory, checked against the session's allocations before cuSOLVER sees them. A Java array or
 * buffer where the function takes device memory is refused with {@code CUSOLVER_STATUS_INVALID_VALUE}, saying which
 * argument.
 */
public final class CusolverModule extends JavaCppModule
{
    public CusolverModule()
    {
        super("cusolver", CusolverStatus.NOT_SUPPORTED, "CUSOLVER_STATUS_NOT_SUPPORTED", CusolverStatus.INVALID_VALUE,
            "CUSOLVER_STATUS_INVALID_VALUE", List.of("org.bytedeco.cuda.global.cusolver",
                "org.bytedeco.cuda.presets.cusolver", "org.bytedeco.cuda.cusolver."));
        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            if (row.binding() == Binding.CUSOLVER)
            {
                row(row);
            }
        }
    }

    /**
     * Why a cuSOLVER function is not remoted: only the functions of the table's rows are.
     */
    public String refusalReason(final String functionName)
    {
        return "no row of the function table describes " + functionName + " yet";
    }
}
