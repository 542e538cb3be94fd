// Forces a local-memory array (dynamically indexed), and calls a device function nvcc may not inline.
__device__ __noinline__ float weighted(float value, int weight)
{
    return value * (float)weight + 0.5f;
}

extern "C" __global__ void local_memory(const int* indices, const float* values, float* out, int n)
{
    float scratch[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
    {
        return;
    }
    for (int k = 0; k < 32; k++)
    {
        scratch[k] = values[(i + k) % n];
    }
    float sum = 0.0f;
    for (int k = 0; k < 8; k++)
    {
        sum += scratch[indices[(i * 8 + k) % n] & 31];
    }
    out[i] = weighted(sum, i % 5);
}
