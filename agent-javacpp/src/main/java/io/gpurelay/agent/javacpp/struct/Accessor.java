package io.gpurelay.agent.javacpp.struct;

import java.util.ArrayList;
import java.util.List;

import org.bytedeco.javacpp.Pointer;

/**
 * One rewritten native method of a struct class: the struct's layout and the member it reaches (none for the
 * allocators). Registered once, as the class is rewritten; the rewritten method passes its number.
 */
final class Accessor
{
    private static final List<Accessor> ACCESSORS = new ArrayList<>();
    private static volatile Accessor[] table = new Accessor[0];

    final StructLayout layout;
    final StructLayout.Member member;
    final String description;

    private Accessor(final StructLayout layout, final StructLayout.Member member, final String description)
    {
        this.layout = layout;
        this.member = member;
        this.description = description;
    }

    static int register(final StructLayout layout, final StructLayout.Member member, final String description)
    {
        synchronized (ACCESSORS)
        {
            ACCESSORS.add(new Accessor(layout, member, description));
            table = ACCESSORS.toArray(new Accessor[0]);
            return ACCESSORS.size() - 1;
        }
    }

    static Accessor get(final int id)
    {
        return table[id];
    }

    /**
     * The address of the struct the pointer points at: its address plus its position in structs, as JavaCPP's JNI
     * code computes {@code ptr += position}.
     */
    long base(final Pointer self)
    {
        final long address = self.address();
        if (address == 0)
        {
            throw new NullPointerException("This pointer address is NULL.");
        }
        return address + self.position() * layout.size();
    }

    /**
     * The address of the member itself.
     */
    long memberAddress(final Pointer self)
    {
        return base(self) + member.offset();
    }

    /**
     * The address of element {@code index} of an array member (bounds as C declares them), or of what a pointer
     * member points at, {@code index} elements on.
     */
    long elementAddress(final Pointer self, final long index)
    {
        if (member.isArray())
        {
            if (index < 0 || index >= member.length())
            {
                throw new IndexOutOfBoundsException("index " + index + " out of bounds for " + layout.cType() + "." +
                    member.name() + "[" + member.length() + "]");
            }
            return memberAddress(self) + index * member.size();
        }
        final long target = ScalarMemory.readLong(memberAddress(self), StructLayout.Kind.POINTER, 8);
        if (target == 0)
        {
            throw new NullPointerException(layout.cType() + "." + member.name() + " is NULL");
        }
        return target + index * member.pointeeSize();
    }

    /**
     * What an element of this member is: of the array, or what the pointer points at.
     */
    StructLayout.Kind elementKind()
    {
        return member.isArray() ? member.kind() : member.pointeeKind();
    }

    int elementSize()
    {
        return member.isArray() ? member.size() : member.pointeeSize();
    }

    public String toString()
    {
        return description;
    }
}
