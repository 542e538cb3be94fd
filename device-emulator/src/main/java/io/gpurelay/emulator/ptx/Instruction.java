package io.gpurelay.emulator.ptx;

/**
 * One decoded PTX instruction: everything the interpreter needs without looking at text again. Register operands are
 * offsets into the register file ({@code slot << 5}, one long per lane); immediates, special registers and symbol
 * addresses have been turned into read-only register slots, so every source is a register. See {@link Opcode} for
 * what each field means per opcode.
 * <p>
 * The fields are written by {@link InstructionDecoder} while it builds the instruction and never change afterwards;
 * instructions are shared by all threads that run the kernel.
 */
final class Instruction
{
    static final int NONE = -1;

    Opcode opcode;
    /** The operation type; the destination type of {@code cvt}. */
    PtxType type;
    /** The source type where it differs from {@link #type}: cvt, set, slct, mul.wide. */
    PtxType sourceType;
    final int line;
    /** The instruction name with its modifiers, for messages. */
    final String text;

    int guard = NONE;
    boolean guardNegated;

    int d = NONE;
    int d2 = NONE;
    int a = NONE;
    int b = NONE;
    int c = NONE;
    int e = NONE;
    /** A predicate source operand (setp/set combining predicate, selp, vote, bar.red), possibly negated. */
    int p = NONE;
    boolean pNegated;
    /** Register offsets of a vector operand ({@code {a, b, c, d}}). */
    int[] elements;

    /** Byte displacement of an address operand. */
    long offset;
    Space space;
    /** The address register is 32 bits wide: its value is zero-extended. */
    boolean address32;
    /** Index of this memory instruction in a warp's cache of recently used allocations. */
    int cacheSlot;

    int variant;
    Rounding rounding = Rounding.NEAREST;
    boolean ftz;
    boolean sat;
    /** A float operation in round-to-nearest without ftz or sat, which takes the fast path. */
    boolean plainFloat;
    /** Adds the carry flag (addc, madc) or subtracts the borrow (subc). */
    boolean carryIn;
    /** Writes the carry (or borrow) out into the carry flag ({@code .cc}). */
    boolean carryOut;

    /** Branch target (instruction index). */
    int target;
    CallSite call;

    Instruction(final Opcode opcode, final int line, final String text)
    {
        this.opcode = opcode;
        this.line = line;
        this.text = text;
    }

    /**
     * A new instruction for a statement, with {@link #type} and {@link #sourceType} both set to type.
     */
    static Instruction create(final Opcode opcode, final Statement statement, final PtxType type)
    {
        final Instruction instruction = new Instruction(opcode, statement.line(), statement.opcode());
        instruction.type = type;
        instruction.sourceType = type;
        return instruction;
    }

    public String toString()
    {
        return text + " (line " + line + ")";
    }
}
