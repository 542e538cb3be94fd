package io.gpurelay.bench.jmh;

import java.util.concurrent.TimeUnit;

import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.dispatch.CallDispatcher;
import io.gpurelay.executor.dispatch.ReceivedCall;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The executor's call path without a transport, on the emulated backend: a call as the client proxy encoded it is
 * decoded by the session's {@link SessionRequestAdapter}, copied into the session's {@link ReceivedCall} and run by
 * the {@link CallDispatcher}, which checks it against the session's resource tables and calls the backend, as a
 * session worker does between polling its subscription and replying. It uses what the executor's session layer uses
 * of its dispatch layer ({@code io.gpurelay.executor.dispatch}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util.zip=ALL-UNNAMED" })
@State(Scope.Thread)
public class DispatchBenchmark
{
    private static final long SESSION_ID = 1;
    private static final long DEVICE_MEMORY = 64L << 20;
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final UnsafeBuffer NO_INPUT = new UnsafeBuffer(new byte[0]);

    private final ReceivedCall call = new ReceivedCall();
    private final CallResult result = new CallResult();
    private EmulatedBackend backend;
    private BackendSession session;
    private CallDispatcher dispatcher;
    private SessionRequestAdapter adapter;
    private UnsafeBuffer deviceGetCount;
    private UnsafeBuffer contextSynchronize;
    private UnsafeBuffer deviceSynchronize;

    @Setup(Level.Trial)
    public void setUp()
    {
        backend = new EmulatedBackend(1, DEVICE_MEMORY);
        session = backend.openSession(SESSION_ID);
        dispatcher = new CallDispatcher(session, SESSION_ID, backend.deviceCount(),
            SessionMemoryQuota.unlimited(SESSION_ID, new ExecutorLog(System.err, ExecutorLog.Level.WARN)));
        adapter = new SessionRequestAdapter(new Dispatching());
        final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        try (EncodedMessages messages = new EncodedMessages())
        {
            final UnsafeBuffer createContext = messages.capture(publication -> proxy.call(
                publication, SESSION_ID, 1, Function.CU_CTX_CREATE, 0, new long[]{ 0, 0 }, 2, null, false));
            run(createContext);
            if (result.failed())
            {
                throw new IllegalStateException("cuCtxCreate failed: " + result.message());
            }
            final long context = result.values()[0];
            deviceGetCount = messages.capture(publication -> proxy.call(
                publication, SESSION_ID, 2, Function.CU_DEVICE_GET_COUNT, 0, new long[0], 0, null, false));
            contextSynchronize = messages.capture(publication -> proxy.call(
                publication, SESSION_ID, 3, Function.CU_CTX_SYNCHRONIZE, context, new long[0], 0, null, false));
            deviceSynchronize = messages.capture(publication -> proxy.call(
                publication, SESSION_ID, 4, Function.CUDA_DEVICE_SYNCHRONIZE, 0, new long[0], 0, null, false));
            run(deviceSynchronize);
            if (result.failed())
            {
                throw new IllegalStateException("cudaDeviceSynchronize failed: " + result.message());
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        session.close();
        backend.close();
    }

    /** cuDeviceGetCount: no context, one value back. */
    @Benchmark
    public int deviceGetCount()
    {
        return run(deviceGetCount);
    }

    /** cuCtxSynchronize on an idle context: the context handle looked up, the emulator's streams asked. */
    @Benchmark
    public int contextSynchronize()
    {
        return run(contextSynchronize);
    }

    /** cudaDeviceSynchronize: the runtime's primary context of device 0, made on the first call, looked up. */
    @Benchmark
    public int deviceSynchronize()
    {
        return run(deviceSynchronize);
    }

    private int run(final DirectBuffer message)
    {
        adapter.onFragment(message, 0, message.capacity(), null);
        return result.status();
    }

    private final class Dispatching implements SessionRequestListener
    {
        public void onCall(final CallView view)
        {
            call.capture(view);
            result.reset(call.function().api());
            dispatcher.dispatch(call, NO_INPUT, result);
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
}
