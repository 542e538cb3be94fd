package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.InteropRefusals;
import io.gpurelay.agent.jcuda.JCudaTableModule;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.table.Binding;

/**
 * JCuda's driver API, {@code jcuda.driver.JCudaDriver}: remoted by {@link JCudaDriverRemote}.
 */
public final class JCudaDriverInstrumentation extends JCudaTableModule
{
    public JCudaDriverInstrumentation()
    {
        super("jcuda.driver.JCudaDriver", "JCudaDriver", JCudaDriverRemote.class, DriverStatus.NOT_SUPPORTED,
            "CUDA_ERROR_NOT_SUPPORTED", "JCudaDriver-");
    }

    public Binding tableBinding()
    {
        return Binding.JCUDA_DRIVER;
    }

    // Stream-ordered allocation, memory pools and other device, context, stream and launch functions.

    public String emulatorRefusal(final String functionName)
    {
        return switch (functionName)
        {
            case "cuLaunchCooperativeKernel" -> "it cannot promise that a whole grid is resident at once, which a " +
                "cooperative launch is";
            case "cuLinkComplete" -> "it runs PTX only, and a link makes a cubin";
            case "cuOccupancyMaxPotentialBlockSize", "cuOccupancyMaxPotentialBlockSizeWithFlags" -> "it has no " +
                "occupancy calculator (cuOccupancyMaxActiveBlocksPerMultiprocessor), which this is computed from";
            default -> null;
        };
    }

    /**
     * Why a function is deliberately left out: CUDA graphs' ({@link JCudaDriverGraphs}), interop's
     * ({@link InteropRefusals}) and the memory-pool family's reasons.
     */
    public String refusalReason(final String functionName)
    {
        // CUDA graphs.
        final String graphs = JCudaDriverGraphs.refusalReason(functionName);
        if (graphs != null)
        {
            return graphs;
        }
        final String interop = InteropRefusals.reason(functionName);
        if (interop != null)
        {
            return interop;
        }
        // Stream-ordered allocation, memory pools and other device, context, stream and launch functions.
        return switch (functionName)
        {
            case "cuProfilerInitialize" -> "removed from CUDA 12";
            case "cuProfilerStart", "cuProfilerStop" -> "the profiler API (cudaProfiler.h) is not in JavaCPP's CUDA " +
                "presets, so the executor cannot call it; profile the executor's process instead";
            case "cuDeviceGetLuid" -> "a LUID exists on Windows only (CUDA answers CUDA_ERROR_NOT_SUPPORTED on Linux, " +
                "where executors run), and JavaCPP's presets do not have the function";
            case "cuMemExportToShareableHandle", "cuMemImportFromShareableHandle" -> "a shareable handle is an " +
                "operating-system handle (a file descriptor) of the executor's host, which the client cannot use " +
                "and cannot hand over";
            case "cuLaunchCooperativeKernelMultiDevice" -> "deprecated since CUDA 11.3, and its devices may be on " +
                "different executors, which cannot launch one grid together: launch cuLaunchCooperativeKernel on " +
                "each device";
            case "cuMemMapArrayAsync" -> "it maps sparse CUDA arrays into reserved address ranges, and gpurelay " +
                "does not remote sparse arrays (it remotes the rest of virtual memory management)";
            default -> null;
        };
    }
}
