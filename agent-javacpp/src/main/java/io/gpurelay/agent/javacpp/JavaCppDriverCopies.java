package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.javacpp.struct.JavaCppStructs;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import io.gpurelay.agent.cuda.PitchedCopy;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import org.bytedeco.javacpp.Pointer;

/**
 * The driver's 2D and 3D copies for JavaCPP programs (cuMemcpy2D, cuMemcpy2DUnaligned, cuMemcpy2DAsync, cuMemcpy3D,
 * cuMemcpy3DAsync), from the preset's {@code CUDA_MEMCPY2D} / {@code CUDA_MEMCPY3D} structs, as one pitched copy in
 * the current context ({@link PitchedCopy}), as JCuda's are. A side is host memory (its address), device memory, or
 * unified memory, which is device memory where this process allocated it in the session and host memory elsewhere.
 * CUDA arrays are not relayed for JavaCPP programs (cuArrayCreate is not), so a side of that type is refused with
 * CUDA_ERROR_NOT_SUPPORTED.
 */
final class JavaCppDriverCopies
{
    private static final int HOST = 1;
    private static final int DEVICE = 2;
    private static final int ARRAY = 3;
    private static final int UNIFIED = 4;

    private JavaCppDriverCopies()
    {
    }

    static void register(final CudartModule module)
    {
        module.function("cuMemcpy2D", a -> copy(a, false, false));
        module.function("cuMemcpy2DUnaligned", a -> copy(a, false, false));
        module.function("cuMemcpy2DAsync", a -> copy(a, false, true));
        module.function("cuMemcpy3D", a -> copy(a, true, false));
        module.function("cuMemcpy3DAsync", a -> copy(a, true, true));
    }

    private static int copy(final JavaCppArgs a, final boolean threeD, final boolean asynchronous)
    {
        final Pointer copy = JavaCppStructArgs.struct(a, 0);
        final String name = a.method().qualifiedName();
        if (threeD && (JavaCppStructs.getLong(copy, "srcLOD") != 0 || JavaCppStructs.getLong(copy, "dstLOD") != 0))
        {
            throw new JavaCppArgumentException("srcLOD and dstLOD must be 0");
        }
        if (JavaCppStructs.getInt(copy, "srcMemoryType") == ARRAY ||
            JavaCppStructs.getInt(copy, "dstMemoryType") == ARRAY)
        {
            AgentLog.warnOnce(name + " with a CUDA array is not supported by gpurelay for JavaCPP programs (CUDA " +
                "arrays are not relayed for them); returning CUDA_ERROR_NOT_SUPPORTED");
            return DriverStatus.NOT_SUPPORTED;
        }
        final PitchedCopy.Side source = side(copy, "src", threeD);
        final PitchedCopy.Side destination = side(copy, "dst", threeD);
        final long stream = asynchronous ? a.stream(1) : 0;
        try
        {
            return PitchedCopy.run(source, destination, JavaCppStructs.getLong(copy, "WidthInBytes"),
                JavaCppStructs.getLong(copy, "Height"), threeD ? JavaCppStructs.getLong(copy, "Depth") : 1, stream,
                (args, payload, sink) -> asynchronous && sink == null ?
                    DriverCalls.pipelinedInContext(Function.CU_MEMCPY_3D, args, payload) :
                    DriverCalls.inContext(Function.CU_MEMCPY_3D, args, payload, sink, null));
        }
        catch (final HostRangeException ex)
        {
            throw new JavaCppArgumentException(ex.getMessage());
        }
    }

    private static PitchedCopy.Side side(final Pointer copy, final String prefix, final boolean threeD)
    {
        final int type = JavaCppStructs.getInt(copy, prefix + "MemoryType");
        final long x = JavaCppStructs.getLong(copy, prefix + "XInBytes");
        final long y = JavaCppStructs.getLong(copy, prefix + "Y");
        final long z = threeD ? JavaCppStructs.getLong(copy, prefix + "Z") : 0;
        final long pitch = JavaCppStructs.getLong(copy, prefix + "Pitch");
        final long rows = threeD ? JavaCppStructs.getLong(copy, prefix + "Height") : 0;
        final long host = JavaCppStructs.getLong(copy, prefix + "Host");
        final long device = JavaCppStructs.getLong(copy, prefix + "Device");
        final boolean isHost = switch (type)
        {
            case HOST -> true;
            case DEVICE -> false;
            case UNIFIED -> !JavaCppRuntime.isDeviceMemory(device, DriverCalls.session());
            default -> throw new JavaCppArgumentException(prefix + "MemoryType " + type + " is not host (1), device " +
                "(2) or unified (4)");
        };
        final long address = type == HOST ? host : device;
        if (address == 0)
        {
            throw new JavaCppArgumentException(prefix + (type == HOST ? "Host" : "Device") + " is null");
        }
        if (!isHost)
        {
            return PitchedCopy.Side.device(address, x, y, z, pitch, rows);
        }
        if (PinnedHostMemory.isFreedAddress(address))
        {
            throw new JavaCppArgumentException(prefix + " designates pinned host memory that was freed " +
                "(cudaFreeHost/cuMemFreeHost)");
        }
        return PitchedCopy.Side.hostMemory(byteCount -> HostRange.ofNative(address, byteCount, copy), x, y, z, pitch,
            rows);
    }
}
