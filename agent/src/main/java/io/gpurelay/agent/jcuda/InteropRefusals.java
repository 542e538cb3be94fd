package io.gpurelay.agent.jcuda;

/**
 * Why the graphics-interop and inter-process functions, and the few others no family remotes, are left out, for the
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
        if (functionName.startsWith("cuGL") || functionName.startsWith("cudaGL") ||
            functionName.startsWith("cuGraphics") || functionName.startsWith("cudaGraphics"))
        {
            return "OpenGL interop: the GL context, its buffers and images live in the client's process and display, " +
                "which the executor's GPU cannot reach; copy through host memory instead";
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
