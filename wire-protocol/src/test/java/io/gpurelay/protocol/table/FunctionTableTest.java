package io.gpurelay.protocol.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.codegen.FunctionTableReader;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;

/**
 * The standard table as the build generated it. Reading and checking the table's text is {@code codegen}'s
 * ({@code FunctionTableReaderTest}); this holds that reader's words to the run-time types and its rows to the
 * generated ones.
 */
class FunctionTableTest
{
    /** The table, from the module's directory, where the tests run. */
    private static final Path TABLE = Path.of("src/main/table/gpurelay-functions.txt");

    private final FunctionTable table = FunctionTable.standard();

    @Test
    void theShippedTableReadsAndKeepsItsIdsApart()
    {
        assertFalse(table.rows().isEmpty());
        assertSame(table, FunctionTable.standard());
        final Set<Integer> ids = new HashSet<>();
        for (final FunctionRow row : table.rows())
        {
            assertTrue(row.id() >= FunctionTable.FIRST_ID, row + " is below " + FunctionTable.FIRST_ID);
            assertFalse(row.id() >= FunctionTable.RESERVED_FIRST && row.id() <= FunctionTable.RESERVED_LAST, row +
                " is in the reserved range");
            assertNull(Function.byId(row.id()), row + " takes the id of a hand-written function");
            assertTrue(ids.add(row.id()), row + " repeats an id");
            assertSame(row, table.byId(row.id()));
            assertSame(row, table.find(row.binding(), row.name()));
        }
    }

    @Test
    void theGeneratedRowsAreTheTablesRows() throws IOException
    {
        final List<FunctionTableReader.Row> read = FunctionTableReader.parse(TABLE.getFileName().toString(),
            Files.readString(TABLE, StandardCharsets.UTF_8));
        assertEquals(read.size(), table.rows().size());
        for (int i = 0; i < read.size(); i++)
        {
            final FunctionTableReader.Row expected = read.get(i);
            final FunctionRow row = table.rows().get(i);
            final String where = "line " + expected.line() + " (" + row + ")";
            assertEquals(expected.id(), row.id(), where);
            assertEquals(expected.binding().name(), row.binding().name(), where);
            assertEquals(expected.binding().token(), row.binding().token(), where);
            assertEquals(expected.name(), row.name(), where);
            assertEquals(expected.context().name(), row.context().name(), where);
            assertEquals(expected.order().name(), row.order().name(), where);
            assertEquals(expected.emulated(), row.emulated(), where);
            assertEquals(expected.backendName(), row.backendName(), where);
            assertEquals(expected.resultCount(), row.resultCount(), where);
            assertEquals(expected.answeredByExecutor(), row.answeredByExecutor(), where);
            assertEquals(expected.arguments().size(), row.arguments().size(), where);
            for (int a = 0; a < row.arguments().size(); a++)
            {
                final FunctionTableReader.Arg expectedArgument = expected.arguments().get(a);
                final Argument argument = row.arguments().get(a);
                assertEquals(expectedArgument.role().name(), argument.role().name(), where);
                assertEquals(expectedArgument.name(), argument.name(), where);
                assertEquals(expectedArgument.wireIndex(), argument.wireIndex(), where);
                assertEquals(expectedArgument.resultIndex(), argument.resultIndex(), where);
                assertEquals(expectedArgument.extent() == null, argument.extent() == null, where);
                if (argument.extent() != null)
                {
                    assertEquals(expectedArgument.extent().text(), argument.extent().toString(), where);
                    assertEquals(expectedArgument.extent().names(), argument.extent().names(), where);
                }
            }
        }
    }

