package io.gpurelay.emulator.ptx;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the parsed statements of one function into {@link Instruction}s. Every instruction name and modifier is
 * checked against the set the interpreter supports, so a module either loads completely or is refused with the line
 * of the first unsupported instruction; nothing is discovered at run time.
 */
final class InstructionDecoder
{
    /** What the decoder needs to know about the module around the function. */
    record ModuleSymbols(
        Map<String, FunctionCode> functions,
        Map<String, Integer> variableIndices,
        Map<String, SharedVariable> sharedVariables)
    {
    }

    /** The instruction names {@link #decodeStatement} knows; the parser refuses others before reading operands. */
    private static final Set<String> MNEMONICS = Set.of(
        "mov", "add", "sub", "addc", "subc", "madc", "mul", "mad", "mul24", "mad24", "fma", "div", "rem", "min",
        "max", "abs", "neg", "copysign", "and", "or", "xor", "not", "cnot", "shl", "shr", "bfe", "bfi", "brev",
        "popc", "clz", "bfind", "prmt", "lop3", "shf", "dp4a", "setp", "set", "selp", "slct", "testp", "sqrt",
        "rsqrt", "rcp", "ex2", "lg2", "sin", "cos", "tanh", "cvt", "cvta", "isspacep", "ld", "ldu", "st", "atom",
        "red", "membar", "fence", "prefetch", "prefetchu", "nanosleep", "pmevent", "bra", "call", "ret", "exit",
        "trap", "brkpt", "bar", "barrier", "shfl", "vote", "redux", "activemask", "elect");

    private final ParsedFunction parsed;
    private final FunctionCode function;
    private final OperandSlots slots;
    private final MemoryInstructionDecoder memory;
    private final ControlInstructionDecoder control;

    private InstructionDecoder(final FunctionCode function, final ModuleSymbols module)
    {
        this.parsed = function.parsed;
        this.function = function;
        this.slots = new OperandSlots(function, module);
        this.memory = new MemoryInstructionDecoder(function, slots);
        this.control = new ControlInstructionDecoder(function, module, slots);
    }

    /**
     * @param opcode an instruction name with its name, e.g. {@code tex.2d.v4.f32.f32}.
     * @return whether the interpreter has the instruction at all (its modifiers are checked when decoding).
     */
    static boolean knowsInstruction(final String opcode)
    {
        final int dot = opcode.indexOf('.');
        return MNEMONICS.contains(dot < 0 ? opcode : opcode.substring(0, dot));
    }

    static void decode(final FunctionCode function, final ModuleSymbols module)
    {
        new InstructionDecoder(function, module).run();
    }

    private void run()
    {
        final List<Statement> statements = parsed.statements;
        final Instruction[] code = new Instruction[statements.size() + 1];
        // Running off the end of a function (or branching to a label at its end) returns, as an implicit ret would.
        code[statements.size()] = Instruction.create(parsed.entry ? Opcode.EXIT : Opcode.RET,
            new Statement(parsed.endLine, null, "ret", List.of()), null);
        for (int i = 0; i < statements.size(); i++)
        {
            final Statement statement = statements.get(i);
            final Instruction instruction = decodeStatement(statement);
            if (statement.guard() != null)
            {
                instruction.guard = statement.guard().index();
                instruction.guardNegated = statement.guard().negated();
            }
            code[i] = instruction;
        }
        function.code = code;
        slots.finish();
    }

