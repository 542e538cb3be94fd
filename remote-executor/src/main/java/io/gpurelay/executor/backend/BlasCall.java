package io.gpurelay.executor.backend;

import java.util.function.IntToLongFunction;

import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Argument;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;

/**
 * One call of a described cuBLAS routine ({@link CublasRoutines}) as the executor received it: the routine its wire
 * function, element type and flag stand for, and each C argument's wire slots, placed by the routine's wire order.
 * A backend runs it by the routine's description; see {@link BlasSession#run}.
 */
public final class BlasCall
{
    private final Routine routine;
    private final long[][] slots;

    private BlasCall(final Routine routine, final long[][] slots)
    {
        this.routine = routine;
        this.slots = slots;
    }

    /**
     * @param wire  the call's arguments.
     * @param first the index of the first slot after the handle, element type and flag.
     */
    public static BlasCall decode(final Routine routine, final IntToLongFunction wire, final int first)
    {
        final int count = routine.letters().length();
        final long[][] slots = new long[count + 1][];
        int index = first;
        for (final int number : routine.wireOrder())
        {
            if (number == 0)
            {
                wire.applyAsLong(index++);
                continue;
            }
            final long[] values = new long[routine.slots(number)];
            for (int i = 0; i < values.length; i++)
            {
                values[i] = wire.applyAsLong(index++);
            }
            slots[number] = values;
        }
        for (int number = 1; number <= count; number++)
        {
            if (slots[number] == null)
            {
                slots[number] = new long[routine.slots(number)];
            }
        }
        return new BlasCall(routine, slots);
    }

    /**
     * A call made of its C arguments' slots in C order, as {@link #decode} places them (for tests and callers that
     * hold the arguments already).
     */
    public static BlasCall of(final String name, final long... slots)
    {
        final Routine routine = CublasRoutines.named(name);
        if (routine == null)
        {
            throw new IllegalArgumentException(name + " is no described cuBLAS routine");
        }
        int total = 0;
        for (int number = 1; number <= routine.letters().length(); number++)
        {
            total += routine.slots(number);
        }
        if (total != slots.length)
        {
            throw new IllegalArgumentException(name + " takes " + total + " slots, not " + slots.length);
        }
        final int[] index = { 0 };
        final long[][] placed = new long[routine.letters().length() + 1][];
        for (int number = 1; number < placed.length; number++)
        {
            placed[number] = new long[routine.slots(number)];
            for (int i = 0; i < placed[number].length; i++)
            {
                placed[number][i] = slots[index[0]++];
            }
        }
        return new BlasCall(routine, placed);
    }

    public Routine routine()
    {
        return routine;
    }

    /**
     * @return the routine's name in messages: {@code cublasSgemm}.
     */
    public String name()
    {
        return routine.shortName();
    }

    /**
     * @return how many C arguments follow the handle.
     */
    public int count()
    {
        return slots.length - 1;
    }

    /**
     * @return the first slot of the C argument of this number (1 the first after the handle).
     */
    public long value(final int number)
    {
        return slots[number].length == 0 ? 0 : slots[number][0];
    }

    /**
     * @return one slot of an argument of several: a typed scalar's imaginary part (1), rotm's parameters (0-4).
     */
    public long part(final int number, final int part)
    {
        return slots[number][part];
    }

    /**
     * @return an integer argument as the C {@code int} of cuBLAS's 32-bit routine.
     * @throws BeyondThirtyTwoBits where a {@code _64} routine sent a value beyond it.
     */
    public int integer(final int number)
    {
        final long value = value(number);
        if (value != (int)value)
        {
            throw new BeyondThirtyTwoBits(name() + ": " + routine.argument(number).name() + " (" + value + ") does " +
                "not fit a C int: the executor runs cuBLAS's 32-bit routines, so a _64 routine's values must fit " +
                "32 bits");
        }
        return (int)value;
    }

    /**
     * @return the value of the integer argument of this name, for the routine's extents.
     */
    public long named(final String name)
    {
        for (int number = 1; number <= count(); number++)
        {
            final Argument argument = routine.argument(number);
            if (argument.name().equals(name) && CublasRoutines.isInteger(argument.letter()))
            {
                return value(number);
            }
        }
        throw new IllegalArgumentException(routine.name() + " has no integer " + name);
    }

    /**
     * An integer beyond what cuBLAS's 32-bit routines take, which the call answers with
     * {@code CUBLAS_STATUS_NOT_SUPPORTED}.
     */
    public static final class BeyondThirtyTwoBits extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        BeyondThirtyTwoBits(final String message)
        {
            super(message, null, false, false);
        }
    }
}
