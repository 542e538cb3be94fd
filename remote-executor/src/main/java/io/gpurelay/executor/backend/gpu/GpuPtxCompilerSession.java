package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.CU_JIT_ERROR_LOG_BUFFER;
import static org.bytedeco.cuda.global.cudart.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
import static org.bytedeco.cuda.global.cudart.CU_JIT_INFO_LOG_BUFFER;
import static org.bytedeco.cuda.global.cudart.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
import static org.bytedeco.cuda.global.cudart.CU_JIT_INPUT_PTX;
import static org.bytedeco.cuda.global.cudart.cuCtxPopCurrent;
import static org.bytedeco.cuda.global.cudart.cuCtxPushCurrent;
import static org.bytedeco.cuda.global.cudart.cuDevicePrimaryCtxRelease;
import static org.bytedeco.cuda.global.cudart.cuDevicePrimaryCtxRetain;
import static org.bytedeco.cuda.global.cudart.cuDriverGetVersion;
import static org.bytedeco.cuda.global.cudart.cuLinkAddData;
import static org.bytedeco.cuda.global.cudart.cuLinkComplete;
import static org.bytedeco.cuda.global.cudart.cuLinkCreate;
import static org.bytedeco.cuda.global.cudart.cuLinkDestroy;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.PtxCompilation;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import org.bytedeco.cuda.cudart.CUctx_st;
import org.bytedeco.cuda.cudart.CUlinkState_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * nvPTXCompiler on a GPU host: the PTX is compiled to a cubin by the CUDA driver's JIT compiler ({@code cuLinkCreate},
 * {@code cuLinkAddData} with {@code CU_JIT_INPUT_PTX}, {@code cuLinkComplete}), the same ptxas that
 * {@code cuModuleLoadData} of PTX runs, and one every GPU host has with its driver: the executor needs no CUDA
 * toolkit (nvPTXCompiler's static library has no JavaCPP preset). Options become {@code CUjit_option}s
 * ({@link JitOptions}); the logs are the JIT's error and information logs ({@value #LOG_BYTES} bytes each at most).
 * <p>
 * The JIT runs in a context: the primary context of the session's first device, retained on the first compilation and
 * released when the session ends. Sessions make their own contexts for their work ({@link GpuBackendSession}), so the
 * primary context holds nothing of theirs; it is pushed for the compilation and popped after it.
 */
final class GpuPtxCompilerSession implements PtxCompilerSession
{
    static final int LOG_BYTES = 64 << 10;

    private final GpuDevice device;
    private CUctx_st context;

    GpuPtxCompilerSession(final GpuDevice device)
    {
        this.device = device;
    }

    /**
     * The driver's CUDA version: its JIT compiler is the one that compiles.
     */
    public void version(final CallResult result)
    {
        final int[] version = new int[1];
        final int status = cuDriverGetVersion(version);
        if (status != CUDA_SUCCESS)
        {
            result.fail(CudaError.library(Api.NVPTXCOMPILER, NvPtxCompilerStatus.INTERNAL, "NVPTXCOMPILE_ERROR_INTERNAL"),
                "nvPTXCompilerGetVersion: cuDriverGetVersion: " + GpuRuntime.errorName(status));
            return;
        }
        result.value(version[0] / 1000).value(version[0] % 1000 / 10);
    }

    public PtxCompilation compile(final byte[] ptx, final String[] options)
    {
        final JitOptions jit = JitOptions.parse(options);
        if (jit.refusal() != null)
        {
            return PtxCompilation.failed(NvPtxCompilerStatus.COMPILATION_FAILURE, jit.refusal());
        }
        if (context == null)
        {
            final CUctx_st primary = new CUctx_st();
            final int status = cuDevicePrimaryCtxRetain(primary, device.handle());
            if (status != CUDA_SUCCESS)
            {
                return PtxCompilation.failed(NvPtxCompilerStatus.INTERNAL, "gpurelay: retaining the primary " +
                    "context of the device to run the JIT compiler in failed: " + GpuRuntime.errorName(status));
            }
            context = primary;
        }
        int status = cuCtxPushCurrent(context);
        if (status != CUDA_SUCCESS)
        {
            return PtxCompilation.failed(NvPtxCompilerStatus.INTERNAL, "gpurelay: making the JIT compiler's " +
                "context current failed: " + GpuRuntime.errorName(status));
        }
        try
        {
            return link(ptx, jit.options());
        }
        finally
        {
            cuCtxPopCurrent(new CUctx_st());
        }
    }

    private static PtxCompilation link(final byte[] ptx, final List<int[]> jitOptions)
    {
        final int count = jitOptions.size() + 4;
        try (BytePointer input = new BytePointer(ptx.length + 1L);
            BytePointer name = new BytePointer("application ptx input", StandardCharsets.UTF_8);
            BytePointer errorLog = new BytePointer(LOG_BYTES);
            BytePointer infoLog = new BytePointer(LOG_BYTES);
            IntPointer options = new IntPointer(count);
            LongPointer values = new LongPointer(count);
            PointerPointer<Pointer> cubinOut = new PointerPointer<>(1);
            SizeTPointer sizeOut = new SizeTPointer(1))
        {
            input.put(ptx, 0, ptx.length).put(ptx.length, (byte)0);
            errorLog.put(0, (byte)0);
            infoLog.put(0, (byte)0);
            // Option values are void*; a number travels as an integer in the pointer's place. The array goes as a
            // PointerPointer: the overload that takes a Pointer would pass the address of its address.
            options.put(0, CU_JIT_ERROR_LOG_BUFFER).put(1, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
                .put(2, CU_JIT_INFO_LOG_BUFFER).put(3, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
            values.put(0, errorLog.address()).put(1, LOG_BYTES).put(2, infoLog.address()).put(3, LOG_BYTES);
            for (int i = 0; i < jitOptions.size(); i++)
            {
                options.put(4 + i, jitOptions.get(i)[0]);
                values.put(4 + i, jitOptions.get(i)[1]);
            }
            final CUlinkState_st state = new CUlinkState_st();
            int status = cuLinkCreate(count, options, new PointerPointer<>(values), state);
            if (status != CUDA_SUCCESS)
            {
                return failed(status, "cuLinkCreate", errorLog, infoLog);
            }
            try
            {
                status = cuLinkAddData(state, CU_JIT_INPUT_PTX, input, ptx.length + 1L, name, 0, (IntPointer)null,
                    (PointerPointer<?>)null);
                if (status != CUDA_SUCCESS)
                {
                    return failed(status, "cuLinkAddData", errorLog, infoLog);
                }
                status = cuLinkComplete(state, cubinOut, sizeOut);
                if (status != CUDA_SUCCESS)
                {
                    return failed(status, "cuLinkComplete", errorLog, infoLog);
                }
                final byte[] cubin = new byte[(int)sizeOut.get()];
                new BytePointer(cubinOut.get(0)).capacity(cubin.length).get(cubin);
                return new PtxCompilation(NvPtxCompilerStatus.SUCCESS, cubin, cString(errorLog), cString(infoLog));
            }
            finally
            {
                cuLinkDestroy(state);
            }
        }
    }

    /**
     * The driver's failure as nvPTXCompiler would report it: a PTX the JIT rejects is a compilation failure, with the
     * JIT's error log, or the driver's status where the log is empty.
     */
    private static PtxCompilation failed(
        final int driverStatus, final String call, final BytePointer errorLog, final BytePointer infoLog)
    {
        final int status = switch (driverStatus)
        {
            case 222 -> NvPtxCompilerStatus.UNSUPPORTED_PTX_VERSION; // CUDA_ERROR_UNSUPPORTED_PTX_VERSION
            case 2 -> NvPtxCompilerStatus.OUT_OF_MEMORY; // CUDA_ERROR_OUT_OF_MEMORY
            // CUDA_ERROR_INVALID_VALUE, _INVALID_IMAGE, _NO_BINARY_FOR_GPU, _INVALID_PTX
            case 1, 200, 209, 218 -> NvPtxCompilerStatus.COMPILATION_FAILURE;
            default -> NvPtxCompilerStatus.INTERNAL;
        };
        final String log = cString(errorLog);
        return new PtxCompilation(status, null,
            (log.isEmpty() ? "" : log + "\n") + "gpurelay: " + call + " failed: " + GpuRuntime.errorName(driverStatus),
            cString(infoLog));
    }

    public void close()
    {
        if (context != null)
        {
            cuDevicePrimaryCtxRelease(device.handle());
            context = null;
        }
    }

    private static String cString(final BytePointer text)
    {
        final byte[] bytes = new byte[(int)BytePointer.strlen(text)];
        text.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8).strip();
    }
}
