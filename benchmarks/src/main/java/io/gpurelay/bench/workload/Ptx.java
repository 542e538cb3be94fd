package io.gpurelay.bench.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * PTX images on the class path: the benchmarks' own tiny kernel and the samples' SAXPY and tiled matmul kernels.
 */
final class Ptx
{
    static final String TINY = "/io/gpurelay/bench/workload/tiny.ptx";
    static final String SAXPY = "/io/gpurelay/samples/saxpy.ptx";
    static final String MATMUL_TILED = "/io/gpurelay/samples/matmul_tiled.ptx";

    private Ptx()
    {
    }

    /**
     * The PTX text, NUL-terminated as cuModuleLoadData requires of a PTX image.
     */
    static byte[] read(final String resource)
    {
        try (InputStream in = Ptx.class.getResourceAsStream(resource))
        {
            if (in == null)
            {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            final byte[] text = in.readAllBytes();
            return Arrays.copyOf(text, text.length + 1);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + resource, ex);
        }
    }
}
