package io.gpurelay.samples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The PTX of the samples' kernels, generated from {@code src/main/cuda} and shipped inside the samples jar.
 */
final class BundledPtx
{
    private BundledPtx()
    {
    }

    /**
     * The PTX text of a bundled kernel file, NUL-terminated as cuModuleLoadData requires of a PTX image.
     */
    static byte[] read(final String fileName)
    {
        try (InputStream in = BundledPtx.class.getResourceAsStream(fileName))
        {
            if (in == null)
            {
                throw new IllegalStateException(fileName + " is missing from the samples jar");
            }
            final byte[] text = in.readAllBytes();
            return Arrays.copyOf(text, text.length + 1);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + fileName + " from the samples jar", ex);
        }
    }
}
