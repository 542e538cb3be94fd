package io.gpurelay.protocol.table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * How many bytes from a device address a function touches, as an expression of its scalar inputs: integers,
 * argument names, {@code +}, {@code -}, {@code *} and parentheses, e.g. {@code dstPitch*(Height-1)+Width*2} for a
 * 2D memset of 16-bit elements; a member of an {@code in:arraydesc} argument is {@code name.Member}. Evaluated with
 * exact arithmetic: an overflow is an error, never a small extent.
 * <p>
 * The build reads the table's extents (the {@code codegen} module checks them) and the generated table constructs
 * each as a tree of these nodes; nothing reads an extent's text at run time.
 */
public final class SizeExpression
{
    private static final int CONSTANT = 0;
    private static final int NAME = 1;

    /** {@link #CONSTANT}, {@link #NAME}, or the operator: {@code '+'}, {@code '-'} or {@code '*'}. */
    private final int operator;
    private final long constant;
    private final String name;
    private final SizeExpression left;
    private final SizeExpression right;
    private final List<String> names;

    private SizeExpression(final int operator, final long constant, final String name, final SizeExpression left,
        final SizeExpression right)
    {
        this.operator = operator;
        this.constant = constant;
        this.name = name;
        this.left = left;
        this.right = right;
        final List<String> names = new ArrayList<>();
        if (operator == NAME)
        {
            names.add(name);
        }
        else if (operator != CONSTANT)
        {
            names.addAll(left.names);
            names.addAll(right.names);
        }
        this.names = Collections.unmodifiableList(names);
    }

    static SizeExpression constant(final long value)
    {
        return new SizeExpression(CONSTANT, value, null, null, null);
    }

    /**
     * @param name an argument's name, or {@code name.Member} of an {@code in:arraydesc} argument.
     */
    static SizeExpression name(final String name)
    {
        return new SizeExpression(NAME, 0, name, null, null);
    }

    static SizeExpression plus(final SizeExpression left, final SizeExpression right)
    {
        return new SizeExpression('+', 0, null, left, right);
    }

    static SizeExpression minus(final SizeExpression left, final SizeExpression right)
    {
        return new SizeExpression('-', 0, null, left, right);
    }

    static SizeExpression times(final SizeExpression left, final SizeExpression right)
    {
        return new SizeExpression('*', 0, null, left, right);
    }

    /**
     * @return the argument names the expression reads, left to right.
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
        return switch (operator)
        {
            case CONSTANT -> constant;
            case NAME -> values.applyAsLong(name);
            case '+' -> Math.addExact(left.evaluate(values), right.evaluate(values));
            case '-' -> Math.subtractExact(left.evaluate(values), right.evaluate(values));
            default -> Math.multiplyExact(left.evaluate(values), right.evaluate(values));
        };
    }

    /**
     * @return the expression as the table writes it, with the parentheses that reading it back needs and no others.
     */
    public String toString()
    {
        return text(0, false);
    }

    private String text(final int parentPrecedence, final boolean rightOperand)
    {
        return switch (operator)
        {
            case CONSTANT -> Long.toString(constant);
            case NAME -> name;
            default ->
            {
                final int precedence = operator == '*' ? 2 : 1;
                final String text = left.text(precedence, false) + (char)operator + right.text(precedence, true);
                yield precedence < parentPrecedence || rightOperand && precedence == parentPrecedence ?
                    "(" + text + ")" : text;
            }
        };
    }

    public boolean equals(final Object other)
    {
        return other instanceof SizeExpression that && operator == that.operator && constant == that.constant &&
            Objects.equals(name, that.name) && Objects.equals(left, that.left) &&
            Objects.equals(right, that.right);
    }

    public int hashCode()
    {
        return Objects.hash(operator, constant, name, left, right);
    }
}
