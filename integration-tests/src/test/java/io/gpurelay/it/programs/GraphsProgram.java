package io.gpurelay.it.programs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUDA_KERNEL_NODE_PARAMS;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMSET_NODE_PARAMS;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import static io.gpurelay.it.programs.FnLines.caseLine;
import static io.gpurelay.it.programs.FnLines.address;
import static io.gpurelay.it.programs.GraphPrograms.alloc;
import static io.gpurelay.it.programs.GraphPrograms.allEqual;
import static io.gpurelay.it.programs.GraphPrograms.read;
import static io.gpurelay.it.programs.GraphPrograms.saxpyNode;

/**
 * CUDA graphs through JCuda's driver API: a graph of memset, kernel ({@code saxpy}), memcpy, empty and event nodes
 * is built, queried (nodes, roots, edges, dependencies, types, parameters), instantiated and launched, its exec's and
 * its nodes' parameters changed, cloned, nested as a child graph, and edited. Each call prints
 * {@code FN <function>/<case> status=<status> <what it gave>} with nodes named by the program (n0, n1, ...), never by
 * handle, so that a run with JCuda's own natives on a GPU and one through gpurelay can be compared line by line
 * ({@code GraphsGpuIT}); the results of the launches are also checked ({@code CHECK} lines, {@code PASSED}).
 * <p>
 * Arguments: the folder with the kernels' PTX files, and optionally {@code refusals}, which adds the calls gpurelay
 * refuses and CUDA would run or crash on (host memory in a memcpy node, stale handles, a cycle): only for a run
 * through gpurelay.
 */
public final class GraphsProgram
{
    private static final int N = 1024;
    private static final int ROWS = 8;
    private static final int ROW = 64;
    private static final int PITCH = 256;

    private static final Checks CHECKS = new Checks();
    /**
     * {@code -Dgraphs.skipNodeLists=true}: ask only for the counts of node and edge lists. JCuda 12.6's own natives
     * corrupt the heap when they fill a node array on a CUDA 13 host, so the local run of the GPU comparison skips
     * them (the comparison runs through gpurelay the same way, and once more with the lists).
     */
    private static final boolean NODE_LISTS = !Boolean.getBoolean("graphs.skipNodeLists");

    private GraphsProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        final boolean refusals = args.length > 1 && "refusals".equals(args[1]);

        final GraphPrograms.Saxpy start = GraphPrograms.start(kernels);
        final CUcontext context = start.context();
        final CUfunction saxpy = start.function();
        final CUstream stream = new CUstream();
        caseLine("cuStreamCreate", "", JCudaDriver.cuStreamCreate(stream, 0));
        final CUevent event = new CUevent();
        caseLine("cuEventCreate", "", JCudaDriver.cuEventCreate(event, 0));

        final CUdeviceptr x = alloc(N * Sizeof.FLOAT);
        final CUdeviceptr y = alloc(N * Sizeof.FLOAT);
        final CUdeviceptr z = alloc(N * Sizeof.FLOAT);

