package io.gpurelay.agent.jcuda;

/**
 * Why the array family's functions that gpurelay does not remote are left out, for the coverage report: one answer
 * for the driver's and the runtime's spelling of each. Texture and surface objects and the array queries (sparse
 * properties, memory requirements, planes) are remoted; only the legacy references are left out.
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
        if (functionName.startsWith("cuTexRef") || functionName.startsWith("cuSurfRef") ||
            "cuModuleGetTexRef".equals(functionName) || "cuModuleGetSurfRef".equals(functionName) ||
            "cuParamSetTexRef".equals(functionName))
        {
            return "texture and surface references are a legacy API that CUDA 12 removed from its runtime and " +
                "deprecated in its driver; use texture and surface objects";
        }
        return null;
    }
}
