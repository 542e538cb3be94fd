package io.gpurelay.it.programs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUaccessPolicyWindow;
import jcuda.driver.CUaccessProperty;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUstreamCaptureStatus;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUhostFn;
import jcuda.driver.CUkernelNodeAttrID;
import jcuda.driver.CUkernelNodeAttrValue;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.JCudaDriver;
import static io.gpurelay.it.programs.FnLines.caseLine;
import static io.gpurelay.it.programs.FnLines.address;
import static io.gpurelay.it.programs.GraphPrograms.alloc;
import static io.gpurelay.it.programs.GraphPrograms.allEqual;
import static io.gpurelay.it.programs.GraphPrograms.read;
import static io.gpurelay.it.programs.GraphPrograms.saxpyNode;

/**
 * Stream capture through JCuda's driver API: memsets, a kernel ({@code saxpy}), a device-to-device copy and a host
 * function captured on a stream, with a second stream forked from it by an event and joined back, become a graph that
 * is instantiated and launched twice; captures are invalidated by what cannot be captured (a synchronisation, a query,
 * an allocation in global capture mode), a fork not joined back, the end of a capture on another thread, and the
 * capture status and mode are queried and exchanged. Each call prints {@code FN <function>/<case> status=<status>
 * <what it gave>} for a comparison with JCuda's own natives on a GPU ({@code CaptureGpuIT}); the results are checked
 * ({@code CHECK} lines, {@code PASSED}).
 * <p>
 * Kernel node attributes are set, read back, copied and applied (a cooperative node, an access policy window), and a
 * captured cooperative launch runs as one.
 * <p>
 * Arguments: the folder with the kernels' PTX files, then optionally {@code refusals}, which adds what gpurelay refuses
 * and CUDA captures (a graph launch, a copy from host memory): only for a run through gpurelay; and {@code emulator},
 * where the launches of cooperative nodes and access policy windows are expected to be refused.
 * {@code -Dcapture.skipHostNodes=true} leaves out the host function (JCuda 12.6's own natives crash running one on a
 * CUDA 13 host).
 */
public final class CaptureProgram
{
    private static final int N = 1024;
    private static final Checks CHECKS = new Checks();
    private static final boolean HOST_NODES = !Boolean.getBoolean("capture.skipHostNodes");
    /** JCuda 12.6's natives give a kernel node's access policy window back as null on CUDA 13. */
    private static final boolean ATTRIBUTES = !Boolean.getBoolean("capture.skipAttributes");
    private static boolean BASES;

    private CaptureProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        final boolean refusals = java.util.Arrays.asList(args).contains("refusals");
        // On the emulator a cooperative launch and an access policy window are refused, each by name.
        final boolean emulator = java.util.Arrays.asList(args).contains("emulator");
        BASES = refusals;

        final GraphPrograms.Saxpy start = GraphPrograms.start(kernels);
        final CUcontext context = start.context();
        final CUfunction saxpy = start.function();
        final CUstream s1 = new CUstream();
        caseLine("cuStreamCreate", "s1", JCudaDriver.cuStreamCreate(s1, 0));
        final CUstream s2 = new CUstream();
        caseLine("cuStreamCreate", "s2", JCudaDriver.cuStreamCreate(s2, 0));
        final CUevent fork = new CUevent();
        caseLine("cuEventCreate", "fork", JCudaDriver.cuEventCreate(fork, 0));
        final CUevent join = new CUevent();
        caseLine("cuEventCreate", "join", JCudaDriver.cuEventCreate(join, 0));
        final CUdeviceptr x = alloc(N * Sizeof.FLOAT);
        final CUdeviceptr y = alloc(N * Sizeof.FLOAT);
        final CUdeviceptr z = alloc(N * Sizeof.FLOAT);
        final CUdeviceptr w = alloc(N * Sizeof.INT);
        caseLine("cuMemsetD32", "z", JCudaDriver.cuMemsetD32(z, 0, N));
        caseLine("cuMemsetD32", "w", JCudaDriver.cuMemsetD32(w, 0, N));
        caseLine("cuCtxSynchronize", "before", JCudaDriver.cuCtxSynchronize());

