// C = A * B for row-major A (m x k), B (k x n) and C (m x n). Each 16 x 16 thread block computes one 16 x 16 tile of
// C, walking along k one tile at a time: the block stages a tile of A and a tile of B in shared memory, so every
// element loaded from global memory is used 16 times. Tiles hanging over an edge are padded with zeros, so any
// m, n, k work. Launch with 16 x 16 thread blocks and a grid of ceil(n / 16) x ceil(m / 16) blocks.
#define TILE 16

extern "C" __global__ void matmul_tiled(int m, int n, int k, const float* a, const float* b, float* c)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int t = 0; t < (k + TILE - 1) / TILE; t++)
    {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        tileA[ty][tx] = (row < m && aCol < k) ? a[row * k + aCol] : 0.0f;
        tileB[ty][tx] = (bRow < k && col < n) ? b[bRow * n + col] : 0.0f;
        // Every thread's loads must land before any thread reads the tiles ...
        __syncthreads();
        for (int p = 0; p < TILE; p++)
        {
            sum += tileA[ty][p] * tileB[p][tx];
        }
        // ... and every thread must be done with them before the next iteration overwrites them.
        __syncthreads();
    }
    if (row < m && col < n)
    {
        c[row * n + col] = sum;
    }
}
