package io.gpurelay.executor.backend;

/**
 * A memory pool a backend made for a session ({@code cuMemPoolCreate}): stream-ordered allocations come from it. The
 * executor owns its handle; the backend what it is.
 */
public interface BackendMemoryPool
{
    /** The device whose memory the pool hands out. */
    int device();
}
