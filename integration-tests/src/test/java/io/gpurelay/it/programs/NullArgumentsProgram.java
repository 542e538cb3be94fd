package io.gpurelay.it.programs;

import java.util.Arrays;
import java.util.function.IntSupplier;

import io.gpurelay.testsupport.Checks;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUarray;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.jcublas.JCublas;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.jcufft.JCufft;
import jcuda.jcufft.cufftHandle;
import jcuda.jcurand.JCurand;
import jcuda.jcurand.curandGenerator;
import jcuda.nvrtc.JNvrtc;
import jcuda.nvrtc.nvrtcProgram;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaMemcpyKind;

/**
 * Null arguments as JCuda's JNI code answers them, which is what a program sees without gpurelay: a
 * NullPointerException whose message names JCuda's parameter and function, or, for the version getters, a status.
 * The expected messages are copied from JCuda's C sources (12.6.0; JCufft and JCurand 11.8.0), not from the
 * agent's description of them. No call reaches CUDA: each check comes before it. With the argument
 * {@code runtime-driver} only the runtime and driver checks run: those JCuda's own natives can load on a CUDA 13 host.
 */
public final class NullArgumentsProgram
{
    private final Checks checks = new Checks();

    public static void main(final String[] args)
    {
        new NullArgumentsProgram().run(Arrays.asList(args).contains("runtime-driver"));
    }

    private void run(final boolean runtimeAndDriverOnly)
    {
        versions();
        driverCopies();
        runtimeCopies();
        if (runtimeAndDriverOnly)
        {
            checks.finish();
            return;
        }
        cufft();
        cublas2();
        legacyCublas();
        curandAndNvrtc();
        checks.finish();
    }

    private void versions()
    {
        status("cudaDriverGetVersion(null)", cudaError.cudaErrorInvalidValue, () -> JCuda.cudaDriverGetVersion(null));
        status("cudaRuntimeGetVersion(null)", cudaError.cudaErrorInvalidValue,
            () -> JCuda.cudaRuntimeGetVersion(null));
        status("cuDriverGetVersion(null)", CUresult.CUDA_ERROR_INVALID_VALUE,
            () -> JCudaDriver.cuDriverGetVersion(null));
        status("cudaGetLastError after cudaDriverGetVersion(null): JCuda returns before CUDA sees the call",
            cudaError.cudaSuccess, JCuda::cudaGetLastError);

        JCuda.setExceptionsEnabled(true);
        JCudaDriver.setExceptionsEnabled(true);
        try
        {
            exception("cudaDriverGetVersion(null) with exceptions", "cudaErrorInvalidValue",
                () -> JCuda.cudaDriverGetVersion(null));
            exception("cudaRuntimeGetVersion(null) with exceptions", "cudaErrorInvalidValue",
                () -> JCuda.cudaRuntimeGetVersion(null));
            exception("cuDriverGetVersion(null) with exceptions", "CUDA_ERROR_INVALID_VALUE",
                () -> JCudaDriver.cuDriverGetVersion(null));
            final int[] version = new int[1];
            JCuda.cudaRuntimeGetVersion(version);
            checks.check("cudaRuntimeGetVersion with an array still answers", version[0] > 0,
                "version " + version[0]);
        }
        finally
        {
            JCuda.setExceptionsEnabled(false);
            JCudaDriver.setExceptionsEnabled(false);
        }
    }

    private void driverCopies()
    {
        nullPointer("cuMemcpyDtoA(null, ...)", "Parameter 'dstArray' is null for cuMemcpyDtoA",
            () -> JCudaDriver.cuMemcpyDtoA(null, 0, new CUdeviceptr(), 4));
        nullPointer("cuMemcpyDtoA(array, 0, null, ...)", "Parameter 'srcDevice' is null for cuMemcpyDtoA",
            () -> JCudaDriver.cuMemcpyDtoA(new CUarray(), 0, null, 4));
        nullPointer("cuMemcpyAtoD(null, ...)", "Parameter 'dstDevice' is null for cuMemcpyAtoD",
            () -> JCudaDriver.cuMemcpyAtoD(null, new CUarray(), 0, 4));
        nullPointer("cuMemcpyAtoD(device, null, ...)", "Parameter 'hSrc' is null for cuMemcpyAtoD",
            () -> JCudaDriver.cuMemcpyAtoD(new CUdeviceptr(), null, 0, 4));
        nullPointer("cuMemcpyDtoA with both null: the first is named", "Parameter 'dstArray' is null for cuMemcpyDtoA",
            () -> JCudaDriver.cuMemcpyDtoA(null, 0, null, 4));
    }

    private void runtimeCopies()
    {
        nullPointer("cudaMemcpy2D(null, ...)", "Parameter 'dst' is null for cudaMemcpy2D",
            () -> JCuda.cudaMemcpy2D(null, 4, new Pointer(), 4, 4, 1, cudaMemcpyKind.cudaMemcpyDeviceToDevice));
        nullPointer("cudaMemcpy2D(dst, pitch, null, ...)", "Parameter 'src' is null for cudaMemcpy2D",
            () -> JCuda.cudaMemcpy2D(new Pointer(), 4, null, 4, 4, 1, cudaMemcpyKind.cudaMemcpyDeviceToDevice));
        nullPointer("cudaMemGetInfo(free, null): JCuda names freeBytes",
            "Parameter 'freeBytes' is null for cudaMemGetInfo",
            () -> JCuda.cudaMemGetInfo(new long[1], null));
    }

