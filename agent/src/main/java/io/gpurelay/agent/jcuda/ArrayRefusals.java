package io.gpurelay.agent.jcuda;

/**
 * Why the array family's functions that gpurelay does not remote are left out, for the coverage report: one answer
 * for the driver's and the runtime's spelling of each.
 */
public final class ArrayRefusals
{
    private ArrayRefusals()
    {
    }

    /**
     * @return the reason, or null for a function of no such kind.
     */
    public static String reason(final String functionName)
    {
        if (functionName.startsWith("cuTexObject") || functionName.startsWith("cuSurfObject") ||
            functionName.contains("TextureObject") || functionName.contains("SurfaceObject"))
        {
            return "texture and surface objects are not remoted yet: a kernel takes one as a 64-bit parameter, so " +
                "the executor would have to put CUDA's value for the session's handle into each launch's " +
                "parameters, which it does not do yet; the emulator's PTX has no texture or surface " +
                "instructions either";
        }
        if (functionName.endsWith("GetSparseProperties") || functionName.endsWith("GetMemoryRequirements"))
        {
            return "they describe sparse and deferred-mapping arrays, which gpurelay does not make: those flags are " +
                "refused when an array is created";
        }
        if (functionName.endsWith("ArrayGetPlane"))
        {
            return "it names a plane of an array of a planar format such as NV12, which gpurelay does not make: " +
                "such formats are refused when an array is created";
        }
        return null;
    }
}
