// Sum of n integers: each warp reduces with __shfl_down_sync, lane 0 of each warp adds into the total.
// Integer sums are exact whatever the order, so the result is independent of scheduling.
extern "C" __global__ void reduce_warp_shuffle(const int* in, unsigned long long* total, int n)
{
    long long sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    {
        sum += in[i];
    }
    for (int offset = 16; offset > 0; offset /= 2)
    {
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if ((threadIdx.x & 31) == 0)
    {
        atomicAdd(total, (unsigned long long)sum);
    }
}

// Per-warp float sum with butterfly shuffles, written to one output per warp.
extern "C" __global__ void warp_sum_xor(const float* in, float* warpSums)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float value = in[i];
    for (int mask = 16; mask > 0; mask /= 2)
    {
        value += __shfl_xor_sync(0xffffffffu, value, mask);
    }
    if ((threadIdx.x & 31) == 0)
    {
        warpSums[i / 32] = value;
    }
}
