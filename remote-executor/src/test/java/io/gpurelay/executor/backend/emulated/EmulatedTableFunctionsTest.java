package io.gpurelay.executor.backend.emulated;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;

import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;

class EmulatedTableFunctionsTest
{
    @Test
    void theEmulatorRunsExactlyTheRowsTheTableSaysItRuns()
    {
        final Set<String> emulated = new TreeSet<>();
        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            if (row.emulated() && !row.answeredByExecutor())
            {
                emulated.add(row.name());
            }
        }
        assertEquals(emulated, new TreeSet<>(EmulatedTableFunctions.names()),
            "the table's emulator column and the emulator's implementations");
    }
}
