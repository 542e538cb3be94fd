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
        final float sa = values[0];
        final float sb = values[1];
        final float roe = Math.abs(sa) > Math.abs(sb) ? sa : sb;
        final float scale = Math.abs(sa) + Math.abs(sb);
        float c = 1.0f;
        float s = 0.0f;
        float r = 0.0f;
        float z = 0.0f;
        if (scale != 0.0f)
        {
            final float a = sa / scale;
            final float b = sb / scale;
            r = scale * (float)Math.sqrt(a * a + b * b);
            r = roe >= 0.0f ? r : -r;
            c = sa / r;
            s = sb / r;
            z = 1.0f;
            if (Math.abs(sa) > Math.abs(sb))
            {
                z = s;
            }
            if (Math.abs(sb) >= Math.abs(sa) && c != 0.0f)
            {
                z = 1.0f / c;
            }
        }
        values[0] = r;
        values[1] = z;
        values[2] = c;
        values[3] = s;
    }

    /**
     * Reference BLAS SROTMG: d1, d2 and x1 are updated in place, {@code param} receives the flag and H.
     */
    public static void srotmg(final float[] d1, final float[] d2, final float[] x1, final float y1, final float[] param)
    {
        final float gam = 4096.0f;
        final float gamsq = 1.67772E7f;
        final float rgamsq = 5.96046E-8f;
        float flag;
        float h11 = 0.0f;
        float h12 = 0.0f;
        float h21 = 0.0f;
        float h22 = 0.0f;
        float sd1 = d1[0];
        float sd2 = d2[0];
        float sx1 = x1[0];
        if (sd1 < 0.0f)
        {
            flag = -1.0f;
            sd1 = 0.0f;
            sd2 = 0.0f;
            sx1 = 0.0f;
        }
        else
        {
            final float p2 = sd2 * y1;
            if (p2 == 0.0f)
            {
                param[0] = -2.0f;
                return;
            }
            final float p1 = sd1 * sx1;
            final float q2 = p2 * y1;
            final float q1 = p1 * sx1;
            if (Math.abs(q1) > Math.abs(q2))
            {
                h21 = -y1 / sx1;
                h12 = p2 / p1;
                final float u = 1.0f - h12 * h21;
                if (u > 0.0f)
                {
                    flag = 0.0f;
                    sd1 = sd1 / u;
                    sd2 = sd2 / u;
                    sx1 = sx1 * u;
                }
                else
                {
                    flag = -1.0f;
                    h11 = 0.0f;
                    h12 = 0.0f;
                    h21 = 0.0f;
                    h22 = 0.0f;
                    sd1 = 0.0f;
                    sd2 = 0.0f;
                    sx1 = 0.0f;
                }
            }
            else if (q2 < 0.0f)
            {
                flag = -1.0f;
                sd1 = 0.0f;
                sd2 = 0.0f;
                sx1 = 0.0f;
            }
            else
            {
                flag = 1.0f;
                h11 = p1 / p2;
                h22 = sx1 / y1;
                final float u = 1.0f + h11 * h22;
                final float temp = sd2 / u;
                sd2 = sd1 / u;
                sd1 = temp;
                sx1 = y1 * u;
            }
            if (sd1 != 0.0f)
            {
                while (sd1 <= rgamsq || sd1 >= gamsq)
                {
                    if (flag == 0.0f)
                    {
                        h11 = 1.0f;
                        h22 = 1.0f;
                    }
                    else
                    {
                        h21 = -1.0f;
                        h12 = 1.0f;
                    }
                    flag = -1.0f;
                    if (sd1 <= rgamsq)
                    {
                        sd1 = sd1 * (gam * gam);
                        sx1 = sx1 / gam;
                        h11 = h11 / gam;
                        h12 = h12 / gam;
                    }
                    else
                    {
                        sd1 = sd1 / (gam * gam);
                        sx1 = sx1 * gam;
                        h11 = h11 * gam;
                        h12 = h12 * gam;
                    }
                }
            }
            if (sd2 != 0.0f)
            {
                while (Math.abs(sd2) <= rgamsq || Math.abs(sd2) >= gamsq)
                {
                    if (flag == 0.0f)
                    {
                        h11 = 1.0f;
                        h22 = 1.0f;
                    }
                    else
                    {
                        h21 = -1.0f;
                        h12 = 1.0f;
                    }
                    flag = -1.0f;
                    if (Math.abs(sd2) <= rgamsq)
                    {
                        sd2 = sd2 * (gam * gam);
                        h21 = h21 / gam;
                        h22 = h22 / gam;
                    }
                    else
                    {
                        sd2 = sd2 / (gam * gam);
                        h21 = h21 * gam;
                        h22 = h22 * gam;
                    }
                }
            }
        }
        if (flag < 0.0f)
        {
            param[1] = h11;
            param[2] = h21;
            param[3] = h12;
            param[4] = h22;
        }
        else if (flag == 0.0f)
        {
            param[2] = h21;
            param[3] = h12;
        }
        else
        {
            param[1] = h11;
            param[4] = h22;
        }
        param[0] = flag;
        d1[0] = sd1;
        d2[0] = sd2;
        x1[0] = sx1;
    }

    /**
     * Reference BLAS DROTG: {@code values} = a, b in; r, z, c, s out.
     */
    public static void drotg(final double[] values)
    {
        final double sa = values[0];
        final double sb = values[1];
        final double roe = Math.abs(sa) > Math.abs(sb) ? sa : sb;
        final double scale = Math.abs(sa) + Math.abs(sb);
        double c = 1.0;
        double s = 0.0;
        double r = 0.0;
        double z = 0.0;
        if (scale != 0.0)
        {
            final double a = sa / scale;
            final double b = sb / scale;
            r = scale * Math.sqrt(a * a + b * b);
            r = roe >= 0.0 ? r : -r;
            c = sa / r;
            s = sb / r;
            z = 1.0;
            if (Math.abs(sa) > Math.abs(sb))
            {
                z = s;
            }
            if (Math.abs(sb) >= Math.abs(sa) && c != 0.0)
            {
                z = 1.0 / c;
            }
        }
        values[0] = r;
        values[1] = z;
        values[2] = c;
        values[3] = s;
    }

    /**
     * Reference BLAS DROTMG: d1, d2 and x1 are updated in place, {@code param} receives the flag and H.
     */
    public static void drotmg(final double[] d1, final double[] d2, final double[] x1, final double y1,
        final double[] param)
    {
        final double gam = 4096.0;
        final double gamsq = 16777216.0;
        final double rgamsq = 5.9604645E-8;
        double flag;
        double h11 = 0.0;
        double h12 = 0.0;
        double h21 = 0.0;
        double h22 = 0.0;
        double sd1 = d1[0];
        double sd2 = d2[0];
        double sx1 = x1[0];
        if (sd1 < 0.0)
        {
            flag = -1.0;
            sd1 = 0.0;
            sd2 = 0.0;
            sx1 = 0.0;
        }
        else
        {
            final double p2 = sd2 * y1;
            if (p2 == 0.0)
            {
                param[0] = -2.0;
                return;
            }
            final double p1 = sd1 * sx1;
            final double q2 = p2 * y1;
            final double q1 = p1 * sx1;
            if (Math.abs(q1) > Math.abs(q2))
            {
                h21 = -y1 / sx1;
                h12 = p2 / p1;
                final double u = 1.0 - h12 * h21;
                if (u > 0.0)
                {
                    flag = 0.0;
                    sd1 = sd1 / u;
                    sd2 = sd2 / u;
                    sx1 = sx1 * u;
                }
                else
                {
                    flag = -1.0;
                    h11 = 0.0;
                    h12 = 0.0;
                    h21 = 0.0;
                    h22 = 0.0;
                    sd1 = 0.0;
                    sd2 = 0.0;
                    sx1 = 0.0;
                }
            }
            else if (q2 < 0.0)
            {
                flag = -1.0;
                sd1 = 0.0;
                sd2 = 0.0;
                sx1 = 0.0;
            }
            else
            {
                flag = 1.0;
                h11 = p1 / p2;
                h22 = sx1 / y1;
                final double u = 1.0 + h11 * h22;
                final double temp = sd2 / u;
                sd2 = sd1 / u;
                sd1 = temp;
                sx1 = y1 * u;
            }
            if (sd1 != 0.0)
            {
                while (sd1 <= rgamsq || sd1 >= gamsq)
                {
                    if (flag == 0.0)
                    {
                        h11 = 1.0;
                        h22 = 1.0;
                    }
                    else
                    {
                        h21 = -1.0;
                        h12 = 1.0;
                    }
                    flag = -1.0;
                    if (sd1 <= rgamsq)
                    {
                        sd1 = sd1 * (gam * gam);
                        sx1 = sx1 / gam;
                        h11 = h11 / gam;
                        h12 = h12 / gam;
                    }
                    else
                    {
                        sd1 = sd1 / (gam * gam);
                        sx1 = sx1 * gam;
                        h11 = h11 * gam;
                        h12 = h12 * gam;
                    }
                }
            }
            if (sd2 != 0.0)
            {
                while (Math.abs(sd2) <= rgamsq || Math.abs(sd2) >= gamsq)
                {
                    if (flag == 0.0)
                    {
                        h11 = 1.0;
                        h22 = 1.0;
                    }
                    else
                    {
                        h21 = -1.0;
                        h12 = 1.0;
                    }
                    flag = -1.0;
                    if (Math.abs(sd2) <= rgamsq)
                    {
                        sd2 = sd2 * (gam * gam);
                        h21 = h21 / gam;
                        h22 = h22 / gam;
                    }
                    else
                    {
                        sd2 = sd2 / (gam * gam);
                        h21 = h21 * gam;
                        h22 = h22 * gam;
                    }
                }
            }
        }
        if (flag < 0.0)
        {
            param[1] = h11;
            param[2] = h21;
            param[3] = h12;
            param[4] = h22;
        }
        else if (flag == 0.0)
        {
            param[2] = h21;
            param[3] = h12;
        }
        else
        {
            param[1] = h11;
            param[4] = h22;
        }
        param[0] = flag;
        d1[0] = sd1;
        d2[0] = sd2;
        x1[0] = sx1;
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
