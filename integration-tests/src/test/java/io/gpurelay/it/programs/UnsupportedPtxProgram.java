package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;

/**
 * Loads what the device emulator must refuse: PTX with an instruction it does not run, and a binary image.
 * Argument: the folder with the kernels.
 */
public final class UnsupportedPtxProgram
{
    private UnsupportedPtxProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Checks checks = new Checks();
        final Path kernels = Path.of(args[0]);
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        checks.equal("cuCtxCreate", 0, cuCtxCreate(new CUcontext(), 0, device));
        checks.equal("PTX with tex.1d refused", CUresult.CUDA_ERROR_INVALID_PTX,
            cuModuleLoad(new CUmodule(), kernels.resolve("unsupported_texture.ptx").toString()));
        final byte[] elf = { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        checks.equal("binary image refused", CUresult.CUDA_ERROR_INVALID_IMAGE, cuModuleLoadData(new CUmodule(), elf));
        checks.equal("a missing file", CUresult.CUDA_ERROR_FILE_NOT_FOUND,
            cuModuleLoad(new CUmodule(), kernels.resolve("no-such-module.ptx").toString()));
        checks.equal("context still healthy", 0, cuCtxSynchronize());
        checks.finish();
    }
}
