package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertSame;

import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.Api;
import org.junit.jupiter.api.Test;

class CudaErrorMappingTest
{
    @Test
    void mapsDriverCodesToTheRuntimeCodesOfTheSameFailure()
    {
        assertEquals(cudaSuccess, CudaErrorMapping.toRuntimeError(CUDA_SUCCESS));
        assertEquals(cudaErrorInvalidValue, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_VALUE));
        assertEquals(cudaErrorMemoryAllocation, CudaErrorMapping.toRuntimeError(CUDA_ERROR_OUT_OF_MEMORY));
        assertEquals(cudaErrorInitializationError, CudaErrorMapping.toRuntimeError(CUDA_ERROR_NOT_INITIALIZED));
        assertEquals(cudaErrorNoDevice, CudaErrorMapping.toRuntimeError(CUDA_ERROR_NO_DEVICE));
        assertEquals(cudaErrorInvalidDevice, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_DEVICE));
        assertEquals(cudaErrorInvalidKernelImage, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_IMAGE));
        assertEquals(cudaErrorDeviceUninitialized, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_CONTEXT));
        assertEquals(cudaErrorInvalidPtx, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_PTX));
        assertEquals(cudaErrorInvalidResourceHandle, CudaErrorMapping.toRuntimeError(CUDA_ERROR_INVALID_HANDLE));
        assertEquals(cudaErrorSymbolNotFound, CudaErrorMapping.toRuntimeError(CUDA_ERROR_NOT_FOUND));
        assertEquals(cudaErrorNotReady, CudaErrorMapping.toRuntimeError(CUDA_ERROR_NOT_READY));
        assertEquals(cudaErrorIllegalAddress, CudaErrorMapping.toRuntimeError(CUDA_ERROR_ILLEGAL_ADDRESS));
        assertEquals(cudaErrorLaunchFailure, CudaErrorMapping.toRuntimeError(CUDA_ERROR_LAUNCH_FAILED));
        assertEquals(cudaErrorContextIsDestroyed, CudaErrorMapping.toRuntimeError(CUDA_ERROR_CONTEXT_IS_DESTROYED));
        assertEquals(cudaErrorSetOnActiveProcess, CudaErrorMapping.toRuntimeError(CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE));
        assertEquals(cudaErrorNotSupported, CudaErrorMapping.toRuntimeError(CUDA_ERROR_NOT_SUPPORTED));
        assertEquals(cudaErrorUnknown, CudaErrorMapping.toRuntimeError(CUDA_ERROR_UNKNOWN));
    }

    @Test
    void theNumbersOfEveryPairAgreeAsNvidiaKeepsThem()
    {
        for (int driverResult = 0; driverResult < 1000; driverResult++)
        {
            if (CudaErrorMapping.hasRuntimeCounterpart(driverResult))
            {
                assertEquals(driverResult, CudaErrorMapping.toRuntimeError(driverResult), "CUresult " + driverResult);
            }
        }
    }

    @Test
    void driverCodesWithoutARuntimeCounterpartBecomeUnknown()
    {
        assertFalse(CudaErrorMapping.hasRuntimeCounterpart(CUDA_ERROR_CONTEXT_ALREADY_CURRENT));
        assertEquals(cudaErrorUnknown, CudaErrorMapping.toRuntimeError(CUDA_ERROR_CONTEXT_ALREADY_CURRENT));
        assertEquals(cudaErrorUnknown, CudaErrorMapping.toRuntimeError(CUDA_ERROR_KEY_ROTATION));
        assertEquals(cudaErrorUnknown, CudaErrorMapping.toRuntimeError(-1));
        assertEquals(cudaErrorUnknown, CudaErrorMapping.toRuntimeError(123_456));
        assertTrue(CudaErrorMapping.hasRuntimeCounterpart(CUDA_ERROR_INVALID_HANDLE));
    }

    @Test
    void driverResultsBecomeTheExecutorsErrorsWithBothNumbersAndTheirStickiness()
    {
        assertSame(CudaError.ILLEGAL_ADDRESS, CudaErrorMapping.cudaError(CUDA_ERROR_ILLEGAL_ADDRESS));
        assertSame(CudaError.NOT_READY, CudaErrorMapping.cudaError(CUDA_ERROR_NOT_READY));
        assertSame(CudaError.INVALID_CONTEXT, CudaErrorMapping.cudaError(CUDA_ERROR_INVALID_CONTEXT));

        final CudaError noBinary = CudaErrorMapping.cudaError(CUDA_ERROR_NO_BINARY_FOR_GPU);
        assertEquals(CUDA_ERROR_NO_BINARY_FOR_GPU, noBinary.status(Api.DRIVER));
        assertEquals(cudaErrorNoKernelImageForDevice, noBinary.status(Api.RUNTIME));
        assertFalse(noBinary.sticky());

        final CudaError assertion = CudaErrorMapping.cudaError(CUDA_ERROR_ASSERT);
        assertEquals(cudaErrorAssert, assertion.status(Api.RUNTIME));
        assertTrue(assertion.sticky(), "a device-side assert leaves the context unusable");
        assertTrue(CudaErrorMapping.cudaError(CUDA_ERROR_HARDWARE_STACK_ERROR).sticky());
        assertFalse(CudaErrorMapping.cudaError(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES).sticky());

        final CudaError keyRotation = CudaErrorMapping.cudaError(CUDA_ERROR_KEY_ROTATION);
        assertEquals(CUDA_ERROR_KEY_ROTATION, keyRotation.status(Api.DRIVER));
        assertEquals(cudaErrorUnknown, keyRotation.status(Api.RUNTIME));
    }

    @Test
    void aRuntimeFunctionsErrorKeepsItsNumberAndFindsItsDriverTwin()
    {
        final CudaError unsupportedLimit = CudaErrorMapping.fromRuntimeError(cudaErrorUnsupportedLimit);
        assertEquals(cudaErrorUnsupportedLimit, unsupportedLimit.status(Api.RUNTIME));
        assertEquals(CUDA_ERROR_UNSUPPORTED_LIMIT, unsupportedLimit.status(Api.DRIVER));
        assertSame(CudaError.INVALID_VALUE, CudaErrorMapping.fromRuntimeError(cudaErrorInvalidValue));
        final CudaError unpaired = CudaErrorMapping.fromRuntimeError(99999);
        assertEquals(99999, unpaired.status(Api.RUNTIME));
        assertEquals(CUDA_ERROR_UNKNOWN, unpaired.status(Api.DRIVER));
    }
}
