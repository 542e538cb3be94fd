package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * One parsed PTX instruction before decoding: its source line, optional guard predicate, the full instruction name
 * with modifiers (e.g. {@code ld.global.nc.v4.f32}) and its operands.
 */
record Statement(int line, Operand.Predicate guard, String opcode, List<Operand> operands)
{
    /**
     * @return the operands, after checking there are exactly {@code count} of them.
     */
    List<Operand> requireOperands(final int count)
    {
        if (operands.size() != count)
        {
            throw new PtxException(opcode + " takes " + count + " operands, found " + operands.size(), line);
        }
        return operands;
    }
}
