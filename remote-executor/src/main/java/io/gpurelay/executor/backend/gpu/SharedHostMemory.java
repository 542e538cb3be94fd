package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.CU_MEMHOSTREGISTER_PORTABLE;
import static org.bytedeco.cuda.global.cudart.cuMemHostRegister;
import static org.bytedeco.cuda.global.cudart.cuMemHostUnregister;

import java.nio.ByteBuffer;

import org.bytedeco.javacpp.BytePointer;

/**
 * Host memory a session shares with its client (its transfer region), page-locked with {@code cuMemHostRegister}
 * the first time a copy uses it, so that the copy's DMA goes straight from or to it instead of through the context's
 * staging buffers. The registration is portable: every context of the session may DMA from and to it. Used by the
 * session's thread only, with a context current.
 */
final class SharedHostMemory
{
    private final ByteBuffer memory;
    private final BytePointer base;
    private final long address;
    private final long length;
    private boolean registered;
    private boolean registrationFailed;
    private String registrationFailure;

    SharedHostMemory(final ByteBuffer memory)
    {
        this.memory = memory;
        this.base = new BytePointer(memory);
        this.address = base.address();
        this.length = memory.capacity();
    }

    boolean isOf(final ByteBuffer buffer)
    {
        return memory == buffer;
    }

    /**
     * Whether {@code [start, start + count)} lies inside this memory.
     */
    boolean contains(final long start, final long count)
    {
        return start >= address && count >= 0 && start - address <= length - count;
    }

    /**
     * Register the memory unless that was done or failed before; a failure is tried once only, and copies then go
     * through the staging buffers.
     *
     * @return whether the memory is page-locked.
     */
    boolean pin()
    {
        if (!registered && !registrationFailed)
        {
            final int result = cuMemHostRegister(base, length, CU_MEMHOSTREGISTER_PORTABLE);
            registered = result == CUDA_SUCCESS;
            registrationFailed = !registered;
            if (registrationFailed)
            {
                registrationFailure = "cuMemHostRegister of " + length + " bytes: " + GpuRuntime.errorName(result);
            }
        }
        return registered;
    }

    /**
     * Why registering failed, once; then null.
     */
    String takeRegistrationFailure()
    {
        final String failure = registrationFailure;
        registrationFailure = null;
        return failure;
    }

    /**
     * A pointer to {@code start}, which {@link #contains} the range.
     */
    BytePointer at(final long start)
    {
        return new BytePointer(base).position(start - address);
    }

    /**
     * Make the memory pageable again, before it is unmapped.
     *
     * @return the driver's result; {@code CUDA_SUCCESS} when it was never registered.
     */
    int unpin()
    {
        if (!registered)
        {
            return CUDA_SUCCESS;
        }
        registered = false;
        return cuMemHostUnregister(base);
    }
}
