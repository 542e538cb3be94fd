package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.TableEncoding;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.dispatch.CallDispatcher;
import io.gpurelay.executor.dispatch.ReceivedCall;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
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
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of the function table from the agent's encoding to the backend's decoded call, in one process: the
 * agent's {@link TableEncoding} turns JCuda arguments into the call's args, the call is encoded as SBE and decoded by
 * the session's adapter, the executor's dispatcher checks and resolves each argument by its role, and the backend
 * (the emulator, watched) receives exactly the scalars and the objects the JCuda arguments named; the reply's values
 * then land in the native's output arrays.
 */
class TableRoundTripTest
{
    private static final long SESSION_ID = 7;
    private static final int DEVICE_1 = 1;
    private static final long STREAM_NON_BLOCKING = 1;
    /** Somewhere a device address may point; the backend, watched, receives it before checking it. */
    private static final long DEVICE_ADDRESS = 0x7000_0000_1000L;

    private static EmulatedBackend backend;
    private static BackendSession emulated;
    private static Watched watched;
    private static CallDispatcher dispatcher;
    private static final ReceivedCall CALL = new ReceivedCall();
    private static final CallResult RESULT = new CallResult();
    private static SessionRequestAdapter adapter;
    private static DirectBuffer input;
    private static long correlationId;

    /** Executor handles of the session's objects, and the backend objects they name. */
    private static final Map<ArgumentRole, Long> DRIVER_HANDLES = new EnumMap<>(ArgumentRole.class);
    private static final Map<ArgumentRole, Long> RUNTIME_HANDLES = new EnumMap<>(ArgumentRole.class);
    private static final Map<Long, Object> OBJECTS = new java.util.HashMap<>();
    /** Texture and surface references: {@code CU_AD_FORMAT_FLOAT}, and a texture reference bound to a mipmapped array. */
    private static final long FORMAT_FLOAT = 0x20;
    private static final long[] TEXREF_MIPMAPPED = new long[1];

    @BeforeAll
    static void openSession() throws IOException
    {
        backend = new EmulatedBackend(2, 16L << 20);
        emulated = backend.openSession(SESSION_ID);
        watched = new Watched(emulated);
        dispatcher = new CallDispatcher(watched.proxy, SESSION_ID, backend.deviceCount(),
            SessionMemoryQuota.unlimited(SESSION_ID, new ExecutorLog(System.err, ExecutorLog.Level.WARN)));
        adapter = new SessionRequestAdapter(new Dispatching());

        final long context = made(Function.CU_CTX_CREATE, 0, null, 0, DEVICE_1);
        DRIVER_HANDLES.put(ArgumentRole.CONTEXT, context);
        final long module = made(Function.CU_MODULE_LOAD_DATA, context, kernel());
        DRIVER_HANDLES.put(ArgumentRole.MODULE, module);
        DRIVER_HANDLES.put(ArgumentRole.FUNCTION, made(Function.CU_MODULE_GET_FUNCTION, context,
            "vector_add".getBytes(StandardCharsets.UTF_8), module));
        DRIVER_HANDLES.put(ArgumentRole.STREAM, made(Function.CU_STREAM_CREATE, context, null, STREAM_NON_BLOCKING));
        DRIVER_HANDLES.put(ArgumentRole.EVENT, made(Function.CU_EVENT_CREATE, context, null, 0));
        RUNTIME_HANDLES.put(ArgumentRole.STREAM, made(Function.CUDA_STREAM_CREATE, DEVICE_1, null, 0));
        RUNTIME_HANDLES.put(ArgumentRole.EVENT, made(Function.CUDA_EVENT_CREATE, DEVICE_1, null, 0));

        // Texture and surface references: an array and a mipmapped array, and a texture reference bound to each.
        final long array = made(Function.CU_ARRAY_CREATE, context, null, 4, 2, 0, FORMAT_FLOAT, 1, 0);
        DRIVER_HANDLES.put(ArgumentRole.ARRAY, array);
        final long mipmapped = made(Function.CU_MIPMAPPED_ARRAY_CREATE, context, null, 4, 4, 0, FORMAT_FLOAT, 1, 0, 2);
        DRIVER_HANDLES.put(ArgumentRole.MIPMAPPED_ARRAY, mipmapped);
        final long texref = made(row("cuTexRefCreate"), context, null);
        DRIVER_HANDLES.put(ArgumentRole.TEXREF, texref);
        run(row("cuTexRefSetArray"), context, null, new long[]{ texref, array, 1 });
        assertFalse(RESULT.failed(), RESULT::message);
        TEXREF_MIPMAPPED[0] = made(row("cuTexRefCreate"), context, null);
        run(row("cuTexRefSetMipmappedArray"), context, null, new long[]{ TEXREF_MIPMAPPED[0], mipmapped, 1 });
        assertFalse(RESULT.failed(), RESULT::message);
    }

