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
import io.gpurelay.agent.jcuda.JCudaHostRanges;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.CublasStatus;
import jcuda.Pointer;
import jcuda.jcublas.cublasHandle;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The body of every JCublas2 native of a described cuBLAS routine ({@link CublasRoutines}):
 * {@code cublasSaxpyNative} and {@code cublasSaxpy_v2_64Native} alike call {@link #call(int, Object[])} with their
 * routine's index and their arguments, and {@link CublasRoutineCall} encodes them. JCuda's native code's behaviour
 * stays: a null handle, result or {@code info} throws {@link NullPointerException} with JCuda's message; a null
 * matrix or vector pointer is the device address 0; what cannot be used is {@code CUBLAS_STATUS_INVALID_VALUE} with a
 * log line, where cuBLAS would read garbage or crash.
 */
public final class JCublasRoutineCalls
{
    private static final List<Routine> ROUTINES = CublasRoutines.all();
    private static final Map<String, Integer> BY_NATIVE = byNative();
    private static final Method CALL = lookUpCall();

    private JCublasRoutineCalls()
    {
    }

    /**
     * @return the index of the routine whose JCublas2 native this is ({@code cublasSaxpyNative}), or -1.
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
     * @return {@link #call(int, Object[])}, which the module binds the natives to.
     */
    static Method callMethod()
    {
        return CALL;
    }

    private static Method lookUpCall()
    {
        try
        {
            return JCublasRoutineCalls.class.getMethod("call", int.class, Object[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Runs routine {@code index} of {@link CublasRoutines#all()} with a JCublas2 native's arguments.
     */
    public static int call(final int index, final Object[] arguments)
    {
        final Routine routine = ROUTINES.get(index);
        try
        {
            return CublasRoutineCall.run(routine, new Arguments(routine, arguments));
        }
        catch (final HostRangeException ex)
        {
            AgentLog.warn(routine.shortName() + ": " + ex.getMessage() + "; returning CUBLAS_STATUS_INVALID_VALUE");
            return CublasStatus.INVALID_VALUE;
        }
    }

    private static Map<String, Integer> byNative()
    {
        final Map<String, Integer> byNative = new HashMap<>();
        for (int i = 0; i < ROUTINES.size(); i++)
        {
            if (ROUTINES.get(i).v2())
            {
                byNative.put(ROUTINES.get(i).jcudaNative(), i);
            }
        }
        return byNative;
    }

    /**
     * A JCublas2 native's arguments: {@code cublasHandle}, boxed {@code int}s or {@code long}s, {@code Pointer}s,
     * and for the {@code _64} index routines a {@code long[]} result.
     */
    private record Arguments(Routine routine, Object[] arguments) implements CublasRoutineCall.Arguments
    {
        public int count()
        {
            return arguments.length;
        }

        public long handle()
        {
            return JCudaPointers.nativePointer((cublasHandle)nonNull(0, "handle"));
        }

        public long integer(final int index)
        {
            return ((Number)arguments[index]).longValue();
        }

        public long device(final int index) throws HostRangeException
        {
            final Pointer pointer = (Pointer)arguments[index];
            return pointer == null ? 0 :
                JCublas2Remote.deviceAddress(pointer, "a matrix or vector argument of " + routine.shortName());
        }

        public byte[] hostScalar(final int index, final long bytes) throws HostRangeException
        {
            final Pointer pointer = scalar(index);
            if (!JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException(describe(index) + " is not host memory but the handle's pointer mode " +
                    "is CUBLAS_POINTER_MODE_HOST");
            }
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Math.toIntExact(bytes)]);
            JCudaHostRanges.of(pointer, bytes).copyTo(0, value, 0, (int)bytes);
            return value.byteArray();
        }

        public long deviceScalar(final int index) throws HostRangeException
        {
            final Pointer pointer = scalar(index);
            if (JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException(describe(index) + " is host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_DEVICE");
            }
            return JCudaPointers.address(pointer);
        }

        public long result(final int index, final boolean deviceMode, final long bytes) throws HostRangeException
        {
            final Object target = nonNull(index, routine.letters().charAt(index - 1) == 'o' ? "info" : "result");
            if (target instanceof long[] array)
            {
                if (deviceMode)
                {
                    throw new HostRangeException("the result is a Java long[], host memory, but the handle's " +
                        "pointer mode is CUBLAS_POINTER_MODE_DEVICE");
                }
                if (array.length * (long)Long.BYTES < bytes)
                {
                    throw new HostRangeException("the result array is empty");
                }
                return 0;
            }
            final Pointer pointer = (Pointer)target;
            if (deviceMode)
            {
                if (JCudaHostRanges.isHostMemory(pointer))
                {
                    throw new HostRangeException("the result is host memory but the handle's pointer mode is " +
                        "CUBLAS_POINTER_MODE_DEVICE");
                }
                return JCudaPointers.address(pointer);
            }
            if (!JCudaHostRanges.isHostMemory(pointer))
            {
                throw new HostRangeException("the result is not host memory but the handle's pointer mode is " +
                    "CUBLAS_POINTER_MODE_HOST");
            }
            JCudaHostRanges.of(pointer, bytes);
            return 0;
        }

        public void writeResult(final int index, final byte[] bytes) throws HostRangeException
        {
            if (arguments[index] instanceof long[] array)
            {
                final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
                value.putBytes(0, bytes, 0, Math.min(bytes.length, Long.BYTES));
                array[0] = value.getLong(0, ByteOrder.LITTLE_ENDIAN);
                return;
            }
            JCudaHostRanges.of((Pointer)arguments[index], bytes.length).write(0, new UnsafeBuffer(bytes), 0,
                bytes.length);
        }

        public void writeInt(final int index, final int value) throws HostRangeException
        {
            final UnsafeBuffer bytes = new UnsafeBuffer(new byte[Integer.BYTES]);
            bytes.putInt(0, value, ByteOrder.LITTLE_ENDIAN);
            writeResult(index, bytes.byteArray());
        }

        private Pointer scalar(final int index) throws HostRangeException
        {
            if (arguments[index] == null)
            {
                throw new HostRangeException(describe(index) + " is null");
            }
            return (Pointer)arguments[index];
        }

        private String describe(final int index)
        {
            return "the scalar argument " + index + " of " + routine.shortName();
        }

        /**
         * JCuda's native code rejects null arguments with exactly this exception and message.
         */
        private Object nonNull(final int index, final String name)
        {
            if (arguments[index] == null)
            {
                throw new NullPointerException("Parameter '" + name + "' is null for " + routine.shortName());
            }
            return arguments[index];
        }
    }
}
