// Third probe: Philox4x32-10 64-bit outputs (uniform and normal doubles) past 65536 groups and at offsets set by
// curandSetGeneratorOffset or reached by a preceding float call. Writes every value of every case, raw, to
// $OUT/philox-d<k>.bin with an index in $OUT/philox-d.idx (name kind offsetMode offset n file byteOffset), and prints
// the first values of each case.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <curand.h>

#define CHECK(x) do { int s_ = (int)(x); if (s_ != 0) { printf("FAIL %s = %d at line %d\n", #x, s_, __LINE__); exit(1); } } while (0)

static const unsigned long long SEED = 1234;
static std::string outDir;
static FILE* idx;
static FILE* bin;
static int binNumber = -1;
static long binSize;

static void write(const char* name, const char* kind, const char* mode, long offset, long n, const void* data,
    long bytes)
{
    if (bin == nullptr || binSize + bytes > 15L * 1024 * 1024)
    {
        if (bin != nullptr)
        {
            fclose(bin);
        }
        binNumber++;
        bin = fopen((outDir + "/philox-d" + std::to_string(binNumber) + ".bin").c_str(), "wb");
        binSize = 0;
    }
    fwrite(data, 1, bytes, bin);
    fprintf(idx, "%s %s %s %ld %ld philox-d%d.bin %ld\n", name, kind, mode, offset, n, binNumber, binSize);
    binSize += bytes;
}

// kind 0: uniform double, 1: normal double (mean 0, stddev 1); mode 0: curandSetGeneratorOffset, 1: a float call of
// offset elements first, 2: as 1 on a non-default stream.
static void runCase(const char* name, int kind, int mode, long offset, long n)
{
    curandGenerator_t g;
    CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    cudaStream_t stream = nullptr;
    if (mode == 2)
    {
        CHECK(cudaStreamCreate(&stream));
        CHECK(curandSetStream(g, stream));
    }
    CHECK(curandSetPseudoRandomGeneratorSeed(g, SEED));
    long floats = mode == 0 ? 0 : offset;
    double* d;
    CHECK(cudaMalloc(&d, (n > floats / 2 + 1 ? n : floats / 2 + 1) * sizeof(double) + 64));
    if (mode == 0)
    {
        CHECK(curandSetGeneratorOffset(g, offset));
    }
    else if (floats > 0)
    {
        CHECK(curandGenerateUniform(g, (float*)d, floats));
    }
    if (kind == 0)
    {
        CHECK(curandGenerateUniformDouble(g, d, n));
    }
    else
    {
        CHECK(curandGenerateNormalDouble(g, d, n, 0.0, 1.0));
    }
    CHECK(cudaDeviceSynchronize());
    std::vector<double> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(double), cudaMemcpyDeviceToHost));
    const char* modes[] = {"set", "floats", "floats-stream"};
    write(name, kind == 0 ? "uniformd" : "normald", modes[mode], offset, n, h.data(), n * sizeof(double));
    printf("%s %s %s offset %ld n %ld:", name, kind == 0 ? "uniformd" : "normald", modes[mode], offset, n);
    for (long i = 0; i < n && i < 4; i++)
    {
        unsigned long long bits;
        memcpy(&bits, &h[i], 8);
        printf(" %016llx", bits);
    }
    printf("\n");
    if (stream != nullptr)
    {
        cudaStreamDestroy(stream);
    }
    CHECK(cudaFree(d));
    CHECK(curandDestroyGenerator(g));
}

int main()
{
    const char* out = getenv("OUT");
    outDir = out != nullptr ? out : ".";
    idx = fopen((outDir + "/philox-d.idx").c_str(), "w");
    int version;
    curandGetVersion(&version);
    printf("curand %d\n", version);
    long offsets[] = {0, 4, 200000, 262144, 1000000};
    for (long o : offsets)
    {
        runCase("u-set", 0, 0, o, 200000);
        runCase("u-set", 0, 0, o, 8);
        if (o != 0)
        {
            runCase("u-floats", 0, 1, o, 200000);
            runCase("u-floats", 0, 1, o, 8);
        }
    }
    runCase("program", 0, 2, 200000, 200000);
    runCase("u-set", 0, 0, 3, 8);
    runCase("u-set", 0, 0, 262147, 8);
    runCase("u-long", 0, 0, 0, 1200000);
    runCase("u-long", 0, 0, 7, 600000);
    runCase("n-set", 1, 0, 200000, 200000);
    runCase("n-long", 1, 0, 0, 600000);
    runCase("n-long", 1, 0, 5, 8);
    fclose(idx);
    if (bin != nullptr)
    {
        fclose(bin);
    }
    return 0;
}