        // y = a * x + y after x = 1 and y = 2, then z = y.
        final CUgraph graph = new CUgraph();
        caseLine("cuGraphCreate", "", JCudaDriver.cuGraphCreate(graph, 0));
        final CUgraphNode setX = node("setX");
        caseLine("cuGraphAddMemsetNode", "x", JCudaDriver.cuGraphAddMemsetNode(setX, graph, null, 0,
            memset(x, Float.floatToRawIntBits(1f), N), context));
        final CUgraphNode setY = node("setY");
        caseLine("cuGraphAddMemsetNode", "y", JCudaDriver.cuGraphAddMemsetNode(setY, graph, null, 0,
            memset(y, Float.floatToRawIntBits(2f), N), context));
        final CUgraphNode kernel = node("saxpy");
        caseLine("cuGraphAddKernelNode", "", JCudaDriver.cuGraphAddKernelNode(kernel, graph,
            new CUgraphNode[]{ setX, setY }, 2, saxpyNode(saxpy, N, 3f, x, y)));
        final CUgraphNode copy = node("copy");
        caseLine("cuGraphAddMemcpyNode", "", JCudaDriver.cuGraphAddMemcpyNode(copy, graph,
            new CUgraphNode[]{ kernel }, 1, copy1d(z, y, N * Sizeof.FLOAT), context));
        final CUgraphNode empty = node("empty");
        caseLine("cuGraphAddEmptyNode", "", JCudaDriver.cuGraphAddEmptyNode(empty, graph,
            new CUgraphNode[]{ copy }, 1));
        final CUgraphNode record = node("record");
        caseLine("cuGraphAddEventRecordNode", "", JCudaDriver.cuGraphAddEventRecordNode(record, graph,
            new CUgraphNode[]{ empty }, 1, event));

        nodes("cuGraphGetNodes", "graph", graph, true);
        nodes("cuGraphGetRootNodes", "graph", graph, false);
        edges("graph", graph);
        dependencies("saxpy", kernel);
        for (final CUgraphNode node : new CUgraphNode[]{ setX, kernel, copy, empty, record })
        {
            final int[] type = new int[1];
            caseLine("cuGraphNodeGetType", name(node), JCudaDriver.cuGraphNodeGetType(node, type), type[0]);
        }
        final CUDA_MEMSET_NODE_PARAMS memsetParams = new CUDA_MEMSET_NODE_PARAMS();
        caseLine("cuGraphMemsetNodeGetParams", "y", JCudaDriver.cuGraphMemsetNodeGetParams(setY, memsetParams),
            memsetParams.value, memsetParams.elementSize, memsetParams.width, memsetParams.height,
            address(memsetParams.dst) == address(y));
        final CUDA_MEMCPY3D copyParams = new CUDA_MEMCPY3D();
        caseLine("cuGraphMemcpyNodeGetParams", "", JCudaDriver.cuGraphMemcpyNodeGetParams(copy, copyParams),
            copyParams.WidthInBytes, copyParams.Height, copyParams.Depth, copyParams.srcMemoryType,
            copyParams.dstMemoryType);
        final CUevent recorded = new CUevent();
        caseLine("cuGraphEventRecordNodeGetEvent", "", JCudaDriver.cuGraphEventRecordNodeGetEvent(record, recorded),
            address(recorded) == address(event));

