// Kernels the GPU tests load. Regenerate the PTX the tests read with:
//   nvcc -ptx -arch=sm_90 -o ../resources/io/gpurelay/executor/backend/gpu/kernels.ptx kernels.cu

// A module-scope variable for cuModuleGetGlobal and copies to and from it; C++ does not mangle the names of
// global variables, so the PTX calls it 'offset'.
__device__ float offset;

// Parameters of 4, 4, 8 and 8 bytes: offsets 0, 4, 8, 16 in the parameter buffer.
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
    {
        y[i] = a * x[i] + y[i];
    }
}

// A char before a pointer: the pointer is at offset 8, with 7 bytes of padding between them.
extern "C" __global__ void addOffset(char enabled, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (enabled && i < n)
    {
        y[i] += offset;
    }
}

// Writes through whatever pointer it is given: launched with a bad one, it makes its context fail.
extern "C" __global__ void store(float *target, float value)
{
    *target = value;
}

// Runs long enough for a stream to be observed busy and for events around it to measure time.
extern "C" __global__ void spin(long long cycles)
{
    long long start = clock64();
    while (clock64() - start < cycles)
    {
    }
}
