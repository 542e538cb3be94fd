// c[i] = a[i] + b[i] with a grid-stride loop, so any grid size covers any n.
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    {
        c[i] = a[i] + b[i];
    }
}
