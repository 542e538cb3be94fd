package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code .entry} or {@code .func} as the parser leaves it: declarations laid out, statements with their
 * function-scoped names resolved, labels mapped to statement indices. {@link InstructionDecoder} turns it into code.
 */
final class ParsedFunction
{
    /** Frames are aligned so that every variable in them keeps its declared alignment (up to this). */
    static final int FRAME_ALIGNMENT = 16;

    /** An entry parameter as an operand names it: its declaration and its offset in the parameter buffer. */
    record ParameterSlot(KernelParameter parameter, int offset)
    {
    }

    final String name;
    final boolean entry;
    final int line;
    final List<KernelParameter> entryParameters = new ArrayList<>();
    final List<Integer> entryParameterOffsets = new ArrayList<>();
    final List<FrameVariable> parameters = new ArrayList<>();
    final List<FrameVariable> returns = new ArrayList<>();
    final List<Statement> statements = new ArrayList<>();
    final Map<String, Integer> labels = new HashMap<>();
    final Map<String, Integer> labelLines = new HashMap<>();
    final List<Integer> registerBits = new ArrayList<>();
    final List<SharedVariable> sharedVariables = new ArrayList<>();
    int predicateCount;
    /** Line of the closing brace, where running off the end returns. */
    int endLine;
    int frameSize;
    int registerWords;
    int maxThreadsPerBlock;
    boolean defined;

    ParsedFunction(final String name, final boolean entry, final int line)
    {
        this.name = name;
        this.entry = entry;
        this.line = line;
    }

    int parameterBufferSize()
    {
        final int count = entryParameters.size();
        return count == 0 ? 0 : entryParameterOffsets.get(count - 1) + entryParameters.get(count - 1).size();
    }

    int allocateFrame(final int size, final int alignment)
    {
        final int align = Math.min(Math.max(alignment, 1), FRAME_ALIGNMENT);
        final int offset = (frameSize + align - 1) / align * align;
        frameSize = offset + size;
        return offset;
    }

    /**
     * @return the frame size rounded up so that a callee's frame placed right after it stays aligned.
     */
    int alignedFrameSize()
    {
        return (frameSize + FRAME_ALIGNMENT - 1) / FRAME_ALIGNMENT * FRAME_ALIGNMENT;
    }
}