    private static FunctionRow row(final String name)
    {
        return FunctionTable.standard().find(Binding.JCUDA_DRIVER, name);
    }

    @AfterAll
    static void closeSession()
    {
        emulated.close();
        backend.close();
    }

    static Stream<FunctionRow> rows()
    {
        // JCuda binds no library's rows; the cuSOLVER ones go through JavaCPP (JavaCppSolverIT).
        return FunctionTable.standard().rows().stream().filter(row -> row.binding().jcuda());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theBackendReceivesWhatTheApplicationPassed(final FunctionRow row)
    {
        final boolean driver = row.binding() == Binding.JCUDA_DRIVER;
        final Map<ArgumentRole, Long> handles = driver ? DRIVER_HANDLES : RUNTIME_HANDLES;
        final List<Argument> arguments = row.arguments();
        final Object[] java = new Object[arguments.size()];
        for (int i = 0; i < java.length; i++)
        {
            final Argument argument = arguments.get(i);
            java[i] = switch (argument.role())
            {
                case IN_INT -> i == 0 ? -1 : i;
                case IN_UINT -> i;
                case IN_SIZE, IN_INT64 -> 1L << 20 | i;
                case IN_UCHAR -> (byte)-i;
                case IN_USHORT -> (short)-i;
                case DEVPTR -> driver ? handle(new CUdeviceptr(), DEVICE_ADDRESS + i) :
                    handle(new Pointer(), DEVICE_ADDRESS + i);
                case OUT_CONTEXT -> new CUcontext();
                case OUT_MODULE -> new CUmodule();
                case OUT_DEVPTR -> new CUdeviceptr();
                case OUT_STRING -> new String[]{ "unset" };
                case OUT_INT, OUT_UINT -> new int[]{ -99 };
                case OUT_SIZE, OUT_INT64 -> new long[]{ -99 };
                case DEVICE -> driver ? handle(new CUdevice(), DEVICE_1) : (Object)DEVICE_1;
                case CONTEXT -> handle(new CUcontext(), handles.get(ArgumentRole.CONTEXT));
                case MODULE -> handle(new CUmodule(), handles.get(ArgumentRole.MODULE));
                case FUNCTION -> handle(new CUfunction(), handles.get(ArgumentRole.FUNCTION));
                case STREAM -> driver ? handle(new CUstream(), handles.get(ArgumentRole.STREAM)) :
                    handle(new cudaStream_t(), handles.get(ArgumentRole.STREAM));
                case EVENT -> driver ? handle(new CUevent(), handles.get(ArgumentRole.EVENT)) :
                    handle(new cudaEvent_t(), handles.get(ArgumentRole.EVENT));
                // Texture and surface references; no surface reference can be had on the emulator.
                case IN_FLOAT -> (float)i;
                case OUT_FLOAT -> new float[]{ -99 };
                case IN_FLOAT4 -> new float[]{ i, i + 0.5f, -i, 1 };
                case OUT_FLOAT4 -> new float[4];
                case OBJECT, NEW_OBJECT, FREE_OBJECT, OUT_STREAM, HOST_SCRATCH, PIVOTS, PIVOTS64, IN_DOUBLE, OUT_DOUBLE -> throw new IllegalStateException(row + ": JCuda " +
                    "binds no library object");
                case IN_ARRAY_DESCRIPTOR ->
                {
                    final CUDA_ARRAY_DESCRIPTOR descriptor = new CUDA_ARRAY_DESCRIPTOR();
                    descriptor.Width = 4;
                    descriptor.Height = 2;
                    descriptor.Format = (int)FORMAT_FLOAT;
                    descriptor.NumChannels = 1;
                    yield descriptor;
                }
                case IN_STRING -> "tex";
                case TEXREF -> handle(new CUtexref(), row.name().equals("cuTexRefGetMipmappedArray") ?
                    TEXREF_MIPMAPPED[0] : handles.get(ArgumentRole.TEXREF));
                case FREE_TEXREF -> handle(new CUtexref(),
                    made(row("cuTexRefCreate"), DRIVER_HANDLES.get(ArgumentRole.CONTEXT), null));
                case SURFREF -> handle(new CUsurfref(), handles.get(ArgumentRole.TEXREF));
                case NEW_TEXREF -> new CUtexref();
                case NEW_SURFREF -> new CUsurfref();
                case ARRAY -> handle(new CUarray(), handles.get(ArgumentRole.ARRAY));
                case MIPMAPPED_ARRAY -> handle(new CUmipmappedArray(), handles.get(ArgumentRole.MIPMAPPED_ARRAY));
                case OUT_ARRAY -> new CUarray();
                case OUT_MIPMAPPED_ARRAY -> new CUmipmappedArray();
            };
        }
        final long callContext = driver ? DRIVER_HANDLES.get(ArgumentRole.CONTEXT) : DEVICE_1;
        watched.last = null;
        run(row, callContext, TableEncoding.stringInput(row, java), TableEncoding.encode(row, java));
        if (row.first(ArgumentRole.SURFREF) != null)
        {
            assertTrue(RESULT.failed() && RESULT.message().contains("is not a live surface reference"),
                RESULT::message);
            return;
        }
        if (row.answeredByExecutor())
        {
            assertFalse(RESULT.failed(), RESULT::message);
            assertSame(null, watched.last, "the executor answers from its tables");
            TableEncoding.decode(row, Arrays.copyOf(RESULT.values(), RESULT.valueCount()), java);
            for (int i = 0; i < java.length; i++)
            {
                final ArgumentRole role = arguments.get(i).role();
                if (role == ArgumentRole.OUT_CONTEXT || role == ArgumentRole.OUT_MODULE)
                {
                    assertEquals((long)DRIVER_HANDLES.get(role == ArgumentRole.OUT_CONTEXT ? ArgumentRole.CONTEXT :
                        ArgumentRole.MODULE), JCudaPointers.nativePointer((NativePointerObject)java[i]));
                }
                if (role == ArgumentRole.OUT_ARRAY || role == ArgumentRole.OUT_MIPMAPPED_ARRAY)
                {
                    assertEquals((long)DRIVER_HANDLES.get(role == ArgumentRole.OUT_ARRAY ? ArgumentRole.ARRAY :
                        ArgumentRole.MIPMAPPED_ARRAY), JCudaPointers.nativePointer((NativePointerObject)java[i]),
                        "the array the reference is bound to");
                }
            }
            return;
        }

        final boolean refusedByChecks = RESULT.failed() && watched.last == null;
        assertFalse(refusedByChecks, () -> row + " was refused before the backend: " + RESULT.message());
        final Recorded received = watched.last;
        assertSame(row, received.row);
        for (int i = 0; i < java.length; i++)
        {
            final Argument argument = arguments.get(i);
            switch (argument.role().kind())
            {
                case SCALAR_IN -> assertEquals(argument.role() == ArgumentRole.IN_FLOAT4 ?
                    Arrays.toString((float[])java[i]) : argument.role() == ArgumentRole.IN_ARRAY_DESCRIPTOR ?
                    "[4, 2, 32, 1]" : null, argument.role().slots() > 1 ?
                    (argument.role() == ArgumentRole.IN_FLOAT4 ? Arrays.toString((float[])received.objects[i]) :
                    Arrays.toString((long[])received.objects[i])) : null, argument.name());
                default ->
                {
                }
            }
            if (argument.role().slots() > 1)
            {
                continue;
            }
            switch (argument.role().kind())
            {
                case SCALAR_IN -> assertEquals(switch (argument.role())
                    {
                        case IN_UINT -> Integer.toUnsignedLong((Integer)java[i]);
                        case IN_UCHAR -> (Byte)java[i] & 0xFFL;
                        case IN_USHORT -> (Short)java[i] & 0xFFFFL;
                        case IN_FLOAT -> Integer.toUnsignedLong(Float.floatToRawIntBits((Float)java[i]));
                        default -> ((Number)java[i]).longValue();
                    }, received.scalars[i], argument.name());
                case DEVICE_POINTER -> assertEquals(JCudaPointers.address((Pointer)java[i]), received.scalars[i],
                    argument.name());
                case DEVICE -> assertEquals(DEVICE_1, received.scalars[i], argument.name());
                case HANDLE ->
                {
                    if (argument.role() == ArgumentRole.ARRAY)
                    {
                        assertEquals(4, ((BackendArray)received.objects[i]).descriptor().width(), argument.name());
                    }
                    else if (argument.role() == ArgumentRole.MIPMAPPED_ARRAY)
                    {
                        assertEquals(2, ((BackendArray[])received.objects[i]).length, argument.name());
                    }
                    else
                    {
                        assertSame(OBJECTS.get(JCudaPointers.nativePointer((NativePointerObject)java[i])),
                            received.objects[i], argument.name());
                    }
                }
                case PAYLOAD_IN -> assertEquals(java[i], received.objects[i], argument.name());
                case SCALAR_OUT, HANDLE_OUT, HANDLE_NEW, PAYLOAD_OUT ->
                {
                }
            }
        }
        if (row.emulated() && !RESULT.failed())
        {
            assertEquals(row.resultCount(), RESULT.valueCount());
            TableEncoding.decode(row, Arrays.copyOf(RESULT.values(), RESULT.valueCount()), java);
            for (int i = 0; i < java.length; i++)
            {
                final Argument argument = arguments.get(i);
                if (argument.resultIndex() >= 0 && java[i] instanceof float[] floats)
                {
                    for (int k = 0; k < argument.role().slots(); k++)
                    {
                        assertEquals((int)RESULT.values()[argument.resultIndex() + k],
                            Float.floatToRawIntBits(floats[k]), argument.name());
                    }
                }
                else if (argument.resultIndex() >= 0 && argument.role().kind() == ArgumentRole.Kind.HANDLE_NEW)
                {
                    assertEquals(HandleKind.TEXREF, HandleKind.of(JCudaPointers.nativePointer(
                        (NativePointerObject)java[i])), "a texture reference handle of the session");
                }
                else if (argument.resultIndex() >= 0)
                {
                    final long written = java[i] instanceof int[] ints ? ints[0] : java[i] instanceof long[] longs ?
                        longs[0] : JCudaPointers.nativePointer((NativePointerObject)java[i]);
                    final long replied = RESULT.values()[argument.resultIndex()];
                    assertEquals(java[i] instanceof int[] ? (int)replied : replied, written, argument.name());
                }
            }
        }
        else if (!row.emulated())
        {
            assertTrue(RESULT.failed());
            assertEquals(row.name() + " is not supported on the emulator", RESULT.message());
        }
    }

    private static long made(final RemotedFunction function, final long context, final byte[] payload,
        final long... args)
    {
        run(function, context, payload, args);
        assertFalse(RESULT.failed(), RESULT::message);
        final long handle = RESULT.values()[0];
        OBJECTS.put(handle, watched.made);
        return handle;
    }

    private static void run(final RemotedFunction function, final long context, final byte[] payload,
        final long[] args)
    {
        final byte[] bytes = payload == null ? new byte[0] : payload;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024 + bytes.length]);
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(SESSION_ID)
            .correlationId(++correlationId)
            .function(function.id())
            .context(context)
            .totalPayloadLength(bytes.length);
        encoder.flags().clear();
        final CallEncoder.ArgsEncoder argsEncoder = encoder.argsCount(args.length);
        for (final long arg : args)
        {
            argsEncoder.next().value(arg);
        }
        encoder.putPayload(bytes, 0, bytes.length);
        input = new UnsafeBuffer(bytes);
        adapter.onFragment(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength(), null);
    }

    private static byte[] kernel() throws IOException
    {
        try (InputStream in = TableRoundTripTest.class.getResourceAsStream("/kernels/vector_add.ptx"))
        {
            assertNotNull(in, "vector_add.ptx");
            return in.readAllBytes();
        }
    }

    private static <T extends NativePointerObject> T handle(final T object, final long value)
    {
        JCudaPointers.setNativePointer(object, value);
        return object;
    }

    private static final class Dispatching implements SessionRequestListener
    {
        public void onCall(final CallView view)
        {
            CALL.capture(view);
            RESULT.reset(CALL.remoted() == null ? Api.RUNTIME : CALL.remoted().api());
            dispatcher.dispatch(CALL, input, RESULT);
        }

        public void onBulkData(
            final long sessionId, final long correlationId, final long offset, final DirectBuffer buffer,
            final int chunkOffset, final int length)
        {
            throw new IllegalStateException("no bulk data in these calls");
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
        }

        public void onCloseSession(final long sessionId)
        {
        }

        public void onMalformed(final String reason)
        {
            throw new IllegalStateException(reason);
        }
    }

    /**
     * A table call as the backend received it, copied before the dispatcher reuses its {@link TableCall}.
     */
    private record Recorded(FunctionRow row, long[] scalars, Object[] objects)
    {
    }

    /**
     * The emulator's session, watched: what each creating call made, and each table call as it arrived.
     */
    private static final class Watched
    {
        final BackendSession proxy;
        Object made;
        Recorded last;

        Watched(final BackendSession session)
        {
            proxy = (BackendSession)Proxy.newProxyInstance(BackendSession.class.getClassLoader(),
                new Class<?>[]{ BackendSession.class }, (ignored, method, methodArguments) ->
                {
                    if (method.getName().equals("callTableFunction"))
                    {
                        final TableCall call = (TableCall)methodArguments[0];
                        final int count = call.row().arguments().size();
                        final long[] scalars = new long[count];
                        final Object[] objects = new Object[count];
                        for (int i = 0; i < count; i++)
                        {
                            scalars[i] = call.scalar(i);
                            objects[i] = call.object(i);
                        }
                        last = new Recorded(call.row(), scalars, objects);
                    }
                    try
                    {
                        final Object returned = method.invoke(session, methodArguments);
                        if (method.getName().equals("callTableFunction") &&
                            ((TableCall)methodArguments[0]).made() != null)
                        {
                            made = ((TableCall)methodArguments[0]).made();
                        }
                        if (method.getName().startsWith("create") || method.getName().equals("loadModule") ||
                            method.getName().equals("getFunction"))
                        {
                            made = returned;
                        }
                        return returned;
                    }
                    catch (final InvocationTargetException ex)
                    {
                        throw ex.getCause();
                    }
                });
        }
    }
}
