package io.gpurelay.codegen;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.gpurelay.codegen.FunctionTableReader.Arg;
import io.gpurelay.codegen.FunctionTableReader.Binding;
import io.gpurelay.codegen.FunctionTableReader.Context;
import io.gpurelay.codegen.FunctionTableReader.Order;
import io.gpurelay.codegen.FunctionTableReader.Role;
import io.gpurelay.codegen.FunctionTableReader.Row;
import io.gpurelay.codegen.FunctionTableReader.TableException;
import org.junit.jupiter.api.Test;

class FunctionTableReaderTest
{
    @Test
    void argumentsTravelInTheRowsOrder()
    {
        final Row row = row("1500 JCudaDriver cuOccupancyMaxActiveBlocksPerMultiprocessor object sync no - " +
            "out:int numBlocks, function func, in:int blockSize, in:size dynamicSMemSize");

        assertEquals(Binding.JCUDA_DRIVER, row.binding());
        assertEquals(Context.OBJECT, row.context());
        assertEquals(Order.SYNC, row.order());
        assertFalse(row.emulated());
        assertEquals("cuOccupancyMaxActiveBlocksPerMultiprocessor", row.backendName());
        assertEquals(1, row.resultCount());
        assertEquals(new Arg(Role.OUT_INT, "numBlocks", -1, 0, null), row.arguments().get(0));
        assertEquals(new Arg(Role.FUNCTION, "func", 0, -1, null), row.arguments().get(1));
        assertEquals(new Arg(Role.IN_INT, "blockSize", 1, -1, null), row.arguments().get(2));
        assertEquals(new Arg(Role.IN_SIZE, "dynamicSMemSize", 2, -1, null), row.arguments().get(3));
        assertSame(row.arguments().get(1), row.firstHandle());
    }

    @Test
    void commentsBlankLinesAndAnAliasedBackendFunctionRead()
    {
        final List<Row> rows = FunctionTableReader.parse("t.txt", "# a comment\n\n" +
            "1501 JCuda cudaThreadGetLimit current sync no cudaDeviceGetLimit out:size pValue, in:int limit # old\n" +
            "1502 JCuda cudaCtxResetPersistingL2Cache current sync no - -\n");

        assertEquals(2, rows.size());
        assertEquals(3, rows.get(0).line());
        assertEquals("cudaDeviceGetLimit", rows.get(0).backendName());
        assertEquals(Binding.JCUDA, rows.get(0).binding());
        assertEquals("cudaCtxResetPersistingL2Cache", rows.get(1).backendName());
        assertTrue(rows.get(1).arguments().isEmpty());
    }

    @Test
    void aStringOutputComesBackAsThePayloadAndADeviceAddressAsAValue()
    {
        final Row pci = row("1500 JCudaDriver cuDeviceGetPCIBusId none sync yes - " +
            "out:string(len) pciBusId, in:int len, device dev");
        assertEquals(0, pci.resultCount(), "the string is the reply's payload, no value");
        final Arg string = pci.arguments().get(0);
        assertEquals(Role.OUT_STRING, string.role());
        assertEquals(-1, string.wireIndex());
        assertEquals(-1, string.resultIndex());
        assertEquals(List.of("len"), string.extent().names());
        assertEquals(1, pci.arguments().get(2).wireIndex());

        final Row range = row("1501 JCudaDriver cuMemGetAddressRange current sync yes - " +
            "out:devptr pbase, out:size psize, devptr(1) dptr");
        assertEquals(new Arg(Role.OUT_DEVPTR, "pbase", -1, 0, null), range.arguments().get(0));
        assertEquals(new Arg(Role.OUT_SIZE, "psize", -1, 1, null), range.arguments().get(1));
        assertEquals(new FunctionTableReader.Constant(1), range.arguments().get(2).extent());

        assertRefused("1000 JCudaDriver f none sync no - out:string(n) a, out:string(n) b, in:int n",
            "at most one string output");
        assertRefused("1000 JCudaDriver f current stream no - out:string(n) a, in:int n, stream s",
            "at most one string output");
        assertRefused("1000 JCudaDriver f none sync no - out:string(m) a, in:int n", "reads 'm'");
        assertRefused("1000 JCudaDriver f none sync no - out:string a", "a string output is out:string(length)");
        assertRefused("1000 JCudaDriver f none sync no - devptr p", "a device address is devptr(extent)");
    }

