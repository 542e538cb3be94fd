package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.blas.CublasRefusals;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.blas.CublasRoutineCall;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import io.gpurelay.agent.cuda.blas.CublasComputeTypes;
import io.gpurelay.agent.cuda.blas.CublasPointerModes;
import io.gpurelay.agent.cuda.blas.CublasStatusTexts;
import io.gpurelay.agent.cuda.blas.CublasTransfers;
import io.gpurelay.agent.cuda.blas.HostRotations;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cublas}: handles, the host/device transfers, and the v2 routines
 * ({@code cublasSgemm_v2}, ...) on the same calls JCuda's {@code JCublas2} makes. The routines are the rows of
 * {@link CublasRoutines}, which JCublas2's module reads too; each JavaCPP native of a row's name is run by
 * {@link CublasRoutineCall} through {@link JavaCppRoutineArguments}. rotg and rotmg, which cuBLAS computes on the
 * host from host scalars, are computed here; the status names and strings are answered here.
 */
public final class CublasModule extends JavaCppModule
{
    /** rotm's param: flag, h11, h21, h12, h22. */
    private static final int ROTM_PARAMETERS = CublasRoutines.ROTM_PARAMETERS;

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
        for (final Routine routine : CublasRoutines.all())
        {
            if (routine.v2())
            {
                function(routine.name(), a -> run(a, routine));
            }
        }
        function("cublasGemmEx", CublasModule::gemmEx);
        function("cublasGemmEx_64", CublasModule::gemmEx);
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

    /**
     * A described routine: a JavaCPP argument that cannot be used is refused as the module refuses bad arguments.
     */
    private static int run(final JavaCppArgs a, final Routine routine)
    {
        try
        {
            return CublasRoutineCall.run(routine, new JavaCppRoutineArguments(a));
        }
        catch (final HostRangeException ex)
        {
            throw new JavaCppArgumentException(ex.getMessage());
        }
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
    static byte[] hostBytes(final JavaCppArgs a, final int index, final long count)
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
        requireHostSide(a, rows, cols, hostIndex);
        final PayloadSource packed;
        try
        {
            packed = CublasTransfers.packed(rows, cols, elemSize, ldHost, bytes -> a.host(hostIndex, bytes));
        }
        catch (final ArithmeticException ex)
        {
            throw spanTooLong(ldHost, cols);
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
        requireHostSide(a, rows, cols, hostIndex);
        try
        {
            return CublasTransfers.unpack(rows, cols, elemSize, ldHost,
                new long[]{ rows, cols, elemSize, source, ldDevice, stream }, bytes -> a.host(hostIndex, bytes),
                (args, from, into) -> call(Function.CUBLAS_GET_MATRIX, args, from, into, null));
        }
        catch (final ArithmeticException ex)
        {
            throw spanTooLong(ldHost, cols);
        }
    }

    /**
     * A transfer with elements reaches its host side, which must be host memory.
     */
    private static void requireHostSide(final JavaCppArgs a, final long rows, final long cols, final int hostIndex)
    {
        if (rows != 0 && cols != 0)
        {
            requireHostMemory(a, hostIndex, "it is the host side of the copy");
        }
    }

    private static JavaCppArgumentException spanTooLong(final long ld, final long cols)
    {
        return new JavaCppArgumentException("a leading dimension (or increment) of " + ld + " over " + cols +
            " columns spans more bytes than a long holds");
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
