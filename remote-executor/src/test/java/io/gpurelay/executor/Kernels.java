package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.executor.TestClient.upload;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import io.gpurelay.protocol.ByteArrayPayload;

/**
 * The PTX kernels the executor tests load, read from the test class path and loaded into a session the way the agent
 * does ({@code cuModuleLoadData}, then {@code cuModuleGetFunction}): one place, so that every test reads a kernel and
 * fails on a missing one alike.
 */
final class Kernels
{
    private Kernels()
    {
    }

    /**
     * The bytes of a PTX file under {@code /kernels/} of the test class path; a missing file fails the test.
     */
    static byte[] ptx(final String file)
    {
        return resource("/kernels/" + file);
    }

    /**
     * The bytes of a class path resource (an absolute name); a missing one fails the test.
     */
    static byte[] resource(final String resource)
    {
        try (InputStream in = Kernels.class.getResourceAsStream(resource))
        {
            assertNotNull(in, resource);
            return in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Loads {@code /kernels/<file>} as a module of the context; the call must succeed.
     */
    static long loadModule(final TestClient client, final long context, final String file)
    {
        return ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context, ptx(file))).value(0);
    }

    /**
     * The handle of the module's kernel of that name; the call must succeed.
     */
    static long function(final TestClient client, final long context, final long module, final String name)
    {
        return ok(client.callWithPayload(CU_MODULE_GET_FUNCTION, context, name.getBytes(StandardCharsets.UTF_8),
            module)).value(0);
    }

    /**
     * Launch as the agent does, pipelined: the executor answers only if the launch fails.
     *
     * @return the launch's correlation id, for {@link TestClient#awaitReply} when it is expected to fail.
     */
    static long launch(final TestClient client, final long context, final KernelLaunch launch)
    {
        return client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(launch.payload()), true, launch.args());
    }

    /**
     * Runs {@code constant_scale} of {@code constant_scale.ptx} over 64 floats after writing its {@code coeffs} and
     * {@code offset} globals at the addresses given, and checks what it wrote.
     */
    static void runConstantScale(final TestClient client, final long context, final long scale,
        final long coefficients, final long offset)
    {
        upload(client, context, coefficients, new float[]{ 2, 3, 4, 5 });
        upload(client, context, offset, new float[]{ 0.5f });
        final int n = 64;
        final float[] in = new float[n];
        for (int i = 0; i < n; i++)
        {
            in[i] = i;
        }
        final long deviceIn = allocUpload(client, context, in);
        final long deviceOut = ok(client.call(CU_MEM_ALLOC, context, 4L * n)).value(0);

        launch(client, context, KernelLaunch.of(scale, 2, 32).pointer(deviceIn).pointer(deviceOut).int32(n));

        final float[] out = download(client, context, deviceOut, n);
        for (int i = 0; i < n; i++)
        {
            assertEquals((2 + (i & 3)) * in[i] + 0.5f + ((i & 7) + 1), out[i], "out[" + i + "]");
        }
    }

    /**
     * The {@code vector_add(a, b, c, n)} kernel of {@code vector_add.ptx}, loaded in a module of its own.
     */
    static long vectorAdd(final TestClient client, final long context)
    {
        return function(client, context, loadModule(client, context, "vector_add.ptx"), "vector_add");
    }
}
