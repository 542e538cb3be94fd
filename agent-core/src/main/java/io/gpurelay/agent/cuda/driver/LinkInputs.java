package io.gpurelay.agent.cuda.driver;

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
import java.util.function.IntConsumer;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import org.agrona.BufferUtil;

/**
 * The JIT linker's states, whichever binding made the calls ({@code cuLinkCreate}, {@code cuLinkAddData},
 * {@code cuLinkAddFile}, {@code cuLinkComplete}, {@code cuLinkDestroy}; JCuda's {@link LinkStates}, JavaCPP's
 * {@code cudart}). The executor links: a link state lives here and gathers the inputs (a file is read here, in the
 * client, as CUDA reads the caller's file), and {@code cuLinkComplete} sends them all, in the current context, and
 * gets the cubin back. The cubin is held in this process by the state, as CUDA holds it in the link state's memory,
 * until {@code cuLinkDestroy}: the caller's {@code cubinOut} points to it, so {@code cuModuleLoadData(Ex)} of that
 * pointer loads it.
 */
public final class LinkInputs
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
        final List<int[]> typesAndLengths = new ArrayList<>();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ByteBuffer cubin;
    }

    private LinkInputs()
    {
    }

    /**
     * @return the new state's handle.
     */
    public static long create()
    {
        final long handle = TAG | NEXT.getAndIncrement();
        STATES.put(handle, new State());
        return handle;
    }

    public static boolean isLive(final long handle)
    {
        return STATES.containsKey(handle);
    }

    public static int addData(final long handle, final int type, final byte[] bytes, final String function)
    {
        final State link = state(handle, function);
        if (link == null)
        {
            return DriverStatus.INVALID_HANDLE;
        }
        return add(link, type, bytes, function);
    }

    public static int addFile(final long handle, final int type, final String path, final String function)
    {
        final State link = state(handle, function);
        if (link == null)
        {
            return DriverStatus.INVALID_HANDLE;
        }
        final byte[] bytes;
        try
        {
            bytes = Files.readAllBytes(Path.of(path));
        }
        catch (final IOException | InvalidPathException | SecurityException ex)
        {
            AgentLog.warnOnce(function + ": cannot read '" + path + "': " + ex.getMessage() +
                "; returning CUDA_ERROR_FILE_NOT_FOUND");
            return DriverStatus.FILE_NOT_FOUND;
        }
        if (bytes.length == 0)
        {
            return invalid(function, "'" + path + "' is empty");
        }
        return add(link, type, bytes, function);
    }

    /**
     * The link, on the executor, in the current context.
     *
     * @param cubin  where the cubin's address and size go on success: the state's memory, valid until it is
     *               destroyed.
     * @param linked told the executor's status once it answered (JCuda's binding fills its log buffers then); null
     *               for none.
     */
    public static int complete(final long handle, final long[] cubin, final String function,
        final IntConsumer linked)
    {
        final State link = state(handle, function);
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
                return invalid(function, "nothing was added to the link");
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
        final ByteArrayPayload output = new ByteArrayPayload();
        final int status = DriverCalls.inContext(Function.CU_LINK_COMPLETE, args, new ByteArrayPayload(inputs),
            output, null);
        if (linked != null)
        {
            linked.accept(status);
        }
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final byte[] bytes = output.bytes();
        final ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length).order(ByteOrder.nativeOrder());
        buffer.put(0, bytes);
        synchronized (link)
        {
            link.cubin = buffer;
        }
        cubin[0] = BufferUtil.address(buffer);
        cubin[1] = bytes.length;
        return DriverStatus.SUCCESS;
    }

    /**
     * @return the cubin of a completed state (its buffer), or null.
     */
    public static ByteBuffer cubin(final long handle)
    {
        final State link = STATES.get(handle);
        if (link == null)
        {
            return null;
        }
        synchronized (link)
        {
            return link.cubin;
        }
    }

    /**
     * The cubin goes with the state, as in CUDA.
     */
    public static int destroy(final long handle, final String function)
    {
        if (STATES.remove(handle) == null)
        {
            AgentLog.warnOnce(function + ": not a live link state; returning CUDA_ERROR_INVALID_HANDLE");
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

    private static State state(final long handle, final String function)
    {
        final State link = STATES.get(handle);
        if (link == null)
        {
            AgentLog.warnOnce(function + ": not a live link state of cuLinkCreate; returning " +
                "CUDA_ERROR_INVALID_HANDLE");
        }
        return link;
    }

    public static int invalid(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }
}
