package io.gpurelay.agent.jcuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.instrumentation.NativeMethodTable;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.CUsurfref;
import jcuda.driver.CUtexref;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaStream_t;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each row of the function table against JCuda 12.6: its native exists with the descriptor its roles give, no
 * hand-written implementation shadows it, and its arguments encode by role into the call's args (and the reply's
 * values decode into its output arrays) at the places the row gives them, which the executor reads.
 */
class TableEncodingTest
{
    private static final TypePool JCUDA = TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader());

    static Stream<FunctionRow> rows()
    {
        return FunctionTable.standard().rows().stream().filter(row -> row.binding().jcuda());
    }

    @Test
    void everyRowRemotesANativeOfItsBindingAndNoneIsShadowed()
    {
        int matched = 0;
        for (final InstrumentationModule module : InstrumentationModule.loadAll())
        {
            if (module.tableBinding() == null)
            {
                continue;
            }
            final NativeMethodTable table =
                NativeMethodTable.of(module, JCUDA.describe(module.targetClassName()).resolve());
            assertTrue(table.unmatchedRows().isEmpty(), module + ": rows matching no native, or shadowed by a " +
                "hand-written implementation: " + table.unmatchedRows());
            matched += table.tableRemoted().size();
        }
        assertEquals(rows().count(), matched);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void argumentsEncodeByRoleAndResultsDecodeIntoTheOutputs(final FunctionRow row)
    {
        final List<Argument> arguments = row.arguments();
        final Object[] java = new Object[arguments.size()];
        final long[] expected = new long[row.wireArgumentCount()];
        for (int i = 0; i < java.length; i++)
        {
            final Argument argument = arguments.get(i);
            final long value = 0x100L * (i + 1) + 7;
            java[i] = switch (argument.role())
            {
                case IN_INT -> -(int)value;
                case IN_UINT -> (int)(0x8000_0000L | value);
                case IN_SIZE, IN_INT64 -> value << 33;
                case IN_UCHAR -> (byte)-value;
                case IN_USHORT -> (short)-value;
                case DEVPTR -> row.binding() == Binding.JCUDA ? handle(new Pointer(), value << 20) :
                    handle(new CUdeviceptr(), value << 20);
                case OUT_CONTEXT -> new CUcontext();
                case OUT_MODULE -> new CUmodule();
                case OUT_DEVPTR -> new CUdeviceptr();
                case OUT_STRING -> new String[1];
                case OUT_INT, OUT_UINT -> new int[1];
                case OUT_SIZE, OUT_INT64 -> new long[1];
                case DEVICE -> row.binding() == Binding.JCUDA ? (Object)(int)value : handle(new CUdevice(), value);
                case CONTEXT -> handle(new CUcontext(), value);
                case MODULE -> handle(new CUmodule(), value);
                case FUNCTION -> handle(new CUfunction(), value);
                case STREAM -> row.binding() == Binding.JCUDA ? handle(new cudaStream_t(), value) :
                    handle(new CUstream(), value);
                case EVENT -> row.binding() == Binding.JCUDA ? handle(new cudaEvent_t(), value) :
                    handle(new CUevent(), value);
                // Texture and surface references.
                case IN_FLOAT -> Float.intBitsToFloat((int)value);
                case OUT_FLOAT -> new float[1];
                case IN_FLOAT4 -> new float[]{ Float.intBitsToFloat((int)value), Float.intBitsToFloat((int)value + 1),
                    Float.intBitsToFloat((int)value + 2), Float.intBitsToFloat((int)value + 3) };
                case OUT_FLOAT4 -> new float[4];
                case IN_ARRAY_DESCRIPTOR ->
                {
                    final CUDA_ARRAY_DESCRIPTOR descriptor = new CUDA_ARRAY_DESCRIPTOR();
                    descriptor.Width = value;
                    descriptor.Height = value + 1;
                    descriptor.Format = (int)value + 2;
                    descriptor.NumChannels = (int)value + 3;
                    yield descriptor;
                }
                case IN_STRING -> "name" + i;
                case TEXREF, FREE_TEXREF -> handle(new CUtexref(), value);
                case NEW_TEXREF -> new CUtexref();
                case SURFREF -> handle(new CUsurfref(), value);
                case NEW_SURFREF -> new CUsurfref();
                case ARRAY -> handle(new CUarray(), value);
                case OUT_ARRAY -> new CUarray();
                case OBJECT, NEW_OBJECT, FREE_OBJECT, OUT_STREAM, HOST_SCRATCH, PIVOTS, PIVOTS64, IN_DOUBLE, OUT_DOUBLE -> throw new IllegalStateException("no JCuda row has " +
                    argument.role());
                case MIPMAPPED_ARRAY -> handle(new CUmipmappedArray(), value);
                case OUT_MIPMAPPED_ARRAY -> new CUmipmappedArray();
            };
            if (argument.wireIndex() >= 0 && argument.role().slots() > 1)
            {
                for (int k = 0; k < argument.role().slots(); k++)
                {
                    expected[argument.wireIndex() + k] = value + k;
                }
            }
            else if (argument.wireIndex() >= 0)
            {
                expected[argument.wireIndex()] = switch (argument.role())
                {
                    case IN_INT -> -value;
                    case IN_UINT -> 0x8000_0000L | value;
                    case IN_SIZE, IN_INT64 -> value << 33;
                    case IN_UCHAR -> -value & 0xFF;
                    case IN_USHORT -> -value & 0xFFFF;
                    case DEVPTR -> value << 20;
                    default -> value;
                };
            }
        }
        assertArrayEquals(expected, TableEncoding.encode(row, java));

        final long[] values = new long[row.resultCount()];
        final boolean floats = arguments.stream().anyMatch(a -> a.role() == ArgumentRole.OUT_FLOAT ||
            a.role() == ArgumentRole.OUT_FLOAT4);
        for (int i = 0; i < values.length; i++)
        {
            // A float output comes back as its bits: keep them off NaN, whose bits a float need not keep.
            values[i] = floats ? i + 2 : -(i + 2);
        }
        TableEncoding.decode(row, values, java);
        for (int i = 0; i < java.length; i++)
        {
            final Argument argument = arguments.get(i);
            if (java[i] instanceof float[] written && argument.resultIndex() >= 0)
            {
                for (int k = 0; k < argument.role().slots(); k++)
                {
                    assertEquals(values[argument.resultIndex() + k], Float.floatToRawIntBits(written[k]),
                        argument.name());
                }
                continue;
            }
            if (argument.resultIndex() >= 0)
            {
                final long written = java[i] instanceof int[] ints ? ints[0] : java[i] instanceof long[] longs ?
                    longs[0] : JCudaPointers.nativePointer((NativePointerObject)java[i]);
                assertEquals(values[argument.resultIndex()], written, argument.name());
            }
        }
    }

    @Test
    void aStringOutputIsWrittenToElementZero()
    {
        final FunctionRow pci = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuDeviceGetPCIBusId");
        assertEquals("([Ljava/lang/String;ILjcuda/driver/CUdevice;)I", TableEncoding.descriptor(pci));
        final String[] busId = { null, "kept" };
        final Object[] arguments = { busId, 32, handle(new CUdevice(), 1) };
        assertArrayEquals(new long[]{ 32, 1 }, TableEncoding.encode(pci, arguments));
        TableEncoding.decodeString(pci, "0000:11:00.0".getBytes(StandardCharsets.US_ASCII), arguments);
        assertArrayEquals(new String[]{ "0000:11:00.0", "kept" }, busId);
        assertThrows(IllegalArgumentException.class,
            () -> TableEncoding.encode(pci, new Object[]{ new String[0], 32, handle(new CUdevice(), 1) }));
        assertThrows(NullPointerException.class,
            () -> TableEncoding.encode(pci, new Object[]{ null, 32, handle(new CUdevice(), 1) }));
    }

    @Test
    void nullsAndDefaultStreamsAreJCudasOwn()
    {
        final FunctionRow flags = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuStreamGetFlags");
        assertArrayEquals(new long[]{ 0 }, TableEncoding.encode(flags, new Object[]{ null, new int[1] }));
        assertArrayEquals(new long[]{ 0 }, TableEncoding.encode(flags, new Object[]{ handle(new CUstream(), 1),
            new int[1] }), "CU_STREAM_LEGACY is the default stream");
        assertArrayEquals(new long[]{ 0 }, TableEncoding.encode(flags, new Object[]{ handle(new CUstream(), 2),
            new int[1] }), "CU_STREAM_PER_THREAD is the default stream");
        final NullPointerException nullOutput = assertThrows(NullPointerException.class,
            () -> TableEncoding.encode(flags, new Object[]{ null, null }));
        assertEquals("Parameter 'flags' is null for cuStreamGetFlags", nullOutput.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TableEncoding.encode(flags, new Object[]{ null, new int[0] }));

        final FunctionRow attribute = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuFuncGetAttribute");
        final NullPointerException nullHandle = assertThrows(NullPointerException.class,
            () -> TableEncoding.encode(attribute, new Object[]{ new int[1], 0, null }));
        assertEquals("Parameter 'hfunc' is null for cuFuncGetAttribute", nullHandle.getMessage());
        assertEquals("([IILjcuda/driver/CUfunction;)I", TableEncoding.descriptor(attribute));
    }

    private static <T extends NativePointerObject> T handle(final T object, final long value)
    {
        JCudaPointers.setNativePointer(object, value);
        return object;
    }
}
