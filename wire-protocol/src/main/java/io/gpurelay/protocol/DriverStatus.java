package io.gpurelay.protocol;

/**
 * The {@code CUresult} values the executor and agent produce themselves. Numbers are CUDA's own.
 */
public final class DriverStatus
{
    public static final int SUCCESS = 0;
    public static final int INVALID_VALUE = 1;
    public static final int OUT_OF_MEMORY = 2;
    public static final int NOT_INITIALIZED = 3;
    public static final int DEVICE_UNAVAILABLE = 46;
    public static final int NO_DEVICE = 100;
    public static final int INVALID_DEVICE = 101;
    public static final int INVALID_IMAGE = 200;
    public static final int INVALID_CONTEXT = 201;
    public static final int PEER_ACCESS_UNSUPPORTED = 217;
    /** CUDA_ERROR_PEER_ACCESS_NOT_ENABLED: disabling peer access that was never enabled. */
    public static final int PEER_ACCESS_NOT_ENABLED = 705;
    public static final int INVALID_PTX = 218;
    public static final int INVALID_SOURCE = 300;
    public static final int FILE_NOT_FOUND = 301;
    public static final int INVALID_HANDLE = 400;
    public static final int NOT_FOUND = 500;
    public static final int NOT_READY = 600;
    public static final int ILLEGAL_ADDRESS = 700;
    public static final int LAUNCH_OUT_OF_RESOURCES = 701;
    public static final int LAUNCH_TIMEOUT = 702;
    public static final int ILLEGAL_INSTRUCTION = 715;
    public static final int MISALIGNED_ADDRESS = 716;
    public static final int LAUNCH_FAILED = 719;
    /** CUDA_ERROR_UNSUPPORTED_LIMIT: a limit the device does not have. */
    public static final int UNSUPPORTED_LIMIT = 215;
    /** CUDA_ERROR_NOT_PERMITTED: a CUDA call inside a stream callback or host function. */
    public static final int NOT_PERMITTED = 800;
    public static final int NOT_SUPPORTED = 801;
    public static final int UNKNOWN = 999;

    private DriverStatus()
    {
    }
}
