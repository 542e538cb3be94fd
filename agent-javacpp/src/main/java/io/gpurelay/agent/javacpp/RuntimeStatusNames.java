package io.gpurelay.agent.javacpp;

import java.util.Map;

import io.gpurelay.agent.cuda.runtime.RuntimeErrorDescriptions;

/**
 * cudaGetErrorName and cudaGetErrorString for JavaCPP programs, answered here: the names are the {@code cudaError}
 * constants of the program's own preset ({@code cudaSuccess}, {@code cudaError*} of
 * {@code org.bytedeco.cuda.global.cudart}), so every code its CUDA version knows has its name; the errors gpurelay
 * returns have CUDA's names from a table here first, where a preset's aliases could name a code otherwise; the
 * descriptions are the runtime's for the errors programs
 * meet, else the name.
 */
final class RuntimeStatusNames
{
    private static final Map<Integer, String> NAMES = Map.ofEntries(
        Map.entry(0, "cudaSuccess"),
        Map.entry(1, "cudaErrorInvalidValue"),
        Map.entry(2, "cudaErrorMemoryAllocation"),
        Map.entry(3, "cudaErrorInitializationError"),
        Map.entry(4, "cudaErrorCudartUnloading"),
        Map.entry(17, "cudaErrorInvalidDevicePointer"),
        Map.entry(21, "cudaErrorInvalidMemcpyDirection"),
        Map.entry(46, "cudaErrorDevicesUnavailable"),
        Map.entry(100, "cudaErrorNoDevice"),
        Map.entry(101, "cudaErrorInvalidDevice"),
        Map.entry(200, "cudaErrorInvalidKernelImage"),
        Map.entry(201, "cudaErrorDeviceUninitialized"),
        Map.entry(217, "cudaErrorPeerAccessUnsupported"),
        Map.entry(218, "cudaErrorInvalidPtx"),
        Map.entry(400, "cudaErrorInvalidResourceHandle"),
        Map.entry(500, "cudaErrorSymbolNotFound"),
        Map.entry(600, "cudaErrorNotReady"),
        Map.entry(700, "cudaErrorIllegalAddress"),
        Map.entry(701, "cudaErrorLaunchOutOfResources"),
        Map.entry(702, "cudaErrorLaunchTimeout"),
        Map.entry(705, "cudaErrorPeerAccessNotEnabled"),
        Map.entry(710, "cudaErrorAssert"),
        Map.entry(715, "cudaErrorIllegalInstruction"),
        Map.entry(716, "cudaErrorMisalignedAddress"),
        Map.entry(719, "cudaErrorLaunchFailure"),
        Map.entry(800, "cudaErrorNotPermitted"),
        Map.entry(801, "cudaErrorNotSupported"),
        Map.entry(999, "cudaErrorUnknown"));

    private static volatile Map<Integer, String> presetNames;

    private RuntimeStatusNames()
    {
    }

    static String name(final int error)
    {
        String name = NAMES.get(error);
        if (name == null)
        {
            name = presetNames().get(error);
        }
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
