package io.gpurelay.protocol.describe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.describe.LibraryFunction.DeviceOnly;

/**
 * The one description of the cuRAND, cuFFT and NVRTC functions that both bindings remote by their arguments alone:
 * JCuda's {@code JCurand}, {@code JCufft}, {@code JNvrtc} and JavaCPP's {@code curand}, {@code cufft}, {@code nvrtc}
 * bind their natives of these names to one encoder, and the executor finds each function's arguments on the wire by
 * the same rows ({@link #wire(Function)}). A row is a C function: its name, its wire function and its C arguments as
 * letters, in C order, which say how each travels:
 * <ul>
 * <li>{@code h} a library object (generator, distribution, program): its executor handle;</li>
 * <li>{@code i} an {@code int}, {@code l} a 64-bit integer, {@code f} a {@code float} (its raw bits, sign-extended),
 * {@code D} a {@code double} (its raw bits);</li>
 * <li>{@code d} a device pointer; host memory (and null, unless the row takes it as 0) is refused as the row's
 * {@link DeviceOnly} says;</li>
 * <li>{@code s} a stream: the default streams (null, {@code cudaStreamLegacy}, {@code cudaStreamPerThread}) as 0;</li>
 * <li>{@code P} a cuFFT plan's number, whose executor handle travels (a number that names no live plan is
 * {@code CUFFT_INVALID_PLAN} without a call); {@code c} a new plan's number out: made by {@code CUFFT_CREATE}
 * before the call, its handle travels as a {@code P}'s would, its number is written on success, and it is destroyed
 * again on failure ({@code cufftCreate}'s row only makes it);</li>
 * <li>a cuFFT shape, which travels as one {@link CufftGeometry} ({@link CufftGeometry#SLOTS} words) where its first
 * letter stands: {@code x} a size (nx, ny, nz), {@code t} the transform type, {@code b} the batch (1 where there
 * is none), or for the {@code Many} functions {@code r} the rank, {@code n}/{@code L} its sizes ({@code int*} /
 * {@code long long*}), {@code e}/{@code E} an embed (null: the basic layout) and {@code z} a stride or distance;</li>
 * <li>outputs, of which nothing travels: the reply's next value is written there on success; {@code H} a new
 * object's handle, {@code o} an {@code int}, {@code w} a 64-bit size, {@code W} one that may be null (then not
 * written).</li>
 * </ul>
 * Two letters stand for wire words that are no C argument: {@code _} a 0, {@code k} the row's constant.
 * <p>
 * Functions whose arguments are more than words (NVRTC's sources, options and texts, cuRAND's Sobol' tables, the
 * version properties computed from {@code *GetVersion}) stay hand-written in each library's calls.
 */
public final class LibraryFunctions
{
    private static final DeviceOnly GENERATED = new DeviceOnly(CurandStatus.LAUNCH_FAILURE, "the output",
        "gpurelay's cuRAND generators write device memory only", false);
    private static final DeviceOnly TRANSFORMED = new DeviceOnly(CufftStatus.EXEC_FAILED, "the data",
        "gpurelay's cuFFT transforms device memory only", false);
    private static final DeviceOnly WORK_AREA = new DeviceOnly(CufftStatus.INVALID_VALUE, "the work area",
        "gpurelay's cuFFT works in device memory only", true);
    /** The C arguments of the {@code Many} functions' shape: rank, n, inembed, istride, idist, onembed, ... */
    private static final String MANY = "rnezzezztb";
    private static final String MANY_64 = "rLEzzEzztb";

    private static final List<LibraryFunction> ALL;
    private static final Map<String, LibraryFunction> BY_NAME;
    private static final Map<Function, Wire> WIRES;

    /**
     * The words a wire function's calls carry, one letter each as {@link LibraryFunction#wire()} gives them; where
     * rows of one function differ, a {@code _} of one row is a word the other gives a value.
     */
    public record Wire(Function function, String letters)
    {
        /** @return the index of the first word of the letter's kind; -1 where there is none. */
        public int word(final char letter)
        {
            final int at = letters.indexOf(letter);
            return at < 0 ? -1 : wordOf(at);
        }

        /** @return the index of the {@code nth} (from 0) word of the letter's kind; -1 where there is none. */
        public int word(final char letter, final int nth)
        {
            int at = -1;
            for (int i = 0; i <= nth; i++)
            {
                at = letters.indexOf(letter, at + 1);
                if (at < 0)
                {
                    return -1;
                }
            }
            return wordOf(at);
        }

        /** @return the letter of a word; {@code _} past the last. */
        public char letter(final int word)
        {
            int next = 0;
            for (int i = 0; i < letters.length(); i++)
            {
                final int width = letters.charAt(i) == LibraryFunction.GEOMETRY ? CufftGeometry.SLOTS : 1;
                if (word < next + width)
                {
                    return letters.charAt(i);
                }
                next += width;
            }
            return '_';
        }

