package io.gpurelay.emulator.ptx;

/**
 * Warp-level instructions: shuffles, votes, reductions, {@code activemask} and {@code elect}. They see the whole warp
 * at once, which is why the interpreter runs a warp's lanes together: the lanes that execute the instruction are the
 * ones in {@code mask}, and a lane's register holds its value even when that lane is not active.
 */
final class WarpOps
{
    static final int SHFL_UP = 0;
    static final int SHFL_DOWN = 1;
    static final int SHFL_BFLY = 2;
    static final int SHFL_IDX = 3;

    static final int VOTE_ALL = 0;
    static final int VOTE_ANY = 1;
    static final int VOTE_UNI = 2;
    static final int VOTE_BALLOT = 3;

    static final int REDUX_ADD = 0;
    static final int REDUX_MIN = 1;
    static final int REDUX_MAX = 2;
    static final int REDUX_AND = 3;
    static final int REDUX_OR = 4;
    static final int REDUX_XOR = 5;

    private static final long LOW32 = 0xFFFF_FFFFL;

    private WarpOps()
    {
    }

    /**
     * shfl.sync as the PTX ISA defines it: c packs the clamp value (bits 4..0) and the segment mask (bits 12..8);
     * a source lane outside the segment's range leaves the lane's own value and clears its predicate.
     *
     * @param scratch 32 longs to hold the results while sources are still being read.
     */
    static void shuffle(final long[] r, final int[] predicates, final int mask, final Instruction in,
        final long[] scratch)
    {
        final int a = in.a;
        int valid = 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final int b = (int)r[in.b + lane] & 31;
            final int c = (int)r[in.c + lane];
            final int clamp = c & 31;
            final int segmentMask = (c >>> 8) & 31;
            final int maxLane = (lane & segmentMask) | (clamp & ~segmentMask);
            final int minLane = lane & segmentMask;
            int source;
            final boolean inRange;
            switch (in.variant)
            {
                case SHFL_UP ->
                {
                    source = lane - b;
                    inRange = source >= maxLane;
                }
                case SHFL_DOWN ->
                {
                    source = lane + b;
                    inRange = source <= maxLane;
                }
                case SHFL_BFLY ->
                {
                    source = lane ^ b;
                    inRange = source <= maxLane;
                }
                default ->
                {
                    source = minLane | (b & ~segmentMask);
                    inRange = source <= maxLane;
                }
            }
            if (!inRange)
            {
                source = lane;
            }
            else
            {
                valid |= 1 << lane;
            }
            scratch[lane] = r[a + source] & LOW32;
        }
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = scratch[lane];
        }
        if (in.d2 != Instruction.NONE)
        {
            predicates[in.d2] = (predicates[in.d2] & ~mask) | valid;
        }
    }

    static void vote(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int participants = mask & membership(r, mask, in.e);
        final int values = (in.pNegated ? ~predicates[in.p] : predicates[in.p]) & participants;
        if (in.variant == VOTE_BALLOT)
        {
            final int d = in.d;
            for (int m = mask; m != 0; m &= m - 1)
            {
                r[d + Integer.numberOfTrailingZeros(m)] = values & LOW32;
            }
            return;
        }
        final boolean result = switch (in.variant)
        {
            case VOTE_ALL -> values == participants;
            case VOTE_ANY -> values != 0;
            default -> values == 0 || values == participants;
        };
        predicates[in.d] = (predicates[in.d] & ~mask) | (result ? mask : 0);
    }

    static void reduce(final long[] r, final int mask, final Instruction in)
    {
        final int participants = mask & membership(r, mask, in.e);
        final boolean signed = in.type == PtxType.S32;
        long result = switch (in.variant)
        {
            case REDUX_MIN -> signed ? Integer.MAX_VALUE : LOW32;
            case REDUX_MAX -> signed ? Integer.MIN_VALUE : 0;
            case REDUX_AND -> LOW32;
            default -> 0;
        };
        for (int m = participants; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long value = signed ? (int)r[in.a + lane] : r[in.a + lane] & LOW32;
            result = switch (in.variant)
            {
                case REDUX_ADD -> result + value;
                case REDUX_MIN -> Math.min(result, value);
                case REDUX_MAX -> Math.max(result, value);
                case REDUX_AND -> result & value;
                case REDUX_OR -> result | value;
                default -> result ^ value;
            };
        }
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            r[d + Integer.numberOfTrailingZeros(m)] = result & LOW32;
        }
    }

    static void activeMask(final long[] r, final int mask, final int active, final Instruction in)
    {
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            r[d + Integer.numberOfTrailingZeros(m)] = active & LOW32;
        }
    }

    static void elect(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int participants = mask & membership(r, mask, in.a);
        final int leader = participants == 0 ? 0 : Integer.numberOfTrailingZeros(participants);
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            r[d + Integer.numberOfTrailingZeros(m)] = leader;
        }
        if (in.d2 != Instruction.NONE)
        {
            predicates[in.d2] = (predicates[in.d2] & ~mask) | (participants & -participants);
        }
    }

    /**
     * The membermask operand as the first executing lane sees it; all lanes are required to pass the same one.
     */
    private static int membership(final long[] r, final int mask, final int operand)
    {
        return (int)r[operand + Integer.numberOfTrailingZeros(mask)];
    }
}
