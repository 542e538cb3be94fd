package io.gpurelay.protocol.describe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        int[] wireOrder, int partBytes, int parts, boolean wide, boolean legacy, List<Argument> arguments)
    {
        /**
         * @return the C argument of this number: 1 the first after the handle.
         */
        public Argument argument(final int number)
        {
            return arguments.get(number - 1);
        }

        /**
         * @return the bytes of one element: a real's, twice that for a complex type.
         */
        public int elementBytes()
        {
            return element.realBytes() * (element.complex() ? 2 : 1);
        }

        /**
         * @return how many 64-bit slots the C argument of this number takes on the wire: a scalar of a typed routine
         *         two (real and imaginary part), rotm's param five, a host {@code int} output none, any other one.
         */
        public int slots(final int number)
        {
            return switch (letters.charAt(number - 1))
            {
                case 's', 'r' -> typed ? 2 : 1;
                case 'p' -> ROTM_PARAMETERS;
                case 'o' -> 0;
                default -> 1;
            };
        }

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

    /**
     * One C argument of a routine, as its signature names it.
     *
     * @param letter   how it travels (the letters above).
     * @param name     cuBLAS's name for it.
     * @param nullable whether a device pointer may be null (written {@code name?}).
     * @param extent   how far a device pointer reaches, or null for any other argument.
     */
    public record Argument(char letter, String name, boolean nullable, Extent extent)
    {
    }

    private static final List<Routine> ROUTINES;
    private static final Map<String, Routine> BY_NAME;
    private static final Map<String, Routine> BY_WIRE;
    /** Each described wire function: whether its family merges routines with a flag. */
    private static final Map<Function, Boolean> FLAGGED;
    /** The wire functions whose calls carry their element type. */
    private static final Set<Function> TYPED;

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
        final Map<String, Routine> byWire = new HashMap<>();
        for (final Routine routine : ROUTINES)
        {
            if (routine.v2() && !routine.wide())
            {
                byWire.put(wireKey(routine.function(), routine.typed() ? routine.element().dataType() : -1,
                    routine.flag()), routine);
            }
        }
        BY_WIRE = Collections.unmodifiableMap(byWire);
        final Map<Function, Boolean> flagged = new EnumMap<>(Function.class);
        final Set<Function> typed = EnumSet.noneOf(Function.class);
        for (final Routine routine : ROUTINES)
        {
            if (routine.v2())
            {
                flagged.putIfAbsent(routine.function(), routine.typed() && routine.flag() != NO_FLAG);
            }
            if (routine.typed())
            {
                typed.add(routine.function());
            }
        }
        FLAGGED = Collections.unmodifiableMap(flagged);
        TYPED = Collections.unmodifiableSet(typed);
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
     * The routine a call of a described wire function stands for, as the executor reads it: the 32-bit v2 form,
     * whose C arguments the wire order places (a {@code _64} call travels as the same call with 64-bit values).
     *
     * @param dataType the call's element type (its {@code cudaDataType}) for a typed function, ignored otherwise.
     * @param flag     the call's flag for a family that merges routines, ignored otherwise.
     * @return the routine, or null where the function's family has none of that type and flag.
     */
    public static Routine forWire(final Function function, final long dataType, final long flag)
    {
        final Routine untyped = BY_WIRE.get(wireKey(function, -1, NO_FLAG));
        if (untyped != null)
        {
            return untyped;
        }
        final Routine unflagged = BY_WIRE.get(wireKey(function, dataType, NO_FLAG));
        return unflagged != null ? unflagged : BY_WIRE.get(wireKey(function, dataType, flag));
    }

    /**
     * @return whether calls of this wire function are described routines, and whether the family merges routines
     *         with a flag after the element type: {@code null} when it is no described routine.
     */
    public static Boolean flagged(final Function function)
    {
        return FLAGGED.get(function);
    }

    /**
     * @return whether a call of this wire function carries its element type after the handle.
     */
    public static boolean typed(final Function function)
    {
        return TYPED.contains(function);
    }

    private static String wireKey(final Function function, final long dataType, final long flag)
    {
        return function.name() + "/" + dataType + "/" + flag;
    }

    /**
     * @return whether the letter is an argument that travels as an integer: a size or an enum.
     */
    public static boolean isInteger(final char letter)
    {
        return "iTUGL".indexOf(letter) >= 0;
    }

    // The signatures, shared by the routines of one shape: each argument after the handle as letter:name, a device
    // pointer with its extent (Extent), a ? after a name where a null pointer is allowed.
    private static final String AXPY = "i:n s:alpha d:x=v(n,incx) i:incx d:y=v(n,incy) i:incy";
    private static final String TWO_VECTORS = "i:n d:x=v(n,incx) i:incx d:y=v(n,incy) i:incy";
    private static final String SCAL = "i:n s:alpha d:x=v(n,incx) i:incx";
    private static final String SCAL_REAL = "i:n r:alpha d:x=v(n,incx) i:incx";
    private static final String DOT = TWO_VECTORS + " t:result";
    private static final String REDUCE = "i:n d:x=v(n,incx) i:incx t:result";
    private static final String ROT = TWO_VECTORS + " s:c s:s";
    private static final String ROT_REAL_COSINE = TWO_VECTORS + " r:c s:s";
    private static final String ROT_REAL = TWO_VECTORS + " r:c r:s";
    private static final String ROTM = TWO_VECTORS + " p:param";
    private static final String GEMV = "T:trans i:m i:n s:alpha d:A=m(m,n,lda) i:lda d:x=v(trans?n:m,incx) i:incx " +
        "s:beta d:y=v(trans?m:n,incy) i:incy";
    private static final String GBMV = "T:trans i:m i:n i:kl i:ku s:alpha d:A=m(kl+ku+1,n,lda) i:lda " +
        "d:x=v(trans?n:m,incx) i:incx s:beta d:y=v(trans?m:n,incy) i:incy";
    private static final String GER = "i:m i:n s:alpha d:x=v(m,incx) i:incx d:y=v(n,incy) i:incy d:A=m(m,n,lda) " +
        "i:lda";
    private static final String SYMV = "U:uplo i:n s:alpha d:A=m(n,n,lda) i:lda d:x=v(n,incx) i:incx s:beta " +
        "d:y=v(n,incy) i:incy";
    private static final String SBMV = "U:uplo i:n i:k s:alpha d:A=m(k+1,n,lda) i:lda d:x=v(n,incx) i:incx s:beta " +
        "d:y=v(n,incy) i:incy";
    private static final String SPMV = "U:uplo i:n s:alpha d:AP=p(n) d:x=v(n,incx) i:incx s:beta d:y=v(n,incy) " +
        "i:incy";
    private static final String TRMV = "U:uplo T:trans G:diag i:n d:A=m(n,n,lda) i:lda d:x=v(n,incx) i:incx";
    private static final String TBMV = "U:uplo T:trans G:diag i:n i:k d:A=m(k+1,n,lda) i:lda d:x=v(n,incx) i:incx";
    private static final String TPMV = "U:uplo T:trans G:diag i:n d:AP=p(n) d:x=v(n,incx) i:incx";
    private static final String SYR_REAL = "U:uplo i:n r:alpha d:x=v(n,incx) i:incx d:A=m(n,n,lda) i:lda";
    private static final String SYR = "U:uplo i:n s:alpha d:x=v(n,incx) i:incx d:A=m(n,n,lda) i:lda";
    private static final String SPR = "U:uplo i:n r:alpha d:x=v(n,incx) i:incx d:AP=p(n)";
    private static final String SYR2 = "U:uplo i:n s:alpha d:x=v(n,incx) i:incx d:y=v(n,incy) i:incy " +
        "d:A=m(n,n,lda) i:lda";
    private static final String SPR2 = "U:uplo i:n s:alpha d:x=v(n,incx) i:incx d:y=v(n,incy) i:incy d:AP=p(n)";
    private static final String OP_A = "transa?m:k,transa?k:m";
    private static final String OP_B = "transb?k:n,transb?n:k";
    private static final String GEMM = "T:transa T:transb i:m i:n i:k s:alpha d:A=m(" + OP_A + ",lda) i:lda " +
        "d:B=m(" + OP_B + ",ldb) i:ldb s:beta d:C=m(m,n,ldc) i:ldc";
    private static final String SIDE_A = "d:A=m(side?m:n,side?m:n,lda) i:lda";
    private static final String SYMM = "L:side U:uplo i:m i:n s:alpha " + SIDE_A + " d:B=m(m,n,ldb) i:ldb s:beta " +
        "d:C=m(m,n,ldc) i:ldc";
    private static final String OP_NK = "trans?n:k,trans?k:n";
    private static final String SYRK = "U:uplo T:trans i:n i:k s:alpha d:A=m(" + OP_NK + ",lda) i:lda s:beta " +
        "d:C=m(n,n,ldc) i:ldc";
    private static final String HERK = "U:uplo T:trans i:n i:k r:alpha d:A=m(" + OP_NK + ",lda) i:lda r:beta " +
        "d:C=m(n,n,ldc) i:ldc";
    private static final String SYR2K = "U:uplo T:trans i:n i:k s:alpha d:A=m(" + OP_NK + ",lda) i:lda d:B=m(" +
        OP_NK + ",ldb) i:ldb s:beta d:C=m(n,n,ldc) i:ldc";
    private static final String HER2K = "U:uplo T:trans i:n i:k s:alpha d:A=m(" + OP_NK + ",lda) i:lda d:B=m(" +
        OP_NK + ",ldb) i:ldb r:beta d:C=m(n,n,ldc) i:ldc";
    private static final String TRSM = "L:side U:uplo T:trans G:diag i:m i:n s:alpha " + SIDE_A +
        " d:B=m(m,n,ldb) i:ldb";
    private static final String TRMM = TRSM + " d:C=m(m,n,ldc) i:ldc";
    private static final String GEAM = "T:transa T:transb i:m i:n s:alpha d:A=m(transa?m:n,transa?n:m,lda) i:lda " +
        "s:beta d:B=m(transb?m:n,transb?n:m,ldb) i:ldb d:C=m(m,n,ldc) i:ldc";
    private static final String DGMM = "L:mode i:m i:n d:A=m(m,n,lda) i:lda d:x=v(mode?m:n,incx) i:incx " +
        "d:C=m(m,n,ldc) i:ldc";
    private static final String GEMM_BATCHED = "T:transa T:transb i:m i:n i:k s:alpha d:Aarray=m(" + OP_A +
        ",lda)[batchCount] i:lda d:Barray=m(" + OP_B + ",ldb)[batchCount] i:ldb s:beta " +
        "d:Carray=m(m,n,ldc)[batchCount] i:ldc i:batchCount";
    private static final String GEMM_STRIDED = "T:transa T:transb i:m i:n i:k s:alpha d:A=m(" + OP_A +
        ",lda,strideA,batchCount) i:lda i:strideA d:B=m(" + OP_B + ",ldb,strideB,batchCount) i:ldb i:strideB " +
        "s:beta d:C=m(m,n,ldc,strideC,batchCount) i:ldc i:strideC i:batchCount";
    private static final String GEMV_BATCHED = "T:trans i:m i:n s:alpha d:Aarray=m(m,n,lda)[batchCount] i:lda " +
        "d:xarray=v(trans?n:m,incx)[batchCount] i:incx s:beta d:yarray=v(trans?m:n,incy)[batchCount] i:incy " +
        "i:batchCount";
    private static final String GEMV_STRIDED = "T:trans i:m i:n s:alpha d:A=m(m,n,lda,strideA,batchCount) i:lda " +
        "i:strideA d:x=v(trans?n:m,incx,stridex,batchCount) i:incx i:stridex s:beta " +
        "d:y=v(trans?m:n,incy,stridey,batchCount) i:incy i:stridey i:batchCount";
    private static final String TRSM_BATCHED = "L:side U:uplo T:trans G:diag i:m i:n s:alpha " +
        "d:A=m(side?m:n,side?m:n,lda)[batchCount] i:lda d:B=m(m,n,ldb)[batchCount] i:ldb i:batchCount";
    private static final String GETRF = "i:n d:Aarray=m(n,n,lda)[batchSize] i:lda " +
        "d:PivotArray?=int(n*batchSize) d:infoArray=int(batchSize) i:batchSize";
    private static final String GETRI = "i:n d:Aarray=m(n,n,lda)[batchSize] i:lda " +
        "d:PivotArray?=piv(n*batchSize,n) d:Carray=m(n,n,ldc)[batchSize] i:ldc d:infoArray=int(batchSize) " +
        "i:batchSize";
    private static final String GETRS = "T:trans i:n i:nrhs d:Aarray=m(n,n,lda)[batchSize] i:lda " +
        "d:devIpiv?=piv(n*batchSize,n) d:Barray=m(n,nrhs,ldb)[batchSize] i:ldb o:info i:batchSize";
    private static final String MATINV = "i:n d:A=m(n,n,lda)[batchSize] i:lda d:Ainv=m(n,n,lda_inv)[batchSize] " +
        "i:lda_inv d:info=int(batchSize) i:batchSize";
    private static final String GEQRF = "i:m i:n d:Aarray=m(m,n,lda)[batchSize] i:lda " +
        "d:TauArray=e(max(0,min(m,n)))[batchSize] o:info i:batchSize";
    private static final String GELS = "T:trans i:m i:n i:nrhs d:Aarray=m(m,n,lda)[batchSize] i:lda " +
        "d:Carray=m(max(m,n),nrhs,ldc)[batchSize] i:ldc o:info d:devInfoArray?=int(batchSize) i:batchSize";

    private void describe()
    {
        // Level 1. Every routine is remoted in its 32-bit and its _64 form.
        real("axpy", Function.CUBLAS_SAXPY, Function.CUBLAS_DAXPY, AXPY, 0);
        complex("axpy", Function.CUBLAS_AXPY_X, NO_FLAG, AXPY, 0, 0);
        real("copy", Function.CUBLAS_SCOPY, Function.CUBLAS_DCOPY, TWO_VECTORS, 0);
        complex("copy", Function.CUBLAS_COPY_X, NO_FLAG, TWO_VECTORS, 0, 0);
        real("swap", Function.CUBLAS_SSWAP, Function.CUBLAS_DSWAP, TWO_VECTORS, 0);
        complex("swap", Function.CUBLAS_SWAP_X, NO_FLAG, TWO_VECTORS, 0, 0);
        real("scal", Function.CUBLAS_SSCAL, Function.CUBLAS_DSCAL, SCAL, 0);
        complex("scal", Function.CUBLAS_SCAL_X, 0, SCAL, 0, 0);
        routine("cublasCsscal_v2", Function.CUBLAS_SCAL_X, Element.C, 1, SCAL_REAL, 0, 0);
        routine("cublasZdscal_v2", Function.CUBLAS_SCAL_X, Element.Z, 1, SCAL_REAL, 0, 0);
        real("dot", Function.CUBLAS_SDOT, Function.CUBLAS_DDOT, DOT, 1);
        complex("dotu", Function.CUBLAS_DOT_X, 0, DOT, -1, 2);
        complex("dotc", Function.CUBLAS_DOT_X, 1, DOT, -1, 2);
        real("nrm2", Function.CUBLAS_SNRM2, Function.CUBLAS_DNRM2, REDUCE, 1);
        routine("cublasScnrm2_v2", Function.CUBLAS_NRM2_X, Element.C, NO_FLAG, REDUCE, -1, 1);
        routine("cublasDznrm2_v2", Function.CUBLAS_NRM2_X, Element.Z, NO_FLAG, REDUCE, -1, 1);
        real("asum", Function.CUBLAS_SASUM, Function.CUBLAS_DASUM, REDUCE, 1);
        routine("cublasScasum_v2", Function.CUBLAS_ASUM_X, Element.C, NO_FLAG, REDUCE, -1, 1);
        routine("cublasDzasum_v2", Function.CUBLAS_ASUM_X, Element.Z, NO_FLAG, REDUCE, -1, 1);
        routine("cublasIsamax_v2", Function.CUBLAS_ISAMAX, Element.S, NO_FLAG, REDUCE, Integer.BYTES, 1);
        routine("cublasIdamax_v2", Function.CUBLAS_IDAMAX, Element.D, NO_FLAG, REDUCE, Integer.BYTES, 1);
        routine("cublasIsamin_v2", Function.CUBLAS_ISAMIN, Element.S, NO_FLAG, REDUCE, Integer.BYTES, 1);
        routine("cublasIdamin_v2", Function.CUBLAS_IDAMIN, Element.D, NO_FLAG, REDUCE, Integer.BYTES, 1);
        routine("cublasIcamax_v2", Function.CUBLAS_IAMAX_X, Element.C, 0, REDUCE, Integer.BYTES, 1);
        routine("cublasIzamax_v2", Function.CUBLAS_IAMAX_X, Element.Z, 0, REDUCE, Integer.BYTES, 1);
        routine("cublasIcamin_v2", Function.CUBLAS_IAMAX_X, Element.C, 1, REDUCE, Integer.BYTES, 1);
        routine("cublasIzamin_v2", Function.CUBLAS_IAMAX_X, Element.Z, 1, REDUCE, Integer.BYTES, 1);
        real("rot", Function.CUBLAS_SROT, Function.CUBLAS_DROT, ROT, 0);
        each("CZ", "cublas%srot_v2", Function.CUBLAS_ROT_X, 0, ROT_REAL_COSINE, WIDE);
        each("C", "cublas%ssrot_v2", Function.CUBLAS_ROT_X, 1, ROT_REAL, WIDE);
        each("Z", "cublas%sdrot_v2", Function.CUBLAS_ROT_X, 1, ROT_REAL, WIDE);
        each("SD", "cublas%srotm_v2", Function.CUBLAS_ROTM, NO_FLAG, ROTM, WIDE);
        // Level 2.
        real("gemv", Function.CUBLAS_SGEMV, Function.CUBLAS_DGEMV, GEMV, 0);
        complex("gemv", Function.CUBLAS_GEMV_X, NO_FLAG, GEMV, 0, 0);
        each("SDCZ", "cublas%sgbmv_v2", Function.CUBLAS_GBMV, NO_FLAG, GBMV, WIDE);
        real("ger", Function.CUBLAS_SGER, Function.CUBLAS_DGER, GER, 0);
        complex("geru", Function.CUBLAS_GER_X, 0, GER, 0, 0);
        complex("gerc", Function.CUBLAS_GER_X, 1, GER, 0, 0);
        real("symv", Function.CUBLAS_SSYMV, Function.CUBLAS_DSYMV, SYMV, 0);
        complex("symv", Function.CUBLAS_SYMV_X, 0, SYMV, 0, 0);
        complex("hemv", Function.CUBLAS_SYMV_X, 1, SYMV, 0, 0);
        each("SD", "cublas%ssbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, SBMV, WIDE);
        each("CZ", "cublas%shbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, SBMV, WIDE);
        each("SD", "cublas%sspmv_v2", Function.CUBLAS_SPMV, NO_FLAG, SPMV, WIDE);
        each("CZ", "cublas%shpmv_v2", Function.CUBLAS_SPMV, NO_FLAG, SPMV, WIDE);
        real("trmv", Function.CUBLAS_STRMV, Function.CUBLAS_DTRMV, TRMV, 0);
        complex("trmv", Function.CUBLAS_TRMV_X, 0, TRMV, 0, 0);
        real("trsv", Function.CUBLAS_STRSV, Function.CUBLAS_DTRSV, TRMV, 0);
        complex("trsv", Function.CUBLAS_TRMV_X, 1, TRMV, 0, 0);
        each("SDCZ", "cublas%stbmv_v2", Function.CUBLAS_TBMV, 0, TBMV, WIDE);
        each("SDCZ", "cublas%stbsv_v2", Function.CUBLAS_TBMV, 1, TBMV, WIDE);
        each("SDCZ", "cublas%stpmv_v2", Function.CUBLAS_TPMV, 0, TPMV, WIDE);
        each("SDCZ", "cublas%stpsv_v2", Function.CUBLAS_TPMV, 1, TPMV, WIDE);
        // Rank updates: syr and spr take a real alpha (her, hpr too); the complex syr and syr2 are a family of their
        // own, syr with no second vector (two 0 slots where syr2 has y and incy).
        each("SD", "cublas%ssyr_v2", Function.CUBLAS_SYR, NO_FLAG, SYR_REAL, WIDE);
        each("CZ", "cublas%sher_v2", Function.CUBLAS_SYR, NO_FLAG, SYR_REAL, WIDE);
        each("CZ", "cublas%ssyr_v2", Function.CUBLAS_SYR_COMPLEX, 0, SYR + ">12345__67", WIDE);
        each("SD", "cublas%sspr_v2", Function.CUBLAS_SPR, NO_FLAG, SPR, WIDE);
        each("CZ", "cublas%shpr_v2", Function.CUBLAS_SPR, NO_FLAG, SPR, WIDE);
        each("SD", "cublas%ssyr2_v2", Function.CUBLAS_SYR2, NO_FLAG, SYR2, WIDE);
        each("CZ", "cublas%sher2_v2", Function.CUBLAS_SYR2, NO_FLAG, SYR2, WIDE);
        each("CZ", "cublas%ssyr2_v2", Function.CUBLAS_SYR_COMPLEX, 1, SYR2, WIDE);
        each("SD", "cublas%sspr2_v2", Function.CUBLAS_SPR2, NO_FLAG, SPR2, WIDE);
        each("CZ", "cublas%shpr2_v2", Function.CUBLAS_SPR2, NO_FLAG, SPR2, WIDE);
        // Level 3.
        real("gemm", Function.CUBLAS_SGEMM, Function.CUBLAS_DGEMM, GEMM, 0);
        complex("gemm", Function.CUBLAS_GEMM_X, NO_FLAG, GEMM, 0, 0);
        each("CZ", "cublas%sgemm3m", Function.CUBLAS_GEMM3M, NO_FLAG, GEMM, WIDE);
        real("symm", Function.CUBLAS_SSYMM, Function.CUBLAS_DSYMM, SYMM, 0);
        complex("symm", Function.CUBLAS_SYMM_X, 0, SYMM, 0, 0);
        complex("hemm", Function.CUBLAS_SYMM_X, 1, SYMM, 0, 0);
        real("syrk", Function.CUBLAS_SSYRK, Function.CUBLAS_DSYRK, SYRK, 0);
        complex("syrk", Function.CUBLAS_SYRK_X, 0, SYRK, 0, 0);
        complex("herk", Function.CUBLAS_SYRK_X, 1, HERK, 0, 0);
        each("SDCZ", "cublas%ssyr2k_v2", Function.CUBLAS_SYR2K, 0, SYR2K, WIDE);
        each("CZ", "cublas%sher2k_v2", Function.CUBLAS_SYR2K, 1, HER2K, WIDE);
        each("SDCZ", "cublas%ssyrkx", Function.CUBLAS_SYRKX, 0, SYR2K, WIDE);
        each("CZ", "cublas%sherkx", Function.CUBLAS_SYRKX, 1, HER2K, WIDE);
        real("trmm", Function.CUBLAS_STRMM, Function.CUBLAS_DTRMM, TRMM, 0);
        complex("trmm", Function.CUBLAS_TRMM_X, NO_FLAG, TRMM, 0, 0);
        real("trsm", Function.CUBLAS_STRSM, Function.CUBLAS_DTRSM, TRSM, 0);
        complex("trsm", Function.CUBLAS_TRSM_X, NO_FLAG, TRSM, 0, 0);
        // The legacy trmm works in place: B is its output too, the v2 routine's C.
        legacy("cublasStrmm", Function.CUBLAS_STRMM, Element.S, TRSM + ">123456789abab");
        legacy("cublasDtrmm", Function.CUBLAS_DTRMM, Element.D, TRSM + ">123456789abab");
        legacy("cublasCtrmm", Function.CUBLAS_TRMM_X, Element.C, TRSM + ">123456789abab");
        legacy("cublasZtrmm", Function.CUBLAS_TRMM_X, Element.Z, TRSM + ">123456789abab");
        // The v2 API's extensions.
        routine("cublasSgeam", Function.CUBLAS_SGEAM, Element.S, NO_FLAG, GEAM, 0, 0);
        routine("cublasDgeam", Function.CUBLAS_DGEAM, Element.D, NO_FLAG, GEAM, 0, 0);
        each("CZ", "cublas%sgeam", Function.CUBLAS_GEAM_X, NO_FLAG, GEAM, WIDE);
        each("SDCZ", "cublas%sdgmm", Function.CUBLAS_DGMM, NO_FLAG, DGMM, WIDE);
        each("SDCZ", "cublas%stpttr", Function.CUBLAS_TPTTR, 0, "U:uplo i:n d:AP=p(n) d:A=m(n,n,lda) i:lda", NARROW);
        each("SDCZ", "cublas%strttp", Function.CUBLAS_TPTTR, 1, "U:uplo i:n d:A=m(n,n,lda) i:lda d:AP=p(n)>12534",
            NARROW);
        // Batched: arrays of device pointers (in device memory), or strided matrices.
        routine("cublasSgemmBatched", Function.CUBLAS_SGEMM_BATCHED, Element.S, NO_FLAG, GEMM_BATCHED, 0, 0);
        routine("cublasDgemmBatched", Function.CUBLAS_DGEMM_BATCHED, Element.D, NO_FLAG, GEMM_BATCHED, 0, 0);
        each("CZ", "cublas%sgemmBatched", Function.CUBLAS_GEMM_BATCHED_X, 0, GEMM_BATCHED, WIDE);
        each("C", "cublas%sgemm3mBatched", Function.CUBLAS_GEMM_BATCHED_X, 1, GEMM_BATCHED, WIDE);
        routine("cublasSgemmStridedBatched", Function.CUBLAS_SGEMM_STRIDED_BATCHED, Element.S, NO_FLAG,
            GEMM_STRIDED, 0, 0);
        routine("cublasDgemmStridedBatched", Function.CUBLAS_DGEMM_STRIDED_BATCHED, Element.D, NO_FLAG,
            GEMM_STRIDED, 0, 0);
        each("CZ", "cublas%sgemmStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 0, GEMM_STRIDED, WIDE);
        each("C", "cublas%sgemm3mStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 1, GEMM_STRIDED, WIDE);
        each("SDCZ", "cublas%sgemvBatched", Function.CUBLAS_GEMV_BATCHED, NO_FLAG, GEMV_BATCHED, WIDE);
        each("SDCZ", "cublas%sgemvStridedBatched", Function.CUBLAS_GEMV_STRIDED_BATCHED, NO_FLAG, GEMV_STRIDED,
            WIDE);
        each("SDCZ", "cublas%strsmBatched", Function.CUBLAS_TRSM_BATCHED, NO_FLAG, TRSM_BATCHED, WIDE);
        narrow("cublasSgetrfBatched", Function.CUBLAS_SGETRF_BATCHED, Element.S, GETRF);
        narrow("cublasDgetrfBatched", Function.CUBLAS_DGETRF_BATCHED, Element.D, GETRF);
        each("CZ", "cublas%sgetrfBatched", Function.CUBLAS_GETRF_BATCHED_X, NO_FLAG, GETRF, NARROW);
        narrow("cublasSgetriBatched", Function.CUBLAS_SGETRI_BATCHED, Element.S, GETRI);
        narrow("cublasDgetriBatched", Function.CUBLAS_DGETRI_BATCHED, Element.D, GETRI);
        each("CZ", "cublas%sgetriBatched", Function.CUBLAS_GETRI_BATCHED_X, NO_FLAG, GETRI, NARROW);
        each("SDCZ", "cublas%sgetrsBatched", Function.CUBLAS_GETRS_BATCHED, NO_FLAG, GETRS, NARROW);
        each("SDCZ", "cublas%smatinvBatched", Function.CUBLAS_MATINV_BATCHED, NO_FLAG, MATINV, NARROW);
        each("SDCZ", "cublas%sgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, NO_FLAG, GEQRF, NARROW);
        each("SDCZ", "cublas%sgelsBatched", Function.CUBLAS_GELS_BATCHED, NO_FLAG, GELS, NARROW);
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
        final List<Argument> arguments = arguments(name, marker < 0 ? signature : signature.substring(0, marker));
        final StringBuilder letterText = new StringBuilder();
        for (final Argument argument : arguments)
        {
            letterText.append(argument.letter());
        }
        final String letters = letterText.toString();
        final int[] order = marker < 0 ? naturalOrder(letters.length()) : order(signature.substring(marker + 1),
            letters.length(), name);
        routines.add(new Routine(name, function, element, typed, flag, letters, order, bytes, reductionParts, false,
            legacy, arguments));
        if (wide)
        {
            // The _64 form: its sizes, increments and leading dimensions are 64-bit and travel as they are (the
            // executor refuses, by name, a value beyond what cuBLAS's 32-bit routine takes); an index result is
            // 64-bit too.
            final int bytes64 = bytes == Integer.BYTES && reductionParts == 1 && name.startsWith("cublasI") ?
                Long.BYTES : bytes;
            routines.add(new Routine(name + "_64", function, element, typed, flag, letters, order, bytes64,
                reductionParts, true, false, arguments));
        }
    }

    /**
     * The arguments of a signature: {@code letter:name}, a device pointer's followed by {@code =} and its
     * {@link Extent}, separated by spaces; every size an extent names must be one of the routine's integers.
     */
    private static List<Argument> arguments(final String routine, final String signature)
    {
        final List<Argument> arguments = new ArrayList<>();
        final Set<String> integers = new HashSet<>();
        for (final String token : signature.trim().split(" +"))
        {
            final int colon = token.indexOf(':');
            if (colon != 1 || LETTERS.indexOf(token.charAt(0)) < 0)
            {
                throw new IllegalStateException(routine + ": argument '" + token + "' is not letter:name with a " +
                    "letter of " + LETTERS);
            }
            final char letter = token.charAt(0);
            final int equals = token.indexOf('=');
            String name = equals < 0 ? token.substring(2) : token.substring(2, equals);
            final boolean nullable = name.endsWith("?");
            name = nullable ? name.substring(0, name.length() - 1) : name;
            if ((letter == 'd') != (equals >= 0))
            {
                throw new IllegalStateException(routine + ": " + name + (letter == 'd' ? " is a device pointer " +
                    "without its extent" : " has an extent but is no device pointer"));
            }
            if (isInteger(letter))
            {
                integers.add(name);
            }
            try
            {
                arguments.add(new Argument(letter, name, nullable, equals < 0 ? null :
                    Extent.parse(token.substring(equals + 1))));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalStateException(routine + ": " + name + ": " + ex.getMessage(), ex);
            }
        }
        for (final Argument argument : arguments)
        {
            if (argument.extent() != null)
            {
                final List<SizeTerm> terms = new ArrayList<>(argument.extent().terms());
                if (argument.extent().pointers() != null)
                {
                    terms.add(argument.extent().pointers());
                }
                for (final SizeTerm term : terms)
                {
                    for (final String size : term.names())
                    {
                        if (!integers.contains(size))
                        {
                            throw new IllegalStateException(routine + ": the extent of " + argument.name() +
                                " names " + size + ", which is none of the routine's integers");
                        }
                    }
                }
            }
        }
        return List.copyOf(arguments);
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
