package io.gpurelay.emulator.rand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CurandGeneratorTest
{
    private final RandDevice device = new RandDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @Test
    void onlyTheEmulatedTypesCanBeCreated()
    {
        for (final int type : new int[]{ CurandRngType.PSEUDO_MTGP32, CurandRngType.PSEUDO_MT19937,
            CurandRngType.QUASI_SOBOL32, 999 })
        {
            final CurandException refused = assertThrows(CurandException.class,
                () -> CurandGenerator.create(type, device.memory, device.owner));
            assertEquals(CurandStatus.TYPE_ERROR, refused.status());
        }
        final CurandGenerator generator = CurandGenerator.create(CurandRngType.PSEUDO_DEFAULT, device.memory,
            device.owner);
        assertEquals(0, generator.seed());
        assertEquals(0, generator.offset());
        assertEquals(CurandOrdering.PSEUDO_DEFAULT, generator.ordering());
        assertEquals(10400, CurandGenerator.VERSION);
    }

    @Test
    void theDefaultTypeIsXorwow()
    {
        final long first = device.allocate(400);
        final long second = device.allocate(400);
        assertEquals(0, device.generator(CurandRngType.PSEUDO_DEFAULT, 99).generate(first, 100));
        assertEquals(0, device.generator(CurandRngType.PSEUDO_XORWOW, 99).generate(second, 100));
        assertArrayEquals(device.ints(first, 100), device.ints(second, 100));
    }

    @Test
    void orderingsAreValidatedPerGeneratorAsCuRandDoes()
    {
        final int[] all = { 100, 101, 102, 103, 104 };
        for (final int type : new int[]{ CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
            CurandRngType.PSEUDO_PHILOX4_32_10 })
        {
            final CurandGenerator generator = device.generator(type, 1);
            for (final int ordering : all)
            {
                final int expected = ordering == CurandOrdering.PSEUDO_SEEDED && type != CurandRngType.PSEUDO_XORWOW ?
                    CurandStatus.OUT_OF_RANGE : CurandStatus.SUCCESS;
                assertEquals(expected, generator.setGeneratorOrdering(ordering), type + " ordering " + ordering);
            }
            assertEquals(CurandStatus.OUT_OF_RANGE, generator.setGeneratorOrdering(CurandOrdering.QUASI_DEFAULT));
            assertEquals(CurandStatus.OUT_OF_RANGE, generator.setGeneratorOrdering(999));
            assertEquals(CurandOrdering.PSEUDO_DYNAMIC, generator.ordering());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A })
    void normalsOfRecurrenceGeneratorsNeedAnEvenCount(final int type)
    {
        final CurandGenerator generator = device.generator(type, 1);
        final long output = device.allocate(64);
        assertEquals(CurandStatus.LENGTH_NOT_MULTIPLE, generator.generateNormal(output, 3, 0, 1));
        assertEquals(CurandStatus.LENGTH_NOT_MULTIPLE, generator.generateNormalDouble(output, 3, 0, 1));
        assertEquals(CurandStatus.LENGTH_NOT_MULTIPLE, generator.generateLogNormal(output, 3, 0, 1));
        assertEquals(CurandStatus.LENGTH_NOT_MULTIPLE, generator.generateLogNormalDouble(output, 3, 0, 1));
        assertTrue(generator.lastErrorMessage().contains("must be even"));
        assertEquals(0, generator.offset());
        assertEquals(0, generator.generateNormal(output, 0, 0, 1));
        assertEquals(0, generator.generatePoisson(output, 3, 2.0));
    }

    @Test
    void philoxGeneratesNormalsOneAtATime()
    {
        final CurandGenerator generator = device.generator(CurandRngType.PSEUDO_PHILOX4_32_10, 1);
        final long output = device.allocate(64);
        assertEquals(0, generator.generateNormal(output, 3, 0, 1));
        assertEquals(3, generator.offset());
        assertEquals(0, generator.generateNormalDouble(output, 3, 0, 1));
        assertEquals(6, generator.offset());
    }

    @Test
    void poissonNeedsAPositiveLambda()
    {
        final CurandGenerator generator = device.generator(CurandRngType.PSEUDO_XORWOW, 1);
        final long output = device.allocate(64);
        for (final double lambda : new double[]{ 0.0, -1.0, Double.NaN, 1e10 })
        {
            assertEquals(CurandStatus.OUT_OF_RANGE, generator.generatePoisson(output, 4, lambda), "lambda " + lambda);
        }
        assertEquals(CurandStatus.TYPE_ERROR, generator.generateLongLong(output, 4));
    }

    @Test
    void outputOutsideTheSessionsMemoryFailsTheLaunchAndWritesNothing()
    {
        final CurandGenerator generator = device.generator(CurandRngType.PSEUDO_PHILOX4_32_10, 1);
        final long output = device.allocate(16);

        assertEquals(CurandStatus.LAUNCH_FAILURE, generator.generate(output, 5));
        assertTrue(generator.lastErrorMessage().startsWith("curandGenerate: output [0x"), generator.lastErrorMessage());
        assertArrayEquals(new int[4], device.ints(output, 4));
        assertEquals(0, generator.offset());
        assertEquals(CurandStatus.LAUNCH_FAILURE, generator.generateUniformDouble(output, 3));
        assertEquals(CurandStatus.LAUNCH_FAILURE, generator.generateUniform(0xBAD0_0000L, 1));
        assertEquals(CurandStatus.LAUNCH_FAILURE, generator.generate(output, -1));
        final long foreign = device.memory.allocate(16, new Object()).deviceAddress();
        assertEquals(CurandStatus.LAUNCH_FAILURE, generator.generate(foreign, 4));

        assertEquals(0, generator.generate(output, 4));
        assertNull(generator.lastErrorMessage());
    }

    @Test
    void aDestroyedGeneratorIsNotInitialized()
    {
        final CurandGenerator generator = device.generator(CurandRngType.PSEUDO_MRG32K3A, 1);
        final long output = device.allocate(16);
        assertEquals(0, generator.destroy());
        assertFalse(generator.isLive());
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.destroy());
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.generate(output, 4));
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.generatePoisson(output, 4, 0.0));
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.setPseudoRandomGeneratorSeed(3));
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.setGeneratorOffset(3));
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.setGeneratorOrdering(CurandOrdering.PSEUDO_BEST));
        assertEquals(CurandStatus.NOT_INITIALIZED, generator.setStream(3));
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
        CurandRngType.PSEUDO_PHILOX4_32_10 })
    void aSeedAndOffsetDetermineTheSequence(final int type)
    {
        final int n = 200_000;
        final long whole = device.allocate(n * 4L);
        final long again = device.allocate(n * 4L);
        final long otherSeed = device.allocate(n * 4L);
        final long parts = device.allocate(n * 4L);
        final long skipped = device.allocate(n * 4L);
        assertEquals(0, device.generator(type, 42).generateUniform(whole, n));
        assertEquals(0, device.generator(type, 42).generateUniform(again, n));
        assertEquals(0, device.generator(type, 43).generateUniform(otherSeed, n));
        final CurandGenerator inParts = device.generator(type, 42);
        assertEquals(0, inParts.generateUniform(parts, 1234));
        assertEquals(0, inParts.generateUniform(parts + 1234 * 4, n - 1234));
        assertEquals(n, inParts.offset());
        final CurandGenerator fromOffset = device.generator(type, 42);
        assertEquals(0, fromOffset.setGeneratorOffset(99_999));
        assertEquals(0, fromOffset.generateUniform(skipped, n - 99_999));

        final int[] expected = device.ints(whole, n);
        assertArrayEquals(expected, device.ints(again, n));
        assertArrayEquals(expected, device.ints(parts, n));
        assertArrayEquals(Arrays.copyOfRange(expected, 99_999, n), device.ints(skipped, n - 99_999));
        final int[] different = device.ints(otherSeed, n);
        int equal = 0;
        for (int i = 0; i < n; i++)
        {
            equal += expected[i] == different[i] ? 1 : 0;
        }
        assertTrue(equal < 10, equal + " equal values for different seeds");
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A })
    void normalsOfRecurrenceGeneratorsAdvanceTheOffsetByPairs(final int type)
    {
        final CurandGenerator generator = device.generator(type, 5);
        final long output = device.allocate(800);
        assertEquals(0, generator.generateNormal(output, 100, 0, 1));
        assertEquals(50, generator.offset());
        assertEquals(0, generator.generateLogNormalDouble(output, 100, 0, 1));
        assertEquals(100, generator.offset());
        assertEquals(0, generator.setPseudoRandomGeneratorSeed(6));
        assertEquals(100, generator.offset());
    }
}
