package io.gpurelay.agent.jcuda;

import io.gpurelay.agent.cuda.TableRowCalls;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * The one body of every JCuda native that a function-table row remotes: the rewritten native calls
 * {@link #call(int, Object[])} with its row's id and its arguments. Public because the calls come from the binding's
 * own classes.
 */
public final class TableCalls
{
    private TableCalls()
    {
    }

    /**
     * Encode the arguments by their roles, send the call ({@link TableRowCalls}), and write the results into the
     * native's output arrays.
     *
     * @return the function's status.
     */
    public static int call(final int id, final Object[] arguments)
    {
        final FunctionRow row = TableRowCalls.row(id);
        final long[] wire = TableEncoding.encode(row, arguments);
        final long[] results = row.resultCount() == 0 ? null : new long[row.resultCount()];
        final ByteArrayPayload text = row.hasStringOutput() ? new ByteArrayPayload() : null;
        final byte[] input = TableEncoding.stringInput(row, arguments);
        final int status = TableRowCalls.send(row, wire, input == null ? null : new ByteArrayPayload(input), results,
            text);
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
}