        status("before", s1);
        caseLine("cuStreamBeginCapture", "legacy stream", JCudaDriver.cuStreamBeginCapture(new CUstream(),
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuStreamEndCapture", "not capturing", JCudaDriver.cuStreamEndCapture(s1, new CUgraph()));

        // Capture: x = 1, y = 2, y = 3x + y, z = y, then a host function; s2 forks after the copy, sets w = 7 and
        // joins back.
        final List<String> ran = Collections.synchronizedList(new ArrayList<>());
        final CUhostFn recorder = userData -> ran.add((String)userData);
        caseLine("cuStreamBeginCapture", "s1", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        status("capturing", s1);
        caseLine("cuMemsetD32Async", "x", JCudaDriver.cuMemsetD32Async(x, Float.floatToRawIntBits(1f), N, s1));
        caseLine("cuMemsetD32Async", "y", JCudaDriver.cuMemsetD32Async(y, Float.floatToRawIntBits(2f), N, s1));
        caseLine("cuLaunchKernel", "saxpy", launchSaxpy(saxpy, 3f, x, y, s1));
        caseLine("cuMemcpyDtoDAsync", "z", JCudaDriver.cuMemcpyDtoDAsync(z, y, (long)N * Sizeof.FLOAT, s1));
        if (HOST_NODES)
        {
            caseLine("cuLaunchHostFunc", "", JCudaDriver.cuLaunchHostFunc(s1, recorder, "h"));
        }
        caseLine("cuEventRecord", "fork", JCudaDriver.cuEventRecord(fork, s1));
        status("s2 before the fork", s2);
        caseLine("cuStreamWaitEvent", "s2 forks", JCudaDriver.cuStreamWaitEvent(s2, fork, 0));
        status("s2 forked", s2);
        caseLine("cuMemsetD32Async", "w", JCudaDriver.cuMemsetD32Async(w, 7, N, s2));
        caseLine("cuEventRecord", "join", JCudaDriver.cuEventRecord(join, s2));
        caseLine("cuStreamWaitEvent", "s1 joins", JCudaDriver.cuStreamWaitEvent(s1, join, 0));
        final CUgraph graph = new CUgraph();
        caseLine("cuStreamEndCapture", "s1", JCudaDriver.cuStreamEndCapture(s1, graph));
        CHECKS.check("the capture gave a graph", address(graph) != 0);
        status("ended", s1);
        status("s2 ended", s2);
        CHECKS.check("nothing captured ran", allEqual(read(z, N), 0f) && allEqual(readInts(w, N), 0),
            read(z, N)[0] + " " + readInts(w, N)[0]);
        CHECKS.check("no host function ran during the capture", ran.isEmpty(), ran.toString());
        final long[] count = new long[1];
        caseLine("cuGraphGetNodes", "captured count", JCudaDriver.cuGraphGetNodes(graph, null, count), count[0]);
        CHECKS.equal("captured nodes", HOST_NODES ? 6 : 5, count[0]);
        caseLine("cuGraphGetRootNodes", "captured count", JCudaDriver.cuGraphGetRootNodes(graph, null, count),
            count[0]);
        CHECKS.equal("captured root nodes", 1, count[0]);
        caseLine("cuGraphGetEdges", "captured count", JCudaDriver.cuGraphGetEdges(graph, null, null, count), count[0]);
        CHECKS.equal("captured edges", HOST_NODES ? 5 : 4, count[0]);

        final CUgraphExec exec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "captured", JCudaDriver.cuGraphInstantiate(exec, graph, 0));
        caseLine("cuGraphLaunch", "first", JCudaDriver.cuGraphLaunch(exec, s1));
        caseLine("cuStreamSynchronize", "first", JCudaDriver.cuStreamSynchronize(s1));
        CHECKS.check("the captured graph computed z = 3 * 1 + 2", allEqual(read(z, N), 5f), "" + read(z, N)[0]);
        CHECKS.check("the forked stream's memset ran", allEqual(readInts(w, N), 7), "" + readInts(w, N)[0]);
        caseLine("cuMemsetD32", "z again", JCudaDriver.cuMemsetD32(z, 0, N));
        caseLine("cuGraphLaunch", "second", JCudaDriver.cuGraphLaunch(exec, s1));
        caseLine("cuStreamSynchronize", "second", JCudaDriver.cuStreamSynchronize(s1));
        CHECKS.check("the second launch computed z again", allEqual(read(z, N), 5f), "" + read(z, N)[0]);
        if (HOST_NODES)
        {
            CHECKS.check("the captured host function ran once per launch", List.of("h", "h").equals(ran),
                ran.toString());
        }
        caseLine("cuGraphExecDestroy", "captured", JCudaDriver.cuGraphExecDestroy(exec));
        caseLine("cuGraphDestroy", "captured", JCudaDriver.cuGraphDestroy(graph));

        // A synchronisation of the capturing stream invalidates the capture.
        caseLine("cuStreamBeginCapture", "sync", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuMemsetD32Async", "sync", JCudaDriver.cuMemsetD32Async(x, 0, N, s1));
        caseLine("cuStreamSynchronize", "capturing", JCudaDriver.cuStreamSynchronize(s1));
        status("invalidated", s1);
        caseLine("cuMemsetD32Async", "invalidated", JCudaDriver.cuMemsetD32Async(x, 0, N, s1));
        final CUgraph invalid = new CUgraph();
        caseLine("cuStreamEndCapture", "invalidated", JCudaDriver.cuStreamEndCapture(s1, invalid));
        CHECKS.check("an invalidated capture gives no graph", address(invalid) == 0);
        status("after the invalidated capture", s1);

        // So does a query of it.
        caseLine("cuStreamBeginCapture", "query", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuStreamBeginCapture", "s1 again", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuStreamQuery", "capturing", JCudaDriver.cuStreamQuery(s1));
        caseLine("cuStreamEndCapture", "query", JCudaDriver.cuStreamEndCapture(s1, new CUgraph()));

        // A fork not joined back.
        caseLine("cuStreamBeginCapture", "unjoined", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuEventRecord", "unjoined", JCudaDriver.cuEventRecord(fork, s1));
        caseLine("cuStreamWaitEvent", "unjoined", JCudaDriver.cuStreamWaitEvent(s2, fork, 0));
        caseLine("cuMemsetD32Async", "unjoined", JCudaDriver.cuMemsetD32Async(w, 1, N, s2));
        caseLine("cuStreamEndCapture", "unjoined", JCudaDriver.cuStreamEndCapture(s1, new CUgraph()));
        caseLine("cuStreamEndCapture", "s2 after the unjoined capture", JCudaDriver.cuStreamEndCapture(s2,
            new CUgraph()));
        status("s2 after the unjoined capture", s2);
        caseLine("cuStreamSynchronize", "s2 after", JCudaDriver.cuStreamSynchronize(s2));
        CHECKS.check("the unjoined memset never ran", allEqual(readInts(w, N), 7), "" + readInts(w, N)[0]);

        // Capture modes: an allocation is potentially unsafe in global mode, allowed in relaxed mode.
        final int[] mode = { CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED };
        caseLine("cuThreadExchangeStreamCaptureMode", "relaxed", JCudaDriver.cuThreadExchangeStreamCaptureMode(mode),
            mode[0]);
        caseLine("cuStreamBeginCapture", "modes", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        final CUdeviceptr relaxed = new CUdeviceptr();
        caseLine("cuMemAlloc", "relaxed", JCudaDriver.cuMemAlloc(relaxed, 256));
        caseLine("cuMemFree", "relaxed", JCudaDriver.cuMemFree(relaxed));
        caseLine("cuThreadExchangeStreamCaptureMode", "global", JCudaDriver.cuThreadExchangeStreamCaptureMode(mode),
            mode[0]);
        caseLine("cuMemAlloc", "global", JCudaDriver.cuMemAlloc(new CUdeviceptr(), 256));
        status("after the allocation", s1);
        caseLine("cuStreamEndCapture", "modes", JCudaDriver.cuStreamEndCapture(s1, new CUgraph()));
        caseLine("cuThreadExchangeStreamCaptureMode", "bad", JCudaDriver.cuThreadExchangeStreamCaptureMode(
            new int[]{ 7 }));

        // The end of a capture begun in global mode on another thread.
        caseLine("cuStreamBeginCapture", "threads", JCudaDriver.cuStreamBeginCapture(s1,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuMemsetD32Async", "threads", JCudaDriver.cuMemsetD32Async(x, 0, N, s1));
        final int[] other = new int[1];
        final Thread thread = new Thread(() ->
        {
            JCudaDriver.cuCtxSetCurrent(context);
            other[0] = JCudaDriver.cuStreamEndCapture(s1, new CUgraph());
        });
        thread.start();
        thread.join(60_000);
        caseLine("cuStreamEndCapture", "another thread", other[0]);
        final CUgraph threads = new CUgraph();
        caseLine("cuStreamEndCapture", "threads", JCudaDriver.cuStreamEndCapture(s1, threads));
        count[0] = 0;
        final int threadsNodes = JCudaDriver.cuGraphGetNodes(threads, null, count);
        // JCuda writes its own uninitialised count back when CUDA fails: print the count only on success.
        caseLine("cuGraphGetNodes", "threads count", threadsNodes, threadsNodes == 0 ? count[0] : "-");
        caseLine("cuGraphDestroy", "threads", JCudaDriver.cuGraphDestroy(threads));

        if (ATTRIBUTES)
        {
            attributes(saxpy, s1, x, y, z, emulator);
        }

        if (refusals)
        {
            refusals(s1, x);
        }

        caseLine("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        System.out.println("DONE");
        CHECKS.finish();
    }

    /**
     * Kernel node attributes: read before they are set (CUDA's defaults), set, read back, copied to another node, and
     * applied when the graph runs (a cooperative launch; an access policy window on the launch); a cooperative launch
     * captured on a stream is a node that runs as one. On the emulator the launches are refused, naming what.
     */
    private static void attributes(
        final CUfunction saxpy, final CUstream stream, final CUdeviceptr x, final CUdeviceptr y, final CUdeviceptr z,
        final boolean emulator)
    {
        final CUgraph graph = new CUgraph();
        caseLine("cuGraphCreate", "attributes", JCudaDriver.cuGraphCreate(graph, 0));
        final CUgraphNode first = new CUgraphNode();
        caseLine("cuGraphAddKernelNode", "first", JCudaDriver.cuGraphAddKernelNode(first, graph, null, 0,
            saxpyNode(saxpy, N, 1f, x, y)));
        final CUgraphNode second = new CUgraphNode();
        caseLine("cuGraphAddKernelNode", "second", JCudaDriver.cuGraphAddKernelNode(second, graph,
            new CUgraphNode[]{ first }, 1, saxpyNode(saxpy, N, 1f, x, y)));
        attribute("first default", first);
        final CUkernelNodeAttrValue cooperative = new CUkernelNodeAttrValue();
        cooperative.cooperative = 1;
        caseLine("cuGraphKernelNodeSetAttribute", "cooperative", JCudaDriver.cuGraphKernelNodeSetAttribute(first,
            CUkernelNodeAttrID.CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, cooperative));
        final CUkernelNodeAttrValue window = new CUkernelNodeAttrValue();
        window.accessPolicyWindow = new CUaccessPolicyWindow(x, (long)N * Sizeof.FLOAT, 0.5f,
            CUaccessProperty.CU_ACCESS_PROPERTY_PERSISTING, CUaccessProperty.CU_ACCESS_PROPERTY_STREAMING);
        caseLine("cuGraphKernelNodeSetAttribute", "window", JCudaDriver.cuGraphKernelNodeSetAttribute(first,
            CUkernelNodeAttrID.CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW, window));
        final long[] got = attribute("first set", first);
        CHECKS.check("the attributes read back as set", got[0] == 1 && got[1] == (long)N * Sizeof.FLOAT &&
            got[2] == Float.floatToRawIntBits(0.5f) && got[3] == 2 && got[4] == 1,
            java.util.Arrays.toString(got));
        attribute("second before the copy", second);
        caseLine("cuGraphKernelNodeCopyAttributes", "", JCudaDriver.cuGraphKernelNodeCopyAttributes(second, first));
        final long[] copied = attribute("second copied", second);
        CHECKS.check("the copy has the attributes", java.util.Arrays.equals(got, copied),
            java.util.Arrays.toString(copied));
        final CUkernelNodeAttrValue plain = new CUkernelNodeAttrValue();
        plain.cooperative = 0;
        caseLine("cuGraphKernelNodeSetAttribute", "second not cooperative", JCudaDriver.cuGraphKernelNodeSetAttribute(
            second, CUkernelNodeAttrID.CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, plain));

        // x = 1, y = 0, then y = x + y twice: y = 2 when both nodes ran.
        caseLine("cuMemsetD32", "x for the attributes", JCudaDriver.cuMemsetD32(x, Float.floatToRawIntBits(1f), N));
        caseLine("cuMemsetD32", "y for the attributes", JCudaDriver.cuMemsetD32(y, 0, N));
        final CUgraphExec exec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "attributes", JCudaDriver.cuGraphInstantiate(exec, graph, 0));
        final int launched = JCudaDriver.cuGraphLaunch(exec, stream);
        final int synchronised = JCudaDriver.cuStreamSynchronize(stream);
        if (emulator)
        {
            CHECKS.check("the emulator refuses the cooperative node with a window", launched != 0 || synchronised != 0,
                launched + " " + synchronised);
            System.out.println("REFUSED attributes launch " + launched + " synchronize " + synchronised);
        }
        else
        {
            caseLine("cuGraphLaunch", "attributes", launched);
            caseLine("cuStreamSynchronize", "attributes", synchronised);
            CHECKS.check("the nodes with attributes ran", allEqual(read(y, N), 2f), "" + read(y, N)[0]);
        }
        caseLine("cuGraphExecDestroy", "attributes", JCudaDriver.cuGraphExecDestroy(exec));
        caseLine("cuGraphDestroy", "attributes", JCudaDriver.cuGraphDestroy(graph));

        // A captured cooperative launch: z = 4 * 1 + z (z was 5).
        caseLine("cuStreamBeginCapture", "cooperative", JCudaDriver.cuStreamBeginCapture(stream,
            CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        caseLine("cuLaunchCooperativeKernel", "captured", JCudaDriver.cuLaunchCooperativeKernel(saxpy,
            (N + 127) / 128, 1, 1, 128, 1, 1, 0, stream, Pointer.to(Pointer.to(new int[]{ N }),
                Pointer.to(new float[]{ 4f }), Pointer.to(x), Pointer.to(z))));
        final CUgraph captured = new CUgraph();
        caseLine("cuStreamEndCapture", "cooperative", JCudaDriver.cuStreamEndCapture(stream, captured));
        final long[] count = new long[1];
        caseLine("cuGraphGetNodes", "cooperative count", JCudaDriver.cuGraphGetNodes(captured, null, count), count[0]);
        final CUgraphExec capturedExec = new CUgraphExec();
        caseLine("cuGraphInstantiate", "cooperative", JCudaDriver.cuGraphInstantiate(capturedExec, captured, 0));
        final int capturedLaunch = JCudaDriver.cuGraphLaunch(capturedExec, stream);
        final int capturedSync = JCudaDriver.cuStreamSynchronize(stream);
        if (emulator)
        {
            CHECKS.check("the emulator refuses the captured cooperative launch", capturedLaunch != 0 ||
                capturedSync != 0, capturedLaunch + " " + capturedSync);
        }
        else
        {
            caseLine("cuGraphLaunch", "cooperative", capturedLaunch);
            caseLine("cuStreamSynchronize", "cooperative", capturedSync);
            CHECKS.check("the captured cooperative launch ran", allEqual(read(z, N), 9f), "" + read(z, N)[0]);
        }
        caseLine("cuGraphExecDestroy", "cooperative", JCudaDriver.cuGraphExecDestroy(capturedExec));
        caseLine("cuGraphDestroy", "cooperative", JCudaDriver.cuGraphDestroy(captured));
    }

    /**
     * @return cooperative, then the window's bytes, hit ratio bits, hit and miss properties (the base address is
     *         printed on a BASE line with {@code refusals}: JCuda's own natives may not give it back).
     */
    private static long[] attribute(final String what, final CUgraphNode node)
    {
        final CUkernelNodeAttrValue cooperative = new CUkernelNodeAttrValue();
        caseLine("cuGraphKernelNodeGetAttribute", what + " cooperative", JCudaDriver.cuGraphKernelNodeGetAttribute(node,
            CUkernelNodeAttrID.CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, cooperative), cooperative.cooperative);
        final CUkernelNodeAttrValue value = new CUkernelNodeAttrValue();
        value.accessPolicyWindow = new CUaccessPolicyWindow();
        final int status = JCudaDriver.cuGraphKernelNodeGetAttribute(node,
            CUkernelNodeAttrID.CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW, value);
        final CUaccessPolicyWindow window = value.accessPolicyWindow;
        caseLine("cuGraphKernelNodeGetAttribute", what + " window", status, window.num_bytes, window.hitRatio,
            window.hitProp, window.missProp);
        if (BASES)
        {
            System.out.println("BASE " + what + " " + address(window.base_ptr));
        }
        return new long[]{ cooperative.cooperative, window.num_bytes, Float.floatToRawIntBits(window.hitRatio),
            window.hitProp, window.missProp };
    }

    /**
     * What gpurelay refuses in a capture and CUDA captures: a graph launch (CUDA adds a child graph node) and a copy
     * from host memory, each invalidating the capture.
     */
    private static void refusals(final CUstream stream, final CUdeviceptr x)
    {
        final CUgraph inner = new CUgraph();
        JCudaDriver.cuGraphCreate(inner, 0);
        final CUgraphExec innerExec = new CUgraphExec();
        JCudaDriver.cuGraphInstantiate(innerExec, inner, 0);
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        refused("a graph launch in a capture", JCudaDriver.cuGraphLaunch(innerExec, stream), 900);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(stream, new CUgraph()), 901);
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        refused("a copy from host memory in a capture", JCudaDriver.cuMemcpyHtoDAsync(x,
            Pointer.to(new float[N]), (long)N * Sizeof.FLOAT, stream), 900);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(stream, new CUgraph()), 901);
        // A runtime call on the capturing stream: the runtime records nothing into a capture.
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        refused("a runtime memset on a capturing stream", jcuda.runtime.JCuda.cudaMemsetAsync(x, 0, 4,
            new jcuda.runtime.cudaStream_t(stream)), 900);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(stream, new CUgraph()), 901);
        // The end of a capture on a stream that joined it, not the one that began it.
        final CUevent event = new CUevent();
        JCudaDriver.cuEventCreate(event, 0);
        final CUstream joined = new CUstream();
        JCudaDriver.cuStreamCreate(joined, 0);
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        JCudaDriver.cuEventRecord(event, stream);
        JCudaDriver.cuStreamWaitEvent(joined, event, 0);
        refused("the end of a capture on a stream that joined it", JCudaDriver.cuStreamEndCapture(joined,
            new CUgraph()), 903);
        final CUgraph empty = new CUgraph();
        refused("nothing: the end of that capture on its stream", JCudaDriver.cuStreamEndCapture(stream, empty), 0);
        JCudaDriver.cuGraphDestroy(empty);
        // A stream waiting in a capture for an event recorded outside it.
        JCudaDriver.cuEventRecord(event, joined);
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        refused("a wait for an event recorded outside the capture", JCudaDriver.cuStreamWaitEvent(stream, event, 0),
            905);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(stream, new CUgraph()), 901);
        // A query of an event recorded in a capture.
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL);
        JCudaDriver.cuEventRecord(event, stream);
        refused("a query of an event recorded in a capture", JCudaDriver.cuEventQuery(event), 907);
        final CUgraph recorded = new CUgraph();
        refused("nothing: the end of that capture", JCudaDriver.cuStreamEndCapture(stream, recorded), 0);
        JCudaDriver.cuGraphDestroy(recorded);
        // A context synchronisation: in another context the capture goes on; in the capture's own it is refused
        // and invalidates the capture, whatever the capture's mode.
        final CUdevice device = new CUdevice();
        JCudaDriver.cuCtxGetDevice(device);
        final CUcontext other = new CUcontext();
        JCudaDriver.cuCtxCreate(other, 0, device);
        JCudaDriver.cuCtxPopCurrent(new CUcontext());
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED);
        JCudaDriver.cuCtxPushCurrent(other);
        refused("nothing: a context synchronisation in another context", JCudaDriver.cuCtxSynchronize(), 0);
        JCudaDriver.cuCtxPopCurrent(new CUcontext());
        final int[] capturing = { -1 };
        JCudaDriver.cuStreamIsCapturing(stream, capturing);
        refused("nothing: the capture after another context's synchronisation", capturing[0],
            CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE);
        refused("a context synchronisation in the capture's context", JCudaDriver.cuCtxSynchronize(), 900);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(stream, new CUgraph()), 901);
        JCudaDriver.cuCtxDestroy(other);
        // The runtime's device synchronisation is cuCtxSynchronize of the primary context: a capture there is
        // invalidated, one in another context goes on.
        final CUcontext primary = new CUcontext();
        JCudaDriver.cuDevicePrimaryCtxRetain(primary, device);
        JCudaDriver.cuCtxPushCurrent(primary);
        final CUstream inPrimary = new CUstream();
        JCudaDriver.cuStreamCreate(inPrimary, 0);
        JCudaDriver.cuStreamBeginCapture(inPrimary, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED);
        refused("a device synchronisation with a capture in the primary context",
            jcuda.runtime.JCuda.cudaDeviceSynchronize(), 900);
        refused("the runtime's last error after it", jcuda.runtime.JCuda.cudaGetLastError(), 900);
        refused("the end of the capture it invalidated", JCudaDriver.cuStreamEndCapture(inPrimary, new CUgraph()),
            901);
        JCudaDriver.cuStreamDestroy(inPrimary);
        JCudaDriver.cuCtxPopCurrent(new CUcontext());
        JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED);
        refused("nothing: a device synchronisation with a capture in another context",
            jcuda.runtime.JCuda.cudaDeviceSynchronize(), 0);
        final CUgraph still = new CUgraph();
        refused("nothing: the end of that capture", JCudaDriver.cuStreamEndCapture(stream, still), 0);
        JCudaDriver.cuGraphDestroy(still);
        JCudaDriver.cuDevicePrimaryCtxRelease(device);
        JCudaDriver.cuStreamDestroy(joined);
        JCudaDriver.cuEventDestroy(event);
        JCudaDriver.cuGraphExecDestroy(innerExec);
        JCudaDriver.cuGraphDestroy(inner);
    }

    private static void refused(final String what, final int status, final int expected)
    {
        System.out.println("REFUSED " + what + " status=" + status);
        CHECKS.equal("REFUSED " + what, expected, status);
    }

    private static int launchSaxpy(
        final CUfunction function, final float a, final CUdeviceptr x, final CUdeviceptr y, final CUstream stream)
    {
        return JCudaDriver.cuLaunchKernel(function, (N + 127) / 128, 1, 1, 128, 1, 1, 0, stream,
            Pointer.to(Pointer.to(new int[]{ N }), Pointer.to(new float[]{ a }), Pointer.to(x), Pointer.to(y)), null);
    }

    private static void status(final String what, final CUstream stream)
    {
        final int[] status = { -1 };
        caseLine("cuStreamIsCapturing", what, JCudaDriver.cuStreamIsCapturing(stream, status), status[0]);
    }

    private static int[] readInts(final CUdeviceptr source, final int count)
    {
        final int[] values = new int[count];
        JCudaDriver.cuMemcpyDtoH(Pointer.to(values), source, (long)count * Sizeof.INT);
        return values;
    }
}
