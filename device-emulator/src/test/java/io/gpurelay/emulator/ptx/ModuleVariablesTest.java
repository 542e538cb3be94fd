package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.gpurelay.emulator.memory.DeviceMemoryException;

/**
 * {@code __constant__} and {@code __device__} variables: declared sizes and initial values, allocation in device
 * memory per instance, and kernels reading and writing them.
 */
class ModuleVariablesTest
{
    private final EmulatedDevice device = new EmulatedDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    private static byte[] littleEndianFloats(final float... values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (final float value : values)
        {
            buffer.putFloat(value);
        }
        return buffer.array();
    }

    @Test
    void variablesAreDeclaredWithSizesAndInitialBytes()
    {
        final PtxModule module = PtxModule.parse(EmulatedDevice.kernelSource("constant_scale.ptx"));
        final List<ModuleVariable> variables = module.variables();
        assertEquals(List.of("coeffs", "offset", "launchCount", "table"),
            variables.stream().map(ModuleVariable::name).toList());

        final ModuleVariable coeffs = variables.get(0);
        assertEquals(ModuleVariable.Space.CONST, coeffs.space());
        assertEquals(16, coeffs.size());
        assertEquals(4, coeffs.alignment());
        assertArrayEquals(littleEndianFloats(1.0f, 2.0f, 0.5f, -1.0f), coeffs.initialBytes());

        assertEquals(ModuleVariable.Space.GLOBAL, variables.get(1).space());
        assertArrayEquals(new byte[4], variables.get(1).initialBytes());
        assertArrayEquals(new byte[]{7, 0, 0, 0}, variables.get(2).initialBytes());
        assertArrayEquals(new byte[]{1, 2, 3, 4, 5, 6, 7, 8}, variables.get(3).initialBytes());
    }

    @Test
    void instanceAllocatesInitializedVariablesAndKernelsUseThem()
    {
        final ModuleInstance module = device.load("constant_scale.ptx");
        final long coeffs = module.variableAddress("coeffs");
        assertEquals(16, module.variableSize("coeffs"));
        assertArrayEquals(littleEndianFloats(1.0f, 2.0f, 0.5f, -1.0f), device.download(coeffs, 16));

        // The host writes a global and overwrites a constant, as cuMemcpyHtoD to cuModuleGetGlobal's pointer does.
        device.memory.write(module.variableAddress("offset"), littleEndianFloats(0.25f), 0, 4, device.owner);
        device.memory.write(coeffs, littleEndianFloats(1.0f, 2.0f, 0.5f, -3.0f), 0, 16, device.owner);

        final int n = 100;
        final float[] input = new float[n];
        for (int i = 0; i < n; i++)
        {
            input[i] = i * 0.37f - 5.0f;
        }
        final long in = device.upload(input);
        final long out = device.allocate(4L * n);
        final byte[] parameters = ParameterBuffer.of(module, "constant_scale").putLong(0, in).putLong(1, out)
            .putInt(2, n).bytes();
        module.launch("constant_scale", 4, 1, 1, 32, 1, 1, 0, parameters);
        module.launch("constant_scale", 4, 1, 1, 32, 1, 1, 0, parameters);

        final float[] coefficients = {1.0f, 2.0f, 0.5f, -3.0f};
        final float[] expected = new float[n];
        for (int i = 0; i < n; i++)
        {
            expected[i] = Math.fma(coefficients[i & 3], input[i], 0.25f) + (float)((i & 7) + 1);
        }
        assertArrayEquals(expected, device.downloadFloats(out, n));
        assertEquals(9, device.downloadInts(module.variableAddress("launchCount"), 1)[0]);
    }

    @Test
    void eachInstanceHasItsOwnVariablesAndReleaseFreesThem()
    {
        final PtxModule module = PtxModule.parse(EmulatedDevice.kernelSource("constant_scale.ptx"));
        final ModuleInstance first = module.instantiate(device.memory, device.owner);
        final ModuleInstance second = module.instantiate(device.memory, device.owner);
        assertNotEquals(first.variableAddress("offset"), second.variableAddress("offset"));

        final long used = device.memory.used();
        first.release();
        first.release();
        assertEquals(used - 4 * 256, device.memory.used());
        assertThrows(DeviceMemoryException.class,
            () -> device.memory.read(first.variableAddress("offset"), new byte[4], 0, 4, device.owner));
        assertThrows(IllegalStateException.class,
            () -> first.launch("constant_scale", 1, 1, 1, 1, 1, 1, 0, new byte[20]));
        assertThrows(IllegalArgumentException.class, () -> second.variableAddress("missing"));
    }

    @Test
    void initializersMayHoldAddressesOfOtherVariables()
    {
        final String ptx = """
            .version 9.0
            .target sm_90
            .address_size 64
            .global .align 4 .f32 values[4] = {0f3F800000, 0f40000000, 1.5, 4};
            .global .align 8 .u64 pointers[2] = {generic(values), values+8};
            .const .align 2 .b16 halves[2] = {0x3C00, -1};

            .visible .entry touch(.param .u64 out)
            {
                .reg .b64 %rd<4>;
                .reg .f32 %f<2>;
                ld.param.u64 %rd1, [out];
                ld.global.u64 %rd2, [pointers+8];
                ld.global.f32 %f1, [%rd2];
                st.global.f32 [%rd1], %f1;
                ret;
            }
            """;
        final ModuleInstance module = device.loadSource(ptx);
        final long values = module.variableAddress("values");
        assertArrayEquals(littleEndianFloats(1.0f, 2.0f, 1.5f, 4.0f), device.download(values, 16));
        assertArrayEquals(new long[]{values, values + 8}, device.downloadLongs(module.variableAddress("pointers"), 2));
        assertArrayEquals(new byte[]{0, 0x3C, -1, -1}, device.download(module.variableAddress("halves"), 4));

        final long out = device.allocate(4);
        module.launch("touch", 1, 1, 1, 1, 1, 1, 0, ParameterBuffer.of(module, "touch").putLong(0, out).bytes());
        assertEquals(1.5f, device.downloadFloats(out, 1)[0]);
    }
}
