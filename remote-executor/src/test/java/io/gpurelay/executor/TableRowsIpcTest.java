package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.loadModule;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CU_ARRAY_CREATE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MIPMAPPED_ARRAY_CREATE;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of the function table over the wire to an executor on the emulator, with arguments made from the row's
 * roles alone: live handles of each kind, device 1, in-range scalars. A row the emulator runs succeeds with one value
 * per output; any other is refused as not supported on the emulator, by name. And the dispatcher's checks by role:
 * a handle of the wrong kind, a device that does not exist, a 32-bit value that does not fit.
 */
class TableRowsIpcTest
{
    private static final long DEVICE_MEMORY = 16L * 1024 * 1024;
    private static final int DEVICE_1 = 1;
    private static final long STREAM_NON_BLOCKING = 1;
    private static final long MEMORY_BYTES = 64 * 1024;
    private static final int STRING_BYTES = 32;
    /** {@code CU_AD_FORMAT_FLOAT}. */
    private static final long FORMAT_FLOAT = 0x20;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("table", 2, DEVICE_MEMORY, context -> context);

    static Stream<FunctionRow> rows()
    {
        // The libraries' rows need objects and matrices of their own: CusolverRowsIpcTest runs them.
        return FunctionTable.standard().rows().stream().filter(row -> !row.binding().library());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyRowRunsOnTheEmulatorOrIsRefusedByName(final FunctionRow row) throws IOException
    {
        final TestClient client = EXECUTOR.connected(row.name());
        final Objects objects = Objects.make(client, row.api());
        final Reply reply = row.hasStringInput() ?
            client.awaitReply(client.send(row, objects.callContext,
                new ByteArrayPayload("tex".getBytes(StandardCharsets.UTF_8)), false, arguments(row, objects))) :
            client.call(row, objects.callContext, arguments(row, objects));
        if (row.emulated() && row.hasStringInput())
        {
            // Texture and surface references: the emulator's modules declare none.
            assertEquals(DriverStatus.NOT_FOUND, reply.status(), reply.message());
            assertTrue(reply.message().contains("declares no"), reply.message());
        }
        else if (row.emulated() && row.first(ArgumentRole.SURFREF) != null)
        {
            // No surface reference can be had on the emulator: the texture reference passed is of the wrong kind.
            assertEquals(DriverStatus.INVALID_HANDLE, reply.status(), reply.message());
            assertTrue(reply.message().contains("is not a live surface reference: it is a texture reference handle"),
                reply.message());
        }
        else if (row.emulated())
        {
            ok(reply);
            assertEquals(row.resultCount(), reply.values().length, row + " replies one value per output");
        }
        else
        {
            assertEquals(row.api() == Api.DRIVER ? DriverStatus.NOT_SUPPORTED : RuntimeStatus.NOT_SUPPORTED,
                reply.status(), reply.message());
            assertEquals(row.name() + " is not supported on the emulator", reply.message());
        }
    }

    @Test
    void theEmulatorsAnswersAreTheOnesItDocuments() throws IOException
    {
        final TestClient client = EXECUTOR.connected("answers");
        final Objects objects = Objects.make(client, Api.DRIVER);
        final long context = objects.callContext;

        assertEquals(DEVICE_MEMORY, ok(client.call(row("cuDeviceTotalMem"), 0, DEVICE_1)).value(0));
        ok(client.call(row("cuCtxSetCacheConfig"), context, 3));
        assertEquals(0, ok(client.call(row("cuCtxGetCacheConfig"), context)).value(0), "a fixed-size L1 prefers none");
        assertEquals(1, ok(client.call(row("cuCtxGetSharedMemConfig"), context)).value(0), "four-byte banks");
        assertEquals(1, ok(client.call(row("cuStreamGetFlags"), context, objects.stream)).value(0));
        assertEquals(0, ok(client.call(row("cuStreamGetFlags"), context, 0)).value(0), "the default stream");
        assertEquals(3020, ok(client.call(row("cuCtxGetApiVersion"), context, context)).value(0));
        final long id = ok(client.call(row("cuCtxGetId"), context, 0)).value(0);
        assertEquals(id, ok(client.call(row("cuCtxGetId"), context, context)).value(0), "0 is the current context");
        assertEquals(1024, ok(client.call(row("cuFuncGetAttribute"), context, 0, objects.function)).value(0));
        ok(client.call(row("cuEventRecordWithFlags"), context, objects.event, objects.stream, 1));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(row("cuEventRecordWithFlags"), context, objects.event, objects.stream, 2).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(row("cuCtxSetCacheConfig"), context, 4).status());
        assertEquals(context, ok(client.call(row("cuStreamGetCtx"), context, objects.stream)).value(0));
        assertEquals(objects.module, ok(client.call(row("cuFuncGetModule"), context, objects.function)).value(0));
    }

