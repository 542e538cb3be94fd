package io.gpurelay.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

import io.gpurelay.agent.instrumentation.NativeMethodTable;
import io.gpurelay.agent.jcuda.blas.JCublasInstrumentation;
import io.gpurelay.agent.jcuda.runtime.JCudaRuntimeInstrumentation;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoverageTest
{
    private final NativeMethodTable table = NativeMethodTable.of(new JCudaRuntimeInstrumentation(),
        TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.runtime.JCuda")
            .resolve());

    @Test
    void everyNativeOfTheRuntimeAndTheDriverThatIsNotRemotedSaysWhy()
    {
        final TypePool pool = TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader());
        final List<NativeMethodTable> tables = List.of(table, NativeMethodTable.of(
            new io.gpurelay.agent.jcuda.driver.JCudaDriverInstrumentation(),
            pool.describe("jcuda.driver.JCudaDriver").resolve()));
        for (final NativeMethodTable each : tables)
        {
            final List<String> withoutReason = Coverage.functionNames(each, each.notSupported()).stream()
                .filter(name -> each.module().refusalReason(name) == null)
                .toList();
            assertEquals(List.of(), withoutReason, each.target().getName() + ": refused without a reason");
        }
    }

    @Test
    void textReportCountsAndListsWhatIsNotRemoted()
    {
        final String text = print(out -> Coverage.printText(List.of(table), List.of("jcuda.jcublas.JCublas2"), out));

        assertTrue(text.matches("(?s).*jcuda\\.runtime\\.JCuda\\s+151\\s+" + table.remotedCount() + "\\s+" +
            table.tableRemoted().size() + "\\s+" + Coverage.emulated(table) + "\\s+" + table.notSupported().size() +
            "\\n.*"), text);
        assertTrue(text.contains("jcuda.runtime.JCuda: remoted, not supported on the emulator ("), text);
        assertTrue(text.contains("\njcuda.runtime.JCuda: JCuda's null checks on 118 natives\n"), text);
        assertTrue(text.contains("\n  cudaDeviceGetP2PAttribute\n"), text);
        assertTrue(text.matches("(?s).*\\njcuda\\.jcublas\\.JCublas2\\s+not on the class path\\n.*"), text);
        // The first refused native in declaration order, with its reason in parentheses.
        assertTrue(text.contains("jcuda.runtime.JCuda: not remoted (" + table.notSupported().size() + ")\n" +
            "  " + table.notSupported().get(0).getName().replace("Native", "") + " ("), text);
        assertFalse(text.contains("\n  cudaSetValidDevices"), text);
        assertTrue(text.contains("\n  cudaGraphicsGLRegisterImage (OpenGL interop maps GL buffer objects only "),
            text);
        assertFalse(text.contains("\n  cudaGLSetGLDevice"), text);
        assertFalse(text.contains("\n  cudaGraphicsMapResources"), text);
        assertFalse(text.contains("\n  cudaMemcpy\n"), text);
    }

    @Test
    void markdownReportIsATableAndTwoLists()
    {
        final String markdown = print(out -> Coverage.printMarkdown(List.of(table), List.of(), out));

        assertTrue(markdown.startsWith("| class | native methods | remoted | by the function table | on the emulator | " +
            "not supported |\n|---|---:|---:|---:|---:|---:|\n| `jcuda.runtime.JCuda` | 151 | " + table.remotedCount() +
            " | " + table.tableRemoted().size() + " | " + Coverage.emulated(table) + " | " +
            table.notSupported().size() + " |\n"), markdown);
        assertTrue(markdown.contains("Remoted by the function table in `jcuda.runtime.JCuda`: `cudaSetDeviceFlags`, " +
            "`cudaGetDeviceFlags`"), markdown);
        assertTrue(markdown.matches("(?s).*not supported on the emulator \\(the gpu backend runs them; the " +
            "emulator answers that it does not support them\\) in `jcuda\\.runtime\\.JCuda`: [^\n]*" +
            "`cudaDeviceGetP2PAttribute`, .*"), markdown);
        assertTrue(markdown.contains("Remoted by gpurelay in `jcuda.runtime.JCuda`: `setLogLevel`, " +
            "`cudaGetDeviceCount`"), markdown);
        assertTrue(markdown.contains("returns cudaErrorNotSupported (null, 0 or false where it returns no status): `" +
            table.notSupported().get(0).getName().replace("Native", "") + "`, "), markdown);
        assertTrue(markdown.contains("Remoted by gpurelay in `jcuda.runtime.JCuda`: `setLogLevel`, " +
            "`cudaGetDeviceCount`, `cudaSetDevice`, `cudaSetValidDevices`, "), markdown);
    }

    @Test
    void legacyJCublasIsRemotedButForItsPrintHelpersWhoseReasonIsGiven()
    {
        final NativeMethodTable legacy = NativeMethodTable.of(new JCublasInstrumentation(),
            TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.jcublas.JCublas")
                .resolve());
        assertEquals(166, legacy.nativeMethodCount());
        assertEquals(164, legacy.remoted().size() + legacy.remotedByName().size());
        assertEquals(143, legacy.remotedByName().size(), "the described routines, by name");
        assertTrue(legacy.unmatched().isEmpty(), () -> "implementations matching no native: " + legacy.unmatched());

        final String markdown = print(out -> Coverage.printMarkdown(List.of(legacy), List.of(), out));
        assertTrue(markdown.contains("`printVector`, `printMatrix`."), markdown);
        assertTrue(markdown.contains("Why, in `jcuda.jcublas.JCublas`: `printVector`: a debugging aid"), markdown);
        final String text = print(out -> Coverage.printText(List.of(legacy), List.of(), out));
        assertTrue(text.contains("\n  printMatrix (a debugging aid"), text);
    }

    @Test
    void theEmulatorColumnCountsOnlyWhatTheEmulatorRuns()
    {
        final JCublasInstrumentation module = new JCublasInstrumentation();
        final NativeMethodTable legacy = NativeMethodTable.of(module,
            TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.jcublas.JCublas")
                .resolve());
        for (final String runs : List.of("cublasSgemm", "cublasDtrsm", "cublasSnrm2", "cublasScopy", "cublasIdamax",
            "cublasCaxpy", "cublasZdscal", "cublasCdotc", "cublasZgemm", "cublasCrotg", "cublasSrotmg", "cublasAlloc"))
        {
            assertNull(module.emulatorRefusal(runs), runs);
        }
        for (final String refused : List.of("cublasSgbmv", "cublasDtpsv", "cublasSsyr2k", "cublasDrotm", "cublasCgemv",
            "cublasZherk", "cublasIcamax", "cublasScasum", "cublasDznrm2", "cublasCsrot", "cublasZcopy"))
        {
            assertNotNull(module.emulatorRefusal(refused), refused);
        }
        assertEquals(73, Coverage.emulated(legacy), "the S and D routines but the banded, packed, rank-update and " +
            "rotm ones, complex axpy, scal, dot and gemm, and the rotation generators and helpers");

        final String text = print(out -> Coverage.printText(List.of(legacy), List.of(), out));
        assertTrue(text.contains("jcuda.jcublas.JCublas: remoted, not supported on the emulator (91)"), text);
        assertTrue(text.contains("\n  cublasCgbmv (the emulator has no banded"), text);
        final String markdown = print(out -> Coverage.printMarkdown(List.of(legacy), List.of(), out));
        assertTrue(markdown.contains("| `jcuda.jcublas.JCublas` | 166 | 164 | 0 | 73 | 2 |"), markdown);
        assertTrue(markdown.contains("Why not on the emulator, in `jcuda.jcublas.JCublas`: `cublasSrotm`: the " +
            "emulator has no banded"), markdown);
    }

    @Test
    void theReportCoversEveryModuleOnTheClassPath()
    {
        final String text = print(out ->
        {
            final PrintStream standardOut = System.out;
            System.setOut(out);
            try
            {
                Coverage.main(new String[]{ "--markdown" });
            }
            finally
            {
                System.setOut(standardOut);
            }
        });

        assertTrue(text.matches(
            "(?s).*\\| `jcuda\\.driver\\.JCudaDriver` \\| 317 \\| \\d+ \\| \\d+ \\| \\d+ \\| \\d+ \\|\n.*"), text);
        assertTrue(text.contains("| `jcuda.runtime.JCuda` | 151 |"), text);
        assertTrue(text.matches(
            "(?s).*\\| `jcuda\\.jcublas\\.JCublas2` \\| 499 \\| \\d+ \\| 0 \\| \\d+ \\| \\d+ \\|\n.*"), text);
        assertTrue(text.contains("`cublasSgemm`"), text);
        assertTrue(text.contains("Remoted by gpurelay in `jcuda.driver.JCudaDriver`: `setLogLevel`, "), text);
        assertTrue(text.contains("`cuLaunchKernel`"), text);
        assertTrue(text.contains("| `jcuda.jcurand.JCurand` | 27 | 26 | 0 | 19 | 1 |"), text);
        assertTrue(text.contains("| `jcuda.nvrtc.JNvrtc` | 22 | 20 | 0 | 12 | 2 |"), text);
        assertTrue(text.contains("| `jcuda.jcufft.JCufft` | 34 | 33 | 0 | 33 | 1 |"), text);
        assertTrue(text.contains("Not remoted in `jcuda.jcufft.JCufft`; each logs its name once and returns " +
            "CUFFT_NOT_SUPPORTED (null, 0 or false where it returns no status): `cufftSetCompatibilityMode`."), text);
        assertTrue(text.contains("Why, in `jcuda.jcufft.JCufft`: `cufftSetCompatibilityMode`: cuFFT no longer has it"),
            text);
        assertTrue(text.contains("Remoted by gpurelay in `jcuda.jcurand.JCurand`: `setLogLevel`, " +
            "`curandCreateGenerator`, `curandDestroyGenerator`, `curandGetVersion`, `curandGetProperty`, " +
            "`curandSetStream`, `curandSetPseudoRandomGeneratorSeed`, `curandSetGeneratorOffset`, " +
            "`curandSetGeneratorOrdering`, `curandSetQuasiRandomGeneratorDimensions`, `curandGenerate`, " +
            "`curandGenerateLongLong`, `curandGenerateUniform`, `curandGenerateUniformDouble`, " +
            "`curandGenerateNormal`, `curandGenerateNormalDouble`, `curandGenerateLogNormal`, " +
            "`curandGenerateLogNormalDouble`, `curandCreatePoissonDistribution`, `curandDestroyDistribution`, " +
            "`curandGeneratePoisson`, `curandGenerateSeeds`, " +
            "`curandGetDirectionVectors32`, `curandGetScrambleConstants32`, `curandGetDirectionVectors64`, " +
            "`curandGetScrambleConstants64`."), text);
        assertTrue(text.contains("Not remoted in `jcuda.jcurand.JCurand`; each logs its name once and returns " +
            "CURAND_STATUS_TYPE_ERROR (null, 0 or false where it returns no status): `curandCreateGeneratorHost`"),
            text);
        assertTrue(text.contains("Remoted by gpurelay in `jcuda.nvrtc.JNvrtc`: `setLogLevel`, `nvrtcGetErrorString`, " +
            "`nvrtcVersion`, `nvrtcGetNumSupportedArchs`, `nvrtcGetSupportedArchs`, `nvrtcCreateProgram`, " +
            "`nvrtcDestroyProgram`, `nvrtcCompileProgram`, `nvrtcGetPTXSize`, `nvrtcGetPTX`, `nvrtcGetCUBINSize`, " +
            "`nvrtcGetCUBIN`, `nvrtcGetLTOIRSize`, `nvrtcGetLTOIR`, `nvrtcGetOptiXIRSize`, `nvrtcGetOptiXIR`, " +
            "`nvrtcGetProgramLogSize`, `nvrtcGetProgramLog`, `nvrtcAddNameExpression`, `nvrtcGetLoweredName`."), text);
        assertTrue(text.contains("Not remoted in `jcuda.nvrtc.JNvrtc`; each logs its name once and returns " +
            "NVRTC_ERROR_INVALID_INPUT (null, 0 or false where it returns no status): `nvrtcGetNVVMSize`, " +
            "`nvrtcGetNVVM`."), text);
        assertTrue(text.contains("Why, in `jcuda.nvrtc.JNvrtc`: `nvrtcGetNVVMSize`: deprecated by NVRTC"), text);
        assertTrue(text.contains("Why not on the emulator, in `jcuda.nvrtc.JNvrtc`: `nvrtcGetNumSupportedArchs`: it " +
            "compiles to PTX for itself"), text);
        assertTrue(text.contains("`curandGetDirectionVectors32`: it has no Sobol' generators"), text);
        assertTrue(text.contains("Not remoted in `jcuda.driver.JCudaDriver`; each logs its name once and returns " +
            "CUDA_ERROR_NOT_SUPPORTED (null, 0 or false where it returns no status): "), text);
    }

    private static String print(final Consumer<PrintStream> report)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
