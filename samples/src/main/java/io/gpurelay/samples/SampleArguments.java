package io.gpurelay.samples;

import java.util.function.Supplier;

/**
 * The samples' command-line sizes. A bad argument prints the sample's usage and exits with status 2, which is
 * neither a pass nor a fail.
 */
final class SampleArguments
{
    private SampleArguments()
    {
    }

    /**
     * {@code [n]}: the length of a vector, at least 1.
     */
    static int vectorLength(final String[] args, final String usage, final int defaultLength)
    {
        return parseOrExit(usage, () ->
        {
            if (args.length > 1)
            {
                throw new IllegalArgumentException("expected at most one argument");
            }
            return args.length == 0 ? defaultLength : positive(args[0]);
        });
    }

    /**
     * {@code [n]} for square n × n matrices, or {@code [m n k]}; every matrix must fit in one Java array.
     */
    static MatrixShape matrixShape(final String[] args, final String usage, final int defaultSize)
    {
        return parseOrExit(usage, () ->
        {
            final MatrixShape shape = switch (args.length)
            {
                case 0 -> new MatrixShape(defaultSize, defaultSize, defaultSize);
                case 1 -> new MatrixShape(positive(args[0]), positive(args[0]), positive(args[0]));
                case 3 -> new MatrixShape(positive(args[0]), positive(args[1]), positive(args[2]));
                default -> throw new IllegalArgumentException("expected no argument, one or three");
            };
            if ((long)shape.m() * shape.k() > Integer.MAX_VALUE || (long)shape.k() * shape.n() > Integer.MAX_VALUE ||
                (long)shape.m() * shape.n() > Integer.MAX_VALUE)
            {
                throw new IllegalArgumentException(shape + ": a matrix has more elements than a Java array holds");
            }
            return shape;
        });
    }

    private static int positive(final String argument)
    {
        final int value;
        try
        {
            value = Integer.parseInt(argument.replace("_", ""));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + argument + "' is not an integer", ex);
        }
        if (value < 1)
        {
            throw new IllegalArgumentException("'" + argument + "' is not positive");
        }
        return value;
    }

    private static <T> T parseOrExit(final String usage, final Supplier<T> parse)
    {
        try
        {
            return parse.get();
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println(ex.getMessage());
            System.err.println("usage: " + usage);
            System.exit(2);
            throw ex; // not reached: System.exit does not return, but the compiler cannot know
        }
    }
}