    @Test
    void aMalformedRowIsRefusedWithItsLine()
    {
        assertRefused("1000 JCudaDriver cuCtxGetLimit current sync no -", "t.txt:1: a row has 8 fields");
        assertRefused("999 JCudaDriver f current sync no - -", "id 999 is outside");
        assertRefused("65536 JCudaDriver f current sync no - -", "id 65536 is outside");
        assertRefused("x JCudaDriver f current sync no - -", "id 'x' is not a number");
        assertRefused("1000 JCublas f current sync no - -", "binding 'JCublas'");
        assertRefused("1000 JCudaDriver f-g current sync no - -", "'f-g' is not a function name");
        assertRefused("1000 JCudaDriver f here sync no - -", "context 'here'");
        assertRefused("1000 JCudaDriver f current later no - -", "order 'later'");
        assertRefused("1000 JCudaDriver f current sync maybe - -", "emulator 'maybe'");
        assertRefused("1000 JCudaDriver f current sync no - in:short x", "unknown role 'in:short'");
        assertRefused("1000 JCudaDriver f current sync no - in:int", "is not 'role name'");
        assertRefused("1000 JCudaDriver f object sync no - in:int x", "has no handle argument");
        assertRefused("1000 JCudaDriver f object stream no - stream s, out:int x", "is stream-ordered");
        assertRefused("1000 JCudaDriver f current stream no - in:int x", "is stream-ordered");
        assertRefused("1000 JCuda f object sync no - function f", "the runtime API has no function handles");
        assertRefused("1000 JCudaDriver f object sync no executor stream s, out:int x",
            "the executor answers only handle outputs");
        assertRefused("1000 JCudaDriver f object sync no - stream s, out:context c", "handle outputs are answered");
        assertRefused("1000 JCudaDriver f object sync no executor stream s", "handle outputs are answered");
        assertRefused("1000 JCudaDriver f current sync no - -\n1000 JCudaDriver g current sync no - -",
            "t.txt:2: id 1000 is taken by line 1");
        assertRefused("1000 JCudaDriver f current sync no - -\n# c\n1001 JCudaDriver f current sync no - -",
            "t.txt:3: JCudaDriver.f is already on line 1");
        assertDoesNotThrow(() -> FunctionTableReader.parse("t.txt",
            "1000 JCudaDriver f current sync no - -\n1001 JCuda f current sync no - -"));
    }

    @Test
    void aCallCarriesAtMostItsArguments()
    {
        final StringBuilder arguments = new StringBuilder("in:float4 a0");
        for (int i = 1; i < 16; i++)
        {
            arguments.append(", in:float4 a").append(i);
        }
        assertDoesNotThrow(() -> row("1000 JCudaDriver f current sync no - " + arguments));
        assertRefused("1000 JCudaDriver f current sync no - " + arguments + ", in:int x",
            "65 arguments travel; a call carries at most 64");
    }

