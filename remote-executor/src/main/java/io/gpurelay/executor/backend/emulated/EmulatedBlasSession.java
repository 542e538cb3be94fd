package io.gpurelay.executor.backend.emulated;

import java.util.HashMap;
import java.util.Map;

import io.gpurelay.emulator.blas.Cublas;
import io.gpurelay.emulator.blas.CublasComputeType;
import io.gpurelay.emulator.blas.CublasHandle;
import io.gpurelay.emulator.blas.CublasPointerMode;
import io.gpurelay.emulator.blas.CublasStatus;
import io.gpurelay.emulator.blas.Scalar;
import io.gpurelay.emulator.blas.ScalarResult;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.BlasCall;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import org.agrona.DirectBuffer;

/**
 * cuBLAS on the emulated devices: the device emulator's reference implementation ({@link Cublas}), on the memory the
 * session owns on the handle's device. Routines run to completion on the session's thread, so a handle's stream only
 * orders them as every emulated stream is ordered. The reference checks every range a routine touches against the
 * session's allocations and explains each failure, which becomes the call's message.
 */
final class EmulatedBlasSession implements BlasSession
{
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");

    private final EmulatedDevice[] devices;
    private final Object[] owners;
    private final Map<String, Reference> references = new HashMap<>();

    EmulatedBlasSession(final EmulatedDevice[] devices, final Object[] owners)
    {
        this.devices = devices;
        this.owners = owners;
        describeReferences();
    }

    /**
     * A described routine the reference has, run with a call's arguments (numbered as in its description).
     */
    private interface Reference
    {
        void run(BackendBlasHandle handle, BlasCall call, CallResult result);
    }

    /**
     * An S and D pair of routines: the reference takes the precision.
     */
    private interface RealReference
    {
        void run(BackendBlasHandle handle, Precision precision, BlasCall call, CallResult result);
    }

    /**
     * A routine of the reference for each element type of {@code types}, the type given.
     */
    private interface TypedReference
    {
        void run(BackendBlasHandle handle, BlasType type, BlasCall call, CallResult result);
    }

    private void real(final String format, final RealReference reference)
    {
        references.put(String.format(format, "S"), (h, c, r) -> reference.run(h, Precision.SINGLE, c, r));
        references.put(String.format(format, "D"), (h, c, r) -> reference.run(h, Precision.DOUBLE, c, r));
    }

    private void typed(final String types, final String format, final TypedReference reference)
    {
        for (final char type : types.toCharArray())
        {
            final BlasType blasType = BlasType.valueOf(String.valueOf(type));
            references.put(String.format(format, type), (h, c, r) -> reference.run(h, blasType, c, r));
        }
    }

