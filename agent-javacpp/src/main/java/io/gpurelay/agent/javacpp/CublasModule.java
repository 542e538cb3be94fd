package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.blas.CublasRefusals;
import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.blas.CublasComputeTypes;
import io.gpurelay.agent.cuda.blas.CublasPointerModes;
import io.gpurelay.agent.cuda.blas.CublasStatusTexts;
import io.gpurelay.agent.cuda.blas.CublasTransfers;
import io.gpurelay.agent.cuda.blas.HostRotations;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cublas}: handles, the host/device transfers, and the v2 routines
 * ({@code cublasSgemm_v2}, ...) on the same calls JCuda's {@code JCublas2} makes. A routine is described by one line:
 * its C arguments after the handle as letters, which say how each travels:
 * <ul>
 * <li>{@code i} an integer (a size, increment, leading dimension, stride, batch count or enum);</li>
 * <li>{@code d} a device pointer (a matrix, a vector, an array of device pointers as a {@code PointerPointer});</li>
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
 * with the element type and, for families that merge routines, a flag. rotg and rotmg, which cuBLAS computes on the
 * host from host scalars, are computed here; the status names and strings are answered here.
 */
public final class CublasModule extends JavaCppModule
{
    private static final long NO_FLAG = -1;
    /** Registered in the 32-bit and the {@code _64} form. */
    private static final boolean WIDE = true;
    /** Registered in the 32-bit form only: cuBLAS has no {@code _64} form. */
    private static final boolean NARROW = false;
    /** rotm's param: flag, h11, h21, h12, h22. */
    private static final int ROTM_PARAMETERS = 5;
    private static final char REORDER = '>';
    private static final char ZERO_SLOT = '_';

    /**
     * The element type of a routine: its {@code cudaDataType}, the bytes of one real, whether it is complex.
     */
    private enum Element
    {
        S(0, Float.BYTES, false),
        D(1, Double.BYTES, false),
        C(4, Float.BYTES, true),
        Z(5, Double.BYTES, true);

        final int dataType;
        final int realBytes;
        final boolean complex;

        Element(final int dataType, final int realBytes, final boolean complex)
        {
            this.dataType = dataType;
            this.realBytes = realBytes;
            this.complex = complex;
        }
    }

    /**
     * One routine as it travels.
     *
     * @param letters   its C arguments after the handle, one letter each.
     * @param wireOrder the C argument (1-based) each wire argument after the type and flag comes from; 0 for a 0 slot.
     * @param typed     whether its handle is followed by the element type (and the flag, where there is one).
     * @param partBytes the bytes of each part of a reduction's result.
     * @param parts     how many values a reduction writes to its result (0 for a routine that is not one).
     */
    private record Routine(Function function, Element element, boolean typed, long flag, String letters,
        int[] wireOrder, int partBytes, int parts)
    {
    }

