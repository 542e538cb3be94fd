package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.LinkInputs;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.DriverStatus;
import jcuda.Pointer;
import jcuda.driver.CUlinkState;
import jcuda.driver.JITOptions;

/**
 * JCuda's JIT linker ({@code cuLinkCreate}, {@code cuLinkAddData}, {@code cuLinkAddFile}, {@code cuLinkComplete},
 * {@code cuLinkDestroy}) on the binding-neutral link states ({@link LinkInputs}): the state's handle goes into the
 * {@code CUlinkState}, the cubin into {@code cubinOut} as a buffer, and the executor's linker log of a failure comes
 * back into the state's {@code CU_JIT_ERROR_LOG_BUFFER}, as for {@code cuModuleLoadDataJIT}; other options are not
 * sent.
 */
final class LinkStates
{
    /** The JIT options each state was made with, for its logs. */
    private static final Map<Long, JITOptions> OPTIONS = new ConcurrentHashMap<>();

    private LinkStates()
    {
    }

    static int create(final JITOptions options, final CUlinkState stateOut)
    {
        final long handle = LinkInputs.create();
        if (options != null)
        {
            OPTIONS.put(handle, options);
        }
        JCudaPointers.setNativePointer(stateOut, handle);
        return DriverStatus.SUCCESS;
    }

    static int addData(final CUlinkState state, final int type, final Pointer data, final long size)
    {
        final long handle = handle(state);
        if (!LinkInputs.isLive(handle))
        {
            return LinkInputs.addData(handle, type, new byte[0], "cuLinkAddData");
        }
        if (size <= 0 || size > Integer.MAX_VALUE)
        {
            return LinkInputs.invalid("cuLinkAddData", "a size of " + size + " bytes");
        }
        final byte[] bytes = new byte[(int)size];
        try
        {
            JCudaHostRanges.of(data, size).copyTo(0, new org.agrona.concurrent.UnsafeBuffer(bytes), 0, (int)size);
        }
        catch (final HostRangeException ex)
        {
            return LinkInputs.invalid("cuLinkAddData", "the data: " + ex.getMessage());
        }
        return LinkInputs.addData(handle, type, bytes, "cuLinkAddData");
    }

    static int addFile(final CUlinkState state, final int type, final String path)
    {
        return LinkInputs.addFile(handle(state), type, path, "cuLinkAddFile");
    }

    static int complete(final CUlinkState state, final Pointer cubinOut, final long[] sizeOut)
    {
        final long handle = handle(state);
        final long[] cubin = new long[2];
        final JITOptions options = OPTIONS.get(handle);
        final int status = LinkInputs.complete(handle, cubin, "cuLinkComplete", options == null ? null :
            linked -> JitLogBuffers.fill(options, linked == DriverStatus.SUCCESS ? "" :
                DriverCalls.client().lastFailureMessage()));
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final ByteBuffer buffer = LinkInputs.cubin(handle);
        if (cubinOut != null && buffer != null)
        {
            JCudaPointers.setHostBuffer(cubinOut, buffer, cubin[0]);
        }
        if (sizeOut != null && sizeOut.length > 0)
        {
            sizeOut[0] = cubin[1];
        }
        return DriverStatus.SUCCESS;
    }

    /**
     * The cubin goes with the state, as in CUDA.
     */
    static int destroy(final CUlinkState state)
    {
        final long handle = handle(state);
        OPTIONS.remove(handle);
        return LinkInputs.destroy(handle, "cuLinkDestroy");
    }

    private static long handle(final CUlinkState state)
    {
        return state == null ? 0 : JCudaPointers.nativePointer(state);
    }
}
