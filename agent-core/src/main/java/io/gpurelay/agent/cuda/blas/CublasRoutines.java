package io.gpurelay.agent.cuda.blas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.protocol.Function;

/**
 * The one description of cuBLAS v2's routines (level 1, 2, 3, the v2 extensions and the batched ones) that both
 * bindings remote: JCuda's {@code JCublas2} and JavaCPP's {@code global.cublas} bind their natives of these names to
 * {@link CublasRoutineCall}, which encodes the arguments by this description. A routine is one row: its C name, its
 * wire function, its element type and its C arguments after the handle as letters, which say how each travels:
 * <ul>
 * <li>{@code i} an integer (a size, increment, leading dimension, stride or batch count), and the enums, which
 * travel as integers too: {@code T} an operation ({@code cublasOperation_t}), {@code U} a fill mode, {@code G} a
 * diagonal type, {@code L} a side mode (the legacy API passes these as the characters {@code N/T/C}, {@code U/L},
 * {@code N/U}, {@code L/R});</li>
 * <li>{@code d} a device pointer (a matrix, a vector, an array of device pointers in device memory);</li>
 * <li>{@code s} a scalar of the routine's type, {@code r} a real one (her's alpha, herk's alpha and beta, the
 * cosine of rot), read as the handle's pointer mode says: in host mode its value, in device mode its address;</li>
 * <li>{@code t} where a reduction's result goes: in host mode the reply's value is written there, in device mode its
 * address travels;</li>
 * <li>{@code p} rotm's {@code param}: its five reals in host mode, in device mode its address and four 0s;</li>
 * <li>{@code o} a host {@code int} output of the batched solvers ({@code info} of getrs, geqrf, gels): nothing
 * travels, the reply's value is written there.</li>
 * </ul>
 * Where the wire takes the arguments in another order, or has slots the C function lacks, the letters are followed
 * by {@code >} and the wire order: each character a C argument's number (1 the first after the handle, base 36), or
 * {@code _} for a 0 slot. Real (S, D) routines with a wire function of their own travel as those; the others (complex,
 * banded, packed, rank updates, rotm, the v2-only and batched ones) as their typed family's, whose arguments start
 * with the element type and, for families that merge routines, a flag.
 * <p>
 * Adding a routine of a family the executor already runs is one row here: both bindings then remote it.
 */
public final class CublasRoutines
{
    /** The flag of a routine whose typed family merges no routines: none travels. */
    public static final long NO_FLAG = -1;
    /** rotm's param: flag, h11, h21, h12, h22. */
    public static final int ROTM_PARAMETERS = 5;
    /** Registered in the 32-bit and the {@code _64} form. */
    private static final boolean WIDE = true;
    /** Registered in the 32-bit form only: cuBLAS has no {@code _64} form. */
    private static final boolean NARROW = false;
    private static final char REORDER = '>';
    private static final String LETTERS = "iTUGLdsrtpo";
    private static final char ZERO_SLOT = '_';

    /**
     * The element type of a routine: its {@code cudaDataType}, the bytes of one real, whether it is complex.
     */
    public enum Element
    {
        S(0, Float.BYTES, false),
        D(1, Double.BYTES, false),
        C(4, Float.BYTES, true),
        Z(5, Double.BYTES, true);

        private final int dataType;
        private final int realBytes;
        private final boolean complex;

        Element(final int dataType, final int realBytes, final boolean complex)
        {
            this.dataType = dataType;
            this.realBytes = realBytes;
            this.complex = complex;
        }

        public int dataType()
        {
            return dataType;
        }

        public int realBytes()
        {
            return realBytes;
        }

        public boolean complex()
        {
            return complex;
        }
    }

