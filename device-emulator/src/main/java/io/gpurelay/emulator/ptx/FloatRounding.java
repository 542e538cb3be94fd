package io.gpurelay.emulator.ptx;

import java.math.BigDecimal;

/**
 * IEEE 754 arithmetic with the directed rounding modes PTX offers ({@code .rz .rm .rp}), plus the {@code .ftz} and
 * {@code .sat} adjustments. Java only rounds to nearest, so a directed result is computed exactly (as a
 * {@link BigDecimal}, or by rescaling a double whose value is exact) and then rounded in the wanted direction.
 * Directed rounding is rare in kernels, so clarity wins over speed here; round-to-nearest never comes through here.
 */
final class FloatRounding
{
    private FloatRounding()
    {
    }

    static float flush(final float value)
    {
        return Math.abs(value) < Float.MIN_NORMAL ? Math.copySign(0.0f, value) : value;
    }

    static double flush(final double value)
    {
        return Math.abs(value) < Double.MIN_NORMAL ? Math.copySign(0.0, value) : value;
    }

    /**
     * Clamp to [0.0, 1.0]; NaN becomes +0.0.
     */
    static float saturate(final float value)
    {
        return value > 0.0f ? Math.min(value, 1.0f) : 0.0f;
    }

    static double saturate(final double value)
    {
        return value > 0.0 ? Math.min(value, 1.0) : 0.0;
    }

    static float add(final float a, final float b, final Rounding rounding)
    {
        final float nearest = a + b;
        if (rounding == Rounding.NEAREST || !Float.isFinite(a) || !Float.isFinite(b))
        {
            return nearest;
        }
        final BigDecimal exact = new BigDecimal(a).add(new BigDecimal(b));
        return exact.signum() == 0 ? (float)zeroSum(a, b, rounding) : toFloat(exact, rounding);
    }

    static double add(final double a, final double b, final Rounding rounding)
    {
        final double nearest = a + b;
        if (rounding == Rounding.NEAREST || !Double.isFinite(a) || !Double.isFinite(b))
        {
            return nearest;
        }
        final BigDecimal exact = new BigDecimal(a).add(new BigDecimal(b));
        return exact.signum() == 0 ? zeroSum(a, b, rounding) : toDouble(exact, rounding);
    }

    static float multiply(final float a, final float b, final Rounding rounding)
    {
        final float nearest = a * b;
        if (rounding == Rounding.NEAREST || !Float.isFinite(a) || !Float.isFinite(b) || a == 0.0f || b == 0.0f)
        {
            return nearest;
        }
        return toFloat(new BigDecimal(a).multiply(new BigDecimal(b)), rounding);
    }

    static double multiply(final double a, final double b, final Rounding rounding)
    {
        final double nearest = a * b;
        if (rounding == Rounding.NEAREST || !Double.isFinite(a) || !Double.isFinite(b) || a == 0.0 || b == 0.0)
        {
            return nearest;
        }
        return toDouble(new BigDecimal(a).multiply(new BigDecimal(b)), rounding);
    }

    static float fma(final float a, final float b, final float c, final Rounding rounding)
    {
        final float nearest = Math.fma(a, b, c);
        if (rounding == Rounding.NEAREST || !Float.isFinite(a) || !Float.isFinite(b) || !Float.isFinite(c))
        {
            return nearest;
        }
        final BigDecimal exact = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        return exact.signum() == 0 ? (float)zeroSum((double)a * b, c, rounding) : toFloat(exact, rounding);
    }

    static double fma(final double a, final double b, final double c, final Rounding rounding)
    {
        final double nearest = Math.fma(a, b, c);
        if (rounding == Rounding.NEAREST || !Double.isFinite(a) || !Double.isFinite(b) || !Double.isFinite(c))
        {
            return nearest;
        }
        final BigDecimal exact = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        return exact.signum() == 0 ? zeroSum(a * b, c, rounding) : toDouble(exact, rounding);
    }

