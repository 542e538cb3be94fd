package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.stream.Stream;

import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of the function table finds its JavaCPP function, with the parameter types of its roles, in the CUDA 13
 * presets the gpu backend runs (every row but those the executor answers from its tables): looked up without
 * initialising the presets, so this needs no GPU.
 */
class GpuTableFunctionsTest
{
    static Stream<FunctionRow> rows()
    {
        return FunctionTable.standard().rows().stream().filter(row -> !row.answeredByExecutor());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyRowHasItsCudartFunction(final FunctionRow row)
    {
        final GpuTableFunctions.Resolved resolved = GpuTableFunctions.resolve(row);
        assertNull(resolved.missing(), resolved::missing);
        assertNotNull(resolved.handle());
        assertEquals(row.arguments().size(), resolved.handle().type().parameterCount());
        assertEquals(int.class, resolved.handle().type().returnType());
    }
}
