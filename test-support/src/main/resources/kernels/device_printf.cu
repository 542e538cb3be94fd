// Device printf: each thread prints one line naming the launch, its block and its thread.
#include <cstdio>

extern "C" __global__ void device_printf(int launch)
{
    printf("launch %d block %d thread %d\n", launch, blockIdx.x, threadIdx.x);
}
