package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuDeviceComputeCapability;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.jcurand.JCurand;
import jcuda.jcurand.curandDiscreteDistribution;
import jcuda.jcurand.curandGenerator;
import jcuda.nvrtc.JNvrtc;
import jcuda.nvrtc.nvrtcProgram;

/**
 * NVRTC's binary outputs and architectures and cuRAND's Sobol' tables, quasi-random dimensions, seeds and Poisson
 * distributions, as a plain JCuda program. With {@code gpu} (a GPU executor, or JCuda's own natives on a GPU host)
 * each must do what CUDA does; with {@code emulated} each must be refused as the emulator documents. Both modes
 * agree where CUDA itself refuses: quasi-random dimensions on a pseudo-random generator.
 */
public final class LibraryExtrasProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int NVRTC_ERROR_INVALID_INPUT = 3;
    private static final int CURAND_STATUS_TYPE_ERROR = 103;
    private static final int PSEUDO_XORWOW = 101;
    private static final int QUASI_SOBOL32 = 201;
    private static final int DIRECTION_VECTORS_32_JOEKUO6 = 101;
    private static final int DIRECTION_VECTORS_64_JOEKUO6 = 103;
    private static final String SOURCE = "extern \"C\" __global__ void twice(float* x) { x[threadIdx.x] *= 2.0f; }";

    private LibraryExtrasProgram()
    {
    }

    public static void main(final String[] args)
    {
        final boolean gpu = args.length > 0 && args[0].equals("gpu");
        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));
        if (gpu)
        {
            nvrtcOnTheGpu(device);
            curandOnTheGpu();
        }
        else
        {
            refusedOnTheEmulator();
        }
        final curandGenerator pseudo = new curandGenerator();
        CHECKS.equal("curandCreateGenerator XORWOW", 0, JCurand.curandCreateGenerator(pseudo, PSEUDO_XORWOW));
        CHECKS.equal("curandGenerateSeeds", 0, JCurand.curandGenerateSeeds(pseudo));
        CHECKS.equal("curandSetQuasiRandomGeneratorDimensions on a pseudo-random generator", CURAND_STATUS_TYPE_ERROR,
            JCurand.curandSetQuasiRandomGeneratorDimensions(pseudo, 2));
        CHECKS.equal("curandDestroyGenerator", 0, JCurand.curandDestroyGenerator(pseudo));
        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
        CHECKS.finish();
    }

    private static void nvrtcOnTheGpu(final CUdevice device)
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        CHECKS.equal("cuDeviceComputeCapability", 0, cuDeviceComputeCapability(major, minor, device));
        final int arch = major[0] * 10 + minor[0];
        final int[] count = new int[1];
        CHECKS.equal("nvrtcGetNumSupportedArchs", 0, JNvrtc.nvrtcGetNumSupportedArchs(count));
        final int[] archs = new int[count[0]];
        CHECKS.equal("nvrtcGetSupportedArchs", 0, JNvrtc.nvrtcGetSupportedArchs(archs));
        boolean supported = false;
        for (final int each : archs)
        {
            supported |= each == arch;
        }
        CHECKS.check("the device's architecture is supported", supported, "sm_" + arch + " not in " +
            java.util.Arrays.toString(archs));

        final nvrtcProgram program = new nvrtcProgram();
        CHECKS.equal("nvrtcCreateProgram", 0, JNvrtc.nvrtcCreateProgram(program, SOURCE, "twice.cu", 0, null, null));
        CHECKS.equal("nvrtcCompileProgram for sm_" + arch, 0,
            JNvrtc.nvrtcCompileProgram(program, 1, new String[]{ "--gpu-architecture=sm_" + arch }));
        final long[] size = { -1 };
        CHECKS.equal("nvrtcGetCUBINSize", 0, JNvrtc.nvrtcGetCUBINSize(program, size));
        CHECKS.check("a CUBIN for a real architecture", size[0] > 4, "size " + size[0]);
        final byte[] cubin = new byte[(int)Math.max(size[0], 0)];
        CHECKS.equal("nvrtcGetCUBIN", 0, JNvrtc.nvrtcGetCUBIN(program, cubin));
        CHECKS.check("the CUBIN is an ELF image", cubin.length > 4 && cubin[0] == 0x7F && cubin[1] == 'E' &&
            cubin[2] == 'L' && cubin[3] == 'F', "starts " + (cubin.length > 0 ? cubin[0] : -1));
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoadData of the CUBIN", 0, cuModuleLoadData(module, cubin));
        CHECKS.equal("cuModuleGetFunction twice", 0, cuModuleGetFunction(new CUfunction(), module, "twice"));
        CHECKS.equal("nvrtcDestroyProgram", 0, JNvrtc.nvrtcDestroyProgram(program));

        final nvrtcProgram lto = new nvrtcProgram();
        CHECKS.equal("nvrtcCreateProgram (LTO)", 0, JNvrtc.nvrtcCreateProgram(lto, SOURCE, "twice.cu", 0, null, null));
        CHECKS.equal("nvrtcCompileProgram -dlto", 0,
            JNvrtc.nvrtcCompileProgram(lto, 2, new String[]{ "--gpu-architecture=sm_" + arch, "-dlto" }));
        CHECKS.equal("nvrtcGetLTOIRSize", 0, JNvrtc.nvrtcGetLTOIRSize(lto, size));
        CHECKS.check("LTO IR of a -dlto compilation", size[0] > 0, "size " + size[0]);
        final byte[] ltoir = new byte[(int)Math.max(size[0], 0)];
        CHECKS.equal("nvrtcGetLTOIR", 0, JNvrtc.nvrtcGetLTOIR(lto, ltoir));
        CHECKS.check("the LTO IR is not all zero", !allZero(ltoir), "");
        CHECKS.equal("nvrtcDestroyProgram (LTO)", 0, JNvrtc.nvrtcDestroyProgram(lto));
    }

    /**
     * Sobol' direction vectors of the first dimension are the van der Corput sequence's: 1 at bit 31 - j (32-bit) or
     * 63 - j (64-bit), in every direction vector set.
     */
    private static void curandOnTheGpu()
    {
        final int[][][] vectors32 = new int[1][][];
        CHECKS.equal("curandGetDirectionVectors32", 0,
            JCurand.curandGetDirectionVectors32(vectors32, DIRECTION_VECTORS_32_JOEKUO6));
        CHECKS.equal("direction vectors (32) dimensions", 20000, vectors32[0] == null ? -1 : vectors32[0].length);
        boolean vanDerCorput = vectors32[0] != null;
        for (int j = 0; vanDerCorput && j < 32; j++)
        {
            vanDerCorput = vectors32[0][0][j] == 1 << (31 - j);
        }
        CHECKS.check("direction vectors (32) of dimension 0 are van der Corput's", vanDerCorput, "");
        final long[][][] vectors64 = new long[1][][];
        CHECKS.equal("curandGetDirectionVectors64", 0,
            JCurand.curandGetDirectionVectors64(vectors64, DIRECTION_VECTORS_64_JOEKUO6));
        vanDerCorput = vectors64[0] != null && vectors64[0][0].length == 64;
        for (int j = 0; vanDerCorput && j < 64; j++)
        {
            vanDerCorput = vectors64[0][0][j] == 1L << (63 - j);
        }
        CHECKS.check("direction vectors (64) of dimension 0 are van der Corput's", vanDerCorput, "");
        final int[][] constants32 = new int[1][];
        CHECKS.equal("curandGetScrambleConstants32", 0, JCurand.curandGetScrambleConstants32(constants32));
        CHECKS.check("scramble constants (32) are not all zero", constants32[0] != null &&
            constants32[0].length == 20000 && !allZero(constants32[0]), "");
        final long[][] constants64 = new long[1][];
        CHECKS.equal("curandGetScrambleConstants64", 0, JCurand.curandGetScrambleConstants64(constants64));
        CHECKS.equal("scramble constants (64)", 20000, constants64[0] == null ? -1 : constants64[0].length);

        final curandDiscreteDistribution distribution = new curandDiscreteDistribution();
        CHECKS.equal("curandCreatePoissonDistribution", 0, JCurand.curandCreatePoissonDistribution(4.0, distribution));
        CHECKS.check("the distribution has a device address", !distribution.equals(new curandDiscreteDistribution()),
            distribution.toString());
        CHECKS.equal("curandDestroyDistribution", 0, JCurand.curandDestroyDistribution(distribution));

        final int n = 1024;
        final curandGenerator sobol = new curandGenerator();
        CHECKS.equal("curandCreateGenerator SOBOL32", 0, JCurand.curandCreateGenerator(sobol, QUASI_SOBOL32));
        CHECKS.equal("curandSetQuasiRandomGeneratorDimensions", 0,
            JCurand.curandSetQuasiRandomGeneratorDimensions(sobol, 2));
        final CUdeviceptr output = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc", 0, cuMemAlloc(output, (long)n * Float.BYTES));
        CHECKS.equal("curandGenerateUniform (Sobol', 2 dimensions)", 0,
            JCurand.curandGenerateUniform(sobol, output, n));
        final float[] values = new float[n];
        CHECKS.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(values), output, (long)n * Float.BYTES));
        double sum = 0;
        boolean inRange = true;
        for (final float value : values)
        {
            inRange &= value > 0 && value <= 1;
            sum += value;
        }
        CHECKS.check("quasi-random values in (0, 1]", inRange, "");
        CHECKS.check("quasi-random mean near 1/2", Math.abs(sum / n - 0.5) < 0.01, "mean " + sum / n);
        CHECKS.equal("curandDestroyGenerator SOBOL32", 0, JCurand.curandDestroyGenerator(sobol));
        CHECKS.equal("cuMemFree", 0, cuMemFree(output));
    }

    private static void refusedOnTheEmulator()
    {
        final int[] count = { -1 };
        CHECKS.equal("nvrtcGetNumSupportedArchs is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
            JNvrtc.nvrtcGetNumSupportedArchs(count));
        final nvrtcProgram program = new nvrtcProgram();
        CHECKS.equal("nvrtcCreateProgram", 0, JNvrtc.nvrtcCreateProgram(program, SOURCE, "twice.cu", 0, null, null));
        final long[] size = { -1 };
        CHECKS.equal("nvrtcGetCUBINSize is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
            JNvrtc.nvrtcGetCUBINSize(program, size));
        CHECKS.equal("nvrtcGetCUBINSize wrote nothing", -1, size[0]);
        CHECKS.equal("nvrtcGetLTOIR is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
            JNvrtc.nvrtcGetLTOIR(program, new byte[16]));
        CHECKS.equal("nvrtcDestroyProgram", 0, JNvrtc.nvrtcDestroyProgram(program));

        final int[][][] vectors32 = new int[1][][];
        CHECKS.equal("curandGetDirectionVectors32 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
            JCurand.curandGetDirectionVectors32(vectors32, DIRECTION_VECTORS_32_JOEKUO6));
        CHECKS.check("curandGetDirectionVectors32 wrote nothing", vectors32[0] == null, "");
        CHECKS.equal("curandGetScrambleConstants64 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
            JCurand.curandGetScrambleConstants64(new long[1][]));
        CHECKS.equal("curandCreatePoissonDistribution is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
            JCurand.curandCreatePoissonDistribution(4.0, new curandDiscreteDistribution()));
    }

    private static boolean allZero(final byte[] bytes)
    {
        for (final byte b : bytes)
        {
            if (b != 0)
            {
                return false;
            }
        }
        return true;
    }

    private static boolean allZero(final int[] ints)
    {
        for (final int i : ints)
        {
            if (i != 0)
            {
                return false;
            }
        }
        return true;
    }
}
