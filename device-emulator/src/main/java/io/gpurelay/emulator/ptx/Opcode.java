package io.gpurelay.emulator.ptx;

/**
 * What a decoded {@link Instruction} does. Operand fields hold register offsets ({@code slot << 5}) unless the
 * description says they hold predicate indices ("predicate d"); "type" is {@link Instruction#type}.
 */
enum Opcode
{
    /** d = a. */
    MOV,
    /** predicate d = predicate a. */
    MOV_PREDICATE,
    /** d = elements packed, low element first, each {@code variant} bits wide. */
    PACK,
    /** elements = the {@code variant}-bit fields of a, low field first. */
    UNPACK,
    /** d = a timer special register; variant is its {@link SpecialRegister} ordinal. */
    READ_TIMER,

    /** d = a + b (integer wraps; add.sat.s32 saturates; floats use rounding, ftz, sat). */
    ADD,
    /** d = a - b. */
    SUB,
    /** d = a * b; variant {@link IntegerAlu#LO}, {@link IntegerAlu#HI} or {@link IntegerAlu#WIDE} for integers. */
    MUL,
    /** d = a * b + c for integers; variant as for MUL (a float mad decodes to FMA). */
    MAD,
    /** d = a * b of the low 24 bits; variant LO or HI. */
    MUL24,
    /** d = a * b + c of the low 24 bits; variant LO or HI. */
    MAD24,
    /** d = a * b + c rounded once. */
    FMA,
    DIV,
    REM,
    MIN,
    MAX,
    ABS,
    NEG,
    /** d = magnitude of b with the sign of a. */
    COPYSIGN,
    /**
     * Extended-precision add, sub or mad (variant {@link IntegerAlu#CARRY_ADD}, ...) that reads the carry flag
     * ({@link Instruction#carryIn}: addc, subc, madc) and/or writes it ({@link Instruction#carryOut}: .cc).
     */
    CARRY_ARITHMETIC,

    AND,
    OR,
    XOR,
    NOT,
    /** d = a == 0 ? 1 : 0. */
    CNOT,
    SHL,
    SHR,
    /** d = bit field of a at position b, length c (sign-extended for signed types). */
    BFE,
    /** d = b with the low e bits of a inserted at bit position c. */
    BFI,
    BREV,
    POPC,
    CLZ,
    /** d = position of the most significant non-sign bit of a; variant 1 for .shiftamt. */
    BFIND,
    /** byte permute of {b, a} selected by c; variant is the mode. */
    PRMT,
    /** d = any 3-input logic function of a, b, c; variant is the lookup table. */
    LOP3,
    /** funnel shift of {b, a} by c; variant from {@link IntegerAlu#FUNNEL_LEFT} etc. */
    SHF,
    /** d = c + dot product of the four bytes of a and b; variant 1 when a is signed, 2 when b is signed. */
    DP4A,

    /** predicate d = predicate a AND predicate b. */
    PRED_AND,
    PRED_OR,
    PRED_XOR,
    /** predicate d = NOT predicate a. */
    PRED_NOT,

    /** predicate d (and d2 = the negation) = a compare b, combined with predicate p; variant is the comparison. */
    SETP,
    /** d = (a compare b, combined with p) ? 1.0f or all ones : 0. */
    SET,
    /** d = predicate p ? a : b. */
    SELP,
    /** d = c >= 0 ? a : b, c of sourceType. */
    SLCT,
    /** predicate d = a passes the test in variant ({@link FloatAlu#TEST_FINITE} ...). */
    TESTP,

    SQRT,
    RSQRT,
    RCP,
    EX2,
    LG2,
    SIN,
    COS,
    TANH,

    /** d = a converted from sourceType to type; for f16x2/bf16x2 d = {a high, b low}. */
    CVT,
    /** predicate d = generic address a lies in the window of space. */
    ISSPACEP,

    /** d (or elements) = memory[space: a + offset]. */
    LD,
    /** memory[space: a + offset] = b (or elements). */
    ST,
    /** d = old value; memory[space: a + offset] = old op b (cas: old == b ? c : old); variant is the operation. */
    ATOM,
    /** memory[space: a + offset] = old op b. */
    RED,
    /** a memory fence between blocks running on different threads. */
    FENCE,

    BRA,
    CALL,
    /**
     * a call to a system call of {@link SystemCalls} (variant) with {@link Instruction#call}'s frame offsets of the
     * caller's arguments and result.
     */
    SYSTEM_CALL,
    RET,
    EXIT,
    TRAP,
    /** wait until the block reaches barrier a (thread count b, or all when absent). */
    BAR_SYNC,
    /** count arrival at barrier a without waiting. */
    BAR_ARRIVE,
    /** BAR_SYNC that also reduces predicate p over the block into d; variant {@link BlockExecutor#RED_POPC}... */
    BAR_RED,

    /** d[|predicate d2] = a of another lane chosen by variant (mode), b (lane or offset), c (clamp and segment). */
    SHFL,
    /** d = vote of predicate p over the lanes in membermask e; variant is the mode. */
    VOTE,
    /** d = reduction of a over the lanes in membermask e; variant is the operation. */
    REDUX,
    /** d = the active lanes of the warp. */
    ACTIVEMASK,
    /** d = the lowest lane in membermask a that is active; predicate d2 is true for that lane. */
    ELECT,

    NOP
}
