// Warp-level primitives. Each thread writes 8 results; the last warp of the block may be partial.
extern "C" __global__ void warp_vote(const int* in, unsigned int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int value = in[i];
    unsigned int* o = out + i * 8;
    unsigned int active = __activemask();
    o[0] = active;
    o[1] = __ballot_sync(active, value > 0);
    o[2] = __all_sync(active, value > 0);
    o[3] = __any_sync(active, value > 100);
    o[4] = (unsigned int)__shfl_sync(active, value, 3);
    o[5] = (unsigned int)__shfl_up_sync(active, value, 1);
    o[6] = (unsigned int)__shfl_sync(active, value, (threadIdx.x + 5) & 7, 8);
    if (value & 1)
    {
        o[7] = __ballot_sync(__activemask(), 1);
    }
    else
    {
        o[7] = 0;
    }
}
