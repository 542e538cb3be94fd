package io.gpurelay.it.programs;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.gpurelay.testsupport.Checks;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUevent;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.JCudaDriver;
import static io.gpurelay.it.programs.FnLines.caseLine;

/**
 * How long a CUDA graph host node's function and user data are kept: while a graph, a clone, a child graph node's
 * copy or a graph exec can still run them, and not after. Each host node's user data is an object of this program
 * (with a megabyte of its own) that the program itself does not keep; a weak reference to it tells whether anything
 * else does once the graphs and execs that hold it are gone. Host nodes are added directly, cloned, nested, set
 * (in the graph and in the exec), destroyed, and captured from a stream ({@code cuLaunchHostFunc}); an exec runs its
 * host functions after its graph was destroyed; a destroy that is refused keeps what it would have freed; a capture
 * whose stream is destroyed, and a launch that fails before some of its host nodes, keep nothing once their graphs
 * and execs are gone. With the argument {@code lose} the program instead holds a graph and an exec with host nodes
 * until its session is lost (its test kills the session's worker), and checks that the loss lets them go.
 * <p>
 * Prints {@code FN <function>/<case> status=<status>} for each call and {@code CHECK} lines, then {@code PASSED}.
 */
public final class HostNodeLifetimeProgram
{
    private static final Checks CHECKS = new Checks();
    private static final List<String> RAN = Collections.synchronizedList(new ArrayList<>());
    private static final CUhostFn RECORDER = userData -> RAN.add(((Tag)userData).name);
    private static final long COLLECT_TIMEOUT_MS = 10_000;
    private static final long LOSS_TIMEOUT_MS = 120_000;

    private HostNodeLifetimeProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        if (args.length > 0 && args[0].equals("lose"))
        {
            lose();
            return;
        }
        final CUcontext context = new CUcontext();
        final CUstream stream = contextAndStream(context);

        // Built: the exec outlives its graph and still runs the host nodes; its end frees them.
        final CUgraph graph = create("built");
        final CUgraphNode a = new CUgraphNode();
        final WeakReference<Tag> aTag = addHost("a", a, graph);
        final WeakReference<Tag> bTag = addHost("b", new CUgraphNode(), graph, a);
        final CUgraphExec exec = instantiate("built", graph);
        caseLine("cuGraphDestroy", "built", JCudaDriver.cuGraphDestroy(graph));
        held("the exec holds a and b after its graph was destroyed", aTag, bTag);
        runs("the exec runs a and b after its graph was destroyed", exec, stream, "a", "b");
        caseLine("cuGraphExecDestroy", "built", JCudaDriver.cuGraphExecDestroy(exec));
        collected("a and b once their exec was destroyed", aTag, bTag);

        // Cloned and nested: a clone and a child graph node's copy hold what the graphs they copy held.
        final CUgraph outer = create("outer");
        final WeakReference<Tag> cTag = addHost("c", new CUgraphNode(), outer);
        final CUgraph child = create("child");
        final WeakReference<Tag> dTag = addHost("d", new CUgraphNode(), child);
        caseLine("cuGraphAddChildGraphNode", "child", JCudaDriver.cuGraphAddChildGraphNode(new CUgraphNode(), outer,
            null, 0, child));
        caseLine("cuGraphDestroy", "child", JCudaDriver.cuGraphDestroy(child));
        final CUgraph clone = new CUgraph();
        caseLine("cuGraphClone", "outer", JCudaDriver.cuGraphClone(clone, outer));
        caseLine("cuGraphDestroy", "outer", JCudaDriver.cuGraphDestroy(outer));
        final CUgraphExec cloneExec = instantiate("clone", clone);
        runs("the clone's exec runs c and the child's d", cloneExec, stream, "c", "d");
        caseLine("cuGraphExecDestroy", "clone", JCudaDriver.cuGraphExecDestroy(cloneExec));
        held("the clone holds c and d when no exec does", cTag, dTag);
        final CUgraphExec againExec = instantiate("clone again", clone);
        runs("an exec of the clone made later runs c and d", againExec, stream, "c", "d");
        caseLine("cuGraphDestroy", "clone", JCudaDriver.cuGraphDestroy(clone));
        held("the exec holds c and d after the clone was destroyed", cTag, dTag);
        caseLine("cuGraphExecDestroy", "clone again", JCudaDriver.cuGraphExecDestroy(againExec));
        collected("c and d once the clone and its execs were destroyed", cTag, dTag);

