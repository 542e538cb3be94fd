package io.gpurelay.it.javacpp;

import java.nio.IntBuffer;
import java.util.Arrays;

import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.cuda.curand.curandDiscreteDistribution_st;
import org.bytedeco.cuda.curand.curandGenerator_st;
import org.bytedeco.cuda.nvrtc._nvrtcProgram;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

import static org.bytedeco.cuda.global.cudart.cuModuleGetFunction;
import static org.bytedeco.cuda.global.cudart.cuModuleLoadData;
import static org.bytedeco.cuda.global.cudart.cuModuleUnload;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceProperties;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.CUFFT_INVALID_VALUE;
import static org.bytedeco.cuda.global.cufft.CUFFT_R2C;
import static org.bytedeco.cuda.global.cufft.cufftCreate;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftEstimateMany;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftExecR2C;
import static org.bytedeco.cuda.global.cufft.cufftGetProperty;
import static org.bytedeco.cuda.global.cufft.cufftGetSizeMany;
import static org.bytedeco.cuda.global.cufft.cufftGetSizeMany64;
import static org.bytedeco.cuda.global.cufft.cufftGetVersion;
import static org.bytedeco.cuda.global.cufft.cufftMakePlanMany;
import static org.bytedeco.cuda.global.cufft.cufftMakePlanMany64;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;
import static org.bytedeco.cuda.global.curand.CURAND_DIRECTION_VECTORS_32_JOEKUO6;
import static org.bytedeco.cuda.global.curand.CURAND_DIRECTION_VECTORS_64_JOEKUO6;
import static org.bytedeco.cuda.global.curand.CURAND_RNG_PSEUDO_XORWOW;
import static org.bytedeco.cuda.global.curand.CURAND_STATUS_OUT_OF_RANGE;
import static org.bytedeco.cuda.global.curand.CURAND_STATUS_TYPE_ERROR;
import static org.bytedeco.cuda.global.curand.curandCreateGenerator;
import static org.bytedeco.cuda.global.curand.curandCreatePoissonDistribution;
import static org.bytedeco.cuda.global.curand.curandDestroyDistribution;
import static org.bytedeco.cuda.global.curand.curandDestroyGenerator;
import static org.bytedeco.cuda.global.curand.curandGeneratePoisson;
import static org.bytedeco.cuda.global.curand.curandGetDirectionVectors32;
import static org.bytedeco.cuda.global.curand.curandGetDirectionVectors64;
import static org.bytedeco.cuda.global.curand.curandGetProperty;
import static org.bytedeco.cuda.global.curand.curandGetScrambleConstants32;
import static org.bytedeco.cuda.global.curand.curandGetScrambleConstants64;
import static org.bytedeco.cuda.global.curand.curandGetVersion;
import static org.bytedeco.cuda.global.curand.curandSetPseudoRandomGeneratorSeed;
import static org.bytedeco.cuda.global.nvrtc.NVRTC_ERROR_INVALID_INPUT;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCompileProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcCreateProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcDestroyProgram;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetCUBIN;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetCUBINSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetLTOIR;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetLTOIRSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetNumSupportedArchs;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetOptiXIR;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetOptiXIRSize;
import static org.bytedeco.cuda.global.nvrtc.nvrtcGetSupportedArchs;

