package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import java.lang.reflect.Field;

import io.gpurelay.testsupport.Checks;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUgraph;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaStream_t;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUevent;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaEvent_t;

/**
 * Stream-ordered calls given an event handle the session never created (forged by reflection) or one it destroyed:
 * each must fail, at once or at the next synchronising call, and never leave the program believing it succeeded.
 */
public final class ForgedHandlesProgram
{
    private static final long FORGED = 0x5EED_0000_1234L;

    private ForgedHandlesProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Checks checks = new Checks();
        checks.equal("cuInit", CUresult.CUDA_SUCCESS, cuInit(0));
        final CUdevice device = new CUdevice();
        checks.equal("cuDeviceGet", CUresult.CUDA_SUCCESS, cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        checks.equal("cuCtxCreate", CUresult.CUDA_SUCCESS, cuCtxCreate(context, 0, device));

        final CUevent forged = forged(new CUevent());
        driverRefused(checks, "cuEventRecord forged", cuEventRecord(forged, null));

        final CUevent destroyed = new CUevent();
        checks.equal("cuEventCreate", CUresult.CUDA_SUCCESS, cuEventCreate(destroyed, 0));
        checks.equal("cuEventDestroy", CUresult.CUDA_SUCCESS, cuEventDestroy(destroyed));
        driverRefused(checks, "cuEventRecord destroyed", cuEventRecord(destroyed, null));

        driverRefused(checks, "cuStreamWaitEvent forged", cuStreamWaitEvent(null, forged, 0));
        final CUevent event = new CUevent();
        checks.equal("cuEventCreate", CUresult.CUDA_SUCCESS, cuEventCreate(event, 0));
        driverRefused(checks, "cuEventRecord forged stream", cuEventRecord(event, forged(new CUstream())));
        driverRefused(checks, "cuEventRecordWithFlags forged", JCudaDriver.cuEventRecordWithFlags(forged, null, 0));
        driverRefused(checks, "cuStreamWaitEvent forged stream",
            cuStreamWaitEvent(forged(new CUstream()), event, 0));
        checks.equal("cuEventDestroy", CUresult.CUDA_SUCCESS, cuEventDestroy(event));

        // In a capture the record runs nothing (it marks the event for a later wait): its refusal cannot wait.
        final CUstream capturing = new CUstream();
        checks.equal("cuStreamCreate", CUresult.CUDA_SUCCESS, JCudaDriver.cuStreamCreate(capturing, 0));
        checks.equal("cuStreamBeginCapture", CUresult.CUDA_SUCCESS,
            JCudaDriver.cuStreamBeginCapture(capturing, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL));
        final int capturedForged = cuEventRecord(forged, capturing);
        final int capturedDestroyed = cuEventRecord(destroyed, capturing);
        final CUgraph graph = new CUgraph();
        checks.equal("cuStreamEndCapture", CUresult.CUDA_SUCCESS, JCudaDriver.cuStreamEndCapture(capturing, graph));
        checks.equal("cuEventRecord forged in a capture", CUresult.CUDA_ERROR_INVALID_HANDLE, capturedForged);
        checks.equal("cuEventRecord destroyed in a capture", CUresult.CUDA_ERROR_INVALID_HANDLE, capturedDestroyed);
        checks.equal("cuGraphDestroy", CUresult.CUDA_SUCCESS, JCudaDriver.cuGraphDestroy(graph));
        checks.equal("cuStreamDestroy", CUresult.CUDA_SUCCESS, JCudaDriver.cuStreamDestroy(capturing));

        final CUdeviceptr memory = new CUdeviceptr();
        checks.equal("cuMemAlloc", CUresult.CUDA_SUCCESS, JCudaDriver.cuMemAlloc(memory, 256));
        driverRefused(checks, "cuMemsetD8Async forged stream",
            JCudaDriver.cuMemsetD8Async(memory, (byte)1, 256, forged(new CUstream())));
        driverRefused(checks, "cuMemsetD32Async forged stream",
            JCudaDriver.cuMemsetD32Async(memory, 1, 64, forged(new CUstream())));
        driverRefused(checks, "cuMemcpyHtoDAsync forged stream",
            JCudaDriver.cuMemcpyHtoDAsync(memory, Pointer.to(new byte[256]), 256, forged(new CUstream())));
        driverRefused(checks, "cuMemcpyDtoDAsync forged stream",
            JCudaDriver.cuMemcpyDtoDAsync(memory, memory, 256, forged(new CUstream())));
        driverRefused(checks, "cuMemFreeAsync forged pointer",
            JCudaDriver.cuMemFreeAsync(forged(new CUdeviceptr()), null));
        driverRefused(checks, "cuLaunchHostFunc forged stream",
            JCudaDriver.cuLaunchHostFunc(forged(new CUstream()), data -> { }, null));
        checks.equal("cuMemFree", CUresult.CUDA_SUCCESS, JCudaDriver.cuMemFree(memory));

        final cudaEvent_t runtimeForged = forged(new cudaEvent_t());
        runtimeRefused(checks, "cudaEventRecord forged", JCuda.cudaEventRecord(runtimeForged, null));
        runtimeRefused(checks, "cudaStreamWaitEvent forged", JCuda.cudaStreamWaitEvent(null, runtimeForged, 0));
        runtimeRefused(checks, "cudaEventRecordWithFlags forged",
            JCuda.cudaEventRecordWithFlags(runtimeForged, null, 0));
        final Pointer runtimeMemory = new Pointer();
        checks.equal("cudaMalloc", cudaError.cudaSuccess, JCuda.cudaMalloc(runtimeMemory, 256));
        runtimeRefused(checks, "cudaMemsetAsync forged stream",
            JCuda.cudaMemsetAsync(runtimeMemory, 0, 256, forged(new cudaStream_t())));
        runtimeRefused(checks, "cudaMemcpyAsync forged stream", JCuda.cudaMemcpyAsync(runtimeMemory,
            Pointer.to(new byte[256]), 256, cudaMemcpyKind.cudaMemcpyHostToDevice, forged(new cudaStream_t())));
        checks.equal("cudaFree", cudaError.cudaSuccess, JCuda.cudaFree(runtimeMemory));
        checks.finish();
    }

