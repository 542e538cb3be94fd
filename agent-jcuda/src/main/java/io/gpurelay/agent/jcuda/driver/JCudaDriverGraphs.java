package io.gpurelay.agent.jcuda.driver;

import java.nio.ByteOrder;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.HostCallback;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.agent.cuda.driver.KernelSignatures;
import io.gpurelay.agent.instrumentation.NotSupportedCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUDA_HOST_NODE_PARAMS;
import jcuda.driver.CUDA_KERNEL_NODE_PARAMS;
import jcuda.driver.CUDA_MEMCPY3D;
import jcuda.driver.CUDA_MEMSET_NODE_PARAMS;
import jcuda.driver.CUaccessPolicyWindow;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUgraphNode;
import jcuda.driver.CUkernelNodeAttrValue;
import jcuda.driver.CUmemorytype;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * CUDA graphs ({@code cuGraph*}) for {@link JCudaDriverRemote}: graphs, nodes and graph execs are the executor's
 * objects (see {@code Function.CU_GRAPH_CREATE} and what follows it), whose handles go into JCuda's
 * {@code CUgraph}, {@code CUgraphNode} and {@code CUgraphExec} as JCuda's native code puts CUDA's there.
 * <p>
 * A kernel node's parameters are read from {@code kernelParams} (or {@code extra}) when the node is made or its
 * parameters set, as {@code cuLaunchKernel} reads them at the launch: CUDA too copies them into the node. A memcpy node
 * copies between device memory only: host memory is in this process, not where the graph runs. A host node's function
 * and user data stay here under a key the executor keeps in the node, for as long as a node or graph exec holds the
 * key ({@link HostNodeFunctions}); a launch of an exec with host nodes adds their functions as callbacks, which run on
 * the agent's callback thread as {@code cuLaunchHostFunc}'s do.
 */
final class JCudaDriverGraphs
{
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int HANDLE_BYTES = Long.BYTES;
    private static final long[] NONE = new long[0];
    /** The values of CU_GRAPH_MEMCPY_NODE_GET_PARAMS and CU_GRAPH_MEMSET_NODE_GET_PARAMS. */
    private static final int MEMCPY_VALUES = 9;
    private static final int MEMSET_VALUES = 6;
    /** The most values a reply carries. */
    private static final int MAX_VALUES = 64;

    private JCudaDriverGraphs()
    {
    }

    /**
     * Why a graph function is not remoted, for the coverage report; null for any other function.
     */
    static String refusalReason(final String functionName)
    {
        return switch (functionName)
        {
            default -> null;
        };
    }

    static int create(final CUgraph phGraph, final int flags)
    {
        requireNonNull(phGraph, "phGraph", "cuGraphCreate");
        return handleCall(Function.CU_GRAPH_CREATE, new long[]{ Integer.toUnsignedLong(flags) }, null, phGraph);
    }

    static int destroy(final CUgraph hGraph)
    {
        requireNonNull(hGraph, "hGraph", "cuGraphDestroy");
        return releasingCall(Function.CU_GRAPH_DESTROY, new long[]{ handle(hGraph), HostNodeFunctions.RELEASED });
    }