/**
 * A JavaCPP program (the presets' Java classes only, no JCuda) on the cuFFT, cuRAND and NVRTC functions beyond
 * {@link JavaCppProgram}'s: batched and strided transforms planned with {@code cufftPlanMany},
 * {@code cufftMakePlanMany64} and {@code cufftMakePlanMany}, each compared with a direct DFT, work sizes and
 * {@code cufftGetProperty}; {@code curandGetProperty}, Poisson numbers with a plausible mean and variance, a Poisson
 * distribution, the Sobol' direction vectors (dimension 0 is van der Corput's) and scramble constants; NVRTC's
 * architectures, a CUBIN that loads, LTO IR and OptiX IR. Each result is checked here; the last line is
 * {@code PASSED}.
 * <p>
 * Arguments: {@code emulator} checks the emulator's documented answers (no Poisson distributions, no Sobol' tables,
 * no NVRTC binaries or architectures: {@code CURAND_STATUS_TYPE_ERROR}, {@code NVRTC_ERROR_INVALID_INPUT}) instead of
 * the GPU's results; {@code refusals} adds calls gpurelay refuses with the library's status and a log line (only
 * through the agent); {@code dump} prints a {@code result-hash} line of results that a local and a remote run on one
 * GPU must share bit for bit.
 */
public final class JavaCppLibrariesProgram
{
    /** {@code libraryPropertyType}'s MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL. */
    private static final int[] PROPERTY_TYPES = { 0, 1, 2 };
    private static final int SOBOL_DIMENSIONS = 20_000;
    private static final int N = 64;
    private static final int BATCH = 3;
    private static final int PAD = 8;
    private static final String SOURCE = "extern \"C\" __global__ void twice(float* x) { x[threadIdx.x] *= 2.0f; }";

    private static int passed;
    private static int failed;

    private JavaCppLibrariesProgram()
    {
    }

    public static void main(final String[] args)
    {
        final boolean emulator = Arrays.asList(args).contains("emulator");
        final boolean refusals = Arrays.asList(args).contains("refusals");
        final boolean dump = Arrays.asList(args).contains("dump");
        final cudaDeviceProp properties = new cudaDeviceProp();
        equal("cudaGetDeviceProperties", 0, cudaGetDeviceProperties(properties, 0));
        final int arch = properties.major() * 10 + properties.minor();
        final StringBuilder hashes = new StringBuilder("result-hash");
        cufft(hashes, refusals);
        curand(hashes, emulator, refusals);
        nvrtc(hashes, emulator, arch, refusals);
        if (dump)
        {
            System.out.println(hashes);
        }
        System.out.println(passed + " checks passed, " + failed + " failed");
        System.out.println(failed == 0 && passed > 0 ? "PASSED" : "FAILED");
        System.out.flush();
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }

