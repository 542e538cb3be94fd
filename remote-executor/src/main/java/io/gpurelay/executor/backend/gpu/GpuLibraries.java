package io.gpurelay.executor.backend.gpu;

import org.bytedeco.cuda.global.cufft;
import org.bytedeco.cuda.global.curand;
import org.bytedeco.cuda.global.nvrtc;
import org.bytedeco.javacpp.Loader;

/**
 * Whether the host's cuRAND, cuFFT and NVRTC libraries load. A GPU host may lack one of them ({@code libcurand.so.10},
 * {@code libnvrtc.so.13}); its calls then fail with the library's status and the linker's reason, and the executor
 * keeps serving everything else. Each library is tried once, when first needed.
 */
final class GpuLibraries
{
    private GpuLibraries()
    {
    }

    /**
     * @return null if cuRAND loaded, else why not.
     */
    static String curandUnusableReason()
    {
        return Curand.UNUSABLE_REASON;
    }

    /**
     * @return null if cuFFT loaded, else why not.
     */
    static String cufftUnusableReason()
    {
        return Cufft.UNUSABLE_REASON;
    }

    /**
     * @return null if NVRTC loaded, else why not.
     */
    static String nvrtcUnusableReason()
    {
        return Nvrtc.UNUSABLE_REASON;
    }

    private static String load(final Class<?> presets, final String library)
    {
        try
        {
            Loader.load(presets);
            return null;
        }
        catch (final Throwable ex)
        {
            Throwable cause = ex;
            while (cause.getCause() != null)
            {
                cause = cause.getCause();
            }
            return library + " could not be loaded on the executor's host: " + cause;
        }
    }

    private static final class Curand
    {
        static final String UNUSABLE_REASON = load(curand.class, "cuRAND (libcurand.so.10)");
    }

    private static final class Cufft
    {
        static final String UNUSABLE_REASON = load(cufft.class, "cuFFT (libcufft.so.12)");
    }

    private static final class Nvrtc
    {
        static final String UNUSABLE_REASON = load(nvrtc.class, "NVRTC (libnvrtc.so.13)");
    }
}