        final CUgraphExec exec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "", JCudaDriver.cuGraphInstantiate(exec, graph, 0));
        caseLine("cuGraphUpload", "", JCudaDriver.cuGraphUpload(exec, stream));
        launch("first", exec, stream);
        CHECKS.check("the graph computed z = 3 * 1 + 2", allEqual(read(z, N), 5f), "" + read(z, N)[0]);
        caseLine("cuEventQuery", "recorded by the graph", JCudaDriver.cuEventQuery(event));

        // The exec is a snapshot: setting a node of the graph does not reach it, setting the exec's node does.
        caseLine("cuGraphKernelNodeSetParams", "a = 10", JCudaDriver.cuGraphKernelNodeSetParams(kernel,
            saxpyNode(saxpy, N, 10f, x, y)));
        final CUDA_KERNEL_NODE_PARAMS got = new CUDA_KERNEL_NODE_PARAMS();
        caseLine("cuGraphKernelNodeGetParams", "", JCudaDriver.cuGraphKernelNodeGetParams(kernel, got),
            address(got.func) == address(saxpy), got.gridDimX, got.blockDimX, got.sharedMemBytes);
        launch("after the graph's node changed", exec, stream);
        CHECKS.check("the exec kept its own kernel parameters", allEqual(read(z, N), 5f), "" + read(z, N)[0]);
        caseLine("cuGraphExecMemsetNodeSetParams", "y = 4", JCudaDriver.cuGraphExecMemsetNodeSetParams(exec, setY,
            memset(y, Float.floatToRawIntBits(4f), N), context));
        caseLine("cuGraphExecKernelNodeSetParams", "a = 2", JCudaDriver.cuGraphExecKernelNodeSetParams(exec, kernel,
            saxpyNode(saxpy, N, 2f, x, y)));
        launch("after the exec's nodes changed", exec, stream);
        CHECKS.check("the exec ran its new parameters: z = 2 * 1 + 4", allEqual(read(z, N), 6f), "" + read(z, N)[0]);
        final CUgraphExec second = new CUgraphExec();
        caseLine("cuGraphInstantiate", "second", JCudaDriver.cuGraphInstantiate(second, graph, 0));
        launch("second", second, stream);
        CHECKS.check("a new exec takes the graph's node: z = 10 * 1 + 2", allEqual(read(z, N), 12f),
            "" + read(z, N)[0]);

        // A clone, and finding a node's copy in it.
        final CUgraph clone = new CUgraph();
        caseLine("cuGraphClone", "", JCudaDriver.cuGraphClone(clone, graph));
        final CUgraphNode kernelCopy = new CUgraphNode();
        caseLine("cuGraphNodeFindInClone", "saxpy", JCudaDriver.cuGraphNodeFindInClone(kernelCopy, kernel, clone));
        PENDING.add(new Object[]{ kernelCopy, "saxpy'" });
        final int[] type = new int[1];
        caseLine("cuGraphNodeGetType", "saxpy'", JCudaDriver.cuGraphNodeGetType(kernelCopy, type), type[0]);
        final long[] count = new long[1];
        caseLine("cuGraphGetNodes", "clone count", JCudaDriver.cuGraphGetNodes(clone, null, count), count[0]);
        final CUgraphNode notInClone = new CUgraphNode();
        caseLine("cuGraphNodeFindInClone", "of another graph", JCudaDriver.cuGraphNodeFindInClone(notInClone, kernel,
            graph));

        // Editing edges.
        caseLine("cuGraphRemoveDependencies", "empty -> record", JCudaDriver.cuGraphRemoveDependencies(graph,
            new CUgraphNode[]{ empty }, new CUgraphNode[]{ record }, 1));
        nodes("cuGraphGetRootNodes", "after removing", graph, false);
        caseLine("cuGraphRemoveDependencies", "again", JCudaDriver.cuGraphRemoveDependencies(graph,
            new CUgraphNode[]{ empty }, new CUgraphNode[]{ record }, 1));
        caseLine("cuGraphAddDependencies", "setX -> record", JCudaDriver.cuGraphAddDependencies(graph,
            new CUgraphNode[]{ setX }, new CUgraphNode[]{ record }, 1));
        edges("after adding", graph);
        caseLine("cuGraphDestroyNode", "empty", JCudaDriver.cuGraphDestroyNode(empty));
        edges("after destroying empty", graph);
        dependencies("copy", copy);

        // A child graph (a clone of it in the node) waiting for the event.
        final CUgraph parent = new CUgraph();
        caseLine("cuGraphCreate", "parent", JCudaDriver.cuGraphCreate(parent, 0));
        final CUgraphNode wait = node("wait");
        caseLine("cuGraphAddEventWaitNode", "", JCudaDriver.cuGraphAddEventWaitNode(wait, parent, null, 0, event));
        final CUgraph child = new CUgraph();
        caseLine("cuGraphCreate", "child", JCudaDriver.cuGraphCreate(child, 0));
        final CUgraphNode childSet = node("childSet");
        caseLine("cuGraphAddMemsetNode", "child", JCudaDriver.cuGraphAddMemsetNode(childSet, child, null, 0,
            memset(z, Float.floatToRawIntBits(7f), N), context));
        final CUgraphNode childNode = node("child");
        caseLine("cuGraphAddChildGraphNode", "", JCudaDriver.cuGraphAddChildGraphNode(childNode, parent,
            new CUgraphNode[]{ wait }, 1, child));
        final CUgraph embedded = new CUgraph();
        caseLine("cuGraphChildGraphNodeGetGraph", "", JCudaDriver.cuGraphChildGraphNodeGetGraph(childNode, embedded));
        caseLine("cuGraphGetNodes", "embedded count", JCudaDriver.cuGraphGetNodes(embedded, null, count), count[0]);
        final CUevent waited = new CUevent();
        caseLine("cuGraphEventWaitNodeGetEvent", "", JCudaDriver.cuGraphEventWaitNodeGetEvent(wait, waited),
            address(waited) == address(event));
        caseLine("cuGraphEventWaitNodeSetEvent", "", JCudaDriver.cuGraphEventWaitNodeSetEvent(wait, event));
        final CUgraphExec parentExec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "parent", JCudaDriver.cuGraphInstantiate(parentExec, parent, 0));
        launch("parent", parentExec, stream);
        CHECKS.check("the child graph set z to 7", allEqual(read(z, N), 7f), "" + read(z, N)[0]);
        caseLine("cuGraphDestroy", "child", JCudaDriver.cuGraphDestroy(child));
        launch("parent after its child graph was destroyed", parentExec, stream);

        // Pitched rows: a 2D memset and a 2D copy.
        final CUdeviceptr pitched = alloc(ROWS * PITCH);
        final CUdeviceptr rows = alloc(ROWS * PITCH);
        caseLine("cuMemsetD8", "pitched", JCudaDriver.cuMemsetD8(pitched, (byte)0, ROWS * PITCH));
        caseLine("cuMemsetD8", "rows", JCudaDriver.cuMemsetD8(rows, (byte)0, ROWS * PITCH));
        final CUgraph rowsGraph = new CUgraph();
        caseLine("cuGraphCreate", "rows", JCudaDriver.cuGraphCreate(rowsGraph, 0));
        final CUDA_MEMSET_NODE_PARAMS rowsSet = new CUDA_MEMSET_NODE_PARAMS();
        rowsSet.dst = pitched;
        rowsSet.pitch = PITCH;
        rowsSet.value = 0x5A;
        rowsSet.elementSize = 1;
        rowsSet.width = ROW;
        rowsSet.height = ROWS;
        final CUgraphNode rowsSetNode = node("rowsSet");
        caseLine("cuGraphAddMemsetNode", "2D", JCudaDriver.cuGraphAddMemsetNode(rowsSetNode, rowsGraph, null, 0,
            rowsSet, context));
        final CUDA_MEMCPY3D rowsCopy = new CUDA_MEMCPY3D();
        rowsCopy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        rowsCopy.srcDevice = pitched;
        rowsCopy.srcPitch = PITCH;
        rowsCopy.srcXInBytes = 8;
        rowsCopy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        rowsCopy.dstDevice = rows;
        rowsCopy.dstPitch = PITCH;
        rowsCopy.dstY = 1;
        rowsCopy.WidthInBytes = 16;
        rowsCopy.Height = ROWS - 1;
        rowsCopy.Depth = 1;
        final CUgraphNode rowsCopyNode = node("rowsCopy");
        caseLine("cuGraphAddMemcpyNode", "2D", JCudaDriver.cuGraphAddMemcpyNode(rowsCopyNode, rowsGraph,
            new CUgraphNode[]{ rowsSetNode }, 1, rowsCopy, context));
        final CUgraphExec rowsExec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "rows", JCudaDriver.cuGraphInstantiate(rowsExec, rowsGraph, 0));
        launch("rows", rowsExec, stream);
        final byte[] setBytes = readBytes(pitched, ROWS * PITCH);
        final byte[] copiedBytes = readBytes(rows, ROWS * PITCH);
        caseLine("results", "2D", 0, checksum(setBytes), checksum(copiedBytes));
        CHECKS.check("the 2D memset set each row's first bytes only", setBytes[0] == 0x5A &&
            setBytes[ROW - 1] == 0x5A && setBytes[ROW] == 0 && setBytes[(ROWS - 1) * PITCH] == 0x5A);
        CHECKS.check("the 2D copy put rows 0..6 at rows 1..7", copiedBytes[0] == 0 && copiedBytes[PITCH] == 0x5A &&
            copiedBytes[PITCH + 15] == 0x5A && copiedBytes[PITCH + 16] == 0 &&
            copiedBytes[(ROWS - 1) * PITCH] == 0x5A);

        // Host nodes: the program's own functions, in the graph's order, with their user data. JCuda 12.6's own
        // natives crash the JVM running a host node on a CUDA 13 host, so the GPU comparison's local run skips them
        // (-Dgraphs.skipHostNodes=true).
        if (!Boolean.getBoolean("graphs.skipHostNodes"))
        {
            final List<String> ran = java.util.Collections.synchronizedList(new ArrayList<>());
            final CUhostFn recorder = userData -> ran.add((String)userData);
            final CUgraph hostGraph = new CUgraph();
            caseLine("cuGraphCreate", "host", JCudaDriver.cuGraphCreate(hostGraph, 0));
            final CUgraphNode hostA = node("hostA");
            caseLine("cuGraphAddHostNode", "a", JCudaDriver.cuGraphAddHostNode(hostA, hostGraph, null, 0,
                host(recorder, "a")));
            final CUgraphNode hostSet = node("hostSet");
            caseLine("cuGraphAddMemsetNode", "between", JCudaDriver.cuGraphAddMemsetNode(hostSet, hostGraph,
                new CUgraphNode[]{ hostA }, 1, memset(z, Float.floatToRawIntBits(9f), N), context));
            final CUgraphNode hostB = node("hostB");
            caseLine("cuGraphAddHostNode", "b", JCudaDriver.cuGraphAddHostNode(hostB, hostGraph,
                new CUgraphNode[]{ hostSet }, 1, host(recorder, "b")));
            final CUgraph hostChild = new CUgraph();
            caseLine("cuGraphCreate", "host child", JCudaDriver.cuGraphCreate(hostChild, 0));
            caseLine("cuGraphAddHostNode", "d", JCudaDriver.cuGraphAddHostNode(node("hostD"), hostChild, null, 0,
                host(recorder, "d")));
            caseLine("cuGraphAddChildGraphNode", "host", JCudaDriver.cuGraphAddChildGraphNode(node("hostChild"),
                hostGraph, new CUgraphNode[]{ hostB }, 1, hostChild));
            final CUDA_HOST_NODE_PARAMS hostParams = new CUDA_HOST_NODE_PARAMS();
            caseLine("cuGraphHostNodeGetParams", "b", JCudaDriver.cuGraphHostNodeGetParams(hostB, hostParams),
                hostParams.fn == recorder, hostParams.userData);
            final CUgraphExec hostExec = new CUgraphExec();
            caseLine("cuGraphInstantiate", "host", JCudaDriver.cuGraphInstantiate(hostExec, hostGraph, 0));
            launch("host", hostExec, stream);
            launch("host again", hostExec, stream);
            caseLine("cuGraphExecHostNodeSetParams", "a to c", JCudaDriver.cuGraphExecHostNodeSetParams(hostExec, hostA,
                host(recorder, "c")));
            caseLine("cuGraphHostNodeSetParams", "b to e", JCudaDriver.cuGraphHostNodeSetParams(hostB, host(recorder, "e")));
            launch("host after setting", hostExec, stream);
            caseLine("host-functions", "ran", 0, ran);
            CHECKS.check("the host nodes ran in order, the exec's own parameters last", ran.equals(List.of("a", "b", "d",
                "a", "b", "d", "c", "b", "d")), ran.toString());
            CHECKS.check("the memset between the host nodes ran", allEqual(read(z, N), 9f), "" + read(z, N)[0]);
            caseLine("cuGraphExecDestroy", "host", JCudaDriver.cuGraphExecDestroy(hostExec));
            caseLine("cuGraphDestroy", "host child", JCudaDriver.cuGraphDestroy(hostChild));
            caseLine("cuGraphDestroy", "host", JCudaDriver.cuGraphDestroy(hostGraph));
        }

        if (refusals)
        {
            refusals(graph, kernel, empty, copy, stream, x, y, context, saxpy);
        }

        caseLine("cuGraphExecDestroy", "", JCudaDriver.cuGraphExecDestroy(exec));
        caseLine("cuGraphExecDestroy", "second", JCudaDriver.cuGraphExecDestroy(second));
        caseLine("cuGraphExecDestroy", "parent", JCudaDriver.cuGraphExecDestroy(parentExec));
        caseLine("cuGraphExecDestroy", "rows", JCudaDriver.cuGraphExecDestroy(rowsExec));
        caseLine("cuGraphDestroy", "clone", JCudaDriver.cuGraphDestroy(clone));
        caseLine("cuGraphDestroy", "", JCudaDriver.cuGraphDestroy(graph));
        caseLine("cuGraphDestroy", "parent", JCudaDriver.cuGraphDestroy(parent));
        caseLine("cuGraphDestroy", "rows", JCudaDriver.cuGraphDestroy(rowsGraph));
        caseLine("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        System.out.println("DONE");
        CHECKS.finish();
    }

    /**
     * What gpurelay refuses, each with its status: not for JCuda's own natives, which would run or crash on them.
     */
    private static void refusals(
        final CUgraph graph, final CUgraphNode kernel, final CUgraphNode destroyed, final CUgraphNode copy,
        final CUstream stream, final CUdeviceptr x, final CUdeviceptr y, final CUcontext context,
        final CUfunction saxpy)
    {
        // The parameters a kernel node gives back can be set again: through gpurelay they are copies of the values.
        final CUDA_KERNEL_NODE_PARAMS got = new CUDA_KERNEL_NODE_PARAMS();
        JCudaDriver.cuGraphKernelNodeGetParams(kernel, got);
        refused("nothing: a kernel node's parameters set again", JCudaDriver.cuGraphKernelNodeSetParams(kernel, got),
            0);
        final CUgraphExec again = new CUgraphExec();
        JCudaDriver.cuGraphInstantiate(again, graph, 0);
        JCudaDriver.cuGraphLaunch(again, stream);
        JCudaDriver.cuStreamSynchronize(stream);
        CHECKS.check("REFUSED nothing: the parameters given back ran as before, y = 10 * 1 + 2",
            allEqual(read(y, N), 12f), "" + read(y, N)[0]);
        JCudaDriver.cuGraphExecDestroy(again);

        final CUDA_MEMCPY3D fromHost = copy1d(x, null, 16);
        fromHost.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        fromHost.srcHost = Pointer.to(new float[4]);
        final CUgraphNode hostNode = new CUgraphNode();
        refused("a memcpy node from host memory", JCudaDriver.cuGraphAddMemcpyNode(hostNode, graph, null, 0, fromHost,
            context), 801);
        final int[] type = new int[1];
        refused("a destroyed node", JCudaDriver.cuGraphNodeGetType(destroyed, type), 1);
        final CUgraph gone = new CUgraph();
        JCudaDriver.cuGraphCreate(gone, 0);
        final CUgraphNode goneNode = new CUgraphNode();
        JCudaDriver.cuGraphAddEmptyNode(goneNode, gone, null, 0);
        JCudaDriver.cuGraphDestroy(gone);
        refused("a node of a destroyed graph", JCudaDriver.cuGraphNodeGetType(goneNode, type), 1);
        refused("a dependency of another graph", JCudaDriver.cuGraphAddEmptyNode(new CUgraphNode(), graph,
            new CUgraphNode[]{ goneNode }, 1), 1);
        final CUDA_KERNEL_NODE_PARAMS wrong = saxpyNode(saxpy, N, 1f, x, y);
        wrong.kernelParams = Pointer.to(Pointer.to(new int[]{ N }));
        refused("a kernel node with too few parameters", JCudaDriver.cuGraphAddKernelNode(new CUgraphNode(), graph,
            null, 0, wrong), 1);
        // A cycle: copy -> saxpy closes saxpy -> copy.
        JCudaDriver.cuGraphAddDependencies(graph, new CUgraphNode[]{ copy }, new CUgraphNode[]{ kernel }, 1);
        refused("a graph with a cycle", JCudaDriver.cuGraphInstantiate(new CUgraphExec(), graph, 0), 1);
        JCudaDriver.cuGraphRemoveDependencies(graph, new CUgraphNode[]{ copy }, new CUgraphNode[]{ kernel }, 1);
        // A memset node past its allocation fails at the launch, naming the node.
        final CUgraph bad = new CUgraph();
        JCudaDriver.cuGraphCreate(bad, 0);
        final CUDA_MEMSET_NODE_PARAMS past = memset(x, 0, N * 4);
        JCudaDriver.cuGraphAddMemsetNode(new CUgraphNode(), bad, null, 0, past, context);
        final CUgraphExec badExec = new CUgraphExec();
        refused("nothing: the node's range is checked at the launch",
            JCudaDriver.cuGraphInstantiate(badExec, bad, 0), 0);
        final int launched = JCudaDriver.cuGraphLaunch(badExec, stream);
        final int synchronised = JCudaDriver.cuStreamSynchronize(stream);
        CHECKS.check("REFUSED a memset node past its allocation, at the launch", launched != 0 || synchronised != 0,
            launched + " " + synchronised);
        System.out.println("REFUSED launch " + launched + " synchronize " + synchronised);
    }

    private static void refused(final String what, final int status, final int expected)
    {
        System.out.println("REFUSED " + what + " status=" + status);
        CHECKS.equal("REFUSED " + what, expected, status);
    }

    private static void launch(final String what, final CUgraphExec exec, final CUstream stream)
    {
        caseLine("cuGraphLaunch", what, JCudaDriver.cuGraphLaunch(exec, stream));
        caseLine("cuStreamSynchronize", what, JCudaDriver.cuStreamSynchronize(stream));
    }

    private static void nodes(final String function, final String what, final CUgraph graph, final boolean all)
    {
        final long[] count = new long[1];
        final int first = all ? JCudaDriver.cuGraphGetNodes(graph, null, count) :
            JCudaDriver.cuGraphGetRootNodes(graph, null, count);
        caseLine(function, what + " count", first, count[0]);
        if (!NODE_LISTS)
        {
            return;
        }
        final CUgraphNode[] nodes = new CUgraphNode[(int)count[0] + 1];
        count[0] = nodes.length;
        final int second = all ? JCudaDriver.cuGraphGetNodes(graph, nodes, count) :
            JCudaDriver.cuGraphGetRootNodes(graph, nodes, count);
        caseLine(function, what, second, count[0], names(nodes, (int)count[0]));
    }

    private static void edges(final String what, final CUgraph graph)
    {
        final long[] count = new long[1];
        caseLine("cuGraphGetEdges", what + " count", JCudaDriver.cuGraphGetEdges(graph, null, null, count), count[0]);
        if (!NODE_LISTS)
        {
            return;
        }
        final CUgraphNode[] from = new CUgraphNode[(int)count[0]];
        final CUgraphNode[] to = new CUgraphNode[(int)count[0]];
        final int status = JCudaDriver.cuGraphGetEdges(graph, from, to, count);
        final TreeSet<String> edges = new TreeSet<>();
        for (int i = 0; i < count[0]; i++)
        {
            edges.add(name(from[i]) + "->" + name(to[i]));
        }
        caseLine("cuGraphGetEdges", what, status, count[0], edges);
    }

    private static void dependencies(final String what, final CUgraphNode node)
    {
        final long[] count = new long[1];
        caseLine("cuGraphNodeGetDependencies", what + " count",
            JCudaDriver.cuGraphNodeGetDependencies(node, null, count), count[0]);
        CUgraphNode[] nodes = new CUgraphNode[(int)count[0]];
        if (NODE_LISTS)
        {
            caseLine("cuGraphNodeGetDependencies", what, JCudaDriver.cuGraphNodeGetDependencies(node, nodes, count),
                names(nodes, (int)count[0]));
        }
        caseLine("cuGraphNodeGetDependentNodes", what + " count",
            JCudaDriver.cuGraphNodeGetDependentNodes(node, null, count), count[0]);
        if (!NODE_LISTS)
        {
            return;
        }
        nodes = new CUgraphNode[(int)count[0]];
        caseLine("cuGraphNodeGetDependentNodes", what, JCudaDriver.cuGraphNodeGetDependentNodes(node, nodes, count),
            names(nodes, (int)count[0]));
    }

    private static CUgraphNode node(final String name)
    {
        final CUgraphNode node = new CUgraphNode();
        PENDING.add(new Object[]{ node, name });
        return node;
    }

    private static final List<Object[]> PENDING = new ArrayList<>();

    /**
     * The name of the node made last with this handle (CUDA may give a destroyed node's address to a new one).
     */
    private static String name(final CUgraphNode node)
    {
        if (node == null)
        {
            return "null";
        }
        final long handle = address(node);
        if (handle == 0)
        {
            return "NULL";
        }
        for (int i = PENDING.size() - 1; i >= 0; i--)
        {
            if (address((CUgraphNode)PENDING.get(i)[0]) == handle)
            {
                return (String)PENDING.get(i)[1];
            }
        }
        return "?";
    }

    private static TreeSet<String> names(final CUgraphNode[] nodes, final int count)
    {
        final TreeSet<String> names = new TreeSet<>();
        for (int i = 0; i < count && i < nodes.length; i++)
        {
            names.add(name(nodes[i]));
        }
        return names;
    }

    private static CUDA_HOST_NODE_PARAMS host(final CUhostFn fn, final String userData)
    {
        final CUDA_HOST_NODE_PARAMS params = new CUDA_HOST_NODE_PARAMS();
        params.fn = fn;
        params.userData = userData;
        return params;
    }

    private static CUDA_MEMSET_NODE_PARAMS memset(final CUdeviceptr destination, final int value, final long count)
    {
        final CUDA_MEMSET_NODE_PARAMS params = new CUDA_MEMSET_NODE_PARAMS();
        params.dst = destination;
        params.value = value;
        params.elementSize = 4;
        params.width = count;
        params.height = 1;
        params.pitch = 0;
        return params;
    }

    private static CUDA_MEMCPY3D copy1d(final CUdeviceptr destination, final CUdeviceptr source, final long bytes)
    {
        final CUDA_MEMCPY3D params = new CUDA_MEMCPY3D();
        params.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        params.srcDevice = source;
        params.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        params.dstDevice = destination;
        params.WidthInBytes = bytes;
        params.Height = 1;
        params.Depth = 1;
        return params;
    }

    private static byte[] readBytes(final CUdeviceptr source, final int count)
    {
        final byte[] values = new byte[count];
        JCudaDriver.cuMemcpyDtoH(Pointer.to(values), source, count);
        return values;
    }

    private static long checksum(final byte[] bytes)
    {
        long sum = 0;
        for (int i = 0; i < bytes.length; i++)
        {
            sum = sum * 31 + bytes[i];
        }
        return sum;
    }
}