    @Test
    void extentsAreReadWithPrecedenceAndRefusedWhereMalformed()
    {
        final Row row = row("1000 JCudaDriver f current sync no - " +
            "devptr(dstPitch*(Height-1)+Width*2) p, in:size dstPitch, in:size Height, in:size Width");
        final FunctionTableReader.Extent extent = row.arguments().get(0).extent();
        assertEquals(List.of("dstPitch", "Height", "Width"), extent.names());
        assertEquals("dstPitch*(Height-1)+Width*2", extent.text());
        assertEquals("a-(b-c)", FunctionTableReader.parseExtent("a-(b-c)").text());
        assertEquals("a-b-c", FunctionTableReader.parseExtent("(a-b)-c").text());
        assertEquals("a*(b*c)", FunctionTableReader.parseExtent("a*(b*c)").text());
        assertEquals("a*b+c", FunctionTableReader.parseExtent("((a*b))+c").text());

        assertRefused("1000 JCudaDriver f current sync no - devptr(n+) p, in:int n", "extent 'n+' ends early");
        assertRefused("1000 JCudaDriver f current sync no - devptr((n) p, in:int n", "a '(' is not closed");
        assertRefused("1000 JCudaDriver f current sync no - devptr(n)) p, in:int n", "unexpected ')' at 1");
        assertRefused("1000 JCudaDriver f current sync no - devptr(n/2) p, in:int n", "unexpected '/' at 1");
        assertRefused("1000 JCudaDriver f current sync no - devptr(99999999999999999999) p",
            "does not fit 64 bits");
        assertRefused("1000 JCudaDriver f current sync no - devptr(s) p, stream s", "reads 's'");
        assertRefused("1000 JCudaDriver f current sync no - devptr(n) p, out:size n", "reads 'n'");
    }

    // Texture and surface references: roles of several values, struct members in extents, made handles.

    @Test
    void aRoleOfSeveralValuesTakesConsecutiveIndices()
    {
        final Row border = row("1600 JCudaDriver cuTexRefGetBorderColor object sync yes - " +
            "out:float4 pBorderColor, texref hTexRef, out:int after");
        assertEquals(new Arg(Role.OUT_FLOAT4, "pBorderColor", -1, 0, null), border.arguments().get(0));
        assertEquals(new Arg(Role.OUT_INT, "after", -1, 4, null), border.arguments().get(2));
        assertEquals(5, border.resultCount());

        final Row twoD = row("1601 JCudaDriver cuTexRefSetAddress2D object sync yes - texref hTexRef, " +
            "in:arraydesc desc, devptr(Pitch*(desc.Height-1)+desc.Width*desc.ElementBytes) dptr, in:size Pitch");
        assertEquals(1, twoD.arguments().get(1).wireIndex());
        assertEquals(5, twoD.arguments().get(2).wireIndex());
        assertEquals(6, twoD.arguments().get(3).wireIndex());
        assertEquals(List.of("Pitch", "desc.Height", "desc.Width", "desc.ElementBytes"),
            twoD.arguments().get(2).extent().names());
    }

    @Test
    void texturesRolesAreCheckedAsTheTableIsRead()
    {
        assertRefused("1600 JCudaDriver f object sync yes - texref t, in:arraydesc desc, devptr(desc.Depth) p",
            "'desc.Depth'");
        assertRefused("1600 JCudaDriver f object sync yes - texref t, in:int desc, devptr(desc.Width) p",
            "'desc.Width'");
        assertRefused("1600 JCudaDriver f object sync yes - texref t, in:float4 c, devptr(c) p", "no scalar input");
        assertRefused("1600 JCudaDriver f current sync yes - new:texref a, out:int b", "only output");
        assertRefused("1600 JCudaDriver f none sync yes - new:texref a", "only output");
        assertRefused("1600 JCudaDriver f object sync yes executor out:array a, module m", "texref or surfref");
        assertRefused("1600 JCudaDriver f object sync yes - module m, in:string a, in:string b",
            "at most one string input");
        assertRefused("1600 JCudaDriver f object stream yes - stream s, in:string a", "at most one string input");
        final Row found = assertDoesNotThrow(() -> row(
            "1600 JCudaDriver f object sync yes - new:texref p, module m, in:string name"));
        assertEquals(new Arg(Role.IN_STRING, "name", -1, -1, null), found.arguments().get(2));
        assertEquals(1, found.resultCount());
        assertSame(found.arguments().get(1), found.firstHandle());
    }

    // Library rows: objects of a kind, nullable device addresses, min/max/matrix, size queries of another row.

