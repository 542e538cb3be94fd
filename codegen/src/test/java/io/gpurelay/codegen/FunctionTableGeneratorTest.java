package io.gpurelay.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunctionTableGeneratorTest
{
    private static final String TABLE = """
        # id binding function context order emulator backend arguments
        1000 JCudaDriver cuCtxGetLimit current sync yes - out:size pvalue, in:int limit
        1001 JCuda cudaThreadGetLimit current sync no cudaDeviceGetLimit out:size pValue, in:int limit
        1048 JCudaDriver cuStreamWriteValue32 object stream no - stream stream, devptr(a*(b-1)+4) addr, in:uint a, in:uint b
        """;

    @Test
    void writesAClassThatConstructsEveryRow()
    {
        final String source = FunctionTableGenerator.generate(FunctionTableReader.parse("t.txt", TABLE), "t.txt",
            "io.gpurelay.protocol.table.StandardFunctionTable");

        assertTrue(source.startsWith("package io.gpurelay.protocol.table;\n"), source);
        assertTrue(source.contains("final class StandardFunctionTable\n"), source);
        assertTrue(source.contains("        return List.of(\n            row1000(),\n            row1001(),\n" +
            "            row1048());\n"), source);
        assertTrue(source.contains("    /** {@code JCudaDriver.cuCtxGetLimit}, line 2. */\n" +
            "    private static FunctionRow row1000()\n    {\n" +
            "        return new FunctionRow(1000, Binding.JCUDA_DRIVER, \"cuCtxGetLimit\", ContextMode.CURRENT, " +
            "StreamOrder.SYNC, true, \"cuCtxGetLimit\",\n" +
            "            List.of(\n" +
            "                new Argument(ArgumentRole.OUT_SIZE, \"pvalue\", -1, 0, null),\n" +
            "                new Argument(ArgumentRole.IN_INT, \"limit\", 0, -1, null)));\n"), source);
        assertTrue(source.contains("new FunctionRow(1001, Binding.JCUDA, \"cudaThreadGetLimit\", ContextMode.CURRENT, " +
            "StreamOrder.SYNC, false, \"cudaDeviceGetLimit\",\n"), source);
        assertTrue(source.contains("new Argument(ArgumentRole.DEVPTR, \"addr\", 1, -1, SizeExpression.plus(" +
            "SizeExpression.times(SizeExpression.name(\"a\"), SizeExpression.minus(SizeExpression.name(\"b\"), " +
            "SizeExpression.constant(1L))), SizeExpression.constant(4L)))"), source);
        assertTrue(source.contains("ContextMode.OBJECT, StreamOrder.STREAM, false"), source);
        assertTrue(!source.contains("parse"), source);
    }

    @Test
    void aRowWithoutArgumentsHasAnEmptyList()
    {
        final String source = FunctionTableGenerator.generate(FunctionTableReader.parse("t.txt",
            "1010 JCudaDriver cuCtxResetPersistingL2Cache current sync no - -"), "t.txt", "p.T");
        assertTrue(source.contains("\"cuCtxResetPersistingL2Cache\",\n            List.of());\n"), source);
    }

    @Test
    void literalsAreEscaped()
    {
        assertEquals("\"a\\\"b\\\\c\\001\\u00e9\"", FunctionTableGenerator.literal("a\"b\\c\u0001\u00e9"));
    }

    @Test
    void theMainWritesTheClassAndAMalformedTableStopsItNamingTheLine(@TempDir final Path dir) throws Exception
    {
        final Path table = dir.resolve("functions.txt");
        Files.writeString(table, TABLE, StandardCharsets.UTF_8);
        FunctionTableGenerator.main(new String[] {table.toString(), dir.resolve("out").toString(), "a.b.Rows"});
        final String source = Files.readString(dir.resolve("out/a/b/Rows.java"), StandardCharsets.UTF_8);
        assertTrue(source.startsWith("package a.b;\n"), source);
        assertTrue(source.contains("final class Rows\n"), source);

        Files.writeString(table, TABLE + "1002 JCuda cudaGetLimit current stream no - in:int x\n",
            StandardCharsets.UTF_8);
        final FunctionTableReader.TableException thrown = assertThrows(FunctionTableReader.TableException.class,
            () -> FunctionTableGenerator.main(new String[] {table.toString(), dir.resolve("out").toString(), "a.b.R"}));
        assertEquals("functions.txt:5: cudaGetLimit is stream-ordered, so it needs a stream argument and can have no " +
            "outputs", thrown.getMessage());
    }
}