    @Test
    void aTwoDimensionalMemsetWritesItsRowsAndOnlyInsideTheSessionsMemory() throws IOException
    {
        final TestClient client = EXECUTOR.connected("memset2D");
        final Objects objects = Objects.make(client, Api.DRIVER);
        final long context = objects.callContext;
        final long pitch = 64;

        ok(client.call(row("cuMemsetD2D16"), context, objects.memory, pitch, 0xBEEF, 3, 4));
        final byte[] bytes = ok(client.call(io.gpurelay.protocol.Function.CU_MEMCPY_DTOH, context, objects.memory,
            4 * pitch, 0)).payload();
        for (int row = 0; row < 4; row++)
        {
            for (int column = 0; column < pitch / 2; column++)
            {
                final int at = (int)(row * pitch) + 2 * column;
                final int value = bytes[at] & 0xFF | (bytes[at + 1] & 0xFF) << 8;
                assertEquals(column < 3 ? 0xBEEF : 0, value, "row " + row + ", element " + column);
            }
        }
        final Reply outside = client.call(row("cuMemsetD2D8"), context, objects.memory, MEMORY_BYTES, 1, 1, 2);
        assertEquals(DriverStatus.INVALID_VALUE, outside.status(), "the second row is past the allocation");
        assertTrue(outside.message().contains("is not inside one allocation"), outside.message());
        final Reply tooWide = client.call(row("cuMemsetD2D32"), context, objects.memory, 8, 1, 3, 2);
        assertEquals(DriverStatus.INVALID_VALUE, tooWide.status(), "rows of 12 bytes do not fit a pitch of 8");
        final Reply huge = client.call(row("cuMemsetD2D8"), context, objects.memory, -1, 1, 1, 2);
        assertEquals(DriverStatus.INVALID_VALUE, huge.status(), huge.message());
        assertTrue(huge.message().contains("cannot be a range of memory"), huge.message());
    }

    @Test
    void aPciBusIdComesBackAsTheDevicesStringCutToItsBuffer() throws IOException
    {
        final TestClient client = EXECUTOR.connected("pci bus id");
        for (final String name : new String[]{ "cuDeviceGetPCIBusId", "cudaDeviceGetPCIBusId" })
        {
            final FunctionRow row = row(name);
            final long context = row.api() == Api.DRIVER ? 0 : DEVICE_1;
            final Reply id = ok(client.call(row, context, STRING_BYTES, DEVICE_1));
            assertEquals("0000:11:00.0", new String(id.payload(), StandardCharsets.US_ASCII),
                "domain 0, bus 0x11 (device 1), device 0, function 0");
            assertEquals(0, id.values().length);
            assertEquals("0000", new String(ok(client.call(row, context, 5, DEVICE_1)).payload(),
                StandardCharsets.US_ASCII), "cut to four characters and the NUL");
            final Reply none = client.call(row, context, 0, DEVICE_1);
            assertEquals(row.api() == Api.DRIVER ? DriverStatus.INVALID_VALUE : RuntimeStatus.INVALID_VALUE,
                none.status());
            assertTrue(none.message().contains("a string output here is 1 to 4096 bytes"), none.message());
            assertEquals(row.api() == Api.DRIVER ? DriverStatus.INVALID_DEVICE : RuntimeStatus.INVALID_DEVICE,
                client.call(row, context, STRING_BYTES, 7).status());
        }
    }

