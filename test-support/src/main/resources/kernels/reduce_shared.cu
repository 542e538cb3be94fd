// One partial sum per block: a shared-memory tree reduction with __syncthreads.
// reduce_shared uses a static 256-float buffer (launch with 256 threads per block);
// reduce_shared_dynamic sizes its buffer from the launch's dynamic shared memory (blockDim.x floats).
extern "C" __global__ void reduce_shared(const float* in, float* partial, int n)
{
    __shared__ float buffer[256];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float value = 0.0f;
    if (i < n)
    {
        value = in[i];
    }
    if (i + blockDim.x < n)
    {
        value += in[i + blockDim.x];
    }
    buffer[tid] = value;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1)
    {
        if (tid < stride)
        {
            buffer[tid] += buffer[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0)
    {
        partial[blockIdx.x] = buffer[0];
    }
}

extern "C" __global__ void reduce_shared_dynamic(const int* in, long long* partial, int n)
{
    extern __shared__ long long sums[];
    unsigned int tid = threadIdx.x;
    long long value = 0;
    for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    {
        value += in[i];
    }
    sums[tid] = value;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1)
    {
        if (tid < stride)
        {
            sums[tid] += sums[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0)
    {
        partial[blockIdx.x] = sums[0];
    }
}