    /**
     * The call's own status, or else the next synchronising call's: a failure either way, success never.
     */
    private static void driverRefused(final Checks checks, final String name, final int status)
    {
        final int next = cuCtxSynchronize();
        System.out.println(name + ": " + CUresult.stringFor(status) + ", then cuCtxSynchronize " +
            CUresult.stringFor(next));
        checks.check(name + " refused", status != CUresult.CUDA_SUCCESS || next != CUresult.CUDA_SUCCESS,
            "the call and the next synchronisation both succeeded");
        checks.equal(name + " leaves the context usable", CUresult.CUDA_SUCCESS, cuCtxSynchronize());
    }

    private static void runtimeRefused(final Checks checks, final String name, final int status)
    {
        final int next = JCuda.cudaDeviceSynchronize();
        System.out.println(name + ": " + cudaError.stringFor(status) + ", then cudaDeviceSynchronize " +
            cudaError.stringFor(next));
        checks.check(name + " refused", status != cudaError.cudaSuccess || next != cudaError.cudaSuccess,
            "the call and the next synchronisation both succeeded");
        checks.equal(name + " leaves the device usable", cudaError.cudaSuccess, JCuda.cudaDeviceSynchronize());
    }

    private static <T extends NativePointerObject> T forged(final T handle) throws ReflectiveOperationException
    {
        final Field nativePointer = NativePointerObject.class.getDeclaredField("nativePointer");
        nativePointer.setAccessible(true);
        nativePointer.setLong(handle, FORGED);
        return handle;
    }
}
