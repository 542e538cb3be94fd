package io.gpurelay.agent.javacpp.struct;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;

import org.bytedeco.javacpp.Pointer;

/**
 * The memory of structs a program allocates: from JavaCPP's own core ({@link Pointer#calloc}), freed by the
 * pointer's deallocator when the pointer is closed, deallocated or collected, as JavaCPP frees what its allocators
 * make.
 */
final class StructMemory
{
    /** Members C++ constructors set to other than zero: CUDA's dim3 defaults to 1, 1, 1. */
    private static final Map<String, Long> CONSTRUCTOR_DEFAULTS = Map.of("dim3", 1L);

    private StructMemory()
    {
    }

    static void allocate(final Pointer self, final StructLayout layout, final long count)
    {
        if (count < 0)
        {
            throw new IllegalArgumentException("cannot allocate " + count + " " + layout.cType());
        }
        final Pointer memory = Pointer.calloc(Math.max(1, count), layout.size());
        if (memory == null || memory.address() == 0)
        {
            throw new OutOfMemoryError("Cannot allocate new " + layout.cType() + (count == 1 ? "." : "[" + count + "]."));
        }
        final Long initial = CONSTRUCTOR_DEFAULTS.get(layout.cType());
        if (initial != null)
        {
            for (long i = 0; i < count; i++)
            {
                for (final StructLayout.Member member : layout.members().values())
                {
                    ScalarMemory.writeLong(memory.address() + i * layout.size() + member.offset(), member.kind(),
                        member.size(), initial);
                }
            }
        }
        PointerFields.own(self, memory, count);
    }

    static StructLayout.Member[] byOffset(final StructLayout layout)
    {
        final StructLayout.Member[] members = layout.members().values().toArray(new StructLayout.Member[0]);
        Arrays.sort(members, Comparator.comparingInt(StructLayout.Member::offset));
        return members;
    }
}
