package io.gpurelay.emulator.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Loading modules: the kernels nvcc emitted, parameter layout, and refusing what the interpreter cannot run.
 */
class PtxModuleTest
{
    private static final String HEADER = """
        .version 9.0
        .target sm_90
        .address_size 64
        """;

    @ParameterizedTest
    @ValueSource(strings = {
        "saxpy.ptx", "vector_add.ptx", "matmul_naive.ptx", "matmul_tiled.ptx", "reduce_shared.ptx",
        "reduce_warp_shuffle.ptx", "histogram_atomic.ptx", "constant_scale.ptx", "daxpy.ptx", "math_functions.ptx",
        "warp_vote.ptx", "local_memory.ptx", "mixed_params.ptx", "math_library.ptx"})
    void everyGeneratedKernelParses(final String file)
    {
        final PtxModule module = PtxModule.parse(EmulatedDevice.kernelSource(file));
        assertFalse(module.kernels().isEmpty());
        for (final PtxKernel kernel : module.kernels())
        {
            assertNotNull(module.kernel(kernel.name()));
            assertTrue(kernel.registerCount() > 0);
        }
    }

    @Test
    void kernelsAreFoundByName()
    {
        final PtxModule module = PtxModule.parse(EmulatedDevice.kernelSource("histogram_atomic.ptx"));
        assertEquals(List.of("histogram_global", "histogram_shared", "atomic_mix"),
            module.kernels().stream().map(PtxKernel::name).toList());
        assertNull(module.kernel("saxpy"));
    }

    @Test
    void simpleParameterLayout()
    {
        final PtxKernel saxpy = PtxModule.parse(EmulatedDevice.kernelSource("saxpy.ptx")).kernel("saxpy");
        assertEquals(List.of(
            new KernelParameter("saxpy_param_0", 4, 4, "u32"),
            new KernelParameter("saxpy_param_1", 4, 4, "f32"),
            new KernelParameter("saxpy_param_2", 8, 8, "u64"),
            new KernelParameter("saxpy_param_3", 8, 8, "u64")), saxpy.parameters());
        assertEquals(24, saxpy.parameterBufferSize());
        assertEquals(8, saxpy.parameterOffset(2));
    }

    @Test
    void mixedParameterSizesAreAlignedAsCudaLaysThemOut()
    {
        final PtxKernel kernel = PtxModule.parse(EmulatedDevice.kernelSource("mixed_params.ptx"))
            .kernel("mixed_params");
        final List<KernelParameter> parameters = kernel.parameters();
        assertEquals(new KernelParameter("mixed_params_param_0", 1, 1, "u8"), parameters.get(0));
        assertEquals(new KernelParameter("mixed_params_param_3", 12, 4, "b8"), parameters.get(3));
        assertEquals(new KernelParameter("mixed_params_param_5", 16, 16, "b8"), parameters.get(5));
        // char@0, double@8, short@16, Triple(12, align 4)@20, int@32, Wide(16, align 16)@48, uchar@64, long@72, ptr@80
        final int[] offsets = {0, 8, 16, 20, 32, 48, 64, 72, 80};
        for (int i = 0; i < offsets.length; i++)
        {
            assertEquals(offsets[i], kernel.parameterOffset(i), "offset of parameter " + i);
        }
        assertEquals(88, kernel.parameterBufferSize());
    }

    @Test
    void kernelResources()
    {
        final PtxModule tiled = PtxModule.parse(EmulatedDevice.kernelSource("matmul_tiled.ptx"));
        final PtxKernel kernel = tiled.kernel("matmul_tiled");
        assertEquals(2048, kernel.staticSharedBytes());
        assertEquals(0, kernel.localBytesPerThread());
        assertEquals(1024, kernel.maxThreadsPerBlock());

        final PtxModule bounded = PtxModule.parse(HEADER + """
            .visible .entry bounded()
            .maxntid 128, 1, 1
            .minnctapersm 2
            {
                ret;
            }
            """);
        assertEquals(128, bounded.kernel("bounded").maxThreadsPerBlock());
    }