    private static void cufft(final StringBuilder hashes, final boolean refusals)
    {
        // Three complex signals of N points, dense, and the same with PAD unused points after each.
        final float[] signals = new float[2 * N * BATCH];
        final float[] padded = new float[2 * (N + PAD) * BATCH];
        Arrays.fill(padded, 1.0e6f);
        for (int b = 0; b < BATCH; b++)
        {
            for (int i = 0; i < N; i++)
            {
                final float re = (float)Math.sin(0.1 * i * (b + 1));
                final float im = (float)Math.cos(0.05 * i + b);
                signals[2 * (b * N + i)] = re;
                signals[2 * (b * N + i) + 1] = im;
                padded[2 * (b * (N + PAD) + i)] = re;
                padded[2 * (b * (N + PAD) + i) + 1] = im;
            }
        }
        final long denseBytes = (long)signals.length * Float.BYTES;
        final float2 input = new float2();
        final float2 output = new float2();
        equal("cudaMalloc fft input", 0, cudaMalloc(input, (long)padded.length * Float.BYTES));
        equal("cudaMalloc fft output", 0, cudaMalloc(output, denseBytes));

        // cufftPlanMany: BATCH transforms of N points in the basic layout (no embeds).
        final int[] many = { -1 };
        equal("cufftPlanMany", 0, cufftPlanMany(many, 1, new int[]{ N }, (int[])null, 1, N, (int[])null, 1, N,
            CUFFT_C2C, BATCH));
        equal("cudaMemcpy signals", 0, cudaMemcpy(input, new FloatPointer(signals), denseBytes,
            cudaMemcpyHostToDevice));
        equal("cufftExecC2C (cufftPlanMany)", 0, cufftExecC2C(many[0], input, output, CUFFT_FORWARD));
        final float[] spectra = new float[signals.length];
        final FloatPointer received = new FloatPointer(spectra.length);
        equal("cudaMemcpy spectra", 0, cudaMemcpy(received, output, denseBytes, cudaMemcpyDeviceToHost));
        received.get(spectra);
        check("cufftPlanMany's batched transforms equal a direct DFT", matchesDft(signals, N, spectra, N, N),
            "first " + spectra[0] + ", " + spectra[1]);
        equal("cufftDestroy (cufftPlanMany)", 0, cufftDestroy(many[0]));
        hashes.append(" planMany=").append(hash(spectra));

        // cufftCreate + cufftMakePlanMany64: the same transforms from padded input (the advanced layout).
        final int[] created = { -1 };
        equal("cufftCreate", 0, cufftCreate(created));
        final SizeTPointer workSize = new SizeTPointer(1);
        workSize.put(-1L);
        final LongPointer n64 = new LongPointer(new long[]{ N });
        final LongPointer inembed = new LongPointer(new long[]{ N + PAD });
        // cuFFT documents cufftGetSize* and cufftMakePlan* as usable once per plan: the sizes ask plans of their own.
        final int[] sized = { -1 };
        equal("cufftCreate (cufftGetSizeMany64)", 0, cufftCreate(sized));
        equal("cufftGetSizeMany64", 0, cufftGetSizeMany64(sized[0], 1, n64, inembed, 1, N + PAD, n64, 1, N,
            CUFFT_C2C, BATCH, workSize));
        check("cufftGetSizeMany64 answers a work size", workSize.get() >= 0, "size " + workSize.get());
        equal("cufftDestroy (cufftGetSizeMany64)", 0, cufftDestroy(sized[0]));
        workSize.put(-1L);
        equal("cufftMakePlanMany64", 0, cufftMakePlanMany64(created[0], 1, n64, inembed, 1, N + PAD, n64, 1, N,
            CUFFT_C2C, BATCH, workSize));
        check("cufftMakePlanMany64 answers a work size", workSize.get() >= 0, "size " + workSize.get());
        equal("cudaMemcpy padded signals", 0, cudaMemcpy(input, new FloatPointer(padded),
            (long)padded.length * Float.BYTES, cudaMemcpyHostToDevice));
        equal("cufftExecC2C (cufftMakePlanMany64)", 0, cufftExecC2C(created[0], input, output, CUFFT_FORWARD));
        equal("cudaMemcpy strided spectra", 0, cudaMemcpy(received, output, denseBytes, cudaMemcpyDeviceToHost));
        final float[] strided = new float[signals.length];
        received.get(strided);
        check("cufftMakePlanMany64's transforms of padded input equal a direct DFT",
            matchesDft(padded, N + PAD, strided, N, N), "first " + strided[0] + ", " + strided[1]);
        equal("cufftDestroy (cufftMakePlanMany64)", 0, cufftDestroy(created[0]));
        hashes.append(" makePlanMany64=").append(hash(strided));

        // cufftMakePlanMany with IntBuffers: 2 real-to-complex transforms, N/2 + 1 coefficients each.
        final float[] reals = new float[2 * N];
        final float[] realsAsComplex = new float[2 * reals.length];
        for (int i = 0; i < reals.length; i++)
        {
            reals[i] = (float)(Math.cos(0.2 * i) + 0.25 * (i % 5));
            realsAsComplex[2 * i] = reals[i];
        }
        final int[] r2c = { -1 };
        equal("cufftCreate (R2C)", 0, cufftCreate(r2c));
        workSize.put(-1L);
        equal("cufftCreate (cufftGetSizeMany)", 0, cufftCreate(sized));
        equal("cufftGetSizeMany", 0, cufftGetSizeMany(sized[0], 1, new int[]{ N }, (int[])null, 1, 0, (int[])null,
            1, 0, CUFFT_R2C, 2, workSize));
        check("cufftGetSizeMany answers a work size", workSize.get() >= 0, "size " + workSize.get());
        equal("cufftDestroy (cufftGetSizeMany)", 0, cufftDestroy(sized[0]));
        workSize.put(-1L);
        equal("cufftMakePlanMany", 0, cufftMakePlanMany(r2c[0], 1, IntBuffer.wrap(new int[]{ N }), (IntBuffer)null,
            1, 0, (IntBuffer)null, 1, 0, CUFFT_R2C, 2, workSize));
        check("cufftMakePlanMany answers a work size", workSize.get() >= 0, "size " + workSize.get());
        final FloatPointer realInput = new FloatPointer();
        equal("cudaMalloc reals", 0, cudaMalloc(realInput, (long)reals.length * Float.BYTES));
        equal("cudaMemcpy reals", 0, cudaMemcpy(realInput, new FloatPointer(reals), (long)reals.length * Float.BYTES,
            cudaMemcpyHostToDevice));
        equal("cufftExecR2C (cufftMakePlanMany)", 0, cufftExecR2C(r2c[0], realInput, output));
        final int half = N / 2 + 1;
        final FloatPointer halfReceived = new FloatPointer(2L * half * 2);
        equal("cudaMemcpy half spectra", 0, cudaMemcpy(halfReceived, output, 2L * half * 2 * Float.BYTES,
            cudaMemcpyDeviceToHost));
        final float[] halfSpectra = new float[2 * half * 2];
        halfReceived.get(halfSpectra);
        check("cufftMakePlanMany's real transforms equal a direct DFT's first N/2 + 1 coefficients",
            matchesDft(realsAsComplex, N, halfSpectra, half, half), "first " + halfSpectra[0]);
        equal("cufftDestroy (R2C)", 0, cufftDestroy(r2c[0]));
        hashes.append(" makePlanMany=").append(hash(halfSpectra));

        workSize.put(-1L);
        equal("cufftEstimateMany", 0, cufftEstimateMany(1, new int[]{ N }, (int[])null, 1, 0, (int[])null, 1, 0,
            CUFFT_C2C, BATCH, workSize));
        check("cufftEstimateMany answers a work size", workSize.get() >= 0, "size " + workSize.get());

        final int[] version = new int[1];
        equal("cufftGetVersion", 0, cufftGetVersion(version));
        final int[] parts = { version[0] / 1000, version[0] % 1000 / 100, version[0] % 100 };
        for (final int type : PROPERTY_TYPES)
        {
            final IntPointer value = new IntPointer(1);
            value.put(-1);
            equal("cufftGetProperty " + type, 0, cufftGetProperty(type, value));
            equal("cufftGetProperty " + type + " is cufftGetVersion's part", parts[type], value.get());
        }
        hashes.append(" cufftVersion=").append(version[0]);

        if (refusals)
        {
            equal("cufftPlanMany of rank 4 is CUFFT_INVALID_VALUE", CUFFT_INVALID_VALUE,
                cufftPlanMany(new int[1], 4, new int[]{ 2, 2, 2, 2 }, (int[])null, 1, 0, (int[])null, 1, 0,
                    CUFFT_C2C, 1));
            final int[] plan = { -1 };
            equal("cufftCreate (refusals)", 0, cufftCreate(plan));
            equal("cufftMakePlanMany with 2 dimensions in a pointer of 1 is CUFFT_INVALID_VALUE",
                CUFFT_INVALID_VALUE, cufftMakePlanMany(plan[0], 2, new IntPointer(new int[]{ N }), (IntPointer)null,
                    1, 0, (IntPointer)null, 1, 0, CUFFT_C2C, 1, workSize));
            equal("cufftDestroy (refusals)", 0, cufftDestroy(plan[0]));
        }
        equal("cudaFree fft input", 0, cudaFree(input));
        equal("cudaFree fft output", 0, cudaFree(output));
        equal("cudaFree reals", 0, cudaFree(realInput));
    }

