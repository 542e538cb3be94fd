// What cudaDeviceGetLimit/SetLimit answer for every limit, before and after kernels that use printf and malloc.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void plain(int *out) { out[0] = 1; }
__global__ void prints() { printf("x\n"); }
__global__ void allocates(int *out) { void *p = malloc(64); out[0] = p != 0; free(p); }

static const char *limitName(int l)
{
    switch (l)
    {
        case 0: return "stack";
        case 1: return "printfFifo";
        case 2: return "mallocHeap";
        case 3: return "devRuntimeSyncDepth";
        case 4: return "devRuntimePendingLaunchCount";
        case 5: return "maxL2FetchGranularity";
        case 6: return "persistingL2CacheSize";
        default: return "?";
    }
}

static void getAll(const char *when)
{
    for (int l = 0; l <= 8; l++)
    {
        size_t v = 12345;
        cudaError_t e = cudaDeviceGetLimit(&v, (cudaLimit)l);
        printf("%s get %d %s: %s %zu\n", when, l, limitName(l), cudaGetErrorName(e), v);
    }
}

static void set(const char *when, int l, size_t value)
{
    cudaError_t e = cudaDeviceSetLimit((cudaLimit)l, value);
    size_t v = 0;
    cudaError_t g = cudaDeviceGetLimit(&v, (cudaLimit)l);
    printf("%s set %d %s to %zu: %s; now %s %zu\n", when, l, limitName(l), value, cudaGetErrorName(e),
        cudaGetErrorName(g), v);
    cudaGetLastError();
}

int main()
{
    cudaFree(0);
    getAll("fresh");
    set("fresh", 0, 4096); set("fresh", 0, 0); set("fresh", 0, 1); set("fresh", 0, 1000); set("fresh", 0, (size_t)1 << 40);
    set("fresh", 1, 4 << 20); set("fresh", 1, 0); set("fresh", 1, 1000);
    set("fresh", 2, 32 << 20); set("fresh", 2, 0); set("fresh", 2, 1000);
    set("fresh", 3, 4); set("fresh", 4, 4096); set("fresh", 5, 32); set("fresh", 5, 128); set("fresh", 5, 7);
    set("fresh", 6, 1 << 20); set("fresh", 7, 1); set("fresh", 8, 1); set("fresh", 99, 1);
    int *out; cudaMalloc(&out, 4);
    plain<<<1, 1>>>(out); cudaDeviceSynchronize();
    set("after plain", 1, 2 << 20); set("after plain", 2, 16 << 20);
    prints<<<1, 1>>>(); cudaDeviceSynchronize();
    set("after printf", 1, 8 << 20); set("after printf", 2, 64 << 20); set("after printf", 0, 2048);
    allocates<<<1, 1>>>(out); cudaDeviceSynchronize();
    set("after malloc", 2, 128 << 20); set("after malloc", 1, 8 << 20); set("after malloc", 0, 4096);
    getAll("end");
    cudaDeviceReset();
    getAll("after reset");
    return 0;
}