        // Set: what a setter replaces goes once nothing else holds it.
        final CUgraph settable = create("settable");
        final CUgraphNode e = new CUgraphNode();
        final WeakReference<Tag> eTag = addHost("e", e, settable);
        final CUgraphExec first = instantiate("settable", settable);
        final WeakReference<Tag> fTag = setHost("f", e);
        runs("the exec made before the setter runs e", first, stream, "e");
        caseLine("cuGraphExecDestroy", "settable", JCudaDriver.cuGraphExecDestroy(first));
        collected("e once the graph's node was set to f and the exec that held e was destroyed", eTag);
        final CUgraphExec second = instantiate("settable again", settable);
        runs("the exec made after the setter runs f", second, stream, "f");
        final WeakReference<Tag> gTag = setExecHost("g", second, e);
        runs("the exec's setter changes what it runs", second, stream, "g");
        final WeakReference<Tag> hTag = setExecHost("h", second, e);
        collected("g once the exec's node was set again", gTag);
        held("the graph holds f, the exec h", fTag, hTag);
        caseLine("cuGraphDestroyNode", "e", JCudaDriver.cuGraphDestroyNode(e));
        collected("f once its node was destroyed", fTag);
        runs("the exec runs h after the graph's node was destroyed", second, stream, "h");
        caseLine("cuGraphExecDestroy", "settable again", JCudaDriver.cuGraphExecDestroy(second));
        collected("h once its exec was destroyed", hTag);
        caseLine("cuGraphDestroy", "settable", JCudaDriver.cuGraphDestroy(settable));

        // Refused: destroying a child graph node's own graph is refused, and frees nothing.
        final CUgraph parent = create("parent");
        final CUgraph inner = create("inner");
        final WeakReference<Tag> iTag = addHost("i", new CUgraphNode(), inner);
        final CUgraphNode innerNode = new CUgraphNode();
        caseLine("cuGraphAddChildGraphNode", "inner", JCudaDriver.cuGraphAddChildGraphNode(innerNode, parent, null, 0,
            inner));
        caseLine("cuGraphDestroy", "inner", JCudaDriver.cuGraphDestroy(inner));
        final CUgraph embedded = new CUgraph();
        caseLine("cuGraphChildGraphNodeGetGraph", "", JCudaDriver.cuGraphChildGraphNodeGetGraph(innerNode, embedded));
        final int refused = JCudaDriver.cuGraphDestroy(embedded);
        caseLine("cuGraphDestroy", "embedded", refused);
        CHECKS.check("destroying a child graph node's own graph is refused", refused != 0, "status " + refused);
        held("the refused destroy kept i", iTag);
        final CUgraphExec parentExec = instantiate("parent", parent);
        runs("the parent's exec runs i after the refused destroy", parentExec, stream, "i");
        caseLine("cuGraphExecDestroy", "parent", JCudaDriver.cuGraphExecDestroy(parentExec));
        caseLine("cuGraphDestroy", "parent", JCudaDriver.cuGraphDestroy(parent));
        collected("i once the parent and its exec were destroyed", iTag);

        // Captured: cuLaunchHostFunc on a capturing stream is a host node of the captured graph.
        final WeakReference<Tag> jTag = captureHost("j", stream, false);
        final CUgraph captured = new CUgraph();
        caseLine("cuStreamEndCapture", "j", JCudaDriver.cuStreamEndCapture(stream, captured));
        final CUgraphExec capturedExec = instantiate("captured", captured);
        caseLine("cuGraphDestroy", "captured", JCudaDriver.cuGraphDestroy(captured));
        runs("the captured graph's exec runs j", capturedExec, stream, "j");
        caseLine("cuGraphExecDestroy", "captured", JCudaDriver.cuGraphExecDestroy(capturedExec));
        collected("j once the captured graph and its exec were destroyed", jTag);
        // An invalidated capture's graph is destroyed at its end, with its host node.
        final WeakReference<Tag> kTag = captureHost("k", stream, true);
        final int invalidated = JCudaDriver.cuStreamEndCapture(stream, new CUgraph());
        caseLine("cuStreamEndCapture", "invalidated", invalidated);
        CHECKS.check("the invalidated capture ends without a graph", invalidated != 0, "status " + invalidated);
        collected("k once its invalidated capture ended", kTag);
        // A capture whose stream is destroyed can never end: its graph goes with the stream, with its host node.
        final CUstream doomed = new CUstream();
        caseLine("cuStreamCreate", "doomed", JCudaDriver.cuStreamCreate(doomed, 0));
        final WeakReference<Tag> lTag = captureHost("l", doomed, false);
        caseLine("cuStreamDestroy", "doomed", JCudaDriver.cuStreamDestroy(doomed));
        collected("l once the stream of its unended capture was destroyed", lTag);

