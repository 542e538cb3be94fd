package io.gpurelay.executor.dispatch;

import io.gpurelay.executor.resources.SessionResources.BlasHandleEntry;
import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BlasCall;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import org.agrona.DirectBuffer;

/**
 * What each cuBLAS {@link Function} means: its arguments, the handle and context it runs in, the {@link BlasSession}
 * method that runs it. A routine's call is decoded by its row of the one description the agent encoded it by
 * ({@link CublasRoutines}): the wire function, element type and flag name the row, whose wire order places the C
 * arguments ({@link BlasCall}), and the backend runs the row. A handle is made in the primary context of the call's device (the runtime's, as cuBLAS uses the
 * current device's context) and every routine runs in the context of its handle; a stream given to
 * {@code cublasSetStream} must belong to that context. Failures reply with cuBLAS's statuses: a handle that is not
 * live is {@code CUBLAS_STATUS_NOT_INITIALIZED}, an element type or flag out of range
 * {@code CUBLAS_STATUS_INVALID_VALUE}, and a size beyond 32 bits (which only a {@code _64} routine sends: the backends
 * run cuBLAS's 32-bit entry points) {@code CUBLAS_STATUS_NOT_SUPPORTED}. A typed routine ({@code CUBLAS_AXPY_X} and
 * the rest) names its element type, which must be one its family has (as must a flag set to 1); the dispatcher names
 * the cuBLAS routine the call stands for, and a backend without it answers {@code CUBLAS_STATUS_NOT_SUPPORTED} with
 * that name.
 */
