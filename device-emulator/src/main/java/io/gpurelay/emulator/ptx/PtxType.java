package io.gpurelay.emulator.ptx;

import java.util.HashMap;
import java.util.Map;

/**
 * The fundamental PTX types that may appear as instruction type suffixes and in declarations.
 */
enum PtxType
{
    B8(1, Kind.BITS), B16(2, Kind.BITS), B32(4, Kind.BITS), B64(8, Kind.BITS),
    U8(1, Kind.UNSIGNED), U16(2, Kind.UNSIGNED), U32(4, Kind.UNSIGNED), U64(8, Kind.UNSIGNED),
    S8(1, Kind.SIGNED), S16(2, Kind.SIGNED), S32(4, Kind.SIGNED), S64(8, Kind.SIGNED),
    F16(2, Kind.FLOAT), F16X2(4, Kind.FLOAT), BF16(2, Kind.FLOAT), BF16X2(4, Kind.FLOAT),
    F32(4, Kind.FLOAT), F64(8, Kind.FLOAT),
    PRED(1, Kind.PREDICATE);

    enum Kind
    {
        BITS, UNSIGNED, SIGNED, FLOAT, PREDICATE
    }

    private static final Map<String, PtxType> BY_SUFFIX = new HashMap<>();

    static
    {
        for (final PtxType type : values())
        {
            BY_SUFFIX.put(type.name().toLowerCase(), type);
        }
    }

    final int size;
    final Kind kind;
    /** A 16-bit float format, scalar or packed two to a register: computed by {@link HalfAlu}. */
    final boolean half;

    PtxType(final int size, final Kind kind)
    {
        this.size = size;
        this.kind = kind;
        this.half = kind == Kind.FLOAT && size <= 4 && !name().equals("F32");
    }

    /**
     * @param suffix a modifier without its dot, e.g. {@code "u32"}.
     * @return the type, or {@code null} if the suffix is not a type.
     */
    static PtxType fromSuffix(final String suffix)
    {
        return BY_SUFFIX.get(suffix);
    }

    boolean isFloat()
    {
        return kind == Kind.FLOAT;
    }

    boolean isSigned()
    {
        return kind == Kind.SIGNED;
    }

    boolean isInteger()
    {
        return kind == Kind.BITS || kind == Kind.UNSIGNED || kind == Kind.SIGNED;
    }

    int bits()
    {
        return size * 8;
    }

    String suffix()
    {
        return name().toLowerCase();
    }
}
