package io.gpurelay.agent.jcuda;

/**
 * Why GL image registration, the inter-process functions, and the few others no family remotes, are left out, for the
 * coverage report: one answer for the driver's and the runtime's spelling of each.
 */
public final class InteropRefusals
{
    private InteropRefusals()
    {
    }

    /**
     * @return the reason, or null for a function of no such kind.
     */
    public static String reason(final String functionName)
    {
        if ("cuGraphicsGLRegisterImage".equals(functionName) || "cudaGraphicsGLRegisterImage".equals(functionName))
        {
            return "OpenGL interop maps GL buffer objects only (each map and unmap copies the buffer through host " +
                "memory, since the executor's GPU cannot reach the client's GL context); GL textures and " +
                "renderbuffers are not mapped as CUDA arrays yet: map a pixel buffer object, or copy through host " +
                "memory";
        }
        if (functionName.startsWith("cuIpc") || functionName.startsWith("cudaIpc"))
        {
            return "CUDA IPC handles share device memory or events between processes of the GPU's host; between " +
                "gpurelay's sessions that would need an executor-wide registry of such capabilities, revoked when " +
                "the owner frees the memory or ends, which gpurelay does not have yet";
        }
        if (functionName.startsWith("cuMemAddress") || "cuMemCreate".equals(functionName) ||
            "cuMemRelease".equals(functionName) || "cuMemMap".equals(functionName) ||
            "cuMemUnmap".equals(functionName) || "cuMemSetAccess".equals(functionName) ||
            "cuMemGetAccess".equals(functionName) || functionName.startsWith("cuMemGetAllocation"))
        {
            return "virtual memory management is not remoted yet: the session's address checks would have to follow " +
                "each reservation, mapping and access change; cuMemAlloc and the stream-ordered allocator are";
        }
        return switch (functionName)
        {
            case "cuPointerSetAttribute" -> "not remoted yet: its one settable attribute " +
                "(CU_POINTER_ATTRIBUTE_SYNC_MEMOPS) changes how CUDA orders memory operations on the allocation";
            case "cuMemHostGetFlags" -> "not remoted yet: the agent does not keep the flags pinned memory was " +
                "allocated with";
            case "cudaSetValidDevices", "cudaChooseDevice", "cudaInitDevice" -> "not remoted yet: the agent's " +
                "runtime device selection takes neither a list of valid devices nor a match of properties, and " +
                "initialises a device at its first call";
            default -> null;
        };
    }
}
