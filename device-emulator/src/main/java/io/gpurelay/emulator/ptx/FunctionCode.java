package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A decoded {@code .entry} or {@code .func}: its instructions and the layout of its register file.
 * <p>
 * Slots {@code [0, declared registers)} are the registers the PTX declares; after them come read-only slots the
 * decoder added: constants (immediates and symbol addresses), special registers, the frame base and a sink for
 * discarded results. Constants that are addresses of shared or module variables are only known once a kernel is
 * linked into a module instance, see {@link LinkedKernel}.
 */
final class FunctionCode
{
    /**
     * A read-only slot that holds the same value in every lane: a literal, or the address of a shared variable
     * (offset in the block's shared memory) or of a module variable (device address), plus an addend.
     */
    record ConstantSlot(int slot, long value, SharedVariable shared, int variableIndex)
    {
    }

    record SpecialSlot(int slot, SpecialRegister register)
    {
    }

    /** A predicate that is always true or always false, for immediate predicate operands. */
    record PredicateConstant(int index, boolean value)
    {
    }

    final ParsedFunction parsed;
    /** Position of the function in its module, to index per-function tables. */
    final int index;
    final String name;
    final boolean entry;
    Instruction[] code = new Instruction[0];
    int slotCount;
    int predicateCount;
    int frameBaseSlot = Instruction.NONE;
    int cacheSlots;
    final List<ConstantSlot> constants = new ArrayList<>();
    final List<SpecialSlot> specials = new ArrayList<>();
    final List<PredicateConstant> predicateConstants = new ArrayList<>();
    final Set<SharedVariable> sharedReferences = new LinkedHashSet<>();
    final Set<FunctionCode> callees = new LinkedHashSet<>();

    FunctionCode(final ParsedFunction parsed, final int index)
    {
        this.parsed = parsed;
        this.index = index;
        this.name = parsed.name;
        this.entry = parsed.entry;
    }

    int frameSize()
    {
        return parsed.alignedFrameSize();
    }

    public String toString()
    {
        return name;
    }
}
