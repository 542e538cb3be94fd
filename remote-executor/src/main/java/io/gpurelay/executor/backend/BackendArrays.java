package io.gpurelay.executor.backend;

import org.agrona.DirectBuffer;

/**
 * A session's pitched memory, CUDA arrays and 2D/3D copies on a backend. The executor has checked each handle
 * (live arrays of the session), each array position against the array's extent, each pitch against the width, and
 * that no geometry overflows; the backend checks device ranges against the session's allocations, as every copy
 * does. Each method reports through the result and never throws for bad input.
 */
public interface BackendArrays
{
    /**
     * {@code cuMemAllocPitch}: {@code height} rows of at least {@code widthInBytes}, one allocation of the session.
     * Values: the address, the pitch in bytes.
     */
    void mallocPitch(BackendContext context, long widthInBytes, long height, int elementSize, CallResult result);

    /**
     * @return the array, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendArray createArray(BackendContext context, ArrayDescriptor descriptor, CallResult result);

    void destroyArray(BackendArray array, CallResult result);

    /**
     * A mipmapped array of {@code levels} levels, level 0 of the descriptor's extent and each next one half the
     * previous (at least 1; a layered array keeps its layers).
     *
     * @return its levels, or null when it cannot be made (the failure is in {@code result}); they are freed together
     *         by {@link #destroyMipmappedArray}, never one by one.
     */
    BackendArray[] createMipmappedArray(
        BackendContext context, ArrayDescriptor descriptor, int levels, CallResult result);

    /**
     * @param levels what {@link #createMipmappedArray} returned.
     */
    void destroyMipmappedArray(BackendArray[] levels, CallResult result);

    /**
     * Copy {@code depth} slices of {@code height} rows of {@code widthInBytes} bytes, queued on the stream. A host
     * source's packed bytes are {@code hostSource}; a host destination's packed bytes are the reply's payload, so
     * such a copy is finished (with the work before it on the stream) before this returns.
     */
    void copy(
        BackendContext context, BackendStream stream, CopySide source, CopySide destination, long widthInBytes,
        long height, long depth, DirectBuffer hostSource, CallResult result);

    /**
     * {@code cudaMemset3D}: {@code depth} slices of {@code height} rows of {@code widthInBytes} bytes set to the low
     * byte of {@code value}; rows {@code pitch} bytes apart, slices {@code pitch * rows} bytes apart.
     */
    void memset3D(
        BackendContext context, BackendStream stream, long address, long pitch, long rows, int value,
        long widthInBytes, long height, long depth, CallResult result);
}
