package io.gpurelay.agent.cuda.library;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.driver.LibraryCallContext;
import io.gpurelay.agent.cuda.fft.CufftCalls;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;

/**
 * One call of a described cuRAND, cuFFT or NVRTC function ({@link LibraryFunctions}), whichever binding made it: the
 * arguments read by the row's letters, sent as the call's 64-bit words in C order (a cuFFT shape as its
 * {@link CufftGeometry}), and the outputs written from the reply on success. Calls of a library that lives in a
 * context run in the calling thread's current one; without an executor a call returns the library's own status for
 * that ({@link Library#unavailableStatus()}). A binding says how to read and write its own argument objects
 * ({@link Arguments}).
 */
public final class LibraryCall
{
    private static final int SUCCESS = 0;
    private static final long NO_CONTEXT = 0;

    private LibraryCall()
    {
    }

    /**
     * How a binding reads and writes the arguments of one call; index 0 is the first C argument. A binding that
     * cannot take an argument throws as it does for its other functions.
     */
    public interface Arguments
    {
        /** @return how many arguments the native takes. */
        int count();

        /** @return the function as the binding's messages name it. */
        String name();

        /** @return a library object's executor handle. */
        long handle(int index);

        /** @return an integer argument, widened to 64 bits. */
        long integer(int index);

        float real32(int index);

        double real64(int index);

        /**
         * @return null where the argument is device memory (or a null the function takes), else what the
         *         refusal's message adds after "is host memory" ("" or a description in parentheses).
         */
        String hostMemory(int index, LibraryFunction function);

        /** @return what a binding's refusal of host memory adds after the reason ("" or a hint). */
        String hostMemoryHint(LibraryFunction function);

        /** @return a device pointer's address, 0 for null. */
        long device(int index);

        /** @return a stream's executor handle, 0 for the default streams. */
        long stream(int index);

        /** @return a cuFFT plan's number. */
        int plan(int index);

        /**
         * @return {@code rank} sizes of {@code elementBytes} each where the argument points; null for a null
         *         argument.
         */
        long[] sizes(int index, int rank, int elementBytes);

        /** Checks that an output can be written, as the binding checks its outputs before a call. */
        void requireOutput(int index);

        /** @return whether an output that may be null is. */
        boolean isNull(int index);

        void writeHandle(int index, long value);

        void writeInt(int index, int value);

        void writeLong(int index, long value);

        /** Writes a new cuFFT plan's number. */
        void writePlan(int index, int number);
    }

    /**
     * Runs the function: reads, calls the executor, writes the outputs.
     *
     * @return the library's status.
     */
    public static int run(final LibraryFunction function, final Arguments a)
    {
        if (function.arity() != a.count())
        {
            throw new IllegalStateException(function.name() + " takes " + a.count() + " arguments, its " +
                "description " + function.arity());
        }
        final String letters = function.letters();
        final long[] words = new long[letters.length() + CufftGeometry.SLOTS];
        int size = 0;
        final List<int[]> outputs = new ArrayList<>();
        final Shape shape = new Shape();
        int geometryAt = -1;
        int planAt = -1;
        int plan = 0;
        int newPlan = -1;
        int argument = 0;
        for (int i = 0; i < letters.length(); i++)
        {
            final char letter = letters.charAt(i);
            final int index = argument;
            argument += LibraryFunction.isArgument(letter) ? 1 : 0;
            if (LibraryFunction.isShape(letter))
            {
                if (geometryAt < 0)
                {
                    geometryAt = size;
                    size += CufftGeometry.SLOTS;
                }
                shape.read(letter, a, index);
                continue;
            }
            switch (letter)
            {
                case 'h' -> words[size++] = a.handle(index);
                case 'i', 'l' -> words[size++] = a.integer(index);
                case 'f' -> words[size++] = Float.floatToRawIntBits(a.real32(index));
                case 'D' -> words[size++] = Double.doubleToRawLongBits(a.real64(index));
                case 'd' ->
                {
                    final String host = a.hostMemory(index, function);
                    if (host != null)
                    {
                        return refuseHostMemory(function, a, host);
                    }
                    words[size++] = a.device(index);
                }
                case 's' -> words[size++] = a.stream(index);
                case 'P' ->
                {
                    planAt = size++;
                    plan = a.plan(index);
                }
                case 'c' ->
                {
                    a.requireOutput(index);
                    newPlan = index;
                    planAt = function.function() == Function.CUFFT_CREATE ? -1 : size++;
                }
                case 'H', 'o', 'w' ->
                {
                    a.requireOutput(index);
                    outputs.add(new int[]{ index, letter });
                }
                case 'W' -> outputs.add(new int[]{ index, letter });
                case '_' -> words[size++] = 0;
                case 'k' -> words[size++] = function.constant();
                default -> throw new IllegalStateException("unknown argument letter " + letter);
            }
        }
        final long[] args = java.util.Arrays.copyOf(words, size);
        if (geometryAt >= 0)
        {
            final CufftGeometry geometry = shape.geometry(a.name());
            if (geometry == null)
            {
                return CufftStatus.INVALID_VALUE;
            }
            geometry.encode(args, geometryAt);
        }
        if (newPlan >= 0)
        {
            return withNewPlan(function, a, args, planAt, newPlan);
        }
        if (planAt >= 0)
        {
            final Long handle = CufftCalls.handle(plan);
            if (handle == null)
            {
                return CufftCalls.invalidPlan(a.name(), plan);
            }
            args[planAt] = handle;
        }
        final long[] results = function.results() == 0 ? null : new long[function.results()];
        final int status = call(function, args, results);
        if (function.function() == Function.CUFFT_DESTROY)
        {
            CufftCalls.destroyed(plan, status);
        }
        if (status == SUCCESS)
        {
            write(a, outputs, results);
        }
        return status;
    }

