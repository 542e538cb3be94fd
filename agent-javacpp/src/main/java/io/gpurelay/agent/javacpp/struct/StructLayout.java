package io.gpurelay.agent.javacpp.struct;

import java.util.Collections;
import java.util.Map;

/**
 * The C layout of one struct class of the presets: its size and the members its accessors reach.
 */
public final class StructLayout
{
    private final String javaClassName;
    private final String cType;
    private final int size;
    private final int alignment;
    private final boolean noOffset;
    private final Map<String, Member> members;

    StructLayout(
        final String javaClassName,
        final String cType,
        final int size,
        final int alignment,
        final boolean noOffset,
        final Map<String, Member> members)
    {
        this.javaClassName = javaClassName;
        this.cType = cType;
        this.size = size;
        this.alignment = alignment;
        this.noOffset = noOffset;
        this.members = Collections.unmodifiableMap(members);
    }

    public String javaClassName()
    {
        return javaClassName;
    }

    public String cType()
    {
        return cType;
    }

    public int size()
    {
        return size;
    }

    public int alignment()
    {
        return alignment;
    }

    /**
     * @return true for a class annotated @NoOffset: JavaCPP's library registers its size only, not its members.
     */
    public boolean noOffset()
    {
        return noOffset;
    }

    /**
     * @return the members by C name (a path such as {@code res.linear.devPtr} for members of nested unions).
     */
    public Map<String, Member> members()
    {
        return members;
    }

    public Member member(final String name)
    {
        return members.get(name);
    }

    public String toString()
    {
        return cType + " (" + javaClassName + ", " + size + " bytes)";
    }

    /**
     * What a member's C type is, as far as reading and writing it goes.
     */
    public enum Kind
    {
        SIGNED('s'), UNSIGNED('u'), BOOL('b'), FLOAT('f'), POINTER('p'), RECORD('r'), VOID('v');

        private final char code;

        Kind(final char code)
        {
            this.code = code;
        }

        static Kind of(final char code)
        {
            for (final Kind kind : values())
            {
                if (kind.code == code)
                {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown kind '" + code + "'");
        }

        boolean isScalar()
        {
            return this == SIGNED || this == UNSIGNED || this == BOOL || this == FLOAT;
        }
    }

    /**
     * One member: at {@code offset}, of {@code length} elements of {@code kind} and {@code size} bytes each (length 0:
     * not an array); a pointer also says what it points to.
     */
    public static final class Member
    {
        private final String name;
        private final int offset;
        private final Kind kind;
        private final int size;
        private final int length;
        private final Kind pointeeKind;
        private final int pointeeSize;

        Member(
            final String name,
            final int offset,
            final Kind kind,
            final int size,
            final int length,
            final Kind pointeeKind,
            final int pointeeSize)
        {
            this.name = name;
            this.offset = offset;
            this.kind = kind;
            this.size = size;
            this.length = length;
            this.pointeeKind = pointeeKind;
            this.pointeeSize = pointeeSize;
        }

        /**
         * Parses TYPE: KIND SIZE, then [LENGTH], then >KIND SIZE for a pointer.
         */
        static Member parse(final String name, final int offset, final String type)
        {
            int i = 0;
            final Kind kind = Kind.of(type.charAt(i++));
            int end = digits(type, i);
            final int size = Integer.parseInt(type.substring(i, end));
            i = end;
            int length = 0;
            if (i < type.length() && type.charAt(i) == '[')
            {
                end = type.indexOf(']', i);
                length = Integer.parseInt(type.substring(i + 1, end));
                i = end + 1;
            }
            Kind pointeeKind = null;
            int pointeeSize = 0;
            if (i < type.length() && type.charAt(i) == '>')
            {
                pointeeKind = Kind.of(type.charAt(i + 1));
                end = digits(type, i + 2);
                pointeeSize = Integer.parseInt(type.substring(i + 2, end));
                i = end;
            }
            if (i != type.length() || size <= 0 || offset < 0 || (kind == Kind.POINTER) != (pointeeKind != null) ||
                kind == Kind.VOID)
            {
                throw new IllegalArgumentException("malformed member type '" + type + "' of " + name);
            }
            if (kind.isScalar() && kind != Kind.FLOAT && size != 1 && size != 2 && size != 4 && size != 8 ||
                kind == Kind.FLOAT && size != 4 && size != 8)
            {
                throw new IllegalArgumentException("unsupported size in '" + type + "' of " + name);
            }
            return new Member(name, offset, kind, size, length, pointeeKind, pointeeSize);
        }

        private static int digits(final String text, final int from)
        {
            int i = from;
            while (i < text.length() && Character.isDigit(text.charAt(i)))
            {
                i++;
            }
            return i;
        }

        public String name()
        {
            return name;
        }

        public int offset()
        {
            return offset;
        }

        public Kind kind()
        {
            return kind;
        }

        /**
         * @return the size of one element (of the member itself when it is no array).
         */
        public int size()
        {
            return size;
        }

        /**
         * @return the number of elements of an array member, 0 for any other.
         */
        public int length()
        {
            return length;
        }

        public boolean isArray()
        {
            return length > 0;
        }

        /**
         * @return what a pointer member points to (VOID for void, functions and incomplete types), else null.
         */
        public Kind pointeeKind()
        {
            return pointeeKind;
        }

        public int pointeeSize()
        {
            return pointeeSize;
        }

        public String toString()
        {
            return name + " at " + offset;
        }
    }
}
