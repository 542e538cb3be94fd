// Device printf (vprintf) and device malloc/free, the PTX system calls.
#include <cstdio>

extern "C" __global__ void printf_formats(int i, unsigned u, long long big, float f, double d, const char* text)
{
    printf("int %d %i %5d|%-5d|%05d %+d % d %.3d\n", i, i, i, i, i, i, i, i);
    printf("unsigned %u %x %X %#x %o %#o %lu %lld\n", u, u, u, u, u, u, (unsigned long)u, big);
    printf("char %c%c string %s|%8s|%-8s|%.2s\n", 'o', 'k', text, text, text, text);
    printf("float %f %.2f %10.3f %e %.3E %g %g %g %G\n", f, f, f, d, d, d, 0.0001, 123456789.0, 1e-10);
    printf("pointer %p null %p percent %% done\n", text, (void*)0);
}

extern "C" __global__ void printf_threads(int* count)
{
    printf("block %d thread %d\n", blockIdx.x, threadIdx.x);
    atomicAdd(count, 1);
}

extern "C" __global__ void heap_roundtrip(int* out, unsigned long long bytes)
{
    int* block = (int*)malloc(bytes);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (block == 0)
    {
        out[t] = -1;
        return;
    }
    block[0] = t * 3;
    block[bytes / sizeof(int) - 1] = t;
    out[t] = block[0] + block[bytes / sizeof(int) - 1];
    free(block);
}

extern "C" __global__ void heap_keep(int** kept, int value)
{
    int* block = (int*)malloc(sizeof(int));
    if (block != 0)
    {
        *block = value;
    }
    *kept = block;
}

extern "C" __global__ void heap_release(int** kept, int* out)
{
    int* block = *kept;
    *out = block == 0 ? -1 : *block;
    free(block);
}

extern "C" __global__ void heap_double_free(int* unused)
{
    int* block = (int*)malloc(16);
    free(block);
    free(block);
}
