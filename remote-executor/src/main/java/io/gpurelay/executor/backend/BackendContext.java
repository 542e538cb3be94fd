package io.gpurelay.executor.backend;

/**
 * A context a backend made for a session on one of its devices: what the session's memory, modules, streams and
 * events live in. Opaque to the executor, which only hands it back to the backend that made it.
 */
public interface BackendContext
{
}
