package io.gpurelay.emulator.rand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares the emulator with windows of real cuRAND output (curand-10.4-h100.txt, captured from cuRAND 10.4 with
 * CUDA 13.0 on an H100): words and uniforms must match bit for bit, normals and log-normals within the rounding of
 * the GPU's fast single-precision transcendentals (4e-6 relative) or to 1e-12 in double precision.
 */
class CurandReferenceSequenceTest
{
    private static final String CAPTURE = "curand-10.4-h100.txt";
    private static RandDevice device;

    @BeforeAll
    static void start()
    {
        device = new RandDevice();
    }

    @AfterAll
    static void stop()
    {
        device.close();
    }

    static Stream<String> windows() throws IOException
    {
        final List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
            CurandReferenceSequenceTest.class.getResourceAsStream(CAPTURE), StandardCharsets.US_ASCII)))
        {
            String line;
            while ((line = reader.readLine()) != null)
            {
                if (!line.startsWith("#"))
                {
                    lines.add(line);
                }
            }
        }
        return lines.stream();
    }

    @ParameterizedTest
    @MethodSource("windows")
    void theEmulatorProducesCuRandsSequence(final String window)
    {
        final String[] fields = window.split(" ");
        final CurandGenerator generator = device.generator(rngType(fields[0]), Long.parseLong(fields[2]));
        assertEquals(0, generator.setGeneratorOffset(Long.parseLong(fields[3])));
        assertEquals(0, generator.setGeneratorOrdering(Integer.parseInt(fields[1])));
        final String[] calls = fields[4].split(",");
        final int checkedCall = Integer.parseInt(fields[5]);
        final String kind = fields[6];
        final int start = Integer.parseInt(fields[7]);
        final int count = fields.length - 8;

        long checked = 0;
        for (int i = 0; i < calls.length; i++)
        {
            final String[] call = calls[i].split(":");
            final int n = Integer.parseInt(call[1]);
            final long output = device.allocate((long)n * elementSize(call[0]));
            assertEquals(0, generate(generator, call[0], output, n), window);
            if (i == checkedCall)
            {
                checked = output;
            }
            else
            {
                device.free(output);
            }
        }
        assertNotNull(kind);
        final long windowStart = checked + (long)start * elementSize(kind);
        for (int i = 0; i < count; i++)
        {
            final long expectedBits = Long.parseUnsignedLong(fields[8 + i], 16);
            final String where = fields[0] + " " + kind + "[" + (start + i) + "] of " + window.substring(0, 60);
            switch (kind)
            {
                case "bits", "uniform" -> assertEquals((int)expectedBits, device.ints(windowStart, count)[i], where);
                case "uniformd" -> assertEquals(expectedBits, Double.doubleToRawLongBits(
                    device.doubles(windowStart, count)[i]), where);
                case "normal", "lognormal" ->
                {
                    final float expected = Float.intBitsToFloat((int)expectedBits);
                    assertEquals(expected, device.floats(windowStart, count)[i], 4e-6 * Math.max(1, Math.abs(expected)),
                        where);
                }
                default ->
                {
                    final double expected = Double.longBitsToDouble(expectedBits);
                    assertEquals(expected, device.doubles(windowStart, count)[i],
                        1e-12 * Math.max(1, Math.abs(expected)), where);
                }
            }
        }
        device.free(checked);
        generator.destroy();
    }

    private static int rngType(final String name)
    {
        return switch (name)
        {
            case "xorwow" -> CurandRngType.PSEUDO_XORWOW;
            case "mrg32k3a" -> CurandRngType.PSEUDO_MRG32K3A;
            default -> CurandRngType.PSEUDO_PHILOX4_32_10;
        };
    }

    private static int elementSize(final String kind)
    {
        return kind.endsWith("d") ? 8 : 4;
    }

    private static int generate(final CurandGenerator generator, final String kind, final long output, final int n)
    {
        return switch (kind)
        {
            case "bits" -> generator.generate(output, n);
            case "uniform" -> generator.generateUniform(output, n);
            case "uniformd" -> generator.generateUniformDouble(output, n);
            case "normal" -> generator.generateNormal(output, n, 0.0f, 1.0f);
            case "normald" -> generator.generateNormalDouble(output, n, 0.0, 1.0);
            case "lognormal" -> generator.generateLogNormal(output, n, 0.0f, 1.0f);
            default -> generator.generateLogNormalDouble(output, n, 0.0, 1.0);
        };
    }
}
