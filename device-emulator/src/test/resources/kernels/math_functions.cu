// Each thread evaluates a fixed list of math and integer functions on its inputs and writes one row of results.
// Float results: 16 per element in f; integer results: 16 per element in r; double results: 4 per element in d.
#include <cuda_fp16.h>

#define FLOAT_RESULTS 16
#define INT_RESULTS 16
#define DOUBLE_RESULTS 4

extern "C" __global__ void math_functions(const float* x, const float* y, const int* a, const int* b,
                                          float* f, int* r, double* d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
    {
        return;
    }
    float xi = x[i];
    float yi = y[i];
    int ai = a[i];
    int bi = b[i];
    float* fo = f + i * FLOAT_RESULTS;
    int* ro = r + i * INT_RESULTS;
    double* dout = d + i * DOUBLE_RESULTS;

    fo[0] = sqrtf(xi);
    fo[1] = rsqrtf(xi);
    fo[2] = __expf(yi);
    fo[3] = exp2f(yi);
    fo[4] = __logf(xi);
    fo[5] = __sinf(yi);
    fo[6] = __cosf(yi);
    fo[7] = fmaf(xi, yi, 1.0f);
    fo[8] = fminf(xi, yi);
    fo[9] = fmaxf(xi, yi);
    fo[10] = xi / yi;
    fo[11] = __fdividef(xi, yi);
    fo[12] = (float)ai * 0.25f - (float)(unsigned int)bi;
    fo[13] = fabsf(yi) + copysignf(xi, yi);
    fo[14] = __half2float(__float2half(xi * yi));
    fo[15] = floorf(yi) + ceilf(xi) + truncf(yi * 3.0f) + rintf(xi * 2.5f);

    ro[0] = ai / bi;
    ro[1] = ai % bi;
    ro[2] = (int)((unsigned int)ai / (unsigned int)bi);
    ro[3] = (int)((unsigned int)ai % (unsigned int)bi);
    ro[4] = __popc(ai);
    ro[5] = __clz(ai);
    ro[6] = (int)__brev((unsigned int)ai);
    ro[7] = min(ai, bi);
    ro[8] = max(ai, bi);
    ro[9] = (int)umin((unsigned int)ai, (unsigned int)bi);
    ro[10] = ai >> (bi & 31);
    ro[11] = (int)((unsigned int)ai >> (bi & 31));
    ro[12] = (ai << 3) ^ (bi | 0x0f0f) & ~ai;
    ro[13] = (int)yi;
    ro[14] = (int)(unsigned int)fabsf(xi * 1000.0f);
    ro[15] = __mulhi(ai, bi) + abs(ai) + __ffs(bi) + __byte_perm(ai, bi, 0x5140);

    double xd = (double)xi;
    dout[0] = sqrt(xd) / (double)yi;
    dout[1] = fma(xd, (double)yi, 0.5);
    dout[2] = (double)ai * (double)bi + (double)((long long)ai * (long long)bi % 7);
    dout[3] = (double)(float)(xd * 1.0000001);
}
