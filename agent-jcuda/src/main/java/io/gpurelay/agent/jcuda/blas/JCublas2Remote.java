package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;
import java.util.Arrays;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.blas.CublasComputeTypes;
import io.gpurelay.agent.cuda.blas.CublasPointerModes;
import io.gpurelay.agent.cuda.blas.CublasStatusTexts;
import io.gpurelay.agent.cuda.blas.CublasTransfers;
import io.gpurelay.agent.cuda.blas.HostRotations;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasStatus;
import jcuda.runtime.cudaStream_t;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The JCublas2 functions gpurelay implements. Each public static method replaces the native method of
 * {@code jcuda.jcublas.JCublas2} with the same name and descriptor (see {@link JCublas2Instrumentation}); JCublas2's
 * Java code ({@code checkResult}, exceptions mode, {@code cublasGemmEx}'s migration of a legacy compute type) runs
 * unchanged.
 * <p>
 * A handle is the executor's, made in the primary context of the calling thread's current device. The agent
 * remembers each handle's pointer mode, as cuBLAS's own host code does, to know how to read a scalar: in host mode
 * the value behind {@code Pointer.to(float[])} (or any host memory) travels with the call, and a reduction's result is
 * written back into the host pointer; in device mode the device address travels. A scalar whose memory disagrees
 * with the mode (host memory in device mode, device memory in host mode) is {@code CUBLAS_STATUS_INVALID_VALUE} with
 * a log line, where cuBLAS would read garbage or crash. {@code cublasSetVector}/{@code GetVector}/{@code SetMatrix}/
 * {@code GetMatrix} gather and scatter the host side's strides here and send the elements packed; the executor
 * places them with the device side's stride.
 * <p>
 * The routines themselves (level 1, 2, 3, the v2 extensions, the batched ones) are not here: they are the rows of
 * {@link io.gpurelay.protocol.describe.CublasRoutines}, which JavaCPP's cuBLAS module reads too, and
 * {@link JCublas2Instrumentation} binds each of their natives, in both forms, to {@link JCublasRoutineCalls}. What
 * stays here is what no row can say: handles and settings, the host/device transfers (which gather and scatter host
 * strides), cublasGemmEx (its scalars' width follows its compute type), rotg and rotmg (computed in the client).
 * A function here with a {@code _64} form is implemented once, as that form; {@link JCublas2Instrumentation} binds its
 * 32-bit native to the same method, the ints widened. The status names and strings are answered here, without a call.
 * <p>
 * Every call waits for its reply, so a routine's failure is its own status. Like JCuda's native code, a null handle
 * throws {@link NullPointerException}; a null matrix or vector pointer is the device address 0 (a null pivot array
 * asks getrfBatched not to pivot).
 */
public final class JCublas2Remote
{
    private static final long LEGACY_STREAM = 1;
    private static final long PER_THREAD_STREAM = 2;
    /** rotm's param: flag, h11, h21, h12, h22. */
    private static final int ROTM_PARAMETERS = 5;

    static
    {
        CallFailures.nameStatuses(Api.CUBLAS, cublasStatus::stringFor);
    }

    private JCublas2Remote()
    {
    }

    /**
     * JCublas2's native log level: there is no JCublas2 native code here to log.
     */
    public static void setLogLevelNative(final int level)
    {
    }

    public static int cublasCreateNative(final cublasHandle handle)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_CREATE, new long[0], results);
        if (status == CublasStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(handle, results[0]);
            CublasPointerModes.created(results[0]);
        }
        return status;
    }

    public static int cublasDestroyNative(final cublasHandle handle)
    {
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_DESTROY, new long[]{ value }, null);
        if (status == CublasStatus.SUCCESS)
        {
            CublasPointerModes.destroyed(value);
        }
        return status;
    }

    public static int cublasGetVersionNative(final cublasHandle handle, final int[] version)
    {
        return query(Function.CUBLAS_GET_VERSION, handle, version);
    }

    public static int cublasSetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
        return call(Function.CUBLAS_SET_STREAM,
            new long[]{ JCudaPointers.nativePointer(handle), streamHandle(streamId) }, null);
    }

    public static int cublasGetStreamNative(final cublasHandle handle, final cudaStream_t streamId)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_STREAM, new long[]{ JCudaPointers.nativePointer(handle) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(streamId, results[0]);
        }
        return status;
    }

    public static int cublasGetPointerModeNative(final cublasHandle handle, final int[] mode)
    {
        return query(Function.CUBLAS_GET_POINTER_MODE, handle, mode);
    }

    public static int cublasSetPointerModeNative(final cublasHandle handle, final int mode)
    {
        final long value = JCudaPointers.nativePointer(handle);
        final int status = call(Function.CUBLAS_SET_POINTER_MODE, new long[]{ value, mode }, null);
        if (status == CublasStatus.SUCCESS)
        {
            CublasPointerModes.set(value, mode);
        }
        return status;
    }

    public static int cublasGetMathModeNative(final cublasHandle handle, final int[] mode)
    {
        return query(Function.CUBLAS_GET_MATH_MODE, handle, mode);
    }

    public static int cublasSetMathModeNative(final cublasHandle handle, final int mode)
    {
        return call(Function.CUBLAS_SET_MATH_MODE, new long[]{ JCudaPointers.nativePointer(handle), mode }, null);
    }

    public static int cublasGetAtomicsModeNative(final cublasHandle handle, final int[] mode)
    {
        return query(Function.CUBLAS_GET_ATOMICS_MODE, handle, mode);
    }

    public static int cublasSetAtomicsModeNative(final cublasHandle handle, final int mode)
    {
        return call(Function.CUBLAS_SET_ATOMICS_MODE, new long[]{ JCudaPointers.nativePointer(handle), mode }, null);
    }

    /**
     * JCublas2 declares the target a {@code Pointer}: host memory holding an int, written here.
     */
    public static int cublasGetSmCountTargetNative(final cublasHandle handle, final Pointer smCountTarget)
    {
        try
        {
            final HostRange destination = JCudaHostRanges.of(smCountTarget, Integer.BYTES);
            final int[] target = new int[1];
            final int status = query(Function.CUBLAS_GET_SM_COUNT_TARGET, handle, target);
            if (status == CublasStatus.SUCCESS)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Integer.BYTES]);
                value.putInt(0, target[0], ByteOrder.LITTLE_ENDIAN);
                destination.write(0, value, 0, Integer.BYTES);
            }
            return status;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue("cublasGetSmCountTarget", ex.getMessage());
        }
    }

    public static int cublasSetSmCountTargetNative(final cublasHandle handle, final int smCountTarget)
    {
        return call(Function.CUBLAS_SET_SM_COUNT_TARGET,
            new long[]{ JCudaPointers.nativePointer(handle), smCountTarget }, null);
    }

    /**
     * The workspace is device memory of the session (null with size 0: cuBLAS's own workspace again).
     */
    public static int cublasSetWorkspaceNative(final cublasHandle handle, final Pointer workspace,
        final long workspaceSizeInBytes)
    {
        return routine("cublasSetWorkspace", Function.CUBLAS_SET_WORKSPACE, handle, c -> new long[]{ c.handle,
            c.device(workspace), workspaceSizeInBytes });
    }

    /**
     * The executor's cuBLAS's major version, minor version or patch level, on the calling thread's current device.
     */
    public static int cublasGetPropertyNative(final int type, final int[] value)
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_PROPERTY, new long[]{ type }, results);
        if (status == CublasStatus.SUCCESS)
        {
            value[0] = (int)results[0];
        }
        return status;
    }

    /**
     * The CUDA runtime version the executor's cuBLAS was built with; 0 when it cannot be asked (cuBLAS's function
     * has no status), with a log line.
     */
    public static long cublasGetCudartVersionNative()
    {
        final long[] results = new long[1];
        final int status = call(Function.CUBLAS_GET_CUDART_VERSION, new long[0], results);
        if (status != CublasStatus.SUCCESS)
        {
            AgentLog.warn("cublasGetCudartVersion: " + cublasStatus.stringFor(status) + "; returning 0");
            return 0;
        }
        return results[0];
    }

    /** Computed here: the status's name, as cuBLAS's own table has it. */
    public static String cublasGetStatusNameNative(final int status)
    {
        return cublasStatus.stringFor(status);
    }

    /** Computed here: what the status means, in the words of cuBLAS's documentation of {@code cublasStatus_t}. */
    public static String cublasGetStatusStringNative(final int status)
    {
        return CublasStatusTexts.description(status);
    }

    /**
     * What cuBLAS's header does for {@code cublasGemmEx} with a legacy compute type (a {@code cudaDataType}): the
     * {@code cublasComputeType_t} for it, pedantic if the handle's math mode is.
     */
    public static int cublasMigrateComputeType_newNative(final cublasHandle handle, final int dataType,
        final int[] computeType)
    {
        requireNonNull(handle, "handle", "cublasMigrateComputeType");
        requireNonNull(computeType, "computeType", "cublasMigrateComputeType");
        final int[] mathMode = new int[1];
        final int status = query(Function.CUBLAS_GET_MATH_MODE, handle, mathMode);
        if (status != CublasStatus.SUCCESS)
        {
            return status;
        }
        final int migrated = CublasComputeTypes.migrate("cublasMigrateComputeType", dataType, mathMode[0]);
        if (migrated == CublasComputeTypes.NONE)
        {
            return CublasStatus.NOT_SUPPORTED;
        }
        computeType[0] = migrated;
        return CublasStatus.SUCCESS;
    }

    // Data movement.

    public static int cublasSetVector_64Native(final long n, final long elemSize, final Pointer x, final long incx,
        final Pointer devicePtr, final long incy)
    {
        return setMatrix("cublasSetVector", 1, n, elemSize, x, incx, devicePtr, incy, 0);
    }

    public static int cublasGetVector_64Native(final long n, final long elemSize, final Pointer x, final long incx,
        final Pointer y, final long incy)
    {
        return getMatrix("cublasGetVector", 1, n, elemSize, x, incx, y, incy, 0);
    }

    public static int cublasSetMatrix_64Native(final long rows, final long cols, final long elemSize, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return setMatrix("cublasSetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasGetMatrix_64Native(final long rows, final long cols, final long elemSize, final Pointer a,
        final long lda, final Pointer b, final long ldb)
    {
        return getMatrix("cublasGetMatrix", rows, cols, elemSize, a, lda, b, ldb, 0);
    }

    public static int cublasSetVectorAsync_64Native(final long n, final long elemSize, final Pointer hostPtr,
        final long incx, final Pointer devicePtr, final long incy, final cudaStream_t stream)
    {
        return setMatrix("cublasSetVectorAsync", 1, n, elemSize, hostPtr, incx, devicePtr, incy,
            streamHandle(stream));
    }

    public static int cublasGetVectorAsync_64Native(final long n, final long elemSize, final Pointer devicePtr,
        final long incx, final Pointer hostPtr, final long incy, final cudaStream_t stream)
    {
        return getMatrix("cublasGetVectorAsync", 1, n, elemSize, devicePtr, incx, hostPtr, incy,
            streamHandle(stream));
    }

    public static int cublasSetMatrixAsync_64Native(final long rows, final long cols, final long elemSize,
        final Pointer a, final long lda, final Pointer b, final long ldb, final cudaStream_t stream)
    {
        return setMatrix("cublasSetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    public static int cublasGetMatrixAsync_64Native(final long rows, final long cols, final long elemSize,
        final Pointer a, final long lda, final Pointer b, final long ldb, final cudaStream_t stream)
    {
        return getMatrix("cublasGetMatrixAsync", rows, cols, elemSize, a, lda, b, ldb, streamHandle(stream));
    }

    // Level 1.

    // Level 2.

    // Level 3.

    /**
     * {@code cublasGemmEx} after JCublas2 has migrated its compute type: host-mode alpha and beta are read as the
     * compute type's scalar (a double for the 64F types, a half for the 16F ones, an int for 32I, else a float).
     */
    public static int cublasGemmEx_64_newNative(final cublasHandle handle, final int transa, final int transb,
        final long m, final long n, final long k, final Pointer alpha, final Pointer a, final int aType, final long lda,
        final Pointer b, final int bType, final long ldb, final Pointer beta, final Pointer cMatrix, final int cType,
        final long ldc, final int computeType, final int algo)
    {
        final int scalarBytes = switch (computeType)
        {
            case 70, 71, 79 -> Double.BYTES;
            case 64, 65 -> Short.BYTES;
            default -> Float.BYTES;
        };
        return routine("cublasGemmEx", Function.CUBLAS_GEMM_EX, handle, c -> new long[]{ c.handle, transa, transb, m,
            n, k, c.scalar(alpha, scalarBytes, "alpha"), c.device(a), aType, lda, c.device(b), bType, ldb,
            c.scalar(beta, scalarBytes, "beta"), c.device(cMatrix), cType, ldc, computeType, algo });
    }

    // Routines of any element type (the typed families below).

    // Rotations computed in the client: cuBLAS computes rotg and rotmg on the host from host scalars (in host
    // pointer mode), so gpurelay computes them here, with the reference BLAS's algorithms (HostRotations), as the
    // legacy binding does. In device pointer mode the scalars are device memory: not supported, by name.

    public static int cublasSrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return rotg("cublasSrotg", handle, Float.BYTES, a, b, c, s);
    }

    public static int cublasDrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return rotg("cublasDrotg", handle, Double.BYTES, a, b, c, s);
    }

    public static int cublasCrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return complexRotg("cublasCrotg", handle, Float.BYTES, a, b, c, s);
    }

    public static int cublasZrotgNative(final cublasHandle handle, final Pointer a, final Pointer b, final Pointer c,
        final Pointer s)
    {
        return complexRotg("cublasZrotg", handle, Double.BYTES, a, b, c, s);
    }

    public static int cublasSrotmgNative(final cublasHandle handle, final Pointer d1, final Pointer d2,
        final Pointer x1, final Pointer y1, final Pointer param)
    {
        return rotmg("cublasSrotmg", handle, Float.BYTES, d1, d2, x1, y1, param);
    }

    public static int cublasDrotmgNative(final cublasHandle handle, final Pointer d1, final Pointer d2,
        final Pointer x1, final Pointer y1, final Pointer param)
    {
        return rotmg("cublasDrotmg", handle, Double.BYTES, d1, d2, x1, y1, param);
    }

    /** rotg: a and b in (a becomes r, b z), c and s out. */
    private static int rotg(final String name, final cublasHandle handle, final int bytes, final Pointer a,
        final Pointer b, final Pointer c, final Pointer s)
    {
        final String refused = hostScalarsOnly(name, handle, a, b, c, s);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final Pointer[] pointers = { a, b, c, s };
            final double[] in = { readReals(a, bytes, 1)[0], readReals(b, bytes, 1)[0] };
            if (bytes == Float.BYTES)
            {
                final float[] values = { (float)in[0], (float)in[1], 0, 0 };
                HostRotations.srotg(values);
                for (int i = 0; i < pointers.length; i++)
                {
                    writeReals(pointers[i], bytes, values[i]);
                }
            }
            else
            {
                final double[] values = { in[0], in[1], 0, 0 };
                HostRotations.drotg(values);
                for (int i = 0; i < pointers.length; i++)
                {
                    writeReals(pointers[i], bytes, values[i]);
                }
            }
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /** Complex rotg: a (complex) in and out as r, b (complex) in, c (real) and s (complex) out. */
    private static int complexRotg(final String name, final cublasHandle handle, final int realBytes,
        final Pointer a, final Pointer b, final Pointer c, final Pointer s)
    {
        final String refused = hostScalarsOnly(name, handle, a, b, c, s);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final double[] aValue = readReals(a, realBytes, 2);
            final double[] bValue = readReals(b, realBytes, 2);
            final double[] cAndS = HostRotations.complexRotation(aValue, bValue[0], bValue[1]);
            writeReals(a, realBytes, aValue[0], aValue[1]);
            writeReals(c, realBytes, cAndS[0]);
            writeReals(s, realBytes, cAndS[1], cAndS[2]);
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /** rotmg: d1, d2 and x1 in and out, y1 in, param's 5 values out. */
    private static int rotmg(final String name, final cublasHandle handle, final int bytes, final Pointer d1,
        final Pointer d2, final Pointer x1, final Pointer y1, final Pointer param)
    {
        final String refused = hostScalarsOnly(name, handle, d1, d2, x1, y1, param);
        if (refused != null)
        {
            return refused.isEmpty() ? CublasStatus.NOT_SUPPORTED : invalidValue(name, refused);
        }
        try
        {
            final double[] in = { readReals(d1, bytes, 1)[0], readReals(d2, bytes, 1)[0], readReals(x1, bytes, 1)[0],
                readReals(y1, bytes, 1)[0] };
            JCudaHostRanges.of(param, ROTM_PARAMETERS * (long)bytes);
            if (bytes == Float.BYTES)
            {
                final float[] sd1 = { (float)in[0] };
                final float[] sd2 = { (float)in[1] };
                final float[] sx1 = { (float)in[2] };
                final float[] sparam = new float[ROTM_PARAMETERS];
                HostRotations.srotmg(sd1, sd2, sx1, (float)in[3], sparam);
                writeReals(d1, bytes, sd1[0]);
                writeReals(d2, bytes, sd2[0]);
                writeReals(x1, bytes, sx1[0]);
                writeReals(param, bytes, sparam[0], sparam[1], sparam[2], sparam[3], sparam[4]);
            }
            else
            {
                final double[] dd1 = { in[0] };
                final double[] dd2 = { in[1] };
                final double[] dx1 = { in[2] };
                final double[] dparam = new double[ROTM_PARAMETERS];
                HostRotations.drotmg(dd1, dd2, dx1, in[3], dparam);
                writeReals(d1, bytes, dd1[0]);
                writeReals(d2, bytes, dd2[0]);
                writeReals(x1, bytes, dx1[0]);
                writeReals(param, bytes, dparam);
            }
            return CublasStatus.SUCCESS;
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * Null when a client-side rotation can run; "" when the handle is in device pointer mode (logged here, the
     * caller answers CUBLAS_STATUS_NOT_SUPPORTED); else why an argument is invalid.
     */
    private static String hostScalarsOnly(final String name, final cublasHandle handle, final Pointer... scalars)
    {
        requireNonNull(handle, "handle", name);
        for (final Pointer scalar : scalars)
        {
            if (scalar == null)
            {
                return "a scalar argument is null";
            }
        }
        if (new Marshalling(name, handle).deviceMode)
        {
            AgentLog.warn(name + " in CUBLAS_POINTER_MODE_DEVICE is not supported by gpurelay (it computes the " +
                "rotation in the client, from host scalars); returning CUBLAS_STATUS_NOT_SUPPORTED");
            return "";
        }
        return null;
    }

    private static double[] readReals(final Pointer pointer, final int bytes, final int count)
        throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(pointer, (long)bytes * count);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes * count]);
        range.copyTo(0, buffer, 0, bytes * count);
        return HostRotations.reals(buffer, bytes, count);
    }

    private static void writeReals(final Pointer pointer, final int bytes, final double... values)
        throws HostRangeException
    {
        final HostRange range = JCudaHostRanges.of(pointer, (long)bytes * values.length);
        range.write(0, HostRotations.realBytes(bytes, values), 0, bytes * values.length);
    }

    static DeviceRouter client()
    {
        return DeviceRouter.installed();
    }

    /**
     * A call on the calling thread's current device; a client without an executor is CUBLAS_STATUS_NOT_INITIALIZED,
     * as cuBLAS answers when it finds no usable device.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        return cublasStatus(client().call(function, RuntimeThreadState.currentDevice(), args, null, null, results));
    }

    static int cublasStatus(final int status)
    {
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CublasStatus.NOT_INITIALIZED : status;
    }

    private static int query(final Function function, final cublasHandle handle, final int[] value)
    {
        final long[] results = new long[1];
        final int status = call(function, new long[]{ JCudaPointers.nativePointer(handle) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            value[0] = (int)results[0];
        }
        return status;
    }

    private static int routine(final String name, final Function function, final cublasHandle handle,
        final Arguments arguments)
    {
        requireNonNull(handle, "handle", name);
        final Marshalling marshalling = new Marshalling(name, handle);
        try
        {
            return call(function, arguments.of(marshalling), null);
        }
        catch (final HostRangeException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * cublasSetMatrix, and cublasSetVector as one row whose leading dimension is the increment: the host elements
     * go packed column by column (straight from the host memory when they are contiguous).
     */
    static int setMatrix(
        final String name, final long rows, final long cols, final long elemSize, final Pointer host,
        final long ldHost, final Pointer device, final long ldDevice, final long stream)
    {
        requireNonNull(host, "A", name);
        requireNonNull(device, "B", name);
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldHost, ldDevice);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long destination = deviceAddress(device, "the device side");
            final PayloadSource packed =
                CublasTransfers.packed(rows, cols, elemSize, ldHost, bytes -> JCudaHostRanges.of(host, bytes));
            return cublasStatus(client().call(Function.CUBLAS_SET_MATRIX, RuntimeThreadState.currentDevice(),
                new long[]{ rows, cols, elemSize, destination, ldDevice, stream }, packed, null, null));
        }
        catch (final HostRangeException | ArithmeticException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    /**
     * cublasGetMatrix, and cublasGetVector as one row: the elements arrive packed column by column and land with the
     * host side's leading dimension (straight in the host memory when it is contiguous).
     */
    static int getMatrix(
        final String name, final long rows, final long cols, final long elemSize, final Pointer device,
        final long ldDevice, final Pointer host, final long ldHost, final long stream)
    {
        requireNonNull(device, "A", name);
        requireNonNull(host, "B", name);
        final String invalid = CublasTransfers.invalidArguments(rows, cols, elemSize, ldDevice, ldHost);
        if (invalid != null)
        {
            return invalidValue(name, invalid);
        }
        try
        {
            final long source = deviceAddress(device, "the device side");
            return CublasTransfers.unpack(rows, cols, elemSize, ldHost,
                new long[]{ rows, cols, elemSize, source, ldDevice, stream },
                bytes -> JCudaHostRanges.of(host, bytes),
                (args, from, into) -> cublasStatus(client().call(Function.CUBLAS_GET_MATRIX,
                    RuntimeThreadState.currentDevice(), args, from, into, null)));
        }
        catch (final HostRangeException | ArithmeticException ex)
        {
            return invalidValue(name, ex.getMessage());
        }
    }

    static long deviceAddress(final Pointer pointer, final String what) throws HostRangeException
    {
        if (JCudaHostRanges.isHostMemory(pointer))
        {
            throw new HostRangeException(what + " is host memory where device memory is expected");
        }
        return JCudaPointers.address(pointer);
    }

    /**
     * Null, cudaStreamLegacy and cudaStreamPerThread all name the device's default stream, which the executor calls 0.
     */
    static long streamHandle(final cudaStream_t stream)
    {
        final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
        return handle == LEGACY_STREAM || handle == PER_THREAD_STREAM ? 0 : handle;
    }

    private static int invalidValue(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUBLAS_STATUS_INVALID_VALUE");
        return CublasStatus.INVALID_VALUE;
    }

    /**
     * JCuda's native code rejects null arguments with exactly this exception and message.
     */
    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }

    /**
     * How a routine's arguments become the call's 64-bit arguments.
     */
    @FunctionalInterface
    private interface Arguments
    {
        long[] of(Marshalling marshalling) throws HostRangeException;
    }

    /**
     * Reads a routine's pointers as its handle's pointer mode says.
     */
    private static final class Marshalling
    {
        private final String name;
        private final long handle;
        private final boolean deviceMode;

        Marshalling(final String name, final cublasHandle handle)
        {
            this.name = name;
            this.handle = JCudaPointers.nativePointer(handle);
            this.deviceMode = CublasPointerModes.deviceMode(this.handle);
        }

        /**
         * A matrix, vector or array argument: a device address, 0 for null.
         */
        long device(final Pointer pointer) throws HostRangeException
        {
            return pointer == null ? 0 : deviceAddress(pointer, "a matrix or vector argument of " + name);
        }

        /**
         * A scalar: its raw bits (the {@code bytes} at the host pointer) in host mode, its device address in device
         * mode.
         */
        long scalar(final Pointer pointer, final int bytes, final String what) throws HostRangeException
        {
            if (pointer == null)
            {
                throw new HostRangeException(what + " is null");
            }
            if (deviceMode)
            {
                if (JCudaHostRanges.isHostMemory(pointer))
                {
                    throw new HostRangeException(what + " is host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_DEVICE");
                }
                return JCudaPointers.address(pointer);
            }
            if (!JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException(what + " is not host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_HOST");
            }
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
            JCudaHostRanges.of(pointer, bytes).copyTo(0, value, 0, bytes);
            return value.getLong(0, ByteOrder.LITTLE_ENDIAN);
        }
    }
}
