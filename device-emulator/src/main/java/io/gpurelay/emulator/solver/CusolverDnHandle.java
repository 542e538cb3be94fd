package io.gpurelay.emulator.solver;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * The state behind a {@code cusolverDnHandle_t}: which device memory and owner the routines may touch, and the
 * stream. Like a real handle it belongs to one thread at a time.
 * <p>
 * A failing routine leaves a message naming the routine and the argument in {@link #lastErrorMessage()}, which
 * cuSOLVER itself cannot do; the executor logs it or sends it back with the status.
 */
public final class CusolverDnHandle
{
    /**
     * {@code cusolverGetVersion}: CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH, the
     * header's CUSOLVER_VERSION formula, for cuSOLVER 12.0.4, the one CUDA 13.0 Update 1 (toolkit 13.0.88, the one
     * the cuBLAS and cuRAND facts were measured with) ships. <em>Not measured</em>: taken from the header's formula
     * and NVIDIA's component list, not read off a GPU host.
     */
    public static final int VERSION = 12004;

    private final DeviceMemory memory;
    private final Object owner;
    private long stream;
    private boolean live = true;
    private String lastErrorMessage;

    private CusolverDnHandle(final DeviceMemory memory, final Object owner)
    {
        this.memory = memory;
        this.owner = owner;
    }

    /**
     * {@code cusolverDnCreate}: a handle whose routines read and write the owner's allocations in this device memory.
     */
    public static CusolverDnHandle create(final DeviceMemory memory, final Object owner)
    {
        if (memory == null || owner == null)
        {
            throw new IllegalArgumentException("a cuSOLVER handle needs device memory and an owner");
        }
        return new CusolverDnHandle(memory, owner);
    }

    /**
     * {@code cusolverDnDestroy}. Routines called afterwards answer {@link CusolverStatus#NOT_INITIALIZED}, and so
     * does a second destroy.
     */
    public int destroy()
    {
        if (!live)
        {
            return CusolverStatus.NOT_INITIALIZED;
        }
        live = false;
        return CusolverStatus.SUCCESS;
    }

    public boolean isLive()
    {
        return live;
    }

    /**
     * {@code cusolverDnSetStream}: the stream is opaque here; the emulator runs each routine to completion on the
     * calling thread, and the executor orders it with the stream's other work.
     */
    public int setStream(final long stream)
    {
        if (!live)
        {
            return CusolverStatus.NOT_INITIALIZED;
        }
        this.stream = stream;
        return CusolverStatus.SUCCESS;
    }

    /**
     * {@code cusolverDnGetStream}: the stream last set, 0 (the default stream) until one is.
     */
    public long stream()
    {
        return stream;
    }

    /**
     * What went wrong in the last call that did not succeed, or {@code null} if the last call succeeded.
     */
    public String lastErrorMessage()
    {
        return lastErrorMessage;
    }

    DeviceMemory memory()
    {
        return memory;
    }

    Object owner()
    {
        return owner;
    }

    int succeed()
    {
        lastErrorMessage = null;
        return CusolverStatus.SUCCESS;
    }

    int fail(final int status, final String message)
    {
        lastErrorMessage = message;
        return status;
    }
}
