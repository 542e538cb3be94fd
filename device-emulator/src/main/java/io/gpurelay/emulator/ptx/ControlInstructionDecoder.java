package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * Decodes control flow (branches, calls, returns, traps), block barriers and warp-level instructions (shuffles, votes,
 * reductions, {@code activemask}, {@code elect}).
 */
final class ControlInstructionDecoder
{
    private final ParsedFunction parsed;
    private final FunctionCode function;
    private final InstructionDecoder.ModuleSymbols module;
    private final OperandSlots slots;

    ControlInstructionDecoder(final FunctionCode function, final InstructionDecoder.ModuleSymbols module,
        final OperandSlots slots)
    {
        this.parsed = function.parsed;
        this.function = function;
        this.module = module;
        this.slots = slots;
    }

    Instruction decodeBranch(final Statement statement, final InstructionName name)
    {
        name.ignore("uni");
        name.done();
        final List<Operand> operands = statement.requireOperands(1);
        if (!(operands.get(0) instanceof Operand.Name label))
        {
            throw new PtxException("branch target must be a label", statement.line());
        }
        final Integer target = parsed.labels.get(label.name());
        if (target == null)
        {
            throw new PtxException("undefined label '" + label.name() + "'", statement.line());
        }
        final Instruction instruction = Instruction.create(Opcode.BRA, statement, null);
        instruction.target = target;
        return instruction;
    }

    Instruction decodeCall(final Statement statement, final InstructionName name)
    {
        name.ignore("uni");
        name.done();
        final List<Operand> operands = statement.operands();
        int next = 0;
        List<Operand> results = List.of();
        if (next < operands.size() && operands.get(next) instanceof Operand.Group group)
        {
            results = group.elements();
            next++;
        }
        if (next >= operands.size() || !(operands.get(next) instanceof Operand.Name calleeName))
        {
            throw new PtxException("indirect calls are not supported (" + statement.opcode() + ")",
                statement.line());
        }
        next++;
        List<Operand> arguments = List.of();
        if (next < operands.size() && operands.get(next) instanceof Operand.Group group)
        {
            arguments = group.elements();
            next++;
        }
        if (next != operands.size())
        {
            throw new PtxException("indirect calls are not supported (" + statement.opcode() + ")",
                statement.line());
        }
        final FunctionCode callee = module.functions().get(calleeName.name());
        if (callee == null || callee.entry)
        {
            throw new PtxException("call to unknown function '" + calleeName.name() + "'", statement.line());
        }
        final int systemCall = callee.parsed.defined ? Instruction.NONE : SystemCalls.byName(callee.name);
        if (!callee.parsed.defined && systemCall == Instruction.NONE)
        {
            throw new PtxException("call to external function '" + calleeName.name() + "', which this module " +
                "does not define and is not a system call the emulator provides (" + SystemCalls.NAMES + ")",
                statement.line());
        }
        if (arguments.size() != callee.parsed.parameters.size() || results.size() != callee.parsed.returns.size())
        {
            throw new PtxException("call to '" + callee.name + "' passes " + arguments.size() + " arguments and " +
                results.size() + " results; it takes " + callee.parsed.parameters.size() + " and returns " +
                callee.parsed.returns.size(), statement.line());
        }
        final int[] argumentOffsets = new int[arguments.size()];
        final int[] parameterOffsets = new int[arguments.size()];
        final int[] argumentSizes = new int[arguments.size()];
        for (int i = 0; i < arguments.size(); i++)
        {
            final FrameVariable argument = callVariable(arguments.get(i), statement);
            final FrameVariable parameter = callee.parsed.parameters.get(i);
            argumentOffsets[i] = argument.offset();
            parameterOffsets[i] = parameter.offset();
            argumentSizes[i] = Math.min(argument.size(), parameter.size());
        }
        final int[] resultOffsets = new int[results.size()];
        final int[] returnOffsets = new int[results.size()];
        final int[] resultSizes = new int[results.size()];
        for (int i = 0; i < results.size(); i++)
        {
            final FrameVariable result = callVariable(results.get(i), statement);
            final FrameVariable returned = callee.parsed.returns.get(i);
            resultOffsets[i] = result.offset();
            returnOffsets[i] = returned.offset();
            resultSizes[i] = Math.min(result.size(), returned.size());
        }
        final Instruction instruction = Instruction.create(
            systemCall == Instruction.NONE ? Opcode.CALL : Opcode.SYSTEM_CALL, statement, null);
        if (systemCall != Instruction.NONE)
        {
            SystemCalls.checkSignature(systemCall, callee.parsed, statement);
            instruction.variant = systemCall;
            // vprintf reads the format and its arguments through the warp's cache of allocations.
            instruction.cacheSlot = function.cacheSlots++;
        }
        instruction.call = new CallSite(callee, argumentOffsets, parameterOffsets, argumentSizes,
            resultOffsets, returnOffsets, resultSizes);
        if (systemCall == Instruction.NONE)
        {
            function.callees.add(callee);
        }
        return instruction;
    }