    @Test
    void anAddressRangeIsTheSessionsAllocationHoldingTheAddress() throws IOException
    {
        final TestClient client = EXECUTOR.connected("address range");
        final Objects objects = Objects.make(client, Api.DRIVER);
        final long context = objects.callContext;

        final Reply inside = ok(client.call(row("cuMemGetAddressRange"), context, objects.memory + 1000));
        assertEquals(objects.memory, inside.value(0), "pbase");
        assertEquals(MEMORY_BYTES, inside.value(1), "psize");
        assertEquals(objects.memory, ok(client.call(row("cuMemGetAddressRange"), context, objects.memory)).value(0));

        final Reply past = client.call(row("cuMemGetAddressRange"), context, objects.memory + MEMORY_BYTES);
        assertEquals(DriverStatus.INVALID_VALUE, past.status(), "one past the end is no address of the allocation");
        assertTrue(past.message().contains("is not inside one allocation of this session"), past.message());
    }

    @Test
    void argumentsAreCheckedByTheirRoles() throws IOException
    {
        final TestClient client = EXECUTOR.connected("checks");
        final Objects objects = Objects.make(client, Api.DRIVER);
        final long context = objects.callContext;

        final Reply wrongKind = client.call(row("cuStreamGetFlags"), context, objects.event);
        assertEquals(DriverStatus.INVALID_HANDLE, wrongKind.status());
        assertTrue(wrongKind.message().contains("is not a live stream: it is a event handle"), wrongKind.message());
        assertEquals(DriverStatus.INVALID_DEVICE, client.call(row("cuDeviceTotalMem"), 0, 2).status());
        final Reply tooBig = client.call(row("cuCtxSetCacheConfig"), context, 1L << 32);
        assertEquals(DriverStatus.INVALID_VALUE, tooBig.status());
        assertTrue(tooBig.message().contains("config = 4294967296 does not fit its type (in:int)"), tooBig.message());
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(row("cuCtxGetCacheConfig"), 0).status(),
            "a driver row of the current context needs one");
        final Reply tooFew = client.call(row("cuFuncSetCacheConfig"), context, objects.function);
        assertEquals(DriverStatus.INVALID_VALUE, tooFew.status(), "a call with fewer arguments than its row");
        final long otherContext = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply foreignStream = client.call(row("cuEventRecordWithFlags"), otherContext,
            ok(client.call(CU_EVENT_CREATE, otherContext, 0)).value(0), objects.stream, 0);
        assertEquals(DriverStatus.INVALID_HANDLE, foreignStream.status(), foreignStream.message());
    }

    private static FunctionRow row(final String name)
    {
        final FunctionRow driver = FunctionTable.standard().find(Binding.JCUDA_DRIVER, name);
        final FunctionRow row = driver != null ? driver : FunctionTable.standard().find(Binding.JCUDA, name);
        assertNotNull(row, name);
        return row;
    }

    /**
     * The call's args, made from the row's roles: the handle of an object of each kind, device 1, small scalars.
     */
    private static long[] arguments(final FunctionRow row, final Objects objects)
    {
        final long[] args = new long[row.wireArgumentCount()];
        for (final Argument argument : row.arguments())
        {
            if (argument.wireIndex() >= 0)
            {
                args[argument.wireIndex()] = switch (argument.role())
                {
                    case DEVICE -> DEVICE_1;
                    case DEVPTR -> objects.memory;
                    case CONTEXT -> objects.context;
                    case MODULE -> objects.module;
                    case FUNCTION -> objects.function;
                    case STREAM -> objects.stream;
                    case EVENT -> objects.event;
                    case IN_INT, IN_UINT, IN_SIZE, IN_INT64, IN_UCHAR, IN_USHORT ->
                        isStringLength(row, argument.name()) ? STRING_BYTES : textureScalar(argument.name());
                    // Texture and surface references: the texture reference bound to what the row reads.
                    case TEXREF, SURFREF -> row.name().equals("cuTexRefGetMipmappedArray") ? objects.texrefMipmapped :
                        row.name().equals("cuTexRefGetAddress") ? objects.texrefMemory : objects.texrefArray;
                    case FREE_TEXREF -> objects.texrefArray;
                    case ARRAY -> objects.array;
                    case MIPMAPPED_ARRAY -> objects.mipmappedArray;
                    case IN_FLOAT -> Float.floatToRawIntBits(1.5f);
                    case IN_FLOAT4 -> 0;
                    case IN_ARRAY_DESCRIPTOR -> 0;
                    default -> throw new IllegalStateException(argument.role() + " does not travel");
                };
                if (argument.role() == ArgumentRole.IN_ARRAY_DESCRIPTOR)
                {
                    args[argument.wireIndex()] = 16;
                    args[argument.wireIndex() + 1] = 4;
                    args[argument.wireIndex() + 2] = FORMAT_FLOAT;
                    args[argument.wireIndex() + 3] = 1;
                }
            }
        }
        return args;
    }

    /**
     * Texture and surface references: scalars CUDA takes (a float format of one component, a range of 1 KiB rows
     * 64 bytes apart); 0 for every other scalar.
     */
    private static long textureScalar(final String name)
    {
        return switch (name)
        {
            case "fmt" -> FORMAT_FLOAT;
            case "NumPackedComponents" -> 1;
            case "bytes" -> 1024;
            case "Pitch" -> 64;
            default -> 0;
        };
    }

    /**
     * @return whether the row's string output is as long as this argument says.
     */
    private static boolean isStringLength(final FunctionRow row, final String name)
    {
        final Argument string = row.first(ArgumentRole.OUT_STRING);
        return string != null && string.extent().names().contains(name);
    }

    /**
     * A context on device 1 with a module, a kernel, a non-blocking stream and an event: for a runtime row, the
     * primary context of device 1 (the call's context is the device) with a stream and an event made by the runtime.
     */
    private record Objects(
        long callContext, long context, long module, long function, long stream, long event, long memory,
        long array, long mipmappedArray, long texrefArray, long texrefMipmapped, long texrefMemory)
    {
        static Objects make(final TestClient client, final Api api) throws IOException
        {
            final long context = ok(client.call(CU_CTX_CREATE, 0, 0, DEVICE_1)).value(0);
            final long module = loadModule(client, context, "vector_add.ptx");
            final long function = Kernels.function(client, context, module, "vector_add");
            if (api == Api.RUNTIME)
            {
                return new Objects(DEVICE_1, context, module, function,
                    ok(client.call(CUDA_STREAM_CREATE, DEVICE_1, STREAM_NON_BLOCKING)).value(0),
                    ok(client.call(CUDA_EVENT_CREATE, DEVICE_1, 0)).value(0),
                    ok(client.call(CUDA_MALLOC, DEVICE_1, MEMORY_BYTES)).value(0), 0, 0, 0, 0, 0);
            }
            final long memory = ok(client.call(CU_MEM_ALLOC, context, MEMORY_BYTES)).value(0);
            // Texture and surface references: an array, a mipmapped array, and a texture reference bound to each
            // and to the memory.
            final long array = ok(client.call(CU_ARRAY_CREATE, context, 4, 2, 0, FORMAT_FLOAT, 1, 0)).value(0);
            final long mipmapped = ok(client.call(CU_MIPMAPPED_ARRAY_CREATE, context, 4, 4, 0, FORMAT_FLOAT, 1, 0, 2))
                .value(0);
            final long texrefArray = ok(client.call(row("cuTexRefCreate"), context)).value(0);
            ok(client.call(row("cuTexRefSetArray"), context, texrefArray, array, 1));
            final long texrefMipmapped = ok(client.call(row("cuTexRefCreate"), context)).value(0);
            ok(client.call(row("cuTexRefSetMipmappedArray"), context, texrefMipmapped, mipmapped, 1));
            final long texrefMemory = ok(client.call(row("cuTexRefCreate"), context)).value(0);
            ok(client.call(row("cuTexRefSetAddress"), context, texrefMemory, memory, 1024));
            return new Objects(context, context, module, function,
                ok(client.call(CU_STREAM_CREATE, context, STREAM_NON_BLOCKING)).value(0),
                ok(client.call(CU_EVENT_CREATE, context, 0)).value(0), memory, array, mipmapped, texrefArray,
                texrefMipmapped, texrefMemory);
        }
    }
}
