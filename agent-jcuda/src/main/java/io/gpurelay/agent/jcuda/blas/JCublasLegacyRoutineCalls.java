package io.gpurelay.agent.jcuda.blas;

import java.lang.reflect.Method;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.blas.CublasRoutineCall;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import io.gpurelay.protocol.CublasStatus;
import jcuda.Pointer;
import jcuda.cuComplex;
import jcuda.cuDoubleComplex;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The body of every legacy JCublas native of a described cuBLAS routine ({@link CublasRoutines}): the legacy
 * {@code cublasSaxpy} is the v2 {@code cublasSaxpy_v2} on the implicit handle of {@code cublasInit}, in host pointer
 * mode. Its enums are characters ({@code 'N'}, {@code 'U'}, ...), its scalars Java values ({@code float},
 * {@code double}, {@code cuComplex}, {@code cuDoubleComplex}, rotm's {@code float[]} param), and a reduction returns
 * its result where the v2 routine writes it through a pointer. A legacy routine returns no status: a failure is
 * recorded for {@code cublasGetError} and a value routine returns 0.
 */
public final class JCublasLegacyRoutineCalls
{
    private static final List<Routine> ROUTINES = CublasRoutines.all();
    private static final Map<String, Integer> BY_NATIVE = byNative();

    private JCublasLegacyRoutineCalls()
    {
    }

    /**
     * @return the index of the 32-bit routine whose legacy JCublas native this is ({@code cublasSaxpyNative}), or -1.
     */
    static int routineOf(final String nativeName)
    {
        return BY_NATIVE.getOrDefault(nativeName, -1);
    }

    static Routine routine(final int index)
    {
        return ROUTINES.get(index);
    }

    /**
     * @return the body for a native returning {@code returnType}: {@link #run}, {@link #realValue},
     *         {@link #doubleValue}, {@link #index}, {@link #floatComplex} or {@link #doubleComplex}; null for another.
     */
    static Method body(final Class<?> returnType)
    {
        final String name = returnType == void.class ? "run" : returnType == float.class ? "realValue" :
            returnType == double.class ? "doubleValue" : returnType == int.class ? "index" :
            returnType == cuComplex.class ? "floatComplex" : returnType == cuDoubleComplex.class ? "doubleComplex" :
            null;
        try
        {
            return name == null ? null : JCublasLegacyRoutineCalls.class.getMethod(name, int.class, Object[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    public static void run(final int index, final Object[] arguments)
    {
        call(index, arguments);
    }

    public static float realValue(final int index, final Object[] arguments)
    {
        return Float.intBitsToFloat((int)call(index, arguments).getLong(0, ByteOrder.LITTLE_ENDIAN));
    }

    public static double doubleValue(final int index, final Object[] arguments)
    {
        return call(index, arguments).getDouble(0, ByteOrder.LITTLE_ENDIAN);
    }

    public static int index(final int index, final Object[] arguments)
    {
        return call(index, arguments).getInt(0, ByteOrder.LITTLE_ENDIAN);
    }

    public static cuComplex floatComplex(final int index, final Object[] arguments)
    {
        final UnsafeBuffer value = call(index, arguments);
        return cuComplex.cuCmplx(value.getFloat(0, ByteOrder.LITTLE_ENDIAN),
            value.getFloat(Float.BYTES, ByteOrder.LITTLE_ENDIAN));
    }

    public static cuDoubleComplex doubleComplex(final int index, final Object[] arguments)
    {
        final UnsafeBuffer value = call(index, arguments);
        return cuDoubleComplex.cuCmplx(value.getDouble(0, ByteOrder.LITTLE_ENDIAN),
            value.getDouble(Double.BYTES, ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * @return the result's bytes (zeros where the routine has none, or failed).
     */
    private static UnsafeBuffer call(final int index, final Object[] arguments)
    {
        final Routine routine = ROUTINES.get(index);
        final Arguments a = new Arguments(routine, arguments);
        final long handle = LegacyBlasState.handle();
        if (handle == 0)
        {
            AgentLog.debug(routine.shortName() + " before cublasInit: CUBLAS_STATUS_NOT_INITIALIZED");
            LegacyBlasState.record(CublasStatus.NOT_INITIALIZED);
            return a.result;
        }
        try
        {
            final int status = CublasRoutineCall.run(routine, a.on(handle));
            if (status != CublasStatus.SUCCESS)
            {
                LegacyBlasState.record(status);
                a.result.setMemory(0, a.result.capacity(), (byte)0);
            }
        }
        catch (final HostRangeException ex)
        {
            AgentLog.warn(routine.shortName() + ": " + ex.getMessage() +
                "; cublasGetError reports CUBLAS_STATUS_INVALID_VALUE");
            LegacyBlasState.record(CublasStatus.INVALID_VALUE);
        }
        return a.result;
    }

    private static Map<String, Integer> byNative()
    {
        final Map<String, Integer> byNative = new HashMap<>();
        for (int i = 0; i < ROUTINES.size(); i++)
        {
            final Routine routine = ROUTINES.get(i);
            if (!routine.wide() && (routine.legacy() || !byNative.containsKey(routine.jcudaNative())))
            {
                byNative.put(routine.jcudaNative(), i);
            }
        }
        return byNative;
    }

    /**
     * A legacy native's arguments: the C arguments after the handle, in order, without a reduction's result.
     */
    private static final class Arguments implements CublasRoutineCall.Arguments
    {
        private final Routine routine;
        private final Object[] arguments;
        private final UnsafeBuffer result = new UnsafeBuffer(new byte[2 * Double.BYTES]);
        private long handle;

        Arguments(final Routine routine, final Object[] arguments)
        {
            this.routine = routine;
            this.arguments = arguments;
        }

        Arguments on(final long implicitHandle)
        {
            this.handle = implicitHandle;
            return this;
        }

        public int count()
        {
            return arguments.length + 1 + (routine.letters().indexOf('t') >= 0 ? 1 : 0);
        }

        public long handle()
        {
            return handle;
        }

        public int device()
        {
            return LegacyBlasState.device();
        }

        public long integer(final int index) throws HostRangeException
        {
            final Object value = arguments[index - 1];
            return switch (routine.letters().charAt(index - 1))
            {
                case 'T' -> JCublasRemote.operation((Character)value, "trans");
                case 'U' -> JCublasRemote.fill((Character)value);
                case 'G' -> JCublasRemote.diagonal((Character)value);
                case 'L' -> JCublasRemote.side((Character)value);
                default -> ((Number)value).longValue();
            };
        }

        public long device(final int index) throws HostRangeException
        {
            final Pointer pointer = (Pointer)arguments[index - 1];
            return pointer == null ? 0 : JCublas2Remote.deviceAddress(pointer, "a matrix or vector argument");
        }

        public byte[] hostScalar(final int index, final long bytes) throws HostRangeException
        {
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Math.toIntExact(bytes)]);
            final Object argument = arguments[index - 1];
            if (argument instanceof Float real)
            {
                value.putFloat(0, real, ByteOrder.LITTLE_ENDIAN);
            }
            else if (argument instanceof Double real)
            {
                value.putDouble(0, real, ByteOrder.LITTLE_ENDIAN);
            }
            else if (argument instanceof cuComplex complex)
            {
                value.putFloat(0, complex.x, ByteOrder.LITTLE_ENDIAN);
                value.putFloat(Float.BYTES, complex.y, ByteOrder.LITTLE_ENDIAN);
            }
            else if (argument instanceof cuDoubleComplex complex)
            {
                value.putDouble(0, complex.x, ByteOrder.LITTLE_ENDIAN);
                value.putDouble(Double.BYTES, complex.y, ByteOrder.LITTLE_ENDIAN);
            }
            else if (argument instanceof float[] param)
            {
                requireParameters(param.length);
                for (int i = 0; i < CublasRoutines.ROTM_PARAMETERS; i++)
                {
                    value.putFloat(i * Float.BYTES, param[i], ByteOrder.LITTLE_ENDIAN);
                }
            }
            else if (argument instanceof double[] param)
            {
                requireParameters(param.length);
                for (int i = 0; i < CublasRoutines.ROTM_PARAMETERS; i++)
                {
                    value.putDouble(i * Double.BYTES, param[i], ByteOrder.LITTLE_ENDIAN);
                }
            }
            else if (argument == null)
            {
                throw new NullPointerException(routine.letters().charAt(index - 1) == 'p' ?
                    "Parameter 'param' is null for cublasSrotm/cublasDrotm" : "A complex scalar parameter is null");
            }
            else
            {
                throw new IllegalStateException(routine.shortName() + ": argument " + index + " is a " +
                    argument.getClass().getName());
            }
            return value.byteArray();
        }

        private static void requireParameters(final int length) throws HostRangeException
        {
            if (length < CublasRoutines.ROTM_PARAMETERS)
            {
                throw new HostRangeException("param has " + length + " elements where rotm reads 5");
            }
        }

        public long deviceScalar(final int index) throws HostRangeException
        {
            throw new HostRangeException("the legacy API's scalars are host values, but the implicit handle's " +
                "pointer mode is CUBLAS_POINTER_MODE_DEVICE");
        }

        public long result(final int index, final boolean deviceMode, final long bytes) throws HostRangeException
        {
            if (deviceMode)
            {
                throw new HostRangeException("the legacy API returns its result, but the implicit handle's pointer " +
                    "mode is CUBLAS_POINTER_MODE_DEVICE");
            }
            return 0;
        }

        public void writeResult(final int index, final byte[] bytes)
        {
            result.putBytes(0, bytes, 0, Math.min(bytes.length, result.capacity()));
        }

        public void writeInt(final int index, final int value)
        {
            result.putInt(0, value, ByteOrder.LITTLE_ENDIAN);
        }
    }
}
