package io.gpurelay.it.javacpp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.cuda.curand.curandGenerator_st;
import org.bytedeco.cuda.nvrtc._nvrtcProgram;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

import static org.bytedeco.cuda.global.cublas.CUBLAS_OP_N;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cublas.cublasSgemm_v2;
import static org.bytedeco.cuda.global.cudart.cuLaunchKernel;
import static org.bytedeco.cuda.global.cudart.cuStreamIsCapturing;
import static org.bytedeco.cuda.global.cudart.cuModuleGetFunction;
import static org.bytedeco.cuda.global.cudart.cuModuleLoadData;
import static org.bytedeco.cuda.global.cudart.cuModuleUnload;
import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceCount;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceProperties;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cudart.cudaMemset;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.CUFFT_INVERSE;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftPlan1d;
import static org.bytedeco.cuda.global.curand.CURAND_RNG_PSEUDO_XORWOW;
import static org.bytedeco.cuda.global.curand.curandCreateGenerator;
import static org.bytedeco.cuda.global.curand.curandDestroyGenerator;
import static org.bytedeco.cuda.global.curand.curandGenerateUniform;
import static org.bytedeco.cuda.global.curand.curandSetPseudoRandomGeneratorSeed;
import static org.bytedeco.cuda.global.nvrtc.NVRTC_SUCCESS;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCompileProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCreateProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcDestroyProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetPTX;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetPTXSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetProgramLog;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetProgramLogSize;

/**
 * An ordinary JavaCPP CUDA program (JavaCPP's presets, no JCuda): counts devices, reads device 0's properties
 * ({@code cudaDeviceProp}: name, compute capability, memory), allocates, copies and sets device
 * memory through {@code FloatPointer}s, compiles SAXPY with NVRTC (or, where the executor has no compiler and NVRTC
 * says so, loads the same kernel's PTX), loads it with {@code cuModuleLoadData}, launches it with a
 * {@code PointerPointer} of parameters, multiplies matrices with {@code cublasSgemm_v2}, draws XORWOW uniforms with
 * cuRAND and transforms a signal forward and back with cuFFT. Each result is checked on the host; the last line is {@code PASSED} and, with argument {@code dump}, the
 * results are printed as hexadecimal so that two runs (local and remote) can be compared bit for bit.
 */
public final class JavaCppProgram
{
    private static final String SAXPY = """
        extern "C" __global__ void saxpy(int n, float a, const float* x, float* y)
        {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n)
            {
                y[i] = a * x[i] + y[i];
            }
        }
        """;
    private static final int N = 1 << 16;
    private static final int M = 64;

    private JavaCppProgram()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final boolean dump = args.length > 0 && args[0].equals("dump");
        final int[] count = new int[1];
        check(cudaGetDeviceCount(count), "cudaGetDeviceCount");
        System.out.println("devices: " + count[0]);
        if (count[0] < 1)
        {
            throw new AssertionError("no device");
        }
        final cudaDeviceProp properties = new cudaDeviceProp();
        check(cudaGetDeviceProperties(properties, 0), "cudaGetDeviceProperties");
        final String device = properties.name().getString() + " sm_" + properties.major() + properties.minor();
        if (properties.major() < 1 || properties.name().getString().isEmpty() || properties.totalGlobalMem() <= 0)
        {
            throw new AssertionError("cudaGetDeviceProperties gave " + device + ", " +
                properties.totalGlobalMem() + " bytes");
        }
        System.out.println("device 0: " + device + ", " + properties.multiProcessorCount() + " multiprocessors");