    @Test
    void theReadersWordsAreTheRunTimeOnes()
    {
        assertEquals(names(ArgumentRole.values()), names(FunctionTableReader.Role.values()));
        for (final FunctionTableReader.Role role : FunctionTableReader.Role.values())
        {
            final ArgumentRole runTime = ArgumentRole.valueOf(role.name());
            assertEquals(runTime.token(), role.token(), role.name());
            assertEquals(runTime.kind().name(), role.kind().name(), role.name());
            assertEquals(runTime.slots(), role.slots(), role.name());
            assertEquals(runTime.isOutput(), role.isOutput(), role.name());
            assertEquals(runTime.isHandle(), role.isHandle(), role.name());
        }
        assertEquals(names(ArgumentRole.Kind.values()), names(FunctionTableReader.Kind.values()));
        assertEquals(names(Binding.values()), names(FunctionTableReader.Binding.values()));
        for (final FunctionTableReader.Binding binding : FunctionTableReader.Binding.values())
        {
            assertEquals(Binding.valueOf(binding.name()).token(), binding.token());
        }
        assertEquals(names(ContextMode.values()), names(FunctionTableReader.Context.values()));
        for (final FunctionTableReader.Context context : FunctionTableReader.Context.values())
        {
            assertEquals(ContextMode.valueOf(context.name()).token(), context.token());
        }
        assertEquals(names(StreamOrder.values()), names(FunctionTableReader.Order.values()));
        for (final FunctionTableReader.Order order : FunctionTableReader.Order.values())
        {
            assertEquals(StreamOrder.valueOf(order.name()).token(), order.token());
        }
        assertEquals(FunctionTable.FIRST_ID, FunctionTableReader.FIRST_ID);
        assertEquals(FunctionTable.EXECUTOR, FunctionTableReader.EXECUTOR);
        assertEquals(CallView.MAX_ARGS, FunctionTableReader.MAX_ARGS);
        assertEquals(FunctionTable.ARRAY_DESCRIPTOR_MEMBERS, FunctionTableReader.ARRAY_DESCRIPTOR_MEMBERS);
    }

    @Test
    void aRowsArgumentsTravelInItsOrder()
    {
        final FunctionRow row = table.find(Binding.JCUDA_DRIVER, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
        assertNotNull(row);
        assertEquals(Api.DRIVER, row.api());
        assertEquals(ContextMode.OBJECT, row.context());
        assertEquals(StreamOrder.SYNC, row.order());
        assertEquals(3, row.wireArgumentCount());
        assertEquals(1, row.resultCount());
        assertEquals(new Argument(ArgumentRole.OUT_INT, "numBlocks", -1, 0), row.arguments().get(0));
        assertEquals(new Argument(ArgumentRole.FUNCTION, "func", 0, -1), row.arguments().get(1));
        assertSame(row.arguments().get(1), row.firstHandle());

        final FunctionRow pci = table.find(Binding.JCUDA_DRIVER, "cuDeviceGetPCIBusId");
        assertTrue(pci.hasStringOutput());
        assertEquals(List.of("len"), pci.first(ArgumentRole.OUT_STRING).extent().names());
        assertEquals(Api.RUNTIME, table.rows().stream().filter(r -> r.binding() == Binding.JCUDA).findFirst()
            .orElseThrow().api());
    }

    @Test
    void sizeExpressionsEvaluateExactly()
    {
        // dstPitch*(Height-1)+Width*2
        final SizeExpression memset = SizeExpression.plus(
            SizeExpression.times(SizeExpression.name("dstPitch"),
                SizeExpression.minus(SizeExpression.name("Height"), SizeExpression.constant(1))),
            SizeExpression.times(SizeExpression.name("Width"), SizeExpression.constant(2)));
        assertEquals("dstPitch*(Height-1)+Width*2", memset.toString());
        assertEquals(List.of("dstPitch", "Height", "Width"), memset.names());
        assertEquals(512 * 3 + 100 * 2, memset.evaluate(name -> switch (name)
        {
            case "dstPitch" -> 512;
            case "Height" -> 4;
            default -> 100;
        }));
        assertThrows(ArithmeticException.class, () -> memset.evaluate(name -> Long.MAX_VALUE / 2));
        assertEquals("a-(b-c)", SizeExpression.minus(SizeExpression.name("a"),
            SizeExpression.minus(SizeExpression.name("b"), SizeExpression.name("c"))).toString());
        assertEquals(SizeExpression.constant(4), SizeExpression.constant(4));
    }

    @Test
    void thirtyTwoBitRolesRefuseWhatDoesNotFit()
    {
        assertTrue(ArgumentRole.IN_INT.accepts(-1));
        assertFalse(ArgumentRole.IN_INT.accepts(1L << 31));
        assertTrue(ArgumentRole.IN_UINT.accepts(0xFFFF_FFFFL));
        assertFalse(ArgumentRole.IN_UINT.accepts(-1));
        assertTrue(ArgumentRole.IN_SIZE.accepts(-1));
        assertNotNull(ArgumentRole.of("out:int64"));
    }

    private static List<String> names(final Enum<?>[] values)
    {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
