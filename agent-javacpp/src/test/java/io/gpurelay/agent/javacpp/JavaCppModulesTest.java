package io.gpurelay.agent.javacpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.instrumentation.NativeMethodTable;
import io.gpurelay.protocol.table.FunctionRow;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

/**
 * The JavaCPP modules against the real CUDA 13.1 presets' classes, read without loading them (their static
 * initialisers would load the presets' native libraries): every hand-written function names a native of the preset,
 * every overload of a remoted function is remoted, the function table's rows reach the JavaCPP overloads that take
 * their arguments, and the macros the classes read as they load are answered.
 */
class JavaCppModulesTest
{
    private static final TypePool PRESETS = TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader());

    @Test
    void theModulesAreFoundThroughServiceLoader()
    {
        final List<String> names = InstrumentationModule.loadAll().stream()
            .map(InstrumentationModule::targetClassName).toList();
        for (final String preset : List.of("cudart", "nvrtc", "cublas", "curand", "cufft"))
        {
            assertTrue(names.contains("org.bytedeco.cuda.global." + preset), names.toString());
        }
    }

    @Test
    void everyHandWrittenFunctionIsANativeOfItsPreset()
    {
        for (final JavaCppModule module : List.of(new CudartModule(), new NvrtcModule(), new CublasModule(),
            new CurandModule(), new CufftModule()))
        {
            final TypeDescription target = PRESETS.describe(module.targetClassName()).resolve();
            final Set<String> natives = new TreeSet<>();
            target.getDeclaredMethods().forEach(method -> natives.add(method.getName()));
            final Set<String> missing = new TreeSet<>(module.functionNames());
            missing.removeAll(natives);
            assertTrue(missing.isEmpty(), module.targetClassName() + " has no natives " + missing);
        }
    }

    @Test
    void everyOverloadOfTheProgramsFunctionsIsRemoted()
    {
        assertAllOverloadsRemoted(new CudartModule(), "cudaGetDeviceCount", "cudaMalloc", "cudaMemcpy",
            "cudaMemset", "cudaFree", "cudaMallocHost", "cudaFreeHost", "cuModuleLoadData", "cuModuleGetFunction",
            "cuLaunchKernel", "cuMemAlloc", "cuMemcpyHtoD", "cuMemcpyDtoH", "cuCtxCreate", "cuDeviceGet",
            "CU_STREAM_LEGACY", "cudaStreamPerThread", "CU_LAUNCH_PARAM_END");
        assertAllOverloadsRemoted(new NvrtcModule(), "nvrtcCreateProgram", "nvrtcCompileProgram", "nvrtcGetPTXSize",
            "nvrtcGetPTX", "nvrtcGetProgramLog", "nvrtcDestroyProgram", "nvrtcGetSupportedArchs", "nvrtcGetCUBINSize",
            "nvrtcGetCUBIN", "nvrtcGetLTOIRSize", "nvrtcGetLTOIR", "nvrtcGetOptiXIRSize", "nvrtcGetOptiXIR");
        assertAllOverloadsRemoted(new CublasModule(), "cublasCreate_v2", "cublasDestroy_v2", "cublasSgemm_v2",
            "cublasDgemm_v2", "cublasZgemm_v2", "cublasSdot_v2", "cublasIsamax_v2", "cublasCherk_v2");
        assertAllOverloadsRemoted(new CurandModule(), "curandCreateGenerator", "curandGenerateUniform",
            "curandSetPseudoRandomGeneratorSeed", "curandDestroyGenerator", "curandGetProperty",
            "curandCreatePoissonDistribution", "curandDestroyDistribution", "curandGetDirectionVectors32",
            "curandGetDirectionVectors64", "curandGetScrambleConstants32", "curandGetScrambleConstants64");
        assertAllOverloadsRemoted(new CufftModule(), "cufftPlan1d", "cufftPlanMany", "cufftMakePlanMany",
            "cufftMakePlanMany64", "cufftGetSizeMany", "cufftGetSizeMany64", "cufftEstimateMany", "cufftGetProperty",
            "cufftExecC2C");
    }

    @Test
    void tableRowsReachTheJavaCppOverloadsThatTakeTheirArguments()
    {
        final NativeMethodTable table = table(new CudartModule());
        final Set<String> byRow = new TreeSet<>();
        for (final Map.Entry<MethodDescription.InDefinedShape, FunctionRow> entry : table.remotedByName().entrySet())
        {
            if (entry.getValue() != null)
            {
                byRow.add(entry.getValue().name());
            }
        }
        for (final String function : List.of("cuCtxGetLimit", "cudaDeviceGetLimit", "cuFuncGetAttribute",
            "cuDeviceTotalMem", "cudaStreamGetPriority", "cuStreamGetFlags"))
        {
            assertTrue(byRow.contains(function), function + " is remoted through its row: " + byRow);
        }
        assertEquals(table.tableRemoted().size(), table.remotedByName().values().stream()
            .filter(row -> row != null).count(), "every JavaCPP native a row remotes has the generic body");
    }

    private static void assertAllOverloadsRemoted(final JavaCppModule module, final String... functions)
    {
        final NativeMethodTable table = table(module);
        final List<String> notRemoted = new ArrayList<>();
        int overloads = 0;
        for (final MethodDescription.InDefinedShape method : table.target().getDeclaredMethods())
        {
            if (method.isNative() && List.of(functions).contains(method.getName()))
            {
                overloads++;
                if (!table.remotedByName().containsKey(method))
                {
                    notRemoted.add(method.toString());
                }
            }
        }
        assertTrue(overloads >= functions.length, module + ": only " + overloads + " overloads found");
        assertTrue(notRemoted.isEmpty(), "not remoted: " + notRemoted);
    }

    private static NativeMethodTable table(final JavaCppModule module)
    {
        return NativeMethodTable.of(module, PRESETS.describe(module.targetClassName()).resolve());
    }
}
