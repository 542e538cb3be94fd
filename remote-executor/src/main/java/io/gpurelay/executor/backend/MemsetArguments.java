package io.gpurelay.executor.backend;

/**
 * What every backend checks of a memset before it touches memory: the address is aligned to the element size, and
 * the element count fits a byte length.
 */
public final class MemsetArguments
{
    private MemsetArguments()
    {
    }

    /**
     * The preamble every backend's memset shares: its name in the calling API ({@code cudaMemset} or
     * {@code cuMemsetD8}, {@code D16}, {@code D32}), then {@link #valid}, unless there are no elements to set.
     *
     * @return the API's name of the call, for the backend's own messages; null when there is nothing to do, because
     * the count is 0 or because the arguments are refused (the failure is then in {@code result}).
     */
    public static String checked(
        final long address, final long count, final int elementSize, final CallResult result)
    {
        final String name = result.name("cudaMemset", "cuMemsetD" + elementSize * 8);
        if (count == 0 || !valid(name, address, count, elementSize, result))
        {
            return null;
        }
        return name;
    }

    /**
     * @param name the API's name of the call, for the message.
     * @return whether the arguments are usable; if not, the failure is in {@code result}.
     */
    public static boolean valid(
        final String name, final long address, final long count, final int elementSize, final CallResult result)
    {
        if (address % elementSize != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": 0x" + Long.toHexString(address) +
                " is not aligned to its " + elementSize + "-byte elements");
            return false;
        }
        if (count < 0 || count > Long.MAX_VALUE / elementSize)
        {
            result.fail(CudaError.INVALID_VALUE,
                name + ": " + Long.toUnsignedString(count) + " elements are more than any allocation holds");
            return false;
        }
        return true;
    }
}
