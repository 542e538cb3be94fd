package io.gpurelay.agent.javacpp;

import java.util.Map;

import io.gpurelay.agent.jcuda.runtime.RuntimeErrors;

/**
 * cudaGetErrorName and cudaGetErrorString for JavaCPP programs, answered here: CUDA's names of the errors gpurelay
 * returns, and the runtime's descriptions of those programs meet (else the name).
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

    private RuntimeStatusNames()
    {
    }

    static String name(final int error)
    {
        final String name = NAMES.get(error);
        return name != null ? name : "unrecognized error code";
    }

    static String description(final int error)
    {
        final String description = RuntimeErrors.knownDescription(error);
        return description != null ? description : name(error);
    }
}