    /**
     * {@code cufftCreate}, and {@code cufftPlan*}, which are {@code cufftCreate} and {@code cufftMakePlan*} in one:
     * a plan that cannot be made is destroyed again, and the output keeps what it held.
     */
    private static int withNewPlan(final LibraryFunction function, final Arguments a, final long[] args,
        final int planAt, final int output)
    {
        final int[] number = new int[1];
        final int created = CufftCalls.create(number);
        if (created != SUCCESS || planAt < 0)
        {
            if (created == SUCCESS)
            {
                a.writePlan(output, number[0]);
            }
            return created;
        }
        args[planAt] = CufftCalls.handle(number[0]);
        final int status = call(function, args, new long[1]);
        if (status != SUCCESS)
        {
            CufftCalls.destroy(a.name(), number[0]);
            return status;
        }
        a.writePlan(output, number[0]);
        return status;
    }

    private static void write(final Arguments a, final List<int[]> outputs, final long[] results)
    {
        for (int i = 0; i < outputs.size(); i++)
        {
            final int index = outputs.get(i)[0];
            switch (outputs.get(i)[1])
            {
                case 'H' -> a.writeHandle(index, results[i]);
                case 'o' -> a.writeInt(index, (int)results[i]);
                case 'w' -> a.writeLong(index, results[i]);
                default ->
                {
                    if (!a.isNull(index))
                    {
                        a.writeLong(index, results[i]);
                    }
                }
            }
        }
    }

    private static int refuseHostMemory(final LibraryFunction function, final Arguments a, final String detail)
    {
        final LibraryFunction.DeviceOnly refusal = function.deviceOnly();
        AgentLog.warn(a.name() + ": " + refusal.subject() + " is host memory" + detail + "; " + refusal.reason() +
            a.hostMemoryHint(function) + "; returning " + function.library().statusName(refusal.status()));
        return refusal.status();
    }

    /**
     * A call in the calling thread's current context where the library lives in one; without an executor, the
     * library's status for that.
     */
    private static int call(final LibraryFunction function, final long[] args, final long[] results)
    {
        final Library library = function.library();
        final int status = DeviceRouter.installed().call(function.function(),
            library.contextual() ? LibraryCallContext.current() : NO_CONTEXT, args, null, null, results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? library.unavailableStatus() : status;
    }

    /**
     * A cuFFT shape as its letters give it: the sizes, type and batch of the basic functions, or the {@code Many}
     * functions' rank, sizes, embeds, strides and distances.
     */
    private static final class Shape
    {
        private final long[] sizes = new long[CufftGeometry.MAX_RANK];
        private int sizeCount;
        private int type;
        private long batch = 1;
        private int rank = -1;
        private long[] n;
        private final long[][] embeds = new long[2][];
        private int embedCount;
        private final long[] steps = new long[4];
        private int stepCount;

        void read(final char letter, final Arguments a, final int index)
        {
            switch (letter)
            {
                case 'x' -> sizes[sizeCount++] = a.integer(index);
                case 't' -> type = (int)a.integer(index);
                case 'b' -> batch = a.integer(index);
                case 'r' -> rank = (int)a.integer(index);
                case 'n', 'L' -> n = a.sizes(index, rank, letter == 'n' ? Integer.BYTES : Long.BYTES);
                case 'e', 'E' -> embeds[embedCount++] = a.sizes(index, rank, letter == 'e' ? Integer.BYTES :
                    Long.BYTES);
                case 'z' -> steps[stepCount++] = a.integer(index);
                default -> throw new IllegalStateException("unknown shape letter " + letter);
            }
        }

        /** The geometry, or null (logged) for a shape cuFFT does not have. */
        CufftGeometry geometry(final String name)
        {
            if (rank < 0)
            {
                return CufftGeometry.basic(type, batch, java.util.Arrays.copyOf(sizes, sizeCount));
            }
            return CufftCalls.many(name, rank, n, embeds[0], steps[0], steps[1], embeds[1], steps[2], steps[3], type,
                batch);
        }
    }
}
