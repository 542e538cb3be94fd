package io.gpurelay.emulator.ptx;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Formats one device {@code printf} the way CUDA's {@code vprintf} does: the format string and {@code %s} strings are
 * NUL-terminated bytes in device memory, and the arguments are packed in a buffer in their promoted types, each at an
 * offset aligned to its size (4 bytes for {@code int}, {@code char} and {@code short}; 8 for {@code double}, pointers
 * and {@code long}s). Conversions: {@code d i u x X o c s f F e E g G a A p %} with flags {@code - + space # 0}, width
 * and precision (numbers or {@code *}) and the length modifiers {@code hh h l ll L z j t}. Doubles are rounded
 * exactly, half to even, as glibc's printf does. A conversion it does not know is copied to the output as written.
 */
final class PrintfFormatter
{
    /** Reads device memory at generic addresses for one thread; throws its fault for an address it may not touch. */
    interface DeviceBytes
    {
        int byteAt(long address);

        /** A little-endian value of 4 or 8 bytes, aligned to its size. */
        long load(long address, int size);
    }

    /** The longest format string and {@code %s} string read; a longer one is cut there. */
    static final int MAX_STRING_BYTES = 64 * 1024;

    /** CUDA's printf takes at most 32 arguments. */
    static final int MAX_ARGUMENTS = 32;

    /** {@code vprintf}'s result for a null format. */
    static final int NULL_FORMAT = -1;

    private static final int DEFAULT_PRECISION = 6;
    private static final int MAX_WIDTH = 4096;
    private static final byte[] NULL_STRING = "(null)".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_POINTER = "(nil)".getBytes(StandardCharsets.US_ASCII);

    private final DeviceBytes device;
    private final ByteArrayOutputStream out;
    private long argumentAddress;
    private int argumentOffset;
    private int argumentsUsed;

    private boolean leftAlign;
    private boolean plusSign;
    private boolean spaceSign;
    private boolean alternate;
    private boolean zeroPad;
    private int width;
    private int precision;

    private PrintfFormatter(final DeviceBytes device, final ByteArrayOutputStream out)
    {
        this.device = device;
        this.out = out;
    }

    /**
     * Append the formatted text to {@code out}.
     *
     * @param format    generic address of the format string.
     * @param arguments generic address of the packed arguments (0 when there are none).
     * @return what CUDA's printf returns: the number of arguments used, or {@link #NULL_FORMAT}.
     */
    static int format(final long format, final long arguments, final DeviceBytes device,
        final ByteArrayOutputStream out)
    {
        if (format == 0)
        {
            return NULL_FORMAT;
        }
        final PrintfFormatter formatter = new PrintfFormatter(device, out);
        formatter.argumentAddress = arguments;
        formatter.run(format);
        return formatter.argumentsUsed;
    }

    private void run(final long format)
    {
        int i = 0;
        while (i < MAX_STRING_BYTES)
        {
            final int c = device.byteAt(format + i);
            if (c == 0)
            {
                return;
            }
            if (c != '%')
            {
                out.write(c);
                i++;
                continue;
            }
            i = conversion(format, i);
        }
    }

    /**
     * Format the conversion that starts at the {@code %} at offset {@code start}.
     *
     * @return the offset after it.
     */
    private int conversion(final long format, final int start)
    {
        int i = start + 1;
        leftAlign = false;
        plusSign = false;
        spaceSign = false;
        alternate = false;
        zeroPad = false;
        width = 0;
        precision = -1;
        int c;
        flags:
        while (true)
        {
            c = device.byteAt(format + i);
            switch (c)
            {
                case '-' -> leftAlign = true;
                case '+' -> plusSign = true;
                case ' ' -> spaceSign = true;
                case '#' -> alternate = true;
                case '0' -> zeroPad = true;
                default ->
                {
                    break flags;
                }
            }
            i++;
        }
        if (c == '*')
        {
            if (!hasArgument())
            {
                return literal(format, start, i + 1);
            }
            final int value = (int)nextArgument(4);
            if (value < 0)
            {
                leftAlign = true;
            }
            width = Math.min(MAX_WIDTH, Math.abs(value));
            c = device.byteAt(format + ++i);
        }
        else
        {
            while (c >= '0' && c <= '9')
            {
                width = Math.min(MAX_WIDTH, width * 10 + (c - '0'));
                c = device.byteAt(format + ++i);
            }
        }
        if (c == '.')
        {
            precision = 0;
            c = device.byteAt(format + ++i);
            if (c == '*')
            {
                if (!hasArgument())
                {
                    return literal(format, start, i + 1);
                }
                final int value = (int)nextArgument(4);
                precision = value < 0 ? -1 : Math.min(MAX_WIDTH, value);
                c = device.byteAt(format + ++i);
            }
            else
            {
                while (c >= '0' && c <= '9')
                {
                    precision = Math.min(MAX_WIDTH, precision * 10 + (c - '0'));
                    c = device.byteAt(format + ++i);
                }
            }
        }
        int lengthBits = 32;
        boolean wide = false;
        while (c == 'h' || c == 'l' || c == 'L' || c == 'z' || c == 'j' || c == 't' || c == 'q')
        {
            if (c == 'h')
            {
                lengthBits = lengthBits == 16 ? 8 : 16;
            }
            else
            {
                lengthBits = 64;
                wide = true;
            }
            c = device.byteAt(format + ++i);
        }
        final int end = i + 1;
        switch (c)
        {
            case '%' -> out.write('%');
            case 'd', 'i', 'u', 'x', 'X', 'o' ->
            {
                if (!hasArgument())
                {
                    return literal(format, start, end);
                }
                integer((char)c, nextArgument(wide ? 8 : 4), lengthBits);
            }
            case 'c' ->
            {
                if (!hasArgument())
                {
                    return literal(format, start, end);
                }
                // char and wint_t alike travel promoted to int.
                pad(new byte[]{(byte)nextArgument(4)});
            }
            case 's' ->
            {
                if (!hasArgument())
                {
                    return literal(format, start, end);
                }
                string(nextArgument(8));
            }
            case 'p' ->
            {
                if (!hasArgument())
                {
                    return literal(format, start, end);
                }
                pointer(nextArgument(8));
            }
            case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' ->
            {
                if (!hasArgument())
                {
                    return literal(format, start, end);
                }
                floating((char)c, Double.longBitsToDouble(nextArgument(8)));
            }
            default ->
            {
                return literal(format, start, c == 0 ? i : end);
            }
        }
        return end;
    }

    private boolean hasArgument()
    {
        return argumentAddress != 0 && argumentsUsed < MAX_ARGUMENTS;
    }

    private long nextArgument(final int size)
    {
        argumentOffset = (argumentOffset + size - 1) / size * size;
        final long value = device.load(argumentAddress + argumentOffset, size);
        argumentOffset += size;
        argumentsUsed++;
        return size == 4 ? (int)value : value;
    }

    /** Copy the format bytes {@code [start, end)} as they are. */
    private int literal(final long format, final int start, final int end)
    {
        for (int i = start; i < end; i++)
        {
            out.write(device.byteAt(format + i));
        }
        return end;
    }

    private void integer(final char conversion, final long raw, final int bits)
    {
        final boolean signed = conversion == 'd' || conversion == 'i';
        final long value = switch (bits)
        {
            case 8 -> signed ? (byte)raw : raw & 0xFF;
            case 16 -> signed ? (short)raw : raw & 0xFFFF;
            case 32 -> signed ? (int)raw : raw & 0xFFFF_FFFFL;
            default -> raw;
        };
        final boolean negative = signed && value < 0;
        final int radix = switch (conversion)
        {
            case 'x', 'X' -> 16;
            case 'o' -> 8;
            default -> 10;
        };
        String digits = Long.toUnsignedString(negative ? -value : value, radix);
        if (conversion == 'X')
        {
            digits = digits.toUpperCase(Locale.ROOT);
        }
        if (precision == 0 && value == 0)
        {
            digits = "";
        }
        final StringBuilder text = new StringBuilder();
        for (int i = digits.length(); i < precision; i++)
        {
            text.append('0');
        }
        text.append(digits);
        if (alternate && conversion == 'o' && (text.length() == 0 || text.charAt(0) != '0'))
        {
            text.insert(0, '0');
        }
        String prefix = negative ? "-" : signed && plusSign ? "+" : signed && spaceSign ? " " : "";
        if (alternate && value != 0 && radix == 16)
        {
            prefix = conversion == 'X' ? "0X" : "0x";
        }
        number(prefix, text.toString(), precision < 0);
    }

    private void floating(final char conversion, final double value)
    {
        final boolean upper = Character.isUpperCase(conversion);
        final boolean negative = value < 0 || (value == 0 && 1 / value < 0);
        final String prefix = negative ? "-" : plusSign ? "+" : spaceSign ? " " : "";
        if (Double.isNaN(value) || Double.isInfinite(value))
        {
            final String text = Double.isNaN(value) ? "nan" : "inf";
            number(Double.isNaN(value) ? (plusSign ? "+" : spaceSign ? " " : "") : prefix,
                upper ? text.toUpperCase(Locale.ROOT) : text, false);
            return;
        }
        final double magnitude = Math.abs(value);
        final int digits = precision < 0 ? DEFAULT_PRECISION : precision;
        String text = switch (Character.toLowerCase(conversion))
        {
            case 'f' -> fixed(magnitude, digits);
            case 'e' -> scientific(magnitude, digits);
            case 'g' -> general(magnitude, digits);
            default -> hexadecimal(magnitude);
        };
        if (upper)
        {
            text = text.toUpperCase(Locale.ROOT);
        }
        number(prefix, text, true);
    }

    private String fixed(final double magnitude, final int digits)
    {
        final String text = new BigDecimal(magnitude).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
        return alternate && digits == 0 ? text + "." : text;
    }

    private String scientific(final double magnitude, final int digits)
    {
        if (magnitude == 0)
        {
            return mantissa("0", digits) + "e+00";
        }
        final BigDecimal rounded = new BigDecimal(magnitude).round(new MathContext(digits + 1, RoundingMode.HALF_EVEN));
        final String unscaled = rounded.unscaledValue().toString();
        final int exponent = unscaled.length() - 1 - rounded.scale();
        final StringBuilder significand = new StringBuilder(unscaled);
        while (significand.length() < digits + 1)
        {
            significand.append('0');
        }
        return mantissa(significand.substring(0, digits + 1), digits) + exponent(exponent);
    }

    /** {@code d.ddd} from the significant digits, with the point kept for {@code #}. */
    private String mantissa(final String significand, final int digits)
    {
        final String padded = significand.length() < digits + 1 ?
            significand + "0".repeat(digits + 1 - significand.length()) : significand;
        return digits == 0 ? padded.charAt(0) + (alternate ? "." : "") : padded.charAt(0) + "." + padded.substring(1);
    }

    private static String exponent(final int exponent)
    {
        final int magnitude = Math.abs(exponent);
        return (exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + magnitude;
    }

    private String general(final double magnitude, final int digits)
    {
        final int significant = digits == 0 ? 1 : digits;
        int exponent = 0;
        if (magnitude != 0)
        {
            final BigDecimal rounded =
                new BigDecimal(magnitude).round(new MathContext(significant, RoundingMode.HALF_EVEN));
            exponent = rounded.precision() - 1 - rounded.scale();
        }
        final String text = exponent < -4 || exponent >= significant ?
            scientific(magnitude, significant - 1) : fixed(magnitude, significant - 1 - exponent);
        if (alternate)
        {
            return text;
        }
        final int e = text.indexOf('e');
        final String mantissa = e < 0 ? text : text.substring(0, e);
        final String suffix = e < 0 ? "" : text.substring(e);
        if (mantissa.indexOf('.') < 0)
        {
            return text;
        }
        int end = mantissa.length();
        while (mantissa.charAt(end - 1) == '0')
        {
            end--;
        }
        if (mantissa.charAt(end - 1) == '.')
        {
            end--;
        }
        return mantissa.substring(0, end) + suffix;
    }

    private String hexadecimal(final double magnitude)
    {
        if (magnitude == 0)
        {
            return "0x0p+0";
        }
        final String text = Double.toHexString(magnitude);
        final int p = text.indexOf('p');
        String mantissa = text.substring(0, p);
        if (mantissa.endsWith(".0"))
        {
            mantissa = mantissa.substring(0, mantissa.length() - 2);
        }
        final String exponent = text.substring(p + 1);
        return mantissa + "p" + (exponent.startsWith("-") ? exponent : "+" + exponent);
    }

    private void string(final long address)
    {
        if (address == 0)
        {
            pad(precision >= 0 && precision < NULL_STRING.length ? new byte[0] : NULL_STRING);
            return;
        }
        final int limit = precision >= 0 ? Math.min(precision, MAX_STRING_BYTES) : MAX_STRING_BYTES;
        final ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int i = 0; i < limit; i++)
        {
            final int c = device.byteAt(address + i);
            if (c == 0)
            {
                break;
            }
            text.write(c);
        }
        pad(text.toByteArray());
    }

    private void pointer(final long address)
    {
        if (address == 0)
        {
            pad(NULL_POINTER);
            return;
        }
        number("0x", Long.toHexString(address), false);
    }

    /**
     * Write sign or prefix and digits padded to the width: zeros after the prefix with {@code 0} (where allowed),
     * else spaces on the left, or on the right with {@code -}.
     */
    private void number(final String prefix, final String digits, final boolean zeroPadAllowed)
    {
        final int length = prefix.length() + digits.length();
        final int padding = Math.max(0, width - length);
        if (leftAlign)
        {
            ascii(prefix);
            ascii(digits);
            ascii(" ".repeat(padding));
        }
        else if (zeroPad && zeroPadAllowed)
        {
            ascii(prefix);
            ascii("0".repeat(padding));
            ascii(digits);
        }
        else
        {
            ascii(" ".repeat(padding));
            ascii(prefix);
            ascii(digits);
        }
    }

    private void pad(final byte[] bytes)
    {
        final int padding = Math.max(0, width - bytes.length);
        if (!leftAlign)
        {
            ascii(" ".repeat(padding));
        }
        out.write(bytes, 0, bytes.length);
        if (leftAlign)
        {
            ascii(" ".repeat(padding));
        }
    }

    private void ascii(final String text)
    {
        for (int i = 0; i < text.length(); i++)
        {
            out.write(text.charAt(i));
        }
    }
}