    /**
     * One routine in one of its forms, as it travels.
     *
     * @param name      the C function: {@code cublasSaxpy_v2}, or {@code cublasSaxpy_v2_64} for the 64-bit form.
     * @param function  its wire function.
     * @param letters   its C arguments after the handle, one letter each.
     * @param wireOrder the C argument (1-based) each wire argument after the type and flag comes from; 0 for a 0 slot.
     * @param typed     whether its handle is followed by the element type (and the flag, where there is one).
     * @param partBytes the bytes of each part of a reduction's result.
     * @param parts     how many values a reduction writes to its result (0 for a routine that is not one).
     * @param wide      whether this is the {@code _64} form, whose sizes are 64-bit.
     * @param legacy    whether this is a form of the legacy API only ({@code cublasStrmm}, in place), which JCuda's
     *                  legacy {@code JCublas} takes in place of the v2 row of the same native name.
     */
    public record Routine(String name, Function function, Element element, boolean typed, long flag, String letters,
        int[] wireOrder, int partBytes, int parts, boolean wide, boolean legacy)
    {
        /**
         * @return the name JCuda's messages use: without {@code _v2} and {@code _64} ({@code cublasSaxpy}).
         */
        public String shortName()
        {
            return name.replace("_v2", "").replace("_64", "");
        }

        /**
         * @return the native JCuda's {@code JCublas2} declares for this form: {@code cublasSaxpyNative} for the
         *         32-bit form, {@code cublasSaxpy_v2_64Native} for the {@code _64} one.
         */
        public String jcudaNative()
        {
            return (wide ? name : name.replace("_v2", "")) + "Native";
        }

        /**
         * @return whether the v2 bindings (JCublas2, JavaCPP) remote this form: every form but the legacy-only ones.
         */
        public boolean v2()
        {
            return !legacy;
        }
    }

    private static final List<Routine> ROUTINES;
    private static final Map<String, Routine> BY_NAME;

    static
    {
        final CublasRoutines rows = new CublasRoutines();
        rows.describe();
        ROUTINES = Collections.unmodifiableList(rows.routines);
        final Map<String, Routine> byName = new LinkedHashMap<>();
        for (final Routine routine : ROUTINES)
        {
            if (byName.put(routine.name(), routine) != null)
            {
                throw new IllegalStateException("cuBLAS routine " + routine.name() + " is described twice");
            }
        }
        BY_NAME = Collections.unmodifiableMap(byName);
    }

    private final List<Routine> routines = new ArrayList<>();

    private CublasRoutines()
    {
    }

    /**
     * @return every routine in every form, in the order described.
     */
    public static List<Routine> all()
    {
        return ROUTINES;
    }

    /**
     * @return the routine of this C name ({@code cublasSaxpy_v2}, {@code cublasSaxpy_v2_64}), or null.
     */
    public static Routine named(final String name)
    {
        return BY_NAME.get(name);
    }

    /**
     * @return whether the letter is an argument that travels as an integer: a size or an enum.
     */
    public static boolean isInteger(final char letter)
    {
        return "iTUGL".indexOf(letter) >= 0;
    }

