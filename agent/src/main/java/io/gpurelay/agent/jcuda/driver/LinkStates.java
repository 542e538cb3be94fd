package io.gpurelay.agent.jcuda.driver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.jcuda.HostRange;
import io.gpurelay.agent.jcuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import jcuda.Pointer;
import jcuda.driver.CUlinkState;
import jcuda.driver.JITOptions;
import org.agrona.BufferUtil;

/**
 * The JIT linker ({@code cuLinkCreate}, {@code cuLinkAddData}, {@code cuLinkAddFile}, {@code cuLinkComplete},
 * {@code cuLinkDestroy}). The executor links: a link state lives here and gathers the inputs (a file is read here,
 * in the client, as CUDA reads the caller's file), and {@code cuLinkComplete} sends them all, in the current
 * context, and gets the cubin back. The cubin is held in this process by the state, as CUDA holds it in the link
 * state's memory, until {@code cuLinkDestroy}: {@code cubinOut} points to it, so {@code cuModuleLoadDataEx} of that
 * pointer loads it. The executor's linker log of a failure comes back into the state's
 * {@code CU_JIT_ERROR_LOG_BUFFER}, as for {@code cuModuleLoadDataJIT}; other options are not sent.
 */
final class LinkStates
{
    /** A link state's handle: a tag in the top bits, so that it looks like no other handle, then a serial. */
    private static final long TAG = 0x4C4E_4BL << 40;
    /** {@code CU_JIT_INPUT_CUBIN} to {@code CU_JIT_INPUT_LIBRARY}. */
    private static final int LAST_INPUT_TYPE = 4;
    /** Inputs one link call carries: two arguments each, after the count. */
    private static final int MAX_INPUTS = 31;

    private static final AtomicLong NEXT = new AtomicLong(1);
    private static final Map<Long, State> STATES = new ConcurrentHashMap<>();

    private static final class State
    {
        final JITOptions options;
        final List<int[]> typesAndLengths = new ArrayList<>();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ByteBuffer cubin;

        State(final JITOptions options)
        {
            this.options = options;
        }
    }

    private LinkStates()
    {
    }

    static int create(final JITOptions options, final CUlinkState stateOut)
    {
        final long handle = TAG | NEXT.getAndIncrement();
        STATES.put(handle, new State(options));
        JCudaPointers.setNativePointer(stateOut, handle);
        return DriverStatus.SUCCESS;
    }

    static int addData(final CUlinkState state, final int type, final Pointer data, final long size)
    {
        final State link = state(state, "cuLinkAddData");
        if (link == null)
        {
            return DriverStatus.INVALID_HANDLE;
        }
        if (size <= 0 || size > Integer.MAX_VALUE)
        {
            return invalid("cuLinkAddData", "a size of " + size + " bytes");
        }
        final byte[] bytes = new byte[(int)size];
        try
        {
            HostRange.of(data, size).copyTo(0, new org.agrona.concurrent.UnsafeBuffer(bytes), 0, (int)size);
        }
        catch (final HostRangeException ex)
        {
            return invalid("cuLinkAddData", "the data: " + ex.getMessage());
        }
        return add(link, type, bytes, "cuLinkAddData");
    }

    static int addFile(final CUlinkState state, final int type, final String path)
    {
        final State link = state(state, "cuLinkAddFile");
        if (link == null)
        {
            return DriverStatus.INVALID_HANDLE;
        }
        final byte[] bytes;
        try
        {
            bytes = Files.readAllBytes(Path.of(path));
        }
        catch (final IOException | InvalidPathException ex)
        {
            AgentLog.warnOnce("cuLinkAddFile: cannot read '" + path + "': " + ex.getMessage() +
                "; returning CUDA_ERROR_FILE_NOT_FOUND");
            return DriverStatus.FILE_NOT_FOUND;
        }
        if (bytes.length == 0)
        {
            return invalid("cuLinkAddFile", "'" + path + "' is empty");
        }
        return add(link, type, bytes, "cuLinkAddFile");
    }

    static int complete(final CUlinkState state, final Pointer cubinOut, final long[] sizeOut)
    {
        final State link = state(state, "cuLinkComplete");
        if (link == null)
        {
            return DriverStatus.INVALID_HANDLE;
        }
        final long[] args;
        final byte[] inputs;
        synchronized (link)
        {
            if (link.typesAndLengths.isEmpty())
            {
                return invalid("cuLinkComplete", "nothing was added to the link");
            }
            args = new long[1 + 2 * link.typesAndLengths.size()];
            args[0] = link.typesAndLengths.size();
            for (int i = 0; i < link.typesAndLengths.size(); i++)
            {
                args[1 + 2 * i] = link.typesAndLengths.get(i)[0];
                args[2 + 2 * i] = link.typesAndLengths.get(i)[1];
            }
            inputs = link.bytes.toByteArray();
        }
        final ByteArrayPayload cubin = new ByteArrayPayload();
        final int status = DriverCalls.inContext(Function.CU_LINK_COMPLETE, args, new ByteArrayPayload(inputs), cubin,
            null);
        if (link.options != null)
        {
            JitLogBuffers.fill(link.options, status == DriverStatus.SUCCESS ? "" :
                DriverCalls.client().lastFailureMessage());
        }
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final byte[] bytes = cubin.bytes();
        final ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length).order(ByteOrder.nativeOrder());
        buffer.put(0, bytes);
        synchronized (link)
        {
            link.cubin = buffer;
        }
        if (cubinOut != null)
        {
            JCudaPointers.setHostBuffer(cubinOut, buffer, BufferUtil.address(buffer));
        }
        if (sizeOut != null && sizeOut.length > 0)
        {
            sizeOut[0] = bytes.length;
        }
        return DriverStatus.SUCCESS;
    }

    /**
     * The cubin goes with the state, as in CUDA.
     */
    static int destroy(final CUlinkState state)
    {
        if (state == null || STATES.remove(JCudaPointers.nativePointer(state)) == null)
        {
            AgentLog.warnOnce("cuLinkDestroy: not a live link state; returning CUDA_ERROR_INVALID_HANDLE");
            return DriverStatus.INVALID_HANDLE;
        }
        return DriverStatus.SUCCESS;
    }

    private static int add(final State link, final int type, final byte[] bytes, final String function)
    {
        if (type < 0 || type > LAST_INPUT_TYPE)
        {
            return invalid(function, type + " is not a CUjitInputType the linker takes");
        }
        synchronized (link)
        {
            if (link.typesAndLengths.size() == MAX_INPUTS)
            {
                AgentLog.warnOnce(function + ": a link of gpurelay takes at most " + MAX_INPUTS + " inputs; " +
                    "returning CUDA_ERROR_NOT_SUPPORTED");
                return DriverStatus.NOT_SUPPORTED;
            }
            link.typesAndLengths.add(new int[]{ type, bytes.length });
            link.bytes.writeBytes(bytes);
        }
        return DriverStatus.SUCCESS;
    }

    private static State state(final CUlinkState state, final String function)
    {
        final State link = state == null ? null : STATES.get(JCudaPointers.nativePointer(state));
        if (link == null)
        {
            AgentLog.warnOnce(function + ": not a live link state of cuLinkCreate; returning " +
                "CUDA_ERROR_INVALID_HANDLE");
        }
        return link;
    }

    private static int invalid(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }
}
