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
