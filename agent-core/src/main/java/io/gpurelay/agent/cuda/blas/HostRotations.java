package io.gpurelay.agent.cuda.blas;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The rotations of the BLAS that work on host scalars only (rotg, rotmg), as the reference BLAS computes them: the
 * legacy cuBLAS API takes their arguments in host memory, so they run in the client.
 */
public final class HostRotations
{
    private HostRotations()
    {
    }

    /**
     * {@code count} host scalars of {@code bytes} each (4: float, 8: double, little-endian as host memory holds them)
     * from {@code buffer}, as doubles: how the rotations read their arguments, whichever binding passed them.
     */
    public static double[] reals(final DirectBuffer buffer, final int bytes, final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = bytes == Float.BYTES ? buffer.getFloat(i * bytes, ByteOrder.LITTLE_ENDIAN) :
                buffer.getDouble(i * bytes, ByteOrder.LITTLE_ENDIAN);
        }
        return values;
    }

    /**
     * The host scalars a rotation writes back, as {@code values.length} floats or doubles of {@code bytes} each: the
     * bytes to copy into the binding's host memory.
     */
    public static UnsafeBuffer realBytes(final int bytes, final double... values)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes * values.length]);
        for (int i = 0; i < values.length; i++)
        {
            if (bytes == Float.BYTES)
            {
                buffer.putFloat(i * bytes, (float)values[i], ByteOrder.LITTLE_ENDIAN);
            }
            else
            {
                buffer.putDouble(i * bytes, values[i], ByteOrder.LITTLE_ENDIAN);
            }
        }
        return buffer;
    }

    /**
     * Reference BLAS SROTG: {@code values} = a, b in; r, z, c, s out.
     */
    public static void srotg(final float[] values)
    {
        FloatRotations.rotg(values);
    }

    /**
     * Reference BLAS SROTMG: d1, d2 and x1 are updated in place, {@code param} receives the flag and H.
     */
    public static void srotmg(final float[] d1, final float[] d2, final float[] x1, final float y1, final float[] param)
    {
        FloatRotations.rotmg(d1, d2, x1, y1, param);
    }

    /**
     * Reference BLAS DROTG: {@code values} = a, b in; r, z, c, s out.
     */
    public static void drotg(final double[] values)
    {
        DoubleRotations.rotg(values);
    }

    /**
     * Reference BLAS DROTMG: d1, d2 and x1 are updated in place, {@code param} receives the flag and H.
     */
    public static void drotmg(final double[] d1, final double[] d2, final double[] x1, final double y1,
        final double[] param)
    {
        DoubleRotations.rotmg(d1, d2, x1, y1, param);
    }

    /**
     * Reference BLAS CROTG/ZROTG, in double precision: {@code a} = ca (real, imaginary) in, r out; returns c, and s's
     * real and imaginary parts.
     */
    public static double[] complexRotation(final double[] a, final double bRe, final double bIm)
    {
        final double absA = Math.hypot(a[0], a[1]);
        if (absA == 0)
        {
            a[0] = bRe;
            a[1] = bIm;
            return new double[]{ 0, 1, 0 };
        }
        final double absB = Math.hypot(bRe, bIm);
        final double scale = absA + absB;
        final double norm = scale * Math.sqrt((absA / scale) * (absA / scale) + (absB / scale) * (absB / scale));
        final double alphaRe = a[0] / absA;
        final double alphaIm = a[1] / absA;
        final double c = absA / norm;
        // s = alpha * conj(b) / norm
        final double sRe = (alphaRe * bRe + alphaIm * bIm) / norm;
        final double sIm = (alphaIm * bRe - alphaRe * bIm) / norm;
        a[0] = alphaRe * norm;
        a[1] = alphaIm * norm;
        return new double[]{ c, sRe, sIm };
    }
}
