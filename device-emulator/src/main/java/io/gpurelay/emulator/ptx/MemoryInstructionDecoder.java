package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * Decodes memory instructions: loads, stores, atomics, fences and prefetches, plus {@code cvta} and
 * {@code isspacep}, and resolves address operands into a base register, a displacement and a state space.
 */
final class MemoryInstructionDecoder
{
    /** Memory ordering, scope and cache qualifiers: the emulator keeps memory coherent and ordered anyway. */
    private static final String[] IGNORED_MEMORY_QUALIFIERS = {
        "weak", "volatile", "relaxed", "acquire", "release", "cta", "gpu", "sys", "cluster", "ca", "cg", "cs", "lu",
        "cv", "wb", "wt", "nc", "mmio"};

    private final ParsedFunction parsed;
    private final FunctionCode function;
    private final OperandSlots slots;

    MemoryInstructionDecoder(final FunctionCode function, final OperandSlots slots)
    {
        this.parsed = function.parsed;
        this.function = function;
        this.slots = slots;
    }

    private Space memorySpace(final InstructionName name)
    {
        final String spaceName = name.oneOf("global", "shared", "shared::cta", "local", "const", "param");
        name.ignore(IGNORED_MEMORY_QUALIFIERS);
        name.ignoreCacheHints();
        if (spaceName == null)
        {
            return Space.GENERIC;
        }
        return switch (spaceName)
        {
            case "global" -> Space.GLOBAL;
            case "shared", "shared::cta" -> Space.SHARED;
            case "local" -> Space.LOCAL;
            case "const" -> Space.CONST;
            default -> Space.KERNEL_PARAM;
        };
    }

