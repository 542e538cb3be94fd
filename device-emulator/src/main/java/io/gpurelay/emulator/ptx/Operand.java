package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * An instruction operand as parsed, with registers and function-scoped symbols already resolved against the
 * declarations in scope where the statement appears. Names that can only be resolved once the whole module has been
 * read (labels, module variables, functions) stay as {@link Name}.
 */
sealed interface Operand
{
    /** A data register; {@code slot} indexes the function's register file, {@code bits} is its declared width. */
    record Register(int slot, int bits) implements Operand
    {
    }

    /** A predicate register, optionally negated with {@code !}. */
    record Predicate(int index, boolean negated) implements Operand
    {
        Predicate negate()
        {
            return new Predicate(index, !negated);
        }
    }

    /** A literal: an integer, a float given by its bit pattern ({@code 0f}, {@code 0d}) or a decimal float. */
    record Immediate(long bits, Form form) implements Operand
    {
        enum Form
        {
            INTEGER, FLOAT32_BITS, FLOAT64_BITS, DECIMAL_FLOAT
        }

        double doubleValue()
        {
            return switch (form)
            {
                case INTEGER -> bits;
                case FLOAT32_BITS -> Float.intBitsToFloat((int)bits);
                case FLOAT64_BITS, DECIMAL_FLOAT -> Double.longBitsToDouble(bits);
            };
        }
    }

    /** A special register such as {@code %tid.x}. */
    record Special(SpecialRegister register) implements Operand
    {
    }

    /** A variable of the function's frame or parameter list, or a shared variable declared in the function. */
    record SymbolReference(Object symbol, long offset) implements Operand
    {
    }

    /** A name to resolve after parsing: a label, a module-level variable or a function; plus a byte offset. */
    record Name(String name, long offset) implements Operand
    {
    }

    /** {@code [base + offset]}; base is a register, a symbol, a name, or {@code null} for an absolute address. */
    record Address(Operand base, long offset) implements Operand
    {
    }

    /** {@code {a, b, c, d}}: a vector of registers for v2/v4 accesses, or the parts of a packed mov. */
    record Vector(List<Operand> elements) implements Operand
    {
    }

    /** {@code d|p}: a result and its predicate, as in {@code shfl} and {@code setp}. */
    record Pair(Operand first, Operand second) implements Operand
    {
    }

    /** {@code (a, b)}: the return and argument lists of {@code call}. */
    record Group(List<Operand> elements) implements Operand
    {
    }

    /** {@code _}: a result that is discarded. */
    record Sink() implements Operand
    {
    }
}
