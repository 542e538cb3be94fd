package io.gpurelay.protocol.describe;

import java.util.ArrayList;
import java.util.List;

/**
 * How much device memory a described pointer argument reaches, as {@link SizeTerm}s of the call's integer
 * arguments. Written after the argument's name, {@code d:x=v(n,incx)}:
 * <ul>
 * <li>{@code v(n,inc)} a vector of {@code n} elements {@code inc} apart; {@code v(n,inc,stride,count)} {@code count}
 * of them, {@code stride} elements apart;</li>
 * <li>{@code m(rows,cols,ld)} a column-major matrix whose leading dimension must be at least its rows;
 * {@code m(rows,cols,ld,stride,count)} {@code count} of them, {@code stride} elements apart;</li>
 * <li>{@code p(n)} a packed triangle of order {@code n}: {@code n(n+1)/2} elements;</li>
 * <li>{@code e(count)} {@code count} contiguous elements, {@code int(count)} {@code count} C {@code int}s;</li>
 * <li>{@code piv(count,rows)} {@code count} C {@code int} pivots a routine reads to permute rows, each of which must
 * name a row from 1 to {@code rows} (the executor reads and checks them: one outside would reach past the matrix
 * whose range was checked).</li>
 * </ul>
 * Followed by {@code [count]}, the argument is instead an array of {@code count} device pointers in device memory,
 * each reaching that far ({@code Aarray=m(n,n,lda)[batchCount]}).
 *
 * @param kind    what it is.
 * @param terms   its sizes, in the order above.
 * @param pointers the length of the array of pointers, or null where the argument points at the data itself.
 */
public record Extent(Kind kind, List<SizeTerm> terms, SizeTerm pointers)
{
    /** What an extent describes, and how many sizes it takes (the plain form and the strided one). */
    public enum Kind
    {
        VECTOR("v", 2, 4),
        MATRIX("m", 3, 5),
        PACKED("p", 1, 1),
        ELEMENTS("e", 1, 1),
        INTS("int", 1, 1),
        /** {@code piv(count,rows)}: {@code count} C {@code int} pivots the routine permutes by, each a row 1..rows. */
        PIVOTS("piv", 2, 2);

        private final String token;
        private final int plain;
        private final int strided;

        Kind(final String token, final int plain, final int strided)
        {
            this.token = token;
            this.plain = plain;
            this.strided = strided;
        }

        static Kind of(final String token)
        {
            for (final Kind kind : values())
            {
                if (kind.token.equals(token))
                {
                    return kind;
                }
            }
            throw new IllegalArgumentException("no extent kind '" + token + "' (v, m, p, e, int, piv)");
        }
    }

    /**
     * @return whether this is the strided form: several vectors or matrices a stride apart.
     */
    public boolean strided()
    {
        return kind.strided != kind.plain && terms.size() == kind.strided;
    }

    /**
     * @return the sizes that, when negative, make the call one cuBLAS refuses itself: every name in a count of
     *         elements, rows, columns or pointers (not increments, leading dimensions or strides).
     */
    public List<String> sizeNames()
    {
        final List<String> names = new ArrayList<>();
        final int sizes = switch (kind)
        {
            case VECTOR -> 1;
            case MATRIX -> 2;
            default -> 1;
        };
        for (int i = 0; i < sizes; i++)
        {
            names.addAll(terms.get(i).sizeNames());
        }
        if (strided())
        {
            names.addAll(terms.get(terms.size() - 1).sizeNames());
        }
        if (pointers != null)
        {
            names.addAll(pointers.sizeNames());
        }
        return names;
    }

    /**
     * @param text e.g. {@code m(transa?m:k,transa?k:m,lda)[batchCount]}.
     */
    static Extent parse(final String text)
    {
        final int open = text.indexOf('(');
        final int close = text.lastIndexOf(')');
        if (open < 0 || close < open)
        {
            throw new IllegalArgumentException("extent '" + text + "' is not kind(sizes)");
        }
        final Kind kind = Kind.of(text.substring(0, open));
        final List<SizeTerm> terms = new ArrayList<>();
        int depth = 0;
        int start = open + 1;
        for (int i = open + 1; i < close; i++)
        {
            final char c = text.charAt(i);
            if (c == '(')
            {
                depth++;
            }
            else if (c == ')')
            {
                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                terms.add(SizeTerm.parse(text.substring(start, i)));
                start = i + 1;
            }
        }
        terms.add(SizeTerm.parse(text.substring(start, close)));
        if (terms.size() != kind.plain && terms.size() != kind.strided)
        {
            throw new IllegalArgumentException("extent '" + text + "': " + kind.token + " takes " + kind.plain +
                (kind.strided != kind.plain ? " or " + kind.strided : "") + " sizes");
        }
        final String rest = text.substring(close + 1);
        SizeTerm pointers = null;
        if (!rest.isEmpty())
        {
            if (!rest.startsWith("[") || !rest.endsWith("]"))
            {
                throw new IllegalArgumentException("extent '" + text + "': after the sizes only [count] may follow");
            }
            pointers = SizeTerm.parse(rest.substring(1, rest.length() - 1));
        }
        return new Extent(kind, List.copyOf(terms), pointers);
    }
}
