package io.gpurelay.agent.jcuda;

import java.nio.ByteOrder;

import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.protocol.RemotedFunction;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * cudaMemRangeGetAttribute and cuMemRangeGetAttribute on the agent's side: CUDA's checks of the data size, the
 * executor's answer as ints into the program's memory (an accessed-by list longer than the executor answers is
 * padded with -2, no device, as CUDA pads it).
 */
public final class MemRangeAttributes
{
    /** CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY / cudaMemRangeAttributeAccessedBy. */
    public static final int ACCESSED_BY = 3;
    /** How many entries the executor answers at most. */
    private static final int MAX_ENTRIES = 64;
    private static final int NO_DEVICE = -2;

    /**
     * How a call does its work: the remote call with its arguments, into the results.
     */
    @FunctionalInterface
    public interface Remote
    {
        int call(RemotedFunction function, long[] args, long[] results);
    }

    private MemRangeAttributes()
    {
    }

    /**
     * @return the entries the executor is asked for, or 0 when the data size is not one CUDA accepts.
     */
    public static int entries(final int attribute, final long dataSize)
    {
        if (attribute == ACCESSED_BY)
        {
            return dataSize > 0 && dataSize % Integer.BYTES == 0 ? (int)Math.min(dataSize / Integer.BYTES, MAX_ENTRIES) :
                0;
        }
        return dataSize == Integer.BYTES ? 1 : 0;
    }

    /**
     * Ask the executor and write its answer into {@code dataSize} bytes of {@code data}.
     *
     * @return the call's status.
     * @throws HostRangeException when {@code data} does not hold {@code dataSize} bytes of host memory.
     */
    public static int get(final RemotedFunction function, final jcuda.Pointer data, final long dataSize,
        final int attribute, final long address, final long count, final Remote remote, final int success)
        throws HostRangeException
    {
        final HostRange destination = JCudaHostRanges.of(data, dataSize);
        final int entries = entries(attribute, dataSize);
        final long[] results = new long[entries];
        final int status = remote.call(function, new long[]{ address, count, attribute, entries }, results);
        if (status != success)
        {
            return status;
        }
        final int total = (int)(dataSize / Integer.BYTES);
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[total * Integer.BYTES]);
        for (int i = 0; i < total; i++)
        {
            bytes.putInt(i * Integer.BYTES, i < entries ? (int)results[i] : NO_DEVICE, ByteOrder.nativeOrder());
        }
        destination.write(0, bytes, 0, bytes.capacity());
        return status;
    }

    /**
     * One attribute of a range, as the binding's single-attribute function answers it.
     */
    @FunctionalInterface
    public interface Single
    {
        int get(jcuda.Pointer data, long dataSize, int attribute);
    }

    /**
     * How the binding answers invalid arguments: its status, with the message logged (and, for the runtime, its
     * last error set).
     */
    @FunctionalInterface
    public interface Invalid
    {
        int invalidValue(String function, String message);
    }

    /**
     * cudaMemRangeGetAttributes and cuMemRangeGetAttributes: each attribute as the single-attribute function answers
     * it, in order; the first failure ends it. JCuda's null checks come first, with JCuda's messages.
     */
    public static int getAll(
        final String function, final jcuda.Pointer[] data, final long[] dataSizes, final int[] attributes,
        final long numAttributes, final Object devPtr, final Single single, final Invalid invalid, final int success)
    {
        requireNonNull(data, "data", function);
        requireNonNull(dataSizes, "dataSizes", function);
        requireNonNull(attributes, "attributes", function);
        requireNonNull(devPtr, "devPtr", function);
        if (numAttributes <= 0 || numAttributes > data.length || numAttributes > dataSizes.length ||
            numAttributes > attributes.length)
        {
            return invalid.invalidValue(function, numAttributes + " attributes, with " + data.length +
                " data pointers, " + dataSizes.length + " sizes and " + attributes.length + " attributes given");
        }
        for (int i = 0; i < numAttributes; i++)
        {
            requireNonNull(data[i], "data[" + i + "]", function);
            final int status = single.get(data[i], dataSizes[i], attributes[i]);
            if (status != success)
            {
                return status;
            }
        }
        return success;
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