    static int addKernelNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphAddKernelNode";
        requireNonNull(phGraphNode, "phGraphNode", name);
        requireNonNull(hGraph, "hGraph", name);
        requireNonNull(nodeParams, "nodeParams", name);
        final byte[] dependencyBytes = handles(dependencies, numDependencies, "dependencies", name);
        if (dependencyBytes == null)
        {
            return DriverStatus.INVALID_VALUE;
        }
        final KernelCall kernel = kernel(nodeParams, name);
        if (kernel.status != DriverStatus.SUCCESS)
        {
            return kernel.status;
        }
        return handleCall(Function.CU_GRAPH_ADD_KERNEL_NODE,
            concat(new long[]{ handle(hGraph), numDependencies }, kernel.args),
            concat(dependencyBytes, kernel.parameters.bytes()), phGraphNode);
    }

    /**
     * The node's kernel, dimensions and parameter values: {@code kernelParams} points to a copy of each value (the
     * node holds values, as CUDA's does, not the program's pointers), so the parameters can be changed and set again.
     */
    static int kernelNodeGetParams(final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        final long[] results = new long[MAX_VALUES];
        final ByteArrayPayload bytes = new ByteArrayPayload();
        final int status = DriverCalls.inContext(Function.CU_GRAPH_KERNEL_NODE_GET_PARAMS,
            new long[]{ handle(hNode) }, null, bytes, results);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long count = results[8];
        final byte[] given = bytes.bytes();
        nodeParams.func = new jcuda.driver.CUfunction();
        JCudaPointers.setNativePointer(nodeParams.func, results[0]);
        nodeParams.gridDimX = (int)results[1];
        nodeParams.gridDimY = (int)results[2];
        nodeParams.gridDimZ = (int)results[3];
        nodeParams.blockDimX = (int)results[4];
        nodeParams.blockDimY = (int)results[5];
        nodeParams.blockDimZ = (int)results[6];
        nodeParams.sharedMemBytes = (int)results[7];
        if (count < 0)
        {
            nodeParams.kernelParams = null;
            // As JCuda's CU_LAUNCH_PARAM_BUFFER_POINTER, CU_LAUNCH_PARAM_BUFFER_SIZE and CU_LAUNCH_PARAM_END.
            nodeParams.extra = Pointer.to(launchParameterKey(1), Pointer.to(given), launchParameterKey(2),
                Pointer.to(new long[]{ given.length }), launchParameterKey(0));
            return status;
        }
        final Pointer[] values = new Pointer[(int)count];
        int offset = 0;
        for (int i = 0; i < values.length; i++)
        {
            final int size = (int)results[9 + i];
            values[i] = Pointer.to(java.util.Arrays.copyOfRange(given, offset, offset + size));
            offset += size;
        }
        nodeParams.kernelParams = Pointer.to(values);
        nodeParams.extra = null;
        return status;
    }

    // Kernel node attributes (issue #13, family "capture"): the executor keeps them in the node and applies them
    // when it runs (a cooperative launch, the access policy window on the launch's stream).

    /** CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW and CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE. */
    private static final int ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
    private static final int ATTRIBUTE_COOPERATIVE = 2;
    private static final int WINDOW_VALUES = 5;

    static int kernelNodeGetAttribute(final CUgraphNode hNode, final int attr, final CUkernelNodeAttrValue value)
    {
        final String name = "cuGraphKernelNodeGetAttribute";
        final int status = attributeKnown(name, attr);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long[] results = new long[WINDOW_VALUES];
        final int got = DriverCalls.inContext(Function.CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE,
            new long[]{ handle(hNode), attr }, null, null, results);
        if (got != DriverStatus.SUCCESS)
        {
            return got;
        }
        if (attr == ATTRIBUTE_COOPERATIVE)
        {
            value.cooperative = (int)results[0];
            return got;
        }
        value.accessPolicyWindow = AccessPolicyWindows.of(results);
        return got;
    }

    static int kernelNodeSetAttribute(final CUgraphNode hNode, final int attr, final CUkernelNodeAttrValue value)
    {
        final String name = "cuGraphKernelNodeSetAttribute";
        requireNonNull(hNode, "hNode", name);
        requireNonNull(value, "value", name);
        final int status = attributeKnown(name, attr);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long[] args;
        if (attr == ATTRIBUTE_COOPERATIVE)
        {
            args = new long[]{ handle(hNode), attr, Integer.toUnsignedLong(value.cooperative) };
        }
        else
        {
            final CUaccessPolicyWindow window = value.accessPolicyWindow;
            if (window == null)
            {
                return invalidValue(name, "value.accessPolicyWindow is null");
            }
            args = new long[]{ handle(hNode), attr, window.base_ptr == null ? 0 : JCudaPointers.address(window.base_ptr),
                window.num_bytes, Integer.toUnsignedLong(Float.floatToRawIntBits(window.hitRatio)),
                Integer.toUnsignedLong(window.hitProp), Integer.toUnsignedLong(window.missProp) };
        }
        return DriverCalls.inContext(Function.CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, args, null, null, null);
    }

    static int kernelNodeCopyAttributes(final CUgraphNode dst, final CUgraphNode src)
    {
        return DriverCalls.inContext(Function.CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES,
            new long[]{ handle(dst), handle(src) }, null, null, null);
    }

    /**
     * JCuda's CUkernelNodeAttrValue carries the access policy window and cooperative only: another attribute (a
     * priority, a cluster dimension, ...) could be neither given nor answered through it.
     */
    private static int attributeKnown(final String name, final int attr)
    {
        if (attr == ATTRIBUTE_ACCESS_POLICY_WINDOW || attr == ATTRIBUTE_COOPERATIVE)
        {
            return DriverStatus.SUCCESS;
        }
        AgentLog.warnOnce(name + ": attribute " + attr + " is not the access policy window (1) or cooperative (2), " +
            "the two JCuda's CUkernelNodeAttrValue carries; returning CUDA_ERROR_NOT_SUPPORTED");
        return DriverStatus.NOT_SUPPORTED;
    }

    /**
     * A key of cuLaunchKernel's {@code extra}: a pointer whose address is the key, as JCuda's constants are.
     */
    private static Pointer launchParameterKey(final long key)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setNativePointer(pointer, key);
        return pointer;
    }

    static int kernelNodeSetParams(final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphKernelNodeSetParams";
        final KernelCall kernel = kernel(nodeParams, name);
        if (kernel.status != DriverStatus.SUCCESS)
        {
            return kernel.status;
        }
        return DriverCalls.inContext(Function.CU_GRAPH_KERNEL_NODE_SET_PARAMS,
            concat(new long[]{ handle(hNode) }, kernel.args), new ByteArrayPayload(kernel.parameters.bytes()), null,
            null);
    }

    static int execKernelNodeSetParams(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_KERNEL_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphExecKernelNodeSetParams";
        final KernelCall kernel = kernel(nodeParams, name);
        if (kernel.status != DriverStatus.SUCCESS)
        {
            return kernel.status;
        }
        return DriverCalls.inContext(Function.CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS,
            concat(new long[]{ handle(hGraphExec), handle(hNode) }, kernel.args),
            new ByteArrayPayload(kernel.parameters.bytes()), null, null);
    }

    static int addMemsetNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUDA_MEMSET_NODE_PARAMS memsetParams)
    {
        final String name = "cuGraphAddMemsetNode";
        requireNonNull(phGraphNode, "phGraphNode", name);
        requireNonNull(hGraph, "hGraph", name);
        requireNonNull(memsetParams, "memsetParams", name);
        final byte[] dependencyBytes = handles(dependencies, numDependencies, "dependencies", name);
        if (dependencyBytes == null)
        {
            return DriverStatus.INVALID_VALUE;
        }
        return handleCall(Function.CU_GRAPH_ADD_MEMSET_NODE,
            concat(new long[]{ handle(hGraph), numDependencies }, memset(memsetParams)), dependencyBytes, phGraphNode);
    }

    static int memsetNodeGetParams(final CUgraphNode hNode, final CUDA_MEMSET_NODE_PARAMS nodeParams)
    {
        final long[] results = new long[MEMSET_VALUES];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_MEMSET_NODE_GET_PARAMS,
            new long[]{ handle(hNode) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            nodeParams.dst = new CUdeviceptr();
            JCudaPointers.setAddress(nodeParams.dst, results[0]);
            nodeParams.pitch = results[1];
            nodeParams.value = (int)results[2];
            nodeParams.elementSize = (int)results[3];
            nodeParams.width = results[4];
            nodeParams.height = results[5];
        }
        return status;
    }

    static int memsetNodeSetParams(final CUgraphNode hNode, final CUDA_MEMSET_NODE_PARAMS nodeParams)
    {
        return DriverCalls.inContext(Function.CU_GRAPH_MEMSET_NODE_SET_PARAMS,
            concat(new long[]{ handle(hNode) }, memset(nodeParams)), null, null, null);
    }

    static int execMemsetNodeSetParams(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_MEMSET_NODE_PARAMS memsetParams)
    {
        return DriverCalls.inContext(Function.CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS,
            concat(new long[]{ handle(hGraphExec), handle(hNode) }, memset(memsetParams)), null, null, null);
    }

    static int addMemcpyNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUDA_MEMCPY3D copyParams)
    {
        final String name = "cuGraphAddMemcpyNode";
        requireNonNull(phGraphNode, "phGraphNode", name);
        requireNonNull(hGraph, "hGraph", name);
        requireNonNull(copyParams, "copyParams", name);
        final byte[] dependencyBytes = handles(dependencies, numDependencies, "dependencies", name);
        if (dependencyBytes == null)
        {
            return DriverStatus.INVALID_VALUE;
        }
        final long[] copy = memcpy(copyParams, name);
        if (copy == null)
        {
            return DriverStatus.NOT_SUPPORTED;
        }
        return handleCall(Function.CU_GRAPH_ADD_MEMCPY_NODE,
            concat(new long[]{ handle(hGraph), numDependencies }, copy), dependencyBytes, phGraphNode);
    }

    static int memcpyNodeGetParams(final CUgraphNode hNode, final CUDA_MEMCPY3D nodeParams)
    {
        final long[] results = new long[MEMCPY_VALUES];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_MEMCPY_NODE_GET_PARAMS,
            new long[]{ handle(hNode) }, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            nodeParams.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
            nodeParams.dstDevice = new CUdeviceptr();
            JCudaPointers.setAddress(nodeParams.dstDevice, results[0]);
            nodeParams.dstXInBytes = 0;
            nodeParams.dstY = 0;
            nodeParams.dstZ = 0;
            nodeParams.dstPitch = results[1];
            nodeParams.dstHeight = results[2];
            nodeParams.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
            nodeParams.srcDevice = new CUdeviceptr();
            JCudaPointers.setAddress(nodeParams.srcDevice, results[3]);
            nodeParams.srcXInBytes = 0;
            nodeParams.srcY = 0;
            nodeParams.srcZ = 0;
            nodeParams.srcPitch = results[4];
            nodeParams.srcHeight = results[5];
            nodeParams.WidthInBytes = results[6];
            nodeParams.Height = results[7];
            nodeParams.Depth = results[8];
        }
        return status;
    }

    static int memcpyNodeSetParams(final CUgraphNode hNode, final CUDA_MEMCPY3D nodeParams)
    {
        final String name = "cuGraphMemcpyNodeSetParams";
        final long[] copy = memcpy(nodeParams, name);
        return copy == null ? DriverStatus.NOT_SUPPORTED : DriverCalls.inContext(
            Function.CU_GRAPH_MEMCPY_NODE_SET_PARAMS, concat(new long[]{ handle(hNode) }, copy), null, null, null);
    }

    static int execMemcpyNodeSetParams(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_MEMCPY3D copyParams)
    {
        final String name = "cuGraphExecMemcpyNodeSetParams";
        final long[] copy = memcpy(copyParams, name);
        return copy == null ? DriverStatus.NOT_SUPPORTED : DriverCalls.inContext(
            Function.CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS,
            concat(new long[]{ handle(hGraphExec), handle(hNode) }, copy), null, null, null);
    }

    static int addEmptyNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies)
    {
        return addNode(Function.CU_GRAPH_ADD_EMPTY_NODE, "cuGraphAddEmptyNode", phGraphNode, hGraph, dependencies,
            numDependencies, NONE);
    }

    static int addEventNode(
        final boolean record, final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUevent event)
    {
        final String name = record ? "cuGraphAddEventRecordNode" : "cuGraphAddEventWaitNode";
        requireNonNull(event, "event", name);
        return addNode(record ? Function.CU_GRAPH_ADD_EVENT_RECORD_NODE : Function.CU_GRAPH_ADD_EVENT_WAIT_NODE, name,
            phGraphNode, hGraph, dependencies, numDependencies, new long[]{ handle(event) });
    }

    static int addChildGraphNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUgraph childGraph)
    {
        final String name = "cuGraphAddChildGraphNode";
        return addNode(Function.CU_GRAPH_ADD_CHILD_GRAPH_NODE, name, phGraphNode, hGraph, dependencies,
            numDependencies, new long[]{ handle(childGraph) });
    }

    static int childGraphNodeGetGraph(final CUgraphNode hNode, final CUgraph phGraph)
    {
        return handleCall(Function.CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH, new long[]{ handle(hNode) }, null, phGraph);
    }

    static int eventNodeGetEvent(final String name, final CUgraphNode hNode, final CUevent event_out)
    {
        requireNonNull(hNode, "hNode", name);
        requireNonNull(event_out, "event_out", name);
        return handleCall(Function.CU_GRAPH_EVENT_NODE_GET_EVENT, new long[]{ handle(hNode) }, null, event_out);
    }

    static int eventNodeSetEvent(final String name, final CUgraphNode hNode, final CUevent event)
    {
        requireNonNull(hNode, "hNode", name);
        requireNonNull(event, "event", name);
        return DriverCalls.inContext(Function.CU_GRAPH_EVENT_NODE_SET_EVENT,
            new long[]{ handle(hNode), handle(event) }, null, null, null);
    }

    static int execEventNodeSetEvent(
        final String name, final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUevent event)
    {
        requireNonNull(hGraphExec, "hGraphExec", name);
        requireNonNull(hNode, "hNode", name);
        requireNonNull(event, "event", name);
        return DriverCalls.inContext(Function.CU_GRAPH_EXEC_EVENT_NODE_SET_EVENT,
            new long[]{ handle(hGraphExec), handle(hNode), handle(event) }, null, null, null);
    }

    static int execChildGraphNodeSetParams(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUgraph childGraph)
    {
        final ByteArrayPayload keys = new ByteArrayPayload();
        final long[] released = new long[1];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS,
            new long[]{ handle(hGraphExec), handle(hNode), handle(childGraph), HostNodeFunctions.RELEASED }, null,
            keys, released);
        if (status == DriverStatus.SUCCESS)
        {
            HostNodeFunctions.execKeys(handle(hGraphExec), keys, released[0]);
        }
        return status;
    }

    static int nodeGetType(final CUgraphNode hNode, final int[] type)
    {
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_NODE_GET_TYPE, new long[]{ handle(hNode) }, null,
            null, results);
        if (status == DriverStatus.SUCCESS)
        {
            type[0] = (int)results[0];
        }
        return status;
    }

    /**
     * cuGraphGetNodes, cuGraphGetRootNodes, cuGraphNodeGetDependencies and cuGraphNodeGetDependentNodes: CUDA's
     * two-call convention, a null array asking for the count.
     */
    static int nodeList(
        final Function function, final String name, final NativePointerObject of, final CUgraphNode[] nodes,
        final long[] count)
    {
        requireNonNull(of, function == Function.CU_GRAPH_GET_NODES || function == Function.CU_GRAPH_GET_ROOT_NODES ?
            "hGraph" : "hNode", name);
        requireNonNull(count, "numNodes", name);
        final ByteArrayPayload reply = new ByteArrayPayload();
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(function, new long[]{ handle(of) }, null, reply, results);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long[] handles = handles(reply);
        if (nodes == null)
        {
            count[0] = handles.length;
            return status;
        }
        if (count[0] < 0 || count[0] > nodes.length)
        {
            return invalidValue(name, "the array holds " + nodes.length + " nodes, not " + count[0]);
        }
        final int wanted = (int)count[0];
        fill(nodes, handles, 0, 1, wanted);
        count[0] = Math.min(wanted, handles.length);
        return status;
    }

    static int getEdges(final CUgraph hGraph, final CUgraphNode[] from, final CUgraphNode[] to, final long[] numEdges)
    {
        final String name = "cuGraphGetEdges";
        if (from == null != (to == null))
        {
            return invalidValue(name, "from and to must both be given or both be null");
        }
        final ByteArrayPayload reply = new ByteArrayPayload();
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_GET_EDGES, new long[]{ handle(hGraph) }, null,
            reply, results);
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final long[] pairs = handles(reply);
        final int edges = pairs.length / 2;
        if (from == null)
        {
            numEdges[0] = edges;
            return status;
        }
        if (numEdges[0] < 0 || numEdges[0] > from.length || numEdges[0] > to.length)
        {
            return invalidValue(name, "the arrays hold " + Math.min(from.length, to.length) + " edges, not " +
                numEdges[0]);
        }
        final int wanted = (int)numEdges[0];
        fill(from, pairs, 0, 2, wanted);
        fill(to, pairs, 1, 2, wanted);
        numEdges[0] = Math.min(wanted, edges);
        return status;
    }

    static int changeDependencies(
        final boolean add, final CUgraph hGraph, final CUgraphNode[] from, final CUgraphNode[] to,
        final long numDependencies)
    {
        final String name = add ? "cuGraphAddDependencies" : "cuGraphRemoveDependencies";
        requireNonNull(hGraph, "hGraph", name);
        final byte[] fromBytes = handles(from, numDependencies, "from", name);
        final byte[] toBytes = fromBytes == null ? null : handles(to, numDependencies, "to", name);
        if (toBytes == null)
        {
            return DriverStatus.INVALID_VALUE;
        }
        return DriverCalls.inContext(add ? Function.CU_GRAPH_ADD_DEPENDENCIES : Function.CU_GRAPH_REMOVE_DEPENDENCIES,
            new long[]{ handle(hGraph), numDependencies }, new ByteArrayPayload(concat(fromBytes, toBytes)), null,
            null);
    }

    static int destroyNode(final CUgraphNode hNode)
    {
        return releasingCall(Function.CU_GRAPH_DESTROY_NODE, new long[]{ handle(hNode), HostNodeFunctions.RELEASED });
    }

    static int clone(final CUgraph phGraphClone, final CUgraph originalGraph)
    {
        requireNonNull(phGraphClone, "phGraphClone", "cuGraphClone");
        requireNonNull(originalGraph, "originalGraph", "cuGraphClone");
        return handleCall(Function.CU_GRAPH_CLONE, new long[]{ handle(originalGraph) }, null, phGraphClone);
    }

    static int nodeFindInClone(final CUgraphNode phNode, final CUgraphNode hOriginalNode, final CUgraph hClonedGraph)
    {
        return handleCall(Function.CU_GRAPH_NODE_FIND_IN_CLONE,
            new long[]{ handle(hOriginalNode), handle(hClonedGraph) }, null, phNode);
    }

    static int instantiate(final CUgraphExec phGraphExec, final CUgraph hGraph, final long flags)
    {
        final long[] results = new long[1];
        final ByteArrayPayload keys = new ByteArrayPayload();
        final int status = DriverCalls.inContext(Function.CU_GRAPH_INSTANTIATE, new long[]{ handle(hGraph), flags },
            null, keys, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(phGraphExec, results[0]);
            HostNodeFunctions.execKeys(results[0], keys, 0);
        }
        return status;
    }

    /**
     * cuGraphLaunch and cuGraphUpload: pipelined, as a kernel launch is, their failure coming back from a later call.
     * A launch of an exec with host nodes adds their functions as callbacks, run here when the stream reaches them.
     */
    static int launch(final boolean upload, final CUgraphExec hGraphExec, final long stream)
    {
        requireNonNull(hGraphExec, "hGraphExec", upload ? "cuGraphUpload" : "cuGraphLaunch");
        final long exec = handle(hGraphExec);
        final long[] keys = upload ? null : HostNodeFunctions.execKeys(exec);
        if (keys == null)
        {
            return DriverCalls.pipelinedInContext(upload ? Function.CU_GRAPH_UPLOAD : Function.CU_GRAPH_LAUNCH,
                new long[]{ exec, stream }, null);
        }
        final long context = DriverContexts.current();
        if (!DriverContexts.isLive(context))
        {
            return DriverCalls.noCurrentContext();
        }
        final HostCallback[] callbacks = new HostCallback[keys.length];
        for (int i = 0; i < keys.length; i++)
        {
            final HostNodeFunctions.HostNodeFunction function = HostNodeFunctions.get(keys[i]);
            callbacks[i] = function == null ? status -> { } : status -> function.fn().call(function.userData());
        }
        return DeviceRouter.installed().addCallbacks(Function.CU_GRAPH_LAUNCH, context, new long[]{ exec, stream },
            callbacks);
    }

    static int execDestroy(final CUgraphExec hGraphExec)
    {
        final int status = releasingCall(Function.CU_GRAPH_EXEC_DESTROY,
            new long[]{ handle(hGraphExec), HostNodeFunctions.RELEASED });
        if (status == DriverStatus.SUCCESS)
        {
            HostNodeFunctions.execDestroyed(handle(hGraphExec));
        }
        return status;
    }

    /**
     * A call that can end nodes' holds on host node keys, asking for the keys it released (its last argument), which
     * are forgotten when it succeeds.
     */
    private static int releasingCall(final Function function, final long[] args)
    {
        final ByteArrayPayload released = new ByteArrayPayload();
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(function, args, null, released, results);
        if (status == DriverStatus.SUCCESS)
        {
            HostNodeFunctions.released(results[0], released);
        }
        return status;
    }

    // Host nodes: the function and user data stay here (HostNodeFunctions), named on the executor by a key.

    static int addHostNode(
        final CUgraphNode phGraphNode, final CUgraph hGraph, final CUgraphNode[] dependencies,
        final long numDependencies, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphAddHostNode";
        requireNonNull(nodeParams, "nodeParams", name);
        if (nodeParams.fn == null)
        {
            return invalidValue(name, "nodeParams.fn is null");
        }
        requireNonNull(phGraphNode, "phGraphNode", name);
        requireNonNull(hGraph, "hGraph", name);
        final long key = HostNodeFunctions.register(nodeParams.fn, nodeParams.userData);
        final int status = addNode(Function.CU_GRAPH_ADD_HOST_NODE, name, phGraphNode, hGraph, dependencies,
            numDependencies, new long[]{ key });
        if (status != DriverStatus.SUCCESS)
        {
            HostNodeFunctions.forget(key);
        }
        return status;
    }

    static int hostNodeGetParams(final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_HOST_NODE_GET_PARAMS, new long[]{ handle(hNode) },
            null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            final HostNodeFunctions.HostNodeFunction function = HostNodeFunctions.get(results[0]);
            nodeParams.fn = function == null ? null : function.fn();
            nodeParams.userData = function == null ? null : function.userData();
        }
        return status;
    }

    static int hostNodeSetParams(final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphHostNodeSetParams";
        if (nodeParams.fn == null)
        {
            return invalidValue(name, "nodeParams.fn is null");
        }
        final long key = HostNodeFunctions.register(nodeParams.fn, nodeParams.userData);
        final int status = releasingCall(Function.CU_GRAPH_HOST_NODE_SET_PARAMS,
            new long[]{ handle(hNode), key, HostNodeFunctions.RELEASED });
        if (status != DriverStatus.SUCCESS)
        {
            HostNodeFunctions.forget(key);
        }
        return status;
    }

    static int execHostNodeSetParams(
        final CUgraphExec hGraphExec, final CUgraphNode hNode, final CUDA_HOST_NODE_PARAMS nodeParams)
    {
        final String name = "cuGraphExecHostNodeSetParams";
        if (nodeParams.fn == null)
        {
            return invalidValue(name, "nodeParams.fn is null");
        }
        final long key = HostNodeFunctions.register(nodeParams.fn, nodeParams.userData);
        final ByteArrayPayload keys = new ByteArrayPayload();
        final long[] released = new long[1];
        final int status = DriverCalls.inContext(Function.CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS,
            new long[]{ handle(hGraphExec), handle(hNode), key, HostNodeFunctions.RELEASED }, null, keys, released);
        if (status == DriverStatus.SUCCESS)
        {
            HostNodeFunctions.execKeys(handle(hGraphExec), keys, released[0]);
        }
        else
        {
            HostNodeFunctions.forget(key);
        }
        return status;
    }

    // Marshalling.

    private record KernelCall(int status, long[] args, KernelParameterMarshaller.KernelParameters parameters)
    {
    }

    /**
     * A kernel node's arguments from the function on (function, grid and block dimensions, shared memory bytes,
     * parameter count and sizes) and its parameters' bytes, checked against the kernel as a launch's are.
     */
    private static KernelCall kernel(final CUDA_KERNEL_NODE_PARAMS params, final String name)
    {
        if (params.func == null)
        {
            return new KernelCall(invalidValue(name, "nodeParams.func is null"), null, null);
        }
        final long function = JCudaPointers.nativePointer(params.func);
        final KernelSignatures.KernelSignature kernel = KernelSignatures.find(function);
        if (kernel == null)
        {
            AgentLog.warnOnce(name + ": function 0x" + Long.toHexString(function) + " is not from " +
                "cuModuleGetFunction, or its module was unloaded; returning CUDA_ERROR_INVALID_HANDLE");
            return new KernelCall(DriverStatus.INVALID_HANDLE, null, null);
        }
        final KernelParameterMarshaller.KernelParameters parameters;
        try
        {
            parameters = KernelParameterMarshaller.marshal(kernel, params.kernelParams, params.extra);
        }
        catch (final KernelParameterException ex)
        {
            return new KernelCall(invalidValue(name, ex.getMessage()), null, null);
        }
        final long[] sizes = parameters.sizes();
        final long[] fixed = { function, Integer.toUnsignedLong(params.gridDimX),
            Integer.toUnsignedLong(params.gridDimY), Integer.toUnsignedLong(params.gridDimZ),
            Integer.toUnsignedLong(params.blockDimX), Integer.toUnsignedLong(params.blockDimY),
            Integer.toUnsignedLong(params.blockDimZ), Integer.toUnsignedLong(params.sharedMemBytes),
            parameters.count() };
        if (sizes.length > DriverCalls.maxLaunchParameters() - 3)
        {
            return new KernelCall(NotSupportedCalls.status(name + ": kernel '" + kernel.name() + "' has " +
                sizes.length + " parameters; a node carries at most " + (DriverCalls.maxLaunchParameters() - 3) +
                " one by one (the extra form, a ready parameter buffer, carries any number); returning " +
                "CUDA_ERROR_NOT_SUPPORTED", DriverStatus.NOT_SUPPORTED), null, null);
        }
        return new KernelCall(DriverStatus.SUCCESS, concat(fixed, sizes), parameters);
    }

    private static long[] memset(final CUDA_MEMSET_NODE_PARAMS params)
    {
        return new long[]{ address(params.dst), params.pitch, Integer.toUnsignedLong(params.value),
            Integer.toUnsignedLong(params.elementSize), params.width, params.height };
    }

    /**
     * A copy's arguments, each side's first byte worked out from its offsets; null, logged, for host or array memory.
     */
    private static long[] memcpy(final CUDA_MEMCPY3D params, final String name)
    {
        final String refusal = side(params.srcMemoryType, params.srcLOD, "source");
        final String dstRefusal = refusal != null ? refusal : side(params.dstMemoryType, params.dstLOD,
            "destination");
        if (dstRefusal != null)
        {
            NotSupportedCalls.status(name + ": " + dstRefusal + "; returning CUDA_ERROR_NOT_SUPPORTED",
                DriverStatus.NOT_SUPPORTED);
            return null;
        }
        final long source = address(params.srcDevice) + params.srcXInBytes +
            (params.srcZ * params.srcHeight + params.srcY) * params.srcPitch;
        final long destination = address(params.dstDevice) + params.dstXInBytes +
            (params.dstZ * params.dstHeight + params.dstY) * params.dstPitch;
        return new long[]{ destination, params.dstPitch, params.dstHeight, source, params.srcPitch, params.srcHeight,
            params.WidthInBytes, params.Height, params.Depth };
    }

    private static String side(final int memoryType, final long lod, final String which)
    {
        if (memoryType == CUmemorytype.CU_MEMORYTYPE_HOST)
        {
            return "the " + which + " is host memory, which is in this process, not where the graph runs; " +
                "gpurelay's memcpy nodes copy between device memory (copy host memory with cuMemcpyHtoD/DtoH)";
        }
        if (memoryType != CUmemorytype.CU_MEMORYTYPE_DEVICE && memoryType != CUmemorytype.CU_MEMORYTYPE_UNIFIED)
        {
            return "the " + which + " is of memory type " + memoryType + "; gpurelay's memcpy nodes copy between " +
                "device memory (CU_MEMORYTYPE_DEVICE or CU_MEMORYTYPE_UNIFIED)";
        }
        return lod != 0 ? "the " + which + " names a level of detail, which is for arrays" : null;
    }

    private static int addNode(
        final Function function, final String name, final CUgraphNode phGraphNode, final CUgraph hGraph,
        final CUgraphNode[] dependencies, final long numDependencies, final long[] more)
    {
        requireNonNull(phGraphNode, "phGraphNode", name);
        requireNonNull(hGraph, "hGraph", name);
        final byte[] dependencyBytes = handles(dependencies, numDependencies, "dependencies", name);
        if (dependencyBytes == null)
        {
            return DriverStatus.INVALID_VALUE;
        }
        return handleCall(function, concat(new long[]{ handle(hGraph), numDependencies }, more), dependencyBytes,
            phGraphNode);
    }

    /**
     * A call whose one value is a handle that goes into {@code into}.
     */
    private static int handleCall(
        final Function function, final long[] args, final byte[] payload, final NativePointerObject into)
    {
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(function, args,
            payload == null || payload.length == 0 ? null : new ByteArrayPayload(payload), null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(into, results[0]);
        }
        return status;
    }

    /**
     * The first {@code count} handles of the array as the payload carries them; null, logged, when they are not there.
     */
    private static byte[] handles(
        final NativePointerObject[] objects, final long count, final String what, final String name)
    {
        if (count == 0)
        {
            return new byte[0];
        }
        if (objects == null || count < 0 || count > objects.length)
        {
            invalidValue(name, count + " " + what + " asked for, " + (objects == null ? "none" : objects.length) +
                " given");
            return null;
        }
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[(int)count * HANDLE_BYTES]);
        for (int i = 0; i < count; i++)
        {
            if (objects[i] == null)
            {
                invalidValue(name, what + "[" + i + "] is null");
                return null;
            }
            bytes.putLong(i * HANDLE_BYTES, JCudaPointers.nativePointer(objects[i]), ORDER);
        }
        return bytes.byteArray();
    }

    /**
     * A reply's payload as the 64-bit little-endian values it carries (handles, or host-node keys).
     */
    static long[] handles(final ByteArrayPayload reply)
    {
        final byte[] bytes = reply.bytes();
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final long[] handles = new long[bytes.length / HANDLE_BYTES];
        for (int i = 0; i < handles.length; i++)
        {
            handles[i] = buffer.getLong(i * HANDLE_BYTES, ORDER);
        }
        return handles;
    }

    /**
     * Put {@code wanted} handles, every {@code step}-th from {@code first}, into the array; entries past the handles
     * there are become null handles, as CUDA sets them to NULL.
     */
    private static void fill(
        final CUgraphNode[] nodes, final long[] handles, final int first, final int step, final int wanted)
    {
        for (int i = 0; i < wanted; i++)
        {
            final int index = first + i * step;
            final long value = index < handles.length ? handles[index] : 0;
            if (nodes[i] == null)
            {
                nodes[i] = new CUgraphNode();
            }
            JCudaPointers.setNativePointer(nodes[i], value);
        }
    }

    private static long handle(final NativePointerObject object)
    {
        return JCudaPointers.nativePointer(object);
    }

    private static long address(final CUdeviceptr pointer)
    {
        return pointer == null ? 0 : JCudaPointers.address(pointer);
    }

    private static long[] concat(final long[] a, final long[] b)
    {
        final long[] all = new long[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static byte[] concat(final byte[] a, final byte[] b)
    {
        final byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