    /**
     * Division with a directed rounding: the remainder {@code a - q * b} of the nearest quotient q is computed exactly
     * (the product of two floats fits a double; for doubles fma gives it), and its sign says on which side of the
     * true quotient q lies.
     */
    static float divide(final float a, final float b, final Rounding rounding)
    {
        final float nearest = a / b;
        if (rounding == Rounding.NEAREST || !Float.isFinite(a) || !Float.isFinite(b) || b == 0.0f)
        {
            return nearest;
        }
        if (Float.isInfinite(nearest))
        {
            return (float)overflow(nearest > 0, Float.MAX_VALUE, rounding);
        }
        final double remainder = (double)a - (double)nearest * b;
        return adjust(nearest, (int)Math.signum(remainder) * (int)Math.signum(b), rounding);
    }

    static double divide(final double a, final double b, final Rounding rounding)
    {
        final double nearest = a / b;
        if (rounding == Rounding.NEAREST || !Double.isFinite(a) || !Double.isFinite(b) || b == 0.0)
        {
            return nearest;
        }
        if (Double.isInfinite(nearest))
        {
            return overflow(nearest > 0, Double.MAX_VALUE, rounding);
        }
        final double remainder = Math.fma(-nearest, b, a);
        return adjust(nearest, (int)Math.signum(remainder) * (int)Math.signum(b), rounding);
    }

    static float sqrt(final float a, final Rounding rounding)
    {
        final float nearest = (float)Math.sqrt(a);
        if (rounding == Rounding.NEAREST || !Float.isFinite(nearest) || nearest == 0.0f)
        {
            return nearest;
        }
        return adjust(nearest, (int)Math.signum((double)a - (double)nearest * nearest), rounding);
    }

    static double sqrt(final double a, final Rounding rounding)
    {
        final double nearest = Math.sqrt(a);
        if (rounding == Rounding.NEAREST || !Double.isFinite(nearest) || nearest == 0.0)
        {
            return nearest;
        }
        return adjust(nearest, (int)Math.signum(Math.fma(-nearest, nearest, a)), rounding);
    }

    /**
     * Step a round-to-nearest result to the directed result.
     *
     * @param trueSide the sign of (exact result - nearest).
     */
    private static float adjust(final float nearest, final int trueSide, final Rounding rounding)
    {
        return switch (rounding.direction())
        {
            case ZERO -> trueSide < 0 && nearest > 0 ? Math.nextDown(nearest) :
                trueSide > 0 && nearest < 0 ? Math.nextUp(nearest) : nearest;
            case DOWN -> trueSide < 0 ? Math.nextDown(nearest) : nearest;
            case UP -> trueSide > 0 ? Math.nextUp(nearest) : nearest;
            default -> nearest;
        };
    }

    private static double adjust(final double nearest, final int trueSide, final Rounding rounding)
    {
        return switch (rounding.direction())
        {
            case ZERO -> trueSide < 0 && nearest > 0 ? Math.nextDown(nearest) :
                trueSide > 0 && nearest < 0 ? Math.nextUp(nearest) : nearest;
            case DOWN -> trueSide < 0 ? Math.nextDown(nearest) : nearest;
            case UP -> trueSide > 0 ? Math.nextUp(nearest) : nearest;
            default -> nearest;
        };
    }

