package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.nvrtc.JNvrtc.nvrtcAddNameExpression;
import static jcuda.nvrtc.JNvrtc.nvrtcCompileProgram;
import static jcuda.nvrtc.JNvrtc.nvrtcCreateProgram;
import static jcuda.nvrtc.JNvrtc.nvrtcDestroyProgram;
import static jcuda.nvrtc.JNvrtc.nvrtcGetLoweredName;
import static jcuda.nvrtc.JNvrtc.nvrtcGetPTX;
import static jcuda.nvrtc.JNvrtc.nvrtcGetPTXSize;
import static jcuda.nvrtc.JNvrtc.nvrtcGetProgramLog;
import static jcuda.nvrtc.JNvrtc.nvrtcGetProgramLogSize;
import static jcuda.nvrtc.JNvrtc.nvrtcVersion;

import java.nio.charset.StandardCharsets;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import jcuda.nvrtc.JNvrtc;
import jcuda.nvrtc.nvrtcProgram;
import jcuda.nvrtc.nvrtcResult;

/**
 * An ordinary JCuda NVRTC program: a templated vector add compiled at run time with two name expressions, the lowered
 * names looked up, the PTX loaded with cuModuleLoadData, both instantiations launched and checked against a CPU sum
 * (exactly: one IEEE addition per element). Argument {@code compiler} expects the executor to compile;
 * {@code no-compiler} expects NVRTC_ERROR_COMPILATION with a log saying that the executor has no compiler, and a
 * program that still answers its other calls as NVRTC does.
 */
public final class NvrtcVectorAddProgram
{
    static final String SOURCE = """
        template <typename T>
        __global__ void vectorAdd(const T* a, const T* b, T* sum, int n)
        {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n)
            {
                sum[i] = a[i] + b[i];
            }
        }
        """;
    private static final int N = 10_000;

    private NvrtcVectorAddProgram()
    {
    }

