// C = A * B for row-major n x n matrices with 16 x 16 shared-memory tiles; launch with 16 x 16 blocks.
#define TILE 16

extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int n)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int t = 0; t < (n + TILE - 1) / TILE; t++)
    {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        tileA[ty][tx] = (row < n && aCol < n) ? a[row * n + aCol] : 0.0f;
        tileB[ty][tx] = (bRow < n && col < n) ? b[bRow * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
        {
            sum += tileA[ty][k] * tileB[k][tx];
        }
        __syncthreads();
    }
    if (row < n && col < n)
    {
        c[row * n + col] = sum;
    }
}
