package io.gpurelay.samples;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.nio.charset.StandardCharsets;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;

/**
 * One kernel of the PTX in this jar, ready to launch through JCuda's driver API on device 0: the driver initialised,
 * a context of its own made current, the module loaded and the kernel's function looked up. {@link #unload} unloads
 * the module and destroys the context.
 */
final class PtxKernel
{
    /** The device's name, as cuDeviceGetName gives it. */
    final String deviceName;
    final CUfunction function;
    private final CUcontext context;
    private final CUmodule module;

    private PtxKernel(final String deviceName, final CUcontext context, final CUmodule module,
        final CUfunction function)
    {
        this.deviceName = deviceName;
        this.context = context;
        this.module = module;
        this.function = function;
    }

    /**
     * @param ptxFile    the bundled PTX file ({@link BundledPtx}).
     * @param kernelName the kernel's name in it.
     */
    static PtxKernel load(final String ptxFile, final String kernelName)
    {
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final byte[] name = new byte[256];
        cuDeviceGetName(name, name.length, device);
        final CUcontext context = new CUcontext();
        cuCtxCreate(context, 0, device);
        final CUmodule module = new CUmodule();
        cuModuleLoadData(module, BundledPtx.read(ptxFile));
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, kernelName);
        return new PtxKernel(new String(name, StandardCharsets.US_ASCII).replace("\0", "").trim(), context, module,
            function);
    }

    void unload()
    {
        cuModuleUnload(module);
        cuCtxDestroy(context);
    }
}
