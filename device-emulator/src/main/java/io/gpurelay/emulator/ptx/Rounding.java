package io.gpurelay.emulator.ptx;

/**
 * PTX rounding modifiers: to a representable value ({@code .rn .rz .rm .rp}) and to an integral value
 * ({@code .rni .rzi .rmi .rpi}).
 */
enum Rounding
{
    NEAREST, ZERO, DOWN, UP, NEAREST_INTEGER, ZERO_INTEGER, DOWN_INTEGER, UP_INTEGER;

    static Rounding fromModifier(final String modifier)
    {
        return switch (modifier)
        {
            case "rn" -> NEAREST;
            case "rz" -> ZERO;
            case "rm" -> DOWN;
            case "rp" -> UP;
            case "rni" -> NEAREST_INTEGER;
            case "rzi" -> ZERO_INTEGER;
            case "rmi" -> DOWN_INTEGER;
            case "rpi" -> UP_INTEGER;
            default -> null;
        };
    }

    boolean isIntegral()
    {
        return ordinal() >= NEAREST_INTEGER.ordinal();
    }

    /**
     * @return the same direction to a representable value: {@code .rzi} becomes {@code .rz}.
     */
    Rounding direction()
    {
        return switch (this)
        {
            case NEAREST_INTEGER -> NEAREST;
            case ZERO_INTEGER -> ZERO;
            case DOWN_INTEGER -> DOWN;
            case UP_INTEGER -> UP;
            default -> this;
        };
    }
}
