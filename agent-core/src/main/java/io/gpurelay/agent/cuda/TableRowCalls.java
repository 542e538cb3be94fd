package io.gpurelay.agent.cuda;

import java.util.concurrent.atomic.AtomicIntegerArray;

import io.gpurelay.agent.cuda.driver.DriverTableCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeTableCalls;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import io.gpurelay.protocol.table.StreamOrder;

/**
 * How a function-table row's call travels once a binding has encoded its arguments, whichever binding it is (JCuda's
 * natives through {@link TableCalls}, JavaCPP's through its own encoding): in the row's API's way (the driver's
 * current context, the runtime's current device and last error), pipelined when the row is stream-ordered and the
 * executor has run it once. Nothing here names a binding's classes.
 */
public final class TableRowCalls
{
    private static final FunctionRow[] ROWS = rowsById();
    /**
     * Stream-ordered rows an executor has run: only those are pipelined. The first call of such a row waits for its
     * reply, so a function the executor does not support (the emulator's gaps) fails at that call, by name, instead
     * of answering success and failing at a later one.
     */
    private static final AtomicIntegerArray CONFIRMED = new AtomicIntegerArray(ROWS.length);

    private TableRowCalls()
    {
    }

    public static FunctionRow row(final int id)
    {
        return ROWS[id];
    }

    /**
     * @param results where the reply's values go: {@link FunctionRow#resultCount()} of them, or null for none.
     * @param text    where a string output's bytes go; null for a row without one.
     * @return the function's status.
     */
    public static int send(final FunctionRow row, final long[] wire, final long[] results, final ByteArrayPayload text)
    {
        return send(row, wire, null, results, text);
    }

    /**
     * @param input the call's payload: a row's string input ({@code in:string}); null for none.
     */
    public static int send(final FunctionRow row, final long[] wire, final ByteArrayPayload input,
        final long[] results, final ByteArrayPayload text)
    {
        final boolean pipelined = row.order() == StreamOrder.STREAM && CONFIRMED.get(row.id()) != 0;
        final int status = switch (row.binding())
        {
            case JCUDA_DRIVER -> DriverTableCalls.send(row, wire, input, results, text, pipelined);
            case JCUDA -> RuntimeTableCalls.send(row, wire, results, text, pipelined);
            case CUSOLVER -> LibraryTableCalls.send(row, wire, results);
        };
        if (status == 0 && row.order() == StreamOrder.STREAM)
        {
            CONFIRMED.set(row.id(), 1);
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
