package io.gpurelay.emulator.blas;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * The state behind a {@code cublasHandle_t}: which device memory and owner the routines may touch, the stream, the
 * pointer mode and the math mode. Like a real handle it belongs to one thread at a time.
 * <p>
 * A failing routine leaves a message naming the routine and the argument in {@link #lastErrorMessage()}, which
 * cuBLAS itself cannot do; the executor logs it or sends it back with the status.
 */
public final class CublasHandle
{
    /**
     * {@code cublasGetVersion}: CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH of the cuBLAS
     * this emulation was measured against, 13.1.0, which ships with the CUDA 13.0 toolkit (the header's
     * CUBLAS_VERSION and cublasGetVersion both gave 130100 there).
     */
    public static final int VERSION = 130100;

    private final DeviceMemory memory;
    private final Object owner;
    private long stream;
    private int pointerMode = CublasPointerMode.HOST;
    private int mathMode = CublasMath.DEFAULT_MATH;
    private boolean live = true;
    private String lastErrorMessage;

    private CublasHandle(final DeviceMemory memory, final Object owner)
    {
        this.memory = memory;
        this.owner = owner;
    }

    /**
     * {@code cublasCreate}: a handle whose routines read and write the owner's allocations in this device memory.
     */
    public static CublasHandle create(final DeviceMemory memory, final Object owner)
    {
        if (memory == null || owner == null)
        {
            throw new IllegalArgumentException("a cuBLAS handle needs device memory and an owner");
        }
        return new CublasHandle(memory, owner);
    }

    /**
     * {@code cublasDestroy}. Routines called afterwards answer {@link CublasStatus#NOT_INITIALIZED}.
     */
    public int destroy()
    {
        if (!live)
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        live = false;
        return CublasStatus.SUCCESS;
    }

    public boolean isLive()
    {
        return live;
    }

    /**
     * {@code cublasSetStream}: the stream is opaque here; the emulator runs each routine to completion on the
     * calling thread, and the executor orders it with the stream's other work.
     */
    public int setStream(final long stream)
    {
        if (!live)
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        this.stream = stream;
        return CublasStatus.SUCCESS;
    }

    public long stream()
    {
        return stream;
    }

    public int setPointerMode(final int mode)
    {
        if (!live)
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        if (!CublasPointerMode.isValid(mode))
        {
            return fail(CublasStatus.INVALID_VALUE,
                "cublasSetPointerMode: mode " + mode + " is neither HOST nor DEVICE");
        }
        pointerMode = mode;
        return CublasStatus.SUCCESS;
    }

    public int pointerMode()
    {
        return pointerMode;
    }

    public int setMathMode(final int mode)
    {
        if (!live)
        {
            return CublasStatus.NOT_INITIALIZED;
        }
        if (!CublasMath.isValid(mode))
        {
            return fail(CublasStatus.INVALID_VALUE, "cublasSetMathMode: mode " + mode + " is not a cublasMath_t");
        }
        mathMode = mode;
        return CublasStatus.SUCCESS;
    }

    public int mathMode()
    {
        return mathMode;
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
        return CublasStatus.SUCCESS;
    }

    int fail(final int status, final String message)
    {
        lastErrorMessage = message;
        return status;
    }
}
