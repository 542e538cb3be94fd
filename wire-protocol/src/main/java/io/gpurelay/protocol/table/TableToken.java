package io.gpurelay.protocol.table;

/**
 * A value the function table names by a token: a column's or an argument's word.
 */
interface TableToken
{
    /**
     * The word the table writes.
     */
    String token();

    /**
     * @return the value of {@code values} whose token is {@code token}, or {@code null} for a token that is none.
     */
    static <T extends TableToken> T of(final T[] values, final String token)
    {
        for (final T value : values)
        {
            if (value.token().equals(token))
            {
                return value;
            }
        }
        return null;
    }
}
