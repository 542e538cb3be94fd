package io.gpurelay.agent.jcuda;

import io.gpurelay.agent.jcuda.driver.DriverTableCalls;
import io.gpurelay.agent.jcuda.runtime.RuntimeTableCalls;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;

/**
 * The one body of every JCuda native that a function-table row remotes: the rewritten native calls
 * {@link #call(int, Object[])} with its row's id and its arguments. Public because the calls come from the binding's
 * own classes.
 */
public final class TableCalls
{
    private static final FunctionRow[] ROWS = rowsById();

    private TableCalls()
    {
    }

    /**
     * Encode the arguments by their roles, send the call in the binding's way (the driver's current context, the
     * runtime's current device and last error), and write the results into the native's output arrays.
     *
     * @return the function's status.
     */
    public static int call(final int id, final Object[] arguments)
    {
        final FunctionRow row = ROWS[id];
        final long[] wire = TableEncoding.encode(row, arguments);
        final long[] results = row.resultCount() == 0 ? null : new long[row.resultCount()];
        final int status = switch (row.binding())
        {
            case JCUDA_DRIVER -> DriverTableCalls.send(row, wire, results);
            case JCUDA -> RuntimeTableCalls.send(row, wire, results);
        };
        if (status == 0 && results != null)
        {
            TableEncoding.decode(row, results, arguments);
        }
        return status;
    }

    private static FunctionRow[] rowsById()
    {
        int max = 0;
        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            max = Math.max(max, row.id());
        }
        final FunctionRow[] rows = new FunctionRow[max + 1];
        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            rows[row.id()] = row;
        }
        return rows;
    }
}
