package io.gpurelay.emulator.ptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives every operand of a function's instructions a slot in its register file. Registers keep the slot the parser
 * gave them; immediates, special registers, symbol addresses, the frame base and discarded results get read-only (or
 * scratch) slots appended after the declared registers, so that at run time every source operand is a register.
 */
final class OperandSlots
{
    /** A symbol address constant: a {@link SharedVariable} (by identity) or a module variable index, plus addend. */
    private record SymbolKey(Object symbol, long addend)
    {
    }

    private final FunctionCode function;
    private final InstructionDecoder.ModuleSymbols module;
    private final Map<Long, Integer> literalSlots = new HashMap<>();
    private final Map<SymbolKey, Integer> symbolSlots = new HashMap<>();
    private final Map<SpecialRegister, Integer> specialSlots = new HashMap<>();
    private final Map<Boolean, Integer> predicateConstants = new HashMap<>();
    private int sinkSlot = Instruction.NONE;
    private int slotCount;
    private int predicateCount;

    OperandSlots(final FunctionCode function, final InstructionDecoder.ModuleSymbols module)
    {
        this.function = function;
        this.module = module;
        this.slotCount = function.parsed.registerBits.size();
        this.predicateCount = function.parsed.predicateCount;
    }

    /**
     * Record the size of the register file and predicate file the function needs.
     */
    void finish()
    {
        function.slotCount = slotCount;
        function.predicateCount = predicateCount;
    }

    void binary(final Instruction instruction, final Statement statement, final PtxType type)
    {
        final List<Operand> operands = statement.requireOperands(3);
        instruction.d = destination(operands.get(0), statement);
        instruction.a = source(operands.get(1), type, statement);
        instruction.b = source(operands.get(2), type, statement);
    }

    void unary(final Instruction instruction, final Statement statement, final PtxType type)
    {
        final List<Operand> operands = statement.requireOperands(2);
        instruction.d = destination(operands.get(0), statement);
        instruction.a = source(operands.get(1), type, statement);
    }

    int destination(final Operand operand, final Statement statement)
    {
        if (operand instanceof Operand.Register register)
        {
            return register.slot() << 5;
        }
        if (operand instanceof Operand.Sink)
        {
            if (sinkSlot == Instruction.NONE)
            {
                sinkSlot = slotCount++;
            }
            return sinkSlot << 5;
        }
        throw new PtxException("expected a destination register in " + statement.opcode(), statement.line());
    }

    int[] destinations(final Operand.Vector vector, final Statement statement)
    {
        final int[] slots = new int[vector.elements().size()];
        for (int i = 0; i < slots.length; i++)
        {
            slots[i] = destination(vector.elements().get(i), statement);
        }
        return slots;
    }

    int source(final Operand operand, final PtxType type, final Statement statement)
    {
        if (operand instanceof Operand.Register register)
        {
            return register.slot() << 5;
        }
        if (operand instanceof Operand.Immediate immediate)
        {
            return literal(immediateBits(immediate, type, statement.line()));
        }
        if (operand instanceof Operand.Special special)
        {
            if (special.register().isTimer())
            {
                throw new PtxException(special.register().ptxName + " can only be read with mov",
                    statement.line());
            }
            return specialSlots.computeIfAbsent(special.register(), register ->
            {
                final int slot = slotCount++;
                function.specials.add(new FunctionCode.SpecialSlot(slot, register));
                return slot;
            }) << 5;
        }
        if (operand instanceof Operand.SymbolReference reference)
        {
            final Object symbol = reference.symbol();
            if (symbol instanceof ParsedFunction.ParameterSlot slot)
            {
                return literal(slot.offset() + reference.offset());
            }
            if (symbol instanceof SharedVariable shared)
            {
                return sharedAddress(shared, reference.offset());
            }
            throw new PtxException("the address of frame variable '" + ((FrameVariable)symbol).name() +
                "' can only be taken with mov", statement.line());
        }
        if (operand instanceof Operand.Name name)
        {
            return moduleSymbolAddress(name.name(), name.offset(), Space.GENERIC, statement);
        }
        throw new PtxException("invalid source operand in " + statement.opcode(), statement.line());
    }

    int predicate(final Operand operand, final Statement statement)
    {
        if (operand instanceof Operand.Predicate predicate && !predicate.negated())
        {
            return predicate.index();
        }
        throw new PtxException("expected a predicate register in " + statement.opcode(), statement.line());
    }

    int predicateSource(final Operand operand, final Statement statement)
    {
        if (operand instanceof Operand.Immediate immediate && immediate.form() == Operand.Immediate.Form.INTEGER)
        {
            return predicateConstant(immediate.bits() != 0);
        }
        return predicate(operand, statement);
    }

