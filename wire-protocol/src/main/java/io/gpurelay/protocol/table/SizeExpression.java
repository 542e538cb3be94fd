package io.gpurelay.protocol.table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * How many bytes from a device address a function touches, as an expression of its scalar inputs: integers,
 * argument names, {@code +}, {@code -}, {@code *} and parentheses, e.g. {@code dstPitch*(Height-1)+Width*2} for a
 * 2D memset of 16-bit elements; a member of an {@code in:arraydesc} argument is {@code name.Member}. Evaluated with
 * exact arithmetic: an overflow is an error, never a small extent.
 */
public final class SizeExpression
{
    private final String text;
    private final Node root;
    private final List<String> names;

    private SizeExpression(final String text, final Node root, final List<String> names)
    {
        this.text = text;
        this.root = root;
        this.names = Collections.unmodifiableList(names);
    }

    /**
     * @throws IllegalArgumentException naming what cannot be read.
     */
    public static SizeExpression parse(final String text)
    {
        final Parser parser = new Parser(text);
        final Node root = parser.sum();
        if (parser.position != text.length())
        {
            throw new IllegalArgumentException("extent '" + text + "': unexpected '" + text.charAt(parser.position) +
                "' at " + parser.position);
        }
        return new SizeExpression(text, root, parser.names);
    }

    /**
     * @return the argument names the expression reads.
     */
    public List<String> names()
    {
        return names;
    }

    /**
     * @param values each name's value.
     * @throws ArithmeticException when the value does not fit 64 bits.
     */
    public long evaluate(final ToLongFunction<String> values)
    {
        return root.evaluate(values);
    }

    public String toString()
    {
        return text;
    }

    private interface Node
    {
        long evaluate(ToLongFunction<String> values);
    }

    private static final class Parser
    {
        private final String text;
        private final List<String> names = new ArrayList<>();
        private int position;

        Parser(final String text)
        {
            this.text = text;
        }

        Node sum()
        {
            Node left = product();
            while (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-'))
            {
                final boolean plus = text.charAt(position++) == '+';
                final Node l = left;
                final Node r = product();
                left = plus ? values -> Math.addExact(l.evaluate(values), r.evaluate(values)) :
                    values -> Math.subtractExact(l.evaluate(values), r.evaluate(values));
            }
            return left;
        }

        Node product()
        {
            Node left = factor();
            while (position < text.length() && text.charAt(position) == '*')
            {
                position++;
                final Node l = left;
                final Node r = factor();
                left = values -> Math.multiplyExact(l.evaluate(values), r.evaluate(values));
            }
            return left;
        }

        Node factor()
        {
            if (position >= text.length())
            {
                throw new IllegalArgumentException("extent '" + text + "' ends early");
            }
            final char c = text.charAt(position);
            if (c == '(')
            {
                position++;
                final Node inner = sum();
                if (position >= text.length() || text.charAt(position) != ')')
                {
                    throw new IllegalArgumentException("extent '" + text + "': a '(' is not closed");
                }
                position++;
                return inner;
            }
            final int start = position;
            if (Character.isDigit(c))
            {
                while (position < text.length() && Character.isDigit(text.charAt(position)))
                {
                    position++;
                }
                final long constant = Long.parseLong(text.substring(start, position));
                return values -> constant;
            }
            if (Character.isJavaIdentifierStart(c))
            {
                while (position < text.length() && (Character.isJavaIdentifierPart(text.charAt(position)) ||
                    text.charAt(position) == '.'))
                {
                    position++;
                }
                final String name = text.substring(start, position);
                names.add(name);
                return values -> values.applyAsLong(name);
            }
            throw new IllegalArgumentException("extent '" + text + "': unexpected '" + c + "' at " + position);
        }
    }
}
