package io.gpurelay.executor.backend;

/**
 * An event a backend created in a {@link BackendContext}. Opaque to the executor.
 */
public interface BackendEvent
{
}