    private static void curand(final StringBuilder hashes, final boolean emulator, final boolean refusals)
    {
        final int[] version = new int[1];
        equal("curandGetVersion", 0, curandGetVersion(version));
        final int[] parts = { version[0] / 1000, version[0] % 1000 / 100, version[0] % 100 };
        for (final int type : PROPERTY_TYPES)
        {
            final int[] value = { -1 };
            equal("curandGetProperty " + type, 0, curandGetProperty(type, value));
            equal("curandGetProperty " + type + " is curandGetVersion's part", parts[type], value[0]);
        }

        // Poisson numbers of mean 4: the sample's mean and variance near 4.
        final int count = 1 << 14;
        final double lambda = 4.0;
        final curandGenerator_st generator = new curandGenerator_st();
        equal("curandCreateGenerator", 0, curandCreateGenerator(generator, CURAND_RNG_PSEUDO_XORWOW));
        equal("curandSetPseudoRandomGeneratorSeed", 0, curandSetPseudoRandomGeneratorSeed(generator, 42L));
        final IntPointer numbers = new IntPointer();
        equal("cudaMalloc poisson", 0, cudaMalloc(numbers, (long)count * Integer.BYTES));
        equal("curandGeneratePoisson", 0, curandGeneratePoisson(generator, numbers, count, lambda));
        final IntPointer host = new IntPointer(count);
        equal("cudaMemcpy poisson", 0, cudaMemcpy(host, numbers, (long)count * Integer.BYTES,
            cudaMemcpyDeviceToHost));
        final int[] values = new int[count];
        host.get(values);
        double sum = 0;
        double squares = 0;
        boolean natural = true;
        for (final int value : values)
        {
            natural &= value >= 0 && value < 100;
            sum += value;
            squares += (double)value * value;
        }
        final double mean = sum / count;
        final double variance = squares / count - mean * mean;
        check("Poisson numbers are small natural numbers", natural, "");
        check("Poisson numbers' mean is near lambda", Math.abs(mean - lambda) < 0.1, "mean " + mean);
        check("Poisson numbers' variance is near lambda", Math.abs(variance - lambda) < 0.4, "variance " + variance);
        equal("cudaFree poisson", 0, cudaFree(numbers));
        equal("curandDestroyGenerator", 0, curandDestroyGenerator(generator));
        hashes.append(" poisson=").append(hash(values));

        final curandDiscreteDistribution_st distribution = new curandDiscreteDistribution_st();
        final PointerPointer<IntPointer> vectors32 = new PointerPointer<>(1L);
        final PointerPointer<LongPointer> vectors64 = new PointerPointer<>(1L);
        new LongPointer(vectors32).put(0, 0L);
        if (emulator)
        {
            equal("curandCreatePoissonDistribution is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
                curandCreatePoissonDistribution(lambda, distribution));
            check("curandCreatePoissonDistribution wrote nothing", distribution.address() == 0, "");
            equal("curandGetDirectionVectors32 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
                curandGetDirectionVectors32(vectors32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
            check("curandGetDirectionVectors32 wrote nothing", new LongPointer(vectors32).get(0) == 0, "");
            equal("curandGetDirectionVectors64 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
                curandGetDirectionVectors64(vectors64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
            equal("curandGetScrambleConstants32 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
                curandGetScrambleConstants32(new PointerPointer<>(1L)));
            equal("curandGetScrambleConstants64 is not supported on the emulator", CURAND_STATUS_TYPE_ERROR,
                curandGetScrambleConstants64(new PointerPointer<>(1L)));
        }
        else
        {
            equal("curandCreatePoissonDistribution", 0, curandCreatePoissonDistribution(lambda, distribution));
            check("the distribution has a device address", distribution.address() != 0, "");
            equal("curandDestroyDistribution", 0, curandDestroyDistribution(distribution));
            sobolTables(hashes, vectors32, vectors64);
        }
        if (refusals)
        {
            equal("curandGetDirectionVectors32 into an int[] is CURAND_STATUS_OUT_OF_RANGE", CURAND_STATUS_OUT_OF_RANGE,
                curandGetDirectionVectors32(new int[1], CURAND_DIRECTION_VECTORS_32_JOEKUO6));
        }
    }

    /**
     * Sobol' direction vectors of the first dimension are the van der Corput sequence's: 1 at bit 31 - j (32-bit) or
     * 63 - j (64-bit). A PointerPointer and a @ByPtrPtr pointer receive the same table.
     */
    private static void sobolTables(final StringBuilder hashes, final PointerPointer<IntPointer> vectors32,
        final PointerPointer<LongPointer> vectors64)
    {
        equal("curandGetDirectionVectors32", 0,
            curandGetDirectionVectors32(vectors32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
        final IntPointer table32 = vectors32.get(IntPointer.class, 0);
        check("curandGetDirectionVectors32 gave a table", table32 != null && table32.address() != 0, "");
        if (table32 == null || table32.address() == 0)
        {
            return;
        }
        boolean vanDerCorput = true;
        for (int j = 0; j < 32; j++)
        {
            vanDerCorput &= table32.get(j) == 1 << (31 - j);
        }
        check("direction vectors (32) of dimension 0 are van der Corput's", vanDerCorput, "");
        final int[] words32 = new int[SOBOL_DIMENSIONS * 32];
        for (int i = 0; i < words32.length; i++)
        {
            words32[i] = table32.get(i);
        }
        hashes.append(" directions32=").append(hash(words32));
        final IntPointer byPtrPtr = new IntPointer();
        equal("curandGetDirectionVectors32 (@ByPtrPtr IntPointer)", 0,
            curandGetDirectionVectors32(byPtrPtr, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
        equal("the @ByPtrPtr pointer holds the same table", table32.address(), byPtrPtr.address());

        equal("curandGetDirectionVectors64", 0,
            curandGetDirectionVectors64(vectors64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
        final LongPointer table64 = vectors64.get(LongPointer.class, 0);
        vanDerCorput = table64 != null && table64.address() != 0;
        for (int j = 0; vanDerCorput && j < 64; j++)
        {
            vanDerCorput = table64.get(j) == 1L << (63 - j);
        }
        check("direction vectors (64) of dimension 0 are van der Corput's", vanDerCorput, "");

        final PointerPointer<IntPointer> constants32 = new PointerPointer<>(1L);
        equal("curandGetScrambleConstants32", 0, curandGetScrambleConstants32(constants32));
        final IntPointer scramble32 = constants32.get(IntPointer.class, 0);
        final int[] constants = new int[SOBOL_DIMENSIONS];
        boolean allZero = true;
        for (int i = 0; scramble32 != null && i < constants.length; i++)
        {
            constants[i] = scramble32.get(i);
            allZero &= constants[i] == 0;
        }
        check("scramble constants (32) are not all zero", scramble32 != null && !allZero, "");
        hashes.append(" scramble32=").append(hash(constants));
        final PointerPointer<LongPointer> constants64 = new PointerPointer<>(1L);
        equal("curandGetScrambleConstants64", 0, curandGetScrambleConstants64(constants64));
        final LongPointer scramble64 = constants64.get(LongPointer.class, 0);
        check("scramble constants (64) are not all zero", scramble64 != null && (scramble64.get(0) != 0 ||
            scramble64.get(1) != 0 || scramble64.get(SOBOL_DIMENSIONS - 1) != 0), "");
    }

    private static void nvrtc(final StringBuilder hashes, final boolean emulator, final int arch,
        final boolean refusals)
    {
        if (emulator)
        {
            equal("nvrtcGetSupportedArchs is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetSupportedArchs(new int[64]));
            final _nvrtcProgram program = create();
            final SizeTPointer size = new SizeTPointer(1);
            size.put(-1L);
            equal("nvrtcGetCUBINSize is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetCUBINSize(program, size));
            equal("nvrtcGetCUBINSize wrote nothing", -1, size.get());
            equal("nvrtcGetCUBIN is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetCUBIN(program, new byte[16]));
            equal("nvrtcGetLTOIRSize is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetLTOIRSize(program, size));
            equal("nvrtcGetLTOIR is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetLTOIR(program, new BytePointer(16)));
            equal("nvrtcGetOptiXIRSize is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetOptiXIRSize(program, size));
            equal("nvrtcGetOptiXIR is not supported on the emulator", NVRTC_ERROR_INVALID_INPUT,
                nvrtcGetOptiXIR(program, new byte[16]));
            if (refusals)
            {
                equal("nvrtcGetCUBIN into null is NVRTC_ERROR_INVALID_INPUT", NVRTC_ERROR_INVALID_INPUT,
                    nvrtcGetCUBIN(program, (BytePointer)null));
            }
            equal("nvrtcDestroyProgram", 0, nvrtcDestroyProgram(program));
            return;
        }
        final int[] count = { -1 };
        equal("nvrtcGetNumSupportedArchs", 0, nvrtcGetNumSupportedArchs(count));
        check("NVRTC supports architectures", count[0] > 0, "count " + count[0]);
        final IntPointer archs = new IntPointer(Math.max(count[0], 1));
        equal("nvrtcGetSupportedArchs", 0, nvrtcGetSupportedArchs(archs));
        final int[] supported = new int[Math.max(count[0], 0)];
        archs.get(supported);
        check("the device's architecture sm_" + arch + " is supported",
            Arrays.stream(supported).anyMatch(each -> each == arch), Arrays.toString(supported));
        final int[] again = new int[supported.length];
        equal("nvrtcGetSupportedArchs (int[])", 0, nvrtcGetSupportedArchs(again));
        check("both overloads give the same architectures", Arrays.equals(supported, again),
            Arrays.toString(again));
        hashes.append(" archs=").append(Arrays.toString(supported).replace(" ", ""));

        final _nvrtcProgram program = create();
        equal("nvrtcCompileProgram for sm_" + arch, 0,
            nvrtcCompileProgram(program, 1, new PointerPointer<>("--gpu-architecture=sm_" + arch)));
        final SizeTPointer size = new SizeTPointer(1);
        equal("nvrtcGetCUBINSize", 0, nvrtcGetCUBINSize(program, size));
        check("a CUBIN for a real architecture", size.get() > 4, "size " + size.get());
        final BytePointer cubin = new BytePointer(Math.max(size.get(), 1));
        equal("nvrtcGetCUBIN", 0, nvrtcGetCUBIN(program, cubin));
        check("the CUBIN is an ELF image", cubin.get(0) == 0x7F && cubin.get(1) == 'E' && cubin.get(2) == 'L' &&
            cubin.get(3) == 'F', "starts " + cubin.get(0));
        final CUmod_st module = new CUmod_st();
        equal("cuModuleLoadData of the CUBIN", 0, cuModuleLoadData(module, cubin));
        equal("cuModuleGetFunction twice", 0, cuModuleGetFunction(new CUfunc_st(), module, "twice"));
        equal("cuModuleUnload", 0, cuModuleUnload(module));
        equal("nvrtcDestroyProgram", 0, nvrtcDestroyProgram(program));

        final _nvrtcProgram lto = create();
        equal("nvrtcCompileProgram -dlto", 0, nvrtcCompileProgram(lto, 2,
            new PointerPointer<>("--gpu-architecture=sm_" + arch, "-dlto")));
        equal("nvrtcGetLTOIRSize", 0, nvrtcGetLTOIRSize(lto, size));
        check("LTO IR of a -dlto compilation", size.get() > 0, "size " + size.get());
        final byte[] ltoir = new byte[(int)Math.max(size.get(), 0)];
        equal("nvrtcGetLTOIR", 0, nvrtcGetLTOIR(lto, ltoir));
        check("the LTO IR is not all zero", !allZero(ltoir), "");
        equal("nvrtcDestroyProgram (LTO)", 0, nvrtcDestroyProgram(lto));

        // OptiX IR: NVRTC's answer, whatever it is, must be the same locally and through the agent.
        final _nvrtcProgram optix = create();
        final int optixCompiled = nvrtcCompileProgram(optix, 1, new PointerPointer<>("--optix-ir"));
        size.put(0L);
        final int optixSize = nvrtcGetOptiXIRSize(optix, size);
        hashes.append(" optix=").append(optixCompiled).append('/').append(optixSize);
        if (optixCompiled == 0 && optixSize == 0)
        {
            check("OptiX IR of an --optix-ir compilation", size.get() > 0, "size " + size.get());
            final BytePointer optixir = new BytePointer(Math.max(size.get(), 1));
            equal("nvrtcGetOptiXIR", 0, nvrtcGetOptiXIR(optix, optixir));
        }
        else
        {
            System.out.println("nvrtc: --optix-ir compile " + optixCompiled + ", size " + optixSize);
        }
        equal("nvrtcDestroyProgram (OptiX)", 0, nvrtcDestroyProgram(optix));
    }

    private static _nvrtcProgram create()
    {
        final _nvrtcProgram program = new _nvrtcProgram();
        equal("nvrtcCreateProgram", 0, nvrtcCreateProgram(program, new BytePointer(SOURCE),
            new BytePointer("twice.cu"), 0, (PointerPointer<?>)null, (PointerPointer<?>)null));
        return program;
    }

    /**
     * Whether each of the batches of {@code spectra} ({@code outCount} complex values every {@code outDistance})
     * equals the direct DFT of the matching batch of {@code signals} (N complex values every {@code inDistance}).
     */
    private static boolean matchesDft(final float[] signals, final int inDistance, final float[] spectra,
        final int outDistance, final int outCount)
    {
        final int batches = spectra.length / (2 * outDistance);
        for (int b = 0; b < batches; b++)
        {
            for (int k = 0; k < outCount; k++)
            {
                double re = 0;
                double im = 0;
                for (int j = 0; j < N; j++)
                {
                    final double angle = -2 * Math.PI * j * k / N;
                    final double xr = signals[2 * (b * inDistance + j)];
                    final double xi = signals[2 * (b * inDistance + j) + 1];
                    re += xr * Math.cos(angle) - xi * Math.sin(angle);
                    im += xr * Math.sin(angle) + xi * Math.cos(angle);
                }
                final int at = 2 * (b * outDistance + k);
                if (Math.abs(spectra[at] - re) > 1e-3 || Math.abs(spectra[at + 1] - im) > 1e-3)
                {
                    System.out.println("batch " + b + " coefficient " + k + ": " + spectra[at] + ", " +
                        spectra[at + 1] + " expected " + re + ", " + im);
                    return false;
                }
            }
        }
        return true;
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

    private static String hash(final float[] values)
    {
        long hash = 1125899906842597L;
        for (final float value : values)
        {
            hash = 31 * hash + Float.floatToRawIntBits(value);
        }
        return Long.toHexString(hash);
    }

    private static String hash(final int[] values)
    {
        return Integer.toHexString(Arrays.hashCode(values));
    }

    private static void equal(final String name, final long expected, final long actual)
    {
        check(name, expected == actual, "expected " + expected + " but was " + actual);
    }

    private static void check(final String name, final boolean ok, final String detail)
    {
        if (ok)
        {
            passed++;
            System.out.println("CHECK " + name + " ok");
        }
        else
        {
            failed++;
            System.out.println("CHECK " + name + " FAILED " + detail);
        }
    }
}
