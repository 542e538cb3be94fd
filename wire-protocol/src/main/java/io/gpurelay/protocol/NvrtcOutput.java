package io.gpurelay.protocol;

/**
 * The binary outputs of an NVRTC compilation besides the PTX, which {@link Function#NVRTC_GET_OUTPUT_SIZE} and
 * {@link Function#NVRTC_GET_OUTPUT} name by their code: one pair of functions on the wire for NVRTC's three pairs
 * ({@code nvrtcGetCUBINSize}/{@code nvrtcGetCUBIN}, ...), which differ only in what they return.
 */
public enum NvrtcOutput
{
    /** {@code nvrtcGetCUBIN}: the cubin of a compilation for a real architecture ({@code -arch=sm_90}). */
    CUBIN(0, "CUBIN"),
    /** {@code nvrtcGetLTOIR}: the LTO IR of a compilation with {@code -dlto}. */
    LTOIR(1, "LTOIR"),
    /** {@code nvrtcGetOptiXIR}: the OptiX IR of a compilation with {@code --optix-ir}. */
    OPTIX_IR(2, "OptiXIR");

    private final int code;
    private final String functionSuffix;

    NvrtcOutput(final int code, final String functionSuffix)
    {
        this.code = code;
        this.functionSuffix = functionSuffix;
    }

    public int code()
    {
        return code;
    }

    /**
     * @return NVRTC's function that returns it, {@code nvrtcGetCUBIN}; its size function adds {@code Size}.
     */
    public String functionName()
    {
        return "nvrtcGet" + functionSuffix;
    }

    /**
     * @return the output with this code, or null.
     */
    public static NvrtcOutput of(final long code)
    {
        for (final NvrtcOutput output : values())
        {
            if (output.code == code)
            {
                return output;
            }
        }
        return null;
    }
}