    void predicateOperand(final Instruction instruction, final Operand operand, final Statement statement)
    {
        if (operand instanceof Operand.Predicate predicate)
        {
            instruction.p = predicate.index();
            instruction.pNegated = predicate.negated();
            return;
        }
        instruction.p = predicateSource(operand, statement);
    }

    private int predicateConstant(final boolean value)
    {
        return predicateConstants.computeIfAbsent(value, key ->
        {
            final int index = predicateCount++;
            function.predicateConstants.add(new FunctionCode.PredicateConstant(index, key));
            return index;
        });
    }

    int literal(final long value)
    {
        return literalSlots.computeIfAbsent(value, key ->
        {
            final int slot = slotCount++;
            function.constants.add(new FunctionCode.ConstantSlot(slot, value, null, Instruction.NONE));
            return slot;
        }) << 5;
    }

    int frameBaseSlot()
    {
        if (function.frameBaseSlot == Instruction.NONE)
        {
            function.frameBaseSlot = slotCount++;
        }
        return function.frameBaseSlot << 5;
    }

    int sharedAddress(final SharedVariable shared, final long addend)
    {
        function.sharedReferences.add(shared);
        return symbolSlots.computeIfAbsent(new SymbolKey(shared, addend), key ->
        {
            final int slot = slotCount++;
            function.constants.add(new FunctionCode.ConstantSlot(slot, addend, shared, Instruction.NONE));
            return slot;
        }) << 5;
    }

    int moduleSymbolAddress(final String name, final long addend, final Space space,
        final Statement statement)
    {
        final Integer variableIndex = module.variableIndices().get(name);
        if (variableIndex != null)
        {
            if (space == Space.SHARED || space == Space.LOCAL || space == Space.KERNEL_PARAM)
            {
                throw new PtxException("'" + name + "' is not in the " + space.name().toLowerCase() +
                    " state space", statement.line());
            }
            return symbolSlots.computeIfAbsent(new SymbolKey(variableIndex, addend), key ->
            {
                final int slot = slotCount++;
                function.constants.add(new FunctionCode.ConstantSlot(slot, addend, null, variableIndex));
                return slot;
            }) << 5;
        }
        final SharedVariable shared = module.sharedVariables().get(name);
        if (shared != null)
        {
            requireSpace(space, Space.SHARED, name, statement);
            return sharedAddress(shared, addend);
        }
        if (module.functions().containsKey(name))
        {
            throw new PtxException("function addresses (indirect calls) are not supported: '" + name + "'",
                statement.line());
        }
        if (function.parsed.labels.containsKey(name))
        {
            throw new PtxException("label '" + name + "' used as a value", statement.line());
        }
        throw new PtxException("undefined symbol '" + name + "'", statement.line());
    }

    /**
     * The bits an immediate stands for when an instruction of this type reads it: float literals are converted to
     * the operand's float format, and a decimal integer given to a float operand is its value.
     */
    static long immediateBits(final Operand.Immediate immediate, final PtxType type, final int line)
    {
        final Operand.Immediate.Form form = immediate.form();
        switch (type)
        {
            case F32:
                if (form == Operand.Immediate.Form.FLOAT32_BITS)
                {
                    return immediate.bits() & 0xFFFF_FFFFL;
                }
                return Float.floatToRawIntBits((float)immediate.doubleValue()) & 0xFFFF_FFFFL;
            case F64:
                if (form == Operand.Immediate.Form.FLOAT64_BITS || form == Operand.Immediate.Form.DECIMAL_FLOAT)
                {
                    return immediate.bits();
                }
                return Double.doubleToRawLongBits(immediate.doubleValue());
            case F16:
            case BF16:
                if (form == Operand.Immediate.Form.INTEGER)
                {
                    return immediate.bits() & 0xFFFF;
                }
                return type == PtxType.F16 ?
                    HalfPrecision.toHalf(immediate.doubleValue(), Rounding.NEAREST) :
                    HalfPrecision.toBfloat16(immediate.doubleValue(), Rounding.NEAREST);
            default:
                if (form == Operand.Immediate.Form.DECIMAL_FLOAT)
                {
                    throw new PtxException("a decimal float literal cannot be a ." + type.suffix() + " operand", line);
                }
                return immediate.bits();
        }
    }

    static void requireSpace(final Space space, final Space expected, final String name,
        final Statement statement)
    {
        if (space != expected && space != Space.GENERIC)
        {
            throw new PtxException("'" + name + "' is not in the " + space.name().toLowerCase() + " state space",
                statement.line());
        }
    }
}
