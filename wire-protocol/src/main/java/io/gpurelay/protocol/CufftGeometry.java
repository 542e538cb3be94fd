package io.gpurelay.protocol;

import java.util.Arrays;

/**
 * The shape of a cuFFT plan, as {@code cufftMakePlanMany64} takes it, and where its data lies: both sides read it the
 * same way, the agent to encode the {@code cufftPlan*}/{@code cufftMakePlan*}/{@code cufftGetSize*}/
 * {@code cufftEstimate*} families as one call, the executor to check that a transform stays inside the session's
 * memory and the emulator to address its elements.
 * <p>
 * On the wire it is {@value #SLOTS} slots: type, batch, rank, n[3], whether there is an input layout, inembed[3],
 * istride, idist, whether there is an output layout, onembed[3], ostride, odist (unused entries 0). Without both
 * layouts the plan has cuFFT's basic layout, where strides and distances are ignored: elements are dense, a real array
 * of an in-place real transform padded to {@code 2 * (n/2 + 1)} reals in its last dimension, and the complex side of a
 * real transform holds the {@code n/2 + 1} non-redundant coefficients of its last dimension.
 *
 * @param type    the cufftType (C2C, R2C, C2R, Z2Z, D2Z, Z2D).
 * @param batch   how many transforms one exec call does.
 * @param n       the transform's sizes, outermost first; 1 to 3 of them.
 * @param inembed the input's storage sizes (the advanced layout), or null.
 * @param onembed the output's storage sizes, or null.
 */
