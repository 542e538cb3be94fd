package io.gpurelay.agent.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * The devices of one or more executors as one list, numbered {@code 0..n-1} in the order the executors are
 * configured (or, with a registry, in the order it placed the client on them, devices of one executor together), as a
 * host with n GPUs numbers them. Each executor has its own session ({@link RelayClient}); every call
 * goes to the executor that owns what it names, translated into that executor's own numbering:
 * <ul>
 * <li>runtime and cuBLAS calls run on the calling thread's current device, so they go to that device's executor
 *     with its ordinal there;</li>
 * <li>driver calls that name a device (queries, {@code cuCtxCreate}, the primary context calls) go to that device's
 *     executor; the others run in the calling thread's current context and go to the executor that made it;</li>
 * <li>cuRAND calls run in a context or on a device, whichever the call carries; NVRTC and nvPTXCompiler need no device
 *     and go to the first executor;</li>
 * <li>a pointer's attributes are the executor's that holds the pointer: the current device's or context's executor
 *     is asked first, then the others in turn.</li>
 * </ul>
 * Handles of streams, events, modules and allocations are the executors' own and only meaningful within the context
 * or device they were made in, so routing by context and device is enough for them. Context handles are the one kind
 * the application moves between devices, and two executors may give out the same value: the handles of the second
 * and later executors are shown to the application with the executor's number in their top byte, and translated back
 * on the way out. Device ordinals that a call carries inside its arguments (a memory location, a hint's device) or
 * answers in its values are translated by {@link DeviceOrdinals}. With one executor nothing is translated and every
 * call goes straight to its session.
 */
public final class DeviceRouter
{
    private static final int TAG_SHIFT = 56;
    private static final long TAG_BASE = 0x40;
    private static final long BODY_MASK = (1L << TAG_SHIFT) - 1;
    private static final long NO_CONTEXT = 0;

    private static volatile DeviceRouter installed;

    private final AgentConfig config;
    private final boolean direct;
    private List<RelayClient> executors;
    private List<String> channels;
    private List<int[]> offeredDevices;
    private boolean placementFailed;
    private final Map<Long, Long> executorContexts = new ConcurrentHashMap<>();
    private final ThreadLocal<RelayClient> lastCalled = new ThreadLocal<>();
    private final Object connectLock = new Object();
    private volatile DeviceTable devices;

    /**
     * @param executors null when a registry places the client on its first call.
     */
    private DeviceRouter(final AgentConfig config, final List<RelayClient> executors, final List<String> channels)
    {
        this.config = config;
        this.direct = executors != null && executors.size() == 1;
        if (executors != null)
        {
            use(executors, channels, allDevices(executors.size()));
        }
    }

    private void use(final List<RelayClient> executors, final List<String> channels, final List<int[]> offered)
    {
        this.executors = List.copyOf(executors);
        this.channels = List.copyOf(channels);
        this.offeredDevices = offered;
    }

    private static List<int[]> allDevices(final int executorCount)
    {
        final List<int[]> offered = new ArrayList<>();
        for (int i = 0; i < executorCount; i++)
        {
            offered.add(null);
        }
        return offered;
    }

    /**
     * Every device of every executor the configuration names, or the devices a registry places the client on.
     */
    public static DeviceRouter of(final AgentConfig config)
    {
        if (config.registry() != null)
        {
            return new DeviceRouter(config, null, null);
        }
        final List<RelayClient> clients = new ArrayList<>();
        for (final String channel : config.executorChannels())
        {
            clients.add(new RelayClient(config.executorChannels().size() == 1 ? config : config.forExecutor(channel)));
        }
        return new DeviceRouter(config, clients, config.executorChannels());
    }

    /**
     * The devices of one executor's session, all of them.
     */
    public static DeviceRouter single(final RelayClient client, final String channel)
    {
        return new DeviceRouter(null, List.of(client), List.of(channel));
    }

    /**
     * The devices of several executors' sessions, all of each, in the order given, as {@code executor=A;B} lists
     * them; the caller keeps the clients and closes them.
     */
    public static DeviceRouter of(final List<RelayClient> clients, final List<String> channels)
    {
        if (clients.isEmpty() || clients.size() != channels.size() || clients.size() > AgentConfig.MAX_EXECUTORS)
        {
            throw new IllegalArgumentException("a device list needs 1 to " + AgentConfig.MAX_EXECUTORS +
                " executors, each with its channel: " + clients.size() + " clients, " + channels.size() + " channels");
        }
        return new DeviceRouter(null, clients, channels);
    }

    /**
     * Whether the calling thread is running a stream callback or host function, where CUDA permits no CUDA calls: the
     * bindings refuse the calls they answer themselves there too.
     */
    public static boolean onCallbackThread()
    {
        return ClientCallbacks.onCallbackThread();
    }

    /**
     * Make this the router the rewritten bindings call.
     */
    public static void install(final DeviceRouter router)
    {
        installed = router;
    }

    public static DeviceRouter installed()
    {
        return installed;
    }

    /**
     * Connect on a thread of its own ({@code connect=eager}), while the bindings are instrumented and the application
     * starts; a first call meanwhile waits for this connect instead of starting one.
     */
    public void connectInBackground()
    {
        ClientThreads.daemon(this::connect, "gpurelay-eager-connect").start();
    }

    private boolean isDirect()
    {
        return direct;
    }

    /**
     * Connect every executor if not yet tried.
     *
     * @return {@link RuntimeStatus#SUCCESS} once every executor answered, else
     *         {@link RuntimeStatus#DEVICES_UNAVAILABLE}.
     */
    public int connect()
    {
        if (isDirect())
        {
            return executors.get(0).connect();
        }
        return deviceTable() != null ? RuntimeStatus.SUCCESS : RuntimeStatus.DEVICES_UNAVAILABLE;
    }

    /**
     * @return how many devices the application sees, or 0 without every executor.
     */
    public int deviceCount()
    {
        if (isDirect())
        {
            return executors.get(0).deviceCount();
        }
        final DeviceTable table = deviceTable();
        return table == null ? 0 : table.count();
    }

    /**
     * @return the number of the executor that owns the device, or -1 for no device of the list.
     */
    public int executorOf(final int device)
    {
        if (isDirect())
        {
            return device >= 0 && device < deviceCount() ? 0 : -1;
        }
        final DeviceTable table = deviceTable();
        return table == null || device < 0 || device >= table.count() ? -1 : table.executor[device];
    }

    /**
     * @return the channel of an executor of the list, for messages.
     */
    public String channel(final int executor)
    {
        return channels.get(executor);
    }

    // Managed memory (family "managed and mapped memory"): host views of managed memory kept coherent around calls.

    /**
     * What keeps the client's host views of managed memory coherent with the device: told before each call goes out
     * and after each call answers.
     */
    public interface Coherence
    {
        /**
         * Before a call (a synchronous one, a pipelined one, a callback added): write back what the host changed.
         *
         * @return whether to tell {@link #after} of this call too (false for the coherence's own calls).
         */
        boolean before(RemotedFunction function, long context, long[] args);

        /**
         * After a synchronous call answered: at a synchronisation point, fetch what the device may have changed.
         */
        void after(RemotedFunction function, long context, long[] args, int status);
    }

    private static volatile Coherence coherence;

    /**
     * Set once the application first allocates managed memory; until then calls pay nothing for it.
     */
    public static void coherence(final Coherence managedMemory)
    {
        coherence = managedMemory;
    }

    /**
     * As {@link RelayClient#call}, sent to the executor that owns what the call names; managed memory's host views
     * are written back before and fetched after (see {@link Coherence}).
     */
    public int call(
        final RemotedFunction function, final long context, final long[] args, final PayloadSource payload,
        final PayloadSink sink, final long[] results)
    {
        final Coherence managed = coherence;
        if (managed != null && managed.before(function, context, args))
        {
            final int status = routedCall(function, context, args, payload, sink, results);
            managed.after(function, context, args, status);
            return status;
        }
        return routedCall(function, context, args, payload, sink, results);
    }

    private int routedCall(
        final RemotedFunction function, final long context, final long[] args, final PayloadSource payload,
        final PayloadSink sink, final long[] results)
    {
        if (isDirect())
        {
            final RelayClient client = remember(executors.get(0));
            if (DeviceOrdinals.isP2PAttributeRow(function) && client.connect() == RuntimeStatus.SUCCESS)
            {
                final int answered = DeviceOrdinals.answerHere(
                    DeviceOrdinals.oneExecutor(client.deviceCount(), channels.get(0)), function, args, results);
                if (answered != DeviceOrdinals.NOT_ANSWERED)
                {
                    return answered;
                }
            }
            if (function == Function.CUDA_POINTER_GET_ATTRIBUTES)
            {
                final int status = client.ask(function, context, args, results, true);
                reportUnlessUnknownPointer(client, function, status);
                return status;
            }
            return client.call(function, context, args, payload, sink, results);
        }
        final DeviceTable table = deviceTable();
        if (table == null)
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        if (function == Function.CUDA_GET_DEVICE_COUNT || function == Function.CU_DEVICE_GET_COUNT)
        {
            if (results != null && results.length > 0)
            {
                results[0] = table.count();
            }
            return RuntimeStatus.SUCCESS;
        }
        final int answered = DeviceOrdinals.answerHere(table, function, args, results);
        if (answered != DeviceOrdinals.NOT_ANSWERED)
        {
            return answered;
        }
        final Route route = route(table, function, context, args);
        if (route == null)
        {
            return RuntimeStatus.INVALID_DEVICE;
        }
        if (function == Function.CUDA_POINTER_GET_ATTRIBUTES || function == Function.CU_POINTER_GET_ATTRIBUTE)
        {
            return pointerAttributes(table, function, context, args, results, route);
        }
        final RelayClient client = remember(executors.get(route.executor));
        final int status = client.call(function, route.context, route.args, payload, sink, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            DeviceOrdinals.fromExecutor(table, function, route.executor, args, results);
        }
        if (status == RuntimeStatus.SUCCESS && results != null && results.length > 0 &&
            (function == Function.CU_CTX_CREATE || function == Function.CU_DEVICE_PRIMARY_CTX_RETAIN))
        {
            results[0] = visibleContext(route.executor, results[0]);
        }
        final Argument contextOut = function instanceof FunctionRow row ? row.first(ArgumentRole.OUT_CONTEXT) : null;
        if (status == RuntimeStatus.SUCCESS && contextOut != null && results != null &&
            results.length > contextOut.resultIndex())
        {
            results[contextOut.resultIndex()] = visibleContext(route.executor, results[contextOut.resultIndex()]);
        }
        return status;
    }

    /**
     * A pointer's attributes ({@code cudaPointerGetAttributes}, {@code cuPointerGetAttribute} and so
     * {@code cuPointerGetAttributes}) from the executor whose memory holds it, which need not be the one of the
     * calling thread's current device or context: a program asks of any pointer it has. The current one is asked
     * first, as with one executor; when it answers that no memory of its session holds the address (CUDA's invalid
     * value, which is what both backends answer of an unknown address), the others are asked in the list's order and
     * the first that holds it answers, its device in the list's numbering. When none does, the current executor's
     * answer stands. The agent keeps no table of which executor allocated what, and one need not: each executor's
     * session tables know their memory. Two executors' addresses can coincide (each hands out its own); the current
     * one then answers, as it holds the address.
     */
    private int pointerAttributes(
        final DeviceTable table, final RemotedFunction function, final long context, final long[] args,
        final long[] results, final Route current)
    {
        final RelayClient here = remember(executors.get(current.executor));
        final int status = here.ask(function, current.context, current.args, results, true);
        if (status == RuntimeStatus.SUCCESS)
        {
            DeviceOrdinals.fromExecutor(table, function, current.executor, args, results);
            return status;
        }
        if (status == RuntimeStatus.INVALID_VALUE)
        {
            for (int executor = 0; executor < executors.size(); executor++)
            {
                if (executor == current.executor)
                {
                    continue;
                }
                final RelayClient other = executors.get(executor);
                if (other.ask(function, contextOn(executor, table, function, context), args, results, false) ==
                    RuntimeStatus.SUCCESS)
                {
                    remember(other);
                    DeviceOrdinals.fromExecutor(table, function, executor, args, results);
                    return RuntimeStatus.SUCCESS;
                }
            }
        }
        reportUnlessUnknownPointer(here, function, status);
        return status;
    }

    /**
     * Log a pointer query's failure as any call's, except {@code cudaPointerGetAttributes}' answer for an address no
     * executor holds: the runtime reports that as unregistered host memory, successfully, so it is no failure.
     */
    private static void reportUnlessUnknownPointer(
        final RelayClient client, final RemotedFunction function, final int status)
    {
        if (status != RuntimeStatus.SUCCESS &&
            !(function == Function.CUDA_POINTER_GET_ATTRIBUTES && status == RuntimeStatus.INVALID_VALUE))
        {
            client.reportFailure(function, status);
        }
    }

    /**
     * As {@link RelayClient#allocateSharedHost}, with one executor; with several, pinned memory stays in this process
     * (a copy may go to any of them).
     */
    public SharedHostAllocation allocateSharedHost(
        final Function function, final Function freeFunction, final long context, final long size, final long flags,
        final int[] status)
    {
        status[0] = RuntimeStatus.SUCCESS;
        return isDirect() ?
            remember(executors.get(0)).allocateSharedHost(function, freeFunction, context, size, flags, status) : null;
    }

    /**
     * Whether a copy may name a shared allocation instead of carrying its bytes: it belongs to the executor's current
     * session. A call that does goes to that executor, as every call does with one executor.
     */
    public boolean isCurrent(final SharedHostAllocation allocation)
    {
        return isDirect() && executors.get(0).isCurrent(allocation);
    }

    /**
     * As {@link RelayClient#callPipelined}, sent to the executor that owns the call's context or device.
     */
    public int callPipelined(final RemotedFunction function, final long context, final long[] args,
        final PayloadSource payload)
    {
        final Coherence managed = coherence;
        if (managed != null)
        {
            managed.before(function, context, args);
        }
        if (isDirect())
        {
            return executors.get(0).callPipelined(function, context, args, payload);
        }
        final DeviceTable table = deviceTable();
        if (table == null)
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final Route route = route(table, function, context, args);
        if (route == null)
        {
            return RuntimeStatus.INVALID_DEVICE;
        }
        return executors.get(route.executor).callPipelined(function, route.context, route.args, payload);
    }

    /**
     * As {@link RelayClient#addCallback}, sent to the executor that owns the call's context or device: the callback
     * then comes due on that executor's session and runs on its client's callback thread.
     */
    public int addCallback(
        final Function function, final long context, final long stream, final long flags, final HostCallback callback)
    {
        final Coherence managed = coherence;
        if (managed != null)
        {
            managed.before(function, context, new long[]{ stream });
        }
        if (isDirect())
        {
            return executors.get(0).addCallback(function, context, stream, flags, callback);
        }
        final DeviceTable table = deviceTable();
        if (table == null)
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final Route route = route(table, function, context, new long[]{ stream });
        if (route == null)
        {
            return RuntimeStatus.INVALID_DEVICE;
        }
        return executors.get(route.executor).addCallback(function, route.context, stream, flags, callback);
    }

    /**
     * The session a driver call made in the context goes to now, as an identity that {@link SessionEnds} names when
     * the session ends; null while that executor has no session connected.
     */
    public Object driverSession(final long context)
    {
        if (isDirect())
        {
            return executors.get(0).currentSession();
        }
        if (devices == null)
        {
            // Not connected yet (and not connected by this question): no session has anything of this process.
            return null;
        }
        final int executor = executorOfVisibleContext(context);
        return executor < executors.size() ? executors.get(executor).currentSession() : null;
    }

    /**
     * As {@link #driverSession}, for a runtime call on the device (the application's ordinal): the session of the
     * executor that owns it; null while that executor has no session connected, or for no device of the list.
     */
    public Object runtimeSession(final int device)
    {
        if (isDirect())
        {
            return executors.get(0).currentSession();
        }
        if (devices == null)
        {
            return null;
        }
        final int executor = executorOf(device);
        return executor >= 0 && executor < executors.size() ? executors.get(executor).currentSession() : null;
    }

    /**
     * CUDA graphs: as {@link RelayClient#addCallbacks}, sent to the executor that owns the call's context.
     */
    public int addCallbacks(
        final Function function, final long context, final long[] args, final HostCallback[] callbacks)
    {
        if (isDirect())
        {
            return executors.get(0).addCallbacks(function, context, args, callbacks);
        }
        final DeviceTable table = deviceTable();
        if (table == null)
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final Route route = route(table, function, context, args);
        if (route == null)
        {
            return RuntimeStatus.INVALID_DEVICE;
        }
        return executors.get(route.executor).addCallbacks(function, route.context, route.args, callbacks);
    }

    /**
     * As {@link RelayClient#callEndingContext}: a device reset, a context's destruction or a primary context's reset,
     * sent to the executor of the device or context it ends.
     */
    public int callEndingContext(
        final Function function, final long context, final long endedContext, final long[] args)
    {
        final Coherence managed = coherence;
        if (managed != null && managed.before(function, context, args))
        {
            final int status = routedCallEndingContext(function, context, endedContext, args);
            managed.after(function, context, args, status);
            return status;
        }
        return routedCallEndingContext(function, context, endedContext, args);
    }

    private int routedCallEndingContext(
        final Function function, final long context, final long endedContext, final long[] args)
    {
        if (isDirect())
        {
            return remember(executors.get(0)).callEndingContext(function, context, endedContext, args);
        }
        final DeviceTable table = deviceTable();
        if (table == null)
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final Route route = route(table, function, context, args);
        if (route == null)
        {
            return RuntimeStatus.INVALID_DEVICE;
        }
        final long ended = function.api() == Api.RUNTIME ? route.context :
            endedContext == NO_CONTEXT ? NO_CONTEXT : executorContext(endedContext);
        final int status = remember(executors.get(route.executor))
            .callEndingContext(function, route.context, ended, route.args);
        if (status == RuntimeStatus.SUCCESS && function == Function.CU_CTX_DESTROY)
        {
            executorContexts.remove(endedContext);
        }
        return status;
    }

    /**
     * @return the number of the executor that made a context the application holds (the first for a value of none).
     */
    public int executorOfContext(final long context)
    {
        return isDirect() ? 0 : executorOfVisibleContext(context);
    }

    /**
     * Why the calling thread's last call failed, as its executor explained it.
     */
    public String lastFailureMessage()
    {
        final RelayClient last = lastCalled.get();
        return last == null ? "" : last.lastFailureMessage();
    }

    private RelayClient remember(final RelayClient client)
    {
        lastCalled.set(client);
        return client;
    }

    /**
     * The device list, made once every executor has answered: each executor's session says how many devices it
     * has, and the list takes all of them or the ones a placement chose.
     */
    private DeviceTable deviceTable()
    {
        final DeviceTable table = devices;
        if (table != null)
        {
            return table;
        }
        synchronized (connectLock)
        {
            if (devices != null)
            {
                return devices;
            }
            if (executors == null)
            {
                if (placementFailed)
                {
                    return null;
                }
                final RegistryPlacement.Layout layout = RegistryPlacement.place(config);
                if (layout == null)
                {
                    placementFailed = true;
                    return null;
                }
                final List<RelayClient> clients = new ArrayList<>();
                for (final String channel : layout.channels())
                {
                    clients.add(new RelayClient(config.forExecutor(channel)));
                }
                use(clients, layout.channels(), layout.devices());
            }
            final List<Integer> executorOfDevice = new ArrayList<>();
            final List<Integer> localOfDevice = new ArrayList<>();
            for (int i = 0; i < executors.size(); i++)
            {
                final RelayClient client = executors.get(i);
                if (client.connect() != RuntimeStatus.SUCCESS)
                {
                    AgentLog.warnOnce("the device list needs every executor it names, and " + channels.get(i) +
                        " did not answer; CUDA calls return cudaErrorDevicesUnavailable");
                    return null;
                }
                final int count = client.deviceCount();
                final int[] offered = offeredDevices.get(i);
                if (offered == null)
                {
                    for (int local = 0; local < count; local++)
                    {
                        executorOfDevice.add(i);
                        localOfDevice.add(local);
                    }
                    continue;
                }
                for (final int local : offered)
                {
                    if (local < 0 || local >= count)
                    {
                        AgentLog.warnOnce("the executor on " + channels.get(i) + " has " + count + " devices, no " +
                            "device " + local + "; CUDA calls return cudaErrorDevicesUnavailable");
                        return null;
                    }
                    executorOfDevice.add(i);
                    localOfDevice.add(local);
                }
            }
            final DeviceTable made = new DeviceTable(
                executorOfDevice.stream().mapToInt(Integer::intValue).toArray(),
                localOfDevice.stream().mapToInt(Integer::intValue).toArray(), channels);
            AgentLog.info(made.count() + " devices on " + executors.size() + " executors: " + describe(made));
            devices = made;
            return made;
        }
    }

    private String describe(final DeviceTable table)
    {
        final StringBuilder text = new StringBuilder();
        for (int device = 0; device < table.count(); device++)
        {
            text.append(device == 0 ? "" : ", ").append(device).append(" = device ").append(table.local[device])
                .append(" of ").append(channels.get(table.executor[device]));
        }
        return text.toString();
    }

    /**
     * Where a call goes and what it carries there, its devices in that executor's numbering
     * ({@link DeviceOrdinals}), or null when it names a device that is not in the list or another executor's device
     * where it cannot.
     */
    private Route route(
        final DeviceTable table, final RemotedFunction function, final long context, final long[] args)
    {
        final Route route = destination(table, function, context, args);
        if (route == null)
        {
            return null;
        }
        final long[] translated = DeviceOrdinals.toExecutor(table, function, route.executor, route.args);
        return translated == null ? null : translated == route.args ? route :
            new Route(route.executor, route.context, translated);
    }

    /**
     * Where a call goes, with the context it carries there and its context argument's handle, its devices still the
     * application's.
     */
    private Route destination(
        final DeviceTable table, final RemotedFunction function, final long context, final long[] args)
    {
        final int deviceArgument = DeviceOrdinals.routingArgument(function, args);
        if (deviceArgument >= 0)
        {
            if (args.length <= deviceArgument)
            {
                return new Route(0, context, args);
            }
            final long device = args[deviceArgument];
            if (device < 0 || device >= table.count())
            {
                return null;
            }
            final int executor = table.executor[(int)device];
            return new Route(executor, contextOn(executor, table, function, context), args);
        }
        final Argument contextArgument =
            function instanceof FunctionRow row ? row.first(ArgumentRole.CONTEXT) : null;
        if (contextArgument != null && args.length > contextArgument.wireIndex() &&
            args[contextArgument.wireIndex()] != NO_CONTEXT)
        {
            final long visible = args[contextArgument.wireIndex()];
            final int executor = executorOfVisibleContext(visible);
            final long[] translated = args.clone();
            translated[contextArgument.wireIndex()] = executorContext(visible);
            return new Route(executor, contextOn(executor, table, function, context), translated);
        }
        if (function == Function.CU_CTX_DESTROY && args.length > 0)
        {
            final int executor = executorOfVisibleContext(args[0]);
            final long[] translated = args.clone();
            translated[0] = executorContext(args[0]);
            return new Route(executor, contextOn(executor, table, function, context), translated);
        }
        return switch (function.api())
        {
            case RUNTIME, CUBLAS -> onDevice(table, context, args);
            case DRIVER -> new Route(executorOfVisibleContext(context), executorContext(context), args);
            case CURAND, CUFFT, CUSOLVER -> isContextHandle(context) ?
                new Route(executorOfVisibleContext(context), executorContext(context), args) :
                onDevice(table, context, args);
            case NVRTC, NVPTXCOMPILER -> new Route(0, context, args);
        };
    }

    private static Route onDevice(final DeviceTable table, final long device, final long[] args)
    {
        if (device < 0 || device >= table.count())
        {
            return null;
        }
        return new Route(table.executor[(int)device], table.local[(int)device], args);
    }

    /**
     * The context a call carries to an executor: its own handle of the calling thread's context, or none when that
     * context is another executor's.
     */
    private long contextOn(
        final int executor, final DeviceTable table, final RemotedFunction function, final long context)
    {
        if (function.api() == Api.RUNTIME)
        {
            return context >= 0 && context < table.count() && table.executor[(int)context] == executor ?
                table.local[(int)context] : 0;
        }
        return context != NO_CONTEXT && executorOfVisibleContext(context) == executor ? executorContext(context) :
            NO_CONTEXT;
    }

    private static boolean isContextHandle(final long value)
    {
        return value >>> TAG_SHIFT != 0;
    }

    /**
     * @return the executor that made a context the application holds; the first for no context or an unknown value.
     */
    private static int executorOfVisibleContext(final long visible)
    {
        final long tag = visible >>> TAG_SHIFT;
        return tag > TAG_BASE && tag < TAG_BASE + AgentConfig.MAX_EXECUTORS ? (int)(tag - TAG_BASE) : 0;
    }

    /**
     * @return the executor's own handle of a context the application holds.
     */
    private long executorContext(final long visible)
    {
        if (executorOfVisibleContext(visible) == 0)
        {
            return visible;
        }
        final Long handle = executorContexts.get(visible);
        return handle == null ? visible : handle;
    }

    /**
     * @return the handle the application sees for an executor's context.
     */
    private long visibleContext(final int executor, final long handle)
    {
        if (executor == 0)
        {
            return handle;
        }
        final long visible = (TAG_BASE + executor) << TAG_SHIFT | handle & BODY_MASK;
        executorContexts.put(visible, handle);
        return visible;
    }

    private record Route(int executor, long context, long[] args)
    {
    }

    /**
     * For each device of the list, its executor and its ordinal there.
     */
    private record DeviceTable(int[] executor, int[] local, List<String> channels) implements DeviceOrdinals.Numbering
    {
        public int count()
        {
            return executor.length;
        }

        public int executor(final int device)
        {
            return executor[device];
        }

        public int local(final int device)
        {
            return local[device];
        }

        public String channel(final int executor)
        {
            return channels.get(executor);
        }
    }
}
