package io.gpurelay.agent.jcuda;

import java.util.concurrent.atomic.AtomicIntegerArray;

import io.gpurelay.agent.jcuda.driver.DriverTableCalls;
import io.gpurelay.agent.jcuda.runtime.RuntimeTableCalls;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import io.gpurelay.protocol.table.StreamOrder;

/**
 * The one body of every JCuda native that a function-table row remotes: the rewritten native calls
 * {@link #call(int, Object[])} with its row's id and its arguments. Public because the calls come from the binding's
 * own classes.
 */
public final class TableCalls
{
    private static final FunctionRow[] ROWS = rowsById();
    /**
     * Stream-ordered rows an executor has run: only those are pipelined. The first call of such a row waits for its
     * reply, so a function the executor does not support (the emulator's gaps) fails at that call, by name, instead
     * of answering success and failing at a later one.
     */
    private static final AtomicIntegerArray CONFIRMED = new AtomicIntegerArray(ROWS.length);

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
        final ByteArrayPayload text = row.hasStringOutput() ? new ByteArrayPayload() : null;
        final boolean pipelined = row.order() == StreamOrder.STREAM && CONFIRMED.get(id) != 0;
        final int status = switch (row.binding())
        {
            case JCUDA_DRIVER -> DriverTableCalls.send(row, wire, results, text, pipelined);
            case JCUDA -> RuntimeTableCalls.send(row, wire, results, text, pipelined);
        };
        if (status == 0 && row.order() == StreamOrder.STREAM)
        {
            CONFIRMED.set(id, 1);
        }
        if (status == 0 && results != null)
        {
            TableEncoding.decode(row, results, arguments);
        }
        if (status == 0 && text != null)
        {
            TableEncoding.decodeString(row, text.bytes(), arguments);
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