        /**
         * @return a real the word carries as its row says: a {@code float}'s raw bits ({@code f}), a
         *         {@code double}'s ({@code D}); 0 for a {@code _}, which is not read.
         */
        public double real(final int word, final java.util.function.IntToLongFunction args)
        {
            return switch (letter(word))
            {
                case 'f' -> Float.intBitsToFloat((int)args.applyAsLong(word));
                case 'D' -> Double.longBitsToDouble(args.applyAsLong(word));
                case '_' -> 0;
                default -> throw new IllegalStateException(function + ": word " + word + " is no real");
            };
        }

        private int wordOf(final int at)
        {
            int word = 0;
            for (int i = 0; i < at; i++)
            {
                word += letters.charAt(i) == LibraryFunction.GEOMETRY ? CufftGeometry.SLOTS : 1;
            }
            return word;
        }
    }

    static
    {
        final LibraryFunctions rows = new LibraryFunctions();
        rows.curand();
        rows.cufft();
        rows.nvrtc();
        ALL = Collections.unmodifiableList(rows.functions);
        final Map<String, LibraryFunction> byName = new LinkedHashMap<>();
        final Map<Function, Wire> wires = new EnumMap<>(Function.class);
        for (final LibraryFunction function : ALL)
        {
            if (byName.put(function.name(), function) != null)
            {
                throw new IllegalStateException(function.name() + " is described twice");
            }
            wires.put(function.function(), merge(wires.get(function.function()), function));
        }
        BY_NAME = Collections.unmodifiableMap(byName);
        WIRES = Collections.unmodifiableMap(wires);
    }

    private final List<LibraryFunction> functions = new ArrayList<>();
    private Library library;

    private LibraryFunctions()
    {
    }

    /** @return every described function, in the order of the rows. */
    public static List<LibraryFunction> all()
    {
        return ALL;
    }

    /** @return the described functions of one library. */
    public static List<LibraryFunction> of(final Library library)
    {
        return ALL.stream().filter(function -> function.library() == library).toList();
    }

    /** @return the row of a C function; null where none describes it. */
    public static LibraryFunction named(final String name)
    {
        return BY_NAME.get(name);
    }

    /** @return the words of a wire function's calls; null for a function no row describes. */
    public static Wire wire(final Function function)
    {
        return WIRES.get(function);
    }

    private static Wire merge(final Wire known, final LibraryFunction function)
    {
        final String letters = function.wire();
        if (known == null)
        {
            return new Wire(function.function(), letters);
        }
        if (known.letters().length() != letters.length())
        {
            throw new IllegalStateException(function.name() + " travels as " + letters + ", another row of " +
                function.function() + " as " + known.letters());
        }
        final StringBuilder merged = new StringBuilder();
        for (int i = 0; i < letters.length(); i++)
        {
            final char mine = letters.charAt(i);
            final char theirs = known.letters().charAt(i);
            if (mine != theirs && mine != '_' && theirs != '_')
            {
                throw new IllegalStateException(function.name() + " travels as " + letters + ", another row of " +
                    function.function() + " as " + known.letters());
            }
            merged.append(mine == '_' ? theirs : mine);
        }
        return new Wire(function.function(), merged.toString());
    }

    private void curand()
    {
        library = Library.CURAND;
        row("curandCreateGenerator", Function.CURAND_CREATE_GENERATOR, "Hi");
        row("curandDestroyGenerator", Function.CURAND_DESTROY_GENERATOR, "h");
        row("curandGetVersion", Function.CURAND_GET_VERSION, "o");
        row("curandSetStream", Function.CURAND_SET_STREAM, "hs");
        row("curandSetPseudoRandomGeneratorSeed", Function.CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED, "hl");
        row("curandSetGeneratorOffset", Function.CURAND_SET_GENERATOR_OFFSET, "hl");
        row("curandSetGeneratorOrdering", Function.CURAND_SET_GENERATOR_ORDERING, "hi");
        row("curandSetQuasiRandomGeneratorDimensions", Function.CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS, "hi");
        row("curandGenerateSeeds", Function.CURAND_GENERATE_SEEDS, "h");
        row("curandCreatePoissonDistribution", Function.CURAND_CREATE_POISSON_DISTRIBUTION, "DH");
        row("curandDestroyDistribution", Function.CURAND_DESTROY_DISTRIBUTION, "h");
        // Every generate call carries the generator, the output, the count and two parameters (0 where none).
        generate("curandGenerate", Function.CURAND_GENERATE, "hdl__");
        generate("curandGenerateLongLong", Function.CURAND_GENERATE_LONG_LONG, "hdl__");
        generate("curandGenerateUniform", Function.CURAND_GENERATE_UNIFORM, "hdl__");
        generate("curandGenerateUniformDouble", Function.CURAND_GENERATE_UNIFORM_DOUBLE, "hdl__");
        generate("curandGenerateNormal", Function.CURAND_GENERATE_NORMAL, "hdlff");
        generate("curandGenerateNormalDouble", Function.CURAND_GENERATE_NORMAL_DOUBLE, "hdlDD");
        generate("curandGenerateLogNormal", Function.CURAND_GENERATE_LOG_NORMAL, "hdlff");
        generate("curandGenerateLogNormalDouble", Function.CURAND_GENERATE_LOG_NORMAL_DOUBLE, "hdlDD");
        generate("curandGeneratePoisson", Function.CURAND_GENERATE_POISSON, "hdlD_");
    }

