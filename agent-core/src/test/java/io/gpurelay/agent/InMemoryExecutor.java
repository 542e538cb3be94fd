package io.gpurelay.agent;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.ConnectRequestAdapter;
import io.gpurelay.protocol.ConnectRequestListener;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import io.gpurelay.protocol.SobolTable;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.HandshakeTranscript;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import io.gpurelay.protocol.security.SessionKeys;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * A stand-in executor for the agent's tests: speaks the protocol over a media driver of its own, keeps device memory
 * in Java arrays, and can be told to refuse sessions, fail calls, take long over a call or stop answering. For the
 * driver API it keeps contexts, modules (it reads a PTX module's {@code .entry} parameters and {@code .global}
 * variables, nothing else), streams and events, makes a context whose call faulted fail every later call as CUDA's
 * sticky errors do, and records every launch without running it. The real executor and its end-to-end tests live in
 * their own modules.
 */
public final class InMemoryExecutor implements AutoCloseable
{
    public static final int DEVICE_COUNT = 2;
    public static final long KEEP_ALIVE_INTERVAL_MS = 200;
    public static final long TOTAL_MEMORY = 1L << 32;
    private static final long FIRST_ADDRESS = 0x7f00_0000_0000L;
    private static final long KERNEL_PARAMETERS_READY = -1;
    private static final long CONTEXT_TAG = 1L << 56;
    private static final long MODULE_TAG = 2L << 56;
    private static final long FUNCTION_TAG = 3L << 56;
    private static final long STREAM_TAG = 4L << 56;
    private static final long EVENT_TAG = 5L << 56;
    private static final long BLAS_TAG = 6L << 56;
    private static final long LIBRARY_TAG = 7L << 56;
    /** What its NVRTC answers nvrtcGetSupportedArchs with. */
    public static final int[] SUPPORTED_ARCHS = { 75, 80, 90 };
    private static final long PRIMARY_CONTEXT = CONTEXT_TAG | 0x1000;
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+(\\w+)\\s*\\(([^)]*)\\)");
    private static final Pattern PARAMETER = Pattern.compile(
        "\\.param\\s+(?:\\.align\\s+\\d+\\s+)?\\.[a-z]+(\\d+)\\s+\\w+(?:\\[(\\d+)\\])?");
    private static final Pattern GLOBAL = Pattern.compile(
        "\\.(?:global|const)\\s+(?:\\.align\\s+\\d+\\s+)?\\.[a-z]+(\\d+)\\s+(\\w+)(?:\\[(\\d+)\\])?");

    /**
     * A call as it arrived: what the agent sent.
     */
    public record CallRecord(Function function, long context, long[] args, byte[] payload, boolean pipelined)
    {
    }

    private final String channel;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Subscription control;
    private final FragmentAssembler controlAssembler;
    private final List<ExecutorSession> sessions = new ArrayList<>();
    private final ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
    private final Thread worker;
    private volatile boolean running = true;
    private volatile boolean answering = true;
    private volatile String rejection;
    private volatile int failFunctionId = -1;
    private volatile int failStatus;
    private volatile String failMessage;
    private volatile int slowFunctionId = -1;
    private volatile long slowMs;
    private volatile boolean keepAlivesWhileSlow;
    private final ConcurrentLinkedQueue<CallRecord> calls = new ConcurrentLinkedQueue<>();
    private final AtomicInteger keepAlives = new AtomicInteger();

    public InMemoryExecutor(final String channel, final Path aeronDir)
    {
        this.channel = channel;
        this.driver = MediaDrivers.launch(aeronDir.toString(), DriverProfile.SHARED);
        this.aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir.toString()));
        this.control = aeron.addSubscription(channel, Protocol.CONTROL_STREAM_ID);
        this.controlAssembler = new FragmentAssembler(new ConnectRequestAdapter(new ControlListener()));
        this.worker = new Thread(this::run, "in-memory-executor");
        worker.setDaemon(true);
        worker.start();
    }

    public String channel()
    {
        return channel;
    }

    /**
     * Refuse every later connect request with this detail.
     */
    public void rejectWith(final String detail)
    {
        rejection = detail;
    }

    /**
     * Make every later call of this function fail with this status.
     */
    public void fail(final Function function, final int status)
    {
        fail(function, status, "told to fail");
    }

    /**
     * Make every later call of this function fail with this status and explanation.
     */
    public void fail(final Function function, final int status, final String message)
    {
        failStatus = status;
        failMessage = message;
        failFunctionId = function.id();
    }

    /**
     * Answer every call normally again.
     */
    public void stopFailing()
    {
        failFunctionId = -1;
    }

    /**
     * Take this long over every later call of this function, sending the client keep-alives meanwhile or not.
     */
    public void slow(final Function function, final long millis, final boolean sendKeepAlives)
    {
        slowMs = millis;
        keepAlivesWhileSlow = sendKeepAlives;
        slowFunctionId = function.id();
    }

    /**
     * Every call received so far, in order.
     */
    public List<CallRecord> calls()
    {
        return new ArrayList<>(calls);
    }

    /**
     * @return the calls of this function received so far, in order.
     */
    public List<CallRecord> calls(final Function function)
    {
        return calls.stream().filter(call -> call.function() == function).toList();
    }

    /**
     * Keep reading requests but never reply again.
     */
    public void stopAnswering()
    {
        answering = false;
    }

    /**
     * Tell every client that its session failed, as a supervisor does when a session's worker process dies. Call it
     * after {@link #stopAnswering()}: the sessions' proxies are then the caller's alone.
     */
    public void failSessions(final String reason)
    {
        synchronized (sessions)
        {
            for (final ExecutorSession session : sessions)
            {
                session.proxy.sessionFailed(session.responses, session.sessionId, reason);
            }
        }
    }

    /**
     * Answer calls again, as an executor that came back would.
     */
    public void resumeAnswering()
    {
        answering = true;
    }

    public int keepAlives()
    {
        return keepAlives.get();
    }

    /**
     * Things that happened, in order: "connect <name>", "close <session>", "call <function>".
     */
    public List<String> events()
    {
        return new ArrayList<>(events);
    }

    public long allocatedBytes()
    {
        synchronized (sessions)
        {
            long total = 0;
            for (final ExecutorSession session : sessions)
            {
                total += session.allocatedBytes();
            }
            return total;
        }
    }

    public void close()
    {
        running = false;
        try
        {
            worker.join(5_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        CloseHelper.closeAll(aeron, driver);
    }

    private void run()
    {
        final IdleStrategy idle = new BackoffIdleStrategy(10, 10, TimeUnit.MICROSECONDS.toNanos(1),
            TimeUnit.MILLISECONDS.toNanos(1));
        while (running)
        {
            int work = control.poll(controlAssembler, 10);
            synchronized (sessions)
            {
                for (final ExecutorSession session : sessions)
                {
                    work += session.poll();
                }
            }
            idle.idle(work);
        }
    }

    private final class ControlListener implements ConnectRequestListener
    {
        public void onStatRequest(
            final long correlationId,
            final int protocolVersion,
            final int responseStreamId,
            final String responseChannel,
            final byte[] clientPublicKey,
            final byte[] clientProof)
        {
            events.add("stat request");
        }

        public void onConnectRequest(
            final long correlationId,
            final int protocolVersion,
            final int responseStreamId,
            final long clientPid,
            final String responseChannel,
            final String clientName,
            final byte[] clientPublicKey,
            final byte[] clientProof)
        {
            events.add("connect " + clientName);
            final Publication responses = aeron.addExclusivePublication(responseChannel, responseStreamId);
            final ExecutorProxy proxy = new ExecutorProxy(new BackoffIdleStrategy(), TimeUnit.SECONDS.toNanos(5));
            awaitConnected(responses);
            if (rejection != null || !Protocol.compatible(protocolVersion, Protocol.PROTOCOL_VERSION))
            {
                proxy.rejected(responses, correlationId, RejectReason.VERSION_MISMATCH,
                    rejection != null ? rejection : "client speaks " + Protocol.versionString(protocolVersion));
                responses.close();
                return;
            }
            final int sessionNumber;
            synchronized (sessions)
            {
                sessionNumber = sessions.size() + 1;
            }
            final int requestStreamId = Protocol.SESSION_STREAM_ID_BASE + sessionNumber;
            final byte[] requestHash = HandshakeTranscript.requestHash(correlationId, protocolVersion,
                responseStreamId, clientPid, responseChannel, clientName, clientPublicKey);
            final ExecutorHandshake handshake = new ExecutorHandshake(null);
            final ExecutorHandshake.Accepted accepted;
            try
            {
                if (!handshake.isClientProof(requestHash, clientProof))
                {
                    throw new HandshakeException("no proof of the empty token");
                }
                accepted = handshake.accept(requestHash, clientPublicKey, sessionNumber, requestStreamId,
                    Protocol.MIN_REQUEST_PUBLICATION_SESSION_ID + sessionNumber, Protocol.sealsSessions(channel));
            }
            catch (final HandshakeException ex)
            {
                proxy.rejected(responses, correlationId, RejectReason.AUTHENTICATION_FAILED, ex.getMessage());
                responses.close();
                return;
            }
            final SessionKeys keys = accepted.keys();
            final ExecutorSession session = new ExecutorSession(sessionNumber, proxy, responses,
                aeron.addSubscription(channel, requestStreamId), keys);
            synchronized (sessions)
            {
                sessions.add(session);
            }
            proxy.connected(responses, correlationId, sessionNumber, requestStreamId,
                keys.requestPublicationSessionId(), accepted.executorPublicKey(), accepted.executorProof(),
                DEVICE_COUNT, KEEP_ALIVE_INTERVAL_MS, "in-memory-test", "in-memory");
            if (keys.sealed())
            {
                proxy.sealWith(keys.replySealer());
            }
        }

        public void onMalformed(final String reason)
        {
            events.add("malformed " + reason);
        }
    }

    private static void awaitConnected(final Publication publication)
    {
        final IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!publication.isConnected() && System.nanoTime() < deadline)
        {
            idle.idle();
        }
    }

    /**
     * One client session: its allocations and the bulk payload being received.
     */
    private final class ExecutorSession implements SessionRequestListener
    {
        private final long sessionId;
        private final ExecutorProxy proxy;
        private final Publication responses;
        private final Subscription requests;
        private final FragmentAssembler assembler;
        private final TreeMap<Long, byte[]> allocations = new TreeMap<>();
        /** The device of each allocation's start (addresses are never handed out twice). */
        private final Map<Long, Integer> allocationDevices = new HashMap<>();
        private final long[] values = new long[64];
        private final Map<Long, Integer> contexts = new HashMap<>();
        private final Map<Long, Integer> faults = new HashMap<>();
        private final Map<Long, Map<String, long[]>> modules = new HashMap<>();
        private final Map<Long, Map<String, Long>> moduleGlobals = new HashMap<>();
        private final Map<Long, long[]> functions = new HashMap<>();
        private final Map<Long, String> functionNames = new HashMap<>();
        private final Set<Long> streamHandles = new HashSet<>();
        private final Set<Long> eventHandles = new HashSet<>();
        private final Set<Long> libraryHandles = new HashSet<>();
        private final Map<Long, List<String>> programs = new HashMap<>();
        private long nextHandle = 1;
        private long nextAddress = FIRST_ADDRESS;
        private long bulkCorrelationId = -1;
        private byte[] bulkTarget;
        private int bulkTargetOffset;
        private long bulkRemaining;
        private boolean bulkPipelined;

        ExecutorSession(
            final long sessionId,
            final ExecutorProxy proxy,
            final Publication responses,
            final Subscription requests,
            final SessionKeys keys)
        {
            this.sessionId = sessionId;
            this.proxy = proxy;
            this.responses = responses;
            this.requests = requests;
            final OpeningFragmentHandler opening =
                new OpeningFragmentHandler(new SessionRequestAdapter(this), why -> events.add("dropped " + why));
            if (keys.sealed())
            {
                opening.requireSealed(keys.requestOpener());
            }
            this.assembler = new FragmentAssembler(opening);
        }

        int poll()
        {
            return requests.poll(assembler, 10);
        }

        long allocatedBytes()
        {
            long total = 0;
            for (final byte[] allocation : allocations.values())
            {
                total += allocation.length;
            }
            return total;
        }

        public void onCall(final CallView call)
        {
            final Function function = Function.byId(call.functionId());
            if (function == null)
            {
                onTableCall(call);
                return;
            }
            events.add("call " + function + (call.pipelined() ? " pipelined" : ""));
            record(function, call);
            if (call.functionId() == slowFunctionId)
            {
                takeLong();
            }
            if (call.functionId() == failFunctionId)
            {
                if (failStatus == DriverStatus.ILLEGAL_ADDRESS && function.api() == Api.DRIVER)
                {
                    faults.put(call.context(), failStatus);
                }
                reply(call.correlationId(), call.pipelined(), failStatus, 0, failMessage, null);
                return;
            }
            if (function.api() == Api.DRIVER)
            {
                onDriverCall(function, call);
                return;
            }
            if (function.api() == Api.CUBLAS)
            {
                onCublasCall(function, call);
                return;
            }
            if (function.api() == Api.CURAND || function.api() == Api.NVRTC || function.api() == Api.CUFFT ||
                function.api() == Api.NVPTXCOMPILER)
            {
                onLibraryCall(function, call);
                return;
            }
            switch (function)
            {
                case CUDA_GET_DEVICE_COUNT -> value(call, DEVICE_COUNT);
                case CUDA_DRIVER_GET_VERSION, CUDA_RUNTIME_GET_VERSION -> value(call, 13000);
                case CUDA_DEVICE_GET_ATTRIBUTE -> value(call, call.arg(0) * 1000 + call.arg(1));
                case CUDA_MEM_GET_INFO ->
                {
                    values[0] = TOTAL_MEMORY - allocatedBytes();
                    values[1] = TOTAL_MEMORY;
                    reply(call.correlationId(), call.pipelined(), RuntimeStatus.SUCCESS, 2, null, null);
                }
                case CUDA_GET_DEVICE_PROPERTIES -> properties(call);
                case CUDA_MALLOC, CUDA_MALLOC_MANAGED -> malloc(call);
                case CUDA_POINTER_GET_ATTRIBUTES -> pointerAttributes(call);
                case CUDA_FREE -> status(call, allocations.remove(call.arg(0)) != null ?
                    RuntimeStatus.SUCCESS : RuntimeStatus.INVALID_VALUE);
                case CUDA_MEMCPY_HTOD -> hostToDevice(call);
                case CUDA_MEMCPY_DTOH -> deviceToHost(call);
                case CUDA_MEMCPY_DTOD -> deviceToDevice(call);
                case CUDA_MEMSET -> memset(call);
                case CUDA_DEVICE_SYNCHRONIZE -> status(call, RuntimeStatus.SUCCESS);
                case CUDA_DEVICE_RESET ->
                {
                    allocations.clear();
                    status(call, RuntimeStatus.SUCCESS);
                }
                case CUDA_MEMCPY_HTOD_ASYNC -> hostToDevice(call);
                case CUDA_MEMCPY_DTOH_ASYNC -> deviceToHost(call);
                case CUDA_MEMCPY_DTOD_ASYNC -> deviceToDevice(call);
                case CUDA_MEMSET_ASYNC -> memset(call);
                case CUDA_STREAM_CREATE -> value(call, add(streamHandles, STREAM_TAG));
                case CUDA_EVENT_CREATE -> value(call, add(eventHandles, EVENT_TAG));
                case CUDA_STREAM_DESTROY -> status(call, streamHandles.remove(call.arg(0)) ?
                    RuntimeStatus.SUCCESS : RuntimeStatus.INVALID_RESOURCE_HANDLE);
                case CUDA_EVENT_DESTROY -> status(call, eventHandles.remove(call.arg(0)) ?
                    RuntimeStatus.SUCCESS : RuntimeStatus.INVALID_RESOURCE_HANDLE);
                case CUDA_STREAM_SYNCHRONIZE, CUDA_STREAM_QUERY -> status(call, streamStatus(call.arg(0)));
                case CUDA_EVENT_RECORD -> status(call, eventHandles.contains(call.arg(0)) ?
                    streamStatus(call.arg(1)) : RuntimeStatus.INVALID_RESOURCE_HANDLE);
                case CUDA_EVENT_SYNCHRONIZE, CUDA_EVENT_QUERY -> status(call, eventHandles.contains(call.arg(0)) ?
                    RuntimeStatus.SUCCESS : RuntimeStatus.INVALID_RESOURCE_HANDLE);
                case CUDA_STREAM_WAIT_EVENT -> status(call, eventHandles.contains(call.arg(1)) ?
                    streamStatus(call.arg(0)) : RuntimeStatus.INVALID_RESOURCE_HANDLE);
                case CUDA_EVENT_ELAPSED_TIME -> elapsedTime(call);
                default -> status(call, RuntimeStatus.NOT_SUPPORTED);
            }
        }

        /**
         * cuBLAS as far as the agent's marshalling needs it: handles, and fixed answers the tests know (a dot product
         * of 2.5, a complex one of 1.5 - 2.5i, an iamax of 3, an SM count target and getrs info of 5, a matrix read
         * back as the bytes 0, 1, 2, ...); everything else succeeds.
         */
        private void onCublasCall(final Function function, final CallView call)
        {
            switch (function)
            {
                case CUBLAS_CREATE -> value(call, BLAS_TAG | nextHandle++);
                case CUBLAS_GET_MATH_MODE, CUBLAS_GET_POINTER_MODE -> value(call, 0);
                case CUBLAS_SDOT -> value(call, Float.floatToRawIntBits(2.5f) & 0xFFFF_FFFFL);
                case CUBLAS_DDOT -> value(call, Double.doubleToRawLongBits(2.5));
                case CUBLAS_ISAMAX -> value(call, 3);
                case CUBLAS_GET_SM_COUNT_TARGET, CUBLAS_GETRS_BATCHED -> value(call, 5);
                case CUBLAS_DOT_X ->
                {
                    values[0] = Double.doubleToRawLongBits(1.5);
                    values[1] = Double.doubleToRawLongBits(-2.5);
                    reply(call.correlationId(), call.pipelined(), RuntimeStatus.SUCCESS, 2, null, null);
                }
                case CUBLAS_GET_MATRIX ->
                {
                    final byte[] packed = new byte[(int)(call.arg(0) * call.arg(1) * call.arg(2))];
                    for (int i = 0; i < packed.length; i++)
                    {
                        packed[i] = (byte)i;
                    }
                    proxy.reply(responses, sessionId, call.correlationId(), RuntimeStatus.SUCCESS, values, 0, null,
                        new BytesPayload(packed, 0, packed.length));
                }
                default -> status(call, RuntimeStatus.SUCCESS);
            }
        }

        private void onDriverCall(final Function function, final CallView call)
        {
            if (needsContext(function))
            {
                final Integer fault = faults.get(call.context());
                if (!contexts.containsKey(call.context()))
                {
                    failWith(call, DriverStatus.INVALID_CONTEXT, "no current context");
                    return;
                }
                if (fault != null && function != Function.CU_CTX_DESTROY)
                {
                    failWith(call, fault, "the context faulted earlier");
                    return;
                }
            }
            switch (function)
            {
                case CU_DRIVER_GET_VERSION -> value(call, 13000);
                case CU_DEVICE_GET_COUNT -> value(call, DEVICE_COUNT);
                case CU_DEVICE_GET_NAME ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        final byte[] name = ("In-Memory Device " + call.arg(0)).getBytes(StandardCharsets.UTF_8);
                        proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                            new BytesPayload(name, 0, name.length));
                    }
                }
                case CU_DEVICE_GET_ATTRIBUTE ->
                {
                    if (validDevice(call, call.arg(1)))
                    {
                        value(call, call.arg(0) == 75 ? 9 : call.arg(0) == 76 ? 0 : call.arg(0) * 1000 + call.arg(1));
                    }
                }
                case CU_DEVICE_TOTAL_MEM ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        value(call, TOTAL_MEMORY);
                    }
                }
                case CU_DEVICE_GET_UUID ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        final byte[] uuid = new byte[16];
                        Arrays.fill(uuid, (byte)(0xA0 + call.arg(0)));
                        proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                            new BytesPayload(uuid, 0, uuid.length));
                    }
                }
                case CU_CTX_CREATE ->
                {
                    if (validDevice(call, call.arg(1)))
                    {
                        final long context = CONTEXT_TAG | nextHandle++;
                        contexts.put(context, (int)call.arg(1));
                        value(call, context);
                    }
                }
                case CU_DEVICE_PRIMARY_CTX_RETAIN ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        contexts.put(PRIMARY_CONTEXT + call.arg(0), (int)call.arg(0));
                        value(call, PRIMARY_CONTEXT + call.arg(0));
                    }
                }
                case CU_DEVICE_PRIMARY_CTX_RELEASE, CU_DEVICE_PRIMARY_CTX_RESET ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        faults.remove(PRIMARY_CONTEXT + call.arg(0));
                        status(call, 0);
                    }
                }
                case CU_DEVICE_PRIMARY_CTX_GET_STATE ->
                {
                    values[0] = 0;
                    values[1] = contexts.containsKey(PRIMARY_CONTEXT + call.arg(0)) ? 1 : 0;
                    reply(call.correlationId(), call.pipelined(), 0, 2, null, null);
                }
                case CU_CTX_DESTROY ->
                {
                    faults.remove(call.arg(0));
                    status(call, contexts.remove(call.arg(0)) != null ? 0 : DriverStatus.INVALID_CONTEXT);
                }
                case CU_CTX_SYNCHRONIZE -> status(call, 0);
                case CU_MODULE_LOAD_DATA -> loadModule(call);
                case CU_MODULE_UNLOAD ->
                {
                    functions.keySet().removeIf(handle -> modules.containsKey(call.arg(0)) &&
                        modules.get(call.arg(0)).containsKey(functionNames.get(handle)));
                    status(call, modules.remove(call.arg(0)) != null ? 0 : DriverStatus.INVALID_HANDLE);
                }
                case CU_MODULE_GET_FUNCTION -> getFunction(call);
                case CU_MODULE_GET_GLOBAL -> getGlobal(call);
                case CU_FUNC_GET_ATTRIBUTE -> value(call, call.arg(0) * 10);
                case CU_MEM_ALLOC, CU_MEM_ALLOC_MANAGED -> malloc(call);
                case CU_POINTER_GET_ATTRIBUTE -> pointerAttributes(call);
                case CU_MEM_FREE -> status(call, allocations.remove(call.arg(0)) != null ?
                    0 : DriverStatus.INVALID_VALUE);
                case CU_MEMCPY_HTOD -> hostToDevice(call);
                case CU_MEMCPY_DTOH -> deviceToHost(call);
                case CU_MEMCPY_DTOD -> deviceToDevice(call);
                case CU_MEMSET -> driverMemset(call);
                case CU_MEM_GET_INFO ->
                {
                    values[0] = TOTAL_MEMORY - allocatedBytes();
                    values[1] = TOTAL_MEMORY;
                    reply(call.correlationId(), call.pipelined(), 0, 2, null, null);
                }
                case CU_LAUNCH_KERNEL -> launch(call);
                case CU_STREAM_CREATE -> value(call, add(streamHandles, STREAM_TAG));
                case CU_EVENT_CREATE -> value(call, add(eventHandles, EVENT_TAG));
                case CU_STREAM_DESTROY -> status(call, streamHandles.remove(call.arg(0)) ? 0 : DriverStatus.INVALID_HANDLE);
                case CU_EVENT_DESTROY -> status(call, eventHandles.remove(call.arg(0)) ? 0 : DriverStatus.INVALID_HANDLE);
                case CU_STREAM_SYNCHRONIZE, CU_STREAM_QUERY -> status(call, streamStatus(call.arg(0)));
                case CU_EVENT_RECORD -> status(call, eventHandles.contains(call.arg(0)) ?
                    streamStatus(call.arg(1)) : DriverStatus.INVALID_HANDLE);
                case CU_EVENT_SYNCHRONIZE, CU_EVENT_QUERY -> status(call, eventHandles.contains(call.arg(0)) ?
                    0 : DriverStatus.INVALID_HANDLE);
                case CU_STREAM_WAIT_EVENT -> status(call, eventHandles.contains(call.arg(1)) ?
                    streamStatus(call.arg(0)) : DriverStatus.INVALID_HANDLE);
                case CU_EVENT_ELAPSED_TIME -> elapsedTime(call);
                default -> status(call, DriverStatus.NOT_SUPPORTED);
            }
        }

        /**
         * The function table's rows this fake executor answers: the two that replaced hand-written functions.
         */
        private void onTableCall(final CallView call)
        {
            final FunctionRow row = FunctionTable.standard().byId(call.functionId());
            events.add("call " + (row == null ? "id " + call.functionId() : row.name()) +
                (call.pipelined() ? " pipelined" : ""));
            switch (row == null ? "" : row.name())
            {
                case "cuDeviceTotalMem" ->
                {
                    if (validDevice(call, call.arg(0)))
                    {
                        value(call, TOTAL_MEMORY);
                    }
                }
                case "cuFuncGetAttribute" -> value(call, call.arg(0) * 10);
                default -> status(call, DriverStatus.NOT_SUPPORTED);
            }
        }

        private boolean needsContext(final Function function)
        {
            return switch (function)
            {
                case CU_DRIVER_GET_VERSION, CU_DEVICE_GET_COUNT, CU_DEVICE_GET_NAME, CU_DEVICE_GET_ATTRIBUTE,
                    CU_DEVICE_TOTAL_MEM, CU_DEVICE_GET_UUID, CU_CTX_CREATE, CU_CTX_DESTROY,
                    CU_DEVICE_PRIMARY_CTX_RETAIN, CU_DEVICE_PRIMARY_CTX_RELEASE, CU_DEVICE_PRIMARY_CTX_RESET,
                    CU_DEVICE_PRIMARY_CTX_GET_STATE -> false;
                // As the executor's: the session's tables hold the memory of all its contexts.
                case CU_POINTER_GET_ATTRIBUTE -> false;
                default -> true;
            };
        }

        private boolean validDevice(final CallView call, final long device)
        {
            if (device < 0 || device >= DEVICE_COUNT)
            {
                failWith(call, DriverStatus.INVALID_DEVICE, "device " + device + " does not exist");
                return false;
            }
            return true;
        }

        private void failWith(final CallView call, final int status, final String message)
        {
            reply(call.correlationId(), call.pipelined(), status, 0, message, null);
        }

        private long add(final Set<Long> handles, final long tag)
        {
            final long handle = tag | nextHandle++;
            handles.add(handle);
            return handle;
        }

        private int streamStatus(final long stream)
        {
            return stream == 0 || streamHandles.contains(stream) ? 0 : RuntimeStatus.INVALID_RESOURCE_HANDLE;
        }

        private void elapsedTime(final CallView call)
        {
            if (!eventHandles.contains(call.arg(0)) || !eventHandles.contains(call.arg(1)))
            {
                status(call, RuntimeStatus.INVALID_RESOURCE_HANDLE);
                return;
            }
            value(call, Float.floatToRawIntBits(1.5f));
        }

        /**
         * cuRAND, NVRTC and nvPTXCompiler, just enough to check the agent's marshalling: a generate call writes its
         * count into the first byte of the output's allocation; a program's PTX is its source with a header, its log
         * names its options and name expressions, and a name expression's lowered name is the expression with a
         * prefix; a PTX compiler's program is its PTX after an ELF magic and a NUL, and its logs name its options.
         */
        private void onLibraryCall(final Function function, final CallView call)
        {
            switch (function)
            {
                case CURAND_GET_VERSION -> value(call, 10400);
                case CURAND_CREATE_GENERATOR -> value(call, add(libraryHandles, LIBRARY_TAG));
                case CURAND_DESTROY_GENERATOR -> status(call, libraryHandles.remove(call.arg(0)) ? 0 : 101);
                case CURAND_SET_STREAM, CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED, CURAND_SET_GENERATOR_OFFSET,
                    CURAND_SET_GENERATOR_ORDERING, CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS,
                    CURAND_GENERATE_SEEDS -> status(call, libraryHandles.contains(call.arg(0)) ? 0 : 101);
                case CURAND_CREATE_POISSON_DISTRIBUTION -> value(call, add(libraryHandles, LIBRARY_TAG));
                case CURAND_DESTROY_DISTRIBUTION -> status(call, libraryHandles.remove(call.arg(0)) ? 0 : 101);
                case CURAND_GET_SOBOL_TABLE ->
                {
                    // Word i of a table is i plus the set, in the table's word size, little-endian.
                    final SobolTable table = SobolTable.of(call.arg(0));
                    final ByteBuffer bytes = ByteBuffer.allocate(table.bytes()).order(ByteOrder.LITTLE_ENDIAN);
                    for (int i = 0; bytes.hasRemaining(); i++)
                    {
                        if (table.wordBytes() == Integer.BYTES)
                        {
                            bytes.putInt((int)(i + call.arg(1)));
                        }
                        else
                        {
                            bytes.putLong(i + call.arg(1));
                        }
                    }
                    proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                        new BytesPayload(bytes.array(), 0, bytes.capacity()));
                }
                case CURAND_GENERATE, CURAND_GENERATE_UNIFORM, CURAND_GENERATE_NORMAL, CURAND_GENERATE_LOG_NORMAL,
                    CURAND_GENERATE_POISSON, CURAND_GENERATE_UNIFORM_DOUBLE, CURAND_GENERATE_NORMAL_DOUBLE,
                    CURAND_GENERATE_LOG_NORMAL_DOUBLE, CURAND_GENERATE_LONG_LONG ->
                {
                    final Map.Entry<Long, byte[]> allocation = allocations.floorEntry(call.arg(1));
                    if (!libraryHandles.contains(call.arg(0)) || allocation == null)
                    {
                        failWith(call, libraryHandles.contains(call.arg(0)) ? 201 : 101, "no such generator or output");
                        return;
                    }
                    allocation.getValue()[0] = (byte)call.arg(2);
                    status(call, 0);
                }
                // cuFFT: plans are library handles; work sizes are 4096 for a plan, 2048 for an estimate.
                case CUFFT_GET_VERSION -> value(call, 12000);
                case CUFFT_CREATE -> value(call, add(libraryHandles, LIBRARY_TAG));
                case CUFFT_DESTROY -> status(call, libraryHandles.remove(call.arg(0)) ? 0 : 1);
                case CUFFT_MAKE_PLAN, CUFFT_GET_SIZE_MANY, CUFFT_GET_SIZE ->
                {
                    if (libraryHandles.contains(call.arg(0)))
                    {
                        value(call, 4096);
                    }
                    else
                    {
                        failWith(call, 1, "no such plan");
                    }
                }
                case CUFFT_ESTIMATE -> value(call, 2048);
                case CUFFT_SET_STREAM, CUFFT_SET_AUTO_ALLOCATION, CUFFT_SET_WORK_AREA, CUFFT_EXEC ->
                    status(call, libraryHandles.contains(call.arg(0)) ? 0 : 1);
                case NVRTC_VERSION ->
                {
                    values[0] = 13;
                    values[1] = 0;
                    reply(call.correlationId(), call.pipelined(), 0, 2, null, null);
                }
                case NVRTC_CREATE_PROGRAM ->
                {
                    final long handle = add(libraryHandles, LIBRARY_TAG);
                    programs.put(handle, strings(call));
                    value(call, handle);
                }
                case NVRTC_DESTROY_PROGRAM -> status(call, programs.remove(call.arg(0)) != null ? 0 : 4);
                case NVRTC_COMPILE_PROGRAM, NVRTC_ADD_NAME_EXPRESSION ->
                {
                    final List<String> program = programs.get(call.arg(0));
                    if (program == null)
                    {
                        status(call, 4);
                        return;
                    }
                    program.add((function == Function.NVRTC_COMPILE_PROGRAM ? "options:" : "expression:") +
                        String.join(" ", strings(call)));
                    status(call, 0);
                }
                case NVRTC_GET_PTX_SIZE, NVRTC_GET_PTX, NVRTC_GET_PROGRAM_LOG_SIZE, NVRTC_GET_PROGRAM_LOG,
                    NVRTC_GET_LOWERED_NAME ->
                {
                    final List<String> program = programs.get(call.arg(0));
                    if (program == null)
                    {
                        status(call, 4);
                        return;
                    }
                    final String text = switch (function)
                    {
                        case NVRTC_GET_PTX, NVRTC_GET_PTX_SIZE -> "// PTX of\n" + program.get(0);
                        case NVRTC_GET_LOWERED_NAME -> "_lowered_" + strings(call).get(0);
                        default -> String.join("\n", program.subList(1, program.size()));
                    };
                    final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                    if (function == Function.NVRTC_GET_PTX_SIZE || function == Function.NVRTC_GET_PROGRAM_LOG_SIZE)
                    {
                        value(call, bytes.length + 1);
                    }
                    else
                    {
                        proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                            new BytesPayload(bytes, 0, bytes.length));
                    }
                }
                case NVRTC_GET_NUM_SUPPORTED_ARCHS -> value(call, SUPPORTED_ARCHS.length);
                case NVRTC_GET_SUPPORTED_ARCHS ->
                {
                    for (int i = 0; i < SUPPORTED_ARCHS.length; i++)
                    {
                        values[i] = SUPPORTED_ARCHS[i];
                    }
                    reply(call.correlationId(), call.pipelined(), 0, SUPPORTED_ARCHS.length, null, null);
                }
                case NVRTC_GET_OUTPUT_SIZE, NVRTC_GET_OUTPUT ->
                {
                    final List<String> program = programs.get(call.arg(0));
                    if (program == null)
                    {
                        status(call, 4);
                        return;
                    }
                    final byte[] bytes = ("output " + call.arg(1) + " of\0" + program.get(0))
                        .getBytes(StandardCharsets.UTF_8);
                    if (function == Function.NVRTC_GET_OUTPUT_SIZE)
                    {
                        value(call, bytes.length);
                    }
                    else
                    {
                        proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                            new BytesPayload(bytes, 0, bytes.length));
                    }
                }
                case NVPTX_COMPILER_GET_VERSION ->
                {
                    values[0] = 13;
                    values[1] = 0;
                    reply(call.correlationId(), call.pipelined(), 0, 2, null, null);
                }
                case NVPTX_COMPILER_CREATE ->
                {
                    final long handle = add(libraryHandles, LIBRARY_TAG);
                    programs.put(handle, strings(call));
                    value(call, handle);
                }
                case NVPTX_COMPILER_DESTROY -> status(call, programs.remove(call.arg(0)) != null ? 0 : 1);
                case NVPTX_COMPILER_COMPILE ->
                {
                    final List<String> compiler = programs.get(call.arg(0));
                    if (compiler == null)
                    {
                        status(call, 1);
                        return;
                    }
                    compiler.add(String.join(" ", strings(call)));
                    status(call, 0);
                }
                case NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, NVPTX_COMPILER_GET_COMPILED_PROGRAM,
                    NVPTX_COMPILER_GET_ERROR_LOG_SIZE, NVPTX_COMPILER_GET_ERROR_LOG, NVPTX_COMPILER_GET_INFO_LOG_SIZE,
                    NVPTX_COMPILER_GET_INFO_LOG ->
                {
                    final List<String> compiler = programs.get(call.arg(0));
                    if (compiler == null)
                    {
                        status(call, 1);
                        return;
                    }
                    final String options = String.join(" ", compiler.subList(1, compiler.size()));
                    final byte[] bytes = (switch (function)
                    {
                        case NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, NVPTX_COMPILER_GET_COMPILED_PROGRAM ->
                            "\u007fELF\0cubin of " + compiler.get(0);
                        case NVPTX_COMPILER_GET_ERROR_LOG_SIZE, NVPTX_COMPILER_GET_ERROR_LOG -> "errors with " + options;
                        default -> "info with " + options;
                    }).getBytes(StandardCharsets.UTF_8);
                    if (function == Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE ||
                        function == Function.NVPTX_COMPILER_GET_ERROR_LOG_SIZE ||
                        function == Function.NVPTX_COMPILER_GET_INFO_LOG_SIZE)
                    {
                        value(call, bytes.length);
                    }
                    else
                    {
                        proxy.reply(responses, sessionId, call.correlationId(), 0, values, 0, null,
                            new BytesPayload(bytes, 0, bytes.length));
                    }
                }
                default -> status(call, RuntimeStatus.NOT_SUPPORTED);
            }
        }

        private List<String> strings(final CallView call)
        {
            final List<String> strings = new ArrayList<>();
            final DirectBuffer payload = call.payload();
            int start = 0;
            for (int i = 0; i < payload.capacity(); i++)
            {
                if (payload.getByte(i) == 0)
                {
                    final byte[] bytes = new byte[i - start];
                    payload.getBytes(start, bytes);
                    strings.add(new String(bytes, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            return strings;
        }

        private void loadModule(final CallView call)
        {
            final byte[] image = new byte[call.payload().capacity()];
            call.payload().getBytes(0, image);
            if (image.length > 0 && image[0] == 0x7f)
            {
                failWith(call, DriverStatus.INVALID_IMAGE, "a binary image: the stand-in runs PTX only");
                return;
            }
            int end = 0;
            while (end < image.length && image[end] != 0)
            {
                end++;
            }
            final String ptx = new String(image, 0, end, StandardCharsets.UTF_8);
            final String[] lines = ptx.split("\n", -1);
            for (int line = 0; line < lines.length; line++)
            {
                if (lines[line].contains("tex."))
                {
                    failWith(call, 218, "line " + (line + 1) + ": tex.1d is not supported");
                    return;
                }
            }
            final Map<String, long[]> entries = new LinkedHashMap<>();
            final Matcher entry = ENTRY.matcher(ptx);
            while (entry.find())
            {
                final List<Long> sizes = new ArrayList<>();
                final Matcher parameter = PARAMETER.matcher(entry.group(2));
                while (parameter.find())
                {
                    final long elementBytes = Long.parseLong(parameter.group(1)) / 8;
                    sizes.add(elementBytes * (parameter.group(2) == null ? 1 : Long.parseLong(parameter.group(2))));
                }
                entries.put(entry.group(1), sizes.stream().mapToLong(Long::longValue).toArray());
            }
            final Map<String, Long> globals = new HashMap<>();
            final Matcher global = GLOBAL.matcher(ptx);
            while (global.find())
            {
                final long bytes = Long.parseLong(global.group(1)) / 8 *
                    (global.group(3) == null ? 1 : Long.parseLong(global.group(3)));
                final long address = nextAddress;
                nextAddress += (bytes + 0xFFFF) & ~0xFFFFL;
                allocations.put(address, new byte[(int)bytes]);
                allocationDevices.put(address, contexts.get(call.context()));
                globals.put(global.group(2), address);
            }
            final long module = MODULE_TAG | nextHandle++;
            modules.put(module, entries);
            moduleGlobals.put(module, globals);
            value(call, module);
        }

        private void getFunction(final CallView call)
        {
            final Map<String, long[]> entries = modules.get(call.arg(0));
            if (entries == null)
            {
                failWith(call, DriverStatus.INVALID_HANDLE, "no such module");
                return;
            }
            final String name = text(call);
            final long[] sizes = entries.get(name);
            if (sizes == null)
            {
                failWith(call, DriverStatus.NOT_FOUND, "no kernel named '" + name + "'");
                return;
            }
            final long function = FUNCTION_TAG | nextHandle++;
            functions.put(function, sizes);
            functionNames.put(function, name);
            values[0] = function;
            values[1] = sizes.length;
            System.arraycopy(sizes, 0, values, 2, Math.min(sizes.length, values.length - 2));
            reply(call.correlationId(), call.pipelined(), 0, Math.min(2 + sizes.length, values.length), null, null);
        }

        private void getGlobal(final CallView call)
        {
            final Map<String, Long> globals = moduleGlobals.get(call.arg(0));
            final Long address = globals == null ? null : globals.get(text(call));
            if (address == null)
            {
                failWith(call, DriverStatus.NOT_FOUND, "no variable named '" + text(call) + "'");
                return;
            }
            values[0] = address;
            values[1] = allocations.get(address).length;
            reply(call.correlationId(), call.pipelined(), 0, 2, null, null);
        }

        private void launch(final CallView call)
        {
            final long[] sizes = functions.get(call.arg(0));
            if (sizes == null)
            {
                failWith(call, DriverStatus.INVALID_HANDLE, "no such function");
                return;
            }
            final String name = functionNames.get(call.arg(0));
            final long count = call.arg(9);
            if (count != KERNEL_PARAMETERS_READY && count != sizes.length)
            {
                failWith(call, DriverStatus.INVALID_VALUE, "kernel '" + name + "' takes " + sizes.length +
                    " parameters, got " + count);
                return;
            }
            for (int i = 0; i < count; i++)
            {
                if (call.arg(10 + i) != sizes[i])
                {
                    failWith(call, DriverStatus.INVALID_VALUE, "kernel '" + name + "' parameter " + i + ": got " +
                        call.arg(10 + i) + " bytes, the kernel declares " + sizes[i]);
                    return;
                }
            }
            if (streamStatus(call.arg(8)) != 0)
            {
                failWith(call, DriverStatus.INVALID_HANDLE, "no such stream");
                return;
            }
            status(call, 0);
        }

        private void driverMemset(final CallView call)
        {
            final int elementSize = (int)call.arg(3);
            final long count = call.arg(2) * elementSize;
            final Map.Entry<Long, byte[]> target = allocation(call.arg(0), count);
            if (target == null)
            {
                failWith(call, DriverStatus.INVALID_VALUE, "no allocation holds the " + count + " bytes at 0x" +
                    Long.toHexString(call.arg(0)));
                return;
            }
            final int from = (int)(call.arg(0) - target.getKey());
            for (long i = 0; i < count; i++)
            {
                target.getValue()[from + (int)i] = (byte)(call.arg(1) >>> (8 * (i % elementSize)));
            }
            status(call, 0);
        }

        private String text(final CallView call)
        {
            final byte[] bytes = new byte[call.payload().capacity()];
            call.payload().getBytes(0, bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        private void record(final Function function, final CallView call)
        {
            final long[] args = new long[call.argCount()];
            for (int i = 0; i < args.length; i++)
            {
                args[i] = call.arg(i);
            }
            final byte[] payload = new byte[call.payload().capacity()];
            call.payload().getBytes(0, payload);
            calls.add(new CallRecord(function, call.context(), args, payload, call.pipelined()));
        }

        /**
         * Like a long kernel: the session's worker is busy, and tells the client it is alive, or does not.
         */
        private void takeLong()
        {
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(slowMs);
            while (System.nanoTime() - deadline < 0)
            {
                if (keepAlivesWhileSlow)
                {
                    proxy.keepAlive(responses, sessionId, System.currentTimeMillis());
                }
                try
                {
                    Thread.sleep(KEEP_ALIVE_INTERVAL_MS / 2);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        public void onBulkData(
            final long sessionId,
            final long correlationId,
            final long offset,
            final DirectBuffer buffer,
            final int chunkOffset,
            final int length)
        {
            if (correlationId != bulkCorrelationId)
            {
                return;
            }
            if (bulkTarget != null)
            {
                buffer.getBytes(chunkOffset, bulkTarget, bulkTargetOffset + (int)offset, length);
            }
            bulkRemaining -= length;
            if (bulkRemaining == 0)
            {
                reply(correlationId, bulkPipelined, bulkTarget != null ?
                    RuntimeStatus.SUCCESS : RuntimeStatus.INVALID_VALUE, 0, null, null);
                bulkCorrelationId = -1;
            }
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
            keepAlives.incrementAndGet();
        }

        public void onCloseSession(final long sessionId)
        {
            events.add("close " + sessionId);
        }

        public void onMalformed(final String reason)
        {
            events.add("malformed " + reason);
        }

        private void value(final CallView call, final long value)
        {
            values[0] = value;
            reply(call.correlationId(), call.pipelined(), RuntimeStatus.SUCCESS, 1, null, null);
        }

        private void status(final CallView call, final int status)
        {
            reply(call.correlationId(), call.pipelined(), status, 0, null, null);
        }

        private void properties(final CallView call)
        {
            final int device = (int)call.arg(0);
            if (device < 0 || device >= DEVICE_COUNT)
            {
                status(call, RuntimeStatus.INVALID_DEVICE);
                return;
            }
            final Map<String, String> properties = new LinkedHashMap<>();
            properties.put("name", "In-Memory Device " + device);
            properties.put("uuid", "000102030405060708090a0b0c0d0e0f");
            properties.put("totalGlobalMem", Long.toString(TOTAL_MEMORY));
            properties.put("warpSize", "32");
            properties.put("maxThreadsDim", "1024,1024,64");
            properties.put("maxGridSize", "2147483647,65535,65535");
            properties.put("major", "9");
            properties.put("minor", "0");
            properties.put("multiProcessorCount", "132");
            properties.put("luid", "1,2,3,4,5,6,7,8");
            properties.put("someFieldFromTheFuture", "42");
            final byte[] text = DeviceProperties.encode(properties);
            proxy.reply(responses, sessionId, call.correlationId(), RuntimeStatus.SUCCESS, values, 0, null,
                new BytesPayload(text, 0, text.length));
        }

        private void malloc(final CallView call)
        {
            final long size = call.arg(0);
            if (size < 0 || size > Integer.MAX_VALUE)
            {
                status(call, RuntimeStatus.MEMORY_ALLOCATION);
                return;
            }
            final long address = nextAddress;
            nextAddress += (size + 0xFFFF) & ~0xFFFFL;
            allocations.put(address, new byte[(int)size]);
            allocationDevices.put(address,
                Function.byId(call.functionId()).api() == Api.DRIVER ? contexts.get(call.context()) :
                    (int)call.context());
            value(call, address);
        }

        /**
         * As the executor answers: device memory (kind 2), its device, the allocation's start and size; CUDA's invalid
         * value for an address no allocation of the session holds, whatever the call's device or context.
         */
        private void pointerAttributes(final CallView call)
        {
            final Map.Entry<Long, byte[]> allocation = allocation(call.arg(0), 1);
            if (allocation == null)
            {
                failWith(call, RuntimeStatus.INVALID_VALUE,
                    "0x" + Long.toHexString(call.arg(0)) + " is not memory of this session");
                return;
            }
            values[0] = 2;
            values[1] = allocationDevices.get(allocation.getKey());
            values[2] = allocation.getKey();
            values[3] = allocation.getValue().length;
            reply(call.correlationId(), call.pipelined(), RuntimeStatus.SUCCESS, 4, null, null);
        }

        /**
         * @return the allocation holding [address, address + count) and the offset into it, or null.
         */
        private Map.Entry<Long, byte[]> allocation(final long address, final long count)
        {
            final Map.Entry<Long, byte[]> entry = allocations.floorEntry(address);
            if (entry == null || count < 0 || address - entry.getKey() + count > entry.getValue().length)
            {
                return null;
            }
            return entry;
        }

        private void hostToDevice(final CallView call)
        {
            final long address = call.arg(0);
            final long count = call.arg(1);
            final Map.Entry<Long, byte[]> target = allocation(address, count);
            final int offset = target == null ? 0 : (int)(address - target.getKey());
            if (call.bulkFollows())
            {
                bulkCorrelationId = call.correlationId();
                bulkTarget = target == null ? null : target.getValue();
                bulkTargetOffset = offset;
                bulkRemaining = call.totalPayloadLength();
                bulkPipelined = call.pipelined();
                return;
            }
            if (target == null)
            {
                status(call, RuntimeStatus.INVALID_VALUE);
                return;
            }
            call.payload().getBytes(0, target.getValue(), offset, (int)count);
            status(call, RuntimeStatus.SUCCESS);
        }

        private void deviceToHost(final CallView call)
        {
            final long address = call.arg(0);
            final long count = call.arg(1);
            final Map.Entry<Long, byte[]> source = allocation(address, count);
            if (source == null)
            {
                status(call, RuntimeStatus.INVALID_VALUE);
                return;
            }
            proxy.reply(responses, sessionId, call.correlationId(), RuntimeStatus.SUCCESS, values, 0, null,
                new BytesPayload(source.getValue(), (int)(address - source.getKey()), (int)count));
        }

        private void deviceToDevice(final CallView call)
        {
            final long count = call.arg(2);
            final Map.Entry<Long, byte[]> destination = allocation(call.arg(0), count);
            final Map.Entry<Long, byte[]> source = allocation(call.arg(1), count);
            if (destination == null || source == null)
            {
                status(call, RuntimeStatus.INVALID_VALUE);
                return;
            }
            System.arraycopy(source.getValue(), (int)(call.arg(1) - source.getKey()), destination.getValue(),
                (int)(call.arg(0) - destination.getKey()), (int)count);
            status(call, RuntimeStatus.SUCCESS);
        }

        private void memset(final CallView call)
        {
            final long count = call.arg(2);
            final Map.Entry<Long, byte[]> target = allocation(call.arg(0), count);
            if (target == null)
            {
                status(call, RuntimeStatus.INVALID_VALUE);
                return;
            }
            final int from = (int)(call.arg(0) - target.getKey());
            Arrays.fill(target.getValue(), from, from + (int)count, (byte)call.arg(1));
            status(call, RuntimeStatus.SUCCESS);
        }

        private void reply(
            final long correlationId,
            final boolean pipelined,
            final int status,
            final int valueCount,
            final String message,
            final PayloadSource payload)
        {
            if (!answering || (pipelined && status == RuntimeStatus.SUCCESS))
            {
                return;
            }
            proxy.reply(responses, sessionId, correlationId, status, values, valueCount, message, payload);
        }
    }

    /**
     * A slice of a byte array as a reply payload.
     */
    private static final class BytesPayload implements PayloadSource
    {
        private final byte[] bytes;
        private final int offset;
        private final int length;

        BytesPayload(final byte[] bytes, final int offset, final int length)
        {
            this.bytes = bytes;
            this.offset = offset;
            this.length = length;
        }

        public long length()
        {
            return length;
        }

        public void copyTo(
            final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset,
            final int count)
        {
            destination.putBytes(destinationOffset, bytes, offset + (int)sourceOffset, count);
        }
    }
}
