// out[i] = coeffs[i % 4] * in[i] + offset, with coefficients in constant memory and the offset in a global variable.
// launchCount counts launches through a __device__ variable initialised to 7.
__constant__ float coeffs[4] = {1.0f, 2.0f, 0.5f, -1.0f};
__device__ float offset;
__device__ int launchCount = 7;
__device__ unsigned char table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

extern "C" __global__ void constant_scale(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        out[i] = coeffs[i & 3] * in[i] + offset + table[i & 7];
    }
    if (i == 0)
    {
        launchCount++;
    }
}