    private void cufft()
    {
        library = Library.CUFFT;
        row("cufftGetVersion", Function.CUFFT_GET_VERSION, "o");
        row("cufftCreate", Function.CUFFT_CREATE, "c");
        row("cufftDestroy", Function.CUFFT_DESTROY, "P");
        // cufftPlan* are cufftCreate and cufftMakePlan* in one.
        row("cufftPlan1d", Function.CUFFT_MAKE_PLAN, "cxtb");
        row("cufftPlan2d", Function.CUFFT_MAKE_PLAN, "cxxt");
        row("cufftPlan3d", Function.CUFFT_MAKE_PLAN, "cxxxt");
        row("cufftPlanMany", Function.CUFFT_MAKE_PLAN, "c" + MANY);
        for (final String kind : new String[]{ "MakePlan", "GetSize" })
        {
            final Function function = kind.equals("MakePlan") ? Function.CUFFT_MAKE_PLAN :
                Function.CUFFT_GET_SIZE_MANY;
            row("cufft" + kind + "1d", function, "PxtbW");
            row("cufft" + kind + "2d", function, "PxxtW");
            row("cufft" + kind + "3d", function, "PxxxtW");
            row("cufft" + kind + "Many", function, "P" + MANY + "W");
            row("cufft" + kind + "Many64", function, "P" + MANY_64 + "W");
        }
        row("cufftEstimate1d", Function.CUFFT_ESTIMATE, "xtbw");
        row("cufftEstimate2d", Function.CUFFT_ESTIMATE, "xxtw");
        row("cufftEstimate3d", Function.CUFFT_ESTIMATE, "xxxtw");
        row("cufftEstimateMany", Function.CUFFT_ESTIMATE, MANY + "w");
        row("cufftGetSize", Function.CUFFT_GET_SIZE, "Pw");
        row("cufftSetStream", Function.CUFFT_SET_STREAM, "Ps");
        row("cufftSetAutoAllocation", Function.CUFFT_SET_AUTO_ALLOCATION, "Pi");
        add("cufftSetWorkArea", Function.CUFFT_SET_WORK_AREA, "Pd", 0, WORK_AREA);
        // A transform carries the plan, its type, the data and the direction (0 for the real ones).
        exec("cufftExecC2C", CufftGeometry.C2C, "Pkddi");
        exec("cufftExecZ2Z", CufftGeometry.Z2Z, "Pkddi");
        exec("cufftExecR2C", CufftGeometry.R2C, "Pkdd_");
        exec("cufftExecC2R", CufftGeometry.C2R, "Pkdd_");
        exec("cufftExecD2Z", CufftGeometry.D2Z, "Pkdd_");
        exec("cufftExecZ2D", CufftGeometry.Z2D, "Pkdd_");
    }

    private void nvrtc()
    {
        library = Library.NVRTC;
        row("nvrtcVersion", Function.NVRTC_VERSION, "oo");
        row("nvrtcGetPTXSize", Function.NVRTC_GET_PTX_SIZE, "hw");
        row("nvrtcGetProgramLogSize", Function.NVRTC_GET_PROGRAM_LOG_SIZE, "hw");
        row("nvrtcGetNumSupportedArchs", Function.NVRTC_GET_NUM_SUPPORTED_ARCHS, "o");
        // The size of a CUBIN, LTO IR or OptiX IR carries the program and the output's code.
        for (final NvrtcOutput output : NvrtcOutput.values())
        {
            add(output.functionName() + "Size", Function.NVRTC_GET_OUTPUT_SIZE, "hkw", output.code(), null);
        }
    }

    private void row(final String name, final Function function, final String letters)
    {
        add(name, function, letters, 0, null);
    }

    private void generate(final String name, final Function function, final String letters)
    {
        add(name, function, letters, 0, GENERATED);
    }

    private void exec(final String name, final int type, final String letters)
    {
        add(name, Function.CUFFT_EXEC, letters, type, TRANSFORMED);
    }

    private void add(final String name, final Function function, final String letters, final long constant,
        final DeviceOnly deviceOnly)
    {
        functions.add(new LibraryFunction(library, name, function, letters, constant, deviceOnly));
    }
}
