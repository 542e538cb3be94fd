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
        return null;
    }
}