        // Memory: FloatPointers on both sides.
        final FloatPointer hostX = new FloatPointer(N);
        final FloatPointer hostY = new FloatPointer(N);
        for (int i = 0; i < N; i++)
        {
            hostX.put(i, i * 0.5f);
            hostY.put(i, 1.0f + i);
        }
        final Pointer x = new Pointer();
        final Pointer y = new Pointer();
        check(cudaMalloc(x, (long)N * Float.BYTES), "cudaMalloc x");
        check(cudaMalloc(y, (long)N * Float.BYTES), "cudaMalloc y");
        check(cudaMemset(y, 0, (long)N * Float.BYTES), "cudaMemset");
        final FloatPointer zeros = new FloatPointer(N);
        check(cudaMemcpy(zeros, y, (long)N * Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy zeros");
        for (int i = 0; i < N; i++)
        {
            if (zeros.get(i) != 0f)
            {
                throw new AssertionError("cudaMemset left " + zeros.get(i) + " at " + i);
            }
        }
        check(cudaMemcpy(x, hostX, (long)N * Float.BYTES, cudaMemcpyHostToDevice), "cudaMemcpy x");
        check(cudaMemcpy(y, hostY, (long)N * Float.BYTES, cudaMemcpyHostToDevice), "cudaMemcpy y");

        // NVRTC, then the driver API: module, function, launch with a PointerPointer of parameters.
        final String ptx = compile();
        final CUmod_st module = new CUmod_st();
        check(cuModuleLoadData(module, new BytePointer(ptx)), "cuModuleLoadData");
        final CUfunc_st saxpy = new CUfunc_st();
        check(cuModuleGetFunction(saxpy, module, "saxpy"), "cuModuleGetFunction");
        final float a = 2.0f;
        final PointerPointer<Pointer> parameters = new PointerPointer<>(
            new IntPointer(new int[]{ N }),
            new FloatPointer(new float[]{ a }),
            new LongPointer(new long[]{ x.address() }),
            new LongPointer(new long[]{ y.address() }));
        check(cuLaunchKernel(saxpy, (N + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null), "cuLaunchKernel");
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        final int[] capturing = { -1 };
        check(cuStreamIsCapturing((CUstream_st)null, capturing), "cuStreamIsCapturing");
        if (capturing[0] != 0)
        {
            throw new AssertionError("the default stream captures: " + capturing[0]);
        }
        final FloatPointer result = new FloatPointer(N);
        check(cudaMemcpy(result, y, (long)N * Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy result");
        for (int i = 0; i < N; i++)
        {
            final float expected = a * (i * 0.5f) + (1.0f + i);
            if (result.get(i) != expected)
            {
                throw new AssertionError("saxpy[" + i + "] = " + result.get(i) + ", expected " + expected);
            }
        }
        System.out.println("saxpy: " + N + " elements correct");
        check(cuModuleUnload(module), "cuModuleUnload");

        // cuBLAS: C = A * B for M x M matrices of small integers, exact in float.
        final FloatPointer hostA = new FloatPointer((long)M * M);
        final FloatPointer hostB = new FloatPointer((long)M * M);
        for (int i = 0; i < M * M; i++)
        {
            hostA.put(i, (i % 7) - 3);
            hostB.put(i, (i % 5) - 2);
        }
        final FloatPointer dA = new FloatPointer();
        final FloatPointer dB = new FloatPointer();
        final FloatPointer dC = new FloatPointer();
        final long matrixBytes = (long)M * M * Float.BYTES;
        check(cudaMalloc(dA, matrixBytes), "cudaMalloc A");
        check(cudaMalloc(dB, matrixBytes), "cudaMalloc B");
        check(cudaMalloc(dC, matrixBytes), "cudaMalloc C");
        check(cudaMemcpy(dA, hostA, matrixBytes, cudaMemcpyHostToDevice), "cudaMemcpy A");
        check(cudaMemcpy(dB, hostB, matrixBytes, cudaMemcpyHostToDevice), "cudaMemcpy B");
        final cublasContext handle = new cublasContext();
        check(cublasCreate_v2(handle), "cublasCreate_v2");
        check(cublasSgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, M, M, M, new FloatPointer(1.0f), dA, M, dB, M,
            new FloatPointer(0.0f), dC, M), "cublasSgemm_v2");
        final FloatPointer hostC = new FloatPointer((long)M * M);
        check(cudaMemcpy(hostC, dC, matrixBytes, cudaMemcpyDeviceToHost), "cudaMemcpy C");
        for (int row = 0; row < M; row++)
        {
            for (int column = 0; column < M; column++)
            {
                float expected = 0;
                for (int k = 0; k < M; k++)
                {
                    expected += hostA.get(row + (long)k * M) * hostB.get(k + (long)column * M);
                }
                if (hostC.get(row + (long)column * M) != expected)
                {
                    throw new AssertionError("sgemm C[" + row + "," + column + "] = " +
                        hostC.get(row + (long)column * M) + ", expected " + expected);
                }
            }
        }
        check(cublasDestroy_v2(handle), "cublasDestroy_v2");
        System.out.println("sgemm: " + M + "x" + M + " correct");

        // cuRAND: XORWOW uniforms in (0, 1], reproducible from the seed.
        final curandGenerator_st generator = new curandGenerator_st();
        check(curandCreateGenerator(generator, CURAND_RNG_PSEUDO_XORWOW), "curandCreateGenerator");
        check(curandSetPseudoRandomGeneratorSeed(generator, 1234L), "curandSetPseudoRandomGeneratorSeed");
        check(curandGenerateUniform(generator, dC, (long)M * M), "curandGenerateUniform");
        final FloatPointer uniforms = new FloatPointer((long)M * M);
        check(cudaMemcpy(uniforms, dC, matrixBytes, cudaMemcpyDeviceToHost), "cudaMemcpy uniforms");
        double sum = 0;
        for (int i = 0; i < M * M; i++)
        {
            final float u = uniforms.get(i);
            if (!(u > 0f && u <= 1f))
            {
                throw new AssertionError("uniform[" + i + "] = " + u + " is outside (0, 1]");
            }
            sum += u;
        }
        if (Math.abs(sum / (M * M) - 0.5) > 0.05)
        {
            throw new AssertionError("the uniforms' mean is " + sum / (M * M));
        }
        check(curandDestroyGenerator(generator), "curandDestroyGenerator");
        System.out.println("curand: " + M * M + " XORWOW uniforms, mean " + sum / (M * M));

        // cuFFT: a complex-to-complex transform forward and back gives n times the input.
        final int fftLength = 256;
        final FloatPointer signal = new FloatPointer(2L * fftLength);
        for (int i = 0; i < fftLength; i++)
        {
            signal.put(2L * i, (float)Math.sin(i * 0.1));
            signal.put(2L * i + 1, (float)Math.cos(i * 0.3));
        }
        final float2 fftData = new float2();
        check(cudaMalloc(fftData, 2L * fftLength * Float.BYTES), "cudaMalloc fft");
        check(cudaMemcpy(fftData, signal, 2L * fftLength * Float.BYTES, cudaMemcpyHostToDevice), "cudaMemcpy fft");
        final int[] fftPlan = new int[1];
        check(cufftPlan1d(fftPlan, fftLength, CUFFT_C2C, 1), "cufftPlan1d");
        check(cufftExecC2C(fftPlan[0], fftData, fftData, CUFFT_FORWARD), "cufftExecC2C forward");
        check(cufftExecC2C(fftPlan[0], fftData, fftData, CUFFT_INVERSE), "cufftExecC2C inverse");
        final FloatPointer spectrum = new FloatPointer(2L * fftLength);
        check(cudaMemcpy(spectrum, fftData, 2L * fftLength * Float.BYTES, cudaMemcpyDeviceToHost), "cudaMemcpy fft");
        for (int i = 0; i < 2 * fftLength; i++)
        {
            if (Math.abs(spectrum.get(i) / fftLength - signal.get(i)) > 1e-4)
            {
                throw new AssertionError("fft round trip [" + i + "] = " + spectrum.get(i) / fftLength + ", expected " +
                    signal.get(i));
            }
        }
        check(cufftDestroy(fftPlan[0]), "cufftDestroy");
        check(cudaFree(fftData), "cudaFree fft");
        System.out.println("cufft: C2C round trip of " + fftLength + " points correct");

        for (final Pointer p : new Pointer[]{ x, y, dA, dB, dC })
        {
            check(cudaFree(p), "cudaFree");
        }
        if (dump)
        {
            System.out.println("result-hash device=" + device.replace(' ', '_') + " saxpy=" + hash(result, N) + " sgemm=" + hash(hostC, M * M) +
                " uniforms=" + hash(uniforms, M * M) + " fft=" + hash(spectrum, 2 * fftLength));
        }
        System.out.println("PASSED");
    }

    /**
     * The kernel's PTX from NVRTC; where the executor says it has no compiler (NVRTC_ERROR_COMPILATION with that
     * log), the PTX nvcc made of the same source.
     */
    private static String compile() throws IOException
    {
        final _nvrtcProgram program = new _nvrtcProgram();
        final int created = nvrtcCreateProgram(program, new BytePointer(SAXPY), new BytePointer("saxpy.cu"), 0,
            (PointerPointer<?>)null, (PointerPointer<?>)null);
        if (created != NVRTC_SUCCESS)
        {
            throw new AssertionError("nvrtcCreateProgram returned " + created);
        }
        final int compiled = nvrtcCompileProgram(program, 1, new PointerPointer<>("--gpu-architecture=compute_90"));
        final SizeTPointer logSize = new SizeTPointer(1);
        check(nvrtcGetProgramLogSize(program, logSize), "nvrtcGetProgramLogSize");
        final BytePointer log = new BytePointer(logSize.get());
        check(nvrtcGetProgramLog(program, log), "nvrtcGetProgramLog");
        final String ptx;
        if (compiled == NVRTC_SUCCESS)
        {
            final SizeTPointer size = new SizeTPointer(1);
            check(nvrtcGetPTXSize(program, size), "nvrtcGetPTXSize");
            final BytePointer text = new BytePointer(size.get());
            check(nvrtcGetPTX(program, text), "nvrtcGetPTX");
            ptx = text.getString(StandardCharsets.UTF_8);
            if (!ptx.contains(".entry saxpy"))
            {
                throw new AssertionError("NVRTC's PTX has no saxpy entry:\n" + ptx);
            }
            System.out.println("nvrtc: compiled " + size.get() + " bytes of PTX");
        }
        else
        {
            System.out.println("nvrtc: compile returned " + compiled + ", log: " + log.getString());
            if (!log.getString().contains("nvcc"))
            {
                throw new AssertionError("NVRTC failed without saying the executor has no compiler: " +
                    log.getString());
            }
            try (InputStream in = JavaCppProgram.class.getResourceAsStream("/kernels/saxpy.ptx"))
            {
                ptx = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        check(nvrtcDestroyProgram(program), "nvrtcDestroyProgram");
        return ptx;
    }

    private static String hash(final FloatPointer values, final int count)
    {
        long hash = 1125899906842597L;
        for (int i = 0; i < count; i++)
        {
            hash = 31 * hash + Float.floatToRawIntBits(values.get(i));
        }
        return Long.toHexString(hash);
    }

    private static void check(final int status, final String what)
    {
        if (status != 0)
        {
            throw new AssertionError(what + " returned " + status);
        }
    }
}