public final class BlasDispatcher
{
    private static final CudaError INVALID_VALUE =
        CudaError.library(Api.CUBLAS, CublasStatus.INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE");
    private static final CudaError NOT_SUPPORTED =
        CudaError.library(Api.CUBLAS, CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED");
    /** The largest matrix a transfer packs into one payload. */
    private static final long MAX_TRANSFER_BYTES = Integer.MAX_VALUE - 8;

    private final SessionResources resources;
    private final BlasSession blas;
    private final int deviceCount;

    BlasDispatcher(final SessionResources resources, final BlasSession blas, final int deviceCount)
    {
        this.resources = resources;
        this.blas = blas;
        this.deviceCount = deviceCount;
    }

    /**
     * Run a cuBLAS call whose input, if any, is in {@code input}.
     */
    void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        try
        {
            run(call, input, result);
        }
        catch (final ArgumentOutOfRange ex)
        {
            result.fail(INVALID_VALUE, call.function().name() + ": " + ex.getMessage());
        }
        catch (final BeyondThirtyTwoBits | BlasCall.BeyondThirtyTwoBits ex)
        {
            result.fail(NOT_SUPPORTED, call.function().name() + ": " + ex.getMessage());
        }
    }

    private void run(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final Function function = call.function();
        switch (function)
        {
            case CUBLAS_CREATE -> create(call, result);
            case CUBLAS_DESTROY ->
            {
                final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
                if (handle != null)
                {
                    resources.destroyBlasHandle(handle);
                }
            }
            case CUBLAS_GET_VERSION ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.version(handle, result);
                }
            }
            case CUBLAS_SET_STREAM -> setStream(call, result);
            case CUBLAS_GET_STREAM ->
            {
                final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
                if (handle != null)
                {
                    result.value(handle.stream);
                }
            }
            case CUBLAS_SET_POINTER_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setPointerMode(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_GET_POINTER_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.pointerMode(handle, result);
                }
            }
            case CUBLAS_SET_MATH_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setMathMode(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_GET_MATH_MODE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.mathMode(handle, result);
                }
            }
            case CUBLAS_GET_ATOMICS_MODE, CUBLAS_GET_SM_COUNT_TARGET ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null && function == Function.CUBLAS_GET_ATOMICS_MODE)
                {
                    blas.atomicsMode(handle, result);
                }
                else if (handle != null)
                {
                    blas.smCountTarget(handle, result);
                }
            }
            case CUBLAS_SET_ATOMICS_MODE, CUBLAS_SET_SM_COUNT_TARGET ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null && function == Function.CUBLAS_SET_ATOMICS_MODE)
                {
                    blas.setAtomicsMode(handle, intArg(call, 1), result);
                }
                else if (handle != null)
                {
                    blas.setSmCountTarget(handle, intArg(call, 1), result);
                }
            }
            case CUBLAS_SET_WORKSPACE ->
            {
                final BackendBlasHandle handle = handle(call, result);
                if (handle != null)
                {
                    blas.setWorkspace(handle, call.arg(1), call.arg(2), result);
                }
            }
            case CUBLAS_GET_PROPERTY -> blas.property(intArg(call, 0), result);
            case CUBLAS_GET_CUDART_VERSION -> blas.cudartVersion(result);
            case CUBLAS_SET_MATRIX, CUBLAS_GET_MATRIX -> transfer(call, input, result);
            default -> routine(call, function, result);
        }
    }

    /**
     * A routine: cublasGemmEx by hand (its element and compute types are arguments, so no one row describes it),
     * every other by its description, whose element type and flag must be ones its family has.
     */
    private void routine(final ReceivedCall call, final Function function, final CallResult result)
    {
        final Boolean flagged = CublasRoutines.flagged(function);
        if (function != Function.CUBLAS_GEMM_EX && flagged == null)
        {
            CallDispatcher.notSupported(call.functionId(), function.name(), result);
            return;
        }
        final BackendBlasHandle h = handle(call, result);
        if (h == null)
        {
            return;
        }
        if (function == Function.CUBLAS_GEMM_EX)
        {
            blas.gemmEx(h, intArg(call, 1), intArg(call, 2), intArg(call, 3), intArg(call, 4), intArg(call, 5),
                call.arg(6), call.arg(7), intArg(call, 8), intArg(call, 9), call.arg(10), intArg(call, 11),
                intArg(call, 12), call.arg(13), call.arg(14), intArg(call, 15), intArg(call, 16), intArg(call, 17),
                intArg(call, 18), result);
            return;
        }
        final boolean typed = CublasRoutines.typed(function);
        final long dataType = typed ? call.arg(1) : -1;
        final long flag = flagged ? call.arg(2) : CublasRoutines.NO_FLAG;
        final Routine routine = CublasRoutines.forWire(function, dataType, flag);
        if (routine == null)
        {
            throw new ArgumentOutOfRange("this family does not have element type " + dataType +
                (flagged ? " with flag " + flag : "") + " (element types are cudaDataType values" +
                (flagged ? ", flags 0 or 1" : "") + ")");
        }
        blas.run(h, BlasCall.decode(routine, call::arg, typed ? (flagged ? 3 : 2) : 1), result);
    }

    private void create(final ReceivedCall call, final CallResult result)
    {
        final long device = call.context();
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE,
                "cublasCreate: device " + device + " does not exist: the executor has " + deviceCount + " device(s)");
            return;
        }
        final ContextEntry context = resources.runtimeContext((int)device, result);
        if (context == null)
        {
            return;
        }
        final BackendBlasHandle handle = blas.create(context.backend, result);
        if (handle != null)
        {
            result.value(resources.addBlasHandle(context, handle));
        }
    }

    private void setStream(final ReceivedCall call, final CallResult result)
    {
        final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
        if (handle == null)
        {
            return;
        }
        final long streamHandle = call.arg(1);
        final StreamEntry stream = resources.streamIn(streamHandle, handle.context, result);
        if (stream == null)
        {
            return;
        }
        blas.setStream(handle.backend, stream.backend, result);
        if (!result.failed())
        {
            handle.stream = SessionResources.isDefaultStream(streamHandle) ? 0 : streamHandle;
        }
    }

    /**
     * cublasSetMatrix and cublasGetMatrix (the vector forms are one-row matrices): checked as cuBLAS documents, then
     * run on the stream in the primary context of the call's device.
     */
    private void transfer(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final boolean set = call.function() == Function.CUBLAS_SET_MATRIX;
        final String name = set ? "cublasSetMatrix" : "cublasGetMatrix";
        final int rows = intArg(call, 0);
        final int cols = intArg(call, 1);
        final int elementSize = intArg(call, 2);
        final long address = call.arg(3);
        final int ld = intArg(call, 4);
        if (rows < 0 || cols < 0 || elementSize <= 0 || ld <= 0 || ld < rows)
        {
            result.fail(INVALID_VALUE, name + ": rows " + rows + ", cols " + cols + ", element size " + elementSize +
                ", leading dimension " + ld + " (rows and cols must not be negative, the element size and leading " +
                "dimension must be positive, the leading dimension at least the rows)");
            return;
        }
        final long packedBytes;
        try
        {
            packedBytes = Math.multiplyExact(Math.multiplyExact((long)rows, cols), elementSize);
            Math.multiplyExact((long)ld, Math.multiplyExact((long)cols, elementSize));
        }
        catch (final ArithmeticException ex)
        {
            result.fail(INVALID_VALUE, name + ": the matrix spans more bytes than a 64-bit address space holds");
            return;
        }
        if (packedBytes > MAX_TRANSFER_BYTES)
        {
            result.fail(INVALID_VALUE, name + ": " + packedBytes + " bytes in one call; gpurelay relays at most " +
                MAX_TRANSFER_BYTES);
            return;
        }
        if (set && input.capacity() != packedBytes)
        {
            result.fail(INVALID_VALUE, name + " of " + packedBytes + " bytes carries " + input.capacity() +
                " bytes of data");
            return;
        }
        final long device = call.context();
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE,
                name + ": device " + device + " does not exist: the executor has " + deviceCount + " device(s)");
            return;
        }
        final ContextEntry context = resources.runtimeContext((int)device, result);
        final StreamEntry stream = context == null ? null : resources.streamIn(call.arg(5), context, result);
        if (stream == null)
        {
            return;
        }
        if (set)
        {
            blas.setMatrix(context.backend, stream.backend, rows, cols, elementSize, input, address, ld, result);
        }
        else
        {
            blas.getMatrix(context.backend, stream.backend, rows, cols, elementSize, address, ld, result);
        }
    }

    private BackendBlasHandle handle(final ReceivedCall call, final CallResult result)
    {
        final BlasHandleEntry handle = resources.blasHandle(call.arg(0), result);
        return handle == null ? null : handle.backend;
    }

    /**
     * An argument that is an {@code int} in the 32-bit form of the routine. The agent sends the {@code _64} forms
     * ({@code cublasSgemm_64} and the rest) as the same call with their 64-bit sizes, increments and leading
     * dimensions; the backends run cuBLAS's 32-bit entry points, so a value beyond 32 bits, which only a
     * {@code _64} form can send, is {@code CUBLAS_STATUS_NOT_SUPPORTED}.
     */
    private static int intArg(final ReceivedCall call, final int index)
    {
        final long value = call.arg(index);
        if (value != (int)value)
        {
            throw new BeyondThirtyTwoBits("argument " + index + " (" + value + ") does not fit a C int: the executor " +
                "runs cuBLAS's 32-bit routines, so a _64 routine's values must fit 32 bits");
        }
        return (int)value;
    }

    /**
     * A size beyond 32 bits, which the dispatcher turns into CUBLAS_STATUS_NOT_SUPPORTED.
     */
    private static final class BeyondThirtyTwoBits extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        BeyondThirtyTwoBits(final String message)
        {
            super(message, null, false, false);
        }
    }

    /**
     * An argument that does not fit its C type, which the dispatcher turns into CUBLAS_STATUS_INVALID_VALUE.
     */
    private static final class ArgumentOutOfRange extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        ArgumentOutOfRange(final String message)
        {
            super(message, null, false, false);
        }
    }
}
