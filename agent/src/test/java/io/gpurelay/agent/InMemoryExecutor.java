package io.gpurelay.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.ConnectRequestAdapter;
import io.gpurelay.protocol.ConnectRequestListener;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * A stand-in executor for the agent's tests: speaks the protocol over a media driver of its own, keeps device memory
 * in Java arrays, and can be told to refuse sessions, fail calls or stop answering. The real executor and its
 * end-to-end tests live in their own modules.
 */
public final class InMemoryExecutor implements AutoCloseable
{
    public static final int DEVICE_COUNT = 2;
    public static final long KEEP_ALIVE_INTERVAL_MS = 200;
    public static final long TOTAL_MEMORY = 1L << 32;
    private static final long FIRST_ADDRESS = 0x7f00_0000_0000L;

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
        failStatus = status;
        failFunctionId = function.id();
    }

    /**
     * Keep reading requests but never reply again.
     */
    public void stopAnswering()
    {
        answering = false;
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
        public void onConnectRequest(
            final long correlationId,
            final int protocolVersion,
            final int responseStreamId,
            final long clientPid,
            final String responseChannel,
            final String clientName,
            final String token)
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
            final ExecutorSession session = new ExecutorSession(sessionNumber, proxy, responses,
                aeron.addSubscription(channel, requestStreamId));
            synchronized (sessions)
            {
                sessions.add(session);
            }
            proxy.connected(responses, correlationId, sessionNumber, requestStreamId, DEVICE_COUNT,
                KEEP_ALIVE_INTERVAL_MS, "in-memory-test", "in-memory");
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
        private final long[] values = new long[4];
        private long nextAddress = FIRST_ADDRESS;
        private long bulkCorrelationId = -1;
        private byte[] bulkTarget;
        private int bulkTargetOffset;
        private long bulkRemaining;
        private boolean bulkPipelined;

        ExecutorSession(
            final long sessionId, final ExecutorProxy proxy, final Publication responses, final Subscription requests)
        {
            this.sessionId = sessionId;
            this.proxy = proxy;
            this.responses = responses;
            this.requests = requests;
            this.assembler = new FragmentAssembler(new SessionRequestAdapter(this));
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
            events.add("call " + function + (call.pipelined() ? " pipelined" : ""));
            if (call.functionId() == failFunctionId)
            {
                reply(call.correlationId(), call.pipelined(), failStatus, 0, "told to fail", null);
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
                case CUDA_MALLOC -> malloc(call);
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
                default -> status(call, RuntimeStatus.NOT_SUPPORTED);
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
            value(call, address);
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
