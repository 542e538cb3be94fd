package io.gpurelay.executor.backend;

import io.gpurelay.protocol.TextureDescriptors;

/**
 * What a texture or surface object reads, as the executor checked it: the resource descriptor's values in the order
 * of {@link TextureDescriptors} and, for an array or a mipmapped array, the session's backend object (the
 * descriptor's handle slot is the client's handle, which a backend never uses). Linear and pitch2D memory lie, for
 * {@code extent} bytes from the descriptor's address, inside one allocation the backend must confirm is the
 * session's.
 *
 * @param values          the descriptor, {@link TextureDescriptors#RESOURCE_VALUES} values.
 * @param array           the array of an array resource, else null.
 * @param mipmappedLevels the levels of a mipmapped array resource, else null.
 * @param extent          the bytes of device memory a linear or pitch2D resource covers from its address, else 0.
 */
public record TextureResource(long[] values, BackendArray array, BackendArray[] mipmappedLevels, long extent)
{
    public int type()
    {
        return (int)values[TextureDescriptors.RESOURCE_TYPE];
    }

    public long address()
    {
        return values[TextureDescriptors.RESOURCE_HANDLE];
    }
}
