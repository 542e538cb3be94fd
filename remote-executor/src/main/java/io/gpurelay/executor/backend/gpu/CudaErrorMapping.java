package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.*;

import java.util.Arrays;

import io.gpurelay.executor.backend.CudaError;

/**
 * Turns the {@code CUresult} a driver call returned into the {@code cudaError_t} a runtime-API caller expects.
 * <p>
 * Since CUDA 10.1 NVIDIA numbers the two enumerations alike wherever both have a code for the same failure, but
 * several pairs carry different names (the driver's {@code CUDA_ERROR_INVALID_CONTEXT} is the runtime's
 * {@code cudaErrorDeviceUninitialized}, both 201), and some driver codes have no runtime counterpart at all
 * ({@code CUDA_ERROR_CONTEXT_ALREADY_CURRENT}, {@code CUDA_ERROR_KEY_ROTATION}). The table names every pair, so a
 * change of numbering in a later CUDA shows up in {@code CudaErrorMappingTest} instead of as a wrong error on a
 * client. A driver code that is not in the table becomes {@code cudaErrorUnknown}: a number the runtime does not
 * define would only confuse the client's error strings.
 * <p>
 * The constants are compile-time constants of the presets, inlined by javac, so this class works without the CUDA
 * libraries.
 */
final class CudaErrorMapping
{
    /** {@code { CUresult, cudaError_t }} for every driver code that has a runtime counterpart. */
    private static final int[][] DRIVER_TO_RUNTIME = {
        { CUDA_SUCCESS, cudaSuccess },
        { CUDA_ERROR_INVALID_VALUE, cudaErrorInvalidValue },
        { CUDA_ERROR_OUT_OF_MEMORY, cudaErrorMemoryAllocation },
        { CUDA_ERROR_NOT_INITIALIZED, cudaErrorInitializationError },
        { CUDA_ERROR_DEINITIALIZED, cudaErrorCudartUnloading },
        { CUDA_ERROR_PROFILER_DISABLED, cudaErrorProfilerDisabled },
        { CUDA_ERROR_PROFILER_NOT_INITIALIZED, cudaErrorProfilerNotInitialized },
        { CUDA_ERROR_PROFILER_ALREADY_STARTED, cudaErrorProfilerAlreadyStarted },
        { CUDA_ERROR_PROFILER_ALREADY_STOPPED, cudaErrorProfilerAlreadyStopped },
        { CUDA_ERROR_STUB_LIBRARY, cudaErrorStubLibrary },
        { CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER, cudaErrorCallRequiresNewerDriver },
        { CUDA_ERROR_DEVICE_UNAVAILABLE, cudaErrorDevicesUnavailable },
        { CUDA_ERROR_NO_DEVICE, cudaErrorNoDevice },
        { CUDA_ERROR_INVALID_DEVICE, cudaErrorInvalidDevice },
        { CUDA_ERROR_DEVICE_NOT_LICENSED, cudaErrorDeviceNotLicensed },
        { CUDA_ERROR_INVALID_IMAGE, cudaErrorInvalidKernelImage },
        { CUDA_ERROR_INVALID_CONTEXT, cudaErrorDeviceUninitialized },
        { CUDA_ERROR_MAP_FAILED, cudaErrorMapBufferObjectFailed },
        { CUDA_ERROR_UNMAP_FAILED, cudaErrorUnmapBufferObjectFailed },
        { CUDA_ERROR_ARRAY_IS_MAPPED, cudaErrorArrayIsMapped },
        { CUDA_ERROR_ALREADY_MAPPED, cudaErrorAlreadyMapped },
        { CUDA_ERROR_NO_BINARY_FOR_GPU, cudaErrorNoKernelImageForDevice },
        { CUDA_ERROR_ALREADY_ACQUIRED, cudaErrorAlreadyAcquired },
        { CUDA_ERROR_NOT_MAPPED, cudaErrorNotMapped },
        { CUDA_ERROR_NOT_MAPPED_AS_ARRAY, cudaErrorNotMappedAsArray },
        { CUDA_ERROR_NOT_MAPPED_AS_POINTER, cudaErrorNotMappedAsPointer },
        { CUDA_ERROR_ECC_UNCORRECTABLE, cudaErrorECCUncorrectable },
        { CUDA_ERROR_UNSUPPORTED_LIMIT, cudaErrorUnsupportedLimit },
        { CUDA_ERROR_CONTEXT_ALREADY_IN_USE, cudaErrorDeviceAlreadyInUse },
        { CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, cudaErrorPeerAccessUnsupported },
        { CUDA_ERROR_INVALID_PTX, cudaErrorInvalidPtx },
        { CUDA_ERROR_INVALID_GRAPHICS_CONTEXT, cudaErrorInvalidGraphicsContext },
        { CUDA_ERROR_NVLINK_UNCORRECTABLE, cudaErrorNvlinkUncorrectable },
        { CUDA_ERROR_JIT_COMPILER_NOT_FOUND, cudaErrorJitCompilerNotFound },
        { CUDA_ERROR_UNSUPPORTED_PTX_VERSION, cudaErrorUnsupportedPtxVersion },
        { CUDA_ERROR_JIT_COMPILATION_DISABLED, cudaErrorJitCompilationDisabled },
        { CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY, cudaErrorUnsupportedExecAffinity },
        { CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC, cudaErrorUnsupportedDevSideSync },
        { CUDA_ERROR_CONTAINED, cudaErrorContained },
        { CUDA_ERROR_INVALID_SOURCE, cudaErrorInvalidSource },
        { CUDA_ERROR_FILE_NOT_FOUND, cudaErrorFileNotFound },
        { CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, cudaErrorSharedObjectSymbolNotFound },
        { CUDA_ERROR_SHARED_OBJECT_INIT_FAILED, cudaErrorSharedObjectInitFailed },
        { CUDA_ERROR_OPERATING_SYSTEM, cudaErrorOperatingSystem },
        { CUDA_ERROR_INVALID_HANDLE, cudaErrorInvalidResourceHandle },
        { CUDA_ERROR_ILLEGAL_STATE, cudaErrorIllegalState },
        { CUDA_ERROR_LOSSY_QUERY, cudaErrorLossyQuery },
        { CUDA_ERROR_NOT_FOUND, cudaErrorSymbolNotFound },
        { CUDA_ERROR_NOT_READY, cudaErrorNotReady },
        { CUDA_ERROR_ILLEGAL_ADDRESS, cudaErrorIllegalAddress },
        { CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, cudaErrorLaunchOutOfResources },
        { CUDA_ERROR_LAUNCH_TIMEOUT, cudaErrorLaunchTimeout },
        { CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING, cudaErrorLaunchIncompatibleTexturing },
        { CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, cudaErrorPeerAccessAlreadyEnabled },
        { CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, cudaErrorPeerAccessNotEnabled },
        { CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, cudaErrorSetOnActiveProcess },
        { CUDA_ERROR_CONTEXT_IS_DESTROYED, cudaErrorContextIsDestroyed },
        { CUDA_ERROR_ASSERT, cudaErrorAssert },
        { CUDA_ERROR_TOO_MANY_PEERS, cudaErrorTooManyPeers },
        { CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, cudaErrorHostMemoryAlreadyRegistered },
        { CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, cudaErrorHostMemoryNotRegistered },
        { CUDA_ERROR_HARDWARE_STACK_ERROR, cudaErrorHardwareStackError },
        { CUDA_ERROR_ILLEGAL_INSTRUCTION, cudaErrorIllegalInstruction },
        { CUDA_ERROR_MISALIGNED_ADDRESS, cudaErrorMisalignedAddress },
        { CUDA_ERROR_INVALID_ADDRESS_SPACE, cudaErrorInvalidAddressSpace },
        { CUDA_ERROR_INVALID_PC, cudaErrorInvalidPc },
        { CUDA_ERROR_LAUNCH_FAILED, cudaErrorLaunchFailure },
        { CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, cudaErrorCooperativeLaunchTooLarge },
        { CUDA_ERROR_TENSOR_MEMORY_LEAK, cudaErrorTensorMemoryLeak },
        { CUDA_ERROR_NOT_PERMITTED, cudaErrorNotPermitted },
        { CUDA_ERROR_NOT_SUPPORTED, cudaErrorNotSupported },
        { CUDA_ERROR_SYSTEM_NOT_READY, cudaErrorSystemNotReady },
        { CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, cudaErrorSystemDriverMismatch },
        { CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE, cudaErrorCompatNotSupportedOnDevice },
        { CUDA_ERROR_MPS_CONNECTION_FAILED, cudaErrorMpsConnectionFailed },
        { CUDA_ERROR_MPS_RPC_FAILURE, cudaErrorMpsRpcFailure },
        { CUDA_ERROR_MPS_SERVER_NOT_READY, cudaErrorMpsServerNotReady },
        { CUDA_ERROR_MPS_MAX_CLIENTS_REACHED, cudaErrorMpsMaxClientsReached },
        { CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED, cudaErrorMpsMaxConnectionsReached },
        { CUDA_ERROR_MPS_CLIENT_TERMINATED, cudaErrorMpsClientTerminated },
        { CUDA_ERROR_CDP_NOT_SUPPORTED, cudaErrorCdpNotSupported },
        { CUDA_ERROR_CDP_VERSION_MISMATCH, cudaErrorCdpVersionMismatch },
        { CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, cudaErrorStreamCaptureUnsupported },
        { CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, cudaErrorStreamCaptureInvalidated },
        { CUDA_ERROR_STREAM_CAPTURE_MERGE, cudaErrorStreamCaptureMerge },
        { CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, cudaErrorStreamCaptureUnmatched },
        { CUDA_ERROR_STREAM_CAPTURE_UNJOINED, cudaErrorStreamCaptureUnjoined },
        { CUDA_ERROR_STREAM_CAPTURE_ISOLATION, cudaErrorStreamCaptureIsolation },
        { CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, cudaErrorStreamCaptureImplicit },
        { CUDA_ERROR_CAPTURED_EVENT, cudaErrorCapturedEvent },
        { CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, cudaErrorStreamCaptureWrongThread },
        { CUDA_ERROR_TIMEOUT, cudaErrorTimeout },
        { CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, cudaErrorGraphExecUpdateFailure },
        { CUDA_ERROR_EXTERNAL_DEVICE, cudaErrorExternalDevice },
        { CUDA_ERROR_INVALID_CLUSTER_SIZE, cudaErrorInvalidClusterSize },
        { CUDA_ERROR_FUNCTION_NOT_LOADED, cudaErrorFunctionNotLoaded },
        { CUDA_ERROR_INVALID_RESOURCE_TYPE, cudaErrorInvalidResourceType },
        { CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION, cudaErrorInvalidResourceConfiguration },
        { CUDA_ERROR_STREAM_DETACHED, cudaErrorStreamDetached },
        { CUDA_ERROR_UNKNOWN, cudaErrorUnknown },
    };