    private void cufft()
    {
        nullPointer("cufftExecC2C(null, ...)", "Parameter 'handle' is null for cufftExecC2C",
            () -> JCufft.cufftExecC2C(null, new Pointer(), new Pointer(), JCufft.CUFFT_FORWARD));
        nullPointer("cufftExecC2C(plan, null, ...)", "Parameter 'cIdata' is null for cufftExecC2C",
            () -> JCufft.cufftExecC2C(new cufftHandle(), null, new Pointer(), JCufft.CUFFT_FORWARD));
        nullPointer("cufftGetSize(null, ...)", "Parameter 'plan' is null for cufftGetSize",
            () -> JCufft.cufftGetSize(null, new long[1]));
        nullPointer("cufftGetSize(plan, null)", "Parameter 'workSize' is null for cufftGetSize",
            () -> JCufft.cufftGetSize(new cufftHandle(), null));
    }

    private void cublas2()
    {
        nullPointer("cublasSgemm(null, ...)", "Parameter 'handle' is null for cublasSgemm",
            () -> JCublas2.cublasSgemm(null, 0, 0, 1, 1, 1, new Pointer(), new Pointer(), 1, new Pointer(), 1,
                new Pointer(), new Pointer(), 1));
        nullPointer("cublasSaxpy(handle, 1, alpha, null, ...)", "Parameter 'x' is null for cublasSaxpy",
            () -> JCublas2.cublasSaxpy(new cublasHandle(), 1, new Pointer(), null, 1, new Pointer(), 1));
        nullPointer("cublasCreate(null)", "Parameter 'handle' is null for cublasCreate",
            () -> JCublas2.cublasCreate(null));
    }

    private void legacyCublas()
    {
        nullPointer("legacy cublasSscal(n, alpha, null, inc)", "Parameter 'x' is null for cublasSscal",
            () -> JCublas.cublasSscal(1, 2f, null, 1));
        nullPointer("legacy cublasSaxpy(n, alpha, x, inc, null, inc)", "Parameter 'y' is null for cublasSaxpy",
            () -> JCublas.cublasSaxpy(1, 2f, new Pointer(), 1, null, 1));
        nullPointer("legacy cublasSdot(n, null, ...)", "Parameter 'x' is null for cublasSdot",
            () -> JCublas.cublasSdot(1, null, 1, new Pointer(), 1));
        nullPointer("legacy cublasSgemm(..., null B, ...)", "Parameter 'B' is null for cublasSgemm",
            () -> JCublas.cublasSgemm('n', 'n', 1, 1, 1, 1f, new Pointer(), 1, null, 1, 0f, new Pointer(), 1));
        nullPointer("legacy cublasIsamax(n, null, inc)", "Parameter 'x' is null for cublasIsamax",
            () -> JCublas.cublasIsamax(1, null, 1));
        nullPointer("legacy cublasSnrm2(n, null, inc)", "Parameter 'x' is null for cublasSnrm2",
            () -> JCublas.cublasSnrm2(1, null, 1));
        nullPointer("legacy cublasAlloc(n, size, null)", "Parameter 'devicePtr' is null for cublasAlloc",
            () -> JCublas.cublasAlloc(1, 4, null));
        nullPointer("legacy cublasSetVector(n, size, null, ...)", "Parameter 'x' is null for cublasSetVector",
            () -> JCublas.cublasSetVector(1, 4, null, 1, new Pointer(), 1));
    }

    private void curandAndNvrtc()
    {
        nullPointer("curandCreateGenerator(null, type)", "Parameter 'generator' is null for curandCreateGenerator",
            () -> JCurand.curandCreateGenerator(null, 100));
        nullPointer("curandGenerateUniform(generator, null, n)",
            "Parameter 'outputPtr' is null for curandGenerateUniform",
            () -> JCurand.curandGenerateUniform(new curandGenerator(), null, 4));
        nullPointer("nvrtcCreateProgram(null, ...)", "Parameter 'prog' is null for nvrtcCreateProgram",
            () -> JNvrtc.nvrtcCreateProgram(null, "", "a.cu", 0, null, null));
        nullPointer("nvrtcCreateProgram(prog, null, ...)", "Parameter 'src' is null for nvrtcCreateProgram",
            () -> JNvrtc.nvrtcCreateProgram(new nvrtcProgram(), null, "a.cu", 0, null, null));
        nullPointer("nvrtcGetPTX(prog, null)", "Parameter 'ptx' is null for nvrtcGetPTX",
            () -> JNvrtc.nvrtcGetPTX(new nvrtcProgram(), null));
    }

    private void status(final String name, final int expected, final IntSupplier call)
    {
        try
        {
            checks.equal(name, expected, call.getAsInt());
        }
        catch (final RuntimeException ex)
        {
            checks.check(name, false, "expected status " + expected + " but got " + ex);
        }
    }

    private void nullPointer(final String name, final String message, final Runnable call)
    {
        try
        {
            call.run();
            checks.check(name, false, "no exception");
        }
        catch (final NullPointerException ex)
        {
            checks.check(name, message.equals(ex.getMessage()), "expected \"" + message + "\" but was \"" +
                ex.getMessage() + "\"");
        }
        catch (final RuntimeException ex)
        {
            checks.check(name, false, "expected a NullPointerException but got " + ex);
        }
    }

    private void exception(final String name, final String message, final Runnable call)
    {
        try
        {
            call.run();
            checks.check(name, false, "no exception");
        }
        catch (final CudaException ex)
        {
            checks.check(name, message.equals(ex.getMessage()), "expected \"" + message + "\" but was \"" +
                ex.getMessage() + "\"");
        }
        catch (final RuntimeException ex)
        {
            checks.check(name, false, "expected a CudaException but got " + ex);
        }
    }
}
