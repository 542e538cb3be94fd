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
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerCompile;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerCreate;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerDestroy;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetCompiledProgram;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetCompiledProgramSize;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetErrorLog;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetErrorLogSize;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetInfoLog;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetInfoLogSize;
import static jcuda.nvptxcompiler.JNvPTXCompiler.nvPTXCompilerGetVersion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.nvptxcompiler.JNvPTXCompiler;
import jcuda.nvptxcompiler.nvPTXCompileResult;
import jcuda.nvptxcompiler.nvPTXCompilerHandle;

/**
 * An ordinary JCuda nvPTXCompiler program: the saxpy kernel's PTX compiled to a cubin for sm_90 with {@code -O3
 * --verbose}, the cubin's ELF magic and size, the information log, the error log of PTX that does not assemble and
 * of an option no compiler knows. Arguments: the folder with the kernels' PTX files, then what the executor is:
 * {@code gpu} (the cubin also loads with cuModuleLoadData and runs saxpy, checked exactly against a fused
 * multiply-add on the CPU), {@code ptxas} (the emulator with ptxas: it compiles, and refuses to load the cubin, as it
 * runs PTX only) or {@code no-ptxas} (NVPTXCOMPILE_ERROR_COMPILATION_FAILURE with an error log that says why).
 */
public final class PtxCompilerProgram
{
    private static final String BAD_PTX = ".version 8.0\n.target sm_90\n.address_size 64\n\n" +
        ".visible .entry broken()\n{\n    bogus.instruction %r1;\n    ret;\n}\n";
    private static final String[] OPTIONS = { "--gpu-name=sm_90", "-O3", "--verbose" };
    private static final int N = 10_000;

    private PtxCompilerProgram()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final Path kernels = Path.of(args[0]);
        final String mode = args[1];
        final Checks checks = new Checks();

        final int[] major = new int[1];
        final int[] minor = new int[1];
        checks.equal("nvPTXCompilerGetVersion", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetVersion(major, minor));
        checks.check("version is CUDA 12 or newer", major[0] >= 12, major[0] + "." + minor[0]);

        final byte[] ptx = Files.readAllBytes(kernels.resolve("saxpy.ptx"));
        final nvPTXCompilerHandle compiler = new nvPTXCompilerHandle();
        checks.equal("nvPTXCompilerCreate", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerCreate(compiler, ptx.length, ptx));
        final int compiled = nvPTXCompilerCompile(compiler, OPTIONS.length, OPTIONS);
        final String errorLog = errorLog(checks, compiler);
        final String infoLog = infoLog(checks, compiler);
        System.out.println("ERROR LOG: " + errorLog);
        System.out.println("INFO LOG: " + infoLog);

        if (mode.equals("no-ptxas"))
        {
            checks.equal("nvPTXCompilerCompile without ptxas", nvPTXCompileResult.NVPTXCOMPILE_ERROR_COMPILATION_FAILURE,
                compiled);
            checks.check("the error log says why", errorLog.contains("no ptxas was found on the executor's PATH"),
                errorLog);
            checks.equal("no program", nvPTXCompileResult.NVPTXCOMPILE_ERROR_COMPILER_INVOCATION_INCOMPLETE,
                nvPTXCompilerGetCompiledProgramSize(compiler, new long[1]));
            JNvPTXCompiler.setExceptionsEnabled(true);
            try
            {
                nvPTXCompilerGetCompiledProgram(compiler, new byte[16]);
                checks.check("nvPTXCompilerGetCompiledProgram throws with exceptions enabled", false);
            }
            catch (final CudaException ex)
            {
                checks.check("nvPTXCompilerGetCompiledProgram throws with exceptions enabled",
                    ex.getMessage().contains("NVPTXCOMPILE_ERROR"), ex.getMessage());
            }
            JNvPTXCompiler.setExceptionsEnabled(false);
            checks.equal("nvPTXCompilerDestroy", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
                nvPTXCompilerDestroy(compiler));
            checks.finish();
            return;
        }

        checks.equal("nvPTXCompilerCompile", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS, compiled);
        checks.check("the info log is verbose about saxpy", infoLog.contains("saxpy"), infoLog);
        checks.check("no errors", errorLog.isEmpty(), errorLog);
        final long[] size = new long[1];
        checks.equal("nvPTXCompilerGetCompiledProgramSize", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetCompiledProgramSize(compiler, size));
        checks.check("a cubin of some size", size[0] > 256 && size[0] < 1 << 20, size[0] + " bytes");
        final byte[] cubin = new byte[(int)size[0]];
        checks.equal("nvPTXCompilerGetCompiledProgram", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetCompiledProgram(compiler, cubin));
        checks.check("the cubin is an ELF file", cubin[0] == 0x7f && cubin[1] == 'E' && cubin[2] == 'L' &&
            cubin[3] == 'F');
        checks.check("the cubin names the kernel", new String(cubin, StandardCharsets.ISO_8859_1).contains("saxpy"));

