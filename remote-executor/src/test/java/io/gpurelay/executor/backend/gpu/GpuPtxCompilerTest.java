package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.PtxCompilation;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The gpu backend's PTX compiler on the host's GPU: the driver's JIT compiles PTX to a cubin for the GPU's
 * architecture, with the logs nvPTXCompiler gives, and the cubin loads into a context of the session.
 */
@Tag("gpu")
class GpuPtxCompilerTest
{
    /** The kernel the executor's PtxCompilerIpcTest compiles too. */
    private static final String PTX = scalePtx();

    private GpuTestSession gpu;
    private PtxCompilerSession compiler;

    @BeforeEach
    void open()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        compiler = gpu.session.ptxCompiler();
    }

    @AfterEach
    void close()
    {
        if (gpu != null)
        {
            gpu.close();
        }
    }

    @Test
    void compilesPtxToACubinThatLoads()
    {
        compiler.version(gpu.call());
        assertTrue(gpu.value(0) >= 13, "driver CUDA " + gpu.value(0) + "." + gpu.value(1));

        final String target = "sm_" + computeCapability();
        final PtxCompilation compilation = compiler.compile(PTX.replace("sm_90", target)
            .getBytes(StandardCharsets.US_ASCII), new String[]{ "--gpu-name", target, "-O3", "--verbose" });
        System.out.println("info log: " + compilation.infoLog() + "\nerror log: " + compilation.errorLog());
        assertEquals(NvPtxCompilerStatus.SUCCESS, compilation.status(), compilation.errorLog());
        final byte[] cubin = compilation.program();
        assertTrue(cubin.length > 256 && cubin[0] == 0x7f && cubin[1] == 'E' && cubin[2] == 'L' && cubin[3] == 'F',
            "an ELF file of " + cubin.length + " bytes");
        assertTrue(compilation.infoLog().contains("scale"), compilation.infoLog());

        final BackendContext context = gpu.context();
        final BackendModule module = gpu.session.loadModule(context, new UnsafeBuffer(cubin), gpu.call());
        gpu.ok();
        assertNotNull(gpu.kernel(module, "scale"));
    }

    @Test
    void badPtxAndUnknownOptionsFailWithTheirLogs()
    {
        final PtxCompilation bad = compiler.compile(PTX.replace("mul.f32", "bogus.f32")
            .getBytes(StandardCharsets.US_ASCII), new String[]{ "--gpu-name=sm_90" });
        System.out.println("bad PTX error log: " + bad.errorLog());
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, bad.status(), bad.errorLog());
        assertNull(bad.program());
        assertTrue(bad.errorLog().contains("bogus"), bad.errorLog());

        final PtxCompilation unknown = compiler.compile(PTX.getBytes(StandardCharsets.US_ASCII),
            new String[]{ "--gpu-name=sm_90", "--warn-on-spills" });
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, unknown.status());
        assertTrue(unknown.errorLog().contains("--warn-on-spills"), unknown.errorLog());

        final PtxCompilation future = compiler.compile(PTX.replace(".version 8.0", ".version 99.0")
            .getBytes(StandardCharsets.US_ASCII), new String[]{ "--gpu-name=sm_90" });
        System.out.println("PTX 99.0 error log: " + future.errorLog());
        assertTrue(future.status() == NvPtxCompilerStatus.UNSUPPORTED_PTX_VERSION ||
            future.status() == NvPtxCompilerStatus.COMPILATION_FAILURE, "status " + future.status());
    }

    private static int computeCapability()
    {
        final int[] major = new int[1];
        final int[] minor = new int[1];
        org.bytedeco.cuda.global.cudart.cuDeviceGetAttribute(major, 75, 0);
        org.bytedeco.cuda.global.cudart.cuDeviceGetAttribute(minor, 76, 0);
        return major[0] * 10 + minor[0];
    }

    private static String scalePtx()
    {
        try (InputStream in = GpuPtxCompilerTest.class.getResourceAsStream("/kernels/scale.ptx"))
        {
            assertNotNull(in, "/kernels/scale.ptx");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
