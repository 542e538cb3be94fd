package io.gpurelay.protocol;

/**
 * The {@code cudaError_t} values the executor and agent produce themselves (the rest come from the device).
 * Numbers are CUDA's own.
 */
public final class RuntimeStatus
{
    public static final int SUCCESS = 0;
    public static final int INVALID_VALUE = 1;
    public static final int MEMORY_ALLOCATION = 2;
    public static final int INITIALIZATION_ERROR = 3;
    public static final int INVALID_DEVICE_POINTER = 17;
    public static final int INVALID_MEMCPY_DIRECTION = 21;
    public static final int DEVICES_UNAVAILABLE = 46;
    public static final int NO_DEVICE = 100;
    public static final int INVALID_DEVICE = 101;
    public static final int INVALID_KERNEL_IMAGE = 200;
    /** cudaErrorDeviceUninitialized, formerly cudaErrorInvalidContext: the driver's CUDA_ERROR_INVALID_CONTEXT. */
    public static final int DEVICE_UNINITIALIZED = 201;
    /** cudaErrorPeerAccessUnsupported: the driver's CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, same number. */
    public static final int PEER_ACCESS_UNSUPPORTED = 217;
    /** cudaErrorPeerAccessNotEnabled: the driver's CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, same number. */
    public static final int PEER_ACCESS_NOT_ENABLED = 705;
    /** cudaErrorUnsupportedLimit: a limit the device does not have. */
    public static final int UNSUPPORTED_LIMIT = 215;
    public static final int INVALID_PTX = 218;
    public static final int INVALID_RESOURCE_HANDLE = 400;
    /** cudaErrorSymbolNotFound: the driver's CUDA_ERROR_NOT_FOUND. */
    public static final int SYMBOL_NOT_FOUND = 500;
    public static final int NOT_READY = 600;
    public static final int ILLEGAL_ADDRESS = 700;
    public static final int LAUNCH_OUT_OF_RESOURCES = 701;
    public static final int LAUNCH_TIMEOUT = 702;
    public static final int ILLEGAL_INSTRUCTION = 715;
    public static final int MISALIGNED_ADDRESS = 716;
    public static final int LAUNCH_FAILURE = 719;
    /** cudaErrorNotPermitted: a CUDA call inside a stream callback or host function. */
    public static final int NOT_PERMITTED = 800;
    public static final int NOT_SUPPORTED = 801;
    public static final int UNKNOWN = 999;

    private RuntimeStatus()
    {
    }
}
