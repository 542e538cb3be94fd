package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_ERROR_STUB_LIBRARY;
import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuDeviceGetCount;
import static org.bytedeco.cuda.global.cudart.cuDriverGetVersion;
import static org.bytedeco.cuda.global.cudart.cuGetErrorName;
import static org.bytedeco.cuda.global.cudart.cuInit;
import static org.bytedeco.cuda.global.cudart.cudaRuntimeGetVersion;
import static org.bytedeco.cuda.global.cudart.cudaSuccess;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.bytedeco.cuda.global.cudart;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Loader;

/**
 * The CUDA installation of this process, through JavaCPP's presets: whether it can be used at all, and what it
 * reports about itself. The presets link the host's CUDA 13 libraries ({@code libcudart.so.13}, {@code libcuda.so.1});
 * on a host without them loading fails, and {@link #usable()} says so instead of throwing, so that
 * {@code --backend auto} can fall back to the emulator.
 * <p>
 * JavaCPP finds its JNI libraries as class path resources ({@code org/bytedeco/cuda/linux-x86_64/libjnicudart.so},
 * {@code org/bytedeco/javacpp/linux-x86_64/libjnijavacpp.so}), in the platform jars or in the executor's fat jar
 * alike, and extracts them to its cache directory before it loads them.
 * <p>
 * Everything here is process-wide and thread safe. The probe runs once, on first use.
 */
public final class GpuRuntime
{
    /** The system property that names JavaCPP's cache directory. */
    public static final String CACHE_DIR_PROP_NAME = "org.bytedeco.javacpp.cachedir";

    private GpuRuntime()
    {
    }

    /**
     * Whether this process can run CUDA: the libraries load, {@code cuInit} succeeds and there is at least one
     * device. Never throws; returns false quickly where there is no CUDA (no driver, a stub driver, no device).
     */
    public static boolean usable()
    {
        return Probe.UNUSABLE_REASON == null;
    }

    /**
     * Why {@link #usable()} is false, for the executor's log; null when it is true.
     */
    public static String unusableReason()
    {
        return Probe.UNUSABLE_REASON;
    }

    /**
     * How many CUDA devices the host has, after {@code CUDA_VISIBLE_DEVICES}.
     *
     * @throws IllegalStateException when CUDA is not {@link #usable()}.
     */
    public static int deviceCount()
    {
        requireUsable();
        final int[] count = new int[1];
        check(cuDeviceGetCount(count), "cuDeviceGetCount");
        return count[0];
    }

    /**
     * The CUDA version the driver supports, e.g. 13000 for CUDA 13.0.
     */
    public static int driverVersion()
    {
        requireUsable();
        final int[] version = new int[1];
        check(cuDriverGetVersion(version), "cuDriverGetVersion");
        return version[0];
    }

    /**
     * The version of the CUDA runtime library the presets loaded: the host's {@code libcudart.so.13}, not the
     * version the presets were built against.
     */
    public static int runtimeVersion()
    {
        requireUsable();
        final int[] version = new int[1];
        final int status = cudaRuntimeGetVersion(version);
        if (status != cudaSuccess)
        {
            throw new IllegalStateException("cudaRuntimeGetVersion failed with cudaError_t " + status);
        }
        return version[0];
    }

    /**
     * CUDA's name for a driver result, e.g. {@code CUDA_ERROR_INVALID_VALUE}, for messages.
     */
    public static String errorName(final int driverResult)
    {
        if (usable())
        {
            final BytePointer name = new BytePointer();
            if (cuGetErrorName(driverResult, name) == CUDA_SUCCESS && !name.isNull())
            {
                return name.getString();
            }
        }
        return "CUresult " + driverResult;
    }

    /**
     * JavaCPP extracts its JNI libraries to {@code ~/.javacpp/cache}. Where the home directory is not writable
     * (a service account without a home, a read-only container) it falls back to
     * {@code ${java.io.tmpdir}/.javacpp-${user.name}/cache}, a path anyone on the host can create first and plant
     * libraries in; a private temporary directory, removed at exit, is safe. A cache directory the operator set
     * is left alone. Also called before NVML is loaded (in the supervisor of process isolation, where the probe
     * never runs); the directory is chosen once.
     */
    static synchronized void useWritableCacheDirectory() throws IOException
    {
        if (System.getProperty(CACHE_DIR_PROP_NAME) != null ||
            System.getProperty("org.bytedeco.javacpp.cacheDir") != null)
        {
            return;
        }
        final File homeCache = new File(System.getProperty("user.home"), ".javacpp/cache");
        if ((homeCache.isDirectory() || homeCache.mkdirs()) && homeCache.canWrite() && homeCache.canExecute())
        {
            return;
        }
        final Path directory = Files.createTempDirectory("gpurelay-javacpp-");
        System.setProperty(CACHE_DIR_PROP_NAME, directory.toString());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(directory), "gpurelay-javacpp-cache"));
    }

    private static void deleteTree(final Path directory)
    {
        try (Stream<Path> paths = Files.walk(directory))
        {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        catch (final IOException ex)
        {
            // A temporary directory left behind is harmless; the process is exiting.
        }
    }

    static void requireUsable()
    {
        if (!usable())
        {
            throw new IllegalStateException("CUDA is not usable in this process: " + unusableReason());
        }
    }

    private static void check(final int driverResult, final String function)
    {
        if (driverResult != CUDA_SUCCESS)
        {
            throw new IllegalStateException(function + " failed: " + errorName(driverResult));
        }
    }

    /**
     * Holds the probe's outcome, so that it runs once, when first asked, and not when the class is merely loaded.
     */
    private static final class Probe
    {
        static final String UNUSABLE_REASON = probe();

        private static String probe()
        {
            try
            {
                useWritableCacheDirectory();
                Loader.load(cudart.class);
                final int initResult = cuInit(0);
                if (initResult != CUDA_SUCCESS)
                {
                    return "cuInit failed with CUresult " + initResult + (initResult == CUDA_ERROR_STUB_LIBRARY ?
                        " (the CUDA driver found is the toolkit's stub, not an installed driver)" : "");
                }
                final int[] count = new int[1];
                final int countResult = cuDeviceGetCount(count);
                if (countResult != CUDA_SUCCESS)
                {
                    return "cuDeviceGetCount failed with CUresult " + countResult;
                }
                return count[0] > 0 ? null : "the CUDA driver reports no device";
            }
            catch (final Throwable ex)
            {
                // JavaCPP's own message only says that its JNI library is not on the library path; the cause it
                // wraps names the library the dynamic linker missed, e.g. libcuda.so.1 where no driver is installed.
                Throwable cause = ex;
                while (cause.getCause() != null)
                {
                    cause = cause.getCause();
                }
                return "the CUDA libraries could not be loaded: " + cause;
            }
        }
    }
}
