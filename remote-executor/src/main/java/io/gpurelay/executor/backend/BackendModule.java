package io.gpurelay.executor.backend;

/**
 * A module image loaded into a {@link BackendContext}. Opaque to the executor.
 */
public interface BackendModule
{
}
