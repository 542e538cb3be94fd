package io.gpurelay.protocol.describe;

import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.Function;

/**
 * One C function of a library ({@link Library}) as it travels: its C name, its wire function, its arguments as
 * letters ({@link LibraryFunctions} gives the legend) and, where its wire arguments hold one, the row's constant
 * (cuFFT's transform type, NVRTC's output kind). A function that takes device memory only says so ({@link
 * DeviceOnly}).
 *
 * @param constant   what a {@code k} letter sends; 0 where there is none.
 * @param deviceOnly how a {@code d} argument in host memory is refused; null where the row has none.
 */
public record LibraryFunction(Library library, String name, Function function, String letters, long constant,
    DeviceOnly deviceOnly)
{
    /** Letters of C arguments whose value travels as one 64-bit word. */
    static final String WORDS = "hilfDdsP";
    /** Letters of C arguments that make a cuFFT shape, which travels as one {@link CufftGeometry}. */
    static final String SHAPE = "xtbrnLeEz";
    /** Letters of outputs: nothing travels, the reply's next value is written there. */
    static final String OUTPUTS = "HowW";
    /** A new cuFFT plan: an output whose plan's handle travels. */
    static final char NEW_PLAN = 'c';
    /** Letters of wire words that are no C argument: a 0, the row's constant. */
    static final String WIRE_ONLY = "_k";
    /** The wire letter of a shape. */
    public static final char GEOMETRY = 'G';

    /**
     * How a device-memory argument in host memory is refused: the status, what the message calls the argument
     * ({@code the output}), why ({@code gpurelay's cuRAND generators write device memory only}) and whether a null
     * pointer is taken (as no memory) rather than refused.
     */
    public record DeviceOnly(int status, String subject, String reason, boolean nullable)
    {
    }

    public LibraryFunction
    {
        for (int i = 0; i < letters.length(); i++)
        {
            final char letter = letters.charAt(i);
            if ((WORDS + SHAPE + OUTPUTS + NEW_PLAN + WIRE_ONLY).indexOf(letter) < 0)
            {
                throw new IllegalArgumentException(name + ": unknown argument letter " + letter);
            }
        }
        if (letters.indexOf('d') >= 0 && deviceOnly == null)
        {
            throw new IllegalArgumentException(name + " takes device memory but says not how it refuses host memory");
        }
    }

    /** @return whether the letter stands for a C argument (not a wire-only word). */
    public static boolean isArgument(final char letter)
    {
        return WIRE_ONLY.indexOf(letter) < 0;
    }

    /** @return whether the letter is part of a cuFFT shape. */
    public static boolean isShape(final char letter)
    {
        return SHAPE.indexOf(letter) >= 0;
    }

    /** @return whether the letter is an output that takes one of the reply's values. */
    public static boolean isOutput(final char letter)
    {
        return OUTPUTS.indexOf(letter) >= 0;
    }

    /** @return how many C arguments the function takes. */
    public int arity()
    {
        int arity = 0;
        for (int i = 0; i < letters.length(); i++)
        {
            arity += isArgument(letters.charAt(i)) ? 1 : 0;
        }
        return arity;
    }

    /** @return how many values the reply gives the outputs. */
    public int results()
    {
        int results = 0;
        for (int i = 0; i < letters.length(); i++)
        {
            results += isOutput(letters.charAt(i)) ? 1 : 0;
        }
        return results;
    }

    /**
     * @return the arguments as they lie on the wire, one letter a word: each travelling letter in order, a shape as
     *         one {@link #GEOMETRY} (its {@link CufftGeometry#SLOTS} words), a new plan as the plan {@code P} it is
     *         (but in {@code cufftCreate}'s own call, which makes it).
     */
    public String wire()
    {
        final StringBuilder wire = new StringBuilder();
        boolean shape = false;
        for (int i = 0; i < letters.length(); i++)
        {
            final char letter = letters.charAt(i);
            if (isShape(letter))
            {
                if (!shape)
                {
                    wire.append(GEOMETRY);
                    shape = true;
                }
            }
            else if (letter == NEW_PLAN)
            {
                if (function != Function.CUFFT_CREATE)
                {
                    wire.append('P');
                }
            }
            else if (!isOutput(letter))
            {
                wire.append(letter);
            }
        }
        return wire.toString();
    }
}
