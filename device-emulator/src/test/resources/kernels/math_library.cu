// The CUDA math library's accurate (non-intrinsic) functions, which compile to long instruction sequences: carry
// chains (add.cc/addc/madc) for the large-argument reduction of sinf/sin, calls to internal .func helpers, directed
// rounding intrinsics, half2 arithmetic, a switch, and warp-level cooperative groups.
// Each thread writes 12 floats to f, 6 doubles to d and one int to k.
#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void math_library(const float* x, const double* dx, const int* keys, float* f, double* d,
                                        int* k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
    {
        return;
    }
    float v = x[i];
    float* fo = f + i * 12;
    fo[0] = expf(v * 0.01f);
    fo[1] = logf(fabsf(v) + 1.0f);
    fo[2] = powf(fabsf(v) + 0.5f, 1.7f);
    fo[3] = sinf(v);
    fo[4] = cosf(v);
    fo[5] = erff(v * 0.001f) + tanhf(v * 0.001f);
    fo[6] = atan2f(v, 2.0f) + cbrtf(v);
    fo[7] = __fadd_rz(v, 1.0f);
    fo[8] = __fsqrt_rd(fabsf(v));
    fo[9] = __fdiv_ru(v, 3.0f);

    double dv = dx[i];
    double* dout = d + i * 6;
    dout[0] = exp(dv * 0.001);
    dout[1] = log(fabs(dv) + 1.0);
    dout[2] = sin(dv);
    dout[3] = cos(dv);
    dout[4] = pow(fabs(dv) + 0.5, 0.3);
    dout[5] = erf(dv * 1e-6) + tanh(dv * 1e-6);

    int key = keys[i];
    switch (key & 15)
    {
        case 0: key = key * 3; break;
        case 1: key = key + 17; break;
        case 2: key = key ^ 0x55; break;
        case 3: key = key - 99; break;
        case 4: key = key << 3; break;
        case 5: key = key / 7; break;
        case 6: key = key % 13; break;
        case 7: key = ~key; break;
        case 8: key = key * key; break;
        default: key = -key; break;
    }
    __half h = __float2half(v * 0.01f);
    __half2 h2 = __hadd2(__halves2half2(h, h), __halves2half2(h, h));
    h2 = __hfma2(h2, __float2half2_rn(0.5f), __float2half2_rn(1.0f));
    fo[10] = __low2float(h2) + __high2float(h2);
    k[i] = key;

    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    fo[11] = tile.shfl_down(v, 1) + (float)__reduce_add_sync(0xffffffffu, key & 0xFF);
}