        // Failed: a launch that fails at a node runs the host nodes before it, and never those after it.
        final CUevent event = new CUevent();
        caseLine("cuEventCreate", "failing", JCudaDriver.cuEventCreate(event, 0));
        final CUgraph failing = create("failing");
        final CUgraphNode m = new CUgraphNode();
        final WeakReference<Tag> mTag = addHost("m", m, failing);
        final CUgraphNode record = new CUgraphNode();
        caseLine("cuGraphAddEventRecordNode", "failing", JCudaDriver.cuGraphAddEventRecordNode(record, failing,
            new CUgraphNode[]{ m }, 1, event));
        final WeakReference<Tag> nTag = addHost("n", new CUgraphNode(), failing, record);
        final CUgraphExec failingExec = instantiate("failing", failing);
        caseLine("cuGraphDestroy", "failing", JCudaDriver.cuGraphDestroy(failing));
        caseLine("cuEventDestroy", "failing", JCudaDriver.cuEventDestroy(event));
        RAN.clear();
        caseLine("cuGraphLaunch", "failing", JCudaDriver.cuGraphLaunch(failingExec, stream));
        final int failed = JCudaDriver.cuStreamSynchronize(stream);
        caseLine("cuStreamSynchronize", "failing", failed);
        CHECKS.check("the launch fails at the event record node of a destroyed event", failed != 0,
            "status " + failed);
        CHECKS.check("the failed launch ran m, before the failing node, and not n", RAN.equals(List.of("m")),
            RAN.toString());
        caseLine("cuGraphExecDestroy", "failing", JCudaDriver.cuGraphExecDestroy(failingExec));
        collected("m and n once the exec of the failed launch was destroyed", mTag, nTag);

        caseLine("cuStreamDestroy", "", JCudaDriver.cuStreamDestroy(stream));
        caseLine("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        CHECKS.finish();
    }