    private void describe()
    {
        // Level 1. Every routine is remoted in its 32-bit and its _64 form.
        real("axpy", Function.CUBLAS_SAXPY, Function.CUBLAS_DAXPY, "isdidi", 0);
        complex("axpy", Function.CUBLAS_AXPY_X, NO_FLAG, "isdidi", 0, 0);
        real("copy", Function.CUBLAS_SCOPY, Function.CUBLAS_DCOPY, "ididi", 0);
        complex("copy", Function.CUBLAS_COPY_X, NO_FLAG, "ididi", 0, 0);
        real("swap", Function.CUBLAS_SSWAP, Function.CUBLAS_DSWAP, "ididi", 0);
        complex("swap", Function.CUBLAS_SWAP_X, NO_FLAG, "ididi", 0, 0);
        real("scal", Function.CUBLAS_SSCAL, Function.CUBLAS_DSCAL, "isdi", 0);
        complex("scal", Function.CUBLAS_SCAL_X, 0, "isdi", 0, 0);
        routine("cublasCsscal_v2", Function.CUBLAS_SCAL_X, Element.C, 1, "irdi", 0, 0);
        routine("cublasZdscal_v2", Function.CUBLAS_SCAL_X, Element.Z, 1, "irdi", 0, 0);
        real("dot", Function.CUBLAS_SDOT, Function.CUBLAS_DDOT, "ididit", 1);
        complex("dotu", Function.CUBLAS_DOT_X, 0, "ididit", -1, 2);
        complex("dotc", Function.CUBLAS_DOT_X, 1, "ididit", -1, 2);
        real("nrm2", Function.CUBLAS_SNRM2, Function.CUBLAS_DNRM2, "idit", 1);
        routine("cublasScnrm2_v2", Function.CUBLAS_NRM2_X, Element.C, NO_FLAG, "idit", -1, 1);
        routine("cublasDznrm2_v2", Function.CUBLAS_NRM2_X, Element.Z, NO_FLAG, "idit", -1, 1);
        real("asum", Function.CUBLAS_SASUM, Function.CUBLAS_DASUM, "idit", 1);
        routine("cublasScasum_v2", Function.CUBLAS_ASUM_X, Element.C, NO_FLAG, "idit", -1, 1);
        routine("cublasDzasum_v2", Function.CUBLAS_ASUM_X, Element.Z, NO_FLAG, "idit", -1, 1);
        routine("cublasIsamax_v2", Function.CUBLAS_ISAMAX, Element.S, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIdamax_v2", Function.CUBLAS_IDAMAX, Element.D, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIsamin_v2", Function.CUBLAS_ISAMIN, Element.S, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIdamin_v2", Function.CUBLAS_IDAMIN, Element.D, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIcamax_v2", Function.CUBLAS_IAMAX_X, Element.C, 0, "idit", Integer.BYTES, 1);
        routine("cublasIzamax_v2", Function.CUBLAS_IAMAX_X, Element.Z, 0, "idit", Integer.BYTES, 1);
        routine("cublasIcamin_v2", Function.CUBLAS_IAMAX_X, Element.C, 1, "idit", Integer.BYTES, 1);
        routine("cublasIzamin_v2", Function.CUBLAS_IAMAX_X, Element.Z, 1, "idit", Integer.BYTES, 1);
        real("rot", Function.CUBLAS_SROT, Function.CUBLAS_DROT, "ididiss", 0);
        each("CZ", "cublas%srot_v2", Function.CUBLAS_ROT_X, 0, "ididirs", WIDE);
        each("C", "cublas%ssrot_v2", Function.CUBLAS_ROT_X, 1, "ididirr", WIDE);
        each("Z", "cublas%sdrot_v2", Function.CUBLAS_ROT_X, 1, "ididirr", WIDE);
        each("SD", "cublas%srotm_v2", Function.CUBLAS_ROTM, NO_FLAG, "ididip", WIDE);
        // Level 2.
        real("gemv", Function.CUBLAS_SGEMV, Function.CUBLAS_DGEMV, "Tiisdidisdi", 0);
        complex("gemv", Function.CUBLAS_GEMV_X, NO_FLAG, "Tiisdidisdi", 0, 0);
        each("SDCZ", "cublas%sgbmv_v2", Function.CUBLAS_GBMV, NO_FLAG, "Tiiiisdidisdi", WIDE);
        real("ger", Function.CUBLAS_SGER, Function.CUBLAS_DGER, "iisdididi", 0);
        complex("geru", Function.CUBLAS_GER_X, 0, "iisdididi", 0, 0);
        complex("gerc", Function.CUBLAS_GER_X, 1, "iisdididi", 0, 0);
        real("symv", Function.CUBLAS_SSYMV, Function.CUBLAS_DSYMV, "Uisdidisdi", 0);
        complex("symv", Function.CUBLAS_SYMV_X, 0, "Uisdidisdi", 0, 0);
        complex("hemv", Function.CUBLAS_SYMV_X, 1, "Uisdidisdi", 0, 0);
        each("SD", "cublas%ssbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, "Uiisdidisdi", WIDE);
        each("CZ", "cublas%shbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, "Uiisdidisdi", WIDE);
        each("SD", "cublas%sspmv_v2", Function.CUBLAS_SPMV, NO_FLAG, "Uisddisdi", WIDE);
        each("CZ", "cublas%shpmv_v2", Function.CUBLAS_SPMV, NO_FLAG, "Uisddisdi", WIDE);
        real("trmv", Function.CUBLAS_STRMV, Function.CUBLAS_DTRMV, "UTGididi", 0);
        complex("trmv", Function.CUBLAS_TRMV_X, 0, "UTGididi", 0, 0);
        real("trsv", Function.CUBLAS_STRSV, Function.CUBLAS_DTRSV, "UTGididi", 0);
        complex("trsv", Function.CUBLAS_TRMV_X, 1, "UTGididi", 0, 0);
        each("SDCZ", "cublas%stbmv_v2", Function.CUBLAS_TBMV, 0, "UTGiididi", WIDE);
        each("SDCZ", "cublas%stbsv_v2", Function.CUBLAS_TBMV, 1, "UTGiididi", WIDE);
        each("SDCZ", "cublas%stpmv_v2", Function.CUBLAS_TPMV, 0, "UTGiddi", WIDE);
        each("SDCZ", "cublas%stpsv_v2", Function.CUBLAS_TPMV, 1, "UTGiddi", WIDE);
        // Rank updates: syr and spr take a real alpha (her, hpr too); the complex syr and syr2 are a family of their
        // own, syr with no second vector.
        each("SD", "cublas%ssyr_v2", Function.CUBLAS_SYR, NO_FLAG, "Uirdidi", WIDE);
        each("CZ", "cublas%sher_v2", Function.CUBLAS_SYR, NO_FLAG, "Uirdidi", WIDE);
        each("CZ", "cublas%ssyr_v2", Function.CUBLAS_SYR_COMPLEX, 0, "Uisdidi>12345__67", WIDE);
        each("SD", "cublas%sspr_v2", Function.CUBLAS_SPR, NO_FLAG, "Uirdid", WIDE);
        each("CZ", "cublas%shpr_v2", Function.CUBLAS_SPR, NO_FLAG, "Uirdid", WIDE);
        each("SD", "cublas%ssyr2_v2", Function.CUBLAS_SYR2, NO_FLAG, "Uisdididi", WIDE);
        each("CZ", "cublas%sher2_v2", Function.CUBLAS_SYR2, NO_FLAG, "Uisdididi", WIDE);
        each("CZ", "cublas%ssyr2_v2", Function.CUBLAS_SYR_COMPLEX, 1, "Uisdididi", WIDE);
        each("SD", "cublas%sspr2_v2", Function.CUBLAS_SPR2, NO_FLAG, "Uisdidid", WIDE);
        each("CZ", "cublas%shpr2_v2", Function.CUBLAS_SPR2, NO_FLAG, "Uisdidid", WIDE);
        // Level 3.
        real("gemm", Function.CUBLAS_SGEMM, Function.CUBLAS_DGEMM, "TTiiisdidisdi", 0);
        complex("gemm", Function.CUBLAS_GEMM_X, NO_FLAG, "TTiiisdidisdi", 0, 0);
        each("CZ", "cublas%sgemm3m", Function.CUBLAS_GEMM3M, NO_FLAG, "TTiiisdidisdi", WIDE);
        real("symm", Function.CUBLAS_SSYMM, Function.CUBLAS_DSYMM, "LUiisdidisdi", 0);
        complex("symm", Function.CUBLAS_SYMM_X, 0, "LUiisdidisdi", 0, 0);
        complex("hemm", Function.CUBLAS_SYMM_X, 1, "LUiisdidisdi", 0, 0);
        real("syrk", Function.CUBLAS_SSYRK, Function.CUBLAS_DSYRK, "UTiisdisdi", 0);
        complex("syrk", Function.CUBLAS_SYRK_X, 0, "UTiisdisdi", 0, 0);
        complex("herk", Function.CUBLAS_SYRK_X, 1, "UTiirdirdi", 0, 0);
        each("SDCZ", "cublas%ssyr2k_v2", Function.CUBLAS_SYR2K, 0, "UTiisdidisdi", WIDE);
        each("CZ", "cublas%sher2k_v2", Function.CUBLAS_SYR2K, 1, "UTiisdidirdi", WIDE);
        each("SDCZ", "cublas%ssyrkx", Function.CUBLAS_SYRKX, 0, "UTiisdidisdi", WIDE);
        each("CZ", "cublas%sherkx", Function.CUBLAS_SYRKX, 1, "UTiisdidirdi", WIDE);
        real("trmm", Function.CUBLAS_STRMM, Function.CUBLAS_DTRMM, "LUTGiisdididi", 0);
        complex("trmm", Function.CUBLAS_TRMM_X, NO_FLAG, "LUTGiisdididi", 0, 0);
        real("trsm", Function.CUBLAS_STRSM, Function.CUBLAS_DTRSM, "LUTGiisdidi", 0);
        complex("trsm", Function.CUBLAS_TRSM_X, NO_FLAG, "LUTGiisdidi", 0, 0);
        // The legacy trmm works in place: B is its output too, the v2 routine's C.
        legacy("cublasStrmm", Function.CUBLAS_STRMM, Element.S, "LUTGiisdidi>123456789abab");
        legacy("cublasDtrmm", Function.CUBLAS_DTRMM, Element.D, "LUTGiisdidi>123456789abab");
        legacy("cublasCtrmm", Function.CUBLAS_TRMM_X, Element.C, "LUTGiisdidi>123456789abab");
        legacy("cublasZtrmm", Function.CUBLAS_TRMM_X, Element.Z, "LUTGiisdidi>123456789abab");
        // The v2 API's extensions.
        routine("cublasSgeam", Function.CUBLAS_SGEAM, Element.S, NO_FLAG, "TTiisdisdidi", 0, 0);
        routine("cublasDgeam", Function.CUBLAS_DGEAM, Element.D, NO_FLAG, "TTiisdisdidi", 0, 0);
        each("CZ", "cublas%sgeam", Function.CUBLAS_GEAM_X, NO_FLAG, "TTiisdisdidi", WIDE);
        each("SDCZ", "cublas%sdgmm", Function.CUBLAS_DGMM, NO_FLAG, "Liidididi", WIDE);
        each("SDCZ", "cublas%stpttr", Function.CUBLAS_TPTTR, 0, "Uiddi", NARROW);
        each("SDCZ", "cublas%strttp", Function.CUBLAS_TPTTR, 1, "Uidid>12534", NARROW);
        // Batched: arrays of device pointers (in device memory), or strided matrices.
        routine("cublasSgemmBatched", Function.CUBLAS_SGEMM_BATCHED, Element.S, NO_FLAG, "TTiiisdidisdii", 0, 0);
        routine("cublasDgemmBatched", Function.CUBLAS_DGEMM_BATCHED, Element.D, NO_FLAG, "TTiiisdidisdii", 0, 0);
        each("CZ", "cublas%sgemmBatched", Function.CUBLAS_GEMM_BATCHED_X, 0, "TTiiisdidisdii", WIDE);
        each("C", "cublas%sgemm3mBatched", Function.CUBLAS_GEMM_BATCHED_X, 1, "TTiiisdidisdii", WIDE);
        routine("cublasSgemmStridedBatched", Function.CUBLAS_SGEMM_STRIDED_BATCHED, Element.S, NO_FLAG,
            "TTiiisdiidiisdiii", 0, 0);
        routine("cublasDgemmStridedBatched", Function.CUBLAS_DGEMM_STRIDED_BATCHED, Element.D, NO_FLAG,
            "TTiiisdiidiisdiii", 0, 0);
        each("CZ", "cublas%sgemmStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 0, "TTiiisdiidiisdiii",
            WIDE);
        each("C", "cublas%sgemm3mStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 1, "TTiiisdiidiisdiii",
            WIDE);
        each("SDCZ", "cublas%sgemvBatched", Function.CUBLAS_GEMV_BATCHED, NO_FLAG, "Tiisdidisdii", WIDE);
        each("SDCZ", "cublas%sgemvStridedBatched", Function.CUBLAS_GEMV_STRIDED_BATCHED, NO_FLAG,
            "Tiisdiidiisdiii", WIDE);
        each("SDCZ", "cublas%strsmBatched", Function.CUBLAS_TRSM_BATCHED, NO_FLAG, "LUTGiisdidii", WIDE);
        narrow("cublasSgetrfBatched", Function.CUBLAS_SGETRF_BATCHED, Element.S, "ididdi");
        narrow("cublasDgetrfBatched", Function.CUBLAS_DGETRF_BATCHED, Element.D, "ididdi");
        each("CZ", "cublas%sgetrfBatched", Function.CUBLAS_GETRF_BATCHED_X, NO_FLAG, "ididdi", NARROW);
        narrow("cublasSgetriBatched", Function.CUBLAS_SGETRI_BATCHED, Element.S, "ididdidi");
        narrow("cublasDgetriBatched", Function.CUBLAS_DGETRI_BATCHED, Element.D, "ididdidi");
        each("CZ", "cublas%sgetriBatched", Function.CUBLAS_GETRI_BATCHED_X, NO_FLAG, "ididdidi", NARROW);
        each("SDCZ", "cublas%sgetrsBatched", Function.CUBLAS_GETRS_BATCHED, NO_FLAG, "Tiididdioi", NARROW);
        each("SDCZ", "cublas%smatinvBatched", Function.CUBLAS_MATINV_BATCHED, NO_FLAG, "idididi", NARROW);
        each("SDCZ", "cublas%sgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, NO_FLAG, "iididoi", NARROW);
        each("SDCZ", "cublas%sgelsBatched", Function.CUBLAS_GELS_BATCHED, NO_FLAG, "Tiiididiodi", NARROW);
    }

    private void real(final String name, final Function single, final Function doubled, final String signature,
        final int reductionParts)
    {
        routine("cublasS" + name + "_v2", single, Element.S, NO_FLAG, signature, reductionParts == 0 ? 0 : -1,
            reductionParts);
        routine("cublasD" + name + "_v2", doubled, Element.D, NO_FLAG, signature, reductionParts == 0 ? 0 : -1,
            reductionParts);
    }

    private void complex(final String name, final Function family, final long flag, final String signature,
        final int partBytes, final int reductionParts)
    {
        routine("cublasC" + name + "_v2", family, Element.C, flag, signature, partBytes, reductionParts);
        routine("cublasZ" + name + "_v2", family, Element.Z, flag, signature, partBytes, reductionParts);
    }

    /**
     * A routine that is no reduction, for each element type of {@code types}: its name is {@code nameFormat} with
     * the type's letter.
     */
    private void each(final String types, final String nameFormat, final Function function, final long flag,
        final String signature, final boolean wide)
    {
        for (final char type : types.toCharArray())
        {
            register(String.format(nameFormat, type), function, Element.valueOf(String.valueOf(type)), flag,
                signature, 0, 0, wide);
        }
    }

    /**
     * A routine that cuBLAS has in its 32-bit form only.
     */
    private void narrow(final String name, final Function function, final Element element, final String signature)
    {
        register(name, function, element, NO_FLAG, signature, 0, 0, NARROW);
    }

    /**
     * @param partBytes      the bytes of each part of a reduction's result: -1 for the element's real, else as given.
     * @param reductionParts how many values a reduction writes to its result (0 for a routine that is not one).
     */
    private void routine(final String name, final Function function, final Element element, final long flag,
        final String signature, final int partBytes, final int reductionParts)
    {
        register(name, function, element, flag, signature, partBytes, reductionParts, WIDE);
    }

    private void register(final String name, final Function function, final Element element, final long flag,
        final String signature, final int partBytes, final int reductionParts, final boolean wide)
    {
        register(name, function, element, flag, signature, partBytes, reductionParts, wide, false);
    }

    /**
     * A routine of the legacy API whose arguments differ from its v2 form's: it has the legacy name and no
     * {@code _64} form.
     */
    private void legacy(final String name, final Function function, final Element element, final String signature)
    {
        register(name, function, element, NO_FLAG, signature, 0, 0, NARROW, true);
    }

    private void register(final String name, final Function function, final Element element, final long flag,
        final String signature, final int partBytes, final int reductionParts, final boolean wide,
        final boolean legacy)
    {
        // The S and D routines of the untyped functions (CUBLAS_SGEMM, ...) carry no type; the typed families
        // (CUBLAS_AXPY_X and the rest, from id 420 on) do, whatever the element type.
        final boolean typed = element.complex || function.id() >= Function.CUBLAS_AXPY_X.id();
        final int bytes = partBytes < 0 ? element.realBytes : partBytes;
        final int marker = signature.indexOf(REORDER);
        final String letters = marker < 0 ? signature : signature.substring(0, marker);
        for (final char letter : letters.toCharArray())
        {
            if (LETTERS.indexOf(letter) < 0)
            {
                throw new IllegalStateException(name + ": unknown argument letter " + letter);
            }
        }
        final int[] order = marker < 0 ? naturalOrder(letters.length()) : order(signature.substring(marker + 1),
            letters.length(), name);
        routines.add(new Routine(name, function, element, typed, flag, letters, order, bytes, reductionParts, false,
            legacy));
        if (wide)
        {
            // The _64 form: its sizes, increments and leading dimensions are 64-bit and travel as they are (the
            // executor refuses, by name, a value beyond what cuBLAS's 32-bit routine takes); an index result is
            // 64-bit too.
            final int bytes64 = bytes == Integer.BYTES && reductionParts == 1 && name.startsWith("cublasI") ?
                Long.BYTES : bytes;
            routines.add(new Routine(name + "_64", function, element, typed, flag, letters, order, bytes64,
                reductionParts, true, false));
        }
    }

    private static int[] naturalOrder(final int count)
    {
        final int[] order = new int[count];
        for (int i = 0; i < count; i++)
        {
            order[i] = i + 1;
        }
        return order;
    }

    /**
     * The wire order after {@code >}: each character a C argument's number in base 36, or {@code _} for a 0 slot.
     */
    private static int[] order(final String spec, final int count, final String name)
    {
        final int[] order = new int[spec.length()];
        for (int i = 0; i < spec.length(); i++)
        {
            final char c = spec.charAt(i);
            order[i] = c == ZERO_SLOT ? 0 : Character.digit(c, Character.MAX_RADIX);
            if (order[i] < 0 || order[i] > count)
            {
                throw new IllegalStateException(name + ": wire order " + spec + " names no argument with " + c);
            }
        }
        return order;
    }
}
