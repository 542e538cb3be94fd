package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * The failures a backend reports, each with the number the runtime API ({@code cudaError_t}) and the driver API
 * ({@code CUresult}) give it. Backends fail with these and never with a number, so a function that both APIs have
 * (a malloc, a copy, a stream) is written once and its reply carries the code of the API the client called.
 * Numbers the protocol's status tables do not list yet are CUDA's own, named in each constant's comment.
 */
public enum CudaError
{
    INVALID_VALUE(RuntimeStatus.INVALID_VALUE, DriverStatus.INVALID_VALUE),
    /** cudaErrorMemoryAllocation / CUDA_ERROR_OUT_OF_MEMORY. */
    OUT_OF_MEMORY(RuntimeStatus.MEMORY_ALLOCATION, DriverStatus.OUT_OF_MEMORY),
    INVALID_DEVICE(RuntimeStatus.INVALID_DEVICE, DriverStatus.INVALID_DEVICE),
    /** cudaErrorInvalidKernelImage / CUDA_ERROR_INVALID_IMAGE: an image the backend cannot load at all. */
    INVALID_IMAGE(RuntimeStatus.INVALID_KERNEL_IMAGE, DriverStatus.INVALID_IMAGE),
    /** cudaErrorDeviceUninitialized (201, formerly cudaErrorInvalidContext) / CUDA_ERROR_INVALID_CONTEXT. */
    INVALID_CONTEXT(201, DriverStatus.INVALID_CONTEXT),
    /** cudaErrorInvalidPtx (218) / CUDA_ERROR_INVALID_PTX (218). */
    INVALID_PTX(218, 218),
    /** cudaErrorInvalidResourceHandle / CUDA_ERROR_INVALID_HANDLE. */
    INVALID_HANDLE(RuntimeStatus.INVALID_RESOURCE_HANDLE, DriverStatus.INVALID_HANDLE),
    /** cudaErrorSymbolNotFound (500) / CUDA_ERROR_NOT_FOUND. */
    NOT_FOUND(500, DriverStatus.NOT_FOUND),
    NOT_READY(RuntimeStatus.NOT_READY, DriverStatus.NOT_READY),
    ILLEGAL_ADDRESS(RuntimeStatus.ILLEGAL_ADDRESS, DriverStatus.ILLEGAL_ADDRESS, true),
    /** cudaErrorLaunchOutOfResources (701) / CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES. */
    LAUNCH_OUT_OF_RESOURCES(701, DriverStatus.LAUNCH_OUT_OF_RESOURCES),
    /** cudaErrorIllegalInstruction (715) / CUDA_ERROR_ILLEGAL_INSTRUCTION. */
    ILLEGAL_INSTRUCTION(715, DriverStatus.ILLEGAL_INSTRUCTION, true),
    /** cudaErrorMisalignedAddress (716) / CUDA_ERROR_MISALIGNED_ADDRESS. */
    MISALIGNED_ADDRESS(716, DriverStatus.MISALIGNED_ADDRESS, true),
    /** cudaErrorLaunchFailure / CUDA_ERROR_LAUNCH_FAILED. */
    LAUNCH_FAILED(RuntimeStatus.LAUNCH_FAILURE, DriverStatus.LAUNCH_FAILED, true),
    NOT_SUPPORTED(RuntimeStatus.NOT_SUPPORTED, DriverStatus.NOT_SUPPORTED),
    UNKNOWN(RuntimeStatus.UNKNOWN, DriverStatus.UNKNOWN);

    private final int runtimeStatus;
    private final int driverStatus;
    private final boolean sticky;

    CudaError(final int runtimeStatus, final int driverStatus)
    {
        this(runtimeStatus, driverStatus, false);
    }

    CudaError(final int runtimeStatus, final int driverStatus, final boolean sticky)
    {
        this.runtimeStatus = runtimeStatus;
        this.driverStatus = driverStatus;
        this.sticky = sticky;
    }

    /**
     * @return the number a function of this API returns for the error.
     */
    public int status(final Api api)
    {
        return api == Api.DRIVER ? driverStatus : runtimeStatus;
    }

    /**
     * Whether the error leaves its context unusable, as a device fault does on a GPU: every later call in the context
     * fails with the same error until the context is destroyed or reset.
     */
    public boolean sticky()
    {
        return sticky;
    }
}
