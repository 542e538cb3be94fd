package io.gpurelay.agent.javacpp;

import java.util.function.BooleanSupplier;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * A {@code cudaMemcpyKind} of a JavaCPP copy as which of its sides are host memory. JavaCPP passes every pointer as an
 * address, so the kind says which side is which; for {@code cudaMemcpyDefault} whether each side is device memory
 * this process allocated decides ({@link JavaCppRuntime#isDeviceMemory}). cudaMemcpy, cudaMemcpy2D and cudaMemcpy3D
 * (and their Async forms) read their kind here, so that all of them take it and refuse a bad one alike.
 */
enum JavaCppCopyKind
{
    HOST_TO_HOST(true, true),
    HOST_TO_DEVICE(false, true),
    DEVICE_TO_HOST(true, false),
    DEVICE_TO_DEVICE(false, false);

    /** The {@code cudaMemcpyKind} values, {@code cudaMemcpyHostToHost} to {@code cudaMemcpyDefault}. */
    private static final int KIND_HOST_TO_HOST = 0;
    private static final int KIND_HOST_TO_DEVICE = 1;
    private static final int KIND_DEVICE_TO_HOST = 2;
    private static final int KIND_DEVICE_TO_DEVICE = 3;
    private static final int KIND_DEFAULT = 4;

    private final boolean dstIsHost;
    private final boolean srcIsHost;

    JavaCppCopyKind(final boolean dstIsHost, final boolean srcIsHost)
    {
        this.dstIsHost = dstIsHost;
        this.srcIsHost = srcIsHost;
    }

    /**
     * The sides of a copy of {@code kind}.
     *
     * @param dstIsDevice asked only for {@code cudaMemcpyDefault}, before {@code srcIsDevice}: whether the
     *     destination is device memory.
     * @param srcIsDevice asked only for {@code cudaMemcpyDefault}: whether the source is device memory.
     * @return null when {@code kind} is no {@code cudaMemcpyKind}; the caller answers {@link #invalid}.
     */
    static JavaCppCopyKind of(final int kind, final BooleanSupplier dstIsDevice, final BooleanSupplier srcIsDevice)
    {
        return switch (kind)
        {
            case KIND_HOST_TO_HOST -> HOST_TO_HOST;
            case KIND_HOST_TO_DEVICE -> HOST_TO_DEVICE;
            case KIND_DEVICE_TO_HOST -> DEVICE_TO_HOST;
            case KIND_DEVICE_TO_DEVICE -> DEVICE_TO_DEVICE;
            case KIND_DEFAULT -> sides(!dstIsDevice.getAsBoolean(), !srcIsDevice.getAsBoolean());
            default -> null;
        };
    }

    /**
     * A copy whose kind is no {@code cudaMemcpyKind}: logged, and cudaErrorInvalidMemcpyDirection recorded as the
     * thread's last error and returned, as CUDA does.
     */
    static int invalid(final JavaCppArgs a, final int kind)
    {
        AgentLog.warn(a.method().qualifiedName() + ": " + kind + " is not a cudaMemcpyKind; returning " +
            "cudaErrorInvalidMemcpyDirection");
        return RuntimeCalls.record(RuntimeStatus.INVALID_MEMCPY_DIRECTION);
    }

    boolean dstIsHost()
    {
        return dstIsHost;
    }

    boolean srcIsHost()
    {
        return srcIsHost;
    }

    private static JavaCppCopyKind sides(final boolean dstIsHost, final boolean srcIsHost)
    {
        if (srcIsHost)
        {
            return dstIsHost ? HOST_TO_HOST : HOST_TO_DEVICE;
        }
        return dstIsHost ? DEVICE_TO_HOST : DEVICE_TO_DEVICE;
    }
}