    /**
     * The routines of the description the reference has, by C name; each reads its arguments by their numbers in
     * the routine's signature ({@code CublasRoutines}).
     */
    private void describeReferences()
    {
        real("cublas%saxpy_v2", (h, p, c, r) -> axpy(h, p, c.integer(1), c.value(2), c.value(3), c.integer(4),
            c.value(5), c.integer(6), r));
        real("cublas%sdot_v2", (h, p, c, r) -> dot(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4),
            c.integer(5), c.value(6), r));
        real("cublas%snrm2_v2", (h, p, c, r) -> nrm2(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4), r));
        real("cublas%sasum_v2", (h, p, c, r) -> asum(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4), r));
        real("cublas%sscal_v2", (h, p, c, r) -> scal(h, p, c.integer(1), c.value(2), c.value(3), c.integer(4), r));
        real("cublas%scopy_v2", (h, p, c, r) -> copy(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4),
            c.integer(5), r));
        real("cublas%sswap_v2", (h, p, c, r) -> swap(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4),
            c.integer(5), r));
        references.put("cublasIsamax_v2", iamax(Precision.SINGLE, false));
        references.put("cublasIdamax_v2", iamax(Precision.DOUBLE, false));
        references.put("cublasIsamin_v2", iamax(Precision.SINGLE, true));
        references.put("cublasIdamin_v2", iamax(Precision.DOUBLE, true));
        real("cublas%srot_v2", (h, p, c, r) -> rot(h, p, c.integer(1), c.value(2), c.integer(3), c.value(4),
            c.integer(5), c.value(6), c.value(7), r));
        real("cublas%sgemv_v2", (h, p, c, r) -> gemv(h, p, c.integer(1), c.integer(2), c.integer(3), c.value(4),
            c.value(5), c.integer(6), c.value(7), c.integer(8), c.value(9), c.value(10), c.integer(11), r));
        real("cublas%sger_v2", (h, p, c, r) -> ger(h, p, c.integer(1), c.integer(2), c.value(3), c.value(4),
            c.integer(5), c.value(6), c.integer(7), c.value(8), c.integer(9), r));
        real("cublas%ssymv_v2", (h, p, c, r) -> symv(h, p, c.integer(1), c.integer(2), c.value(3), c.value(4),
            c.integer(5), c.value(6), c.integer(7), c.value(8), c.value(9), c.integer(10), r));
        real("cublas%strmv_v2", (h, p, c, r) -> triangularVector(h, p, false, c.integer(1), c.integer(2),
            c.integer(3), c.integer(4), c.value(5), c.integer(6), c.value(7), c.integer(8), r));
        real("cublas%strsv_v2", (h, p, c, r) -> triangularVector(h, p, true, c.integer(1), c.integer(2),
            c.integer(3), c.integer(4), c.value(5), c.integer(6), c.value(7), c.integer(8), r));
        real("cublas%sgemm_v2", (h, p, c, r) -> gemm(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.integer(5), c.value(6), c.value(7), c.integer(8), c.value(9), c.integer(10), c.value(11), c.value(12),
            c.integer(13), r));
        real("cublas%ssymm_v2", (h, p, c, r) -> symm(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.value(5), c.value(6), c.integer(7), c.value(8), c.integer(9), c.value(10), c.value(11), c.integer(12),
            r));
        real("cublas%ssyrk_v2", (h, p, c, r) -> syrk(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.value(5), c.value(6), c.integer(7), c.value(8), c.value(9), c.integer(10), r));
        real("cublas%strmm_v2", (h, p, c, r) -> trmm(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.integer(5), c.integer(6), c.value(7), c.value(8), c.integer(9), c.value(10), c.integer(11),
            c.value(12), c.integer(13), r));
        real("cublas%strsm_v2", (h, p, c, r) -> trsm(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.integer(5), c.integer(6), c.value(7), c.value(8), c.integer(9), c.value(10), c.integer(11), r));
        real("cublas%sgeam", (h, p, c, r) -> geam(h, p, c.integer(1), c.integer(2), c.integer(3), c.integer(4),
            c.value(5), c.value(6), c.integer(7), c.value(8), c.value(9), c.integer(10), c.value(11), c.integer(12),
            r));
        real("cublas%sgemmBatched", (h, p, c, r) -> gemmBatched(h, p, c.integer(1), c.integer(2), c.integer(3),
            c.integer(4), c.integer(5), c.value(6), c.value(7), c.integer(8), c.value(9), c.integer(10), c.value(11),
            c.value(12), c.integer(13), c.integer(14), r));
        real("cublas%sgemmStridedBatched", (h, p, c, r) -> gemmStridedBatched(h, p, c.integer(1), c.integer(2),
            c.integer(3), c.integer(4), c.integer(5), c.value(6), c.value(7), c.integer(8), c.value(9), c.value(10),
            c.integer(11), c.value(12), c.value(13), c.value(14), c.integer(15), c.value(16), c.integer(17), r));
        real("cublas%sgetrfBatched", (h, p, c, r) -> getrfBatched(h, p, c.integer(1), c.value(2), c.integer(3),
            c.value(4), c.value(5), c.integer(6), r));
        real("cublas%sgetriBatched", (h, p, c, r) -> getriBatched(h, p, c.integer(1), c.value(2), c.integer(3),
            c.value(4), c.value(5), c.integer(6), c.value(7), c.integer(8), r));
        typed("SD", "cublas%sdgmm", (h, t, c, r) -> dgmm(h, t, c.name(), c.integer(1), c.integer(2), c.integer(3),
            c.value(4), c.integer(5), c.value(6), c.integer(7), c.value(8), c.integer(9), r));
        typed("SD", "cublas%stpttr", (h, t, c, r) -> tpttr(h, t, c.name(), false, c.integer(1), c.integer(2),
            c.value(3), c.value(4), c.integer(5), r));
        typed("SD", "cublas%strttp", (h, t, c, r) -> tpttr(h, t, c.name(), true, c.integer(1), c.integer(2),
            c.value(5), c.value(3), c.integer(4), r));
        typed("CZ", "cublas%saxpy_v2", (h, t, c, r) -> axpyX(h, t, c.name(), c.integer(1), c.value(2),
            c.part(2, 1), c.value(3), c.integer(4), c.value(5), c.integer(6), r));
        typed("CZ", "cublas%sdotu_v2", (h, t, c, r) -> dotX(h, t, c.name(), false, c.integer(1), c.value(2),
            c.integer(3), c.value(4), c.integer(5), c.value(6), r));
        typed("CZ", "cublas%sdotc_v2", (h, t, c, r) -> dotX(h, t, c.name(), true, c.integer(1), c.value(2),
            c.integer(3), c.value(4), c.integer(5), c.value(6), r));
        typed("CZ", "cublas%sscal_v2", (h, t, c, r) -> scalX(h, t, c.name(), false, c.integer(1), c.value(2),
            c.part(2, 1), c.value(3), c.integer(4), r));
        typed("C", "cublas%ssscal_v2", (h, t, c, r) -> scalX(h, t, c.name(), true, c.integer(1), c.value(2),
            c.part(2, 1), c.value(3), c.integer(4), r));
        typed("Z", "cublas%sdscal_v2", (h, t, c, r) -> scalX(h, t, c.name(), true, c.integer(1), c.value(2),
            c.part(2, 1), c.value(3), c.integer(4), r));
        typed("CZ", "cublas%sgemm_v2", (h, t, c, r) -> gemmX(h, t, c.name(), c.integer(1), c.integer(2),
            c.integer(3), c.integer(4), c.integer(5), c.value(6), c.part(6, 1), c.value(7), c.integer(8), c.value(9),
            c.integer(10), c.value(11), c.part(11, 1), c.value(12), c.integer(13), r));
    }

    private Reference iamax(final Precision precision, final boolean minimum)
    {
        return (h, c, r) -> iamax(h, precision, minimum, c.integer(1), c.value(2), c.integer(3), c.value(4), r);
    }

    /**
     * A described routine: the reference's where it has one, else CUBLAS_STATUS_NOT_SUPPORTED naming it.
     */
    public void run(final BackendBlasHandle handle, final BlasCall call, final CallResult result)
    {
        final Reference reference = references.get(call.routine().name());
        if (reference == null)
        {
            result.fail(Unsupported.NOT_SUPPORTED, call.name() + " is not supported by " + backendName());
            return;
        }
        reference.run(handle, call, result);
    }

    /**
     * The device emulator has the S and D routines of {@link BlasSession}'s untyped methods and, of the typed
     * families, complex axpy, dotu/dotc, scal (complex and real alpha) and gemm, and dgmm, tpttr and trttp in S and
     * D; the others (the rest of the complex routines, banded, packed, rank updates, rotm, the other routines only the
     * v2 API has) answer CUBLAS_STATUS_NOT_SUPPORTED naming the routine.
     */
    public String backendName()
    {
        return "the device emulator (gpurelay's emulated backend)";
    }

    public BackendBlasHandle create(final BackendContext context, final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        return new EmulatedBlasHandle(CublasHandle.create(devices[device].memory(), owners[device]), device);
    }

    public void destroy(final BackendBlasHandle handle)
    {
        cublas(handle).destroy();
    }

    public void version(final BackendBlasHandle handle, final CallResult result)
    {
        result.value(CublasHandle.VERSION);
    }

    public void setStream(final BackendBlasHandle handle, final BackendStream stream, final CallResult result)
    {
        ((EmulatedBlasHandle)handle).stream = stream;
    }

    public void setPointerMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        finish(handle, cublas(handle).setPointerMode(mode), "cublasSetPointerMode", result);
    }

    public void pointerMode(final BackendBlasHandle handle, final CallResult result)
    {
        result.value(cublas(handle).pointerMode());
    }

    public void setMathMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        finish(handle, cublas(handle).setMathMode(mode), "cublasSetMathMode", result);
    }

    public void mathMode(final BackendBlasHandle handle, final CallResult result)
    {
        result.value(cublas(handle).mathMode());
    }

    public void atomicsMode(final BackendBlasHandle handle, final CallResult result)
    {
        result.value(((EmulatedBlasHandle)handle).atomicsMode);
    }

    public void setAtomicsMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        if (mode != 0 && mode != 1)
        {
            result.fail(INVALID_VALUE, "cublasSetAtomicsMode: " + mode + " is no cublasAtomicsMode_t (0 or 1)");
            return;
        }
        ((EmulatedBlasHandle)handle).atomicsMode = mode;
    }

    public void smCountTarget(final BackendBlasHandle handle, final CallResult result)
    {
        result.value(((EmulatedBlasHandle)handle).smCountTarget);
    }

    public void setSmCountTarget(final BackendBlasHandle handle, final int target, final CallResult result)
    {
        if (target < 0)
        {
            result.fail(INVALID_VALUE, "cublasSetSmCountTarget: the target " + target + " is negative");
            return;
        }
        ((EmulatedBlasHandle)handle).smCountTarget = target;
    }

    /**
     * The reference routines need no workspace; the range is checked as the gpu backend checks it, so that a program
     * that passes memory it does not own fails here too.
     */
    public void setWorkspace(final BackendBlasHandle handle, final long address, final long bytes,
        final CallResult result)
    {
        final int device = ((EmulatedBlasHandle)handle).device;
        if (bytes < 0 || (address == 0) != (bytes == 0))
        {
            result.fail(INVALID_VALUE, "cublasSetWorkspace: workspace 0x" + Long.toHexString(address) + " of " +
                bytes + " bytes (a null workspace has size 0 and only it)");
            return;
        }
        if (bytes > 0 && devices[device].memory().find(address, bytes, owners[device]) == null)
        {
            result.fail(CudaError.library(Api.CUBLAS, CublasStatus.MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR"),
                "cublasSetWorkspace: [0x" + Long.toHexString(address) + ", +" + bytes + " bytes) is not inside a " +
                "live allocation of this session");
        }
    }

    /** The emulated devices' CUDA version, which the emulated cuBLAS stands with. */
    public void cudartVersion(final CallResult result)
    {
        result.value(EmulatedBackend.CUDA_VERSION);
    }

    /** The emulated cuBLAS's version ({@link CublasHandle#VERSION}) as major, minor and patch level. */
    public void property(final int type, final CallResult result)
    {
        switch (type)
        {
            case 0 -> result.value(CublasHandle.VERSION / 10_000);
            case 1 -> result.value(CublasHandle.VERSION / 100 % 100);
            case 2 -> result.value(CublasHandle.VERSION % 100);
            default -> result.fail(INVALID_VALUE, "cublasGetProperty: " + type + " is no libraryPropertyType " +
                "(0: major version, 1: minor version, 2: patch level)");
        }
    }

    public void setMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final DirectBuffer packed, final long destination, final int ld,
        final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        if (!holds(device, destination, rows, cols, elementSize, ld, "cublasSetMatrix: destination", result))
        {
            return;
        }
        final DeviceMemory memory = devices[device].memory();
        final int columnBytes = rows * elementSize;
        final byte[] column = new byte[columnBytes];
        for (int j = 0; j < cols; j++)
        {
            packed.getBytes(j * columnBytes, column);
            memory.write(destination + (long)j * ld * elementSize, column, 0, columnBytes, owners[device]);
        }
    }

    public void getMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final long source, final int ld, final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        if (!holds(device, source, rows, cols, elementSize, ld, "cublasGetMatrix: source", result))
        {
            return;
        }
        final DeviceMemory memory = devices[device].memory();
        final int columnBytes = rows * elementSize;
        final byte[] packed = new byte[columnBytes * cols];
        for (int j = 0; j < cols; j++)
        {
            memory.read(source + (long)j * ld * elementSize, packed, j * columnBytes, columnBytes, owners[device]);
        }
        result.payload(new ByteArrayPayload(packed));
    }

    public void axpy(
        final BackendBlasHandle handle, final Precision precision, final int n, final long alpha, final long x,
        final int incx, final long y, final int incy, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar a = scalar(cublas, precision, alpha);
        finish(handle, precision == Precision.SINGLE ? Cublas.saxpy(cublas, n, a, x, incx, y, incy) :
            Cublas.daxpy(cublas, n, a, x, incx, y, incy), "cublas axpy", result);
    }

    public void dot(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final long target, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final ScalarResult out = target(cublas, target);
        final int status = precision == Precision.SINGLE ? Cublas.sdot(cublas, n, x, incx, y, incy, out) :
            Cublas.ddot(cublas, n, x, incx, y, incy, out);
        finishValue(handle, precision, status, out, "cublas dot", result);
    }

    public void nrm2(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long target, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final ScalarResult out = target(cublas, target);
        final int status = precision == Precision.SINGLE ? Cublas.snrm2(cublas, n, x, incx, out) :
            Cublas.dnrm2(cublas, n, x, incx, out);
        finishValue(handle, precision, status, out, "cublas nrm2", result);
    }

    public void asum(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long target, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final ScalarResult out = target(cublas, target);
        final int status = precision == Precision.SINGLE ? Cublas.sasum(cublas, n, x, incx, out) :
            Cublas.dasum(cublas, n, x, incx, out);
        finishValue(handle, precision, status, out, "cublas asum", result);
    }

    public void scal(
        final BackendBlasHandle handle, final Precision precision, final int n, final long alpha, final long x,
        final int incx, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar a = scalar(cublas, precision, alpha);
        finish(handle, precision == Precision.SINGLE ? Cublas.sscal(cublas, n, a, x, incx) :
            Cublas.dscal(cublas, n, a, x, incx), "cublas scal", result);
    }

    public void copy(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, precision == Precision.SINGLE ? Cublas.scopy(cublas, n, x, incx, y, incy) :
            Cublas.dcopy(cublas, n, x, incx, y, incy), "cublas copy", result);
    }

    public void swap(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, precision == Precision.SINGLE ? Cublas.sswap(cublas, n, x, incx, y, incy) :
            Cublas.dswap(cublas, n, x, incx, y, incy), "cublas swap", result);
    }

    public void iamax(
        final BackendBlasHandle handle, final Precision precision, final boolean minimum, final int n, final long x,
        final int incx, final long target, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final ScalarResult out = target(cublas, target);
        final int status;
        if (precision == Precision.SINGLE)
        {
            status = minimum ? Cublas.isamin(cublas, n, x, incx, out) : Cublas.isamax(cublas, n, x, incx, out);
        }
        else
        {
            status = minimum ? Cublas.idamin(cublas, n, x, incx, out) : Cublas.idamax(cublas, n, x, incx, out);
        }
        if (finish(handle, status, minimum ? "cublas iamin" : "cublas iamax", result) && !out.isOnDevice())
        {
            result.value(out.index());
        }
    }

    public void rot(
        final BackendBlasHandle handle, final Precision precision, final int n, final long x, final int incx,
        final long y, final int incy, final long c, final long s, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar cosine = scalar(cublas, precision, c);
        final Scalar sine = scalar(cublas, precision, s);
        finish(handle, precision == Precision.SINGLE ? Cublas.srot(cublas, n, x, incx, y, incy, cosine, sine) :
            Cublas.drot(cublas, n, x, incx, y, incy, cosine, sine), "cublas rot", result);
    }

    public void gemv(
        final BackendBlasHandle handle, final Precision precision, final int trans, final int m, final int n,
        final long alpha, final long a, final int lda, final long x, final int incx, final long beta, final long y,
        final int incy, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgemv(cublas, trans, m, n, al, a, lda, x, incx, be, y, incy) :
            Cublas.dgemv(cublas, trans, m, n, al, a, lda, x, incx, be, y, incy), "cublas gemv", result);
    }

    public void ger(
        final BackendBlasHandle handle, final Precision precision, final int m, final int n, final long alpha,
        final long x, final int incx, final long y, final int incy, final long a, final int lda,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        finish(handle, precision == Precision.SINGLE ? Cublas.sger(cublas, m, n, al, x, incx, y, incy, a, lda) :
            Cublas.dger(cublas, m, n, al, x, incx, y, incy, a, lda), "cublas ger", result);
    }

    public void symv(
        final BackendBlasHandle handle, final Precision precision, final int uplo, final int n, final long alpha,
        final long a, final int lda, final long x, final int incx, final long beta, final long y, final int incy,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.ssymv(cublas, uplo, n, al, a, lda, x, incx, be, y, incy) :
            Cublas.dsymv(cublas, uplo, n, al, a, lda, x, incx, be, y, incy), "cublas symv", result);
    }

    public void triangularVector(
        final BackendBlasHandle handle, final Precision precision, final boolean solve, final int uplo,
        final int trans, final int diag, final int n, final long a, final int lda, final long x, final int incx,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final int status;
        if (precision == Precision.SINGLE)
        {
            status = solve ? Cublas.strsv(cublas, uplo, trans, diag, n, a, lda, x, incx) :
                Cublas.strmv(cublas, uplo, trans, diag, n, a, lda, x, incx);
        }
        else
        {
            status = solve ? Cublas.dtrsv(cublas, uplo, trans, diag, n, a, lda, x, incx) :
                Cublas.dtrmv(cublas, uplo, trans, diag, n, a, lda, x, incx);
        }
        finish(handle, status, solve ? "cublas trsv" : "cublas trmv", result);
    }

    public void gemm(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long a, final int lda, final long b, final int ldb,
        final long beta, final long c, final int ldc, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgemm(cublas, transa, transb, m, n, k, al, a, lda, b, ldb, be, c, ldc) :
            Cublas.dgemm(cublas, transa, transb, m, n, k, al, a, lda, b, ldb, be, c, ldc), "cublas gemm", result);
    }

    public void symm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int m,
        final int n, final long alpha, final long a, final int lda, final long b, final int ldb, final long beta,
        final long c, final int ldc, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.ssymm(cublas, side, uplo, m, n, al, a, lda, b, ldb, be, c, ldc) :
            Cublas.dsymm(cublas, side, uplo, m, n, al, a, lda, b, ldb, be, c, ldc), "cublas symm", result);
    }

    public void syrk(
        final BackendBlasHandle handle, final Precision precision, final int uplo, final int trans, final int n,
        final int k, final long alpha, final long a, final int lda, final long beta, final long c, final int ldc,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.ssyrk(cublas, uplo, trans, n, k, al, a, lda, be, c, ldc) :
            Cublas.dsyrk(cublas, uplo, trans, n, k, al, a, lda, be, c, ldc), "cublas syrk", result);
    }

    public void trmm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final long alpha, final long a, final int lda, final long b,
        final int ldb, final long c, final int ldc, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.strmm(cublas, side, uplo, trans, diag, m, n, al, a, lda, b, ldb, c, ldc) :
            Cublas.dtrmm(cublas, side, uplo, trans, diag, m, n, al, a, lda, b, ldb, c, ldc), "cublas trmm", result);
    }

    public void trsm(
        final BackendBlasHandle handle, final Precision precision, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final long alpha, final long a, final int lda, final long b,
        final int ldb, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.strsm(cublas, side, uplo, trans, diag, m, n, al, a, lda, b, ldb) :
            Cublas.dtrsm(cublas, side, uplo, trans, diag, m, n, al, a, lda, b, ldb), "cublas trsm", result);
    }

    public void geam(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final long alpha, final long a, final int lda, final long beta, final long b, final int ldb,
        final long c, final int ldc, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgeam(cublas, transa, transb, m, n, al, a, lda, be, b, ldb, c, ldc) :
            Cublas.dgeam(cublas, transa, transb, m, n, al, a, lda, be, b, ldb, c, ldc), "cublas geam", result);
    }

    /** S and D on the reference; C and Z refused by name. */
    public void dgmm(
        final BackendBlasHandle handle, final BlasType type, final String name, final int side, final int m,
        final int n, final long a, final int lda, final long x, final int incx, final long c, final int ldc,
        final CallResult result)
    {
        switch (type)
        {
            case S -> finish(handle, Cublas.sdgmm(cublas(handle), side, m, n, a, lda, x, incx, c, ldc), name, result);
            case D -> finish(handle, Cublas.ddgmm(cublas(handle), side, m, n, a, lda, x, incx, c, ldc), name, result);
            default -> result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
        }
    }

    /** S and D on the reference; C and Z refused by name. */
    public void tpttr(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean toPacked,
        final int uplo, final int n, final long ap, final long a, final int lda, final CallResult result)
    {
        switch (type)
        {
            case S -> finish(handle, Cublas.stpttr(cublas(handle), toPacked, uplo, n, ap, a, lda), name, result);
            case D -> finish(handle, Cublas.dtpttr(cublas(handle), toPacked, uplo, n, ap, a, lda), name, result);
            default -> result.fail(Unsupported.NOT_SUPPORTED, name + " is not supported by " + backendName());
        }
    }

    public void gemmBatched(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long aArray, final int lda, final long bArray,
        final int ldb, final long beta, final long cArray, final int ldc, final int batchCount,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgemmBatched(cublas, transa, transb, m, n, k, al, aArray, lda, bArray, ldb, be, cArray, ldc,
                batchCount) :
            Cublas.dgemmBatched(cublas, transa, transb, m, n, k, al, aArray, lda, bArray, ldb, be, cArray, ldc,
                batchCount), "cublas gemmBatched", result);
    }

    public void gemmStridedBatched(
        final BackendBlasHandle handle, final Precision precision, final int transa, final int transb, final int m,
        final int n, final int k, final long alpha, final long a, final int lda, final long strideA, final long b,
        final int ldb, final long strideB, final long beta, final long c, final int ldc, final long strideC,
        final int batchCount, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgemmStridedBatched(cublas, transa, transb, m, n, k, al, a, lda, strideA, b, ldb, strideB, be, c,
                ldc, strideC, batchCount) :
            Cublas.dgemmStridedBatched(cublas, transa, transb, m, n, k, al, a, lda, strideA, b, ldb, strideB, be, c,
                ldc, strideC, batchCount), "cublas gemmStridedBatched", result);
    }

    public void getrfBatched(
        final BackendBlasHandle handle, final Precision precision, final int n, final long aArray, final int lda,
        final long pivots, final long info, final int batchSize, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgetrfBatched(cublas, n, aArray, lda, pivots, info, batchSize) :
            Cublas.dgetrfBatched(cublas, n, aArray, lda, pivots, info, batchSize), "cublas getrfBatched", result);
    }

    public void getriBatched(
        final BackendBlasHandle handle, final Precision precision, final int n, final long aArray, final int lda,
        final long pivots, final long cArray, final int ldc, final long info, final int batchSize,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, precision == Precision.SINGLE ?
            Cublas.sgetriBatched(cublas, n, aArray, lda, pivots, cArray, ldc, info, batchSize) :
            Cublas.dgetriBatched(cublas, n, aArray, lda, pivots, cArray, ldc, info, batchSize),
            "cublas getriBatched", result);
    }

    public void gemmEx(
        final BackendBlasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final long alpha, final long a, final int aType, final int lda, final long b, final int bType, final int ldb,
        final long beta, final long c, final int cType, final int ldc, final int computeType, final int algo,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final Precision precision = isDoubleCompute(computeType) ? Precision.DOUBLE : Precision.SINGLE;
        final Scalar al = scalar(cublas, precision, alpha);
        final Scalar be = scalar(cublas, precision, beta);
        finish(handle, Cublas.gemmEx(cublas, transa, transb, m, n, k, al, a, aType, lda, b, bType, ldb, be, c, cType,
            ldc, computeType, algo), "cublasGemmEx", result);
    }

    private static boolean isDoubleCompute(final int computeType)
    {
        return computeType == CublasComputeType.COMPUTE_64F || computeType == CublasComputeType.COMPUTE_64F_PEDANTIC ||
            computeType == CublasComputeType.COMPUTE_64F_EMULATED_FIXEDPOINT;
    }

    private boolean holds(
        final int device, final long address, final int rows, final int cols, final int elementSize, final int ld,
        final String what, final CallResult result)
    {
        if (rows == 0 || cols == 0)
        {
            return false;
        }
        final long span = ((long)(cols - 1) * ld + rows) * elementSize;
        if (devices[device].memory().find(address, span, owners[device]) == null)
        {
            result.fail(CudaError.library(Api.CUBLAS, CublasStatus.MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR"),
                what + " [0x" + Long.toHexString(address) + ", +" + span + " bytes) is not inside a live allocation " +
                "of this session");
            return false;
        }
        return true;
    }

    // Complex routines the emulator has.

    public void axpyX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int n, final long alphaRe,
        final long alphaIm, final long x, final int incx, final long y, final int incy, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, Cublas.complexAxpy(cublas, type == BlasType.Z, name, n, part(cublas, type, alphaRe, 0),
            part(cublas, type, alphaIm, alphaRe), x, incx, y, incy), name, result);
    }

    public void dotX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean conjugate, final int n,
        final long x, final int incx, final long y, final int incy, final long target, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        final ScalarResult re = target(cublas, target);
        final ScalarResult im = target(cublas, target + type.realBytes());
        if (finish(handle, Cublas.complexDot(cublas, type == BlasType.Z, name, conjugate, n, x, incx, y, incy, re,
            im), name, result) && !re.isOnDevice())
        {
            result.value(realBits(type, re.value())).value(realBits(type, im.value()));
        }
    }

    public void scalX(
        final BackendBlasHandle handle, final BlasType type, final String name, final boolean realAlpha, final int n,
        final long alphaRe, final long alphaIm, final long x, final int incx, final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, Cublas.complexScal(cublas, type == BlasType.Z, name, n, part(cublas, type, alphaRe, 0),
            realAlpha ? null : part(cublas, type, alphaIm, alphaRe), x, incx), name, result);
    }

    public void gemmX(
        final BackendBlasHandle handle, final BlasType type, final String name, final int transa, final int transb,
        final int m, final int n, final int k, final long alphaRe, final long alphaIm, final long a, final int lda,
        final long b, final int ldb, final long betaRe, final long betaIm, final long c, final int ldc,
        final CallResult result)
    {
        final CublasHandle cublas = cublas(handle);
        finish(handle, Cublas.complexGemm(cublas, type == BlasType.Z, name, transa, transb, m, n, k,
            part(cublas, type, alphaRe, 0), part(cublas, type, alphaIm, alphaRe), a, lda, b, ldb,
            part(cublas, type, betaRe, 0), part(cublas, type, betaIm, betaRe), c, ldc), name, result);
    }

    /**
     * One part of a complex scalar of the wire's two slots: in host mode the slot's raw bits in the type's real
     * precision; in device mode the first slot is the complex value's address, and the imaginary part lies one real
     * after it ({@code address} is then that first slot, for the imaginary part).
     */
    private static Scalar part(final CublasHandle cublas, final BlasType type, final long value, final long address)
    {
        if (cublas.pointerMode() == CublasPointerMode.DEVICE)
        {
            return address == 0 ? Scalar.device(value) : Scalar.device(address + type.realBytes());
        }
        return Scalar.host(type.realBytes() == Float.BYTES ? Float.intBitsToFloat((int)value) :
            Double.longBitsToDouble(value));
    }

    private static long realBits(final BlasType type, final double value)
    {
        return type.realBytes() == Float.BYTES ? Float.floatToRawIntBits((float)value) & 0xFFFF_FFFFL :
            Double.doubleToRawLongBits(value);
    }

    private static CublasHandle cublas(final BackendBlasHandle handle)
    {
        return ((EmulatedBlasHandle)handle).cublas;
    }

    private static Scalar scalar(final CublasHandle cublas, final Precision precision, final long value)
    {
        if (cublas.pointerMode() == CublasPointerMode.DEVICE)
        {
            return Scalar.device(value);
        }
        return Scalar.host(precision == Precision.SINGLE ? Float.intBitsToFloat((int)value) :
            Double.longBitsToDouble(value));
    }

    private static ScalarResult target(final CublasHandle cublas, final long address)
    {
        return cublas.pointerMode() == CublasPointerMode.DEVICE ? ScalarResult.toDevice(address) :
            ScalarResult.toHost();
    }

    private static void finishValue(
        final BackendBlasHandle handle, final Precision precision, final int status, final ScalarResult out,
        final String name, final CallResult result)
    {
        if (finish(handle, status, name, result) && !out.isOnDevice())
        {
            result.value(precision == Precision.SINGLE ? Float.floatToRawIntBits((float)out.value()) & 0xFFFF_FFFFL :
                Double.doubleToRawLongBits(out.value()));
        }
    }

    /**
     * @return whether the routine succeeded; if not, its status and the reference's explanation are in
     *         {@code result}.
     */
    private static boolean finish(
        final BackendBlasHandle handle, final int status, final String name, final CallResult result)
    {
        if (status == CublasStatus.SUCCESS)
        {
            return true;
        }
        final String message = cublas(handle).lastErrorMessage();
        result.fail(CudaError.library(Api.CUBLAS, status, CublasStatus.name(status)),
            message == null ? name + " failed" : message);
        return false;
    }

    /**
     * A handle of the reference cuBLAS and the stream its routines are ordered on.
     */
    static final class EmulatedBlasHandle implements BackendBlasHandle
    {
        final CublasHandle cublas;
        final int device;
        BackendStream stream;
        /** cublasSetAtomicsMode's setting: the reference routines use no atomics either way. */
        int atomicsMode;
        /** cublasSetSmCountTarget's setting: the reference routines run on the session's thread either way. */
        int smCountTarget;

        EmulatedBlasHandle(final CublasHandle cublas, final int device)
        {
            this.cublas = cublas;
            this.device = device;
        }
    }
}
