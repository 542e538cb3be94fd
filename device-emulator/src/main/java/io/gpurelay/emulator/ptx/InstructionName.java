package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * An instruction name split into its mnemonic, type suffixes (in order) and other modifiers, e.g.
 * {@code ld.global.nc.v4.f32} into {@code ld}, {@code [f32]} and {@code [global, nc, v4]}. Decoders take the modifiers
 * they understand; anything left over makes the instruction unsupported.
 */
final class InstructionName
{
    final String text;
    final int line;
    final String mnemonic;
    final List<PtxType> types = new ArrayList<>();
    final List<String> rest = new ArrayList<>();

    InstructionName(final String text, final int line)
    {
        this.text = text;
        this.line = line;
        final String[] parts = text.split("\\.");
        mnemonic = parts[0];
        for (int i = 1; i < parts.length; i++)
        {
            final PtxType type = PtxType.fromSuffix(parts[i]);
            if (type != null)
            {
                types.add(type);
            }
            else
            {
                rest.add(parts[i]);
            }
        }
    }

    boolean has(final String modifier)
    {
        return rest.remove(modifier);
    }

    String oneOf(final String... options)
    {
        for (final String option : options)
        {
            if (rest.remove(option))
            {
                return option;
            }
        }
        return null;
    }

    void ignore(final String... modifiers)
    {
        for (final String modifier : modifiers)
        {
            rest.remove(modifier);
        }
    }

    void ignoreCacheHints()
    {
        rest.removeIf(modifier -> modifier.startsWith("L1::") || modifier.startsWith("L2::"));
    }

    int vector()
    {
        final String vector = oneOf("v2", "v4");
        return vector == null ? 1 : vector.equals("v2") ? 2 : 4;
    }

    PtxType singleType()
    {
        if (types.size() != 1)
        {
            throw unsupported();
        }
        return types.get(0);
    }

    void done()
    {
        if (!rest.isEmpty())
        {
            throw unsupported();
        }
    }

    PtxException unsupported()
    {
        return unsupported(text, line);
    }

    static PtxException unsupported(final String text, final int line)
    {
        return new PtxException("unsupported PTX instruction '" + text + "'", line);
    }
}
