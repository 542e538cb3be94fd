package io.gpurelay.protocol;

/**
 * Limits on the variable-length fields of the protocol's messages, checked against the length a message declares
 * before the generated decoder allocates anything for it: SBE's string accessors allocate the declared length first
 * and check it against the buffer afterwards, so a 76-byte message declaring a 2 GiB field would cost 2 GiB.
 */
public final class VarDataBounds
{
    /** A client's name, as it appears in the executor's log. */
    public static final int MAX_CLIENT_NAME_LENGTH = 256;
    /** An Aeron channel URI: an endpoint, an interface and a few parameters. */
    public static final int MAX_CHANNEL_LENGTH = 1024;
    /** The shared secret a connect request carries. */
    public static final int MAX_TOKEN_LENGTH = 1024;
    /** Short texts the executor sends: its version, its backend's name, why it refused a connect or failed a call. */
    public static final int MAX_TEXT_LENGTH = 64 * 1024;
    /** How many bytes precede a variable-length field's data: its uint32 length. */
    public static final int LENGTH_FIELD_SIZE = 4;

    private VarDataBounds()
    {
    }

    /**
     * Refuse a variable-length field whose declared length is negative (a uint32 above 2^31 read as an int), above
     * its limit, or runs past the end of the message.
     *
     * @param field          the field's name, for the error.
     * @param declaredLength the length the message declares, read without decoding the field.
     * @param limit          the most this field may hold.
     * @param fieldOffset    where the field's length header starts in the buffer (the decoder's limit).
     * @param messageEnd     the offset just past the message in the buffer.
     * @throws MalformedCallException if the field may not be decoded.
     */
    public static void check(
        final String field, final int declaredLength, final int limit, final int fieldOffset, final int messageEnd)
    {
        if (declaredLength < 0 || declaredLength > limit)
        {
            throw new MalformedCallException(field + " declares " + Integer.toUnsignedString(declaredLength) +
                " bytes, at most " + limit + " allowed");
        }
        if ((long)fieldOffset + LENGTH_FIELD_SIZE + declaredLength > messageEnd)
        {
            throw new MalformedCallException(field + " declares " + declaredLength + " bytes, more than the " +
                Math.max(0, messageEnd - fieldOffset - LENGTH_FIELD_SIZE) + " left in the message");
        }
    }
}