    public static void main(final String[] args)
    {
        final boolean expectCompiler = args.length > 0 && args[0].equals("compiler");
        final Checks checks = new Checks();
        JCudaDriver.setExceptionsEnabled(true);
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        cuCtxCreate(context, 0, device);

        final int[] major = new int[1];
        final int[] minor = new int[1];
        checks.equal("nvrtcVersion", nvrtcResult.NVRTC_SUCCESS, nvrtcVersion(major, minor));
        checks.check("version is CUDA 12 or newer", major[0] >= 12, major[0] + "." + minor[0]);

        final nvrtcProgram program = new nvrtcProgram();
        checks.equal("nvrtcCreateProgram", nvrtcResult.NVRTC_SUCCESS,
            nvrtcCreateProgram(program, SOURCE, "vectorAdd.cu", 0, null, null));
        checks.equal("nvrtcAddNameExpression float", nvrtcResult.NVRTC_SUCCESS,
            nvrtcAddNameExpression(program, "vectorAdd<float>"));
        checks.equal("nvrtcAddNameExpression double", nvrtcResult.NVRTC_SUCCESS,
            nvrtcAddNameExpression(program, "&vectorAdd<double>"));
        final int compiled = nvrtcCompileProgram(program, 1, new String[]{ "--gpu-architecture=compute_75" });
        final long[] logSize = new long[1];
        final String[] log = new String[1];
        checks.equal("nvrtcGetProgramLogSize", nvrtcResult.NVRTC_SUCCESS, nvrtcGetProgramLogSize(program, logSize));
        checks.equal("nvrtcGetProgramLog", nvrtcResult.NVRTC_SUCCESS, nvrtcGetProgramLog(program, log));
        checks.equal("log size counts the NUL", log[0].getBytes(StandardCharsets.UTF_8).length + 1, logSize[0]);
        System.out.println("NVRTC LOG: " + log[0]);

        if (!expectCompiler)
        {
            checks.equal("nvrtcCompileProgram without a compiler", nvrtcResult.NVRTC_ERROR_COMPILATION, compiled);
            checks.check("the log says why", log[0].contains("no nvcc was found on the executor's PATH"), log[0]);
            checks.equal("no lowered names", nvrtcResult.NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION,
                nvrtcGetLoweredName(program, "vectorAdd<float>", new String[1]));
            JNvrtc.setExceptionsEnabled(true);
            try
            {
                nvrtcGetPTXSize(program, new long[1]);
                checks.check("nvrtcGetPTXSize throws with exceptions enabled", false);
            }
            catch (final jcuda.CudaException ex)
            {
                checks.check("nvrtcGetPTXSize throws with exceptions enabled",
                    ex.getMessage().contains("NVRTC_ERROR"), ex.getMessage());
            }
            JNvrtc.setExceptionsEnabled(false);
            checks.equal("nvrtcDestroyProgram", nvrtcResult.NVRTC_SUCCESS, nvrtcDestroyProgram(program));
            cuCtxDestroy(context);
            checks.finish();
            return;
        }

        checks.equal("nvrtcCompileProgram", nvrtcResult.NVRTC_SUCCESS, compiled);
        final long[] ptxSize = new long[1];
        final String[] ptx = new String[1];
        checks.equal("nvrtcGetPTXSize", nvrtcResult.NVRTC_SUCCESS, nvrtcGetPTXSize(program, ptxSize));
        checks.equal("nvrtcGetPTX", nvrtcResult.NVRTC_SUCCESS, nvrtcGetPTX(program, ptx));
        checks.equal("PTX size counts the NUL", ptx[0].getBytes(StandardCharsets.UTF_8).length + 1, ptxSize[0]);
        final String[] floatName = new String[1];
        final String[] doubleName = new String[1];
        checks.equal("nvrtcGetLoweredName float", nvrtcResult.NVRTC_SUCCESS,
            nvrtcGetLoweredName(program, "vectorAdd<float>", floatName));
        checks.equal("nvrtcGetLoweredName double", nvrtcResult.NVRTC_SUCCESS,
            nvrtcGetLoweredName(program, "&vectorAdd<double>", doubleName));
        System.out.println("LOWERED " + floatName[0] + " " + doubleName[0]);
        checks.check("float instantiation's mangled name", "_Z9vectorAddIfEvPKT_S2_PS0_i".equals(floatName[0]),
            floatName[0]);
        checks.check("double instantiation's mangled name", "_Z9vectorAddIdEvPKT_S2_PS0_i".equals(doubleName[0]),
            doubleName[0]);
        checks.check("the PTX has both kernels",
            ptx[0].contains(".entry " + floatName[0]) && ptx[0].contains(".entry " + doubleName[0]));
        checks.equal("nvrtcDestroyProgram", nvrtcResult.NVRTC_SUCCESS, nvrtcDestroyProgram(program));

        final CUmodule module = new CUmodule();
        cuModuleLoadData(module, ptx[0]);
        final CUfunction addFloats = new CUfunction();
        cuModuleGetFunction(addFloats, module, floatName[0]);
        final CUfunction addDoubles = new CUfunction();
        cuModuleGetFunction(addDoubles, module, doubleName[0]);

        final float[] a = new float[N];
        final float[] b = new float[N];
        final double[] c = new double[N];
        final double[] d = new double[N];
        for (int i = 0; i < N; i++)
        {
            a[i] = i * 0.25f;
            b[i] = (float)Math.sin(i);
            c[i] = i / 3.0;
            d[i] = Math.cos(i);
        }
        final float[] floatSum = new float[N];
        launch(addFloats, Pointer.to(a), Pointer.to(b), Pointer.to(floatSum), Sizeof.FLOAT);
        final double[] doubleSum = new double[N];
        launch(addDoubles, Pointer.to(c), Pointer.to(d), Pointer.to(doubleSum), Sizeof.DOUBLE);
        int floatMismatches = 0;
        int doubleMismatches = 0;
        for (int i = 0; i < N; i++)
        {
            floatMismatches += floatSum[i] == a[i] + b[i] ? 0 : 1;
            doubleMismatches += doubleSum[i] == c[i] + d[i] ? 0 : 1;
        }
        checks.equal("vectorAdd<float> equals the CPU sum exactly", 0, floatMismatches);
        checks.equal("vectorAdd<double> equals the CPU sum exactly", 0, doubleMismatches);
        cuCtxDestroy(context);
        checks.finish();
    }

    private static void launch(
        final CUfunction function, final Pointer a, final Pointer b, final Pointer sum, final int elementSize)
    {
        final long bytes = (long)N * elementSize;
        final CUdeviceptr deviceA = new CUdeviceptr();
        final CUdeviceptr deviceB = new CUdeviceptr();
        final CUdeviceptr deviceSum = new CUdeviceptr();
        cuMemAlloc(deviceA, bytes);
        cuMemAlloc(deviceB, bytes);
        cuMemAlloc(deviceSum, bytes);
        cuMemcpyHtoD(deviceA, a, bytes);
        cuMemcpyHtoD(deviceB, b, bytes);
        final Pointer parameters = Pointer.to(Pointer.to(deviceA), Pointer.to(deviceB), Pointer.to(deviceSum),
            Pointer.to(new int[]{ N }));
        cuLaunchKernel(function, (N + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null);
        cuCtxSynchronize();
        cuMemcpyDtoH(sum, deviceSum, bytes);
        cuMemFree(deviceA);
        cuMemFree(deviceB);
        cuMemFree(deviceSum);
    }
}
