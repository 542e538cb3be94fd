package io.gpurelay.agent.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.agent.jcuda.blas.JCublas2Instrumentation;
import io.gpurelay.agent.jcuda.blas.JCublas2Remote;
import io.gpurelay.protocol.CublasStatus;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

/**
 * The JCublas2 module against the real jcublas 12.6.0 class, read without loading it (its static initialiser would
 * load JCublas2's native library).
 */
class JCublas2TableTest
{
    private final NativeMethodTable table = NativeMethodTable.of(new JCublas2Instrumentation(),
        TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.jcublas.JCublas2")
            .resolve());

    @Test
    void theModuleIsFoundThroughServiceLoaderAndSkipsTheNativeLibrary()
    {
        final List<InstrumentationModule> modules = InstrumentationModule.loadAll();
        assertTrue(modules.stream().anyMatch(module -> module instanceof JCublas2Instrumentation), modules.toString());
        assertEquals("JCublas2-", new JCublas2Instrumentation().nativeLibraryPrefix());
    }

    @Test
    void everyRemoteImplementationReplacesANativeMethod()
    {
        final long implementations = Arrays.stream(JCublas2Remote.class.getDeclaredMethods())
            .filter(method -> Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers()))
            .count();

        assertEquals(499, table.nativeMethodCount());
        assertTrue(table.unmatched().isEmpty(), table.unmatched().toString());
        assertEquals(implementations, table.remoted().size());
    }

    /** The natives remoted by descriptor and the 32-bit ones bound to their {@code _64} form's implementation. */
    private List<String> remotedNames()
    {
        return Stream.concat(table.remoted().keySet().stream(), table.remotedByName().keySet().stream())
            .map(MethodDescription::getName).toList();
    }

    @Test
    void everyDescribedRoutineIsBoundByNameInBothFormsAndTheHandWritten64BitFormsByWidening()
    {
        final List<String> byName = table.remotedByName().keySet().stream().map(MethodDescription::getName).toList();
        int described = 0;
        int v2 = 0;
        for (final CublasRoutines.Routine routine : CublasRoutines.all())
        {
            v2 += routine.v2() ? 1 : 0;
            if (routine.v2() && byName.contains(routine.jcudaNative()))
            {
                described++;
            }
        }
        // JCublas2 12.6 has every described routine in each of its forms.
        assertEquals(v2, described, byName.toString());
        assertTrue(byName.contains("cublasSgemmNative") && byName.contains("cublasSgemm_v2_64Native") &&
            byName.contains("cublasIsamax_v2_64Native") && byName.contains("cublasZher2kNative"), byName.toString());
        for (final MethodDescription.InDefinedShape nativeMethod : table.remotedByName().keySet())
        {
            assertNull(table.remotedByName().get(nativeMethod), "no function-table row: " + nativeMethod);
            assertNotNull(table.module().bodyByName(nativeMethod), nativeMethod.getName());
        }
        // What stays hand-written has its _64 form implemented, and its 32-bit native bound to it by widening.
        final List<String> widened = table.remotedByName().keySet().stream()
            .filter(method -> JCublas2Instrumentation.wideImplementation(method) != null)
            .map(MethodDescription::getName).toList();
        assertTrue(widened.contains("cublasGemmEx_newNative") && widened.contains("cublasSetMatrixAsyncNative"),
            widened.toString());
        assertEquals(byName.size(), described + widened.size(), "every native bound by name is one or the other");
        final Method setMatrix = JCublas2Instrumentation.wideImplementation(table.remotedByName().keySet().stream()
            .filter(method -> method.getName().equals("cublasSetMatrixNative")).findFirst().orElseThrow());
        assertEquals("cublasSetMatrix_64Native", setMatrix.getName());
        assertEquals(long.class, setMatrix.getParameterTypes()[0]);
    }

    @Test
    void theRoutinesOfThisIssueAreRemotedInBothPrecisions()
    {
        final List<String> remoted = remotedNames();
        for (final String function : List.of("cublasCreate", "cublasDestroy", "cublasGetVersion", "cublasSetStream",
            "cublasGetStream", "cublasSetPointerMode", "cublasGetPointerMode", "cublasSetMathMode",
            "cublasGetMathMode", "cublasSetVector", "cublasGetVector", "cublasSetMatrix", "cublasGetMatrix",
            "cublasSetVectorAsync", "cublasGetVectorAsync", "cublasSetMatrixAsync", "cublasGetMatrixAsync",
            "cublasGemmEx_new", "cublasIsamax", "cublasIdamax", "cublasIsamin", "cublasIdamin"))
        {
            assertTrue(remoted.contains(function + "Native"), function + " is not remoted");
        }
        for (final String routine : List.of("axpy", "dot", "nrm2", "asum", "scal", "copy", "swap", "rot", "gemv",
            "ger", "symv", "trmv", "trsv", "gemm", "symm", "syrk", "trmm", "trsm", "geam", "gemmBatched",
            "gemmStridedBatched", "getrfBatched", "getriBatched"))
        {
            assertTrue(remoted.contains("cublasS" + routine + "Native"), "cublasS" + routine + " is not remoted");
            assertTrue(remoted.contains("cublasD" + routine + "Native"), "cublasD" + routine + " is not remoted");
        }
    }

    @Test
    void theTypedFamiliesAreRemotedInEveryTypeTheyHave()
    {
        final List<String> remoted = remotedNames();
        for (final String routine : List.of("axpy", "copy", "swap", "scal", "dotu", "dotc", "rot", "gemv", "gbmv",
            "trmv", "trsv", "tbmv", "tbsv", "tpmv", "tpsv", "symv", "hemv", "hbmv", "hpmv", "geru", "gerc", "her",
            "hpr", "her2", "hpr2", "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"))
        {
            assertTrue(remoted.contains("cublasC" + routine + "Native"), "cublasC" + routine + " is not remoted");
            assertTrue(remoted.contains("cublasZ" + routine + "Native"), "cublasZ" + routine + " is not remoted");
        }
        for (final String function : List.of("cublasCsscal", "cublasZdscal", "cublasCsrot", "cublasZdrot",
            "cublasIcamax", "cublasIzamin", "cublasScasum", "cublasDznrm2", "cublasSrotm", "cublasDrotm",
            "cublasSgbmv", "cublasDtbsv", "cublasStpmv", "cublasDsbmv", "cublasSspmv", "cublasDsyr", "cublasSspr2",
            "cublasDsyr2k"))
        {
            assertTrue(remoted.contains(function + "Native"), function + " is not remoted");
        }
    }

    @Test
    void theV2OnlyRoutinesHandleSettingsAndRotationsAreRemotedAndTheLoggerIsRefusedWithItsReason()
    {
        final List<String> remoted = remotedNames();
        for (final String type : List.of("S", "D", "C", "Z"))
        {
            for (final String routine : List.of("dgmm", "syrkx", "gemvBatched", "gemvStridedBatched", "trsmBatched"))
            {
                assertTrue(remoted.contains("cublas" + type + routine + "Native"), type + routine);
                assertTrue(remoted.contains("cublas" + type + routine + "_64Native"), type + routine + "_64");
            }
            for (final String routine : List.of("tpttr", "trttp", "getrsBatched", "matinvBatched", "geqrfBatched",
                "gelsBatched", "getrfBatched", "getriBatched", "rotg"))
            {
                assertTrue(remoted.contains("cublas" + type + routine + "Native"), type + routine);
            }
        }
        for (final String function : List.of("cublasCgeam", "cublasZgeam_64", "cublasCherkx_64", "cublasZsyr_v2_64",
            "cublasCsyr2", "cublasCgemmBatched_64", "cublasZgemmStridedBatched", "cublasCgemm3mBatched_64",
            "cublasCgemm3mStridedBatched", "cublasZgemm3m_64", "cublasSrotmg", "cublasDrotmg", "cublasGetProperty",
            "cublasGetCudartVersion", "cublasSetWorkspace", "cublasGetAtomicsMode", "cublasSetAtomicsMode",
            "cublasGetSmCountTarget", "cublasSetSmCountTarget", "cublasGetStatusName", "cublasGetStatusString"))
        {
            assertTrue(remoted.contains(function + "Native"), function);
        }
        final InstrumentationModule module = table.module();
        for (final String logger : List.of("cublasLoggerConfigure", "cublasSetLoggerCallback",
            "cublasGetLoggerCallback"))
        {
            assertNotNull(module.refusalReason(logger), logger);
        }
        assertNull(module.refusalReason("cublasNrm2Ex"));
        assertNotNull(module.emulatorRefusal("cublasSsyrkx_64"), "the emulator's rule reads a _64 name as its routine");
        assertNull(module.emulatorRefusal("cublasDdgmm_64"));
        assertNotNull(module.emulatorRefusal("cublasZdgmm"));
        assertNull(module.emulatorRefusal("cublasSgemm_v2_64"));
        assertEquals(452, remoted.size(), "JCublas2's natives remoted");
    }

    @Test
    void anUnsupportedFunctionReturnsNotSupportedAndSaysSoOnce() throws ReflectiveOperationException
    {
        final MethodDescription nrm2Ex = table.notSupported().stream()
            .filter(method -> method.getName().equals("cublasNrm2ExNative")).findFirst().orElseThrow();
        final String message = table.notSupportedMessage(nrm2Ex);
        assertEquals("JCublas2.cublasNrm2Ex is not supported by gpurelay; returning CUBLAS_STATUS_NOT_SUPPORTED",
            message);
        final InstrumentationModule module = table.module();
        final Method handler = module.notSupportedHandler();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            for (int i = 0; i < 3; i++)
            {
                assertEquals(CublasStatus.NOT_SUPPORTED, handler.invoke(null, message, module.notSupportedStatus()));
            }
            assertEquals(List.of("gpurelay: " + message), log.lines());
        }
    }
}