    public CublasModule()
    {
        super("cublas", CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED", CublasStatus.INVALID_VALUE,
            "CUBLAS_STATUS_INVALID_VALUE",
            List.of("org.bytedeco.cuda.global.cublas", "org.bytedeco.cuda.presets.cublas",
                "org.bytedeco.cuda.cublas."));
        handles();
        utilities();
        transfers();
        rotations();
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
        real("gemv", Function.CUBLAS_SGEMV, Function.CUBLAS_DGEMV, "iiisdidisdi", 0);
        complex("gemv", Function.CUBLAS_GEMV_X, NO_FLAG, "iiisdidisdi", 0, 0);
        each("SDCZ", "cublas%sgbmv_v2", Function.CUBLAS_GBMV, NO_FLAG, "iiiiisdidisdi", WIDE);
        real("ger", Function.CUBLAS_SGER, Function.CUBLAS_DGER, "iisdididi", 0);
        complex("geru", Function.CUBLAS_GER_X, 0, "iisdididi", 0, 0);
        complex("gerc", Function.CUBLAS_GER_X, 1, "iisdididi", 0, 0);
        real("symv", Function.CUBLAS_SSYMV, Function.CUBLAS_DSYMV, "iisdidisdi", 0);
        complex("symv", Function.CUBLAS_SYMV_X, 0, "iisdidisdi", 0, 0);
        complex("hemv", Function.CUBLAS_SYMV_X, 1, "iisdidisdi", 0, 0);
        each("SD", "cublas%ssbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, "iiisdidisdi", WIDE);
        each("CZ", "cublas%shbmv_v2", Function.CUBLAS_SBMV, NO_FLAG, "iiisdidisdi", WIDE);
        each("SD", "cublas%sspmv_v2", Function.CUBLAS_SPMV, NO_FLAG, "iisddisdi", WIDE);
        each("CZ", "cublas%shpmv_v2", Function.CUBLAS_SPMV, NO_FLAG, "iisddisdi", WIDE);
        real("trmv", Function.CUBLAS_STRMV, Function.CUBLAS_DTRMV, "iiiididi", 0);
        complex("trmv", Function.CUBLAS_TRMV_X, 0, "iiiididi", 0, 0);
        real("trsv", Function.CUBLAS_STRSV, Function.CUBLAS_DTRSV, "iiiididi", 0);
        complex("trsv", Function.CUBLAS_TRMV_X, 1, "iiiididi", 0, 0);
        each("SDCZ", "cublas%stbmv_v2", Function.CUBLAS_TBMV, 0, "iiiiididi", WIDE);
        each("SDCZ", "cublas%stbsv_v2", Function.CUBLAS_TBMV, 1, "iiiiididi", WIDE);
        each("SDCZ", "cublas%stpmv_v2", Function.CUBLAS_TPMV, 0, "iiiiddi", WIDE);
        each("SDCZ", "cublas%stpsv_v2", Function.CUBLAS_TPMV, 1, "iiiiddi", WIDE);
        // Rank updates: syr and spr take a real alpha (her, hpr too); the complex syr and syr2 are a family of their
        // own, syr with no second vector.
        each("SD", "cublas%ssyr_v2", Function.CUBLAS_SYR, NO_FLAG, "iirdidi", WIDE);
        each("CZ", "cublas%sher_v2", Function.CUBLAS_SYR, NO_FLAG, "iirdidi", WIDE);
        each("CZ", "cublas%ssyr_v2", Function.CUBLAS_SYR_COMPLEX, 0, "iisdidi>12345__67", WIDE);
        each("SD", "cublas%sspr_v2", Function.CUBLAS_SPR, NO_FLAG, "iirdid", WIDE);
        each("CZ", "cublas%shpr_v2", Function.CUBLAS_SPR, NO_FLAG, "iirdid", WIDE);
        each("SD", "cublas%ssyr2_v2", Function.CUBLAS_SYR2, NO_FLAG, "iisdididi", WIDE);
        each("CZ", "cublas%sher2_v2", Function.CUBLAS_SYR2, NO_FLAG, "iisdididi", WIDE);
        each("CZ", "cublas%ssyr2_v2", Function.CUBLAS_SYR_COMPLEX, 1, "iisdididi", WIDE);
        each("SD", "cublas%sspr2_v2", Function.CUBLAS_SPR2, NO_FLAG, "iisdidid", WIDE);
        each("CZ", "cublas%shpr2_v2", Function.CUBLAS_SPR2, NO_FLAG, "iisdidid", WIDE);
        // Level 3.
        real("gemm", Function.CUBLAS_SGEMM, Function.CUBLAS_DGEMM, "iiiiisdidisdi", 0);
        complex("gemm", Function.CUBLAS_GEMM_X, NO_FLAG, "iiiiisdidisdi", 0, 0);
        each("CZ", "cublas%sgemm3m", Function.CUBLAS_GEMM3M, NO_FLAG, "iiiiisdidisdi", WIDE);
        real("symm", Function.CUBLAS_SSYMM, Function.CUBLAS_DSYMM, "iiiisdidisdi", 0);
        complex("symm", Function.CUBLAS_SYMM_X, 0, "iiiisdidisdi", 0, 0);
        complex("hemm", Function.CUBLAS_SYMM_X, 1, "iiiisdidisdi", 0, 0);
        real("syrk", Function.CUBLAS_SSYRK, Function.CUBLAS_DSYRK, "iiiisdisdi", 0);
        complex("syrk", Function.CUBLAS_SYRK_X, 0, "iiiisdisdi", 0, 0);
        complex("herk", Function.CUBLAS_SYRK_X, 1, "iiiirdirdi", 0, 0);
        each("SDCZ", "cublas%ssyr2k_v2", Function.CUBLAS_SYR2K, 0, "iiiisdidisdi", WIDE);
        each("CZ", "cublas%sher2k_v2", Function.CUBLAS_SYR2K, 1, "iiiisdidirdi", WIDE);
        each("SDCZ", "cublas%ssyrkx", Function.CUBLAS_SYRKX, 0, "iiiisdidisdi", WIDE);
        each("CZ", "cublas%sherkx", Function.CUBLAS_SYRKX, 1, "iiiisdidirdi", WIDE);
        real("trmm", Function.CUBLAS_STRMM, Function.CUBLAS_DTRMM, "iiiiiisdididi", 0);
        complex("trmm", Function.CUBLAS_TRMM_X, NO_FLAG, "iiiiiisdididi", 0, 0);
        real("trsm", Function.CUBLAS_STRSM, Function.CUBLAS_DTRSM, "iiiiiisdidi", 0);
        complex("trsm", Function.CUBLAS_TRSM_X, NO_FLAG, "iiiiiisdidi", 0, 0);
        // The v2 API's extensions.
        routine("cublasSgeam", Function.CUBLAS_SGEAM, Element.S, NO_FLAG, "iiiisdisdidi", 0, 0);
        routine("cublasDgeam", Function.CUBLAS_DGEAM, Element.D, NO_FLAG, "iiiisdisdidi", 0, 0);
        each("CZ", "cublas%sgeam", Function.CUBLAS_GEAM_X, NO_FLAG, "iiiisdisdidi", WIDE);
        each("SDCZ", "cublas%sdgmm", Function.CUBLAS_DGMM, NO_FLAG, "iiidididi", WIDE);
        each("SDCZ", "cublas%stpttr", Function.CUBLAS_TPTTR, 0, "iiddi", NARROW);
        each("SDCZ", "cublas%strttp", Function.CUBLAS_TPTTR, 1, "iidid>12534", NARROW);
        function("cublasGemmEx", CublasModule::gemmEx);
        function("cublasGemmEx_64", CublasModule::gemmEx);
        // Batched: arrays of device pointers (a PointerPointer in device memory), or strided matrices.
        routine("cublasSgemmBatched", Function.CUBLAS_SGEMM_BATCHED, Element.S, NO_FLAG, "iiiiisdidisdii", 0, 0);
        routine("cublasDgemmBatched", Function.CUBLAS_DGEMM_BATCHED, Element.D, NO_FLAG, "iiiiisdidisdii", 0, 0);
        each("CZ", "cublas%sgemmBatched", Function.CUBLAS_GEMM_BATCHED_X, 0, "iiiiisdidisdii", WIDE);
        each("C", "cublas%sgemm3mBatched", Function.CUBLAS_GEMM_BATCHED_X, 1, "iiiiisdidisdii", WIDE);
        routine("cublasSgemmStridedBatched", Function.CUBLAS_SGEMM_STRIDED_BATCHED, Element.S, NO_FLAG,
            "iiiiisdiidiisdiii", 0, 0);
        routine("cublasDgemmStridedBatched", Function.CUBLAS_DGEMM_STRIDED_BATCHED, Element.D, NO_FLAG,
            "iiiiisdiidiisdiii", 0, 0);
        each("CZ", "cublas%sgemmStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 0, "iiiiisdiidiisdiii",
            WIDE);
        each("C", "cublas%sgemm3mStridedBatched", Function.CUBLAS_GEMM_STRIDED_BATCHED_X, 1, "iiiiisdiidiisdiii",
            WIDE);
        each("SDCZ", "cublas%sgemvBatched", Function.CUBLAS_GEMV_BATCHED, NO_FLAG, "iiisdidisdii", WIDE);
        each("SDCZ", "cublas%sgemvStridedBatched", Function.CUBLAS_GEMV_STRIDED_BATCHED, NO_FLAG,
            "iiisdiidiisdiii", WIDE);
        each("SDCZ", "cublas%strsmBatched", Function.CUBLAS_TRSM_BATCHED, NO_FLAG, "iiiiiisdidii", WIDE);
        narrow("cublasSgetrfBatched", Function.CUBLAS_SGETRF_BATCHED, Element.S, NO_FLAG, "ididdi");
        narrow("cublasDgetrfBatched", Function.CUBLAS_DGETRF_BATCHED, Element.D, NO_FLAG, "ididdi");
        each("CZ", "cublas%sgetrfBatched", Function.CUBLAS_GETRF_BATCHED_X, NO_FLAG, "ididdi", NARROW);
        narrow("cublasSgetriBatched", Function.CUBLAS_SGETRI_BATCHED, Element.S, NO_FLAG, "ididdidi");
        narrow("cublasDgetriBatched", Function.CUBLAS_DGETRI_BATCHED, Element.D, NO_FLAG, "ididdidi");
        each("CZ", "cublas%sgetriBatched", Function.CUBLAS_GETRI_BATCHED_X, NO_FLAG, "ididdidi", NARROW);
        each("SDCZ", "cublas%sgetrsBatched", Function.CUBLAS_GETRS_BATCHED, NO_FLAG, "iiididdioi", NARROW);
        each("SDCZ", "cublas%smatinvBatched", Function.CUBLAS_MATINV_BATCHED, NO_FLAG, "idididi", NARROW);
        each("SDCZ", "cublas%sgeqrfBatched", Function.CUBLAS_GEQRF_BATCHED, NO_FLAG, "iididoi", NARROW);
        each("SDCZ", "cublas%sgelsBatched", Function.CUBLAS_GELS_BATCHED, NO_FLAG, "iiiididiodi", NARROW);
    }

    private void handles()
    {
        function("cublasCreate_v2", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_CREATE, new long[0], results);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.created(results[0]);
                a.setHandle(0, results[0]);
            }
            return status;
        });
        function("cublasDestroy_v2", a ->
        {
            final long handle = a.handle(0);
            final int status = call(Function.CUBLAS_DESTROY, new long[]{ handle }, null);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.destroyed(handle);
            }
            return status;
        });
        function("cublasGetVersion_v2", a -> query(a, Function.CUBLAS_GET_VERSION));
        function("cublasSetStream_v2", a -> call(Function.CUBLAS_SET_STREAM,
            new long[]{ a.handle(0), a.stream(1) }, null));
        function("cublasGetStream_v2", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_GET_STREAM, new long[]{ a.handle(0) }, results);
            if (status == CublasStatus.SUCCESS)
            {
                a.setHandle(1, results[0]);
            }
            return status;
        });
        function("cublasGetPointerMode_v2", a -> query(a, Function.CUBLAS_GET_POINTER_MODE));
        function("cublasSetPointerMode_v2", a ->
        {
            final long handle = a.handle(0);
            final int mode = a.intValue(1);
            final int status = call(Function.CUBLAS_SET_POINTER_MODE, new long[]{ handle, mode }, null);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.set(handle, mode);
            }
            return status;
        });
        function("cublasGetMathMode", a -> query(a, Function.CUBLAS_GET_MATH_MODE));
        function("cublasSetMathMode", a -> call(Function.CUBLAS_SET_MATH_MODE,
            new long[]{ a.handle(0), a.intValue(1) }, null));
    }

    /**
     * The library's own queries and settings that are not a routine: versions, atomics mode, SM count target,
     * workspace; the status names and strings, answered here.
     */
    private void utilities()
    {
        function("cublasGetProperty", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_GET_PROPERTY, new long[]{ a.intValue(0) }, results);
            if (status == CublasStatus.SUCCESS)
            {
                a.setInt(1, (int)results[0]);
            }
            return status;
        });
        // It has no status: 0 when the executor cannot be asked, as the log says.
        function("cublasGetCudartVersion", a ->
        {
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_GET_CUDART_VERSION, new long[0], results);
            if (status != CublasStatus.SUCCESS)
            {
                AgentLog.warn("cublas.cublasGetCudartVersion: " + CublasStatusTexts.name(status) + "; returning 0");
                return 0L;
            }
            return results[0];
        });
        function("cublasGetStatusName", a -> a.cString(CublasStatusTexts.name(a.intValue(0))));
        function("cublasGetStatusString", a -> a.cString(CublasStatusTexts.description(a.intValue(0))));
        function("cublasGetAtomicsMode", a -> query(a, Function.CUBLAS_GET_ATOMICS_MODE));
        function("cublasSetAtomicsMode", a -> call(Function.CUBLAS_SET_ATOMICS_MODE,
            new long[]{ a.handle(0), a.intValue(1) }, null));
        function("cublasGetSmCountTarget", a -> query(a, Function.CUBLAS_GET_SM_COUNT_TARGET));
        function("cublasSetSmCountTarget", a -> call(Function.CUBLAS_SET_SM_COUNT_TARGET,
            new long[]{ a.handle(0), a.intValue(1) }, null));
        function("cublasSetWorkspace_v2", a -> call(Function.CUBLAS_SET_WORKSPACE,
            new long[]{ a.handle(0), device(a, 1), a.longValue(2) }, null));
        function("cublasMigrateComputeType", CublasModule::migrateComputeType);
    }

    /**
     * What cuBLAS's header does for a legacy compute type (a {@code cudaDataType}): the {@code cublasComputeType_t}
     * for it, pedantic if the handle's math mode is; as for JCublas2.
     */
    private static int migrateComputeType(final JavaCppArgs a)
    {
        JavaCppRuntime.requireOutput(a, 2);
        final long[] mathMode = new long[1];
        final int status = call(Function.CUBLAS_GET_MATH_MODE, new long[]{ a.handle(0) }, mathMode);
        if (status != CublasStatus.SUCCESS)
        {
            return status;
        }
        final int migrated = CublasComputeTypes.migrate("cublas.cublasMigrateComputeType", a.intValue(1),
            mathMode[0]);
        if (migrated == CublasComputeTypes.NONE)
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        a.setInt(2, migrated);
        return CublasStatus.SUCCESS;
    }

    /**
     * cublasSetVector/GetVector/SetMatrix/GetMatrix, their Async and _64 forms. A vector is a one-row matrix whose
     * leading dimension is its increment, as JCublas2's transfers send it: the host side's elements are gathered
     * (or scattered) here with its stride and travel packed; the executor places them with the device side's.
     */
    private void transfers()
    {
        for (final String wide : List.of("", "_64"))
        {
            function("cublasSetVector" + wide, a -> setMatrix(a, 1, a.longValue(0), a.longValue(1), 2,
                a.longValue(3), 4, a.longValue(5), -1));
            function("cublasGetVector" + wide, a -> getMatrix(a, 1, a.longValue(0), a.longValue(1), 2,
                a.longValue(3), 4, a.longValue(5), -1));
            function("cublasSetMatrix" + wide, a -> setMatrix(a, a.longValue(0), a.longValue(1), a.longValue(2), 3,
                a.longValue(4), 5, a.longValue(6), -1));
            function("cublasGetMatrix" + wide, a -> getMatrix(a, a.longValue(0), a.longValue(1), a.longValue(2), 3,
                a.longValue(4), 5, a.longValue(6), -1));
            function("cublasSetVectorAsync" + wide, a -> setMatrix(a, 1, a.longValue(0), a.longValue(1), 2,
                a.longValue(3), 4, a.longValue(5), 6));
            function("cublasGetVectorAsync" + wide, a -> getMatrix(a, 1, a.longValue(0), a.longValue(1), 2,
                a.longValue(3), 4, a.longValue(5), 6));
            function("cublasSetMatrixAsync" + wide, a -> setMatrix(a, a.longValue(0), a.longValue(1),
                a.longValue(2), 3, a.longValue(4), 5, a.longValue(6), 7));
            function("cublasGetMatrixAsync" + wide, a -> getMatrix(a, a.longValue(0), a.longValue(1),
                a.longValue(2), 3, a.longValue(4), 5, a.longValue(6), 7));
        }
    }

    /**
     * rotg and rotmg: cuBLAS computes them on the host from host scalars (in host pointer mode), so they are
     * computed here, with the reference BLAS's algorithms, as for JCublas2. In device pointer mode their scalars
     * are device memory: not supported, by name.
     */
    private void rotations()
    {
        function("cublasSrotg_v2", a -> rotg(a, Float.BYTES));
        function("cublasDrotg_v2", a -> rotg(a, Double.BYTES));
        function("cublasCrotg_v2", a -> complexRotg(a, Float.BYTES));
        function("cublasZrotg_v2", a -> complexRotg(a, Double.BYTES));
        function("cublasSrotmg_v2", a -> rotmg(a, Float.BYTES));
        function("cublasDrotmg_v2", a -> rotmg(a, Double.BYTES));
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
    private void narrow(final String name, final Function function, final Element element, final long flag,
        final String signature)
    {
        register(name, function, element, flag, signature, 0, 0, NARROW);
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
        // The S and D routines of the untyped functions (CUBLAS_SGEMM, ...) carry no type; the typed families
        // (CUBLAS_AXPY_X and the rest, from id 420 on) do, whatever the element type.
        final boolean typed = element.complex || function.id() >= Function.CUBLAS_AXPY_X.id();
        final int bytes = partBytes < 0 ? element.realBytes : partBytes;
        final int marker = signature.indexOf(REORDER);
        final String letters = marker < 0 ? signature : signature.substring(0, marker);
        final int[] order = marker < 0 ? naturalOrder(letters.length()) : order(signature.substring(marker + 1),
            letters.length(), name);
        final Routine routine = new Routine(function, element, typed, flag, letters, order, bytes, reductionParts);
        function(name, a -> run(a, routine));
        if (wide)
        {
            // The _64 form: its sizes, increments and leading dimensions are 64-bit and travel as they are (the
            // executor refuses, by name, a value beyond what cuBLAS's 32-bit routine takes); an index result is
            // 64-bit too.
            final int bytes64 = bytes == Integer.BYTES && reductionParts == 1 && name.startsWith("cublasI") ?
                Long.BYTES : bytes;
            final Routine routine64 = new Routine(function, element, typed, flag, letters, order, bytes64,
                reductionParts);
            function(name + "_64", a -> run(a, routine64));
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

    private static int run(final JavaCppArgs a, final Routine routine)
    {
        final String letters = routine.letters();
        if (letters.length() + 1 != a.count())
        {
            throw new IllegalStateException(a.method().qualifiedName() + " takes " + a.count() + " arguments, its " +
                "description " + (letters.length() + 1));
        }
        final Element element = routine.element();
        final long handle = a.handle(0);
        final boolean deviceMode = CublasPointerModes.deviceMode(handle);
        final long[][] slots = new long[letters.length() + 1][];
        int target = -1;
        int info = -1;
        for (int i = 0; i < letters.length(); i++)
        {
            final int index = i + 1;
            final char letter = letters.charAt(i);
            slots[index] = switch (letter)
            {
                case 'i' -> new long[]{ a.longValue(index) };
                case 'd' -> new long[]{ device(a, index) };
                case 's', 'r' -> scalar(a, index, element, routine.typed(), deviceMode,
                    element.complex && letter == 's');
                case 't' ->
                {
                    target = index;
                    JavaCppRuntime.requireOutput(a, index);
                    yield new long[]{ deviceMode ? device(a, index) : 0 };
                }
                case 'p' ->
                {
                    final long[] param = new long[ROTM_PARAMETERS];
                    if (deviceMode)
                    {
                        param[0] = device(a, index);
                        yield param;
                    }
                    yield reals(a, index, element.realBytes, ROTM_PARAMETERS);
                }
                case 'o' ->
                {
                    info = index;
                    JavaCppRuntime.requireOutput(a, index);
                    yield new long[0];
                }
                default -> throw new IllegalStateException("unknown argument letter " + letter);
            };
        }
        final long[] wire = wire(handle, routine, slots);
        if (info >= 0)
        {
            final long[] results = new long[1];
            final int status = call(routine.function(), wire, results);
            if (status == CublasStatus.SUCCESS)
            {
                a.setInt(info, (int)results[0]);
            }
            return status;
        }
        final int parts = routine.parts();
        if (parts == 0 || deviceMode)
        {
            return call(routine.function(), wire, null);
        }
        final int partBytes = routine.partBytes();
        final long[] results = new long[parts];
        final int status = call(routine.function(), wire, results);
        if (status == CublasStatus.SUCCESS)
        {
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES * parts]);
            for (int i = 0; i < parts; i++)
            {
                value.putLong(i * partBytes, results[i], ByteOrder.LITTLE_ENDIAN);
            }
            final byte[] bytes = Arrays.copyOf(value.byteArray(), partBytes * parts);
            a.writeBytes(target, bytes, bytes.length);
        }
        return status;
    }

    /**
     * cublasGemmEx: its arguments travel in their C order, alpha and beta (in host pointer mode) as the raw bits of
     * the compute type's scalar, as for JCublas2: a double for the 64F compute types, a half for the 16F ones, else a
     * float (an int for 32I has a float's width). The executor checks the types and the compute type.
     */
    private static int gemmEx(final JavaCppArgs a)
    {
        final int arguments = 18;
        if (a.count() != arguments + 1)
        {
            throw new IllegalStateException(a.method().qualifiedName() + " takes " + a.count() + " arguments");
        }
        final int scalarBytes = switch (a.intValue(17))
        {
            case 70, 71, 79 -> Double.BYTES;
            case 64, 65 -> Short.BYTES;
            default -> Float.BYTES;
        };
        final long handle = a.handle(0);
        final boolean deviceMode = CublasPointerModes.deviceMode(handle);
        final long[] wire = new long[arguments + 1];
        wire[0] = handle;
        for (int i = 1; i <= arguments; i++)
        {
            wire[i] = switch (i)
            {
                case 6, 13 -> deviceMode ? device(a, i) : reals(a, i, scalarBytes, 1)[0];
                case 7, 10, 14 -> device(a, i);
                default -> a.longValue(i);
            };
        }
        return call(Function.CUBLAS_GEMM_EX, wire, null);
    }

    /**
     * The call's arguments: the handle, the element type and flag of a typed routine, then the C arguments' slots in
     * the wire order.
     */
    private static long[] wire(final long handle, final Routine routine, final long[][] slots)
    {
        long[] wire = new long[3 + ROTM_PARAMETERS * slots.length];
        int size = 0;
        wire[size++] = handle;
        if (routine.typed())
        {
            wire[size++] = routine.element().dataType;
            if (routine.flag() != NO_FLAG)
            {
                wire[size++] = routine.flag();
            }
        }
        for (final int argument : routine.wireOrder())
        {
            if (argument == 0)
            {
                wire[size++] = 0;
                continue;
            }
            for (final long slot : slots[argument])
            {
                wire[size++] = slot;
            }
        }
        return Arrays.copyOf(wire, size);
    }

    /**
     * A scalar: in host pointer mode its real (and, when complex, imaginary) part's raw bits, in device mode its
     * address; a typed routine gives every scalar two slots, the second 0 where there is no imaginary part.
     */
    private static long[] scalar(final JavaCppArgs a, final int index, final Element element, final boolean typed,
        final boolean deviceMode, final boolean complex)
    {
        if (deviceMode)
        {
            final long address = device(a, index);
            return typed ? new long[]{ address, 0 } : new long[]{ address };
        }
        final long[] reals = reals(a, index, element.realBytes, complex ? 2 : 1);
        return typed ? new long[]{ reals[0], complex ? reals[1] : 0 } : new long[]{ reals[0] };
    }

    /**
     * A matrix, vector or device-mode scalar: a device pointer; a Java array or buffer is host memory and refused.
     */
    private static long device(final JavaCppArgs a, final int index)
    {
        return a.devicePointer(index);
    }

    /**
     * {@code count} consecutive reals of {@code bytes} each (2: a half) at a host-mode scalar: their raw bits.
     */
    private static long[] reals(final JavaCppArgs a, final int index, final int bytes, final int count)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(hostBytes(a, index, (long)bytes * count));
        final long[] reals = new long[count];
        for (int i = 0; i < count; i++)
        {
            reals[i] = switch (bytes)
            {
                case Short.BYTES -> Short.toUnsignedLong(buffer.getShort(i * bytes, ByteOrder.LITTLE_ENDIAN));
                case Float.BYTES -> Integer.toUnsignedLong(buffer.getInt(i * bytes, ByteOrder.LITTLE_ENDIAN));
                default -> buffer.getLong(i * bytes, ByteOrder.LITTLE_ENDIAN);
            };
        }
        return reals;
    }

    /**
     * The bytes of a host scalar; a pointer into device memory this process allocated is refused, where cuBLAS in
     * host pointer mode would read it as host memory.
     */
    private static byte[] hostBytes(final JavaCppArgs a, final int index, final long count)
    {
        requireHostMemory(a, index, "the handle's pointer mode is CUBLAS_POINTER_MODE_HOST");
        return a.bytes(index, count);
    }

    private static void requireHostMemory(final JavaCppArgs a, final int index, final String why)
    {
        if (a.get(index) instanceof Pointer pointer &&
            JavaCppRuntime.isDeviceMemory(JavaCppPointers.effectiveAddress(pointer), RuntimeCalls.session()))
        {
            throw new JavaCppArgumentException(a.describe(index) + " is device memory but " + why);
        }
    }

    /**
     * cublasSetMatrix, and cublasSetVector as one row: the host elements go packed column by column (straight from
     * the host memory when they are contiguous).
     *
     * @param streamIndex the stream argument of the Async forms, -1 for the synchronous ones.
     */
    private static int setMatrix(final JavaCppArgs a, final long rows, final long cols, final long elemSize,
        final int hostIndex, final long ldHost, final int deviceIndex, final long ldDevice, final int streamIndex)
    {
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldHost, ldDevice);
        if (invalid != null)
        {
            throw new JavaCppArgumentException(invalid);
        }
        final long destination = device(a, deviceIndex);
        final long stream = streamIndex < 0 ? 0 : a.stream(streamIndex);
        final long columnBytes = rows * elemSize;
        final long packedBytes = columnBytes * cols;
        final PayloadSource packed;
        if (packedBytes == 0)
        {
            packed = new ByteArrayPayload();
        }
        else
        {
            requireHostMemory(a, hostIndex, "it is the host side of the copy");
            if (ldHost == rows)
            {
                packed = a.host(hostIndex, packedBytes);
            }
            else
            {
                final HostRange source = a.host(hostIndex, span(rows, cols, elemSize, ldHost));
                final UnsafeBuffer buffer = new UnsafeBuffer(new byte[(int)packedBytes]);
                for (long j = 0; j < cols; j++)
                {
                    source.copyTo(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
                }
                packed = new ByteArrayPayload(buffer.byteArray());
            }
        }
        return call(Function.CUBLAS_SET_MATRIX, new long[]{ rows, cols, elemSize, destination, ldDevice, stream },
            packed, null, null);
    }

    /**
     * cublasGetMatrix, and cublasGetVector as one row: the elements arrive packed column by column and land with the
     * host side's leading dimension (straight in the host memory when it is contiguous).
     */
    private static int getMatrix(final JavaCppArgs a, final long rows, final long cols, final long elemSize,
        final int deviceIndex, final long ldDevice, final int hostIndex, final long ldHost, final int streamIndex)
    {
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldDevice, ldHost);
        if (invalid != null)
        {
            throw new JavaCppArgumentException(invalid);
        }
        final long source = device(a, deviceIndex);
        final long stream = streamIndex < 0 ? 0 : a.stream(streamIndex);
        final long columnBytes = rows * elemSize;
        final long packedBytes = columnBytes * cols;
        final long[] args = { rows, cols, elemSize, source, ldDevice, stream };
        if (packedBytes == 0)
        {
            return call(Function.CUBLAS_GET_MATRIX, args, null, new ByteArrayPayload(), null);
        }
        requireHostMemory(a, hostIndex, "it is the host side of the copy");
        if (ldHost == rows)
        {
            return call(Function.CUBLAS_GET_MATRIX, args, null, a.host(hostIndex, packedBytes), null);
        }
        final HostRange destination = a.host(hostIndex, span(rows, cols, elemSize, ldHost));
        final ByteArrayPayload packed = new ByteArrayPayload();
        final int status = call(Function.CUBLAS_GET_MATRIX, args, null, packed, null);
        if (status == CublasStatus.SUCCESS)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(packed.bytes());
            for (long j = 0; j < cols; j++)
            {
                destination.write(j * ldHost * elemSize, buffer, (int)(j * columnBytes), (int)columnBytes);
            }
        }
        return status;
    }

    private static long span(final long rows, final long cols, final long elemSize, final long ld)
    {
        try
        {
            return CublasTransfers.span(rows, cols, elemSize, ld);
        }
        catch (final ArithmeticException ex)
        {
            throw new JavaCppArgumentException("a leading dimension (or increment) of " + ld + " over " + cols +
                " columns spans more bytes than a long holds");
        }
    }

    /** rotg: a and b in (a becomes r, b z), c and s out. */
    private static int rotg(final JavaCppArgs a, final int bytes)
    {
        if (!hostScalarsOnly(a, 1, 2, 3, 4))
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        final double[] in = { readReals(a, 1, bytes, 1)[0], readReals(a, 2, bytes, 1)[0] };
        final double[] out = new double[4];
        if (bytes == Float.BYTES)
        {
            final float[] values = { (float)in[0], (float)in[1], 0, 0 };
            HostRotations.srotg(values);
            for (int i = 0; i < values.length; i++)
            {
                out[i] = values[i];
            }
        }
        else
        {
            System.arraycopy(in, 0, out, 0, 2);
            HostRotations.drotg(out);
        }
        for (int i = 0; i < out.length; i++)
        {
            writeReals(a, i + 1, bytes, out[i]);
        }
        return CublasStatus.SUCCESS;
    }

    /** Complex rotg: a (complex) in and out as r, b (complex) in, c (real) and s (complex) out. */
    private static int complexRotg(final JavaCppArgs a, final int realBytes)
    {
        if (!hostScalarsOnly(a, 1, 2, 3, 4))
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        final double[] aValue = readReals(a, 1, realBytes, 2);
        final double[] bValue = readReals(a, 2, realBytes, 2);
        a.host(3, realBytes);
        a.host(4, 2L * realBytes);
        final double[] cAndS = HostRotations.complexRotation(aValue, bValue[0], bValue[1]);
        writeReals(a, 1, realBytes, aValue[0], aValue[1]);
        writeReals(a, 3, realBytes, cAndS[0]);
        writeReals(a, 4, realBytes, cAndS[1], cAndS[2]);
        return CublasStatus.SUCCESS;
    }

    /** rotmg: d1, d2 and x1 in and out, y1 in, param's 5 values out. */
    private static int rotmg(final JavaCppArgs a, final int bytes)
    {
        if (!hostScalarsOnly(a, 1, 2, 3, 4, 5))
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        final double[] in = { readReals(a, 1, bytes, 1)[0], readReals(a, 2, bytes, 1)[0],
            readReals(a, 3, bytes, 1)[0], readReals(a, 4, bytes, 1)[0] };
        a.host(5, (long)ROTM_PARAMETERS * bytes);
        final double[] param = new double[ROTM_PARAMETERS];
        final double[] d1;
        final double[] d2;
        final double[] x1;
        if (bytes == Float.BYTES)
        {
            final float[] sd1 = { (float)in[0] };
            final float[] sd2 = { (float)in[1] };
            final float[] sx1 = { (float)in[2] };
            final float[] sparam = new float[ROTM_PARAMETERS];
            HostRotations.srotmg(sd1, sd2, sx1, (float)in[3], sparam);
            d1 = new double[]{ sd1[0] };
            d2 = new double[]{ sd2[0] };
            x1 = new double[]{ sx1[0] };
            for (int i = 0; i < ROTM_PARAMETERS; i++)
            {
                param[i] = sparam[i];
            }
        }
        else
        {
            d1 = new double[]{ in[0] };
            d2 = new double[]{ in[1] };
            x1 = new double[]{ in[2] };
            HostRotations.drotmg(d1, d2, x1, in[3], param);
        }
        writeReals(a, 1, bytes, d1[0]);
        writeReals(a, 2, bytes, d2[0]);
        writeReals(a, 3, bytes, x1[0]);
        writeReals(a, 5, bytes, param);
        return CublasStatus.SUCCESS;
    }

    /**
     * Whether a client-side rotation can run: false, logged, when the handle is in device pointer mode (its scalars
     * are then device memory); a null scalar, or one in device memory, is refused as an invalid value.
     */
    private static boolean hostScalarsOnly(final JavaCppArgs a, final int... scalars)
    {
        for (final int index : scalars)
        {
            if (a.isNull(index))
            {
                throw new JavaCppArgumentException(a.describe(index) + " is null");
            }
        }
        if (CublasPointerModes.deviceMode(a.handle(0)))
        {
            AgentLog.warn(a.method().qualifiedName() + " in CUBLAS_POINTER_MODE_DEVICE is not supported by " +
                "gpurelay (it computes the rotation in the client, from host scalars); returning " +
                "CUBLAS_STATUS_NOT_SUPPORTED");
            return false;
        }
        for (final int index : scalars)
        {
            requireHostMemory(a, index, "the rotation is computed from host scalars");
        }
        return true;
    }

    private static double[] readReals(final JavaCppArgs a, final int index, final int bytes, final int count)
    {
        return HostRotations.reals(new UnsafeBuffer(a.bytes(index, (long)bytes * count)), bytes, count);
    }

    private static void writeReals(final JavaCppArgs a, final int index, final int bytes, final double... values)
    {
        a.writeBytes(index, HostRotations.realBytes(bytes, values).byteArray(), bytes * values.length);
    }

    private static int query(final JavaCppArgs a, final Function function)
    {
        JavaCppRuntime.requireOutput(a, 1);
        final long[] results = new long[1];
        final int status = call(function, new long[]{ a.handle(0) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            a.setInt(1, (int)results[0]);
        }
        return status;
    }

    private static int call(final Function function, final long[] args, final long[] results)
    {
        return call(function, args, null, null, results);
    }

    /**
     * A call on the calling thread's current device; a client without an executor is CUBLAS_STATUS_NOT_INITIALIZED.
     */
    private static int call(final Function function, final long[] args, final PayloadSource payload,
        final PayloadSink sink, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, RuntimeThreadState.currentDevice(), args, payload,
            sink, results);
        if (status == RuntimeStatus.DEVICES_UNAVAILABLE)
        {
            AgentLog.warnOnce("cublas: no executor; returning CUBLAS_STATUS_NOT_INITIALIZED");
            return CublasStatus.NOT_INITIALIZED;
        }
        return status;
    }

    protected LibraryRefusals refusals()
    {
        return CublasRefusals.V2;
    }
}