    @Test
    void unsupportedInstructionIsRefusedWithItsNameAndLine()
    {
        final String ptx = HEADER + """
            .visible .entry sample(.param .u64 out)
            {
                .reg .f32 %f<5>;
                .reg .b64 %rd<3>;
                ld.param.u64 %rd1, [out];
                tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f1, %f2}];
                ret;
            }
            """;
        final PtxException error = assertThrows(PtxException.class, () -> PtxModule.parse(ptx));
        assertEquals(9, error.line());
        assertTrue(error.getMessage().contains("unsupported PTX instruction 'tex.2d.v4.f32.f32' at line 9"),
            error.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "suld.b.2d.b32.trap {%r1}, [%rd1, {%r1, %r1}];",
        "match.any.sync.b32 %r1, %r1, -1;",
        "sad.u32 %r1, %r1, %r1, %r1;",
        "ex2.approx.f16 %h1, %h1;",
        "cp.async.ca.shared.global [%r1], [%rd1], 16;",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r1}, {%f1};",
        "shfl.up.b32 %r1, %r1, 1, 0;"})
    void otherUnsupportedInstructions(final String instruction)
    {
        final String ptx = HEADER + """
            .visible .entry sample(.param .u64 out)
            {
                .reg .b16 %h<2>;
                .reg .f32 %f<2>;
                .reg .b32 %r<2>;
                .reg .b64 %rd<2>;
            """ + "    " + instruction + "\n    ret;\n}\n";
        final PtxException error = assertThrows(PtxException.class, () -> PtxModule.parse(ptx));
        final String name = instruction.substring(0, instruction.indexOf(' '));
        assertTrue(error.getMessage().contains("'" + name + "'"), error.getMessage());
        assertEquals(10, error.line());
    }

    @Test
    void syntaxErrorsNameTheLine()
    {
        assertEquals(7, assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .visible .entry broken()
            {
                .reg .b32 %r<2>;
                mov.u32 %r1, %r7;
            }
            """)).line());
        assertEquals(7, assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .visible .entry broken()
            {
                .reg .b32 %r<2>;
                bra NOWHERE;
            }
            """)).line());
        final PtxException missingSemicolon = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .visible .entry broken()
            {
                .reg .b32 %r<2>;
                mov.u32 %r1, 1
                ret;
            }
            """));
        assertEquals(7, missingSemicolon.line());
        assertTrue(missingSemicolon.getMessage().contains("expected ';'"), missingSemicolon.getMessage());
    }

    @Test
    void binaryImagesAreRecognised()
    {
        assertTrue(PtxModule.looksLikeBinaryImage(new byte[]{0x7F, 'E', 'L', 'F', 2, 1, 1}));
        assertTrue(PtxModule.looksLikeBinaryImage(new byte[]{0x50, (byte)0xED, 0x55, (byte)0xBA, 1, 0}));
        assertTrue(PtxModule.looksLikeBinaryImage(new byte[]{(byte)0xB1, 0x43, 0x62, 0x46, 1, 0, 0, 0}));
        assertFalse(PtxModule.looksLikeBinaryImage(
            EmulatedDevice.kernelSource("saxpy.ptx").getBytes(StandardCharsets.US_ASCII)));
        assertFalse(PtxModule.looksLikeBinaryImage(new byte[]{0x7F}));
        assertFalse(PtxModule.looksLikeBinaryImage(null));
    }

    @Test
    void callsToExternalFunctionsAreRefused()
    {
        final PtxException error = assertThrows(PtxException.class, () -> PtxModule.parse(HEADER + """
            .extern .func (.param .b32 func_retval0) elsewhere(.param .b64 param_0, .param .b64 param_1);
            .visible .entry hello()
            {
                .reg .b32 %r<2>;
                { // callseq 0, 0
                .param .b64 param0;
                st.param.b64 [param0], 0;
                .param .b64 param1;
                st.param.b64 [param1], 0;
                .param .b32 retval0;
                call.uni (retval0), elsewhere, (param0, param1);
                ld.param.b32 %r1, [retval0];
                } // callseq 0
                ret;
            }
            """));
        assertTrue(error.getMessage().contains("call to external function 'elsewhere'"), error.getMessage());
        assertEquals(14, error.line());
    }

    @Test
    void textureAndSurfaceReferencesAreDeclaredByNameAndSamplersStillRefused()
    {
        final String saxpy = EmulatedDevice.kernelSource("saxpy.ptx");
        final int entry = saxpy.indexOf(".visible .entry");
        final PtxModule module = PtxModule.parse(saxpy.substring(0, entry) + ".global .texref tex, tex2;\n" +
            ".global .surfref surf;\n" + saxpy.substring(entry));
        assertTrue(module.declaresTextureReference("tex"));
        assertTrue(module.declaresTextureReference("tex2"));
        assertFalse(module.declaresTextureReference("surf"));
        assertTrue(module.declaresSurfaceReference("surf"));
        assertFalse(module.declaresSurfaceReference("tex"));
        assertNotNull(module.kernel("saxpy"), "the kernels parse as before");

        final PtxException twice = assertThrows(PtxException.class, () -> PtxModule.parse(saxpy.substring(0, entry) +
            ".global .texref tex;\n.global .texref tex;\n" + saxpy.substring(entry)));
        assertTrue(twice.getMessage().contains("declared twice"), twice.getMessage());
        final PtxException sampler = assertThrows(PtxException.class, () -> PtxModule.parse(saxpy.substring(0, entry) +
            ".global .samplerref s;\n" + saxpy.substring(entry)));
        assertTrue(sampler.getMessage().contains("textures and surfaces are not supported"), sampler.getMessage());
    }
}
