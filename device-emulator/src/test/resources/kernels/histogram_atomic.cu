// 256-bin histogram of bytes. histogram_global adds straight into global memory;
// histogram_shared builds a per-block histogram in shared memory and merges it with global atomics.
extern "C" __global__ void histogram_global(const unsigned char* data, unsigned int* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    {
        atomicAdd(&bins[data[i]], 1u);
    }
}

extern "C" __global__ void histogram_shared(const unsigned char* data, unsigned int* bins, int n)
{
    __shared__ unsigned int local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
    {
        local[b] = 0;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    {
        atomicAdd(&local[data[i]], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
    {
        atomicAdd(&bins[b], local[b]);
    }
}

// Float and integer atomics of several kinds on global memory.
extern "C" __global__ void atomic_mix(const float* values, float* floatSum, int* intMax, int* intMin,
                                      unsigned int* orBits, unsigned int* counter, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        atomicAdd(floatSum, values[i]);
        atomicMax(intMax, (int)(values[i] * 1000.0f));
        atomicMin(intMin, (int)(values[i] * 1000.0f));
        atomicOr(orBits, 1u << (i & 31));
        atomicInc(counter, 1000000u);
    }
}
