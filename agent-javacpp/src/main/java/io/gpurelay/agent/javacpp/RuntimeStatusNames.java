package io.gpurelay.agent.javacpp;

import java.util.Map;

import io.gpurelay.agent.cuda.runtime.RuntimeErrorDescriptions;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * cudaGetErrorName and cudaGetErrorString for JavaCPP programs, answered here: the names are the {@code cudaError}
 * constants of the program's own preset ({@code cudaSuccess}, {@code cudaError*} of
 * {@code org.bytedeco.cuda.global.cudart}), so every code its CUDA version knows has its name; the errors gpurelay
 * returns have CUDA's names from {@link RuntimeStatus} first, where a preset's aliases could name a code otherwise; the
 * descriptions are the runtime's for the errors programs
 * meet, else the name.
 */
final class RuntimeStatusNames
{
    /** How {@link RuntimeStatus#name} names a code it does not list. */
    private static final String UNKNOWN_PREFIX = "cudaError_t ";

    private static volatile Map<Integer, String> presetNames;

    private RuntimeStatusNames()
    {
    }

    static String name(final int error)
    {
        final String known = RuntimeStatus.name(error);
        if (!known.equals(UNKNOWN_PREFIX + error))
        {
            return known;
        }
        final String name = presetNames().get(error);
        return name != null ? name : "unrecognized error code";
    }

    private static Map<Integer, String> presetNames()
    {
        Map<Integer, String> known = presetNames;
        if (known == null)
        {
            final Map<Integer, String> read = DriverStatusNames.read("cudaSuccess", "cudaError");
            known = read == null ? Map.of() : read;
            presetNames = known;
        }
        return known;
    }

    static String description(final int error)
    {
        final String description = RuntimeErrorDescriptions.of(error);
        return description != null ? description : name(error);
    }
}
