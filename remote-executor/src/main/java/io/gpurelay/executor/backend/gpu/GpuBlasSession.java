package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cublas.*;
import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;
import static org.bytedeco.cuda.global.cudart.cuCtxSynchronize;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoH;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.BlasCall;
import io.gpurelay.executor.backend.BlasExtents;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import org.agrona.DirectBuffer;
import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;

/**
 * cuBLAS on the host's GPUs, through JavaCPP's presets: each handle is a real {@code cublasHandle_t} made in the
 * session's CUDA context, and each call makes that context current first.
 * <p>
 * cuBLAS does not check pointers, and a routine that reads outside the session's memory would fault the GPU for every
 * session of the executor. So before a routine runs, every range it touches (each vector from n and its increment,
 * each matrix from its dimensions and leading dimension, device scalars and results, the matrices behind the pointer
 * arrays of batched routines, pivots and infos) is checked against the session's allocations; one outside them is
 * {@code CUBLAS_STATUS_EXECUTION_FAILED} with a message naming the routine and the operand, and the GPU never sees
 * the call. An operand the routine would not read (A and B when alpha is 0) is still checked, which is stricter than
 * cuBLAS. A leading dimension below the rows it holds is {@code CUBLAS_STATUS_INVALID_VALUE}, as cuBLAS documents.
 */
final class GpuBlasSession implements BlasSession
{
    private static final CudaError EXECUTION_FAILED =
        CudaError.library(Api.CUBLAS, CublasStatus.EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED");
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");
    private static final CudaError MAPPING_ERROR =
        CudaError.library(Api.CUBLAS, CublasStatus.MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR");
    private static final int OP_N = 0;
    /**
     * Bytes of host memory each C argument of a described routine may use for a host-mode scalar or result: rotm's
     * five reals, rounded up to 16 so that every slot is as aligned as a {@code cuDoubleComplex} must be (cuBLAS
     * reads one with an aligned load: a complex scalar 8 bytes off faults the process).
     */
    private static final int HOST_SLOT_BYTES = 48;
    private static final int MAX_ARGUMENTS = 24;

    private final DeviceAddressRanges<GpuContext, GpuModule> ranges;
    private final List<GpuBlasHandle> handles = new ArrayList<>();
    /** cublasGemmEx's host-mode alpha and beta. */
    private final LongPointer first = new LongPointer(1);
    private final LongPointer second = new LongPointer(1);
    private final IntPointer intOut = new IntPointer(1);
    /**
     * Host memory of the described routines' host-mode scalars and results: {@value #HOST_SLOT_BYTES} bytes for each
     * C argument, at its number's offset.
     */
    private final BytePointer hostSlots = new BytePointer((long)MAX_ARGUMENTS * HOST_SLOT_BYTES);
    private final GpuBlasEntryPoints entryPoints = new GpuBlasEntryPoints();
    private final BlasExtents.Memory memory = new BlasExtents.Memory()
    {
        public boolean holds(final long address, final long length)
        {
            return ranges.holding(address, length) != null;
        }

        public long start(final long address)
        {
            final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, 1);
            return range == null ? -1 : range.start();
        }

        public long end(final long address)
        {
            final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, 1);
            return range == null ? -1 : range.start() + range.size();
        }

        public long[] pointers(final long array, final int count, final String what, final CallResult result)
        {
            return GpuBlasSession.this.pointers(array, count, what, result);
        }

        public int[] ints(final long address, final int count, final String what, final CallResult result)
        {
            return GpuBlasSession.this.ints(address, count, what, result);
        }
    };

    GpuBlasSession(final DeviceAddressRanges<GpuContext, GpuModule> ranges)
    {
        this.ranges = ranges;
    }