    /**
     * IEEE 754 6.3: an exact zero sum is +0 in every mode but round-down, where it is -0, unless both addends are
     * zeros of the same sign.
     */
    private static double zeroSum(final double x, final double y, final Rounding rounding)
    {
        if (x == 0.0 && y == 0.0 && Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y))
        {
            return x;
        }
        return rounding == Rounding.DOWN ? -0.0 : 0.0;
    }

    /**
     * Round a nonzero exact value to float in a direction (or to nearest).
     */
    static float toFloat(final BigDecimal exact, final Rounding rounding)
    {
        final float nearest = exact.floatValue();
        if (Float.isInfinite(nearest))
        {
            return (float)overflow(exact.signum() > 0, Float.MAX_VALUE, rounding);
        }
        final int comparison = new BigDecimal(nearest).compareTo(exact);
        if (comparison == 0)
        {
            return nearest;
        }
        return switch (rounding)
        {
            case ZERO -> (comparison > 0) == (exact.signum() > 0) ? nextTowardZero(nearest) : nearest;
            case DOWN -> comparison > 0 ? Math.nextDown(nearest) : nearest;
            case UP -> comparison < 0 ? Math.nextUp(nearest) : nearest;
            default -> nearest;
        };
    }

    static double toDouble(final BigDecimal exact, final Rounding rounding)
    {
        final double nearest = exact.doubleValue();
        if (Double.isInfinite(nearest))
        {
            return overflow(exact.signum() > 0, Double.MAX_VALUE, rounding);
        }
        final int comparison = new BigDecimal(nearest).compareTo(exact);
        if (comparison == 0)
        {
            return nearest;
        }
        return switch (rounding)
        {
            case ZERO -> (comparison > 0) == (exact.signum() > 0) ? nextTowardZero(nearest) : nearest;
            case DOWN -> comparison > 0 ? Math.nextDown(nearest) : nearest;
            case UP -> comparison < 0 ? Math.nextUp(nearest) : nearest;
            default -> nearest;
        };
    }

    private static float nextTowardZero(final float value)
    {
        return value > 0 ? Math.nextDown(value) : Math.nextUp(value);
    }

    private static double nextTowardZero(final double value)
    {
        return value > 0 ? Math.nextDown(value) : Math.nextUp(value);
    }

    /**
     * Round a double to a binary format with fewer bits (float, half, bfloat16) in a direction. Scaling by a power of
     * two is exact, so rounding the scaled value to an integer rounds exactly once.
     *
     * @param fractionBits    explicit significand bits of the target format (23 for float).
     * @param minimumExponent exponent of the smallest normal number (-126 for float).
     * @param maximumFinite   largest finite value of the format.
     * @return the rounded value, exactly representable in the target format, or an infinity.
     */
    static double roundToFormat(final double value, final int fractionBits, final int minimumExponent,
        final double maximumFinite, final Rounding rounding)
    {
        if (!Double.isFinite(value) || value == 0.0)
        {
            return value;
        }
        final int exponent = Math.max(Math.getExponent(value), minimumExponent);
        final int quantumExponent = exponent - fractionBits;
        final double scaled = Math.scalb(value, -quantumExponent);
        final double integral = switch (rounding.direction())
        {
            case ZERO -> scaled < 0 ? Math.ceil(scaled) : Math.floor(scaled);
            case DOWN -> Math.floor(scaled);
            case UP -> Math.ceil(scaled);
            default -> Math.rint(scaled);
        };
        final double rounded = Math.copySign(Math.scalb(integral, quantumExponent), value);
        if (Math.abs(rounded) > maximumFinite)
        {
            return overflow(value > 0, maximumFinite, rounding);
        }
        return rounded;
    }

    private static double overflow(final boolean positive, final double maximumFinite, final Rounding rounding)
    {
        final double infinity = positive ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        return switch (rounding.direction())
        {
            case ZERO -> positive ? maximumFinite : -maximumFinite;
            case DOWN -> positive ? maximumFinite : infinity;
            case UP -> positive ? infinity : -maximumFinite;
            default -> infinity;
        };
    }

    static float toFloat(final double value, final Rounding rounding)
    {
        if (rounding.direction() == Rounding.NEAREST)
        {
            return (float)value;
        }
        return (float)roundToFormat(value, 23, Float.MIN_EXPONENT, Float.MAX_VALUE, rounding);
    }

    /**
     * Round a floating-point value to an integral value of the same format ({@code .rni .rzi .rmi .rpi}).
     */
    static double roundToIntegral(final double value, final Rounding rounding)
    {
        return switch (rounding)
        {
            case NEAREST_INTEGER -> Math.rint(value);
            case DOWN_INTEGER -> Math.floor(value);
            case UP_INTEGER -> Math.ceil(value);
            default -> value < 0 ? Math.ceil(value) : Math.floor(value);
        };
    }
}
