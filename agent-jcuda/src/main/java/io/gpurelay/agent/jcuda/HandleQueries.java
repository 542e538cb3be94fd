package io.gpurelay.agent.jcuda;

import java.util.function.ToIntFunction;

import jcuda.NativePointerObject;

/**
 * The size queries of JCuda's compiler bindings (NVRTC's and nvPTXCompiler's {@code Get...Size}): one call on one
 * handle whose single result is the size.
 */
public final class HandleQueries
{
    private HandleQueries()
    {
    }

    /**
     * Checks the handle and the size array as JCuda does, makes the call, and on {@code success} puts its result in
     * {@code size[0]} where the array has room.
     *
     * @param call the relayed call: fills its argument's first element, returns the library's status.
     */
    public static int size(final String function, final NativePointerObject handle, final String handleName,
        final long[] size, final String sizeName, final int success, final ToIntFunction<long[]> call)
    {
        requireNonNull(handle, handleName, function);
        requireNonNull(size, sizeName, function);
        final long[] results = new long[1];
        final int status = call.applyAsInt(results);
        if (status == success && size.length > 0)
        {
            size[0] = results[0];
        }
        return status;
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