    public BackendBlasHandle create(final BackendContext context, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!makeCurrent(gpuContext, "cublasCreate", result))
        {
            return null;
        }
        final cublasContext cublas = new cublasContext();
        if (!check(cublasCreate_v2(cublas), "cublasCreate", result))
        {
            return null;
        }
        final GpuBlasHandle handle = new GpuBlasHandle(gpuContext, cublas);
        handles.add(handle);
        return handle;
    }

    public void destroy(final BackendBlasHandle handle)
    {
        final GpuBlasHandle gpuHandle = (GpuBlasHandle)handle;
        handles.remove(gpuHandle);
        if (cuCtxSetCurrent(gpuHandle.context.handle()) == CUDA_SUCCESS)
        {
            cublasDestroy_v2(gpuHandle.cublas);
        }
    }

    /**
     * Destroy the handles that are left, before the session's contexts go.
     */
    void close()
    {
        for (final GpuBlasHandle handle : new ArrayList<>(handles))
        {
            destroy(handle);
        }
        first.close();
        second.close();
        intOut.close();
        hostSlots.close();
    }

    /**
     * The handles of a context that is about to be destroyed.
     */
    void contextDestroyed(final GpuContext context)
    {
        for (final GpuBlasHandle handle : new ArrayList<>(handles))
        {
            if (handle.context == context)
            {
                destroy(handle);
            }
        }
    }

    public void version(final BackendBlasHandle handle, final CallResult result)
    {
        read(handle, "cublasGetVersion", cublas -> cublasGetVersion_v2(cublas, intOut), result);
    }

    public void setStream(final BackendBlasHandle handle, final BackendStream stream, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetStream", result);
        if (h != null)
        {
            check(cublasSetStream_v2(h.cublas, stream == null ? null : ((GpuStream)stream).handle()),
                "cublasSetStream", result);
        }
    }

    public void setPointerMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, "cublasSetPointerMode", result);
        if (h != null && check(cublasSetPointerMode_v2(h.cublas, mode), "cublasSetPointerMode", result))
        {
            h.deviceMode = mode == CUBLAS_POINTER_MODE_DEVICE;
        }
    }

    public void pointerMode(final BackendBlasHandle handle, final CallResult result)
    {
        read(handle, "cublasGetPointerMode", cublas -> cublasGetPointerMode_v2(cublas, intOut), result);
    }

    public void setMathMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        write(handle, "cublasSetMathMode", cublas -> cublasSetMathMode(cublas, mode), result);
    }

    public void mathMode(final BackendBlasHandle handle, final CallResult result)
    {
        read(handle, "cublasGetMathMode", cublas -> cublasGetMathMode(cublas, intOut), result);
    }

    public void setMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final DirectBuffer packed, final long destination, final int ld,
        final CallResult result)
    {
        final String name = "cublasSetMatrix";
        if (rows == 0 || cols == 0 || !makeCurrent((GpuContext)context, name, result) ||
            !matrix(name, "destination", destination, rows, cols, ld, elementSize, MAPPING_ERROR, result))
        {
            return;
        }
        final int length = rows * cols * elementSize;
        try (BytePointer host = new BytePointer(length))
        {
            final byte[] bytes = new byte[length];
            packed.getBytes(0, bytes);
            host.put(bytes);
            final CUstream_st cudaStream = stream == null ? null : ((GpuStream)stream).handle();
            if (check(cublasSetMatrixAsync(rows, cols, elementSize, host, rows, new DeviceAddress(destination), ld,
                cudaStream), name, result))
            {
                checkDriver(org.bytedeco.cuda.global.cudart.cuStreamSynchronize(cudaStream), name, result);
            }
        }
    }

    public void getMatrix(
        final BackendContext context, final BackendStream stream, final int rows, final int cols,
        final int elementSize, final long source, final int ld, final CallResult result)
    {
        final String name = "cublasGetMatrix";
        if (rows == 0 || cols == 0 || !makeCurrent((GpuContext)context, name, result) ||
            !matrix(name, "source", source, rows, cols, ld, elementSize, MAPPING_ERROR, result))
        {
            return;
        }
        final int length = rows * cols * elementSize;
        try (BytePointer host = new BytePointer(length))
        {
            final CUstream_st cudaStream = stream == null ? null : ((GpuStream)stream).handle();
            if (check(cublasGetMatrixAsync(rows, cols, elementSize, new DeviceAddress(source), ld, host, rows,
                cudaStream), name, result) &&
                checkDriver(org.bytedeco.cuda.global.cudart.cuStreamSynchronize(cudaStream), name, result))
            {
                final byte[] bytes = new byte[length];
                host.get(bytes);
                result.payload(new ByteArrayPayload(bytes));
            }
        }
    }

    /**
     * A described routine: its ranges checked by its description ({@link BlasExtents}), then cuBLAS's 32-bit entry
     * point of its name called with the arguments its letters say (sizes and enums as C ints, device pointers as
     * they came, host-mode scalars and results in host memory).
     */
    public void run(final BackendBlasHandle handle, final BlasCall call, final CallResult result)
    {
        final Routine routine = call.routine();
        final String name = call.name();
        final GpuBlasEntryPoints.EntryPoint entry = entryPoints.find(routine);
        if (entry == null)
        {
            result.fail(Unsupported.NOT_SUPPORTED, name + " is not in the cuBLAS of this executor's JavaCPP presets");
            return;
        }
        if (call.count() >= MAX_ARGUMENTS)
        {
            throw new IllegalStateException(routine.name() + " has more arguments than " + MAX_ARGUMENTS);
        }
        // The integers first: a _64 call's size beyond 32 bits is refused before its extents are reckoned.
        final Object[] arguments = new Object[call.count() + 1];
        for (int number = 1; number <= call.count(); number++)
        {
            if (CublasRoutines.isInteger(routine.letters().charAt(number - 1)))
            {
                arguments[number] = entry.parameter(number) == long.class ? (Object)call.value(number) :
                    (Object)call.integer(number);
            }
        }
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null || !BlasExtents.check(call, h.deviceMode, memory, result))
        {
            return;
        }
        arguments[0] = h.cublas;
        int output = 0;
        for (int number = 1; number <= call.count(); number++)
        {
            final char letter = routine.letters().charAt(number - 1);
            if (CublasRoutines.isInteger(letter))
            {
                continue;
            }
            final long address;
            if (letter == 'd' || h.deviceMode && letter != 'o')
            {
                address = call.value(number);
            }
            else
            {
                address = hostSlot(routine, call, number);
                output = letter == 't' || letter == 'o' ? number : output;
            }
            arguments[number] = entry.pointer(number, new DeviceAddress(address));
        }
        if (check(entry.invoke(arguments), name, result) && output != 0)
        {
            final int at = output * HOST_SLOT_BYTES;
            final int parts = routine.letters().charAt(output - 1) == 'o' ? 1 : routine.parts();
            final boolean ints = routine.letters().charAt(output - 1) == 'o' || routine.partBytes() == Integer.BYTES;
            for (int j = 0; j < parts; j++)
            {
                result.value(ints ? hostSlots.getInt(at + (long)j * Integer.BYTES) & 0xFFFF_FFFFL :
                    hostSlots.getLong(at + (long)j * Long.BYTES));
            }
        }
    }

    /**
     * The host memory of a host-mode argument, filled: a scalar's real (and imaginary) part, rotm's five reals, or
     * zeros where a result or {@code info} goes.
     *
     * @return its address.
     */
    private long hostSlot(final Routine routine, final BlasCall call, final int number)
    {
        final int at = number * HOST_SLOT_BYTES;
        final char letter = routine.letters().charAt(number - 1);
        final int parts = switch (letter)
        {
            case 's' -> routine.element().complex() ? 2 : 1;
            case 'r' -> 1;
            case 'p' -> CublasRoutines.ROTM_PARAMETERS;
            default -> 0;
        };
        for (int i = 0; i < HOST_SLOT_BYTES; i += Long.BYTES)
        {
            hostSlots.putLong(at + i, 0L);
        }
        for (int j = 0; j < parts; j++)
        {
            if (routine.element().realBytes() == Float.BYTES)
            {
                hostSlots.putInt(at + (long)j * Integer.BYTES, (int)call.part(number, j));
            }
            else
            {
                hostSlots.putLong(at + (long)j * Long.BYTES, call.part(number, j));
            }
        }
        return hostSlots.address() + at;
    }

    public void gemmEx(
        final BackendBlasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final long alpha, final long a, final int aType, final int lda, final long b, final int bType, final int ldb,
        final long beta, final long c, final int cType, final int ldc, final int computeType, final int algo,
        final CallResult result)
    {
        final String name = "cublasGemmEx";
        final GpuBlasHandle h = enter(handle, name, result);
        final int aBytes = dataTypeBytes(aType);
        final int bBytes = dataTypeBytes(bType);
        final int cBytes = dataTypeBytes(cType);
        if (h == null)
        {
            return;
        }
        if (aBytes == 0 || bBytes == 0 || cBytes == 0)
        {
            result.fail(CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED"),
                name + ": gpurelay relays real 16-, 32- and 64-bit floating point and 8-bit integer data types; " +
                "types " + aType + ", " + bType + ", " + cType + " include another");
            return;
        }
        final int scalarBytes = computeTypeScalarBytes(computeType);
        if (h.deviceMode && (!target(h, name, scalarBytes, alpha, result) || !target(h, name, scalarBytes, beta,
            result)))
        {
            return;
        }
        if (!matrix(name, "A", a, transa == OP_N ? m : k, transa == OP_N ? k : m, lda, aBytes, EXECUTION_FAILED,
            result) ||
            !matrix(name, "B", b, transb == OP_N ? k : n, transb == OP_N ? n : k, ldb, bBytes, EXECUTION_FAILED,
                result) ||
            !matrix(name, "C", c, m, n, ldc, cBytes, EXECUTION_FAILED, result))
        {
            return;
        }
        check(cublasGemmEx(h.cublas, transa, transb, m, n, k, scalarPointer(h, alpha, first), new DeviceAddress(a),
            aType, lda, new DeviceAddress(b), bType, ldb, scalarPointer(h, beta, second), new DeviceAddress(c), cType,
            ldc, computeType, algo), name, result);
    }

    /**
     * Bytes per element of the real {@code cudaDataType_t}s: 16F, 16BF, 32F, 64F, 8I, 32I; 0 for the others.
     */
    private static int dataTypeBytes(final int dataType)
    {
        return switch (dataType)
        {
            case 0 -> Float.BYTES;
            case 1 -> Double.BYTES;
            case 2, 14 -> Short.BYTES;
            case 3 -> Byte.BYTES;
            case 10 -> Integer.BYTES;
            default -> 0;
        };
    }

    private static int computeTypeScalarBytes(final int computeType)
    {
        return switch (computeType)
        {
            case 70, 71, 79 -> Double.BYTES;
            case 64, 65 -> Short.BYTES;
            default -> Float.BYTES;
        };
    }

    /**
     * Pivots in device memory, read once the context's queued work (the factorisation that wrote them, on any of the
     * handle's streams) has finished.
     */
    private int[] ints(final long address, final int count, final String what, final CallResult result)
    {
        if (!checkDriver(cuCtxSynchronize(), what, result))
        {
            return null;
        }
        try (IntPointer host = new IntPointer((long)count))
        {
            if (!checkDriver(cuMemcpyDtoH(host, address, (long)count * Integer.BYTES), what, result))
            {
                return null;
            }
            final int[] values = new int[count];
            host.get(values);
            return values;
        }
    }

    /**
     * The device pointers of a batched routine's pointer array (inside an allocation), read from the device.
     */
    private long[] pointers(final long array, final int count, final String what, final CallResult result)
    {
        try (LongPointer host = new LongPointer(count))
        {
            if (!checkDriver(cuMemcpyDtoH(host, array, (long)count * Long.BYTES), what, result))
            {
                return null;
            }
            final long[] values = new long[count];
            host.get(values);
            return values;
        }
    }

    private boolean matrix(
        final String name, final String what, final long address, final int rows, final int cols, final int ld,
        final int bytes, final CudaError outside, final CallResult result)
    {
        if (rows < 0 || cols < 0)
        {
            return true;
        }
        if (ld < Math.max(1, rows))
        {
            result.fail(INVALID_VALUE, name + ": the leading dimension of " + what + " (" + ld + ") is less than " +
                "its " + rows + " rows");
            return false;
        }
        if (rows == 0 || cols == 0)
        {
            return true;
        }
        final long span = ((long)(cols - 1) * ld + rows) * bytes;
        if (ranges.holding(address, span) == null)
        {
            result.fail(outside, name + ": " + what + " [0x" + Long.toHexString(address) + ", +" + span +
                " bytes) is not inside a live allocation of this session");
            return false;
        }
        return true;
    }

    private boolean within(
        final String name, final String what, final long address, final long length, final CallResult result)
    {
        if (length > 0 && ranges.holding(address, length) == null)
        {
            result.fail(EXECUTION_FAILED, name + ": " + what + " [0x" + Long.toHexString(address) + ", +" + length +
                " bytes) is not inside a live allocation of this session");
            return false;
        }
        return true;
    }

    private boolean target(
        final GpuBlasHandle handle, final String name, final int bytes, final long address, final CallResult result)
    {
        return !handle.deviceMode || within(name, "result", address, bytes, result);
    }

    /**
     * The handle in its context, current. A workspace the session has freed since {@code cublasSetWorkspace} is given
     * back to cuBLAS first (its own workspace again), so that no routine writes into memory the session no longer
     * owns, which another session of the worker may have been given.
     */
    private GpuBlasHandle enter(final BackendBlasHandle handle, final String name, final CallResult result)
    {
        final GpuBlasHandle gpuHandle = (GpuBlasHandle)handle;
        if (!makeCurrent(gpuHandle.context, name, result))
        {
            return null;
        }
        if (gpuHandle.workspace != 0 && ranges.holding(gpuHandle.workspace, gpuHandle.workspaceBytes) == null)
        {
            if (!check(cublasSetWorkspace_v2(gpuHandle.cublas, null, 0), name + ": dropping the freed workspace",
                result))
            {
                return null;
            }
            gpuHandle.workspace = 0;
            gpuHandle.workspaceBytes = 0;
        }
        return gpuHandle;
    }

    private static boolean makeCurrent(final GpuContext context, final String name, final CallResult result)
    {
        return checkDriver(cuCtxSetCurrent(context.handle()), name + ": making the context current", result);
    }

    private static boolean checkDriver(final int status, final String what, final CallResult result)
    {
        if (status == CUDA_SUCCESS)
        {
            return true;
        }
        result.fail(CudaErrorMapping.cudaError(status), what + ": " + GpuRuntime.errorName(status));
        return false;
    }

    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == CUBLAS_STATUS_SUCCESS)
        {
            return true;
        }
        final String statusName = cublasGetStatusName(status).getString();
        result.fail(CudaError.library(Api.CUBLAS, status, statusName), what + ": " + statusName + " (" +
            cublasGetStatusString(status).getString() + ")");
        return false;
    }

    /**
     * A scalar as cuBLAS reads it: the device address in device mode, else host memory holding its raw bits (the
     * low bytes of the little-endian 64-bit slot are the float's, half's or int's).
     */
    private static Pointer scalarPointer(final GpuBlasHandle handle, final long value, final LongPointer slot)
    {
        if (handle.deviceMode)
        {
            return new DeviceAddress(value);
        }
        slot.put(0, value);
        return slot;
    }

    public void atomicsMode(final BackendBlasHandle handle, final CallResult result)
    {
        read(handle, "cublasGetAtomicsMode", cublas -> cublasGetAtomicsMode(cublas, intOut), result);
    }

    public void setAtomicsMode(final BackendBlasHandle handle, final int mode, final CallResult result)
    {
        write(handle, "cublasSetAtomicsMode", cublas -> cublasSetAtomicsMode(cublas, mode), result);
    }

    public void smCountTarget(final BackendBlasHandle handle, final CallResult result)
    {
        read(handle, "cublasGetSmCountTarget", cublas -> cublasGetSmCountTarget(cublas, intOut), result);
    }

    public void setSmCountTarget(final BackendBlasHandle handle, final int target, final CallResult result)
    {
        write(handle, "cublasSetSmCountTarget", cublas -> cublasSetSmCountTarget(cublas, target), result);
    }

    /**
     * The workspace must lie inside one of the session's allocations (cuBLAS would write wherever it points); once the
     * session frees it, the handle's next routine drops it ({@link #enter}).
     */
    public void setWorkspace(final BackendBlasHandle handle, final long address, final long bytes,
        final CallResult result)
    {
        final String name = "cublasSetWorkspace";
        final GpuBlasHandle h = enter(handle, name, result);
        if (h == null)
        {
            return;
        }
        if (bytes < 0 || (address == 0) != (bytes == 0))
        {
            result.fail(INVALID_VALUE, name + ": workspace 0x" + Long.toHexString(address) + " of " + bytes +
                " bytes (a null workspace has size 0 and only it)");
            return;
        }
        if (within(name, "the workspace", address, bytes, result) && check(cublasSetWorkspace_v2(h.cublas,
            address == 0 ? null : new DeviceAddress(address), bytes), name, result))
        {
            h.workspace = address;
            h.workspaceBytes = bytes;
        }
    }

    public void cudartVersion(final CallResult result)
    {
        result.value(cublasGetCudartVersion());
    }

    public void property(final int type, final CallResult result)
    {
        if (check(cublasGetProperty(type, intOut), "cublasGetProperty", result))
        {
            result.value(intOut.get());
        }
    }

    /**
     * A handle's setting read into {@code intOut}: the call's value.
     */
    private void read(final BackendBlasHandle handle, final String name, final HandleCall call,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h != null && check(call.run(h.cublas), name, result))
        {
            result.value(intOut.get());
        }
    }

    /**
     * A handle's setting changed.
     */
    private void write(final BackendBlasHandle handle, final String name, final HandleCall call,
        final CallResult result)
    {
        final GpuBlasHandle h = enter(handle, name, result);
        if (h != null)
        {
            check(call.run(h.cublas), name, result);
        }
    }

    /** A cuBLAS function of a handle: its status. */
    private interface HandleCall
    {
        int run(cublasContext cublas);
    }

    /**
     * A {@code cublasHandle_t} of one of the session's contexts, and the pointer mode it was set to.
     */
    static final class GpuBlasHandle implements BackendBlasHandle
    {
        final GpuContext context;
        final cublasContext cublas;
        boolean deviceMode;
        /** cublasSetWorkspace's memory (0: cuBLAS's own), which must stay one of the session's allocations. */
        long workspace;
        long workspaceBytes;

        GpuBlasHandle(final GpuContext context, final cublasContext cublas)
        {
            this.context = context;
            this.cublas = cublas;
        }
    }

    /**
     * A device address as a JavaCPP pointer, for the presets' signatures that take one.
     */
    static final class DeviceAddress extends Pointer
    {
        DeviceAddress(final long address)
        {
            this.address = address;
        }
    }
}
