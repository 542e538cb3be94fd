package io.gpurelay.agent.cuda.blas;

import java.nio.ByteOrder;
import java.util.Arrays;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Element;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One call of a described cuBLAS routine ({@link CublasRoutines}), whichever binding made it: the arguments read by
 * the routine's letters and the handle's pointer mode, sent as the call's 64-bit arguments in wire order, and a
 * reduction's result or a solver's {@code info} written back. A binding says how to read its own argument objects
 * ({@link Arguments}); what cannot be used (host memory where device memory is expected, a scalar whose memory
 * disagrees with the pointer mode) is a {@link HostRangeException}, which the binding answers as it answers bad
 * arguments.
 */
public final class CublasRoutineCall
{
    private CublasRoutineCall()
    {
    }

    /**
     * How a binding reads and writes the arguments of one call. Index 0 is the handle, 1 the first C argument after
     * it.
     */
    public interface Arguments
    {
        /** @return how many arguments the native takes, the handle included. */
        int count();

        /** @return the handle; a binding that cannot take a null handle throws as it would. */
        long handle();

        /** @return an integer or enum argument, widened to 64 bits. */
        long integer(int index) throws HostRangeException;

        /** @return the device the call runs on, as the client numbers them: the calling thread's current one. */
        default int device()
        {
            return RuntimeThreadState.currentDevice();
        }

        /** @return a device pointer: its address, 0 for null. */
        long device(int index) throws HostRangeException;

        /** @return the {@code bytes} of a scalar in host memory (host pointer mode). */
        byte[] hostScalar(int index, long bytes) throws HostRangeException;

        /** @return a scalar's device address (device pointer mode). */
        long deviceScalar(int index) throws HostRangeException;

        /**
         * Checks where a reduction's result (or a solver's {@code info}) goes: host memory of at least {@code bytes}
         * in host mode, device memory in device mode.
         *
         * @return its device address in device mode, else 0.
         */
        long result(int index, boolean deviceMode, long bytes) throws HostRangeException;

        /** Writes a result's bytes to the host memory of the argument. */
        void writeResult(int index, byte[] bytes) throws HostRangeException;

        /** Writes a solver's host {@code int} output. */
        void writeInt(int index, int value) throws HostRangeException;
    }

    /**
     * Runs the routine: encodes, calls the executor on the calling thread's current device, writes back.
     *
     * @return the cuBLAS status.
     */
    public static int run(final Routine routine, final Arguments a) throws HostRangeException
    {
        final String letters = routine.letters();
        if (letters.length() + 1 != a.count())
        {
            throw new IllegalStateException(routine.name() + " takes " + a.count() + " arguments, its description " +
                (letters.length() + 1));
        }
        final Element element = routine.element();
        final long handle = a.handle();
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
                case 'i', 'T', 'U', 'G', 'L' -> new long[]{ a.integer(index) };
                case 'd' -> new long[]{ a.device(index) };
                case 's', 'r' -> scalar(a, index, element, routine.typed(), deviceMode,
                    element.complex() && letter == 's');
                case 't' ->
                {
                    target = index;
                    yield new long[]{ a.result(index, deviceMode, (long)routine.partBytes() * routine.parts()) };
                }
                case 'p' ->
                {
                    if (deviceMode)
                    {
                        final long[] param = new long[CublasRoutines.ROTM_PARAMETERS];
                        param[0] = a.deviceScalar(index);
                        yield param;
                    }
                    yield reals(a, index, element.realBytes(), CublasRoutines.ROTM_PARAMETERS);
                }
                case 'o' ->
                {
                    info = index;
                    a.result(index, false, Integer.BYTES);
                    yield new long[0];
                }
                default -> throw new IllegalStateException("unknown argument letter " + letter);
            };
        }
        final long[] wire = wire(handle, routine, slots);
        if (info >= 0)
        {
            final long[] results = new long[1];
            final int status = call(routine, a, wire, results);
            if (status == CublasStatus.SUCCESS)
            {
                a.writeInt(info, (int)results[0]);
            }
            return status;
        }
        final int parts = routine.parts();
        if (parts == 0 || deviceMode)
        {
            return call(routine, a, wire, null);
        }
        final long[] results = new long[parts];
        final int status = call(routine, a, wire, results);
        if (status == CublasStatus.SUCCESS)
        {
            a.writeResult(target, parts(results, routine.partBytes(), parts));
        }
        return status;
    }

    /**
     * A call on the arguments' device; a client without an executor is CUBLAS_STATUS_NOT_INITIALIZED, as cuBLAS
     * answers when it finds no usable device.
     */
    private static int call(final Routine routine, final Arguments a, final long[] wire, final long[] results)
    {
        final int status = DeviceRouter.installed().call(routine.function(), a.device(), wire, null, null, results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? CublasStatus.NOT_INITIALIZED : status;
    }

    /** The reply's values, {@code partBytes} each, little-endian. */
    private static byte[] parts(final long[] results, final int partBytes, final int parts)
    {
        final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES * parts]);
        for (int i = 0; i < parts; i++)
        {
            value.putLong(i * partBytes, results[i], ByteOrder.LITTLE_ENDIAN);
        }
        return Arrays.copyOf(value.byteArray(), partBytes * parts);
    }

    /**
     * The call's arguments: the handle, the element type and flag of a typed routine, then the C arguments' slots in
     * the wire order.
     */
    private static long[] wire(final long handle, final Routine routine, final long[][] slots)
    {
        final long[] wire = new long[3 + CublasRoutines.ROTM_PARAMETERS * slots.length];
        int size = 0;
        wire[size++] = handle;
        if (routine.typed())
        {
            wire[size++] = routine.element().dataType();
            if (routine.flag() != CublasRoutines.NO_FLAG)
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
    private static long[] scalar(final Arguments a, final int index, final Element element, final boolean typed,
        final boolean deviceMode, final boolean complex) throws HostRangeException
    {
        if (deviceMode)
        {
            final long address = a.deviceScalar(index);
            return typed ? new long[]{ address, 0 } : new long[]{ address };
        }
        final long[] reals = reals(a, index, element.realBytes(), complex ? 2 : 1);
        return typed ? new long[]{ reals[0], complex ? reals[1] : 0 } : new long[]{ reals[0] };
    }

    /**
     * {@code count} consecutive reals of {@code bytes} each at a host-mode scalar: their raw bits.
     */
    private static long[] reals(final Arguments a, final int index, final int bytes, final int count)
        throws HostRangeException
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(a.hostScalar(index, (long)bytes * count));
        final long[] reals = new long[count];
        for (int i = 0; i < count; i++)
        {
            final int offset = i * bytes;
            reals[i] = bytes == Float.BYTES ? Integer.toUnsignedLong(buffer.getInt(offset, ByteOrder.LITTLE_ENDIAN)) :
                buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN);
        }
        return reals;
    }
}