    Instruction decodeLoad(final Statement statement, final InstructionName name)
    {
        final boolean acquire = name.rest.contains("acquire") || name.rest.contains("volatile");
        final Space space = memorySpace(name);
        final int vector = name.vector();
        final PtxType type = name.singleType();
        name.done();
        if (type == PtxType.PRED)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.LD, statement, type);
        final List<Operand> operands = statement.requireOperands(2);
        if (vector > 1)
        {
            if (!(operands.get(0) instanceof Operand.Vector elements) || elements.elements().size() != vector)
            {
                throw new PtxException("expected a vector of " + vector + " registers", statement.line());
            }
            instruction.elements = slots.destinations(elements, statement);
        }
        else
        {
            instruction.d = slots.destination(operands.get(0), statement);
        }
        address(instruction, operands.get(1), space, statement);
        instruction.variant = acquire ? MemoryOps.ORDERED : 0;
        return instruction;
    }

    Instruction decodeStore(final Statement statement, final InstructionName name)
    {
        final boolean release = name.rest.contains("release") || name.rest.contains("volatile");
        final Space space = memorySpace(name);
        final int vector = name.vector();
        final PtxType type = name.singleType();
        name.done();
        if (type == PtxType.PRED)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.ST, statement, type);
        final List<Operand> operands = statement.requireOperands(2);
        address(instruction, operands.get(0), space, statement);
        if (instruction.space == Space.KERNEL_PARAM)
        {
            throw new PtxException("kernel parameters are read-only (" + statement.opcode() + ")", statement.line());
        }
        if (vector > 1)
        {
            if (!(operands.get(1) instanceof Operand.Vector elements) || elements.elements().size() != vector)
            {
                throw new PtxException("expected a vector of " + vector + " registers", statement.line());
            }
            instruction.elements = new int[vector];
            for (int i = 0; i < vector; i++)
            {
                instruction.elements[i] = slots.source(elements.elements().get(i), type, statement);
            }
        }
        else
        {
            instruction.b = slots.source(operands.get(1), type, statement);
        }
        instruction.variant = release ? MemoryOps.ORDERED : 0;
        return instruction;
    }

    Instruction decodeAtomic(final Statement statement, final InstructionName name)
    {
        final boolean reduction = name.mnemonic.equals("red");
        name.ignore("acq_rel");
        final Space space = memorySpace(name);
        final String operation = name.oneOf(
            "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas");
        final PtxType type = name.singleType();
        name.done();
        if (operation == null || (space != Space.GLOBAL && space != Space.SHARED && space != Space.GENERIC) ||
            (type.size != 4 && type.size != 8) || type == PtxType.F16X2 || type == PtxType.BF16X2 ||
            (reduction && (operation.equals("exch") || operation.equals("cas"))))
        {
            throw name.unsupported();
        }
        final int atomicOperation = switch (operation)
        {
            case "add" -> AtomicOps.ADD;
            case "min" -> AtomicOps.MIN;
            case "max" -> AtomicOps.MAX;
            case "inc" -> AtomicOps.INC;
            case "dec" -> AtomicOps.DEC;
            case "and" -> AtomicOps.AND;
            case "or" -> AtomicOps.OR;
            case "xor" -> AtomicOps.XOR;
            case "exch" -> AtomicOps.EXCH;
            default -> AtomicOps.CAS;
        };
        if (!AtomicOps.supports(atomicOperation, type))
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(reduction ? Opcode.RED : Opcode.ATOM, statement, type);
        instruction.variant = atomicOperation;
        final List<Operand> operands;
        int next = 0;
        if (reduction)
        {
            operands = statement.requireOperands(2);
        }
        else
        {
            operands = statement.requireOperands(atomicOperation == AtomicOps.CAS ? 4 : 3);
            instruction.d = slots.destination(operands.get(next++), statement);
        }
        address(instruction, operands.get(next++), space, statement);
        instruction.b = slots.source(operands.get(next++), type, statement);
        if (atomicOperation == AtomicOps.CAS)
        {
            instruction.c = slots.source(operands.get(next), type, statement);
        }
        return instruction;
    }

    Instruction decodeFence(final Statement statement, final InstructionName name)
    {
        name.ignore("cta", "gl", "gpu", "sys", "sc", "acq_rel", "cluster");
        if (name.has("proxy"))
        {
            name.rest.clear();
        }
        name.done();
        statement.requireOperands(0);
        return Instruction.create(Opcode.FENCE, statement, null);
    }

    Instruction decodeNop(final Statement statement, final InstructionName name)
    {
        if (name.mnemonic.startsWith("prefetch"))
        {
            memorySpace(name);
            name.ignore("L1", "L2");
        }
        name.types.clear();
        name.done();
        return Instruction.create(Opcode.NOP, statement, null);
    }

    private void address(final Instruction instruction, final Operand operand, final Space declared,
        final Statement statement)
    {
        if (!(operand instanceof Operand.Address address))
        {
            throw new PtxException("expected an address in brackets", statement.line());
        }
        instruction.offset = address.offset();
        instruction.cacheSlot = function.cacheSlots++;
        Space space = declared;
        final Operand base = address.base();
        if (base == null)
        {
            instruction.a = slots.literal(0);
        }
        else if (base instanceof Operand.Register register)
        {
            instruction.a = register.slot() << 5;
            instruction.address32 = register.bits() <= 32;
            if (space == Space.KERNEL_PARAM && !parsed.entry)
            {
                space = Space.LOCAL;
            }
        }
        else if (base instanceof Operand.SymbolReference reference)
        {
            final Object symbol = reference.symbol();
            if (symbol instanceof FrameVariable)
            {
                if (space != Space.KERNEL_PARAM && space != Space.LOCAL)
                {
                    throw new PtxException("'" + ((FrameVariable)symbol).name() + "' is not in the " +
                        space.name().toLowerCase() + " state space", statement.line());
                }
                space = Space.LOCAL;
                instruction.a = slots.frameBaseSlot();
                instruction.offset += ((FrameVariable)symbol).offset();
            }
            else if (symbol instanceof ParsedFunction.ParameterSlot slot)
            {
                if (space != Space.KERNEL_PARAM)
                {
                    throw new PtxException("kernel parameter '" + slot.parameter().name() +
                        "' accessed as " + space.name().toLowerCase(), statement.line());
                }
                instruction.a = slots.literal(0);
                instruction.offset += slot.offset();
            }
            else
            {
                OperandSlots.requireSpace(space, Space.SHARED, symbol.toString(), statement);
                instruction.a = slots.sharedAddress((SharedVariable)symbol, 0);
            }
        }
        else if (base instanceof Operand.Name name)
        {
            instruction.a = slots.moduleSymbolAddress(name.name(), 0, space, statement);
        }
        else
        {
            throw new PtxException("invalid address", statement.line());
        }
        instruction.space = space;
    }

    Instruction decodeCvta(final Statement statement, final InstructionName name)
    {
        final boolean toSpace = name.has("to");
        final String spaceName = name.oneOf("global", "shared", "local", "const", "shared::cta");
        final PtxType type = name.singleType();
        if (spaceName == null || (type != PtxType.U64 && type != PtxType.U32 && type != PtxType.B64 &&
            type != PtxType.B32))
        {
            throw name.unsupported();
        }
        name.done();
        final List<Operand> operands = statement.requireOperands(2);
        final long window = switch (spaceName)
        {
            case "shared", "shared::cta" -> GenericAddressSpace.SHARED_WINDOW;
            case "local" -> GenericAddressSpace.LOCAL_WINDOW;
            default -> 0;
        };
        final Instruction instruction;
        if (window == 0)
        {
            instruction = Instruction.create(Opcode.MOV, statement, type);
            instruction.a = slots.source(operands.get(1), type, statement);
        }
        else
        {
            instruction = Instruction.create(Opcode.ADD, statement, type);
            instruction.a = slots.source(operands.get(1), type, statement);
            instruction.b = slots.literal(toSpace ? -window : window);
        }
        instruction.d = slots.destination(operands.get(0), statement);
        return instruction;
    }

    Instruction decodeIsspacep(final Statement statement, final InstructionName name)
    {
        final String spaceName = name.oneOf("global", "shared", "local", "const", "param", "shared::cta");
        if (spaceName == null)
        {
            throw name.unsupported();
        }
        name.done();
        final Instruction instruction = Instruction.create(Opcode.ISSPACEP, statement, PtxType.U64);
        instruction.space = switch (spaceName)
        {
            case "global" -> Space.GLOBAL;
            case "shared", "shared::cta" -> Space.SHARED;
            case "local" -> Space.LOCAL;
            case "const" -> Space.CONST;
            default -> Space.KERNEL_PARAM;
        };
        final List<Operand> operands = statement.requireOperands(2);
        instruction.d = slots.predicate(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), PtxType.U64, statement);
        return instruction;
    }
}
