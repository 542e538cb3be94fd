package io.gpurelay.protocol;

/**
 * The constant tables cuRAND keeps in host memory for its Sobol' generators, which
 * {@link Function#CURAND_GET_SOBOL_TABLE} names by their code: one function on the wire for cuRAND's four
 * ({@code curandGetDirectionVectors32}, ...), which differ only in the table. Each covers {@value #DIMENSIONS}
 * dimensions, as cuRAND's sets do.
 */
public enum SobolTable
{
    /** {@code curandGetDirectionVectors32}: 32 unsigned ints per dimension. */
    DIRECTION_VECTORS_32(0, "curandGetDirectionVectors32", Integer.BYTES, 32),
    /** {@code curandGetScrambleConstants32}: one unsigned int per dimension. */
    SCRAMBLE_CONSTANTS_32(1, "curandGetScrambleConstants32", Integer.BYTES, 1),
    /** {@code curandGetDirectionVectors64}: 64 unsigned long longs per dimension. */
    DIRECTION_VECTORS_64(2, "curandGetDirectionVectors64", Long.BYTES, 64),
    /** {@code curandGetScrambleConstants64}: one unsigned long long per dimension. */
    SCRAMBLE_CONSTANTS_64(3, "curandGetScrambleConstants64", Long.BYTES, 1);

    /** The dimensions of cuRAND's direction vector sets and scramble constants. */
    public static final int DIMENSIONS = 20_000;

    private final int code;
    private final String functionName;
    private final int wordBytes;
    private final int wordsPerDimension;

    SobolTable(final int code, final String functionName, final int wordBytes, final int wordsPerDimension)
    {
        this.code = code;
        this.functionName = functionName;
        this.wordBytes = wordBytes;
        this.wordsPerDimension = wordsPerDimension;
    }

    public int code()
    {
        return code;
    }

    public String functionName()
    {
        return functionName;
    }

    /**
     * @return 4 or 8.
     */
    public int wordBytes()
    {
        return wordBytes;
    }

    public int wordsPerDimension()
    {
        return wordsPerDimension;
    }

    /**
     * @return whether the table is direction vectors, which come in sets; scramble constants do not.
     */
    public boolean hasSets()
    {
        return wordsPerDimension > 1;
    }

    /**
     * @return the table's size in bytes.
     */
    public int bytes()
    {
        return DIMENSIONS * wordsPerDimension * wordBytes;
    }

    /**
     * @return the table with this code, or null.
     */
    public static SobolTable of(final long code)
    {
        for (final SobolTable table : values())
        {
            if (table.code == code)
            {
                return table;
            }
        }
        return null;
    }
}
