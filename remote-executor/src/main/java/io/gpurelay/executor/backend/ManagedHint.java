package io.gpurelay.executor.backend;

/**
 * The hints a program gives about managed memory ({@link BackendSession#managedHint}).
 */
public enum ManagedHint
{
    /** cudaMemAdvise / cuMemAdvise. */
    ADVISE("cudaMemAdvise", "cuMemAdvise"),
    /** cudaMemPrefetchAsync / cuMemPrefetchAsync. */
    PREFETCH("cudaMemPrefetchAsync", "cuMemPrefetchAsync"),
    /** cudaStreamAttachMemAsync / cuStreamAttachMemAsync. */
    ATTACH("cudaStreamAttachMemAsync", "cuStreamAttachMemAsync");

    private final String runtimeName;
    private final String driverName;

    ManagedHint(final String runtimeName, final String driverName)
    {
        this.runtimeName = runtimeName;
        this.driverName = driverName;
    }

    /**
     * The function's name in the API of the call.
     */
    public String name(final CallResult result)
    {
        return result.name(runtimeName, driverName);
    }
}
