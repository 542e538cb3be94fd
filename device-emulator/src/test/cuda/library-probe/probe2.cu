// Second throw-away probe: cuRAND seed/offset interplay and cuBLAS getrf after a later zero pivot.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <curand.h>

static void bits(const char* label, int type, int mode)
{
    curandGenerator_t g;
    curandCreateGenerator(&g, (curandRngType_t)type);
    unsigned* d;
    cudaMalloc(&d, 64);
    if (mode == 1) { curandSetGeneratorOffset(g, 7); curandSetPseudoRandomGeneratorSeed(g, 1234); }
    if (mode == 2) { curandSetPseudoRandomGeneratorSeed(g, 1234); curandGenerate(g, d, 4); curandSetPseudoRandomGeneratorSeed(g, 1234); }
    if (mode == 3) { curandSetPseudoRandomGeneratorSeed(g, 1234); curandGenerate(g, d, 4); curandSetGeneratorOffset(g, 0); }
    if (mode == 4) { curandSetPseudoRandomGeneratorSeed(g, 1234); curandGenerate(g, d, 4); curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY); }
    curandGenerate(g, d, 4);
    unsigned h[4];
    cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost);
    printf("%s type %d: %08x %08x %08x %08x\n", label, type, h[0], h[1], h[2], h[3]);
    curandDestroyGenerator(g);
    cudaFree(d);
}

int main()
{
    int types[] = {101, 121, 161};
    for (int t : types)
    {
        bits("default seed", t, 0);
        bits("offset 7 then seed", t, 1);
        bits("gen 4 then seed again", t, 2);
        bits("gen 4 then offset 0", t, 3);
        bits("gen 4 then ordering legacy", t, 4);
    }
    cublasHandle_t h;
    cublasCreate(&h);
    std::vector<float> a = {2, 1, 0, 4, 2, 0, 1, 5, 3};
    float* d;
    cudaMalloc(&d, 64);
    cudaMemcpy(d, a.data(), 36, cudaMemcpyHostToDevice);
    float** p;
    cudaMalloc(&p, 8);
    cudaMemcpy(p, &d, 8, cudaMemcpyHostToDevice);
    int* piv;
    int* info;
    cudaMalloc(&piv, 64);
    cudaMalloc(&info, 64);
    int s = cublasSgetrfBatched(h, 3, p, 3, piv, info, 1);
    cudaMemcpy(a.data(), d, 36, cudaMemcpyDeviceToHost);
    int hp[3], hi;
    cudaMemcpy(hp, piv, 12, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hi, info, 4, cudaMemcpyDeviceToHost);
    printf("getrf zero second pivot: status %d info %d piv %d %d %d lu", s, hi, hp[0], hp[1], hp[2]);
    for (float x : a) printf(" %g", x);
    printf("\n");
    return 0;
}
