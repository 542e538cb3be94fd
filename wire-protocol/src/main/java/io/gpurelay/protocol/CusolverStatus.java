package io.gpurelay.protocol;

/**
 * The {@code cusolverStatus_t} values (generated into {@link CusolverStatusCodes} from the library status
 * description) and how a failure of the executor or the client that is not cuSOLVER's own reads to a cuSOLVER caller.
 */
public final class CusolverStatus extends CusolverStatusCodes
{
    private CusolverStatus()
    {
    }

    /**
     * The cuSOLVER status for a failure named by its {@code cudaError_t}: a call that could not reach an executor, a
     * handle or device that does not exist, a malformed call, a device fault.
     */
    public static int ofRuntimeStatus(final int runtimeStatus)
    {
        return switch (runtimeStatus)
        {
            case RuntimeStatus.SUCCESS -> SUCCESS;
            case RuntimeStatus.INVALID_VALUE -> INVALID_VALUE;
            case RuntimeStatus.MEMORY_ALLOCATION -> ALLOC_FAILED;
            case RuntimeStatus.NOT_SUPPORTED -> NOT_SUPPORTED;
            case RuntimeStatus.DEVICES_UNAVAILABLE, RuntimeStatus.NO_DEVICE, RuntimeStatus.INVALID_DEVICE,
                RuntimeStatus.INITIALIZATION_ERROR, RuntimeStatus.DEVICE_UNINITIALIZED,
                RuntimeStatus.INVALID_RESOURCE_HANDLE -> NOT_INITIALIZED;
            case RuntimeStatus.UNKNOWN -> INTERNAL_ERROR;
            default -> EXECUTION_FAILED;
        };
    }
}