public record CufftGeometry(
    int type, long batch, long[] n, long[] inembed, long istride, long idist, long[] onembed, long ostride,
    long odist)
{
    public static final int R2C = 0x2a;
    public static final int C2R = 0x2c;
    public static final int C2C = 0x29;
    public static final int D2Z = 0x6a;
    public static final int Z2D = 0x6c;
    public static final int Z2Z = 0x69;

    /** How many call arguments a geometry takes. */
    public static final int SLOTS = 18;
    public static final int MAX_RANK = 3;

    /**
     * The geometry of {@code cufftPlan1d/2d/3d} and {@code cufftMakePlan1d/2d/3d}: the basic layout.
     */
    public static CufftGeometry basic(final int type, final long batch, final long... n)
    {
        return new CufftGeometry(type, batch, n, null, 1, 0, null, 1, 0);
    }

    /**
     * Append the geometry's slots to {@code args} from {@code offset}.
     */
    public void encode(final long[] args, final int offset)
    {
        args[offset] = type;
        args[offset + 1] = batch;
        args[offset + 2] = n.length;
        for (int i = 0; i < n.length && i < MAX_RANK; i++)
        {
            args[offset + 3 + i] = n[i];
        }
        encodeLayout(args, offset + 6, inembed, istride, idist);
        encodeLayout(args, offset + 12, onembed, ostride, odist);
    }

    /**
     * The geometry in {@code args} from {@code offset}; {@link #problem} says whether it is one cuFFT takes.
     *
     * @throws IllegalArgumentException for a rank outside 1 to 3, which cannot be decoded.
     */
    public static CufftGeometry decode(final long[] args, final int offset)
    {
        final long rank = args[offset + 2];
        if (rank < 1 || rank > MAX_RANK)
        {
            throw new IllegalArgumentException("rank " + rank + " (cuFFT has ranks 1 to 3)");
        }
        final long[] n = Arrays.copyOfRange(args, offset + 3, offset + 3 + (int)rank);
        final long[] inembed = args[offset + 6] == 0 ? null :
            Arrays.copyOfRange(args, offset + 7, offset + 7 + (int)rank);
        final long[] onembed = args[offset + 12] == 0 ? null :
            Arrays.copyOfRange(args, offset + 13, offset + 13 + (int)rank);
        return new CufftGeometry((int)args[offset], args[offset + 1], n, inembed, args[offset + 10],
            args[offset + 11], onembed, args[offset + 16], args[offset + 17]);
    }

    private static void encodeLayout(
        final long[] args, final int offset, final long[] embed, final long stride, final long dist)
    {
        args[offset] = embed == null ? 0 : 1;
        for (int i = 0; embed != null && i < embed.length && i < MAX_RANK; i++)
        {
            args[offset + 1 + i] = embed[i];
        }
        args[offset + 4] = stride;
        args[offset + 5] = dist;
    }

    /**
     * The exec function of a transform type, as a program names it.
     */
    public static String execName(final int type)
    {
        return switch (type)
        {
            case C2C -> "cufftExecC2C";
            case R2C -> "cufftExecR2C";
            case C2R -> "cufftExecC2R";
            case Z2Z -> "cufftExecZ2Z";
            case D2Z -> "cufftExecD2Z";
            case Z2D -> "cufftExecZ2D";
            default -> "cufftExec of type 0x" + Integer.toHexString(type);
        };
    }

    public int rank()
    {
        return n.length;
    }

    public static boolean isValidType(final int type)
    {
        return type == R2C || type == C2R || type == C2C || type == D2Z || type == Z2D || type == Z2Z;
    }

    public static boolean isDouble(final int type)
    {
        return type == D2Z || type == Z2D || type == Z2Z;
    }

    public boolean isDouble()
    {
        return isDouble(type);
    }

    /** Whether the input is real (R2C, D2Z). */
    public boolean realInput()
    {
        return type == R2C || type == D2Z;
    }

    /** Whether the output is real (C2R, Z2D). */
    public boolean realOutput()
    {
        return type == C2R || type == Z2D;
    }

    /** Bytes of one input element: a real or a complex number of the type's precision. */
    public int inputElementBytes()
    {
        return (isDouble() ? Double.BYTES : Float.BYTES) * (realInput() ? 1 : 2);
    }

    public int outputElementBytes()
    {
        return (isDouble() ? Double.BYTES : Float.BYTES) * (realOutput() ? 1 : 2);
    }

    /** Whether the plan has cuFFT's advanced layout (both embeds given). */
    public boolean advanced()
    {
        return inembed != null && onembed != null;
    }

    /**
     * What cuFFT would refuse in this geometry, with the status it refuses it with; null where it is one cuFFT takes.
     */
    public Problem problem()
    {
        if (!isValidType(type))
        {
            return new Problem(CufftStatus.INVALID_TYPE, "type 0x" + Integer.toHexString(type) + " is no cufftType");
        }
        if (n.length < 1 || n.length > MAX_RANK)
        {
            return new Problem(CufftStatus.INVALID_VALUE, "rank " + n.length + " (cuFFT has ranks 1 to 3)");
        }
        if (batch < 1)
        {
            return new Problem(CufftStatus.INVALID_VALUE, "batch " + batch);
        }
        long elements = 1;
        for (final long size : n)
        {
            if (size < 1 || size > Integer.MAX_VALUE)
            {
                return new Problem(CufftStatus.INVALID_SIZE, "size " + size + " in " + Arrays.toString(n));
            }
            elements = multiply(elements, size);
            if (elements < 0)
            {
                return new Problem(CufftStatus.INVALID_SIZE, "sizes " + Arrays.toString(n) + " overflow");
            }
        }
        if (advanced())
        {
            if (inembed.length != n.length || onembed.length != n.length)
            {
                return new Problem(CufftStatus.INVALID_VALUE, "inembed and onembed need one entry per dimension");
            }
            if (istride < 1 || ostride < 1 || idist < 0 || odist < 0)
            {
                return new Problem(CufftStatus.INVALID_VALUE, "strides must be positive and distances not negative");
            }
            final long[] inputDims = input(false).dims;
            final long[] outputDims = output(false).dims;
            for (int d = 1; d < n.length; d++)
            {
                if (inembed[d] < inputDims[d] || onembed[d] < outputDims[d])
                {
                    return new Problem(CufftStatus.INVALID_VALUE, "inembed " + Arrays.toString(inembed) +
                        " or onembed " + Arrays.toString(onembed) + " smaller than the data " +
                        Arrays.toString(inputDims) + " / " + Arrays.toString(outputDims));
                }
            }
        }
        final Side in = input(false);
        final Side out = output(false);
        if (in.extentElements(batch) < 0 || out.extentElements(batch) < 0 ||
            input(true).extentElements(batch) < 0 || output(true).extentElements(batch) < 0)
        {
            return new Problem(CufftStatus.INVALID_SIZE, "the data's extent overflows");
        }
        return null;
    }

    /**
     * The input's layout.
     *
     * @param inPlace whether input and output are one array (pads the real array of a basic-layout real transform).
     */
    public Side input(final boolean inPlace)
    {
        final long[] dims = realOutput() ? half(n) : n.clone();
        if (advanced())
        {
            return new Side(dims, inembed.clone(), istride, idist);
        }
        return dense(dims, realInput() && inPlace);
    }

    /**
     * The output's layout.
     *
     * @param inPlace whether input and output are one array.
     */
    public Side output(final boolean inPlace)
    {
        final long[] dims = realInput() ? half(n) : n.clone();
        if (advanced())
        {
            return new Side(dims, onembed.clone(), ostride, odist);
        }
        return dense(dims, realOutput() && inPlace);
    }

    private static Side dense(final long[] dims, final boolean paddedReal)
    {
        final long[] embed = dims.clone();
        if (paddedReal)
        {
            embed[embed.length - 1] = 2 * (dims[dims.length - 1] / 2 + 1);
        }
        long dist = 1;
        for (final long size : embed)
        {
            dist = multiply(dist, size);
        }
        return new Side(dims, embed, 1, dist);
    }

    /**
     * The complex side of a real transform: the last dimension holds n/2 + 1 coefficients.
     */
    private static long[] half(final long[] n)
    {
        final long[] half = n.clone();
        half[half.length - 1] = n[n.length - 1] / 2 + 1;
        return half;
    }

    private static long multiply(final long a, final long b)
    {
        if (a < 0 || b < 0)
        {
            return -1;
        }
        final long high = Math.multiplyHigh(a, b);
        final long product = a * b;
        return high != 0 || product < 0 ? -1 : product;
    }

    public boolean equals(final Object other)
    {
        return other instanceof CufftGeometry that && type == that.type && batch == that.batch &&
            Arrays.equals(n, that.n) && Arrays.equals(inembed, that.inembed) && istride == that.istride &&
            idist == that.idist && Arrays.equals(onembed, that.onembed) && ostride == that.ostride &&
            odist == that.odist;
    }

    public int hashCode()
    {
        return Arrays.hashCode(n) * 31 + type;
    }

    public String toString()
    {
        return "CufftGeometry[type=0x" + Integer.toHexString(type) + ", batch=" + batch + ", n=" +
            Arrays.toString(n) + (advanced() ? ", inembed=" + Arrays.toString(inembed) + ", istride=" + istride +
            ", idist=" + idist + ", onembed=" + Arrays.toString(onembed) + ", ostride=" + ostride + ", odist=" +
            odist : "") + "]";
    }

    /**
     * What cuFFT refuses in a geometry.
     *
     * @param status the cufftResult it refuses it with.
     */
    public record Problem(int status, String message)
    {
    }

    /**
     * Where one side's elements lie: element {@code index} (one per dimension, outermost first) of transform
     * {@code b} is at element offset {@code b * dist + stride * (index[0] * embed[1] * embed[2] + ...)}; the
     * outermost storage size, {@code embed[0]}, places nothing.
     *
     * @param dims  the logical sizes of this side (the half spectrum's for the complex side of a real transform).
     * @param embed the storage sizes.
     */
    public record Side(long[] dims, long[] embed, long stride, long dist)
    {
        /**
         * @return element offsets between neighbours along each dimension.
         */
        public long[] pitches()
        {
            final long[] pitches = new long[dims.length];
            long pitch = stride;
            for (int d = dims.length - 1; d >= 0; d--)
            {
                pitches[d] = pitch;
                pitch = multiply(pitch, embed[d]);
            }
            return pitches;
        }

        /**
         * @return how many elements from the first one the batch's transforms reach (one past the last touched), or
         * -1 where that overflows.
         */
        public long extentElements(final long batch)
        {
            final long[] pitches = pitches();
            long last = multiply(batch - 1, dist);
            for (int d = 0; d < dims.length && last >= 0; d++)
            {
                final long step = multiply(dims[d] - 1, pitches[d]);
                last = step < 0 || last + step < 0 ? -1 : last + step;
            }
            return last < 0 || last == Long.MAX_VALUE ? -1 : last + 1;
        }

        /** Elements of one transform on this side: the product of the logical sizes. */
        public long count()
        {
            long count = 1;
            for (final long size : dims)
            {
                count *= size;
            }
            return count;
        }
    }
}
