// What cudaDeviceSynchronize does to a driver-API capture in the device's primary context, and in another context.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

static const char *name(CUresult r) { const char *s = 0; cuGetErrorName(r, &s); return s ? s : "?"; }

static void run(const char *label, bool inPrimary, CUcontext primary, CUcontext other)
{
    cuCtxSetCurrent(inPrimary ? primary : other);
    CUstream s; cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
    CUresult b = cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED);
    cuCtxSetCurrent(primary);
    cudaError_t r = cudaDeviceSynchronize();
    cudaError_t last = cudaGetLastError();
    cuCtxSetCurrent(inPrimary ? primary : other);
    CUstreamCaptureStatus st; cuStreamIsCapturing(s, &st);
    CUgraph g = 0;
    CUresult e = cuStreamEndCapture(s, &g);
    if (g) cuGraphDestroy(g);
    cuStreamDestroy(s);
    printf("%-40s begin=%s cudaDeviceSynchronize=%s last=%s status-after=%d end=%s\n", label, name(b),
        cudaGetErrorName(r), cudaGetErrorName(last), (int)st, name(e));
}

int main()
{
    cuInit(0);
    CUdevice dev; cuDeviceGet(&dev, 0);
    CUcontext primary; cuDevicePrimaryCtxRetain(&primary, dev);
    cuCtxSetCurrent(primary);
    cudaSetDevice(0); cudaFree(0);
    CUcontext other; cuCtxCreate(&other, NULL, 0, dev);
    cuCtxSetCurrent(primary);
    run("capture in the primary context", true, primary, other);
    run("capture in another context", false, primary, other);
    printf("cudaDeviceSynchronize after: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
