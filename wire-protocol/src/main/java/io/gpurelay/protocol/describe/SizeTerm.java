package io.gpurelay.protocol.describe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A size in a described function's arguments, as an expression of its integer arguments: integers, argument names,
 * {@code +}, {@code -}, {@code *}, parentheses, {@code max(a,b)}, {@code min(a,b)} and the choice
 * {@code name?a:b}, which is {@code a} where the argument {@code name} is 0 and {@code b} elsewhere (an operation's
 * {@code N}, a side's {@code LEFT}, a fill mode's {@code LOWER} are 0). Evaluated with exact arithmetic: an overflow
 * is an {@link ArithmeticException}, never a small size.
 */
public final class SizeTerm
{
    private final String text;
    private final Node root;
    private final List<String> sizeNames;
    private final List<String> names;

    private SizeTerm(final String text, final Node root, final List<String> sizeNames, final List<String> names)
    {
        this.text = text;
        this.root = root;
        this.sizeNames = Collections.unmodifiableList(sizeNames);
        this.names = Collections.unmodifiableList(names);
    }

    /**
     * @throws IllegalArgumentException naming what cannot be read.
     */
    public static SizeTerm parse(final String text)
    {
        final Parser parser = new Parser(text);
        final Node root = parser.sum();
        if (parser.position != text.length())
        {
            throw new IllegalArgumentException("size '" + text + "': unexpected '" + text.charAt(parser.position) +
                "' at " + parser.position);
        }
        return new SizeTerm(text, root, parser.sizeNames, parser.names);
    }

    /**
     * @return the names whose values the size is made of (not those that only choose between two sizes).
     */
    public List<String> sizeNames()
    {
        return sizeNames;
    }

    /**
     * @return every name the size reads, those that choose included.
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
        private final List<String> sizeNames = new ArrayList<>();
        private final List<String> names = new ArrayList<>();
        private int position;

        Parser(final String text)
        {
            this.text = text;
        }

        Node sum()
        {
            Node left = product();
            while (position < text.length() && (peek() == '+' || peek() == '-'))
            {
                final char operator = text.charAt(position++);
                final Node l = left;
                final Node r = product();
                left = operator == '+' ? v -> Math.addExact(l.evaluate(v), r.evaluate(v)) :
                    v -> Math.subtractExact(l.evaluate(v), r.evaluate(v));
            }
            return left;
        }

        Node product()
        {
            Node left = factor();
            while (position < text.length() && peek() == '*')
            {
                position++;
                final Node l = left;
                final Node r = factor();
                left = v -> Math.multiplyExact(l.evaluate(v), r.evaluate(v));
            }
            return left;
        }

        Node factor()
        {
            if (position >= text.length())
            {
                throw new IllegalArgumentException("size '" + text + "' ends early");
            }
            final char c = peek();
            if (c == '(')
            {
                position++;
                final Node inner = sum();
                expect(')');
                return inner;
            }
            if (Character.isDigit(c))
            {
                final int start = position;
                while (position < text.length() && Character.isDigit(peek()))
                {
                    position++;
                }
                final long value = Long.parseLong(text.substring(start, position));
                return v -> value;
            }
            if (!Character.isJavaIdentifierStart(c))
            {
                throw new IllegalArgumentException("size '" + text + "': unexpected '" + c + "' at " + position);
            }
            final int start = position;
            while (position < text.length() && Character.isJavaIdentifierPart(peek()))
            {
                position++;
            }
            final String name = text.substring(start, position);
            if (!name.equals("max") && !name.equals("min"))
            {
                names.add(name);
            }
            if (position < text.length() && peek() == '(' && (name.equals("max") || name.equals("min")))
            {
                position++;
                final Node a = sum();
                expect(',');
                final Node b = sum();
                expect(')');
                return name.equals("max") ? v -> Math.max(a.evaluate(v), b.evaluate(v)) :
                    v -> Math.min(a.evaluate(v), b.evaluate(v));
            }
            if (position < text.length() && peek() == '?')
            {
                position++;
                final Node zero = factor();
                expect(':');
                final Node other = factor();
                return v -> v.applyAsLong(name) == 0 ? zero.evaluate(v) : other.evaluate(v);
            }
            sizeNames.add(name);
            return v -> v.applyAsLong(name);
        }

        private char peek()
        {
            return text.charAt(position);
        }

        private void expect(final char c)
        {
            if (position >= text.length() || peek() != c)
            {
                throw new IllegalArgumentException("size '" + text + "': expected '" + c + "' at " + position);
            }
            position++;
        }
    }
}