        checks.equal("an option no compiler knows", nvPTXCompileResult.NVPTXCOMPILE_ERROR_COMPILATION_FAILURE,
            nvPTXCompilerCompile(compiler, 2, new String[]{ "--gpu-name=sm_90", "--no-such-option" }));
        final String unknownLog = errorLog(checks, compiler);
        checks.check("the error log names the option", unknownLog.contains("no-such-option"), unknownLog);
        checks.equal("nvPTXCompilerDestroy", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS, nvPTXCompilerDestroy(compiler));

        final byte[] bad = BAD_PTX.getBytes(StandardCharsets.US_ASCII);
        final nvPTXCompilerHandle broken = new nvPTXCompilerHandle();
        checks.equal("nvPTXCompilerCreate of bad PTX", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerCreate(broken, bad.length, bad));
        checks.equal("bad PTX does not compile", nvPTXCompileResult.NVPTXCOMPILE_ERROR_COMPILATION_FAILURE,
            nvPTXCompilerCompile(broken, 1, new String[]{ "--gpu-name=sm_90" }));
        final String badLog = errorLog(checks, broken);
        System.out.println("BAD PTX ERROR LOG: " + badLog);
        checks.check("the error log points at the line", badLog.contains("line 7") && badLog.contains("error"),
            badLog);
        checks.equal("no program from bad PTX", nvPTXCompileResult.NVPTXCOMPILE_ERROR_COMPILER_INVOCATION_INCOMPLETE,
            nvPTXCompilerGetCompiledProgram(broken, new byte[16]));
        checks.equal("nvPTXCompilerDestroy of bad PTX", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerDestroy(broken));

        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        cuCtxCreate(context, 0, device);
        final CUmodule module = new CUmodule();
        if (mode.equals("ptxas"))
        {
            checks.equal("the emulator does not load a cubin", CUresult.CUDA_ERROR_INVALID_IMAGE,
                cuModuleLoadData(module, cubin));
            cuCtxDestroy(context);
            checks.finish();
            return;
        }
        JCudaDriver.setExceptionsEnabled(true);
        cuModuleLoadData(module, cubin);
        final CUfunction saxpy = new CUfunction();
        cuModuleGetFunction(saxpy, module, "saxpy");
        final float a = 2.5f;
        final float[] x = new float[N];
        final float[] y = new float[N];
        for (int i = 0; i < N; i++)
        {
            x[i] = (float)Math.sin(i);
            y[i] = i * 0.125f;
        }
        final long bytes = (long)N * Sizeof.FLOAT;
        final CUdeviceptr deviceX = new CUdeviceptr();
        final CUdeviceptr deviceY = new CUdeviceptr();
        cuMemAlloc(deviceX, bytes);
        cuMemAlloc(deviceY, bytes);
        cuMemcpyHtoD(deviceX, Pointer.to(x), bytes);
        cuMemcpyHtoD(deviceY, Pointer.to(y), bytes);
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ N }), Pointer.to(new float[]{ a }),
            Pointer.to(deviceX), Pointer.to(deviceY));
        cuLaunchKernel(saxpy, (N + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null);
        cuCtxSynchronize();
        final float[] result = new float[N];
        cuMemcpyDtoH(Pointer.to(result), deviceY, bytes);
        int mismatches = 0;
        for (int i = 0; i < N; i++)
        {
            mismatches += Float.floatToRawIntBits(result[i]) == Float.floatToRawIntBits(Math.fma(a, x[i], y[i])) ?
                0 : 1;
        }
        checks.equal("saxpy from the cubin equals a fused multiply-add on the CPU exactly", 0, mismatches);
        cuMemFree(deviceX);
        cuMemFree(deviceY);
        cuCtxDestroy(context);
        checks.finish();
    }

    private static String errorLog(final Checks checks, final nvPTXCompilerHandle compiler)
    {
        final long[] size = new long[1];
        checks.equal("nvPTXCompilerGetErrorLogSize", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetErrorLogSize(compiler, size));
        final byte[] log = new byte[(int)size[0] + 1];
        checks.equal("nvPTXCompilerGetErrorLog", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetErrorLog(compiler, log));
        checks.equal("the error log is NUL-terminated", 0, log[(int)size[0]]);
        return new String(log, 0, (int)size[0], StandardCharsets.UTF_8);
    }

    private static String infoLog(final Checks checks, final nvPTXCompilerHandle compiler)
    {
        final long[] size = new long[1];
        checks.equal("nvPTXCompilerGetInfoLogSize", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetInfoLogSize(compiler, size));
        final byte[] log = new byte[(int)size[0] + 1];
        checks.equal("nvPTXCompilerGetInfoLog", nvPTXCompileResult.NVPTXCOMPILE_SUCCESS,
            nvPTXCompilerGetInfoLog(compiler, log));
        return new String(log, 0, (int)size[0], StandardCharsets.UTF_8);
    }
}
