package io.gpurelay.agent.jcuda.driver;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What cuModuleGetFunction told about each kernel the application holds a handle to: its name and the size of each of
 * its parameters. With them a launch whose parameters do not match the kernel is refused at once, as CUDA refuses it,
 * while launches that match are sent without waiting for their reply.
 */
final class KernelSignatures
{
    private static final Map<Long, KernelSignature> BY_FUNCTION = new ConcurrentHashMap<>();

    /**
     * @param parameterSizes each parameter's size in bytes, or null when the executor did not say (then the
     *                       parameters' own sizes are sent and the executor checks them).
     */
    record KernelSignature(String name, long module, long[] parameterSizes)
    {
        boolean knowsParameters()
        {
            return parameterSizes != null;
        }
    }

    private KernelSignatures()
    {
    }

    static void add(final long function, final KernelSignature signature)
    {
        BY_FUNCTION.put(function, signature);
    }

    /**
     * @return the kernel behind a function handle from cuModuleGetFunction, or null.
     */
    static KernelSignature find(final long function)
    {
        return BY_FUNCTION.get(function);
    }

    /**
     * The module's functions are gone with it.
     */
    static void moduleUnloaded(final long module)
    {
        BY_FUNCTION.values().removeIf(signature -> signature.module() == module);
    }
}
