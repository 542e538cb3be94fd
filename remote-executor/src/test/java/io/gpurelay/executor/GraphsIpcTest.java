package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.function;
import static io.gpurelay.executor.Kernels.loadModule;
import static io.gpurelay.executor.Kernels.ptx;
import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CU_EVENT_DESTROY;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_CHILD_GRAPH_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_EMPTY_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_EVENT_RECORD_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_HOST_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_KERNEL_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_MEMCPY_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_MEMSET_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH;
import static io.gpurelay.protocol.Function.CU_GRAPH_CLONE;
import static io.gpurelay.protocol.Function.CU_GRAPH_CREATE;
import static io.gpurelay.protocol.Function.CU_GRAPH_DESTROY;
import static io.gpurelay.protocol.Function.CU_GRAPH_DESTROY_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS;
import static io.gpurelay.protocol.Function.CU_GRAPH_EXEC_DESTROY;
import static io.gpurelay.protocol.Function.CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS;
import static io.gpurelay.protocol.Function.CU_GRAPH_GET_NODES;
import static io.gpurelay.protocol.Function.CU_GRAPH_HOST_NODE_SET_PARAMS;
import static io.gpurelay.protocol.Function.CU_GRAPH_INSTANTIATE;
import static io.gpurelay.protocol.Function.CU_GRAPH_LAUNCH;
import static io.gpurelay.protocol.Function.CU_GRAPH_NODE_FIND_IN_CLONE;
import static io.gpurelay.protocol.Function.CU_GRAPH_NODE_GET_TYPE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MODULE_UNLOAD;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CU_STREAM_SYNCHRONIZE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.dispatch.GraphDispatcher;
import io.gpurelay.protocol.DriverStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * CUDA graphs on the wire, against the emulator: graph, node and graph exec handles are checked like every handle
 * (another session's, a stale one, one of another kind are refused, naming the function), a graph exec outlives its
 * graph, destroying a graph ends its nodes, and what a node cannot be is refused when it is made.
 */
class GraphsIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;
    private static final long NO_CONTEXT = 0;
    private static final int N = 256;
    private static final int FLOAT_BYTES = 4;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("graphs", 1, DEVICE_MEMORY, context -> context);

    @Test
    void aKernelGraphRunsAndItsExecOutlivesTheGraph()
    {
        final TestClient client = EXECUTOR.connected("graph kernel");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long module = loadModule(client, context, "vector_add.ptx");
        final long vectorAdd = function(client, context, module, "vector_add");
        final float[] a = new float[N];
        final float[] b = new float[N];
        for (int i = 0; i < N; i++)
        {
            a[i] = i;
            b[i] = 2 * i;
        }
        final long deviceA = allocUpload(client, context, a);
        final long deviceB = allocUpload(client, context, b);
        final long deviceC = ok(client.call(CU_MEM_ALLOC, context, (long)N * FLOAT_BYTES)).value(0);
        final long deviceD = ok(client.call(CU_MEM_ALLOC, context, (long)N * FLOAT_BYTES)).value(0);

        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final ByteBuffer parameters = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN)
            .putLong(deviceA).putLong(deviceB).putLong(deviceC).putInt(N);
        final long kernelNode = ok(client.callWithPayload(CU_GRAPH_ADD_KERNEL_NODE, context, parameters.array(),
            graph, 0, vectorAdd, 2, 1, 1, 128, 1, 1, 0, 4, 8, 8, 8, 4)).value(0);
        final long copyNode = ok(client.callWithPayload(CU_GRAPH_ADD_MEMCPY_NODE, context, handles(kernelNode),
            graph, 1, deviceD, 0, 0, deviceC, 0, 0, (long)N * FLOAT_BYTES, 1, 1)).value(0);
        assertEquals(1, ok(client.call(CU_GRAPH_NODE_GET_TYPE, context, copyNode)).value(0));
        final Reply nodes = ok(client.call(CU_GRAPH_GET_NODES, context, graph));
        assertEquals(2, nodes.value(0));
        assertArrayEquals(handles(kernelNode, copyNode), nodes.payload());

        final long exec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        ok(client.call(CU_GRAPH_DESTROY, context, graph));
        final Reply staleNode = client.call(CU_GRAPH_NODE_GET_TYPE, context, kernelNode);
        assertEquals(DriverStatus.INVALID_VALUE, staleNode.status(), "destroying a graph ends its nodes");
        assertTrue(staleNode.message().startsWith("cuGraphNodeGetType: ") &&
            staleNode.message().contains("no longer live"), staleNode.message());

        ok(client.call(CU_GRAPH_LAUNCH, context, exec, DEFAULT_STREAM));
        ok(client.call(CU_STREAM_SYNCHRONIZE, context, DEFAULT_STREAM));
        final float[] d = download(client, context, deviceD, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(3f * i, d[i], "element " + i);
        }

        // The node names its kernel by handle: unloaded, a launch fails naming the node instead of running it.
        ok(client.call(CU_MODULE_UNLOAD, context, module));
        final Reply unloaded = client.call(CU_GRAPH_LAUNCH, context, exec, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_HANDLE, unloaded.status());
        assertTrue(unloaded.message().startsWith("cuGraphLaunch: node 0x" + Long.toHexString(kernelNode)),
            unloaded.message());
        ok(client.call(CU_GRAPH_EXEC_DESTROY, context, exec));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_GRAPH_LAUNCH, context, exec, DEFAULT_STREAM).status());
    }

    @Test
    void refusesAnotherSessionsStaleAndWrongKindHandles()
    {
        final TestClient client = EXECUTOR.connected("graph handles");
        final TestClient other = EXECUTOR.connected("other graph handles");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long otherContext = ok(other.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long node = ok(client.call(CU_GRAPH_ADD_EMPTY_NODE, context, graph, 0)).value(0);
        final long exec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        final long otherGraph = ok(other.call(CU_GRAPH_CREATE, otherContext, 0)).value(0);

        for (final Reply foreign : new Reply[]{
            other.call(CU_GRAPH_GET_NODES, otherContext, graph),
            other.call(CU_GRAPH_NODE_GET_TYPE, otherContext, node),
            other.call(CU_GRAPH_LAUNCH, otherContext, exec, DEFAULT_STREAM),
            other.call(CU_GRAPH_DESTROY, otherContext, graph),
            other.call(CU_GRAPH_ADD_CHILD_GRAPH_NODE, otherContext, otherGraph, 0, graph),
            other.callWithPayload(CU_GRAPH_ADD_EMPTY_NODE, otherContext, handles(node), otherGraph, 1) })
        {
            assertEquals(DriverStatus.INVALID_VALUE, foreign.status(), foreign.message());
            assertTrue(foreign.message().contains("no handle of this session"), foreign.message());
        }
        // Still there for its owner.
        assertEquals(1, ok(client.call(CU_GRAPH_GET_NODES, context, graph)).value(0));

        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        final Reply streamAsGraph = client.call(CU_GRAPH_GET_NODES, context, stream);
        assertEquals(DriverStatus.INVALID_VALUE, streamAsGraph.status());
        assertTrue(streamAsGraph.message().startsWith("cuGraphGetNodes: ") &&
            streamAsGraph.message().contains("it is a stream handle"), streamAsGraph.message());
        final Reply nodeAsExec = client.call(CU_GRAPH_LAUNCH, context, node, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, nodeAsExec.status());
        assertTrue(nodeAsExec.message().contains("it is a CUgraphNode handle"), nodeAsExec.message());
        final Reply dependencyNotSent = client.call(CU_GRAPH_ADD_EMPTY_NODE, context, graph, 3);
        assertEquals(DriverStatus.INVALID_VALUE, dependencyNotSent.status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_GRAPH_ADD_EMPTY_NODE, context, graph, -1).status());
    }

    @Test
    void refusesNodesItCannotRun()
    {
        final TestClient client = EXECUTOR.connected("graph refusals");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long buffer = ok(client.call(CU_MEM_ALLOC, context, 4096L)).value(0);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);

        final Reply elementSize = client.call(CU_GRAPH_ADD_MEMSET_NODE, context, graph, 0, buffer, 0, 7, 3, 16, 1);
        assertEquals(DriverStatus.INVALID_VALUE, elementSize.status());
        assertTrue(elementSize.message().startsWith("cuGraphAddMemsetNode: element size 3"), elementSize.message());
        final Reply narrowPitch = client.call(CU_GRAPH_ADD_MEMSET_NODE, context, graph, 0, buffer, 8, 7, 4, 16, 4);
        assertEquals(DriverStatus.INVALID_VALUE, narrowPitch.status(), narrowPitch.message());
        final Reply noRows = client.call(CU_GRAPH_ADD_MEMCPY_NODE, context, graph, 0, buffer, 0, 0, buffer, 0, 0,
            16, 0, 1);
        assertEquals(DriverStatus.INVALID_VALUE, noRows.status(), noRows.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_GRAPH_CREATE, context, 1).status(),
            "cuGraphCreate's flags must be 0");

        // A host node's function is the client's: a launch must bring a callback id for each.
        final long hostGraph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        ok(client.call(CU_GRAPH_ADD_HOST_NODE, context, hostGraph, 0, 42));
        final Reply instantiated = ok(client.call(CU_GRAPH_INSTANTIATE, context, hostGraph, 0));
        assertArrayEquals(handles(42), instantiated.payload(), "the exec's host node keys");
        final Reply noIds = client.call(CU_GRAPH_LAUNCH, context, instantiated.value(0), DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, noIds.status());
        assertTrue(noIds.message().contains("has 1 host nodes"), noIds.message());

        // A graph's child graph belongs to its node; nesting is bounded.
        long inner = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        ok(client.call(CU_GRAPH_ADD_EMPTY_NODE, context, inner, 0));
        final long parent = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long childNode = ok(client.call(CU_GRAPH_ADD_CHILD_GRAPH_NODE, context, parent, 0, inner)).value(0);
        final long embedded = ok(client.call(CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH, context, childNode)).value(0);
        assertNotEquals(inner, embedded, "the node holds a clone of the child graph");
        final Reply destroyEmbedded = client.call(CU_GRAPH_DESTROY, context, embedded);
        assertEquals(DriverStatus.INVALID_VALUE, destroyEmbedded.status());
        assertTrue(destroyEmbedded.message().contains("belongs to a child graph node"), destroyEmbedded.message());
        Reply nested = null;
        for (int depth = 0; depth <= GraphDispatcher.MAX_NESTING + 1; depth++)
        {
            final long outer = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
            nested = client.call(CU_GRAPH_ADD_CHILD_GRAPH_NODE, context, outer, 0, inner);
            if (nested.status() != 0)
            {
                break;
            }
            inner = outer;
        }
        assertEquals(DriverStatus.NOT_SUPPORTED, nested.status());
        assertTrue(nested.message().contains("nest at most " + GraphDispatcher.MAX_NESTING), nested.message());
    }

    @Test
    void graphExecsCountTowardsTheSessionsNodes()
    {
        final TestClient client = EXECUTOR.connected("graph limits");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final int nodes = 1000;
        for (int i = 0; i < nodes; i++)
        {
            ok(client.call(CU_GRAPH_ADD_EMPTY_NODE, context, graph, 0));
        }
        final List<Long> execs = new ArrayList<>();
        Reply refused = null;
        for (int i = 0; i <= GraphDispatcher.MAX_NODES / nodes; i++)
        {
            final Reply reply = client.call(CU_GRAPH_INSTANTIATE, context, graph, 0);
            if (reply.status() != 0)
            {
                refused = reply;
                break;
            }
            execs.add(reply.value(0));
        }
        assertEquals(GraphDispatcher.MAX_NODES / nodes - 1, execs.size(), "the graph's nodes and its execs' count");
        assertEquals(DriverStatus.OUT_OF_MEMORY, refused.status());
        assertTrue(refused.message().startsWith("cuGraphInstantiate: a session's graphs hold at most"),
            refused.message());
        ok(client.call(CU_GRAPH_EXEC_DESTROY, context, execs.get(0)));
        ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0));
    }

    /**
     * A host node key is held by every node and exec node that has it (clones, child graph nodes' copies and execs
     * share it); a call that asks (its last argument 1) is told which keys no node holds any more after it, so the
     * client can forget their functions. A refused destroy releases nothing, and a call that does not ask gets the
     * reply it always got.
     */
    @Test
    void hostNodeKeysAreReleasedWhenNoNodeOrExecHoldsThem()
    {
        final TestClient client = EXECUTOR.connected("host node keys");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long a = ok(client.call(CU_GRAPH_ADD_HOST_NODE, context, graph, 0, 11)).value(0);
        final long b = ok(client.callWithPayload(CU_GRAPH_ADD_HOST_NODE, context, handles(a), graph, 1, 12)).value(0);
        final long child = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        ok(client.call(CU_GRAPH_ADD_HOST_NODE, context, child, 0, 13));
        final long childNode = ok(client.call(CU_GRAPH_ADD_CHILD_GRAPH_NODE, context, graph, 0, child)).value(0);
        assertReleased(client.call(CU_GRAPH_DESTROY, context, child, RELEASED), "the node's copy holds 13");

        final long clone = ok(client.call(CU_GRAPH_CLONE, context, graph)).value(0);
        final long cloneOfA = ok(client.call(CU_GRAPH_NODE_FIND_IN_CLONE, context, a, clone)).value(0);
        final Reply instantiated = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0));
        final long exec = instantiated.value(0);
        assertArrayEquals(handles(11, 13, 12), instantiated.payload(), "the exec's host node keys, as they run");

        assertReleased(client.call(CU_GRAPH_HOST_NODE_SET_PARAMS, context, b, 14, RELEASED),
            "the clone and the exec hold 12");
        final Reply execSet = client.call(CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS, context, exec, a, 16, RELEASED);
        assertReleased(execSet, "the graph and the clone hold 11");
        assertArrayEquals(handles(16, 13, 12), execSet.payload(), "the exec's keys");
        final Reply execSetAgain = client.call(CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS, context, exec, a, 17, RELEASED);
        assertReleased(execSetAgain, "only the exec held 16", 16);
        assertArrayEquals(handles(17, 13, 12, 16), execSetAgain.payload(), "the exec's keys, then the released");

        final long newChild = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        ok(client.call(CU_GRAPH_ADD_HOST_NODE, context, newChild, 0, 18));
        final Reply childSet = client.call(CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS, context, exec, childNode,
            newChild, RELEASED);
        assertReleased(childSet, "the graph's and the clone's copies hold 13");
        assertArrayEquals(handles(17, 18, 12), childSet.payload(), "the exec's keys");
        assertReleased(client.call(CU_GRAPH_DESTROY, context, newChild, RELEASED), "the exec holds 18");

        final long embedded = ok(client.call(CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH, context, childNode)).value(0);
        final Reply refused = client.call(CU_GRAPH_DESTROY, context, embedded, RELEASED);
        assertEquals(DriverStatus.INVALID_VALUE, refused.status(), refused.message());
        assertEquals(0, refused.payload().length, "a refused destroy releases nothing");

        assertReleased(client.call(CU_GRAPH_DESTROY, context, graph, RELEASED), "11 and 13 are the clone's too", 14);
        assertReleased(client.call(CU_GRAPH_DESTROY_NODE, context, cloneOfA, RELEASED), "the last 11", 11);
        assertReleased(client.call(CU_GRAPH_DESTROY, context, clone, RELEASED), "the exec holds 12", 13);
        assertReleased(client.call(CU_GRAPH_EXEC_DESTROY, context, exec, RELEASED), "the exec's", 17, 18, 12);

        // Not asked: the replies are as they were.
        final long plain = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long plainNode = ok(client.call(CU_GRAPH_ADD_HOST_NODE, context, plain, 0, 19)).value(0);
        final Reply plainSet = ok(client.call(CU_GRAPH_HOST_NODE_SET_PARAMS, context, plainNode, 20));
        final Reply plainDestroy = ok(client.call(CU_GRAPH_DESTROY, context, plain));
        for (final Reply reply : new Reply[]{ plainSet, plainDestroy })
        {
            assertEquals(0, reply.values().length);
            assertEquals(0, reply.payload().length);
        }
    }

    /**
     * A launch that fails says, as its reply's first value, how many of its host nodes' callbacks were queued before
     * the failure (they still come due): the client forgets the others, which never will.
     */
    @Test
    void aFailedLaunchSaysHowManyOfItsHostFunctionsWereQueued()
    {
        final TestClient client = EXECUTOR.connected("failed launch");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long event = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long record = ok(client.call(CU_GRAPH_ADD_EVENT_RECORD_NODE, context, graph, 0, event)).value(0);
        ok(client.callWithPayload(CU_GRAPH_ADD_HOST_NODE, context, handles(record), graph, 1, 31));
        final long exec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        ok(client.call(CU_EVENT_DESTROY, context, event));

        final Reply failed = client.callWithPayload(CU_GRAPH_LAUNCH, context, handles(901), exec, DEFAULT_STREAM);
        assertNotEquals(0, failed.status(), "the event record node's event was destroyed");
        assertArrayEquals(new long[]{ 0 }, failed.values(), "no host function was queued: " + failed.message());

        final Reply refused = client.callWithPayload(CU_GRAPH_LAUNCH, context, handles(902, 903), exec,
            DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, refused.status(), "the launch carries a callback id too many");
        assertArrayEquals(new long[]{ 0 }, refused.values(), refused.message());
        final Reply noExec = client.callWithPayload(CU_GRAPH_LAUNCH, context, handles(904), graph, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, noExec.status(), "a graph is not an exec");
        assertArrayEquals(new long[]{ 0 }, noExec.values(), noExec.message());
    }

    private static final long RELEASED = 1;

    private static void assertReleased(final Reply reply, final String why, final long... keys)
    {
        ok(reply);
        assertEquals(keys.length, reply.value(0), why + ": the number of keys released");
        final byte[] payload = reply.payload();
        assertArrayEquals(handles(keys), Arrays.copyOfRange(payload, payload.length - keys.length * 8,
            payload.length), why + ": the keys released");
    }

    private static byte[] handles(final long... handles)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(8 * handles.length).order(ByteOrder.LITTLE_ENDIAN);
        Arrays.stream(handles).forEach(bytes::putLong);
        return bytes.array();
    }
}
