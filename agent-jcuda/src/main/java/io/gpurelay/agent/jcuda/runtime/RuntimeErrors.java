package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.cuda.runtime.RuntimeErrorDescriptions;
import jcuda.runtime.cudaError;

/**
 * cudaGetErrorName and cudaGetErrorString, answered here: the names are JCuda's, the descriptions the CUDA runtime's
 * own for the errors programs meet; other known errors are described by their name.
 */
public final class RuntimeErrors
{
    static final String UNRECOGNIZED = "unrecognized error code";

    private RuntimeErrors()
    {
    }

    static String name(final int error)
    {
        final String name = cudaError.stringFor(error);
        return name.startsWith("INVALID") ? UNRECOGNIZED : name;
    }

    static String description(final int error)
    {
        final String description = RuntimeErrorDescriptions.of(error);
        return description != null ? description : name(error);
    }
}
