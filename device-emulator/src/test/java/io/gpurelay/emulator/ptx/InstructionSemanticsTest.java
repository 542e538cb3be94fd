package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hand-written PTX for instruction corners the compiled kernels do not reach: rounding modes, saturation, bit-field
 * instructions, NaN handling, block reductions, atomics on shared memory, generic addressing. Expected values come
 * from the PTX ISA's definitions, computed in Java.
 */
class InstructionSemanticsTest
{
    private static final int OUT_BYTES = 512;

    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    /**
     * Run {@code body} in a kernel whose {@code %rd1} points at a zeroed output buffer and {@code %rd2} at the input.
     *
     * @return the output buffer, little endian.
     */
    private ByteBuffer run(final String body, final byte[] input, final int threads)
    {
        final String ptx = """
            .version 9.0
            .target sm_90
            .address_size 64
            .visible .entry test(.param .u64 out, .param .u64 in)
            {
                .reg .pred %p<16>;
                .reg .b16 %h<16>;
                .reg .b32 %r<64>;
                .reg .b64 %rd<32>;
                .reg .f32 %f<32>;
                .reg .f64 %fd<16>;
                .shared .align 16 .b8 scratch[1024];
                ld.param.u64 %rd1, [out];
                ld.param.u64 %rd2, [in];
            """ + body + """
                ret;
            }
            """;
        final ModuleInstance module = device.loadSource(ptx);
        final long out = device.allocate(OUT_BYTES * threads);
        final long in = device.upload(input.length == 0 ? new byte[8] : input);
        module.launch("test", 1, 1, 1, threads, 1, 1, 0,
            ParameterBuffer.of(module, "test").putLong(0, out).putLong(1, in).bytes());
        return ByteBuffer.wrap(device.download(out, OUT_BYTES * threads)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private ByteBuffer run(final String body)
    {
        return run(body, new byte[0], 1);
    }

    private static byte[] floats(final float... values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (final float value : values)
        {
            buffer.putFloat(value);
        }
        return buffer.array();
    }

    private static String hex(final float value)
    {
        return String.format("0f%08X", Float.floatToRawIntBits(value));
    }

    private static String hex(final double value)
    {
        return String.format("0d%016X", Double.doubleToRawLongBits(value));
    }

    @Test
    void floatToIntegerConversionsRoundSaturateAndMapNanToZero()
    {
        final ByteBuffer out = run("""
                mov.f32 %f1, 0f40200000;
                cvt.rni.s32.f32 %r1, %f1;
                cvt.rzi.s32.f32 %r2, %f1;
                cvt.rmi.s32.f32 %r3, %f1;
                cvt.rpi.s32.f32 %r4, %f1;
                neg.f32 %f2, %f1;
                cvt.rni.s32.f32 %r5, %f2;
                cvt.rmi.s32.f32 %r6, %f2;
                mov.f32 %f3, 0f501502F9;
                cvt.rzi.s32.f32 %r7, %f3;
                mov.f32 %f4, 0f7FC00000;
                cvt.rzi.s32.f32 %r8, %f4;
                mov.f32 %f5, 0fBF800000;
                cvt.rzi.u32.f32 %r9, %f5;
                cvt.rzi.u16.f32 %r10, %f3;
                cvt.rzi.s8.f32 %r11, %f5;
                cvt.rzi.u64.f32 %rd3, %f3;
                cvt.rni.s64.f32 %rd4, %f2;
                st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
                st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};
                st.global.v2.u32 [%rd1+32], {%r9, %r10};
                st.global.u32 [%rd1+40], %r11;
                st.global.u64 [%rd1+48], %rd3;
                st.global.u64 [%rd1+56], %rd4;
            """);
        assertArrayEquals(new int[]{2, 2, 2, 3, -2, -3, Integer.MAX_VALUE, 0, 0, 0xFFFF, -1},
            new int[]{out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12), out.getInt(16), out.getInt(20),
                out.getInt(24), out.getInt(28), out.getInt(32), out.getInt(36), out.getInt(40)});
        assertEquals(10_000_000_000L, out.getLong(48));
        assertEquals(-2L, out.getLong(56));
    }

    @Test
    void integerToIntegerConversionsExtendWrapAndSaturate()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, 300;
                cvt.s8.s32 %r2, %r1;
                cvt.sat.s8.s32 %r3, %r1;
                mov.u32 %r4, -5;
                cvt.u16.s32 %r5, %r4;
                cvt.sat.u16.s32 %r6, %r4;
                cvt.s64.s32 %rd3, %r4;
                cvt.u64.u32 %rd4, %r4;
                cvt.u64.s32 %rd5, %r4;
                mov.u64 %rd6, -1;
                cvt.sat.s32.u64 %r7, %rd6;
                cvt.sat.u32.s64 %r8, %rd6;
                st.global.v4.u32 [%rd1], {%r2, %r3, %r5, %r6};
                st.global.v2.u32 [%rd1+16], {%r7, %r8};
                st.global.v2.u64 [%rd1+32], {%rd3, %rd4};
                st.global.u64 [%rd1+48], %rd5;
            """);
        assertEquals(44, out.getInt(0));
        assertEquals(127, out.getInt(4));
        assertEquals(0xFFFB, out.getInt(8));
        assertEquals(0, out.getInt(12));
        assertEquals(Integer.MAX_VALUE, out.getInt(16));
        assertEquals(0, out.getInt(20));
        assertEquals(-5L, out.getLong(32));
        assertEquals(0xFFFF_FFFBL, out.getLong(40));
        assertEquals(-5L, out.getLong(48));
    }

    @Test
    void floatConversionsHonourTheRoundingMode()
    {
        final double third = 1.0 / 3.0;
        final ByteBuffer out = run("""
                mov.f64 %fd1, %s;
                cvt.rn.f32.f64 %f1, %fd1;
                cvt.rz.f32.f64 %f2, %fd1;
                cvt.rm.f32.f64 %f3, %fd1;
                cvt.rp.f32.f64 %f4, %fd1;
                mov.u32 %r1, 16777217;
                cvt.rn.f32.s32 %f5, %r1;
                cvt.rp.f32.s32 %f6, %r1;
                mov.u64 %rd3, -1;
                cvt.rn.f32.u64 %f7, %rd3;
                cvt.rz.f64.u64 %fd2, %rd3;
                mov.f32 %f8, 0f3FC00000;
                cvt.sat.f32.f32 %f9, %f8;
                mov.f64 %fd3, 0d47EFFFFFF0000000;
                cvt.rz.f32.f64 %f10, %fd3;
                cvt.rn.f32.f64 %f11, %fd3;
                st.global.v4.f32 [%rd1], {%f1, %f2, %f3, %f4};
                st.global.v4.f32 [%rd1+16], {%f5, %f6, %f7, %f9};
                st.global.f64 [%rd1+32], %fd2;
                st.global.v2.f32 [%rd1+40], {%f10, %f11};
            """.replace("%s", hex(third)));
        final float nearest = (float)third;
        assertEquals(nearest, out.getFloat(0));
        assertEquals(Math.nextDown(nearest), out.getFloat(4), "1/3 rounds up to nearest, so rz is one ulp below");
        assertEquals(Math.nextDown(nearest), out.getFloat(8));
        assertEquals(nearest, out.getFloat(12));
        assertEquals(16777216.0f, out.getFloat(16), "2^24 + 1 rounds to even");
        assertEquals(16777218.0f, out.getFloat(20));
        assertEquals(0x1p64f, out.getFloat(24), "the largest u64 rounds to 2^64");
        assertEquals(1.0f, out.getFloat(28), "sat clamps to 1.0");
        assertEquals(Math.nextDown(0x1p64), out.getDouble(32), "the largest u64 toward zero");
        assertEquals(Float.MAX_VALUE, out.getFloat(40), "halfway above FLT_MAX toward zero");
        assertEquals(Float.POSITIVE_INFINITY, out.getFloat(44), "and to nearest even");
    }

    @Test
    void halfAndBfloat16Conversions()
    {
        final ByteBuffer out = run("""
                mov.f32 %f1, 0f3EAAAAAB;
                cvt.rn.f16.f32 %h1, %f1;
                cvt.f32.f16 %f2, %h1;
                mov.f32 %f3, 0f477FF000;
                cvt.rn.f16.f32 %h2, %f3;
                cvt.rz.f16.f32 %h3, %f3;
                mov.f32 %f4, 0f33800000;
                cvt.rn.f16.f32 %h4, %f4;
                cvt.rn.bf16.f32 %h5, %f1;
                cvt.f32.bf16 %f5, %h5;
                mov.f32 %f6, 0f40400000;
                cvt.rn.f16x2.f32 %r1, %f6, %f1;
                st.global.f32 [%rd1], %f2;
                st.global.v4.u16 [%rd1+8], {%h2, %h3, %h4, %h5};
                st.global.f32 [%rd1+16], %f5;
                st.global.u32 [%rd1+20], %r1;
            """);
        assertEquals(0.333251953125f, out.getFloat(0), "1/3 in half precision");
        assertEquals(0x7C00, out.getShort(8) & 0xFFFF, "65520 overflows to infinity when rounding to nearest");
        assertEquals(0x7BFF, out.getShort(10) & 0xFFFF, "and to the largest half toward zero");
        assertEquals(0x0001, out.getShort(12) & 0xFFFF, "2^-24 is the smallest subnormal half");
        assertEquals(0x3EAB, out.getShort(14) & 0xFFFF, "bfloat16 of 1/3 rounds the float's upper half up");
        assertEquals(Float.intBitsToFloat(0x3EAB0000), out.getFloat(16));
        assertEquals(0x4200_3555, out.getInt(20), "f16x2 packs the first operand high");
    }

    @Test
    void directedRoundingAndFlushToZero()
    {
        final float tiny = 0x1p-30f;
        final ByteBuffer out = run("""
                mov.f32 %f1, 0f3F800000;
                mov.f32 %f2, %t;
                add.rz.f32 %f3, %f1, %f2;
                add.rp.f32 %f4, %f1, %f2;
                neg.f32 %f5, %f1;
                neg.f32 %f6, %f2;
                add.rm.f32 %f7, %f5, %f6;
                add.rm.f32 %f8, %f1, %f5;
                add.rn.f32 %f9, %f1, %f5;
                mov.f32 %f10, 0f3EAAAAAB;
                mov.f32 %f11, 0f40400000;
                mul.rz.f32 %f12, %f10, %f11;
                mul.rp.f32 %f13, %f10, %f11;
                fma.rm.f32 %f14, %f10, %f11, %f5;
                fma.rp.f32 %f15, %f10, %f11, %f5;
                mov.f32 %f16, 0f3F333333;
                mov.f32 %f17, 0f3F19999A;
                add.sat.f32 %f18, %f16, %f17;
                mov.f32 %f19, 0f0DA24260;
                mov.f32 %f20, 0f2EDBE6FF;
                mul.ftz.f32 %f21, %f19, %f20;
                mul.f32 %f22, %f19, %f20;
                sub.rz.f32 %f23, %f1, %f2;
                st.global.v4.f32 [%rd1], {%f3, %f4, %f7, %f8};
                st.global.v4.f32 [%rd1+16], {%f9, %f12, %f13, %f14};
                st.global.v4.f32 [%rd1+32], {%f15, %f18, %f21, %f22};
                st.global.f32 [%rd1+48], %f23;
            """.replace("%t", hex(tiny)));
        assertEquals(1.0f, out.getFloat(0));
        assertEquals(Math.nextUp(1.0f), out.getFloat(4));
        assertEquals(Math.nextDown(-1.0f), out.getFloat(8));
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(out.getFloat(12)),
            "x + -x is -0 when rounding down");
        assertEquals(Float.floatToRawIntBits(0.0f), Float.floatToRawIntBits(out.getFloat(16)));
        final float third = Float.intBitsToFloat(0x3EAAAAAB);
        final double exactProduct = (double)third * 3.0;
        assertTrue(exactProduct > 1.0);
        assertEquals(1.0f, out.getFloat(20));
        assertEquals(Math.nextUp(1.0f), out.getFloat(24));
        assertEquals((float)(exactProduct - 1.0), out.getFloat(28), "fma keeps the product exact before adding");
        assertEquals((float)(exactProduct - 1.0), out.getFloat(32));
        assertEquals(1.0f, out.getFloat(36), "sat clamps to 1.0");
        final float x = Float.intBitsToFloat(0x0DA24260);
        final float y = Float.intBitsToFloat(0x2EDBE6FF);
        assertTrue(Math.abs(x * y) < Float.MIN_NORMAL && x * y != 0.0f);
        assertEquals(0.0f, out.getFloat(40), "ftz flushes a subnormal product");
        assertEquals(x * y, out.getFloat(44));
        assertEquals(Math.nextDown(1.0f), out.getFloat(48));
    }

    @Test
    void floatComparisonsWithNanAndCombinedPredicates()
    {
        final ByteBuffer out = run("""
                mov.f32 %f1, 0f7FC00000;
                mov.f32 %f2, 0f3F800000;
                setp.lt.f32 %p1, %f1, %f2;
                setp.ltu.f32 %p2, %f1, %f2;
                setp.ne.f32 %p3, %f1, %f2;
                setp.neu.f32 %p4, %f1, %f2;
                setp.num.f32 %p5, %f2, %f2;
                setp.nan.f32 %p6, %f1, %f2;
                setp.gt.and.f32 %p7|%p8, %f2, 0f00000000, %p5;
                setp.gt.or.f32 %p9, %f2, 0f40000000, !%p5;
                selp.u32 %r1, 1, 0, %p1;
                selp.u32 %r2, 1, 0, %p2;
                selp.u32 %r3, 1, 0, %p3;
                selp.u32 %r4, 1, 0, %p4;
                selp.u32 %r5, 1, 0, %p5;
                selp.u32 %r6, 1, 0, %p6;
                selp.u32 %r7, 1, 0, %p7;
                selp.u32 %r8, 1, 0, %p8;
                selp.u32 %r9, 1, 0, %p9;
                min.f32 %f3, %f1, %f2;
                min.NaN.f32 %f4, %f1, %f2;
                mov.f32 %f5, 0f80000000;
                max.f32 %f6, %f5, 0f00000000;
                min.f32 %f7, %f5, 0f00000000;
                set.lt.u32.s32 %r10, -3, 2;
                set.lt.f32.u32 %r11, -3, 2;
                slct.u32.f32 %r12, 7, 9, %f5;
                slct.s32.s32 %r13, 7, 9, -1;
                testp.notanumber.f32 %p10, %f1;
                testp.subnormal.f32 %p11, 0f00000001;
                testp.normal.f32 %p12, 0f00000000;
                selp.u32 %r14, 1, 0, %p10;
                selp.u32 %r15, 1, 0, %p11;
                selp.u32 %r16, 1, 0, %p12;
                st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
                st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};
                st.global.u32 [%rd1+32], %r9;
                st.global.v4.f32 [%rd1+48], {%f3, %f4, %f6, %f7};
                st.global.v4.u32 [%rd1+64], {%r10, %r11, %r12, %r13};
                st.global.v2.u32 [%rd1+80], {%r14, %r15};
                st.global.u32 [%rd1+88], %r16;
            """);
        assertArrayEquals(new int[]{0, 1, 0, 1, 1, 1, 1, 0, 0},
            new int[]{out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12), out.getInt(16), out.getInt(20),
                out.getInt(24), out.getInt(28), out.getInt(32)});
        assertEquals(1.0f, out.getFloat(48), "min ignores a NaN operand");
        assertTrue(Float.isNaN(out.getFloat(52)), "min.NaN propagates it");
        assertEquals(Float.floatToRawIntBits(0.0f), Float.floatToRawIntBits(out.getFloat(56)));
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(out.getFloat(60)));
        assertEquals(-1, out.getInt(64));
        assertEquals(0, out.getInt(68), "as unsigned, 0xFFFFFFFD is not below 2");
        assertEquals(7, out.getInt(72), "-0.0 >= 0 selects the first operand");
        assertEquals(9, out.getInt(76));
        assertArrayEquals(new int[]{1, 1, 0}, new int[]{out.getInt(80), out.getInt(84), out.getInt(88)});
    }

    @Test
    void integerArithmeticCorners()
    {
        final ByteBuffer out = run("""
                div.u32 %r1, 5, 0;
                rem.s32 %r2, 7, 0;
                div.s32 %r3, -2147483648, -1;
                mov.u64 %rd3, -1;
                mul.hi.u64 %rd4, %rd3, 2;
                mul.hi.s64 %rd5, %rd3, 2;
                mov.b16 %h1, 0xFFFF;
                mul.wide.u16 %r4, %h1, %h1;
                mul24.lo.s32 %r5, 0x00800000, 2;
                mul24.hi.u32 %r6, 0xFFFFFF, 0xFFFFFF;
                add.sat.s32 %r7, 2147483647, 1;
                sub.sat.s32 %r8, -2147483648, 1;
                shl.b32 %r9, 1, 40;
                shr.s32 %r10, -8, 40;
                shr.u32 %r11, -8, 33;
                mov.b16 %h2, 0x8000;
                shr.u16 %h3, %h2, 15;
                shr.s16 %h4, %h2, 15;
                cvt.u32.u16 %r12, %h3;
                cvt.s32.s16 %r13, %h4;
                min.u32 %r14, 1, -1;
                abs.s32 %r15, -2147483648;
                cnot.b32 %r16, 0;
                cnot.b32 %r17, 5;
                mad.lo.s32 %r18, 3, 4, 5;
                mad.hi.u32 %r19, -1, -1, 7;
                mad.wide.s32 %rd6, -2, 3, 100;
                neg.s64 %rd7, 9;
                st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
                st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};
                st.global.v4.u32 [%rd1+32], {%r9, %r10, %r11, %r12};
                st.global.v4.u32 [%rd1+48], {%r13, %r14, %r15, %r16};
                st.global.v2.u32 [%rd1+64], {%r17, %r18};
                st.global.u32 [%rd1+72], %r19;
                st.global.v2.u64 [%rd1+80], {%rd4, %rd5};
                st.global.v2.u64 [%rd1+96], {%rd6, %rd7};
            """);
        assertArrayEquals(new int[]{
            -1, 7, Integer.MIN_VALUE, 0xFFFE_0001, -16777216, 0xFFFF_FE00, Integer.MAX_VALUE, Integer.MIN_VALUE,
            0, -1, 0, 1, -1, 1, Integer.MIN_VALUE, 1, 0, 17, 0xFFFF_FFFE + 7},
            new int[]{out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12), out.getInt(16), out.getInt(20),
                out.getInt(24), out.getInt(28), out.getInt(32), out.getInt(36), out.getInt(40), out.getInt(44),
                out.getInt(48), out.getInt(52), out.getInt(56), out.getInt(60), out.getInt(64), out.getInt(68),
                out.getInt(72)});
        assertEquals(1L, out.getLong(80));
        assertEquals(-1L, out.getLong(88));
        assertEquals(94L, out.getLong(96));
        assertEquals(-9L, out.getLong(104));
    }

    @Test
    void bitFieldPermuteFunnelShiftAndLogic()
    {
        final ByteBuffer out = run("""
                bfe.u32 %r1, 0xF0F0F0F0, 4, 8;
                bfe.s32 %r2, 0x00000F00, 8, 4;
                bfe.u32 %r3, 0xFFFFFFFF, 40, 8;
                bfe.s32 %r4, 0x80000000, 28, 8;
                bfi.b32 %r5, 0xAB, 0xFFFFFFFF, 8, 8;
                prmt.b32 %r6, 0x33221100, 0x77665544, 0x5140;
                prmt.b32.f4e %r7, 0x33221100, 0x77665544, 1;
                prmt.b32.b4e %r8, 0x33221100, 0x77665544, 0;
                prmt.b32.rc8 %r9, 0x33221100, 0x77665544, 2;
                prmt.b32.ecl %r10, 0x33221100, 0x77665544, 1;
                prmt.b32.ecr %r11, 0x33221100, 0x77665544, 2;
                prmt.b32.rc16 %r12, 0x33221100, 0x77665544, 1;
                prmt.b32 %r13, 0x00000080, 0, 0x3218;
                shf.l.wrap.b32 %r14, 0x80000001, 0x12345678, 36;
                shf.r.clamp.b32 %r15, 0x80000001, 0x12345678, 40;
                shf.r.wrap.b32 %r16, 0x80000001, 0x12345678, 4;
                lop3.b32 %r17, 0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA, 0x96;
                bfind.u32 %r18, 0x00010000;
                bfind.shiftamt.u32 %r19, 0x00010000;
                bfind.s32 %r20, -1;
                bfind.s32 %r21, -2;
                dp4a.u32.u32 %r22, 0x01020304, 0x01010101, 10;
                dp4a.s32.s32 %r23, 0xFF000000, 0x02000000, 0;
                mov.u64 %rd3, 0x00F0000000000001;
                popc.b64 %r24, %rd3;
                clz.b64 %r25, %rd3;
                brev.b64 %rd4, %rd3;
                bfi.b64 %rd5, 0xF, 0, 62, 8;
                st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
                st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};
                st.global.v4.u32 [%rd1+32], {%r9, %r10, %r11, %r12};
                st.global.v4.u32 [%rd1+48], {%r13, %r14, %r15, %r16};
                st.global.v4.u32 [%rd1+64], {%r17, %r18, %r19, %r20};
                st.global.v4.u32 [%rd1+80], {%r21, %r22, %r23, %r24};
                st.global.u32 [%rd1+96], %r25;
                st.global.v2.u64 [%rd1+112], {%rd4, %rd5};
            """);
        assertArrayEquals(new int[]{
            0x0F, -1, 0, 0xFFFF_FFF8, 0xFFFF_ABFF, 0x5511_4400, 0x4433_2211, 0x5566_7700,
            0x2222_2222, 0x3322_1111, 0x2222_1100, 0x3322_3322, 0x0000_00FF, 0x2345_6788, 0x1234_5678, 0x8800_0000,
            0xF0F0F0F0 ^ 0xCCCCCCCC ^ 0xAAAAAAAA, 16, 15, -1, 0, 20, -2, 5, 8},
            new int[]{out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12), out.getInt(16), out.getInt(20),
                out.getInt(24), out.getInt(28), out.getInt(32), out.getInt(36), out.getInt(40), out.getInt(44),
                out.getInt(48), out.getInt(52), out.getInt(56), out.getInt(60), out.getInt(64), out.getInt(68),
                out.getInt(72), out.getInt(76), out.getInt(80), out.getInt(84), out.getInt(88), out.getInt(92),
                out.getInt(96)});
        assertEquals(Long.reverse(0x00F0_0000_0000_0001L), out.getLong(112));
        assertEquals(0xC000_0000_0000_0000L, out.getLong(120));
    }

    @Test
    void blockReductionsAtBarriersAndWarpReductions()
    {
        final int threads = 96;
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                and.b32 %r2, %r1, 3;
                setp.eq.s32 %p1, %r2, 0;
                bar.red.popc.u32 %r3, 0, %p1;
                setp.lt.u32 %p2, %r1, 96;
                bar.red.and.pred %p3, 1, %p2;
                setp.eq.s32 %p4, %r1, 95;
                bar.red.or.pred %p5, 2, %p4;
                bar.red.and.pred %p6, 3, %p4;
                selp.u32 %r4, 1, 0, %p3;
                selp.u32 %r5, 1, 0, %p5;
                selp.u32 %r6, 1, 0, %p6;
                redux.sync.add.s32 %r7, %r1, -1;
                redux.sync.max.u32 %r8, %r1, -1;
                redux.sync.xor.b32 %r9, %r1, -1;
                elect.sync %r10|%p7, -1;
                selp.u32 %r11, 1, 0, %p7;
                vote.sync.uni.pred %p8, %p1, -1;
                selp.u32 %r12, 1, 0, %p8;
                mov.u32 %r13, %laneid;
                mov.u32 %r14, %lanemask_lt;
                mov.u32 %r15, %warpid;
                mul.wide.u32 %rd3, %r1, 64;
                add.s64 %rd4, %rd1, %rd3;
                st.global.v4.u32 [%rd4], {%r3, %r4, %r5, %r6};
                st.global.v4.u32 [%rd4+16], {%r7, %r8, %r9, %r10};
                st.global.v4.u32 [%rd4+32], {%r11, %r12, %r13, %r14};
                st.global.u32 [%rd4+48], %r15;
            """, new byte[0], threads);
        for (int tid = 0; tid < threads; tid++)
        {
            final int at = tid * 64;
            final int warp = tid / 32;
            final int lane = tid % 32;
            int sum = 0;
            int xor = 0;
            for (int l = 0; l < 32; l++)
            {
                sum += warp * 32 + l;
                xor ^= warp * 32 + l;
            }
            final String where = "thread " + tid;
            assertEquals(24, out.getInt(at), where + " popc");
            assertEquals(1, out.getInt(at + 4), where + " and");
            assertEquals(1, out.getInt(at + 8), where + " or");
            assertEquals(0, out.getInt(at + 12), where + " and of a mostly false predicate");
            assertEquals(sum, out.getInt(at + 16), where + " redux add");
            assertEquals(warp * 32 + 31, out.getInt(at + 20), where + " redux max");
            assertEquals(xor, out.getInt(at + 24), where + " redux xor");
            assertEquals(0, out.getInt(at + 28), where + " elected lane");
            assertEquals(lane == 0 ? 1 : 0, out.getInt(at + 32), where + " elect predicate");
            assertEquals(0, out.getInt(at + 36), where + " vote uni of a varying predicate");
            assertEquals(lane, out.getInt(at + 40), where + " laneid");
            assertEquals((1 << lane) - 1, out.getInt(at + 44), where + " lanemask_lt");
            assertEquals(warp, out.getInt(at + 48), where + " warpid");
        }
    }

    @Test
    void sharedMemoryAtomicsAndGenericAddressing()
    {
        final int threads = 64;
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                mov.u32 %r2, scratch;
                setp.ne.s32 %p1, %r1, 0;
                @%p1 bra INIT_DONE;
                st.shared.u32 [%r2], 0;
                st.shared.u32 [%r2+4], 0;
                st.shared.u32 [%r2+8], -1;
                st.shared.u32 [%r2+12], 0;
                st.shared.u32 [%r2+16], 0;
                st.shared.u32 [%r2+20], 5;
            INIT_DONE:
                bar.sync 0;
                atom.shared.add.u32 %r3, [%r2], %r1;
                atom.shared.inc.u32 %r4, [%r2+4], 9;
                atom.shared.min.u32 %r5, [%r2+8], %r1;
                atom.shared.max.s32 %r6, [%r2+12], %r1;
                atom.shared.or.b32 %r7, [%r2+16], %r1;
                atom.shared.cas.b32 %r8, [%r2+20], 5, 77;
                mov.u64 %rd3, scratch;
                cvta.shared.u64 %rd4, %rd3;
                isspacep.shared %p2, %rd4;
                selp.u32 %r9, 1, 0, %p2;
                isspacep.global %p3, %rd1;
                selp.u32 %r10, 1, 0, %p3;
                atom.add.u32 %r11, [%rd4+24], 1;
                bar.sync 0;
                ld.v4.u32 {%r12, %r13, %r14, %r15}, [%rd4];
                ld.v2.u32 {%r16, %r17}, [%rd4+16];
                ld.u32 %r18, [%rd4+24];
                cvta.to.shared.u64 %rd5, %rd4;
                cvt.u32.u64 %r19, %rd5;
                mul.wide.u32 %rd6, %r1, 64;
                add.s64 %rd7, %rd1, %rd6;
                st.global.v4.u32 [%rd7], {%r12, %r13, %r14, %r15};
                st.global.v4.u32 [%rd7+16], {%r16, %r17, %r18, %r9};
                st.global.v4.u32 [%rd7+32], {%r10, %r19, %r8, %r4};
            """, new byte[0], threads);
        int casWinners = 0;
        for (int tid = 0; tid < threads; tid++)
        {
            final int at = tid * 64;
            final String where = "thread " + tid;
            assertEquals(threads * (threads - 1) / 2, out.getInt(at), where + " add");
            assertEquals(threads % 10, out.getInt(at + 4), where + " inc wraps at 9");
            assertEquals(0, out.getInt(at + 8), where + " min");
            assertEquals(threads - 1, out.getInt(at + 12), where + " max");
            assertEquals(63, out.getInt(at + 16), where + " or");
            assertEquals(77, out.getInt(at + 20), where + " cas");
            assertEquals(threads, out.getInt(at + 24), where + " generic atomic add");
            assertEquals(1, out.getInt(at + 28), where + " isspacep.shared");
            assertEquals(1, out.getInt(at + 32), where + " isspacep.global");
            assertEquals(0, out.getInt(at + 36), where + " cvta round trip");
            casWinners += out.getInt(at + 40) == 5 ? 1 : 0;
            assertTrue(out.getInt(at + 44) >= 0 && out.getInt(at + 44) <= 9, where + " inc old value");
        }
        assertEquals(1, casWinners, "exactly one cas sees the expected value");
    }

    @Test
    void globalAtomicsOnWordsAndDoubles()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                cvt.rn.f64.u32 %fd1, %r1;
                atom.global.add.f64 %fd2, [%rd1], %fd1;
                cvt.u64.u32 %rd3, %r1;
                atom.global.add.u64 %rd4, [%rd1+8], %rd3;
                red.global.add.u32 [%rd1+16], 2;
                atom.global.exch.b32 %r2, [%rd1+20], %r1;
                atom.global.dec.u32 %r3, [%rd1+24], 4;
                atom.global.cas.b64 %rd5, [%rd1+32], 0, 99;
                atom.global.max.u64 %rd6, [%rd1+40], %rd3;
                atom.global.xor.b32 %r4, [%rd1+48], 1;
            """, new byte[0], 40);
        assertEquals(40 * 39 / 2.0, out.getDouble(0));
        assertEquals(40 * 39 / 2, out.getLong(8));
        assertEquals(80, out.getInt(16));
        assertTrue(out.getInt(20) >= 0 && out.getInt(20) < 40);
        assertEquals(0, out.getInt(24), "dec wraps from 0 to 4, so 40 decrements from 0 come back to 0");
        assertEquals(99, out.getLong(32));
        assertEquals(39, out.getLong(40));
        assertEquals(0, out.getInt(48), "an even number of xors");
    }

    @Test
    void loadsExtendNarrowValuesAndParametersCanBeAddressed()
    {
        final byte[] input = {(byte)0x80, (byte)0xFF, 0x34, 0x12, 1, 2, 3, 4};
        final ByteBuffer out = run("""
                ld.global.s8 %r1, [%rd2];
                ld.global.u8 %r2, [%rd2];
                ld.global.s16 %rd3, [%rd2];
                ld.global.u16 %rd4, [%rd2+2];
                ld.global.s32 %rd5, [%rd2];
                mov.u64 %rd6, in;
                ld.param.u64 %rd7, [%rd6];
                sub.s64 %rd8, %rd7, %rd2;
                ld.global.v2.u8 {%h1, %h2}, [%rd2+4];
                cvt.u32.u16 %r3, %h1;
                cvt.u32.u16 %r4, %h2;
                st.global.b8 [%rd1+3], %r2;
                st.global.u32 [%rd1+4], %r1;
                st.global.v2.u32 [%rd1+8], {%r3, %r4};
                st.global.v2.u64 [%rd1+16], {%rd3, %rd4};
                st.global.v2.u64 [%rd1+32], {%rd5, %rd8};
            """, input, 1);
        assertEquals(0x80, out.get(3) & 0xFF);
        assertEquals(-128, out.getInt(4));
        assertEquals(1, out.getInt(8));
        assertEquals(2, out.getInt(12));
        assertEquals((short)0xFF80, out.getLong(16));
        assertEquals(0x1234, out.getLong(24));
        assertEquals(0x1234_FF80L, out.getLong(32));
        assertEquals(0, out.getLong(40), "ld.param through a register reads the parameter buffer");
    }

    @Test
    void localMemoryThroughGenericAddressesAndPackedMoves()
    {
        final ByteBuffer out = run("""
                .local .align 8 .b8 frame[32];
                .reg .b64 %SPL;
                mov.u64 %SPL, frame;
                cvta.local.u64 %rd3, %SPL;
                mov.u32 %r1, %tid.x;
                st.u32 [%rd3+8], %r1;
                ld.local.u32 %r2, [%SPL+8];
                isspacep.local %p1, %rd3;
                selp.u32 %r3, 1, 0, %p1;
                mov.b64 %rd4, {%r2, %r3};
                mov.b64 {%r4, %r5}, %rd4;
                mov.b32 %r6, {%h1, %h2};
                mov.b16 %h3, 0x1234;
                mov.b16 %h4, 0xABCD;
                mov.b32 %r7, {%h3, %h4};
                mov.b32 {%h5, %h6}, %r7;
                cvt.u32.u16 %r8, %h6;
                mul.wide.u32 %rd5, %r1, 64;
                add.s64 %rd6, %rd1, %rd5;
                st.global.v2.u64 [%rd6], {%rd4, 0};
                st.global.v4.u32 [%rd6+16], {%r4, %r5, %r7, %r8};
            """, new byte[0], 8);
        for (int tid = 0; tid < 8; tid++)
        {
            final int at = tid * 64;
            assertEquals(((long)1 << 32) | tid, out.getLong(at), "thread " + tid + " pack");
            assertEquals(tid, out.getInt(at + 16));
            assertEquals(1, out.getInt(at + 20));
            assertEquals(0xABCD_1234, out.getInt(at + 24));
            assertEquals(0xABCD, out.getInt(at + 28));
        }
    }

    @Test
    void divergentLoopsReconverge()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                mov.u32 %r2, 0;
                mov.u32 %r3, 0;
            LOOP:
                setp.ge.u32 %p1, %r3, %r1;
                @%p1 bra DONE;
                add.s32 %r2, %r2, %r3;
                add.s32 %r3, %r3, 1;
                bra.uni LOOP;
            DONE:
                activemask.b32 %r4;
                mov.u32 %r5, 31;
                shfl.sync.bfly.b32 %r6, %r2, 1, %r5, -1;
                mul.wide.u32 %rd3, %r1, 64;
                add.s64 %rd4, %rd1, %rd3;
                st.global.v4.u32 [%rd4], {%r2, %r4, %r6, %r1};
            """, floats(), 32);
        for (int tid = 0; tid < 32; tid++)
        {
            final int at = tid * 64;
            assertEquals(tid * (tid - 1) / 2, out.getInt(at), "thread " + tid + " loop sum");
            assertEquals(-1, out.getInt(at + 4), "all lanes are back together after the loop");
            final int partner = tid ^ 1;
            assertEquals(partner * (partner - 1) / 2, out.getInt(at + 8), "thread " + tid + " butterfly partner");
        }
    }

    @Test
    void carryChainsForMultiWordArithmetic()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, 0xFFFFFFFF;
                mov.u32 %r2, 0x00000001;
                add.cc.u32 %r3, %r1, 1;
                addc.cc.u32 %r4, %r2, 0;
                addc.u32 %r5, 0, 0;
                sub.cc.u32 %r6, 0, 1;
                subc.cc.u32 %r7, 5, 0;
                subc.u32 %r8, 0, 0;
                mad.lo.cc.u32 %r9, 0x10000, 0x10000, 0xFFFFFFFF;
                madc.hi.u32 %r10, 0x10000, 0x10000, 7;
                mov.u64 %rd3, -1;
                add.cc.u64 %rd4, %rd3, %rd3;
                addc.u64 %rd5, 0, 0;
                st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};
                st.global.v4.u32 [%rd1+16], {%r7, %r8, %r9, %r10};
                st.global.v2.u64 [%rd1+32], {%rd4, %rd5};
            """);
        assertEquals(0, out.getInt(0), "0xFFFFFFFF + 1 carries");
        assertEquals(2, out.getInt(4), "into the next word");
        assertEquals(0, out.getInt(8), "which does not carry again");
        assertEquals(-1, out.getInt(12), "0 - 1 borrows");
        assertEquals(4, out.getInt(16), "subc takes the borrow");
        assertEquals(0, out.getInt(20));
        assertEquals(0xFFFF_FFFF, out.getInt(24), "low word of 2^32 + 0xFFFFFFFF");
        assertEquals(1 + 7, out.getInt(28), "high word of 2^32 plus the carry is 1, plus 7");
        assertEquals(-2L, out.getLong(32));
        assertEquals(1L, out.getLong(40), "u64 carry");
    }

    @Test
    void halfPrecisionArithmeticRoundsOnce()
    {
        final ByteBuffer out = run("""
                mov.b16 %h1, 0x3C00;
                mov.b16 %h2, 0x1000;
                add.rn.f16 %h3, %h1, %h2;
                mov.b16 %h4, 0x1001;
                add.rn.f16 %h5, %h1, %h4;
                mov.b32 %r1, {%h1, %h4};
                mov.b32 %r2, {%h2, %h2};
                add.rn.f16x2 %r3, %r1, %r2;
                mul.rn.f16 %h6, %h4, %h4;
                fma.rn.f16 %h7, %h4, %h4, %h1;
                neg.f16 %h8, %h1;
                max.f16 %h9, %h8, %h2;
                mov.b16 %h10, 0x3F80;
                add.rn.bf16 %h11, %h10, %h10;
                setp.lt.f16 %p1, %h8, %h2;
                selp.u32 %r4, 1, 0, %p1;
                st.global.v4.u16 [%rd1], {%h3, %h5, %h6, %h7};
                st.global.v4.u16 [%rd1+8], {%h8, %h9, %h11, %h11};
                st.global.v2.u32 [%rd1+16], {%r3, %r4};
            """);
        final float one = 1.0f;
        final float tie = HalfPrecision.halfToFloat(0x1000);
        final float aboveTie = HalfPrecision.halfToFloat(0x1001);
        assertEquals(0x1p-11f, tie);
        assertEquals(0x3C00, out.getShort(0) & 0xFFFF, "1 + 2^-11 is halfway to the next half and rounds to even");
        assertEquals(0x3C01, out.getShort(2) & 0xFFFF, "just above the tie rounds up");
        assertEquals(HalfReference.roundThroughHalf(aboveTie * aboveTie), HalfPrecision.halfToFloat(out.getShort(4)));
        assertEquals(HalfReference.roundThroughHalf((float)Math.fma(aboveTie, aboveTie, one)),
            HalfPrecision.halfToFloat(out.getShort(6)), "fma rounds once");
        assertEquals(0xBC00, out.getShort(8) & 0xFFFF);
        assertEquals(tie, HalfPrecision.halfToFloat(out.getShort(10)));
        assertEquals(0x4000, out.getShort(12) & 0xFFFF, "bfloat16 1 + 1");
        assertEquals(0x3C00, out.getInt(16) & 0xFFFF, "the low half of f16x2 is the tie again");
        assertEquals(HalfReference.roundThroughHalf(aboveTie + tie), HalfPrecision.halfToFloat(out.getInt(16) >>> 16),
            "the high half is added on its own");
        assertEquals(1, out.getInt(20));
    }

    @Test
    void directedDivisionSquareRootAndReciprocal()
    {
        final ByteBuffer out = run("""
                mov.f32 %f1, 0f3F800000;
                mov.f32 %f2, 0f40400000;
                div.rz.f32 %f3, %f1, %f2;
                div.rp.f32 %f4, %f1, %f2;
                neg.f32 %f5, %f1;
                div.rm.f32 %f6, %f5, %f2;
                mov.f32 %f7, 0f40000000;
                sqrt.rz.f32 %f8, %f7;
                sqrt.rp.f32 %f9, %f7;
                rcp.rp.f32 %f10, %f2;
                mov.f64 %fd1, 0d4008000000000000;
                rcp.rm.f64 %fd2, %fd1;
                rcp.rp.f64 %fd3, %fd1;
                sqrt.rm.f64 %fd4, 0d4000000000000000;
                st.global.v4.f32 [%rd1], {%f3, %f4, %f6, %f8};
                st.global.v2.f32 [%rd1+16], {%f9, %f10};
                st.global.v2.f64 [%rd1+32], {%fd2, %fd3};
                st.global.f64 [%rd1+48], %fd4;
            """);
        final float third = 1.0f / 3.0f;
        assertTrue((double)third * 3.0 > 1.0, "the nearest float to 1/3 is above it");
        assertEquals(Math.nextDown(third), out.getFloat(0));
        assertEquals(third, out.getFloat(4));
        assertEquals(-third, out.getFloat(8));
        final float root = (float)Math.sqrt(2.0);
        assertTrue((double)root * root < 2.0, "the nearest float to sqrt 2 is below it");
        assertEquals(root, out.getFloat(12));
        assertEquals(Math.nextUp(root), out.getFloat(16));
        assertEquals(third, out.getFloat(20));
        final double thirdDouble = 1.0 / 3.0;
        assertTrue(Math.fma(thirdDouble, 3.0, -1.0) < 0, "the nearest double to 1/3 is below it");
        assertEquals(thirdDouble, out.getDouble(32));
        assertEquals(Math.nextUp(thirdDouble), out.getDouble(40));
        final double rootDouble = Math.sqrt(2.0);
        assertEquals(Math.fma(rootDouble, rootDouble, -2.0) > 0 ? Math.nextDown(rootDouble) : rootDouble,
            out.getDouble(48));
    }

    @Test
    void runningOffTheEndOfAFunctionReturns()
    {
        final String ptx = """
            .version 9.0
            .target sm_90
            .address_size 64
            .func (.param .b32 result) twice(.param .b32 value)
            {
                .reg .b32 %r<3>;
                ld.param.b32 %r1, [value];
                add.s32 %r2, %r1, %r1;
                st.param.b32 [result], %r2;
            }
            .visible .entry noReturn(.param .u64 out)
            {
                .reg .pred %p<2>;
                .reg .b32 %r<4>;
                .reg .b64 %rd<4>;
                ld.param.u64 %rd1, [out];
                mov.u32 %r1, %tid.x;
                {
                .param .b32 argument;
                st.param.b32 [argument], %r1;
                .param .b32 returned;
                call.uni (returned), twice, (argument);
                ld.param.b32 %r2, [returned];
                }
                mul.wide.u32 %rd2, %r1, 4;
                add.s64 %rd3, %rd1, %rd2;
                st.global.u32 [%rd3], %r2;
                setp.eq.s32 %p1, %r1, 0;
                @%p1 bra END;
                st.global.u32 [%rd3], %r1;
            END:
            }
            """;
        final ModuleInstance module = device.loadSource(ptx);
        final long out = device.allocate(16);
        module.launch("noReturn", 1, 1, 1, 4, 1, 1, 0, ParameterBuffer.of(module, "noReturn").putLong(0, out).bytes());
        assertArrayEquals(new int[]{0, 1, 2, 3}, device.downloadInts(out, 4));
    }

    @Test
    void aWarpSpinningOnAFlagLetsTheWarpThatSetsItRun()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                mov.u32 %r2, scratch;
                setp.lt.u32 %p1, %r1, 32;
                @%p1 bra WAIT;
                add.s32 %r4, %r1, 1000;
                st.volatile.shared.u32 [%r2+4], %r4;
                st.volatile.shared.u32 [%r2], 1;
                bra.uni DONE;
            WAIT:
                ld.volatile.shared.u32 %r3, [%r2];
                setp.eq.u32 %p2, %r3, 0;
                @%p2 bra WAIT;
                ld.volatile.shared.u32 %r5, [%r2+4];
                mul.wide.u32 %rd3, %r1, 4;
                add.s64 %rd4, %rd1, %rd3;
                st.global.u32 [%rd4], %r5;
            DONE:
            """, new byte[0], 64);
        for (int tid = 0; tid < 32; tid++)
        {
            assertTrue(out.getInt(tid * 4) >= 1032, "thread " + tid + " saw the second warp's write");
        }
    }

    @Test
    void threadsThatExitDoNotHoldUpABarrier()
    {
        final ByteBuffer out = run("""
                mov.u32 %r1, %tid.x;
                setp.ge.u32 %p1, %r1, 40;
                @%p1 exit;
                mov.u32 %r2, scratch;
                shl.b32 %r3, %r1, 2;
                add.s32 %r4, %r2, %r3;
                st.shared.u32 [%r4], %r1;
                bar.sync 0;
                setp.lt.u32 %p2, %r1, 16;
                @%p2 bra LOW;
                bar.sync 0;
                bra.uni AFTER;
            LOW:
                bar.sync 0;
            AFTER:
                sub.s32 %r5, 39, %r1;
                shl.b32 %r6, %r5, 2;
                add.s32 %r7, %r2, %r6;
                ld.shared.u32 %r8, [%r7];
                mul.wide.u32 %rd3, %r1, 4;
                add.s64 %rd4, %rd1, %rd3;
                st.global.u32 [%rd4], %r8;
            """, new byte[0], 64);
        for (int tid = 0; tid < 40; tid++)
        {
            assertEquals(39 - tid, out.getInt(tid * 4), "thread " + tid + " reads what thread " + (39 - tid) + " wrote");
        }
        for (int tid = 40; tid < 64; tid++)
        {
            assertEquals(0, out.getInt(tid * 4), "thread " + tid + " exited");
        }
    }
}
