package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.vectorAdd;
import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_EMPTY_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_ADD_KERNEL_NODE;
import static io.gpurelay.protocol.Function.CU_GRAPH_CLONE;
import static io.gpurelay.protocol.Function.CU_GRAPH_CREATE;
import static io.gpurelay.protocol.Function.CU_GRAPH_INSTANTIATE;
import static io.gpurelay.protocol.Function.CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES;
import static io.gpurelay.protocol.Function.CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_GRAPH_LAUNCH;
import static io.gpurelay.protocol.Function.CU_GRAPH_NODE_FIND_IN_CLONE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_STREAM_SYNCHRONIZE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.DriverStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kernel node attributes on the wire (functions 740-742), against the emulator: read back as set (zeros before),
 * copied between nodes and into clones and execs; refused for another session's node, a node of another type or kind,
 * an attribute JCuda cannot carry and values out of range; and a launch of a node the emulator cannot run as asked
 * (cooperative, an access policy window) fails naming the node and why, while a plain node runs.
 */
class KernelNodeAttributesIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;
    private static final long NO_CONTEXT = 0;
    private static final int N = 256;
    private static final int FLOAT_BYTES = 4;
    private static final int WINDOW = 1;
    private static final int COOPERATIVE = 2;


    @RegisterExtension
    static final IpcExecutor EXECUTOR =
        IpcExecutor.emulated("kernel-node-attributes", 1, DEVICE_MEMORY, context -> context);

    @Test
    void attributesReadBackAsSetAndApplyWhenTheNodeRuns()
    {
        final TestClient client = EXECUTOR.connected("attributes");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final Kernel kernel = kernel(client, context);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long node = kernel.add(client, context, graph);
        final long other = kernel.add(client, context, graph);

        assertEquals(0, ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node, COOPERATIVE)).value(0));
        assertArrayEquals(new long[5], values(ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node,
            WINDOW))), "CUDA's default: no window");
        final long[] window = { kernel.c, (long)N * FLOAT_BYTES, Float.floatToRawIntBits(0.25f), 2, 1 };
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, WINDOW, window[0], window[1], window[2],
            window[3], window[4]));
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, COOPERATIVE, 1));
        assertArrayEquals(window, values(ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node, WINDOW))));
        assertEquals(1, ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node, COOPERATIVE)).value(0));

        ok(client.call(CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES, context, other, node));
        assertArrayEquals(window, values(ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, other,
            WINDOW))));
        final long clone = ok(client.call(CU_GRAPH_CLONE, context, graph)).value(0);
        final long cloned = ok(client.call(CU_GRAPH_NODE_FIND_IN_CLONE, context, node, clone)).value(0);
        assertEquals(1, ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, cloned, COOPERATIVE)).value(0));

        // The emulator has no L2 cache and cannot promise a resident grid: the launch fails naming the node.
        final long exec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        final Reply windowed = client.call(CU_GRAPH_LAUNCH, context, exec, DEFAULT_STREAM);
        assertEquals(DriverStatus.NOT_SUPPORTED, windowed.status(), windowed.message());
        assertTrue(windowed.message().startsWith("cuGraphLaunch: node 0x") &&
            windowed.message().contains("access policy window") &&
            windowed.message().contains("not supported on the emulator"), windowed.message());
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, WINDOW, 0, 0, 0, 0, 0));
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, other, WINDOW, 0, 0, 0, 0, 0));
        final long cooperativeExec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        final Reply cooperative = client.call(CU_GRAPH_LAUNCH, context, cooperativeExec, DEFAULT_STREAM);
        assertEquals(DriverStatus.NOT_SUPPORTED, cooperative.status(), cooperative.message());
        assertTrue(cooperative.message().contains("cuLaunchCooperativeKernel is not supported on the emulator"),
            cooperative.message());

        // Plain again, the nodes run: c = a + b twice.
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, COOPERATIVE, 0));
        ok(client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, other, COOPERATIVE, 0));
        final long plainExec = ok(client.call(CU_GRAPH_INSTANTIATE, context, graph, 0)).value(0);
        ok(client.call(CU_GRAPH_LAUNCH, context, plainExec, DEFAULT_STREAM));
        ok(client.call(CU_STREAM_SYNCHRONIZE, context, DEFAULT_STREAM));
        final float[] c = download(client, context, kernel.c, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(3f * i, c[i], "element " + i);
        }
        // An exec keeps the attributes it was instantiated with: the first still refuses.
        assertEquals(DriverStatus.NOT_SUPPORTED, client.call(CU_GRAPH_LAUNCH, context, exec, DEFAULT_STREAM)
            .status());
    }

    @Test
    void refusesOtherSessionsNodesOtherNodesAndBadValues()
    {
        final TestClient client = EXECUTOR.connected("attribute refusals");
        final TestClient intruder = EXECUTOR.connected("attribute intruder");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long otherContext = ok(intruder.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final Kernel kernel = kernel(client, context);
        final long graph = ok(client.call(CU_GRAPH_CREATE, context, 0)).value(0);
        final long node = kernel.add(client, context, graph);
        final long empty = ok(client.call(CU_GRAPH_ADD_EMPTY_NODE, context, graph, 0)).value(0);

        for (final Reply foreign : new Reply[]{
            intruder.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, otherContext, node, COOPERATIVE),
            intruder.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, otherContext, node, COOPERATIVE, 1),
            intruder.call(CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES, otherContext, node, node) })
        {
            assertEquals(DriverStatus.INVALID_VALUE, foreign.status(), foreign.message());
            assertTrue(foreign.message().contains("no handle of this session"), foreign.message());
        }
        assertEquals(0, ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node, COOPERATIVE)).value(0),
            "the intruder changed nothing");

        final Reply notKernel = client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, empty, COOPERATIVE);
        assertEquals(DriverStatus.INVALID_VALUE, notKernel.status(), notKernel.message());
        assertTrue(notKernel.message().startsWith("cuGraphKernelNodeGetAttribute: "), notKernel.message());
        final Reply copyFromEmpty = client.call(CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES, context, node, empty);
        assertEquals(DriverStatus.INVALID_VALUE, copyFromEmpty.status(), copyFromEmpty.message());
        final Reply graphAsNode = client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, graph, COOPERATIVE, 1);
        assertEquals(DriverStatus.INVALID_VALUE, graphAsNode.status(), graphAsNode.message());

        final Reply priority = client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, 8, 1);
        assertEquals(DriverStatus.NOT_SUPPORTED, priority.status(), priority.message());
        assertTrue(priority.message().contains("attribute 8 is not the access policy window (1) or cooperative (2)"),
            priority.message());
        final Reply cooperativeTwo = client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, COOPERATIVE, 2);
        assertEquals(DriverStatus.INVALID_VALUE, cooperativeTwo.status(), cooperativeTwo.message());
        for (final long[] bad : new long[][]{
            { kernel.c, 64, Float.floatToRawIntBits(1.5f), 0, 0 },
            { kernel.c, 64, Float.floatToRawIntBits(Float.NaN), 0, 0 },
            { kernel.c, 64, Float.floatToRawIntBits(0.5f), 3, 0 },
            { kernel.c, -1, Float.floatToRawIntBits(0.5f), 0, 0 },
            { kernel.c, 64, 1L << 40, 0, 0 } })
        {
            final Reply refused = client.call(CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE, context, node, WINDOW, bad[0],
                bad[1], bad[2], bad[3], bad[4]);
            assertEquals(DriverStatus.INVALID_VALUE, refused.status(), refused.message());
            assertTrue(refused.message().contains("not a valid access policy window"), refused.message());
        }
        assertArrayEquals(new long[5], values(ok(client.call(CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE, context, node,
            WINDOW))), "refused values changed nothing");
    }

    private record Kernel(long function, long a, long b, long c)
    {
        long add(final TestClient client, final long context, final long graph)
        {
            final ByteBuffer parameters = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(a).putLong(b).putLong(c).putInt(N);
            return ok(client.callWithPayload(CU_GRAPH_ADD_KERNEL_NODE, context, parameters.array(), graph, 0,
                function, 2, 1, 1, 128, 1, 1, 0, 4, 8, 8, 8, 4)).value(0);
        }
    }

    private static Kernel kernel(final TestClient client, final long context)
    {
        final long function = vectorAdd(client, context);
        final float[] a = new float[N];
        final float[] b = new float[N];
        for (int i = 0; i < N; i++)
        {
            a[i] = i;
            b[i] = 2 * i;
        }
        return new Kernel(function, allocUpload(client, context, a), allocUpload(client, context, b),
            ok(client.call(CU_MEM_ALLOC, context, (long)N * FLOAT_BYTES)).value(0));
    }

    private static long[] values(final Reply reply)
    {
        final long[] values = new long[5];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = reply.value(i);
        }
        return values;
    }
}