    /**
     * Make {@code context} on device 0, current, and a stream in it.
     */
    private static CUstream contextAndStream(final CUcontext context)
    {
        JCudaDriver.setExceptionsEnabled(false);
        caseLine("cuInit", "", JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        caseLine("cuDeviceGet", "", JCudaDriver.cuDeviceGet(device, 0));
        caseLine("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));
        final CUstream stream = new CUstream();
        caseLine("cuStreamCreate", "", JCudaDriver.cuStreamCreate(stream, 0));
        return stream;
    }

    /**
     * A graph and an exec hold a host node's function when the session is lost (the test kills its worker after
     * {@code READY}): the executor's graphs are gone with it, and so must be what the agent kept for them.
     */
    private static void lose() throws Exception
    {
        final CUcontext context = new CUcontext();
        final CUstream stream = contextAndStream(context);
        final CUgraph graph = create("lost");
        final WeakReference<Tag> xTag = addHost("x", new CUgraphNode(), graph);
        final CUgraphExec exec = instantiate("lost", graph);
        runs("the exec runs x", exec, stream, "x");
        held("the graph and its exec hold x", xTag);
        System.out.println("READY");
        final long deadline = System.currentTimeMillis() + LOSS_TIMEOUT_MS;
        int status;
        while ((status = JCudaDriver.cuCtxSynchronize()) == 0 && System.currentTimeMillis() < deadline)
        {
            Thread.sleep(20);
        }
        caseLine("cuCtxSynchronize", "lost", status);
        CHECKS.check("the session is lost", status != 0, "status " + status);
        collected("x once the session of its graph and exec was lost", xTag);
        CHECKS.finish();
    }

    /** A host node's user data: an application object, large, that the program does not keep. */
    private static final class Tag
    {
        final String name;
        final byte[] ballast = new byte[1 << 20];

        Tag(final String name)
        {
            this.name = name;
        }
    }

    private static CUDA_HOST_NODE_PARAMS params(final String name)
    {
        final CUDA_HOST_NODE_PARAMS params = new CUDA_HOST_NODE_PARAMS();
        params.fn = RECORDER;
        params.userData = new Tag(name);
        return params;
    }

    private static WeakReference<Tag> addHost(
        final String name, final CUgraphNode node, final CUgraph graph, final CUgraphNode... dependencies)
    {
        final CUDA_HOST_NODE_PARAMS params = params(name);
        caseLine("cuGraphAddHostNode", name, JCudaDriver.cuGraphAddHostNode(node, graph,
            dependencies.length == 0 ? null : dependencies, dependencies.length, params));
        return new WeakReference<>((Tag)params.userData);
    }

    private static WeakReference<Tag> setHost(final String name, final CUgraphNode node)
    {
        final CUDA_HOST_NODE_PARAMS params = params(name);
        caseLine("cuGraphHostNodeSetParams", name, JCudaDriver.cuGraphHostNodeSetParams(node, params));
        return new WeakReference<>((Tag)params.userData);
    }

    private static WeakReference<Tag> setExecHost(final String name, final CUgraphExec exec, final CUgraphNode node)
    {
        final CUDA_HOST_NODE_PARAMS params = params(name);
        caseLine("cuGraphExecHostNodeSetParams", name, JCudaDriver.cuGraphExecHostNodeSetParams(exec, node, params));
        return new WeakReference<>((Tag)params.userData);
    }

    /**
     * Begin a capture on the stream and launch a host function there; {@code invalidate}: then synchronise the stream,
     * which invalidates the capture.
     */
    private static WeakReference<Tag> captureHost(final String name, final CUstream stream, final boolean invalidate)
    {
        caseLine("cuStreamBeginCapture", name, JCudaDriver.cuStreamBeginCapture(stream,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        final Tag tag = new Tag(name);
        caseLine("cuLaunchHostFunc", name, JCudaDriver.cuLaunchHostFunc(stream, RECORDER, tag));
        if (invalidate)
        {
            caseLine("cuStreamSynchronize", name, JCudaDriver.cuStreamSynchronize(stream));
        }
        return new WeakReference<>(tag);
    }

    private static CUgraph create(final String what)
    {
        final CUgraph graph = new CUgraph();
        caseLine("cuGraphCreate", what, JCudaDriver.cuGraphCreate(graph, 0));
        return graph;
    }

    private static CUgraphExec instantiate(final String what, final CUgraph graph)
    {
        final CUgraphExec exec = new CUgraphExec();
        caseLine("cuGraphInstantiate", what, JCudaDriver.cuGraphInstantiate(exec, graph, 0));
        return exec;
    }

    /**
     * Launch the exec, wait for it, and check that its host functions ran, in order.
     */
    private static void runs(final String what, final CUgraphExec exec, final CUstream stream,
        final String... expected)
    {
        RAN.clear();
        caseLine("cuGraphLaunch", what, JCudaDriver.cuGraphLaunch(exec, stream));
        caseLine("cuStreamSynchronize", what, JCudaDriver.cuStreamSynchronize(stream));
        CHECKS.check(what, RAN.equals(List.of(expected)), RAN.toString());
    }

    private static void held(final String what, final WeakReference<?>... references)
    {
        System.gc();
        boolean all = true;
        for (final WeakReference<?> reference : references)
        {
            all &= reference.get() != null;
        }
        CHECKS.check(what, all);
    }

    /**
     * Whether nothing keeps the user data any more: collections until the references are cleared, for a bounded time.
     */
    private static void collected(final String what, final WeakReference<?>... references)
        throws InterruptedException
    {
        final long deadline = System.currentTimeMillis() + COLLECT_TIMEOUT_MS;
        while (true)
        {
            System.gc();
            boolean all = true;
            for (final WeakReference<?> reference : references)
            {
                all &= reference.get() == null;
            }
            if (all || System.currentTimeMillis() > deadline)
            {
                CHECKS.check(what, all, "the user data is still reachable");
                return;
            }
            Thread.sleep(20);
        }
    }

}