    /** Indexed by {@code CUresult}; {@link #NO_COUNTERPART} where the runtime has none. */
    private static final int[] RUNTIME_ERROR_BY_DRIVER_RESULT = runtimeErrorByDriverResult();

    private static final int NO_COUNTERPART = -1;

    private CudaErrorMapping()
    {
    }

    /**
     * The failure a driver call's result stands for, with the number each API gives it.
     */
    static CudaError cudaError(final int driverResult)
    {
        return CudaError.of(driverResult, toRuntimeError(driverResult));
    }

    /**
     * The failure a runtime call's {@code cudaError_t} stands for: the driver's number is the one the table pairs
     * with it, {@code CUDA_ERROR_UNKNOWN} where it pairs none.
     */
    static CudaError fromRuntimeError(final int runtimeError)
    {
        for (final int[] pair : DRIVER_TO_RUNTIME)
        {
            if (pair[1] == runtimeError)
            {
                return CudaError.of(pair[0], runtimeError);
            }
        }
        return CudaError.of(CUDA_ERROR_UNKNOWN, runtimeError);
    }

    /**
     * The {@code cudaError_t} a runtime-API function reports where the driver call it stands for returned
     * {@code driverResult}.
     */
    static int toRuntimeError(final int driverResult)
    {
        if (driverResult < 0 || driverResult >= RUNTIME_ERROR_BY_DRIVER_RESULT.length)
        {
            return cudaErrorUnknown;
        }
        final int runtimeError = RUNTIME_ERROR_BY_DRIVER_RESULT[driverResult];
        return runtimeError == NO_COUNTERPART ? cudaErrorUnknown : runtimeError;
    }

    /**
     * Whether the table names a runtime counterpart for {@code driverResult}; the others map to
     * {@code cudaErrorUnknown}.
     */
    static boolean hasRuntimeCounterpart(final int driverResult)
    {
        return driverResult >= 0 && driverResult < RUNTIME_ERROR_BY_DRIVER_RESULT.length &&
            RUNTIME_ERROR_BY_DRIVER_RESULT[driverResult] != NO_COUNTERPART;
    }

    private static int[] runtimeErrorByDriverResult()
    {
        int largest = 0;
        for (final int[] pair : DRIVER_TO_RUNTIME)
        {
            largest = Math.max(largest, pair[0]);
        }
        final int[] byDriverResult = new int[largest + 1];
        Arrays.fill(byDriverResult, NO_COUNTERPART);
        for (final int[] pair : DRIVER_TO_RUNTIME)
        {
            if (byDriverResult[pair[0]] != NO_COUNTERPART)
            {
                throw new IllegalStateException("CUresult " + pair[0] + " is in the table twice");
            }
            byDriverResult[pair[0]] = pair[1];
        }
        return byDriverResult;
    }
}
