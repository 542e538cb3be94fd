package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

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
     * The {@code vector_add(a, b, c, n)} kernel of {@code vector_add.ptx}, loaded in a module of its own.
     */
    static long vectorAdd(final TestClient client, final long context)
    {
        return function(client, context, loadModule(client, context, "vector_add.ptx"), "vector_add");
    }
}
