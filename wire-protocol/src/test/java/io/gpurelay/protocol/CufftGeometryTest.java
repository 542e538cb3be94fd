package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A cuFFT plan's shape on the wire, and where cuFFT's data layouts put its elements.
 */
class CufftGeometryTest
{
    @Test
    void encodesAndDecodesEveryField()
    {
        final CufftGeometry advanced = new CufftGeometry(CufftGeometry.R2C, 3, new long[]{ 6, 10 },
            new long[]{ 6, 12 }, 2, 150, new long[]{ 6, 6 }, 1, 36);
        final long[] args = new long[2 + CufftGeometry.SLOTS];
        args[0] = 99;
        advanced.encode(args, 1);
        assertEquals(advanced, CufftGeometry.decode(args, 1));
        final CufftGeometry basic = CufftGeometry.basic(CufftGeometry.Z2Z, 4, 2, 3, 5);
        basic.encode(args, 1);
        assertEquals(basic, CufftGeometry.decode(args, 1));
        args[3] = 4;
        assertThrows(IllegalArgumentException.class, () -> CufftGeometry.decode(args, 1));
    }

    @Test
    void basicLayoutIsDenseAndPadsInPlaceRealData()
    {
        final CufftGeometry r2c = CufftGeometry.basic(CufftGeometry.R2C, 2, 3, 8);
        assertArrayEquals(new long[]{ 3, 8 }, r2c.input(false).embed());
        assertEquals(24, r2c.input(false).dist());
        assertEquals(48, r2c.input(false).extentElements(2));
        assertArrayEquals(new long[]{ 3, 10 }, r2c.input(true).embed(), "2 * (8/2 + 1) reals per row in place");
        assertEquals(30 + 28, r2c.input(true).extentElements(2));
        assertArrayEquals(new long[]{ 3, 5 }, r2c.output(false).dims(), "n/2 + 1 coefficients");
        assertEquals(30, r2c.output(true).extentElements(2));
        assertEquals(Float.BYTES, r2c.inputElementBytes());
        assertEquals(2 * Float.BYTES, r2c.outputElementBytes());

        final CufftGeometry z2d = CufftGeometry.basic(CufftGeometry.Z2D, 1, 9);
        assertArrayEquals(new long[]{ 5 }, z2d.input(false).dims());
        assertArrayEquals(new long[]{ 10 }, z2d.output(true).embed());
        assertEquals(2 * Double.BYTES, z2d.inputElementBytes());
    }

    @Test
    void advancedLayoutFollowsEmbedsStridesAndDistances()
    {
        final CufftGeometry geometry = new CufftGeometry(CufftGeometry.C2C, 3, new long[]{ 4, 5 },
            new long[]{ 4, 7 }, 2, 100, new long[]{ 4, 5 }, 1, 20);
        assertArrayEquals(new long[]{ 14, 2 }, geometry.input(false).pitches());
        // Last element of batch 2: 2 * 100 + 3 * 14 + 4 * 2.
        assertEquals(200 + 42 + 8 + 1, geometry.input(false).extentElements(3));
        assertEquals(60, geometry.output(true).extentElements(3));
        assertNull(geometry.problem());
    }

    @Test
    void problemsCarryCuFftsStatuses()
    {
        assertEquals(CufftStatus.INVALID_TYPE, CufftGeometry.basic(0x11, 1, 8).problem().status());
        assertEquals(CufftStatus.INVALID_SIZE, CufftGeometry.basic(CufftGeometry.C2C, 1, 0).problem().status());
        assertEquals(CufftStatus.INVALID_VALUE, CufftGeometry.basic(CufftGeometry.C2C, 0, 8).problem().status());
        assertEquals(CufftStatus.INVALID_VALUE, new CufftGeometry(CufftGeometry.C2C, 1, new long[]{ 4, 5 },
            new long[]{ 4, 3 }, 1, 20, new long[]{ 4, 5 }, 1, 20).problem().status(), "an embed smaller than the data");
        assertEquals(CufftStatus.INVALID_SIZE, CufftGeometry.basic(CufftGeometry.C2C, Long.MAX_VALUE / 2,
            1 << 20).problem().status(), "the extent overflows");
        assertNull(CufftGeometry.basic(CufftGeometry.D2Z, 7, 1).problem());
        assertEquals("cufftExecZ2D", CufftGeometry.execName(CufftGeometry.Z2D));
    }
}
