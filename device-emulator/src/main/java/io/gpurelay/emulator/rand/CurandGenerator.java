package io.gpurelay.emulator.rand;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import io.gpurelay.emulator.memory.Allocation;
import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * The state behind a {@code curandGenerator_t} of the host API, generating into the emulated device memory of one
 * owner. Methods mirror the {@code curand*} functions and return a {@link CurandStatus}; a failure leaves a message
 * in {@link #lastErrorMessage()}. Like a real generator it belongs to one thread at a time.
 * <p>
 * Each generator type is its published algorithm seeded as cuRAND seeds it, and its output is laid out as cuRAND
 * 10.4 (CUDA 13.0) lays it out on an H100, so for a given seed, offset and ordering the emulator produces cuRAND's
 * own sequence: {@code curandGenerate}, {@code GenerateUniform} and {@code GenerateUniformDouble} bit for bit,
 * normal and log-normal values up to the rounding of the GPU's fast transcendental functions (see
 * {@link WordTransforms}). Poisson values follow the right distribution but not cuRAND's sequence
 * ({@link PoissonTable}). Exceptions, where the emulator makes its own sequence: XORWOW's SEEDED and DYNAMIC
 * orderings are laid out as DEFAULT, and MRG32k3a's DYNAMIC as DEFAULT (which it equalled where measured).
 * <p>
 * As in cuRAND, the offset counts elements generated: each call advances it by the elements it wrote, except normal
 * and log-normal calls of XORWOW and MRG32k3a, which advance it by half that (their threads take one offset step
 * per Box-Muller pair). Setting the seed does not reset the offset.
 * <p>
 * An output range that is not inside one live allocation of the owner fails with
 * {@link CurandStatus#LAUNCH_FAILURE}, what cuRAND reports when its kernel cannot run, and nothing is written.
 */
public final class CurandGenerator
{
    /**
     * {@code curandGetVersion} of cuRAND 10.4.0, which ships with CUDA 13.0 (measured, and CURAND_VERSION there).
     */
    public static final int VERSION = 10400;

    private final int rngType;
    private final DeviceMemory memory;
    private final Object owner;
    private final SubsequenceEngine subsequenceEngine;
    private long seed;
    private long offset;
    private int ordering = CurandOrdering.PSEUDO_DEFAULT;
    private long stream;
    private boolean live = true;
    private String lastErrorMessage;

    private CurandGenerator(final int rngType, final DeviceMemory memory, final Object owner)
    {
        this.rngType = rngType;
        this.memory = memory;
        this.owner = owner;
        this.subsequenceEngine = switch (rngType)
        {
            case CurandRngType.PSEUDO_MRG32K3A -> new Mrg32k3aEngine();
            case CurandRngType.PSEUDO_PHILOX4_32_10 -> null;
            default -> new XorwowEngine();
        };
    }

    /**
     * {@code curandCreateGenerator}: a generator with seed 0, offset 0 and the default ordering, as cuRAND's.
     *
     * @throws CurandException with {@link CurandStatus#TYPE_ERROR} for a type the emulator does not have.
     */
    public static CurandGenerator create(final int rngType, final DeviceMemory memory, final Object owner)
    {
        if (memory == null || owner == null)
        {
            throw new IllegalArgumentException("a cuRAND generator needs device memory and an owner");
        }
        if (!CurandRngType.isEmulated(rngType))
        {
            throw new CurandException(CurandStatus.TYPE_ERROR, "curandCreateGenerator: generator type " + rngType +
                " is not emulated (XORWOW, MRG32K3A and PHILOX4_32_10 are)");
        }
        return new CurandGenerator(rngType, memory, owner);
    }

    public int rngType()
    {
        return rngType;
    }

    public long seed()
    {
        return seed;
    }

    public long offset()
    {
        return offset;
    }

    public int ordering()
    {
        return ordering;
    }

    public long stream()
    {
        return stream;
    }

    public boolean isLive()
    {
        return live;
    }

    /**
     * What went wrong in the last call that did not succeed, or {@code null} if the last call succeeded.
     */
    public String lastErrorMessage()
    {
        return lastErrorMessage;
    }

    /**
     * {@code curandDestroyGenerator}. Calls afterwards answer {@link CurandStatus#NOT_INITIALIZED}.
     */
    public int destroy()
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        live = false;
        return succeed();
    }

    /**
     * {@code curandSetStream}: opaque here; the executor orders generation with the stream's other work.
     */
    public int setStream(final long stream)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        this.stream = stream;
        return succeed();
    }

    public int setPseudoRandomGeneratorSeed(final long seed)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        this.seed = seed;
        return succeed();
    }

    public int setGeneratorOffset(final long offset)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        this.offset = offset;
        return succeed();
    }

    /**
     * {@code curandSetGeneratorOrdering}: any pseudo-random ordering, except SEEDED for MRG32k3a and Philox, which
     * cuRAND refuses for them too ({@link CurandStatus#OUT_OF_RANGE}, as for every other value).
     */
    public int setGeneratorOrdering(final int ordering)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        final boolean seededAllowed = rngType == CurandRngType.PSEUDO_XORWOW || rngType == CurandRngType.PSEUDO_DEFAULT;
        if (!CurandOrdering.isPseudo(ordering) || (ordering == CurandOrdering.PSEUDO_SEEDED && !seededAllowed))
        {
            return fail(CurandStatus.OUT_OF_RANGE, "curandSetGeneratorOrdering: ordering " + ordering +
                " is not valid for generator type " + rngType);
        }
        this.ordering = ordering;
        return succeed();
    }

    /**
     * {@code curandSetQuasiRandomGeneratorDimensions}: every generator here is pseudo-random, and cuRAND refuses
     * the call for those with {@link CurandStatus#TYPE_ERROR}.
     */
    public int setQuasiRandomGeneratorDimensions(final int dimensions)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        return fail(CurandStatus.TYPE_ERROR, "curandSetQuasiRandomGeneratorDimensions: generator type " + rngType +
            " is pseudo-random (the emulator has no quasi-random generators)");
    }

    /**
     * {@code curandGenerateSeeds}: cuRAND makes the starting state ahead of the first generate call. Here each
     * generate call derives its state from the seed, offset and ordering, so the output is the same either way and
     * there is nothing to make ahead; the generator is checked as cuRAND checks it.
     */
    public int generateSeeds()
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        return succeed();
    }

    /**
     * {@code curandGenerate}: 32-bit words.
     */
    public int generate(final long outputPtr, final long num)
    {
        return generate("curandGenerate", OutputKind.BITS, outputPtr, num, 0.0, 1.0, null);
    }

    /**
     * {@code curandGenerateUniform}: floats in (0, 1].
     */
    public int generateUniform(final long outputPtr, final long num)
    {
        return generate("curandGenerateUniform", OutputKind.UNIFORM, outputPtr, num, 0.0, 1.0, null);
    }

    /**
     * {@code curandGenerateUniformDouble}: doubles in (0, 1].
     */
    public int generateUniformDouble(final long outputPtr, final long num)
    {
        return generate("curandGenerateUniformDouble", OutputKind.UNIFORM_DOUBLE, outputPtr, num, 0.0, 1.0, null);
    }

    /**
     * {@code curandGenerateNormal}: floats by Box-Muller; XORWOW and MRG32k3a need an even count, as in cuRAND.
     */
    public int generateNormal(final long outputPtr, final long n, final float mean, final float stddev)
    {
        return generate("curandGenerateNormal", OutputKind.NORMAL, outputPtr, n, mean, stddev, null);
    }

    public int generateNormalDouble(final long outputPtr, final long n, final double mean, final double stddev)
    {
        return generate("curandGenerateNormalDouble", OutputKind.NORMAL_DOUBLE, outputPtr, n, mean, stddev, null);
    }

    /**
     * {@code curandGenerateLogNormal}: exp of normals with this mean and standard deviation.
     */
    public int generateLogNormal(final long outputPtr, final long n, final float mean, final float stddev)
    {
        return generate("curandGenerateLogNormal", OutputKind.LOG_NORMAL, outputPtr, n, mean, stddev, null);
    }

    public int generateLogNormalDouble(final long outputPtr, final long n, final double mean, final double stddev)
    {
        return generate("curandGenerateLogNormalDouble", OutputKind.LOG_NORMAL_DOUBLE, outputPtr, n, mean, stddev,
            null);
    }

    /**
     * {@code curandGeneratePoisson}: unsigned ints; lambda must be positive ({@link CurandStatus#OUT_OF_RANGE}
     * otherwise, as in cuRAND) and, here, no more than the largest unsigned int.
     */
    public int generatePoisson(final long outputPtr, final long n, final double lambda)
    {
        if (live && !(lambda > 0.0 && lambda <= PoissonTable.MAX_LAMBDA))
        {
            return fail(CurandStatus.OUT_OF_RANGE, "curandGeneratePoisson: lambda " + lambda + " is not in (0, " +
                PoissonTable.MAX_LAMBDA + "]");
        }
        return generate("curandGeneratePoisson", OutputKind.POISSON, outputPtr, n, 0.0, 1.0, lambda);
    }

    /**
     * {@code curandGenerateLongLong}: only the 64-bit quasi-random generators produce 64-bit words, so every
     * emulated generator answers {@link CurandStatus#TYPE_ERROR}, as cuRAND does for its pseudo-random ones.
     */
    public int generateLongLong(final long outputPtr, final long num)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        return fail(CurandStatus.TYPE_ERROR, "curandGenerateLongLong: generator type " + rngType +
            " does not produce 64-bit words");
    }

    private int generate(final String function, final OutputKind kind, final long outputPtr, final long count,
        final double mean, final double stddev, final Double lambda)
    {
        if (!live)
        {
            return CurandStatus.NOT_INITIALIZED;
        }
        final boolean philox = subsequenceEngine == null;
        if (kind.pairs && !philox && (count & 1) != 0)
        {
            return fail(CurandStatus.LENGTH_NOT_MULTIPLE, function + ": n (" + count + ") must be even");
        }
        if (count == 0)
        {
            return succeed();
        }
        final Allocation allocation = count < 0 || count > Long.MAX_VALUE / kind.elementSize ? null :
            memory.find(outputPtr, count * kind.elementSize, owner);
        if (allocation == null)
        {
            return fail(CurandStatus.LAUNCH_FAILURE, function + ": output [0x" + Long.toHexString(outputPtr) + ", " +
                count + " elements of " + kind.elementSize + " bytes) is not inside a live allocation of this session");
        }
        try
        {
            final long hostAddress = allocation.hostAddress(outputPtr, count * kind.elementSize);
            final PoissonTable poisson = lambda == null ? null : new PoissonTable(lambda);
            if (philox)
            {
                generatePhilox(kind, hostAddress, count, mean, stddev, poisson);
            }
            else
            {
                generateThreaded(kind, hostAddress, count, mean, stddev, poisson);
            }
            offset += kind.pairs && !philox ? count / 2 : count;
            return succeed();
        }
        catch (final OutOfMemoryError ex)
        {
            return fail(CurandStatus.ALLOCATION_FAILED, function + ": the emulator's Java heap is exhausted");
        }
        catch (final RuntimeException ex)
        {
            return fail(CurandStatus.INTERNAL_ERROR, function + ": " + ex);
        }
    }

    private void generateThreaded(final OutputKind kind, final long hostAddress, final long count,
        final double mean, final double stddev, final PoissonTable poisson)
    {
        final int threads = subsequenceEngine.threads(ordering);
        final long groups = kind.pairs ? count / 2 : count;
        final int active = (int)Math.min(threads, groups);
        final SubsequenceEngine.ThreadCursors cursors = subsequenceEngine.cursors(seed, offset, threads, active);
        final float[] pair = new float[2];
        final double[] doublePair = new double[2];
        long group = 0;
        while (group < groups)
        {
            for (int thread = 0; thread < active && group < groups; thread++, group++)
            {
                final long at = hostAddress + group * (kind.pairs ? 2L : 1L) * kind.elementSize;
                switch (kind)
                {
                    case BITS -> UNSAFE.putInt(at, cursors.bits(thread));
                    case UNIFORM -> UNSAFE.putFloat(at, cursors.uniform(thread));
                    case UNIFORM_DOUBLE -> UNSAFE.putDouble(at, cursors.uniformDouble(thread));
                    case POISSON -> UNSAFE.putInt(at, poisson.sample(cursors.poissonUniform(thread)));
                    case NORMAL, LOG_NORMAL ->
                    {
                        cursors.normalPair(thread, pair);
                        UNSAFE.putFloat(at, shape(kind, pair[0], (float)mean, (float)stddev));
                        UNSAFE.putFloat(at + Float.BYTES, shape(kind, pair[1], (float)mean, (float)stddev));
                    }
                    default ->
                    {
                        cursors.normalDoublePair(thread, doublePair);
                        UNSAFE.putDouble(at, shape(kind, doublePair[0], mean, stddev));
                        UNSAFE.putDouble(at + Double.BYTES, shape(kind, doublePair[1], mean, stddev));
                    }
                }
            }
        }
    }

    private void generatePhilox(final OutputKind kind, final long hostAddress, final long count,
        final double mean, final double stddev, final PoissonTable poisson)
    {
        final PhiloxEngine engine = new PhiloxEngine(seed);
        final float[] pair = new float[2];
        final double[] doublePair = new double[2];
        for (long i = 0; i < count; i++)
        {
            final long element = offset + i;
            final long at = hostAddress + i * kind.elementSize;
            final int lane = (int)(element & 3);
            switch (kind)
            {
                case BITS -> UNSAFE.putInt(at, engine.wordBlock(element)[lane]);
                case UNIFORM -> UNSAFE.putFloat(at, WordTransforms.uniform(engine.wordBlock(element)[lane]));
                case POISSON -> UNSAFE.putInt(at,
                    poisson.sample(WordTransforms.uniformDoubleFromWord(engine.wordBlock(element)[lane])));
                case UNIFORM_DOUBLE ->
                {
                    final int[] words = engine.doubleBlock(element, offset);
                    final int low = (lane & 1) * 2;
                    UNSAFE.putDouble(at, WordTransforms.uniformDouble(words[low], words[low + 1]));
                }
                case NORMAL, LOG_NORMAL ->
                {
                    if (startsPair(lane, i))
                    {
                        final int[] words = engine.wordBlock(element);
                        final int first = lane & 2;
                        WordTransforms.normalPair(words[first], words[first + 1], pair);
                    }
                    UNSAFE.putFloat(at, shape(kind, pair[lane & 1], (float)mean, (float)stddev));
                }
                default ->
                {
                    if (startsPair(lane, i))
                    {
                        final int[] words = engine.doubleBlock(element, offset);
                        WordTransforms.normalDoublePair(words[0], words[1], words[2], words[3], doublePair);
                    }
                    UNSAFE.putDouble(at, shape(kind, doublePair[lane & 1], mean, stddev));
                }
            }
        }
    }

    /**
     * Whether the element needs a new Box-Muller pair: the first of a pair, or the first of the call when the
     * offset starts it halfway through one.
     */
    private static boolean startsPair(final int lane, final long index)
    {
        return (lane & 1) == 0 || index == 0;
    }

    /**
     * A standard normal moved to the requested mean and deviation, in single precision, and exponentiated for the
     * log-normal kinds.
     */
    private static float shape(final OutputKind kind, final float standard, final float mean, final float stddev)
    {
        final float normal = mean + stddev * standard;
        return kind == OutputKind.LOG_NORMAL ? (float)Math.exp(normal) : normal;
    }

    private static double shape(final OutputKind kind, final double standard, final double mean, final double stddev)
    {
        final double normal = mean + stddev * standard;
        return kind == OutputKind.LOG_NORMAL_DOUBLE ? Math.exp(normal) : normal;
    }

    private int succeed()
    {
        lastErrorMessage = null;
        return CurandStatus.SUCCESS;
    }

    private int fail(final int status, final String message)
    {
        lastErrorMessage = message;
        return status;
    }
}
