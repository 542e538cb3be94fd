package io.gpurelay.protocol.table;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;

class FunctionTableTest
{
    private final FunctionTable table = FunctionTable.standard();

    @Test
    void theShippedTableReadsAndKeepsItsIdsApart()
    {
        assertFalse(table.rows().isEmpty());
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
    void argumentsTravelInTheRowsOrder() throws IOException
    {
        final FunctionRow row = parse("1500 JCudaDriver cuOccupancyMaxActiveBlocksPerMultiprocessor object sync no - " +
            "out:int numBlocks, function func, in:int blockSize, in:size dynamicSMemSize").rows().get(0);

        assertEquals(Api.DRIVER, row.api());
        assertEquals(ContextMode.OBJECT, row.context());
        assertEquals(StreamOrder.SYNC, row.order());
        assertFalse(row.emulated());
        assertEquals("cuOccupancyMaxActiveBlocksPerMultiprocessor", row.backendName());
        assertEquals(3, row.wireArgumentCount());
        assertEquals(1, row.resultCount());
        assertEquals(new Argument(ArgumentRole.OUT_INT, "numBlocks", -1, 0), row.arguments().get(0));
        assertEquals(new Argument(ArgumentRole.FUNCTION, "func", 0, -1), row.arguments().get(1));
        assertEquals(new Argument(ArgumentRole.IN_INT, "blockSize", 1, -1), row.arguments().get(2));
        assertEquals(new Argument(ArgumentRole.IN_SIZE, "dynamicSMemSize", 2, -1), row.arguments().get(3));
        assertSame(row.arguments().get(1), row.firstHandle());
    }

    @Test
    void commentsBlankLinesAndAnAliasedBackendFunctionRead() throws IOException
    {
        final FunctionTable parsed = parse("# a comment\n\n" +
            "1501 JCuda cudaThreadGetLimit current sync no cudaDeviceGetLimit out:size pValue, in:int limit # old\n" +
            "1502 JCuda cudaCtxResetPersistingL2Cache current sync no - -\n");

        assertEquals(2, parsed.rows().size());
        assertEquals("cudaDeviceGetLimit", parsed.byId(1501).backendName());
        assertEquals(Api.RUNTIME, parsed.byId(1501).api());
        assertTrue(parsed.byId(1502).arguments().isEmpty());
    }

    @Test
    void aStringOutputComesBackAsThePayloadAndADeviceAddressAsAValue() throws IOException
    {
        final FunctionRow pci = parse("1500 JCudaDriver cuDeviceGetPCIBusId none sync yes - " +
            "out:string(len) pciBusId, in:int len, device dev").rows().get(0);
        assertTrue(pci.hasStringOutput());
        assertEquals(0, pci.resultCount(), "the string is the reply's payload, no value");
        assertEquals(2, pci.wireArgumentCount());
        final Argument string = pci.arguments().get(0);
        assertEquals(ArgumentRole.OUT_STRING, string.role());
        assertEquals(-1, string.wireIndex());
        assertEquals(-1, string.resultIndex());
        assertEquals(List.of("len"), string.extent().names());
        assertTrue(string.role().isOutput());

        final FunctionRow range = parse("1501 JCudaDriver cuMemGetAddressRange current sync yes - " +
            "out:devptr pbase, out:size psize, devptr(1) dptr").rows().get(0);
        assertEquals(new Argument(ArgumentRole.OUT_DEVPTR, "pbase", -1, 0), range.arguments().get(0));
        assertEquals(new Argument(ArgumentRole.OUT_SIZE, "psize", -1, 1), range.arguments().get(1));
        assertFalse(range.hasStringOutput());

        assertRefused("1000 JCudaDriver f none sync no - out:string(n) a, out:string(n) b, in:int n",
            "at most one string output");
        assertRefused("1000 JCudaDriver f current stream no - out:string(n) a, in:int n, stream s",
            "at most one string output");
        assertRefused("1000 JCudaDriver f none sync no - out:string(m) a, in:int n", "reads 'm'");
        assertRefused("1000 JCudaDriver f none sync no - out:string a", "a string output is out:string(length)");
    }

    @Test
    void aMalformedRowIsRefusedWithItsLine()
    {
        assertRefused("1000 JCudaDriver cuCtxGetLimit current sync no -", "line 1: a row has 8 fields");
        assertRefused("999 JCudaDriver f current sync no - -", "id 999 is outside");
        assertRefused("x JCudaDriver f current sync no - -", "id 'x' is not a number");
        assertRefused("1000 JCublas f current sync no - -", "binding 'JCublas'");
        assertRefused("1000 JCudaDriver f here sync no - -", "context 'here'");
        assertRefused("1000 JCudaDriver f current later no - -", "order 'later'");
        assertRefused("1000 JCudaDriver f current sync maybe - -", "emulator 'maybe'");
        assertRefused("1000 JCudaDriver f current sync no - in:short x", "unknown role 'in:short'");
        assertRefused("1000 JCudaDriver f current sync no - in:int", "is not 'role name'");
        assertRefused("1000 JCudaDriver f object sync no - in:int x", "has no handle argument");
        assertRefused("1000 JCudaDriver f object stream no - stream s, out:int x", "is stream-ordered");
        assertRefused("1000 JCudaDriver f current stream no - in:int x", "is stream-ordered");
        assertRefused("1000 JCuda f object sync no - function f", "the runtime API has no function handles");
        assertRefused("1000 JCudaDriver f current sync no - -\n1000 JCudaDriver g current sync no - -",
            "line 2: id 1000 is taken by line 1");
        assertRefused("1000 JCudaDriver f current sync no - -\n1001 JCudaDriver f current sync no - -",
            "line 2: JCudaDriver.f is already on line 1");
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

    private static void assertRefused(final String text, final String expected)
    {
        final IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> parse(text));
        assertTrue(thrown.getMessage().contains(expected), thrown.getMessage());
    }

    // Texture and surface references: roles of several values, struct members in extents, made handles.

    @Test
    void aRoleOfSeveralValuesTakesConsecutiveIndices() throws IOException
    {
        final FunctionRow border = parse("1600 JCudaDriver cuTexRefGetBorderColor object sync yes - " +
            "out:float4 pBorderColor, texref hTexRef, out:int after").rows().get(0);
        assertEquals(new Argument(ArgumentRole.OUT_FLOAT4, "pBorderColor", -1, 0), border.arguments().get(0));
        assertEquals(new Argument(ArgumentRole.OUT_INT, "after", -1, 4), border.arguments().get(2));
        assertEquals(5, border.resultCount());
        assertEquals(1, border.wireArgumentCount());

        final FunctionRow twoD = parse("1601 JCudaDriver cuTexRefSetAddress2D object sync yes - texref hTexRef, " +
            "in:arraydesc desc, devptr(Pitch*(desc.Height-1)+desc.Width*desc.ElementBytes) dptr, in:size Pitch")
            .rows().get(0);
        assertEquals(1, twoD.arguments().get(1).wireIndex());
        assertEquals(5, twoD.arguments().get(2).wireIndex());
        assertEquals(6, twoD.arguments().get(3).wireIndex());
        assertEquals(7, twoD.wireArgumentCount());
        assertEquals(List.of("Pitch", "desc.Height", "desc.Width", "desc.ElementBytes"),
            twoD.arguments().get(2).extent().names());
    }

    @Test
    void texturesRolesAreCheckedAsTheTableIsRead()
    {
        final IllegalArgumentException member = assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f object sync yes - texref t, in:arraydesc desc, devptr(desc.Depth) p"));
        assertTrue(member.getMessage().contains("'desc.Depth'"), member.getMessage());
        final IllegalArgumentException vector = assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f object sync yes - texref t, in:float4 c, devptr(c) p"));
        assertTrue(vector.getMessage().contains("no scalar input"), vector.getMessage());
        final IllegalArgumentException twoMade = assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f current sync yes - new:texref a, out:int b"));
        assertTrue(twoMade.getMessage().contains("only output"), twoMade.getMessage());
        assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f none sync yes - new:texref a"), "a made handle needs a context");
        assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f object sync yes executor out:array a, module m"), "bound to no reference");
        assertThrows(IllegalArgumentException.class, () -> parse(
            "1600 JCudaDriver f object sync yes - module m, in:string a, in:string b"), "two string inputs");
        final FunctionRow found = assertDoesNotThrow(() -> parse(
            "1600 JCudaDriver f object sync yes - new:texref p, module m, in:string name").rows().get(0));
        assertTrue(found.hasStringInput());
        assertEquals(new Argument(ArgumentRole.IN_STRING, "name", -1, -1), found.arguments().get(2));
        assertEquals(1, found.wireArgumentCount());
        assertEquals(1, found.resultCount());
        assertSame(found.arguments().get(1), found.firstHandle());
    }

    private static FunctionTable parse(final String text) throws IOException
    {
        return FunctionTable.parse(new StringReader(text));
    }
}
