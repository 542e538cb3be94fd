package io.gpurelay.agent.cuda.runtime;

import java.util.Map;

/**
 * The CUDA runtime's own descriptions (cudaGetErrorString) of the errors programs meet, for both bindings.
 */
public final class RuntimeErrorDescriptions
{
    private static final Map<Integer, String> DESCRIPTIONS = Map.ofEntries(
        Map.entry(0, "no error"),
        Map.entry(1, "invalid argument"),
        Map.entry(2, "out of memory"),
        Map.entry(3, "initialization error"),
        Map.entry(4, "driver shutting down"),
        Map.entry(9, "invalid configuration argument"),
        Map.entry(12, "invalid pitch argument"),
        Map.entry(13, "invalid device symbol"),
        Map.entry(16, "invalid host pointer"),
        Map.entry(17, "invalid device pointer"),
        Map.entry(21, "invalid copy direction for memcpy"),
        Map.entry(35, "CUDA driver version is insufficient for CUDA runtime version"),
        Map.entry(46, "CUDA-capable device(s) is/are busy or unavailable"),
        Map.entry(98, "invalid device function"),
        Map.entry(100, "no CUDA-capable device is detected"),
        Map.entry(101, "invalid device ordinal"),
        Map.entry(200, "device kernel image is invalid"),
        Map.entry(201, "invalid device context"),
        Map.entry(209, "no kernel image is available for execution on the device"),
        Map.entry(400, "invalid resource handle"),
        Map.entry(500, "named symbol not found"),
        Map.entry(600, "device not ready"),
        Map.entry(700, "an illegal memory access was encountered"),
        Map.entry(701, "too many resources requested for launch"),
        Map.entry(702, "the launch timed out and was terminated"),
        Map.entry(710, "device-side assert triggered"),
        Map.entry(719, "unspecified launch failure"),
        Map.entry(801, "operation not supported"),
        Map.entry(999, "unknown error"));

    private RuntimeErrorDescriptions()
    {
    }

    /**
     * @return the CUDA runtime's description of {@code cudaError_t} {@code error}, or null if it has none here.
     */
    public static String of(final int error)
    {
        return DESCRIPTIONS.get(error);
    }
}
