package io.gpurelay.executor.backend;

/**
 * A physical allocation a backend made for a session ({@code cuMemCreate}). The executor owns its handle; the backend
 * what it is.
 */
public interface BackendPhysicalMemory
{
    /** The device whose memory it is. */
    int device();

    /** Its size in bytes. */
    long size();
}
