package io.gpurelay.executor.backend;

/**
 * A stream a backend created in a {@link BackendContext}: what runs on it, and when, is the backend's business. The
 * context's default stream is never one of these; backend methods take {@code null} for it.
 */
public interface BackendStream
{
}