    @Test
    void libraryObjectsAreOfAKindOfTheRowsBinding()
    {
        final Row created = row("2001 cusolver cusolverDnCreate current sync yes - new:object(cusolverDn) handle");
        assertEquals(new Arg(Role.NEW_OBJECT, "handle", -1, 0, null, FunctionTableReader.ObjectKind.CUSOLVER_DN,
            false), created.arguments().get(0));
        final Row used = row("2003 cusolver cusolverDnSetStream object sync yes - object(cusolverDn) handle, " +
            "stream s");
        assertSame(used.arguments().get(0), used.firstHandle());
        assertRefused("2003 cusolver f object sync yes - object(cublas) handle", "'cublas' is no kind");
        assertRefused("2003 cusolver f object sync yes - object handle", "(a library object is object(kind))");
        assertRefused("2003 JCudaDriver f object sync yes - object(cusolverDn) handle", "is cusolver's, not");
        assertRefused("2003 cusolver f object sync yes - stream s, object(cusolverDn) handle",
            "in the context of its first library object");
    }

    @Test
    void extentsTakeMinMaxMatrixAndNullableAddresses()
    {
        final Row row = row("2011 cusolver f object sync yes - object(cusolverDn) handle, in:int m, in:int n, " +
            "devptr(4*matrix(m,n,lda)) A, in:int lda, devptr?(4*min(m,n)) ipiv, devptr(8*max(m,n)) w");
        assertEquals("4*(min(m,1)*min(n,1)*(lda*(n-1)+m))", row.arguments().get(3).extent().text());
        assertTrue(row.arguments().get(5).nullable());
        assertEquals(false, row.arguments().get(6).nullable());
        assertEquals("8*max(m,n)", row.arguments().get(6).extent().text());
        assertRefused("2011 cusolver f object sync yes - object(cusolverDn) h, in:int m, devptr(min(m)) A",
            "min takes 2 operands, not 1");
        assertRefused("2011 cusolver f object sync yes - object(cusolverDn) h, in:int m, devptr(abs(m)) A",
            "abs is not min, max, matrix, select or typesize");
        assertEquals("typesize(t)*n", FunctionTableReader.parseExtent("typesize(t)*n").text());
        final Row side = row("2012 cusolver f object sync yes - object(cusolverDn) h, in:int side, in:int m, " +
            "in:int n, devptr(4*select(side,m,n)) A");
        assertEquals("4*select(side,m,n)", side.arguments().get(4).extent().text());
        assertEquals(List.of("side", "m", "n"), side.arguments().get(4).extent().names());
        assertRefused("2011 cusolver f object sync yes - object(cusolverDn) h, in:int m, devptr(min(m,2) A",
            "a '(' is not closed");
    }

    @Test
    void aSizeQueryNamesASyncRowWhoseInputsTheRowHas()
    {
        final String query = "2010 cusolver q object sync yes - object(cusolverDn) handle, in:int n, " +
            "devptr(4*n) A, out:int Lwork\n";
        final List<Row> rows = FunctionTableReader.parse("t.txt", query +
            "2011 cusolver f object sync yes - object(cusolverDn) handle, in:int n, devptr(4*n) A, " +
            "devptr(4*q.Lwork) W");
        assertEquals(List.of("q.Lwork"), rows.get(1).arguments().get(3).extent().names());
        assertRefused(query + "2011 cusolver f object sync yes - object(cusolverDn) handle, in:int n, " +
            "devptr(4*q.Lwork) W", "q's devptr A is no argument of f");
        assertRefused(query + "2011 cusolver f object sync yes - object(cusolverDn) handle, in:int n, " +
            "devptr(4*n) A, devptr(4*q.size) W", "q has no size output 'size'");
        assertRefused(query + "2011 cusolver f object sync yes - object(cusolverDn) handle, in:int n, " +
            "devptr(4*n) A, devptr(4*r.Lwork) W", "no row of cusolver has that name");
    }

    private static Row row(final String text)
    {
        final List<Row> rows = FunctionTableReader.parse("t.txt", text);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    private static void assertRefused(final String text, final String expected)
    {
        final TableException thrown = assertThrows(TableException.class, () -> FunctionTableReader.parse("t.txt",
            text));
        assertTrue(thrown.getMessage().contains(expected), thrown.getMessage());
        assertTrue(thrown.getMessage().startsWith("t.txt:"), thrown.getMessage());
    }
}
