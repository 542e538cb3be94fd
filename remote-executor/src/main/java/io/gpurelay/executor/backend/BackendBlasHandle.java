package io.gpurelay.executor.backend;

/**
 * A cuBLAS handle a backend created in a {@link BackendContext}: its pointer mode, math mode and stream are the
 * backend's. Opaque to the executor, which only hands it back to the {@link BlasSession} that made it.
 */
public interface BackendBlasHandle
{
}
