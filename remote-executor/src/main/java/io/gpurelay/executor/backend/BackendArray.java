package io.gpurelay.executor.backend;

/**
 * A CUDA array a backend made for one session, in one of its contexts.
 */
public interface BackendArray
{
    ArrayDescriptor descriptor();

    /** The context the array was made in: it dies with that context. */
    BackendContext context();
}
