// y[i] = a * x[i] + y[i] for i < n; nvcc contracts the expression to one fma.rn.f32, which SaxpyPtx checks against
// Math.fma bit for bit. Launch with any 1-D grid covering n threads.
extern "C" __global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        y[i] = a * x[i] + y[i];
    }
}
