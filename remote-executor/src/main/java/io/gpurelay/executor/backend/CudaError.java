package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * A failure a backend reports, with the number the runtime API ({@code cudaError_t}) and the driver API
 * ({@code CUresult}) give it. Backends fail with these and never with a bare number, so a function that both APIs
 * have (a malloc, a copy, a stream) is written once and its reply carries the code of the API the client called.
 * <p>
 * The constants are the failures the executor and the emulator produce themselves. A GPU fails in many more ways;
 * {@link #of(int, int)} gives its errors, which are the constants where the numbers are theirs, so that code
 * comparing with a constant works whatever the backend.
 * <p>
 * A library with its own status codes (cuBLAS, cuRAND, NVRTC) fails with {@link #library} errors, which carry the
 * library's number; an error of the executor itself that reaches a library's caller (a stale handle, a malformed
 * call) is replied with the library's number for it.
 */
public final class CudaError
{
    /**
     * The {@code CUresult}s that CUDA documents as leaving the context unusable ("any further CUDA work will return
     * the same error"): an illegal address (700), a launch timeout (702), a device-side assert (710), a hardware stack
     * error (714), an illegal instruction (715), a misaligned address (716), an invalid address space (717), an
     * invalid program counter (718), a launch failure (719), a tensor memory leak (721) and a contained error (226).
     * Declared before the constants, which read it as they are made.
     */
    private static final int[] STICKY_DRIVER_STATUSES = { 226, 700, 702, 710, 714, 715, 716, 717, 718, 719, 721 };

    public static final CudaError INVALID_VALUE =
        new CudaError("INVALID_VALUE", RuntimeStatus.INVALID_VALUE, DriverStatus.INVALID_VALUE);
    /** cudaErrorMemoryAllocation / CUDA_ERROR_OUT_OF_MEMORY. */
    public static final CudaError OUT_OF_MEMORY =
        new CudaError("OUT_OF_MEMORY", RuntimeStatus.MEMORY_ALLOCATION, DriverStatus.OUT_OF_MEMORY);
    public static final CudaError INVALID_DEVICE =
        new CudaError("INVALID_DEVICE", RuntimeStatus.INVALID_DEVICE, DriverStatus.INVALID_DEVICE);
    /** cudaErrorInvalidKernelImage / CUDA_ERROR_INVALID_IMAGE: an image the backend cannot load at all. */
    public static final CudaError INVALID_IMAGE =
        new CudaError("INVALID_IMAGE", RuntimeStatus.INVALID_KERNEL_IMAGE, DriverStatus.INVALID_IMAGE);
    /** cudaErrorDeviceUninitialized (formerly cudaErrorInvalidContext) / CUDA_ERROR_INVALID_CONTEXT. */
    public static final CudaError INVALID_CONTEXT =
        new CudaError("INVALID_CONTEXT", RuntimeStatus.DEVICE_UNINITIALIZED, DriverStatus.INVALID_CONTEXT);
    public static final CudaError INVALID_PTX =
        new CudaError("INVALID_PTX", RuntimeStatus.INVALID_PTX, DriverStatus.INVALID_PTX);
    /** cudaErrorInvalidResourceHandle / CUDA_ERROR_INVALID_HANDLE. */
    public static final CudaError INVALID_HANDLE =
        new CudaError("INVALID_HANDLE", RuntimeStatus.INVALID_RESOURCE_HANDLE, DriverStatus.INVALID_HANDLE);
    /** cudaErrorSymbolNotFound / CUDA_ERROR_NOT_FOUND. */
    public static final CudaError NOT_FOUND =
        new CudaError("NOT_FOUND", RuntimeStatus.SYMBOL_NOT_FOUND, DriverStatus.NOT_FOUND);
    public static final CudaError NOT_READY =
        new CudaError("NOT_READY", RuntimeStatus.NOT_READY, DriverStatus.NOT_READY);
    public static final CudaError ILLEGAL_ADDRESS =
        new CudaError("ILLEGAL_ADDRESS", RuntimeStatus.ILLEGAL_ADDRESS, DriverStatus.ILLEGAL_ADDRESS);
    public static final CudaError LAUNCH_OUT_OF_RESOURCES = new CudaError(
        "LAUNCH_OUT_OF_RESOURCES", RuntimeStatus.LAUNCH_OUT_OF_RESOURCES, DriverStatus.LAUNCH_OUT_OF_RESOURCES);
    /** cudaErrorLaunchTimeout / CUDA_ERROR_LAUNCH_TIMEOUT: sticky, as on a GPU whose watchdog ended a kernel. */
    public static final CudaError LAUNCH_TIMEOUT =
        new CudaError("LAUNCH_TIMEOUT", RuntimeStatus.LAUNCH_TIMEOUT, DriverStatus.LAUNCH_TIMEOUT);
    public static final CudaError ILLEGAL_INSTRUCTION =
        new CudaError("ILLEGAL_INSTRUCTION", RuntimeStatus.ILLEGAL_INSTRUCTION, DriverStatus.ILLEGAL_INSTRUCTION);
    public static final CudaError MISALIGNED_ADDRESS =
        new CudaError("MISALIGNED_ADDRESS", RuntimeStatus.MISALIGNED_ADDRESS, DriverStatus.MISALIGNED_ADDRESS);
    /** cudaErrorLaunchFailure / CUDA_ERROR_LAUNCH_FAILED. */
    public static final CudaError LAUNCH_FAILED =
        new CudaError("LAUNCH_FAILED", RuntimeStatus.LAUNCH_FAILURE, DriverStatus.LAUNCH_FAILED);
    public static final CudaError NOT_SUPPORTED =
        new CudaError("NOT_SUPPORTED", RuntimeStatus.NOT_SUPPORTED, DriverStatus.NOT_SUPPORTED);
    public static final CudaError UNKNOWN = new CudaError("UNKNOWN", RuntimeStatus.UNKNOWN, DriverStatus.UNKNOWN);
    /** cudaErrorUnsupportedLimit / CUDA_ERROR_UNSUPPORTED_LIMIT. */
    public static final CudaError UNSUPPORTED_LIMIT =
        new CudaError("UNSUPPORTED_LIMIT", RuntimeStatus.UNSUPPORTED_LIMIT, DriverStatus.UNSUPPORTED_LIMIT);
    /** cudaErrorNotPermitted / CUDA_ERROR_NOT_PERMITTED. */
    public static final CudaError NOT_PERMITTED =
        new CudaError("NOT_PERMITTED", RuntimeStatus.NOT_PERMITTED, DriverStatus.NOT_PERMITTED);

    private static final CudaError[] CONSTANTS = {
        INVALID_VALUE, OUT_OF_MEMORY, INVALID_DEVICE, INVALID_IMAGE, INVALID_CONTEXT, INVALID_PTX, INVALID_HANDLE,
        NOT_FOUND, NOT_READY, ILLEGAL_ADDRESS, LAUNCH_OUT_OF_RESOURCES, LAUNCH_TIMEOUT, ILLEGAL_INSTRUCTION,
        MISALIGNED_ADDRESS, LAUNCH_FAILED, NOT_SUPPORTED, UNKNOWN, UNSUPPORTED_LIMIT, NOT_PERMITTED };

    private final String name;
    private final int runtimeStatus;
    private final int driverStatus;
    private final boolean sticky;
    private final Api libraryApi;
    private final int libraryStatus;

    private CudaError(final String name, final int runtimeStatus, final int driverStatus)
    {
        this(name, runtimeStatus, driverStatus, null, 0);
    }

    private CudaError(
        final String name, final int runtimeStatus, final int driverStatus, final Api libraryApi,
        final int libraryStatus)
    {
        this.name = name;
        this.runtimeStatus = runtimeStatus;
        this.driverStatus = driverStatus;
        this.sticky = libraryApi == null && isStickyDriverStatus(driverStatus);
        this.libraryApi = libraryApi;
        this.libraryStatus = libraryStatus;
    }

    /**
     * A failure of a library with its own status codes (cuBLAS, cuRAND, NVRTC), replied with {@code status} to calls
     * of that library's {@code api}; never sticky: a failed library call leaves its context usable, and a device
     * fault surfaces at the context's next CUDA call.
     *
     * @param name the status's name in the library's header, for logs.
     */
    public static CudaError library(final Api api, final int status, final String name)
    {
        return new CudaError(name, RuntimeStatus.UNKNOWN, DriverStatus.UNKNOWN, api, status);
    }

    /**
     * The error a device reported, by the {@code CUresult} it gave and the {@code cudaError_t} CUDA gives the same
     * failure: the constant with those numbers if there is one.
     */
    public static CudaError of(final int driverStatus, final int runtimeStatus)
    {
        for (final CudaError constant : CONSTANTS)
        {
            if (constant.driverStatus == driverStatus && constant.runtimeStatus == runtimeStatus)
            {
                return constant;
            }
        }
        return new CudaError("CUresult " + driverStatus, runtimeStatus, driverStatus);
    }

    /**
     * @return the number a function of this API returns for the error.
     */
    public int status(final Api api)
    {
        if (api == libraryApi)
        {
            return libraryStatus;
        }
        return switch (api)
        {
            case DRIVER -> driverStatus;
            case CUBLAS -> CublasStatus.ofRuntimeStatus(runtimeStatus);
            case CUSOLVER -> io.gpurelay.protocol.CusolverStatus.ofRuntimeStatus(runtimeStatus);
            default -> runtimeStatus;
        };
    }

    /**
     * Whether the error leaves its context unusable, as a device fault does on a GPU: every later call in the context
     * fails with the same error until the context is destroyed or reset.
     */
    public boolean sticky()
    {
        return sticky;
    }

    public String toString()
    {
        return name + " (" + (libraryApi == null ? driverStatus : libraryStatus) + ")";
    }

    private static boolean isStickyDriverStatus(final int driverStatus)
    {
        for (final int sticky : STICKY_DRIVER_STATUSES)
        {
            if (sticky == driverStatus)
            {
                return true;
            }
        }
        return false;
    }
}
