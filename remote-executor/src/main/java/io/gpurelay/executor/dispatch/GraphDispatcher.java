package io.gpurelay.executor.dispatch;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.EventEntry;
import io.gpurelay.executor.resources.SessionResources.FunctionEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.executor.backend.KernelParameterLayout;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * CUDA graphs of one session ({@code cuGraph*}), kept by the executor on both backends.
 * <p>
 * A graph is a DAG of recorded operations: kernel launches (their parameters laid out and checked against the kernel
 * as {@code cuLaunchKernel}'s are, once, when the node is made), memsets, copies between device memory, event records
 * and waits, empty nodes and child graphs. {@code cuGraphInstantiate} takes a snapshot of it in a topological order
 * (refusing a cycle); {@code cuGraphLaunch} runs that order on the stream through the same backend calls a direct
 * launch, memset, copy or event call makes, so every address, kernel, event and stream is checked against the session
 * at each launch, as a direct call's is, and a graph can do nothing its operations could not do one by one. The
 * operations keep their order on the stream, which honours every dependency (a serial order is one CUDA may choose).
 * <p>
 * Graphs, nodes and graph execs are handles of the session ({@link HandleKind#GRAPH}, {@link HandleKind#GRAPH_NODE},
 * {@link HandleKind#GRAPH_EXEC}); destroying a graph ends its nodes' handles, and the session's end ends them all. A
 * node refers to kernels and events by their handles, so unloading a module or destroying an event makes a later launch
 * of a graph that uses it fail, naming the node, rather than reach a freed object.
 */
public final class GraphDispatcher
{
    /** CUgraphNodeType. */
    static final int NODE_KERNEL = 0;
    static final int NODE_MEMCPY = 1;
    static final int NODE_MEMSET = 2;
    static final int NODE_HOST = 3;
    static final int NODE_GRAPH = 4;
    static final int NODE_EMPTY = 5;
    static final int NODE_WAIT_EVENT = 6;
    static final int NODE_EVENT_RECORD = 7;

    /**
     * Nodes one session may have in its graphs and graph execs at a time, child graphs included: each holds a little
     * memory.
     */
    public static final int MAX_NODES = 1 << 16;
    /** Kernel parameter bytes the nodes of one session's graphs and graph execs may hold together. */
    static final long MAX_PARAMETER_BYTES = 64L << 20;
    /** How deep child graphs may nest. */
    public static final int MAX_NESTING = 32;
    /** Rows (memset) or rows times slices (memcpy) one node may have: each is one backend operation per launch. */
    static final long MAX_ROWS = 1 << 16;

    private static final int HANDLE_BYTES = Long.BYTES;
    private static final long[] NO_KEYS = new long[0];
    /** A launch's progress through its callback ids: the index of the next host node's, and how many were queued. */
    private static final int NEXT = 0;
    private static final int QUEUED = 1;
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int ADD_NODE_FIXED_ARGUMENTS = 2;

    private static final Map<Function, String> NAMES = new EnumMap<>(Function.class);
    private static final Set<Function> FUNCTIONS;

    static
    {
        NAMES.put(Function.CU_GRAPH_CREATE, "cuGraphCreate");
        NAMES.put(Function.CU_GRAPH_DESTROY, "cuGraphDestroy");
        NAMES.put(Function.CU_GRAPH_ADD_KERNEL_NODE, "cuGraphAddKernelNode");
        NAMES.put(Function.CU_GRAPH_ADD_MEMSET_NODE, "cuGraphAddMemsetNode");
        NAMES.put(Function.CU_GRAPH_ADD_MEMCPY_NODE, "cuGraphAddMemcpyNode");
        NAMES.put(Function.CU_GRAPH_ADD_EMPTY_NODE, "cuGraphAddEmptyNode");
        NAMES.put(Function.CU_GRAPH_ADD_EVENT_RECORD_NODE, "cuGraphAddEventRecordNode");
        NAMES.put(Function.CU_GRAPH_ADD_EVENT_WAIT_NODE, "cuGraphAddEventWaitNode");
        NAMES.put(Function.CU_GRAPH_ADD_CHILD_GRAPH_NODE, "cuGraphAddChildGraphNode");
        NAMES.put(Function.CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH, "cuGraphChildGraphNodeGetGraph");
        NAMES.put(Function.CU_GRAPH_NODE_GET_TYPE, "cuGraphNodeGetType");
        NAMES.put(Function.CU_GRAPH_GET_NODES, "cuGraphGetNodes");
        NAMES.put(Function.CU_GRAPH_GET_ROOT_NODES, "cuGraphGetRootNodes");
        NAMES.put(Function.CU_GRAPH_GET_EDGES, "cuGraphGetEdges");
        NAMES.put(Function.CU_GRAPH_NODE_GET_DEPENDENCIES, "cuGraphNodeGetDependencies");
        NAMES.put(Function.CU_GRAPH_NODE_GET_DEPENDENT_NODES, "cuGraphNodeGetDependentNodes");
        NAMES.put(Function.CU_GRAPH_ADD_DEPENDENCIES, "cuGraphAddDependencies");
        NAMES.put(Function.CU_GRAPH_REMOVE_DEPENDENCIES, "cuGraphRemoveDependencies");
        NAMES.put(Function.CU_GRAPH_DESTROY_NODE, "cuGraphDestroyNode");
        NAMES.put(Function.CU_GRAPH_CLONE, "cuGraphClone");
        NAMES.put(Function.CU_GRAPH_NODE_FIND_IN_CLONE, "cuGraphNodeFindInClone");
        NAMES.put(Function.CU_GRAPH_INSTANTIATE, "cuGraphInstantiate");
        NAMES.put(Function.CU_GRAPH_LAUNCH, "cuGraphLaunch");
        NAMES.put(Function.CU_GRAPH_UPLOAD, "cuGraphUpload");
        NAMES.put(Function.CU_GRAPH_EXEC_DESTROY, "cuGraphExecDestroy");
        NAMES.put(Function.CU_GRAPH_MEMSET_NODE_GET_PARAMS, "cuGraphMemsetNodeGetParams");
        NAMES.put(Function.CU_GRAPH_MEMSET_NODE_SET_PARAMS, "cuGraphMemsetNodeSetParams");
        NAMES.put(Function.CU_GRAPH_MEMCPY_NODE_GET_PARAMS, "cuGraphMemcpyNodeGetParams");
        NAMES.put(Function.CU_GRAPH_MEMCPY_NODE_SET_PARAMS, "cuGraphMemcpyNodeSetParams");
        NAMES.put(Function.CU_GRAPH_EVENT_NODE_GET_EVENT, "cuGraphEvent(Record|Wait)NodeGetEvent");
        NAMES.put(Function.CU_GRAPH_EVENT_NODE_SET_EVENT, "cuGraphEvent(Record|Wait)NodeSetEvent");
        NAMES.put(Function.CU_GRAPH_EXEC_EVENT_NODE_SET_EVENT, "cuGraphExecEvent(Record|Wait)NodeSetEvent");
        NAMES.put(Function.CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS, "cuGraphExecMemsetNodeSetParams");
        NAMES.put(Function.CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS, "cuGraphExecMemcpyNodeSetParams");
        NAMES.put(Function.CU_GRAPH_KERNEL_NODE_SET_PARAMS, "cuGraphKernelNodeSetParams");
        NAMES.put(Function.CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS, "cuGraphExecKernelNodeSetParams");
        NAMES.put(Function.CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS, "cuGraphExecChildGraphNodeSetParams");
        NAMES.put(Function.CU_GRAPH_ADD_HOST_NODE, "cuGraphAddHostNode");
        NAMES.put(Function.CU_GRAPH_HOST_NODE_GET_PARAMS, "cuGraphHostNodeGetParams");
        NAMES.put(Function.CU_GRAPH_HOST_NODE_SET_PARAMS, "cuGraphHostNodeSetParams");
        NAMES.put(Function.CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS, "cuGraphExecHostNodeSetParams");
        NAMES.put(Function.CU_GRAPH_KERNEL_NODE_GET_PARAMS, "cuGraphKernelNodeGetParams");
        // Kernel node attributes (issue #13, family "capture").
        NAMES.put(Function.CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, "cuGraphKernelNodeGetAttribute");
        NAMES.put(Function.CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, "cuGraphKernelNodeSetAttribute");
        NAMES.put(Function.CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES, "cuGraphKernelNodeCopyAttributes");
        FUNCTIONS = EnumSet.copyOf(NAMES.keySet());
    }

    private final BackendSession backend;
    private final SessionResources resources;
    /** Runs host nodes' functions in the client; null where no client can run them. */
    private final SessionCallbacks callbacks;
    /** Which host node keys the session's nodes hold, to tell the client which it may forget. */
    private final HostNodeKeys heldKeys = new HostNodeKeys();
    private long liveNodes;
    private long heldBytes;

    GraphDispatcher(final BackendSession backend, final SessionResources resources, final SessionCallbacks callbacks)
    {
        this.backend = backend;
        this.resources = resources;
        this.callbacks = callbacks;
    }

    /**
     * @return whether {@link #dispatch} runs the function.
     */
    static boolean handles(final Function function)
    {
        return FUNCTIONS.contains(function);
    }

    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final Function function = call.function();
        final String name = NAMES.get(function);
        heldKeys.startCall();
        final ContextEntry context = resources.currentContext(call.context(), result);
        if (context == null)
        {
            return;
        }
        switch (function)
        {
            case CU_GRAPH_CREATE ->
            {
                if (call.arg(0) != 0)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": flags must be 0, got " + call.arg(0));
                    return;
                }
                result.value(newGraph(context).handle);
            }
            case CU_GRAPH_DESTROY ->
            {
                final Graph graph = graph(call.arg(0), name, result);
                if (graph == null)
                {
                    return;
                }
                if (graph.owner != null)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": graph 0x" + Long.toHexString(graph.handle) +
                        " belongs to a child graph node; destroy the node or its graph instead");
                    return;
                }
                destroy(graph, result);
                replyWithKeys(null, wantsReleased(call, 1), result);
            }
            case CU_GRAPH_ADD_KERNEL_NODE, CU_GRAPH_ADD_MEMSET_NODE, CU_GRAPH_ADD_MEMCPY_NODE, CU_GRAPH_ADD_EMPTY_NODE,
                CU_GRAPH_ADD_EVENT_RECORD_NODE, CU_GRAPH_ADD_EVENT_WAIT_NODE, CU_GRAPH_ADD_CHILD_GRAPH_NODE,
                CU_GRAPH_ADD_HOST_NODE ->
                addNode(call, input, name, context, result);
            case CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH ->
            {
                final Node node = node(call.arg(0), name, NODE_GRAPH, result);
                if (node != null)
                {
                    result.value(((Graph)node.params).handle);
                }
            }
            case CU_GRAPH_NODE_GET_TYPE ->
            {
                final Node node = node(call.arg(0), name, -1, result);
                if (node != null)
                {
                    result.value(node.type);
                }
            }
            case CU_GRAPH_GET_NODES, CU_GRAPH_GET_ROOT_NODES ->
            {
                final Graph graph = graph(call.arg(0), name, result);
                if (graph != null)
                {
                    final List<Node> nodes = new ArrayList<>();
                    for (final Node node : graph.nodes)
                    {
                        if (function == Function.CU_GRAPH_GET_NODES || node.dependencies.isEmpty())
                        {
                            nodes.add(node);
                        }
                    }
                    replyWithNodes(nodes, result);
                }
            }
            case CU_GRAPH_GET_EDGES ->
            {
                final Graph graph = graph(call.arg(0), name, result);
                if (graph != null)
                {
                    final List<Node> pairs = new ArrayList<>();
                    for (final Node node : graph.nodes)
                    {
                        for (final Node dependency : node.dependencies)
                        {
                            pairs.add(dependency);
                            pairs.add(node);
                        }
                    }
                    replyWithNodes(pairs, result);
                }
            }
            case CU_GRAPH_NODE_GET_DEPENDENCIES, CU_GRAPH_NODE_GET_DEPENDENT_NODES ->
            {
                final Node node = node(call.arg(0), name, -1, result);
                if (node != null)
                {
                    replyWithNodes(function == Function.CU_GRAPH_NODE_GET_DEPENDENCIES ? node.dependencies :
                        node.dependents, result);
                }
            }
            case CU_GRAPH_ADD_DEPENDENCIES, CU_GRAPH_REMOVE_DEPENDENCIES -> changeDependencies(call, input, name,
                function == Function.CU_GRAPH_ADD_DEPENDENCIES, result);
            case CU_GRAPH_DESTROY_NODE ->
            {
                final Node node = node(call.arg(0), name, -1, result);
                if (node != null)
                {
                    destroy(node, result);
                    replyWithKeys(null, wantsReleased(call, 1), result);
                }
            }
            case CU_GRAPH_CLONE ->
            {
                final Graph graph = graph(call.arg(0), name, result);
                if (graph != null && admit(count(graph), name, result) && admitBytes(bytes(graph), name, result))
                {
                    result.value(cloneGraph(graph, context, null, result).handle);
                }
            }
            case CU_GRAPH_NODE_FIND_IN_CLONE -> findInClone(call, name, result);
            case CU_GRAPH_INSTANTIATE -> instantiate(call, name, context, result);
            case CU_GRAPH_LAUNCH, CU_GRAPH_UPLOAD ->
            {
                final Exec exec = exec(call.arg(0), name, result);
                final StreamEntry stream = exec == null ? null : stream(call.arg(1), context, result);
                final int[] callbacksUsed = new int[2];
                if (stream != null && function == Function.CU_GRAPH_LAUNCH)
                {
                    final long[] callbackIds = callbackIds(exec, input, result);
                    if (callbackIds != null)
                    {
                        run(exec.root, stream, callbacksUsed, callbackIds, result);
                    }
                }
                if (function == Function.CU_GRAPH_LAUNCH && result.failed())
                {
                    // The host functions queued before the failure still come due; the client forgets the others.
                    result.value(callbacksUsed[QUEUED]);
                }
            }
            // Kernel node attributes (issue #13, family "capture").
            case CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE,
                CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES -> kernelNodeAttribute(call, name, result);
            case CU_GRAPH_KERNEL_NODE_GET_PARAMS ->
            {
                final Node node = node(call.arg(0), name, NODE_KERNEL, result);
                if (node != null)
                {
                    final Kernel kernel = (Kernel)node.params;
                    if (9 + kernel.sizes().length > CallResult.MAX_VALUES)
                    {
                        result.fail(CudaError.NOT_SUPPORTED, name + ": the kernel's " + kernel.sizes().length +
                            " parameters do not fit a reply");
                        return;
                    }
                    result.value(kernel.function());
                    for (final int dimension : kernel.dimensions())
                    {
                        result.value(Integer.toUnsignedLong(dimension));
                    }
                    result.value(kernel.count());
                    for (final long size : kernel.sizes())
                    {
                        result.value(size);
                    }
                    result.payload(new ByteArrayPayload(kernel.given().clone()));
                }
            }
            case CU_GRAPH_HOST_NODE_GET_PARAMS ->
            {
                final Node node = node(call.arg(0), name, NODE_HOST, result);
                if (node != null)
                {
                    result.value((Long)node.params);
                }
            }
            case CU_GRAPH_EXEC_DESTROY ->
            {
                final Exec exec = exec(call.arg(0), name, result);
                if (exec != null)
                {
                    resources.removeLibraryObject(exec.entry);
                    liveNodes -= count(exec.root);
                    heldBytes -= bytes(exec.root);
                    releaseKeys(exec.root);
                    replyWithKeys(null, wantsReleased(call, 1), result);
                }
            }
            case CU_GRAPH_MEMSET_NODE_GET_PARAMS ->
            {
                final Node node = node(call.arg(0), name, NODE_MEMSET, result);
                if (node != null)
                {
                    final Memset memset = (Memset)node.params;
                    result.value(memset.destination).value(memset.pitch).value(memset.value)
                        .value(memset.elementSize).value(memset.width).value(memset.height);
                }
            }
            case CU_GRAPH_MEMCPY_NODE_GET_PARAMS ->
            {
                final Node node = node(call.arg(0), name, NODE_MEMCPY, result);
                if (node != null)
                {
                    final Memcpy copy = (Memcpy)node.params;
                    result.value(copy.destination).value(copy.destinationPitch).value(copy.destinationHeight)
                        .value(copy.source).value(copy.sourcePitch).value(copy.sourceHeight).value(copy.width)
                        .value(copy.height).value(copy.depth);
                }
            }
            case CU_GRAPH_MEMSET_NODE_SET_PARAMS, CU_GRAPH_MEMCPY_NODE_SET_PARAMS, CU_GRAPH_EVENT_NODE_SET_EVENT,
                CU_GRAPH_KERNEL_NODE_SET_PARAMS, CU_GRAPH_HOST_NODE_SET_PARAMS ->
            {
                final int type = switch (function)
                {
                    case CU_GRAPH_MEMSET_NODE_SET_PARAMS -> NODE_MEMSET;
                    case CU_GRAPH_MEMCPY_NODE_SET_PARAMS -> NODE_MEMCPY;
                    case CU_GRAPH_KERNEL_NODE_SET_PARAMS -> NODE_KERNEL;
                    case CU_GRAPH_HOST_NODE_SET_PARAMS -> NODE_HOST;
                    default -> -1;
                };
                final Node node = node(call.arg(0), name, type, result);
                if (node != null)
                {
                    if (node.type != NODE_EVENT_RECORD && node.type != NODE_WAIT_EVENT && type < 0)
                    {
                        result.fail(CudaError.INVALID_VALUE, name + ": node 0x" + Long.toHexString(node.handle) +
                            " is not an event record or event wait node");
                        return;
                    }
                    final Object params = parameters(node.type, call, 1, input, 0, name, result);
                    if (params != null && admitBytes(bytes(params), name, result))
                    {
                        heldBytes += bytes(params) - bytes(node.params);
                        holdKey(node.type, params);
                        releaseKey(node.type, node.params);
                        node.params = params;
                        if (node.type == NODE_HOST)
                        {
                            replyWithKeys(null, wantsReleased(call, 2), result);
                        }
                    }
                }
            }
            case CU_GRAPH_EVENT_NODE_GET_EVENT ->
            {
                final Node node = node(call.arg(0), name, -1, result);
                if (node != null)
                {
                    if (node.type != NODE_EVENT_RECORD && node.type != NODE_WAIT_EVENT)
                    {
                        result.fail(CudaError.INVALID_VALUE, name + ": node 0x" + Long.toHexString(node.handle) +
                            " is not an event record or event wait node");
                        return;
                    }
                    result.value((Long)node.params);
                }
            }
            case CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS, CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS,
                CU_GRAPH_EXEC_EVENT_NODE_SET_EVENT, CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS,
                CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS, CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS ->
                execSetParams(call, input, name, result);
            default -> CallDispatcher.notSupported(call.functionId(), function.name(), result);
        }
    }

    // Nodes.

    private void addNode(
        final ReceivedCall call, final DirectBuffer input, final String name, final ContextEntry context,
        final CallResult result)
    {
        final Graph graph = graph(call.arg(0), name, result);
        if (graph == null)
        {
            return;
        }
        final List<Node> dependencies = nodes(call.arg(1), 0, input, graph, name, result);
        if (dependencies == null)
        {
            return;
        }
        final int type = switch (call.function())
        {
            case CU_GRAPH_ADD_KERNEL_NODE -> NODE_KERNEL;
            case CU_GRAPH_ADD_MEMSET_NODE -> NODE_MEMSET;
            case CU_GRAPH_ADD_MEMCPY_NODE -> NODE_MEMCPY;
            case CU_GRAPH_ADD_EVENT_RECORD_NODE -> NODE_EVENT_RECORD;
            case CU_GRAPH_ADD_EVENT_WAIT_NODE -> NODE_WAIT_EVENT;
            case CU_GRAPH_ADD_CHILD_GRAPH_NODE -> NODE_GRAPH;
            case CU_GRAPH_ADD_HOST_NODE -> NODE_HOST;
            default -> NODE_EMPTY;
        };
        Object params = null;
        if (type == NODE_GRAPH)
        {
            final Graph child = graph(call.arg(ADD_NODE_FIXED_ARGUMENTS), name, result);
            if (child == null)
            {
                return;
            }
            if (child == graph || contains(child, graph))
            {
                result.fail(CudaError.INVALID_VALUE, name + ": a graph cannot be its own child");
                return;
            }
            if (depth(child) + depth(graph) + 1 > MAX_NESTING)
            {
                result.fail(CudaError.NOT_SUPPORTED, name + ": child graphs nest at most " + MAX_NESTING + " deep");
                return;
            }
            if (!admit(count(child) + 1, name, result) || !admitBytes(bytes(child), name, result))
            {
                return;
            }
            // CUDA clones the child graph into the node; the node's clone is its own.
            params = cloneGraph(child, context, null, result);
        }
        else if (type != NODE_EMPTY)
        {
            params = parameters(type, call, ADD_NODE_FIXED_ARGUMENTS, input, dependencies.size() * HANDLE_BYTES, name,
                result);
            if (params == null)
            {
                return;
            }
        }
        if (type != NODE_GRAPH && (!admit(1, name, result) || !admitBytes(bytes(params), name, result)))
        {
            return;
        }
        final Node node = newNode(graph, type, params, context);
        if (params instanceof Graph child)
        {
            child.owner = node;
        }
        for (final Node dependency : dependencies)
        {
            node.dependencies.add(dependency);
            dependency.dependents.add(node);
        }
        result.value(node.handle);
    }

    /**
     * A node's parameters from the call's arguments from {@code first} on (and, for a kernel, the payload from
     * {@code payloadOffset} on), checked as the direct call would check them where that needs no device.
     *
     * @return the parameters, or null when refused (the failure is in {@code result}).
     */
    private Object parameters(
        final int type, final ReceivedCall call, final int first, final DirectBuffer input, final int payloadOffset,
        final String name, final CallResult result)
    {
        switch (type)
        {
            case NODE_KERNEL ->
            {
                final FunctionEntry function = resources.function(call.arg(first), result);
                if (function == null)
                {
                    return null;
                }
                final KernelParameterLayout layout = function.kernel.parameterLayout();
                final int[] dimensions = new int[7];
                for (int i = 0; i < dimensions.length; i++)
                {
                    final long value = call.arg(first + 1 + i);
                    if (value < 0 || value > Integer.MAX_VALUE)
                    {
                        result.fail(CudaError.INVALID_VALUE, name + ": kernel '" + layout.kernelName() + "': grid " +
                            "and block dimensions and shared memory bytes must be between 0 and " +
                            Integer.MAX_VALUE + ", got " + value);
                        return null;
                    }
                    dimensions[i] = (int)value;
                }
                final int countArgument = first + 8;
                final DirectBuffer parameterBytes = new UnsafeBuffer(input, payloadOffset,
                    input.capacity() - payloadOffset);
                final byte[] parameters = layout.parameterBuffer(call.arg(countArgument),
                    index -> call.arg(countArgument + 1 + index), parameterBytes, result);
                if (parameters == null)
                {
                    result.fail(result.error(), name + ": " + result.message());
                    return null;
                }
                final long count = call.arg(countArgument);
                final long[] sizes = new long[count > 0 ? (int)count : 0];
                for (int i = 0; i < sizes.length; i++)
                {
                    sizes[i] = call.arg(countArgument + 1 + i);
                }
                final byte[] given = new byte[parameterBytes.capacity()];
                parameterBytes.getBytes(0, given);
                return new Kernel(function.handle, dimensions, parameters, count, sizes, given);
            }
            case NODE_MEMSET ->
            {
                final Memset memset = new Memset(call.arg(first), call.arg(first + 1), (int)call.arg(first + 2),
                    (int)call.arg(first + 3), call.arg(first + 4), call.arg(first + 5));
                final String refusal = memset.refusal();
                if (refusal != null)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": " + refusal);
                    return null;
                }
                return memset;
            }
            case NODE_MEMCPY ->
            {
                final Memcpy copy = new Memcpy(call.arg(first), call.arg(first + 1), call.arg(first + 2),
                    call.arg(first + 3), call.arg(first + 4), call.arg(first + 5), call.arg(first + 6),
                    call.arg(first + 7), call.arg(first + 8));
                final String refusal = copy.refusal();
                if (refusal != null)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": " + refusal);
                    return null;
                }
                return copy;
            }
            case NODE_EVENT_RECORD, NODE_WAIT_EVENT ->
            {
                final EventEntry event = resources.event(call.arg(first), result);
                return event == null ? null : (Object)event.handle;
            }
            case NODE_HOST ->
            {
                // The client's key for its function: the client alone knows what it names.
                return call.arg(first);
            }
            default ->
            {
                result.fail(CudaError.INVALID_VALUE, name + ": a node of type " + type + " has no such parameters");
                return null;
            }
        }
    }

    private Node newNode(final Graph graph, final int type, final Object params, final ContextEntry context)
    {
        final Node node = new Node(graph, type, params);
        node.entry = entry(resources.addLibraryObject(HandleKind.GRAPH_NODE, context, node), HandleKind.GRAPH_NODE);
        node.handle = node.entry.handle;
        graph.nodes.add(node);
        liveNodes++;
        heldBytes += bytes(params);
        holdKey(type, params);
        return node;
    }

    private Graph newGraph(final ContextEntry context)
    {
        final Graph graph = new Graph();
        graph.entry = entry(resources.addLibraryObject(HandleKind.GRAPH, context, graph), HandleKind.GRAPH);
        graph.handle = graph.entry.handle;
        return graph;
    }

    private LibraryObjectEntry entry(final long handle, final HandleKind kind)
    {
        final CallResult scratch = new CallResult();
        return resources.libraryObject(handle, kind, CudaError.INVALID_VALUE, scratch);
    }

    private void destroy(final Node node, final CallResult result)
    {
        for (final Node dependency : node.dependencies)
        {
            dependency.dependents.remove(node);
        }
        for (final Node dependent : node.dependents)
        {
            dependent.dependencies.remove(node);
        }
        node.graph.nodes.remove(node);
        release(node, result);
    }

    private void release(final Node node, final CallResult result)
    {
        resources.removeLibraryObject(node.entry);
        liveNodes--;
        heldBytes -= bytes(node.params);
        releaseKey(node.type, node.params);
        if (node.params instanceof Graph child)
        {
            destroy(child, result);
        }
    }

    private void destroy(final Graph graph, final CallResult result)
    {
        for (final Node node : graph.nodes)
        {
            release(node, result);
        }
        graph.nodes.clear();
        resources.removeLibraryObject(graph.entry);
    }

    /**
     * A deep copy of the graph, its child graphs copied too; the copy remembers which node each of its nodes copies.
     */
    private Graph cloneGraph(
        final Graph original, final ContextEntry context, final Node owner, final CallResult result)
    {
        final Graph clone = newGraph(context);
        clone.owner = owner;
        clone.original = original;
        final Map<Node, Node> copies = new IdentityHashMap<>();
        for (final Node node : original.nodes)
        {
            final Node copy = newNode(clone, node.type, null, context);
            copy.params = node.params instanceof Graph child ? cloneGraph(child, context, copy, result) : node.params;
            copy.attributes = node.attributes.copy();
            heldBytes += bytes(copy.params);
            holdKey(copy.type, copy.params);
            copies.put(node, copy);
            clone.copyOf.put(node.handle, copy);
        }
        for (final Node node : original.nodes)
        {
            final Node copy = copies.get(node);
            for (final Node dependency : node.dependencies)
            {
                final Node dependencyCopy = copies.get(dependency);
                copy.dependencies.add(dependencyCopy);
                dependencyCopy.dependents.add(copy);
            }
        }
        return clone;
    }

    private void findInClone(final ReceivedCall call, final String name, final CallResult result)
    {
        final Node original = node(call.arg(0), name, -1, result);
        final Graph clone = original == null ? null : graph(call.arg(1), name, result);
        if (clone == null)
        {
            return;
        }
        final Node copy = clone.original == original.graph ? clone.copyOf.get(original.handle) : null;
        if (copy == null || !clone.nodes.contains(copy))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": graph 0x" + Long.toHexString(clone.handle) +
                " is not a clone of the graph of node 0x" + Long.toHexString(original.handle) +
                ", or the node's copy was destroyed");
            return;
        }
        result.value(copy.handle);
    }

    private void changeDependencies(
        final ReceivedCall call, final DirectBuffer input, final String name, final boolean add,
        final CallResult result)
    {
        final Graph graph = graph(call.arg(0), name, result);
        if (graph == null)
        {
            return;
        }
        final long count = call.arg(1);
        final List<Node> from = nodes(count, 0, input, graph, name, result);
        final List<Node> to = from == null ? null : nodes(count, (int)count * HANDLE_BYTES, input, graph, name, result);
        if (to == null)
        {
            return;
        }
        for (int i = 0; i < from.size(); i++)
        {
            final Node source = from.get(i);
            final Node target = to.get(i);
            final boolean exists = target.dependencies.contains(source);
            if (source == target || exists == add)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": edge " + i + " (0x" + Long.toHexString(source.handle) +
                    " -> 0x" + Long.toHexString(target.handle) + ") " + (source == target ? "joins a node to itself" :
                    add ? "already exists" : "does not exist"));
                return;
            }
        }
        for (int i = 0; i < from.size(); i++)
        {
            final Node source = from.get(i);
            final Node target = to.get(i);
            if (add)
            {
                if (!target.dependencies.contains(source))
                {
                    target.dependencies.add(source);
                    source.dependents.add(target);
                }
            }
            else
            {
                target.dependencies.remove(source);
                source.dependents.remove(target);
            }
        }
    }

    // Instantiation and launch.

    private void instantiate(
        final ReceivedCall call, final String name, final ContextEntry context, final CallResult result)
    {
        final Graph graph = graph(call.arg(0), name, result);
        if (graph == null)
        {
            return;
        }
        if (call.arg(1) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags must be 0, got " + call.arg(1));
            return;
        }
        final ExecGraph root = snapshot(graph, name, result);
        if (root == null || !admit(count(root), name, result) || !admitBytes(bytes(root), name, result))
        {
            return;
        }
        liveNodes += count(root);
        heldBytes += bytes(root);
        holdKeys(root);
        final Exec exec = new Exec(root);
        exec.entry = entry(resources.addLibraryObject(HandleKind.GRAPH_EXEC, context, exec), HandleKind.GRAPH_EXEC);
        result.value(exec.entry.handle);
        replyWithKeys(exec, false, result);
    }

    /**
     * The graph's nodes in a topological order (among the nodes ready at once, the order they were added), with a
     * copy of each one's parameters.
     */
    private static ExecGraph snapshot(final Graph graph, final String name, final CallResult result)
    {
        final Map<Node, Integer> waiting = new IdentityHashMap<>();
        final ArrayDeque<Node> ready = new ArrayDeque<>();
        for (final Node node : graph.nodes)
        {
            waiting.put(node, node.dependencies.size());
            if (node.dependencies.isEmpty())
            {
                ready.add(node);
            }
        }
        final ExecGraph exec = new ExecGraph();
        final List<Node> order = new ArrayList<>();
        while (!ready.isEmpty())
        {
            final Node node = ready.poll();
            order.add(node);
            for (final Node dependent : node.dependents)
            {
                final int left = waiting.merge(dependent, -1, Integer::sum);
                if (left == 0)
                {
                    ready.add(dependent);
                }
            }
        }
        if (order.size() != graph.nodes.size())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": graph 0x" + Long.toHexString(graph.handle) +
                " has a cycle");
            return null;
        }
        for (final Node node : order)
        {
            final ExecNode execNode = new ExecNode(node.type, node.handle);
            if (node.params instanceof Graph child)
            {
                execNode.child = snapshot(child, name, result);
                if (execNode.child == null)
                {
                    return null;
                }
            }
            else
            {
                execNode.params = node.params;
            }
            execNode.attributes = node.attributes.copy();
            exec.order.add(execNode);
            exec.byNode.put(node.handle, execNode);
        }
        return exec;
    }

    private void execSetParams(
        final ReceivedCall call, final DirectBuffer input, final String name, final CallResult result)
    {
        final Exec exec = exec(call.arg(0), name, result);
        if (exec == null)
        {
            return;
        }
        final ExecNode node = exec.root.byNode.get(call.arg(1));
        if (node == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": 0x" + Long.toHexString(call.arg(1)) + " is not a node " +
                "of the graph that graph exec 0x" + Long.toHexString(exec.entry.handle) + " was instantiated from");
            return;
        }
        final int expected = switch (call.function())
        {
            case CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS -> NODE_MEMSET;
            case CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS -> NODE_MEMCPY;
            case CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS -> NODE_KERNEL;
            case CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS -> NODE_GRAPH;
            case CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS -> NODE_HOST;
            default -> node.type == NODE_WAIT_EVENT ? NODE_WAIT_EVENT : NODE_EVENT_RECORD;
        };
        if (node.type != expected)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": node 0x" + Long.toHexString(call.arg(1)) + " is a node of " +
                "type " + node.type + ", not " + expected);
            return;
        }
        if (expected == NODE_GRAPH)
        {
            final Graph child = graph(call.arg(2), name, result);
            final ExecGraph snapshot = child == null ? null : snapshot(child, name, result);
            if (snapshot == null)
            {
                return;
            }
            if (!sameShape(snapshot, node.child))
            {
                result.fail(CudaError.INVALID_VALUE, name + ": graph 0x" + Long.toHexString(child.handle) +
                    " does not have the nodes and edges of the child graph that was instantiated");
                return;
            }
            if (!admitBytes(bytes(snapshot) - bytes(node.child), name, result))
            {
                return;
            }
            heldBytes += bytes(snapshot) - bytes(node.child);
            holdKeys(snapshot);
            releaseKeys(node.child);
            node.child = snapshot;
            replyWithKeys(exec, wantsReleased(call, 3), result);
            return;
        }
        final Object params = parameters(expected, call, 2, input, 0, name, result);
        if (params != null && admitBytes(bytes(params), name, result))
        {
            heldBytes += bytes(params) - bytes(node.params);
            holdKey(node.type, params);
            releaseKey(node.type, node.params);
            node.params = params;
            if (expected == NODE_HOST)
            {
                replyWithKeys(exec, wantsReleased(call, 3), result);
            }
        }
    }

    // Host node keys: held once by each node and exec node that has one (see HostNodeKeys).

    private void holdKey(final int type, final Object params)
    {
        if (type == NODE_HOST && params != null)
        {
            heldKeys.hold((Long)params);
        }
    }

    private void releaseKey(final int type, final Object params)
    {
        if (type == NODE_HOST && params != null)
        {
            heldKeys.release((Long)params);
        }
    }

    private void holdKeys(final ExecGraph graph)
    {
        final List<Long> keys = new ArrayList<>();
        hostKeys(graph, keys);
        for (final Long key : keys)
        {
            heldKeys.hold(key);
        }
    }

    private void releaseKeys(final ExecGraph graph)
    {
        final List<Long> keys = new ArrayList<>();
        hostKeys(graph, keys);
        for (final Long key : keys)
        {
            heldKeys.release(key);
        }
    }

    /**
     * Whether the call asks for the host node keys it released: its optional argument at {@code index} is not 0. A
     * client that does not ask (one older than the question) gets the reply it always got.
     */
    private static boolean wantsReleased(final ReceivedCall call, final int index)
    {
        return call.argCount() > index && call.arg(index) != 0;
    }

    /**
     * The payload of a reply that changes an exec's host nodes or releases keys: the exec's keys in the order they
     * run (none for {@code exec} null), then, when {@code released}, the keys the call released, whose count is the
     * reply's first value. Nothing when there is neither.
     */
    private void replyWithKeys(final Exec exec, final boolean released, final CallResult result)
    {
        if (exec == null && !released)
        {
            return;
        }
        final List<Long> keys = new ArrayList<>();
        if (exec != null)
        {
            hostKeys(exec.root, keys);
        }
        final long[] releasedKeys = released ? heldKeys.released() : NO_KEYS;
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[(keys.size() + releasedKeys.length) * HANDLE_BYTES]);
        for (int i = 0; i < keys.size(); i++)
        {
            bytes.putLong(i * HANDLE_BYTES, keys.get(i), ORDER);
        }
        for (int i = 0; i < releasedKeys.length; i++)
        {
            bytes.putLong((keys.size() + i) * HANDLE_BYTES, releasedKeys[i], ORDER);
        }
        if (released)
        {
            result.value(releasedKeys.length);
        }
        result.payload(new ByteArrayPayload(bytes.byteArray()));
    }

    private static void hostKeys(final ExecGraph graph, final List<Long> keys)
    {
        for (final ExecNode node : graph.order)
        {
            if (node.type == NODE_HOST)
            {
                keys.add((Long)node.params);
            }
            else if (node.type == NODE_GRAPH)
            {
                hostKeys(node.child, keys);
            }
        }
    }

    /**
     * The callback ids a launch carries, one per host node of the exec.
     */
    private long[] callbackIds(final Exec exec, final DirectBuffer input, final CallResult result)
    {
        final List<Long> keys = new ArrayList<>();
        hostKeys(exec.root, keys);
        if (input.capacity() != keys.size() * HANDLE_BYTES)
        {
            result.fail(CudaError.INVALID_VALUE, "cuGraphLaunch: the graph exec has " + keys.size() + " host nodes; " +
                "the launch carries " + input.capacity() + " bytes of callback ids");
            return null;
        }
        if (!keys.isEmpty() && callbacks == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, "cuGraphLaunch: the graph has host nodes and this session has no " +
                "client to run callbacks");
            return null;
        }
        final long[] ids = new long[keys.size()];
        for (int i = 0; i < ids.length; i++)
        {
            ids[i] = input.getLong(i * HANDLE_BYTES, ORDER);
        }
        return ids;
    }

    private static boolean sameShape(final ExecGraph a, final ExecGraph b)
    {
        if (a.order.size() != b.order.size())
        {
            return false;
        }
        for (int i = 0; i < a.order.size(); i++)
        {
            final ExecNode x = a.order.get(i);
            final ExecNode y = b.order.get(i);
            if (x.type != y.type || x.type == NODE_GRAPH && !sameShape(x.child, y.child))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Run the nodes in order on the stream, stopping at the first that fails, which the message names.
     *
     * @param nextCallback the launch's progress through {@code callbackIds} ({@link #NEXT}, {@link #QUEUED}).
     */
    private void run(
        final ExecGraph graph, final StreamEntry stream, final int[] nextCallback, final long[] callbackIds,
        final CallResult result)
    {
        for (final ExecNode node : graph.order)
        {
            switch (node.type)
            {
                case NODE_KERNEL -> launch(node, (Kernel)node.params, stream, result);
                case NODE_MEMSET ->
                {
                    final Memset memset = (Memset)node.params;
                    for (long row = 0; row < memset.height && !result.failed(); row++)
                    {
                        backend.memset(stream.context.backend, stream.backend, memset.destination + row * memset.pitch,
                            memset.value, memset.width, memset.elementSize, result);
                    }
                }
                case NODE_MEMCPY -> copy((Memcpy)node.params, stream, result);
                case NODE_EVENT_RECORD, NODE_WAIT_EVENT ->
                {
                    final EventEntry event = resources.event((Long)node.params, result);
                    if (event != null && event.context != stream.context)
                    {
                        result.fail(CudaError.INVALID_HANDLE, "event 0x" + Long.toHexString(event.handle) +
                            " belongs to another context than the stream");
                    }
                    else if (event != null && node.type == NODE_EVENT_RECORD)
                    {
                        backend.recordEvent(event.backend, stream.backend, result);
                    }
                    else if (event != null)
                    {
                        backend.streamWaitEvent(stream.context.backend, stream.backend, event.backend, result);
                    }
                }
                case NODE_GRAPH -> run(node.child, stream, nextCallback, callbackIds, result);
                case NODE_HOST ->
                {
                    if (hostFunction(stream, callbackIds[nextCallback[NEXT]++], result))
                    {
                        nextCallback[QUEUED]++;
                    }
                }
                default ->
                {
                }
            }
            if (result.failed())
            {
                if (!result.message().startsWith("cuGraphLaunch: "))
                {
                    result.fail(result.error(), "cuGraphLaunch: node 0x" + Long.toHexString(node.node) + ": " +
                        result.message());
                }
                return;
            }
        }
    }

    /**
     * A host node: the client's function, registered under the launch's callback id for it and queued on the stream
     * as cuLaunchHostFunc queues one.
     *
     * @return whether it was queued (it then comes due, whatever the launch's later nodes do).
     */
    private boolean hostFunction(final StreamEntry stream, final long callbackId, final CallResult result)
    {
        final HostFunction function = callbacks.register(callbackId, Api.DRIVER, "cuGraphLaunch (host node)", result);
        if (function == null)
        {
            return false;
        }
        backend.launchHostFunction(stream.context.backend, stream.backend, false, function, result);
        if (result.failed())
        {
            callbacks.unregister(callbackId);
            return false;
        }
        return true;
    }

    private void launch(final ExecNode node, final Kernel kernel, final StreamEntry stream, final CallResult result)
    {
        final FunctionEntry function = resources.function(kernel.function, result);
        if (function == null)
        {
            return;
        }
        if (function.module.context != stream.context)
        {
            result.fail(CudaError.INVALID_VALUE, "the kernel's module was loaded in another context than the " +
                "stream's");
            return;
        }
        final int[] d = kernel.dimensions;
        final KernelAttributes attributes = node.attributes;
        if (attributes.hasWindow())
        {
            launchInWindow(function, kernel, attributes, stream, result);
            return;
        }
        if (attributes.cooperative != 0)
        {
            backend.launchCooperativeKernel(function.kernel, stream.backend, d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                kernel.parameters, result);
            return;
        }
        backend.launchKernel(function.kernel, stream.backend, d[0], d[1], d[2], d[3], d[4], d[5], d[6],
            kernel.parameters, result);
    }

    // Kernel node attributes (issue #13, family "capture").

    /** CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW and CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE. */
    static final int ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
    static final int ATTRIBUTE_COOPERATIVE = 2;

    /**
     * cuGraphKernelNodeGetAttribute answers what was set (CUDA's defaults, zeros, otherwise); Set checks the values as
     * cuStreamSetAttribute does; CopyAttributes copies every attribute. They apply when the node runs.
     */
    private void kernelNodeAttribute(final ReceivedCall call, final String name, final CallResult result)
    {
        final Node node = node(call.arg(0), name, NODE_KERNEL, result);
        if (node == null)
        {
            return;
        }
        if (call.function() == Function.CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES)
        {
            final Node source = node(call.arg(1), name, NODE_KERNEL, result);
            if (source != null)
            {
                node.attributes = source.attributes.copy();
            }
            return;
        }
        final long attribute = call.arg(1);
        if (attribute != ATTRIBUTE_ACCESS_POLICY_WINDOW && attribute != ATTRIBUTE_COOPERATIVE)
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": attribute " + attribute + " is not the access policy " +
                "window (1) or cooperative (2), the two JCuda's CUkernelNodeAttrValue carries");
            return;
        }
        if (call.function() == Function.CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE)
        {
            if (attribute == ATTRIBUTE_COOPERATIVE)
            {
                result.value(node.attributes.cooperative);
            }
            else
            {
                for (final long value : node.attributes.window)
                {
                    result.value(value);
                }
            }
            return;
        }
        if (attribute == ATTRIBUTE_COOPERATIVE)
        {
            final long cooperative = call.arg(2);
            if (cooperative != 0 && cooperative != 1)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": cooperative " + cooperative + " is not 0 or 1");
                return;
            }
            node.attributes.cooperative = cooperative;
            return;
        }
        final long[] window = new long[KernelAttributes.WINDOW_VALUES];
        for (int i = 0; i < window.length; i++)
        {
            window[i] = call.arg(2 + i);
        }
        final float hitRatio = Float.intBitsToFloat((int)window[2]);
        if (window[2] != (int)window[2] || !(hitRatio >= 0 && hitRatio <= 1) || window[1] < 0 || window[3] < 0 ||
            window[3] > 2 || window[4] < 0 || window[4] > 2)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": values " + java.util.Arrays.toString(window) + " are not " +
                "a valid access policy window (a hit ratio from 0 to 1, properties 0 to 2)");
            return;
        }
        node.attributes.window = window;
    }

    /**
     * A launch of a kernel node with an access policy window: the stream's window is set to the node's for the
     * launch and restored after it, as CUDA applies a node's window to its launch only (the backend checks the window
     * against the session's allocations, and the emulator, without an L2 cache, refuses it).
     */
    private void launchInWindow(
        final FunctionEntry function, final Kernel kernel, final KernelAttributes attributes,
        final StreamEntry stream, final CallResult result)
    {
        final CallResult saved = new CallResult();
        saved.reset(Api.DRIVER);
        backend.streamGetAttribute(stream.context.backend, stream.backend, ATTRIBUTE_ACCESS_POLICY_WINDOW, saved);
        if (saved.failed())
        {
            result.fail(saved.error(), "the kernel node's access policy window: " + saved.message());
            return;
        }
        final long[] previous = new long[KernelAttributes.WINDOW_VALUES];
        for (int i = 0; i < previous.length; i++)
        {
            previous[i] = saved.values()[i];
        }
        backend.streamSetAttribute(stream.context.backend, stream.backend, ATTRIBUTE_ACCESS_POLICY_WINDOW,
            attributes.window, result);
        if (result.failed())
        {
            result.fail(result.error(), "the kernel node's access policy window: " + result.message());
            return;
        }
        final int[] d = kernel.dimensions;
        if (attributes.cooperative != 0)
        {
            backend.launchCooperativeKernel(function.kernel, stream.backend, d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                kernel.parameters, result);
        }
        else
        {
            backend.launchKernel(function.kernel, stream.backend, d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                kernel.parameters, result);
        }
        final CallResult restored = new CallResult();
        restored.reset(Api.DRIVER);
        backend.streamSetAttribute(stream.context.backend, stream.backend, ATTRIBUTE_ACCESS_POLICY_WINDOW, previous,
            restored);
        if (restored.failed() && !result.failed())
        {
            result.fail(restored.error(), "the stream's access policy window after the kernel node: " +
                restored.message());
        }
    }

    /**
     * A kernel node's attributes: CUDA's defaults are zeros (no window, not cooperative).
     */
    private static final class KernelAttributes
    {
        static final int WINDOW_VALUES = 5;

        /** Base address, bytes, hit ratio's float bits, hit property, miss property. */
        long[] window = new long[WINDOW_VALUES];
        long cooperative;

        boolean hasWindow()
        {
            return window[1] != 0;
        }

        KernelAttributes copy()
        {
            final KernelAttributes copy = new KernelAttributes();
            copy.window = window.clone();
            copy.cooperative = cooperative;
            return copy;
        }
    }

    private void copy(final Memcpy copy, final StreamEntry stream, final CallResult result)
    {
        if (copy.contiguous())
        {
            backend.memcpyDeviceToDevice(stream.context.backend, stream.backend, copy.destination, copy.source,
                copy.width * copy.height * copy.depth, result);
            return;
        }
        for (long z = 0; z < copy.depth; z++)
        {
            for (long y = 0; y < copy.height && !result.failed(); y++)
            {
                backend.memcpyDeviceToDevice(stream.context.backend, stream.backend,
                    copy.destination + (z * copy.destinationHeight + y) * copy.destinationPitch,
                    copy.source + (z * copy.sourceHeight + y) * copy.sourcePitch, copy.width, result);
            }
            if (result.failed())
            {
                return;
            }
        }
    }

    // Lookups.

    private StreamEntry stream(final long handle, final ContextEntry context, final CallResult result)
    {
        return SessionResources.isDefaultStream(handle) ? context.defaultStream : resources.stream(handle, result);
    }

    private Graph graph(final long handle, final String name, final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.GRAPH, CudaError.INVALID_VALUE,
            result);
        if (entry == null)
        {
            result.fail(result.error(), name + ": " + result.message());
            return null;
        }
        return (Graph)entry.object;
    }

    /**
     * @param type the node type the function needs, or -1 for any.
     */
    private Node node(final long handle, final String name, final int type, final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.GRAPH_NODE,
            CudaError.INVALID_VALUE, result);
        if (entry == null)
        {
            result.fail(result.error(), name + ": " + result.message());
            return null;
        }
        final Node node = (Node)entry.object;
        if (type >= 0 && node.type != type)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": node 0x" + Long.toHexString(handle) + " is a node of type " +
                node.type + ", not " + type);
            return null;
        }
        return node;
    }

    private Exec exec(final long handle, final String name, final CallResult result)
    {
        final LibraryObjectEntry entry = resources.libraryObject(handle, HandleKind.GRAPH_EXEC,
            CudaError.INVALID_VALUE, result);
        if (entry == null)
        {
            result.fail(result.error(), name + ": " + result.message());
            return null;
        }
        return (Exec)entry.object;
    }

    /**
     * {@code count} node handles of {@code graph} from the payload at {@code offset}, distinct.
     */
    private List<Node> nodes(
        final long count, final int offset, final DirectBuffer input, final Graph graph, final String name,
        final CallResult result)
    {
        if (count < 0 || count > MAX_NODES || offset + count * HANDLE_BYTES > input.capacity())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + count + " nodes do not fit the " +
                input.capacity() + " bytes of node handles sent");
            return null;
        }
        final List<Node> nodes = new ArrayList<>((int)count);
        for (int i = 0; i < count; i++)
        {
            final Node node = node(input.getLong(offset + i * HANDLE_BYTES, ORDER), name, -1, result);
            if (node == null)
            {
                return null;
            }
            if (node.graph != graph)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": node 0x" + Long.toHexString(node.handle) +
                    " is not a node of graph 0x" + Long.toHexString(graph.handle));
                return null;
            }
            nodes.add(node);
        }
        return nodes;
    }

    private static void replyWithNodes(final List<Node> nodes, final CallResult result)
    {
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[nodes.size() * HANDLE_BYTES]);
        for (int i = 0; i < nodes.size(); i++)
        {
            bytes.putLong(i * HANDLE_BYTES, nodes.get(i).handle, ORDER);
        }
        result.value(nodes.size()).payload(new ByteArrayPayload(bytes.byteArray()));
    }

    private boolean admit(final long nodes, final String name, final CallResult result)
    {
        if (liveNodes + nodes > MAX_NODES)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": a session's graphs hold at most " + MAX_NODES + " nodes");
            return false;
        }
        return true;
    }

    private boolean admitBytes(final long bytes, final String name, final CallResult result)
    {
        if (heldBytes + bytes > MAX_PARAMETER_BYTES)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": a session's graphs and graph execs hold at most " +
                (MAX_PARAMETER_BYTES >> 20) + " MiB of kernel parameters");
            return false;
        }
        return true;
    }

    /**
     * The memory a node's parameters hold: a kernel node's parameters, twice (as laid out and as given).
     */
    private static long bytes(final Object params)
    {
        return params instanceof Kernel kernel ? (long)kernel.parameters().length + kernel.given().length : 0;
    }

    private static long bytes(final Graph graph)
    {
        long bytes = 0;
        for (final Node node : graph.nodes)
        {
            bytes += node.params instanceof Graph child ? bytes(child) : bytes(node.params);
        }
        return bytes;
    }

    private static long count(final ExecGraph graph)
    {
        long count = 0;
        for (final ExecNode node : graph.order)
        {
            count += 1 + (node.child != null ? count(node.child) : 0);
        }
        return count;
    }

    private static long bytes(final ExecGraph graph)
    {
        long bytes = 0;
        for (final ExecNode node : graph.order)
        {
            bytes += node.child != null ? bytes(node.child) : bytes(node.params);
        }
        return bytes;
    }

    private static long count(final Graph graph)
    {
        long count = 0;
        for (final Node node : graph.nodes)
        {
            count += 1 + (node.params instanceof Graph child ? count(child) : 0);
        }
        return count;
    }

    private static int depth(final Graph graph)
    {
        int depth = 0;
        for (Node owner = graph.owner; owner != null; owner = owner.graph.owner)
        {
            depth++;
        }
        return depth + height(graph);
    }

    private static int height(final Graph graph)
    {
        int height = 0;
        for (final Node node : graph.nodes)
        {
            if (node.params instanceof Graph child)
            {
                height = Math.max(height, 1 + height(child));
            }
        }
        return height;
    }

    private static boolean contains(final Graph graph, final Graph wanted)
    {
        for (final Node node : graph.nodes)
        {
            if (node.params instanceof Graph child && (child == wanted || contains(child, wanted)))
            {
                return true;
            }
        }
        return false;
    }

    // The objects.

    private static final class Graph
    {
        final List<Node> nodes = new ArrayList<>();
        /** For a clone: the node of the original each copy was made from, by the original's handle. */
        final Map<Long, Node> copyOf = new HashMap<>();
        LibraryObjectEntry entry;
        long handle;
        /** The child graph node this graph is the graph of, or null for a graph of its own. */
        Node owner;
        /** The graph this one is a clone of, or null. */
        Graph original;
    }

    private static final class Node
    {
        final Graph graph;
        final int type;
        final List<Node> dependencies = new ArrayList<>();
        final List<Node> dependents = new ArrayList<>();
        /**
         * {@link Kernel}, {@link Memset}, {@link Memcpy}, an event handle or a host function's key ({@link Long}), a
         * {@link Graph}, or null.
         */
        Object params;
        /** A kernel node's attributes (cuGraphKernelNodeSetAttribute). */
        KernelAttributes attributes = new KernelAttributes();
        LibraryObjectEntry entry;
        long handle;

        Node(final Graph graph, final int type, final Object params)
        {
            this.graph = graph;
            this.type = type;
            this.params = params;
        }
    }

    /**
     * @param parameters the parameters laid out as the kernel declares them, for launches.
     * @param count      the parameter count the client sent (-1: a ready buffer), with their sizes and bytes as given,
     *                   for cuGraphKernelNodeGetParams.
     */
    private record Kernel(
        long function, int[] dimensions, byte[] parameters, long count, long[] sizes, byte[] given)
    {
    }

    private record Memset(long destination, long pitch, int value, int elementSize, long width, long height)
    {
        String refusal()
        {
            if (elementSize != 1 && elementSize != 2 && elementSize != 4)
            {
                return "element size " + elementSize + " is not 1, 2 or 4";
            }
            if (width <= 0 || height <= 0 || height > MAX_ROWS)
            {
                return "width " + width + " and height " + height + " must be positive (gpurelay runs memset nodes " +
                    "of at most " + MAX_ROWS + " rows)";
            }
            if (height > 1 && (pitch < width * elementSize || pitch > Long.MAX_VALUE / height))
            {
                return "pitch " + pitch + " is smaller than a row of " + width * elementSize + " bytes";
            }
            return null;
        }
    }

    private record Memcpy(
        long destination, long destinationPitch, long destinationHeight, long source, long sourcePitch,
        long sourceHeight, long width, long height, long depth)
    {
        String refusal()
        {
            if (width <= 0 || height <= 0 || depth <= 0 || height > MAX_ROWS || depth > MAX_ROWS ||
                height * depth > MAX_ROWS)
            {
                return "width " + width + ", height " + height + " and depth " + depth + " must be positive " +
                    "(gpurelay runs copy nodes of at most " + MAX_ROWS + " rows)";
            }
            if (width > Long.MAX_VALUE / MAX_ROWS)
            {
                return "a row of " + width + " bytes is too large";
            }
            if ((height > 1 || depth > 1) && (sourcePitch < width || destinationPitch < width ||
                sourcePitch > Long.MAX_VALUE / MAX_ROWS / MAX_ROWS || destinationPitch > Long.MAX_VALUE / MAX_ROWS /
                MAX_ROWS))
            {
                return "pitches " + sourcePitch + " and " + destinationPitch + " must hold a row of " + width +
                    " bytes";
            }
            if (depth > 1 && (sourceHeight < height || destinationHeight < height || sourceHeight > MAX_ROWS ||
                destinationHeight > MAX_ROWS))
            {
                return "heights " + sourceHeight + " and " + destinationHeight + " must hold " + height + " rows";
            }
            return null;
        }

        boolean contiguous()
        {
            return height * depth == 1 || sourcePitch == width && destinationPitch == width &&
                (depth == 1 || sourceHeight == height && destinationHeight == height);
        }
    }

    private static final class Exec
    {
        final ExecGraph root;
        LibraryObjectEntry entry;

        Exec(final ExecGraph root)
        {
            this.root = root;
        }
    }

    private static final class ExecGraph
    {
        final List<ExecNode> order = new ArrayList<>();
        final Map<Long, ExecNode> byNode = new HashMap<>();
    }

    private static final class ExecNode
    {
        final int type;
        /** The handle of the node it was made from. */
        final long node;
        Object params;
        ExecGraph child;
        KernelAttributes attributes;

        ExecNode(final int type, final long node)
        {
            this.type = type;
            this.node = node;
        }
    }
}
