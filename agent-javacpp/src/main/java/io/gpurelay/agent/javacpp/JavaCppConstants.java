package io.gpurelay.agent.javacpp;

import java.util.Map;

import io.gpurelay.agent.log.AgentLog;

/**
 * The values of the C macros JavaCPP exposes as {@code @MemberGetter} natives, which the preset classes read as they
 * initialise ({@code CU_STREAM_LEGACY}, {@code cudaStreamPerThread}, {@code CU_LAUNCH_PARAM_END}, ...): taken from the
 * CUDA 13 headers. A pointer-valued macro becomes an object of the native's return type at that address.
 */
final class JavaCppConstants
{
    /** CUDA 13.1's {@code CUDART_VERSION}, which the 13.1 presets were generated from. */
    private static final long CUDART_API_VERSION = 13010;

    private static final Map<String, Long> VALUES = Map.ofEntries(
        Map.entry("CU_STREAM_LEGACY", 0x1L),
        Map.entry("CU_STREAM_PER_THREAD", 0x2L),
        Map.entry("CU_LAUNCH_PARAM_END", 0x0L),
        Map.entry("CU_LAUNCH_PARAM_BUFFER_POINTER", 0x1L),
        Map.entry("CU_LAUNCH_PARAM_BUFFER_SIZE", 0x2L),
        Map.entry("CU_DEVICE_CPU", -1L),
        Map.entry("CU_DEVICE_INVALID", -2L),
        Map.entry("cudaStreamLegacy", 0x1L),
        Map.entry("cudaStreamPerThread", 0x2L),
        Map.entry("__CUDART_API_VERSION", CUDART_API_VERSION),
        Map.entry("CUDART_INF_FP16", 0x7C00L),
        Map.entry("CUDART_NAN_FP16", 0x7FFFL),
        Map.entry("CUDART_MIN_DENORM_FP16", 0x0001L),
        Map.entry("CUDART_MAX_NORMAL_FP16", 0x7BFFL),
        Map.entry("CUDART_NEG_ZERO_FP16", 0x8000L),
        Map.entry("CUDART_ZERO_FP16", 0x0000L),
        Map.entry("CUDART_ONE_FP16", 0x3C00L),
        Map.entry("CUDART_INF_BF16", 0x7F80L),
        Map.entry("CUDART_NAN_BF16", 0x7FFFL),
        Map.entry("CUDART_MIN_DENORM_BF16", 0x0001L),
        Map.entry("CUDART_MAX_NORMAL_BF16", 0x7F7FL),
        Map.entry("CUDART_NEG_ZERO_BF16", 0x8000L),
        Map.entry("CUDART_ZERO_BF16", 0x0000L),
        Map.entry("CUDART_ONE_BF16", 0x3F80L));

    private JavaCppConstants()
    {
    }

    static boolean isKnown(final String name)
    {
        return VALUES.containsKey(name);
    }

    /**
     * The macro's value in the native's return type.
     */
    static JavaCppFunction of(final String name)
    {
        final long value = VALUES.get(name);
        return arguments ->
        {
            final String type = arguments.method().returnType();
            switch (type)
            {
                case "int":
                    return (int)value;
                case "long":
                    return value;
                case "short":
                    return (short)value;
                case "byte":
                    return (byte)value;
                default:
                    try
                    {
                        return JavaCppPointers.pointerAt(
                            Class.forName(type, false, Thread.currentThread().getContextClassLoader()), value);
                    }
                    catch (final ClassNotFoundException ex)
                    {
                        AgentLog.warnOnce("cannot make the value of " + name + ": " + ex);
                        return null;
                    }
            }
        };
    }
}