    private static FrameVariable callVariable(final Operand operand, final Statement statement)
    {
        if (operand instanceof Operand.SymbolReference reference && reference.symbol() instanceof FrameVariable frame &&
            reference.offset() == 0)
        {
            return frame;
        }
        throw new PtxException("call arguments and results must be .param variables declared in the caller",
            statement.line());
    }

    Instruction decodeControl(final Statement statement, final InstructionName name)
    {
        name.ignore("uni");
        name.done();
        statement.requireOperands(0);
        final Opcode opcode = switch (name.mnemonic)
        {
            case "ret" -> parsed.entry ? Opcode.EXIT : Opcode.RET;
            case "exit" -> Opcode.EXIT;
            default -> Opcode.TRAP;
        };
        return Instruction.create(opcode, statement, null);
    }

    Instruction decodeBarrier(final Statement statement, final InstructionName name)
    {
        name.ignore("cta", "aligned");
        if (name.mnemonic.equals("bar") && name.has("warp"))
        {
            name.has("sync");
            name.done();
            statement.requireOperands(1);
            return Instruction.create(Opcode.NOP, statement, null);
        }
        final String kind = name.oneOf("sync", "arrive", "red");
        if (kind == null)
        {
            throw name.unsupported();
        }
        final List<Operand> operands = statement.operands();
        final int count = operands.size();
        if (!kind.equals("red"))
        {
            name.done();
            if (count < 1 || count > 2 || (kind.equals("arrive") && count != 2))
            {
                throw new PtxException(statement.opcode() + " takes a barrier and " +
                    (kind.equals("arrive") ? "a" : "an optional") + " thread count", statement.line());
            }
            final Instruction instruction = Instruction.create(
                kind.equals("sync") ? Opcode.BAR_SYNC : Opcode.BAR_ARRIVE, statement, null);
            instruction.a = slots.source(operands.get(0), PtxType.U32, statement);
            if (count == 2)
            {
                instruction.b = slots.source(operands.get(1), PtxType.U32, statement);
            }
            return instruction;
        }
        final String operation = name.oneOf("popc", "and", "or");
        final PtxType type = name.singleType();
        name.done();
        if (operation == null || (operation.equals("popc") ? type != PtxType.U32 : type != PtxType.PRED) ||
            count < 3 || count > 4)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.BAR_RED, statement, type);
        instruction.variant = switch (operation)
        {
            case "popc" -> BlockExecutor.RED_POPC;
            case "and" -> BlockExecutor.RED_AND;
            default -> BlockExecutor.RED_OR;
        };
        instruction.d = type == PtxType.PRED ?
            slots.predicate(operands.get(0), statement) : slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), PtxType.U32, statement);
        if (count == 4)
        {
            instruction.b = slots.source(operands.get(2), PtxType.U32, statement);
        }
        slots.predicateOperand(instruction, operands.get(count - 1), statement);
        return instruction;
    }

    Instruction decodeShfl(final Statement statement, final InstructionName name)
    {
        final boolean sync = name.has("sync");
        final String mode = name.oneOf("up", "down", "bfly", "idx");
        final PtxType type = name.singleType();
        name.done();
        if (!sync || mode == null || type != PtxType.B32)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.SHFL, statement, type);
        instruction.variant = switch (mode)
        {
            case "up" -> WarpOps.SHFL_UP;
            case "down" -> WarpOps.SHFL_DOWN;
            case "bfly" -> WarpOps.SHFL_BFLY;
            default -> WarpOps.SHFL_IDX;
        };
        final List<Operand> operands = statement.requireOperands(5);
        if (operands.get(0) instanceof Operand.Pair pair)
        {
            instruction.d = slots.destination(pair.first(), statement);
            instruction.d2 = slots.predicate(pair.second(), statement);
        }
        else
        {
            instruction.d = slots.destination(operands.get(0), statement);
        }
        instruction.a = slots.source(operands.get(1), PtxType.B32, statement);
        instruction.b = slots.source(operands.get(2), PtxType.B32, statement);
        instruction.c = slots.source(operands.get(3), PtxType.B32, statement);
        instruction.e = slots.source(operands.get(4), PtxType.B32, statement);
        return instruction;
    }

    Instruction decodeVote(final Statement statement, final InstructionName name)
    {
        final boolean sync = name.has("sync");
        final String mode = name.oneOf("all", "any", "uni", "ballot");
        final PtxType type = name.singleType();
        name.done();
        if (mode == null || (mode.equals("ballot") != (type == PtxType.B32)) ||
            (!mode.equals("ballot") && type != PtxType.PRED))
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.VOTE, statement, type);
        instruction.variant = switch (mode)
        {
            case "all" -> WarpOps.VOTE_ALL;
            case "any" -> WarpOps.VOTE_ANY;
            case "uni" -> WarpOps.VOTE_UNI;
            default -> WarpOps.VOTE_BALLOT;
        };
        final List<Operand> operands = statement.requireOperands(sync ? 3 : 2);
        instruction.d = type == PtxType.PRED ?
            slots.predicate(operands.get(0), statement) : slots.destination(operands.get(0), statement);
        slots.predicateOperand(instruction, operands.get(1), statement);
        instruction.e = sync ? slots.source(operands.get(2), PtxType.B32, statement) : slots.literal(-1);
        return instruction;
    }

    Instruction decodeRedux(final Statement statement, final InstructionName name)
    {
        final boolean sync = name.has("sync");
        final String operation = name.oneOf("add", "min", "max", "and", "or", "xor");
        final PtxType type = name.singleType();
        name.done();
        final boolean arithmetic = operation != null &&
            (operation.equals("add") || operation.equals("min") || operation.equals("max"));
        if (!sync || operation == null || (arithmetic && type != PtxType.U32 && type != PtxType.S32) ||
            (!arithmetic && type != PtxType.B32))
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.REDUX, statement, type);
        instruction.variant = switch (operation)
        {
            case "add" -> WarpOps.REDUX_ADD;
            case "min" -> WarpOps.REDUX_MIN;
            case "max" -> WarpOps.REDUX_MAX;
            case "and" -> WarpOps.REDUX_AND;
            case "or" -> WarpOps.REDUX_OR;
            default -> WarpOps.REDUX_XOR;
        };
        final List<Operand> operands = statement.requireOperands(3);
        instruction.d = slots.destination(operands.get(0), statement);
        instruction.a = slots.source(operands.get(1), type, statement);
        instruction.e = slots.source(operands.get(2), PtxType.B32, statement);
        return instruction;
    }

    Instruction decodeActivemask(final Statement statement, final InstructionName name)
    {
        final PtxType type = name.singleType();
        name.done();
        if (type != PtxType.B32)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.ACTIVEMASK, statement, type);
        instruction.d = slots.destination(statement.requireOperands(1).get(0), statement);
        return instruction;
    }

    Instruction decodeElect(final Statement statement, final InstructionName name)
    {
        final boolean sync = name.has("sync");
        name.done();
        if (!sync)
        {
            throw name.unsupported();
        }
        final Instruction instruction = Instruction.create(Opcode.ELECT, statement, PtxType.B32);
        final List<Operand> operands = statement.requireOperands(2);
        if (operands.get(0) instanceof Operand.Pair pair)
        {
            instruction.d = slots.destination(pair.first(), statement);
            instruction.d2 = slots.predicate(pair.second(), statement);
        }
        else
        {
            instruction.d = slots.destination(operands.get(0), statement);
        }
        instruction.a = slots.source(operands.get(1), PtxType.B32, statement);
        return instruction;
    }
}
