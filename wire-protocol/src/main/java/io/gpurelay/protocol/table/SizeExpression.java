package io.gpurelay.protocol.table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * How many bytes from a device address a function touches, as an expression of its scalar inputs: integers,
 * argument names, {@code +}, {@code -}, {@code *} and parentheses, e.g. {@code dstPitch*(Height-1)+Width*2} for a
 * 2D memset of 16-bit elements; a member of an {@code in:arraydesc} argument is {@code name.Member}; {@code min(a,b)},
 * {@code max(a,b)}, {@code select(x,a,b)} ({@code a} where {@code x} is 0, else {@code b}) and {@code typesize(t)} (the
 * bytes of one element of the {@code cudaDataType} {@code t}). {@code matrix(rows,cols,ld)}, the elements a column-major matrix spans (none when it has no
 * rows or no columns), is written out in those terms when the table is read. A library's size query is
 * {@code row.output}: the named output of another row of the table, which the executor runs with this call's
 * arguments of the same names (a workspace that {@code cusolverDnSgetrf} takes without its size is
 * {@code cusolverDnSgetrf_bufferSize.Lwork} elements). Evaluated with exact arithmetic: an overflow is an error, never
 * a small extent.
 * <p>
 * The build reads the table's extents (the {@code codegen} module checks them) and the generated table constructs
 * each as a tree of these nodes; nothing reads an extent's text at run time.
 */
public final class SizeExpression
{
    private static final int CONSTANT = 0;
    private static final int NAME = 1;
    private static final int MIN = 'm';
    private static final int MAX = 'M';
    private static final int SELECT = '?';
    private static final int TYPE_SIZE = 'T';
    /** The two choices of a {@link #SELECT}: never evaluated on its own. */
    private static final int PAIR = ':';

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

    /** {@code min(left,right)}. */
    static SizeExpression min(final SizeExpression left, final SizeExpression right)
    {
        return new SizeExpression(MIN, 0, null, left, right);
    }

    /** {@code select(condition,zero,other)}: {@code zero} where the condition is 0, else {@code other}. */
    static SizeExpression select(final SizeExpression condition, final SizeExpression zero,
        final SizeExpression other)
    {
        return new SizeExpression(SELECT, 0, null, condition, new SizeExpression(PAIR, 0, null, zero, other));
    }

    /** {@code typesize(type)}: the bytes of one element of a {@code cudaDataType}. */
    static SizeExpression typeSize(final SizeExpression type)
    {
        return new SizeExpression(TYPE_SIZE, 0, null, type, constant(0));
    }

    /**
     * @return the bytes of one element of a {@code cudaDataType} (library_types.h's numbering).
     * @throws ArithmeticException for a value that is no data type.
     */
    public static long dataTypeBytes(final long type)
    {
        return switch ((int)type == type ? (int)type : -1)
        {
            case 3, 8, 28, 29 -> 1;         // R_8I, R_8U, R_8F_E4M3, R_8F_E5M2
            case 2, 14, 7, 9, 20, 21 -> 2;  // R_16F, R_16BF, C_8I, C_8U, R_16I, R_16U
            case 0, 10, 12, 6, 15, 22, 23 -> 4; // R_32F, R_32I, R_32U, C_16F, C_16BF, C_16I, C_16U
            case 1, 4, 11, 13, 24, 25 -> 8; // R_64F, C_32F, C_32I, C_32U, R_64I, R_64U
            case 5, 26, 27 -> 16;           // C_64F, C_64I, C_64U
            default -> throw new ArithmeticException(type + " is no cudaDataType");
        };
    }

    /** {@code max(left,right)}. */
    static SizeExpression max(final SizeExpression left, final SizeExpression right)
    {
        return new SizeExpression(MAX, 0, null, left, right);
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
            case MIN -> Math.min(left.evaluate(values), right.evaluate(values));
            case TYPE_SIZE -> dataTypeBytes(left.evaluate(values));
            case SELECT -> left.evaluate(values) == 0 ? right.left.evaluate(values) : right.right.evaluate(values);
            case PAIR -> throw new IllegalStateException("a select's choices are evaluated by the select");
            case MAX -> Math.max(left.evaluate(values), right.evaluate(values));
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
            case MIN, MAX -> (operator == MIN ? "min(" : "max(") + left.text(0, false) + "," + right.text(0, false) +
                ")";
            case TYPE_SIZE -> "typesize(" + left.text(0, false) + ")";
            case SELECT -> "select(" + left.text(0, false) + "," + right.left.text(0, false) + "," +
                right.right.text(0, false) + ")";
            case PAIR -> left.text(0, false) + "," + right.text(0, false);
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