    private Instruction decodeStatement(final Statement statement)
    {
        final InstructionName name = new InstructionName(statement.opcode(), statement.line());
        final Instruction instruction = switch (name.mnemonic)
        {
            case "mov" -> decodeMov(statement, name);
            case "add", "sub" -> name.rest.contains("cc") ?
                decodeCarry(statement, name) : decodeAddSub(statement, name);
            case "addc", "subc", "madc" -> decodeCarry(statement, name);
            case "mul" -> decodeMul(statement, name, false);
            case "mad" -> name.rest.contains("cc") ?
                decodeCarry(statement, name) : decodeMul(statement, name, true);
            case "mul24", "mad24" -> decodeMul24(statement, name);
            case "fma" -> decodeFma(statement, name);
            case "div" -> decodeDiv(statement, name);
            case "rem" -> decodeIntegerBinary(statement, name, Opcode.REM);
            case "min", "max" -> decodeMinMax(statement, name);
            case "abs", "neg" -> decodeAbsNeg(statement, name);
            case "copysign" -> decodeFloatBinary(statement, name, Opcode.COPYSIGN);
            case "and", "or", "xor" -> decodeLogic(statement, name);
            case "not", "cnot" -> decodeNot(statement, name);
            case "shl", "shr" -> decodeShift(statement, name);
            case "bfe", "bfi", "brev", "popc", "clz", "bfind", "prmt", "lop3", "shf", "dp4a" ->
                decodeBitField(statement, name);
            case "setp", "set" -> decodeSetp(statement, name);
            case "selp" -> decodeSelp(statement, name);
            case "slct" -> decodeSlct(statement, name);
            case "testp" -> decodeTestp(statement, name);
            case "sqrt", "rsqrt", "rcp", "ex2", "lg2", "sin", "cos", "tanh" -> decodeMath(statement, name);
            case "cvt" -> decodeCvt(statement, name);
            case "cvta" -> memory.decodeCvta(statement, name);
            case "isspacep" -> memory.decodeIsspacep(statement, name);
            case "ld", "ldu" -> memory.decodeLoad(statement, name);
            case "st" -> memory.decodeStore(statement, name);
            case "atom", "red" -> memory.decodeAtomic(statement, name);
            case "membar", "fence" -> memory.decodeFence(statement, name);
            case "prefetch", "prefetchu", "nanosleep", "pmevent" -> memory.decodeNop(statement, name);
            case "bra" -> control.decodeBranch(statement, name);
            case "call" -> control.decodeCall(statement, name);
            case "ret", "exit", "trap", "brkpt" -> control.decodeControl(statement, name);
            case "bar", "barrier" -> control.decodeBarrier(statement, name);
            case "shfl" -> control.decodeShfl(statement, name);
            case "vote" -> control.decodeVote(statement, name);
            case "redux" -> control.decodeRedux(statement, name);
            case "activemask" -> control.decodeActivemask(statement, name);
            case "elect" -> control.decodeElect(statement, name);
            default -> throw name.unsupported();
        };
        return instruction;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Data movement

    private Instruction decodeMov(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        name.done();
        final List<Operand> operands = statement.requireOperands(2);
        final Operand destination = operands.get(0);
        final Operand source = operands.get(1);
        if (type == PtxType.PRED)
        {
            final Instruction instruction = Instruction.create(Opcode.MOV_PREDICATE, statement, type);
            instruction.d = slots.predicate(destination, statement);
            instruction.a = slots.predicateSource(source, statement);
            return instruction;
        }
        if (destination instanceof Operand.Vector vector)
        {
            final Instruction instruction = Instruction.create(Opcode.UNPACK, statement, type);
            instruction.elements = slots.destinations(vector, statement);
            instruction.variant = packedElementBits(type, vector, statement);
            instruction.a = slots.source(source, type, statement);
            return instruction;
        }
        if (source instanceof Operand.Vector vector)
        {
            final Instruction instruction = Instruction.create(Opcode.PACK, statement, type);
            instruction.variant = packedElementBits(type, vector, statement);
            final PtxType elementType = bitsType(instruction.variant, statement);
            instruction.elements = new int[vector.elements().size()];
            for (int i = 0; i < instruction.elements.length; i++)
            {
                instruction.elements[i] = slots.source(vector.elements().get(i), elementType, statement);
            }
            instruction.d = slots.destination(destination, statement);
            return instruction;
        }
        if (source instanceof Operand.Special special && special.register().isTimer())
        {
            final Instruction instruction = Instruction.create(Opcode.READ_TIMER, statement, type);
            instruction.variant = special.register().ordinal();
            instruction.d = slots.destination(destination, statement);
            return instruction;
        }
        if (source instanceof Operand.SymbolReference reference && reference.symbol() instanceof FrameVariable frame)
        {
            final Instruction instruction = Instruction.create(Opcode.ADD, statement, PtxType.U64);
            instruction.d = slots.destination(destination, statement);
            instruction.a = slots.frameBaseSlot();
            instruction.b = slots.literal(frame.offset() + reference.offset());
            return instruction;
        }
        final Instruction instruction = Instruction.create(Opcode.MOV, statement, type);
        instruction.d = slots.destination(destination, statement);
        instruction.a = slots.source(source, type, statement);
        return instruction;
    }

    private static int packedElementBits(final PtxType type, final Operand.Vector vector, final Statement statement)
    {
        final int count = vector.elements().size();
        if ((count != 2 && count != 4) || type.bits() % count != 0 || type.bits() / count < 8)
        {
            throw new PtxException("cannot split " + type.suffix() + " into " + count + " parts", statement.line());
        }
        return type.bits() / count;
    }

    private static PtxType bitsType(final int bits, final Statement statement)
    {
        return switch (bits)
        {
            case 8 -> PtxType.B8;
            case 16 -> PtxType.B16;
            case 32 -> PtxType.B32;
            case 64 -> PtxType.B64;
            default -> throw new PtxException("no " + bits + "-bit type", statement.line());
        };
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Arithmetic

    private Instruction decodeAddSub(final Statement statement, final InstructionName name)
    {
        final Opcode opcode = name.mnemonic.equals("add") ? Opcode.ADD : Opcode.SUB;
        final PtxType type = name.singleType();
        final Instruction instruction = Instruction.create(opcode, statement, type);
        if (type.isFloat())
        {
            floatModifiers(instruction, name, true);
        }
        else
        {
            requireInteger(type, name);
            instruction.sat = name.has("sat");
            if (instruction.sat && type != PtxType.S32)
            {
                throw name.unsupported();
            }
        }
        name.done();
        slots.binary(instruction, statement, type);
        return instruction;
    }

    /**
     * add.cc, addc, sub.cc, subc, mad.cc and madc: multi-word arithmetic through the carry flag.
     */
    private Instruction decodeCarry(final Statement statement, final InstructionName name)
    {
        final String mnemonic = name.mnemonic;
        final boolean carryOut = name.has("cc");
        final boolean carryIn = mnemonic.endsWith("c");
        final boolean mad = mnemonic.startsWith("mad");
        final String half = mad ? name.oneOf("lo", "hi") : null;
        final PtxType type = name.singleType();
        name.done();
        if ((type != PtxType.U32 && type != PtxType.S32 && type != PtxType.U64 && type != PtxType.S64) ||
            (mad && half == null))
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.CARRY_ARITHMETIC, statement, type);
        instruction.carryIn = carryIn;
        instruction.carryOut = carryOut;
        if (mad)
        {
            instruction.variant = half.equals("lo") ? IntegerAlu.CARRY_MAD_LO : IntegerAlu.CARRY_MAD_HI;
            final List<Operand> operands = statement.requireOperands(4);
            instruction.d = slots.destination(operands.get(0), statement);
            instruction.a = slots.source(operands.get(1), type, statement);
            instruction.b = slots.source(operands.get(2), type, statement);
            instruction.c = slots.source(operands.get(3), type, statement);
        }
        else
        {
            instruction.variant = mnemonic.startsWith("add") ? IntegerAlu.CARRY_ADD : IntegerAlu.CARRY_SUB;
            slots.binary(instruction, statement, type);
        }
        return instruction;
    }

    private Instruction decodeMul(final Statement statement, final InstructionName name, final boolean mad)
    {
        final PtxType type = name.singleType();
        final Instruction instruction;
        if (type.isFloat())
        {
            instruction = Instruction.create(mad ? Opcode.FMA : Opcode.MUL, statement, type);
            floatModifiers(instruction, name, true);
        }
        else
        {
            requireInteger(type, name);
            instruction = Instruction.create(mad ? Opcode.MAD : Opcode.MUL, statement, type);
            final String mode = name.oneOf("lo", "hi", "wide");
            if (mode == null || (mode.equals("wide") && type.size == 8))
            {
                throw name.unsupported();
            }
            instruction.variant = switch (mode)
            {
                case "lo" -> IntegerAlu.LO;
                case "hi" -> IntegerAlu.HI;
                default -> IntegerAlu.WIDE;
            };
            instruction.sat = mad && name.has("sat");
            if (instruction.sat && !(type == PtxType.S32 && instruction.variant == IntegerAlu.HI))
            {
                throw name.unsupported();
            }
        }
        name.done();
        final List<Operand> operands = statement.requireOperands(mad ? 4 : 3);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), type, statement);
        if (mad)
        {
            final PtxType addendType = instruction.variant == IntegerAlu.WIDE ? wide(type) : type;
            instruction.c = slots.source(operands.get(3), addendType, statement);
        }
        return instruction;
    }

    private static PtxType wide(final PtxType type)
    {
        return switch (type)
        {
            case U16 -> PtxType.U32;
            case S16 -> PtxType.S32;
            case U32 -> PtxType.U64;
            case S32 -> PtxType.S64;
            default -> PtxType.B64;
        };
    }

    private Instruction decodeMul24(final Statement statement, final InstructionName name)
    {
        final boolean mad = name.mnemonic.equals("mad24");
        final PtxType type = name.singleType();
        if (type != PtxType.U32 && type != PtxType.S32)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(mad ? Opcode.MAD24 : Opcode.MUL24, statement, type);
        final String mode = name.oneOf("lo", "hi");
        if (mode == null)
        {
            throw name.unsupported();
        }
        instruction.variant = mode.equals("lo") ? IntegerAlu.LO : IntegerAlu.HI;
        name.done();
        final List<Operand> operands = statement.requireOperands(mad ? 4 : 3);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), type, statement);
        if (mad)
        {
            instruction.c = slots.source(operands.get(3), type, statement);
        }
        return instruction;
    }

    private Instruction decodeFma(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        if (!type.isFloat())
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.FMA, statement, type);
        if (!floatModifiers(instruction, name, true))
        {
            throw name.unsupported();
        }
        name.done();
        final List<Operand> operands = statement.requireOperands(4);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), type, statement);
        instruction.c = slots.source(operands.get(3), type, statement);
        return instruction;
    }

    private Instruction decodeDiv(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        final Instruction instruction = Instruction.create(Opcode.DIV, statement, type);
        if (type.isFloat())
        {
            requireFloat32Or64(type, name);
            final boolean approximate = name.has("approx") || name.has("full");
            final boolean rounded = floatModifiers(instruction, name, true);
            if (approximate == rounded || (approximate && type == PtxType.F64))
            {
                throw name.unsupported();
            }
        }
        else
        {
            requireInteger(type, name);
        }
        name.done();
        slots.binary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeIntegerBinary(final Statement statement, final InstructionName name, final Opcode opcode)
    {
        final PtxType type = name.singleType();
        requireInteger(type, name);
        name.done();
        final Instruction instruction = Instruction.create(opcode, statement, type);
        slots.binary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeFloatBinary(final Statement statement, final InstructionName name, final Opcode opcode)
    {
        final PtxType type = name.singleType();
        requireFloat32Or64(type, name);
        name.done();
        final Instruction instruction = Instruction.create(opcode, statement, type);
        slots.binary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeMinMax(final Statement statement, final InstructionName name)
    {
        final Opcode opcode = name.mnemonic.equals("min") ? Opcode.MIN : Opcode.MAX;
        final PtxType type = name.singleType();
        final Instruction instruction = Instruction.create(opcode, statement, type);
        if (type.isFloat())
        {
            instruction.ftz = name.has("ftz");
            instruction.variant = name.has("NaN") ? FloatAlu.PROPAGATE_NAN : 0;
        }
        else
        {
            requireInteger(type, name);
        }
        name.done();
        slots.binary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeAbsNeg(final Statement statement, final InstructionName name)
    {
        final Opcode opcode = name.mnemonic.equals("abs") ? Opcode.ABS : Opcode.NEG;
        final PtxType type = name.singleType();
        final Instruction instruction = Instruction.create(opcode, statement, type);
        if (type.isFloat())
        {
            instruction.ftz = name.has("ftz");
        }
        else if (type.kind != PtxType.Kind.SIGNED)
        {
            throw name.unsupported();
        }
        name.done();
        slots.unary(instruction, statement, type);
        return instruction;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Bit operations

    private Instruction decodeLogic(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        name.done();
        if (type == PtxType.PRED)
        {
            final Opcode opcode = switch (name.mnemonic)
            {
                case "and" -> Opcode.PRED_AND;
                case "or" -> Opcode.PRED_OR;
                default -> Opcode.PRED_XOR;
            };
            final Instruction instruction = Instruction.create(opcode, statement, type);
            final List<Operand> operands = statement.requireOperands(3);
            instruction.d = slots.predicate(operands.get(0), statement);
            instruction.a = slots.predicateSource(operands.get(1), statement);
            instruction.b = slots.predicateSource(operands.get(2), statement);
            return instruction;
        }
        requireInteger(type, name);
        final Opcode opcode = switch (name.mnemonic)
        {
            case "and" -> Opcode.AND;
            case "or" -> Opcode.OR;
            default -> Opcode.XOR;
        };
        final Instruction instruction = Instruction.create(opcode, statement, type);
        slots.binary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeNot(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        name.done();
        if (type == PtxType.PRED && name.mnemonic.equals("not"))
        {
            final Instruction instruction = Instruction.create(Opcode.PRED_NOT, statement, type);
            final List<Operand> operands = statement.requireOperands(2);
            instruction.d = slots.predicate(operands.get(0), statement);
            instruction.a = slots.predicateSource(operands.get(1), statement);
            return instruction;
        }
        requireInteger(type, name);
        final Instruction instruction = Instruction.create(
            name.mnemonic.equals("not") ? Opcode.NOT : Opcode.CNOT, statement, type);
        slots.unary(instruction, statement, type);
        return instruction;
    }

    private Instruction decodeShift(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        requireInteger(type, name);
        if (name.mnemonic.equals("shl") && type.kind != PtxType.Kind.BITS)
        {
            throw name.unsupported();
        }
        name.done();
        final Instruction instruction = Instruction.create(
            name.mnemonic.equals("shl") ? Opcode.SHL : Opcode.SHR, statement, type);
        final List<Operand> operands = statement.requireOperands(3);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), PtxType.U32, statement);
        return instruction;
    }

    private Instruction decodeBitField(final Statement statement, final InstructionName name)
    {
        final String mnemonic = name.mnemonic;
        switch (mnemonic)
        {
            case "bfind" ->
            {
                final PtxType type = name.singleType();
                final Instruction instruction = Instruction.create(Opcode.BFIND, statement, type);
                instruction.variant = name.has("shiftamt") ? 1 : 0;
                if (type.kind == PtxType.Kind.BITS)
                {
                    throw name.unsupported();
                }
                return bitUnary(instruction, statement, name, type);
            }
            case "brev", "popc", "clz" ->
            {
                final PtxType type = name.singleType();
                if (type != PtxType.B32 && type != PtxType.B64)
                {
                    throw name.unsupported();
                }
                final Opcode opcode = switch (mnemonic)
                {
                    case "brev" -> Opcode.BREV;
                    case "popc" -> Opcode.POPC;
                    default -> Opcode.CLZ;
                };
                return bitUnary(Instruction.create(opcode, statement, type), statement, name, type);
            }
            case "bfe" ->
            {
                final PtxType type = name.singleType();
                if (type.kind == PtxType.Kind.BITS || type.size < 4 || !type.isInteger())
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.BFE, statement, type);
                final List<Operand> operands = statement.requireOperands(4);
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), type, statement);
                instruction.b = slots.source(operands.get(2), PtxType.U32, statement);
                instruction.c = slots.source(operands.get(3), PtxType.U32, statement);
                return instruction;
            }
            case "bfi" ->
            {
                final PtxType type = name.singleType();
                if (type != PtxType.B32 && type != PtxType.B64)
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.BFI, statement, type);
                final List<Operand> operands = statement.requireOperands(5);
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), type, statement);
                instruction.b = slots.source(operands.get(2), type, statement);
                instruction.c = slots.source(operands.get(3), PtxType.U32, statement);
                instruction.e = slots.source(operands.get(4), PtxType.U32, statement);
                return instruction;
            }
            case "prmt" ->
            {
                final PtxType type = name.singleType();
                final String mode = name.oneOf("f4e", "b4e", "rc8", "ecl", "ecr", "rc16");
                if (type != PtxType.B32)
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.PRMT, statement, type);
                instruction.variant = mode == null ? IntegerAlu.PRMT_DEFAULT : switch (mode)
                {
                    case "f4e" -> IntegerAlu.PRMT_F4E;
                    case "b4e" -> IntegerAlu.PRMT_B4E;
                    case "rc8" -> IntegerAlu.PRMT_RC8;
                    case "ecl" -> IntegerAlu.PRMT_ECL;
                    case "ecr" -> IntegerAlu.PRMT_ECR;
                    default -> IntegerAlu.PRMT_RC16;
                };
                final List<Operand> operands = statement.requireOperands(4);
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), type, statement);
                instruction.b = slots.source(operands.get(2), type, statement);
                instruction.c = slots.source(operands.get(3), type, statement);
                return instruction;
            }
            case "lop3" ->
            {
                final PtxType type = name.singleType();
                if (type != PtxType.B32)
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.LOP3, statement, type);
                final List<Operand> operands = statement.requireOperands(5);
                if (!(operands.get(4) instanceof Operand.Immediate lut))
                {
                    throw new PtxException("lop3 needs an immediate lookup table", statement.line());
                }
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), type, statement);
                instruction.b = slots.source(operands.get(2), type, statement);
                instruction.c = slots.source(operands.get(3), type, statement);
                instruction.variant = (int)(lut.bits() & 0xFF);
                return instruction;
            }
            case "shf" ->
            {
                final PtxType type = name.singleType();
                final String direction = name.oneOf("l", "r");
                final String mode = name.oneOf("wrap", "clamp");
                if (type != PtxType.B32 || direction == null || mode == null)
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.SHF, statement, type);
                instruction.variant = (direction.equals("l") ? IntegerAlu.FUNNEL_LEFT : IntegerAlu.FUNNEL_RIGHT) |
                    (mode.equals("clamp") ? IntegerAlu.FUNNEL_CLAMP : 0);
                final List<Operand> operands = statement.requireOperands(4);
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), type, statement);
                instruction.b = slots.source(operands.get(2), type, statement);
                instruction.c = slots.source(operands.get(3), PtxType.U32, statement);
                return instruction;
            }
            default ->
            {
                if (name.types.size() != 2 || name.types.get(0).size != 4 ||
                    name.types.get(1).size != 4 || !name.types.get(0).isInteger() ||
                    !name.types.get(1).isInteger())
                {
                    throw name.unsupported();
                }
                name.done();
                final Instruction instruction = Instruction.create(Opcode.DP4A, statement, PtxType.S32);
                instruction.variant = (name.types.get(0).isSigned() ? 1 : 0) |
                    (name.types.get(1).isSigned() ? 2 : 0);
                final List<Operand> operands = statement.requireOperands(4);
                instruction.d = slots.destination(operands.get(0), statement);
                instruction.a = slots.source(operands.get(1), PtxType.B32, statement);
                instruction.b = slots.source(operands.get(2), PtxType.B32, statement);
                instruction.c = slots.source(operands.get(3), PtxType.B32, statement);
                return instruction;
            }
        }
    }

    private Instruction bitUnary(
        final Instruction instruction, final Statement statement, final InstructionName name, final PtxType type)
    {
        name.done();
        slots.unary(instruction, statement, type);
        return instruction;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Comparison and selection

    private Instruction decodeSetp(final Statement statement, final InstructionName name)
    {
        final boolean setp = name.mnemonic.equals("setp");
        final String comparisonName = name.oneOf(Comparison.NAMES);
        if (comparisonName == null)
        {
            throw name.unsupported();
        }
        final String combine = name.oneOf("and", "or", "xor");
        final PtxType sourceType;
        final PtxType resultType;
        if (setp)
        {
            sourceType = name.singleType();
            resultType = PtxType.PRED;
        }
        else
        {
            if (name.types.size() != 2)
            {
                throw name.unsupported();
            }
            resultType = name.types.get(0);
            sourceType = name.types.get(1);
            if (!(resultType == PtxType.U32 || resultType == PtxType.S32 || resultType == PtxType.F32))
            {
                throw name.unsupported();
            }
        }
        if (sourceType == PtxType.PRED || sourceType.size == 1 || sourceType == PtxType.F16X2 ||
            sourceType == PtxType.BF16X2)
        {
            throw name.unsupported();
        }
        final int comparison = Comparison.fromName(comparisonName);
        if (!Comparison.appliesTo(comparison, sourceType))
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(setp ? Opcode.SETP : Opcode.SET, statement, resultType);
        instruction.sourceType = sourceType;
        instruction.ftz = sourceType.isFloat() && name.has("ftz");
        name.done();
        instruction.variant = comparison | (combine == null ? Comparison.COMBINE_NONE : switch (combine)
        {
            case "and" -> Comparison.COMBINE_AND;
            case "or" -> Comparison.COMBINE_OR;
            default -> Comparison.COMBINE_XOR;
        });
        final List<Operand> operands = statement.requireOperands(combine == null ? 3 : 4);
        if (setp)
        {
            if (operands.get(0) instanceof Operand.Pair pair)
            {
                instruction.d = slots.predicate(pair.first(), statement);
                instruction.d2 = slots.predicate(pair.second(), statement);
            }
            else
            {
                instruction.d = slots.predicate(operands.get(0), statement);
            }
        }
        else
        {
            instruction.d = slots.destination(operands.get(0), statement);
        }
        instruction.a = slots.source(operands.get(1), sourceType, statement);
        instruction.b = slots.source(operands.get(2), sourceType, statement);
        if (combine != null)
        {
            slots.predicateOperand(instruction, operands.get(3), statement);
        }
        return instruction;
    }

    private Instruction decodeSelp(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        if (type == PtxType.PRED || type.size == 1)
        {
            throw name.unsupported();
        }
        name.done();
        final Instruction instruction = Instruction.create(Opcode.SELP, statement, type);
        final List<Operand> operands = statement.requireOperands(4);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), type, statement);
        slots.predicateOperand(instruction, operands.get(3), statement);
        return instruction;
    }

    private Instruction decodeSlct(final Statement statement, final InstructionName name)
    {
        final boolean ftz = name.has("ftz");
        if (name.types.size() != 2 || (name.types.get(1) != PtxType.S32 &&
            name.types.get(1) != PtxType.F32))
        {
            throw name.unsupported();
        }
        name.done();
        final PtxType type = name.types.get(0);
        final Instruction instruction = Instruction.create(Opcode.SLCT, statement, type);
        instruction.sourceType = name.types.get(1);
        instruction.ftz = ftz;
        final List<Operand> operands = statement.requireOperands(4);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.b = slots.source(operands.get(2), type, statement);
        instruction.c = slots.source(operands.get(3), instruction.sourceType, statement);
        return instruction;
    }

    private Instruction decodeTestp(final Statement statement, final InstructionName name)
    {
        final String test = name.oneOf("finite", "infinite", "number", "notanumber", "normal", "subnormal");
        final PtxType type = name.singleType();
        if (test == null)
        {
            throw name.unsupported();
        }
        requireFloat32Or64(type, name);
        name.done();
        final Instruction instruction = Instruction.create(Opcode.TESTP, statement, type);
        instruction.variant = switch (test)
        {
            case "finite" -> FloatAlu.TEST_FINITE;
            case "infinite" -> FloatAlu.TEST_INFINITE;
            case "number" -> FloatAlu.TEST_NUMBER;
            case "notanumber" -> FloatAlu.TEST_NOT_A_NUMBER;
            case "normal" -> FloatAlu.TEST_NORMAL;
            default -> FloatAlu.TEST_SUBNORMAL;
        };
        final List<Operand> operands = statement.requireOperands(2);
        instruction.d = slots.predicate(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        return instruction;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Math functions

    private Instruction decodeMath(final Statement statement, final InstructionName name)
    {
        final String mnemonic = name.mnemonic;
        final PtxType type = name.singleType();
        requireFloat32Or64(type, name);
        final Opcode opcode = switch (mnemonic)
        {
            case "sqrt" -> Opcode.SQRT;
            case "rsqrt" -> Opcode.RSQRT;
            case "rcp" -> Opcode.RCP;
            case "ex2" -> Opcode.EX2;
            case "lg2" -> Opcode.LG2;
            case "sin" -> Opcode.SIN;
            case "cos" -> Opcode.COS;
            default -> Opcode.TANH;
        };
        final Instruction instruction = Instruction.create(opcode, statement, type);
        final boolean approximate = name.has("approx");
        final boolean roundable = opcode == Opcode.SQRT || opcode == Opcode.RCP;
        final boolean rounded = floatModifiers(instruction, name, roundable);
        final boolean valid;
        if (approximate)
        {
            valid = !rounded && (type == PtxType.F32 || opcode == Opcode.RSQRT ||
                (opcode == Opcode.RCP && instruction.ftz));
        }
        else
        {
            valid = rounded && roundable;
        }
        if (!valid)
        {
            throw name.unsupported();
        }
        name.done();
        slots.unary(instruction, statement, type);
        return instruction;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Conversions and address spaces

    private Instruction decodeCvt(final Statement statement, final InstructionName name)
    {
        if (name.types.size() != 2)
        {
            throw name.unsupported();
        }
        final PtxType destinationType = name.types.get(0);
        final PtxType sourceType = name.types.get(1);
        final Instruction instruction = Instruction.create(Opcode.CVT, statement, destinationType);
        instruction.sourceType = sourceType;
        final String roundingName = name.oneOf("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi");
        instruction.ftz = name.has("ftz");
        instruction.sat = name.has("sat");
        name.done();
        if (destinationType == PtxType.PRED || sourceType == PtxType.PRED)
        {
            throw name.unsupported();
        }
        final Rounding rounding = roundingName == null ? null : Rounding.fromModifier(roundingName);
        final boolean packed = destinationType == PtxType.F16X2 || destinationType == PtxType.BF16X2;
        if (sourceType == PtxType.F16X2 || sourceType == PtxType.BF16X2 ||
            (packed && (sourceType != PtxType.F32 || rounding == null || rounding.isIntegral())))
        {
            throw name.unsupported();
        }
        if (!validCvtRounding(destinationType, sourceType, rounding))
        {
            throw name.unsupported();
        }
        instruction.rounding = rounding == null ? Rounding.NEAREST : rounding;
        final List<Operand> operands = statement.requireOperands(packed ? 3 : 2);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), sourceType, statement);
        if (packed)
        {
            instruction.b = slots.source(operands.get(2), sourceType, statement);
        }
        return instruction;
    }

    /**
     * PTX requires a rounding modifier exactly where a conversion can be inexact, and an integral one where the result
     * is an integer computed from a float; this refuses the combinations PTX refuses.
     */
    private static boolean validCvtRounding(final PtxType destination, final PtxType source, final Rounding rounding)
    {
        if (destination.isFloat() && source.isFloat())
        {
            if (destination == source)
            {
                return rounding == null || rounding.isIntegral();
            }
            final boolean widening = destination.size > source.size;
            return widening ? rounding == null || !rounding.isIntegral() : rounding != null && !rounding.isIntegral();
        }
        if (destination.isFloat())
        {
            return rounding != null && !rounding.isIntegral();
        }
        if (source.isFloat())
        {
            return rounding != null && rounding.isIntegral();
        }
        return rounding == null;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Memory

    // ---------------------------------------------------------------------------------------------------------------
    // Control flow

    // ---------------------------------------------------------------------------------------------------------------
    // Warp-level operations

    // ---------------------------------------------------------------------------------------------------------------
    // Operand helpers

    /**
     * Reads {@code .rn/.rz/.rm/.rp}, {@code .ftz} and {@code .sat} for a float operation.
     *
     * @return whether a rounding modifier was given.
     */
    private static boolean floatModifiers(final Instruction instruction, final InstructionName name,
        final boolean directedAllowed)
    {
        final String roundingName = name.oneOf("rn", "rz", "rm", "rp");
        instruction.ftz = name.has("ftz");
        instruction.sat = name.has("sat");
        if (roundingName != null)
        {
            instruction.rounding = Rounding.fromModifier(roundingName);
            if (!directedAllowed && instruction.rounding != Rounding.NEAREST)
            {
                throw name.unsupported();
            }
        }
        if (instruction.type == PtxType.F64 && (instruction.ftz || instruction.sat) &&
            instruction.opcode != Opcode.RCP && instruction.opcode != Opcode.RSQRT)
        {
            throw name.unsupported();
        }
        instruction.plainFloat = instruction.rounding == Rounding.NEAREST && !instruction.ftz && !instruction.sat;
        return roundingName != null;
    }

    private static void requireFloat32Or64(final PtxType type, final InstructionName name)
    {
        if (type != PtxType.F32 && type != PtxType.F64)
        {
            throw name.unsupported();
        }
    }

    private static void requireInteger(final PtxType type, final InstructionName name)
    {
        if (!type.isInteger() || type.size == 1)
        {
            throw name.unsupported();
        }
    }

}
