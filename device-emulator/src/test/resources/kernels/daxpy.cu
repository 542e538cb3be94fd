// Double precision: y = a * x + y, and a naive DGEMM C = A * B for row-major n x n matrices.
extern "C" __global__ void daxpy(int n, double a, const double* x, double* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        y[i] = a * x[i] + y[i];
    }
}

extern "C" __global__ void dgemm_naive(const double* a, const double* b, double* c, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n)
    {
        double sum = 0.0;
        for (int k = 0; k < n; k++)
        {
            sum += a[row * n + k] * b[k * n + col];
        }
        c[row * n + col] = sum / 3.0 + sqrt(fabs(sum));
    }
}
