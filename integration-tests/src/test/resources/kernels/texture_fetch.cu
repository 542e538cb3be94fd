// Kernels that read texture objects, for the texture-object tests on a GPU (the device emulator has no texture
// instructions and refuses this module at load).

// out[i] = the i-th element of a linear float texture (tex1Dfetch, integer index).
extern "C" __global__ void fetch_linear(cudaTextureObject_t texture, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        out[i] = tex1Dfetch<float>(texture, i);
    }
}

// out[y * width + x] = the element (x, y) of a 2D float texture read at texel centres (tex2D, unnormalised
// coordinates, point filtering): an array or pitch2D memory.
extern "C" __global__ void fetch_2d(cudaTextureObject_t texture, float *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
    {
        out[y * width + x] = tex2D<float>(texture, x + 0.5f, y + 0.5f);
    }
}
