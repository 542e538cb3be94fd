// Throw-away probe: records what CUDA 13's cuBLAS and cuRAND do, so the emulator's reference libraries can be
// checked against the real ones. Writes $OUT/blas.txt, $OUT/rand.txt, $OUT/rand-<type>.bin (+ .idx).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cmath>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <curand.h>
#include <curand_kernel.h>

static FILE* blasOut;
static FILE* randOut;
static std::string outDir;

#define P(name, call) do { int s_ = (int)(call); cudaDeviceSynchronize(); fprintf(blasOut, "%-40s %d\n", name, s_); } while (0)

template <typename T> std::vector<T> get(const T* d, int n)
{
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
}
template <typename T> void put(T* d, const std::vector<T>& h)
{
    cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
}
static void showf(const char* name, const std::vector<float>& v)
{
    fprintf(blasOut, "%-40s", name);
    for (float x : v) fprintf(blasOut, " %.9g", x);
    fprintf(blasOut, "\n");
}
static void showi(const char* name, const std::vector<int>& v)
{
    fprintf(blasOut, "%-40s", name);
    for (int x : v) fprintf(blasOut, " %d", x);
    fprintf(blasOut, "\n");
}

static void probeBlas()
{
    cublasHandle_t h;
    cublasCreate(&h);
    int version = 0;
    cublasGetVersion(h, &version);
    int major = 0, minor = 0, patch = 0;
    cublasGetProperty(MAJOR_VERSION, &major);
    cublasGetProperty(MINOR_VERSION, &minor);
    cublasGetProperty(PATCH_LEVEL, &patch);
    fprintf(blasOut, "version %d property %d.%d.%d CUBLAS_VERSION %d\n", version, major, minor, patch, CUBLAS_VERSION);
    cublasPointerMode_t pm;
    cublasGetPointerMode(h, &pm);
    cublasMath_t mm;
    cublasGetMathMode(h, &mm);
    fprintf(blasOut, "default pointer mode %d math mode %d\n", (int)pm, (int)mm);
    P("setPointerMode 2", cublasSetPointerMode(h, (cublasPointerMode_t)2));
    int modes[] = {0, 1, 2, 3, 16, 19, 4, 5, 8, 32, 100};
    for (int m : modes)
    {
        char n[64];
        snprintf(n, sizeof n, "setMathMode %d", m);
        P(n, cublasSetMathMode(h, (cublasMath_t)m));
        cublasGetMathMode(h, &mm);
        fprintf(blasOut, "  -> get %d\n", (int)mm);
    }
    cublasSetMathMode(h, CUBLAS_DEFAULT_MATH);

    float* d;
    float* d2;
    cudaMalloc(&d, 1 << 22);
    cudaMalloc(&d2, 1 << 22);
    std::vector<float> ones(1 << 20, 1.0f);
    put(d, ones);
    put(d2, ones);
    const float one = 1.0f, zero = 0.0f, two = 2.0f;
    float r = -1;
    int ir = -1;
    auto reset = [&]() { put(d, ones); put(d2, ones); };

    // Level 1
    P("axpy n=-1", cublasSaxpy(h, -1, &one, d, 1, d2, 1));
    put(d, std::vector<float>{2, 3, 4, 5});
    P("axpy incx=0", cublasSaxpy(h, 4, &one, d, 0, d2, 1));
    showf("  y", get(d2, 4));
    reset();
    put(d2, std::vector<float>{1, 1, 1, 1});
    P("axpy incy=0", cublasSaxpy(h, 3, &one, d, 1, d2, 0));
    showf("  y", get(d2, 4));
    reset();
    put(d, std::vector<float>{1, 2, 3});
    put(d2, std::vector<float>{1, 10, 100});
    P("axpy incx=-1", cublasSaxpy(h, 3, &one, d, -1, d2, 1));
    showf("  y", get(d2, 3));
    put(d2, std::vector<float>{1, 10, 100});
    r = -1; P("dot n=-1", cublasSdot(h, -1, d, 1, d2, 1, &r)); showf("  r", {r});
    r = -1; P("dot n=0", cublasSdot(h, 0, d, 1, d2, 1, &r)); showf("  r", {r});
    r = -1; P("dot incx=0", cublasSdot(h, 3, d, 0, d2, 1, &r)); showf("  r", {r});
    r = -1; P("dot incx=-1", cublasSdot(h, 3, d, -1, d2, 1, &r)); showf("  r", {r});
    put(d, std::vector<float>{3, 4});
    r = -1; P("nrm2 n=-1", cublasSnrm2(h, -1, d, 1, &r)); showf("  r", {r});
    r = -1; P("nrm2 incx=0", cublasSnrm2(h, 2, d, 0, &r)); showf("  r", {r});
    r = -1; P("nrm2 incx=-1", cublasSnrm2(h, 2, d, -1, &r)); showf("  r", {r});
    r = -1; P("asum incx=0", cublasSasum(h, 2, d, 0, &r)); showf("  r", {r});
    r = -1; P("asum incx=-1", cublasSasum(h, 2, d, -1, &r)); showf("  r", {r});
    put(d, std::vector<float>{3e20f, 4e20f});
    r = -1; P("nrm2 big", cublasSnrm2(h, 2, d, 1, &r)); showf("  r", {r});
    put(d, std::vector<float>{3e-30f, 4e-30f});
    r = -1; P("nrm2 tiny", cublasSnrm2(h, 2, d, 1, &r)); showf("  r", {r});
    put(d, std::vector<float>{1, -3, 3, 2});
    ir = -1; P("iamax ties", cublasIsamax(h, 4, d, 1, &ir)); showi("  r", {ir});
    ir = -1; P("iamax n=0", cublasIsamax(h, 0, d, 1, &ir)); showi("  r", {ir});
    ir = -1; P("iamax incx=0", cublasIsamax(h, 4, d, 0, &ir)); showi("  r", {ir});
    ir = -1; P("iamax incx=-1", cublasIsamax(h, 4, d, -1, &ir)); showi("  r", {ir});
    put(d, std::vector<float>{2, -1, 1, 5});
    ir = -1; P("iamin ties", cublasIsamin(h, 4, d, 1, &ir)); showi("  r", {ir});
    ir = -1; P("iamin incx=-1", cublasIsamin(h, 4, d, -1, &ir)); showi("  r", {ir});
    float nanv = NAN;
    put(d, std::vector<float>{1, nanv, 3, 2});
    ir = -1; P("iamax nan", cublasIsamax(h, 4, d, 1, &ir)); showi("  r", {ir});
    put(d, std::vector<float>{1, 2, 3});
    P("scal incx=0", cublasSscal(h, 3, &two, d, 0)); showf("  x", get(d, 3));
    put(d, std::vector<float>{1, 2, 3});
    P("scal incx=-1", cublasSscal(h, 3, &two, d, -1)); showf("  x", get(d, 3));
    P("scal n=-1", cublasSscal(h, -1, &two, d, 1));
    put(d, std::vector<float>{1, 2, 3});
    put(d2, std::vector<float>{0, 0, 0});
    P("copy incx=-1", cublasScopy(h, 3, d, -1, d2, 1)); showf("  y", get(d2, 3));
    P("copy incy=0", cublasScopy(h, 3, d, 1, d2, 0)); showf("  y", get(d2, 3));
    put(d, std::vector<float>{1, 2, 3});
    put(d2, std::vector<float>{4, 5, 6});
    P("swap incx=-1", cublasSswap(h, 3, d, -1, d2, 1)); showf("  x", get(d, 3)); showf("  y", get(d2, 3));
    P("swap incx=0", cublasSswap(h, 3, d, 0, d2, 1)); showf("  x", get(d, 3)); showf("  y", get(d2, 3));
    float c = 0.6f, s = 0.8f;
    put(d, std::vector<float>{1, 2, 3});
    put(d2, std::vector<float>{4, 5, 6});
    P("rot incx=-1", cublasSrot(h, 3, d, -1, d2, 1, &c, &s)); showf("  x", get(d, 3)); showf("  y", get(d2, 3));
    P("rot n=-1", cublasSrot(h, -1, d, 1, d2, 1, &c, &s));
    P("rot incx=0", cublasSrot(h, 3, d, 0, d2, 1, &c, &s));
    reset();

    // Level 2
    P("gemv trans=3", cublasSgemv(h, (cublasOperation_t)3, 4, 4, &one, d, 4, d, 1, &zero, d2, 1));
    P("gemv trans=-1", cublasSgemv(h, (cublasOperation_t)-1, 4, 4, &one, d, 4, d, 1, &zero, d2, 1));
    P("gemv m=-1", cublasSgemv(h, CUBLAS_OP_N, -1, 4, &one, d, 4, d, 1, &zero, d2, 1));
    P("gemv n=-1", cublasSgemv(h, CUBLAS_OP_N, 4, -1, &one, d, 4, d, 1, &zero, d2, 1));
    P("gemv lda<m", cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 3, d, 1, &zero, d2, 1));
    P("gemv T lda<m", cublasSgemv(h, CUBLAS_OP_T, 4, 4, &one, d, 3, d, 1, &zero, d2, 1));
    P("gemv m=0 lda=0", cublasSgemv(h, CUBLAS_OP_N, 0, 4, &one, d, 0, d, 1, &zero, d2, 1));
    P("gemv m=0 n=0 lda=1", cublasSgemv(h, CUBLAS_OP_N, 0, 0, &one, d, 1, d, 1, &zero, d2, 1));
    P("gemv incx=0", cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 0, &zero, d2, 1));
    P("gemv incy=0", cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &zero, d2, 0));
    P("gemv C", cublasSgemv(h, CUBLAS_OP_C, 4, 4, &one, d, 4, d, 1, &zero, d2, 1));
    put(d2, std::vector<float>{nanv, nanv, nanv, nanv});
    P("gemv beta0 nan", cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &zero, d2, 1)); showf("  y", get(d2, 4));
    put(d2, std::vector<float>{nanv, nanv, nanv, nanv});
    P("gemv alpha0 beta0 nan", cublasSgemv(h, CUBLAS_OP_N, 4, 4, &zero, d, 4, d, 1, &zero, d2, 1)); showf("  y", get(d2, 4));
    reset();
    P("ger m=-1", cublasSger(h, -1, 4, &one, d, 1, d, 1, d2, 4));
    P("ger n=-1", cublasSger(h, 4, -1, &one, d, 1, d, 1, d2, 4));
    P("ger incx=0", cublasSger(h, 4, 4, &one, d, 0, d, 1, d2, 4));
    P("ger incy=0", cublasSger(h, 4, 4, &one, d, 1, d, 0, d2, 4));
    P("ger lda<m", cublasSger(h, 4, 4, &one, d, 1, d, 1, d2, 3));
    P("symv uplo=2", cublasSsymv(h, (cublasFillMode_t)2, 4, &one, d, 4, d, 1, &zero, d2, 1));
    P("symv uplo=3(FULL)", cublasSsymv(h, CUBLAS_FILL_MODE_FULL, 4, &one, d, 4, d, 1, &zero, d2, 1));
    P("symv n=-1", cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, -1, &one, d, 4, d, 1, &zero, d2, 1));
    P("symv lda<n", cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, 4, &one, d, 3, d, 1, &zero, d2, 1));
    P("symv incx=0", cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, 4, &one, d, 4, d, 0, &zero, d2, 1));
    P("symv incy=0", cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, 4, &one, d, 4, d, 1, &zero, d2, 0));
    P("trmv uplo=2", cublasStrmv(h, (cublasFillMode_t)2, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 1));
    P("trmv trans=3", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, (cublasOperation_t)3, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 1));
    P("trmv diag=2", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, (cublasDiagType_t)2, 4, d, 4, d2, 1));
    P("trmv n=-1", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, -1, d, 4, d2, 1));
    P("trmv lda<n", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 3, d2, 1));
    P("trmv incx=0", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 0));
    P("trmv n=0 lda=0", cublasStrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 0, d, 0, d2, 1));
    P("trsv uplo=2", cublasStrsv(h, (cublasFillMode_t)2, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 1));
    P("trsv trans=3", cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, (cublasOperation_t)3, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 1));
    P("trsv diag=2", cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, (cublasDiagType_t)2, 4, d, 4, d2, 1));
    P("trsv n=-1", cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, -1, d, 4, d2, 1));
    P("trsv lda<n", cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 3, d2, 1));
    P("trsv incx=0", cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d2, 0));
    reset();

    // Level 3
    cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
    P("gemm transa=3", cublasSgemm(h, (cublasOperation_t)3, N, 4, 4, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("gemm transb=3", cublasSgemm(h, N, (cublasOperation_t)3, 4, 4, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("gemm m=-1", cublasSgemm(h, N, N, -1, 4, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("gemm n=-1", cublasSgemm(h, N, N, 4, -1, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("gemm k=-1", cublasSgemm(h, N, N, 4, 4, -1, &one, d, 4, d, 4, &zero, d2, 4));
    P("gemm N lda<m", cublasSgemm(h, N, N, 4, 4, 2, &one, d, 3, d, 4, &zero, d2, 4));
    P("gemm T lda<k", cublasSgemm(h, T, N, 4, 4, 4, &one, d, 3, d, 4, &zero, d2, 4));
    P("gemm T lda>=k<m", cublasSgemm(h, T, N, 8, 4, 2, &one, d, 2, d, 4, &zero, d2, 8));
    P("gemm N ldb<k", cublasSgemm(h, N, N, 4, 4, 4, &one, d, 4, d, 3, &zero, d2, 4));
    P("gemm T ldb<n", cublasSgemm(h, N, T, 4, 4, 4, &one, d, 4, d, 3, &zero, d2, 4));
    P("gemm ldc<m", cublasSgemm(h, N, N, 4, 4, 4, &one, d, 4, d, 4, &zero, d2, 3));
    P("gemm m=0 lda=0 ldc=0", cublasSgemm(h, N, N, 0, 4, 4, &one, d, 0, d, 4, &zero, d2, 0));
    P("gemm k=0 lda=1 ldb=0", cublasSgemm(h, N, N, 4, 4, 0, &one, d, 4, d, 0, &zero, d2, 4));
    P("gemm k=0 ldb=1", cublasSgemm(h, N, N, 4, 4, 0, &one, d, 4, d, 1, &zero, d2, 4));
    put(d2, std::vector<float>(16, nanv));
    P("gemm beta0 nan", cublasSgemm(h, N, N, 4, 4, 4, &one, d, 4, d, 4, &zero, d2, 4)); showf("  c", get(d2, 4));
    put(d2, std::vector<float>(16, 3.0f));
    P("gemm k=0 beta=2", cublasSgemm(h, N, N, 4, 4, 0, &one, d, 4, d, 4, &two, d2, 4)); showf("  c", get(d2, 4));
    reset();
    cublasSideMode_t L = CUBLAS_SIDE_LEFT, R = CUBLAS_SIDE_RIGHT;
    cublasFillMode_t LO = CUBLAS_FILL_MODE_LOWER;
    P("symm side=2", cublasSsymm(h, (cublasSideMode_t)2, LO, 4, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("symm uplo=2", cublasSsymm(h, L, (cublasFillMode_t)2, 4, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("symm m=-1", cublasSsymm(h, L, LO, -1, 4, &one, d, 4, d, 4, &zero, d2, 4));
    P("symm n=-1", cublasSsymm(h, L, LO, 4, -1, &one, d, 4, d, 4, &zero, d2, 4));
    P("symm L lda<m", cublasSsymm(h, L, LO, 4, 2, &one, d, 3, d, 4, &zero, d2, 4));
    P("symm R lda<n", cublasSsymm(h, R, LO, 2, 4, &one, d, 3, d, 4, &zero, d2, 4));
    P("symm R lda>=n<m", cublasSsymm(h, R, LO, 8, 2, &one, d, 2, d, 8, &zero, d2, 8));
    P("symm ldb<m", cublasSsymm(h, L, LO, 4, 4, &one, d, 4, d, 3, &zero, d2, 4));
    P("symm ldc<m", cublasSsymm(h, L, LO, 4, 4, &one, d, 4, d, 4, &zero, d2, 3));
    P("syrk uplo=2", cublasSsyrk(h, (cublasFillMode_t)2, N, 4, 4, &one, d, 4, &zero, d2, 4));
    P("syrk trans=3", cublasSsyrk(h, LO, (cublasOperation_t)3, 4, 4, &one, d, 4, &zero, d2, 4));
    P("syrk trans=C", cublasSsyrk(h, LO, CUBLAS_OP_C, 4, 4, &one, d, 4, &zero, d2, 4));
    P("syrk n=-1", cublasSsyrk(h, LO, N, -1, 4, &one, d, 4, &zero, d2, 4));
    P("syrk k=-1", cublasSsyrk(h, LO, N, 4, -1, &one, d, 4, &zero, d2, 4));
    P("syrk N lda<n", cublasSsyrk(h, LO, N, 4, 2, &one, d, 3, &zero, d2, 4));
    P("syrk T lda<k", cublasSsyrk(h, LO, T, 2, 4, &one, d, 3, &zero, d2, 4));
    P("syrk T lda>=k<n", cublasSsyrk(h, LO, T, 8, 2, &one, d, 2, &zero, d2, 8));
    P("syrk ldc<n", cublasSsyrk(h, LO, N, 4, 4, &one, d, 4, &zero, d2, 3));
    put(d2, std::vector<float>(16, 7.0f));
    P("syrk lower writes", cublasSsyrk(h, LO, N, 4, 4, &one, d, 4, &zero, d2, 4)); showf("  c", get(d2, 16));
    reset();
    cublasDiagType_t NU = CUBLAS_DIAG_NON_UNIT;
    P("trmm side=2", cublasStrmm(h, (cublasSideMode_t)2, LO, N, NU, 4, 4, &one, d, 4, d, 4, d2, 4));
    P("trmm uplo=2", cublasStrmm(h, L, (cublasFillMode_t)2, N, NU, 4, 4, &one, d, 4, d, 4, d2, 4));
    P("trmm trans=3", cublasStrmm(h, L, LO, (cublasOperation_t)3, NU, 4, 4, &one, d, 4, d, 4, d2, 4));
    P("trmm diag=2", cublasStrmm(h, L, LO, N, (cublasDiagType_t)2, 4, 4, &one, d, 4, d, 4, d2, 4));
    P("trmm m=-1", cublasStrmm(h, L, LO, N, NU, -1, 4, &one, d, 4, d, 4, d2, 4));
    P("trmm n=-1", cublasStrmm(h, L, LO, N, NU, 4, -1, &one, d, 4, d, 4, d2, 4));
    P("trmm L lda<m", cublasStrmm(h, L, LO, N, NU, 4, 2, &one, d, 3, d, 4, d2, 4));
    P("trmm R lda<n", cublasStrmm(h, R, LO, N, NU, 2, 4, &one, d, 3, d, 4, d2, 4));
    P("trmm ldb<m", cublasStrmm(h, L, LO, N, NU, 4, 4, &one, d, 4, d, 3, d2, 4));
    P("trmm ldc<m", cublasStrmm(h, L, LO, N, NU, 4, 4, &one, d, 4, d, 4, d2, 3));
    put(d, std::vector<float>{2, 1, 0, 3});
    put(d2, std::vector<float>{1, 2, 3, 4});
    P("trmm in place C==B", cublasStrmm(h, L, LO, N, NU, 2, 2, &one, d, 2, d2, 2, d2, 2)); showf("  b", get(d2, 4));
    reset();
    P("trsm side=2", cublasStrsm(h, (cublasSideMode_t)2, LO, N, NU, 4, 4, &one, d, 4, d2, 4));
    P("trsm uplo=2", cublasStrsm(h, L, (cublasFillMode_t)2, N, NU, 4, 4, &one, d, 4, d2, 4));
    P("trsm trans=3", cublasStrsm(h, L, LO, (cublasOperation_t)3, NU, 4, 4, &one, d, 4, d2, 4));
    P("trsm diag=2", cublasStrsm(h, L, LO, N, (cublasDiagType_t)2, 4, 4, &one, d, 4, d2, 4));
    P("trsm m=-1", cublasStrsm(h, L, LO, N, NU, -1, 4, &one, d, 4, d2, 4));
    P("trsm n=-1", cublasStrsm(h, L, LO, N, NU, 4, -1, &one, d, 4, d2, 4));
    P("trsm L lda<m", cublasStrsm(h, L, LO, N, NU, 4, 2, &one, d, 3, d2, 4));
    P("trsm R lda<n", cublasStrsm(h, R, LO, N, NU, 2, 4, &one, d, 3, d2, 4));
    P("trsm ldb<m", cublasStrsm(h, L, LO, N, NU, 4, 4, &one, d, 4, d2, 3));
    reset();
    P("geam transa=3", cublasSgeam(h, (cublasOperation_t)3, N, 4, 4, &one, d, 4, &one, d, 4, d2, 4));
    P("geam transb=3", cublasSgeam(h, N, (cublasOperation_t)3, 4, 4, &one, d, 4, &one, d, 4, d2, 4));
    P("geam m=-1", cublasSgeam(h, N, N, -1, 4, &one, d, 4, &one, d, 4, d2, 4));
    P("geam n=-1", cublasSgeam(h, N, N, 4, -1, &one, d, 4, &one, d, 4, d2, 4));
    P("geam N lda<m", cublasSgeam(h, N, N, 4, 4, &one, d, 3, &one, d, 4, d2, 4));
    P("geam T lda<n", cublasSgeam(h, T, N, 8, 4, &one, d, 3, &one, d, 8, d2, 8));
    P("geam T lda>=n<m", cublasSgeam(h, T, N, 8, 2, &one, d, 2, &one, d, 8, d2, 8));
    P("geam ldb<m", cublasSgeam(h, N, N, 4, 4, &one, d, 4, &one, d, 3, d2, 4));
    P("geam ldc<m", cublasSgeam(h, N, N, 4, 4, &one, d, 4, &one, d, 4, d2, 3));
    P("geam C==A ldc!=lda", cublasSgeam(h, N, N, 4, 4, &one, d2, 4, &one, d, 4, d2, 5));
    P("geam C==A transa=T", cublasSgeam(h, T, N, 4, 4, &one, d2, 4, &one, d, 4, d2, 4));
    P("geam C==B transb=T", cublasSgeam(h, N, T, 4, 4, &one, d, 4, &one, d2, 4, d2, 4));
    put(d2, std::vector<float>(128, nanv));
    P("geam beta0 B nan", cublasSgeam(h, N, N, 4, 4, &one, d, 4, &zero, d2 + 32, 4, d2 + 64, 4)); showf("  c", get(d2 + 64, 4));
    P("geam alpha0 A nan", cublasSgeam(h, N, N, 4, 4, &zero, d2, 4, &one, d, 4, d2 + 64, 4)); showf("  c", get(d2 + 64, 4));
    reset();

    // Batched
    float** dptrs;
    cudaMalloc(&dptrs, 64 * sizeof(float*));
    std::vector<float*> ptrs(64, d);
    cudaMemcpy(dptrs, ptrs.data(), 64 * sizeof(float*), cudaMemcpyHostToDevice);
    float** cptrs;
    cudaMalloc(&cptrs, 64 * sizeof(float*));
    std::vector<float*> cp(64);
    for (int i = 0; i < 64; i++) cp[i] = d2 + i * 64;
    cudaMemcpy(cptrs, cp.data(), 64 * sizeof(float*), cudaMemcpyHostToDevice);
    P("gemmBatched batch=-1", cublasSgemmBatched(h, N, N, 4, 4, 4, &one, dptrs, 4, dptrs, 4, &zero, cptrs, 4, -1));
    P("gemmBatched batch=0", cublasSgemmBatched(h, N, N, 4, 4, 4, &one, dptrs, 4, dptrs, 4, &zero, cptrs, 4, 0));
    P("gemmBatched m=-1", cublasSgemmBatched(h, N, N, -1, 4, 4, &one, dptrs, 4, dptrs, 4, &zero, cptrs, 4, 2));
    P("gemmBatched lda<m", cublasSgemmBatched(h, N, N, 4, 4, 4, &one, dptrs, 3, dptrs, 4, &zero, cptrs, 4, 2));
    P("gemmBatched transa=3", cublasSgemmBatched(h, (cublasOperation_t)3, N, 4, 4, 4, &one, dptrs, 4, dptrs, 4, &zero, cptrs, 4, 2));
    P("gemmStrided batch=-1", cublasSgemmStridedBatched(h, N, N, 4, 4, 4, &one, d, 4, 16, d, 4, 16, &zero, d2, 4, 16, -1));
    P("gemmStrided m=-1", cublasSgemmStridedBatched(h, N, N, -1, 4, 4, &one, d, 4, 16, d, 4, 16, &zero, d2, 4, 16, 2));
    P("gemmStrided ldc<m", cublasSgemmStridedBatched(h, N, N, 4, 4, 4, &one, d, 4, 16, d, 4, 16, &zero, d2, 3, 16, 2));
    P("gemmStrided stride=-16", cublasSgemmStridedBatched(h, N, N, 4, 4, 4, &one, d + 64, 4, -16, d, 4, 16, &zero, d2, 4, 16, 2));
    int* piv;
    int* info;
    cudaMalloc(&piv, 4096);
    cudaMalloc(&info, 4096);
    P("getrf n=-1", cublasSgetrfBatched(h, -1, dptrs, 4, piv, info, 1));
    P("getrf lda<n", cublasSgetrfBatched(h, 4, dptrs, 3, piv, info, 1));
    P("getrf batch=-1", cublasSgetrfBatched(h, 4, dptrs, 4, piv, info, -1));
    P("getrf n=0", cublasSgetrfBatched(h, 0, dptrs, 1, piv, info, 1));
    P("getrf n=0 lda=0", cublasSgetrfBatched(h, 0, dptrs, 0, piv, info, 1));
    P("getrf n=33", cublasSgetrfBatched(h, 33, dptrs, 33, piv, info, 1));
    P("getri n=-1", cublasSgetriBatched(h, -1, dptrs, 4, piv, cptrs, 4, info, 1));
    P("getri lda<n", cublasSgetriBatched(h, 4, dptrs, 3, piv, cptrs, 4, info, 1));
    P("getri ldc<n", cublasSgetriBatched(h, 4, dptrs, 4, piv, cptrs, 3, info, 1));
    P("getri batch=-1", cublasSgetriBatched(h, 4, dptrs, 4, piv, cptrs, 4, info, -1));
    P("getri n=33", cublasSgetriBatched(h, 33, dptrs, 33, piv, cptrs, 33, info, 1));
    // LU details: three 3x3 matrices (column-major)
    std::vector<float> mats = {
        0, 1, 0,   1, 0, 0,   0, 0, 2,       // permutation-like
        1, 2, 3,   2, 4, 6,   1, 1, 1,       // rank 2: second column = 2 * first
        0, 0, 0,   1, 2, 3,   4, 5, 7,       // first column all zero
        2, -2, 1,  1, 3, 2,   1, 1, 4        // ties on |pivot| in the first column
    };
    put(d, mats);
    for (int i = 0; i < 4; i++) ptrs[i] = d + 9 * i;
    cudaMemcpy(dptrs, ptrs.data(), 4 * sizeof(float*), cudaMemcpyHostToDevice);
    P("getrf 3x3 x4", cublasSgetrfBatched(h, 3, dptrs, 3, piv, info, 4));
    showf("  lu", get(d, 36));
    showi("  piv", get(piv, 12));
    showi("  info", get(info, 4));
    P("getri 3x3 x4", cublasSgetriBatched(h, 3, dptrs, 3, piv, cptrs, 3, info, 4));
    showf("  inv0", get(d2, 9));
    showf("  inv3", get(d2 + 3 * 64, 9));
    showi("  info", get(info, 4));
    P("getrf no pivot", cublasSgetrfBatched(h, 3, dptrs, 3, nullptr, info, 1));
    reset();

    // GemmEx
    struct Combo { int a, b, c, compute, algo; const char* label; };
    Combo combos[] = {
        {0, 0, 0, 68, -1, "32F/32F/32F c32F"}, {1, 1, 1, 70, -1, "64F c64F"}, {0, 0, 0, 0, -1, "32F legacy c=R_32F(0)"},
        {1, 1, 1, 1, -1, "64F legacy c=R_64F(1)"}, {0, 0, 0, 70, -1, "32F c64F"}, {1, 1, 1, 68, -1, "64F c32F"},
        {0, 0, 1, 68, -1, "32F,32F->64F c32F"}, {0, 1, 0, 68, -1, "32F,64F->32F"}, {2, 2, 2, 64, -1, "16F c16F"},
        {2, 2, 0, 68, -1, "16F,16F->32F c32F"}, {0, 0, 0, 68, 1000, "algo 1000"}, {0, 0, 0, 68, 99, "algo 99"},
        {0, 0, 0, 68, 5, "algo 5"}, {0, 0, 0, 68, 115, "algo 115"}, {0, 0, 0, 68, 24, "algo 24"}, {0, 0, 0, 69, -1, "c32F_PEDANTIC"},
        {0, 0, 0, 74, -1, "c32F_FAST_TF32"}, {0, 0, 0, 75, -1, "c32F_FAST_16F"}, {0, 0, 0, 999, -1, "c999"},
        {1, 1, 1, 71, -1, "64F c64F_PEDANTIC"}, {0, 0, 0, 2, -1, "32F legacy c=R_16F(2)"},
    };
    for (const Combo& k : combos)
    {
        char n[80];
        snprintf(n, sizeof n, "gemmEx %s", k.label);
        const void* alpha = (k.compute == 70 || k.compute == 71 || k.compute == 1) ? (const void*)new double(1) : (const void*)new float(1);
        const void* beta = (k.compute == 70 || k.compute == 71 || k.compute == 1) ? (const void*)new double(0) : (const void*)new float(0);
        P(n, cublasGemmEx(h, N, N, 4, 4, 4, alpha, d, (cudaDataType)k.a, 4, d, (cudaDataType)k.b, 4, beta, d2, (cudaDataType)k.c, 4,
            (cublasComputeType_t)k.compute, (cublasGemmAlgo_t)k.algo));
    }
    P("gemmEx m=-1", cublasGemmEx(h, N, N, -1, 4, 4, &one, d, CUDA_R_32F, 4, d, CUDA_R_32F, 4, &zero, d2, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    P("gemmEx lda<m", cublasGemmEx(h, N, N, 4, 4, 4, &one, d, CUDA_R_32F, 3, d, CUDA_R_32F, 4, &zero, d2, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));

    // Device pointer mode
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
    put(d, std::vector<float>{3, 4, 2});
    P("device nrm2", cublasSnrm2(h, 2, d, 1, d2)); showf("  r", get(d2, 1));
    P("device dot n=0", cublasSdot(h, 0, d, 1, d, 1, d2)); showf("  r", get(d2, 1));
    int* dint = (int*)(d2 + 8);
    P("device iamax", cublasIsamax(h, 3, d, 1, dint)); showi("  r", get(dint, 1));
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);

    cublasDestroy(h);
    P("null handle sscal", cublasSscal(nullptr, 1, &one, d, 1));
}

// ---------------------------------------------------------------------------------------------------------------------
// cuRAND

enum Kind { BITS, UNIFORM, UNIFORM_D, NORMAL, NORMAL_D, LOGNORMAL, LOGNORMAL_D, POISSON_SMALL, POISSON_LARGE, KINDS };
static const char* kindName[] = {"bits", "uniform", "uniformd", "normal", "normald", "lognormal", "lognormald", "poisson4.5", "poisson1000"};
static size_t elementSize(Kind k) { return (k == UNIFORM_D || k == NORMAL_D || k == LOGNORMAL_D) ? 8 : 4; }

static void* randBuffer;

static int generate(curandGenerator_t g, Kind k, size_t n)
{
    switch (k)
    {
        case BITS: return curandGenerate(g, (unsigned*)randBuffer, n);
        case UNIFORM: return curandGenerateUniform(g, (float*)randBuffer, n);
        case UNIFORM_D: return curandGenerateUniformDouble(g, (double*)randBuffer, n);
        case NORMAL: return curandGenerateNormal(g, (float*)randBuffer, n, 0.0f, 1.0f);
        case NORMAL_D: return curandGenerateNormalDouble(g, (double*)randBuffer, n, 0.0, 1.0);
        case LOGNORMAL: return curandGenerateLogNormal(g, (float*)randBuffer, n, 0.0f, 1.0f);
        case LOGNORMAL_D: return curandGenerateLogNormalDouble(g, (double*)randBuffer, n, 0.0, 1.0);
        case POISSON_SMALL: return curandGeneratePoisson(g, (unsigned*)randBuffer, n, 4.5);
        case POISSON_LARGE: return curandGeneratePoisson(g, (unsigned*)randBuffer, n, 1000.0);
        default: return -1;
    }
}

struct Bin
{
    FILE* data;
    FILE* index;
    void record(const std::string& name, int status, size_t skip, size_t n, Kind k)
    {
        std::vector<char> host(n * elementSize(k));
        if (status == 0)
        {
            cudaMemcpy(host.data(), (char*)randBuffer + skip * elementSize(k), host.size(), cudaMemcpyDeviceToHost);
        }
        long at = ftell(data);
        if (status == 0) fwrite(host.data(), 1, host.size(), data);
        fprintf(index, "%s %s %ld %zu %d\n", name.c_str(), kindName[k], at, status == 0 ? n : 0, status);
    }
};

struct Call { Kind kind; size_t n; };

static void scenario(Bin& bin, const std::string& name, int type, int ordering, unsigned long long seed, unsigned long long offset,
    std::vector<Call> calls)
{
    curandGenerator_t g;
    int s = curandCreateGenerator(&g, (curandRngType_t)type);
    if (s != 0) { fprintf(bin.index, "%s create %d\n", name.c_str(), s); return; }
    curandSetPseudoRandomGeneratorSeed(g, seed);
    curandSetGeneratorOffset(g, offset);
    s = curandSetGeneratorOrdering(g, (curandOrdering_t)ordering);
    if (s != 0) { fprintf(bin.index, "%s ordering %d\n", name.c_str(), s); curandDestroyGenerator(g); return; }
    int i = 0;
    for (const Call& c : calls)
    {
        s = generate(g, c.kind, c.n);
        cudaDeviceSynchronize();
        bin.record(name + "#" + std::to_string(i++), s, 0, c.n, c.kind);
    }
    curandDestroyGenerator(g);
}

__global__ void deviceApi(unsigned long long seed, unsigned* bits, float* f, double* dd)
{
    const unsigned long long subs[] = {0, 1, 0, 3, 4095, 4096};
    const unsigned long long offs[] = {0, 0, 1, 10, 2, 0};
    for (int c = 0; c < 6; c++)
    {
        curandStateXORWOW_t x; curand_init(seed, subs[c], offs[c], &x);
        curandStateMRG32k3a_t m; curand_init(seed, subs[c], offs[c], &m);
        curandStatePhilox4_32_10_t p; curand_init(seed, subs[c], offs[c], &p);
        for (int i = 0; i < 8; i++)
        {
            bits[(0 * 6 + c) * 8 + i] = curand(&x);
            bits[(1 * 6 + c) * 8 + i] = curand(&m);
            bits[(2 * 6 + c) * 8 + i] = curand(&p);
        }
    }
    curandStateXORWOW_t x; curand_init(seed, 0, 0, &x);
    curandStateMRG32k3a_t m; curand_init(seed, 0, 0, &m);
    curandStatePhilox4_32_10_t p; curand_init(seed, 0, 0, &p);
    for (int i = 0; i < 4; i++) { f[0 + i] = curand_uniform(&x); f[4 + i] = curand_uniform(&m); f[8 + i] = curand_uniform(&p); }
    for (int i = 0; i < 4; i++) { dd[0 + i] = curand_uniform_double(&x); dd[4 + i] = curand_uniform_double(&m); dd[8 + i] = curand_uniform_double(&p); }
    for (int i = 0; i < 4; i++) { f[12 + i] = curand_normal(&x); f[16 + i] = curand_normal(&m); f[20 + i] = curand_normal(&p); }
    for (int i = 0; i < 4; i++) { dd[12 + i] = curand_normal_double(&x); dd[16 + i] = curand_normal_double(&m); dd[20 + i] = curand_normal_double(&p); }
}

static void probeRand()
{
    int version = 0;
    curandGetVersion(&version);
    fprintf(randOut, "curand version %d CURAND_VERSION %d\n", version, CURAND_VERSION);
    fprintf(randOut, "ordering enum BEST %d DEFAULT %d SEEDED %d LEGACY %d DYNAMIC %d\n", CURAND_ORDERING_PSEUDO_BEST,
        CURAND_ORDERING_PSEUDO_DEFAULT, CURAND_ORDERING_PSEUDO_SEEDED, CURAND_ORDERING_PSEUDO_LEGACY, CURAND_ORDERING_PSEUDO_DYNAMIC);
    curandGenerator_t g;
    fprintf(randOut, "create 999 -> %d\n", (int)curandCreateGenerator(&g, (curandRngType_t)999));
    fprintf(randOut, "create MTGP32 -> %d\n", (int)curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32));
    curandDestroyGenerator(g);
    cudaMalloc(&randBuffer, 64 << 20);
    int types[] = {101, 121, 161, 100};
    for (int type : types)
    {
        int orderings[] = {100, 101, 102, 103, 104, 201, 999};
        for (int o : orderings)
        {
            curandCreateGenerator(&g, (curandRngType_t)type);
            fprintf(randOut, "type %d setOrdering %d -> %d\n", type, o, (int)curandSetGeneratorOrdering(g, (curandOrdering_t)o));
            curandDestroyGenerator(g);
        }
#define R(label, call) do { curandCreateGenerator(&g, (curandRngType_t)type); int s_ = (int)(call); cudaDeviceSynchronize(); \
        fprintf(randOut, "type %d %s -> %d\n", type, label, s_); curandDestroyGenerator(g); } while (0)
        R("normal n=3", curandGenerateNormal(g, (float*)randBuffer, 3, 0, 1));
        R("normal n=0", curandGenerateNormal(g, (float*)randBuffer, 0, 0, 1));
        R("normalDouble n=3", curandGenerateNormalDouble(g, (double*)randBuffer, 3, 0, 1));
        R("lognormal n=3", curandGenerateLogNormal(g, (float*)randBuffer, 3, 0, 1));
        R("normal stddev=-1", curandGenerateNormal(g, (float*)randBuffer, 4, 0, -1));
        R("normal stddev=0", curandGenerateNormal(g, (float*)randBuffer, 4, 0, 0));
        R("uniform n=0", curandGenerateUniform(g, (float*)randBuffer, 0));
        R("uniform n=3", curandGenerateUniform(g, (float*)randBuffer, 3));
        R("poisson lambda=0", curandGeneratePoisson(g, (unsigned*)randBuffer, 4, 0.0));
        R("poisson lambda=-1", curandGeneratePoisson(g, (unsigned*)randBuffer, 4, -1.0));
        R("poisson n=3", curandGeneratePoisson(g, (unsigned*)randBuffer, 3, 2.0));
        R("generate n=5", curandGenerate(g, (unsigned*)randBuffer, 5));
        R("uniformDouble n=5", curandGenerateUniformDouble(g, (double*)randBuffer, 5));
        R("longlong", curandGenerateLongLong(g, (unsigned long long*)randBuffer, 4));
    }
    const char* typeName[] = {"xorwow", "mrg32k3a", "philox"};
    int realTypes[] = {101, 121, 161};
    for (int t = 0; t < 3; t++)
    {
        Bin bin;
        bin.data = fopen((outDir + "/rand-" + typeName[t] + ".bin").c_str(), "wb");
        bin.index = fopen((outDir + "/rand-" + typeName[t] + ".idx").c_str(), "w");
        int type = realTypes[t];
        int orderings[] = {101, 103, 100, 102, 104};
        for (int o : orderings)
        {
            for (int k = 0; k < KINDS; k++)
            {
                size_t n = (k == BITS || k == UNIFORM) ? 16384 : 8192;
                scenario(bin, "o" + std::to_string(o), type, o, 1234, 0, {{(Kind)k, n}});
            }
        }
        scenario(bin, "offset7", type, 101, 1234, 7, {{BITS, 100}});
        scenario(bin, "offset5000", type, 101, 1234, 5000, {{BITS, 100}});
        scenario(bin, "offset7normal", type, 101, 1234, 7, {{NORMAL, 100}});
        scenario(bin, "offset7uniformd", type, 101, 1234, 7, {{UNIFORM_D, 100}});
        scenario(bin, "seq-bits", type, 101, 1234, 0, {{BITS, 3}, {BITS, 100}});
        scenario(bin, "seq-normal", type, 101, 1234, 0, {{NORMAL, 2}, {NORMAL, 100}});
        scenario(bin, "seq-mixed", type, 101, 1234, 0, {{UNIFORM, 3}, {UNIFORM_D, 10}, {BITS, 10}, {NORMAL_D, 4}, {BITS, 10}});
        scenario(bin, "n5000", type, 101, 1234, 0, {{BITS, 5000}});
        scenario(bin, "n4097", type, 101, 1234, 0, {{BITS, 4097}});
        scenario(bin, "seed0", type, 101, 0, 0, {{BITS, 100}});
        scenario(bin, "seed1", type, 101, 1, 0, {{BITS, 100}});
        scenario(bin, "seedmax", type, 101, 0xFFFFFFFFFFFFFFFFull, 0, {{BITS, 100}});
        scenario(bin, "seedbig", type, 101, 0x123456789ABCDEF0ull, 0, {{BITS, 100}});
        scenario(bin, "legacy-offset7", type, 103, 1234, 7, {{BITS, 100}});
        {
            curandGenerator_t big;
            curandCreateGenerator(&big, (curandRngType_t)type);
            curandSetPseudoRandomGeneratorSeed(big, 1234);
            int s = curandGenerate(big, (unsigned*)randBuffer, 3000000);
            cudaDeviceSynchronize();
            bin.record("big#0", s, 0, 16384, BITS);
            bin.record("big#2500000", s, 2500000, 16384, BITS);
            s = curandGenerateNormal(big, (float*)randBuffer, 3000000, 0, 1);
            cudaDeviceSynchronize();
            bin.record("bignormal#0", s, 0, 16384, NORMAL);
            bin.record("bignormal#2500000", s, 2500000, 16384, NORMAL);
            curandDestroyGenerator(big);
        }
        fclose(bin.data);
        fclose(bin.index);
    }

    unsigned* bits;
    float* f;
    double* dd;
    cudaMalloc(&bits, 4096);
    cudaMalloc(&f, 4096);
    cudaMalloc(&dd, 4096);
    deviceApi<<<1, 1>>>(1234, bits, f, dd);
    cudaError_t e = cudaDeviceSynchronize();
    fprintf(randOut, "device api kernel: %s\n", cudaGetErrorString(e));
    std::vector<unsigned> hb = get(bits, 144);
    std::vector<float> hf = get(f, 24);
    std::vector<double> hd = get(dd, 24);
    const char* sub[] = {"(0,0)", "(1,0)", "(0,1)", "(3,10)", "(4095,2)", "(4096,0)"};
    for (int t = 0; t < 3; t++)
    {
        for (int c = 0; c < 6; c++)
        {
            fprintf(randOut, "device %s %s bits", typeName[t], sub[c]);
            for (int i = 0; i < 8; i++) fprintf(randOut, " %08x", hb[(t * 6 + c) * 8 + i]);
            fprintf(randOut, "\n");
        }
        fprintf(randOut, "device %s uniform", typeName[t]);
        for (int i = 0; i < 4; i++) fprintf(randOut, " %a", hf[t * 4 + i]);
        fprintf(randOut, "\ndevice %s uniformd", typeName[t]);
        for (int i = 0; i < 4; i++) fprintf(randOut, " %a", hd[t * 4 + i]);
        fprintf(randOut, "\ndevice %s normal", typeName[t]);
        for (int i = 0; i < 4; i++) fprintf(randOut, " %a", hf[12 + t * 4 + i]);
        fprintf(randOut, "\ndevice %s normald", typeName[t]);
        for (int i = 0; i < 4; i++) fprintf(randOut, " %a", hd[12 + t * 4 + i]);
        fprintf(randOut, "\n");
    }
}

int main()
{
    const char* out = getenv("OUT");
    outDir = out ? out : ".";
    blasOut = fopen((outDir + "/blas.txt").c_str(), "w");
    randOut = fopen((outDir + "/rand.txt").c_str(), "w");
    setvbuf(randOut, nullptr, _IONBF, 0);
    if (!getenv("SKIP_BLAS")) probeBlas();
    fflush(blasOut);
    probeRand();
    fclose(blasOut);
    fclose(randOut);
    return 0;
}
